from django.apps import AppConfig


class ModerationConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "moderation"

    def ready(self) -> None:
        # A suspended account is refused at login, on its session and with its token; the
        # check reads the account's Standing, joined when the user is loaded.
        from dwaalhof_site.api import gate

        from . import services

        gate.register(services.barred, join="moderation_standing")
