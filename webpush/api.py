"""Web push REST API (docs/api.md, "Web push"): my devices, turning push on for this
browser, renaming and revoking a device. Thin views over webpush.devices."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from dwaalhof_site.api.errors import ErrorSerializer

from . import devices

NOT_SIGNED_IN = {401: ErrorSerializer, 403: ErrorSerializer}


class DeviceSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField(help_text="the player's name for it (default from the browser)")
    created = serializers.DateTimeField()
    last_success = serializers.DateTimeField(
        allow_null=True, help_text="the last push its push service took; null: none yet"
    )


class PushOverviewSerializer(serializers.Serializer):
    enabled = serializers.BooleanField(help_text="false: the site has no VAPID keys, push is off")
    public_key = serializers.CharField(
        allow_null=True,
        help_text="the VAPID application server key (base64url, uncompressed P-256 point) "
        "for pushManager.subscribe(); null when push is off",
    )
    devices = DeviceSerializer(many=True)


class SubscriptionKeysSerializer(serializers.Serializer):
    p256dh = serializers.CharField(help_text="the browser's P-256 public key, base64url")
    auth = serializers.CharField(help_text="the 16-byte auth secret, base64url")


class SubscribeSerializer(serializers.Serializer):
    endpoint = serializers.CharField(help_text="the push service's https URL")
    keys = SubscriptionKeysSerializer()
    name = serializers.CharField(
        required=False, help_text="1-60 characters; default from the User-Agent"
    )


class RenameSerializer(serializers.Serializer):
    name = serializers.CharField(help_text="1-60 characters")


class PushDevicesView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: PushOverviewSerializer, **NOT_SIGNED_IN})
    def get(self, request: Request) -> Response:
        """Whether the site pushes, its public key, and my devices that receive pushes."""
        return Response(devices.overview(request.user))

    @extend_schema(
        request=SubscribeSerializer,
        # 400 `invalid`: no https endpoint, keys of the wrong length; 409 `push_off`: the site
        # has no keys; 409 `too_many_devices`.
        responses={
            200: DeviceSerializer,
            201: DeviceSerializer,
            400: ErrorSerializer,
            409: ErrorSerializer,
            **NOT_SIGNED_IN,
        },
    )
    def post(self, request: Request) -> Response:
        """Turn push on for this browser: its PushSubscription.toJSON() and an optional name
        (201; the same endpoint again updates that device: 200)."""
        agent = request.headers.get("User-Agent", "")
        device, created = devices.subscribe(request.user, request.data, agent)
        code = status.HTTP_201_CREATED if created else status.HTTP_200_OK
        return Response(devices.as_json(device), status=code)


class PushDeviceView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=RenameSerializer,
        responses={
            200: DeviceSerializer,
            400: ErrorSerializer,
            404: ErrorSerializer,
            **NOT_SIGNED_IN,
        },
    )
    def patch(self, request: Request, device_id: int) -> Response:
        """Rename one of my devices (404: not mine)."""
        return Response(devices.as_json(devices.rename(request.user, device_id, request.data)))

    @extend_schema(request=None, responses={204: None, 404: ErrorSerializer, **NOT_SIGNED_IN})
    def delete(self, request: Request, device_id: int) -> Response:
        """Revoke one of my devices: it gets no more pushes (404: not mine)."""
        devices.revoke(request.user, device_id)
        return Response(status=status.HTTP_204_NO_CONTENT)
