"""Admin: games, seats and moves with filters and search; a read-only move log; and for any
game an inspection page (the log as a table, the full unredacted state after any seq with the
board drawn, the replay check, the export)."""

from __future__ import annotations

import json

from django.contrib import admin
from django.http import JsonResponse
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe

import engine
from appendonly.admin import AppendOnlyAdmin
from staffguard.audit import hidden_state_opened

from . import selectors
from .board_svg import board_svg
from .models import ClockEvent, Game, Move, Seat
from .verify import check_game


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    can_delete = False
    readonly_fields = ("index", "user", "is_computer", "joined_at")

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "status",
        "opponent",
        "players",
        "seq",
        "round",
        "phase",
        "public",
        "created_at",
        "inspect_link",
    )
    list_filter = ("status", "opponent", "public", "seats__user")
    search_fields = (
        "=id",
        "seats__user__username",
        "seats__user__profile__display_name",
        "invite_code",
    )
    inlines = [SeatInline]
    readonly_fields = [f.name for f in Game._meta.fields] + ["inspect_link"]

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("seats__user")

    def has_add_permission(self, request):
        return False  # games are created through the services (seed, commitment, seats)

    def has_delete_permission(self, request, obj=None):
        # A game with moves is protected (append-only log); an empty open game may go.
        return obj is not None and obj.seq == 0 and obj.status == Game.Status.OPEN

    @admin.display(description="players")
    def players(self, obj):
        return ", ".join("computer" if s.is_computer else s.user.username for s in obj.seats.all())

    @admin.display(description="inspect")
    def inspect_link(self, obj):
        return format_html(
            "<a href='{}'>inspect</a>", reverse("admin:games_game_inspect", args=[obj.pk])
        )

    def change_view(self, request, object_id, form_url="", extra_context=None):
        # The game's record shows its seed and its snapshot (the full state): recorded too.
        game = self.get_object(request, object_id)
        if game is not None and request.method == "GET":
            hidden_state_opened(request, game, "record", game.seq)
        return super().change_view(request, object_id, form_url, extra_context)

    def get_urls(self):
        view = self.admin_site.admin_view
        return [
            path("<int:game_id>/inspect/", view(self.inspect_view), name="games_game_inspect"),
            path("<int:game_id>/inspect/export/", view(self.export_view), name="games_game_export"),
        ] + super().get_urls()

    def inspect_view(self, request, game_id: int):
        game = get_object_or_404(selectors.games_with_seats(), pk=game_id)
        try:
            seq = int(request.GET.get("seq", game.seq))
        except ValueError:
            seq = game.seq
        seq = max(0, min(seq, game.seq))
        moves = list(Move.objects.filter(game=game).order_by("seq"))
        try:
            full = engine.full_state(selectors.state_at(game, seq))
            replay_error = None
        except engine.ReplayError as err:
            full, replay_error = None, str(err)
        # The page shows every hand, the decks and the seed: who opened it is recorded.
        hidden_state_opened(request, game, "inspect", seq)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": f"Partij {game.pk}: inspectie",
            "game": game,
            "players": selectors.players_payload(game),
            "moves": moves,
            "seq": seq,
            "seqs": range(game.seq + 1),
            "full_json": json.dumps(full, indent=1, ensure_ascii=False) if full else "",
            "board": mark_safe(board_svg(full)) if full else "",  # noqa: S308 — board_svg escapes every text it writes (games/board_svg.py)
            "replay_error": replay_error,
            "report": check_game(game),
        }
        return TemplateResponse(request, "admin/games/game/inspect.html", context)

    def export_view(self, request, game_id: int):
        game = get_object_or_404(selectors.games_with_seats(), pk=game_id)
        hidden_state_opened(request, game, "export")  # the seed, before the end too
        return JsonResponse(selectors.game_export(game), json_dumps_params={"indent": 1})


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ("game", "index", "user", "is_computer", "joined_at")
    list_filter = ("is_computer",)
    search_fields = ("user__username", "=game__id")
    readonly_fields = ("game", "index", "user", "is_computer", "joined_at")

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Move)
class MoveAdmin(AppendOnlyAdmin):
    """The log is append-only: readable, never added, changed or deleted here."""

    list_display = ("game", "seq", "seat", "move", "created")
    list_filter = ("game__status", "seat")
    search_fields = ("=game__id",)
    readonly_fields = ("game", "seq", "seat", "payload", "client_move_id", "created")

    @admin.display(description="move")
    def move(self, obj):
        return json.dumps(obj.payload, ensure_ascii=False)


@admin.register(ClockEvent)
class ClockEventAdmin(AppendOnlyAdmin):
    """Time given and claimed wins, append-only like the log: readable, never added, changed
    or deleted here."""

    list_display = ("game", "seq", "at", "seat", "kind", "ms")
    list_filter = ("kind",)
    search_fields = ("=game__id",)
    readonly_fields = ("game", "seq", "at", "seat", "kind", "ms")
