"""Addresses given before verification existed become allauth addresses, unverified: mail
goes to them again once their owner confirms them (PUT /api/allauth/browser/v1/account/email
sends the link)."""

from django.db import migrations


def addresses(apps, schema_editor):
    User = apps.get_model("auth", "User")
    EmailAddress = apps.get_model("account", "EmailAddress")
    for user in User.objects.exclude(email="").iterator():
        EmailAddress.objects.get_or_create(
            user=user, email=user.email.lower(), defaults={"primary": True, "verified": False}
        )


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_outgoingmail_profile_deleted_at"),
        ("account", "0009_emailaddress_unique_primary_email"),
    ]

    operations = [migrations.RunPython(addresses, migrations.RunPython.noop)]
