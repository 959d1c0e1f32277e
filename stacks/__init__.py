"""The production topology on loopback, for tests, benchmarks and `make prod`: nginx, daphne,
the worker, PostgreSQL and Redis as child processes (localstack), and the supervisor that
keeps them running (prod). Not installed with the site (pyproject.toml lists the site's
packages): the site never imports it (tests/server/test_app_boundaries.py)."""
