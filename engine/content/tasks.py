"""Tasks (opdrachten, XIII): a requirement on the board and a reward in aanzien.

A requirement is about board state, never resources (XIII: "nooit over grondstoffen").
It is a named check with a number: `engine/tasks.py` implements the checks. Counters
(posts, distinct houses acted at, cleared fields, rotated tiles, high actions) count over
the whole game; positions (a pawn on the Stadsplein, on a bridge, ...) are read on the board
at the end of the holder's turn. The rewards are data: tune them here.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Task:
    key: str
    name: str  # Dutch
    text: str  # Dutch: the requirement as the panel shows it
    check: str  # name of a check in engine/tasks.py
    n: int  # the check's number
    reward: int  # aanzien


_TASKS = (
    # Counters over the whole game.
    Task("twee_posten", "Twee posten", "Heb 2 handelsposten.", "posts", 2, 2),
    Task("drie_posten", "Drie posten", "Heb 3 handelsposten.", "posts", 3, 3),
    Task("vier_posten", "Vier posten", "Heb 4 handelsposten.", "posts", 4, 4),
    Task(
        "veelzijdig",
        "Veelzijdig",
        "Heb handelsposten bij een geld-, een relatie- en een reputatiehuis.",
        "post_resources",
        3,
        3,
    ),
    Task(
        "drie_huizen", "Drie huizen", "Doe handelingen bij 3 verschillende huizen.", "houses", 3, 2
    ),
    Task(
        "vijf_huizen", "Vijf huizen", "Doe handelingen bij 5 verschillende huizen.", "houses", 5, 4
    ),
    Task("ontginner", "Ontginner", "Ontgin 1 veld.", "cleared", 1, 2),
    Task("wegbereider", "Wegbereider", "Ontgin 2 velden.", "cleared", 2, 3),
    Task("zes_tegels", "Zes tegels", "Draai 6 verschillende tegels.", "rotated", 6, 2),
    Task("tien_tegels", "Tien tegels", "Draai 10 verschillende tegels.", "rotated", 10, 3),
    Task(
        "hoge_kringen",
        "Hoge kringen",
        "Haal een hoge actie bij 2 verschillende huizen.",
        "high_houses",
        2,
        3,
    ),
    # Positions on the board at the end of your turn.
    Task("stadsplein", "Terug op het plein", "Heb een pion op het Stadsplein.", "plaza", 1, 1),
    Task(
        "drie_huizen_bezet",
        "Drie huizen bezet",
        "Heb je drie pionnen bij 3 verschillende huizen.",
        "on_houses",
        3,
        3,
    ),
    Task("brugwachter", "Brugwachter", "Heb een pion op een brug.", "bridge", 1, 2),
    Task(
        "verre_reis", "Verre reis", "Heb een pion 5 of meer tegels van het Stadsplein.", "far", 5, 1
    ),
    Task("tolgaarder", "Tolgaarder", "Heb een pion op een toltegel.", "toll", 1, 1),
    Task(
        "ontmoeting",
        "Ontmoeting",
        "Heb een pion op dezelfde tegel als een pion van je tegenstander.",
        "meeting",
        1,
        1,
    ),
    Task(
        "concurrent",
        "Concurrent",
        "Heb een pion bij een huis waar je tegenstander een handelspost heeft.",
        "rival_post",
        1,
        2,
    ),
)

TASKS: dict[str, Task] = {t.key: t for t in _TASKS}
