"""Ratings: the packages against their documented examples, the task through the real
results flow, the rebuild after a correction, the leaderboard."""

from __future__ import annotations

import datetime
import doctest
import json
import random
from pathlib import Path
from unittest import mock

import glicko2
import pytest
from pytest import approx

import league.ranking.ratings
from games.engines import get_engine
from games.models import Match, Player
from games.services import match_log_submit
from league.models import RatedMatch, Rating, RatingChange
from league.ranking.ratings import (
    Contest,
    Glicko2System,
    Hand,
    MatchFacts,
    OpenSkillSystem,
    Skill,
    doppelkopf_deals,
    rate_match,
)
from league.selectors.ratings import leaderboard, leaderboard_places, player_ratings
from league.services import league_create, season_create, season_match_record
from league.services.ratings import game_ratings_recompute, match_rate
from league.tasks import rate_match as rate_match_task
from tests.documents import as_text, first_wins

ROOT = Path(__file__).resolve().parents[2]
RULES = {"preset": "seed", "rounds": 1}


def test_the_docstring_examples():
    assert doctest.testmod(league.ranking.ratings).failed == 0


class TestGlicko2:
    def test_glickmans_example(self):
        # glicko2.pdf, "Example calculation": 1500/200/0.06 beats 1400/30, loses to 1550/100
        # and to 1700/300 -> r' = 1464.06, RD' = 151.52, sigma' = 0.05999.
        after = Glicko2System().period(Skill(1500, 200, 0.06), [
            (Skill(1400, 30), 1), (Skill(1550, 100), 0), (Skill(1700, 300), 0)])
        assert after.rating == approx(1464.06, abs=0.01)
        assert after.deviation == approx(151.52, abs=0.01)
        assert after.volatility == approx(0.05999, abs=1e-5)
        # Without the paper's rounding (the Illinois iteration to the end): 0.0599960.
        assert after.volatility == approx(0.0599960, abs=1e-7)

    def test_the_package_alone_misses_the_volatility(self):
        """Why league.ranking.ratings corrects f(x): glicko2 2.1.0 squares the rating where
        the paper squares the deviation. When this fails, the package is fixed and the
        correction can go."""
        player = glicko2.Player(rating=1500, rd=200, vol=0.06)
        player.update_player([1400, 1550, 1700], [30, 100, 300], [1, 0, 0])
        assert player.vol == approx(0.0599934, abs=1e-7)

    def test_two_new_players(self):
        # Both 1500, RD 350: the winner 1662.31, the loser 1337.69, both RD 290.32.
        new = Glicko2System().initial()
        after = Glicko2System().rate({"A": new, "B": new},
                                     Contest(teams=(("A",), ("B",)), ranks=(1, 2)))
        assert (round(after["A"].rating, 2), round(after["B"].rating, 2),
                round(after["A"].deviation, 2)) == (1662.31, 1337.69, 290.32)
        draw = Glicko2System().rate({"A": new, "B": new},
                                    Contest(teams=(("A",), ("B",)), ranks=(1, 1)))
        assert (draw["A"].rating, draw["B"].rating) == (approx(1500), approx(1500))


