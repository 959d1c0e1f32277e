"""Notification preferences (issue 24): per kind and way, the mail's rhythm, quiet hours in
the player's own time zone; the defaults are those docs/api.md writes down."""

from __future__ import annotations

from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from accounts.models import Profile
from notifications.models import Notification
from worker import loop as worker

from .factories import GameFactory, UserFactory

pytestmark = pytest.mark.django_db
# the notices of a game are written after its commit
after_commit = pytest.mark.django_db(transaction=True)

URL = "/api/notifications/preferences/"


def test_the_defaults_are_the_documented_ones(client_for):
    anna = UserFactory(username="anna")
    answer = client_for(anna).get(URL).json()
    ways = answer["ways"]
    assert ways["your_turn"] == {"bell": True, "push": True, "email": True}
    assert ways["deadline_near"] == {"bell": True, "push": True, "email": True}
    assert ways["rematch_offer"] == {"bell": True, "push": True, "email": False}
    assert ways["game_over"] == {"bell": True, "push": True, "email": False}
    assert ways["opponent_joined"] == {"bell": True, "push": False, "email": False}
    assert ways["chat_message"] == {"bell": True, "push": False, "email": False}
    assert answer["mail"] == "turn"
    assert (answer["time_zone"], answer["quiet_start"], answer["quiet_end"]) == ("", None, None)
    assert client_for(None).get(URL).status_code in (401, 403)


@after_commit
def test_a_player_who_turns_off_mail_for_their_turn_gets_none(client_for, mailoutbox):
    anna = UserFactory(username="anna", email="anna@example.org", notify="turn")
    bram = UserFactory(username="bram", email="bram@example.org", notify="turn")
    for user in (anna, bram):
        answer = client_for(user).patch(
            URL, {"ways": {"your_turn": {"email": False}}}, format="json"
        )
        assert answer.status_code == 200
        assert answer.json()["ways"]["your_turn"]["email"] is False
        assert answer.json()["ways"]["deadline_near"]["email"] is True  # the rest stays
    GameFactory(creator=anna, joiner=bram)
    assert Notification.objects.filter(kind="your_turn").exists()
    worker.tick()
    assert mailoutbox == []


def test_the_mail_rhythm_is_the_profiles_notify(client_for):
    anna = UserFactory(username="anna", notify="turn")
    answer = client_for(anna).patch(URL, {"mail": "daily"}, format="json").json()
    assert answer["mail"] == "daily"
    assert Profile.objects.get(user=anna).notify == "daily"


@pytest.mark.parametrize(
    "body",
    [
        {"ways": {"bedtime": {"push": True}}},
        {"ways": {"your_turn": {"pigeon": True}}},
        {"ways": {"your_turn": {"push": "yes"}}},
        {"ways": {"your_turn": {"bell": False}}},
        {"time_zone": "Mars/Olympus_Mons"},
        {"quiet_start": "22:00"},
        {"quiet_start": "25:00", "quiet_end": "07:00"},
        {"mail": "hourly"},
        {"time_zone": "Europe/Amsterdam", "mail": "sometimes"},
    ],
)
def test_bad_preferences_are_a_clear_400_and_change_nothing(client_for, body):
    anna = UserFactory(username="anna", notify="turn")
    before = client_for(anna).get(URL).json()
    answer = client_for(anna).patch(URL, body, format="json")
    assert answer.status_code == 400
    assert answer.json()["errors"]  # which field, and why
    assert client_for(anna).get(URL).json() == before


@after_commit
def test_during_quiet_hours_in_the_players_own_zone_the_mail_waits_for_their_end(
    client_for, mailoutbox
):
    anna = UserFactory(username="anna", email="anna@example.org", notify="turn")
    bram = UserFactory(username="bram", email="bram@example.org", notify="turn")
    zone = "Pacific/Auckland"  # far from the site's time zone
    local = timezone.now().astimezone(ZoneInfo(zone))
    start, end = local - timedelta(hours=1), local + timedelta(hours=2)
    body = {
        "time_zone": zone,
        "quiet_start": start.strftime("%H:%M"),
        "quiet_end": end.strftime("%H:%M"),
    }
    for user in (anna, bram):
        answer = client_for(user).patch(URL, body, format="json").json()
        assert answer["time_zone"] == zone and answer["quiet_end"] == end.strftime("%H:%M")
    game = GameFactory(creator=anna, joiner=bram)
    starter = game.seats.get(index=game.current_seat).user
    note = Notification.objects.filter(user=starter).latest("id")
    assert note.kind == "your_turn" and note.email == "pending"
    worker.tick(timezone.now())
    assert mailoutbox == []  # nothing but the bell during quiet hours
    assert note.send_after == end.replace(second=0, microsecond=0).astimezone(ZoneInfo("UTC"))
    worker.tick(note.send_after + timedelta(minutes=1))
    assert [m.to for m in mailoutbox] == [[starter.email]]
