"""The audit and the lockouts in the admin: listed, searched, never added, changed or
deleted (they are append-only, staffguard.models)."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from .models import HiddenStateView, LoginLockout


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(HiddenStateView)
class HiddenStateViewAdmin(ReadOnlyAdmin):
    list_display = ("at", "staff_username", "game", "what", "seq", "game_status", "address")
    list_filter = ("what", "staff_username")
    search_fields = ("=game_id", "staff_username")
    date_hierarchy = "at"

    @admin.display(description="game", ordering="game_id")
    def game(self, obj: HiddenStateView) -> str:
        url = reverse("admin:games_game_change", args=[obj.game_id])
        return format_html("<a href='{}'>{}</a>", url, obj.game_id)


@admin.register(LoginLockout)
class LoginLockoutAdmin(ReadOnlyAdmin):
    list_display = ("started", "kind", "key", "until", "failures")
    list_filter = ("kind",)
    search_fields = ("key",)
    date_hierarchy = "started"
