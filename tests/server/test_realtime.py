"""Websockets: who may connect, what each socket receives after a move, and resync."""

from __future__ import annotations

import pytest

from games import realtime
from games.models import Game

from .factories import GameFactory, UserFactory, token_for
from .realtime_support import (  # noqa: F401  (fixtures)
    communicator,
    db,
    fresh_channel_layer,
    play_first_legal,
    run,
)

pytestmark = pytest.mark.django_db(transaction=True)


def seat_user(game: Game, index: int):
    return game.seats.get(index=index).user


def game_path(game: Game, since: int | None = None) -> str:
    return f"/ws/games/{game.pk}/" + ("" if since is None else f"?since={since}")


async def refused_with(ws) -> int:
    """The socket is accepted, then closed at once: its close code (None if it stays open)."""
    connected, _ = await ws.connect()
    assert connected, "refused at the handshake (HTTP 403) instead of with a close code"
    message = await ws.receive_output()
    return message.get("code") if message["type"] == "websocket.close" else None


def take_card_first(game: Game):
    """The seat at turn takes a card: afterwards that seat holds a hidden card."""
    import engine
    from games import services

    game.refresh_from_db()
    user = game.seats.get(index=game.current_seat).user
    services.move_submit(
        game=game, user=user, move=engine.Move("take_card", slot=0), expected_seq=game.seq
    )
    game.refresh_from_db()


# --- who may connect ------------------------------------------------------------------------


def test_logged_out_visitor_cannot_open_the_notification_socket():
    async def scenario():
        ws = communicator("/ws/notifications/")
        assert await refused_with(ws) == 4401

    run(scenario)


def test_a_wrong_token_is_refused_even_on_a_public_game():
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b, public=True)

    async def scenario():
        ws = communicator(game_path(game) + "?token=not-a-token", origin=None)
        assert await refused_with(ws) == 4401

    run(scenario)


def test_a_page_from_another_site_cannot_open_a_socket_with_the_players_cookie():
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b)
    ws = communicator(game_path(game), a, origin=(b"origin", b"http://evil.example"))

    async def scenario():
        connected, _ = await ws.connect()
        assert not connected

    run(scenario)


def test_a_stranger_cannot_watch_a_private_game():
    a, b, c = (
        UserFactory(username="anna"),
        UserFactory(username="bram"),
        UserFactory(username="cees"),
    )
    game = GameFactory(creator=a, joiner=b, public=False)
    stranger = communicator(game_path(game), c)
    anonymous = communicator(game_path(game))

    async def scenario():
        assert await refused_with(stranger) == 4404
        assert await refused_with(anonymous) == 4404

    run(scenario)


def test_a_bot_connects_with_its_token_and_no_origin_and_gets_its_seat():
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b, public=False)
    token = token_for(b)

    async def scenario():
        ws = communicator(f"{game_path(game)}?token={token}", origin=None)
        connected, _ = await ws.connect()
        assert connected
        first = await ws.receive_json_from()
        assert first["type"] == "game.update"
        assert first["game"]["your_seat"] == 1
        assert first["view"]["viewer"] == 1
        await ws.disconnect()

    run(scenario)


def test_a_token_without_game_read_is_refused_on_the_socket_and_a_revoked_one_too():
    from tokens import services as token_services
    from tokens.models import PersonalToken

    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b, public=True)
    account_only = token_for(b, ["account:read"])
    revoked = token_for(b)
    token_services.revoke(b, PersonalToken.objects.filter(user=b).latest("id").pk)

    async def scenario():
        for secret in (account_only, revoked):
            ws = communicator(f"{game_path(game)}?token={secret}", origin=None)
            assert await refused_with(ws) == 4401

    run(scenario)


# --- what each socket receives ----------------------------------------------------------------


