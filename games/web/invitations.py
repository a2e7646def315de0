"""Invitation links: an organizer makes one for a player without a login; whoever opens it
makes a login tied to that player (or ties the login he is signed in with)."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.models import Invitation, Player
from games.selectors.competitions import organizes_anything
from games.services.accounts import (
    AccountError,
    invitation_accept,
    invitation_create,
    invitation_problem,
)
from games.services.notifications import site_url


class InvitationForm(forms.Form):
    email = forms.EmailField(label=gettext_lazy("Send the link to (optional)"),
                             required=False)


class AccountForm(forms.Form):
    username = forms.CharField(label=gettext_lazy("User name"), max_length=150)
    email = forms.EmailField(label=gettext_lazy("Email (for results to confirm)"),
                             required=False)
    password = forms.CharField(label=gettext_lazy("Password"), widget=forms.PasswordInput,
                               min_length=8)
    password_again = forms.CharField(label=gettext_lazy("Password again"),
                                     widget=forms.PasswordInput)

    def clean(self) -> dict[str, str]:
        cleaned = super().clean() or {}
        if cleaned.get("password") and cleaned.get("password") != cleaned.get(
                "password_again"):
            self.add_error("password_again", _("The two passwords differ."))
        return cleaned


def invitation_new(request: HttpRequest, pk: int) -> HttpResponse:
    """An organizer makes a link for the player (and mails it when he gives an address)."""
    player = get_object_or_404(Player, pk=pk)
    if not organizes_anything(request.user):
        return HttpResponseForbidden(_("Only organizers invite players."))
    invitation = None
    form = InvitationForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            invitation = invitation_create(player=player, created_by=request.user,
                                           email=form.cleaned_data["email"])
        except AccountError as error:
            messages.error(request, str(error))
        else:
            if invitation.email:
                messages.success(request, _("The link is mailed to %(email)s.")
                                 % {"email": invitation.email})
    return render(request, "games/invitations/new.html", {
        "player": player, "form": form, "invitation": invitation,
        "link": site_url(invitation.get_absolute_url()) if invitation else None,
        "link_here": request.build_absolute_uri(invitation.get_absolute_url())
        if invitation else None,
        "days": settings.INVITATION_DAYS,
    })


def invitation_accept_page(request: HttpRequest, token: str) -> HttpResponse:
    invitation = get_object_or_404(Invitation.objects.select_related("player"), token=token)
    problem = invitation_problem(invitation)
    signed_in = request.user.is_authenticated
    form = AccountForm(request.POST or None) if not signed_in else None
    if request.method == "POST" and problem is None:
        try:
            if signed_in:
                user = invitation_accept(invitation=invitation, user=request.user)
            elif form is not None and form.is_valid():
                user = invitation_accept(
                    invitation=invitation, username=form.cleaned_data["username"],
                    password=form.cleaned_data["password"], email=form.cleaned_data["email"])
                login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            else:
                user = None
        except AccountError as error:
            if form is not None and error.field in form.fields:
                form.add_error(error.field, str(error))
            else:
                messages.error(request, str(error))
        else:
            if user is not None:
                messages.success(request, _("Welcome, %(player)s: you can now enter and "
                                            "confirm your results.")
                                 % {"player": invitation.player})
                return redirect(invitation.player)
    return render(request, "games/invitations/accept.html", {
        "invitation": invitation, "problem": problem, "form": form,
        "player": invitation.player}, status=410 if problem else 200)
