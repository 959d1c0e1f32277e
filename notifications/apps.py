from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = "Meldingen"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Notifications follow the games; games send the events and do not know who listens.
        from django.db.models.signals import post_save

        from games import selectors, signals
        from games.consumers import on_message

        from . import consumers, game_events, services

        for signal, event in (
            (signals.turn_passed, game_events.turn_and_end),
            (signals.seat_taken, game_events.opponent_joined),
            (signals.rematch_offered, game_events.rematch_offered),
        ):
            game_events.listen(signal, event)
        # A chat line while away (chat does not know notifications either).
        post_save.connect(
            game_events.on_chat_saved,
            sender="chat.ChatMessage",
            dispatch_uid="notifications.on_chat_saved",
        )
        # The game's socket says whether its page is visible (the game being watched).
        on_message("watching", consumers.watching)
        # Presence: the sockets (games.consumers) announce themselves, the rows are kept here.
        for signal, receiver in (
            (signals.socket_opened, services.on_socket_opened),
            (signals.sockets_alive, services.on_sockets_alive),
            (signals.socket_closed, services.on_socket_closed),
        ):
            signal.connect(receiver, dispatch_uid=f"notifications.{receiver.__name__}")
        # ... and who is online now, for the lobby's live games.
        selectors.use_presence(services.online_users)
        # A player's data export has their notifications.
        from accounts.data_export import account_data

        from . import data_export

        account_data.connect(data_export.account_data, dispatch_uid="notifications.account_data")
        # A session opened by a mail's game link is limited to that game until a real login.
        from django.contrib.auth.signals import user_logged_in

        from . import limited

        user_logged_in.connect(limited.lift_on_login, dispatch_uid="notifications.lift_on_login")
        # ... and GET /api/auth/me says so, for the client's banner.
        from accounts import api as accounts_api

        accounts_api.use_session_limit(limited.game_of)
