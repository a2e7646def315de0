"""A federation of clubs built for measuring: players, the showcase events of every format and
leagues over seasons, every result a random match of its game scored by the engine.

The events are drawn and advanced by the services, as an organizer's would be (the Swiss
paired round by round, the bracket flowing, the tables seated round by round); only the
results go in in bulk (:mod:`games.services.bulk`), each replayed and checked by the same
code the replay task runs. The leagues' matches are created with their results in bulk.
After everything, the figures' versions go up and every game's ratings are rebuilt in the
order of play.
"""

from __future__ import annotations

import datetime
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games.engines import EngineError, get_engine
from games.models import Match, Player
from games.services.bulk import NewScored, Scored, match_results_store, matches_scored_create
from games.services.checks import check_competition
from league.models import League, Season
from league.services import (
    league_create,
    ratings_in_line,
    ratings_recompute_all,
    season_close,
    season_create,
    season_fixtures_draw,
)
from league.services.figures import season_figures_changed
from tournaments.management.scale.plays import (
    NAMED_SHUFFLES,
    Play,
    PlaySpec,
    Replay,
    Workers,
    play,
    replay_or_error,
)
from tournaments.models import TableSeating, Tournament
from tournaments.services import tournament_create, tournament_enter, tournament_start
from tournaments.services.elimination import stages_reflow
from tournaments.services.figures import tournament_figures_changed
from tournaments.services.results import tournament_check_finished
from tournaments.services.rounds import round_next

FIRST_NAMES = (
    "Anna", "Bert", "Cora", "Dieter", "Eva", "Frank", "Greta", "Hans", "Ida", "Jan", "Karla",
    "Lars", "Mia", "Nils", "Olga", "Paul", "Quirin", "Rita", "Sven", "Tina", "Udo", "Vera",
    "Willi", "Xenia", "Yusuf", "Zora", "Achim", "Birgit", "Carsten", "Doris", "Emil", "Frieda",
    "Gerd", "Hanna", "Ingo", "Jutta", "Kurt", "Lena", "Moritz", "Nora", "Otto", "Petra",
    "Ralf", "Sabine", "Theo", "Ulla", "Volker", "Wiebke", "Anke", "Bodo",
)
LAST_NAMES = (
    "Albers", "Bauer", "Claasen", "Dietrich", "Ebert", "Fischer", "Graf", "Hahn", "Iske",
    "Jansen", "Krüger", "Lang", "Möller", "Neumann", "Otte", "Peters", "Quandt", "Richter",
    "Schulz", "Thiele", "Ulrich", "Vogel", "Wagner", "Xander", "Yilmaz", "Zimmer", "Arndt",
    "Brandt", "Conrad", "Dahl", "Engel", "Franke", "Gerlach", "Horn", "Imhof", "Jung", "Kaiser",
    "Lorenz", "Mayer", "Nowak", "Oswald", "Pohl", "Rademacher", "Stein", "Timm", "Unger",
    "Voss", "Weber", "Wolf", "Ziegler", "Adam", "Busch", "Christ", "Dreyer", "Eggers",
    "Fuchs", "Gross", "Heinrich", "Iwanow", "Jäger", "Keller", "Lindner", "Marx", "Nagel",
    "Orth", "Pfeiffer", "Rausch", "Sommer", "Thomas", "Uhl", "Vetter", "Walter", "Witt",
    "Zander", "Abel", "Berger", "Cramer", "Decker", "Ernst", "Frey", "Götz", "Hansen",
    "Ilg", "Jost", "Koch", "Ludwig", "Maurer", "Nolte", "Opitz", "Popp", "Reuter", "Seidel",
    "Trautmann", "Urban", "Vollmer", "Winkler", "Wirth", "Zeller", "Auer", "Beck", "Corte",
    "Dörr", "Eckert", "Fink", "Gärtner", "Haas", "Ihle", "Jakob", "Kühn", "Lutz", "Mohr",
    "Nickel", "Ott", "Paul", "Rieger", "Schmitt", "Tews", "Uhlig", "Vogt", "Wendt", "Wiese",
    "Zahn", "Ahrens", "Böhm", "Cordes", "Dittmann", "Ehlers", "Feld", "Geiger", "Heck",
    "Ibsen", "Janke", "Kraft", "Lenz", "Michel", "Nitsche", "Ostermann", "Preuß", "Roth",
    "Sauer", "Teske", "Ullmann", "Vieth", "Wolff", "Wulf", "Zorn", "Arnold", "Bender",
    "Dietz", "Esser", "Förster", "Hesse", "Kraus", "Lehmann", "Martin", "Noack", "Pape",
    "Rose", "Schwarz", "Thiel", "Wenzel", "Wilke", "Ziegert", "Baumann", "Fiedler",
    "Hofmann", "Kern", "Lange", "Menke", "Nowotny", "Probst", "Ritter", "Strauß", "Tillmann",
)

