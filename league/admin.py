from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from league.models import League, Player, Season


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "user", "created_at"]
    search_fields = ["name", "user__username"]
    autocomplete_fields = ["user"]


class SeasonInline(admin.TabularInline):
    model = Season
    fields = ["name", "slug", "status", "starts_on", "ends_on"]
    prepopulated_fields = {"slug": ["name"]}
    extra = 0


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "season_count", "created_at"]
    list_filter = ["game"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["organizers"]
    inlines = [SeasonInline]

    @admin.display(description=_("seasons"))
    def season_count(self, league: League) -> int:
        return league.seasons.count()


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "league", "status", "starts_on", "ends_on", "member_count"]
    list_filter = ["status", "league__game", "league"]
    search_fields = ["name", "league__name"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["members"]

    @admin.display(description=_("members"))
    def member_count(self, season: Season) -> int:
        return season.members.count()
