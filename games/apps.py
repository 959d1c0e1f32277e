from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self) -> None:
        from accounts.signals import account_deleting, vacation_ended, vacation_started

        from . import receivers, vacation

        account_deleting.connect(receivers.account_deleting, dispatch_uid="games.account_deleting")
        vacation_started.connect(vacation.vacation_started, dispatch_uid="games.vacation_started")
        vacation_ended.connect(vacation.vacation_ended, dispatch_uid="games.vacation_ended")
