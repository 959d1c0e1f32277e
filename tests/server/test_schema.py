"""The OpenAPI schema tells the truth: Schemathesis generates requests for every operation
(authenticated as a player with a game; path ids point at that game) and finds no server
error and no response that breaks the schema. Bounded: a few examples per operation."""

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from .factories import GameFactory

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


@pytest.fixture
def player_game(db, make_user):
    from rest_framework.authtoken.models import Token

    anna, bert = make_user("anna"), make_user("bert")
    game = GameFactory(creator=anna, joiner=bert)
    GameFactory(creator=anna, opponent="open")
    return game, Token.objects.create(user=anna).key


@pytest.fixture(autouse=True)
def _keep_the_test_connection():
    """Django's own test client does the same: a request must not close the connection that
    holds the test's transaction."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def _schema():
    from dwaalhof_site.wsgi import application

    return schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)


# The accounts, games, notifications, ratings, players and chat API. (allauth's headless
# endpoints under /api/allauth/ have their own specification and tests.)
schema = _schema().include(path_regex=r"^/api/(auth|games|notifications|ratings|players)/")


@schema.parametrize()
@settings(
    max_examples=6,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_api_answers_match_the_schema_and_never_500(case, player_game):
    game, token = player_game
    if case.path_parameters:
        if "game_id" in case.path_parameters:
            case.path_parameters["game_id"] = game.pk
        if "code" in case.path_parameters:
            case.path_parameters["code"] = game.invite_code
        if "username" in case.path_parameters:
            case.path_parameters["username"] = "anna"
    case.call_and_validate(headers={"Authorization": f"Token {token}"}, checks=CHECKS)
