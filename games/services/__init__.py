"""Writes of the games app, one module per concern; import from here.

- :mod:`.matches`: a scheduled match with its seats;
- :mod:`.results`: the results flow (submit, replay, score or reject, re-queue);
- :mod:`.checks`: what a competition asks of a log beyond the game's rules;
- :mod:`.verdicts`: what follows a verdict (the handlers of tournaments and league);
- :mod:`.sweep`: what waits too long is queued again;
- :mod:`.queue`, :mod:`.conflicts`: handing work to the workers, deadlocks retried;
- :mod:`.reports`: results people enter, and their confirmation by the other players;
- :mod:`.drafts`: a result form as typed, kept until it is entered;
- :mod:`.accounts`: logins for players (invitations, signing up);
- :mod:`.notifications`: mails about results and invitations.
"""

from games.services.matches import match_create
from games.services.results import (
    LogHasNul,
    LogRefused,
    LogTooLarge,
    MatchNotReady,
    match_log_replay,
    match_log_requeue,
    match_log_submit,
)
from games.services.verdicts import match_after_verdict, verdict_handler_register

__all__ = [
    "LogHasNul", "LogRefused", "LogTooLarge", "MatchNotReady", "match_after_verdict",
    "match_create", "match_log_replay", "match_log_requeue", "match_log_submit",
    "verdict_handler_register",
]
