"""Challenges (challenges/): a player challenges another by name with a time control; the
other accepts (the game starts with both seats), declines with a reason, or lets it expire;
the challenger may cancel. Every answer is a notice for the other side."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from challenges import services
from challenges.models import Challenge
from games.models import Game
from moderation import services as moderation
from notifications.models import Notification
from tokens import scopes
from worker.loop import tick

from .factories import token_for

pytestmark = pytest.mark.django_db

LIVE = "live_10_20"
SLOW = "per_turn_1d"


@pytest.fixture
def anna(make_user):
    return make_user("anna")


@pytest.fixture
def bram(make_user):
    return make_user("bram", language="en")


def send(client, to="bram", time_control=SLOW, **more):
    return client.post(
        "/api/challenges/", {"to": to, "time_control": time_control, **more}, format="json"
    )


def notices(user, kind):
    return list(Notification.objects.filter(user=user, kind=kind).order_by("pk"))


def test_a_challenge_is_sent_listed_for_both_and_told_to_the_challenged(client_for, anna, bram):
    r = send(client_for(anna), to="BRAM", rated=True)
    assert r.status_code == 201, r.json()
    sent = r.json()
    assert sent["challenger"]["username"] == "anna" and sent["challenged"]["username"] == "bram"
    assert sent["time_control"]["kind"] == "per_turn" and sent["rated"] is True
    assert sent["status"] == "open" and sent["game"] is None
    mine = client_for(anna).get("/api/challenges/").json()
    theirs = client_for(bram).get("/api/challenges/").json()
    assert [c["id"] for c in mine["outgoing"]] == [sent["id"]] and mine["incoming"] == []
    assert [c["id"] for c in theirs["incoming"]] == [sent["id"]] and theirs["outgoing"] == []
    (note,) = notices(bram, Notification.Kind.CHALLENGE)
    assert note.text == "anna challenges you to a game."  # in bram's language


def test_expiry_is_ten_minutes_for_a_live_control_and_a_day_for_a_slow_one(client_for, anna, bram):
    live = send(client_for(anna), time_control=LIVE).json()
    make = client_for(bram)
    slow = make.post("/api/challenges/", {"to": "anna", "time_control": SLOW}, format="json")
    for body, expected in ((live, timedelta(minutes=10)), (slow.json(), timedelta(hours=24))):
        row = Challenge.objects.get(pk=body["id"])
        assert row.expires_at - row.created == expected


@pytest.mark.parametrize(
    ("to", "time_control", "code"),
    [
        ("nobody", SLOW, "unknown_player"),
        ("anna", SLOW, "challenge_self"),
        ("bram", "blitz_1_0", "invalid"),
        ("bram", {"kind": "live", "seconds": 1}, "invalid"),
    ],
)
def test_clear_refusals_that_change_nothing(client_for, anna, bram, to, time_control, code):
    r = send(client_for(anna), to=to, time_control=time_control)
    assert r.status_code == 400 and r.json()["code"] == code, r.json()
    assert r.json()["detail"]
    assert not Challenge.objects.exists()
    assert not Notification.objects.exists()


@pytest.mark.parametrize("blocker", ["anna", "bram"])
def test_no_challenge_between_blocked_players_either_way(client_for, anna, bram, blocker):
    who = {"anna": anna, "bram": bram}
    other = "bram" if blocker == "anna" else "anna"
    moderation.block_create(blocker=who[blocker], username=other)
    r = send(client_for(anna))
    assert r.status_code == 400 and r.json()["code"] == "blocked"
    assert not Challenge.objects.exists()


def test_a_block_after_the_challenge_stops_the_accept(client_for, anna, bram):
    sent = send(client_for(anna)).json()
    moderation.block_create(blocker=anna, username="bram")
    r = client_for(bram).post(f"/api/challenges/{sent['id']}/accept/")
    assert r.status_code == 409 and r.json()["code"] == "blocked"
    assert not Game.objects.exists()
    assert Challenge.objects.get().status == "open"


def test_a_suspended_player_cannot_be_challenged_nor_challenge(client_for, make_user, anna, bram):
    moderator = make_user("mod", is_staff=True)
    moderation.sanction(user=bram, kind="suspend", by=moderator, reason="vals")
    r = send(client_for(anna))
    assert r.status_code == 400 and r.json()["code"] == "player_suspended"
    r = send(client_for(bram), to="anna")
    assert r.status_code == 403 and r.json()["code"] == "account_suspended"
    assert not Challenge.objects.exists()


def test_a_challenge_from_a_player_suspended_since_cannot_be_accepted(
    client_for, make_user, anna, bram
):
    sent = send(client_for(anna)).json()
    moderation.sanction(user=anna, kind="suspend", by=make_user("mod", is_staff=True), reason="x")
    r = client_for(bram).post(f"/api/challenges/{sent['id']}/accept/")
    assert r.status_code == 409 and r.json()["code"] == "player_suspended"
    assert not Game.objects.exists()


def test_one_open_challenge_per_player_until_it_is_answered_or_expired(client_for, anna, bram):
    first = send(client_for(anna)).json()
    r = send(client_for(anna), time_control=LIVE)
    assert r.status_code == 400 and r.json()["code"] == "already_challenged"
    assert Challenge.objects.count() == 1
    # the other way round is a challenge of its own
    assert send(client_for(bram), to="anna").status_code == 201
    # once the first expired (even before the worker ran), a new one may go
    Challenge.objects.filter(pk=first["id"]).update(expires_at=timezone.now())
    assert send(client_for(anna)).status_code == 201


def test_accept_starts_the_game_with_both_seats_and_tells_the_challenger(client_for, anna, bram):
    sent = send(client_for(anna), time_control=LIVE, rated=True).json()
    r = client_for(bram).post(f"/api/challenges/{sent['id']}/accept/")
    assert r.status_code == 200, r.json()
    game = Game.objects.get(pk=r.json()["game"])
    assert game.status == Game.Status.ACTIVE and game.rated
    assert {s.user_id for s in game.seats.all()} == {anna.pk, bram.pk}
    assert game.time_control["kind"] == "live" and game.time_control["seconds"] == 600
    assert r.json()["challenge"]["status"] == "accepted"
    # both can open it as a player; the lists no longer hold the challenge
    for user in (anna, bram):
        detail = client_for(user).get(f"/api/games/{game.pk}/").json()
        assert detail["your_seat"] in (0, 1)
        assert client_for(user).get("/api/challenges/").json() == {"incoming": [], "outgoing": []}
    (note,) = notices(anna, Notification.Kind.CHALLENGE_ANSWERED)
    assert note.game_id == game.pk and "bram" in note.text


def test_who_sits_first_is_drawn_not_always_the_challenger(client_for, make_user, anna):
    firsts = set()
    for n in range(12):
        other = make_user(f"tegen{n}")
        sent = send(client_for(anna), to=other.username).json()
        game_id = client_for(other).post(f"/api/challenges/{sent['id']}/accept/").json()["game"]
        firsts.add(Game.objects.get(pk=game_id).seats.get(index=0).user_id == anna.pk)
    assert firsts == {True, False}  # 2 * 0.5**12: this fails once in 2,048 runs


def test_a_double_accept_makes_one_game(client_for, anna, bram):
    sent = send(client_for(anna)).json()
    bram_client = client_for(bram)
    first = bram_client.post(f"/api/challenges/{sent['id']}/accept/")
    second = bram_client.post(f"/api/challenges/{sent['id']}/accept/")
    assert first.status_code == second.status_code == 200
    assert first.json()["game"] == second.json()["game"]
    assert Game.objects.count() == 1
    assert len(notices(anna, Notification.Kind.CHALLENGE_ANSWERED)) == 1


def test_only_the_challenged_accepts_or_declines_and_only_the_challenger_cancels(
    client_for, make_user, anna, bram
):
    sent = send(client_for(anna)).json()
    base = f"/api/challenges/{sent['id']}"
    for path in ("accept", "decline"):
        r = client_for(anna).post(f"{base}/{path}/", format="json")
        assert r.status_code == 403 and r.json()["code"] == "not_yours"
    r = client_for(bram).post(f"{base}/cancel/")
    assert r.status_code == 403 and r.json()["code"] == "not_yours"
    # a stranger does not even learn that it exists
    r = client_for(make_user("cas")).post(f"{base}/accept/")
    assert r.status_code == 404 and r.json()["code"] == "challenge_not_found"
    assert client_for(bram).post("/api/challenges/999999/accept/").status_code == 404
    assert Challenge.objects.get().status == "open" and not Game.objects.exists()


def test_a_decline_with_a_reason_is_told_to_the_challenger_in_their_language(
    client_for, make_user, bram
):
    anna = make_user("anna", language="nl")
    sent = send(client_for(anna)).json()
    r = client_for(bram).post(
        f"/api/challenges/{sent['id']}/decline/", {"reason": "too_fast"}, format="json"
    )
    assert r.status_code == 200 and r.json()["status"] == "declined"
    assert r.json()["decline_reason"] == "too_fast"
    assert r.json()["decline_text"] == "This time control is too fast for me."  # bram's: en
    (note,) = notices(anna, Notification.Kind.CHALLENGE_ANSWERED)
    assert note.text == "bram slaat je uitdaging af: Deze tijdsinstelling is me te snel."
    # a second answer is refused
    r = client_for(bram).post(f"/api/challenges/{sent['id']}/accept/")
    assert r.status_code == 409 and r.json()["code"] == "challenge_not_open"
    assert r.json()["params"] == {"status": "declined"}


def test_a_decline_without_a_reason_and_a_bad_reason(client_for, anna, bram):
    sent = send(client_for(anna)).json()
    path = f"/api/challenges/{sent['id']}/decline/"
    r = client_for(bram).post(path, {"reason": "smelly"}, format="json")
    assert r.status_code == 400 and r.json()["code"] == "invalid"
    assert Challenge.objects.get().status == "open"
    r = client_for(bram).post(path, {}, format="json")
    assert r.status_code == 200 and r.json()["decline_reason"] == "none"
    (note,) = notices(anna, Notification.Kind.CHALLENGE_ANSWERED)
    assert note.text == "bram slaat je uitdaging af."


def test_cancel_tells_the_challenged_and_closes_the_challenge(client_for, anna, bram):
    sent = send(client_for(anna)).json()
    r = client_for(anna).post(f"/api/challenges/{sent['id']}/cancel/")
    assert r.status_code == 200 and r.json()["status"] == "cancelled"
    answered = notices(bram, Notification.Kind.CHALLENGE_ANSWERED)
    assert [n.text for n in answered] == ["anna withdraws the challenge."]
    r = client_for(bram).post(f"/api/challenges/{sent['id']}/accept/")
    assert r.status_code == 409 and r.json()["params"] == {"status": "cancelled"}
    assert not Game.objects.exists()


def test_an_expired_challenge_is_refused_before_the_worker_ran(client_for, anna, bram):
    sent = send(client_for(anna), time_control=LIVE).json()
    later = timezone.now() + timedelta(minutes=11)
    Challenge.objects.filter(pk=sent["id"]).update(expires_at=timezone.now())
    assert client_for(bram).get("/api/challenges/").json()["incoming"] == []
    r = client_for(bram).post(f"/api/challenges/{sent['id']}/accept/")
    assert r.status_code == 409 and r.json()["code"] == "challenge_expired"
    assert r.json()["detail"] == "This challenge has expired."
    assert Challenge.objects.get().status == "expired"  # marked on the way
    assert not Game.objects.exists()
    assert services.expire_due(later) == 0


def test_the_worker_marks_challenges_past_their_expiry(client_for, anna, bram, make_user):
    live = send(client_for(anna), time_control=LIVE).json()
    slow = send(client_for(anna), to=make_user("cas").username).json()
    done = tick(timezone.now() + timedelta(minutes=10, seconds=1))
    assert done["challenges_expired"] == 1
    assert Challenge.objects.get(pk=live["id"]).status == "expired"
    assert Challenge.objects.get(pk=slow["id"]).status == "open"


def with_token(secret: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
    return client


def test_a_game_token_cannot_challenge_and_a_challenge_token_can(anna, bram):
    game_only = with_token(token_for(anna, [scopes.GAME_READ, scopes.GAME_PLAY]))
    r = send(game_only)
    assert r.status_code == 403 and r.json()["code"] == "scope_missing"
    assert r.json()["params"] == {"scope": "challenge:write"}
    assert not Challenge.objects.exists()
    sent = send(with_token(token_for(anna, [scopes.CHALLENGE_WRITE])))
    assert sent.status_code == 201
    # bram's program reads with account:read and answers with challenge:write
    reader = with_token(token_for(bram, [scopes.ACCOUNT_READ]))
    assert [c["id"] for c in reader.get("/api/challenges/").json()["incoming"]] == [
        sent.json()["id"]
    ]
    r = reader.post(f"/api/challenges/{sent.json()['id']}/accept/")
    assert r.status_code == 403 and r.json()["code"] == "scope_missing"
    answerer = with_token(token_for(bram, [scopes.CHALLENGE_WRITE]))
    r = answerer.post(f"/api/challenges/{sent.json()['id']}/accept/")
    assert r.status_code == 200 and Game.objects.filter(pk=r.json()["game"]).exists()


def test_the_new_notices_are_pushed_but_not_mailed_by_default(client_for, anna, bram):
    prefs = client_for(bram).get("/api/notifications/preferences/").json()["ways"]
    assert prefs["challenge"] == {"bell": True, "push": True, "email": False}
    assert prefs["challenge_answered"] == {"bell": True, "push": True, "email": False}


def test_the_data_download_holds_the_challenges_sent_and_received(client_for, anna, bram):
    sent = send(client_for(anna)).json()
    client_for(bram).post(
        f"/api/challenges/{sent['id']}/decline/", {"reason": "later"}, format="json"
    )
    r = client_for(anna).get("/api/account/data/")
    (row,) = json.loads(r.content)["challenges"]
    assert (row["challenger"], row["challenged"], row["status"], row["decline_reason"]) == (
        "anna",
        "bram",
        "declined",
        "later",
    )
    assert json.loads(client_for(bram).get("/api/account/data/").content)["challenges"]
