from django.dispatch import Signal

# Sent with `username` (lower case), `until` and `failures` when logins for an account name
# are locked after repeated failed passwords: once per lockout, not per attempt. accounts
# mails the account's owner (accounts.notices); an unknown name is locked all the same.
account_locked_out = Signal()
