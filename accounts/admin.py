from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.base_user import AbstractBaseUser

from .models import OutgoingMail, Profile


class ProfileInline(admin.StackedInline):
    model = Profile
    can_delete = False


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
    list_display = ("display_name", "user", "notify")
    list_filter = ("notify",)
    search_fields = ("display_name", "user__username")


@admin.register(OutgoingMail)
class OutgoingMailAdmin(admin.ModelAdmin):
    list_display = ("created", "to", "subject", "sent_at", "attempts")
    list_filter = ("sent_at",)
    search_fields = ("to", "subject")
    readonly_fields = ("to", "subject", "body", "html", "created", "claimed_at", "sent_at")
