"""A championship in one JSON file, written atomically (a temporary file, then a rename).

A killed program leaves either the old file or the new one, never half of one.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "belgijka.json")
>>> ch = Championship(seed="doc")
>>> _ = ch.register("Ala")
>>> save(ch, path)
>>> load(path).players[1].name
'Ala'
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from plansza.duplicate.game import Championship
from plansza.errors import N_, FormatError
from plansza.files import write_atomic

DEFAULT_FILE = "belgijka.json"


def dumps(ch: Championship) -> str:
    """The championship as JSON text (stable: the same state gives the same bytes)."""
    return json.dumps(ch.to_dict(), ensure_ascii=False, indent=1) + "\n"


def save(ch: Championship, path: str | os.PathLike[str]) -> None:
    """Write the championship to ``path`` atomically."""
    write_atomic(path, dumps(ch))


def load(path: str | os.PathLike[str]) -> Championship:
    """Read a championship file; :class:`FormatError` names the file and the problem."""
    text = Path(path).read_text(encoding="utf-8")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise FormatError(
            N_("not JSON: {why}"), line=e.lineno, source=str(path), why=e.msg
        ) from e
    if not isinstance(data, dict):
        raise FormatError(N_("not a plansza Belgijka file"), source=str(path))
    try:
        return Championship.from_dict(data)
    except (KeyError, TypeError, ValueError) as e:
        raise FormatError(
            N_("not a plansza Belgijka file ({why})"), source=str(path), why=str(e)
        ) from e
