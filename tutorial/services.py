"""Starting, following and skipping a tutorial. The step reached is read from the game's log:
how far it equals the script's log (the computer's replies are deterministic for the seed,
so a learner who plays the scripted moves gets exactly the scripted line)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from games import selectors as games
from games import services as game_services
from games.models import Game

from .models import Tutorial
from .script import Script, script

__all__ = ["current", "progress", "script", "skip", "start_or_resume", "without_tutorials"]


def current(user: Any) -> Tutorial | None:
    """The user's latest tutorial, if any."""
    return Tutorial.objects.filter(user=user).select_related("game").first()


def start_or_resume(user: Any) -> Tutorial:
    """The user's running tutorial, or a new one from the script's seed."""
    with transaction.atomic():
        found = current(user)
        if found is not None and found.status == Tutorial.Status.ACTIVE:
            if found.game.status == Game.Status.ACTIVE:
                return found
            found.status = Tutorial.Status.SKIPPED  # the game was resigned meanwhile
            found.save(update_fields=["status"])
        lines = script()
        game = game_services.game_create(
            user=user,
            opponent=Game.Opponent.COMPUTER,
            seed=lines.seed,
            level=lines.level,
            public=False,
        )
        return Tutorial.objects.create(user=user, game=game)


def skip(user: Any) -> Tutorial | None:
    """Leave the tutorial for good: its game ends (resigned; it counts nowhere)."""
    found = current(user)
    if found is None:
        return None
    if found.game.status == Game.Status.ACTIVE:
        game_services.game_resign(game=found.game, user=user)
    if found.status == Tutorial.Status.ACTIVE:
        found.status = Tutorial.Status.SKIPPED
        found.save(update_fields=["status"])
    return found


def matched(log: list[dict[str, Any]], lines: Script) -> int:
    """How many leading entries of `log` are the script's."""
    n = 0
    for ours, theirs in zip(log, lines.log, strict=False):
        if ours != theirs:
            break
        n += 1
    return n


def progress(tutorial: Tutorial) -> dict[str, Any]:
    """Where the learner is: the step, the move it waits for (None while the computer plays
    or after the script), its lessons, the lessons the last step met and where to point."""
    lines = script()
    game = Game.objects.get(pk=tutorial.game_id)
    log = games.game_log(game)
    same = matched(log, lines)
    step = sum(1 for s in lines.steps if s.seq < same)
    status = tutorial.status
    off_script = same < len(log) and same < len(lines.log)
    if status == Tutorial.Status.ACTIVE and (step == len(lines.steps) or off_script):
        status = Tutorial.Status.DONE
    if status == Tutorial.Status.ACTIVE and game.status != Game.Status.ACTIVE:
        status = Tutorial.Status.SKIPPED
    if (step, status) != (tutorial.step, tutorial.status):
        tutorial.step, tutorial.status = step, status
        tutorial.save(update_fields=["step", "status"])
    waiting = (
        status == Tutorial.Status.ACTIVE
        and step < len(lines.steps)
        and game.seq == lines.steps[step].seq
    )
    expected = lines.steps[step] if waiting else None
    return {
        "game": game.pk,
        "seq": game.seq,
        "status": status,
        "step": step,
        "steps": len(lines.steps),
        "expected": None if expected is None else expected.move,
        "lessons": [] if expected is None else list(expected.lessons),
        "after": list(lines.steps[step - 1].lessons) if 0 < step <= len(lines.steps) else [],
        "points": [] if expected is None else points(games.game_state(game), expected.move),
    }


def points(state: Any, move: dict[str, Any]) -> list[list[int]]:
    """The hexes the step's line points at: a walk's turned tiles and the hex it enters, the
    hex of the pawn that chooses, the field cleared; none for a button."""
    kind = move["type"]
    if kind == "walk":
        out = [s["rotate"] for s in move["plan"] if "rotate" in s]
        out += [s.get("enter") or s.get("cross") for s in move["plan"] if "rotate" not in s][-1:]
        return [list(h) for h in dict.fromkeys(tuple(h) for h in out)]  # each hex once
    if kind == "choose":
        return [list(state.players[state.current].pawns[move["pawn"]])]
    if kind == "clear":
        return [list(move["hex"])]
    return []


def is_tutorial(game_id: int) -> bool:
    return Tutorial.objects.filter(game_id=game_id).exists()


def without_tutorials(queryset: Any) -> Any:
    """`queryset` of games without the tutorial games (a player's games and record)."""
    return queryset.exclude(pk__in=Tutorial.objects.values("game_id"))
