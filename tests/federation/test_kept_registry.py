"""The kept registry file (``data/pfs.federacja.sqlite``, made by ``kept_registry.py``
with an older version) replays to the registry, licences and candidates it gave."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from plansza.services.federation import Federation, open_registry

from .kept_registry import EXPECTED, FILE, Clock, derived


def test_the_kept_registry_replays_as_it_did(tmp_path: Path) -> None:
    path = tmp_path / FILE.name
    shutil.copy(FILE, path)
    expected = json.loads(EXPECTED.read_text(encoding="utf-8"))
    fed = Federation(open_registry(str(path)), Clock())
    try:
        got = json.loads(json.dumps(derived(fed), ensure_ascii=False))
    finally:
        fed.close()
    for key in expected:
        assert got[key] == expected[key], key
    assert got.keys() == expected.keys()
