"""`python manage.py run_worker`: the background worker (worker/loop.py)."""

import logging
import signal
import threading

from django.conf import settings
from django.core.management.base import BaseCommand

from worker import loop as worker


class Command(BaseCommand):
    help = "Run the background worker: computer moves, turn deadlines, reminders, email."

    def add_arguments(self, parser):
        parser.add_argument("--interval", type=float, default=1.0, help="seconds between passes")
        parser.add_argument("--once", action="store_true", help="one pass, then exit")

    def handle(self, *, interval: float, once: bool, **options):
        logging.getLogger("games").setLevel(logging.INFO)
        if "InMemoryChannelLayer" in settings.CHANNEL_LAYERS["default"]["BACKEND"]:
            self.stderr.write(
                "Let op: no REDIS_URL, so this worker's live updates cannot reach the web "
                "server's sockets (they still see them on reload). Set REDIS_URL, or use "
                "`make run`, which runs the worker inside the server process."
            )
        stop = threading.Event()
        # Finish the current pass, then stop: nothing is left half done.
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, lambda *_: stop.set())
        self.stdout.write(f"worker running (every {interval}s); Ctrl-C stops it")
        worker.run(interval=interval, stop=stop, max_ticks=1 if once else None)
        self.stdout.write("worker stopped")
