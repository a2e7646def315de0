"""Pages of the league side: home, players, leagues and seasons."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from games.engines import get_engine
from games.models import Match, MatchLog
from league import selectors, services
from league.forms import LeagueForm, PlayerForm, SeasonMatchForm, SeasonMemberForm
from league.models import League, Player, Season
from tournaments.models import Tournament


def home(request: HttpRequest) -> HttpResponse:
    context = {
        "seasons": selectors.open_seasons(),
        "tournaments": Tournament.objects.exclude(status=Tournament.Status.FINISHED),
        "finished_tournaments": Tournament.objects.filter(
            status=Tournament.Status.FINISHED)[:5],
        "recent_matches": Match.objects.filter(status=Match.Status.SCORED)
        .select_related("season__league", "round__tournament")
        .prefetch_related("seats__player").order_by("-updated_at")[:10],
    }
    return render(request, "league/home.html", context)


def player_list(request: HttpRequest) -> HttpResponse:
    form = PlayerForm()
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{_login_url()}?next={request.path}")
        form = PlayerForm(request.POST)
        if form.is_valid():
            try:
                player = services.player_create(name=form.cleaned_data["name"])
            except services.LeagueError as error:
                form.add_error("name", str(error))
            else:
                messages.success(request, _("%(name)s added.") % {"name": player.name})
                return redirect("player-list")
    return render(request, "league/player_list.html",
                  {"players": Player.objects.all(), "form": form})


def player_detail(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk)
    matches = list(selectors.player_matches(player=player))
    rows = []
    for match in matches:
        seats = list(match.seats.all())
        mine = next(seat for seat in seats if seat.player_id == player.pk)
        rows.append({"match": match, "seat": mine,
                     "opponents": [s.player for s in seats if s.pk != mine.pk and s.player],
                     "result": _result_word(match, mine, seats)})
    won = sum(1 for row in rows if row["result"] == "win")
    lost = sum(1 for row in rows if row["result"] == "loss")
    drawn = sum(1 for row in rows if row["result"] == "draw")
    return render(request, "league/player_detail.html",
                  {"player": player, "rows": rows, "won": won, "lost": lost, "drawn": drawn})


def _result_word(match: Match, mine: object, seats: list[object]) -> str | None:
    if match.status != Match.Status.SCORED or mine.rank is None:  # type: ignore[attr-defined]
        return None
    best = min(seat.rank for seat in seats if seat.rank is not None)  # type: ignore[attr-defined]
    if mine.rank != best:  # type: ignore[attr-defined]
        return "loss"
    return "draw" if sum(1 for s in seats if s.rank == best) > 1 else "win"  # type: ignore[attr-defined]


def _login_url() -> str:
    from django.urls import reverse

    return reverse("login")


def league_detail(request: HttpRequest, slug: str) -> HttpResponse:
    league = get_object_or_404(League, slug=slug)
    return render(request, "league/league_detail.html",
                  {"league": league, "seasons": league.seasons.all(),
                   "game": get_engine(league.game)})


@login_required
def league_create(request: HttpRequest) -> HttpResponse:
    form = LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        league = services.league_create(name=data["name"], game=data["game"],
                                        rules=data["rules"], organizer=request.user)
        season = services.season_create(league=league, name=data["season"],
                                        members=list(data["members"]))
        messages.success(request, _("League %(name)s created.") % {"name": league.name})
        return redirect(season)
    return render(request, "league/league_form.html", {"form": form})


def season_detail(request: HttpRequest, league: str, season: str) -> HttpResponse:
    season_obj = get_object_or_404(Season.objects.select_related("league"),
                                   league__slug=league, slug=season)
    engine = get_engine(season_obj.league.game)
    is_organizer = season_obj.is_organizer(request.user)
    members = season_obj.members.all()
    is_member = request.user.is_authenticated and members.filter(user=request.user).exists()
    seats = {"min_seats": engine.min_seats, "max_seats": engine.max_seats}
    match_form = SeasonMatchForm(members=members, **seats)
    member_form = SeasonMemberForm()
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{_login_url()}?next={request.path}")
        if request.POST.get("action") == "add-member":
            if not is_organizer:
                return HttpResponseForbidden(_("Only the league's organizers may add members."))
            member_form = SeasonMemberForm(request.POST)
            if member_form.is_valid():
                season_obj.members.add(member_form.cleaned_data["player"])
                return redirect(season_obj)
        else:
            match_form = SeasonMatchForm(request.POST, request.FILES, members=members, **seats)
            if match_form.is_valid():
                players = match_form.cleaned_data["players"]
                if not is_organizer and not any(p.user_id == request.user.pk for p in players):
                    return HttpResponseForbidden(_("Only organizers and the match's players "
                                                   "may record it."))
                try:
                    log = services.season_match_record(
                        season=season_obj, players=players,
                        text=match_form.cleaned_data["log_text"], submitted_by=request.user,
                        source=MatchLog.Source.WEB,
                        played_on=match_form.cleaned_data.get("played_on"))
                except services.LeagueError as error:
                    match_form.add_error(None, str(error))
                else:
                    return redirect(log.match)
    context = {
        "season": season_obj, "league": season_obj.league, "game": engine,
        "standings": selectors.season_standings(season=season_obj),
        "matches": season_obj.matches.select_related("current_log")
        .prefetch_related("seats__player").order_by("-pk"),
        "match_form": match_form, "member_form": member_form,
        "is_organizer": is_organizer, "may_record": is_organizer or is_member,
    }
    return render(request, "league/season_detail.html", context)
