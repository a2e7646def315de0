"""Exports of an event: CSV tables (:mod:`.tables`), printable sheets (:mod:`.printing`) and
the JSON of a whole event with its import (:mod:`.event`).

Everything here reads through the selectors the pages use (one standings object for pages,
API and exports); only the import writes, and it hands the logs to the normal results flow.
"""