def test_after_a_move_each_seat_learns_it_at_once_and_never_sees_the_opponents_hand():
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b)
    mover = game.current_seat
    other = 1 - mover
    ws_mover = communicator(game_path(game), seat_user(game, mover))
    ws_other = communicator(game_path(game), seat_user(game, other))
    ws_watch = communicator(game_path(game), UserFactory(username="cees"))

    async def scenario():
        for ws in (ws_mover, ws_other, ws_watch):
            assert (await ws.connect())[0]
            hello = await ws.receive_json_from()
            assert hello["seq"] == 0 and hello["entries"] == []
        await db(take_card_first)(game)
        got = {}
        for name, ws in (("mover", ws_mover), ("other", ws_other), ("watch", ws_watch)):
            got[name] = await ws.receive_json_from()
            assert got[name]["type"] == "game.update"
            assert got[name]["seq"] == game.seq
            assert [e["move"]["type"] for e in got[name]["entries"]][0] == "take_card"
        hand_seen_by = {name: msg["view"]["players"][mover]["hand"] for name, msg in got.items()}
        assert len(hand_seen_by["mover"]) == 1  # the taker sees the card
        assert hand_seen_by["other"] == [] and hand_seen_by["watch"] == []
        assert got["other"]["view"]["players"][mover]["hand_size"] == 1
        assert got["other"]["view"]["viewer"] == other
        assert got["watch"]["view"]["viewer"] is None
        for ws in (ws_mover, ws_other, ws_watch):
            assert await ws.receive_nothing()
            await ws.disconnect()

    run(scenario)


def test_only_the_seat_at_turn_gets_its_legal_moves_with_the_update():
    """The update carries the moves the seat at turn may send (so its client needs no
    `legal/` request); they name the cards in its hand, so nobody else gets them."""
    import engine
    from games import selectors

    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b, public=True)
    mover = game.current_seat
    sockets = {
        "mover": communicator(game_path(game), seat_user(game, mover)),
        "other": communicator(game_path(game), seat_user(game, 1 - mover)),
        "watch": communicator(game_path(game), UserFactory(username="cees")),
    }

    async def scenario():
        for ws in sockets.values():
            assert (await ws.connect())[0]
            await ws.receive_json_from()
        await db(take_card_first)(game)
        got = {name: await ws.receive_json_from() for name, ws in sockets.items()}
        for ws in sockets.values():
            await ws.disconnect()
        return got

    got = run(scenario)
    state = selectors.game_state(Game.objects.get(pk=game.pk))
    at_turn = "mover" if state.current == mover else "other"
    expected = [m.to_json() for m in engine.legal_moves(state)]
    assert expected and got[at_turn]["legal_moves"] == expected
    assert [got[n]["legal_moves"] for n in sockets if n != at_turn] == [[], []]


def test_an_update_nobody_watches_is_never_built_and_a_later_spectator_misses_nothing(
    monkeypatch,
):
    """A move's update is built per audience, and only for an audience with a socket: a game
    nobody spectates never builds (or writes out) the spectators' view. A spectator who
    comes later gets the game as it is, then every move once, in order."""
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b, public=True)
    mover = game.current_seat
    built: list[int | None] = []
    original = realtime.for_audience

    def recording(snap, seat, since):
        built.append(seat)
        return original(snap, seat, since)

    monkeypatch.setattr(realtime, "for_audience", recording)
    ws_mover = communicator(game_path(game), seat_user(game, mover))
    ws_watch = communicator(game_path(game))

    async def scenario():
        assert (await ws_mover.connect())[0]
        await ws_mover.receive_json_from()
        built.clear()
        await db(take_card_first)(game)
        assert (await ws_mover.receive_json_from())["seq"] == game.seq
        assert built == [mover]  # neither the other seat's update nor the spectators'
        assert (await ws_watch.connect())[0]
        hello = await ws_watch.receive_json_from()
        assert hello["seq"] == game.seq and hello["view"]["viewer"] is None
        seqs = [hello["seq"]]
        for _ in range(2):
            await db(play_first_legal)(game)
            update = await ws_watch.receive_json_from()
            assert [e["seq"] for e in update["entries"]] == list(range(seqs[-1], update["seq"]))
            seqs.append(update["seq"])
        await db(game.refresh_from_db)()
        assert seqs[-1] == game.seq
        assert await ws_watch.receive_nothing()
        for ws in (ws_mover, ws_watch):
            await ws.disconnect()

    run(scenario)


