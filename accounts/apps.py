from django.apps import AppConfig


class AccountsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "accounts"

    def ready(self) -> None:
        from staffguard.signals import account_locked_out

        from . import notices, signals  # noqa: F401  (signals: a profile for every new user)

        # A locked login tells the account's owner, once per lockout.
        account_locked_out.connect(notices.account_locked_out, dispatch_uid="accounts.notice")
