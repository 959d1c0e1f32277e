from django.contrib import admin

from .models import DeadlineReminder, Notification


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ["created", "user", "kind", "game", "text", "read_at", "email"]
    list_filter = ["kind", "email"]
    search_fields = ["user__username", "text"]
    raw_id_fields = ["user", "game"]


@admin.register(DeadlineReminder)
class DeadlineReminderAdmin(admin.ModelAdmin):
    list_display = ["game", "turn_started_at", "sent_at"]
    raw_id_fields = ["game"]