def test_a_public_game_can_be_watched_by_a_logged_out_visitor_with_both_hands_hidden():
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b, public=True)
    take_card_first(game)
    ws = communicator(game_path(game))

    async def scenario():
        assert (await ws.connect())[0]
        hello = await ws.receive_json_from()
        assert hello["game"]["your_seat"] is None
        assert all(p["hand"] == [] for p in hello["view"]["players"])
        assert "deck" not in hello["view"] and "seed" not in hello["view"]
        await ws.disconnect()

    run(scenario)


# --- resync -----------------------------------------------------------------------------------


def test_a_client_reconnecting_with_since_gets_exactly_the_entries_it_missed():
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b)
    for _ in range(3):
        play_first_legal(game)
    game.refresh_from_db()
    seen = 1  # the client held the state after the first entry
    ws = communicator(game_path(game, since=seen), a)

    async def scenario():
        assert (await ws.connect())[0]
        sync = await ws.receive_json_from()
        assert sync["seq"] == game.seq
        assert [e["seq"] for e in sync["entries"]] == list(range(seen, game.seq))
        # The next move brings only its own entries: nothing skipped, nothing doubled.
        before = game.seq
        await db(play_first_legal)(game)
        await db(game.refresh_from_db)()
        update = await ws.receive_json_from()
        assert [e["seq"] for e in update["entries"]] == list(range(before, game.seq))
        # Asking again from any seq answers from the log.
        await ws.send_json_to({"type": "resync", "since": 0})
        again = await ws.receive_json_from()
        assert [e["seq"] for e in again["entries"]] == list(range(0, game.seq))
        await ws.disconnect()

    run(scenario)


def test_a_late_broadcast_of_an_older_move_is_not_delivered_twice():
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b)
    play_first_legal(game)
    game.refresh_from_db()
    ws = communicator(game_path(game), a)

    async def scenario():
        assert (await ws.connect())[0]
        await ws.receive_json_from()
        # The broadcast of the move the socket already has (it connected after it) arrives.
        await db(realtime.broadcast_game)(game.pk, first=0)
        assert await ws.receive_nothing()
        await ws.disconnect()

    run(scenario)


def test_a_push_built_while_the_next_move_commits_carries_only_its_own_entries():
    """The worker's computer keeps moving while a push is built: the push read the game row
    at one seq, the log already holds later entries. Those belong to the next push (which
    starts at this one's seq); sending them here too doubled them on every socket."""
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b)
    start = game.seq
    play_first_legal(game)
    row_read_by_the_push = Game.objects.get(pk=game.pk)
    play_first_legal(game)  # commits before the push reads the log
    snap = realtime.snapshot(row_read_by_the_push, start)
    for seat in realtime.AUDIENCES:
        seqs = [e["seq"] for e in realtime.for_audience(snap, seat, start)["entries"]]
        assert seqs == list(range(start, row_read_by_the_push.seq))


def test_a_socket_that_missed_a_broadcast_fills_the_gap_from_the_log():
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b)
    ws = communicator(game_path(game), a)

    async def scenario():
        assert (await ws.connect())[0]
        await ws.receive_json_from()
        # Two moves commit, but the socket hears only of the second (as if a message of the
        # channel layer was lost): it must still get the first move's entries.
        from games import hooks

        original = hooks.after_move_committed
        hooks.after_move_committed = lambda *args: None
        try:
            await db(play_first_legal)(game)
        finally:
            hooks.after_move_committed = original
        await db(game.refresh_from_db)()
        missed = game.seq
        await db(play_first_legal)(game)
        await db(game.refresh_from_db)()
        update = await ws.receive_json_from()
        assert [e["seq"] for e in update["entries"]] == list(range(0, game.seq))
        assert update["seq"] == game.seq > missed
        await ws.disconnect()

    run(scenario)


