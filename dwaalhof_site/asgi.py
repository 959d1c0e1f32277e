"""ASGI entry point: HTTP through Django (but the event streams: Channels HTTP consumers,
streams.routing, which hold no thread while they wait), websockets through Channels.

Websockets pass, from the outside in: the origin check (a browser page from another site
may not open a socket with the player's cookies), session auth (the browser's cookie), then
token auth (`?token=` for bots and scripts, which send no cookie and often no Origin).
"""

import gc
import os
import sys

import django

# Sync views (and the broadcast after a commit) run in a thread beside the event loop that
# writes to the sockets. With CPython's default 5 ms GIL switch interval a busy view thread
# makes the loop wait in 5 ms slices; 0.5 ms cut the commit -> socket p99 by about half in
# bench/realtime.py, at a small cost in throughput.
sys.setswitchinterval(float(os.environ.get("DWAALHOF_GIL_SWITCH_INTERVAL", "0.0005")))

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dwaalhof_site.settings")
# Django must be set up before the consumers (and their models) are imported.
django.setup(set_prefix=False)  # as django.core.asgi.get_asgi_application does

from dwaalhof_site.daphne_forms import leave_forms_to_django  # noqa: E402
from dwaalhof_site.handler import OneHopASGIHandler  # noqa: E402

leave_forms_to_django()

django_asgi_app = OneHopASGIHandler()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import re_path  # noqa: E402

from games import routing as games_routing  # noqa: E402
from games.ws_auth import OriginCheck, TokenQueryAuthMiddleware  # noqa: E402
from notifications import routing as notifications_routing  # noqa: E402
from notifications.limited import LimitedSocketGuard  # noqa: E402
from streams import routing as streams_routing  # noqa: E402

websocket_urlpatterns = (
    games_routing.websocket_urlpatterns + notifications_routing.websocket_urlpatterns
)

application = ProtocolTypeRouter(
    {
        "http": URLRouter(
            [*streams_routing.http_urlpatterns, re_path(r"", django_asgi_app)]  # type: ignore[arg-type]
        ),
        "websocket": OriginCheck(
            AuthMiddlewareStack(
                # A session opened by a mail's game link opens that game's socket only.
                LimitedSocketGuard(TokenQueryAuthMiddleware(URLRouter(websocket_urlpatterns)))
            )
        ),
    }
)

# Everything loaded by now (Django, the apps, the rules' content) lives as long as the
# process. Frozen, it is left out of every garbage collection, so a full collection (which
# holds the GIL: every request and socket of the process waits) scans only what came later.
# Measured in bench.http_latency (docs/deploy.md): a full collection took up to 182 ms of CPU
# with ~180k objects in the oldest generation, 120 ms at most after freezing (~53k left).
gc.collect()
gc.freeze()
# A move makes tens of thousands of short-lived containers (its views, log entries and
# texts): at Python's default young-generation threshold of 700 a web process ran ~2
# collections per move, 6.4-6.9% of its CPU; at 10,000, one per ~17 moves, 2.9-3.3%
# (bench.move_cpu, timed with gc.callbacks, 2026-12-04). The price: the few objects caught
# in reference cycles are freed a little later.
GC_THRESHOLDS = (10_000, 10, 10)
gc.set_threshold(*GC_THRESHOLDS)
