"""allauth's hooks: its mails go into the outbox (sent by the worker), in the recipient's
language (the profile's; without one, the request's: LocaleMiddleware's pick from the
Accept-Language), and sign-up goes through /api/auth/signup (our username rule and display
name), not allauth's own view."""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core import context
from django.contrib.sites.shortcuts import get_current_site
from django.http import HttpRequest
from django.utils import translation

from . import outbox


class AccountAdapter(DefaultAccountAdapter):
    def send_mail(self, template_prefix: str, email: str, ctx: dict) -> None:
        request = context.request
        full = {"request": request, "email": email, "current_site": get_current_site(request)}
        full.update(ctx)
        user = ctx.get("user")  # allauth names the account for its verification and reset mails
        profile = getattr(user, "profile", None) if user is not None else None
        language = getattr(profile, "language", "") or translation.get_language()
        with translation.override(language):
            outbox.enqueue(self.render_mail(template_prefix, email, full))

    def is_open_for_signup(self, request: HttpRequest) -> bool:
        return False  # one sign-up path: accounts.api.SignupView
