from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.base_user import AbstractBaseUser

from .models import OutgoingMail, Profile

# A vacation starts and ends through accounts.vacation only (it pauses and resumes the
# player's clocks in the same transaction): the admin shows it, never edits it.
VACATION_FIELDS = (
    "vacation_days",
    "vacation_accrued_at",
    "vacation_started_at",
    "vacation_until",
    "vacation_charged",
    "vacation_used",
)
# A bot account is one for good (bots.services.make_bot, POST /api/account/bot/): shown only.
SHOWN_ONLY = (*VACATION_FIELDS, "is_bot")


class ProfileInline(admin.StackedInline):
    model = Profile
    can_delete = False
    readonly_fields = SHOWN_ONLY


User = get_user_model()
admin.site.unregister(User)


@admin.register(User)
class PlayerAdmin(UserAdmin):
    inlines = [ProfileInline]
    list_display = ("username", "display", "email", "is_staff", "date_joined")
    search_fields = ("username", "email", "profile__display_name")

    @admin.display(description="display name")
    def display(self, obj: AbstractBaseUser) -> str:
        return getattr(getattr(obj, "profile", None), "display_name", "")


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("display_name", "user", "notify", "vacation_until", "is_bot")
    list_filter = ("notify", "is_bot")
    search_fields = ("display_name", "user__username")
    readonly_fields = SHOWN_ONLY


@admin.register(OutgoingMail)
class OutgoingMailAdmin(admin.ModelAdmin):
    list_display = ("created", "to", "subject", "sent_at", "attempts")
    list_filter = ("sent_at",)
    search_fields = ("to", "subject")
    readonly_fields = ("to", "subject", "body", "html", "created", "claimed_at", "sent_at")
