"""Every main page on a 390 px phone, in a real browser: no page wider than the screen, and
axe-core (vendored under tests/integration/vendor/) finds no critical or serious violation.

The pages: home, the lists, a tournament of each format (with its projector view, widget,
entries and forfeits pages), the forms, a league with its seasons and archive, a player,
the leaderboards, the rules, a match of each game and the score-sheet form. The data is the
demo club plus a tournament of every format with results."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from games.models import Match, Player
from games.services import match_log_submit
from league.models import League, Season
from tests.documents import as_text, first_wins
from tests.integration.browser import log_in, shot
from tournaments.models import Tournament
from tournaments.services import tournament_create, tournament_enter, tournament_start

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]
AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
PHONE = {"width": 390, "height": 844}
GIN = {"preset": "seed", "rounds": 1}


def tournament(organizer: Any, name: str, game: str, fmt: str, entrants: list[Player],
               **settings: Any) -> Tournament:
    made = tournament_create(name=name, game=game, format=fmt, organizer=organizer,
                             rules=GIN if game == "gin" else {"preset": "seed"}, **settings)
    for seed, player in enumerate(entrants, start=1):
        tournament_enter(tournament=made, player=player, seed=seed)
    return tournament_start(tournament=made)


def play_first(event: Tournament, count: int = 1) -> None:
    """The first seat wins the first ``count`` two-player matches of the event."""
    matches = Match.objects.filter(round__tournament=event, seats__player__isnull=False) \
        .distinct().order_by("round__number", "position")
    played = 0
    for match in matches:
        names = [seat.player.name for seat in match.seats.order_by("index") if seat.player]
        if len(names) != 2 or match.status == "scored":
            continue
        match_log_submit(match=match, text=as_text(first_wins(*names)))
        played += 1
        if played == count:
            return


def club() -> dict[str, Any]:
    call_command("demo_club", "--quiet")
    organizer = get_user_model().objects.get(username="organizer")
    players = list(Player.objects.order_by("pk"))
    extra = [Player.objects.create(name=f"Gast {number}") for number in range(1, 9)]
    everyone = players + extra
    events = {
        "round_robin": tournament(organizer, "Runde Sache", "gin", "round_robin",
                                  everyone[:4]),
        "double_round_robin": tournament(organizer, "Hin und Rück", "gin",
                                         "double_round_robin", everyone[:3]),
        "double_elimination": tournament(organizer, "Zweite Chance", "gin",
                                         "double_elimination", everyone[:6]),
        "swiss": tournament(organizer, "Schweizer Abend mit einem langen Namen", "gin",
                            "swiss", everyone[:9], rounds_planned=3),
        "groups_playoffs": tournament(organizer, "Gruppenphase", "gin", "groups_playoffs",
                                      everyone[:8], groups=2),
        "table_rounds": tournament(organizer, "Doko-Nacht", "doppelkopf", "table_rounds",
                                   everyone[:8], rounds_planned=2, deals_per_round=8),
        "nerts": tournament(organizer, "Nerts-Nacht", "nerts", "table_rounds", everyone[:6],
                            rounds_planned=1, table_size=3),
    }
    for fmt in ("round_robin", "double_round_robin", "double_elimination", "swiss",
                "groups_playoffs"):
        play_first(events[fmt], 2)
    events["single_elimination"] = Tournament.objects.get(format="single_elimination")
    return {"events": events, "organizer": organizer}


def main_pages(data: dict[str, Any]) -> list[str]:
    events = data["events"]
    pages = ["/", "/tournaments/", "/leagues/", "/players/", "/leaderboards/", "/rules/",
             "/tournaments/new/", "/leagues/new/"]
    for event in events.values():
        pages.append(f"/tournaments/{event.slug}/")
    swiss = events["swiss"]
    pages += [f"/tournaments/{swiss.slug}/projector/", f"/tournaments/{swiss.slug}/widget/",
              f"/tournaments/{swiss.slug}/entries/", f"/tournaments/{swiss.slug}/forfeits/"]
    for league in League.objects.all():
        pages.append(f"/leagues/{league.slug}/")
        pages.append(f"/leagues/{league.slug}/archive/")
    for season in Season.objects.select_related("league"):
        pages.append(season.get_absolute_url())
    pages.append(Season.objects.first().get_absolute_url() + "widget/")
    for game in ("gin", "doppelkopf", "rennen", "katarenga-rennen", "nerts"):
        pages += [f"/leaderboards/{game}/", f"/rules/{game}/"]
        scored = Match.objects.filter(game=game, status="scored").order_by("pk").first()
        if scored is not None:
            pages.append(scored.get_absolute_url())
    open_gin = Match.objects.filter(game="gin", status="scheduled", seats__player__isnull=False,
                                    round__tournament=events["round_robin"]).first()
    pages += [open_gin.get_absolute_url(), open_gin.get_absolute_url() + "?entry=sheet"]
    pages.append(Player.objects.get(name="Anna").get_absolute_url())
    return pages


#: What sticks out past the screen's right edge (for the failure message).
WIDEST = """Array.from(document.querySelectorAll("body *"))
    .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)
    .slice(-3).map(e => e.tagName + "." + e.className + " " +
                        Math.round(e.getBoundingClientRect().right))"""


def axe(page: Any) -> list[dict[str, Any]]:
    page.add_script_tag(path=str(AXE))
    return page.evaluate("""async () => {
        const result = await axe.run(document, {resultTypes: ["violations"]});
        return result.violations
            .filter(v => v.impact === "critical" || v.impact === "serious")
            .map(v => ({id: v.id, impact: v.impact,
                        nodes: v.nodes.slice(0, 3).map(n => n.target.join(" "))}));
    }""")


def test_every_main_page_fits_a_phone_and_passes_axe(browser, live_server):
    data = club()
    context = browser.new_context(locale="de-DE", base_url=live_server.url, viewport=PHONE,
                                  bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(20_000)
    log_in(page, "organizer", "stammtisch")
    pages = main_pages(data)
    assert len(pages) >= 40
    wide: dict[str, Any] = {}
    violations: dict[str, Any] = {}
    for path in pages:
        response = page.goto(path)
        assert response.status == 200, path
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > page.evaluate("window.innerWidth"):
            wide[path] = [width, page.evaluate(WIDEST)]
            shot(page, "wide-" + path.strip("/").replace("/", "-").replace("?", "-"))
        found = axe(page)
        if found:
            violations[path] = found
    print(json.dumps({"pages": len(pages), "wide": wide, "violations": violations}, indent=1))
    assert wide == {}
    assert violations == {}
    context.close()
