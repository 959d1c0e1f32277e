from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self) -> None:
        from accounts.data_export import account_data
        from accounts.signals import account_deleting, vacation_ended, vacation_started
        from moderation.signals import account_barred

        from . import data_export, receivers, vacation

        account_barred.connect(receivers.account_barred, dispatch_uid="games.account_barred")

        account_deleting.connect(receivers.account_deleting, dispatch_uid="games.account_deleting")
        account_data.connect(data_export.account_data, dispatch_uid="games.account_data")
        vacation_started.connect(vacation.vacation_started, dispatch_uid="games.vacation_started")
        vacation_ended.connect(vacation.vacation_ended, dispatch_uid="games.vacation_ended")
