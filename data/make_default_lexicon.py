"""Reproduce ``data/sjp-20220301.txt.xz`` from Debian's ``wpolish`` package.

Steps (no network beyond the ordinary package client)::

    cd /tmp && apt-get download wpolish          # wpolish_20220301-1_all.deb
    dpkg-deb -x wpolish_20220301-1_all.deb wpolish
    python data/make_default_lexicon.py /tmp/wpolish/usr/share/dict/polish

The filter keeps lower-case words made only of the 32 letters of the Polish tile
set (aąbcćdeęfghijklłmnńoóprsśtuwyzźż), 2 to 15 letters long. Capitalised
entries (proper names), words with q, v, x, hyphens or apostrophes are dropped;
one-letter words cannot be played and 16+ letters do not fit on the board. The
result is sorted by code point and joined with "\\n" plus a final newline:
3,276,062 words, md5 ``e27a6c6ef8253ae398aa07a573be780b``.
"""

from __future__ import annotations

import hashlib
import lzma
import re
import sys
from pathlib import Path

LETTERS = "aąbcćdeęfghijklłmnńoóprsśtuwyzźż"
WORD = re.compile(f"[{LETTERS}]{{2,15}}")
EXPECTED_WORDS = 3_276_062
EXPECTED_MD5 = "e27a6c6ef8253ae398aa07a573be780b"
OUTPUT = Path(__file__).with_name("sjp-20220301.txt.xz")


def main(argv: list[str]) -> int:
    """Filter the Debian list at ``argv[1]`` and write the compressed default list."""
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    text = Path(argv[1]).read_text(encoding="utf-8")
    words = sorted({w for w in text.split("\n") if WORD.fullmatch(w)})
    blob = ("\n".join(words) + "\n").encode("utf-8")
    digest = hashlib.md5(blob).hexdigest()
    print(f"{len(words):,} words, md5 {digest}")
    if len(words) != EXPECTED_WORDS or digest != EXPECTED_MD5:
        print("does not match the expected list; nothing written", file=sys.stderr)
        return 1
    # preset 9 | EXTREME: the file is written once and read by every fresh clone.
    OUTPUT.write_bytes(lzma.compress(blob, preset=9 | lzma.PRESET_EXTREME))
    print(f"wrote {OUTPUT} ({OUTPUT.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
