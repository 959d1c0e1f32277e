"""Liveness and readiness (docs/deploy.md, "Health checks"): the proxy takes a process out
of rotation while its database or Redis is unreachable; liveness never asks them."""

from __future__ import annotations

import os

import pytest
import requests
from django.test import Client

from .live_servers import Processes, free_port, server_env

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}


def nowhere_redis() -> str:
    return f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there


def failing(answer) -> list[str]:
    return [name for name, status in answer.json().items() if status != "OK"]


def test_a_healthy_process_is_live_and_ready_with_database_and_cache_checked():
    assert Client().get("/health/live/", **JSON).status_code == 200
    answer = Client().get("/health/ready/", **JSON)
    assert answer.status_code == 200
    assert answer.json() == {"Database(alias='default')": "OK", "Cache(alias='default')": "OK"}


def test_not_ready_while_redis_is_unreachable_but_still_live(settings):
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [{"address": nowhere_redis()}]},
        }
    }
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": nowhere_redis(),
        }
    }
    answer = Client().get("/health/ready/", **JSON)
    assert answer.status_code == 503
    assert [name.split("(")[0] for name in failing(answer)] == ["Cache", "Redis"]
    assert Client().get("/health/live/", **JSON).status_code == 200


def test_not_ready_while_the_database_is_unreachable_but_still_live(tmp_path):
    """A real server process whose database cannot be reached (PostgreSQL: nothing listens
    on the port; SQLite: the file's folder is gone)."""
    if os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        database_url = f"postgres://postgres@127.0.0.1:{free_port()}/dwaalhof"
    else:
        database_url = f"sqlite:///{tmp_path / 'gone' / 'db.sqlite3'}"
    with Processes(tmp_path) as procs:
        base = procs.daphne("no-database", server_env(database_url))
        ready = requests.get(f"{base}/health/ready/?format=json", timeout=30)
        assert ready.status_code == 503
        assert failing(ready) == ["Database(alias='default')"]
        assert requests.get(f"{base}/health/live/?format=json", timeout=30).status_code == 200
