"""Writing files so that a crash leaves the old file or the new one, never half.

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
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["write_atomic"]


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8, written as is) to ``path`` atomically.

    Missing parent directories are made. On any error the temporary file is
    removed and the old file, if any, is left untouched. The permissions are
    those of the file replaced, or for a new file those ``open()`` would give.
    """
    import tempfile  # not needed by readers, so not loaded by them

    target = Path(path)
    directory = target.parent
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