class TestOpenSkill:
    def test_the_manuals_example(self):
        # openskill.py manual, "Usage": two teams of two new players, team 1 wins:
        # p1, p2: mu=26.964294621803063, sigma=8.177962604389991; p3, p4: mu=23.03570...;
        # ordinals 2.4304068086330872 and -1.4981824349730388.
        system = OpenSkillSystem()
        new = system.initial()
        after = system.rate({p: new for p in ("p1", "p2", "p3", "p4")},
                            Contest(teams=(("p1", "p2"), ("p3", "p4")), ranks=(1, 2)))
        assert after["p1"].mu == approx(26.964294621803063, abs=1e-12)
        assert after["p2"].deviation == approx(8.177962604389991, abs=1e-12)
        assert after["p3"].mu == approx(23.035705378196937, abs=1e-12)
        assert after["p1"].rating == approx(2.4304068086330872, abs=1e-12)
        assert after["p4"].rating == approx(-1.4981824349730388, abs=1e-12)

    def test_a_new_player_starts_at_ordinal_zero(self):
        assert OpenSkillSystem().initial() == Skill(rating=approx(0.0), deviation=25 / 3,
                                                    mu=25.0)

    def test_a_doppelkopf_deal_at_five(self):
        five = MatchFacts(players=(1, 2, 3, 4, 5), names=("A", "B", "C", "D", "E"),
                          ranks=(1, 1, 1, 1, 1), hands=(
                              Hand((-3, 0, 1, 1, 1), {"contract": "solo", "re": ["A"]},
                                   {"sits_out": "B"}),
                              Hand((2, 1, 0, -1, -2), {"contract": "hammelrennen"},
                                   {"sits_out": "C"})))
        assert doppelkopf_deals(five) == [
            Contest(teams=((1,), (3, 4, 5)), ranks=(2, 1)),
            Contest(teams=((1,), (2,), (4,), (5,)), ranks=(1, 2, 3, 4))]


# --- Through the results flow --------------------------------------------------------------


@pytest.fixture
def season(organizer, players):
    league = league_create(name="Dienstagsrunde", game="gin", organizer=organizer, rules=RULES)
    return season_create(league=league, name="Herbst 2026", members=list(players.values()))


def won_by(winner, *, seats):
    loser = next(name for name in seats if name != winner)
    return as_text({**first_wins(winner, loser), "players": list(seats)})


def play(run_on_commit, season, players, winner, loser):
    with run_on_commit():
        log = season_match_record(season=season, players=[players[winner], players[loser]],
                                  text=as_text(first_wins(winner, loser)))
    return log.match


def ratings(game="gin"):
    return {r.player.name: (round(r.rating, 2), round(r.deviation, 2), r.matches)
            for r in Rating.objects.filter(game=game).select_related("player")}


def expected_glicko(results):
    """The ratings after ``results`` (winner, loser) in order, by the tested system."""
    system = Glicko2System()
    skills = {}
    counts = {}
    for winner, loser in results:
        before = {p: skills.get(p, system.initial()) for p in (winner, loser)}
        skills.update(rate_match(system, before, [Contest(teams=((winner,), (loser,)),
                                                          ranks=(1, 2))]))
        for p in (winner, loser):
            counts[p] = counts.get(p, 0) + 1
    return {p: (round(s.rating, 2), round(s.deviation, 2), counts[p]) for p, s in skills.items()}


def history(player, game="gin"):
    return [(c.sequence, c.match_id, round(c.rating_before, 2), round(c.rating_after, 2))
            for c in RatingChange.objects.filter(player=player, game=game)]


@pytest.mark.django_db
class TestTheTask:
    def test_a_scored_match_is_rated(self, season, players, run_on_commit):
        match = play(run_on_commit, season, players, "Anna", "Bert")
        assert ratings() == {"Anna": (1662.31, 290.32, 1), "Bert": (1337.69, 290.32, 1)}
        rating = Rating.objects.get(player=players["Anna"], game="gin")
        assert (rating.system, round(rating.volatility, 6)) == ("glicko2", 0.06)
        assert history(players["Anna"]) == [(1, match.pk, 1500.0, 1662.31)]

    def test_the_history_goes_on(self, season, players, run_on_commit):
        first = play(run_on_commit, season, players, "Anna", "Bert")
        second = play(run_on_commit, season, players, "Cora", "Anna")
        assert ratings() == expected_glicko([("Anna", "Bert"), ("Cora", "Anna")])
        anna_after = ratings()["Anna"][0]
        assert history(players["Anna"]) == [(1, first.pk, 1500.0, 1662.31),
                                            (2, second.pk, 1662.31, anna_after)]

    def test_running_twice_counts_once(self, season, players, run_on_commit):
        match = play(run_on_commit, season, players, "Anna", "Bert")
        before = ratings()
        assert rate_match_task.delay(match.pk).get() == "unchanged"
        assert ratings() == before and RatingChange.objects.count() == 2

    def test_a_match_finished_out_of_order_keeps_its_place(self, season, players,
                                                          run_on_commit):
        queued = []
        with mock.patch("league.services.ratings._enqueue", queued.append):
            play(run_on_commit, season, players, "Anna", "Bert")
            play(run_on_commit, season, players, "Cora", "Anna")
        # The second match's task comes first (two workers), then the first match's: it goes
        # before the second, which is rated again from Anna's new rating.
        assert [match_rate(match_id=pk) for pk in reversed(queued)] == ["rated", "recomputed"]
        assert ratings() == expected_glicko([("Anna", "Bert"), ("Cora", "Anna")])

    def test_a_forfeit_is_not_rated(self, season, players, run_on_commit):
        match = play(run_on_commit, season, players, "Anna", "Bert")
        type(match).objects.filter(pk=match.pk).update(result="forfeit")
        assert match_rate(match_id=match.pk) == "removed"
        assert ratings() == {} and RatingChange.objects.count() == 0
        assert RatedMatch.objects.count() == 0
        assert match_rate(match_id=match.pk) == "unchanged"


