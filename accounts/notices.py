"""The owner's notice of a locked login: when logins for an account name are locked after
repeated wrong passwords (staffguard.signals.account_locked_out, once per lockout, never per
attempt), the account's owner gets a mail through the outbox, in their language, at their
verified address (no verified address: no mail). An unknown name is locked the same way and
tells nobody; the answer to the login is the same either way."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from . import outbox, services
from .models import display_name, language_of


def account_locked_out(
    sender: Any, username: str, until: datetime, failures: int, **kwargs: Any
) -> None:
    user = get_user_model().objects.filter(username__iexact=username, is_active=True).first()
    address = services.verified_email(user) if user is not None else None
    if user is None or address is None:
        return
    with translation.override(language_of(user)):
        subject = settings.ACCOUNT_EMAIL_SUBJECT_PREFIX + _("Mislukte pogingen om in te loggen")
        body = _(
            "Hallo %(name)s,\n\n"
            "Er is %(failures)s keer geprobeerd met een verkeerd wachtwoord in te loggen op je "
            "Dwaalhof-account %(username)s. Inloggen op dit account kan daarom pas weer na "
            "%(until)s.\n\n"
            "Was jij dat niet? Kies dan een nieuw wachtwoord: %(reset)s\n\n"
            "Dwaalhof"
        ) % {
            "name": display_name(user),
            "failures": failures,
            "username": user.get_username(),
            "until": timezone.localtime(until).strftime("%Y-%m-%d %H:%M"),
            "reset": f"{settings.DWAALHOF_SITE_URL}/#/wachtwoord-vergeten",
        }
    outbox.enqueue_text(subject, body, address)
