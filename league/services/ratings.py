"""Ratings per player and game: the bridge between the scored matches and the rating systems
of :mod:`league.ranking.ratings`.

After every verdict on a match (scored, rejected, forfeited) ``games.services.verdicts``
calls :func:`match_rating_enqueue` (registered in ``LeagueConfig.ready``); once the verdict
is committed the Celery task ``league.tasks.rate_match`` calls :func:`match_rate`.

**The order of the history is when the matches were played**, never when a worker finished
with them: a match's place (its ``key``) is the day it was played (``played_on``, else the
match day it was scheduled on, else the day its result was first submitted), then the moment
its result was first submitted, then its id. A correction keeps the place of the match. So
two workers that finish in either order, or a result that arrives late, give the same
history.

:func:`match_rate` brings the match's entry in the history (:class:`RatedMatch`) in line
with the match (in, changed, or out) and rewrites the history **from that place on only**,
and of that only the matches whose players' ratings change
(:func:`league.ranking.history.rewrite`). The usual case, a match scored after everything
before it, rates that one match. Forfeits and double forfeits are not rated: nobody played.

The task can run twice, and tasks can run in any order: each one leaves the history as a
full rebuild over the matches it holds would (one writer per game at a time), and a task
whose match is already in the history as it is changes nothing.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, cast

from django.db import connection, transaction
from django.db.models import Exists, Min, OuterRef
from django.utils import timezone

from games.engines.registry import game_slugs
from games.models import HandOutcome, Match, MatchLog, Seat
from games.services.queue import task_enqueue
from league.models import RatedMatch, Rating, RatingChange
from league.ranking.history import START, Entry, Rewrite, State, Step, rewrite
from league.ranking.ratings import HAND_READERS, Hand, MatchFacts, Skill
from league.selectors.figures import board_owner
from league.selectors.ratings import rating_system
from league.services.figures import figures_changed

#: Matches whose facts are read in one go when the history is rewritten.
FACTS_CHUNK = 500


def match_rating_enqueue(*, match: Match) -> None:
    """Have the match rated once the verdict is committed."""
    match_id = match.pk
    transaction.on_commit(lambda: _enqueue(match_id))


#: The rating task, enqueued by its name: the task module imports this service, never the
#: other way round (a test checks that the name resolves to the task).
RATE_TASK = "league.tasks.rate_match"


def _enqueue(match_id: int) -> None:
    # A broker that is away leaves the rating due (league.services.rating_queue): the
    # results sweep queues it again. In the worker that made the verdict it runs at once.
    task_enqueue(RATE_TASK, match_id, follow_up=True)


# --- A match's place in the history -------------------------------------------------------


@dataclass(frozen=True)
class Place:
    """Where a rated match stands in its game's history, and the log version rated."""

    match_id: int
    key: str
    played_on: datetime.date
    submitted_at: datetime.datetime
    log_id: int


