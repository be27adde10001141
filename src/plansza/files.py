"""Reading and writing the project's files: atomic writes, size limits, safe CSV.

**Writing.** A crash leaves the old file or the new one, never half.

Every saved file of the project (lexicon caches, game records, the Belgijka game,
the ranking history, match records) goes through :func:`write_atomic`: the data
goes to a temporary file in the same directory, is flushed to disk, and replaces
the target by a rename. The file gets the permissions a plain write would give
it: an existing file keeps its own, a new one is readable as the umask allows
(a report copied to a club's web server must not come out readable by its owner
alone, as the temporary file is made).

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> write_atomic(d / "a" / "zapis.gcg", "#player1 A Ala\\n")
>>> (d / "a" / "zapis.gcg").read_text(encoding="utf-8")
'#player1 A Ala\\n'

**Reading records.** A file a command reads as a record is read with
:func:`read_record`, which refuses it before reading it whole when it is larger
than its kind allows: a record read line by line and checked move by move has no
business being hundreds of megabytes, and a 50 MB "game" once took minutes and
1.6 GB to refuse. The limits:

* :data:`RECORD_LIMIT`, 1 MiB: one game (GCG), one position (CGP), one
  tournament (TSH ``.t``), a list of players. A long game's GCG is about 3 kB,
  a 300-player ``.t`` about 30 kB: a thousand times that is still a mistake.
* :data:`HISTORY_LIMIT`, 64 MiB: a ranking history, one CSV row a game (about
  65 bytes): about a million games, several times the whole PFS history.

>>> read_record(d / "a" / "zapis.gcg", limit=RECORD_LIMIT)
'#player1 A Ala\\n'
>>> _ = (d / "big.gcg").write_bytes(b"#" * 2000)
>>> try:
...     read_record(d / "big.gcg", limit=1000)
... except FormatError as e:
...     print(e.code, "-", e.detail)
too_large - the file is larger than 1000 bytes: not a record of this kind

Errors quote what they refuse by a short :func:`excerpt`, never a whole line.

**Spreadsheet-safe CSV.** A text cell beginning with ``=``, ``+``, ``-``, ``@``,
a tab or a carriage return is a formula to a spreadsheet (formula injection,
OWASP "CSV Injection"): :func:`csv_writer` writes such a cell with a ``'`` in
front, which spreadsheets show as text; numbers stay numbers. The project's CSV
readers take the ``'`` off again with :func:`csv_text`, so an export reads back
as written.

>>> import io
>>> out = io.StringIO()
>>> csv_writer(out).writerow(["=HYPERLINK(1)", -12, "-12", "Ala"])
>>> out.getvalue()
"'=HYPERLINK(1),-12,-12,Ala\\n"
>>> csv_text("'=HYPERLINK(1)")
'=HYPERLINK(1)'

**Files the user names.** An output given on the command line (``-o``, ``--html``,
``--db``, ``--gcg-dir``) is checked before the work starts and written through
:func:`write_output` / :func:`output_directory`, or inside :func:`writing`: an
``OSError`` becomes a :class:`FileAccessError` that names the path the user gave (not
a temporary file's) and the reason by ``errno`` — no such directory, permission
denied, not a directory, a directory, a read-only file system, a full disk. A missing
directory is not made for a single file: a mistyped directory is the user's to fix.

>>> try:
...     write_output(d / "nie-ma" / "out.html", "<p>")
... except FileAccessError as e:
...     print(e.code, "-", str(e).replace(str(d), "D"))
no_directory - cannot write D/nie-ma/out.html: no such directory D/nie-ma
"""

from __future__ import annotations

import csv
import errno
import os
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

from plansza.errors import N_, FormatError

__all__ = [
    "HISTORY_LIMIT",
    "RECORD_LIMIT",
    "FileAccessError",
    "check_output",
    "csv_cell",
    "csv_text",
    "csv_writer",
    "excerpt",
    "output_directory",
    "read_record",
    "write_atomic",
    "write_error",
    "write_output",
    "writing",
]

RECORD_LIMIT = 1 << 20
"""Bytes: the largest game record, position, ``.t`` file or player list read."""
HISTORY_LIMIT = 64 << 20
"""Bytes: the largest ranking history read (about a million games)."""
EXCERPT = 40
"""Characters of offending text an error quotes."""


def write_atomic(path: str | os.PathLike[str], data: str | bytes, *, parents: bool = True) -> None:
    """Write ``data`` (text as UTF-8, written as is) to ``path`` atomically.

    Missing parent directories are made (unless ``parents`` is false). On any error
    the temporary file is removed and the old file, if any, is left untouched. The
    permissions are those of the file replaced, or for a new file those ``open()``
    would give.
    """
    import tempfile  # not needed by readers, so not loaded by them

    target = Path(path)
    directory = target.parent
    if parents:
        directory.mkdir(parents=True, exist_ok=True)
    blob = data.encode("utf-8") if isinstance(data, str) else data
    try:
        mode = target.stat().st_mode & 0o7777
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        if hasattr(os, "fchmod"):  # not on Windows, where the mode means little
            os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as f:
            f.write(blob)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class FileAccessError(FormatError):
    """A file or directory the user named cannot be written: one line naming the path
    and the reason (the CLI exits 2, as for any input it cannot use).

    ``code`` says why: ``no_directory``, ``permission``, ``not_directory``,
    ``is_directory``, ``read_only``, ``no_space``, ``empty_path`` or ``os_error``;
    ``details`` hold ``path`` (as the user gave it) and, where it matters, ``directory``.
    """

    code = "file_access"


