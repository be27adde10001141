"""The :class:`Lexicon`: a compiled word list (DAWG + GADDAG) for checks and study.

>>> lex = Lexicon.build(["kot", "tok", "oko", "kto", "lok"], name="tiny")
>>> "KOT" in lex, "kota" in lex, len(lex)
(True, False, 5)
>>> lex.anagrams("otk")
['kot', 'kto', 'tok']
>>> lex.anagrams("o?k", partial=True)
['kot', 'kto', 'lok', 'oko', 'tok']
>>> lex.match("?o?")
['kot', 'lok', 'tok']
>>> [f.notation() for f in lex.search(rack="OK?")]
['KOt', 'KtO', 'lOK', 'OKo', 'tOK']
>>> lex.check(["kot", "oko"]), lex.check(["kot", "kotek"])
(True, False)
"""

from __future__ import annotations

import mmap
import os
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from plansza.errors import N_, FormatError
from plansza.files import excerpt, write_atomic
from plansza.lexicon import _kwg, store
from plansza.lexicon.kwgfile import encode, map_file, read_header
from plansza.lexicon.progress import ProgressCallback, progress_bar
from plansza.lexicon.store import DEFAULT_NAME, LexiconError
from plansza.lexicon.wordlist import (
    WordListReport,
    read_word_list,
    require_word_list,
    tileset_letters,
)
from plansza.tiles import BLANK, TileSet

STAR = "*"
"""In a pattern: any run of letters, possibly empty (``?`` is one letter)."""

_default: Lexicon | None = None


@dataclass(frozen=True)
class Found:
    """A word found by :meth:`Lexicon.search`, with the positions a blank fills.

    Real tiles are used before blanks, so a word is found once.
    """

    word: str
    blanks: frozenset[int]

    def notation(self) -> str:
        """The word in capitals with the blank letters in lower case, as on the board."""
        return "".join(c if i in self.blanks else c.upper() for i, c in enumerate(self.word))


