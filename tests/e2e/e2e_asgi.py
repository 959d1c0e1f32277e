"""The ASGI app under browser test: the real site, with seeds that follow a fixed pattern.

A game's seed is `E2E_SEED_PREFIX-<creator's username>-<n>` (n counts that creator's
games), so each browser test plays the same board and the same dice on every run, whatever
other tests ran before it. Nothing else differs from `dwaalhof_site.asgi`.
"""

import itertools
import os
import threading
from collections import defaultdict

from dwaalhof_site.asgi import application  # noqa: F401  (sets Django up first)
from games import services

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
