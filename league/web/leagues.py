"""Pages of leagues and their seasons: creating a league, its settings and archive, a
season's tables, fixtures and results, and the organizer's actions on it (members,
divisions, fixtures, closing, the next season)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engines import get_engine
from games.models import DEFAULT_REPORTING, Match, MatchLog
from games.selectors import match_rows_drawn
from games.web.lists import list_page, search_text
from league import selectors, services
from league.models import League, Season
from league.web.confirm import unconfirmed
from league.web.forms import (
    DivisionForm,
    FixturesForm,
    LeagueForm,
    LeagueSettingsForm,
    NextSeasonForm,
    SeasonCloseForm,
    SeasonForm,
    SeasonMatchForm,
    SeasonMemberForm,
    SeasonSettingsForm,
)
from league.web.rule_forms import rules_text


def league_list(request: HttpRequest) -> HttpResponse:
    """The leagues, a page at a time (searched by name), each with its game, its rules in
    words and its running seasons."""
    query = search_text(request)
    page = list_page(request, selectors.league_search(text=query).prefetch_related(
        Prefetch("seasons", queryset=Season.objects.filter(status=Season.Status.OPEN),
                 to_attr="running")))
    return render(request, "league/league_list.html", {
        "leagues": [{"league": league, "rules": rules_text(league.game, league.rules),
                     "open_seasons": league.running} for league in page.object_list],
        "page_obj": page, "query": query, "search_label": _("Find a league by name")})


def league_detail(request: HttpRequest, slug: str) -> HttpResponse:
    league = get_object_or_404(League, slug=slug)
    is_organizer = league.is_organizer(request.user)
    settings_form = LeagueSettingsForm(league=league)
    season_form = SeasonForm(league=league)
    if request.method == "POST":
        if not is_organizer:
            return HttpResponseForbidden(_("Only the league's organizers may change it."))
        action = request.POST.get("action")
        try:
            if action == "settings":
                settings_form = LeagueSettingsForm(request.POST, league=league)
                if settings_form.is_valid():
                    data = settings_form.cleaned_data
                    with transaction.atomic():
                        services.league_configure(league=league, promote=data["promote"],
                                                  relegate=data["relegate"],
                                                  tiebreaks=data["tiebreaks"])
                        services.league_rules_set(league=league, rules=data["rules"])
                    messages.success(request, _("Settings saved."))
                    return redirect("league-detail", league.slug)
            elif action == "new-season":
                season_form = SeasonForm(request.POST, league=league)
                if season_form.is_valid():
                    data = season_form.cleaned_data
                    if data["rules"] != league.rules:
                        services.league_rules_set(league=league, rules=data["rules"])
                    season = services.season_create(
                        league=league, name=data["name"], starts_on=data["starts_on"],
                        ends_on=data["ends_on"], mode=data["mode"],
                        match_day_interval=data["match_day_interval"],
                        best_results=data["best_results"])
                    return redirect(season)
        except services.LeagueError as error:
            form = settings_form if action == "settings" else season_form
            form.add_error(None, str(error))
    tiebreaks = selectors.league_tiebreaks(league)
    return render(request, "league/league_detail.html", {
        "league": league, "game": get_engine(league.game),
        "rules_text": rules_text(league.game, league.rules),
        "open_seasons": league.seasons.filter(status=Season.Status.OPEN),
        "closed_seasons": selectors.league_archive(league=league)[:ARCHIVE_SHOWN],
        "tiebreak_legend": selectors.tiebreak_legend(tiebreaks),
        "is_organizer": is_organizer, "settings_form": settings_form,
        "season_form": season_form,
    })


#: The league page links its latest closed seasons; the archive shows them a few at a time.
ARCHIVE_SHOWN = 10
ARCHIVE_PER_PAGE = 5


def league_archive(request: HttpRequest, slug: str) -> HttpResponse:
    league = get_object_or_404(League, slug=slug)
    page = list_page(request, selectors.league_archive(league=league),
                     per_page=ARCHIVE_PER_PAGE)
    seasons = [{"season": season, "tables": _tables(selectors.season_tables(season=season))}
               for season in page.object_list]
    return render(request, "league/league_archive.html",
                  {"league": league, "seasons": seasons, "page_obj": page,
                   "table_game": get_engine(league.game).max_seats > 2})


@login_required
def league_create(request: HttpRequest) -> HttpResponse:
    form = LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        league = services.league_create(name=data["name"], game=data["game"],
                                        rules=data["rules"], organizer=request.user,
                                        reporting=data["reporting"] or DEFAULT_REPORTING)
        season = services.season_create(league=league, name=data["season"],
                                        members=list(data["members"]))
        messages.success(request, _("League %(name)s created.") % {"name": league.name})
        return redirect(season)
    return render(request, "league/league_form.html", {"form": form})


def _tables(tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The tables with their legend, for ``league/_standings.html``."""
    return [{**table, "legend": selectors.tiebreak_legend(table["tiebreaks"])}
            for table in tables]


