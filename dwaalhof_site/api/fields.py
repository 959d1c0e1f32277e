"""Request fields that take what the schema says and nothing else.

DRF's fields are lenient with JSON: a boolean field takes 0, "yes" and "on", an integer
field "12" and 12.0, a text field 12. The schema says `boolean`, `integer` and `string`,
so a client generated from it never sends those, and the server refuses them: a request
the schema calls wrong is never accepted (Schemathesis checks both ways, test_conformance).

A ClosedSerializer refuses fields it does not name, and its schema says so
(`additionalProperties: false`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.openapi import AutoSchema
from rest_framework import serializers


class StrictBooleanField(serializers.BooleanField):
    """JSON true or false."""

    default_error_messages = {"invalid": _("Verwacht true of false.")}

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class StrictIntegerField(serializers.IntegerField):
    """A JSON integer (not a text, a fraction or a boolean)."""

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return data


class StrictCharField(serializers.CharField):
    """A JSON string (not a number)."""

    default_error_messages = {"not_text": _("Verwacht tekst.")}

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("not_text")
        return super().to_internal_value(data)


class StrictRegexField(StrictCharField, serializers.RegexField):
    """A JSON string matching the pattern."""


class StrictEmailField(StrictCharField, serializers.EmailField):
    """A JSON string that is an email address."""


class QueryIntegerField(serializers.IntegerField):
    """An integer query parameter written as one: digits (DRF's also reads "1.0")."""

    def to_internal_value(self, data: Any) -> int:
        if not (isinstance(data, str) and re.fullmatch(r"-?[0-9]+", data)):
            self.fail("invalid")
        return super().to_internal_value(data)


class QuerySerializer(serializers.Serializer):
    """Query parameters, each given once and not empty, as the schema says (DRF reads an
    empty one, `?since=`, as left out, and takes the last of repeated ones)."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, QueryDict):
            wrong = sorted(
                str(name) for name in data if name in self.fields and _not_once(data, name)
            )
            if wrong:
                message = _("Geef deze parameter één keer, niet leeg.")
                raise serializers.ValidationError({name: [message] for name in wrong})
        return super().to_internal_value(data)


def _not_once(query: QueryDict, name: str) -> bool:
    values = query.getlist(name)
    return len(values) != 1 or values[0] == ""


class ClosedSerializer(serializers.Serializer):
    """Refuses a field it does not name (400, the field in `errors`)."""

    default_error_messages = {"unknown": _("Onbekend veld.")}

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, Mapping):
            unknown = sorted(str(name) for name in data if name not in self.fields)
            if unknown:
                message = self.error_messages["unknown"]
                raise serializers.ValidationError({name: [message] for name in unknown})
        return super().to_internal_value(data)


class ClosedSerializerSchema(OpenApiSerializerExtension):
    """A ClosedSerializer's schema: its fields and no others."""

    target_class = ClosedSerializer
    match_subclasses = True

    def map_serializer(self, auto_schema: AutoSchema, direction: Any) -> dict[str, Any]:
        schema: dict[str, Any] = auto_schema._map_basic_serializer(self.target, direction)
        schema["additionalProperties"] = False
        return schema
