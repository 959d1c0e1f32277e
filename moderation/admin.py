"""The moderators' admin: the report queue (open first, with the reported line among the
lines around it in its game, or for a reported player their latest chat lines and games,
and links to the games and the players), actions that silence, suspend or close the
reported account (each recorded as a Sanction) or mark a report handled, the same
sanctions on the accounts' own list (with the moderator's reason and the days chosen), the
record of sanctions (read-only; a sanction can be lifted) and the blocks (read-only). Only
staff with the `moderation.moderate` permission see any of it, or act.

The accounts' admin (accounts.admin.PlayerAdmin) is extended here, since moderation may
import accounts and not the other way round: its `is_active` is shown only, so an account
is closed (and opened again) only through a recorded Sanction."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ActionForm
from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from accounts.admin import PlayerAdmin

from . import services
from .context import lines_around, recent_games, recent_lines
from .models import Block, Report, Sanction

PERMISSION = "moderation.moderate"


def _moderates(request: HttpRequest) -> bool:
    return request.user.is_active and request.user.has_perm(PERMISSION)


class ModeratorsOnly(admin.ModelAdmin):
    """Staff with the moderation permission see and act; nobody adds or deletes here."""

    def has_module_permission(self, request: HttpRequest) -> bool:
        return _moderates(request)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self.has_module_permission(request)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_moderate_permission(self, request: HttpRequest) -> bool:
        return self.has_module_permission(request)


def _user_link(user: Any) -> SafeString:
    if user is None:
        return format_html("{}", "-")
    url = reverse("admin:auth_user_change", args=[user.pk])
    return format_html('<a href="{}">{}</a>', url, user.username)


def _game_link(game_id: int) -> SafeString:
    url = reverse("admin:games_game_inspect", args=[game_id])
    return format_html('<a href="{}">partij {}</a>', url, game_id)


def _when(moment: Any) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M")


def _until(now: Any, days: int | None) -> Any:
    return None if days is None else now + timedelta(days=days)


def _span(days: int | None) -> str:
    return "tot opheffing" if days is None else f"{days} dagen"


def _sanctions_of(user_id: int) -> SafeString:
    """The account's sanctions, newest first (lifted ones said so)."""
    rows = Sanction.objects.filter(user_id=user_id)
    if not rows:
        return format_html("{}", "geen")
    return format_html(
        "<ul>{}</ul>",
        format_html_join(
            "",
            "<li>{} {} tot {}{}: {}</li>",
            (
                (
                    s.get_kind_display(),
                    s.created.strftime("%Y-%m-%d"),
                    s.until.strftime("%Y-%m-%d %H:%M") if s.until else "opheffing",
                    " (opgeheven)" if s.lifted_at else "",
                    s.reason,
                )
                for s in rows
            ),
        ),
    )


def _sanction_reports(
    modeladmin: ModeratorsOnly,
    request: HttpRequest,
    reports: QuerySet[Report],
    kind: str,
    days: int | None,
) -> None:
    now = timezone.now()
    done: set[int] = set()
    for report in reports.select_related("target"):
        if report.target_id not in done:  # one sanction per account, however many reports
            services.sanction(
                user=report.target,
                kind=kind,
                by=request.user,
                until=_until(now, days),
                reason=f"melding {report.pk}: {report.get_reason_display()}",
                report=report,
                now=now,
            )
            done.add(report.target_id)
        services.report_handle(report, by=request.user, outcome=f"{kind} ({_span(days)})", now=now)
    modeladmin.message_user(request, f"{kind}: {len(done)} account(s)", messages.SUCCESS)


