"""Account writes: sign up, profile changes."""

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.db import transaction

from .models import Profile


@transaction.atomic
def user_signup(*, username: str, password: str, display_name: str = "", email: str = ""):
    User = get_user_model()
    user = User(username=username, email=email)
    validate_password(password, user)  # raises django ValidationError
    user.set_password(password)
    user.save()
    profile = user.profile  # made by the post_save signal
    if display_name:
        profile.display_name = display_name
        profile.save(update_fields=["display_name"])
    return user


def profile_update(
    *, user, display_name: str | None = None, notify: str | None = None, email: str | None = None
) -> Profile:
    profile, _ = Profile.objects.get_or_create(user=user, defaults={"display_name": user.username})
    if display_name is not None:
        profile.display_name = display_name
    if notify is not None:
        profile.notify = notify
    profile.save()
    if email is not None:  # where turn notices go (see notify)
        user.email = email
        user.save(update_fields=["email"])
    return profile
