"""``manage.py demo_club``: load a demo club once (players, a Gin league season with played
matches, a Gin league with two divisions: a closed season in the archive and the next one
after promotion and relegation, played on fixtures; a Doppelkopf league; a Gin tournament in
progress; friendly matches of Rennen, Das Rennen and Nerts; ratings from all of it) and
print the organizer's login.

Every demo result is a real log played by the Gin engine from a fixed seed and scored through
the normal results flow, so the demo shows exactly what a club's own data would.
"""

from __future__ import annotations

import datetime
import json
import random
import re
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

from games.engines import get_engine
from games.models import Match, MatchLog, Player
from games.services import match_create, match_log_replay, match_log_submit
from league.models import League, Season
from league.services import (
    division_create,
    league_configure,
    league_create,
    player_create,
    season_close,
    season_create,
    season_fixtures_draw,
    season_match_record,
)
from tournaments.models import Tournament
from tournaments.services import tournament_create, tournament_enter, tournament_start

EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples"
ORGANIZER = "organizer"
PASSWORD = "stammtisch"
PLAYERS = ["Anna", "Bert", "Cora", "Dieter", "Eva", "Frank", "Greta", "Hans"]
LEAGUE_RULES = {"preset": "seed", "rounds": 2}
TOURNAMENT_RULES = {"preset": "seed", "rounds": 1}


def demo_log(players: list[str], rules: dict[str, Any], seed: int, game: str = "gin") -> str:
    engine = get_engine(game)
    document = engine.random_document(rng=random.Random(seed), players=players, rules=rules)
    return json.dumps(document, ensure_ascii=False, indent=1)


