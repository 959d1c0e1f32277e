"""The framework floor: a bare DRF app (Django's startproject defaults plus DRF with token
auth) that bench.http_latency serves with daphne beside Dwaalhof, on the same PostgreSQL."""
