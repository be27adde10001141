"""The lexicon: word list → compiled automaton (GADDAG + DAWG), memory-mapped.

``Lexicon.default()`` is SJP.PL's list of 2022-03-01 (3,276,062 words) — **not**
the official OSPS list, which has no free export; it contains some abbreviations
OSPS rejects. Any list can be compiled (``Lexicon.build``,
``plansza lexicon build``). The node layout, for C code that walks it (the move
generator), is in ``kwg.h`` and ``docs/decisions/lexicon.md``.

>>> lex = Lexicon.build(["żółw", "żółwie"])
>>> "ŻÓŁW" in lex, "żół" in lex
(True, False)
"""

from plansza.lexicon.core import Found, Lexicon, ensure_default
from plansza.lexicon.store import DEFAULT_NAME, LexiconError
from plansza.lexicon.wordlist import BadLine, WordListReport, read_word_list

__all__ = [
    "DEFAULT_NAME",
    "BadLine",
    "Found",
    "Lexicon",
    "LexiconError",
    "WordListReport",
    "ensure_default",
    "read_word_list",
]
