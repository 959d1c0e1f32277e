"""The account's event stream (`GET /api/stream/`, streams/): for a program, the reader's own
events as the bell gets them: a game started, your turn, the game ended, any other notice
(a challenge...) with its kind; resumable with `since` (a notice id), each notice once, a
keep-alive line, never a game's view (so never a hand), refused without account:read."""

from __future__ import annotations

import json

import pytest

from games import services
from notifications import pipeline
from notifications.models import Notification
from streams import limits
from tokens import scopes

from .factories import GameFactory, UserFactory, token_for
from .realtime_support import (  # noqa: F401  (fixtures)
    db,
    fresh_channel_layer,
    play_first_legal,
    run,
    user_at_turn,
)
from .stream_support import next_event, open_stream, refused

pytestmark = pytest.mark.django_db(transaction=True)
PATH = "/api/stream/"


async def events_until(stream, wanted: set[str], seen: list[dict]) -> None:
    """Read events into `seen` until each `wanted` type came."""
    while not wanted <= {e["type"] for e in seen}:
        seen.append(await next_event(stream, "notices.unread"))


def test_the_stream_tells_a_game_started_your_turn_and_the_game_ended_never_a_hand():
    anna, bram = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=anna, opponent="open")
    token = token_for(anna, [scopes.ACCOUNT_READ])  # read-only, account only

    async def scenario():
        stream = await open_stream(PATH, token=token)
        assert stream.status_code == 200
        assert stream["Content-Type"] == "application/x-ndjson"
        assert stream["X-Accel-Buffering"] == "no"
        hello = await stream.next()
        assert hello == {
            "type": "account",
            "id": anna.pk,
            "username": "anna",
            "unread": 0,
            "last_notice": 0,
        }
        seen: list[dict] = []
        await db(services.game_join)(game=game, user=bram)  # the free seat is taken
        await events_until(stream, {"game.started"}, seen)
        while await db(user_at_turn)(game) != anna:
            await db(play_first_legal)(game)
        await events_until(stream, {"game.your_turn"}, seen)
        await db(services.game_resign)(game=game, user=bram)
        await events_until(stream, {"game.ended"}, seen)
        for said in seen:
            assert said["game"] == game.pk
            assert said["notice"]["game"] == game.pk and said["notice"]["text"]
            assert "view" not in said and "hand" not in json.dumps(said)
        started = next(e for e in seen if e["type"] == "game.started")
        assert started["notice"]["kind"] == "opponent_joined"
        ended = next(e for e in seen if e["type"] == "game.ended")
        assert "gewonnen" in ended["notice"]["text"]  # anna won: bram resigned
        ids = [e["notice"]["id"] for e in seen]
        assert len(ids) == len(set(ids))  # each notice once
        await stream.close()

    run(scenario)


def test_since_replays_the_notices_after_it_once_then_the_live_ones_any_kind():
    """A notice kind the stream has no name for (a challenge, from the pipeline) comes as
    `notice` with its kind; a notice sent twice to the group is said once."""
    anna = UserFactory(username="anna")
    game = GameFactory(creator=anna, joiner=UserFactory(username="bram"))
    notes = [
        pipeline.deliver(anna, kind, f"notice {i}", game=game)
        for i, kind in enumerate([Notification.Kind.YOUR_TURN, Notification.Kind.CHAT_MESSAGE])
    ]

    async def scenario():
        stream = await open_stream(f"{PATH}?since={notes[0].pk}", user=anna)
        hello = await stream.next()
        assert hello["last_notice"] == notes[1].pk and hello["unread"] >= 1
        replayed = await next_event(stream)
        assert replayed["type"] == "chat.message"
        assert replayed["notice"]["id"] == notes[1].pk
        challenge = await db(pipeline.deliver)(anna, "challenge_received", "bram daagt je uit")
        live = await next_event(stream, "notices.unread")
        assert live["type"] == "notice"
        assert live["notice"]["kind"] == "challenge_received"
        assert live["notice"]["id"] == challenge.pk and live["unread"] >= 1
        from notifications import services as notices

        await db(notices.to_bell)(challenge)  # the same notice again: not said twice
        turn = await db(pipeline.deliver)(anna, Notification.Kind.YOUR_TURN, "jij", game=game)
        nxt = await next_event(stream, "notices.unread")
        assert (nxt["type"], nxt["notice"]["id"]) == ("game.your_turn", turn.pk)
        await stream.close()

    run(scenario)


def test_an_idle_account_stream_sends_an_empty_keep_alive_line(settings):
    settings.DWAALHOF_STREAM_KEEPALIVE = 0.05
    anna = UserFactory(username="anna")

    async def scenario():
        stream = await open_stream(PATH, user=anna)
        assert (await stream.next())["type"] == "account"
        assert await stream.next() == "\n"
        assert await stream.next() == "\n"
        await stream.close()

    run(scenario)


