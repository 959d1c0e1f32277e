"""What moderation tells the apps that follow it (they subscribe in their AppConfig.ready()).

`account_barred(user_id)`: a suspension or a closing is in force (sent after its commit):
whatever the account still holds open (its game sockets) is to be closed now, not at its
next request."""

from django.dispatch import Signal

account_barred = Signal()
