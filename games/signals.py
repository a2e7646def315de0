"""Signals that games sends for the apps above it, which it does not import.

``registration_refused``: a registration form refused an attempt (a user name taken,
passwords that differ, an invitation used up or expired). Sent with ``request`` and
``account`` (the user name tried; empty when there was none). League counts it like a
failed log-in, so that guessing names at a registration form is throttled as guessing
passwords is (``league.throttle``).
"""

from django.dispatch import Signal

registration_refused = Signal()