def history_key(*, played_on: datetime.date, submitted_at: datetime.datetime,
                match_id: int) -> str:
    """The sortable text of a place: the day played, the first submission (UTC), the id.

    >>> history_key(played_on=datetime.date(2026, 3, 1), match_id=42,
    ...             submitted_at=datetime.datetime(2026, 3, 2, 18, 5, tzinfo=datetime.UTC))
    '2026-03-01 2026-03-02T18:05:00.000000 000000000042'
    """
    moment = submitted_at.astimezone(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")
    return f"{played_on.isoformat()} {moment} {match_id:012d}"


def _rated(matches: Any) -> Any:
    """The matches that count for the ratings: scored and played (not forfeited), with a
    log and every seat taken; each with the time its result was first submitted."""
    return (matches.filter(status=Match.Status.SCORED, result=Match.Result.PLAYED,
                           current_log__isnull=False)
            .exclude(seats__player__isnull=True)
            .annotate(first_submitted=Min("logs__submitted_at"))
            .values_list("pk", "played_on", "scheduled_on", "current_log_id",
                         "first_submitted"))


def _place(row: Sequence[Any]) -> Place:
    match_id, played_on, scheduled_on, log_id, submitted_at = row
    day = played_on or scheduled_on or timezone.localdate(submitted_at)
    return Place(match_id, history_key(played_on=day, submitted_at=submitted_at,
                                       match_id=match_id), day, submitted_at, log_id)


def _lock_game(game: str, *, wait: bool = True) -> bool:
    """One rating writer per game at a time (PostgreSQL; SQLite writes one at a time anyway).
    ``wait=False`` does not wait for another writer: ``False`` if one holds the lock (a
    transaction that holds it already gets it again)."""
    if connection.vendor != "postgresql":
        return True
    function = "pg_advisory_xact_lock" if wait else "pg_try_advisory_xact_lock"
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {function}(hashtext(%s))", [f"rating:{game}"])
        return wait or bool(cursor.fetchone()[0])


# --- Rating one match ---------------------------------------------------------------------


def _match_places(match_ids: Iterable[int]) -> dict[int, tuple[str, Place | None]]:
    """Each match's game and its place in the history (``None``: it is not rated), in one
    query; a match that is gone is left out. The verdict a place reflects is committed
    before the task runs, so reading it before the game's lock is taken is reading it late
    enough."""
    # By their keys alone (no default ordering, which joins the round and groups by it).
    rows = (Match.objects.filter(pk__in=list(match_ids)).order_by()
            .annotate(first_submitted=Min("logs__submitted_at"),
                      empty=Exists(Seat.objects.filter(match=OuterRef("pk"),
                                                       player__isnull=True)))
            .values_list("game", "status", "result", "empty", "pk", "played_on",
                         "scheduled_on", "current_log_id", "first_submitted"))
    places: dict[int, tuple[str, Place | None]] = {}
    for game, status, result, empty, *place in rows:
        rated = (status == Match.Status.SCORED and result == Match.Result.PLAYED
                 and not empty and place[3] is not None)
        places[place[0]] = (game, _place(place) if rated else None)
    return places


#: What :func:`match_rate` returns when it did not wait for the game's other rating writer.
LEFT = "left"


def match_rate(*, match_id: int, wait: bool = True) -> str:
    """Bring the rating history of the match's game in line with the match.

    Returns what was done: ``"rated"`` (the match's own steps written, nothing after it
    changed), ``"recomputed"`` (later matches re-rated too), ``"removed"`` (the match left
    the history) or ``"unchanged"``; with ``wait=False``, :data:`LEFT` (nothing done) when
    another transaction is writing the game's ratings.
    """
    return matches_rate(match_ids=[match_id], wait=wait)[0].get(match_id, "unchanged")


def matches_rate(*, match_ids: Sequence[int], wait: bool = True
                 ) -> tuple[dict[int, str], str | None]:
    """:func:`match_rate` for matches of one game at once: one rewrite of the history from
    the earliest place any of them takes or took, in the statements of one match (a burst
    of verdicts rated together, :mod:`league.services.rating_queue`). Returns what was done
    to each match (a match that is gone is left out) and their game (``None``: all gone).
    """
    # Inside the rating task's transaction (which clears the marks with it) no savepoint.
    with transaction.atomic(savepoint=False):
        found = _match_places(match_ids)
        games = {game for game, _place in found.values()}
        if not games:
            return {}, None
        if len(games) > 1:
            raise ValueError(f"matches of one game are rated together, not of {sorted(games)}")
        game = games.pop()
        if not _lock_game(game, wait=wait):
            return dict.fromkeys(found, LEFT), game
        done = dict.fromkeys(found, "unchanged")
        entries = {entry.match_id: entry
                   for entry in RatedMatch.objects.filter(match_id__in=list(found))}
        changes: dict[int, tuple[Place | None, bool]] = {}
        starts = []
        for match_id, (_game, place) in found.items():
            entry = entries.get(match_id)
            if place is None and entry is None:
                continue
            if place is not None and entry is not None and (entry.key, entry.log_id) == (
                    place.key, place.log_id):
                continue
            starts += [item.key for item in (entry, place) if item is not None]
            moved = entry is not None and place is not None and entry.key != place.key
            changes[match_id] = (place, moved)
        if not changes:
            return done, game
        _places_store(game, changes, entries)
        rewritten = _history_rewrite(game, min(starts), changes=changes)
    # Beyond the matches asked for, later matches re-rated: a recomputation.
    rated = "rated" if rewritten.rerated <= set(changes) else "recomputed"
    done.update({match_id: "removed" if place is None else rated
                 for match_id, (place, _moved) in changes.items()})
    return done, game


def _places_store(game: str, changes: dict[int, tuple[Place | None, bool]],
                  entries: dict[int, RatedMatch]) -> None:
    """The matches' entries in the history (:class:`RatedMatch`): gone, new or moved."""
    gone = [match_id for match_id, (place, _moved) in changes.items() if place is None]
    if gone:
        RatedMatch.objects.filter(match_id__in=gone).delete()
    new = []
    for match_id, (place, _moved) in changes.items():
        if place is None:
            continue
        fields = {"game": game, "key": place.key, "played_on": place.played_on,
                  "submitted_at": place.submitted_at, "log_id": place.log_id}
        if match_id in entries:  # a correction: rare, one statement each
            RatedMatch.objects.filter(match_id=match_id).update(**fields)
        else:
            new.append(RatedMatch(match_id=match_id, **fields))
    if new:
        RatedMatch.objects.bulk_create(new)


#: The old steps of a match that moved to another place in the history.
_OLD = "old place"


def _history_rewrite(game: str, start: str, *,
                     changes: dict[int, tuple[Place | None, bool]]) -> Rewrite:
    """Rewrite the game's history from ``start`` on, each match of ``changes`` now at its
    place (``None``: out of the history), ``moved`` if it had another one before."""
    stored = _stored_from(game, start)
    entries: list[tuple[str, Entry]] = []
    first_steps: dict[Hashable, Step] = {}
    kept: set[int] = set()  # in the history where they were
    for key, match, steps in stored:
        for player, step in steps.items():
            first_steps.setdefault(player, step)
        place, moved = changes.get(match, (None, False))
        if match in changes and (moved or place is None):
            entries.append((key, Entry((_OLD, match) if moved else match,
                                       tuple(steps), steps, rated=False)))
        else:
            entries.append((key, Entry(match, tuple(steps), steps)))
            kept.add(match)
    seats = dict(_seat_players(changes))
    for match, (place, _moved) in changes.items():
        if place is not None and match not in kept:
            entries.append((place.key, Entry(match, seats[match])))
    entries.sort(key=lambda item: item[0])
    ordered = [entry for _key, entry in entries]
    changed: set[Hashable] = {*changes, *((_OLD, match) for match in changes)}
    loader = _FactsLoader(game, ordered, changed,
                          {match: place for match, (place, _moved) in changes.items()
                           if place is not None}, seats)
    ratings = {rating.player_id: rating for rating in
               Rating.objects.filter(game=game, player_id__in=loader.players())}

    def before(player: Hashable) -> State:
        # The state just before ``start``: the one before his first step from there on, or,
        # with no step from there on, the rating he has now.
        if player in first_steps:
            return first_steps[player].state_before
        rating = ratings.get(player)  # type: ignore[call-overload]
        return State(_skill_of(rating), rating.matches) if rating is not None else START

    result = rewrite(rating_system(game), game, ordered, changed=changed, before=before,
                     facts_of=loader.facts)
    _write(game, result, loader, ratings, replace={
        match for _key, match, _steps in stored if match in result.steps or (
            (_OLD, match) in result.steps)})
    return result


def _skill_of(rating: Rating) -> Skill:
    return Skill(rating.rating, rating.deviation, rating.volatility, rating.mu)


def _stored_from(game: str, start: str) -> list[tuple[str, int, dict[Hashable, Step]]]:
    """The stored history from ``start`` on: ``(key, match, steps by player)`` in order."""
    rows = (RatingChange.objects.filter(game=game, key__gte=start)
            .order_by("key", "match_id", "player_id")
            .values_list("key", "match_id", "player_id", "sequence", "rating_before",
                         "deviation_before", "volatility_before", "mu_before",
                         "rating_after", "deviation_after", "volatility_after", "mu_after"))
    history: list[tuple[str, int, dict[Hashable, Step]]] = []
    for (key, match, player, sequence, rating_before, deviation_before, volatility_before,
         mu_before, rating, deviation, volatility, mu) in rows:
        if not history or history[-1][1] != match:
            history.append((key, match, {}))
        # Every step written since the history keeps whole skills has its deviation before.
        before = Skill(rating_before, cast(float, deviation_before), volatility_before,
                       mu_before)
        history[-1][2][player] = Step(sequence, before, Skill(rating, deviation, volatility,
                                                              mu))
    return history


def _seat_players(match_ids: Iterable[int]) -> Iterator[tuple[int, tuple[int, ...]]]:
    players: dict[int, list[int]] = defaultdict(list)
    for match, player in (Seat.objects.filter(match_id__in=list(match_ids))
                          .order_by("match_id", "index").values_list("match_id", "player_id")):
        players[match].append(player)
    for match, ids in players.items():
        yield match, tuple(ids)


class _FactsLoader:
    """The facts of the matches the rewrite may re-rate, read a chunk at a time.

    Which matches may be re-rated is known before the rewrite only as an upper bound: the
    changed match and every later match linked to it through players (the rewrite then
    skips those whose players turn out unchanged). Facts come from the log version the
    history rates, so that a correction still waiting for its own task does not slip in.
    """

    def __init__(self, game: str, entries: Sequence[Entry], changed: set[Any],
                 places: dict[int, Place],
                 seats: dict[int, tuple[int, ...]] | None = None) -> None:
        self.game = game
        self.places = dict(places)
        self.seats = dict(seats or {})
        reached: set[Hashable] = set()
        self.candidates: list[int] = []
        for entry in entries:
            if entry.match in changed or reached.intersection(entry.players):
                reached.update(entry.players)
                if isinstance(entry.match, int) and entry.rated:
                    self.candidates.append(entry.match)
        self._players = reached
        self._position = {match: index for index, match in enumerate(self.candidates)}
        self._facts: dict[int, MatchFacts] = {}

    def players(self) -> set[int]:
        return {player for player in self._players if isinstance(player, int)}

    def facts(self, match: Hashable) -> MatchFacts:
        assert isinstance(match, int)
        if match not in self._facts:
            index = self._position[match]
            self._load(self.candidates[index:index + FACTS_CHUNK])
        return self._facts[match]

    def place(self, match: int) -> Place:
        return self.places[match]

    def _load(self, matches: list[int]) -> None:
        missing = [match for match in matches if match not in self.places]
        for match, key, played_on, submitted_at, log in (
                RatedMatch.objects.filter(match_id__in=missing)
                .values_list("match_id", "key", "played_on", "submitted_at", "log_id")):
            self.places[match] = Place(match, key, played_on, submitted_at, log)
        self._facts.update(_facts(self.game, {match: self.places[match].log_id
                                              for match in matches}, self.seats))


def _facts(game: str, logs: dict[int, int],
           known: dict[int, tuple[int, ...]] | None = None) -> dict[int, MatchFacts]:
    """What the rating systems read of each match (by match id, from the given log
    versions): the players in seat order, their names and places as the log has them, the
    decks of a Nerts match and, where the game's contests come from the deals, the hands."""
    known = known or {}
    seats = {match: known[match] for match in logs if match in known}
    if len(seats) < len(logs):
        seats.update(_seat_players(match for match in logs if match not in seats))
    outcomes = {log: (names, seat_lines, decks) for log, names, seat_lines, decks in
                MatchLog.objects.filter(pk__in=set(logs.values()))
                .values_list("pk", "outcome__players", "outcome__seats",
                             "outcome__summary__decks")}
    hands: dict[int, list[Hand]] = defaultdict(list)
    if game in HAND_READERS:
        for log, points, facts, sits_out in (
                HandOutcome.objects.filter(log_id__in=set(logs.values()))
                .order_by("log_id", "number")
                .values_list("log_id", "points", "facts", "detail__sits_out")):
            detail = {"sits_out": sits_out} if sits_out is not None else {}
            hands[log].append(Hand(points=tuple(points), facts=facts, detail=detail))
    result = {}
    for match, log in logs.items():
        names, seat_lines, decks = outcomes[log]
        result[match] = MatchFacts(
            players=seats[match], names=tuple(names or ()),
            ranks=tuple(line.get("rank") or 0 for line in seat_lines or ()),
            summary={"decks": decks} if decks else {}, hands=tuple(hands[log]))
    return result


def _write(game: str, result: Rewrite, loader: _FactsLoader, ratings: dict[int, Rating],
           *, replace: set[int]) -> None:
    """Store what the rewrite changed: the steps of every re-rated match (``replace``: the
    matches whose stored steps go), and the current rating of every player whose rating at
    the end changed (``ratings``: their stored ratings, read before)."""
    if replace:
        RatingChange.objects.filter(game=game, match_id__in=replace).delete()
    changes: list[RatingChange] = []
    for match, steps in result.steps.items():
        if steps is None or not isinstance(match, int):
            continue
        place = loader.place(match)
        changes.extend(RatingChange(
            player_id=cast(int, player), game=game, match_id=match, key=place.key,
            sequence=step.sequence, rating_before=step.before.rating,
            deviation_before=step.before.deviation, volatility_before=step.before.volatility,
            mu_before=step.before.mu, rating_after=step.after.rating,
            deviation_after=step.after.deviation, volatility_after=step.after.volatility,
            mu_after=step.after.mu, played_at=place.submitted_at)
            for player, step in steps.items())
    RatingChange.objects.bulk_create(changes, batch_size=2000)
    _store_ratings(game, result.final, ratings)


def _store_ratings(game: str, final: dict[Hashable, State], stored: dict[int, Rating]) -> None:
    system = rating_system(game)
    gone = [player for player, state in final.items() if state.skill is None]
    if gone:
        Rating.objects.filter(game=game, player_id__in=gone).delete()
    created, updated = [], []
    for player, state in final.items():
        if state.skill is None:
            continue
        rating = stored.get(cast(int, player))
        if rating is None:
            rating = Rating(player_id=cast(int, player), game=game, system=system.key)
            created.append(rating)
        else:
            updated.append(rating)
        skill = state.skill
        rating.rating, rating.deviation = skill.rating, skill.deviation
        rating.volatility, rating.mu = skill.volatility, skill.mu
        rating.matches = state.sequence
        rating.updated_at = timezone.now()
    if created:
        Rating.objects.bulk_create(created, batch_size=2000)
    if updated:
        Rating.objects.bulk_update(updated, ["rating", "deviation", "volatility", "mu",
                                             "matches", "updated_at"], batch_size=2000)
    # The leaderboard pages are drawn once per version of the board (league.web.leaderboards).
    figures_changed(owner=board_owner(game))


# --- Rebuilding a game --------------------------------------------------------------------


def game_ratings_recompute(*, game: str) -> int:
    """Every rating of ``game`` rebuilt from its rated matches in order (after an import, a
    repair, matches deleted in the admin); returns how many matches were rated."""
    with transaction.atomic():
        _lock_game(game)
        RatingChange.objects.filter(game=game).delete()
        Rating.objects.filter(game=game).delete()
        RatedMatch.objects.filter(game=game).delete()
        places = sorted((_place(row) for row in _rated(Match.objects.filter(game=game))),
                        key=lambda place: place.key)
        by_match = {place.match_id: place for place in places}
        RatedMatch.objects.bulk_create(
            [RatedMatch(match_id=match, game=game, key=place.key, played_on=place.played_on,
                        submitted_at=place.submitted_at, log_id=place.log_id)
             for match, place in by_match.items()], batch_size=2000)
        players = dict(_seat_players(by_match))
        entries = [Entry(match, players[match]) for match in by_match]
        loader = _FactsLoader(game, entries, set(by_match), by_match, players)
        result = rewrite(rating_system(game), game, entries, changed=set(by_match),
                         before=lambda player: START, facts_of=loader.facts)
        _write(game, result, loader, {}, replace=set())
    return len(by_match)


def ratings_in_line() -> bool:
    """Whether every game's history holds exactly the matches that count for the ratings
    (one count of each): what a rebuild would start from."""
    return bool(RatedMatch.objects.count() == _rated(Match.objects.all()).count())


def ratings_recompute_all(*, games: Iterable[str] | None = None) -> dict[str, int]:
    """Rebuild the ratings of every game (or of ``games``): after an import or a repair."""
    slugs = list(games) if games is not None else game_slugs()
    return {slug: game_ratings_recompute(game=slug) for slug in slugs}
