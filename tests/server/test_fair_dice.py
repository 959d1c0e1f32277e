"""Fair dice: the seed's commitment is published at creation, the seed itself only at the
end; the export lets anyone replay every die and check the score."""

import hashlib
import json

import pytest

from games import services
from games.models import Game
from games.verify import verify_export
from tests.server.helpers import play, user_of

pytestmark = pytest.mark.django_db


def test_the_commitment_is_published_at_creation_and_is_the_seeds_sha256(make_user, client_for):
    anna = make_user()
    body = client_for(anna).post("/api/games/", {"opponent": "invite"}, format="json").json()
    game = Game.objects.get(pk=body["id"])
    assert body["seed_commitment"] == hashlib.sha256(game.seed.encode()).hexdigest()
    assert body["seed"] is None


def test_the_seed_is_revealed_only_when_finished(started_game, client_for):
    game = play(started_game, moves=10)
    anna = user_of(game, 0)
    assert client_for(anna).get(f"/api/games/{game.pk}/").json()["seed"] is None
    services.game_resign(game=game, user=anna)
    body = client_for(anna).get(f"/api/games/{game.pk}/").json()
    assert body["seed"] == game.seed
    assert body["state"]["seed"] == game.seed


def test_export_only_after_the_end(started_game, client_for):
    r = client_for(user_of(started_game, 0)).get(f"/api/games/{started_game.pk}/export/")
    assert r.status_code == 403 and r.json()["code"] == "not_finished"
    assert started_game.seed not in r.content.decode()


def test_a_whole_game_replays_from_its_export(started_game, client_for):
    game = play(started_game)  # to the end of round six
    assert game.status == "finished" and game.result["reason"] == "end"
    export = client_for(None).get(f"/api/games/{game.pk}/export/").json()
    assert export["seed"] == game.seed and export["result"] == game.result
    assert [e["seq"] for e in export["log"]] == list(range(game.seq))
    report = verify_export(export)
    assert report.ok, report.problem


@pytest.mark.parametrize(
    "tamper, problem",
    [
        (lambda e: e.update(seed="ab" + e["seed"][2:]), "commitment"),
        (lambda e: e["result"]["scores"]["0"].update(total=99), "result"),
        (lambda e: e["log"].pop(5), "gap"),
    ],
)
def test_a_tampered_export_does_not_verify(started_game, client_for, tamper, problem):
    game = play(started_game)
    export = json.loads(json.dumps(client_for(None).get(f"/api/games/{game.pk}/export/").json()))
    tamper(export)
    report = verify_export(export)
    assert not report.ok and problem in report.problem
