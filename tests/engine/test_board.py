"""Art. I (the board) and the token rules of art. VI: generation and scattering."""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest

from engine import full_state, new_game, rulesets
from engine.board import connects, generate, reachable, scatter_tokens, token_spots
from engine.content.events import EVENTS, Event
from engine.content.tokens import TOKENS
from engine.hexes import ALL_SIDES, distance, ring
from engine.state import Tile

from .helpers import (
    EMPTY,
    FOREST,
    HOUSE_KEYS,
    PLAZA,
    SHAPE_SIDES,
    WATER,
    board_violations,
    bridge,
    components,
    crossroads,
    curve,
    house,
    make_board,
    straight,
    tee,
    walk_state,
)

SEEDS = [f"board-{i}" for i in range(250)]


@cache
def boards():
    return [generate(seed, {}) for seed in SEEDS]


def counted(f):
    return Counter(f(tiles, houses) for tiles, houses in boards())


# --- every rule of I on 250 boards ------------------------------------------------------------


def test_every_board_keeps_every_rule_of_article_one():
    broken = {
        s: v for s, (t, h) in zip(SEEDS, boards(), strict=True) if (v := board_violations(t, h))
    }
    assert broken == {}


def test_same_seed_gives_the_same_board():
    assert generate("herhaal", {}) == generate("herhaal", {})
    assert full_state(new_game("herhaal"))["board"] == full_state(new_game("herhaal"))["board"]


def test_board_shape_and_houses_differ_per_game():
    shapes = {frozenset(t) for t, _ in boards()}
    spots = {tuple(sorted((k, h.hex) for k, h in hs.items())) for _, hs in boards()}
    assert len(shapes) == len(SEEDS) and len(spots) == len(SEEDS)


def test_generation_draws_only_from_the_seed_counters():
    counters: dict[str, int] = {}
    generate("teller", counters)
    assert counters.get("board", 0) > 0


def test_rim_cut_is_irregular_between_30_and_50_percent_of_ring_six():
    cut = counted(lambda t, h: sum(1 for x in ring(PLAZA, 6) if x not in t))
    assert min(cut) >= 11 and max(cut) <= 18 and len(cut) >= 6


def test_a_few_ring_five_hexes_are_cut_but_never_a_house():
    cut = counted(lambda t, h: sum(1 for x in ring(PLAZA, 5) if x not in t))
    assert set(cut) <= {1, 2, 3, 4} and len(cut) >= 3
    assert all(h.hex in t for t, hs in boards() for h in hs.values())


def test_the_stadsplein_is_in_the_middle_fixed_and_open():
    for tiles, _ in boards()[:20]:
        assert tiles[PLAZA] == Tile("plaza", ALL_SIDES)
        assert not tiles[PLAZA].rotatable


def test_houses_are_fixed_open_and_get_their_court_action_later():
    for tiles, houses in boards()[:20]:
        assert list(houses) == list(HOUSE_KEYS)
        for key, h in houses.items():
            assert tiles[h.hex] == house(key) and not tiles[h.hex].rotatable
            assert h.court_action == ""


def test_houses_mostly_three_apart_with_sometimes_one_short_hop():
    def short_pairs(tiles, houses):
        pos = [h.hex for h in houses.values()]
        return sum(1 for i, a in enumerate(pos) for b in pos[i + 1 :] if distance(a, b) == 2)

    pairs = counted(short_pairs)
    assert set(pairs) == {0, 1}


def test_one_or_two_lakes_and_sometimes_a_second_bridge():
    def lakes(tiles, houses):
        water = {h for h, t in tiles.items() if t.kind in ("water", "bridge")}
        groups = components(water)
        return len(groups), sum(1 for t in tiles.values() if t.kind == "bridge")

    seen = counted(lakes)
    assert {n for n, _ in seen} == {1, 2}
    assert {b for _, b in seen} == {1, 2}


