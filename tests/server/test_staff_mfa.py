"""Staff need a second factor before the admin opens (django-otp: a TOTP app, or one of the
recovery codes, each good once), set up with `manage.py staff_totp`; opening a game's hidden
state in the admin is recorded and listed read-only."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django_otp.oath import totp
from django_otp.plugins.otp_static.models import StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice

from appendonly.models import AppendOnlyError
from staffguard.models import HiddenStateView
from tests.conftest import PASSWORD
from tests.server.helpers import play

pytestmark = pytest.mark.django_db

LOGIN = "/admin/login/?next=/admin/"


@pytest.fixture
def sofie(make_user):
    user = make_user("sofie")
    user.is_staff = user.is_superuser = True
    user.save()
    return user


def set_up(username="sofie"):
    out = StringIO()
    call_command("staff_totp", username, stdout=out)
    text = out.getvalue()
    uri = re.search(r"otpauth://totp/\S+", text).group(0)
    codes = re.findall(r"^  ([a-z2-7]{8})$", text, re.M)
    return uri, codes


def totp_now(user):
    device = TOTPDevice.objects.get(user=user)
    return f"{totp(device.bin_key, step=device.step, digits=device.digits):06d}"


def admin_login(client, username, password, token=""):
    return client.post(
        LOGIN, {"username": username, "password": password, "otp_token": token, "next": "/admin/"}
    )


def opens_the_admin(client):
    return client.get("/admin/").status_code == 200


def test_a_staff_session_with_a_password_only_does_not_open_the_admin(sofie, started_game):
    client = Client()
    client.force_login(sofie)  # e.g. logged in through the API: password only
    for page in (
        "/admin/",
        "/admin/games/game/",
        f"/admin/games/game/{started_game.pk}/inspect/",
        f"/admin/games/game/{started_game.pk}/inspect/export/",
        "/admin/staffguard/hiddenstateview/",
    ):
        r = client.get(page)
        assert r.status_code == 302 and r["Location"].startswith("/admin/login/"), page
    assert not HiddenStateView.objects.exists()


def test_the_admin_login_refuses_a_password_without_a_code(sofie):
    set_up()
    client = Client()
    r = admin_login(client, "sofie", PASSWORD)
    assert r.status_code == 200 and "Please enter your OTP token" in r.content.decode()
    assert not opens_the_admin(client)
    r = admin_login(
        client, "sofie", PASSWORD, "000000" if totp_now(sofie) != "000000" else "111111"
    )
    assert r.status_code == 200 and not opens_the_admin(client)


def test_staff_without_a_second_factor_are_told_how_to_set_one_up(sofie):
    client = Client()
    r = admin_login(client, "sofie", PASSWORD, "123456")
    page = r.content.decode()
    assert r.status_code == 200 and "no second factor yet" in page
    assert "manage.py staff_totp sofie" in page
    assert not opens_the_admin(client)


def test_the_code_from_the_authenticator_app_opens_the_admin(sofie, started_game):
    uri, codes = set_up()
    assert uri.startswith("otpauth://totp/Dwaalhof%3Asofie?secret=") and "issuer=Dwaalhof" in uri
    assert len(codes) == 10 and len(set(codes)) == 10
    client = Client()
    r = admin_login(client, "sofie", PASSWORD, totp_now(sofie))
    assert r.status_code == 302 and r["Location"] == "/admin/"
    assert opens_the_admin(client)
    assert client.get(f"/admin/games/game/{started_game.pk}/inspect/").status_code == 200


def test_the_same_app_code_does_not_open_a_second_session(sofie):
    set_up()
    code = totp_now(sofie)
    assert admin_login(Client(), "sofie", PASSWORD, code).status_code == 302
    replay = Client()
    assert admin_login(replay, "sofie", PASSWORD, code).status_code == 200
    assert not opens_the_admin(replay)


def test_a_recovery_code_works_once(sofie, settings):
    settings.OTP_STATIC_THROTTLE_FACTOR = 0  # no pause after the refused reuse (below)
    _, codes = set_up()
    first = Client()
    assert admin_login(first, "sofie", PASSWORD, codes[0]).status_code == 302
    assert opens_the_admin(first)
    again = Client()
    r = admin_login(again, "sofie", PASSWORD, codes[0])
    assert r.status_code == 200 and not opens_the_admin(again)
    assert StaticToken.objects.filter(device__user=sofie).count() == 9
    other = Client()
    assert admin_login(other, "sofie", PASSWORD, codes[1]).status_code == 302


def test_a_wrong_password_with_a_good_code_is_refused(sofie):
    set_up()
    client = Client()
    assert admin_login(client, "sofie", "not-the-password", totp_now(sofie)).status_code == 200
    assert not opens_the_admin(client)


def test_a_wrong_code_pauses_the_device_before_the_next_try(sofie):
    """django-otp's throttle: after a refused code the device answers nothing for a growing
    while (1 s, 2 s, 4 s, ...), so codes cannot be guessed at speed."""
    _, codes = set_up()
    client = Client()
    assert admin_login(client, "sofie", PASSWORD, "aaaaaaaa").status_code == 200
    r = admin_login(client, "sofie", PASSWORD, codes[0])
    assert r.status_code == 200 and "Verification temporarily disabled" in r.content.decode()
    assert not opens_the_admin(client)


def test_setting_up_again_replaces_the_secret_and_the_codes(sofie, settings):
    settings.OTP_STATIC_THROTTLE_FACTOR = 0
    _, old_codes = set_up()
    old_key = TOTPDevice.objects.get(user=sofie).key
    _, new_codes = set_up()
    assert TOTPDevice.objects.get(user=sofie).key != old_key
    client = Client()
    assert admin_login(client, "sofie", PASSWORD, old_codes[0]).status_code == 200
    assert admin_login(client, "sofie", PASSWORD, new_codes[0]).status_code == 302


def test_the_command_refuses_a_player_who_is_not_staff(make_user):
    make_user("anna")
    with pytest.raises(CommandError, match="not active staff"):
        call_command("staff_totp", "anna", stdout=StringIO())
    with pytest.raises(CommandError, match="no account"):
        call_command("staff_totp", "nobody", stdout=StringIO())


def test_opening_a_games_hidden_state_is_recorded(admin_client, admin_user, started_game):
    game = play(started_game, moves=4)
    assert admin_client.get(f"/admin/games/game/{game.pk}/inspect/?seq=2").status_code == 200
    assert admin_client.get(f"/admin/games/game/{game.pk}/inspect/export/").status_code == 200
    assert admin_client.get(f"/admin/games/game/{game.pk}/change/").status_code == 200
    rows = list(HiddenStateView.objects.order_by("id"))
    assert [(r.what, r.seq) for r in rows] == [("inspect", 2), ("export", None), ("record", 4)]
    assert {(r.staff_id, r.staff_username, r.game_id) for r in rows} == {
        (admin_user.pk, admin_user.username, game.pk)
    }
    assert all(r.at is not None and r.game_status == "active" for r in rows)
    # The lists of games and moves show no hands: not recorded.
    admin_client.get("/admin/games/game/")
    admin_client.get("/admin/games/move/")
    assert HiddenStateView.objects.count() == 3


def test_the_audit_is_listed_read_only_and_append_only(admin_client, started_game):
    admin_client.get(f"/admin/games/game/{started_game.pk}/inspect/")
    row = HiddenStateView.objects.get()
    page = admin_client.get("/admin/staffguard/hiddenstateview/").content.decode()
    assert f"/admin/games/game/{started_game.pk}/change/" in page and "admin" in page
    assert admin_client.get("/admin/staffguard/hiddenstateview/add/").status_code == 403
    r = admin_client.post(f"/admin/staffguard/hiddenstateview/{row.pk}/delete/", {"post": "yes"})
    assert r.status_code == 403
    detail = admin_client.get(f"/admin/staffguard/hiddenstateview/{row.pk}/change/").content
    assert b'name="_save"' not in detail
    with pytest.raises(AppendOnlyError):
        row.delete()
    with pytest.raises(AppendOnlyError):
        HiddenStateView.objects.all().delete()
    with pytest.raises(AppendOnlyError):
        HiddenStateView.objects.update(game_id=1)
    row.seq = 99
    with pytest.raises(AppendOnlyError):
        row.save()
    assert HiddenStateView.objects.get().seq == 0  # the state after seq 0, as opened
