"""Pages of tournaments (the registration and export pages have their own url modules)."""

from django.urls import path

from tournaments import views

urlpatterns = [
    path("", views.tournament_list, name="tournament-list"),
    path("new/", views.tournament_create, name="tournament-create"),
    path("<slug:slug>/", views.tournament_detail, name="tournament-detail"),
    path("<slug:slug>/start/", views.tournament_start, name="tournament-start"),
]
