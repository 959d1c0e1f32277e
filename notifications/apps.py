from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = "Meldingen"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Notifications follow the games; games send the events and do not know who listens.
        from games import signals

        from . import game_events

        for signal, event in (
            (signals.turn_passed, game_events.turn_and_end),
            (signals.seat_taken, game_events.opponent_joined),
            (signals.rematch_offered, game_events.rematch_offered),
        ):
            signal.connect(game_events.receiver_for(event), weak=False, dispatch_uid=event.__name__)
