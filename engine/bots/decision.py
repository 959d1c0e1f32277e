"""One decision of a computer player: the state, its legal moves, its path finding, and the
two valuations every phase leans on (what acting at a house is worth, what a choice of
action is worth). The strong player's policy overrides those two and the path finding."""

from __future__ import annotations

from .. import actions, modifiers
from ..content.houses import HOUSES
from ..moves import Move
from ..roll import POST_BONUS
from ..state import State
from . import values
from .paths import Paths
from .values import court_pay, expected_floor, p_at_least, resource_value


class Decision:
    """What a phase's player (`engine.bots.phase_*`) reads: one state and its moves."""

    paths_type: type[Paths] = Paths

    def __init__(self, state: State, moves: list[Move]):
        self.s = state
        self.moves = moves
        self.me = state.me
        self.paths = self.paths_type(state)
        self._affordable: int | None = None

    def first(self, mtype: str) -> Move | None:
        return next((m for m in self.moves if m.type == mtype), None)

    def need(self, mtype: str) -> Move:
        """The move of `mtype` where the rules always allow one."""
        move = self.first(mtype)
        assert move is not None, mtype
        return move

    # --- expected dice ----------------------------------------------------------------
    def pool(self) -> int:
        return values.pool(self.s)

    def affordable_dice(self) -> int:
        """How many dice the player could still buy this turn with his geld."""
        if self._affordable is None:
            self._affordable = values.affordable_dice(self.s)
        return self._affordable

    def expected_dice(self) -> int:
        """Dice the player reckons with before the roll: his pool and half of what he can
        still buy."""
        return self.pool() + self.affordable_dice() // 2

    # --- the valuations -----------------------------------------------------------------
    def first_post_bonus(self, key: str) -> int:
        """The rule's bonus for the first trading post anyone places at house `key`."""
        return POST_BONUS if not self.s.houses[key].posts else 0

    def house_value(self, key: str) -> float:
        """What acting at house `key` this turn is worth to the current player."""
        s, house = self.s, self.s.houses[key]
        if modifiers.house_closed(s, key) or house.supply <= 0:
            return 0.0
        info = HOUSES[key]
        n = self.expected_dice()
        res_v = max(1.0, expected_floor(n, info.rate)) * resource_value(s, info.resource)
        if self.me.seat not in house.posts:
            income = values.turns_left(s) * resource_value(s, info.resource)
            unlock = 0.6 * min(1, values.turns_left(s))
            return res_v + self.first_post_bonus(key) + income * 0.8 + unlock
        if house.supply < actions.COURT_COST:
            return res_v
        threshold, pay = court_pay(s, house.court_action)
        p = p_at_least(n, threshold)
        return max(res_v, p * pay + (1 - p) * values.MISS_VALUE)

    def choice_value(self, m: Move) -> float:
        """What a phase-3 choice (resource, court or nothing) for a pawn is worth."""
        if m.action is None:
            return 0.0
        s = self.s
        assert m.pawn is not None  # a choose move names its pawn
        house = s.house_at(self.me.pawns[m.pawn])
        assert house is not None  # a pawn with a choice stands at a house
        info = HOUSES[house.key]
        n = self.expected_dice()
        if m.action == "resource":
            res_v = max(1.0, expected_floor(n, info.rate)) * resource_value(s, info.resource)
            if self.me.seat not in house.posts:
                income = 0.8 * values.turns_left(s) * resource_value(s, info.resource)
                res_v += self.first_post_bonus(house.key) + income
            return res_v
        threshold, pay = court_pay(s, house.court_action)
        p = p_at_least(n, threshold)
        return p * pay + (1 - p) * values.MISS_VALUE + 0.01
