"""How players are ranked, on plain values (no models, no database): :mod:`.standings` (the
tables of a competition with their chain of tie-breakers) and :mod:`.ratings` (the rating
systems, Glicko-2 and Plackett-Luce). The services and selectors bridge them to the models."""
