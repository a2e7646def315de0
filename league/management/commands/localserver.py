"""``manage.py localserver [PORT]``: the development server of ``make run``, on localhost (the
address it prints is one the settings allow), ending its start with the address and the demo
login, so that they are the last lines on the screen."""

from __future__ import annotations

from typing import Any

from django.core.management.commands.runserver import Command as RunServer

from league.management.commands.demo_club import ORGANIZER, PASSWORD


class Command(RunServer):
    help = "Serve the site on http://localhost:PORT/ and print the demo login."

    def add_arguments(self, parser: Any) -> None:
        super().add_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        port = options.get("addrport") or "8000"
        options["addrport"] = port if ":" in str(port) else f"localhost:{port}"
        super().handle(*args, **options)

    def on_bind(self, server_port: int) -> None:
        self.stdout.write(
            f"\nStammtisch is running: http://localhost:{server_port}/\n"
            f"Demo login: user '{ORGANIZER}', password '{PASSWORD}' (Anmelden, top right).\n"
            "The pages are in German; the language menu at the top switches to English.\n"
            "Quit with CONTROL-C.\n")
