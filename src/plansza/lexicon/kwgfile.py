"""The ``.kwg`` file: a small header, then the node array, memory-mapped on load.

Layout (all integers little-endian)::

    0   8 bytes  magic  b"PLKWG\\r\\n\\x1a"   (CR LF and ^Z catch text-mode damage)
    8   uint32   format version (``_kwg.FORMAT_VERSION``; another version is rebuilt)
    12  uint32   header length H, a multiple of 64 (the nodes start at H)
    16  uint32   number of nodes N
    20  uint32   number of words
    24  8 bytes  reserved (zero)
    32  JSON     metadata, UTF-8, zero-padded to H: name, tile set, letters, source hash
    H   N x uint32  the nodes (layout in ``kwg.h``)

The file size must be exactly ``H + 4 N``; anything else is a damaged file.

>>> blob = encode(b"\\0" * 8, 0, {"name": "empty"})
>>> header = read_header(blob, source="empty.kwg")
>>> header.n_nodes, header.n_words, header.meta["name"], len(blob) % 64
(2, 0, 'empty', 8)
"""

from __future__ import annotations

import json
import mmap
import os
import struct
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from plansza.errors import N_, FormatError
from plansza.lexicon import _kwg

MAGIC = b"PLKWG\r\n\x1a"
FORMAT_VERSION = _kwg.FORMAT_VERSION
_FIXED = struct.Struct("<8sIIII8x")
_ALIGN = 64


@dataclass(frozen=True)
class KwgHeader:
    """The header of a ``.kwg`` file."""

    version: int
    header_len: int
    n_nodes: int
    n_words: int
    meta: dict[str, Any]


def encode(nodes: bytes, n_words: int, meta: dict[str, Any]) -> bytes:
    """The whole file: header, metadata and ``nodes`` (native uint32 from ``_kwg.build``)."""
    if sys.byteorder != "little":  # pragma: no cover - the project runs on little-endian hosts
        import array

        swapped = array.array("I", nodes)
        swapped.byteswap()
        nodes = swapped.tobytes()
    body = json.dumps(meta, ensure_ascii=False, sort_keys=True).encode("utf-8")
    header_len = -(-(_FIXED.size + len(body)) // _ALIGN) * _ALIGN
    fixed = _FIXED.pack(MAGIC, FORMAT_VERSION, header_len, len(nodes) // 4, n_words)
    return fixed + body + b"\0" * (header_len - _FIXED.size - len(body)) + nodes


def read_header(buf: bytes | mmap.mmap, *, source: str) -> KwgHeader:
    """Check and read the header of a ``.kwg`` file held in ``buf``."""
    if len(buf) < _FIXED.size or buf[:8] != MAGIC:
        raise FormatError(N_("not a compiled lexicon (.kwg) file"), source=source)
    _magic, version, header_len, n_nodes, n_words = _FIXED.unpack_from(buf, 0)
    if version != FORMAT_VERSION:
        raise FormatError(
            N_("compiled lexicon format {version}, this program reads format {supported}"),
            source=source,
            version=version,
            supported=FORMAT_VERSION,
        )
    if header_len % _ALIGN or n_nodes < 2 or len(buf) != header_len + 4 * n_nodes:
        raise FormatError(N_("damaged compiled lexicon (wrong size)"), source=source)
    try:
        meta = json.loads(bytes(buf[_FIXED.size : header_len]).rstrip(b"\0").decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise FormatError(N_("damaged compiled lexicon header"), source=source) from e
    if not isinstance(meta, dict):
        raise FormatError(N_("damaged compiled lexicon header"), source=source)
    return KwgHeader(version, header_len, n_nodes, n_words, meta)


def map_file(path: Path) -> tuple[mmap.mmap, KwgHeader]:
    """Memory-map a ``.kwg`` file read-only and read its header.

    Pages are read from disk only when the automaton touches them, so loading
    costs a few system calls whatever the size of the lexicon.
    """
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        if size == 0:
            raise FormatError(N_("empty file, not a compiled lexicon"), source=str(path))
        mapping = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    try:
        header = read_header(mapping, source=str(path))
    except FormatError:
        mapping.close()
        raise
    return mapping, header
