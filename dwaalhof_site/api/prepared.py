"""Reads and writes on the hottest paths with their SQL compiled once, not on every request.

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

from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections
from django.db.models import Model, QuerySet
from django.db.models.query import get_related_populators
from django.db.models.sql import InsertQuery, UpdateQuery
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


# More rows than this in one insert go through bulk_create (its batches: SQLite's limit on a
# statement's parameters), and keep no compiled SQL per number.
MANY_ROWS = 20


class PreparedWrites(Generic[M]):
    """A move's two writes with their SQL compiled once per connection: one row's INSERT as
    `bulk_create([row])` writes it (its primary key RETURNING where the database can), and
    the UPDATE of named fields of one row by its key as `save(update_fields=...)` writes it
    (per set of fields). Compiling each was about half of its cost (docs/deploy.md, "A
    cheaper move"). The values are converted as Django's compilers convert them
    (`get_db_prep_save`); a value that is an expression or a model instance goes through
    Django instead. No pre_save or post_save signal is sent: for models nobody listens to."""

    def __init__(self, model: type[M]):
        self.model = model
        meta = model._meta
        self.insert_fields = [f for f in meta.concrete_fields if f is not meta.pk]
        self._sql: weakref.WeakKeyDictionary[Any, dict[Any, tuple[str, Any]]] = (
            weakref.WeakKeyDictionary()
        )
        self._lock = threading.Lock()

    def _compiled(
        self, connection: Any, key: Any, compile: Callable[[], tuple[str, Any]]
    ) -> tuple[str, Any]:
        found = self._sql.get(connection)
        if found is None:
            with self._lock:
                found = self._sql.setdefault(connection, {})
        sql = found.get(key)
        if sql is None:
            sql = found[key] = compile()
        return sql

    def insert(self, obj: M, using: str = DEFAULT_DB_ALIAS) -> None:
        self.insert_rows([obj], using)

    def insert_rows(self, objs: list[M], using: str = DEFAULT_DB_ALIAS) -> None:
        """`bulk_create(objs)` in one statement, its SQL compiled once per number of rows (a
        move and the automatic entries after it: a few rows)."""
        if not objs:
            return
        connection = connections[using]
        values = [[f.pre_save(obj, True) for f in self.insert_fields] for obj in objs]
        if (
            len(objs) > MANY_ROWS
            or any(obj.pk is not None for obj in objs)
            or any(_not_plain(v) for row in values for v in row)
        ):
            self.model._default_manager.using(using).bulk_create(objs)
            return

        def compile() -> tuple[str, Any]:
            query = InsertQuery(self.model)
            query.insert_values(self.insert_fields, list[Model](objs))
            compiler = query.get_compiler(using=using)
            returning = None
            if connection.features.can_return_rows_from_bulk_insert:
                returning = self.model._meta.db_returning_fields
            compiler.returning_fields = returning
            [(sql, params)] = compiler.as_sql()
            # PostgreSQL inserts several rows as UNNEST of one array per column; else (and
            # for one row) the values come row after row.
            by_column = len(objs) > 1 and len(params) == len(self.insert_fields)
            return sql, (returning, by_column)

        sql, (returning, by_column) = self._compiled(connection, ("insert", len(objs)), compile)
        rows = [
            [
                f.get_db_prep_save(v, connection)
                for f, v in zip(self.insert_fields, row, strict=True)
            ]
            for row in values
        ]
        params = (
            [list(column) for column in zip(*rows, strict=True)] if by_column else sum(rows, [])
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            if returning:  # one row back per row in, in order (as bulk_create reads them)
                for obj, returned in zip(objs, cursor.fetchall(), strict=True):
                    for field, value in zip(returning, returned, strict=True):
                        setattr(obj, field.attname, value)
        for obj in objs:
            obj._state.adding, obj._state.db = False, using

    def update(self, obj: M, fields: list[str], using: str = DEFAULT_DB_ALIAS) -> None:
        connection = connections[using]
        meta = self.model._meta
        chosen: list[Any] = [meta.get_field(name) for name in fields]
        values = [f.pre_save(obj, False) for f in chosen]
        if any(_not_plain(v) for v in values):
            obj.save(update_fields=fields, using=using)
            return

        def compile() -> tuple[str, Any]:
            query = self.model._base_manager.using(using).filter(pk=obj.pk).query
            update: Any = query.chain(UpdateQuery)  # (the stubs' chain returns a Query)
            update.add_update_fields([(f, None, v) for f, v in zip(chosen, values, strict=True)])
            update.annotations = {}
            sql, _params = update.get_compiler(using=using).as_sql()
            return sql, None

        sql, _ = self._compiled(connection, tuple(fields), compile)
        params = [f.get_db_prep_save(v, connection) for f, v in zip(chosen, values, strict=True)]
        with connection.cursor() as cursor:
            cursor.execute(sql, [*params, meta.pk.get_db_prep_value(obj.pk, connection)])
            if cursor.rowcount == 0:  # as save(update_fields=...) says
                raise DatabaseError("Save with update_fields did not affect any rows.")
        obj._state.adding, obj._state.db = False, using


def _not_plain(value: Any) -> bool:
    """An expression or a model instance: SQL or conversions of its own."""
    return hasattr(value, "resolve_expression") or hasattr(value, "prepare_database_save")
