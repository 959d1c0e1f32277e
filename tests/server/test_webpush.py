"""Web push end to end without the internet (issue 24): a notice the player wants pushed
becomes a push to each of their devices, sent by the worker to a real push service on
loopback (tests/server/push_service.py) that checks the VAPID signature and decrypts the
payload with the subscription's keys; 404/410 removes the device; other failures are tried
again with back-off and then given up; nothing goes out inside the move's request."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game
from notifications.models import Notification, Preferences, Presence
from webpush import keys, sender
from webpush.models import PushDelivery, PushSubscription
from worker import loop as worker

from .factories import GameFactory, UserFactory
from .helpers import play
from .push_service import PushService

pytestmark = pytest.mark.django_db(transaction=True)

State = PushDelivery.State


@pytest.fixture(scope="module")
def vapid_pair() -> tuple[str, str]:
    return keys.new_pair()


@pytest.fixture
def push_on(settings, vapid_pair):
    settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = vapid_pair
    settings.VAPID_SUBJECT = "mailto:beheer@dwaalhof.test"
    settings.WEBPUSH_ALLOW_HTTP_LOOPBACK = True
    return vapid_pair[1]


@pytest.fixture
def service(push_on):
    with PushService(site_public_key=push_on) as running:
        yield running
    assert running.problems == []  # every request was a valid, decryptable web push


def device(user, browser, name="Telefoon") -> PushSubscription:
    return PushSubscription.objects.create(
        user=user, endpoint=browser.endpoint, name=name, **browser.keys
    )


def mover_and_waiter(game: Game):
    game.refresh_from_db()
    seats = {s.index: s.user for s in game.seats.select_related("user")}
    return seats[game.current_seat], seats[1 - game.current_seat]


def turn_game(anna, bram, **options) -> Game:
    """A game where it is anna's turn (bram moved once if need be)."""
    game = GameFactory(creator=anna, joiner=bram, **options)
    if mover_and_waiter(game)[0] != anna:
        game = play(
            game, until=lambda state: mover_and_waiter(Game.objects.get(pk=game.pk))[0] == anna
        )
    return game


def test_your_turn_is_pushed_encrypted_and_signed_in_the_players_language(service, monkeypatch):
    from django.db import connection

    in_transaction = []
    real = sender.webpush

    def noting(*args, **kwargs):
        in_transaction.append(connection.in_atomic_block)
        return real(*args, **kwargs)

    monkeypatch.setattr(sender, "webpush", noting)
    anna = UserFactory(username="anna", language="en")
    bram = UserFactory(username="bram")
    phone, laptop = service.browser(), service.browser()
    device(anna, phone), device(anna, laptop, "Laptop")
    game = turn_game(anna, bram, turn_seconds=6 * 3600 + 120)
    assert service.received == []  # nothing in the move's request
    assert worker.tick()["pushes"] == 2
    game.refresh_from_db()
    expected = {
        "title": "Your turn",
        "body": f"Your turn in game {game.pk} against bram — round {game.round}, 6 h left",
        "url": f"/#/spel/{game.pk}",
        "tag": f"game-{game.pk}",
    }
    assert service.got(phone) == [expected] and service.got(laptop) == [expected]
    assert {r.claims["aud"] for r in service.received} == {service.origin}
    assert {r.headers["topic"] for r in service.received} == {f"game-{game.pk}"}
    assert set(PushDelivery.objects.values_list("state", flat=True)) == {State.SENT}
    assert all(d.last_success for d in PushSubscription.objects.all())
    assert worker.tick()["pushes"] == 0  # sent once
    assert in_transaction == [False, False]  # no transaction (and no lock) held meanwhile


def test_the_push_is_in_dutch_for_a_dutch_player(service):
    anna, bram = UserFactory(username="anna"), UserFactory(username="bram")
    phone = service.browser()
    device(anna, phone)
    game = turn_game(anna, bram, turn_seconds=3 * 86400)
    worker.tick()
    [push] = service.got(phone)
    assert push["title"] == "Jouw beurt"
    assert push["body"].startswith(f"Jouw beurt in partij {game.pk} tegen bram — ronde ")
    assert push["body"].endswith(", nog 2 d")


