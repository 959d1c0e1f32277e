"""The daily summary at the player's own hour in their own time zone: once per local day,
also across daylight-saving changes and after the worker was down; what it says (the games
waiting with their time left, the collected notices, in the player's language); and the
hour in the preferences API."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from games.models import Game
from notifications import emails
from notifications.models import DigestLog, Notification, Preferences
from notifications.pipeline import deliver

from .factories import GameFactory, UserFactory

pytestmark = pytest.mark.django_db

TICK = timedelta(minutes=10)


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


def daily_player(zone: str, hour: int, **fields) -> object:
    user = UserFactory(email=f"{fields.get('username', 'p')}@example.org", notify="daily", **fields)
    Preferences.objects.create(user=user, time_zone=zone, summary_hour=hour)
    return user


def waiting_game_for(user, now: datetime) -> Game:
    """A running game in which it is `user`'s turn."""
    other = UserFactory(username=f"anna{user.pk}", notify="off")
    game = GameFactory(creator=user, joiner=other, turn_seconds=3 * 24 * 3600)
    if game.current_seat != 0:  # make it user's turn, as a move of the other would
        Game.objects.filter(pk=game.pk).update(current_seat=0)
        game.refresh_from_db()
    Game.objects.filter(pk=game.pk).update(deadline_at=now + timedelta(days=3))
    return game


def sent_before(user, day: date) -> None:
    """As if the player's summary of `day` (their date) went out already."""
    DigestLog.objects.update_or_create(
        user=user, defaults={"sent_at": utc(2000, 1, 1), "local_day": day}
    )


def run_worker(start: datetime, end: datetime, mailoutbox, user) -> list[datetime]:
    """A worker pass every TICK from start to end: the instants a summary went to `user`."""
    sends, now = [], start
    while now <= end:
        before = len(mailoutbox)
        emails.send_digests(now)
        sends += [now for m in mailoutbox[before:] if m.to == [user.email]]
        now += TICK
    return sends


@pytest.mark.parametrize(
    "zone, hour, expected",
    [
        # January: Amsterdam is UTC+1, New York UTC-5, Kolkata UTC+5:30 all year.
        ("Europe/Amsterdam", 7, [utc(2027, 1, 15, 6, 0), utc(2027, 1, 16, 6, 0)]),
        ("America/New_York", 7, [utc(2027, 1, 15, 12, 0), utc(2027, 1, 16, 12, 0)]),
        ("Asia/Kolkata", 7, [utc(2027, 1, 15, 1, 30), utc(2027, 1, 16, 1, 30)]),
        ("Asia/Kolkata", 0, [utc(2027, 1, 14, 18, 30), utc(2027, 1, 15, 18, 30)]),
    ],
)
def test_the_summary_goes_at_the_players_own_hour_once_a_day(
    test_clock, mailoutbox, zone, hour, expected
):
    start = expected[0] - timedelta(hours=20)
    test_clock.at(start)
    user = daily_player(zone, hour, username="piet")
    waiting_game_for(user, start)
    first_day = expected[0].astimezone(ZoneInfo(zone)).date()
    sent_before(user, first_day - timedelta(days=1))
    sends = run_worker(start, expected[-1] + timedelta(hours=3), mailoutbox, user)
    assert sends == expected


@pytest.mark.parametrize(
    "zone, hour, start_day, expected",
    [
        # Spring forward (28 March 2027): 02:00 does not exist in Amsterdam; that day's
        # summary goes when the clocks jump to 03:00 (01:00 UTC), once.
        (
            "Europe/Amsterdam",
            2,
            date(2027, 3, 27),
            [utc(2027, 3, 28, 1, 0), utc(2027, 3, 29, 0, 0)],
        ),
        # Fall back (31 October 2027): 02:00 comes twice in Amsterdam (00:00 and 01:00
        # UTC); the summary goes at the first, not again at the second.
        (
            "Europe/Amsterdam",
            2,
            date(2027, 10, 30),
            [utc(2027, 10, 31, 0, 0), utc(2027, 11, 1, 1, 0)],
        ),
        # New York: 14 March 2027 (02:00 -> 03:00) and 7 November 2027 (01:00 twice).
        (
            "America/New_York",
            2,
            date(2027, 3, 13),
            [utc(2027, 3, 14, 7, 0), utc(2027, 3, 15, 6, 0)],
        ),
        (
            "America/New_York",
            1,
            date(2027, 11, 6),
            [utc(2027, 11, 7, 5, 0), utc(2027, 11, 8, 6, 0)],
        ),
    ],
)
def test_daylight_saving_changes_neither_skip_nor_double_the_summary(
    test_clock, mailoutbox, zone, hour, start_day, expected
):
    start = utc(start_day.year, start_day.month, start_day.day, 12, 0)
    test_clock.at(start)
    user = daily_player(zone, hour, username="piet")
    waiting_game_for(user, start)
    sent_before(user, start_day)
    sends = run_worker(start, expected[-1] + timedelta(hours=12), mailoutbox, user)
    assert sends == expected


