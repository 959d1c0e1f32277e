"""The audit and the lockouts in the admin: listed, searched, never added, changed or
deleted (they are append-only, staffguard.models)."""

from __future__ import annotations

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from appendonly.admin import AppendOnlyAdmin

from .models import HiddenStateView, LoginLockout


@admin.register(HiddenStateView)
class HiddenStateViewAdmin(AppendOnlyAdmin):
    list_display = ("at", "staff_username", "game", "what", "seq", "game_status", "address")
    list_filter = ("what", "staff_username")
    search_fields = ("=game_id", "staff_username")
    date_hierarchy = "at"

    @admin.display(description="game", ordering="game_id")
    def game(self, obj: HiddenStateView) -> str:
        url = reverse("admin:games_game_change", args=[obj.game_id])
        return format_html("<a href='{}'>{}</a>", url, obj.game_id)


@admin.register(LoginLockout)
class LoginLockoutAdmin(AppendOnlyAdmin):
    list_display = ("started", "kind", "key", "until", "failures")
    list_filter = ("kind",)
    search_fields = ("key",)
    date_hierarchy = "started"
