"""Board generation (I) and tokens (VI). PLACEHOLDER: replaced by the real generator."""

from __future__ import annotations

from .hexes import ALL_SIDES, Hex, spiral
from .state import House, State, Tile

HOUSES = ("gilde", "poorterij", "gasthuys", "bank", "molens", "brouwerij", "taverne", "kerk",
          "bibliotheek")


def generate(seed: str, counters: dict[str, int]) -> tuple[dict[Hex, Tile], dict[str, House]]:
    spots = [(3, 0), (0, 3), (-3, 3), (-3, 0), (0, -3), (3, -3), (6, -3), (-6, 3), (3, 3)]
    board = {h: Tile("path", ALL_SIDES, "cross") for h in spiral((0, 0), 6)}
    board[(0, 0)] = Tile("plaza", ALL_SIDES)
    houses = {}
    for key, h in zip(HOUSES, spots, strict=True):
        board[h] = Tile("house", ALL_SIDES, house=key)
        houses[key] = House(key, h, court_action="")
    return board, houses


def scatter_tokens(state: State, *, new_round: bool) -> None:
    return None
