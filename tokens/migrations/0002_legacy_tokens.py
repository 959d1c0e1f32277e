"""The tokens of POST /api/auth/token were DRF's authtoken keys, kept in plain text. Each
becomes a personal token with every scope, stored as its SHA-256, so scripts using it go on
working; the plain keys are then deleted. (rest_framework.authtoken is no longer installed:
its table is read here when an earlier version left it, and emptied.)"""

import hashlib

from django.db import migrations

LEGACY_TABLE = "authtoken_token"
ALL_SCOPES = ["game:read", "game:play", "account:read", "account:write"]


def hash_legacy_keys(apps, schema_editor):
    connection = schema_editor.connection
    if LEGACY_TABLE not in connection.introspection.table_names():
        return
    PersonalToken = apps.get_model("tokens", "PersonalToken")
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT key, user_id, created FROM {LEGACY_TABLE}")  # noqa: S608 — the table name is our constant, no input
        rows = cursor.fetchall()
        for key, user_id, created in rows:
            token = PersonalToken.objects.create(
                user_id=user_id,
                name="auth/token",
                prefix=key[:8],
                digest=hashlib.sha256(key.encode()).hexdigest(),
                scopes=ALL_SCOPES,
                from_password=True,
            )
            PersonalToken.objects.filter(pk=token.pk).update(created=created)
        cursor.execute(f"DELETE FROM {LEGACY_TABLE}")  # noqa: S608 — the table name is our constant, no input


class Migration(migrations.Migration):
    dependencies = [("tokens", "0001_personal_tokens")]

    operations = [migrations.RunPython(hash_legacy_keys, migrations.RunPython.noop)]
