from django.apps import AppConfig


class WebpushConfig(AppConfig):
    name = "webpush"
    verbose_name = "web push"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import keys  # noqa: F401  (registers the VAPID keys' system check)
