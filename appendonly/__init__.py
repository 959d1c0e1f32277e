"""Rows that are written once and never changed or deleted, neither one by one nor through a
queryset (the move log and its clock events; the staff audit and the login lockouts), and
their admin, which lists them read-only. A leaf: it imports no app, so every app may use it."""
