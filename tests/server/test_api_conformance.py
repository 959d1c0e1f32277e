"""The OpenAPI schema is a contract a generated client can trust: Schemathesis generates
requests for every operation from the live schema, valid ones and ones the schema calls
wrong, and checks both ways: a request the schema allows is not refused, one it forbids is
not accepted, and every answer (status, content type, body) is one the schema lists.

The player is logged in with a token and has games in every state; a path's game id points
at one of them (chosen by the generated id), a code at an invite, a username at the player.
Bounded and seeded: the same requests on every run, within about two minutes.

Two refusals the schema cannot state (JSON Schema has no words for them) are told apart by
their field: a rating range whose lower bound is above its upper one, a time control with
turn_seconds or a correspondence cap below its bank, the sign-up's
password validators (a common password, one like the username) or a taken username, a
wrong password to delete the account, and a confirmation that is not the username (turning
an account into a bot). The schema's descriptions say them."""

from __future__ import annotations

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.config import PositiveDataAcceptanceConfig
from schemathesis.core.parameters import ParameterLocation
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    missing_required_header,
    negative_data_rejection,
    positive_data_acceptance,
    response_schema_conformance,
    status_code_conformance,
    unsupported_method,
)

from .factories import GameFactory, token_for

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_rejection,
    positive_data_acceptance,
    missing_required_header,
    unsupported_method,
]
CSRF = "c" * 32  # a CSRF cookie and header that match: sign-up and login need them


@pytest.fixture
def world(db, make_user):
    """anna's games in every state: her turn, the opponent's turn, open, an invite nobody
    joined, finished, against the computer."""
    anna, bert = make_user("anna"), make_user("bert")
    mine = GameFactory(creator=anna, joiner=bert)
    if mine.current_seat != 0:
        mine = GameFactory(creator=bert, joiner=anna)
    games = [
        mine,
        GameFactory(creator=anna, joiner=bert, moves=3),
        GameFactory(creator=anna, opponent="open"),
        GameFactory(creator=anna, waiting=True),
        GameFactory(creator=anna, joiner=bert, loser=1),
        GameFactory(creator=anna, opponent="computer", level="easy"),
    ]
    return games, token_for(anna)


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

    schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)
    schema.config.phases.update(phases=["examples", "coverage", "fuzzing"])
    schema.config.seed = 22
    # 422: the rules refuse a well-formed move now, as 409 says the game moved on: the
    # state's answer to a request the schema rightly allows.
    schema.config.checks.positive_data_acceptance = PositiveDataAcceptanceConfig(
        expected_statuses=["2xx", "3xx", "401", "403", "404", "409", "422", "429", "5xx"]
    )
    return schema


# The accounts, games, notifications, ratings, players and chat API (allauth's headless
# endpoints under /api/allauth/ have their own specification and tests).
schema = _schema().include(
    path_regex=r"^/api/(auth|account|content|games|notifications|ratings|players)/"
)

# Refusals of schema-valid requests that JSON Schema cannot state: operation -> the fields.
UNSTATABLE = {
    # a rating range upside down; a correspondence cap below its bank, or time_control
    # given with turn_seconds
    "POST /api/games/": {"rating_max", "time_control"},
    "POST /api/auth/signup": {"password", "username"},
    "DELETE /api/auth/me": {"password"},  # not the account's password: the server knows
    "POST /api/account/vacation/": {"days"},  # more days than my allowance has now
    "POST /api/account/bot/": {"confirm"},  # not my username: the server knows it
    # a wrong current password, two different new ones, a new one the validators refuse
    "POST /api/auth/password": {"current_password", "new_password2", "new_password"},
    # another kind or way, bell off; a time zone that does not exist; one quiet time only
    "PATCH /api/notifications/preferences/": {"ways", "time_zone", "quiet_end"},
}


@schema.parametrize()
@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_the_api_keeps_its_schema_both_ways(case, world):
    games, token = world
    _aim(case, games)
    headers = {
        "Authorization": f"Token {token}",
        "Cookie": f"csrftoken={CSRF}",
        "X-CSRFToken": CSRF,
    }
    response = case.call(headers=headers)
    checks = CHECKS
    if _unstatable(case, response):
        checks = [check for check in CHECKS if check is not positive_data_acceptance]
    case.validate_response(response, checks=checks, headers=headers)


def _aim(case, games) -> None:
    """Point a valid path at anna's games; a path the schema calls wrong stays as it is."""
    path = case.meta.components.get(ParameterLocation.PATH) if case.meta else None
    if not case.path_parameters or (path is not None and path.mode.is_negative):
        return
    if "game_id" in case.path_parameters:
        generated = case.path_parameters["game_id"]
        case.path_parameters["game_id"] = games[hash(str(generated)) % len(games)].pk
    if "code" in case.path_parameters:
        case.path_parameters["code"] = games[3].invite_code
    if "username" in case.path_parameters:
        case.path_parameters["username"] = "anna"


def _unstatable(case, response) -> bool:
    fields = UNSTATABLE.get(f"{case.method.upper()} {case.path}")
    if not fields or response.status_code != 400:
        return False
    return set(response.json().get("errors", {})) <= fields
