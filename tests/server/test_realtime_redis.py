"""The production path: two server processes and a worker sharing Redis and one database.
A move submitted through one server reaches a websocket connected to the other; a move the
worker makes for the computer reaches it too; sockets survive long silences. (CI starts
Redis; so does any developer.)"""

from __future__ import annotations

import asyncio
import json
import os
import time

import pytest
import requests
import websockets

from .live_servers import ApiUser, Processes, scratch_database, server_env

pytestmark = [pytest.mark.redis, pytest.mark.one_worker]

RECEIVE_LIMIT = 20  # seconds: only so that a broken setup fails instead of hanging
# Channel-layer group membership expires after this many seconds (86400 in production); the
# cluster uses a short one so that the idle test outlasts it too.
GROUP_EXPIRY = 20
# Longer than every timeout on the way: channels-redis's 5 s blocking receive, redis-py's
# socket read timeout, daphne's 20 s ping interval (and 30 s ping timeout), the group expiry.
IDLE_SECONDS = 35


async def next_update(ws, *, after_seq: int) -> dict:
    """The next game.update past `after_seq` (hellos and older updates are passed over)."""
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), RECEIVE_LIMIT))
        if message.get("type") == "game.update" and message["seq"] > after_seq:
            return message


@pytest.fixture(scope="module")
def cluster(tmp_path_factory, migrated_sqlite):
    tmp = tmp_path_factory.mktemp("cluster")
    with scratch_database(
        migrated_sqlite, tmp, f"dwaalhof_two_servers_{os.getpid()}"
    ) as database_url:
        env = server_env(database_url, DWAALHOF_CHANNEL_GROUP_EXPIRY=str(GROUP_EXPIRY))
        with Processes(tmp) as procs:
            first, second = procs.daphne("server-a", env), procs.daphne("server-b", env)
            procs.worker(env)
            yield first, second


def test_a_move_through_one_server_reaches_a_socket_on_the_other(cluster):
    server_a, server_b = cluster
    anna = ApiUser(server_a, "anna")
    bram = ApiUser(server_a, "bram").at(server_b)
    game = anna.post("/api/games/", {"opponent": "invite", "public": False})
    bram.post(f"/api/games/invite/{game['invite_code']}/join/")
    game = anna.get(f"/api/games/{game['id']}/")
    mover = anna if game["current"] == 0 else bram.at(server_a)
    watcher = bram if mover is anna else anna.at(server_b)  # on server B

    async def scenario():
        async with websockets.connect(watcher.ws_url(f"/ws/games/{game['id']}/")) as ws:
            hello = json.loads(await asyncio.wait_for(ws.recv(), RECEIVE_LIMIT))
            assert hello["seq"] == game["seq"]
            answer = await asyncio.to_thread(mover.play_first_legal, game["id"])
            update = await next_update(ws, after_seq=hello["seq"])
            assert update["seq"] == answer["seq"]
            assert [e["seq"] for e in update["entries"]] == [e["seq"] for e in answer["entries"]]
            assert update["view"]["viewer"] == 1 - game["current"]

    asyncio.run(scenario())


def test_the_worker_plays_the_computer_and_its_moves_reach_the_players_socket(cluster):
    server_a, server_b = cluster
    cora = ApiUser(server_a, "cora")
    game = cora.post("/api/games/", {"opponent": "computer"})
    human = 0  # the creator takes seat 0, the computer seat 1

    async def scenario():
        async with websockets.connect(cora.at(server_b).ws_url(f"/ws/games/{game['id']}/")) as ws:
            seq = json.loads(await asyncio.wait_for(ws.recv(), RECEIVE_LIMIT))["seq"]
            # Play the human's turn (if it is theirs) until the computer is to move.
            while (await asyncio.to_thread(cora.get, f"/api/games/{game['id']}/"))[
                "current"
            ] == human:
                seq = (await asyncio.to_thread(cora.play_first_legal, game["id"]))["seq"]
            # The worker (a third process) moves for the computer: the socket on server B
            # hears every move until the turn is back with the human.
            computer_seats = set()
            while True:
                update = await next_update(ws, after_seq=seq)
                seq = update["seq"]
                computer_seats |= {e["seat"] for e in update["entries"] if not e["auto"]}
                if update["game"]["current"] == human:
                    break
            assert computer_seats == {1}

    asyncio.run(scenario())


