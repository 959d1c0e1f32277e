"""The rating formula: Glickman's own worked example, and what a player expects of it."""

import pytest

from ratings.glicko2 import Rating, rate


def test_glickmans_worked_example():
    player = Rating(1500, 200, 0.06)
    games = [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)]
    after = rate(player, games, tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_a_win_raises_a_loss_lowers_and_each_game_makes_the_rating_surer():
    a, b = Rating(), Rating()
    won, lost = rate(a, [(b, 1)]), rate(b, [(a, 0)])
    assert won.rating > 1500 > lost.rating
    assert won.rating - 1500 == pytest.approx(1500 - lost.rating)
    assert won.deviation < 350 and lost.deviation < 350
    drawn = rate(a, [(b, 0.5)])
    assert drawn.rating == pytest.approx(1500)


def test_beating_a_stronger_player_gains_more_than_beating_a_weaker_one():
    me = Rating(1500, 80)
    assert (
        rate(me, [(Rating(1700, 80), 1)]).rating - 1500
        > rate(me, [(Rating(1300, 80), 1)]).rating - 1500
    )


def test_a_period_without_games_only_widens_the_deviation():
    after = rate(Rating(1600, 100, 0.06), [])
    assert after.rating == 1600 and after.deviation > 100
