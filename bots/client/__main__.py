"""python -m bots.client --url http://host --token … --level strong [--games N]
[--open | --join ID | --seek | --accept-challenges]: play N games (default 1) and print each
outcome as a line of JSON. docs/api.md, "For programs"."""

from __future__ import annotations

import argparse
import json
import logging
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from .choose import LEVELS
from .http import Api
from .play import (
    Player,
    accept_next_challenge,
    challenges_supported,
    join_game,
    open_game,
    seek_game,
)

CHALLENGE_POLL = 2.0  # s between looks at the incoming challenges


def parse(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bots.client", description=__doc__)
    parser.add_argument("--url", required=True, help="the site, e.g. https://dwaalhof.example")
    parser.add_argument(
        "--token",
        required=True,
        help="a personal token: game:read, game:play (and bot:play for a bot account)",
    )
    parser.add_argument("--level", choices=sorted(LEVELS), default="normal")
    parser.add_argument("--games", type=int, default=1, help="games to play, one after another")
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--open", action="store_true", help="open a lobby game and wait (default)")
    how.add_argument("--join", type=int, metavar="ID", help="join this open game")
    how.add_argument("--seek", action="store_true", help="join an open game, else open one")
    how.add_argument(
        "--accept-challenges",
        action="store_true",
        help="accept the challenges sent to me (when the server has them)",
    )
    parser.add_argument(
        "--time-control",
        help="an open game's time control, e.g. "
        "correspondence_3d_1d_7d (the server's default without)",
    )
    parser.add_argument("--trace", type=Path, help="write every stream line read to this file")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO, format="%(asctime)s %(message)s"
    )
    api = Api(args.url, args.token)
    me = api.get("/api/auth/me")["username"] if (args.seek or args.accept_challenges) else ""
    options = {"time_control": args.time_control} if args.time_control else {}
    if args.accept_challenges and not challenges_supported(api):
        print("this server has no challenges (GET /api/challenges/ is 404)", file=sys.stderr)
        return 2
    trace_file = args.trace.open("a", encoding="utf-8") if args.trace else None
    trace: Callable[[str], None] | None = None
    if trace_file is not None:

        def trace(line: str) -> None:
            trace_file.write(line + "\n")
            trace_file.flush()

    player = Player(api, args.level, trace=trace)
    try:
        for _ in range(args.games):
            if args.join is not None:
                game_id = join_game(api, args.join)
            elif args.seek:
                game_id = seek_game(api, me, options)
            elif args.accept_challenges:
                game_id = _next_challenge(api, me)
            else:
                game_id = open_game(api, options)
            logging.info("playing game %s", game_id)
            outcome = player.play(game_id)
            print(
                json.dumps(
                    {
                        "game": game_id,
                        "seat": outcome.seat,
                        "moves": outcome.moves,
                        "result": outcome.result,
                    }
                ),
                flush=True,
            )
            if args.join is not None:
                break  # a game id is joined once
    finally:
        if trace_file is not None:
            trace_file.close()
    return 0


def _next_challenge(api: Api, me: str) -> int:
    while True:
        game_id = accept_next_challenge(api, me)
        if game_id is not None:
            return game_id
        time.sleep(CHALLENGE_POLL)


if __name__ == "__main__":
    sys.exit(main())
