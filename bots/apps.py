from django.apps import AppConfig


class BotsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "bots"
    verbose_name = "bot accounts"

    def ready(self) -> None:
        # games never imports a follower: it is handed the cap on games between two bots.
        from games import services

        from . import limits

        services.use_start_check(limits.check_may_start)
