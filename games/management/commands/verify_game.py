"""python manage.py verify_game ID | --file export.json: replay a game and check it."""

import json
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.models import Game
from games.verify import check_game, verify_export


class Command(BaseCommand):
    help = "Replay a game's log from its seed and check the commitment, snapshot and result."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("game_id", nargs="?", type=int)
        parser.add_argument("--file", help="check a public export (JSON) instead")

    def handle(
        self, *args: Any, game_id: int | None = None, file: str | None = None, **options: Any
    ) -> None:
        if file:
            with open(file, encoding="utf-8") as fh:
                report = verify_export(json.load(fh))
            name = file
        elif game_id is not None:
            game = Game.objects.filter(pk=game_id).first()
            if game is None:
                raise CommandError(f"no game {game_id}")
            report = check_game(game)
            name = f"game {game_id}"
        else:
            raise CommandError("give a game id or --file")
        for check in report.checks:
            self.stdout.write(f"ok: {check}")
        if not report.ok:
            raise CommandError(f"{name}: {report.problem}")
        self.stdout.write(self.style.SUCCESS(f"{name}: verified"))