def test_after_an_outage_the_missed_summary_goes_once_then_the_hour_again(test_clock, mailoutbox):
    start = utc(2027, 1, 15, 5, 0)  # 06:00 in Amsterdam
    test_clock.at(start)
    user = daily_player("Europe/Amsterdam", 8, username="piet")
    waiting_game_for(user, start)
    sent_before(user, date(2027, 1, 14))
    # the worker is down from 06:00 on the 15th to 13:00 on the 17th (local)
    back = utc(2027, 1, 17, 12, 0)
    sends = run_worker(back, utc(2027, 1, 18, 9, 0), mailoutbox, user)
    assert sends == [back, utc(2027, 1, 18, 7, 0)]  # not one per missed day


def test_a_new_hour_the_same_day_does_not_send_a_second_summary(test_clock, mailoutbox):
    start = utc(2027, 1, 15, 7, 0)  # 08:00 in Amsterdam
    test_clock.at(start)
    user = daily_player("Europe/Amsterdam", 8, username="piet")
    waiting_game_for(user, start)
    sent_before(user, date(2027, 1, 14))
    assert run_worker(start, start, mailoutbox, user) == [start]
    Preferences.objects.filter(user=user).update(summary_hour=20)
    sends = run_worker(start + TICK, utc(2027, 1, 16, 20, 0), mailoutbox, user)
    assert sends == [utc(2027, 1, 16, 19, 0)]  # the 16th's 20:00, not the 15th's


def test_the_summary_lists_the_waiting_games_with_time_left_and_the_notices(test_clock, mailoutbox):
    now = utc(2027, 1, 15, 7, 0)
    test_clock.at(now)
    user = daily_player("Europe/Amsterdam", 8, username="piet")
    anna = UserFactory(username="anna", notify="off")
    game = GameFactory(creator=user, joiner=anna, turn_seconds=3 * 24 * 3600)
    Game.objects.filter(pk=game.pk).update(
        current_seat=0, round=3, deadline_at=now + timedelta(hours=6, minutes=40)
    )
    Preferences.objects.filter(user=user).update(ways={"game_over": {"email": True}})
    ended = GameFactory(creator=user, loser=1)
    deliver(user, Notification.Kind.GAME_OVER, f"Partij {ended.pk} is voorbij.", game=ended)
    sent_before(user, date(2027, 1, 14))
    assert emails.send_digests(now) == 1
    (mail,) = [m for m in mailoutbox if m.to == [user.email]]
    assert f"- Partij {game.pk} tegen anna — ronde 3, nog 6 u\n  http" in mail.body
    assert f"Partij {ended.pk} is voorbij." in mail.body
    assert "dagelijkse overzicht (2)" in mail.subject
    # one line per game: its 'your turn' notice is not listed a second time
    assert mail.body.count(f"Partij {game.pk} ") == 1


def test_the_summary_is_in_the_players_language(test_clock, mailoutbox):
    now = utc(2027, 1, 15, 13, 0)
    test_clock.at(now)
    user = daily_player("America/New_York", 8, username="pete", language="en")
    game = waiting_game_for(user, now)
    Game.objects.filter(pk=game.pk).update(deadline_at=now + timedelta(minutes=45))
    sent_before(user, date(2027, 1, 14))
    assert emails.send_digests(now) == 1
    (mail,) = [m for m in mailoutbox if m.to == [user.email]]
    assert mail.subject == "Dwaalhof: your daily summary (1)"
    assert f"- Game {game.pk} against anna{user.pk} — round 1, 45 min left" in mail.body
    assert "Unsubscribe" in mail.body and "Partij" not in mail.body


def test_nothing_waiting_no_summary(test_clock, mailoutbox):
    test_clock.at(utc(2027, 1, 15, 13, 0))
    user = daily_player("Europe/Amsterdam", 8, username="piet")
    assert emails.send_digests(utc(2027, 1, 15, 13, 0)) == 0
    assert not DigestLog.objects.filter(user=user).exists() and mailoutbox == []


# --- the hour in the preferences API ----------------------------------------------------------


def test_the_summary_hour_is_8_by_default_and_can_be_changed(client_for):
    user = UserFactory(username="piet")
    client = client_for(user)
    assert client.get("/api/notifications/preferences/").json()["summary_hour"] == 8
    r = client.patch("/api/notifications/preferences/", {"summary_hour": 0}, format="json")
    assert r.status_code == 200 and r.json()["summary_hour"] == 0
    assert Preferences.objects.get(user=user).summary_hour == 0


@pytest.mark.parametrize("bad", [24, -1, 7.5, "7", True, None])
def test_a_summary_hour_outside_0_to_23_is_a_clear_400_that_changes_nothing(client_for, bad):
    user = UserFactory(username="piet")
    client = client_for(user)
    client.patch("/api/notifications/preferences/", {"summary_hour": 21}, format="json")
    r = client.patch(
        "/api/notifications/preferences/",
        {"summary_hour": bad, "quiet_start": "22:00", "quiet_end": "07:00"},
        format="json",
    )
    assert r.status_code == 400 and "summary_hour" in str(r.json())
    stored = Preferences.objects.get(user=user)
    assert stored.summary_hour == 21 and stored.quiet_start is None
