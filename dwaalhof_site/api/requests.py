"""What every API view asks of a request: the logged-in player, a validated body or query,
and the error answers its schema names (one copy for every app's views)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from rest_framework import serializers
from rest_framework.request import Request

from .errors import ErrorSerializer


def player(request: Request) -> User:
    """The request's player, on a view whose IsAuthenticated has run."""
    user = request.user
    assert isinstance(user, User), "IsAuthenticated lets only a player through"
    return user


def valid(serializer_class: type[serializers.Serializer], data: Any) -> dict[str, Any]:
    """`data` validated by `serializer_class` (a 400 otherwise)."""
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def error_answers(*codes: int) -> dict[int, type[ErrorSerializer]]:
    """The schema's error answers: each status with the error body."""
    return {code: ErrorSerializer for code in codes}
