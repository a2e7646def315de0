"""Pages of double elimination, groups and playoffs, forfeits and disqualification."""

from django.urls import path

from tournaments import elimination_views as views

urlpatterns = [
    path("<slug:slug>/forfeits/", views.forfeits_page, name="tournament-forfeits"),
    path("<slug:slug>/matches/<int:match>/forfeit/", views.match_forfeit,
         name="tournament-match-forfeit"),
    path("<slug:slug>/matches/<int:match>/double-forfeit/", views.match_double_forfeit,
         name="tournament-match-double-forfeit"),
    path("<slug:slug>/matches/<int:match>/forfeit/cancel/", views.match_forfeit_cancel,
         name="tournament-match-forfeit-cancel"),
    path("<slug:slug>/disqualify/", views.entry_disqualify, name="tournament-disqualify"),
    path("<slug:slug>/reinstate/", views.entry_reinstate, name="tournament-reinstate"),
    path("<slug:slug>/playoffs/draw/", views.playoffs_draw_view,
         name="tournament-playoffs-draw"),
]
