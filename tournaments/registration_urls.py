"""Pages of the registration: entries, withdrawals."""

from django.urls import path

from tournaments import registration_views as views

urlpatterns = [
    path("<slug:slug>/entries/", views.entry_add, name="tournament-entry-add"),
    path("<slug:slug>/entries/<int:player>/withdraw/", views.entry_withdraw,
         name="tournament-entry-withdraw"),
]
