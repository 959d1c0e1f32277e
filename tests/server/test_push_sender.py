"""How a web process sends its commits' socket updates: games side by side, each game's
in order, and commits that queue behind a send go out together as one update."""

from __future__ import annotations

import asyncio
import json
from types import SimpleNamespace

import pytest
from django.core.serializers.json import DjangoJSONEncoder

from games import hooks, realtime
from games.models import Game

from .factories import GameFactory, UserFactory
from .helpers import play


def commit(game_id: int, first: int, seq: int) -> SimpleNamespace:
    return SimpleNamespace(game_id=game_id, first=first, seq=seq)


class SlowLayer:
    """A channel layer whose group sends wait, per game, until the test lets them go
    (as a send waits for Redis on a busy server). `sent`: the sends to seat 0's groups."""

    def __init__(self):
        self.sent: list[tuple[str, list[int]]] = []
        self.gates: dict[str, asyncio.Event] = {}

    async def group_send(self, group: str, message: list[int]) -> None:
        game, audience = group.rsplit(".", 1)
        if game in self.gates:
            await self.gates[game].wait()
        if audience == "0":
            self.sent.append((game, message))


@pytest.fixture
def slow_layer(monkeypatch) -> SlowLayer:
    layer = SlowLayer()
    monkeypatch.setattr(realtime, "get_channel_layer", lambda: layer)
    # The message names the seqs it carries (what the real one is built from is tested below).
    monkeypatch.setattr(
        realtime,
        "commits_messages",
        lambda run: {realtime.audience_key(s): [c.seq for c in run] for s in realtime.AUDIENCES},
    )
    return layer


async def ticks(n: int = 5) -> None:
    for _ in range(n):
        await asyncio.sleep(0)


def test_a_slow_send_for_one_game_does_not_hold_up_another_games_update(slow_layer):
    """Under load a group send takes 10-30 ms; one queue for the whole process made every
    game's update wait behind every other's, seconds behind at 60 moves/s."""

    async def scenario():
        sender = realtime.LoopSender(asyncio.get_running_loop())
        slow_layer.gates["game.1"] = asyncio.Event()
        sender.put(commit(1, 0, 1))
        await ticks()
        sender.put(commit(2, 0, 1))
        await ticks()
        assert slow_layer.sent == [("game.2", [1])]
        slow_layer.gates["game.1"].set()
        await ticks()
        assert slow_layer.sent == [("game.2", [1]), ("game.1", [1])]
        assert sender.waiting == {} and not sender.tasks

    asyncio.run(scenario())


def test_commits_queued_behind_a_send_go_out_in_order_as_one_update(slow_layer):
    async def scenario():
        sender = realtime.LoopSender(asyncio.get_running_loop())
        slow_layer.gates["game.1"] = asyncio.Event()
        sender.put(commit(1, 0, 1))
        await ticks()  # its send has begun
        for first in range(1, 4):
            sender.put(commit(1, first, first + 1))
        await ticks()
        slow_layer.gates["game.1"].set()
        await ticks()
        assert slow_layer.sent == [("game.1", [1]), ("game.1", [2, 3, 4])]
        sender.put(commit(1, 4, 5))  # the game's task has ended: a new one starts
        await ticks()
        assert slow_layer.sent[-1] == ("game.1", [5])

    asyncio.run(scenario())


def test_only_commits_that_follow_each_other_share_an_update():
    """A commit that does not start where the previous one ended (another process's commit
    came between) starts an update of its own: a socket then reads the gap from the log."""
    runs = realtime.consecutive_runs([commit(1, 0, 2), commit(1, 2, 3), commit(1, 5, 6)])
    assert [[(c.first, c.seq) for c in run] for run in runs] == [[(0, 2), (2, 3)], [(5, 6)]]


@pytest.mark.django_db(transaction=True)
def test_an_update_for_several_commits_says_what_a_resync_from_the_first_says(
    monkeypatch, test_clock
):
    """Each audience's text for consecutive commits: every entry from the first commit's
    `first` to the last one's seq, and the view and moves after the last; the time is the
    oldest commit's, so a socket's delay is never understated. (Both read the clock at the
    test clock's now: its reading's `at`.)"""
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b)
    commits: list[realtime.MoveCommit] = []
    monkeypatch.setattr(
        hooks,
        "after_move_committed",
        lambda g, state, rows, _turn_changed=True: commits.append(
            realtime.MoveCommit(g, state, rows, committed=100.0 + len(commits))
        ),
    )
    game = play(game, moves=3)
    assert [c.first for c in commits[1:]] == [c.seq for c in commits[:-1]]
    messages = realtime.commits_messages(commits)
    snap = realtime.snapshot(Game.objects.get(pk=game.pk), commits[0].first)
    for seat in realtime.AUDIENCES:
        from_db = json.loads(
            json.dumps(realtime.for_audience(snap, seat, commits[0].first), cls=DjangoJSONEncoder)
        )
        message = messages[realtime.audience_key(seat)]()
        assert (message["first"], message["seq"]) == (commits[0].first, commits[-1].seq)
        text = json.loads(message["text"])
        assert text.pop("server_time") == 100.0
        del text["sent_time"]
        assert text == from_db
