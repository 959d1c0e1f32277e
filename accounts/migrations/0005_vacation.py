from django.db import migrations, models


class Migration(migrations.Migration):
    """A player's vacation allowance and the vacation running now (docs/clocks.md)."""

    dependencies = [
        ("accounts", "0004_profile_language"),
    ]

    operations = [
        migrations.AddField(
            model_name="profile",
            name="vacation_days",
            field=models.PositiveSmallIntegerField(default=7),
        ),
        migrations.AddField(
            model_name="profile",
            name="vacation_accrued_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="profile",
            name="vacation_started_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="profile",
            name="vacation_until",
            field=models.DateTimeField(blank=True, db_index=True, null=True),
        ),
        migrations.AddField(
            model_name="profile",
            name="vacation_charged",
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="profile",
            name="vacation_used",
            field=models.PositiveIntegerField(default=0),
        ),
    ]
