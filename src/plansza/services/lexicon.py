"""The lexicon a command works with, and the lexicon's own use cases.

* :func:`load_lexicon` — the default list or a given one (a name or a ``.kwg`` path),
  compiled on first use with a progress bar whose label the front end words
  (:func:`building_message`); ``progress=False`` draws none;
* :func:`choose_lexicon` — the lexicon of a command given a CGP position: an explicit
  choice, else the position's ``lex`` op when plansza has that lexicon, else the
  default, with the note a front end shows (:class:`LexiconChoice`);
* :func:`build_target`, :func:`read_words`, :func:`compile_lexicon` — a word list
  compiled into a lexicon file: where it goes, the list read and checked against the
  tile set, the automaton compiled and written atomically (progress through a
  callback the front end draws);
* :func:`user_lexicons` — the lexicons the user compiled; :func:`ensure_default` — the
  default compiled into the cache ahead of use.

The lexicon package is imported inside the functions: a command that needs no
lexicon does not load it.

>>> choose_lexicon(None, None)
LexiconChoice(name='sjp-20220301', note=None)
>>> choose_lexicon(None, "OSPS49").note
'unknown_op'
>>> build_target("sjp")
Traceback (most recent call last):
...
plansza.services.lexicon.LexiconNameError: the name sjp is reserved for the default lexicon
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from plansza.errors import N_, PlanszaError

if TYPE_CHECKING:
    from plansza.lexicon import Lexicon as Lexicon
    from plansza.lexicon.wordlist import WordListReport as WordListReport
    from plansza.tiles import TileSet

__all__ = [
    "DEFAULT_NAME",
    "Compiled",
    "Ensured",
    "LexiconChoice",
    "LexiconNameError",
    "Progress",
    "build_target",
    "building_message",
    "choose_lexicon",
    "compile_lexicon",
    "ensure_default",
    "load_lexicon",
    "read_words",
    "user_lexicons",
]

#: The default list's name (plansza.lexicon.store.DEFAULT_NAME, written out so that
#: naming it does not load the lexicon package).
DEFAULT_NAME = "sjp-20220301"

Progress = Callable[[int, int], object]
"""Called as ``progress(done, total)`` while a lexicon is compiled."""


class LexiconNameError(PlanszaError):
    """A name a new lexicon cannot be given."""

    code = "lexicon_name"


def load_lexicon(name: str, *, progress: bool | str = True) -> Lexicon:
    """The lexicon ``name`` (the default's names, a compiled lexicon's name, a ``.kwg``
    path or a word list), compiled on first use.

    ``progress``: the label of the bar drawn while the default list compiles (only
    then), True for the English one, False for none.
    """
    from plansza.lexicon import Lexicon

    return Lexicon.load(name, progress=progress)


def building_message() -> str:
    """The message id of the bar's label while the default list compiles (its field:
    ``name``), for the front end to word and hand back as ``progress``."""
    from plansza.lexicon.core import BUILDING_DEFAULT

    return BUILDING_DEFAULT


# ---- the lexicon of a position ------------------------------------------------------


@dataclass(frozen=True)
class LexiconChoice:
    """The lexicon a command given a CGP uses, and the note a front end shows.

    ``note``: None, ``"option_wins"`` (the op names another lexicon than the one
    chosen) or ``"unknown_op"`` (the op names a lexicon plansza does not have: the
    default is used).
    """

    name: str  #: what to hand :func:`load_lexicon`
    note: str | None = None


def choose_lexicon(option: str | None, cgp_lex: str | None) -> LexiconChoice:
    """The lexicon for the explicit choice ``option`` (None: not given) and the CGP's
    ``lex`` op ``cgp_lex`` (None: the CGP has none).

    An explicit choice wins; else the op, when it names the default (by any of its
    names) or a lexicon the user compiled (as the path of its file, so that a file of
    that name in the current directory cannot stand in for it); else the default.
    The op is only ever taken as a name, never as a path. Never fails: an unknown
    ``option`` is left for :func:`load_lexicon` to report.
    """
    op = (cgp_lex or "").strip() or None
    if option is not None:
        if op is not None and not _same(option, op):
            return LexiconChoice(option, "option_wins")
        return LexiconChoice(option)
    if op is None:
        return LexiconChoice(DEFAULT_NAME)
    known = _known(op)
    if known is None:
        return LexiconChoice(DEFAULT_NAME, "unknown_op")
    return LexiconChoice(known)


def _known(op: str) -> str | None:
    """The op as a :func:`load_lexicon` argument if it names a lexicon plansza has."""
    from plansza.lexicon import store  # platformdirs and the lexicon format: only when needed

    if store.is_default(op):
        return op
    try:
        path = store.named_path(op)  # refuses anything with a directory part
    except store.LexiconError:
        return None
    return str(path) if path.is_file() else None


def _same(option: str, op: str) -> bool:
    """Whether ``option`` and the op name one lexicon. An option that cannot be
    resolved counts as the same: loading it reports the error, a note would be noise."""
    from plansza.lexicon import store

    try:
        chosen = store.resolve(option)  # None: the default
    except store.LexiconError:
        return True
    known = _known(op)
    if known is None:
        return False
    if chosen is None or store.is_default(known):
        return chosen is None and store.is_default(known)
    return chosen.resolve() == Path(known).resolve()


# ---- a word list compiled -----------------------------------------------------------


def build_target(name: str) -> tuple[Path, bool]:
    """Where a lexicon compiled as ``name`` is written, and whether ``name`` was a path
    of the user's (a ``.kwg`` name or one with a directory) rather than a bare name,
    which goes to the user's lexicon directory.

    A name of the default list is refused (:class:`LexiconNameError`).
    """
    from plansza.lexicon import store

    if store.is_default(Path(name).stem if name.endswith(store.SUFFIX) else name):
        raise LexiconNameError(
            N_("the name {name} is reserved for the default lexicon"), code="reserved", name=name
        )
    given = name.endswith(store.SUFFIX) or "/" in name or "\\" in name
    return (Path(name) if given else store.named_path(name)), given


def read_words(path: Path, tileset: TileSet) -> WordListReport:
    """The word list in the file ``path`` read for ``tileset``: the words accepted, the
    lines with characters outside the tile set, the words too short or too long."""
    from plansza.lexicon.wordlist import read_word_list

    return read_word_list(path.read_bytes(), tileset, source=str(path))


@dataclass(frozen=True)
class Compiled:
    """A lexicon compiled and written: the lexicon (opened from its file) and its size."""

    lexicon: Lexicon
    size: int  #: bytes


def compile_lexicon(
    words: WordListReport,
    target: Path,
    tileset: TileSet,
    *,
    parents: bool,
    progress: Progress | str | None = None,
) -> Compiled:
    """Compile the list ``words`` into ``target`` (written atomically, its directory
    made when ``parents``), and open what was written. ``progress`` is told the work
    done; a string draws the lexicon's own bar on stderr with that label (the front
    end's words), as the default list's first compilation does."""
    from plansza.files import write_atomic, writing
    from plansza.lexicon import Lexicon
    from plansza.lexicon.core import compile_blob
    from plansza.lexicon.progress import progress_bar

    if isinstance(progress, str):
        with progress_bar(progress) as bar:
            blob = compile_blob(words, name=target.stem, tileset=tileset, progress=bar)
    else:
        blob = compile_blob(words, name=target.stem, tileset=tileset, progress=progress)
    with writing(target):  # an error names the target, not the temporary file
        write_atomic(target, blob, parents=parents)
    return Compiled(Lexicon.open(target), len(blob))


# ---- the lexicons there are ---------------------------------------------------------


def user_lexicons() -> list[tuple[str, Path]]:
    """The lexicons the user compiled by name: each name and its file."""
    from plansza.lexicon import store

    return [(name, store.named_path(name)) for name in store.list_named()]


@dataclass(frozen=True)
class Ensured:
    """The default lexicon compiled into the cache (``path``), or why it could not be
    written there (``error``, the cache directory ``cache``): not an error, the list
    is then compiled in memory when used."""

    path: Path | None
    cache: Path
    error: OSError | None = None


def ensure_default(*, progress: bool | str = True) -> Ensured:
    """Compile the default lexicon into the cache unless it is there already."""
    from plansza.lexicon import ensure_default as ensure
    from plansza.lexicon import store

    try:
        return Ensured(ensure(progress=progress), store.cache_dir())
    except OSError as e:
        return Ensured(None, store.cache_dir(), e)