async def next_of_type(ws, kind: str) -> dict:
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), RECEIVE_LIMIT))
        if message.get("type") == kind:
            return message


def test_idle_game_spectator_and_notification_sockets_still_hear_the_next_move(cluster):
    """Turn-by-turn play means long silences: after longer than every timeout involved, a
    player's game socket, a spectator's and the notification socket, spread over both
    servers, all receive the next move."""
    server_a, server_b = cluster
    dirk = ApiUser(server_a, "dirk")
    eva = ApiUser(server_a, "eva")
    game = dirk.post("/api/games/", {"opponent": "invite", "public": True})
    eva.post(f"/api/games/invite/{game['invite_code']}/join/")
    game = dirk.get(f"/api/games/{game['id']}/")
    mover, waiter = (dirk, eva) if game["current"] == 0 else (eva, dirk)
    game_path = f"/ws/games/{game['id']}/"
    spectator_url = server_a.replace("http://", "ws://") + game_path

    async def scenario():
        async with (
            websockets.connect(waiter.at(server_b).ws_url(game_path)) as player_ws,
            websockets.connect(spectator_url, origin=server_a) as spectator_ws,
            websockets.connect(waiter.at(server_a).ws_url("/ws/notifications/")) as notes_ws,
        ):
            seq = json.loads(await asyncio.wait_for(player_ws.recv(), RECEIVE_LIMIT))["seq"]
            assert (
                json.loads(await asyncio.wait_for(spectator_ws.recv(), RECEIVE_LIMIT))["seq"] == seq
            )
            await next_of_type(notes_ws, "notifications.unread")
            await asyncio.sleep(IDLE_SECONDS)
            # The mover plays (through the other server) until the turn passes to the waiter.
            answers = [await asyncio.to_thread(mover.at(server_b).play_first_legal, game["id"])]
            while answers[-1]["game"]["current"] != waiter_seat:
                answers.append(
                    await asyncio.to_thread(mover.at(server_b).play_first_legal, game["id"])
                )
            for ws in (player_ws, spectator_ws):
                update = await next_update(ws, after_seq=seq)
                assert update["seq"] >= answers[0]["seq"]
                assert update["entries"][0]["seq"] == seq
            notice = await next_of_type(notes_ws, "notification")
            assert notice["notification"]["kind"] == "your_turn"
            assert notice["notification"]["game"] == game["id"]

    waiter_seat = 1 - game["current"]
    asyncio.run(scenario())


async def updates_until(ws, final_seq: int) -> list[dict]:
    """Every game.update on `ws` up to the one that brings it to `final_seq`."""
    updates = []
    while not updates or updates[-1]["seq"] < final_seq:
        message = json.loads(await asyncio.wait_for(ws.recv(), RECEIVE_LIMIT))
        if message.get("type") == "game.update":
            updates.append(message)
    return updates


def assert_every_seq_once_in_order(updates: list[dict], start: int, final_seq: int) -> None:
    seqs = [e["seq"] for update in updates for e in update["entries"]]
    assert seqs == list(range(start, final_seq)), "entries skipped, doubled or out of order"
    for before, update in zip([start] + [u["seq"] for u in updates], updates, strict=False):
        # Each message continues where the previous one ended: entries[0] is the client's seq.
        assert not update["entries"] or update["entries"][0]["seq"] == before
        assert update["seq"] == before + len(update["entries"])


def test_a_game_against_the_computer_delivers_every_entry_exactly_once_in_order(cluster):
    """The worker's computer moves and the web processes' pushes race each other; still each
    socket (the player's on one server, a spectator's on the other) gets every seq once."""
    server_a, server_b = cluster
    fien = ApiUser(server_a, "fien")
    game = fien.post("/api/games/", {"opponent": "computer", "public": True})
    game_path = f"/ws/games/{game['id']}/"
    spectator_url = server_a.replace("http://", "ws://") + game_path
    human_moves = 40

    def play() -> int:
        """The human plays its turns (alternating servers) for `human_moves` moves or to the
        end; returns the final seq once the computer has answered the last move."""
        made = 0
        while True:
            me = fien.at(server_a if made % 2 else server_b)
            state = me.get(f"/api/games/{game['id']}/")
            if state["status"] == "finished" or (made >= human_moves and state["current"] == 0):
                return state["seq"]
            if state["current"] == 0:
                me.play_first_legal(game["id"])
                made += 1
            else:
                time.sleep(0.02)  # the worker is playing the computer

    async def scenario():
        async with (
            websockets.connect(fien.at(server_b).ws_url(game_path)) as player_ws,
            websockets.connect(spectator_url, origin=server_a) as spectator_ws,
        ):
            starts = [
                json.loads(await asyncio.wait_for(ws.recv(), RECEIVE_LIMIT))["seq"]
                for ws in (player_ws, spectator_ws)
            ]
            final_seq = await asyncio.to_thread(play)
            for ws, start in zip((player_ws, spectator_ws), starts, strict=True):
                updates = await updates_until(ws, final_seq)
                assert_every_seq_once_in_order(updates, start, final_seq)
                assert any(e["seat"] == 1 for u in updates for e in u["entries"])

    asyncio.run(scenario())


