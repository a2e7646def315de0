"""The code stays ruff-clean, and the imports keep to the architecture's contracts (both
configured in pyproject.toml; docs/architecture.md explains them)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_finds_nothing():
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "--output-format",
                             "concise", "."], cwd=ROOT, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_import_contracts_hold():
    result = subprocess.run([str(Path(sys.executable).parent / "lint-imports"), "--no-logo",
                             "--no-cache"], cwd=ROOT, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 6 kept, 0 broken." in result.stdout


@pytest.mark.parametrize(("probe", "line", "broken"), [
    ("games/services/probe.py", "from tournaments.models import Tournament",
     "games is not allowed to import tournaments"),
    ("tournaments/pairing/probe.py", "from django.db import models",
     "tournaments.pairing is not allowed to import django"),
    ("league/ranking/probe.py", "from league.models import Rating",
     "league.ranking is not allowed to import league.models"),
    ("league/statistics/probe.py", "from django.db import models",
     "league.statistics is not allowed to import django"),
    ("league/services/probe.py", "from tournaments.selectors import tournament_standings",
     "league.services is not allowed to import tournaments.selectors"),
    ("tournaments/selectors/probe.py", "from tournaments.web import panels",
     "tournaments.selectors is not allowed to import tournaments.web"),
    ("league/selectors/probe.py", "from league.services import leagues",
     "league.selectors is not allowed to import league.services"),
])
def test_a_forbidden_import_breaks_the_contracts(tmp_path, probe, line, broken):
    """A copy of the apps with one forbidden import added: lint-imports names it."""
    for app in ("games", "league", "tournaments"):
        shutil.copytree(ROOT / app, tmp_path / app,
                        ignore=shutil.ignore_patterns("__pycache__", "templates"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / probe).write_text(f"{line}\n", encoding="utf-8")
    result = subprocess.run([str(Path(sys.executable).parent / "lint-imports"), "--no-logo",
                             "--no-cache"], cwd=tmp_path, capture_output=True, text=True,
                            timeout=120, env={**os.environ, "PYTHONPATH": str(tmp_path)})
    assert result.returncode == 1, result.stdout + result.stderr
    assert broken in result.stdout
    assert f"{probe[:-3].replace('/', '.')} -> " in result.stdout
