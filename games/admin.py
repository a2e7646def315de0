"""Admin of matches and logs. Logs are shown as submitted and never edited here: a new
version is added through the match (the replay task scores it like any other)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from games.models import (
    HandOutcome,
    Invitation,
    Match,
    MatchLog,
    Player,
    ReportAnswer,
    ResultReport,
    Seat,
)
from games.selectors.errors import error_message
from games.services import LogRefused, MatchNotReady, match_log_requeue, match_log_submit
from games.services.results import LogTooLarge, log_check_size, log_max_bytes
from games.services.verdicts import match_verdict_requeue


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "user", "created_at"]
    search_fields = ["name", "user__username"]
    autocomplete_fields = ["user"]


class SeatInline(admin.TabularInline):
    model = Seat
    fields = ["index", "player", "score", "rank"]
    readonly_fields = ["score", "rank"]
    autocomplete_fields = ["player"]
    extra = 0


class LogInline(admin.TabularInline):
    model = MatchLog
    fk_name = "match"
    fields = ["version", "status", "source", "submitted_by", "submitted_at", "error_message"]
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description=_("error"))
    def error_message(self, log: MatchLog) -> str:
        return error_message(log.error)


class MatchAdminForm(forms.ModelForm):
    new_log = forms.CharField(
        label=_("Submit a log"), required=False,
        widget=forms.Textarea(attrs={"rows": 8, "class": "vLargeTextField"}),
        help_text=_("Paste a move log or score sheet (stammtisch-log/1). It becomes the "
                    "match's newest version and is replayed and scored."))
    log_file = forms.FileField(label=_("…or upload it"), required=False)

    class Meta:
        model = Match
        fields = ["game", "rules", "season", "round", "position", "next_match", "next_slot",
                  "played_on"]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        upload = cleaned.get("log_file")
        try:
            if upload and upload.size > log_max_bytes():
                raise LogTooLarge(upload.size, log_max_bytes())  # refused before it is read
            if upload:
                cleaned["new_log"] = upload.read().decode("utf-8")
            log_check_size(cleaned.get("new_log") or "")
        except UnicodeDecodeError:
            self.add_error("log_file", _("The log must be UTF-8 text."))
        except LogRefused as error:
            self.add_error("log_file" if upload else "new_log", str(error))
        return cleaned


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    form = MatchAdminForm
    list_display = ["pk", "game", "players", "status", "competition_name", "updated_at"]
    list_filter = ["status", "game", "round__tournament", "season"]
    search_fields = ["seats__player__name", "pk"]
    readonly_fields = ["status", "current_log"]
    raw_id_fields = ["next_match", "round", "season"]
    inlines = [SeatInline, LogInline]
    actions = ["announce_again"]

    @admin.action(description=_("Announce the verdict again (bracket, tournament end, "
                                "ratings)"))
    def announce_again(self, request: HttpRequest, queryset: QuerySet[Match]) -> None:
        queued = sum(match_verdict_requeue(match=match) for match in queryset)
        self.message_user(request, _("%(count)s announcements were queued again.")
                          % {"count": queued})

    def get_queryset(self, request: HttpRequest) -> QuerySet[Match]:
        return super().get_queryset(request).prefetch_related("seats__player").select_related(
            "season__league", "round__tournament")

    @admin.display(description=_("players"))
    def players(self, match: Match) -> str:
        return " – ".join(str(seat.player or "?") for seat in match.seats.all())

    @admin.display(description=_("competition"))
    def competition_name(self, match: Match) -> str:
        return str(match.competition or _("friendly"))

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        text = form.cleaned_data.get("new_log")
        if text and text.strip():
            try:
                log = match_log_submit(match=form.instance, text=text, submitted_by=request.user,
                                       source=MatchLog.Source.ADMIN)
            except MatchNotReady as error:
                self.message_user(request, str(error), messages.ERROR)
            else:
                self.message_user(request, _("Log version %(version)s stored.")
                                  % {"version": log.version})


class HandInline(admin.TabularInline):
    model = HandOutcome
    fields = ["number", "source", "points", "facts"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(MatchLog)
class MatchLogAdmin(admin.ModelAdmin):
    list_display = ["__str__", "status", "source", "submitted_by", "submitted_at",
                    "error_where"]
    list_filter = ["status", "source", "match__game"]
    search_fields = ["match__pk", "sha256", "submitted_by__username"]
    readonly_fields = ["match", "version", "text_pre", "sha256", "source", "submitted_by",
                       "submitted_at", "supersedes", "status", "error", "outcome",
                       "processed_at"]
    exclude = ["text"]
    inlines = [HandInline]
    actions = ["score_again"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # a log is added through its match, never on its own

    @admin.display(description=_("log as submitted"))
    def text_pre(self, log: MatchLog) -> str:
        return format_html('<pre style="white-space: pre-wrap; max-height: 30em; '
                           'overflow: auto">{}</pre>', log.text)

    @admin.display(description=_("where"))
    def error_where(self, log: MatchLog) -> str:
        return error_message(log.error)

    @admin.action(description=_("Score again: logs still waiting, or failed on our side"))
    def score_again(self, request: HttpRequest, queryset: QuerySet[MatchLog]) -> None:
        queued = sum(match_log_requeue(log=log) for log in queryset)
        self.message_user(request, _("%(count)s logs were queued again; a log with its "
                                     "verdict keeps it.") % {"count": queued})


class ReportAnswerInline(admin.TabularInline):
    model = ReportAnswer
    fields = ["player", "user", "agrees", "reason", "created_at"]
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(ResultReport)
class ResultReportAdmin(admin.ModelAdmin):
    """Results players entered; decided on the match page (read-only here, like logs)."""

    list_display = ["match", "player", "status", "created_at", "decided_by"]
    list_filter = ["status"]
    search_fields = ["player__name", "match__pk"]
    readonly_fields = ["match", "text", "sha256", "reported_by", "player", "source", "status",
                       "outcome", "log", "decided_by", "decided_at", "created_at"]
    inlines = [ReportAnswerInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ["player", "email", "created_by", "created_at", "expires_at", "accepted_at"]
    search_fields = ["player__name", "email"]
    readonly_fields = ["player", "token", "email", "created_by", "created_at", "expires_at",
                       "accepted_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # invitations are made on the player's page
