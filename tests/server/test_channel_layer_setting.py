"""DWAALHOF_CHANNEL_LAYER: which channels-redis layer a process uses with REDIS_URL."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOW = (
    "import django; django.setup(); from django.conf import settings; "
    "print(settings.CHANNEL_LAYERS['default']['BACKEND'])"
)


def backend(**env: str) -> subprocess.CompletedProcess:
    full = dict(os.environ)
    full.pop("DWAALHOF_CHANNEL_LAYER", None)  # only what the test sets
    full.update(DJANGO_SETTINGS_MODULE="dwaalhof_site.settings", **env)
    return subprocess.run(
        [sys.executable, "-c", SHOW], cwd=ROOT, env=full, capture_output=True, text=True
    )


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, "dwaalhof_site.channel_layer.BatchReadRedisChannelLayer"),  # the default: core's
        ({"DWAALHOF_CHANNEL_LAYER": "pubsub"}, "channels_redis.pubsub.RedisPubSubChannelLayer"),
    ],
)
def test_the_operator_picks_the_redis_channel_layer(env, expected):
    done = backend(REDIS_URL="redis://127.0.0.1:6379/13", **env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == expected


def test_an_unknown_channel_layer_stops_the_server_with_a_clear_message():
    done = backend(REDIS_URL="redis://127.0.0.1:6379/13", DWAALHOF_CHANNEL_LAYER="kafka")
    assert done.returncode != 0
    assert "DWAALHOF_CHANNEL_LAYER must be 'core' or 'pubsub'" in done.stderr