@pytest.mark.django_db
class TestCorrections:
    def test_a_corrected_result_is_rated_again_in_its_old_place(self, season, players,
                                                                run_on_commit):
        first = play(run_on_commit, season, players, "Anna", "Bert")
        second = play(run_on_commit, season, players, "Cora", "Anna")
        with run_on_commit():
            match_log_submit(match=first, text=won_by("Bert", seats=("Anna", "Bert")))
        # Now Bert won the first match; it keeps its place before the second.
        assert ratings() == expected_glicko([("Bert", "Anna"), ("Cora", "Anna")])
        anna_after = ratings()["Anna"][0]
        assert history(players["Anna"]) == [(1, first.pk, 1500.0, 1337.69),
                                            (2, second.pk, 1337.69, anna_after)]

    def test_a_correction_with_the_same_result_changes_nothing_after_it(
            self, season, players, run_on_commit):
        first = play(run_on_commit, season, players, "Anna", "Bert")
        play(run_on_commit, season, players, "Cora", "Anna")
        steps = sorted(RatingChange.objects.values_list("pk", "rating_after"))
        queued = []
        with mock.patch("league.services.ratings._enqueue", queued.append), run_on_commit():
            # Another sheet, the same winner: Glicko-2 reads only who won.
            text = as_text({**first_wins("Anna", "Bert"), "notes": "typed in again"})
            match_log_submit(match=first, text=text)
        assert queued == [first.pk]
        assert match_rate(match_id=first.pk) == "rated"
        assert sorted(RatingChange.objects.values_list("pk", "rating_after")) == steps
        assert RatedMatch.objects.get(match=first).log_id == first.logs.get(version=2).pk

    def test_a_match_rejected_after_a_correction_leaves_the_history(self, season, players,
                                                                     run_on_commit):
        first = play(run_on_commit, season, players, "Anna", "Bert")
        second = play(run_on_commit, season, players, "Cora", "Anna")
        with run_on_commit():
            match_log_submit(match=first, text='{"format": "stammtisch-log/1"}')
        first.refresh_from_db()
        assert first.status == "rejected"
        assert ratings() == {"Cora": (1662.31, 290.32, 1), "Anna": (1337.69, 290.32, 1)}
        assert history(players["Anna"]) == [(1, second.pk, 1500.0, 1337.69)]

    def test_the_rebuild_gives_what_the_task_gave(self, season, players, run_on_commit):
        for winner, loser in [("Anna", "Bert"), ("Cora", "Dieter"), ("Anna", "Cora"),
                              ("Dieter", "Bert")]:
            play(run_on_commit, season, players, winner, loser)
        before = ratings()
        steps = everything()
        assert game_ratings_recompute(game="gin") == 4
        assert ratings() == before and everything() == steps


