"""Errors an engine raises about its input.

Every error says *where* (deal, move, field) and *why*, in words a player understands.
Deals and moves are numbered from 1, as a club counts them at the table; ``field`` is the
JSON path inside the submitted document (``deals[2].moves[16]``), numbered from 0 like the
JSON arrays themselves.

>>> err = IllegalMoveError("Bob cannot knock with 14 deadwood; the limit is 7 (first upcard 7H)",
...                        deal=3, move=17, field="deals[2].moves[16]", notation="knock 9C")
>>> str(err)
'deal 3, move 17: Bob cannot knock with 14 deadwood; the limit is 7 (first upcard 7H)'
>>> err.to_json()["move"]
17
"""

from __future__ import annotations

from typing import Any


class EngineError(ValueError):
    """Base of every error about a submitted log, score sheet or rule set.

    ``kind`` names the family for machines (API clients, the review page); the message is
    for people.
    """

    kind = "invalid_log"

    def __init__(
        self,
        reason: str,
        *,
        deal: int | None = None,
        move: int | None = None,
        field: str | None = None,
        notation: str | None = None,
    ) -> None:
        self.reason = reason
        self.deal = deal
        self.move = move
        self.field = field
        self.notation = notation
        super().__init__(self.message)

    @property
    def where(self) -> str:
        """The location as a club reads it: ``deal 3, move 17`` or ``field rules.rounds``."""
        parts = []
        if self.deal is not None:
            parts.append(f"deal {self.deal}")
        if self.move is not None:
            parts.append(f"move {self.move}")
        if not parts and self.field:
            parts.append(self.field)
        return ", ".join(parts)

    @property
    def message(self) -> str:
        return f"{self.where}: {self.reason}" if self.where else self.reason

    def __str__(self) -> str:
        return self.message

    def located(self, *, deal: int | None = None, move: int | None = None,
                field: str | None = None, notation: str | None = None) -> EngineError:
        """Fill in the location where the raiser did not know it (returns ``self``)."""
        if self.deal is None:
            self.deal = deal
        if self.move is None:
            self.move = move
        if self.field is None:
            self.field = field
        if self.notation is None:
            self.notation = notation
        self.args = (self.message,)
        return self

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "message": self.message,
            "reason": self.reason,
            "deal": self.deal,
            "move": self.move,
            "field": self.field,
            "notation": self.notation,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> EngineError:
        """Rebuild a stored error (the review page reads errors back from the database)."""
        for klass in (InvalidLogError, IllegalMoveError, InvalidFactsError, InvalidRulesError):
            if klass.kind == data.get("kind"):
                cls = klass
                break
        return cls(
            data["reason"],
            deal=data.get("deal"),
            move=data.get("move"),
            field=data.get("field"),
            notation=data.get("notation"),
        )


class InvalidLogError(EngineError):
    """The document itself is malformed: a missing field, a wrong type, an unknown card."""

    kind = "invalid_log"


class IllegalMoveError(EngineError):
    """A well-formed move that the rules do not allow at that point of the game."""

    kind = "illegal_move"


class InvalidFactsError(EngineError):
    """Score-sheet facts of a hand that cannot be true together (e.g. gin with deadwood)."""

    kind = "invalid_facts"


class InvalidRulesError(EngineError):
    """An unknown preset, an unknown rule option or a value the option does not take."""

    kind = "invalid_rules"
