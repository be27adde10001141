"""Kept tournament files (``data/logs``, made by ``kept_logs.py`` with an older version)
replay to the state, standings and exports they gave when they were written."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from plansza.tournament.storage import TournamentFile

from .kept_logs import HERE, NAMES, derived


@pytest.mark.parametrize("name", NAMES)
def test_a_kept_file_replays_as_it_did(name: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.turniej.sqlite"
    shutil.copy(HERE / f"{name}.turniej.sqlite", path)
    expected = json.loads((HERE / f"{name}.expected.json").read_text(encoding="utf-8"))
    f = TournamentFile.open(str(path))
    try:
        events = f.events()
        got = json.loads(json.dumps(derived(f.state(), events), ensure_ascii=False))
    finally:
        f.close()
    for key in expected:
        assert got[key] == expected[key], key
    assert got.keys() == expected.keys()
