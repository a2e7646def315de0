"""Rennen: a two-player card race with a Doppelkopf deck (seed 000).

(Full docstring with the shapes of facts, detail and summary follows.)
"""

from .engine import ENGINE, RennenEngine
from .rules import PRESETS, RennenRules

__all__ = ["ENGINE", "PRESETS", "RennenEngine", "RennenRules"]