def test_everyone_watching_sees_the_game_start_when_the_opponent_joins():
    from games import services

    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = services.game_create(user=a, opponent="invite")
    ws = communicator(game_path(game), a)

    async def scenario():
        assert (await ws.connect())[0]
        hello = await ws.receive_json_from()
        assert hello["game"]["status"] == "open" and hello["view"] is None
        await db(services.game_join)(game=game, user=b, code=game.invite_code)
        update = await ws.receive_json_from()
        assert update["game"]["status"] == "active"
        assert update["view"]["viewer"] == 0
        await ws.disconnect()

    run(scenario)


def test_a_withdrawn_open_game_closes_its_sockets():
    from games import services

    a = UserFactory(username="anna")
    game = services.game_create(user=a, opponent="open")
    ws = communicator(game_path(game), a)

    async def scenario():
        assert (await ws.connect())[0]
        await ws.receive_json_from()
        await db(services.game_leave)(game=game, user=a)
        assert (await ws.receive_json_from()) == {"type": "game.gone"}
        assert (await ws.receive_output())["type"] == "websocket.close"

    run(scenario)


def test_a_loss_on_time_reaches_both_sockets_with_the_reason():
    from worker import loop as worker

    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b)
    late = game.current_seat
    sockets = [communicator(game_path(game), u) for u in (a, b)]

    async def scenario():
        for ws in sockets:
            assert (await ws.connect())[0]
            await ws.receive_json_from()
        await db(worker.tick)(game.deadline_at)
        for ws in sockets:
            update = await ws.receive_json_from()
            assert update["entries"][-1]["move"] == {"type": "timeout", "seat": late}
            assert update["game"]["status"] == "finished"
            assert update["game"]["result"]["reason"] == "timeout"
            await ws.disconnect()

    run(scenario)


def test_players_watching_a_finished_game_learn_of_the_rematch():
    from games import services

    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b)
    services.game_resign(game=game, user=a)
    ws = communicator(game_path(game), b)

    async def scenario():
        assert (await ws.connect())[0]
        hello = await ws.receive_json_from()
        assert hello["game"]["rematch_id"] is None
        new, _ = await db(services.game_rematch)(game=game, user=a)
        update = await ws.receive_json_from()
        assert update["game"]["rematch_id"] == new.pk
        await ws.disconnect()

    run(scenario)


def test_a_client_sending_garbage_is_told_so_and_keeps_its_socket():
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b)
    ws = communicator(game_path(game), a)

    async def scenario():
        assert (await ws.connect())[0]
        await ws.receive_json_from()
        await ws.send_to(text_data="{not json")
        assert (await ws.receive_json_from())["type"] == "error"
        await ws.send_json_to({"type": "ping"})
        assert await ws.receive_json_from() == {"type": "pong", "seq": game.seq}
        await ws.disconnect()

    run(scenario)


def test_a_frame_nested_a_thousand_deep_gets_an_error_frame_and_the_socket_lives():
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b)
    ws = communicator(game_path(game), a)

    async def scenario():
        assert (await ws.connect())[0]
        await ws.receive_json_from()
        await ws.send_to(text_data='{"type": "resync", "since": ' + "[" * 1000 + "]" * 1000 + "}")
        error = await ws.receive_json_from()
        assert error["type"] == "error" and "nested" in error["detail"]
        await ws.send_json_to({"type": "ping"})
        assert await ws.receive_json_from() == {"type": "pong", "seq": game.seq}
        await ws.disconnect()

    run(scenario)