class Lexicon:
    """A compiled lexicon: word checks, anagrams, patterns; the automaton for movegen.

    Satisfies the game engine's ``WordList`` protocol (``word in lexicon``).
    Build one with :meth:`build` (in memory), open one with :meth:`load` or
    :meth:`default` (memory-mapped from the cache).
    """

    __slots__ = ("_buffer", "_kwg", "meta", "name", "path", "tileset", "word_count")

    def __init__(
        self,
        buffer: bytes | mmap.mmap,
        *,
        source: str,
        path: Path | None = None,
    ) -> None:
        header = read_header(buffer, source=source)
        meta = header.meta
        try:
            tileset = TileSet.by_name(str(meta["tileset"]))
        except (KeyError, ValueError) as e:
            raise FormatError(
                N_("unknown tile set in the compiled lexicon: {name}"),
                source=source,
                name=str(meta.get("tileset")),
            ) from e
        lower, upper = tileset_letters(tileset)
        if meta.get("letters") != upper:
            raise FormatError(N_("compiled for other letters than its tile set has"), source=source)
        self._buffer = buffer
        self._kwg = _kwg.Kwg(buffer, header.header_len, header.n_nodes, lower, upper)
        self.meta: dict[str, Any] = meta
        self.name: str = str(meta.get("name", source))
        self.tileset: TileSet = tileset
        self.path: Path | None = path
        self.word_count: int = header.n_words

    # ----------------------------------------------------------------- opening

    @classmethod
    def default(cls, *, progress: bool | str = True) -> Lexicon:
        """The default lexicon (SJP.PL 2022-03-01, not the official OSPS).

        Compiled into the cache on first use (about 20 s, a progress bar on
        stderr unless ``progress=False``; a string is the bar's label, in the user's
        language), then memory-mapped; the same object
        is returned for the rest of the process. If the cache directory cannot
        be written (a read-only home, a sandbox), the lexicon is compiled in
        memory for this process instead.
        """
        global _default
        if _default is None:
            try:
                path = ensure_default(progress=progress)
            except OSError:
                blob = _compile_default(store.default_source(), progress=progress)
                _default = cls(blob, source=DEFAULT_NAME)
            else:
                _default = cls.open(path)
        return _default

    @classmethod
    def load(
        cls,
        name_or_path: str | os.PathLike[str],
        *,
        progress: bool | str = True,
        tileset: TileSet | None = None,
    ) -> Lexicon:
        """The lexicon ``--lexicon NAME|PATH`` names: the default, a user name, a file.

        A ``.kwg`` file is memory-mapped; any other file is read as a word list
        for ``tileset`` (Polish unless given) and compiled in memory.
        """
        path = store.resolve(name_or_path)
        if path is None:
            return cls.default(progress=progress)
        with open(path, "rb") as f:
            head = f.read(8)
        if head == b"PLKWG\r\n\x1a":
            return cls.open(path)
        tileset = tileset or TileSet.polish()
        report = read_word_list(path.read_bytes(), tileset, source=str(path))
        require_word_list(report, tileset.name)  # not any file: a wrong list rules wrongly
        if progress:
            with progress_bar(path.name) as bar:
                return cls.compile(report, name=path.stem, tileset=tileset, progress=bar)
        return cls.compile(report, name=path.stem, tileset=tileset)

    @classmethod
    def open(cls, path: Path) -> Lexicon:
        """Memory-map a compiled ``.kwg`` file."""
        mapping, _ = map_file(path)
        return cls(mapping, source=str(path), path=path)

    @classmethod
    def build(
        cls,
        words: Iterable[str],
        tileset: TileSet | None = None,
        *,
        name: str = "custom",
        strict: bool = False,
    ) -> Lexicon:
        """Compile ``words`` in memory (case folded, duplicates merged).

        Words the tile set cannot spell, or shorter than 2 or longer than 15
        letters, are skipped; with ``strict`` they raise :class:`FormatError`
        naming the first one (its 1-based position as the line).
        """
        tileset = tileset or TileSet.polish()
        report = read_word_list("\n".join(words), tileset, source=name)
        if strict and report.skipped:
            raise _first_problem(report)
        return cls.compile(report, name=name, tileset=tileset)

    @classmethod
    def compile(
        cls,
        report: WordListReport,
        *,
        name: str,
        tileset: TileSet | None = None,
        progress: ProgressCallback | None = None,
        meta: dict[str, Any] | None = None,
    ) -> Lexicon:
        """Compile the words of a :func:`read_word_list` report into a lexicon."""
        blob = compile_blob(report, name=name, tileset=tileset, progress=progress, meta=meta)
        return cls(blob, source=name)

    # ------------------------------------------------------------------ words

    def __contains__(self, word: object) -> bool:
        """Whether ``word`` is in the lexicon; either case; anything else is not."""
        return isinstance(word, str) and self._kwg.contains(word)

    def check(self, words: Iterable[str]) -> bool:
        """One verdict for a whole play: valid only if every word is (TR 4.7.11)."""
        return all(self._kwg.contains(w) for w in words)

    def __len__(self) -> int:
        return self.word_count

    def __iter__(self) -> Iterator[str]:
        """Every word in alphabet order (of the tile set), lower case."""
        for t in range(1, len(self.tileset.letters) + 1):
            for word, _ in self._kwg.search(bytes((t, _kwg.PAT_STAR)), min_len=1):
                yield word

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle by reference to the file (re-mapped on load) or by the bytes if in memory.

        Worker processes (analysis, duplicate) then share the page cache instead
        of each holding a copy.
        """
        if self.path is not None:
            return (Lexicon.open, (self.path,))
        return (_from_bytes, (self.to_bytes(), self.name))

    def __repr__(self) -> str:
        return f"<Lexicon {self.name!r}: {self.word_count:,} words, {self.tileset.name} tiles>"

    def search(
        self,
        pattern: str | None = None,
        *,
        rack: str | None = None,
        partial: bool = True,
        limit: int | None = None,
    ) -> list[Found]:
        """Words matching ``pattern`` and/or makeable from ``rack``, in alphabet order.

        ``pattern``: letters, ``?`` for any one letter, ``*`` for any run of
        letters. ``rack``: letters and ``?`` blanks; with ``partial=False`` every
        tile must be used. With both, a word must satisfy both.
        """
        kwargs: dict[str, Any] = {"limit": -1 if limit is None else max(limit, 0)}
        if pattern is not None:
            kwargs["pattern"] = self._pattern_bytes(pattern)
        if rack is not None:
            counts, blanks = self._rack_counts(rack)
            kwargs.update(rack=counts, blanks=blanks, exact=not partial)
        found = self._kwg.search(**kwargs)
        return [Found(w, frozenset(i for i in range(len(w)) if mask >> i & 1)) for w, mask in found]

    def anagrams(self, rack: str, *, partial: bool = False, limit: int | None = None) -> list[str]:
        """Words using all tiles of ``rack`` (``?`` a blank); ``partial``: some of them."""
        return [f.word for f in self.search(rack=rack, partial=partial, limit=limit)]

    def match(
        self, pattern: str, *, rack: str | None = None, limit: int | None = None
    ) -> list[str]:
        """Words matching ``pattern`` (``?`` one letter, ``*`` any run)."""
        return [f.word for f in self.search(pattern, rack=rack, limit=limit)]

    # ---------------------------------------------------------- the automaton

    @property
    def kwg(self) -> _kwg.Kwg:
        """The compiled automaton: buffer protocol (uint32 nodes) and ``capsule()``."""
        return self._kwg

    @property
    def nodes(self) -> memoryview:
        """The node array as a read-only ``memoryview`` of unsigned 32-bit ints."""
        return memoryview(self._kwg).cast("B").cast("I")

    def to_bytes(self) -> bytes:
        """The whole ``.kwg`` file."""
        return bytes(self._buffer)

    def save(self, path: Path) -> None:
        """Write the compiled lexicon to ``path`` (atomically)."""
        write_atomic(path, self.to_bytes())

    # ------------------------------------------------------------------ input

    def _tile(self, ch: str, what: str, text: str) -> int:
        if not self.tileset.is_letter(ch):
            template = (
                N_("rack {text!r}: {ch!r} is not a letter of the {tileset} tiles")
                if what == "rack"
                else N_("pattern {text!r}: {ch!r} is not a letter of the {tileset} tiles")
            )
            raise LexiconError(
                template,
                text=excerpt(text),
                ch=ch,
                tileset=self.tileset.name,
            )
        return self.tileset.index(ch) + 1

    def _pattern_bytes(self, pattern: str) -> bytes:
        out = bytearray()
        for ch in pattern.strip():
            if ch == BLANK:
                out.append(_kwg.PAT_ANY)
            elif ch == STAR:
                if not out or out[-1] != _kwg.PAT_STAR:  # ** is *
                    out.append(_kwg.PAT_STAR)
            else:
                out.append(self._tile(ch, "pattern", pattern))
        if len(out) > 63:
            raise LexiconError(
                N_("pattern {pattern!r} is too long (at most 63 symbols)"), pattern=excerpt(pattern)
            )
        return bytes(out)

    def _rack_counts(self, rack: str) -> tuple[bytes, int]:
        counts = bytearray(len(self.tileset.letters) + 1)
        blanks = 0
        for ch in rack.strip():
            if ch == BLANK:
                blanks += 1
            else:
                t = self._tile(ch, "rack", rack)
                counts[t] = min(counts[t] + 1, 255)
        return bytes(counts), min(blanks, 255)


def _from_bytes(blob: bytes, name: str) -> Lexicon:
    """Rebuild an in-memory lexicon from its file bytes (unpickling)."""
    return Lexicon(blob, source=name)


def compile_blob(
    report: WordListReport,
    *,
    name: str,
    tileset: TileSet | None = None,
    progress: ProgressCallback | None = None,
    meta: dict[str, Any] | None = None,
) -> bytes:
    """Compile a word-list report into the bytes of a ``.kwg`` file."""
    tileset = tileset or TileSet.polish()
    started = time.perf_counter()
    nodes, n_words = _kwg.build(report.packed, len(tileset.letters), progress)
    full_meta: dict[str, Any] = {
        "name": name,
        "tileset": tileset.name,
        "letters": "".join(tileset.letters),
        "words": n_words,
        "nodes": len(nodes) // 4,
        "builder": _kwg.BUILDER_VERSION,
        "source": report.source,
        "build_seconds": round(time.perf_counter() - started, 2),
    }
    full_meta.update(meta or {})
    return encode(nodes, n_words, full_meta)


def ensure_default(*, progress: bool | str = True) -> Path:
    """The cache file of the default lexicon, compiled first if missing or stale."""
    path = store.default_cache_path()
    if _default_is_fresh(path):
        return path
    with store.build_lock(path):
        if _default_is_fresh(path):  # another process built it while we waited
            return path
        source = store.default_source()
        blob = _compile_default(source, progress=progress)
        write_atomic(path, blob)
    return path


def _default_is_fresh(path: Path) -> bool:
    """Whether the cached default matches its source (stat first, hash if needed)."""
    if not path.is_file():
        return False
    try:
        mapping, header = map_file(path)
        mapping.close()
    except (FormatError, OSError):
        return False
    meta = header.meta
    if meta.get("builder") != _kwg.BUILDER_VERSION:
        return False  # compiled by an older builder: same format, but rebuild (e.g. smaller)
    try:
        source = store.default_source()
    except LexiconError:
        return True  # no source to compare with (a trimmed install): trust the cache
    st = source.stat()
    if meta.get("source_size") == st.st_size and meta.get("source_mtime_ns") == st.st_mtime_ns:
        return True
    return bool(meta.get("source_sha256") == store.file_sha256(source))


BUILDING_DEFAULT = N_("Compiling the default lexicon {name} (SJP.PL, not OSPS) — first use only")
"""The progress bar's label while the default list compiles (a front end translates it)."""