def test_closing_frees_the_group_place_and_the_count_and_a_player_has_a_limit(settings):
    """Per token and per player over all their tokens: a program that forgets to close
    its streams is stopped; a closed stream is counted no more."""
    from channels.layers import get_channel_layer

    settings.DWAALHOF_STREAMS_PER_USER = 2
    anna = UserFactory(username="anna")
    tokens = [token_for(anna, [scopes.ACCOUNT_READ]) for _ in range(3)]

    async def scenario():
        streams = [await open_stream(PATH, token=t) for t in tokens[:2]]
        for stream in streams:
            await stream.next()
        layer = get_channel_layer()
        assert len(layer.groups.get(f"user.{anna.pk}", {})) == 2
        status, _, body = await refused(PATH, token=tokens[2])  # a fresh token: the player's
        assert (status, body["code"], body["params"]) == (429, "too_many_streams", {"max": 2})
        for stream in streams:
            await stream.close()
        assert not layer.groups.get(f"user.{anna.pk}")
        assert not limits._open
        again = await open_stream(PATH, token=tokens[2])
        assert (await again.next())["type"] == "account"
        await again.close()

    run(scenario)


def test_the_account_stream_needs_account_read_or_a_session():
    anna = UserFactory(username="anna")
    game_only = token_for(anna, [scopes.GAME_READ, scopes.GAME_PLAY])

    async def scenario():
        cases = [
            (await refused(PATH), 401, "not_authenticated"),
            (await refused(PATH, token="dwh_wrong"), 401, "authentication_failed"),
            (await refused(PATH, token=game_only), 403, "scope_missing"),
            (await refused(PATH + "?since=x", user=anna), 400, "invalid"),
        ]
        for (got, content_type, body), status, code in cases:
            assert (got, content_type, body["code"]) == (status, "application/json", code)
        assert cases[2][0][2]["params"] == {"scope": "account:read"}

    run(scenario)
    assert not limits._open


def test_a_session_from_a_mails_game_link_streams_that_game_only():
    """A one-click link from a mail opens one game (notifications.limited): its stream, but
    not the account's stream nor another game's."""
    from django.test import Client

    from notifications import links

    from .stream_support import Stream

    piet = UserFactory(username="piet")
    game, other = GameFactory(creator=piet), GameFactory(creator=piet)
    browser = Client()
    assert browser.post(f"/m/{links.game_link_token(piet, game.pk)}").status_code == 302
    cookie = (b"cookie", f"sessionid={browser.cookies['sessionid'].value}".encode())

    async def opened(path: str) -> Stream:
        stream = Stream(path, [cookie])
        await stream.start()
        return stream

    async def scenario():
        for path in (PATH, f"/api/games/{other.pk}/stream/"):
            stream = await opened(path)
            body = json.loads(await stream.rest())
            assert (stream.status_code, body["code"]) == (403, "limited_session"), path
            assert body["params"] == {"game": game.pk}
        stream = await opened(f"/api/games/{game.pk}/stream/")
        assert stream.status_code == 200
        first = await stream.next()
        assert first["id"] == game.pk
        await stream.close()

    run(scenario)


def test_a_challenge_and_its_answer_come_as_challenge_events():
    """A program learns of a challenge without polling: `challenge.received` for the
    challenged, `challenge.answered` (with the new game) for the challenger."""
    import clocks
    from challenges import services as challenges

    anna, bram = UserFactory(username="anna"), UserFactory(username="bram")
    read = [scopes.ACCOUNT_READ]
    anna_token, bram_token = token_for(anna, read), token_for(bram, read)
    control = clocks.PRESETS["per_turn_1d"]

    async def scenario():
        anna_stream, bram_stream = (
            await open_stream(PATH, token=anna_token),
            await open_stream(PATH, token=bram_token),
        )
        for stream in (anna_stream, bram_stream):
            await stream.next()  # the account line
        challenge = await db(challenges.challenge_create)(
            challenger=anna, username="bram", time_control=control
        )
        received = await next_event(bram_stream, "notices.unread")
        assert received["type"] == "challenge.received"
        game = await db(challenges.accept)(challenge_id=challenge.pk, user=bram)
        seen: list[dict] = []  # her turn may come first, when she sits first
        await events_until(anna_stream, {"challenge.answered"}, seen)
        answered = next(e for e in seen if e["type"] == "challenge.answered")
        assert answered["game"] == game.pk
        for stream in (anna_stream, bram_stream):
            await stream.close()

    run(scenario)
