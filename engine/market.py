"""Phase 1 (III, XIII): the court market, the tasks conveyor, and the court event of the round.

- Market: 4 open cards shared by both players; a taken card is replaced at once from the
  deck; an empty deck is reshuffled from the discards (seeded).
- Tasks: a conveyor of 4 open tasks, front first; the task at index i costs i relaties;
  taking one moves the rest forward and the next task of the (hidden) deck joins at the back.
  A player holds at most 2. Fulfilled tasks are settled at the end of the holder's turn.
- Phase 1: take exactly one card or one task. With nothing to take, the phase passes by
  itself (turns.start_turn asks `has_choice`).
- Events: the event deck is shuffled at setup; one is revealed each round. Its reveal
  effects (a closed house, a levy) happen at once, then fresh tokens are scattered.
"""

from __future__ import annotations

from . import board, rng
from .content.cards import CARDS
from .content.events import EVENTS
from .content.tasks import TASKS
from .errors import IllegalMove
from .modifiers import event as current_event
from .moves import Move, shared
from .state import State
from .tasks import fulfilled

MARKET_SIZE = 4
CONVEYOR_SIZE = 4
MAX_TASKS = 2
TASK_SLOT_COST = 1  # relaties per place behind the front of the conveyor (XIII)


# --- setup ----------------------------------------------------------------------------------
def setup(state: State) -> None:
    """Card deck and market, task deck and conveyor, event deck and round 1's event.

    Draws in a fixed order (cards, tasks, events) so every machine deals the same game.
    Round 1's event is revealed with its effects; its tokens are the setup tokens that
    new_game scatters right after this.
    """
    ids: list[str] = []
    for key, card in CARDS.items():
        for _ in range(card.copies):
            cid = f"c{len(ids) + 1}"
            state.cards[cid] = key
            ids.append(cid)
    state.deck = rng.shuffle(state.seed, state.rng_counters, "deck", ids)
    state.market = [None] * MARKET_SIZE
    for slot in range(MARKET_SIZE):
        state.market[slot] = _draw_card(state)

    state.task_deck = rng.shuffle(state.seed, state.rng_counters, "tasks", list(TASKS))
    state.conveyor = []
    _fill_conveyor(state)

    state.event_deck = rng.shuffle(state.seed, state.rng_counters, "events", list(EVENTS))
    _reveal_event(state)


def _draw_card(state: State) -> str | None:
    """The top card of the deck; an empty deck is first reshuffled from the discards."""
    if not state.deck and state.discards:
        state.deck = rng.shuffle(state.seed, state.rng_counters, "deck", state.discards)
        state.discards = []
    return state.deck.pop(0) if state.deck else None


def _fill_conveyor(state: State) -> None:
    while len(state.conveyor) < CONVEYOR_SIZE and state.task_deck:
        state.conveyor.append(state.task_deck.pop(0))


# --- phase 1 ----------------------------------------------------------------------------------
def task_cost(slot: int) -> int:
    """The front task is free; each place deeper costs TASK_SLOT_COST relaties more."""
    return slot * TASK_SLOT_COST


def _task_slots(state: State) -> list[int]:
    me = state.me
    if len(me.tasks) >= MAX_TASKS:
        return []
    return [i for i in range(len(state.conveyor)) if task_cost(i) <= me.resources["relaties"]]


def legal(state: State) -> list[Move]:
    if state.turn.taken:
        return []
    cards = [shared("take_card", slot=i) for i, c in enumerate(state.market) if c is not None]
    tasks = [shared("take_task", slot=i) for i in _task_slots(state)]
    return cards + tasks


def has_choice(state: State) -> bool:
    """Is there anything to take? If not, phase 1 passes by itself."""
    return any(c is not None for c in state.market) or bool(_task_slots(state))


def take_card(state: State, move: Move) -> None:
    _check_not_taken(state)
    slot = move.slot
    if slot is None or slot >= len(state.market) or state.market[slot] is None:
        raise IllegalMove("no_card_in_slot")
    card = state.market[slot]
    assert card is not None  # checked above
    state.me.hand.append(card)
    state.market[slot] = _draw_card(state)
    _done(state)


def take_task(state: State, move: Move) -> None:
    _check_not_taken(state)
    me = state.me
    slot = move.slot
    if slot is None or slot >= len(state.conveyor):
        raise IllegalMove("no_task_in_slot")
    if len(me.tasks) >= MAX_TASKS:
        raise IllegalMove("task_limit", max=MAX_TASKS)
    cost = task_cost(slot)
    if me.resources["relaties"] < cost:
        raise IllegalMove("task_price", cost=cost)
    me.resources["relaties"] -= cost
    me.tasks.append(state.conveyor.pop(slot))
    _fill_conveyor(state)
    _done(state)


def _check_not_taken(state: State) -> None:
    if state.turn.taken:
        raise IllegalMove("already_taken")


def _done(state: State) -> None:
    state.turn.taken = True
    state.phase = "walk"


# --- turn and round hooks ---------------------------------------------------------------------
def on_turn_end(state: State) -> None:
    """Settle the tasks the player whose turn ends has fulfilled: aanzien paid, task gone."""
    me = state.me
    for key in list(me.tasks):
        if fulfilled(state, me.seat, key):
            reward = TASKS[key].reward
            me.aanzien += reward
            me.aanzien_sources["tasks"] = me.aanzien_sources.get("tasks", 0) + reward
            me.tasks.remove(key)
            me.done_tasks.append(key)


def on_round_start(state: State) -> None:
    """A new round: reveal the next court event (with its effects), then fresh tokens."""
    _reveal_event(state)
    board.scatter_tokens(state, new_round=True)


def _reveal_event(state: State) -> None:
    state.event = state.event_deck.pop(0) if state.event_deck else None
    state.event_closed = None
    ev = current_event(state)
    if ev is None:
        return
    if ev.closes_house:
        state.event_closed = rng.choice(
            state.seed, state.rng_counters, "event-closed", sorted(state.houses)
        )
    for resource, amount in ev.levy:
        for p in state.players:  # a levy takes what there is, never more
            p.resources[resource] -= min(amount, p.resources[resource])
