"""Shared fixtures for the server-side test areas (kept small; area fixtures live in their
own conftest). Engine tests use none of these."""

import os

import pytest

from tests import migrated

PASSWORD = "Dwaal-hof-2025!"


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """Browser tests run last: Playwright's sync API keeps an event loop running in the main
    thread for the rest of the session, and after it asyncio.run() (the realtime tests'
    scenarios) refuses to start. A stable sort: every other order is kept.

    Under pytest-xdist (`make test`, --dist load) each worker gets its tests in this order,
    so there too a worker runs its browser tests after all its others. The `one_worker`
    modules go first: xdist's first chunk for a worker is consecutive tests (about a quarter
    of that worker's share), so each such module lands whole on one worker and starts its
    servers once. (xdist_group with --dist loadgroup would say this directly, but with
    pytest 9.2 and xdist 3.8 the group is ignored, and the loadscope family of schedulers
    runs one of the Schemathesis operation tests in test_api_conformance.py: those share one node
    id.) The LONG_TESTS go first within their group."""

    def rank(item):
        group = 2 if "e2e" in item.path.parts else 0 if item.get_closest_marker("one_worker") else 1
        return group, not any(item.nodeid.startswith(long) for long in LONG_TESTS)

    items.sort(key=rank)


# The longest browser tests of CI's runs (--durations), minutes each on a loaded machine:
# the browser tests run last, so these start first among them, and the run does not end
# with one worker busy alone on one of them. (The long server tests need no such place: the
# browser tests come after them. Moved to the front, they would all land in the first
# worker's first chunk, next to the one_worker modules.) The first two are `slow` (make
# test-slow), where they lead as well.
LONG_TESTS = (
    "tests/e2e/test_invite_game.py::test_two_players_join_by_invite_and_see_each_others_moves",
    "tests/e2e/test_computer_game.py::test_complete_game_against_the_computer",
    "tests/e2e/test_seeing.py::test_summary_history_replay_record_and_dice_check",
    "tests/e2e/test_as_deployed.py",  # its stack takes a minute to start
    "tests/e2e/test_accessibility.py::test_no_serious_axe_finding_on_any_page_or_phase",
)


FAST_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # tests only


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory):
    """migrated_sqlite(path) -> the URL of a migrated SQLite database written at `path`, a
    copy of the run's template (tests/migrated.py). Under xdist the workers' basetemps
    share a parent: the template is migrated there once for them all."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    return lambda path: migrated.sqlite_copy(shared, path)


@pytest.fixture(scope="session")
def migrated_stack(tmp_path_factory):
    """migrated_stack(prefix, **options) -> a context manager, as temporary_stack
    (stacks/localstack.py) with the same options, whose stack starts on copies of the run's
    migrated cluster and collected static files (tests/migrated.py), made once for every
    xdist worker of the run."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    return lambda prefix, **options: migrated.stack(shared, prefix, **options)


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    """pytest-django's test database: on PostgreSQL a copy of the run's migrated template
    (Django's TEST TEMPLATE), so the migrate that follows finds every migration applied
    instead of running them all again in each xdist worker."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.postgresql":
        server = os.environ["DATABASE_URL"].rsplit("/", 1)[0]
        database.setdefault("TEST", {})["TEMPLATE"] = migrated.postgres_template(server)


def pytest_sessionfinish(session):
    base = os.environ.get("DATABASE_URL", "")
    if migrated.used_postgres:
        migrated.drop_postgres_template(base.rsplit("/", 1)[0])
