"""Search seeds for the tutorial: `python manage.py find_tutorial_seed --count 200` plays each
candidate (tutorial.search.play, the computer as the server's "normal" level plays) and
prints how many of the learner's moves it takes to meet every lesson; `--write` stores the
shortest complete line in tutorial/script.json (docs/tutorial.md)."""

from __future__ import annotations

import json
import time
from typing import Any

from django.core.management.base import BaseCommand

import engine
from games import computer
from tutorial import script as script_module
from tutorial.lessons import LESSONS
from tutorial.search import Line, play

LEVEL = "normal"


def _computer(state: engine.State) -> engine.Move:
    return computer.choose_move(state, LEVEL)


def script_of(line: Line) -> dict[str, Any]:
    return script_module.Script.from_json(
        {
            "seed": line.seed,
            "rules_version": engine.RULES_VERSION,
            "level": LEVEL,
            "log": line.log,
            # each lesson is taught once: at the first move that meets it
            "steps": [
                {"seq": seq, "lessons": [x for x in lessons if line.met[x] == index]}
                for index, (seq, lessons) in enumerate(zip(line.seqs, line.lessons, strict=True))
            ],
        }
    ).to_json()


class Command(BaseCommand):
    help = "Search a seed whose line meets every tutorial lesson; --write stores the best."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--prefix", default="dwaalhof-les-")
        parser.add_argument("--start", type=int, default=0)
        parser.add_argument("--count", type=int, default=100)
        parser.add_argument("--seed", help="try only this seed")
        parser.add_argument("--write", action="store_true", help="store the best in script.json")

    def handle(self, *args: Any, **opts: Any) -> None:
        seeds = (
            [opts["seed"]]
            if opts["seed"]
            else [
                f"{opts['prefix']}{i}" for i in range(opts["start"], opts["start"] + opts["count"])
            ]
        )
        best: Line | None = None
        began = time.monotonic()
        for seed in seeds:
            line = play(seed, computer=_computer)
            missing = [lesson for lesson in LESSONS if lesson not in line.met]
            self.stdout.write(
                f"{seed}: {len(line.moves)} moves"
                + (f", missing {' '.join(missing)}" if missing else ", every lesson")
            )
            if line.complete and (best is None or len(line.moves) < len(best.moves)):
                best = line
        self.stdout.write(f"{len(seeds)} seeds in {time.monotonic() - began:.0f} s")
        if best is None:
            self.stdout.write("no seed met every lesson")
            return
        self.stdout.write(f"best: {best.seed} ({len(best.moves)} moves)")
        if opts["write"]:
            text = json.dumps(script_of(best), ensure_ascii=False, separators=(",", ":"))
            script_module.PATH.write_text(text + "\n", encoding="utf-8")
            self.stdout.write(f"wrote {script_module.PATH}")
