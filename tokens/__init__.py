"""Personal access tokens: named, scoped, stored hashed, listed with their last use and
revoked one by one (docs/api.md, "For programs")."""
