from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self) -> None:
        from accounts.signals import account_deleting

        from . import receivers

        account_deleting.connect(receivers.account_deleting, dispatch_uid="games.account_deleting")