def test_the_moves_request_commits_without_any_push_sent(service, client_for):
    anna, bram = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=anna, joiner=bram)
    mover, waiter = mover_and_waiter(game)
    waiter_seat = game.seats.get(user=waiter).index
    browser = service.browser()
    device(waiter, browser)
    worker.tick()
    service.received.clear()
    current = game.current_seat
    while current != waiter_seat:
        legal = client_for(mover).get(f"/api/games/{game.pk}/legal/").json()
        answer = client_for(mover).post(
            f"/api/games/{game.pk}/moves/",
            {"move": legal["moves"][0], "expected_seq": legal["seq"]},
            format="json",
        )
        assert answer.status_code == 201, answer.content
        current = answer.json()["game"]["current"]
    # The waiter's turn is committed with its push recorded, and nothing was sent.
    assert service.received == []
    assert PushDelivery.objects.filter(state=State.PENDING).count() == 1
    worker.tick()
    assert [p["tag"] for p in service.got(browser)] == [f"game-{game.pk}"]


@pytest.mark.parametrize("gone", [404, 410])
def test_a_push_service_saying_gone_removes_the_device(service, gone):
    anna, bram = UserFactory(username="anna"), UserFactory(username="bram")
    dropped, kept = service.browser(gone), service.browser()
    device(anna, dropped), device(anna, kept)
    turn_game(anna, bram)
    worker.tick()
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [kept.endpoint]
    assert len(service.got(kept)) == 1 and service.got(dropped, status=gone) == [
        service.got(kept)[0]
    ]
    assert not PushDelivery.objects.filter(subscription__endpoint=dropped.endpoint).exists()


def test_a_failing_push_service_is_tried_again_with_backoff_then_given_up(service):
    anna, bram = UserFactory(username="anna"), UserFactory(username="bram")
    flaky = service.browser(*[500] * sender.MAX_TRIES)
    device(anna, flaky)
    turn_game(anna, bram)
    now = timezone.now()
    waits = []
    for attempt in range(1, sender.MAX_TRIES + 1):
        assert sender.send_pending(now) == 0
        row = PushDelivery.objects.get()
        assert (row.tries, len(service.received)) == (attempt, attempt)
        if attempt < sender.MAX_TRIES:
            assert row.state == State.PENDING
            waits.append(row.next_try - now)
            # not before its time: the same instant sends nothing more
            assert sender.send_pending(now) == 0 and len(service.received) == attempt
            now = row.next_try
    assert waits == [sender.backoff(n) for n in range(1, sender.MAX_TRIES)]
    assert waits[0] == timedelta(seconds=30) and waits[-1] == timedelta(minutes=8)
    row = PushDelivery.objects.get()
    assert (row.state, row.last_error) == (State.FAILED, "push service answered 500")
    assert sender.send_pending(now + timedelta(days=1)) == 0  # given up: never again
    assert PushSubscription.objects.get().failures == sender.MAX_TRIES  # the device stays


def test_a_push_service_that_recovers_gets_the_push(service):
    anna, bram = UserFactory(username="anna"), UserFactory(username="bram")
    flaky = service.browser(500, 503)
    device(anna, flaky)
    turn_game(anna, bram)
    now = timezone.now()
    for _ in range(3):
        sender.send_pending(now)
        now += timedelta(minutes=5)
    assert len(service.got(flaky)) == 1
    assert PushDelivery.objects.get().state == State.SENT
    assert PushSubscription.objects.get().failures == 0


def test_an_unreachable_push_service_is_retried(push_on):
    anna, bram = UserFactory(username="anna"), UserFactory(username="bram")
    with PushService() as gone_away:
        browser = gone_away.browser()
    # the service's port is closed now: the connection is refused
    device(anna, browser)
    turn_game(anna, bram)
    assert sender.send_pending(timezone.now()) == 0
    row = PushDelivery.objects.get()
    assert (row.state, row.tries, row.last_error) == (
        State.PENDING,
        1,
        "push service unreachable",
    )


# --- the pipeline's choice: the kinds wanted, not while watching, quiet hours --------------------


def test_push_goes_only_for_the_kinds_the_player_wants(service, client_for):
    anna, bram = UserFactory(username="anna"), UserFactory(username="bram")
    browser = service.browser()
    device(anna, browser)
    Preferences.objects.create(user=anna, ways={"your_turn": {"push": False}})
    game = turn_game(anna, bram)
    assert Notification.objects.filter(user=anna, kind="your_turn").exists()
    assert not PushDelivery.objects.exists()
    # a chat line is off for push by default, game over on
    said = client_for(bram).post(f"/api/games/{game.pk}/chat/", {"text": "hoi"}, format="json")
    assert said.status_code == 201, said.content
    assert Notification.objects.filter(user=anna, kind="chat_message").exists()
    assert not PushDelivery.objects.exists()
    from games import services

    services.game_resign(game=Game.objects.get(pk=game.pk), user=bram)
    worker.tick()
    assert [p["title"] for p in service.got(browser)] == ["Partij voorbij"]


