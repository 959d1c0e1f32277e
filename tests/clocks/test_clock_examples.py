"""docs/clocks.md: games a player would recognise, read off the clock."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from clocks import (
    PRESETS,
    ClockEventError,
    Flagged,
    Paused,
    Resumed,
    TimeControl,
    TimeGiven,
    TurnEnded,
    TurnStarted,
    advance,
    deadline,
    expired,
    fold,
    from_ms,
    grace_deadline,
    may_claim,
    reading,
    remaining,
    reminder_thresholds,
    reminders,
    timeout_due,
    to_ms,
)

from .strategies import T0

S, MIN, H, D = 1000, 60_000, 3_600_000, 86_400_000  # in ms


def turns(seconds_each, start=T0, seat=0):
    """Alternating turns from `seat`, each lasting its number of seconds; the last is
    left running."""
    events, now = [], start
    for n, seconds in enumerate(seconds_each):
        who = (seat + n) % 2
        events.append(TurnStarted(now, who))
        now += seconds * S
        events.append(TurnEnded(now, who))
    return events, now


def test_a_10_plus_20_game_after_three_turns_of_30_seconds_each():
    events, now = turns([30, 5, 30, 5, 30])  # mine, theirs, mine, theirs, mine
    state = fold(PRESETS["live_10_20"], events)
    assert remaining(state, 0, now) == 10 * MIN - 90 * S + 60 * S  # 9:30
    assert remaining(state, 1, now) == 10 * MIN - 10 * S + 40 * S


def test_a_live_clock_ticks_only_on_its_own_turn_and_runs_out():
    state = fold(PRESETS["live_10_20"], [TurnStarted(T0, 1)])
    assert reading(state, T0 + 61 * S) == {
        "at": T0 + 61 * S,
        "remaining": [10 * MIN, 9 * MIN - 1 * S],
        "running": 1,
        "deadline": T0 + 10 * MIN,
        "paused": [False, False],
    }
    assert not expired(state, T0 + 10 * MIN - 1) and expired(state, T0 + 10 * MIN)
    with pytest.raises(ClockEventError) as refused:
        advance(state, TurnEnded(T0 + 10 * MIN, 1))
    assert (refused.value.code, refused.value.params) == ("clock_out_of_time", {"seat": 1})


def test_live_claim_gives_the_opponent_a_minute_then_claims_by_itself():
    state = fold(PRESETS["live_10_20"], [TurnStarted(T0, 0)])
    out = T0 + 10 * MIN
    assert not may_claim(state, out - 1) and may_claim(state, out)
    assert grace_deadline(state) == timeout_due(state) == out + 60 * S
    # the opponent gives 2 minutes, 20 s after the time ran out: 2:00 from the gift
    given = advance(state, TimeGiven(out + 20 * S, 0, PRESETS["live_10_20"].extra_time * S))
    assert remaining(given, 0, out + 20 * S) == 2 * MIN
    assert deadline(given) == out + 20 * S + 2 * MIN
    assert not may_claim(given, out + 21 * S)


def test_the_opponents_vacation_during_the_grace_does_not_move_it():
    control = PRESETS["correspondence_3d_1d_7d"]
    state = fold(control, [TurnStarted(T0, 0)])
    due = timeout_due(state)
    assert due == T0 + 3 * D + 72 * H
    later = advance(state, Paused(T0 + 3 * D + 5 * H, 1))
    assert timeout_due(later) == due and deadline(later) == T0 + 3 * D
    assert advance(later, Flagged(due, 0)).flagged == 0


def test_an_automatic_loss_falls_at_the_deadline():
    state = fold(TimeControl.stored(24 * 3600), [TurnStarted(T0, 0)])
    assert timeout_due(state) == deadline(state) == T0 + D
    assert grace_deadline(state) is None and not may_claim(state, T0 + 2 * D)
    with pytest.raises(ClockEventError) as early:
        advance(state, Flagged(T0 + D - 1, 0))
    assert early.value.code == "clock_not_out"
    assert advance(state, Flagged(T0 + D, 0)).flagged == 0


def test_correspondence_increment_never_lifts_the_bank_over_its_cap():
    control = PRESETS["correspondence_3d_1d_7d"]
    events, now = turns([3600], seat=0)
    state = fold(control, events)
    assert remaining(state, 0, now) == 3 * D - H + D
    quick, now = turns([60] * 20)  # ten quick turns each: +1 day each, capped at 7 days
    state = fold(control, quick)
    assert remaining(state, 0, now) == remaining(state, 1, now) == 7 * D


def test_a_vacation_stops_the_clock_and_moves_the_deadline():
    control = PRESETS["correspondence_3d_1d_7d"]
    events = [TurnStarted(T0, 0), Paused(T0 + D, 0)]
    state = fold(control, events)
    assert deadline(state) is None and timeout_due(state) is None and reminders(state) == ()
    assert remaining(state, 0, T0 + 10 * D) == 2 * D
    back = advance(state, Resumed(T0 + 5 * D, 0))
    assert deadline(back) == T0 + 5 * D + 2 * D


def test_no_vacation_in_live_games_nor_in_games_created_without_it():
    live = fold(PRESETS["live_10_20"], [TurnStarted(T0, 0)])
    with pytest.raises(ClockEventError) as refused:
        advance(live, Paused(T0, 0))
    assert refused.value.params == {"kind": "live"}
    without = TimeControl.correspondence(3, 24, 7, vacation=False)
    with pytest.raises(ClockEventError):
        advance(fold(without, [TurnStarted(T0, 0)]), Paused(T0, 0))


def test_a_vacation_does_not_rescue_a_clock_that_ran_out():
    state = fold(PRESETS["per_turn_1d"], [TurnStarted(T0, 0)])
    with pytest.raises(ClockEventError) as refused:
        advance(state, Paused(T0 + D, 0))
    assert refused.value.code == "clock_out_of_time"


def test_per_turn_gives_every_turn_its_full_time():
    events, now = turns([20 * 3600, 3600])
    state = advance(fold(PRESETS["per_turn_1d"], events), TurnStarted(now, 0))
    assert remaining(state, 0, now) == D and deadline(state) == now + D


def test_per_turn_reminds_when_80_percent_of_the_turn_is_gone_as_before():
    state = fold(TimeControl.stored(24 * 3600), [TurnStarted(T0, 0)])
    assert reminders(state) == (T0 + 24 * H * 8 // 10,)


def test_correspondence_reminds_at_a_fifth_of_the_bank_and_at_one_hour_left():
    control = PRESETS["correspondence_3d_1d_7d"]
    assert reminder_thresholds(control) == (3 * D // 5, H)
    state = fold(control, [TurnStarted(T0, 0)])
    end = T0 + 3 * D
    assert reminders(state) == (end - 3 * D // 5, end - H)
    # a turn that starts with 10 hours left gets only the one-hour reminder
    bare = TimeControl.correspondence(3)  # no increment: the bank is what is left
    used = [TurnStarted(T0, 0), TurnEnded(T0 + 3 * D - 10 * H, 0)]
    low = advance(fold(bare, used), TurnStarted(T0 + 3 * D, 0))
    assert remaining(low, 0, T0 + 3 * D) == 10 * H
    assert reminders(low) == (T0 + 3 * D + 9 * H,)


def test_a_live_game_reminds_at_a_fifth_of_the_bank():
    state = fold(PRESETS["live_10_20"], [TurnStarted(T0, 0)])
    assert reminders(state) == (T0 + 8 * MIN,)


def test_events_may_not_go_back_in_time_nor_follow_the_timeout():
    state = fold(PRESETS["per_turn_1d"], [TurnStarted(T0, 0)])
    with pytest.raises(ClockEventError) as refused:
        advance(state, TurnEnded(T0 - 1, 0))
    assert refused.value.params == {"at": T0 - 1, "since": T0}
    with pytest.raises(ClockEventError) as refused:
        advance(state, TurnEnded(T0 + 1, 1))
    assert refused.value.code == "clock_not_at_turn"
    over = advance(state, Flagged(T0 + D, 0))
    with pytest.raises(ClockEventError) as refused:
        advance(over, TimeGiven(T0 + D, 0, D))
    assert refused.value.code == "clock_over"


def test_instants_convert_exactly():
    moment = datetime(2026, 12, 3, 7, 30, 15, 123000, tzinfo=UTC)
    assert from_ms(to_ms(moment)) == moment
    assert to_ms(datetime(1970, 1, 1, 0, 0, 1, tzinfo=UTC)) == 1000
    with pytest.raises(ValueError):
        to_ms(datetime(2026, 1, 1))