def test_a_refused_socket_hears_why_as_a_close_code_through_daphne(cluster):
    """docs/api.md: 4401 (log in again) and 4404 (no such game), not a bare HTTP 403."""
    server_a, _ = cluster
    gijs, hans = ApiUser(server_a, "gijs"), ApiUser(server_a, "hans")
    private = gijs.post("/api/games/", {"opponent": "invite", "public": False})
    ws_base = server_a.replace("http://", "ws://")

    async def close_code(url: str, **kwargs) -> int:
        async with websockets.connect(url, **kwargs) as ws:
            with pytest.raises(websockets.ConnectionClosed):
                await asyncio.wait_for(ws.recv(), RECEIVE_LIMIT)
            return ws.close_code

    async def scenario():
        wrong_token = f"{ws_base}/ws/games/{private['id']}/?token=not-a-token"
        assert await close_code(wrong_token) == 4401
        assert await close_code(f"{ws_base}/ws/notifications/", origin=server_a) == 4401
        assert await close_code(hans.ws_url(f"/ws/games/{private['id']}/")) == 4404
        assert await close_code(hans.ws_url("/ws/games/999999/")) == 4404

    asyncio.run(scenario())


def test_a_game_played_through_both_servers_in_turn_has_one_state_on_both(cluster):
    """Each process keeps its own cache of engine states: a move served by A, the next by
    B, must find the same game on both (B's cached state is older than A's move)."""
    server_a, server_b = cluster
    ida, joep = ApiUser(server_a, "ida"), ApiUser(server_a, "joep")
    game = ida.post("/api/games/", {"opponent": "invite", "public": False})
    joep.post(f"/api/games/invite/{game['invite_code']}/join/")
    players = {0: ida, 1: joep}
    for n in range(30):
        here, there = (server_a, server_b) if n % 2 else (server_b, server_a)
        current = players[ida.get(f"/api/games/{game['id']}/")["current"]]
        answer = current.at(here).play_first_legal(game["id"])
        for player in players.values():
            on_a = player.at(server_a).get(f"/api/games/{game['id']}/")
            on_b = player.at(server_b).get(f"/api/games/{game['id']}/")
            assert on_a["seq"] == on_b["seq"] == answer["seq"]
            assert on_a["state"] == on_b["state"]
        legal = [current.at(s).get(f"/api/games/{game['id']}/legal/") for s in (here, there)]
        assert legal[0] == legal[1]


def test_a_rate_limit_holds_across_server_processes(tmp_path_factory, migrated_sqlite):
    """DRF's throttle counters live in Django's cache: Redis, shared by both processes."""
    tmp = tmp_path_factory.mktemp("throttled")
    with scratch_database(migrated_sqlite, tmp, f"dwaalhof_throttle_{os.getpid()}") as database_url:
        env = server_env(
            database_url,
            DJANGO_THROTTLE_AUTH="6/minute",
            DWAALHOF_CHANNEL_PREFIX=f"dwaalhof-test-throttle-{os.getpid()}",
        )
        with Processes(tmp) as procs:
            servers = [procs.daphne("throttled-a", env), procs.daphne("throttled-b", env)]
            # a name per attempt: the login limits lock one name after a few failures
            # (staffguard.login_limits); this counts DRF's throttle per address
            answers = [
                requests.post(
                    f"{servers[n % 2]}/api/auth/token",
                    json={"username": f"nobody{n}", "password": "wrong-password"},
                    timeout=30,
                )
                for n in range(8)
            ]
    assert [a.status_code for a in answers] == [401] * 6 + [429] * 2
    assert answers[-1].json()["code"] == "throttled"
