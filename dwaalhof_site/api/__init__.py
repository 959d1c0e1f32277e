"""API pieces every app shares: the error shape (errors.py) and the throttles (throttles.py)."""
