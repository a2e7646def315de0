"""Tournament algorithms on plain values: no models, no database (Tabbycat's draw generators).

One module per format: :mod:`~tournaments.pairing.round_robin`,
:mod:`~tournaments.pairing.elimination` (seeding, double elimination, the bracket's flow),
:mod:`~tournaments.pairing.swiss`, :mod:`~tournaments.pairing.tables`,
:mod:`~tournaments.pairing.stages` and :mod:`~tournaments.pairing.duplicate`. Every piece
takes frozen dataclasses (or plain sequences) and gives frozen dataclasses back; the
services bridge them to the models. ``docs/tournaments.md`` explains the rules to organizers.
"""
