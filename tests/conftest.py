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
