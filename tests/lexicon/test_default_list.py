"""The shipped default word list is exactly the one of issue 3 (item 1)."""

from __future__ import annotations

import hashlib
import re

from plansza.lexicon.store import DEFAULT_MD5, DEFAULT_WORDS

LETTERS = "aąbcćdeęfghijklłmnńoóprsśtuwyzźż"


def test_md5_and_count(default_text: str) -> None:
    # issue 3 §1: 3,276,062 words, "\n"-joined with a final newline, md5 e27a6c6e…
    assert hashlib.md5(default_text.encode("utf-8")).hexdigest() == DEFAULT_MD5
    assert default_text.count("\n") == DEFAULT_WORDS == 3_276_062
    assert default_text.endswith("\n")


def test_words_are_lowercase_polish_2_to_15(default_text: str) -> None:
    # issue 3 §1: only the 32 letters of the Polish tile set, length 2-15
    assert re.fullmatch(f"(?:[{LETTERS}]{{2,15}}\n)+", default_text)


def test_sorted_by_code_point(default_text: str) -> None:
    words = default_text.split("\n")[:-1]
    assert words == sorted(words)
    assert len(set(words)) == len(words)