def test_forest_empty_and_toll_counts_use_their_whole_range():
    def count(kind):
        return set(counted(lambda t, h: sum(1 for x in t.values() if x.kind == kind)))

    assert count("forest") == {2, 3, 4}
    assert count("empty") == set(range(5, 10))
    assert set(counted(lambda t, h: sum(1 for x in t.values() if x.toll))) == {4, 5, 6}


def test_path_tiles_are_shuffled_shapes_in_random_orientations():
    shapes = Counter(
        (t.shape, t.openings) for tiles, _ in boards() for t in tiles.values() if t.kind == "path"
    )
    assert {s for s, _ in shapes} == set(SHAPE_SIDES)
    for shape in ("straight", "curve", "t"):
        orientations = {o for s, o in shapes if s == shape}
        assert len(orientations) == (3 if shape == "straight" else 6)


# --- the reachability guarantee ---------------------------------------------------------------


def test_curve_joins_sides_two_apart_straight_opposite_t_any():
    assert connects(curve(), 0, 2) and connects(curve(), 3, 5) and not connects(curve(), 0, 3)
    assert connects(straight(), 1, 4) and not connects(straight(), 0, 1)
    assert all(connects(tee(), 0, x) for x in (1, 2, 3, 4, 5))
    assert connects(bridge(0), 0, 3) and not connects(bridge(0), 1, 4)
    assert not connects(WATER, 0, 3)


def _corridor(middle: Tile) -> dict:
    """A one-hex-wide corridor (0,0) -> (1,0) -> bend -> (1,1): the middle must turn."""
    tiles = {h: FOREST for h in make_board(3)}
    tiles.update({PLAZA: Tile("plaza", ALL_SIDES), (1, 0): middle, (1, 1): house("kerk")})
    return tiles


def test_reachable_counts_rotations_but_not_impossible_turns():
    # From the west side of (1,0) to its south-east side: a turn of two sides.
    assert (1, 1) in reachable(_corridor(curve(3)))
    assert (1, 1) in reachable(_corridor(tee(4)))
    assert (1, 1) not in reachable(_corridor(straight(0)))
    assert (1, 1) not in reachable(_corridor(EMPTY))


def test_reachable_passes_a_bridge_only_along_its_openings():
    tiles = {h: FOREST for h in make_board(3)}
    tiles.update({PLAZA: Tile("plaza", ALL_SIDES), (1, 0): bridge(0), (2, 0): house("kerk")})
    assert (2, 0) in reachable(tiles)
    tiles[(1, 0)] = bridge(1)
    assert (2, 0) not in reachable(tiles)


# --- tokens (VI) ------------------------------------------------------------------------------


def test_setup_lays_six_tokens_on_empty_path_tiles():
    for i in range(30):
        state = new_game(f"penning-{i}")
        assert len(state.tokens) == 6
        for h in state.tokens:
            t = state.board[h]
            assert t.kind == "path" and not t.toll


def _token_state(n_tokens: int, seed: str = "penningen"):
    state = walk_state(seed=seed)
    spots = token_spots(state)
    state.tokens = {h: "bode" for h in spots[:n_tokens]}
    return state


def test_new_round_lays_at_least_two_fresh_tokens():
    state = _token_state(6)
    scatter_tokens(state, new_round=True)
    assert len(state.tokens) == 8


def test_new_round_tops_the_board_up_to_six_tokens():
    state = _token_state(1)
    scatter_tokens(state, new_round=True)
    assert len(state.tokens) == 6


def test_never_more_than_eight_tokens_on_the_board():
    state = _token_state(7)
    scatter_tokens(state, new_round=True)
    assert len(state.tokens) == 8
    scatter_tokens(state, new_round=True)
    assert len(state.tokens) == 8


def test_every_round_scatters_fresh_tokens_even_on_a_full_board():
    # III: "Ook strooit hij elke ronde verse voorvallen over het bord". With 8 tokens lying
    # (nobody picked any up), the two oldest make room for two fresh ones.
    state = _token_state(8)
    for _ in range(4):  # rounds 3-6 with nobody picking tokens up
        before = list(state.tokens)
        scatter_tokens(state, new_round=True)
        assert len(state.tokens) == 8
        fresh = [h for h in state.tokens if h not in before[2:]]
        assert len(fresh) >= 2
        assert list(state.tokens)[:6] == before[2:]  # the six youngest stay, in order


