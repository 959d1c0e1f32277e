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

from django.core.exceptions import ValidationError
from django.core.validators import ProhibitNullCharactersValidator, RegexValidator
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.openapi import AutoSchema
from rest_framework import serializers
from rest_framework.fields import empty


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


# Python's whitespace (str.strip), written for both Python's and JSON Schema's regexes.
WHITESPACE = r"\t\n\x0b\x0c\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"


class TextValidator(RegexValidator):
    """No NUL character (DRF's rule for text) and, given `blank` (the characters that do
    not count), one that counts. Its regex is the schema's `pattern`."""

    def __init__(self, blank: str | None = None) -> None:
        nul_free = r"[^\x00]*"
        body = nul_free if blank is None else rf"{nul_free}[^{blank}\x00]{nul_free}"
        super().__init__(f"^{body}$")

    def __call__(self, value: Any) -> None:
        if re.search(self.regex, str(value)) is None:
            nul = "\x00" in str(value)
            message = ProhibitNullCharactersValidator.message if nul else BLANK_TEXT
            raise ValidationError(message, code="invalid")


BLANK_TEXT = _("Dit veld mag niet alleen uit spaties bestaan.")


class StrictCharField(serializers.CharField):
    """A JSON string (not a number), its length and pattern checked as sent. With `strip`,
    it must hold more than `blank` characters (whitespace; the schema's pattern says so),
    and surrounding whitespace is dropped after the checks (DRF drops it before them, so a
    length the schema forbids got through)."""

    default_error_messages = {"not_text": _("Verwacht tekst.")}

    def __init__(
        self, *args: Any, strip: bool = False, blank: str = WHITESPACE, **kwargs: Any
    ) -> None:
        super().__init__(*args, trim_whitespace=False, **kwargs)
        self.strip = strip
        if not isinstance(self, serializers.RegexField | serializers.EmailField):
            # (a pattern or an address format of their own leaves NUL out already)
            self.validators = [
                v for v in self.validators if not isinstance(v, ProhibitNullCharactersValidator)
            ]
            self.validators.append(TextValidator(blank if strip else None))

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("not_text")
        return super().to_internal_value(data)

    def run_validation(self, data: Any = empty) -> Any:
        value = super().run_validation(data)
        return value.strip() if self.strip and isinstance(value, str) else value


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
