"""Reads on the hottest paths with their SQL compiled once, not on every request.

Django compiles a queryset to SQL each time it runs it. For the move's locked read of the
game with its seats, users, profiles and ratings (five tables joined) and a token's lookup
with its user, profile and account checks, compiling was the largest single part of a
move's CPU: more than running the query and building the objects (docs/deploy.md, "A
cheaper move"). A `PreparedRead` compiles its queryset once per database connection, with
a stand-in value for each argument, and afterwards runs that SQL with the real values and
builds the model instances exactly as Django's own iterator does (the same select list,
related populators and converters: `django.db.models.query.ModelIterable`).

Only for querysets whose shape never changes between calls: the arguments may change the
parameters, not the SQL (no `None` that would become `IS NULL`, no lists of varying length).
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Model, QuerySet
from django.db.models.query import get_related_populators
from django.db.transaction import TransactionManagementError

M = TypeVar("M", bound=Model)


class _Compiled:
    """One queryset's SQL and what building its rows needs, for one connection."""

    def __init__(self, queryset: QuerySet, stand_ins: tuple[Any, ...], alias: str):
        compiler = queryset.query.get_compiler(using=alias)
        self.sql, params = compiler.as_sql()
        # Where each argument goes among the parameters (each stand-in appears once).
        self.slots = [params.index(value) for value in stand_ins]
        if len({*self.slots}) != len(stand_ins) or any(
            sum(1 for p in params if p == value) != 1 for value in stand_ins
        ):
            raise ValueError("each stand-in must appear exactly once among the parameters")
        self.params = list(params)
        self.compiler = compiler
        self.locks = queryset.query.select_for_update
        select, klass_info = compiler.select, compiler.klass_info
        assert klass_info is not None and not compiler.annotation_col_map
        self.model = klass_info["model"]
        fields = klass_info["select_fields"]
        self.start, self.end = fields[0], fields[-1] + 1
        self.init_list = [f[0].target.attname for f in select[self.start : self.end]]
        # (django-stubs describe a later Django, whose populators take a fetch mode)
        self.populators = get_related_populators(klass_info, select, alias)  # type: ignore[call-arg]
        self.converters = compiler.get_converters([s[0] for s in select])

    def run(self, alias: str, args: tuple[Any, ...]) -> list[Model]:
        connection = connections[alias]
        if self.locks and connection.get_autocommit():  # as Django's compiler checks
            raise TransactionManagementError("select_for_update outside of a transaction")
        params = list(self.params)
        for slot, value in zip(self.slots, args, strict=True):
            params[slot] = value
        with connection.cursor() as cursor:
            cursor.execute(self.sql, params)
            rows: Any = cursor.fetchall()
        if self.converters:
            rows = self.compiler.apply_converters(rows, self.converters)
        found = []
        for row in rows:
            obj = self.model.from_db(alias, self.init_list, row[self.start : self.end])
            for populator in self.populators:
                populator.populate(row, obj)
            found.append(obj)
        return found


class PreparedRead(Generic[M]):
    """`build(*args)` makes the queryset; `stand_ins` are argument values that appear nowhere
    else in its parameters (e.g. -1 for an id). Calling the read runs the SQL compiled from
    `build(*stand_ins)` with the given arguments: a list of model instances."""

    def __init__(self, build: Callable[..., QuerySet[M]], *stand_ins: Any):
        self.build, self.stand_ins = build, stand_ins
        # Per connection object (each thread has its own): the compiler keeps its connection.
        self._compiled: weakref.WeakKeyDictionary[Any, _Compiled] = weakref.WeakKeyDictionary()
        self._lock = threading.Lock()

    def __call__(self, *args: Any, using: str = DEFAULT_DB_ALIAS) -> list[M]:
        connection = connections[using]
        compiled = self._compiled.get(connection)
        if compiled is None:
            compiled = _Compiled(self.build(*self.stand_ins), self.stand_ins, using)
            with self._lock:
                self._compiled[connection] = compiled
        return compiled.run(using, args)  # type: ignore[return-value]