def test_rules_1_games_keep_the_old_cap_so_they_replay():
    state = _token_state(8)
    state.rules = rulesets.get("1")
    before = dict(state.tokens)
    scatter_tokens(state, new_round=True)
    assert state.tokens == before


def test_an_event_may_lay_more_fresh_tokens(monkeypatch):
    monkeypatch.setitem(
        EVENTS, "test_markt", Event("test_markt", "Markt", "", "tokens", new_tokens=3)
    )
    state = _token_state(4)
    state.event = "test_markt"
    scatter_tokens(state, new_round=True)
    assert len(state.tokens) == 7


def test_setup_scatter_only_tops_up_to_six():
    state = _token_state(6)
    scatter_tokens(state, new_round=False)
    assert len(state.tokens) == 6


def test_tokens_only_on_empty_path_tiles_never_toll_bridge_pawn_or_token():
    tiles = {(1, 0): crossroads(toll=True), (2, 0): bridge(0), (-1, 0): WATER, (0, 1): EMPTY}
    state = walk_state(tiles, radius=2, pawns={1: (1, -1), 2: (0, -1)}, opponent={1: (-1, 1)})
    old = (-1, 2)
    state.tokens = {old: "herberg"}
    free = set(token_spots(state))
    assert free and not free & {
        (1, 0),
        (2, 0),
        (-1, 0),
        (0, 1),
        PLAZA,
        (1, -1),
        (0, -1),
        (-1, 1),
        old,
    }
    for _ in range(2):  # 1 -> 6 -> 8 tokens: the old one is not yet the oldest to go
        scatter_tokens(state, new_round=True)
    assert state.tokens[old] == "herberg"
    assert set(state.tokens) - {old} <= free


def test_no_token_when_no_empty_path_tile_is_left():
    state = walk_state({h: EMPTY for h in ring(PLAZA, 1)}, radius=1)
    scatter_tokens(state, new_round=False)
    assert state.tokens == {}


def test_token_kinds_come_from_a_weighted_bag_gunstbrief_rarest():
    weights = {k: t.weight for k, t in TOKENS.items()}
    assert set(weights) == {
        "verloren_beurs",
        "bode",
        "zegelring",
        "gunstbrief",
        "gunstig_voorval",
        "tolpoort",
        "herberg",
    }
    assert all(weights["gunstbrief"] < w for k, w in weights.items() if k != "gunstbrief")
    laid = Counter(k for i in range(150) for k in new_game(f"zak-{i}").tokens.values())
    assert set(laid) == set(weights)
    assert laid["gunstbrief"] == min(laid.values())


def test_tokens_depend_on_the_seed_only():
    assert new_game("zelfde").tokens == new_game("zelfde").tokens


@pytest.mark.parametrize(
    ("kind", "gives"),
    [
        ("verloren_beurs", {"geld": 2}),
        ("bode", {"relaties": 1}),
        ("zegelring", {"reputatie": 1}),
        ("gunstbrief", {"gunst": 1}),
        ("herberg", {"relaties": 1}),
    ],
)
def test_token_table_of_article_six(kind, gives):
    assert dict(TOKENS[kind].gives) == gives


def test_gunstig_voorval_never_gives_gunst_and_tolpoort_takes_one_geld():
    assert set(TOKENS["gunstig_voorval"].lot) == {"geld", "relaties", "reputatie"}
    assert dict(TOKENS["tolpoort"].takes) == {"geld": 1}
    assert TOKENS["herberg"].rests and not any(t.rests for k, t in TOKENS.items() if k != "herberg")
    favour = [k for k, t in TOKENS.items() if "gunst" in dict(t.gives) or "gunst" in t.lot]
    assert favour == ["gunstbrief"]
