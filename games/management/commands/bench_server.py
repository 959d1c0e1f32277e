"""python manage.py bench_server [--games N]: see games/bench.py."""

import sys

from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Benchmark move submit, the floor (bare insert+commit) and reading a game's view."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=4)

    def handle(self, *args, games=4, **options):
        from games.bench import run

        run(games, out=sys.stdout)  # print() adds its own newlines
