from django.apps import AppConfig


class ChallengesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "challenges"

    def ready(self) -> None:
        # the account's data download holds the challenges sent and received
        from accounts.data_export import account_data

        from . import data_export

        account_data.connect(data_export.account_data, dispatch_uid="challenges.account_data")
