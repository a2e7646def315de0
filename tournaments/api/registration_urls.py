"""API of the registration."""

from django.urls import path

from tournaments.api import registration

urlpatterns = [
    path("tournaments/<slug:slug>/registration/", registration.RegistrationView.as_view(),
         name="api-tournament-registration"),
    path("tournaments/<slug:slug>/entries/", registration.EntryListView.as_view(),
         name="api-tournament-entries"),
    path("tournaments/<slug:slug>/entries/<int:player>/", registration.EntryDetailView.as_view(),
         name="api-tournament-entry"),
    path("tournaments/<slug:slug>/entries/<int:player>/check-in/",
         registration.CheckInView.as_view(), name="api-tournament-entry-check-in"),
]
