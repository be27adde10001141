"""A file given as ``--lexicon`` must be a word list or a compiled lexicon.

Any file used to be read as a word list: ``/etc/passwd`` became a lexicon of no
words, and every word was NOT VALID — a wrong ruling for a referee (issue "One
voice and one service layer", part 9). Each test here failed before the fix.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from plansza.cli.main import app
from plansza.errors import FormatError
from plansza.lexicon import Lexicon
from plansza.lexicon.kwgfile import MAGIC

PASSWD = (
    "root:x:0:0:root:/root:/bin/bash\n"
    "daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"
)


@pytest.mark.parametrize(
    ("content", "line", "quoted"),
    [
        (PASSWD.encode(), 1, "root:x:0:0:root:/root:/bin/bash"),
        (b"\x18S\xb7\xd1*\x1bg", 1, "S"),  # seven bytes of junk
        (b"kot\npies\nAla ma kota\n", 3, "Ala ma kota"),  # a text, not a list
        (b"kot\n\xff\xfe\n", 2, ""),  # not UTF-8
        (b"", None, ""),  # empty
        (b"\n\n  \n", None, ""),  # blank lines only
    ],
)
def test_a_file_that_is_not_a_word_list_is_refused(
    tmp_path: Path, content: bytes, line: int | None, quoted: str
) -> None:
    path = tmp_path / "słownik.txt"
    path.write_bytes(content)
    with pytest.raises(FormatError) as e:
        Lexicon.load(path, progress=False)
    assert e.value.code in ("not_word_list", "format")
    assert e.value.source == str(path) and e.value.line == line
    assert quoted in str(e.value) and len(str(e.value)) < len(str(path)) + 140


@pytest.mark.parametrize("content", [MAGIC, MAGIC + b"\x00" * 100])
def test_a_damaged_compiled_lexicon_is_refused(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "zly.kwg"
    path.write_bytes(content)
    with pytest.raises(FormatError, match="compiled lexicon"):
        Lexicon.load(path, progress=False)


def test_a_word_list_still_loads_with_blank_lines_and_short_words(tmp_path: Path) -> None:
    path = tmp_path / "klub.txt"
    path.write_text("\ufeffkot\r\n\r\nŻÓŁW\na\npies\n", encoding="utf-8")
    lex = Lexicon.load(path, progress=False)
    assert "KOT" in lex and "żółw" in lex and "PIES" in lex and len(lex) == 3


def test_check_with_a_wrong_file_gives_no_verdict(tmp_path: Path) -> None:
    path = tmp_path / "passwd"
    path.write_text(PASSWD, encoding="utf-8")
    result = CliRunner().invoke(app, ["--lang", "en", "check", "--lexicon", str(path), "KOT"])
    assert result.exit_code == 2
    assert "not a word list" in result.output and "root:x:0:0" in result.output
    assert "VALID" not in result.output.upper().replace("NOT A WORD", "")
    assert "Traceback" not in result.output
