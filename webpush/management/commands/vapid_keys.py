"""`python manage.py vapid_keys`: a new VAPID key pair for web push, printed as environment
lines (docs/deploy.md, "Web push"). Nothing is stored: the operator puts them in the env."""

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand

from webpush.keys import new_pair


class Command(BaseCommand):
    help = "Print a new VAPID key pair (web push) as environment lines."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--subject", default="mailto:beheer@example.org", help="VAPID_SUBJECT to print"
        )

    def handle(self, *, subject: str, **options: Any) -> None:
        pem, public = new_pair()
        # One line: the PEM's newlines as \n, which settings turn back into newlines.
        self.stdout.write("VAPID_PRIVATE_KEY=" + pem.strip().replace("\n", "\\n"))
        self.stdout.write(f"VAPID_PUBLIC_KEY={public}")
        self.stdout.write(f"VAPID_SUBJECT={subject}")
