"""Writing files so that a crash leaves the old file or the new one, never half.

Every saved file of the project (lexicon caches, game records, the Belgijka game,
the ranking history, match records) goes through :func:`write_atomic`: the data
goes to a temporary file in the same directory, is flushed to disk, and replaces
the target by a rename.

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
    removed and the old file, if any, is left untouched.
    """
    import tempfile  # not needed by readers, so not loaded by them

    target = Path(path)
    directory = target.parent
    directory.mkdir(parents=True, exist_ok=True)
    blob = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(blob)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
