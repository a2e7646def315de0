"""Doppelkopf: the seed's house rules, a DDV preset, and the session list.

(Full description of facts/detail/summary below is completed in a later step.)
"""

from .engine import ENGINE, DoppelkopfEngine
from .rules import DDV, PRESETS, SEED, DoppelkopfRules

__all__ = ["DDV", "ENGINE", "PRESETS", "SEED", "DoppelkopfEngine", "DoppelkopfRules"]
