"""The accounts API: sign up, log in and out (session + CSRF), token, my profile, deleting
my account. Email verification, password reset and change, and email change are allauth's
headless API (/api/allauth/browser/v1/..., see docs/api.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth import authenticate, login, logout
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import HttpRequest
from django.middleware.csrf import CsrfViewMiddleware, get_token
from django.utils import timezone
from django.utils.decorators import method_decorator
from django.utils.translation import gettext as _
from django.views.decorators.csrf import ensure_csrf_cookie
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import exceptions, serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import BaseThrottle
from rest_framework.views import APIView

from dwaalhof_site.api import gate
from dwaalhof_site.api.errors import ErrorSerializer
from dwaalhof_site.api.fields import (
    StrictCharField,
    StrictEmailField,
    StrictIntegerField,
    StrictRegexField,
)
from dwaalhof_site.api.language import request_language
from dwaalhof_site.api.requests import player
from dwaalhof_site.api.throttles import AuthThrottle
from staffguard.login_limits import LoginLocked, retry_after
from tokens import services as token_services

from . import data_export, services, vacation
from .models import Profile

USERNAME_RE = r"^[A-Za-z0-9_.-]{3,30}$"


class MeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    email = serializers.CharField(allow_blank=True)
    email_verified = serializers.BooleanField()
    email_pending = serializers.CharField(allow_null=True)
    display_name = serializers.CharField()
    notify = serializers.ChoiceField(choices=Profile.Notify.values)
    language = serializers.ChoiceField(choices=[code for code, _ in settings.LANGUAGES])
    bot = serializers.BooleanField(help_text="a bot account (POST /api/account/bot/)")


class MeNowSerializer(MeSerializer):
    limited_to_game = serializers.IntegerField(
        allow_null=True,
        help_text="this session was opened by a mail's one-click game link and reaches only "
        "this game until a login with the password; null: a full session",
    )


# Whether a session reaches one game only (a mail's one-click link) is the notifications app's
# to know (notifications.limited); it hands the question over in its AppConfig.ready(), as
# accounts never imports a follower. None: nobody told us (no session is limited).
SessionLimit = Callable[[HttpRequest], "int | None"]
_session_limit: SessionLimit | None = None


def use_session_limit(limit: SessionLimit | None) -> None:
    global _session_limit
    _session_limit = limit


def limited_to_game(request: HttpRequest) -> int | None:
    return None if _session_limit is None else _session_limit(request)


class SignupSerializer(serializers.Serializer):
    username = StrictRegexField(USERNAME_RE, max_length=30, help_text="not taken (in any case)")
    password = StrictCharField(
        max_length=128,
        write_only=True,
        help_text="Django's password validators: at least 8 characters, not all digits, not a "
        "common password, not like the username",
    )
    display_name = StrictCharField(max_length=40, required=False, default="", strip=True)
    email = StrictEmailField(required=False, default="")

    def validate_username(self, value: str) -> str:
        from django.contrib.auth import get_user_model

        if get_user_model().objects.filter(username__iexact=value).exists():
            raise serializers.ValidationError(_("Deze gebruikersnaam is al bezet."))
        return value


class LoginSerializer(serializers.Serializer):
    username = StrictCharField(max_length=150)
    password = StrictCharField(max_length=128)


class ProfileSerializer(serializers.Serializer):
    display_name = StrictCharField(min_length=1, max_length=40, required=False, strip=True)
    email = StrictEmailField(required=False, allow_blank=True)
    notify = serializers.ChoiceField(choices=Profile.Notify.values, required=False)
    language = serializers.ChoiceField(
        choices=[code for code, _ in settings.LANGUAGES], required=False
    )


class DeleteSerializer(serializers.Serializer):
    password = StrictCharField(max_length=128, help_text="the account's password")


class PasswordChangeSerializer(serializers.Serializer):
    current_password = StrictCharField(max_length=128, help_text="the password in use now")
    new_password = StrictCharField(max_length=128, help_text="Django's password validators")
    new_password2 = StrictCharField(max_length=128, help_text="the new password again")


def me_payload(user: User) -> dict[str, Any]:
    fields = services.account_fields(user)
    return {**fields, "language": fields["language"] or settings.LANGUAGE_CODE}


class _CSRFCheck(CsrfViewMiddleware):
    def _reject(self, request: HttpRequest, reason: str) -> str:  # the reason: enforce_csrf raises
        return reason


def enforce_csrf(request: HttpRequest) -> None:
    """Session logins are CSRF-protected too (DRF only checks logged-in session users)."""
    # As DRF's SessionAuthentication: neither the response getter nor the view is called.
    check = _CSRFCheck(lambda req: None)  # type: ignore[arg-type]
    check.process_request(request)
    reason = check.process_view(request, None, (), {})  # type: ignore[arg-type]
    if reason:
        raise exceptions.PermissionDenied(f"CSRF Failed: {reason}")


# 401: not logged in, a wrong token, or a wrong username or password.
ERR = {400: ErrorSerializer, 401: ErrorSerializer, 403: ErrorSerializer, 429: ErrorSerializer}


@method_decorator(ensure_csrf_cookie, name="dispatch")
class CsrfView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={204: None})
    def get(self, request: Request) -> Response:
        """Sets the csrftoken cookie for the browser."""
        get_token(request)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SignupView(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [AuthThrottle]

    @extend_schema(request=SignupSerializer, responses={201: MeSerializer, **ERR})
    def post(self, request: Request) -> Response:
        """Create an account and log in (session)."""
        enforce_csrf(request._request)
        ser = SignupSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        email = ser.validated_data.pop("email")
        try:
            user = services.user_signup(**ser.validated_data, language=request_language(request))
        except DjangoValidationError as err:
            raise exceptions.ValidationError({"password": list(err.messages)}) from err
        login(request._request, user, backend="accounts.backends.ModelBackend")
        if email:  # mails a verification link (through the worker)
            services.email_change(request._request, user, email)
        return Response(me_payload(user), status=status.HTTP_201_CREATED)


class LoginView(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [AuthThrottle]

    @extend_schema(request=LoginSerializer, responses={200: MeSerializer, **ERR})
    def post(self, request: Request) -> Response:
        """Log in (session)."""
        enforce_csrf(request._request)
        user = _authenticate(request)
        login(request._request, user)
        return Response(me_payload(user))


class LogoutView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(request=None, responses={204: None, 403: ErrorSerializer})
    def post(self, request: Request) -> Response:
        """Log out (ends the session)."""
        logout(request._request)
        return Response(status=status.HTTP_204_NO_CONTENT)


@method_decorator(ensure_csrf_cookie, name="dispatch")
class MeView(APIView):
    permission_classes = [IsAuthenticated]

    def get_throttles(self) -> list[BaseThrottle]:
        # Deleting asks for the password: throttled like a login.
        return [AuthThrottle()] if self.request.method == "DELETE" else []

    @extend_schema(responses={200: MeNowSerializer, 401: ErrorSerializer, 403: ErrorSerializer})
    def get(self, request: Request) -> Response:
        """Who I am (also sets the csrftoken cookie), and whether this session reaches one
        game only (`limited_to_game`: opened by a mail's game link)."""
        me = me_payload(player(request))
        return Response({**me, "limited_to_game": limited_to_game(request._request)})

    @extend_schema(
        request=ProfileSerializer,
        responses={
            200: MeSerializer,
            400: ErrorSerializer,
            401: ErrorSerializer,
            403: ErrorSerializer,
        },
    )
    def patch(self, request: Request) -> Response:
        """Change my display name, notification preference, language or email address (a new address
        is used once I open the link mailed to it: until then it is `email_pending`)."""
        ser = ProfileSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        email = ser.validated_data.pop("email", None)
        me = player(request)
        services.profile_update(user=me, **ser.validated_data)
        if email is not None:
            services.email_change(request._request, me, email)
        me.refresh_from_db()  # the answer shows the new profile, not the one read before
        return Response(me_payload(me))

    @extend_schema(
        request=DeleteSerializer,
        responses={204: None, 400: ErrorSerializer, 401: ErrorSerializer, 403: ErrorSerializer},
    )
    def delete(self, request: Request) -> Response:
        """Delete my account (my password confirms it). My games stay, under "verwijderde
        speler"; open games I created are cancelled, running ones resigned."""
        ser = DeleteSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        if not request.user.check_password(ser.validated_data["password"]):
            raise exceptions.ValidationError({"password": [_("Dit wachtwoord klopt niet.")]})
        services.account_delete(request.user)
        logout(request._request)
        return Response(status=status.HTTP_204_NO_CONTENT)


class VacationSerializer(serializers.Serializer):
    """My vacation allowance and its use (docs/clocks.md, "Vacation")."""

    days = serializers.IntegerField(help_text="whole days I may take now")
    max_days = serializers.IntegerField(help_text="the balance never grows above this (30)")
    next_day_at = serializers.DateTimeField(
        allow_null=True, help_text="when one more day is added; null at the maximum"
    )
    used = serializers.IntegerField(help_text="days of vacation used so far (ended vacations)")
    started_at = serializers.DateTimeField(allow_null=True, help_text="null: not on vacation")
    until = serializers.DateTimeField(
        allow_null=True, help_text="when the running vacation ends by itself; null: none"
    )
    charged = serializers.IntegerField(help_text="days the running vacation took (0: none)")


class VacationStartSerializer(serializers.Serializer):
    days = StrictIntegerField(
        min_value=1,
        max_value=vacation.VACATION_MAX,
        help_text="whole days, at most the days I have (`days` of GET)",
    )


class VacationView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: VacationSerializer, 401: ErrorSerializer, 403: ErrorSerializer})
    def get(self, request: Request) -> Response:
        """My vacation allowance, the days used and the vacation running now."""
        return Response(vacation.vacation_payload(player(request)))

    @extend_schema(
        request=VacationStartSerializer,
        responses={200: VacationSerializer, 409: ErrorSerializer, **ERR},
    )
    def post(self, request: Request) -> Response:
        """Start a vacation of `days` whole days, taken off the allowance at once. My clocks
        stand still meanwhile in my correspondence and per-turn games that allow vacation
        (409 `on_vacation`: one runs already)."""
        ser = VacationStartSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        me = player(request)
        vacation.vacation_start(user=me, days=ser.validated_data["days"])
        return Response(vacation.vacation_payload(me))

    @extend_schema(request=None, responses={200: VacationSerializer, 409: ErrorSerializer, **ERR})
    def delete(self, request: Request) -> Response:
        """Stop my vacation now: the whole days not begun go back to the allowance (409
        `not_on_vacation`: none runs)."""
        me = player(request)
        vacation.vacation_stop(user=me)
        return Response(vacation.vacation_payload(me))


