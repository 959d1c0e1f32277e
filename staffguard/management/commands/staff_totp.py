"""Set up (or replace) a staff member's second factor for the admin:

    python manage.py staff_totp USERNAME

prints the otpauth:// URI to add to an authenticator app (paste it, or make a QR code of it,
e.g. `qrencode -t ansiutf8 'otpauth://...'`) and ten recovery codes, each good for one login.
Running it again replaces both (a lost phone, used-up codes)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from staffguard.devices import set_up


class Command(BaseCommand):
    help = "Set up a staff member's TOTP device and recovery codes for the admin."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")

    def handle(self, *args: Any, **options: Any) -> None:
        User = get_user_model()
        try:
            user = User.objects.get(username=options["username"])
        except User.DoesNotExist as err:
            raise CommandError(f"no account named {options['username']!r}") from err
        if not (user.is_staff and user.is_active):
            raise CommandError(f"{user.get_username()} is not active staff: the admin is for staff")
        factor = set_up(user)
        out = self.stdout
        out.write(f"Second factor for {user.get_username()} (any earlier one is replaced).")
        out.write("Add this to an authenticator app (TOTP, 6 digits, 30 seconds):")
        out.write(f"  {factor.otpauth_uri}")
        out.write("Recovery codes, each good for one admin login; keep them apart from the phone:")
        for code in factor.recovery_codes:
            out.write(f"  {code}")
        out.write(
            "At /admin/ log in with the password and a code from the app (or one recovery code)."
        )
