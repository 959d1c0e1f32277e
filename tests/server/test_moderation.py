"""Blocks, reports and sanctions (moderation): a player blocks another (no invitation, lobby
game or rematch between them, the blocked player's chat hidden from the blocker, running
games go on), reports a player or a chat line they can see, and a moderator works the
report queue in the admin: silence (no chat anywhere), suspend (no login, the session and
the token refused, saying so), close (deactivated), each recorded as a Sanction."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.utils import timezone
from django.utils.translation import override
from rest_framework.test import APIClient

from chat.models import ChatMessage
from games import services as games
from games.models import Game
from moderation import errors, services
from moderation.models import Block, Report, Sanction
from tests.conftest import PASSWORD

from .factories import GameFactory, UserFactory, token_for
from .helpers import play, staff_client
from .realtime_support import (  # noqa: F401  (fixtures)
    communicator,
    db,
    fresh_channel_layer,
    run,
)
from .test_translations import po_entries

pytestmark = pytest.mark.django_db
SOCKETS = pytest.mark.django_db(transaction=True)  # the sockets read the data in other threads


def logged_in(user) -> APIClient:
    client = APIClient()
    client.force_login(user)
    return client


@pytest.fixture
def players():
    return UserFactory(username="anna"), UserFactory(username="bram"), UserFactory(username="cees")


def block(blocker, blocked) -> None:
    r = logged_in(blocker).post("/api/blocks/", {"username": blocked.username}, format="json")
    assert r.status_code == 201, r.json()


def say(user, game, text: str):
    return logged_in(user).post(f"/api/games/{game.pk}/chat/", {"text": text}, format="json")


def read_chat(user, game) -> list[str]:
    client = logged_in(user) if user is not None else APIClient()
    return [m["text"] for m in client.get(f"/api/games/{game.pk}/chat/").json()["messages"]]


# --- blocks ---------------------------------------------------------------------------------


def test_a_player_blocks_another_by_name_sees_the_list_and_lifts_the_block(players):
    anna, bram, _cees = players
    client = logged_in(anna)
    r = client.post("/api/blocks/", {"username": "BRAM"}, format="json")  # any case
    assert r.status_code == 201
    assert (r.json()["username"], r.json()["display_name"]) == ("bram", "bram")
    assert [b["username"] for b in client.get("/api/blocks/").json()] == ["bram"]
    assert logged_in(bram).get("/api/blocks/").json() == []  # a block is the blocker's own
    assert client.delete("/api/blocks/bram/").status_code == 204
    assert client.get("/api/blocks/").json() == []
    assert not Block.objects.exists()


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"username": "anna"}, 400, "cannot_block_self"),
        ({"username": "niemand"}, 404, "player_not_found"),
        ({"username": "bram"}, 409, "already_blocked"),
        ({"username": 7}, 400, "invalid"),
        ({}, 400, "invalid"),
    ],
)
def test_a_block_that_cannot_be_is_refused_clearly_and_changes_nothing(players, body, status, code):
    anna, bram, _cees = players
    Block.objects.create(blocker=anna, blocked=bram)
    r = logged_in(anna).post("/api/blocks/", body, format="json")
    assert (r.status_code, r.json()["code"]) == (status, code)
    assert r.json()["detail"]
    assert list(Block.objects.values_list("blocker__username", "blocked__username")) == [
        ("anna", "bram")
    ]


def test_lifting_a_block_that_is_not_there_is_a_404_and_strangers_may_not_block(players):
    anna, _bram, _cees = players
    r = logged_in(anna).delete("/api/blocks/cees/")
    assert (r.status_code, r.json()["code"]) == (404, "not_blocked")
    assert APIClient().post("/api/blocks/", {"username": "anna"}, format="json").status_code == 401


def test_blocked_between_answers_for_either_direction(players):
    anna, bram, cees = players
    block(anna, bram)
    assert services.blocked_between(anna, bram) and services.blocked_between(bram, anna)
    assert services.blocked_between(bram.pk, anna.pk)
    assert not services.blocked_between(anna, cees)


# --- no new game between them ---------------------------------------------------------------


@pytest.mark.parametrize("who_blocks", ["inviter", "invited"])
def test_an_invitation_between_blocked_players_is_refused(players, who_blocks):
    anna, bram, _cees = players
    game = GameFactory(creator=anna, waiting=True)
    if who_blocks == "inviter":
        block(anna, bram)
    else:
        block(bram, anna)
    r = logged_in(bram).post(f"/api/games/invite/{game.invite_code}/join/")
    assert (r.status_code, r.json()["code"]) == (409, "blocked")
    assert "geblokkeerd" in r.json()["detail"]
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN and game.seats.count() == 1


def test_the_lobby_hides_an_open_game_across_a_block_and_refuses_joining_it(players):
    anna, bram, cees = players
    game = GameFactory(creator=anna, opponent="open")
    block(bram, anna)
    assert [g["id"] for g in logged_in(bram).get("/api/games/open/").json()] == []
    assert [g["id"] for g in logged_in(cees).get("/api/games/open/").json()] == [game.pk]
    assert [g["id"] for g in APIClient().get("/api/games/open/").json()] == [game.pk]
    # and the other way round: anna (blocked) does not see bram's open game either
    mine = GameFactory(creator=bram, opponent="open")
    assert mine.pk not in [g["id"] for g in logged_in(anna).get("/api/games/open/").json()]
    r = logged_in(bram).post(f"/api/games/{game.pk}/join/")
    assert (r.status_code, r.json()["code"]) == (409, "blocked")
    assert logged_in(cees).post(f"/api/games/{game.pk}/join/").status_code == 200


def test_a_running_game_goes_on_after_a_block_but_no_rematch_follows(players):
    anna, bram, _cees = players
    game = GameFactory(creator=anna, joiner=bram)
    block(anna, bram)
    before = Game.objects.get(pk=game.pk).seq
    game = play(game, moves=2)
    assert game.seq > before and game.status == Game.Status.ACTIVE
    games.game_resign(game=game, user=bram)
    r = logged_in(bram).post(f"/api/games/{game.pk}/rematch/")
    assert (r.status_code, r.json()["code"]) == (409, "blocked")
    assert not Game.objects.filter(rematch_of=game).exists()


# --- chat -----------------------------------------------------------------------------------


def test_the_blocked_players_chat_is_hidden_from_the_blocker_and_only_from_them(players):
    anna, bram, cees = players
    game = GameFactory(creator=anna, joiner=bram)
    assert say(bram, game, "voor de blokkade").status_code == 201
    assert say(anna, game, "van anna").status_code == 201
    block(anna, bram)
    assert say(bram, game, "na de blokkade").status_code == 201  # stored, not shown to anna
    assert read_chat(anna, game) == ["van anna"]
    assert read_chat(bram, game) == ["voor de blokkade", "van anna", "na de blokkade"]
    assert read_chat(cees, game) == read_chat(None, game) == read_chat(bram, game)
    r = say(anna, game, "toch nog iets")  # the blocker writes no more to them
    assert (r.status_code, r.json()["code"]) == (409, "blocked")
    logged_in(anna).delete("/api/blocks/bram/")
    assert len(read_chat(anna, game)) == 3


@SOCKETS
def test_on_the_socket_the_blocked_players_lines_do_not_reach_the_blocker(players):
    anna, bram, cees = players
    game = GameFactory(creator=anna, joiner=bram)
    block(anna, bram)
    path = f"/ws/games/{game.pk}/"
    ws = {name: communicator(path, user) for name, user in zip("abc", players, strict=True)}

    async def scenario():
        for socket in ws.values():
            assert (await socket.connect())[0]
            await socket.receive_json_from()
        await ws["b"].send_json_to({"type": "chat", "text": "hoor je me?"})
        assert (await ws["b"].receive_json_from())["message"]["text"] == "hoor je me?"
        assert (await ws["c"].receive_json_from())["message"]["text"] == "hoor je me?"
        assert await ws["a"].receive_nothing()
        await ws["a"].send_json_to({"type": "chat", "text": "nee"})
        refused = await ws["a"].receive_json_from()
        assert (refused["type"], refused["code"]) == ("error", "blocked")
        for socket in ws.values():
            await socket.disconnect()

    run(scenario)
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["hoor je me?"]


# --- reports --------------------------------------------------------------------------------


def test_a_player_reports_a_player_and_a_chat_line_and_the_report_keeps_its_context(players):
    anna, bram, _cees = players
    game = GameFactory(creator=anna, joiner=bram)
    line = say(bram, game, "jij speelt als een kip").json()["id"]
    r = logged_in(anna).post(
        "/api/reports/",
        {"username": "bram", "message": line, "reason": "abuse", "text": "  niet aardig "},
        format="json",
    )
    assert r.status_code == 201 and r.json()["status"] == "open"
    report = Report.objects.get(pk=r.json()["id"])
    assert (report.reporter, report.target, report.message_id, report.game_id) == (
        anna,
        bram,
        line,
        game.pk,
    )
    assert report.text == "niet aardig"
    r = logged_in(anna).post("/api/reports/", {"username": "bram", "reason": "name"}, format="json")
    assert r.status_code == 201
    assert Report.objects.get(pk=r.json()["id"]).message is None


def test_a_report_that_cannot_be_is_refused_clearly_and_stores_nothing(players):
    anna, bram, cees = players
    game = GameFactory(creator=anna, joiner=bram, public=False)
    private = say(bram, game, "onder ons").json()["id"]
    mine = say(anna, game, "van mij").json()["id"]
    client = logged_in(cees)
    cases = [
        ({"username": "bram", "message": private, "reason": "abuse"}, 404, "message_not_found"),
        ({"username": "niemand", "reason": "abuse"}, 404, "player_not_found"),
        ({"username": "cees", "reason": "spam"}, 400, "cannot_report_self"),
        ({"username": "bram", "reason": "boos"}, 400, "invalid"),
        ({"username": "bram", "reason": "other", "text": "x" * 501}, 400, "invalid"),
        ({"username": "bram", "message": 10**9, "reason": "spam"}, 404, "message_not_found"),
    ]
    for body, status, code in cases:
        r = client.post("/api/reports/", body, format="json")
        assert (r.status_code, r.json()["code"]) == (status, code), body
    # a line of someone else than the named player
    r = logged_in(bram).post(
        "/api/reports/", {"username": "bram", "message": mine, "reason": "abuse"}, format="json"
    )
    assert (r.status_code, r.json()["code"]) == (404, "message_not_found")
    assert not Report.objects.exists()


def test_the_same_report_twice_is_a_duplicate_until_it_is_handled(players):
    anna, bram, cees = players
    body = {"username": "bram", "reason": "cheating"}
    assert logged_in(anna).post("/api/reports/", body, format="json").status_code == 201
    r = logged_in(anna).post("/api/reports/", body, format="json")
    assert (r.status_code, r.json()["code"]) == (409, "already_reported")
    assert logged_in(cees).post("/api/reports/", body, format="json").status_code == 201
    services.report_handle(Report.objects.get(reporter=anna), by=cees, outcome="geen sanctie")
    assert logged_in(anna).post("/api/reports/", body, format="json").status_code == 201


def test_a_player_reporting_all_day_is_stopped(players, monkeypatch):
    anna, _bram, _cees = players
    UserFactory(username="dirk")
    monkeypatch.setattr(services, "REPORTS_PER_DAY", 2)
    codes = [
        logged_in(anna)
        .post("/api/reports/", {"username": name, "reason": "spam"}, format="json")
        .status_code
        for name in ("bram", "cees", "dirk")
    ]
    assert codes == [201, 201, 429]
    assert Report.objects.count() == 2


# --- sanctions ------------------------------------------------------------------------------


@pytest.fixture
def moderator():
    mod = UserFactory(username="mod")
    mod.is_staff = True
    mod.save()
    mod.user_permissions.add(Permission.objects.get(codename="moderate"))
    return mod


def test_a_silenced_player_cannot_chat_anywhere_until_it_ends(players, moderator):
    anna, bram, _cees = players
    game, other = GameFactory(creator=anna, joiner=bram), GameFactory(creator=bram, joiner=anna)
    until = timezone.now() + timedelta(days=1)
    services.sanction(user=bram, kind="silence", by=moderator, reason="scheldt", until=until)
    for g in (game, other):
        r = say(bram, g, "hallo")
        assert (r.status_code, r.json()["code"]) == (403, "account_silenced")
        assert r.json()["params"]["until"] == until.isoformat()
    assert say(anna, game, "ik mag wel").status_code == 201
    later = until + timedelta(seconds=1)
    with pytest.raises(errors.Silenced):  # still silenced just before the end
        services.check_may_chat(bram, until - timedelta(seconds=1))
    services.check_may_chat(bram, later)  # over by itself
    rows = Sanction.objects.filter(user=bram, kind="silence")
    assert [row.in_force() for row in rows] == [True]
    services.lift(rows[0], by=moderator)
    assert say(bram, game, "weer terug").status_code == 201


@SOCKETS
def test_a_silenced_player_hears_so_on_the_socket(players, moderator):
    anna, bram, _cees = players
    game = GameFactory(creator=anna, joiner=bram)
    services.sanction(user=bram, kind="silence", by=moderator, reason="scheldt")
    ws = communicator(f"/ws/games/{game.pk}/", bram)

    async def scenario():
        assert (await ws.connect())[0]
        await ws.receive_json_from()
        await ws.send_json_to({"type": "chat", "text": "hallo"})
        refused = await ws.receive_json_from()
        assert (refused["code"], refused["params"]) == ("account_silenced", {"until": None})
        await ws.disconnect()

    run(scenario)
    assert not ChatMessage.objects.exists()


def test_a_suspended_player_cannot_log_in_and_their_session_and_token_end(players, moderator):
    anna, bram, _cees = players
    game = GameFactory(creator=anna, joiner=bram)
    token = token_for(bram)
    session = Client()
    session.force_login(bram)
    until = timezone.now() + timedelta(days=7)
    services.sanction(user=bram, kind="suspend", by=moderator, reason="vals", until=until)

    r = session.get("/api/auth/me")  # the session ends, saying why
    assert (r.status_code, r.json()["code"]) == (403, "account_suspended")
    assert r.json()["params"] == {"until": until.isoformat()}
    assert "geschorst" in r.json()["detail"]
    assert session.get("/api/auth/me").status_code in (401, 403)  # logged out now
    assert session.get("/api/auth/me").json()["code"] == "not_authenticated"

    bot = APIClient()
    bot.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    game.refresh_from_db()
    r = bot.post(
        f"/api/games/{game.pk}/moves/", {"move": {}, "expected_seq": game.seq}, format="json"
    )
    assert (r.status_code, r.json()["code"]) == (403, "account_suspended")

    login = APIClient(enforce_csrf_checks=False)
    r = login.post("/api/auth/login", {"username": "bram", "password": PASSWORD}, format="json")
    assert (r.status_code, r.json()["code"]) == (403, "account_suspended")
    r = login.post("/api/auth/token", {"username": "bram", "password": PASSWORD}, format="json")
    assert (r.status_code, r.json()["code"]) == (403, "account_suspended")
    assert login.get("/api/auth/me").status_code in (401, 403)  # no session was made

    with override("en"):
        english = Client(HTTP_ACCEPT_LANGUAGE="en")
        r = english.post(
            "/api/auth/login",
            {"username": "bram", "password": PASSWORD},
            content_type="application/json",
        )
        assert r.json()["detail"] == "Your account has been suspended by a moderator."

    # the game goes on without them: anna still plays and chats, and bram's clock runs
    assert say(anna, game, "ben je er nog?").status_code == 201
    services.lift(Sanction.objects.get(user=bram), by=moderator)
    r = login.post("/api/auth/login", {"username": "bram", "password": PASSWORD}, format="json")
    assert r.status_code == 200


def test_a_suspension_that_ran_out_lets_the_player_back_in(players, moderator):
    _anna, bram, _cees = players
    past = timezone.now() - timedelta(minutes=1)
    services.sanction(
        user=bram,
        kind="suspend",
        by=moderator,
        reason="vals",
        until=past,
        now=past - timedelta(days=1),
    )
    r = APIClient().post(
        "/api/auth/login", {"username": "bram", "password": PASSWORD}, format="json"
    )
    assert r.status_code == 200


def test_a_closed_account_is_deactivated_with_its_record(players, moderator):
    _anna, bram, _cees = players
    session = Client()
    session.force_login(bram)
    services.sanction(user=bram, kind="close", by=moderator, reason="herhaald schelden")
    bram.refresh_from_db()
    assert bram.is_active is False
    assert session.get("/api/auth/me").status_code in (401, 403)
    r = APIClient().post(
        "/api/auth/login", {"username": "bram", "password": PASSWORD}, format="json"
    )
    assert r.status_code == 401
    row = Sanction.objects.get(user=bram)
    assert (row.kind, row.by, row.reason) == ("close", moderator, "herhaald schelden")
    services.lift(row, by=moderator)
    bram.refresh_from_db()
    assert bram.is_active is True


def test_a_sanction_is_a_record_changed_only_by_lifting_it_once(players, moderator):
    _anna, bram, _cees = players
    row = services.sanction(user=bram, kind="silence", by=moderator, reason="r")
    row.reason = "iets anders"
    with pytest.raises(ValueError):
        row.save()
    with pytest.raises(ValueError):
        Sanction.objects.get(pk=row.pk).delete()
    assert services.lift(row, by=moderator) is True
    assert services.lift(row, by=moderator) is False  # once
    row.refresh_from_db()
    assert row.reason == "r" and row.lifted_by == moderator and row.lifted_at is not None


# --- the admin --------------------------------------------------------------------------------


def reported_line(players):
    anna, bram, _cees = players
    game = GameFactory(creator=anna, joiner=bram)
    for i in range(7):
        say(anna if i % 2 else bram, game, f"regel {i}")
    line = ChatMessage.objects.get(text="regel 4")
    report = services.report_create(
        reporter=anna, username="bram", message_id=line.pk, reason="abuse"
    )
    return game, report


def test_the_report_queue_shows_the_line_among_its_neighbours_with_links(players, moderator):
    game, report = reported_line(players)
    admin = staff_client(moderator)
    queue = admin.get("/admin/moderation/report/?status__exact=open")
    assert queue.status_code == 200 and f"/admin/moderation/report/{report.pk}/" in queue.text
    assert (
        f"/admin/moderation/report/{report.pk}/"
        not in admin.get("/admin/moderation/report/?status__exact=handled").text
    )
    page = admin.get(f"/admin/moderation/report/{report.pk}/change/").text
    shown = [f"regel {i}" for i in range(7)]
    assert all(text in page for text in shown)
    assert page.index("regel 3") < page.index("regel 4") < page.index("regel 5")
    # the reported line is marked by a class from the admin's style file, not a style attribute
    marked = page.index('<li class="reported"><time>')
    assert page.count('class="reported"') == 1 and page.index("regel 3") < marked
    assert marked < page.index("regel 4") < page.index("regel 5") and "style=" not in page
    assert "/static/moderation/admin.css" in page
    assert f"/admin/games/game/{game.pk}/inspect/" in page
    assert f"/admin/auth/user/{report.target_id}/change/" in page


def test_moderator_actions_record_a_sanction_and_handle_the_report(players, moderator):
    _game, report = reported_line(players)
    admin = staff_client(moderator)
    r = admin.post(
        "/admin/moderation/report/",
        {"action": "suspend_seven_days", "_selected_action": [report.pk]},
    )
    assert r.status_code == 302
    row = Sanction.objects.get(user=report.target)
    assert (row.kind, row.by, row.report_id) == ("suspend", moderator, report.pk)
    assert row.until > timezone.now() + timedelta(days=6)
    report.refresh_from_db()
    assert (report.status, report.handled_by, report.outcome) == (
        "handled",
        moderator,
        "suspend (7 dagen)",
    )
    other = services.report_create(reporter=report.target, username="anna", reason="spam")
    admin.post(
        "/admin/moderation/report/", {"action": "mark_handled", "_selected_action": [other.pk]}
    )
    other.refresh_from_db()
    assert other.status == "handled" and Sanction.objects.count() == 1


def test_a_reported_player_shows_their_latest_chat_lines_and_games_in_the_queue(players, moderator):
    anna, bram, cees = players
    with_anna = GameFactory(creator=anna, joiner=bram)
    with_cees = GameFactory(creator=bram, joiner=cees)
    without_bram = GameFactory(creator=anna, joiner=cees)
    start = timezone.now()

    def line(who, game, seat, text, i):  # (more lines than the chat's throttle lets through)
        ChatMessage.objects.create(
            game=game, user=who, seat=seat, text=text, created=start + timedelta(seconds=i)
        )

    for i in range(12):
        line(bram, *((with_anna, 1), (with_cees, 0))[i % 2], f"bram-regel-{i:02d}", i)
    line(cees, with_cees, 1, "cees zegt iets", 20)
    line(anna, without_bram, 0, "anna zegt iets", 21)
    report = services.report_create(reporter=anna, username="bram", reason="name")
    page = staff_client(moderator).get(f"/admin/moderation/report/{report.pk}/change/").text
    chat = page[page.index("moderation-recent-chat") : page.index("moderation-recent-games")]
    games = page[page.index("moderation-recent-games") :].split("</ol>")[0]
    # the ten latest lines, newest first, each with a link to its game's page
    latest = [f"bram-regel-{i:02d}" for i in range(11, 1, -1)]
    assert [chat.index(text) for text in latest] == sorted(chat.index(text) for text in latest)
    assert "bram-regel-01" not in chat and "bram-regel-00" not in chat
    assert "cees zegt" not in chat and "anna zegt" not in chat
    assert chat.count(f"/admin/games/game/{with_cees.pk}/inspect/") == 5
    assert chat.count(f"/admin/games/game/{with_anna.pk}/inspect/") == 5
    # his games, newest first, with the other player; not a game he was not in
    assert games.index(f"partij {with_cees.pk}<") < games.index(f"partij {with_anna.pk}<")
    assert f"partij {without_bram.pk}<" not in games
    assert "met cees" in games and "met anna" in games
    assert 'class="reported"' not in page


def test_a_reported_player_with_no_chat_or_games_yet_is_shown_so(players, moderator):
    anna, bram, _cees = players
    report = services.report_create(reporter=anna, username="bram", reason="name")
    page = staff_client(moderator).get(f"/admin/moderation/report/{report.pk}/change/")
    assert page.status_code == 200
    assert "Hun laatste 0 chatregels" in page.text and "Hun laatste 0 partijen" in page.text


# --- sanctions on the accounts' list (the user admin) -------------------------------------------


def sanction_in_admin(client, action: str, user, **terms):
    return client.post(
        "/admin/auth/user/", {"action": action, "_selected_action": [user.pk], **terms}
    )


def test_a_moderator_silences_an_account_from_the_accounts_list_with_their_reason(
    players, moderator
):
    anna, bram, _cees = players
    game = GameFactory(creator=anna, joiner=bram)
    admin = staff_client(moderator)
    listing = admin.get("/admin/auth/user/").text
    assert 'value="silence_account"' in listing and 'name="reason"' in listing
    r = sanction_in_admin(admin, "silence_account", bram, days="3", reason="scheldt overal")
    assert r.status_code == 302
    row = Sanction.objects.get(user=bram)
    assert (row.kind, row.by, row.reason, row.report) == (
        "silence",
        moderator,
        "scheldt overal",
        None,
    )
    soon = timezone.now() + timedelta(days=3)
    assert soon - timedelta(minutes=1) < row.until <= soon
    r = say(bram, game, "hallo")
    assert (r.status_code, r.json()["code"]) == (403, "account_silenced")
    # the account's own page lists it, with the reason
    page = admin.get(f"/admin/auth/user/{bram.pk}/change/").text
    assert "scheldt overal" in page


def test_a_moderator_suspends_an_account_for_the_days_they_chose(players, moderator):
    _anna, bram, _cees = players
    admin = staff_client(moderator)
    sanction_in_admin(admin, "suspend_account", bram, days="14", reason="valsspelen")
    row = Sanction.objects.get(user=bram)
    later = timezone.now() + timedelta(days=14)
    assert row.kind == "suspend" and later - timedelta(minutes=1) < row.until <= later
    r = APIClient().post(
        "/api/auth/login", {"username": "bram", "password": PASSWORD}, format="json"
    )
    assert (r.status_code, r.json()["code"]) == (403, "account_suspended")
    assert r.json()["params"] == {"until": row.until.isoformat()}


def test_a_moderator_closes_an_account_from_the_accounts_list_only_with_a_reason(
    players, moderator
):
    _anna, bram, _cees = players
    admin = staff_client(moderator)
    sanction_in_admin(admin, "close_account", bram, reason="  ")  # no reason: nothing done
    bram.refresh_from_db()
    assert bram.is_active and not Sanction.objects.exists()
    sanction_in_admin(admin, "close_account", bram, reason="een spam-account")
    bram.refresh_from_db()
    assert bram.is_active is False
    row = Sanction.objects.get(user=bram)
    assert (row.kind, row.by, row.reason, row.until) == (
        "close",
        moderator,
        "een spam-account",
        None,
    )
    r = APIClient().post(
        "/api/auth/login", {"username": "bram", "password": PASSWORD}, format="json"
    )
    assert r.status_code == 401
    sanction_in_admin(admin, "close_account", bram, reason="nog eens")  # closed already
    assert Sanction.objects.count() == 1
    sanction_in_admin(admin, "close_account", moderator, reason="per ongeluk")  # not oneself
    moderator.refresh_from_db()
    assert moderator.is_active and Sanction.objects.count() == 1


def test_an_account_is_closed_only_by_the_recorded_action_not_by_unticking_active(players):
    from django.contrib import admin
    from django.contrib.auth import get_user_model
    from django.test import RequestFactory

    _anna, bram, _cees = players
    boss = UserFactory(username="baas")
    boss.is_staff = boss.is_superuser = True
    boss.save()
    page = staff_client(boss).get(f"/admin/auth/user/{bram.pk}/change/").text
    assert 'name="is_active"' not in page and "Account sluiten" in page
    request = RequestFactory().get("/")
    request.user = boss
    user_admin = admin.site._registry[get_user_model()]
    assert "is_active" not in user_admin.get_form(request, bram).base_fields


def test_staff_without_the_moderation_permission_cannot_sanction_accounts(players):
    _anna, bram, _cees = players
    staff = UserFactory(username="staf")
    staff.is_staff = True
    staff.save()
    staff.user_permissions.add(
        *Permission.objects.filter(codename__in=["view_user", "change_user"])
    )
    admin = staff_client(staff)
    assert 'value="close_account"' not in admin.get("/admin/auth/user/").text
    sanction_in_admin(admin, "close_account", bram, reason="zomaar")
    bram.refresh_from_db()
    assert bram.is_active and not Sanction.objects.exists()


def test_only_staff_with_the_moderation_permission_see_the_queue(players):
    _game, report = reported_line(players)
    staff = UserFactory(username="staf")
    staff.is_staff = True
    staff.save()
    admin = staff_client(staff)
    assert admin.get("/admin/moderation/report/").status_code == 403
    r = admin.post(
        "/admin/moderation/report/", {"action": "close_account", "_selected_action": [report.pk]}
    )
    assert r.status_code == 403
    assert not Sanction.objects.exists()


# --- the words --------------------------------------------------------------------------------


def test_every_moderation_message_has_its_english_and_the_committed_mo_says_so():
    po = Path(services.__file__).parent / "locale" / "en" / "LC_MESSAGES" / "django.po"
    entries = po_entries(po)
    details = {
        cls.detail
        for cls in vars(errors).values()
        if isinstance(cls, type)
        and issubclass(cls, Exception)
        and cls.__module__ == errors.__name__
    }
    assert details <= set(entries)
    from django.utils import translation

    with translation.override("en"):
        for msgid, msgstr in entries.items():
            assert msgstr and translation.gettext(msgid) == msgstr, msgid


def test_checking_a_suspension_costs_a_request_no_query_of_its_own(players, moderator):
    """The account's standing comes in the query that loads the user (session and token),
    joined: no query of its own on any request."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from moderation.models import Standing

    _anna, bram, _cees = players
    services.sanction(user=bram, kind="silence", by=moderator, reason="scheldt")
    table = f'"{Standing._meta.db_table}"'
    by_token = APIClient()
    by_token.credentials(HTTP_AUTHORIZATION=f"Token {token_for(bram)}")
    session = Client()
    session.force_login(bram)
    for client in (by_token, session):
        with CaptureQueriesContext(connection) as queries:
            assert client.get("/api/auth/me").status_code == 200
        selects = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("SELECT")]
        assert not any(f"FROM {table}" in sql for sql in selects)  # never alone
        assert any(f"JOIN {table}" in sql for sql in selects)  # but joined to the user
