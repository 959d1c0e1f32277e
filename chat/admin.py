from django.contrib import admin

from .models import ChatMessage, ChatMute


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ("created", "game", "seat", "user", "text")
    list_filter = ("created",)
    search_fields = ("text", "user__username", "game__id")
    raw_id_fields = ("game", "user")


@admin.register(ChatMute)
class ChatMuteAdmin(admin.ModelAdmin):
    list_display = ("game", "user")
    raw_id_fields = ("game", "user")