#: The rules every scale league and event plays (a Gin partie of one round to 100; table
#: rounds without owed Pflichtsoli, so a table's list ends with its series; Nerts hands
#: without a target, so a table plays exactly its hands).
GIN = {"preset": "seed", "rounds": 1}
DOPPELKOPF = {"preset": "seed"}
DOPPELKOPF_TABLES = {"preset": "seed", "pflichtsolo_count": 0}
NERTS = {"preset": "seed", "target": 0}
RULES = {"gin": GIN, "doppelkopf": DOPPELKOPF, "rennen": {"preset": "seed"},
         "katarenga-rennen": {"preset": "seed"}, "nerts": NERTS}

#: Players per club, and each club's leagues: a Gin and a Doppelkopf league, and one of the
#: others by turns.
CLUB_SIZE = 40
#: A league's season: how many of the club play in it, at how many seats, how many matches.
SEASONS = {"gin": (12, (2,), 80), "doppelkopf": (8, (4,), 40), "rennen": (10, (2,), 60),
           "katarenga-rennen": (10, (2,), 60), "nerts": (6, (2, 3, 4), 40)}
#: How many different random plays each game and seat count draws from (Nerts plays cost
#: ten times the others).
POOL = 400
POOL_NERTS = 150
SEASON_DAYS = 91

#: The events' sizes: players, and rounds of the round-by-round formats.
EVENT_SIZES = {"swiss": 64, "swiss_rounds": 6, "robin": 21, "double": 128, "doko": 200,
               "table_rounds": 4, "doko_deals": 8, "nerts": 60}
SMALL_EVENTS = {"swiss": 8, "swiss_rounds": 3, "robin": 5, "double": 8, "doko": 9,
                "table_rounds": 2, "doko_deals": 4, "nerts": 8}


