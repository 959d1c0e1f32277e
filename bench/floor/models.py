"""Dwaalhof's personal access tokens as the floor app reads them (the table is Dwaalhof's;
the floor neither creates nor migrates it)."""

from django.conf import settings
from django.db import models


class PersonalToken(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.DO_NOTHING)
    digest = models.CharField(max_length=64, unique=True)
    revoked = models.DateTimeField(null=True)
    # (spelled out: mypy's Django plugin reads Dwaalhof's settings, where this app is not)
    objects: models.Manager["PersonalToken"] = models.Manager()
    user_id: int

    class Meta:
        managed = False
        db_table = "tokens_personaltoken"

    def __str__(self) -> str:
        return f"token of user {self.user_id}"