class PasswordView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [AuthThrottle]  # it checks a password: throttled like a login

    @extend_schema(
        request=PasswordChangeSerializer,
        responses={204: None, 400: ErrorSerializer, 401: ErrorSerializer, 403: ErrorSerializer},
    )
    def post(self, request: Request) -> Response:
        """Change my password: the current one, and the new one twice. A wrong current password
        says so (field `current_password`); two different new ones say that (`new_password2`);
        Django's validators answer for `new_password`. This browser stays logged in, and a
        verified address is told by mail."""
        ser = PasswordChangeSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        data = ser.validated_data
        me = player(request)
        if not me.check_password(data["current_password"]):
            raise exceptions.ValidationError(
                {"current_password": [_("Je huidige wachtwoord klopt niet.")]}
            )
        if data["new_password"] != data["new_password2"]:
            raise exceptions.ValidationError(
                {"new_password2": [_("De twee nieuwe wachtwoorden zijn niet gelijk.")]}
            )
        try:
            services.password_change(request._request, me, data["new_password"])
        except DjangoValidationError as err:
            raise exceptions.ValidationError({"new_password": list(err.messages)}) from err
        return Response(status=status.HTTP_204_NO_CONTENT)


class AccountDataView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={
            200: inline_serializer(
                "AccountData",
                {
                    "format": serializers.CharField(),
                    "exported_at": serializers.DateTimeField(),
                    "account": serializers.DictField(),
                    "games": serializers.ListField(child=serializers.DictField()),
                    "chat": serializers.ListField(child=serializers.DictField()),
                    "notifications": serializers.ListField(child=serializers.DictField()),
                },
            ),
            401: ErrorSerializer,
            403: ErrorSerializer,
        }
    )
    def get(self, request: Request) -> Response:
        """My data as one JSON file (a download): my account and profile, my games (finished
        ones with their moves and seed; running ones only as I see them, without the seed or
        my opponent's hand), the chat lines I wrote and my notifications."""
        me = player(request)
        response = Response(data_export.collect(me))
        stamp = timezone.now().strftime("%Y%m%d")
        response["Content-Disposition"] = (
            f'attachment; filename="dwaalhof-{me.username}-{stamp}.json"'
        )
        return response