#: The fixtures are shown this many match days to a page.
MATCH_DAYS_PER_PAGE = 5

CLOSE_CONSEQUENCE = gettext_lazy(
    "Close: the standings as they are now become the final standings and the season takes no "
    "more results. This cannot be undone.")

ORGANIZER_ACTIONS = {"add-member", "settings", "add-division", "draw-fixtures", "close",
                     "open-next"}


def season_detail(request: HttpRequest, league: str, season: str) -> HttpResponse:
    season_obj = get_object_or_404(Season.objects.select_related("league"),
                                   league__slug=league, slug=season)
    engine = get_engine(season_obj.league.game)
    is_organizer = season_obj.is_organizer(request.user)
    members = season_obj.members.all()
    is_member = request.user.is_authenticated and members.filter(user=request.user).exists()
    seats = {"min_seats": engine.min_seats, "max_seats": engine.max_seats}
    forms: dict[str, Any] = {
        "match_form": SeasonMatchForm(members=members, **seats),
        "member_form": SeasonMemberForm(season=season_obj),
        "settings_form": SeasonSettingsForm(initial={
            "mode": season_obj.mode, "starts_on": season_obj.starts_on,
            "ends_on": season_obj.ends_on, "match_day_interval": season_obj.match_day_interval,
            "best_results": season_obj.best_results}),
        "division_form": DivisionForm(),
        "fixtures_form": FixturesForm(),
        "close_form": SeasonCloseForm(),
        "next_form": NextSeasonForm(),
    }
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{reverse('login')}?next={request.path}")
        action = request.POST.get("action", "record")
        if action in ORGANIZER_ACTIONS and not is_organizer:
            return HttpResponseForbidden(_("Only the league's organizers may change the "
                                           "season."))
        response = _season_action(request, season_obj, action, forms, is_organizer, seats)
        if response is not None:
            return response
    # A season lists either its fixtures (match days, a page of them at a time, the first
    # still being played unless another page is asked for) or the matches of open play (the
    # newest first): one ``page`` for whichever it has.
    days = selectors.season_match_days(season=season_obj)
    page_number = request.GET.get("page")
    if days:
        open_day = selectors.first_open_match_day(season=season_obj)
        if page_number is None and open_day is not None:
            page_number = str(days.index(open_day) // MATCH_DAYS_PER_PAGE + 1)
        page = Paginator(days, MATCH_DAYS_PER_PAGE).get_page(page_number)
        fixtures = selectors.season_fixtures(season=season_obj, match_days=page.object_list)
        matches: Any = []
    else:
        # Not through ``season_obj.matches``: a related manager sets each row's season, and
        # reads its season_id, which the lean rows leave out (a query a row).
        page = list_page(request, match_rows_drawn(
            Match.objects.filter(season=season_obj, match_day__isnull=True).order_by("-pk")))
        fixtures, matches = [], page.object_list
    for key, form in forms.items():  # several forms on one page: ids of their own
        form.auto_id = f"{key.removesuffix('_form')}-%s"
    context = {
        "rules_text": rules_text(season_obj.league.game, season_obj.league.rules),
        "table_game": engine.max_seats > 2,
        "season": season_obj, "league": season_obj.league, "game": engine,
        "tables": _tables(selectors.season_tables_shown(season=season_obj)),
        "fixtures": fixtures, "page_obj": page,
        "matches": matches,
        "divisions": season_obj.divisions.all(),
        "show_promotion_rule": season_obj.status == Season.Status.OPEN
        and season_obj.divisions.exists()
        and bool(season_obj.league.promote or season_obj.league.relegate),
        "next_season": Season.objects.filter(previous=season_obj).first(),
        "is_organizer": is_organizer,
        "may_record": (is_organizer or is_member)
        and season_obj.mode == Season.Mode.OPEN_PLAY,
        **forms,
    }
    return render(request, "league/season_detail.html", context)


def _season_action(request: HttpRequest, season: Season, action: str, forms: dict[str, Any],
                   is_organizer: bool, seats: dict[str, int]) -> HttpResponse | None:
    """Carry out one form of the season page; a response when done, ``None`` to show the
    page again with the form's errors."""
    post, name = request.POST, None
    try:
        if action == "add-member":
            name, form = "member_form", SeasonMemberForm(post, season=season)
            if form.is_valid():
                services.season_member_add(season=season, player=form.cleaned_data["player"],
                                           division=form.cleaned_data.get("division"))
                return redirect(season)
        elif action == "settings":
            name, form = "settings_form", SeasonSettingsForm(post)
            if form.is_valid():
                services.season_configure(season=season, **form.cleaned_data)
                messages.success(request, _("Settings saved."))
                return redirect(season)
        elif action == "add-division":
            name, form = "division_form", DivisionForm(post)
            if form.is_valid():
                services.division_create(season=season, name=form.cleaned_data["name"],
                                         level=form.cleaned_data["level"])
                return redirect(season)
        elif action == "draw-fixtures":
            name, form = "fixtures_form", FixturesForm(post)
            if form.is_valid():
                asked = unconfirmed(
                    request, title=_("Draw the fixtures"), back=season.get_absolute_url(),
                    consequence=_("Draw: the match days are fixed for the members as they are "
                                  "now; they are drawn once."), yes=_("Yes, draw"))
                if asked is not None:
                    return asked
                matches = services.season_fixtures_draw(season=season,
                                                        double=form.cleaned_data["double"])
                messages.success(request, _("%(count)s matches scheduled.")
                                 % {"count": len(matches)})
                return redirect(season)
        elif action == "close":
            name, form = "close_form", SeasonCloseForm(post)
            if form.is_valid():
                asked = unconfirmed(
                    request, title=_("Close the season"), back=season.get_absolute_url(),
                    danger=True, consequence=CLOSE_CONSEQUENCE, yes=_("Yes, close the season"))
                if asked is not None:
                    return asked
                nxt = services.season_close(season=season,
                                            next_name=form.cleaned_data["next_name"],
                                            next_starts_on=form.cleaned_data["next_starts_on"])
                messages.success(request, _("The season is closed."))
                return redirect(nxt or season)
        elif action == "open-next":
            name, form = "next_form", NextSeasonForm(post)
            if form.is_valid():
                nxt = services.season_open_next(season=season, name=form.cleaned_data["name"],
                                                starts_on=form.cleaned_data["starts_on"])
                return redirect(nxt)
        elif action == "record":
            members = season.members.all()
            name, form = "match_form", SeasonMatchForm(post, request.FILES, members=members,
                                                       **seats)
            if form.is_valid():
                players = form.cleaned_data["players"]
                if not is_organizer and not any(p.user_id == request.user.pk for p in players):
                    return HttpResponseForbidden(_("Only organizers and the match's players "
                                                   "may record it."))
                log = services.season_match_record(
                    season=season, players=players, text=form.cleaned_data["log_text"],
                    submitted_by=request.user, source=MatchLog.Source.WEB,
                    played_on=form.cleaned_data.get("played_on"))
                return redirect(log.match)
        else:
            raise Http404
    except services.LeagueError as error:
        form.add_error(None, str(error))
    if name is not None:
        forms[name] = form
    return None
