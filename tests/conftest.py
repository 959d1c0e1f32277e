"""Shared fixtures for the server-side test areas (kept small; area fixtures live in their
own conftest). Engine tests use none of these."""

import pytest

PASSWORD = "Dwaal-hof-2025!"


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """Browser tests run last: Playwright's sync API keeps an event loop running in the main
    thread for the rest of the session, and after it asyncio.run() (the realtime tests'
    scenarios) refuses to start. A stable sort: every other order is kept."""
    items.sort(key=lambda item: "e2e" in item.path.parts)


FAST_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # tests only


@pytest.fixture
def make_user(db, settings):
    """make_user("anna") -> a user with a profile; the password is tests.conftest.PASSWORD."""
    from django.contrib.auth import get_user_model

    settings.PASSWORD_HASHERS = FAST_HASHERS

    def make(username: str = "anna", display_name: str = ""):
        user = get_user_model().objects.create_user(username=username, password=PASSWORD)
        if display_name:
            user.profile.display_name = display_name
            user.profile.save()
        return user

    return make


@pytest.fixture
def started_game(make_user):
    """An active game between anna (seat 0) and bert (seat 1), via the services."""
    from games import services

    anna, bert = make_user("anna"), make_user("bert")
    game = services.game_create(user=anna, opponent="invite")
    services.game_join(game=game, user=bert, code=game.invite_code)
    game.refresh_from_db()
    return game