class TokenView(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list = []
    throttle_classes = [AuthThrottle]

    @extend_schema(
        request=LoginSerializer,
        responses={
            200: inline_serializer("TokenAnswer", {"token": serializers.CharField()}),
            **ERR,
        },
    )
    def post(self, request: Request) -> Response:
        """A token with every scope for a script that logs in with a password: send it as
        `Authorization: Token <token>`. Each call makes a new one (only its hash is kept, so
        an earlier one cannot be shown again); beyond 20, the least recently used goes.
        Better: make a named token with just the scopes a program needs (/api/tokens/)."""
        user = _authenticate(request)
        _token, secret = token_services.issue(user, "auth/token", from_password=True)
        return Response({"token": secret})

    def get_authenticate_header(self, request: Request) -> str:
        # With no authentication classes DRF would answer a wrong password with 403; the
        # API answers it with 401 everywhere (docs/api.md).
        return "Token"


def _authenticate(request: Request) -> User:
    ser = LoginSerializer(data=request.data)
    ser.is_valid(raise_exception=True)
    user = authenticate(request._request, **ser.validated_data)
    if getattr(request._request, "axes_locked_out", False):
        # Too many failures for this name or from this address (staffguard.login_limits):
        # refused before any password was checked, the same for every name.
        raise LoginLocked.after(retry_after(request._request))
    if user is None or not user.is_active:
        raise exceptions.AuthenticationFailed(_("Onbekende gebruikersnaam of verkeerd wachtwoord."))
    if (barred := gate.refusal(user)) is not None:  # e.g. suspended: says so, and until when
        raise barred
    return user
