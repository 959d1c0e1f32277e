from django.apps import AppConfig


class WebpushConfig(AppConfig):
    name = "webpush"
    verbose_name = "web push"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from accounts.data_export import account_data

        from . import data_export, keys  # noqa: F401  (keys registers its system check)

        # A player's data export lists their push devices.
        account_data.connect(data_export.account_data, dispatch_uid="webpush.account_data")
