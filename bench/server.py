"""Server benchmark: prints figures, asserts nothing. Bounded and in-process.

    python -m bench.server [--games 4]

Runs on the configured database (PostgreSQL when DATABASE_URL says so), in a scratch test
database that is dropped afterwards. Two accounts play whole games with the engine's greedy
bot choosing every move (the choice is not timed); each move goes through the whole Django
stack (middleware, token auth, DRF, services.move_submit with its row lock, the on-commit
hooks) via Django's in-process client. In the same run, interleaved with the moves:

- the floor: a bare DRF view (same middleware and auth) that inserts and commits one row;
- read my view: GET /api/games/{id}/ by the player to move.

Targets: submit p50 < 15 ms and within 3x of the floor; view p50 < 10 ms. Each request's
CPU (time.process_time of this process) is printed too, against the floor's: steadier than
wall time on a busy machine. The throttles run (limits out of reach): with REDIS_URL their
counters are in Redis, as in production.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

TIME_LIMIT = 240  # seconds of playing, whatever the arguments


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def _floor_view():
    from django.db import connection, transaction
    from rest_framework.response import Response
    from rest_framework.views import APIView

    class FloorView(APIView):
        """The least a move request can cost: authenticate, parse, insert one row, commit."""

        def post(self, request):
            with transaction.atomic(), connection.cursor() as cur:
                cur.execute(
                    "INSERT INTO bench_floor (payload) VALUES (%s)", [json.dumps(request.data)]
                )
            return Response({"ok": True}, status=201)

    return FloorView.as_view()


def _urlpatterns():
    from django.urls import path

    from dwaalhof_site.urls import urlpatterns

    return [*urlpatterns, path("bench/floor/", _floor_view(), name="bench-floor")]


def __getattr__(name):  # ROOT_URLCONF="bench.server" during the run
    if name == "urlpatterns":
        return _urlpatterns()
    raise AttributeError(name)


_real_hooks: dict = {}


def _set_hooks(on: bool) -> None:
    from games import hooks

    if not _real_hooks:
        _real_hooks.update(
            after_move_committed=hooks.after_move_committed,
            after_game_changed=hooks.after_game_changed,
        )
    for name, func in _real_hooks.items():
        setattr(hooks, name, func if on else (lambda *args, **kwargs: None))


def _create_floor_table() -> None:
    from django.db import connection

    pk = (
        "BIGSERIAL PRIMARY KEY"
        if connection.vendor == "postgresql"
        else "INTEGER PRIMARY KEY AUTOINCREMENT"
    )
    with connection.cursor() as cur:
        cur.execute(f"CREATE TABLE bench_floor (id {pk}, payload TEXT NOT NULL)")


def play_and_measure(games: int, out) -> None:
    from django.contrib.auth import get_user_model
    from django.test import Client

    import engine
    from engine import bots
    from games import selectors, services
    from games.models import Game
    from tokens.services import issue

    User = get_user_model()
    players = [User.objects.create_user(f"bench{i}", password="bench-pw-123") for i in (0, 1)]  # noqa: S106 — throwaway accounts on a scratch benchmark database
    tokens = {u.pk: issue(u, "bench")[1] for u in players}
    client = Client()
    submit: list[float] = []
    core: list[float] = []
    floor: list[float] = []
    view: list[float] = []
    # CPU per request (this process's, time.process_time): steadier than wall time on a
    # busy machine, and what the issue's target is about (CPU per move against the floor's).
    cpu: dict[str, list[float]] = {"submit": [], "core": [], "floor": [], "view": []}
    started = time.perf_counter()
    for g in range(games):
        # Odd games run with the on-commit hooks (websocket push, notifications) switched
        # off, to show what the move itself costs next to what the realtime side adds.
        with_hooks = g % 2 == 0
        _set_hooks(with_hooks)
        game = services.game_create(user=players[0], opponent="invite")
        services.game_join(game=game, user=players[1], code=game.invite_code)
        while time.perf_counter() - started < TIME_LIMIT:
            game = Game.objects.get(pk=game.pk)
            if game.status != Game.Status.ACTIVE:
                break
            assert game.current_seat is not None  # active
            user = game.seats.get(index=game.current_seat).user
            assert user is not None  # both seats are people
            auth: dict[str, Any] = {"HTTP_AUTHORIZATION": f"Token {tokens[user.pk]}"}
            state = selectors.game_state(game)
            move = bots.choose_move(state, "greedy", rng_seed=f"{g}:{state.seq}").to_json()
            body = json.dumps({"move": move, "expected_seq": game.seq})

            t0, c0 = time.perf_counter(), time.process_time()
            r = client.post(
                f"/api/games/{game.pk}/moves/", body, content_type="application/json", **auth
            )
            (submit if with_hooks else core).append((time.perf_counter() - t0) * 1000)
            cpu["submit" if with_hooks else "core"].append((time.process_time() - c0) * 1000)
            if r.status_code != 201:
                raise SystemExit(f"move refused: {r.status_code} {r.content[:300]!r}")

            t0, c0 = time.perf_counter(), time.process_time()
            r = client.post("/bench/floor/", body, content_type="application/json", **auth)
            floor.append((time.perf_counter() - t0) * 1000)
            cpu["floor"].append((time.process_time() - c0) * 1000)
            assert r.status_code == 201, r.content

            t0, c0 = time.perf_counter(), time.process_time()
            r = client.get(f"/api/games/{game.pk}/", **auth)
            view.append((time.perf_counter() - t0) * 1000)
            cpu["view"].append((time.process_time() - c0) * 1000)
            assert r.status_code == 200, r.content
    _set_hooks(True)
    from django.db import connection

    ratio = pct(submit, 50) / pct(floor, 50)
    print(
        f"server bench: {connection.vendor}, rules {engine.RULES_VERSION}, "
        f"{len(submit) + len(core)} moves over {games} bot-played games, in-process client",
        file=out,
    )
    print(
        f"  move submit        p50 {pct(submit, 50):6.2f} ms   p99 {pct(submit, 99):6.2f} ms",
        file=out,
    )
    if core:
        print(
            f"  ... without hooks  p50 {pct(core, 50):6.2f} ms   p99 {pct(core, 99):6.2f} ms"
            f"   ({pct(core, 50) / pct(floor, 50):.2f}x floor)",
            file=out,
        )
    print(
        f"  floor (insert+commit) p50 {pct(floor, 50):6.2f} ms   p99 {pct(floor, 99):6.2f} ms",
        file=out,
    )
    print(f"  submit/floor p50   {ratio:6.2f}x  (target < 3x; submit p50 target < 15 ms)", file=out)
    print(
        f"  read my view       p50 {pct(view, 50):6.2f} ms   p99 {pct(view, 99):6.2f} ms  (target p50 < 10 ms)",
        file=out,
    )
    print("  CPU per request (this process; mean, p50):", file=out)
    floor_cpu = sum(cpu["floor"]) / len(cpu["floor"])
    for name, label in (
        ("submit", "move submit"),
        ("core", "... without hooks"),
        ("floor", "floor"),
        ("view", "read my view"),
    ):
        if values := cpu[name]:
            mean = sum(values) / len(values)
            print(
                f"    {label:<18} {mean:6.2f} ms  {pct(values, 50):6.2f} ms"
                f"   ({mean / floor_cpu:.2f}x floor)",
                file=out,
            )


def run(games: int = 4, out=sys.stdout) -> None:
    from django.conf import settings
    from django.db import connection
    from django.test.utils import override_settings

    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        _create_floor_table()
        from tokens import scopes

        # A token reaches an endpoint only through the scopes' table: the floor needs what
        # a move needs (the table closes an endpoint it does not name).
        scopes.ENDPOINTS["bench-floor"] = {"POST": scopes.GAME_PLAY}
        with override_settings(
            ROOT_URLCONF="bench.server",
            # The throttles run as in production (the token's bucket, the move throttle;
            # counters in Redis with REDIS_URL), with limits the bench never reaches.
            DWAALHOF_THROTTLE_RATES={
                "moves": "1000000/minute",
                "token_read": "1000000/hour burst 100000",
                "token_write": "1000000/hour burst 100000",
            },
            PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
            ALLOWED_HOSTS=[*settings.ALLOWED_HOSTS, "testserver"],
            DEBUG=False,
        ):
            play_and_measure(games, out)
    finally:
        if hasattr(connection, "close_pool"):
            connection.close_pool()
        connection.close()
        connection.creation.destroy_test_db(old_name, verbosity=0)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dwaalhof_site.settings")
    import django

    django.setup()
    run(args.games)


if __name__ == "__main__":
    main()
