"""Helpers for playing games in server tests."""

import engine
from games import selectors, services
from games.models import Game


def user_of(game: Game, seat: int):
    return game.seats.get(index=seat).user


def play(game: Game, *, moves: int | None = None, until=None) -> Game:
    """Play first-legal moves through services.move_submit for whoever is to move (humans only),
    `moves` times or until `until(state)` is true or the game is over."""
    done = 0
    while True:
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.ACTIVE or (moves is not None and done >= moves):
            return game
        state = selectors.game_state(game)
        if until is not None and until(state):
            return game
        seat = game.seats.get(index=game.current_seat)
        if seat.is_computer:
            return game
        move = engine.legal_moves(state)[0]
        services.move_submit(game=game, user=seat.user, move=move, expected_seq=game.seq)
        done += 1


def staff_client(user):
    """A browser session of a staff `user` verified by a second factor (a TOTP device): the
    admin opens only to staff who gave one (staffguard.admin_site)."""
    from django.test import Client
    from django_otp import DEVICE_ID_SESSION_KEY
    from django_otp.plugins.otp_totp.models import TOTPDevice

    device = TOTPDevice.objects.create(user=user, name="test app", confirmed=True)
    client = Client()
    client.force_login(user)
    session = client.session
    session[DEVICE_ID_SESSION_KEY] = device.persistent_id
    session.save()
    return client
