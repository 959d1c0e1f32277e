"""The API's response serializers describe the JSON games.selectors builds (games.shapes):
the serializer that renders a shape names exactly the shape's keys, and a nested object or
list is described by its own shape's serializer. A key added to one side only fails here,
before a client generated from the OpenAPI schema meets a field it was not told of (or
misses one it was promised)."""

import inspect
import typing

import pytest
from rest_framework import serializers

from games import selectors, shapes
from games.api import serializers as api

RENDERED_BY = {
    shapes.Player: api.PlayerSerializer,
    shapes.GameSummary: api.GameSummarySerializer,
    shapes.GameDetail: api.GameSerializer,
    shapes.LogEntry: api.LogEntrySerializer,
    shapes.GameExport: api.ExportSerializer,
}
# Shapes only found inside another (a game's clock): each has its own serializer too.
NESTED = {
    shapes.TimeControlJson: api.TimeControlSerializer,
    shapes.Reading: api.ClockReadingSerializer,
    shapes.Timeout: api.TimeoutSerializer,
    shapes.ClockEventEntry: api.ClockEventSerializer,
    shapes.ClockStateJson: api.ClockStateSerializer,
}
DESCRIBED_BY = RENDERED_BY | NESTED
# Shapes a selector builds only as a part of a bigger one: that one's serializer covers them.
PART_OF = {
    shapes.GameFields: shapes.GameSummary,
    shapes.ShownRating: shapes.Player,
}


def keys(shape) -> set[str]:
    return set(shape.__required_keys__ | shape.__optional_keys__)


def typed_dicts_in(hint) -> set[type]:
    """The TypedDicts a type names, also inside list[...] and X | None."""
    if typing.is_typeddict(hint):
        return {hint}
    return {td for arg in typing.get_args(hint) for td in typed_dicts_in(arg)}


def disagreement(shape, serializer_class) -> dict[str, list[str]]:
    described = set(serializer_class().fields)
    return {
        "not in the serializer": sorted(keys(shape) - described),
        "not in the shape": sorted(described - keys(shape)),
    }


AGREED = {"not in the serializer": [], "not in the shape": []}


def test_every_shape_a_selector_returns_has_its_serializer():
    returned = set()
    for _name, func in inspect.getmembers(selectors, inspect.isfunction):
        if func.__module__ == selectors.__name__:
            returned |= typed_dicts_in(typing.get_type_hints(func).get("return"))
    assert returned == set(RENDERED_BY) | set(PART_OF)


@pytest.mark.parametrize("shape", DESCRIBED_BY, ids=lambda shape: shape.__name__)
def test_the_serializer_names_exactly_the_shapes_keys(shape):
    assert disagreement(shape, DESCRIBED_BY[shape]) == AGREED


@pytest.mark.parametrize("shape", RENDERED_BY, ids=lambda shape: shape.__name__)
def test_a_nested_shape_is_described_by_its_own_serializer(shape):
    fields = RENDERED_BY[shape]().fields
    for key, hint in typing.get_type_hints(shape).items():
        for inner in typed_dicts_in(hint):
            field = fields[key]
            if isinstance(field, serializers.ListSerializer):
                field = field.child
            assert type(field) is DESCRIBED_BY[inner], key


@pytest.mark.parametrize("part", PART_OF, ids=lambda part: part.__name__)
def test_a_part_is_inside_the_shape_it_belongs_to(part):
    assert keys(part) < keys(PART_OF[part])


def test_a_key_on_one_side_only_is_found():
    class Drifted(api.LogEntrySerializer):
        extra = serializers.IntegerField()
        seat = None  # DRF: a field set to None is removed

    assert disagreement(shapes.LogEntry, Drifted) == {
        "not in the serializer": ["seat"],
        "not in the shape": ["extra"],
    }