@admin.register(Report)
class ReportAdmin(ModeratorsOnly):
    list_display = ("created", "status", "reason", "target_link", "reporter_link", "game_link")
    list_filter = ("status", "reason")
    search_fields = ("target__username", "reporter__username", "text")
    ordering = ("-status", "-created")  # open ("open" > "handled") first
    actions = [
        "mark_handled",
        "silence_one_day",
        "silence_seven_days",
        "suspend_seven_days",
        "suspend_until_lifted",
        "close_account",
    ]
    fields = (
        "status",
        "reason",
        "text",
        "created",
        "reporter_link",
        "target_link",
        "game_link",
        "context",
        "target_sanctions",
        "handled_by",
        "handled_at",
        "outcome",
    )
    readonly_fields = fields

    class Media:
        css = {"all": ("moderation/admin.css",)}  # a file: the policy allows no inline style

    def get_queryset(self, request: HttpRequest) -> QuerySet[Report]:
        return super().get_queryset(request).select_related("reporter", "target", "game")

    @admin.display(description="gemeld")
    def target_link(self, report: Report) -> SafeString:
        return _user_link(report.target)

    @admin.display(description="door")
    def reporter_link(self, report: Report) -> SafeString:
        return _user_link(report.reporter)

    @admin.display(description="partij")
    def game_link(self, report: Report) -> SafeString:
        if report.game_id is None:
            return format_html("{}", "-")
        return _game_link(report.game_id)

    @admin.display(description="context")
    def context(self, report: Report) -> SafeString:
        """A reported line: it (marked) among the lines around it in its game. A reported
        player: their latest chat lines, each with its game, and their latest games."""
        if report.message is None:
            return self._player_context(report.target_id)
        return format_html(
            '<p>Het gesprek rond het gemelde bericht:</p><ol class="moderation-context">{}</ol>',
            format_html_join(
                "",
                "<li{}><time>{}</time> <strong>{}</strong>: {}</li>",
                (
                    (
                        SafeString(' class="reported"') if line.pk == report.message_id else "",
                        _when(line.created),
                        line.user.username,
                        line.text,
                    )
                    for line in lines_around(report.message)
                ),
            ),
        )

    def _player_context(self, user_id: int) -> SafeString:
        lines = recent_lines(user_id)
        games = recent_games(user_id)
        return format_html(
            "<p>Een speler gemeld, geen bericht. Hun laatste {} chatregels:</p>"
            '<ol class="moderation-recent-chat">{}</ol>'
            "<p>Hun laatste {} partijen:</p>"
            '<ol class="moderation-recent-games">{}</ol>',
            len(lines),
            format_html_join(
                "",
                "<li><time>{}</time> {}: {}</li>",
                ((_when(line.created), _game_link(line.game_id), line.text) for line in lines),
            ),
            len(games),
            format_html_join(
                "",
                "<li>{} ({}, {}) met {}</li>",
                (
                    (
                        _game_link(game.pk),
                        game.get_status_display(),
                        _when(game.created_at),
                        ", ".join(
                            "computer" if seat.user is None else seat.user.username
                            for seat in game.seats.all()
                            if seat.user_id != user_id
                        )
                        or "niemand",
                    )
                    for game in games
                ),
            ),
        )

    @admin.display(description="sancties van dit account")
    def target_sanctions(self, report: Report) -> SafeString:
        return _sanctions_of(report.target_id)

    @admin.action(description="Afgehandeld (zonder sanctie)", permissions=["moderate"])
    def mark_handled(self, request: HttpRequest, reports: QuerySet[Report]) -> None:
        for report in reports:
            services.report_handle(report, by=request.user, outcome="geen sanctie")
        self.message_user(request, f"{reports.count()} melding(en) afgehandeld", messages.SUCCESS)

    @admin.action(description="Zwijgen: 1 dag geen chat", permissions=["moderate"])
    def silence_one_day(self, request: HttpRequest, reports: QuerySet[Report]) -> None:
        _sanction_reports(self, request, reports, Sanction.Kind.SILENCE, 1)

    @admin.action(description="Zwijgen: 7 dagen geen chat", permissions=["moderate"])
    def silence_seven_days(self, request: HttpRequest, reports: QuerySet[Report]) -> None:
        _sanction_reports(self, request, reports, Sanction.Kind.SILENCE, 7)

    @admin.action(description="Schorsen: 7 dagen", permissions=["moderate"])
    def suspend_seven_days(self, request: HttpRequest, reports: QuerySet[Report]) -> None:
        _sanction_reports(self, request, reports, Sanction.Kind.SUSPEND, 7)

    @admin.action(description="Schorsen tot opheffing", permissions=["moderate"])
    def suspend_until_lifted(self, request: HttpRequest, reports: QuerySet[Report]) -> None:
        _sanction_reports(self, request, reports, Sanction.Kind.SUSPEND, None)

    @admin.action(description="Account sluiten", permissions=["moderate"])
    def close_account(self, request: HttpRequest, reports: QuerySet[Report]) -> None:
        _sanction_reports(self, request, reports, Sanction.Kind.CLOSE, None)


@admin.register(Sanction)
class SanctionAdmin(ModeratorsOnly):
    list_display = ("created", "kind", "user_link", "until", "by", "lifted_at", "reason")
    list_filter = ("kind",)
    search_fields = ("user__username", "reason")
    actions = ["lift_sanctions"]
    readonly_fields = (
        "user_link",
        "kind",
        "until",
        "reason",
        "by",
        "report",
        "created",
        "lifted_at",
        "lifted_by",
    )
    fields = readonly_fields

    @admin.display(description="account")
    def user_link(self, row: Sanction) -> SafeString:
        return _user_link(row.user)

    @admin.action(
        description="Opheffen (een gesloten account gaat weer open)", permissions=["moderate"]
    )
    def lift_sanctions(self, request: HttpRequest, rows: QuerySet[Sanction]) -> None:
        lifted = sum(services.lift(row, by=request.user) for row in rows)
        self.message_user(request, f"{lifted} sanctie(s) opgeheven", messages.SUCCESS)