def player_names(count: int) -> list[str]:
    """``count`` different names, first name and surname (a number after them once the pairs
    run out).

    >>> player_names(3)
    ['Anna Albers', 'Bert Albers', 'Cora Albers']
    """
    names = []
    for index in range(count):
        first = FIRST_NAMES[index % len(FIRST_NAMES)]
        last = LAST_NAMES[(index // len(FIRST_NAMES)) % len(LAST_NAMES)]
        lap = index // (len(FIRST_NAMES) * len(LAST_NAMES))
        names.append(f"{first} {last}" + (f" {lap + 1}" if lap else ""))
    return names


@dataclass
class Report:
    """What a run made, for the command to print."""

    players: int = 0
    events: list[str] = field(default_factory=list)
    seasons: int = 0
    matches: int = 0
    rated: dict[str, int] = field(default_factory=dict)


class Federation:
    """Builds the data; ``processes`` processes play and replay the matches."""

    def __init__(self, *, seed: int, processes: int, logs_share: float,
                 say: Callable[[str], None], pool: int = POOL) -> None:
        self.rng = random.Random(seed)
        self.seed = seed
        self.workers = Workers(processes)
        self.pool_size = pool
        self.logs_share = logs_share
        self.say = say
        self.report = Report()
        self.pools: dict[tuple[str, int], list[Play]] = {}
        self.today = timezone.localdate()
        self.organizer = self._organizer()

    # --- Players -----------------------------------------------------------------------

    def players(self, count: int) -> list[Player]:
        """The federation's players, ``count`` of them (made where missing)."""
        names = player_names(count)
        existing = set(Player.objects.filter(name__in=names).values_list("name", flat=True))
        Player.objects.bulk_create([Player(name=name) for name in names if name not in existing],
                                   batch_size=2000)
        self.report.players = count - len(existing)
        by_name = Player.objects.in_bulk(names, field_name="name")
        return [by_name[name] for name in names]

    @staticmethod
    def _organizer() -> Any:
        users = get_user_model()
        return (users.objects.filter(username="federation").first()
                or users.objects.create_user("federation"))

    # --- Plays -------------------------------------------------------------------------

    def pool(self, game: str, seats: int) -> list[Play]:
        key = (game, seats)
        if key not in self.pools:
            base = self.rng.getrandbits(32)
            count = min(POOL_NERTS, self.pool_size) if game == "nerts" else self.pool_size
            specs = [PlaySpec(game, RULES[game], seats, base + index) for index in range(count)]
            self.pools[key] = self.workers.map(play, specs)
            self.say(f"  {count} random {get_engine(game).name} matches of {seats} played")
        return self.pools[key]

    def texts(self, game: str, seated: Sequence[Sequence[str]]) -> list[str]:
        """A random match of ``game`` for each seating, a log or (mostly) a score sheet."""
        sheets = [self.rng.random() >= self.logs_share for _names in seated]
        texts = []
        for names, sheet in zip(seated, sheets, strict=True):
            plays = self.pool(game, len(names))
            texts.append(plays[self.rng.randrange(len(plays))].text(names, sheet=sheet))
        if game in NAMED_SHUFFLES:
            fresh = [index for index, sheet in enumerate(sheets) if not sheet]
            made = self.workers.map(play, [
                PlaySpec(game, RULES[game], len(seated[index]), self.rng.getrandbits(32),
                         names=tuple(seated[index])) for index in fresh])
            for index, log in zip(fresh, made, strict=True):
                texts[index] = log.log
        return texts

    def replayed(self, items: Sequence[Replay]) -> list[Any]:
        """Every text replayed and scored by its engine (or the engine's error)."""
        return self.workers.map(replay_or_error, items)

    def close(self) -> None:
        self.workers.close()

    # --- Results of a tournament's matches ---------------------------------------------

    def score(self, matches: Sequence[Match], *, attempts: int = 8) -> int:
        """Results for ``matches`` (scheduled, every seat taken): a random match each, checked
        as the replay task checks it (a knockout needs a winner, a table its series); a
        result the competition refuses is played again."""
        pending = list(matches)
        done = 0
        for _attempt in range(attempts):
            if not pending:
                break
            seated = [[seat.seated_player.name for seat in match.seats.all()]
                      for match in pending]
            texts = [self._table_text(match, names) if _has_seating(match)
                     else self.texts(match.game, [names])[0]
                     for match, names in zip(pending, seated, strict=True)]
            results = self.replayed([Replay(text, match.game, match.rules, tuple(names))
                                     for match, text, names in zip(pending, texts, seated,
                                                                   strict=True)])
            scored, again = [], []
            for match, text, result in zip(pending, texts, results, strict=True):
                try:
                    if isinstance(result, EngineError):
                        raise result
                    check_competition(match, result)
                except EngineError:
                    again.append(match)
                    continue
                scored.append(Scored(match, text, result))
            match_results_store(results=scored)
            done += len(scored)
            pending = again
        if pending:
            raise RuntimeError(f"no acceptable result for {len(pending)} matches")
        return done

    def _table_text(self, match: Match, names: Sequence[str]) -> str:
        """A table of a table round plays its own series from its first dealer."""
        seating = match.seating
        sheet = self.rng.random() >= self.logs_share
        if match.game == "doppelkopf":
            spec = PlaySpec(match.game, match.rules, len(names), self.rng.getrandbits(32),
                            options={"deals": 0, "first_dealer": seating.first_dealer})
            return play(spec).text(names, sheet=sheet)
        # Nerts without a target: the first hands of a match, as many as the table plays.
        hands = seating.deals or 1
        if sheet:
            plays = [item for item in self.pool(match.game, len(names))
                     if len(json.loads(item.sheet)["deals"]) >= hands]
            document = json.loads(plays[self.rng.randrange(len(plays))].text(names, sheet=True))
        else:
            while True:  # a whole log deals by the names: played with them
                document = json.loads(play(PlaySpec(match.game, match.rules, len(names),
                                                    self.rng.getrandbits(32),
                                                    names=tuple(names))).log)
                if len(document["deals"]) >= hands:
                    break
        document["deals"] = document["deals"][:hands]
        return json.dumps(document, ensure_ascii=False)

    # --- The showcase events ------------------------------------------------------------

    def events(self, players: Sequence[Player], *, sizes: dict[str, int] | None = None,
               suffix: str = "") -> None:
        """One event of every format, made once: a Swiss of 64 (Rennen), a round robin of 21
        (210 matches, Das Rennen, where random play mostly ends level), a double elimination
        of 128 (Gin), Doppelkopf table rounds of 200 and Nerts tables of 60 (or of the
        ``sizes`` given: :data:`SMALL_EVENTS` for tests). The slugs end in ``suffix``."""
        sizes = sizes or EVENT_SIZES
        pool = iter(players)
        plans = [
            ("scale-swiss", "Schweizer System", "rennen", Tournament.Format.SWISS,
             sizes["swiss"], {"rounds_planned": sizes["swiss_rounds"]}),
            ("scale-round-robin", "Rundenturnier", "katarenga-rennen",
             Tournament.Format.ROUND_ROBIN, sizes["robin"], {}),
            ("scale-double-elimination", "Doppel-K.-o.", "gin",
             Tournament.Format.DOUBLE_ELIMINATION, sizes["double"], {}),
            ("scale-doppelkopf-tables", "Doppelkopf-Turnier", "doppelkopf",
             Tournament.Format.TABLE_ROUNDS, sizes["doko"],
             {"rounds_planned": sizes["table_rounds"], "deals_per_round": sizes["doko_deals"]}),
            ("scale-nerts-tables", "Nerts-Abend", "nerts", Tournament.Format.TABLE_ROUNDS,
             sizes["nerts"], {"rounds_planned": sizes["table_rounds"], "deals_per_round": 2,
                              "table_size": 4}),
        ]
        for slug, name, game, format, size, settings in plans:
            field = [next(pool) for _seat in range(size)]
            if Tournament.objects.filter(slug=slug + suffix).exists():
                continue
            with transaction.atomic():  # an event is there whole, or not at all
                self.event(slug + suffix, name, game, format, field, settings)

    def event(self, slug: str, name: str, game: str, format: str, field: Sequence[Player],
              settings: dict[str, Any]) -> Tournament:
        """An event of ``format`` for ``field``, drawn and played to its end by the services,
        the results from random matches."""
        rules = DOPPELKOPF_TABLES if format == Tournament.Format.TABLE_ROUNDS and \
            game == "doppelkopf" else RULES[game]
        tournament = tournament_create(name=name, game=game, format=format, rules=rules,
                                       organizer=self.organizer,
                                       starts_on=self.today - datetime.timedelta(days=30),
                                       **settings)
        Tournament.objects.filter(pk=tournament.pk).update(slug=slug)
        tournament.slug = slug
        for seed, player in enumerate(field, start=1):
            tournament_enter(tournament=tournament, player=player, seed=seed)
        tournament = tournament_start(tournament=tournament)
        played = 0
        while True:
            playable = self._playable(tournament)
            if playable:
                played += self.score(playable)
                Match.objects.filter(pk__in=[match.pk for match in playable]).update(
                    played_on=tournament.starts_on)
                stages_reflow(tournament=tournament)
                continue
            if format in (Tournament.Format.SWISS, Tournament.Format.TABLE_ROUNDS) and \
                    tournament.rounds.count() < (tournament.rounds_planned or 0):
                round_next(tournament=tournament)
                continue
            break
        tournament.refresh_from_db()
        tournament_check_finished(tournament=tournament)
        tournament_figures_changed(tournament_id=tournament.pk)
        self.report.events.append(f"{name} ({tournament.get_format_display()}, "
                                  f"{len(field)} players): {played} matches")
        self.say(f"  {self.report.events[-1]}")
        return tournament

    @staticmethod
    def _playable(tournament: Tournament) -> list[Match]:
        """The tournament's matches that wait for a result and have all their players."""
        return list(Match.objects.filter(round__tournament=tournament,
                                         status=Match.Status.SCHEDULED)
                    .exclude(seats__player__isnull=True)
                    .select_related("round__tournament", "seating")
                    .prefetch_related("seats__player").order_by("round__number", "position"))

    # --- Leagues over seasons -----------------------------------------------------------

    def leagues(self, players: Sequence[Player], *, matches: int) -> None:
        """Clubs of :data:`CLUB_SIZE` players, each with leagues of its games, one season
        of every league after the other, until the database holds ``matches`` matches."""
        clubs = max(1, min(matches // 800, len(players) // CLUB_SIZE))
        count = Match.objects.count()
        for number in range(10_000):
            for club in range(clubs):
                members = [players[(club * CLUB_SIZE + offset) % len(players)]
                           for offset in range(CLUB_SIZE)]
                for game in ("gin", "doppelkopf", ("rennen", "katarenga-rennen", "nerts")[
                        club % 3]):
                    if count >= matches:
                        return
                    with transaction.atomic():  # a season is there whole, or not at all
                        count += self.season(club, game, number, members)

    def season(self, club: int, game: str, number: int, members: Sequence[Player], *,
               matches: int | None = None) -> int:
        """Season ``number`` of the club's league of ``game``, if it is not there yet, with
        its usual number of matches (or ``matches``); the season before it is closed.
        Returns how many matches it made."""
        slug = f"club-{club + 1:03d}-{game}"
        league = League.objects.filter(slug=slug).first()
        if league is None:
            league = league_create(name=f"Club {club + 1} {get_engine(game).name}", game=game,
                                   rules=RULES[game], organizer=self.organizer)
            League.objects.filter(pk=league.pk).update(slug=slug)
        season_slug = f"season-{number + 1}"
        if Season.objects.filter(league=league, slug=season_slug).exists():
            return 0
        size, seat_counts, total = SEASONS[game]
        total = matches if matches is not None else total
        start = self.today - datetime.timedelta(days=SEASON_DAYS * (40 - number))
        previous = league.seasons.filter(status=Season.Status.OPEN).first()
        if previous is not None:
            season_close(season=previous)
        offset = (number * 3) % (CLUB_SIZE - size + 1)
        people = list(members[offset:offset + size])
        fixtures = game == "gin" and number % 4 == 3
        season = season_create(
            league=league, name=f"Saison {number + 1}", members=people, starts_on=start,
            ends_on=start + datetime.timedelta(days=SEASON_DAYS - 1),
            mode=Season.Mode.FIXTURES if fixtures else Season.Mode.OPEN_PLAY, previous=previous)
        Season.objects.filter(pk=season.pk).update(slug=season_slug)
        if fixtures:
            made = self._fixtures(season)
        else:
            made = self._open_play(season, game, people, seat_counts, total, start)
        season_figures_changed(season_id=season.pk)
        self.report.seasons += 1
        self.report.matches += made
        return made

    def _fixtures(self, season: Season) -> int:
        drawn = season_fixtures_draw(season=season)
        matches = list(Match.objects.filter(pk__in=[match.pk for match in drawn])
                       .select_related("round", "seating").prefetch_related("seats__player"))
        Match.objects.filter(pk__in=[match.pk for match in matches]).update(
            played_on=season.starts_on)
        return self.score(matches)

    def _open_play(self, season: Season, game: str, people: Sequence[Player],
                   seat_counts: Sequence[int], total: int, start: datetime.date) -> int:
        seated = []
        for _match in range(total):
            seats = self.rng.choice(seat_counts)
            seated.append(self.rng.sample(list(people), seats))
        texts = self.texts(game, [[player.name for player in table] for table in seated])
        results = self.replayed([Replay(text, game, RULES[game],
                                        tuple(player.name for player in table))
                                 for text, table in zip(texts, seated, strict=True)])
        matches_scored_create(matches=[
            NewScored(game=game, rules=RULES[game], players=tuple(p.pk for p in table),
                      text=text, result=result, season_id=season.pk,
                      played_on=start + datetime.timedelta(days=self.rng.randrange(SEASON_DAYS)))
            for table, text, result in zip(seated, texts, results, strict=True)
            if not isinstance(result, EngineError)])
        return sum(1 for result in results if not isinstance(result, EngineError))

    # --- After everything ---------------------------------------------------------------

    def ratings(self) -> None:
        """Rebuild the ratings, unless this run made nothing and they are in line already
        (a database reused as it was: a rebuild would rewrite every step of the history,
        and the write-ahead log it leaves is checkpointed during whatever runs next)."""
        made = self.report.players or self.report.events or self.report.matches
        if made or not ratings_in_line():
            self.report.rated = ratings_recompute_all()


def _has_seating(match: Match) -> bool:
    """Whether the match is a table of a table round (``seating`` fetched along)."""
    return _seating_of(match) is not None


def _seating_of(match: Match) -> TableSeating | None:
    try:
        return match.seating
    except TableSeating.DoesNotExist:
        return None

