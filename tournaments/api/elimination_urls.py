"""API of double elimination, groups and playoffs, forfeits and disqualification."""

from django.urls import path

from tournaments.api import elimination as views

urlpatterns = [
    path("tournaments/<slug:slug>/matches/<int:match>/forfeit/", views.ForfeitView.as_view(),
         name="api-tournament-forfeit"),
    path("tournaments/<slug:slug>/matches/<int:match>/double-forfeit/",
         views.DoubleForfeitView.as_view(), name="api-tournament-double-forfeit"),
    path("tournaments/<slug:slug>/disqualifications/",
         views.DisqualificationListView.as_view(), name="api-tournament-disqualifications"),
    path("tournaments/<slug:slug>/disqualifications/<int:player>/",
         views.DisqualificationDetailView.as_view(), name="api-tournament-disqualification"),
    path("tournaments/<slug:slug>/groups/", views.GroupsView.as_view(),
         name="api-tournament-groups"),
    path("tournaments/<slug:slug>/playoffs/", views.PlayoffsView.as_view(),
         name="api-tournament-playoffs"),
    path("tournaments/<slug:slug>/placings/", views.PlacingsView.as_view(),
         name="api-tournament-placings"),
    path("tournaments/<slug:slug>/notices/", views.NoticesView.as_view(),
         name="api-tournament-notices"),
]