def everything(game="gin"):
    """The whole stored history of a game and its ratings, to the last bit."""
    steps = sorted(RatingChange.objects.filter(game=game).values_list(
        "player__name", "match_id", "key", "sequence", "rating_before", "rating_after",
        "deviation_after", "volatility_after", "mu_after"))
    board = sorted(Rating.objects.filter(game=game).values_list(
        "player__name", "rating", "deviation", "volatility", "mu", "matches"))
    entries = sorted(RatedMatch.objects.filter(game=game).values_list("match_id", "key",
                                                                      "log_id"))
    return steps, board, entries


@pytest.mark.django_db
class TestTheOrderOfPlay:
    """The history is in the order the matches were played, whatever order the rating tasks
    run in: two workers finishing in any order, results that arrive late, corrections."""

    def submit_all(self, season, players, games, run_on_commit):
        """Every result submitted (and scored) with its rating task held back; returns the
        held tasks' match ids in the order they were queued."""
        queued = []
        with mock.patch("league.services.ratings._enqueue", queued.append):
            for winner, loser, played_on in games:
                with run_on_commit():
                    season_match_record(season=season, text=as_text(first_wins(winner, loser)),
                                        players=[players[winner], players[loser]],
                                        played_on=played_on)
        return queued

    GAMES = [("Anna", "Bert", None), ("Cora", "Dieter", None), ("Eva", "Frank", None),
             ("Anna", "Cora", None), ("Bert", "Eva", None), ("Dieter", "Frank", None),
             # Played three days ago, entered now: it goes before everything above.
             ("Frank", "Anna", datetime.date.today() - datetime.timedelta(days=3)),
             ("Cora", "Eva", None), ("Bert", "Dieter", None), ("Anna", "Frank", None),
             ("Eva", "Anna", None), ("Dieter", "Cora", None)]

    def test_shuffled_arrival_gives_the_ratings_of_the_order_of_play(self, season, players,
                                                                     run_on_commit):
        queued = self.submit_all(season, players, self.GAMES, run_on_commit)
        for pk in queued:
            match_rate(match_id=pk)
        in_order = everything()
        for seed in range(5):
            RatingChange.objects.all().delete()
            Rating.objects.all().delete()
            RatedMatch.objects.all().delete()
            shuffled = list(queued)
            random.Random(seed).shuffle(shuffled)
            for pk in shuffled:
                match_rate(match_id=pk)
            assert everything() == in_order, f"shuffle {seed}: {shuffled}"
        game_ratings_recompute(game="gin")
        assert everything() == in_order
        # The late result is the first of the history; its winner Frank beat a new Anna.
        late = queued[6]
        first = RatedMatch.objects.filter(game="gin").order_by("key").first()
        assert first.match_id == late
        assert history(players["Frank"])[0] == (1, late, 1500.0, 1662.31)

    def test_corrections_and_tasks_running_twice_in_any_order(self, season, players,
                                                             run_on_commit):
        queued = self.submit_all(season, players, self.GAMES[:8], run_on_commit)
        corrected = []
        with mock.patch("league.services.ratings._enqueue", corrected.append):
            for index in (1, 4):
                match = Match.objects.get(pk=queued[index])
                names = [seat.player.name for seat in match.seats.order_by("index")]
                with run_on_commit():
                    match_log_submit(match=match, text=won_by(names[1], seats=names))
        tasks = queued + corrected + queued[:3]
        expected = None
        for seed in range(4):
            RatingChange.objects.all().delete()
            Rating.objects.all().delete()
            RatedMatch.objects.all().delete()
            random.Random(seed).shuffle(tasks)
            for pk in tasks:
                match_rate(match_id=pk)
            expected = expected or everything()
            assert everything() == expected
        game_ratings_recompute(game="gin")
        assert everything() == expected

    def test_a_late_result_rewrites_only_what_follows_it_and_its_players(
            self, season, players, run_on_commit):
        early = [("Anna", "Bert", None), ("Cora", "Dieter", None), ("Eva", "Frank", None)]
        later = [("Anna", "Cora", None), ("Eva", "Frank", None), ("Bert", "Anna", None)]
        queued = self.submit_all(season, players, early, run_on_commit)
        yesterday = datetime.date.today() - datetime.timedelta(days=1)
        # Played yesterday, between nothing else: all of today's matches come after it.
        Match.objects.filter(pk__in=queued).update(played_on=datetime.date.today())
        queued += self.submit_all(season, players, later, run_on_commit)
        Match.objects.filter(pk__in=queued[3:]).update(played_on=datetime.date.today())
        for pk in queued:
            assert match_rate(match_id=pk) == "rated"
        before = dict(RatingChange.objects.values_list("pk", "match_id"))
        late = self.submit_all(season, players, [("Dieter", "Cora", yesterday)],
                               run_on_commit)[0]
        assert match_rate(match_id=late) == "recomputed"
        after = dict(RatingChange.objects.values_list("pk", "match_id"))
        kept = {pk for pk in before if pk in after}
        # Cora and Dieter played first yesterday: their match of today and Anna's two
        # matches after meeting Cora are rated again, and so is Bert's against Anna; Eva and
        # Frank's matches are untouched (the same rows).
        rewritten = {before[pk] for pk in set(before) - kept}
        assert rewritten == {queued[1], queued[3], queued[5]}
        assert {before[pk] for pk in kept} == {queued[0], queued[2], queued[4]}
        rewritten_history = everything()
        game_ratings_recompute(game="gin")
        assert everything() == rewritten_history


