"""GET /api/content/: the rules' public tables by key, so a client can name what it shows."""

import pytest

from engine.content.cards import CARDS
from engine.content.houses import HOUSES

pytestmark = pytest.mark.django_db


def test_content_names_every_house_and_card_by_key(client):
    r = client.get("/api/content/")
    assert r.status_code == 200 and "max-age" in r["Cache-Control"]
    body = r.json()
    assert set(body) >= {
        "houses",
        "court_actions",
        "cards",
        "tasks",
        "events",
        "offices",
        "foundations",
        "tokens",
    }
    assert set(body["houses"]) == set(HOUSES) and set(body["cards"]) == set(CARDS)
    card = next(iter(CARDS.values()))
    assert body["cards"][card.key]["name"] == card.name
    assert body["cards"][card.key]["condition"] == list(card.condition)
    assert all("value" not in f for f in body["foundations"].values())  # rules, not data
