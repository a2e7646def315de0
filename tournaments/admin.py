from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from tournaments.models import Entry, Round, TableSeating, Tournament
from tournaments.services import TournamentError, tournament_start
from tournaments.services.rounds import round_next


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
    actions = ["start", "next_round"]
    fieldsets = [
        (None, {"fields": ["name", "slug", "game", "format", "status", "rules", "description",
                           "starts_on", "organizers"]}),
        (_("Swiss and table rounds"), {"fields": ["rounds_planned", "deals_per_round",
                                                  "table_size", "tiebreaks"]}),
        (_("Duplicate"), {"fields": ["duplicate", "deal_seed"]}),
        (_("Elimination and groups"), {"fields": ["grand_final_reset", "groups",
                                                  "group_format", "playoff_format",
                                                  "qualification"]}),
        (_("Registration"), {"fields": ["entry_cap", "check_in", "seeding"]}),
    ]

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


    @admin.action(description=_("Swiss and table rounds: draw the next round"))
    def next_round(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        for tournament in queryset:
            try:
                rnd = round_next(tournament=tournament)
            except TournamentError as error:
                self.message_user(request, f"{tournament}: {error}", messages.ERROR)
            else:
                self.message_user(request, _("%(name)s: %(round)s is drawn.")
                                  % {"name": tournament, "round": rnd.label})


@admin.register(TableSeating)
class TableSeatingAdmin(admin.ModelAdmin):
    list_display = ["match", "first_dealer", "deals"]
    list_filter = ["match__round__tournament"]
    raw_id_fields = ["match"]


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
