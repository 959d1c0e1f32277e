"""The designed content in English: every card, court action, event, task, office,
foundation, house and token has an English name and text beside its Dutch one, and
/api/content/ answers in the request's language with the same keys and numbers."""

import dataclasses
import re

import pytest

from engine.content.english import CONDITIONS, ENGLISH
from games.content import SECTIONS

pytestmark = pytest.mark.django_db

TEXT_FIELDS = ("name", "text", "resource_action")
DUTCH_ONLY = re.compile(r"\b(geld|relaties?|reputatie|gunst|aanzien|je|van|het|een)\b")


def dutch_fields(item) -> set[str]:
    return {f.name for f in dataclasses.fields(item) if f.name in TEXT_FIELDS}


@pytest.mark.parametrize("section", list(SECTIONS))
def test_every_entry_has_english_for_each_dutch_text(section):
    table = SECTIONS[section]
    assert set(ENGLISH[section]) == set(table), "English for exactly the keys of the section"
    for key, item in table.items():
        words = ENGLISH[section][key]
        assert set(words) == dutch_fields(item), key
        for field, english in words.items():
            assert english.strip() and not DUTCH_ONLY.search(english), (key, field, english)
            # the numbers a text names are the Dutch text's numbers
            assert re.findall(r"\d+", english) == re.findall(r"\d+", getattr(item, field)), key


def test_the_content_endpoint_answers_in_the_requests_language(client):
    nl = client.get("/api/content/", HTTP_ACCEPT_LANGUAGE="nl").json()
    en = client.get("/api/content/", HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.8")
    assert "Accept-Language" in en["Vary"]  # a shared cache keeps both languages apart
    en = en.json()
    assert (nl["language"], en["language"]) == ("nl", "en")
    assert en["rules"] == nl["rules"]
    assert en["cards"]["gouden_beurs"] | {"name": "", "text": "", "condition_text": ""} == nl[
        "cards"
    ]["gouden_beurs"] | {"name": "", "text": "", "condition_text": ""}
    assert en["cards"]["gouden_beurs"]["name"] == "Golden Purse"
    assert en["cards"]["gouden_beurs"]["condition_text"] == "sum at least 14"
    assert nl["cards"]["gouden_beurs"]["name"] == "Gouden beurs"
    assert en["houses"]["kerk"]["resource_action"] == "Praying"
    for section in SECTIONS:
        assert set(en[section]) == set(nl[section])


def test_every_card_condition_kind_has_english():
    from engine.content.cards import CARDS

    assert {card.condition[0] for card in CARDS.values()} <= set(CONDITIONS)
