from allauth.account.signals import password_reset
from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import Signal, receiver
from rest_framework.authtoken.models import Token

from .models import Profile

# Sent with `user` before an account is deleted (anonymised), so other apps can let go of it:
# games cancels the open games it created and resigns its running ones (GamesConfig.ready()).
account_deleting = Signal()


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def create_profile(sender, instance, created, **kwargs):
    if created:
        Profile.objects.get_or_create(user=instance, defaults={"display_name": instance.username})


@receiver(password_reset)
def revoke_tokens_on_reset(sender, request, user, **kwargs):
    """A reset means the password may have leaked: the API tokens made with it go too."""
    Token.objects.filter(user=user).delete()
