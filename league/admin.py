from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from league.models import Division, League, Rating, RatingChange, RatingDue, Season
from league.services.rating_queue import match_rating_requeue
from league.services.ratings import game_ratings_recompute


class SeasonInline(admin.TabularInline):
    model = Season
    fields = ["name", "slug", "status", "mode", "starts_on", "ends_on"]
    prepopulated_fields = {"slug": ["name"]}
    extra = 0


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "season_count", "promote", "relegate", "created_at"]
    list_filter = ["game"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["organizers"]
    inlines = [SeasonInline]

    @admin.display(description=_("seasons"))
    def season_count(self, league: League) -> int:
        return league.seasons.count()


class DivisionInline(admin.TabularInline):
    model = Division
    fields = ["level", "name", "members"]
    filter_horizontal = ["members"]
    extra = 0


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "league", "status", "mode", "starts_on", "ends_on", "member_count"]
    list_filter = ["status", "mode", "league__game", "league"]
    search_fields = ["name", "league__name"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["members"]
    readonly_fields = ["closed_at", "previous"]
    inlines = [DivisionInline]

    @admin.display(description=_("members"))
    def member_count(self, season: Season) -> int:
        return season.members.count()


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    """Ratings are made by the rating task from the scored matches; here they are read, and
    a game's can be rebuilt from its matches."""

    list_display = ["player", "game", "system", "rating", "deviation", "matches", "updated_at"]
    list_filter = ["game", "system"]
    search_fields = ["player__name"]
    readonly_fields = ["player", "game", "system", "rating", "deviation", "volatility", "mu",
                       "matches", "updated_at"]
    actions = ["recompute"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description=_("Rebuild the ratings of these games from their matches"))
    def recompute(self, request: HttpRequest, queryset: QuerySet[Rating]) -> None:
        games = sorted(set(queryset.values_list("game", flat=True)))
        for game in games:
            count = game_ratings_recompute(game=game)
            messages.success(request, _("%(game)s: %(count)s matches rated.")
                             % {"game": game, "count": count})


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    list_display = ["player", "game", "sequence", "match", "rating_before", "rating_after",
                    "played_at"]
    list_filter = ["game"]
    search_fields = ["player__name"]
    readonly_fields = ["player", "game", "match", "key", "sequence", "rating_before",
                       "rating_after", "deviation_after", "volatility_after", "mu_after",
                       "played_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(RatingDue)
class RatingDueAdmin(admin.ModelAdmin):
    """Matches whose ratings are behind their verdict: the rating task has not done them yet
    (the results sweep queues one again once it waits longer than RESULTS_STUCK_AFTER)."""

    list_display = ["match", "due_at"]
    readonly_fields = ["match", "due_at"]
    actions = ["requeue"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description=_("Rate these matches again"))
    def requeue(self, request: HttpRequest, queryset: QuerySet[RatingDue]) -> None:
        queued = sum(match_rating_requeue(match_id=due.match_id) for due in queryset)
        self.message_user(request, _("%(count)s matches were queued to be rated again.")
                          % {"count": queued})


# The admin speaks of Stammtisch, not of Django.
admin.site.site_header = _("Stammtisch administration")
admin.site.site_title = "Stammtisch"
admin.site.index_title = _("Clubs, competitions and results")
