"""Players through the edge host (bench/loadclient.py's scripted games, a websocket per
seat), with a record of every move the server acknowledged, and the checks against the log
read on a web host."""

from __future__ import annotations

import json

from bench.loadclient import Api, Player, ScriptedGame, Stats
from deploy.cluster.cluster import EDGE_URL, Cluster


class RecordingApi(Api):
    """Api (which retries 502/503 for a while, as a client would) that keeps each move the
    server answered 2xx: (game id, client_move_id). Every attempt's status is counted in
    stats.statuses; an answer that is not JSON is an error there."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.acknowledged: list[tuple[int, str]] = []

    async def call(self, method, path, token, body=None, *, retry=True):
        status, data = await super().call(method, path, token, body, retry=retry)
        if method == "POST" and path.endswith("/moves/") and 200 <= status < 300:
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
    """Every acknowledged move is in the log, once, and nothing else is; each game verifies
    and ends where its players saw it. Returns how many moves were acknowledged."""
    ids = [g.game_id for g in games]
    logged = sorted(tuple(row) for row in logged_moves(cluster, ids))
    assert logged == sorted(api.acknowledged)
    verdicts = verify(cluster, ids)
    for game in games:
        ok, problem, _status, seq = verdicts[str(game.game_id)]
        assert ok, problem
        assert seq == game.seq
    return len(api.acknowledged)


__all__ = ["RecordingApi", "Stats"]
