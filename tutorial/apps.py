from django.apps import AppConfig


class TutorialConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tutorial"
