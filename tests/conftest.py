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
    id.)"""

    def rank(item):
        if "e2e" in item.path.parts:
            return 2
        return 0 if item.get_closest_marker("one_worker") else 1

    items.sort(key=rank)


FAST_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # tests only


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory):
    """migrated_sqlite(path) -> the URL of a migrated SQLite database written at `path`, a
    copy of the run's template (tests/migrated.py). Under xdist the workers' basetemps
    share a parent: the template is migrated there once for them all."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    return lambda path: migrated.sqlite_copy(shared, path)


def pytest_sessionfinish(session):
    base = os.environ.get("DATABASE_URL", "")
    if migrated.used_postgres:
        migrated.drop_postgres_template(base.rsplit("/", 1)[0])
