"""Knockout brackets on plain values: :mod:`.seeding` (the bracket's size, standard seeding,
the first round with byes), :mod:`.double` (the losers' bracket and the grand final of double
elimination) and :mod:`.flow` (who sits where after the verdicts, and what a verdict that no
longer fits has to become). ``tournaments/services/elimination.py`` writes what they say."""