@admin.register(Block)
class BlockAdmin(ModeratorsOnly):
    list_display = ("created", "blocker", "blocked")
    search_fields = ("blocker__username", "blocked__username")
    readonly_fields = fields = ("blocker", "blocked", "created")


# --- sanctions on an account itself (the accounts' list) ------------------------------------


class SanctionTerms(forms.Form):
    """What a moderator types beside a sanction on the accounts' list."""

    days = forms.IntegerField(
        label="dagen (leeg: tot opheffing; sluiten is altijd tot opheffing)",
        required=False,
        min_value=1,
        max_value=3650,
    )
    # Not required in the form: the same action bar runs the admin's other actions.
    reason = forms.CharField(label="reden", required=False, max_length=500)


class SanctionActionForm(ActionForm, SanctionTerms):
    """The accounts' action bar, with the sanction's days and reason beside the action."""


def _sanction_accounts(
    modeladmin: admin.ModelAdmin, request: HttpRequest, users: QuerySet[Any], kind: str
) -> None:
    """One Sanction of `kind` per selected account, with the typed reason (required) and the
    chosen days (silence and suspend; empty: until lifted)."""
    terms = SanctionTerms(request.POST)
    reason = terms.cleaned_data["reason"].strip() if terms.is_valid() else ""
    if not reason:
        modeladmin.message_user(
            request,
            "Niets gedaan: een sanctie vraagt een reden (en als dagen een getal van 1 tot 3650).",
            messages.ERROR,
        )
        return
    days = None if kind == Sanction.Kind.CLOSE else terms.cleaned_data["days"]
    now = timezone.now()
    done = []
    for user in users:
        if user.pk == request.user.pk:
            modeladmin.message_user(request, "Je eigen account sla ik over.", messages.WARNING)
            continue
        if kind == Sanction.Kind.CLOSE and not user.is_active:
            continue  # closed already: one record is enough
        services.sanction(
            user=user, kind=kind, by=request.user, until=_until(now, days), reason=reason, now=now
        )
        done.append(user.username)
    modeladmin.message_user(
        request, f"{kind} ({_span(days)}): {', '.join(done) or 'geen account'}", messages.SUCCESS
    )


def _replaced(fieldsets: Any, field: str, by: str) -> tuple[Any, ...]:
    """`fieldsets` with `field` replaced `by` another."""
    return tuple(
        (name, {**opts, "fields": tuple(by if f == field else f for f in opts["fields"])})
        for name, opts in fieldsets
    )


User = get_user_model()
admin.site.unregister(User)


@admin.register(User)
class ModeratedPlayerAdmin(PlayerAdmin):
    """The accounts' admin with the moderators' sanctions: silence, suspend and close, each a
    Sanction with the moderator's reason. `is_active` is shown, never edited: closing (and
    opening again by lifting) goes through the record. Moderators may look at accounts
    (the report queue links to them) without the permission to change them."""

    action_form = SanctionActionForm
    actions = ["silence_account", "suspend_account", "close_account"]
    # Django's change form with "is_active" shown, not an input, and the account's sanctions.
    fieldsets = (
        *_replaced(PlayerAdmin.fieldsets or (), "is_active", "account_open"),
        ("Moderatie", {"fields": ("account_sanctions",)}),
    )
    readonly_fields = ("account_open", "account_sanctions")

    def has_module_permission(self, request: HttpRequest) -> bool:
        return super().has_module_permission(request) or _moderates(request)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return super().has_view_permission(request, obj) or _moderates(request)

    def has_moderate_permission(self, request: HttpRequest) -> bool:
        return _moderates(request)

    @admin.display(description="actief")
    def account_open(self, user: Any) -> SafeString:
        state = "ja, open" if user.is_active else "nee, gesloten"
        url = reverse("admin:auth_user_changelist")
        return format_html(
            '{}. Sluiten gaat met de actie "Account sluiten" in de <a href="{}">lijst van '
            "accounts</a>, met een reden; weer openen door die sanctie op te heffen (Sancties). "
            "Zo is er altijd een verslag.",
            state,
            url,
        )

    @admin.display(description="sancties van dit account")
    def account_sanctions(self, user: Any) -> SafeString:
        return _sanctions_of(user.pk)

    @admin.action(description="Zwijgen: geen chat (dagen zoals gekozen)", permissions=["moderate"])
    def silence_account(self, request: HttpRequest, users: QuerySet[Any]) -> None:
        _sanction_accounts(self, request, users, Sanction.Kind.SILENCE)

    @admin.action(description="Schorsen (dagen zoals gekozen)", permissions=["moderate"])
    def suspend_account(self, request: HttpRequest, users: QuerySet[Any]) -> None:
        _sanction_accounts(self, request, users, Sanction.Kind.SUSPEND)

    @admin.action(description="Account sluiten", permissions=["moderate"])
    def close_account(self, request: HttpRequest, users: QuerySet[Any]) -> None:
        _sanction_accounts(self, request, users, Sanction.Kind.CLOSE)
