"""The admin asks staff for a second factor: django-otp's OTPAdminSite (a staff user counts
as staff only once the session was verified with one of their OTP devices) with a login form
that says clearly what is missing.

One field takes the code: six digits are the authenticator app's code (TOTP), anything else
is one of the recovery codes (each works once). The devices are set up with
`manage.py staff_totp USERNAME` (docs/deploy.md, "Staff and the admin")."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.base_user import AbstractBaseUser
from django_otp import devices_for_user
from django_otp.admin import OTPAdminAuthenticationForm, OTPAdminSite
from django_otp.models import Device
from django_otp.plugins.otp_static.models import StaticDevice
from django_otp.plugins.otp_totp.models import TOTPDevice

NO_DEVICE = (
    "This staff account has no second factor yet, so the admin stays closed. "
    "Set one up on the server: python manage.py staff_totp %(username)s"
)
LOCKED = (
    "Too many failed logins for this account or from this address. "
    "Try again in %(minutes)d minute(s)."
)


class StaffLoginForm(OTPAdminAuthenticationForm):
    """Username, password and the code; refused with a clear message when the account has no
    confirmed device, and when the login is locked (django-axes, accounts.login_limits)."""

    otp_token = forms.CharField(
        required=False,
        label="Code",
        help_text="6 digits from the authenticator app, or one recovery code",
        widget=forms.TextInput(attrs={"autocomplete": "one-time-code"}),
    )

    def clean(self) -> dict[str, Any]:
        request = self.request
        try:
            return super().clean()
        except forms.ValidationError as refused:
            if request is not None and getattr(request, "axes_locked_out", False):
                from .login_limits import retry_after

                minutes = max(1, -(-retry_after(request) // 60))
                locked = forms.ValidationError(LOCKED % {"minutes": minutes}, code="locked")
                raise locked from refused
            raise

    def clean_otp(self, user: AbstractBaseUser | None) -> None:
        if user is not None and not any(devices_for_user(user, confirmed=True)):
            raise forms.ValidationError(
                NO_DEVICE % {"username": user.get_username()}, code="no_device"
            )
        super().clean_otp(user)

    def _chosen_device(self, user: AbstractBaseUser) -> Device | None:
        """The device the code belongs to: one the form's select names (django-otp's own
        choice), else by the code's shape: six digits the TOTP app, else recovery codes."""
        chosen = super()._chosen_device(user)
        if chosen is not None:
            return chosen
        token = (self.cleaned_data.get("otp_token") or "").strip()
        model: type[Device] = TOTPDevice if token.isdigit() and len(token) == 6 else StaticDevice
        return model.objects.filter(user=user, confirmed=True).first()


class StaffAdminSite(OTPAdminSite):
    """The project's admin site (staffguard.apps.StaffAdminConfig makes it the default)."""

    login_form = StaffLoginForm

    def __init__(self, name: str = "admin") -> None:
        super().__init__(name)
