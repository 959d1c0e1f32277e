"""Faults on the production topology (stacks/localstack.py): nginx in front of two
daphne processes, the worker, and a Redis server and a PostgreSQL cluster of the test's own
(temporary, on free ports), so stopping them disturbs nothing else on the machine.

Scripted players (bench/loadclient.py) play over REST through nginx with a websocket per
seat that reconnects with `?since=` the seq it holds, as the web client does. In every
test: play goes on after the fault, every socket ends at the game's seq having seen each
seq exactly once, and the game passes verify_game's check.
"""

from __future__ import annotations

import asyncio
import json
import random
import signal
import time

import aiohttp
import psycopg
import pytest

from bench.loadclient import Api, Player, ScriptedGame, SeatSocket, Stats
from bench.loadtest import create_players, verify_games
from stacks.localstack import Stack

pytestmark = [pytest.mark.faults, pytest.mark.redis, pytest.mark.one_worker]


@pytest.fixture(scope="module")
def stack(migrated_stack):
    with migrated_stack(
        "dwaalhof-faults-",
        web=2,
        fast_pg=True,
        worker_interval=0.2,
        env_extra={
            "DJANGO_THROTTLE_MOVES": "1000000/minute",
            "DJANGO_THROTTLE_TOKEN_READ": "1000000/minute",
            "DJANGO_THROTTLE_TOKEN_WRITE": "1000000/minute",
            "DJANGO_THROTTLE_AUTH": "100000/minute",
        },
    ) as topology:
        yield topology


_names = iter(range(10**6))


def players(stack: Stack, count: int = 2) -> list[Player]:
    return create_players(stack.env, count, prefix=f"p{next(_names)}x")


def assert_consistent(stack: Stack, games: list[ScriptedGame], problems: list[str]) -> None:
    assert problems == []
    verdicts = verify_games(stack.env, [g.game_id for g in games])
    for game in games:
        ok, problem, _status, seq = verdicts[str(game.game_id)]
        assert ok, problem
        assert seq == game.seq


async def start_games(stack: Stack, session, stats: Stats, count: int) -> list[ScriptedGame]:
    api = Api(session, stack.base, stats)
    people = players(stack, 2 * count)
    games = [
        ScriptedGame(
            api,
            stack.base.replace("http", "ws"),
            (people[2 * i], people[2 * i + 1]),
            seed=f"fault:{i}",
        )
        for i in range(count)
    ]
    for game in games:
        await game.create()
    return games


async def play_moves(games: list[ScriptedGame], moves: int) -> None:
    for _ in range(moves):
        for game in games:
            if game.status == "active":
                await game.play_one()


async def settle(games: list[ScriptedGame]) -> list[str]:
    problems = []
    for game in games:
        problems += await game.settle(timeout=15)
    return problems


def test_redis_restarted_mid_game_sockets_reconnect_and_resync_nothing_lost(stack):
    stats = Stats()

    async def scenario():
        async with aiohttp.ClientSession() as session:
            games = await start_games(stack, session, stats, 2)
            await play_moves(games, 4)
            stack.redis.stop()
            await asyncio.sleep(1)
            stack.redis.start()
            await play_moves(games, 6)
            return games, await settle(games)

    games, problems = asyncio.run(scenario())
    assert stats.errors == []
    assert stats.late == []  # every move reached the other seat live, within 5 s
    assert_consistent(stack, games, problems)
    # The moves after the restart reached the opponent's socket live (play_one waits for it).
    assert all(len(g.moves) >= 10 or g.status == "finished" for g in games)


