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
from typing import Any

from plansza import records
from plansza.duplicate.game import FORMAT, VERSION, Championship
from plansza.errors import N_, FormatError
from plansza.files import write_atomic
from plansza.records import RecordError, dump

DEFAULT_FILE = "belgijka.json"


def dumps(ch: Championship) -> str:
    """The championship as JSON text (stable: the same state gives the same bytes)."""
    data = {"format": FORMAT, "version": VERSION, **dump(ch)}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def save(ch: Championship, path: str | os.PathLike[str]) -> None:
    """Write the championship to ``path`` atomically."""
    write_atomic(path, dumps(ch))


def load(path: str | os.PathLike[str]) -> Championship:
    """Read a championship file; :class:`FormatError` names the file and the problem.

    Files of version 1 (written before the records of :mod:`plansza.records`) are
    read too and written as version 2 by the next :func:`save`.
    """
    text = Path(path).read_text(encoding="utf-8")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise FormatError(N_("not JSON: {why}"), line=e.lineno, source=str(path), why=e.msg) from e
    if not isinstance(data, dict) or data.pop("format", None) != FORMAT:
        raise FormatError(N_("not a plansza Belgijka file"), source=str(path))
    version = data.pop("version", None)
    if version == 1:
        data = from_version_1(data)
    elif version != VERSION:
        raise FormatError(
            N_("a Belgijka file of version {version}: this program reads 1 and {known}"),
            source=str(path),
            version=version,
            known=VERSION,
        )
    try:
        return records.load(Championship, data, source=str(path))
    except RecordError:
        raise
    except (KeyError, TypeError, ValueError) as e:  # a value the records accept, the game not
        raise FormatError(
            N_("not a plansza Belgijka file ({why})"), source=str(path), why=str(e)
        ) from e


def from_version_1(data: dict[str, Any]) -> dict[str, Any]:
    """A version-1 championship's data in the shape of version 2.

    Version 1 listed the players, flattened a card into its entry, named a choice's
    candidate ``move``, wrote the bag as one string, the rules as ``rules`` and some
    derived values (a rack beside its draw) that version 2 leaves out.
    """
    data = dict(data)
    data["ruleset"] = data.pop("rules", "pfs")
    data["players"] = {str(p["number"]): p for p in data.get("players", [])}
    for game in data.get("games", []):
        game["bag"] = list(game.get("bag", ""))
        for move in game.get("moves", []):
            move.pop("rack", None)
            for attempt in move["draw"]["attempts"]:
                attempt.pop("rack", None)
            move["cards"] = [
                {
                    "player": c["player"],
                    "card": {"text": c["text"], "score": c["score"], "blanks": c["blanks"]},
                    "verdict": c["verdict"],
                }
                for c in move.get("cards", [])
            ]
            if move.get("choice"):
                move["choice"]["candidate"] = move["choice"].pop("move")
    return data