#: errno → (reason code, message). The directory named is the one at fault.
_WRITE_REASONS: dict[int, tuple[str, str]] = {
    errno.ENOENT: ("no_directory", N_("cannot write {path}: no such directory {directory}")),
    errno.EACCES: ("permission", N_("cannot write to {directory}: permission denied")),
    errno.EPERM: ("permission", N_("cannot write to {directory}: permission denied")),
    errno.ENOTDIR: ("not_directory", N_("cannot write {path}: {directory} is not a directory")),
    errno.EISDIR: ("is_directory", N_("cannot write {path}: it is a directory")),
    errno.EROFS: ("read_only", N_("cannot write to {directory}: a read-only file system")),
    errno.ENOSPC: ("no_space", N_("cannot write {path}: no space left on the device")),
}
_OTHER = ("os_error", N_("cannot write {path}: {reason}"))


def write_error(
    error: OSError, path: str | os.PathLike[str], *, directory: str | os.PathLike[str] | None = None
) -> FileAccessError:
    """``error``, met while writing ``path``, as a :class:`FileAccessError` naming ``path``.

    The ``OSError`` may name another file (the temporary file of :func:`write_atomic`,
    a parent being made): the message names what the user gave and the directory at
    fault (``directory`` when the caller knows it better).

    >>> import errno
    >>> print(write_error(PermissionError(errno.EACCES, "Permission denied", "/x/.a.tmp"), "/x/a"))
    cannot write to /x: permission denied
    >>> print(write_error(OSError(errno.ENOSPC, "No space left on device"), "out.kwg"))
    cannot write out.kwg: no space left on the device
    """
    shown = os.fspath(path)
    target = Path(shown)
    code, template = _WRITE_REASONS.get(error.errno or 0, _OTHER)
    at_fault: Path | None = None if directory is None else Path(directory)
    if at_fault is not None:
        pass
    elif code == "no_directory":
        at_fault = _first_missing(target)
        if at_fault is None:  # every directory is there (/proc refuses new files so)
            code, template = _OTHER
    elif code == "not_directory":
        at_fault = _first_not_directory(target)
    elif code in ("permission", "read_only") and error.filename is not None:
        # The file that could not be made (the temporary one, a directory): its
        # directory is the one without permission.
        at_fault = Path(os.fsdecode(error.filename)).parent
        if code == "permission" and Path(os.fsdecode(error.filename)) == target and target.exists():
            template = N_("cannot write {path}: permission denied")
    if at_fault is None:
        at_fault = target.parent
    return FileAccessError(
        template,
        code=code,
        path=shown,
        directory=os.fspath(at_fault) if str(at_fault) else ".",
        reason=(error.strerror or str(error)).lower(),
    )


def _first_missing(path: Path) -> Path | None:
    """The outermost ancestor of ``path`` that does not exist (``a`` of ``a/b/c``)."""
    for parent in reversed(path.parents):
        if str(parent) not in ("", ".") and not parent.exists():
            return parent
    return None


def _first_not_directory(path: Path) -> Path | None:
    """The ancestor of ``path`` that exists and is not a directory (a file in the way)."""
    for parent in reversed(path.parents):
        if parent.exists() and not parent.is_dir():
            return parent
    return None


@contextmanager
def writing(path: str | os.PathLike[str]) -> Iterator[None]:
    """Inside: any ``OSError`` becomes a :class:`FileAccessError` naming ``path``.

    >>> with writing("out/report.html"):
    ...     raise NotADirectoryError(20, "Not a directory", "out/.report.html.x1.tmp")
    Traceback (most recent call last):
    ...
    plansza.files.FileAccessError: cannot write out/report.html: out is not a directory
    """
    try:
        yield
    except FileAccessError:
        raise
    except OSError as e:
        raise write_error(e, path) from None


def check_output(path: str | os.PathLike[str]) -> None:
    """Refuse an output file that cannot be written, before any work is done.

    An empty path, a directory, a path under a file or in a missing directory are
    refused with the reason; the directory is not made. Permissions are left for the
    write itself to tell (a check would race it, and root passes every check).
    """
    shown = os.fspath(path)
    if not shown.strip():
        raise FileAccessError(
            N_("cannot write to an empty path: give a file name"), code="empty_path", path=shown
        )
    target = Path(shown)
    if target.is_dir():
        raise write_error(IsADirectoryError(errno.EISDIR, "Is a directory"), shown)
    parent = target.parent
    if not parent.is_dir():
        kind = errno.ENOTDIR if _first_not_directory(target) else errno.ENOENT
        raise write_error(OSError(kind, os.strerror(kind)), shown)