def test_a_daphne_process_killed_mid_game_its_sockets_reconnect_to_the_other(stack):
    stats = Stats()

    async def scenario():
        async with aiohttp.ClientSession() as session:
            games = await start_games(stack, session, stats, 3)
            await play_moves(games, 3)
            stack.web[0].kill()  # as a crash: no close frames, no clean-up
            await play_moves(games, 6)
            # A socket that was on the killed process holds an old seq until it has
            # reconnected (0.2 s after the drop; on a fast machine the six moves are over
            # sooner, so counting reconnections right after them counted none).
            for game in games:
                for sock in game.sockets:
                    await sock.wait_for(game.seq, timeout=15)
            reconnected = sum(s.connects - 1 for g in games for s in g.sockets)
            return games, await settle(games), reconnected

    try:
        games, problems, reconnected = asyncio.run(scenario())
    finally:
        stack.restart_web(0)
    assert stats.errors == []
    assert stats.late == []  # every move reached the other seat live, within 5 s
    assert reconnected >= 1  # least_conn put some of the 6 sockets on the killed process
    assert_consistent(stack, games, problems)


def test_postgres_stopped_mid_game_moves_answer_json_503_then_play_resumes(stack):
    stats = Stats()
    answers = []

    async def scenario():
        async with aiohttp.ClientSession() as session:
            games = await start_games(stack, session, stats, 1)
            game = games[0]
            await play_moves(games, 3)
            stack.postgres.stop()
            try:
                mover = game.players[game.current]
                for method, path, body in (
                    ("GET", f"/api/games/{game.game_id}/legal/", None),
                    (
                        "POST",
                        f"/api/games/{game.game_id}/moves/",
                        {"move": {"type": "end_turn"}, "expected_seq": game.seq},
                    ),
                ):
                    async with session.request(
                        method,
                        stack.base + path,
                        json=body,
                        headers={"Authorization": f"Token {mover.token}"},
                    ) as answer:
                        answers.append(
                            (answer.status, answer.headers.get("Content-Type"), await answer.text())
                        )
            finally:
                stack.postgres.start()
            await play_moves(games, 5)
            return games, await settle(games)

    games, problems = asyncio.run(scenario())
    for status, kind, text in answers:
        assert status == 503, text
        assert kind == "application/json"
        assert json.loads(text)["code"] == "database_unavailable"
    assert stats.errors == []
    assert stats.late == []  # every move reached the other seat live, within 5 s
    assert len(games[0].moves) >= 8 or games[0].status == "finished"
    assert_consistent(stack, games, problems)


def _sql(stack: Stack, query: str, *args):
    with psycopg.connect(stack.database_url, autocommit=True) as conn:
        cursor = conn.execute(query, args)
        return cursor.fetchall() if cursor.description else None


def _kill_worker_at_random(stack: Stack, rng: random.Random, rounds: int) -> None:
    """SIGKILL the worker at random moments (some land in the middle of a pass), then
    start it again."""
    for _ in range(rounds):
        time.sleep(rng.uniform(0.05, 0.4))
        stack.worker.stop(signal.SIGKILL)
        stack.restart_worker()


