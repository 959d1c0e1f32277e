"""Server test fixtures. The PostgreSQL-only tests are collected only when DATABASE_URL
points at PostgreSQL (so a SQLite run neither runs nor skips them)."""

import hashlib
import itertools
import os
import uuid

import pytest

from tests.conftest import FAST_HASHERS

collect_ignore = []
if not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
    collect_ignore.append("test_concurrency_pg.py")
    collect_ignore.append("test_ratings_pg.py")
    collect_ignore.append("test_clock_race_pg.py")
    collect_ignore.append("test_prepared_statements_pg.py")


@pytest.fixture(autouse=True, scope="session")
def _static_root(tmp_path_factory):
    """An empty STATIC_ROOT of this test process's own. WhiteNoise warns on every request
    while STATIC_ROOT is missing, and it walks the folder each time a test client starts: an
    empty folder keeps that cheap and apart from whatever the checkout's staticfiles/ holds."""
    from django.conf import settings

    settings.STATIC_ROOT = str(tmp_path_factory.mktemp("static_root"))


@pytest.fixture(autouse=True)
def _server_test_setup(settings, monkeypatch, request):
    """Generous throttle rates, empty caches, and reproducible seeds (games.services.new_seed)."""
    from django.core.cache import cache

    from games import services, state_cache

    counter = itertools.count(1)
    monkeypatch.setattr(
        services,
        "new_seed",
        lambda: hashlib.sha256(f"{request.node.nodeid}:{next(counter)}".encode()).hexdigest(),
    )
    settings.DWAALHOF_THROTTLE_RATES = {"auth": "10000/minute", "moves": "100000/minute"}
    settings.PASSWORD_HASHERS = FAST_HASHERS
    settings.DWAALHOF_BOT_MOVES = "inline"  # realtime: the computer moves on commit in tests
    settings.DWAALHOF_PUSH = "inline"  # in-process tests read the pushes right after a move
    cache.clear()
    state_cache.clear()
    yield
    state_cache.clear()


@pytest.fixture
def client_for():
    """client_for(user) -> a DRF APIClient logged in (session) as user; None: anonymous."""
    from rest_framework.test import APIClient

    def make(user=None):
        client = APIClient()
        if user is not None:
            client.force_login(user)
        return client

    return make


@pytest.fixture
def make_user(db):
    """make_user("anna", display_name=...) -> tests.server.factories.UserFactory(username=...)."""
    from .factories import UserFactory

    def make(username: str = "anna", **fields):
        return UserFactory(username=username, **fields)

    return make


@pytest.fixture
def admin_client(db, admin_user):
    """pytest-django's admin_client, with its session verified by a second factor (a TOTP
    device): the admin opens only to staff who gave one (staffguard.admin_site)."""
    from .helpers import staff_client

    return staff_client(admin_user)


@pytest.fixture
def started_game(db):
    """A running game between anna (seat 0) and bert (seat 1)."""
    from .factories import GameFactory

    return GameFactory(creator__username="anna", joiner__username="bert")


@pytest.fixture
def test_clock(monkeypatch):
    """The server's now, as the test sets it (tests.server.clock_support.TestClock)."""
    from .clock_support import install

    return install(monkeypatch)


@pytest.fixture
def on_redis(settings):
    """Django's cache on Redis as in production (REDIS_URL), under a key prefix of this test's
    own (settings.CACHES["default"]["KEY_PREFIX"]); yields a client of that Redis and deletes
    only this test's keys afterwards (the Redis is shared)."""
    import redis

    url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    prefix = f"test-cache-{uuid.uuid4().hex[:8]}"
    settings.CACHES = {
        "default": {
            "BACKEND": "dwaalhof_site.redis_cache.SharedPoolRedisCache",
            "LOCATION": url,
            "KEY_PREFIX": prefix,
        }
    }
    server = redis.Redis.from_url(url)
    yield server
    for key in server.keys(f"{prefix}:*"):
        server.delete(key)
