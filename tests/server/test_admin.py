"""The admin: lists with filters and search, the inspection page of a game (log table, full
state after any seq with the board drawn, the replay check, the export), a read-only log."""

import re

import pytest

from games.models import Move
from tests.server.helpers import play

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(admin_client):
    return admin_client


def test_game_list_filters_and_search(staff, started_game):
    for query in (
        "",
        "?status__exact=active",
        "?q=anna",
        f"?seats__user__id__exact={started_game.created_by_id}",
    ):
        r = staff.get(f"/admin/games/game/{query}")
        assert r.status_code == 200
        assert f"/admin/games/game/{started_game.pk}/inspect/" in r.content.decode()
    assert staff.get("/admin/games/move/").status_code == 200
    assert staff.get("/admin/games/seat/").status_code == 200
    assert staff.get("/admin/auth/user/?q=anna").status_code == 200


def test_inspect_page_shows_the_log_state_board_and_replay_check(staff, started_game):
    game = play(started_game, moves=12)
    r = staff.get(f"/admin/games/game/{game.pk}/inspect/?seq=5")
    assert r.status_code == 200
    page = r.content.decode()
    assert 'id="log"' in page and page.count("state after") == game.seq
    assert "<svg" in page and "polygon" in page
    assert "&quot;seq&quot;: 5" in page  # the full state after 5 entries
    assert "&quot;deck&quot;" in page  # unredacted
    assert "OK: the log replays" in page


def test_inspect_export_is_available_to_staff_before_the_end(staff, started_game):
    r = staff.get(f"/admin/games/game/{started_game.pk}/inspect/export/")
    assert r.status_code == 200 and r.json()["seed"] == started_game.seed


def test_moves_cannot_be_changed_or_deleted_in_the_admin(staff, started_game):
    game = play(started_game, moves=3)
    move = Move.objects.filter(game=game).first()
    page = staff.get(f"/admin/games/move/{move.pk}/change/").content.decode()
    assert 'name="_save"' not in page and "deletelink" not in page
    assert staff.post(f"/admin/games/move/{move.pk}/delete/", {"post": "yes"}).status_code == 403
    r = staff.post(
        "/admin/games/move/", {"action": "delete_selected", "_selected_action": [move.pk]}
    )
    assert Move.objects.filter(pk=move.pk).exists()
    assert r.status_code in (200, 302)


def test_non_staff_cannot_inspect(client, make_user, started_game):
    client.force_login(started_game.seats.get(index=0).user)
    r = client.get(f"/admin/games/game/{started_game.pk}/inspect/")
    assert r.status_code == 302 and "/admin/login/" in r["Location"]


@pytest.mark.parametrize(
    ("accept", "words", "not_words"),
    [
        ("en", ("seat 0, pawn 1", "Town Square", " path "), ("stoel 0", "Stadsplein")),
        ("nl", ("stoel 0, pion 1", "Stadsplein", " pad "), ("seat 0", "Town Square")),
    ],
)
def test_the_boards_titles_are_in_the_admins_language(
    staff, started_game, accept, words, not_words
):
    r = staff.get(
        f"/admin/games/game/{started_game.pk}/inspect/?seq=0", HTTP_ACCEPT_LANGUAGE=accept
    )
    board = r.content.decode()
    board = board[board.index("<svg xmlns='http://www.w3.org/2000/svg' viewBox") :]
    board = board[: board.index("</svg>")]
    titles = " ".join(re.findall(r"<title>([^<]*)</title>", board))
    assert all(word in f" {titles} " for word in words), titles[:300]
    assert not any(word in titles for word in not_words)
