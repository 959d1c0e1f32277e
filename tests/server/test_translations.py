"""Server text in the recipient's language: notifications and mails are written in the
profile language of the player they go to (Django's gettext, locale/en), and the compiled
catalogue that ships (locale/en/LC_MESSAGES/django.mo, committed) says what its .po says."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from games import services
from notifications.models import Notification
from worker import loop as worker

from .factories import GameFactory, UserFactory
from .realtime_support import (  # noqa: F401  (fixtures)
    db,
    fresh_channel_layer,
)

pytestmark = pytest.mark.django_db(transaction=True)
PO = Path(settings.BASE_DIR) / "locale" / "en" / "LC_MESSAGES" / "django.po"


def po_entries(path: Path) -> dict[str, str]:
    """msgid -> msgstr of a .po file (the header left out)."""
    entries: dict[str, str] = {}
    field, parts = None, {"msgid": [], "msgstr": []}

    def flush():
        if "".join(parts["msgid"]):
            entries["".join(parts["msgid"])] = "".join(parts["msgstr"])

    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("msgid "):
            flush()
            parts = {"msgid": [], "msgstr": []}
            field, line = "msgid", line[6:]
        elif line.startswith("msgstr "):
            field, line = "msgstr", line[7:]
        elif not line.startswith('"'):
            continue
        parts[field].append(ast.literal_eval(line))
    flush()
    return entries


def test_every_english_message_is_translated_and_the_committed_mo_says_so():
    entries = po_entries(PO)
    assert len(entries) >= 20
    with translation.override("en"):
        for msgid, msgstr in entries.items():
            assert msgstr, f"no English for {msgid!r}"
            placeholders = re.findall(r"%\(\w+\)s", msgid)
            assert sorted(re.findall(r"%\(\w+\)s", msgstr)) == sorted(placeholders), msgid
            assert translation.gettext(msgid) == msgstr, (
                f"django.mo is older than django.po: {msgid!r}"
            )


def set_language(user, language: str):
    user.profile.language = language
    user.profile.save()
    return user


def test_each_player_hears_of_the_game_in_their_own_language():
    a = set_language(UserFactory(username="anna"), "en")
    b = set_language(UserFactory(username="bram"), "nl")
    game = GameFactory(creator=a, joiner=b)
    assert Notification.objects.get(user=a, kind="opponent_joined").text == (
        f"bram has joined game {game.pk}."
    )
    services.game_resign(game=game, user=a)
    assert Notification.objects.get(user=a, kind="game_over").text == (
        f"Game {game.pk} against bram is over: you lost (you resigned)."
    )
    assert Notification.objects.get(user=b, kind="game_over").text == (
        f"Partij {game.pk} tegen anna is voorbij: je hebt gewonnen (anna heeft opgegeven)."
    )


def test_the_turn_mail_is_in_the_recipients_language(mailoutbox):
    a = set_language(UserFactory(username="anna", email="anna@example.org", notify="turn"), "en")
    b = set_language(UserFactory(username="bram", email="bram@example.org", notify="turn"), "en")
    game = GameFactory(creator=a, joiner=b)
    worker.tick()
    assert len(mailoutbox) == 1
    mail = mailoutbox[0]
    assert mail.subject == "Dwaalhof: it is your turn"
    assert mail.body.startswith("Hello,")
    assert f"It is your turn in game {game.pk} against" in mail.body
    assert "notifications: off" in mail.body
