"""Where lexicons live: the default word list, the cache, named user lexicons.

* The default word list ships compressed as ``data/sjp-20220301.txt.xz``
  (SJP.PL, not the official OSPS; see ``data/README.md``). An editable install
  (``pip install -e .``, what ``make setup`` does) finds it in the repository's
  ``data/`` directory; a wheel carries a copy inside the package
  (``plansza/lexicon/data/``, put there by ``setup.py``).
* Its compiled form is cached in the user cache directory
  (``platformdirs.user_cache_dir("plansza")/lexicon``; ``PLANSZA_CACHE_DIR``
  overrides it, as tests and CI do). The file name carries the format version,
  and the header the hash of the source, so a changed list or format rebuilds.
* Lexicons a user compiles with ``plansza lexicon build ... -o NAME`` are kept in
  the user data directory (``platformdirs.user_data_dir("plansza")/lexicons``;
  ``PLANSZA_DATA_DIR`` overrides it): they are not a cache, clearing the cache
  must not lose them.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

import platformdirs

from plansza.errors import N_, PlanszaError
from plansza.files import excerpt
from plansza.lexicon.kwgfile import FORMAT_VERSION

DEFAULT_NAME = "sjp-20220301"
"""The default lexicon: SJP.PL's list of 2022-03-01 as packaged by Debian (wpolish)."""
DEFAULT_ALIASES = frozenset({DEFAULT_NAME, "default", "sjp"})
DEFAULT_SOURCE_FILE = f"{DEFAULT_NAME}.txt.xz"
DEFAULT_WORDS = 3_276_062
DEFAULT_MD5 = "e27a6c6ef8253ae398aa07a573be780b"
"""md5 of the decompressed default list (issue 3): sorted, one word a line."""

SUFFIX = ".kwg"


class LexiconError(PlanszaError):
    """A lexicon cannot be found, read or built."""


def cache_dir() -> Path:
    """Directory of compiled lexicons that can be rebuilt at any time."""
    root = os.environ.get("PLANSZA_CACHE_DIR") or platformdirs.user_cache_dir("plansza")
    return Path(root) / "lexicon"


def lexicon_dir() -> Path:
    """Directory of the lexicons a user compiled and named."""
    root = os.environ.get("PLANSZA_DATA_DIR") or platformdirs.user_data_dir("plansza")
    return Path(root) / "lexicons"


def default_source() -> Path:
    """The compressed default word list, in the package or in the repository."""
    here = Path(__file__).resolve().parent
    candidates = (
        here / "data" / DEFAULT_SOURCE_FILE,
        here.parents[2] / "data" / DEFAULT_SOURCE_FILE,
    )
    for path in candidates:
        if path.is_file():
            return path
    raise LexiconError(
        N_("the default word list {file} is missing (looked in {places})"),
        file=DEFAULT_SOURCE_FILE,
        places=", ".join(str(p.parent) for p in candidates),
    )


def default_cache_path() -> Path:
    """The cache file of the compiled default lexicon (format version in the name)."""
    return cache_dir() / f"{DEFAULT_NAME}.f{FORMAT_VERSION}{SUFFIX}"


def file_sha256(path: Path) -> str:
    """Hex SHA-256 of a file (the compressed default list: a few milliseconds)."""
    import hashlib  # OpenSSL costs ~3 MB resident; only needed when the cache is checked

    with open(path, "rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def is_default(name: str) -> bool:
    """Whether ``name`` names the default lexicon."""
    return name.lower() in DEFAULT_ALIASES


def named_path(name: str) -> Path:
    """Where a user lexicon called ``name`` is kept (``name`` may not be a path)."""
    if not name or "/" in name or "\\" in name or name.startswith("."):
        raise LexiconError(
            N_("{name!r} is not a lexicon name (letters, digits, - and _)"), name=name
        )
    return lexicon_dir() / f"{name}{SUFFIX}"


def resolve(name_or_path: str | os.PathLike[str]) -> Path | None:
    """The file ``--lexicon NAME|PATH`` means; ``None`` for the default lexicon.

    A path (an existing file, or anything with a directory part or the ``.kwg``
    suffix) is taken as is; otherwise a name is looked up among the user's
    lexicons.
    """
    text = os.fspath(name_or_path)
    if is_default(text):
        return None
    path = Path(text).expanduser()
    if path.is_file():
        return path
    if path.suffix == SUFFIX or len(path.parts) > 1:
        raise LexiconError(N_("no such compiled lexicon: {path}"), path=excerpt(str(path), 200))
    candidate = named_path(text)
    if candidate.is_file():
        return candidate
    known = ", ".join(sorted([DEFAULT_NAME, *list_named()])) or DEFAULT_NAME
    raise LexiconError(
        N_("unknown lexicon {name!r}; known: {known}"), name=excerpt(text), known=known
    )


def list_named() -> list[str]:
    """Names of the user's compiled lexicons."""
    directory = lexicon_dir()
    if not directory.is_dir():
        return []
    return sorted(p.stem for p in directory.glob(f"*{SUFFIX}"))


@contextlib.contextmanager
def build_lock(target: Path) -> Iterator[None]:
    """Hold an exclusive lock so two processes (pytest workers) build only once."""
    target.parent.mkdir(parents=True, exist_ok=True)
    lock_path = target.with_name(target.name + ".lock")
    with open(lock_path, "a+b") as f:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - Windows: an atomic rename still keeps files whole
            yield
            return
        fcntl.flock(f.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f.fileno(), fcntl.LOCK_UN)
