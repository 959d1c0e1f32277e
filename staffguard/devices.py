"""A staff member's second factor: a TOTP device (an authenticator app) and a set of
single-use recovery codes (django-otp's static device)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django_otp.plugins.otp_static.models import StaticDevice, StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice

RECOVERY_CODES = 10


@dataclass(frozen=True)
class SecondFactor:
    totp: TOTPDevice
    otpauth_uri: str
    recovery_codes: list[str]


@transaction.atomic
def set_up(user: AbstractBaseUser) -> SecondFactor:
    """A new TOTP secret and new recovery codes for `user`, replacing any before (a lost
    phone: run it again). The otpauth URI goes into the authenticator app."""
    TOTPDevice.objects.filter(user=user).delete()
    StaticDevice.objects.filter(user=user).delete()
    totp = TOTPDevice.objects.create(user=user, name="authenticator app", confirmed=True)
    static = StaticDevice.objects.create(user=user, name="recovery codes", confirmed=True)
    codes = [StaticToken.random_token() for _ in range(RECOVERY_CODES)]
    StaticToken.objects.bulk_create(StaticToken(device=static, token=code) for code in codes)
    # The URI names the issuer (settings.OTP_TOTP_ISSUER) and the username.
    return SecondFactor(totp=totp, otpauth_uri=totp.config_url, recovery_codes=codes)
