"""Account writes: sign up, profile changes, email address changes, deleting an account."""

from __future__ import annotations

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.db import transaction
from django.utils import timezone

from tokens import services as token_services

from . import signals
from .models import DELETED_NAME, Profile, display_name


@transaction.atomic
def user_signup(*, username: str, password: str, display_name: str = "", language: str = ""):
    User = get_user_model()
    user = User(username=username)
    validate_password(password, user)  # raises django ValidationError
    user.set_password(password)
    user.save()
    profile = user.profile  # made by the post_save signal
    if display_name:
        profile.display_name = display_name
    profile.language = language
    profile.save(update_fields=["display_name", "language"])
    return user


def profile_update(
    *,
    user,
    display_name: str | None = None,
    notify: str | None = None,
    language: str | None = None,
) -> Profile:
    profile, _ = Profile.objects.get_or_create(user=user, defaults={"display_name": user.username})
    if display_name is not None:
        profile.display_name = display_name
    if notify is not None:
        profile.notify = notify
    if language is not None:
        profile.language = language
    profile.save()
    return profile


def password_change(request, user, password: str) -> None:
    """A new password (Django's validators first): allauth's own change flow, so this session
    stays logged in and a verified address gets its "your password was changed" mail."""
    from allauth.account.internal.flows.password_change import (
        change_password,
        finalize_password_change,
    )

    validate_password(password, user)
    change_password(user, password)
    finalize_password_change(request, user)


def email_change(request, user, email: str) -> None:
    """Ask for a new address: allauth mails a link to it, and only once that link is opened
    does it replace the old one (mail goes to verified addresses only). "" removes it."""
    email = email.strip().lower()
    if not email:
        EmailAddress.objects.filter(user=user).delete()
        user.email = ""
        user.save(update_fields=["email"])
        return
    if email == user.email.lower() and verified_email(user):
        EmailAddress.objects.filter(user=user, verified=False).delete()  # drop a pending change
        return
    if not user.email:  # nothing to replace: it becomes the address, still unverified
        user.email = email
        user.save(update_fields=["email"])
        EmailAddress.objects.filter(user=user).delete()
        address = EmailAddress.objects.create(user=user, email=email, primary=True)
        address.send_confirmation(request, signup=True)
        return
    EmailAddress.objects.add_new_email(request, user, email)


def account_fields(user) -> dict:
    """An account as its owner reads it (GET /api/auth/me, the data download): `language`
    as stored ("" when none was chosen)."""
    profile, _ = Profile.objects.get_or_create(user=user, defaults={"display_name": user.username})
    return {
        "id": user.pk,
        "username": user.username,
        "email": user.email,
        "email_verified": verified_email(user) is not None,
        "email_pending": pending_email(user),
        "display_name": display_name(user),
        "notify": profile.notify,
        "language": profile.language,
        "bot": profile.is_bot,
    }


def verified_email(user) -> str | None:
    """The address mail may go to: the account's own, once its owner confirmed it."""
    if not user.email:
        return None
    ok = EmailAddress.objects.filter(user=user, email__iexact=user.email, verified=True).exists()
    return user.email if ok else None


def pending_email(user) -> str | None:
    """An address waiting for its owner to open the link in the mail sent to it."""
    address = EmailAddress.objects.filter(user=user, verified=False).order_by("-pk").first()
    return address.email if address is not None else None


def account_delete(user) -> None:
    """Delete an account: its games stay (their players and logs are the record), shown
    under "verwijderde speler"; the name, address, password and tokens are gone, open games
    it created are cancelled and running ones resigned."""
    signals.account_deleting.send(sender=get_user_model(), user=user)
    with transaction.atomic():
        user = get_user_model().objects.select_for_update().get(pk=user.pk)
        user.username = f"verwijderd-{user.pk}"
        user.email = ""
        user.first_name = user.last_name = ""
        user.is_active = False
        user.set_unusable_password()
        user.save()
        EmailAddress.objects.filter(user=user).delete()
        token_services.revoke_all(user)
        Profile.objects.update_or_create(
            user=user,
            defaults={
                "display_name": DELETED_NAME,
                "notify": Profile.Notify.OFF,
                "deleted_at": timezone.now(),
            },
        )
