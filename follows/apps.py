from typing import Any

from django.apps import AppConfig


class FollowsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "follows"

    def ready(self) -> None:
        # A block ends the follows between the two, both ways. Follows follows moderation (a
        # receiver of its Block rows being made: by the API, the admin or anything else), so
        # moderation never imports follows.
        from django.db.models.signals import post_save

        post_save.connect(_on_block_saved, sender="moderation.Block", dispatch_uid="follows.block")
        # A player's data export has the players they follow.
        from accounts.data_export import account_data

        from . import data_export

        account_data.connect(data_export.account_data, dispatch_uid="follows.account_data")


def _on_block_saved(sender: Any, instance: Any, created: bool, **kwargs: Any) -> None:
    if created:
        from .services import unfollow_both_ways

        unfollow_both_ways(instance.blocker_id, instance.blocked_id)
