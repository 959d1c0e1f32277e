"""Players through the edge host (bench/loadclient.py's scripted games, a websocket per
seat), with a record of every move the server acknowledged, and the checks against the log
read on a web host."""

from __future__ import annotations

import asyncio
import json
import time

from bench.loadclient import RETRY_FOR, Api, Player, ScriptedGame, Stats
from deploy.cluster.cluster import EDGE_URL, Cluster


class RecordingApi(Api):
    """Api that keeps each move the server answered 2xx: (game id, client_move_id), and
    the code of every 503 answer. Answers 502/503 and refused connections are retried for
    RETRY_FOR seconds (the same body: a move keeps its client_move_id), as a client would;
    an answer that is not JSON is an error (stats.errors)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.acknowledged: list[tuple[int, str]] = []
        self.unavailable: list[str] = []  # the `code` of each 503

    async def call(self, method, path, token, body=None, *, retry=True):
        end = time.monotonic() + RETRY_FOR
        while True:
            status, data = await super().call(method, path, token, body, retry=False)
            if status == 503:
                self.unavailable.append(data.get("code", ""))
            if status in (0, 502, 503) and retry and time.monotonic() < end:
                self.stats.retried += 1
                await asyncio.sleep(0.2)
                continue
            break
        moved = method == "POST" and path.endswith("/moves/") and 200 <= status < 300
        if moved and body.get("client_move_id"):
            self.acknowledged.append((int(path.split("/")[3]), body["client_move_id"]))
        return status, data


def shell(cluster: Cluster, code: str):
    """Python in Django on web1 (its environment, its view of the database); the last
    output line is JSON."""
    out = cluster.manage("web1", "shell", "-c", code)
    return json.loads(out.strip().splitlines()[-1])


def create_players(cluster: Cluster, count: int, prefix: str) -> list[Player]:
    code = (
        "import json\n"
        "from django.contrib.auth import get_user_model\n"
        "from tokens.services import issue\n"
        "out = []\n"
        f"for i in range({count}):\n"
        f"    u = get_user_model().objects.create_user(username=f'{prefix}{{i}}')\n"
        "    out.append([u.username, issue(u, 'cluster')[1]])\n"
        "print(json.dumps(out))\n"
    )
    return [Player(name, token) for name, token in shell(cluster, code)]


def logged_moves(cluster: Cluster, ids: list[int]) -> list[list]:
    """Every player's move in the games' logs: [game id, client_move_id]."""
    code = (
        "import json\n"
        "from games.models import Move\n"
        f"rows = Move.objects.filter(game_id__in={ids!r}, client_move_id__isnull=False)\n"
        "print(json.dumps([[m.game_id, m.client_move_id] for m in rows]))\n"
    )
    return shell(cluster, code)


def verify(cluster: Cluster, ids: list[int]) -> dict[str, list]:
    code = (
        "import json\n"
        "from games.models import Game\n"
        "from games.verify import check_game\n"
        "out = {}\n"
        f"for g in Game.objects.filter(pk__in={ids!r}):\n"
        "    r = check_game(g)\n"
        "    out[str(g.pk)] = [r.ok, r.problem, g.status, g.seq]\n"
        "print(json.dumps(out))\n"
    )
    return shell(cluster, code)


async def start_games(api: Api, people: list[Player], count: int) -> list[ScriptedGame]:
    games = [
        ScriptedGame(
            api, EDGE_URL.replace("http", "ws"), (people[2 * i], people[2 * i + 1]), f"c:{i}"
        )
        for i in range(count)
    ]
    for game in games:
        await game.create()
    return games


async def play(games: list[ScriptedGame], moves: int) -> None:
    """Each active game plays `moves` moves (or to its end)."""
    for _ in range(moves):
        for game in games:
            if game.status == "active":
                await game.play_one()


def assert_nothing_lost(cluster: Cluster, api: RecordingApi, games: list[ScriptedGame]) -> int:
    """Every acknowledged move of the games is in the log, once, and nothing else is; each
    game verifies and ends where its players saw it. Returns how many were acknowledged."""
    ids = [g.game_id for g in games]
    logged = sorted(tuple(row) for row in logged_moves(cluster, ids))
    assert logged == sorted(m for m in api.acknowledged if m[0] in ids)
    verdicts = verify(cluster, ids)
    for game in games:
        ok, problem, _status, seq = verdicts[str(game.game_id)]
        assert ok, problem
        assert seq == game.seq
    return len(logged)


__all__ = ["RecordingApi", "Stats"]


async def the_computer_answers(api: Api, player: Player, timeout: float = 30) -> bool:
    """A game against the computer: the player moves until the computer's turn, which the
    worker (on web1) plays; True once it has (the worker reaches the database)."""
    status, game = await api.call("POST", "/api/games/", player.token, {"opponent": "computer"})
    assert status == 201, game
    path = f"/api/games/{game['id']}/"
    while game["current"] == 0 and game["status"] == "active":
        status, legal = await api.call("GET", path + "legal/", player.token)
        assert status == 200, legal
        status, answer = await api.call(
            "POST",
            path + "moves/",
            player.token,
            {"move": legal["moves"][0], "expected_seq": legal["seq"]},
        )
        assert status == 201, answer
        game = answer["game"]
    seq = game["seq"]
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        status, game = await api.call("GET", path, player.token)
        if game["seq"] > seq:
            return True
        await asyncio.sleep(0.3)
    return False