@pytest.mark.django_db
def test_the_leaderboard(season, players, run_on_commit):
    for winner, loser in [("Anna", "Bert"), ("Cora", "Dieter"), ("Anna", "Cora")]:
        play(run_on_commit, season, players, winner, loser)
    expected = expected_glicko([("Anna", "Bert"), ("Cora", "Dieter"), ("Anna", "Cora")])
    # Anna two wins; Cora a win and a loss to Anna; Bert and Dieter one loss each to a new
    # player: equal rating and deviation, one place, by name.
    board = [(r.place, r.player.name, round(r.rating, 2)) for r in leaderboard_places(
        game="gin", ratings=leaderboard(game="gin"))]
    assert board == [(1, "Anna", expected["Anna"][0]), (2, "Cora", expected["Cora"][0]),
                     (3, "Bert", 1337.69), (3, "Dieter", 1337.69)]
    # A page of the board, or a search, keeps the board's places.
    assert [(r.place, r.player.name) for r in leaderboard_places(
        game="gin", ratings=leaderboard(game="gin")[3:])] == [(3, "Dieter")]
    assert [(r.place, r.player.name) for r in leaderboard_places(
        game="gin", ratings=leaderboard(game="gin", text="COR"))] == [(2, "Cora")]
    assert expected["Cora"][0] > 1337.69
    assert [entry["game"] for entry in player_ratings(player=players["Anna"])] == ["gin"]


# --- Games of more than two ---------------------------------------------------------------


def example(game, name):
    return (ROOT / "docs" / "examples" / game / name).read_text()


def season_of(organizer, game, names, rules=None):
    league = league_create(name=f"{game} league", game=game, organizer=organizer, rules=rules)
    members = [Player.objects.get_or_create(name=name)[0] for name in names]
    return season_create(league=league, name="Winter", members=members), members


def openskill_of(game):
    return {r.player.name: (round(r.mu, 6), round(r.deviation, 6), r.system, r.matches)
            for r in Rating.objects.filter(game=game).select_related("player")}


