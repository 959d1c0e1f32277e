from __future__ import annotations

from rest_framework import serializers

from . import scopes
from .models import PersonalToken


class TokenCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=60, help_text="what the token is for, e.g. 'my bot'")
    scopes = serializers.ListField(
        child=serializers.ChoiceField(choices=list(scopes.ALL)),
        min_length=1,
        help_text="what the token may do: " + ", ".join(scopes.ALL),
    )


class TokenSerializer(serializers.ModelSerializer):
    class Meta:
        model = PersonalToken
        fields = ["id", "name", "prefix", "scopes", "created", "last_used"]
        read_only_fields = fields


class NewTokenSerializer(TokenSerializer):
    token = serializers.CharField(help_text="the secret: shown this once, never again")

    class Meta(TokenSerializer.Meta):
        fields = [*TokenSerializer.Meta.fields, "token"]
        read_only_fields = fields
