from django.contrib import admin

from .models import Challenge


@admin.register(Challenge)
class ChallengeAdmin(admin.ModelAdmin):
    list_display = ("pk", "challenger", "challenged", "status", "rated", "created", "expires_at")
    list_filter = ("status", "rated")
    raw_id_fields = ("challenger", "challenged", "game")
