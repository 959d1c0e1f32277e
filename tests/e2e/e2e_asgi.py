"""The ASGI app under browser test: the real site, with seeds that follow a fixed pattern.

Every game's seed is `E2E_SEED_PREFIX-n` (n counts games created by this server process),
so a browser test plays the same board and the same dice on every run. Nothing else
differs from `dwaalhof_site.asgi`.
"""

import itertools
import os

from dwaalhof_site.asgi import application  # noqa: F401  (sets Django up first)
from games import services

_games = itertools.count(1)
_prefix = os.environ.get("E2E_SEED_PREFIX", "e2e")


def _fixed_seed() -> str:
    return f"{_prefix}-{next(_games)}"


services.new_seed = _fixed_seed