def test_worker_killed_mid_pass_computer_moves_and_timeouts_resume_exactly_once(stack):
    rng = random.Random(7)
    stats = Stats()
    (cora, dirk, eva) = players(stack, 3)

    async def scenario():
        async with aiohttp.ClientSession() as session:
            api = Api(session, stack.base, stats)
            ws_base = stack.base.replace("http", "ws")
            # 1. Against the computer: the worker is killed while the computer is to move.
            status, game = await api.call(
                "POST", "/api/games/", cora.token, {"opponent": "computer"}
            )
            assert status == 201, game
            computer_game = game["id"]
            sock = SeatSocket(ws_base, computer_game, cora.token, 0).start()
            assert await sock.wait_for(0)
            turns = 0
            while turns < 3 and game["status"] == "active":
                if game["current"] == 0:
                    status, legal = await api.call(
                        "GET", f"/api/games/{computer_game}/legal/", cora.token
                    )
                    status, answer = await api.call(
                        "POST",
                        f"/api/games/{computer_game}/moves/",
                        cora.token,
                        {"move": legal["moves"][0], "expected_seq": legal["seq"]},
                    )
                    assert status == 201, answer
                    game = answer["game"]
                    if game["current"] == 1:
                        turns += 1
                        await asyncio.to_thread(_kill_worker_at_random, stack, rng, 3)
                else:
                    # The computer's turn: the (restarted) worker plays it; the socket shows it.
                    assert await sock.wait_for(game["seq"] + 1, timeout=30)
                    status, game = await api.call("GET", f"/api/games/{computer_game}/", cora.token)
                    while game["current"] == 1 and game["status"] == "active":
                        await sock.wait_for(game["seq"] + 1, timeout=30)
                        status, game = await api.call(
                            "GET", f"/api/games/{computer_game}/", cora.token
                        )
            assert turns == 3
            assert await sock.wait_for(game["seq"], timeout=15)
            await sock.stop()

            # 2. A turn deadline passes while the worker is down: the timeout comes after
            # the restart, once.
            duel = ScriptedGame(api, ws_base, (dirk, eva), seed="timeout")
            await duel.create()
            await duel.play_one()
            stack.worker.stop(signal.SIGKILL)
            # The game as if played a turn's time and a second earlier: the log's instants,
            # the game's and its clock's alike (verify_game folds the clock from the log).
            [(turn_seconds,)] = _sql(
                stack, "SELECT turn_seconds FROM games_game WHERE id = %s", duel.game_id
            )
            back = turn_seconds + 1
            _sql(
                stack,
                "UPDATE games_move SET created = created - %s * interval '1 second' "
                "WHERE game_id = %s",
                back,
                duel.game_id,
            )
            _sql(
                stack,
                "UPDATE games_game SET started_at = started_at - %s * interval '1 second', "
                "turn_started_at = turn_started_at - %s * interval '1 second', "
                "deadline_at = deadline_at - %s * interval '1 second', "
                "clock = jsonb_set(clock, '{since}', "
                "to_jsonb((clock->>'since')::bigint - %s * 1000)) WHERE id = %s",
                back,
                back,
                back,
                back,
                duel.game_id,
            )
            await asyncio.sleep(1)
            status, still = await api.call("GET", f"/api/games/{duel.game_id}/", dirk.token)
            assert still["status"] == "active"  # nobody to time it out yet
            stack.restart_worker()
            await asyncio.to_thread(_kill_worker_at_random, stack, rng, 3)
            end = time.monotonic() + 30
            while still["status"] == "active" and time.monotonic() < end:
                await asyncio.sleep(0.2)
                status, still = await api.call("GET", f"/api/games/{duel.game_id}/", dirk.token)
            duel.seq = still["seq"]
            problems = await duel.settle(timeout=15)
            return computer_game, sock.problems, duel, still, problems

    computer_game, socket_problems, duel, ended, problems = asyncio.run(scenario())
    assert stats.errors == []
    assert stats.late == []  # every move reached the other seat live, within 5 s
    assert socket_problems == []
    assert ended["status"] == "finished"
    timeouts = _sql(
        stack,
        "SELECT count(*) FROM games_move WHERE game_id = %s AND payload->>'type' = 'timeout'",
        duel.game_id,
    )
    assert timeouts == [(1,)]
    assert_consistent(stack, [duel], problems)
    verdict = verify_games(stack.env, [computer_game])[str(computer_game)]
    assert verdict[0], verdict[1]


def test_the_proxy_answers_its_own_errors_as_json_never_html(stack):
    import requests

    too_big = requests.post(
        f"{stack.base}/api/auth/token",
        data=b"x" * (5 * 2**20),
        headers={"Content-Type": "application/json"},
        timeout=30,
    )
    assert too_big.status_code == 413
    assert too_big.headers["Content-Type"] == "application/json"
    assert too_big.json()["code"] == "too_large"
    for web in stack.web:
        web.kill()
    try:
        away = requests.get(f"{stack.base}/api/games/", timeout=30)
    finally:
        for i in range(len(stack.web)):
            stack.restart_web(i)
    assert away.status_code == 503
    assert away.headers["Content-Type"] == "application/json"
    assert away.headers["Retry-After"] == "5"
    assert away.json()["code"] == "unavailable"
