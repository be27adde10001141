"""A Belgijka championship in its file: created, opened, changed by the referee and
saved; the word list it is played with.

A championship (``plansza.duplicate.Championship``: players, games, racks, cards,
the top moves, penalties) lives in one JSON file. Every change the referee makes is
done on the file as a whole: :func:`championship` opens it, lets the change happen
and writes it back atomically only if the change went through — a refused action
leaves the file as it was. :func:`create` makes a new one, its word list loaded
first. Prints nothing, reads no language.

>>> declared_score("24"), declared_score("-"), penalty_kind("upomnienie")
(24, None, 'warning')
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from plansza.errors import N_, FormatError
from plansza.files import excerpt
from plansza.services.tournament import ArgumentError

if TYPE_CHECKING:
    from plansza.duplicate import Championship
    from plansza.lexicon import Lexicon

#: The words for the three penalties of the rules (KARY 1–3), Polish and English.
PENALTY_WORDS: dict[str, str] = {
    "warning": "warning",
    "upomnienie": "warning",
    "move": "exclude_move",
    "ruch": "exclude_move",
    "game": "exclude_game",
    "partia": "exclude_game",
}


def penalty_kind(word: str) -> str:
    """The penalty a referee's word names (unknown words are left for the rules to refuse)."""
    return PENALTY_WORDS.get(word.strip().lower(), word)


def declared_score(text: str) -> int | None:
    """The score written on a move card: a whole number from 0, or none (``-``)."""
    t = text.strip()
    if t in ("-", "brak", "none", ""):
        return None
    if not (t.isascii() and t.isdecimal()) or len(t) > 5:
        raise ArgumentError(
            N_("'{text}' is not a score (a whole number from 0, or - when none is written)"),
            code="score",
            text=excerpt(text),
        )
    return int(t)


def load(path: str | os.PathLike[str]) -> Championship:
    """The championship in ``path`` (a missing file says how to create one)."""
    from plansza.duplicate.storage import load as read

    if not Path(path).is_file():
        raise FormatError(
            N_("no file {path}: create it with 'plansza duplicate new'"),
            code="no_file",
            path=str(path),
        )
    return read(path)


def save(ch: Championship, path: str | os.PathLike[str]) -> None:
    """Write the championship to ``path`` atomically (an error names ``path``)."""
    from plansza.duplicate.storage import save as write
    from plansza.files import writing

    with writing(str(path)):
        write(ch, path)


@contextmanager
def championship(path: str | os.PathLike[str]) -> Iterator[Championship]:
    """The championship in ``path``, saved when the block ends without an error."""
    ch = load(path)
    yield ch
    save(ch, path)


def load_lexicon(name: str, progress: str | bool = False) -> Lexicon:
    """The word list a championship (or a command) names — the default's name, a user
    lexicon's or a file's path — loaded. The default list is compiled on its first use,
    with a progress bar labelled ``progress`` (``False``: no bar)."""
    from plansza.lexicon import Lexicon

    return Lexicon.load(name, progress=progress)


@dataclass(frozen=True)
class Created:
    """A new championship, as the referee is told of it."""

    championship: Championship
    #: The name of the word list loaded (the file's stem for a file).
    lexicon: str
    #: Whether it is the default list (SJP.PL, not the official OSPS: II.8's caveat).
    default_list: bool


def create(
    path: str | os.PathLike[str],
    *,
    seed: str,
    name: str,
    games: int,
    lexicon: str,
    progress: str | bool = False,
) -> Created:
    """A new championship of ``games`` games in ``path`` (written over), game 1
    started, drawn from ``seed`` with the word list ``lexicon`` — loaded first: a list
    that cannot be loaded writes nothing."""
    from plansza.duplicate import Championship
    from plansza.lexicon.store import is_default

    lex = load_lexicon(lexicon, progress)
    ch = Championship(seed=seed, name=name, games_planned=games, lexicon=lexicon)
    ch.start_game()
    save(ch, path)
    return Created(ch, lex.name, is_default(lex.name))
