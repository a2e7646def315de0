"""A deadlock is retried, never an error for the user (PostgreSQL, where rows are locked)."""

from __future__ import annotations

import threading

import pytest
from django.db import OperationalError, connection, transaction

from games.models import Player
from games.services.conflicts import is_conflict, retry_on_conflict

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_writers_in_a_deadlock_both_succeed():
    if connection.vendor != "postgresql":
        pytest.skip("a real deadlock needs PostgreSQL's row locks")
    first, second = Player.objects.create(name="Anna"), Player.objects.create(name="Bert")
    both_hold_one = threading.Barrier(2, timeout=10)
    attempts: list[str] = []
    errors: list[BaseException] = []

    def writer(name: str, order: list[int]) -> None:
        @retry_on_conflict
        def lock_both() -> None:
            attempts.append(name)
            with transaction.atomic():
                Player.objects.select_for_update().get(pk=order[0])
                if attempts.count(name) == 1:
                    both_hold_one.wait()  # each holds one row and wants the other's
                Player.objects.select_for_update().get(pk=order[1])
                Player.objects.filter(pk=order[0]).update(name=f"{name}-{order[0]}")

        try:
            lock_both()
        except BaseException as error:  # pragma: no cover - shown by the assertion
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=writer, args=("a", [first.pk, second.pk])),
               threading.Thread(target=writer, args=("b", [second.pk, first.pk]))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert errors == []
    # PostgreSQL failed one of them with "deadlock detected"; it ran again and succeeded.
    assert sorted(attempts) in (["a", "a", "b"], ["a", "b", "b"])
    assert set(Player.objects.values_list("name", flat=True)) == {
        f"a-{first.pk}", f"b-{second.pk}"}


def test_only_deadlocks_and_serialization_failures_are_conflicts():
    class Cause(Exception):
        def __init__(self, sqlstate):
            self.sqlstate = sqlstate

    def error(sqlstate):
        try:
            raise OperationalError("x") from Cause(sqlstate)
        except OperationalError as raised:
            return raised

    assert [is_conflict(error(code)) for code in ("40P01", "40001", "08006", None)] == [
        True, True, False, False]