def test_nothing_is_pushed_while_the_player_watches_that_game(service):
    anna, bram = UserFactory(username="anna"), UserFactory(username="bram")
    browser = service.browser()
    device(anna, browser)
    game = GameFactory(creator=anna, joiner=bram)
    if mover_and_waiter(game)[0] == anna:
        play(game, until=lambda s: mover_and_waiter(Game.objects.get(pk=game.pk))[0] == bram)
    worker.tick()
    service.received.clear()
    PushDelivery.objects.all().delete()
    Presence.objects.create(user=anna, channel_name="c1", seen_at=timezone.now(), watching=game.pk)
    play(game, until=lambda s: mover_and_waiter(Game.objects.get(pk=game.pk))[0] == anna)
    assert Notification.objects.filter(user=anna, kind="your_turn", past_at=None).exists()
    assert not PushDelivery.objects.exists()
    worker.tick()
    assert service.received == []


def test_a_push_waits_for_the_end_of_quiet_hours_in_the_players_zone(service):
    anna, bram = UserFactory(username="anna"), UserFactory(username="bram")
    browser = service.browser()
    device(anna, browser)
    zone = "America/New_York"
    local_now = timezone.now().astimezone(__import__("zoneinfo").ZoneInfo(zone))
    start = (local_now - timedelta(hours=1)).time().replace(second=0, microsecond=0)
    end = (local_now + timedelta(hours=2)).time().replace(minute=0, second=0, microsecond=0)
    Preferences.objects.create(user=anna, time_zone=zone, quiet_start=start, quiet_end=end)
    turn_game(anna, bram)
    row = PushDelivery.objects.get()
    ends = row.next_try.astimezone(local_now.tzinfo)
    assert ends.time() == end and ends > local_now
    assert worker.tick()["pushes"] == 0 and service.received == []
    assert sender.send_pending(row.next_try - timedelta(seconds=1)) == 0
    assert sender.send_pending(row.next_try) == 1
    assert len(service.got(browser)) == 1


def test_an_older_push_of_a_game_is_skipped_when_a_newer_one_collapses_it(service):
    anna, bram = UserFactory(username="anna"), UserFactory(username="bram")
    browser = service.browser()
    device(anna, browser)
    game = turn_game(anna, bram)
    from games import services

    services.game_resign(game=Game.objects.get(pk=game.pk), user=bram)  # before the worker ran
    worker.tick()
    assert [p["title"] for p in service.got(browser)] == ["Partij voorbij"]
    assert sorted(PushDelivery.objects.values_list("state", flat=True)) == [
        State.SENT,
        State.SKIPPED,
    ]


def test_push_is_off_without_keys(settings, service):
    anna, bram = UserFactory(username="anna"), UserFactory(username="bram")
    device(anna, service.browser())
    settings.VAPID_PRIVATE_KEY = ""
    turn_game(anna, bram)
    assert not PushDelivery.objects.exists()
    assert worker.tick()["pushes"] == 0


def test_a_claim_of_a_worker_that_died_mid_send_is_not_sent_again(service):
    anna, bram = UserFactory(username="anna"), UserFactory(username="bram")
    browser = service.browser()
    device(anna, browser)
    turn_game(anna, bram)
    now = timezone.now()
    PushDelivery.objects.update(state=State.SENDING, claimed_at=now, tries=1)
    assert sender.send_pending(now + timedelta(seconds=5)) == 0  # a live claim: left alone
    assert PushDelivery.objects.get().state == State.SENDING
    assert sender.send_pending(now + sender.CLAIM_TTL + timedelta(seconds=1)) == 0
    assert PushDelivery.objects.get().state == State.FAILED
    assert service.received == []


def test_the_vapid_keys_command_prints_a_pair_that_signs(settings, service):
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("vapid_keys", "--subject", "mailto:ops@dwaalhof.test", stdout=out)
    lines = dict(line.split("=", 1) for line in out.getvalue().splitlines())
    assert set(lines) == {"VAPID_PRIVATE_KEY", "VAPID_PUBLIC_KEY", "VAPID_SUBJECT"}
    settings.VAPID_PRIVATE_KEY = lines["VAPID_PRIVATE_KEY"].replace("\\n", "\n")
    settings.VAPID_PUBLIC_KEY = lines["VAPID_PUBLIC_KEY"]
    assert keys.check_keys() == []
    service.site_public_key = lines["VAPID_PUBLIC_KEY"]
    anna, bram = UserFactory(username="anna"), UserFactory(username="bram")
    browser = service.browser()
    device(anna, browser)
    turn_game(anna, bram)
    worker.tick()
    assert len(service.got(browser)) == 1
    settings.VAPID_PUBLIC_KEY = keys.new_pair()[1]
    assert [e.id for e in keys.check_keys()] == ["webpush.E001"]