def test_a_suspended_players_open_sockets_close_at_once_and_do_not_open_again():
    """A moderator's suspension ends the account's access now, not at its next request:
    its game and notification sockets close with 4403 (the client does not retry), a new
    one is refused, and the opponent's socket stays open."""
    from moderation import services as moderation

    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    moderator = UserFactory(username="moderator", is_staff=True)
    game = GameFactory(creator=a, joiner=b)
    bram_game = communicator(game_path(game), b)
    bram_bell = communicator("/ws/notifications/", b)
    anna_game = communicator(game_path(game), a)
    again = [communicator(game_path(game), b), communicator("/ws/notifications/", b)]

    def suspend():
        moderation.sanction(user=b, kind="suspend", by=moderator, reason="vals")

    async def scenario():
        for ws in (bram_game, bram_bell, anna_game):
            assert (await ws.connect())[0]
            await ws.receive_json_from()  # the state, the unread count
        await db(suspend)()
        for ws in (bram_game, bram_bell):
            closed = await ws.receive_output()
            assert (closed["type"], closed.get("code")) == ("websocket.close", 4403)
        assert await anna_game.receive_nothing()
        for ws in again:  # the same session cookie, opening a new socket
            assert await refused_with(ws) == 4403
        await anna_game.disconnect()

    run(scenario)


def test_pushed_updates_relayed_lines_and_pings_cost_the_sockets_no_thread_hop(monkeypatch):
    """Issue 26: Channels hops to a thread to close old database connections before every
    message a consumer handles. A pushed update, a relayed chat line, a notification and a
    ping touch no database: they take no hop (games.consumers.NoConnectionHopMixin)."""
    import asyncio

    from asgiref.sync import SyncToAsync
    from channels.layers import get_channel_layer
    from django.db import connection

    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b)
    players = [communicator(game_path(game), user) for user in (a, b)]
    spectator = communicator(game_path(game), UserFactory(username="cees"))
    bell = communicator("/ws/notifications/", a)
    sockets = [*players, spectator]
    # Every hop to a thread (sync_to_async, database_sync_to_async): what it ran. (Counting
    # close_old_connections calls would not do: the test communicator replaces it.)
    hops: list[str] = []
    hop = SyncToAsync.__call__

    async def counted(self, *args, **kwargs):
        hops.append(getattr(self.func, "__name__", repr(self.func)))
        return await hop(self, *args, **kwargs)

    def move_in_a_plain_thread() -> None:
        try:
            take_card_first(game)
        finally:
            connection.close()

    async def scenario():
        for ws in (*sockets, bell):
            assert (await ws.connect())[0]
            await ws.receive_json_from()  # the state, the unread count
            await ws.send_json_to({"type": "ping"})  # answered once connect() has ended
            assert (await ws.receive_json_from())["type"] == "pong"
        monkeypatch.setattr(SyncToAsync, "__call__", counted)
        await asyncio.to_thread(move_in_a_plain_thread)  # no hop of the test's own
        for ws in sockets:
            assert (await ws.receive_json_from())["seq"] == game.seq
        layer = get_channel_layer()
        line = realtime.relayed({"type": "chat.message", "message": {"text": "hoi"}})
        await realtime.send_each(layer, dict.fromkeys(realtime.game_groups(game.pk), line))
        await layer.group_send(
            realtime.user_group(a.pk), {"type": "user.push", "payload": {"type": "notification"}}
        )
        for ws in sockets:
            assert (await ws.receive_json_from())["type"] == "chat.message"
            await ws.send_json_to({"type": "ping"})
            assert (await ws.receive_json_from())["type"] == "pong"
        assert (await bell.receive_json_from())["type"] == "notification"
        await bell.send_json_to({"type": "ping"})
        assert (await bell.receive_json_from())["type"] == "pong"
        assert hops == []  # 11 hops before, one per message: close_old_connections
        monkeypatch.setattr(SyncToAsync, "__call__", hop)
        for ws in (*sockets, bell):
            await ws.disconnect()

    run(scenario)
