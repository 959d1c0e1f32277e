from typing import Any

from allauth.account.signals import password_reset
from django.conf import settings
from django.contrib.auth.models import User
from django.db.models.signals import post_save
from django.dispatch import Signal, receiver
from django.http import HttpRequest

from tokens import services as token_services

from .models import Profile

# Sent with `user` before an account is deleted (anonymised), so other apps can let go of it:
# games cancels the open games it created and resigns its running ones (GamesConfig.ready()).
account_deleting = Signal()


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def create_profile(sender: type[User], instance: User, created: bool, **kwargs: Any) -> None:
    if created:
        Profile.objects.get_or_create(user=instance, defaults={"display_name": instance.username})


@receiver(password_reset)
def revoke_tokens_on_reset(sender: object, request: HttpRequest, user: User, **kwargs: Any) -> None:
    """A reset means the password may have leaked: the API tokens made with it go too."""
    token_services.revoke_all(user)
