from django.apps import AppConfig


class ChatConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "chat"

    def ready(self) -> None:
        # The chat rides on the game's socket, and games does not know it: the game's
        # consumer hands a player's "chat" line to chat.push, which stores and relays it.
        from games.consumers import on_message
        from moderation.services import find_messages_with

        from . import push, services

        on_message("chat", push.receive)
        # A reported chat line must be one the reporter can read (moderation.services).
        find_messages_with(services.message_seen_by)
        # A player's data export has the lines they wrote.
        from accounts.data_export import account_data

        from . import data_export

        account_data.connect(data_export.account_data, dispatch_uid="chat.account_data")
