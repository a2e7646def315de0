"""``manage.py replay FILE [--json]``: exit 0 and the outcome, or exit 1 and the error."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.documents import as_text, first_wins

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "manage.py", "replay", *args], cwd=ROOT,
                          capture_output=True, text=True, input=stdin, timeout=120)


@pytest.fixture
def valid_file(tmp_path):
    path = tmp_path / "partie.json"
    path.write_text(as_text(first_wins("Anna", "Bert")))
    return path


@pytest.fixture
def invalid_file(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text(json.dumps({
        "format": "stammtisch-log/1", "game": "gin", "players": ["Anna", "Bert"],
        "rules": {"preset": "seed", "rounds": 1}, "seed": 7,
        "deals": [{"dealer": "Anna", "moves": ["pass", "pass", "discard QH"]}]}))
    return path


class TestReplayCommand:
    def test_a_valid_log(self, valid_file):
        result = run(str(valid_file))
        assert result.returncode == 0, result.stderr
        assert result.stdout.splitlines() == [
            "valid gin log: 3 hands", "  1. Anna: 145", "  2. Bert: 0", "winner: Anna"]

    def test_a_valid_log_as_json(self, valid_file):
        result = run(str(valid_file), "--json")
        assert result.returncode == 0
        output = json.loads(result.stdout)
        assert output["valid"] is True
        assert output["result"]["seats"] == [{"player": "Anna", "score": 145, "rank": 1},
                                             {"player": "Bert", "score": 0, "rank": 2}]

    def test_an_invalid_log(self, invalid_file):
        result = run(str(invalid_file))
        assert result.returncode == 1
        assert result.stderr.strip() == ("invalid: deal 1, move 3: Bert must draw before "
                                         "discarding")

    def test_an_invalid_log_as_json(self, invalid_file):
        result = run(str(invalid_file), "--json")
        assert result.returncode == 1
        assert json.loads(result.stdout)["error"] == {
            "kind": "illegal_move", "code": "gin_draw_before_discard", "params": {"player": "Bert"},
            "message": "deal 1, move 3: Bert must draw before discarding",
            "reason": "Bert must draw before discarding", "deal": 1, "move": 3,
            "field": "deals[0].moves[2]", "notation": "discard QH"}

    def test_standard_input(self):
        result = run("-", stdin=as_text(first_wins("Cora", "Dieter")))
        assert (result.returncode, result.stdout.splitlines()[-1]) == (0, "winner: Cora")

    def test_a_missing_file(self, tmp_path):
        result = run(str(tmp_path / "nope.json"))
        assert result.returncode == 1
        assert "cannot read" in result.stderr


@pytest.mark.django_db
class TestSubmitToAMatch:
    def test_submits_and_scores(self, valid_file, players, run_on_commit, capsys):
        from games.services import match_create

        match = match_create(game="gin", players=[players["Anna"], players["Bert"]],
                             rules={"preset": "seed", "rounds": 1})
        with run_on_commit():
            call_command("replay", str(valid_file), "--match", str(match.pk))
        match.refresh_from_db()
        assert (match.status, match.current_log.source) == ("scored", "cli")
