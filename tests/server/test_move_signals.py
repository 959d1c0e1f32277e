"""A move writes its log row and updates its game without Django's save signals: nobody may
listen to them for those two models.

games.services writes a move's row (games.models.Move) with PreparedWrites.insert or, when
one move adds several rows, bulk_create, and the game's row (games.models.Game) with
PreparedWrites.update (dwaalhof_site/api/prepared.py): precompiled SQL that never calls
Model.save(), so pre_save and post_save are not sent for them. (pre_init and post_init are:
the rows are built and read as model instances, so a receiver of those would still run.)
A pre_save or post_save receiver for Move or Game would work in the admin and on a game's
creation, then silently not run for a move: this test refuses it."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from django.apps import apps
from django.db.models.signals import post_init, post_save, pre_init, pre_save

from games.models import Game, Move

from .helpers import play

ROOT = Path(__file__).resolve().parents[2]
SKIPPED_BY_A_MOVE = {"pre_save": pre_save, "post_save": post_save}
WRITTEN_BY_A_MOVE = (Move, Game)

WHY = (
    "{receivers} listen(s) to {signal} of {model}. A move writes that model's row with "
    "precompiled SQL (PreparedWrites in dwaalhof_site/api/prepared.py, and bulk_create), "
    "which sends no {signal}: the receiver would silently not run for a move. Call what it "
    "does from games.services where the move is written, or send a signal of the game's "
    "own from there (games.signals, as the notifications follow the games), instead of "
    "listening to {signal}."
)


def _every_module_of_the_projects_apps() -> None:
    """Import them all: a receiver connected by a module the tests happen not to import (a
    @receiver in a module of its own) counts too."""
    for config in apps.get_app_configs():
        if Path(config.path).parent != ROOT:
            continue  # a third-party app
        for module in pkgutil.walk_packages([config.path], f"{config.name}."):
            if ".migrations" in module.name or module.name.endswith("__main__"):
                continue
            importlib.import_module(module.name)


def skipped_receivers() -> list[str]:
    """Each receiver of a signal a move does not send, for a model a move writes: why not."""
    found = []
    for name, signal in SKIPPED_BY_A_MOVE.items():
        for model in WRITTEN_BY_A_MOVE:
            sync, async_ = signal._live_receivers(model)  # those connected for any sender too
            receivers = [getattr(r, "__qualname__", repr(r)) for r in [*sync, *async_]]
            if receivers:
                found.append(WHY.format(receivers=receivers, signal=name, model=model.__name__))
    return found


def test_nobody_listens_to_the_save_signals_a_move_does_not_send():
    _every_module_of_the_projects_apps()
    found = skipped_receivers()
    assert not found, "\n".join(found)


def test_a_receiver_of_a_moves_skipped_signals_is_caught_with_why():
    def on_game_saved(sender, **kwargs):  # e.g. a new app following the games
        pass

    def on_any_model_saved(sender, **kwargs):  # a receiver for every model hears Move too
        pass

    post_save.connect(on_game_saved, sender="games.Game", weak=False)
    pre_save.connect(on_any_model_saved, weak=False)
    try:
        found = skipped_receivers()
    finally:
        post_save.disconnect(on_game_saved, sender="games.Game")
        pre_save.disconnect(on_any_model_saved)
    assert len(found) == 3  # pre_save of Move and of Game, post_save of Game
    assert all("silently not run for a move" in why for why in found)
    assert "on_game_saved" in found[2] and "post_save of Game" in found[2]


def test_the_signals_checked_are_the_ones_a_moves_writes_skip(started_game):
    """A move sends pre_init and post_init for its rows (a receiver of those would run) and
    neither pre_save nor post_save for Move or Game: the two this test guards."""
    sent: set[tuple[str, str]] = set()
    signals = {"pre_init": pre_init, "post_init": post_init, **SKIPPED_BY_A_MOVE}

    def recorder(name: str):
        def record(sender, **kwargs):
            if sender in WRITTEN_BY_A_MOVE:
                sent.add((name, sender.__name__))

        return record

    recorders = {name: recorder(name) for name in signals}
    for name, signal in signals.items():
        signal.connect(recorders[name], weak=False)
    try:
        play(started_game, moves=1)
    finally:
        for name, signal in signals.items():
            signal.disconnect(recorders[name])
    assert {("pre_init", "Move"), ("post_init", "Move")} <= sent
    assert (
        not {(name, model.__name__) for name in SKIPPED_BY_A_MOVE for model in WRITTEN_BY_A_MOVE}
        & sent
    )
