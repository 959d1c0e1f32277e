"""A game's event stream (streams/): newline-delimited JSON over plain HTTP for programs.
First the Game document, then every change in order with its seq (nothing skipped or
doubled, resumable with `since`), an empty keep-alive line at a fixed interval, a seat's
hand never in the other seat's stream, and a closed stream frees what it held."""

from __future__ import annotations

import pytest
from django.test import Client

from games import realtime
from games.models import Game
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
from .stream_support import open_stream, refused

pytestmark = pytest.mark.django_db(transaction=True)


def two_player_game() -> Game:
    return GameFactory(creator=UserFactory(username="anna"), joiner=UserFactory(username="bram"))


def seat_user(game: Game, seat: int):
    return game.seats.get(index=seat).user


def test_the_stream_starts_with_the_game_document_then_each_move_in_order():
    game = two_player_game()
    mover = game.current_seat
    detail = Client()
    detail.force_login(seat_user(game, 1 - mover))
    document = detail.get(f"/api/games/{game.pk}/").json()
    token = token_for(seat_user(game, 1 - mover))

    async def scenario():
        stream = await open_stream(f"/api/games/{game.pk}/stream/", token=token)
        assert stream.status_code == 200
        assert stream["Content-Type"] == "application/x-ndjson"
        assert stream["X-Accel-Buffering"] == "no"
        first = await stream.next()
        # the same Game document (the clock's reading is taken at each answer's own instant)
        assert {**first, "clock": None} == {**document, "clock": None}
        seqs = []
        for _ in range(3):
            await db(play_first_legal)(game)
            update = await stream.next()
            assert update["type"] == "game.update"
            assert update["entries"][0]["seq"] == (seqs[-1] if seqs else first["seq"])
            seqs.append(update["seq"])
            # the other seat's hand stays hidden in this seat's stream
            assert update["view"]["viewer"] == 1 - mover
            assert update["view"]["players"][mover]["hand"] == []
        assert seqs == sorted(set(seqs))
        await stream.close()

    run(scenario)


def test_since_resumes_with_every_entry_after_it_and_nothing_twice():
    game = two_player_game()
    for _ in range(2):
        play_first_legal(game)
    game.refresh_from_db()
    held = game.seq
    anna = seat_user(game, 0)

    async def scenario():
        stream = await open_stream(f"/api/games/{game.pk}/stream/?since=0", user=anna)
        document = await stream.next()
        assert document["seq"] == held
        catch_up = await stream.next()
        assert [e["seq"] for e in catch_up["entries"]] == list(range(held))
        await db(play_first_legal)(game)
        nxt = await stream.next()
        assert nxt["entries"][0]["seq"] == held
        await stream.close()

    run(scenario)


def test_an_idle_stream_sends_an_empty_keep_alive_line(settings):
    settings.DWAALHOF_STREAM_KEEPALIVE = 0.05
    game = two_player_game()
    anna = seat_user(game, 0)

    async def scenario():
        stream = await open_stream(f"/api/games/{game.pk}/stream/", user=anna)
        await stream.next()
        assert await stream.next() == "\n"
        assert await stream.next() == "\n"
        await stream.close()

    run(scenario)


def test_closing_a_stream_frees_its_group_place_and_its_count(settings):
    from channels.layers import get_channel_layer

    settings.DWAALHOF_STREAMS_PER_HOLDER = 2
    game = two_player_game()
    anna = seat_user(game, 0)

    async def scenario():
        path = f"/api/games/{game.pk}/stream/"
        streams = [await open_stream(path, user=anna) for _ in range(2)]
        for stream in streams:
            await stream.next()
        layer = get_channel_layer()
        anna_group = realtime.audience_group(game.pk, 0)  # the group of what seat 0 sees
        assert len(layer.groups.get(anna_group, {})) == 2
        assert limits.open_count(f"user:{anna.pk}") == 2
        status, _, body = await refused(path, user=anna)
        assert status == 429 and body["code"] == "too_many_streams"
        for stream in streams:
            await stream.close()
        assert not layer.groups.get(anna_group)
        assert limits.open_count(f"user:{anna.pk}") == 0
        again = await open_stream(path, user=anna)
        assert (await again.next())["id"] == game.pk
        await again.close()

    run(scenario)


