from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from tournaments.models import Entry, Round, Tournament
from tournaments.services import TournamentError, tournament_start


class EntryInline(admin.TabularInline):
    model = Entry
    fields = ["player", "seed"]
    autocomplete_fields = ["player"]
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "format", "status", "starts_on", "entry_count"]
    list_filter = ["status", "game", "format"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["organizers"]
    inlines = [EntryInline]
    actions = ["start"]

    @admin.display(description=_("entries"))
    def entry_count(self, tournament: Tournament) -> int:
        return tournament.entries.count()

    @admin.action(description=_("Start: close the entries and draw the rounds"))
    def start(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        for tournament in queryset:
            try:
                tournament_start(tournament=tournament)
            except TournamentError as error:
                self.message_user(request, f"{tournament}: {error}", messages.ERROR)
            else:
                self.message_user(request, _("%(name)s started.") % {"name": tournament})


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["player", "tournament", "seed", "created_at"]
    list_filter = ["tournament"]
    search_fields = ["player__name", "tournament__name"]
    autocomplete_fields = ["player"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["__str__", "tournament", "number", "players_left"]
    list_filter = ["tournament"]
    search_fields = ["tournament__name", "name"]