@pytest.mark.django_db
def test_a_doppelkopf_list_rated_deal_by_deal(organizer, run_on_commit):
    text = example("doppelkopf", "liste-zettel.json")
    document = json.loads(text)
    season, members = season_of(organizer, "doppelkopf", document["players"],
                                rules=document.get("rules"))
    with run_on_commit():
        season_match_record(season=season, players=members, text=text)
    result = get_engine("doppelkopf").replay(document)
    facts = MatchFacts(players=tuple(document["players"]), names=tuple(document["players"]),
                       ranks=tuple(seat.rank for seat in result.seats),
                       hands=tuple(Hand(hand.points, hand.facts, hand.detail)
                                   for hand in result.hands))
    contests = doppelkopf_deals(facts)
    # Every deal but the ones dealt anew is a contest of the Re party against Kontra.
    assert len(contests) == sum(1 for hand in result.hands
                                if hand.facts.get("contract") != "redeal")
    assert contests[0] == Contest(teams=(("Anna", "Carl"), ("Bert", "Dora")), ranks=(1, 2))
    system = OpenSkillSystem()
    skills = rate_match(system, {name: system.initial() for name in document["players"]},
                        contests)
    assert openskill_of("doppelkopf") == {
        name: (round(skill.mu, 6), round(skill.deviation, 6), "openskill", 1)
        for name, skill in skills.items()}


@pytest.mark.django_db
def test_nerts_decks_in_their_finishing_order(organizer, run_on_commit):
    text = example("nerts", "teams.json")
    document = json.loads(text)
    season, members = season_of(organizer, "nerts", document["players"],
                                rules=document.get("rules"))
    with run_on_commit():
        season_match_record(season=season, players=members, text=text)
    # Decks Nord (Anna, Bert) 13, Süd (Cora, Dirk) -11, West (Emil, Fritz) -14.
    system = OpenSkillSystem()
    new = system.initial()
    skills = system.rate({name: new for name in document["players"]}, Contest(
        teams=(("Anna", "Bert"), ("Cora", "Dirk"), ("Emil", "Fritz")), ranks=(1, 3, 5)))
    assert openskill_of("nerts") == {
        name: (round(skill.mu, 6), round(skill.deviation, 6), "openskill", 1)
        for name, skill in skills.items()}
    board = [r.player.name for r in leaderboard(game="nerts")]
    assert board[:2] == ["Anna", "Bert"] and board[-2:] == ["Emil", "Fritz"]


@pytest.mark.django_db
def test_the_rebuild_command(season, players, run_on_commit, capsys):
    from django.core.management import CommandError, call_command

    play(run_on_commit, season, players, "Anna", "Bert")
    Rating.objects.all().delete()
    call_command("ratings_recompute", "gin", "nerts")
    assert capsys.readouterr().out == "gin: 1 matches rated\nnerts: 0 matches rated\n"
    assert ratings() == {"Anna": (1662.31, 290.32, 1), "Bert": (1337.69, 290.32, 1)}
    with pytest.raises(CommandError, match="unknown game: skat"):
        call_command("ratings_recompute", "skat")


@pytest.mark.django_db
def test_doppelkopf_lists_in_shuffled_order_rate_as_in_order(organizer, run_on_commit):
    """OpenSkill from the deals' parties: the hands are read again when a list is re-rated."""
    names = ["Anna", "Bert", "Cora", "Dieter", "Eva"]
    season, members = season_of(organizer, "doppelkopf", names)
    engine = get_engine("doppelkopf")
    queued = []
    with mock.patch("league.services.ratings._enqueue", queued.append):
        for seed in range(6):
            table = [names[(seed + offset) % 5] for offset in range(4)]
            document = engine.random_document(rng=random.Random(seed), players=table)
            with run_on_commit():
                season_match_record(season=season, text=json.dumps(document),
                                    players=[members[names.index(name)] for name in table])
    for pk in queued:
        assert match_rate(match_id=pk) == "rated"
    in_order = everything("doppelkopf")
    RatingChange.objects.all().delete()
    Rating.objects.all().delete()
    RatedMatch.objects.all().delete()
    for pk in [queued[index] for index in (5, 2, 0, 4, 1, 3)]:
        match_rate(match_id=pk)
    assert everything("doppelkopf") == in_order
    assert {row[5] for row in in_order[1]} == {4, 5}  # every player sat at 4 or 5 tables