def test_a_suspended_players_token_opens_no_stream():
    """The token is admitted as on every endpoint (tokens.auth.admit): a suspension (the
    gate) refuses it here too."""
    from datetime import timedelta

    from django.utils import timezone

    from moderation import services as moderation

    game = two_player_game()
    bram = seat_user(game, 1)
    token = token_for(bram)
    moderator = UserFactory(username="mod", is_staff=True)
    until = timezone.now() + timedelta(days=7)
    moderation.sanction(user=bram, kind="suspend", by=moderator, reason="vals", until=until)

    async def scenario():
        status, _, body = await refused(f"/api/games/{game.pk}/stream/", token=token)
        assert status == 403
        assert body["code"] == "account_suspended"

    run(scenario)
    assert not limits._open


def test_refusals_are_clear_json_and_open_nothing():
    game = two_player_game()
    game.public = False
    game.save(update_fields=["public"])
    stranger = UserFactory(username="cees")
    account_only = token_for(seat_user(game, 0), [scopes.ACCOUNT_READ])

    async def scenario():
        path = f"/api/games/{game.pk}/stream/"
        cases = [
            (await refused(path), 401, "not_authenticated"),
            (await refused(path, token="dwh_wrong"), 401, "authentication_failed"),
            (await refused(path, token=account_only), 403, "scope_missing"),
            (await refused(path, user=stranger), 404, "not_found"),
            (await refused(path + "?since=-1", user=stranger), 400, "invalid"),
        ]
        for (got, content_type, body), status, code in cases:
            assert got == status, (status, code)
            assert content_type == "application/json"
            assert body["code"] == code

    run(scenario)
    assert not limits._open


def test_a_server_shutting_down_ends_the_stream_cleanly_and_since_resumes_it():
    """Daphne cancels every application when it stops: the stream finishes its body (the
    reader sees a clean end, not a broken connection) and gives back what it held; the
    reader reconnects with the last seq it holds and misses nothing."""
    from channels.layers import get_channel_layer

    game = two_player_game()
    anna = seat_user(game, 0)

    async def scenario():
        path = f"/api/games/{game.pk}/stream/"
        stream = await open_stream(path, user=anna)
        held = (await stream.next())["seq"]
        await stream.shut_down()
        assert stream.ended and stream.buffer == b""
        groups = get_channel_layer().groups
        assert not any(groups.get(group) for group in realtime.game_groups(game.pk))
        assert not limits._open
        await db(play_first_legal)(game)  # while the reader is away
        again = await open_stream(f"{path}?since={held}", user=anna)
        document = await again.next()
        catch_up = await again.next()
        assert catch_up["type"] == "game.update"
        assert catch_up["entries"][0]["seq"] == held
        assert catch_up["seq"] == document["seq"] > held
        await again.close()

    run(scenario)


def test_a_read_only_token_of_a_spectator_sees_neither_hand():
    game = two_player_game()  # public: anyone may watch
    cees = UserFactory(username="cees")
    token = token_for(cees, [scopes.GAME_READ])

    async def scenario():
        stream = await open_stream(f"/api/games/{game.pk}/stream/", token=token)
        first = await stream.next()
        assert first["your_seat"] is None
        assert all(p["hand"] == [] for p in first["state"]["players"])
        for _ in range(2):
            await db(play_first_legal)(game)
            update = await stream.next()
            assert update["view"]["viewer"] is None
            assert all(p["hand"] == [] for p in update["view"]["players"])
        await stream.close()

    run(scenario)
