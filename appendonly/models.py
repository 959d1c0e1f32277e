from __future__ import annotations

from typing import Any, NoReturn, TypeVar

from django.db import models


class AppendOnlyError(Exception):
    """Someone tried to change or delete a row that is written once."""


_Row = TypeVar("_Row", bound=models.Model)


class AppendOnlyQuerySet(models.QuerySet[_Row]):
    def update(self, **kwargs: Any) -> NoReturn:
        raise AppendOnlyError(f"{self.model._meta.verbose_name_plural} are never updated")

    def delete(self) -> NoReturn:
        raise AppendOnlyError(f"{self.model._meta.verbose_name_plural} are never deleted")


class AppendOnly(models.Model):
    """Rows that are written once and never updated or deleted, neither one by one nor
    (with AppendOnlyQuerySet as the manager) through a queryset."""

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnlyError(f"{self._meta.verbose_name_plural} are never updated")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise AppendOnlyError(f"{self._meta.verbose_name_plural} are never deleted")
