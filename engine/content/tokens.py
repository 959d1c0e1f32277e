"""Tokens (penningen, VI): what lies on the path and what it does when a pawn enters.

Effects are data: `gives` is a fixed gain, `takes` a loss (never below 0), `lot` means the
seed picks one resource from `lot` on confirmation, `rests` ends the pawn's plan (Herberg).
The bag's weights decide how often each kind is laid; the Gunstbrief is the rarest, because
it is the board's only favor (X).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TokenKind:
    key: str
    name: str  # Dutch
    text: str  # Dutch, what the panel shows
    weight: int  # share in the bag
    gives: tuple[tuple[str, int], ...] = ()
    takes: tuple[tuple[str, int], ...] = ()
    lot: tuple[str, ...] = ()  # +1 of one of these, drawn from the seed
    rests: bool = False


TOKENS: dict[str, TokenKind] = {
    t.key: t
    for t in (
        TokenKind("verloren_beurs", "Verloren beurs", "+2 geld", 4, gives=(("geld", 2),)),
        TokenKind("bode", "Bode", "+1 relatie", 4, gives=(("relaties", 1),)),
        TokenKind("zegelring", "Zegelring", "+1 reputatie", 3, gives=(("reputatie", 1),)),
        TokenKind("gunstbrief", "Gunstbrief", "+1 gunst", 1, gives=(("gunst", 1),)),
        TokenKind(
            "gunstig_voorval",
            "Gunstig voorval",
            "+1 grondstof, het lot kiest welke",
            3,
            lot=("geld", "relaties", "reputatie"),  # never gunst (docs/decisions.md#the-board-i)
        ),
        TokenKind(
            "tolpoort",
            "Tolpoort",
            "-1 geld; heb je niets, dan valt er niets te heffen",
            2,
            takes=(("geld", 1),),
        ),
        TokenKind(
            "herberg",
            "Herberg",
            "+1 relatie, en deze pion blijft hier rusten",
            2,
            gives=(("relaties", 1),),
            rests=True,
        ),
    )
}

TOKEN_WEIGHTS: dict[str, int] = {k: t.weight for k, t in TOKENS.items()}

SETUP_TOKENS = 6  # tokens on the board after setup, and the level a new round tops up to
MIN_NEW_TOKENS = 2  # fresh tokens at every new round at least
MAX_TOKENS = 8  # never more on the board