def _compile_default(source: Path, *, progress: bool | str) -> bytes:
    import hashlib
    import lzma

    data = lzma.decompress(source.read_bytes())
    if hashlib.md5(data).hexdigest() != store.DEFAULT_MD5:
        raise LexiconError(
            N_("the default word list {source} is damaged (md5 differs)"), source=str(source)
        )
    report = read_word_list(data, TileSet.polish(), source=source.name)
    st = source.stat()
    meta = {
        "source_sha256": store.file_sha256(source),
        "source_size": st.st_size,
        "source_mtime_ns": st.st_mtime_ns,
        "description": (
            "SJP.PL word list 2022-03-01 (Debian wpolish 20220301-1), not the official OSPS"
        ),
    }
    if not progress:
        return compile_blob(report, name=DEFAULT_NAME, meta=meta)
    label = progress if isinstance(progress, str) else BUILDING_DEFAULT.format(name=DEFAULT_NAME)
    with progress_bar(label) as bar:
        return compile_blob(report, name=DEFAULT_NAME, progress=bar, meta=meta)


def _first_problem(report: WordListReport) -> FormatError:
    problems: list[tuple[int, str, dict[str, object]]] = [
        (b.line, N_("{text!r} has a letter outside the tile set"), {"text": b.text})
        for b in report.bad
    ]
    problems += [(n, N_("shorter than 2 letters"), {}) for n in report.too_short]
    problems += [(n, N_("longer than 15 letters"), {}) for n in report.too_long]
    line, template, details = min(problems, key=lambda p: p[0])
    return FormatError(template, line=line, source=report.source, **details)  # type: ignore[arg-type]