def write_output(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write an output the user named (``-o``, ``--html``…) atomically, or refuse it
    with a :class:`FileAccessError` naming it; its directory must exist."""
    check_output(path)
    with writing(path):
        write_atomic(path, data, parents=False)


def output_directory(path: str | os.PathLike[str]) -> Path:
    """The directory the user named for several outputs, made if missing; or a
    :class:`FileAccessError` (a file in the way, no permission, an empty path).

    Called before the work starts, so that a bad directory loses nothing.
    """
    shown = os.fspath(path)
    if not shown.strip():
        raise FileAccessError(
            N_("cannot write to an empty path: give a directory name"),
            code="empty_path",
            path=shown,
        )
    target = Path(shown)
    if target.exists() and not target.is_dir():
        raise FileAccessError(
            N_("cannot write to {path}: it is a file, not a directory"),
            code="not_directory",
            path=shown,
            directory=shown,
        )
    with writing(target):
        target.mkdir(parents=True, exist_ok=True)
    if not os.access(target, os.W_OK):
        raise write_error(
            PermissionError(errno.EACCES, "Permission denied"), shown, directory=shown
        )
    return target


def _umask() -> int:
    """The process's umask (read without changing it where Linux tells it)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)  # elsewhere the only way to read it is to set it
    os.umask(mask)
    return mask


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """``text`` cut to ``limit`` characters with "…" for what was left out.

    Errors quote what they refuse with it: a 50 MB line is not a message.

    >>> excerpt("ŻUBR"), excerpt("x" * 50)
    ('ŻUBR', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…')
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


def read_record(
    path: str | os.PathLike[str], *, limit: int = RECORD_LIMIT, encoding: str = "utf-8-sig"
) -> str:
    """The text of the file at ``path``, refused if over ``limit`` bytes or not UTF-8.

    At most ``limit + 1`` bytes are read, so a huge file is refused at once. A
    file that is not UTF-8 is a :class:`FormatError` naming the line; a missing
    file is the usual :class:`OSError`. A leading byte-order mark is dropped.
    """
    source = os.fspath(path)
    with open(source, "rb") as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise FormatError(
            N_("the file is larger than {limit} bytes: not a record of this kind"),
            code="too_large",
            source=source,
            limit=limit,
        )
    return decode(data, source=source, encoding=encoding)


def decode(data: bytes, *, source: str, encoding: str = "utf-8-sig") -> str:
    """``data`` as text, or a :class:`FormatError` naming the first line that is not UTF-8.

    >>> decode(b"ok\\n\\xff\\xfe", source="x.gcg")
    Traceback (most recent call last):
    ...
    plansza.errors.FormatError: x.gcg:2: not UTF-8 text (byte 0xff)
    """
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise FormatError(
            N_("not UTF-8 text (byte 0x{byte})"),
            code="not_utf8",
            line=line,
            source=source,
            byte=f"{data[e.start]:02x}",
        ) from None


#: A number written as text: a spreadsheet reads it as a number, not a formula.
_NUMBER = re.compile(r"[+-]?[0-9]+(?:[.,][0-9]+)?(?:/[0-9]+)?")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """``value`` as a CSV writer should get it: a text cell a spreadsheet would take
    for a formula gets a ``'`` in front (and one starting with ``'`` another one, so
    that :func:`csv_text` can give back exactly what was written).

    Numbers, and text that is just a number (``"-12"``, ``"1,5"``), are left alone.

    >>> csv_cell("=1+1"), csv_cell("@SUM(A1)"), csv_cell("-3"), csv_cell(-3), csv_cell("'a")
    ("'=1+1", "'@SUM(A1)", '-3', -3, "''a")
    """
    if not isinstance(value, str) or not value:
        return value
    if value.startswith(_FORMULA_START) and not _NUMBER.fullmatch(value):
        return "'" + value
    if value.startswith("'"):
        return "'" + value
    return value


def csv_text(cell: str) -> str:
    """A text cell as it was before :func:`csv_cell` guarded it.

    >>> csv_text("'=1+1"), csv_text("''a"), csv_text("'a"), csv_text("Ala")
    ('=1+1', "'a", "'a", 'Ala')
    """
    if cell[:1] == "'" and (cell[1:2] == "'" or cell[1:].startswith(_FORMULA_START)):
        return cell[1:]
    return cell


class _Rows(Protocol):
    def writerow(self, row: Iterable[Any], /) -> Any: ...


class SafeWriter:
    """A :func:`csv.writer` whose text cells pass through :func:`csv_cell`."""

    def __init__(self, inner: _Rows) -> None:
        self._inner = inner

    def writerow(self, row: Iterable[object]) -> None:
        """Write one row, formula-looking text cells guarded."""
        self._inner.writerow([csv_cell(v) for v in row])


def csv_writer(out: Any, *, delimiter: str = ",") -> SafeWriter:
    """A spreadsheet-safe CSV writer on ``out`` (lines end with ``\\n``)."""
    return SafeWriter(csv.writer(out, lineterminator="\n", delimiter=delimiter))
