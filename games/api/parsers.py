"""The API's JSON parser: DRF's, with a bound on nesting (see games.bounded_json)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import IO, Any

from rest_framework import parsers
from rest_framework.exceptions import ParseError

from games import bounded_json


class JSONParser(parsers.JSONParser):
    def parse(
        self,
        stream: IO[Any],
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError as err:
            raise ParseError(bounded_json.TOO_DEEP) from err
        if bounded_json.too_deep(data):
            raise ParseError(bounded_json.TOO_DEEP)
        return data
