"""Pages of the registration: entries, the waiting list, check-in, seeds, withdrawals."""

from django.urls import path

from tournaments import registration_views as views

urlpatterns = [
    path("<slug:slug>/entries/", views.entries_page, name="tournament-entries"),
    # The same address takes the entry form (POST); the name is the form's target.
    path("<slug:slug>/entries/", views.entries_page, name="tournament-entry-add"),
    path("<slug:slug>/entries/<int:player>/withdraw/", views.entry_withdraw,
         name="tournament-entry-withdraw"),
    path("<slug:slug>/entries/<int:player>/check-in/", views.entry_check_in,
         name="tournament-entry-check-in"),
    path("<slug:slug>/entries/<int:player>/check-in/undo/", views.entry_check_in_undo,
         name="tournament-entry-check-in-undo"),
    path("<slug:slug>/entries/<int:player>/seed/", views.entry_seed,
         name="tournament-entry-seed"),
]
