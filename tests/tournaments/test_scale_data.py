"""``manage.py scale_data``: a federation built in bulk whose every result is a real match
of its game, scored by its engine exactly as the replay task would score it."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from games.engines import get_engine
from games.models import Match, MatchLog, Player
from games.replay import replay_text
from league.models import League, RatedMatch, Rating, RatingChange, Season
from league.services.ratings import game_ratings_recompute
from tests.league.test_ratings import everything
from tournaments.management.scale.federation import player_names
from tournaments.management.scale.plays import NAMED_SHUFFLES, PlaySpec, play, sheet_document
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

PLAYS = [("gin", {"preset": "seed", "rounds": 1}, 2), ("doppelkopf", {"preset": "seed"}, 4),
         ("rennen", {"preset": "seed"}, 2), ("katarenga-rennen", {"preset": "seed"}, 2),
         ("nerts", {"preset": "seed", "target": 0}, 3)]


@pytest.mark.parametrize(("game", "rules", "seats"), PLAYS)
def test_a_score_sheet_scores_as_the_log_it_was_made_from(game, rules, seats):
    names = ("Anna", "Bert", "Cora", "Dieter")[:seats]
    for seed in range(3):
        made = play(PlaySpec(game, rules, seats, seed))
        if game in NAMED_SHUFFLES:  # its shuffles are labelled with the names
            made = play(PlaySpec(game, rules, seats, seed, names=names))
        log = json.loads(made.text(names, sheet=False))
        sheet = json.loads(made.text(names, sheet=True))
        assert "seed" not in sheet and all("facts" in deal for deal in sheet["deals"])
        assert all("moves" in deal for deal in log["deals"])
        played = get_engine(game).replay(log)
        assert [(s.player, s.score, s.rank) for s in get_engine(game).replay(sheet).seats] == \
            [(s.player, s.score, s.rank) for s in played.seats]
        assert sheet_document(log, played)["deals"] == sheet["deals"]


def test_names_go_in_as_json_text():
    made = play(PlaySpec("gin", {"preset": "seed", "rounds": 1}, 2, 1))
    text = made.text(['O"Brien', "Zoë"], sheet=True)
    assert json.loads(text)["players"] == ['O"Brien', "Zoë"]


def test_player_names_are_different():
    names = player_names(12_000)
    assert len(set(names)) == 12_000
    assert names[:2] == ["Anna Albers", "Bert Albers"] and names[-1].endswith(" 2")


def build(**extra):
    out = io.StringIO()
    options = {"players": 120, "matches": 600, "small_events": True, "pool": 12,
               "logs_share": 0.3, "processes": 2, **extra}
    call_command("scale_data", stdout=out, **options)
    return out.getvalue()


def test_the_federation():
    report = build()
    assert "120 players (120 new)" in report
    total = Match.objects.count()
    assert 600 <= total < 700, report

    # Nothing waits for a result but a double elimination's unneeded reset.
    assert list(Match.objects.exclude(status="scored").values_list("bracket", flat=True)) in (
        [], ["GF2"])

    # The events: every format, drawn and played to the end by the services.
    events = {t.slug: t for t in Tournament.objects.all()}
    assert {slug: (t.format, t.game, t.status, t.entries.count()) for slug, t in
            events.items()} == {
        "scale-swiss": ("swiss", "rennen", "finished", 8),
        "scale-round-robin": ("round_robin", "katarenga-rennen", "finished", 5),
        "scale-double-elimination": ("double_elimination", "gin", "finished", 8),
        "scale-doppelkopf-tables": ("table_rounds", "doppelkopf", "finished", 9),
        "scale-nerts-tables": ("table_rounds", "nerts", "finished", 8)}
    assert Match.objects.filter(round__tournament=events["scale-swiss"]).count() == 12
    assert Match.objects.filter(round__tournament=events["scale-round-robin"]).count() == 10
    # A Doppelkopf round of 9: a table of 4 and a 5-table, two rounds.
    tables = Match.objects.filter(round__tournament=events["scale-doppelkopf-tables"])
    assert sorted(match.seats.count() for match in tables) == [4, 4, 5, 5]

    # Every match played has its log, version 1, scored; replayed as the task would, it
    # gives the stored seats. Whole logs and score sheets both.
    kinds = set()
    for match in (Match.objects.filter(status="scored").select_related("current_log")
                  .prefetch_related("seats__player")):
        if len(match.seats.all()) == 1:
            assert match.current_log is None  # a Swiss bye: a win without a match
            continue
        log = match.current_log
        assert (log.version, log.status) == (1, MatchLog.Status.SCORED)
        seats = list(match.seats.order_by("index"))
        result = replay_text(log.text, game=match.game, rules=match.rules,
                             players=[seat.player.name for seat in seats])
        assert [(seat.score, seat.rank) for seat in seats] == \
            [(line.score, line.rank) for line in result.seats], match.pk
        assert log.hands.count() == len(result.hands)
        kinds.update("moves" if "moves" in deal else "facts"
                     for deal in json.loads(log.text)["deals"])
    assert kinds == {"moves", "facts"}

    # Leagues over seasons: the earlier seasons closed with their final standings.
    for league in League.objects.filter(slug__startswith="club-"):
        seasons = list(league.seasons.order_by("starts_on"))
        assert [season.status for season in seasons] == \
            ["closed"] * (len(seasons) - 1) + ["open"]
        assert all(season.final_standings for season in seasons[:-1])
    assert Season.objects.filter(league__slug__startswith="club-").count() >= 6

    # Ratings for every game, in the order of play: a rebuild changes nothing.
    assert set(Rating.objects.values_list("game", flat=True)) == {
        "gin", "doppelkopf", "rennen", "katarenga-rennen", "nerts"}
    for game in ("gin", "nerts"):
        before = everything(game)
        game_ratings_recompute(game=game)
        assert everything(game) == before

    # The same numbers again: nothing more, and the ratings, in line, are kept as they are.
    steps = list(RatingChange.objects.order_by("pk").values_list("pk", flat=True))
    again = build()
    assert "0 seasons, 0 matches" in again and Match.objects.count() == total
    assert Player.objects.count() == 120
    assert "Ratings kept: nothing new was made, and they are in line" in again
    assert list(RatingChange.objects.order_by("pk").values_list("pk", flat=True)) == steps
    # Ratings that are not in line (a run that ended before its rebuild) are rebuilt.
    RatedMatch.objects.filter(game="gin").first().delete()
    assert "Ratings rebuilt (matches rated: gin " in build()


def test_refusals():
    with pytest.raises(CommandError, match="--players must be at least 480"):
        call_command("scale_data", players=100, matches=10)
    with pytest.raises(CommandError, match="--logs-share between 0 and 1"):
        call_command("scale_data", players=500, matches=10, logs_share=2)