class Command(BaseCommand):
    help = "Load the demo club (once) and print the demo organizer's login."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--quiet", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        if not League.objects.filter(slug="dienstagsrunde").exists():
            self._load()
        if not options["quiet"]:
            self.stdout.write(self.style.SUCCESS(
                f"\nDemo organizer login: user '{ORGANIZER}', password '{PASSWORD}'\n"))

    @transaction.atomic
    def _load(self) -> None:
        users = get_user_model()
        organizer = users.objects.filter(username=ORGANIZER).first()
        if organizer is None:
            organizer = users.objects.create_superuser(ORGANIZER, "", PASSWORD)
        players = {name: Player.objects.filter(name=name).first() or player_create(name=name)
                   for name in PLAYERS}
        # Anna can log in as herself and submit her own results.
        if players["Anna"].user_id is None:
            players["Anna"].user = users.objects.create_user("anna", "", PASSWORD)
            players["Anna"].save(update_fields=["user"])

        league = league_create(name="Dienstagsrunde", game="gin", organizer=organizer,
                               rules=LEAGUE_RULES,
                               description="Gin Rommé every Tuesday at the Krone.")
        season = season_create(league=league, name="Herbst 2026",
                               members=[players[name] for name in PLAYERS[:6]])
        pairings = [("Anna", "Bert"), ("Cora", "Dieter"), ("Eva", "Frank"), ("Anna", "Cora"),
                    ("Bert", "Eva"), ("Dieter", "Frank"), ("Anna", "Eva")]
        for seed, (first, second) in enumerate(pairings, start=1):
            season_match_record(season=season, players=[players[first], players[second]],
                                text=demo_log([first, second], LEAGUE_RULES, seed),
                                submitted_by=organizer, source=MatchLog.Source.DEMO)
        # One submission with a mistake, to show how a rejected log looks and is corrected.
        broken = json.loads(demo_log(["Bert", "Cora"], LEAGUE_RULES, 99))
        broken["deals"][0]["moves"].insert(2, "discard QH")
        season_match_record(season=season, players=[players["Bert"], players["Cora"]],
                            text=json.dumps(broken, indent=1), submitted_by=organizer,
                            source=MatchLog.Source.DEMO)

        self._load_krone_liga(organizer, players)
        self._load_doppelkopf(organizer, players)
        self._load_friendlies(organizer, players)

        tournament = tournament_create(name="Krone Cup 2026", game="gin",
                                       format=Tournament.Format.SINGLE_ELIMINATION,
                                       rules=TOURNAMENT_RULES, organizer=organizer,
                                       description="Knockout, one round of Gin per match.")
        for seed, name in enumerate(["Greta", "Anna", "Hans", "Bert", "Cora", "Dieter"],
                                    start=1):
            tournament_enter(tournament=tournament, player=players[name], seed=seed)
        tournament_start(tournament=tournament)
        first_round = Match.objects.filter(round__tournament=tournament, round__number=1)
        for seed, match in enumerate(first_round.order_by("position")[:1], start=200):
            names = [seat.player.name for seat in match.seats.order_by("index")]
            match_log_submit(match=match, text=demo_log(names, TOURNAMENT_RULES, seed),
                             submitted_by=organizer, source=MatchLog.Source.DEMO)

    def _load_krone_liga(self, organizer: Any, players: dict[str, Player]) -> None:
        """Two divisions on fixtures: the summer season played and closed (the archive), the
        autumn season opened from it with one up and one down, its first match day played."""
        league = league_create(name="Krone-Liga", game="gin", organizer=organizer,
                               rules=LEAGUE_RULES,
                               description="Two divisions, fixtures every Tuesday; one goes "
                                           "up and one goes down each season.")
        league_configure(league=league, promote=1, relegate=1, tiebreaks=[])
        summer = season_create(league=league, name="Sommer 2026", mode=Season.Mode.FIXTURES,
                               starts_on=datetime.date(2026, 6, 2), match_day_interval=7)
        division_create(season=summer, name="Oberliga",
                        members=[players[name] for name in PLAYERS[:4]])
        division_create(season=summer, name="Kreisliga",
                        members=[players[name] for name in PLAYERS[4:]])
        season_fixtures_draw(season=summer)
        self._play_fixtures(summer, organizer, seed=300)
        autumn = season_close(season=summer, next_name="Herbst 2026",
                              next_starts_on=datetime.date(2026, 9, 1))
        if autumn is not None:
            season_fixtures_draw(season=autumn)
            self._play_fixtures(autumn, organizer, seed=400, match_days=1)

    @staticmethod
    def _play_fixtures(season: Season, organizer: Any, *, seed: int,
                       match_days: int | None = None) -> None:
        matches = season.matches.order_by("match_day", "division__level", "position")
        if match_days is not None:
            matches = matches.filter(match_day__lte=match_days)
        for number, match in enumerate(matches, start=seed):
            names = [seat.player.name for seat in match.seats.order_by("index")]
            log = match_log_submit(match=match, text=demo_log(names, LEAGUE_RULES, number),
                                   submitted_by=organizer, source=MatchLog.Source.DEMO)
            # Scored now, not after the commit: the season is closed on these results.
            match_log_replay(log_id=log.pk)

    @staticmethod
    def _load_doppelkopf(organizer: Any, players: dict[str, Player]) -> None:
        """A Doppelkopf round of five: three lists, so that the OpenSkill leaderboard has
        something to show."""
        league = league_create(name="Doko am Donnerstag", game="doppelkopf",
                               organizer=organizer, description="Doppelkopf, house rules.")
        names = ["Anna", "Bert", "Cora", "Dieter", "Eva"]
        season = season_create(league=league, name="2026",
                               members=[players[name] for name in names])
        for seed, table in enumerate([names[:4], names[1:], [*names[2:], names[0]]],
                                     start=500):
            season_match_record(season=season, players=[players[name] for name in table],
                                text=demo_log(table, {"preset": "seed"}, seed, "doppelkopf"),
                                submitted_by=organizer, source=MatchLog.Source.DEMO)

    @staticmethod
    def _load_friendlies(organizer: Any, players: dict[str, Player]) -> None:
        """One friendly each of Rennen, Das Rennen and Nerts, so that every game's match page
        has something to show: the documented example logs, played by demo players. They are
        recorded logs (the cards as typed in), so another name does not change the cards; a
        seeded log would deal differently, since its shuffles are labelled with the names."""
        for path, names in [("rennen/whole-game", ["Eva", "Frank"]),
                            ("katarenga-rennen/seed-race", ["Greta", "Hans"]),
                            ("nerts/two-players", ["Cora", "Dieter"])]:
            document = json.loads((EXAMPLES / f"{path}.json").read_text(encoding="utf-8"))
            text = json.dumps(document, ensure_ascii=False, indent=1)
            # Every mention of a name (seats, moves such as "Anna: play 9H", cards such as
            # "QC@Anna") becomes the demo player's; no example name is part of another.
            renames = dict(zip(document["players"], names, strict=True))
            text = re.sub(r"\b(" + "|".join(renames) + r")\b",
                          lambda found, renames=renames: renames[found.group(1)], text)
            match = match_create(game=document["game"], rules=document.get("rules"),
                                 players=[players[name] for name in names])
            match_log_submit(match=match, text=text, submitted_by=organizer,
                             source=MatchLog.Source.DEMO)
