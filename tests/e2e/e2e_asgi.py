"""The ASGI app under browser test: the real site, with seeds that follow a fixed pattern.

A game's seed is `E2E_SEED_PREFIX-<creator's username>-<n>` (n counts that creator's
games), so each browser test plays the same board and the same dice on every run, whatever
other tests ran before it.

There is no worker in the browser tests. `POST /e2e/worker-tick/?at=MS` (this test app only,
never the site's) runs one pass of the worker's `tick` at the instant `at` (ms since the
epoch) inside the server, as `make run` runs its embedded worker: its pushes reach the
sockets. A test drives the worker's timeout step with it, at an instant of its choosing.
Passwords are hashed with a fast hasher (as the server tests' settings do): a browser test
signs up and logs in often, and the real hasher's cost is not what they test.
Nothing else differs from `dwaalhof_site.asgi`.
"""

import itertools
import json
import os
import threading
from collections import defaultdict
from urllib.parse import parse_qs

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.hashers import get_hashers

from dwaalhof_site.asgi import application as site  # sets Django up first
from games import services

settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
get_hashers.cache_clear()

WORKER_TICK = "/e2e/worker-tick/"

_prefix = os.environ.get("E2E_SEED_PREFIX", "e2e")
_counters: dict[str, itertools.count] = defaultdict(lambda: itertools.count(1))
_creator = threading.local()
_game_create = services.game_create


def _create(*, user, **kwargs):
    _creator.name = user.username
    return _game_create(user=user, **kwargs)


def _fixed_seed() -> str:
    name = getattr(_creator, "name", "rematch")
    return f"{_prefix}-{name}-{next(_counters[name])}"


services.game_create = _create
services.new_seed = _fixed_seed


def _tick_at(at_ms: int) -> dict[str, int]:
    import clocks
    from worker import loop

    return loop.tick(clocks.from_ms(at_ms))


async def _answer(send, status: int, body: object) -> None:
    data = json.dumps(body).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": data})


async def application(scope, receive, send):
    if scope["type"] != "http" or scope["path"] != WORKER_TICK:
        return await site(scope, receive, send)
    query = parse_qs(scope.get("query_string", b"").decode())
    at = query.get("at", [""])[0]
    if scope["method"] != "POST" or not at.isdigit():
        return await _answer(send, 400, {"error": "POST ?at=<ms since the epoch>"})
    # the embedded worker's way (dwaalhof_site.run_all): a pass in a thread off the loop
    done = await sync_to_async(_tick_at, thread_sensitive=False)(int(at))
    return await _answer(send, 200, done)
