from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest


class AppendOnlyAdmin(admin.ModelAdmin):
    """Rows that are written once (appendonly.models.AppendOnly): never added, changed or
    deleted here."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False
