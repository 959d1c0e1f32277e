"""The moderators' admin: the report queue (open first, with the reported line among the
lines around it in its game, and links to the game and the players), actions that silence,
suspend or close the reported account (each recorded as a Sanction) or mark a report
handled, the record of sanctions (read-only; a sanction can be lifted) and the blocks
(read-only). Only staff with the `moderation.moderate` permission see any of it."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from . import services
from .models import Block, Report, Sanction

PERMISSION = "moderation.moderate"
AROUND = 5  # the chat lines shown before and after a reported one


class ModeratorsOnly(admin.ModelAdmin):
    """Staff with the moderation permission see and act; nobody adds or deletes here."""

    def has_module_permission(self, request: HttpRequest) -> bool:
        return request.user.is_active and request.user.has_perm(PERMISSION)

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


def _sanction_reports(
    modeladmin: ModeratorsOnly,
    request: HttpRequest,
    reports: QuerySet[Report],
    kind: str,
    days: int | None,
) -> None:
    now = timezone.now()
    until = None if days is None else now + timedelta(days=days)
    done: set[int] = set()
    for report in reports.select_related("target"):
        if report.target_id not in done:  # one sanction per account, however many reports
            services.sanction(
                user=report.target,
                kind=kind,
                by=request.user,
                until=until,
                reason=f"melding {report.pk}: {report.get_reason_display()}",
                report=report,
                now=now,
            )
            done.add(report.target_id)
        span = "tot opheffing" if days is None else f"{days} dagen"
        services.report_handle(report, by=request.user, outcome=f"{kind} ({span})", now=now)
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
        url = reverse("admin:games_game_inspect", args=[report.game_id])
        return format_html('<a href="{}">partij {}</a>', url, report.game_id)

    @admin.display(description="het gesprek rond het gemelde bericht")
    def context(self, report: Report) -> SafeString:
        """The reported line (marked) among the AROUND lines before and after it."""
        if report.message is None:
            return format_html("{}", "(geen bericht gemeld)")
        chat = report.message.game.chat.select_related("user")
        before = list(chat.filter(pk__lt=report.message_id).order_by("-pk")[:AROUND])[::-1]
        after = list(chat.filter(pk__gt=report.message_id).order_by("pk")[:AROUND])
        rows = [*before, report.message, *after]
        return format_html(
            '<ol class="moderation-context">{}</ol>',
            format_html_join(
                "",
                "<li{}><time>{}</time> <strong>{}</strong>: {}</li>",
                (
                    (
                        SafeString(' class="reported"') if line.pk == report.message_id else "",
                        timezone.localtime(line.created).strftime("%Y-%m-%d %H:%M"),
                        line.user.username,
                        line.text,
                    )
                    for line in rows
                ),
            ),
        )

    @admin.display(description="sancties van dit account")
    def target_sanctions(self, report: Report) -> SafeString:
        rows = Sanction.objects.filter(user_id=report.target_id)
        if not rows:
            return format_html("{}", "geen")
        return format_html(
            "<ul>{}</ul>",
            format_html_join(
                "",
                "<li>{} {} tot {}{}</li>",
                (
                    (
                        s.get_kind_display(),
                        s.created.strftime("%Y-%m-%d"),
                        s.until.strftime("%Y-%m-%d %H:%M") if s.until else "opheffing",
                        " (opgeheven)" if s.lifted_at else "",
                    )
                    for s in rows
                ),
            ),
        )

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
