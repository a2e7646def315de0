from django.urls import path

from tournaments.api import registration

urlpatterns = [
    path("tournaments/<slug:slug>/entries/", registration.EntryListView.as_view(),
         name="api-tournament-entries"),
    path("tournaments/<slug:slug>/entries/<int:player>/", registration.EntryDetailView.as_view(),
         name="api-tournament-entry"),
]
