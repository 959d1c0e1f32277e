"""Notifications: which events notify whom (live on the socket, and stored), the REST API,
and email per the player's preference, sent by the worker, never by the move request."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Game
from notifications.models import Notification, Presence
from notifications.preferences import SUMMARY_HOUR
from worker import loop as worker

from .factories import GameFactory, UserFactory
from .realtime_support import (  # noqa: F401  (fixtures)
    communicator,
    db,
    fresh_channel_layer,
    play_first_legal,
    run,
)

pytestmark = pytest.mark.django_db(transaction=True)

Kind = Notification.Kind


def kinds_of(user) -> list[str]:
    return list(
        Notification.objects.filter(user=user).order_by("id").values_list("kind", flat=True)
    )


def play_until_turn_passes(game: Game) -> None:
    game.refresh_from_db()
    seat = game.current_seat
    while game.status == Game.Status.ACTIVE and game.current_seat == seat:
        play_first_legal(game)
        game.refresh_from_db()


# --- which events notify whom ------------------------------------------------------------------


def test_the_creator_hears_that_an_opponent_joined_and_the_starter_that_it_is_their_turn():
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b)
    assert Kind.OPPONENT_JOINED in kinds_of(a)
    assert Kind.OPPONENT_JOINED not in kinds_of(b)
    starter = game.seats.get(index=game.current_seat).user
    waiter = b if starter == a else a
    assert kinds_of(starter).count(Kind.YOUR_TURN) == 1
    assert Kind.YOUR_TURN not in kinds_of(waiter)
    joined = Notification.objects.get(user=a, kind=Kind.OPPONENT_JOINED)
    assert joined.text == f"bram is aangeschoven in partij {game.pk}."


def test_your_turn_is_pushed_live_once_per_turn_to_the_player_whose_turn_begins():
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b)
    waiting = game.seats.get(index=1 - game.current_seat).user
    ws = communicator("/ws/notifications/", waiting)

    async def scenario():
        assert (await ws.connect())[0]
        hello = await ws.receive_json_from()
        assert hello == {"type": "notifications.unread", "unread": hello["unread"]}
        await db(play_until_turn_passes)(game)
        push = await ws.receive_json_from()
        assert push["type"] == "notification"
        assert push["notification"]["kind"] == "your_turn"
        assert push["notification"]["game"] == game.pk
        assert push["notification"]["text"].startswith(f"Je bent aan de beurt in partij {game.pk}")
        assert push["unread"] == 1  # one unread entry per game
        assert await ws.receive_nothing()
        await ws.disconnect()

    run(scenario)
    assert kinds_of(waiting).count(Kind.YOUR_TURN) == 1


def test_both_players_hear_once_that_the_game_is_over_and_why():
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b)
    services.game_resign(game=game, user=a)
    for user in (a, b):
        assert kinds_of(user).count(Kind.GAME_OVER) == 1
    assert (
        "je hebt verloren (je hebt opgegeven)"
        in Notification.objects.get(user=a, kind=Kind.GAME_OVER).text
    )
    assert (
        "je hebt gewonnen (anna heeft opgegeven)"
        in Notification.objects.get(user=b, kind=Kind.GAME_OVER).text
    )


def test_a_rematch_offer_goes_to_the_other_player():
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b)
    services.game_resign(game=game, user=a)
    new, _ = services.game_rematch(game=game, user=a)
    offer = Notification.objects.get(user=b, kind=Kind.REMATCH_OFFER)
    assert offer.game_id == new.pk
    assert offer.text == f"anna biedt je een revanche aan: partij {new.pk}."
    assert Kind.REMATCH_OFFER not in kinds_of(a)


def test_nobody_is_notified_for_the_computer_seat():
    a = UserFactory(username="anna")
    game = GameFactory(creator=a, opponent="computer")
    assert Notification.objects.exclude(user=a).count() == 0
    assert game.seats.filter(is_computer=True).exists()


# --- the REST API ---------------------------------------------------------------------------


def test_a_game_keeps_one_unread_notification_per_player_however_many_turns_pass(client_for):
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b)
    for _ in range(4):
        play_until_turn_passes(game)
    for user in (a, b):
        listing = client_for(user).get("/api/notifications/").json()
        notes = [n for n in listing["notifications"] if n["game"] == game.pk]
        assert len(notes) == 1  # the bell lists a game once: its newest notice
        stored = Notification.objects.filter(user=user, game=game)
        assert stored.filter(kind=Kind.YOUR_TURN).count() >= 2  # the history stays stored
        assert notes[0]["id"] == max(stored.values_list("pk", flat=True))
        assert listing["unread"] == stored.filter(read_at__isnull=True).count() <= 1
    # another game has its own unread entry
    game.refresh_from_db()
    mover = game.seats.get(index=game.current_seat).user
    waiter = b if mover == a else a
    other = GameFactory(creator=a, joiner=b)
    if other.seats.get(index=other.current_seat).user != mover:
        play_until_turn_passes(other)
    assert client_for(mover).get("/api/notifications/unread/").json() == {"unread": 2}
    # the waiting player's 'your turn' notices passed: no badge for them
    assert client_for(waiter).get("/api/notifications/unread/").json() == {"unread": 0}


def test_notifications_api_lists_mine_counts_unread_and_marks_read(client_for):
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    GameFactory(creator=a, joiner=b)
    mine = Notification.objects.filter(user=a).count()
    assert mine >= 1
    client = client_for(a)
    listing = client.get("/api/notifications/").json()
    assert listing["unread"] == mine
    assert {n["kind"] for n in listing["notifications"]} == set(kinds_of(a))
    assert client.get("/api/notifications/unread/").json() == {"unread": mine}
    first = listing["notifications"][0]["id"]
    answer = client.post("/api/notifications/read/", {"ids": [first]}, format="json").json()
    assert answer == {"marked": 1, "unread": mine - 1}
    answer = client.post("/api/notifications/read/", {}, format="json").json()
    assert answer["unread"] == 0
    assert client.get("/api/notifications/?unread=1").json()["notifications"] == []


def test_a_player_cannot_see_or_mark_another_players_notifications(client_for):
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    GameFactory(creator=a, joiner=b)
    others = list(Notification.objects.filter(user=a).values_list("id", flat=True))
    client = client_for(b)
    assert all(
        n["id"] not in others for n in client.get("/api/notifications/").json()["notifications"]
    )
    client.post("/api/notifications/read/", {"ids": others}, format="json")
    assert Notification.objects.filter(pk__in=others, read_at__isnull=True).count() == len(others)
    assert client_for(None).get("/api/notifications/").status_code in (401, 403)


# --- email ------------------------------------------------------------------------------------


def test_your_turn_email_is_sent_by_the_worker_not_by_the_move_request(mailoutbox):
    a = UserFactory(username="anna", email="anna@example.org", notify="turn")
    b = UserFactory(username="bram", email="bram@example.org", notify="turn")
    game = GameFactory(creator=a, joiner=b)
    starter = game.seats.get(index=game.current_seat).user
    assert mailoutbox == []  # the join request sent nothing itself
    worker.tick()
    assert [m.to for m in mailoutbox] == [[starter.email]]
    assert mailoutbox[0].subject == "Dwaalhof: je bent aan de beurt"
    assert f"partij {game.pk}" in mailoutbox[0].body
    worker.tick()
    assert len(mailoutbox) == 1  # sent once


def test_no_email_while_the_player_is_connected(mailoutbox):
    a = UserFactory(username="anna", email="anna@example.org")
    b = UserFactory(username="bram", email="bram@example.org")
    for user in (a, b):
        Presence.objects.create(user=user, channel_name=f"test!{user.pk}", seen_at=timezone.now())
    GameFactory(creator=a, joiner=b)
    worker.tick()
    assert mailoutbox == []


def test_a_connected_socket_counts_as_present_and_stops_counting_when_closed():
    from notifications.services import is_connected

    a = UserFactory(username="anna")
    ws = communicator("/ws/notifications/", a)

    async def scenario():
        assert (await ws.connect())[0]
        await ws.receive_json_from()
        assert await db(is_connected)(a)
        await ws.disconnect()
        assert not await db(is_connected)(a)

    run(scenario)


def test_no_email_when_the_preference_is_off_or_there_is_no_address(mailoutbox):
    a = UserFactory(username="anna", email="anna@example.org", notify="off")
    b = UserFactory(username="bram", email="", notify="turn")
    GameFactory(creator=a, joiner=b)
    worker.tick()
    assert mailoutbox == []


def test_a_notice_read_in_the_app_before_the_worker_runs_is_not_emailed(mailoutbox):
    from notifications.services import mark_read

    a = UserFactory(username="anna", email="anna@example.org")
    b = UserFactory(username="bram", email="bram@example.org")
    game = GameFactory(creator=a, joiner=b)
    starter = game.seats.get(index=game.current_seat).user
    mark_read(starter)
    worker.tick()
    assert mailoutbox == []


def next_digest_moment(now: datetime) -> datetime:
    local_now = timezone.localtime(now)
    moment = local_now.replace(hour=SUMMARY_HOUR, minute=0, second=0, microsecond=0)
    return moment if moment > local_now else moment + timedelta(days=1)


def test_daily_summary_is_at_most_one_mail_a_day_with_the_waiting_notices(mailoutbox):
    a = UserFactory(username="anna", email="anna@example.org", notify="daily")
    b = UserFactory(username="bram", email="bram@example.org", notify="daily")
    game = GameFactory(creator=a, joiner=b, turn_seconds=3 * 24 * 3600)
    starter = game.seats.get(index=game.current_seat).user
    other = b if starter == a else a
    now = timezone.now()
    eight = next_digest_moment(now)

    def mails_to(user):
        return [m for m in mailoutbox if m.to == [user.email]]

    worker.tick(now)  # nobody had a summary yet: the waiting notice goes out now
    assert len(mails_to(starter)) == 1 and mails_to(other) == []
    assert mails_to(starter)[0].subject == "Dwaalhof: je dagelijkse overzicht (1)"
    play_until_turn_passes(game)
    play_until_turn_passes(game)  # starter's turn again: a new notice waits for starter
    worker.tick(eight - timedelta(minutes=30))
    assert len(mails_to(starter)) == 1  # not a second summary before the next 08:00
    # other's 'your turn' passed before 08:00: it no longer holds, so no summary of it
    assert mails_to(other) == []
    worker.tick(eight + timedelta(minutes=5))
    assert len(mails_to(starter)) == 2
    assert f"Partij {game.pk} tegen " in mails_to(starter)[1].body


def test_a_player_who_switches_to_daily_gets_waiting_notices_in_the_summary(mailoutbox):
    from accounts.services import profile_update

    a = UserFactory(username="anna", email="anna@example.org", notify="turn")
    b = UserFactory(username="bram", email="bram@example.org", notify="turn")
    game = GameFactory(creator=a, joiner=b)
    starter = game.seats.get(index=game.current_seat).user
    profile_update(user=starter, notify="daily")
    worker.tick()
    summaries = [m for m in mailoutbox if m.to == [starter.email]]
    assert len(summaries) == 1 and "overzicht" in summaries[0].subject


def test_a_socket_row_left_by_a_crashed_server_stops_counting_and_is_pruned(mailoutbox):
    from notifications.services import PRESENCE_TTL, is_connected

    a = UserFactory(username="anna", email="anna@example.org")
    b = UserFactory(username="bram", email="bram@example.org")
    long_ago = timezone.now() - PRESENCE_TTL - timedelta(seconds=1)
    for user in (a, b):
        Presence.objects.create(user=user, channel_name=f"dead!{user.pk}", seen_at=long_ago)
    assert not is_connected(a)
    GameFactory(creator=a, joiner=b)
    done = worker.tick()
    assert done["stale_presence"] == 2 and len(mailoutbox) == 1


def test_open_sockets_keep_their_presence_fresh(monkeypatch):
    import asyncio

    from games import signals
    from notifications import services

    monkeypatch.setattr(signals, "PRESENCE_REFRESH", 0.05)
    a = UserFactory(username="anna")
    ws = communicator("/ws/notifications/", a)
    long_ago = timezone.now() - timedelta(hours=1)

    async def scenario():
        assert (await ws.connect())[0]
        await ws.receive_json_from()
        await db(Presence.objects.filter(user=a).update)(seen_at=long_ago)
        assert not await db(services.is_connected)(a)
        for _ in range(100):  # the process's refresher touches every open socket's row
            await asyncio.sleep(0.05)
            if await db(services.is_connected)(a):
                break
        assert await db(services.is_connected)(a)
        await ws.disconnect()
        assert not await db(services.is_connected)(a)

    run(scenario)
