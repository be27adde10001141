"""The catalogues: every message in Polish, the same fields in both languages, Polish
plural forms, and the help in the language chosen (``--lang``, ``PLANSZA_LANG``)."""

from __future__ import annotations

import importlib.util
import re
import string
import sys
from pathlib import Path
from typing import Any

import pytest

from plansza.cli import entry
from plansza.cli.i18n import use
from plansza.i18n import translator

ROOT = Path(__file__).resolve().parents[2]


def _messages_script() -> Any:
    spec = importlib.util.spec_from_file_location("messages_script", ROOT / "scripts/messages.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["messages_script"] = module
    spec.loader.exec_module(module)
    return module


MESSAGES = _messages_script()


def fields(text: str) -> set[str]:
    """The fields a message fills: ``{field}`` in Python (``{value:+d}`` and ``{x!r}``
    count) and ``%(field)s`` in the Jinja2 templates."""
    brace = {name for _, name, _, _ in string.Formatter().parse(text) if name}
    return brace | set(re.findall(r"%\((\w+)\)s", text))


def test_every_message_of_the_sources_has_its_polish_text() -> None:
    assert MESSAGES.untranslated("pl") == []


def test_the_check_fails_on_a_message_without_polish(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The check above must be able to fail: a new message id in a source file is found.
    package = tmp_path / "plansza"
    package.mkdir()
    (package / "new.py").write_text(
        'from plansza.cli.i18n import _\n_("A message nobody translated")\n'
    )
    monkeypatch.setattr(MESSAGES, "PACKAGE", package)
    monkeypatch.setattr(MESSAGES, "SRC", tmp_path)
    assert MESSAGES.untranslated("pl") == ["A message nobody translated"]


def test_a_translation_fills_the_same_fields_as_its_id() -> None:
    catalog = MESSAGES.load("pl")
    wrong = []
    for message in catalog:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        texts = [message.string] if isinstance(message.string, str) else list(message.string)
        want = set().union(*(fields(i) for i in ids))
        for text in texts:
            if text and not fields(text) <= want:
                wrong.append((message.id, text))
            # a plural form may leave out the number ("jedna płytka"), nothing else
            if text and len(ids) == 1 and fields(text) != want:
                wrong.append((message.id, text))
    assert wrong == []


def test_the_catalogue_passes_babels_checks() -> None:
    # What `pybabel compile` checks: the templates' %(name)s placeholders (the Python
    # sources use {name}, where a "%" is text: "95%", "% of top"), and Polish's three
    # plural forms everywhere.
    catalog = MESSAGES.load("pl")
    templates = [m for m in catalog if m.id and any("templates/" in f for f, _ in m.locations)]
    assert templates  # the templates' messages are in the catalogue
    assert [(m.id, m.check(catalog)) for m in templates if m.check(catalog)] == []
    plurals = [m for m in catalog if isinstance(m.id, tuple)]
    assert plurals and all(len(m.string) == 3 and all(m.string) for m in plurals)


@pytest.mark.parametrize(
    ("n", "form"),
    [
        (1, "wiersz"),
        (2, "wiersze"),
        (4, "wiersze"),
        (5, "wierszy"),
        (12, "wierszy"),
        (14, "wierszy"),
        (22, "wiersze"),
        (25, "wierszy"),
        (112, "wierszy"),
        (0, "wierszy"),
    ],
)
def test_polish_plural_forms(n: int, form: str) -> None:
    # Polish has three forms: 1 wiersz, 2–4 wiersze (but 12–14 wierszy), 5+ wierszy.
    text = translator("pl").ngettext(
        "CGP board has {rows} row, expected {expected}: {text!r}",
        "CGP board has {rows} rows, expected {expected}: {text!r}",
        n,
    )
    assert f"{{rows}} {form} " in text


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        entry.main(argv)
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 0
    else:
        code = 0
    out = capsys.readouterr()
    return code, out.out, out.err


def test_help_is_polish_by_default(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PLANSZA_LANG", raising=False)
    code, out, _ = run(["--help"], capsys)
    assert code == 0 and "Język komunikatów" in out and "Language of messages" not in out


@pytest.mark.parametrize(
    "argv",
    [
        ["--lang", "en", "--help"],
        ["--lang=en", "turniej", "--help"],
        ["--lang", "en", "duplikat", "new", "--help"],
    ],
)
def test_help_follows_lang(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(argv, capsys)
    assert code == 0
    assert not re.search(r"[ąćęłńóśźż]", out.replace("Belgijka", "")), out  # no Polish text left


def test_help_follows_the_environment(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PLANSZA_LANG", "en_GB.UTF-8")
    code, out, _ = run(["ranking", "--help"], capsys)
    assert code == 0 and "The PFS ranking" in out


@pytest.mark.parametrize(("env", "argv"), [("de", ["--help"]), (None, ["--lang", "fr", "--help"])])
def test_an_unknown_language_is_refused(
    env: str | None,
    argv: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # PLANSZA_LANG=de used to be ignored without a word.
    if env is None:
        monkeypatch.delenv("PLANSZA_LANG", raising=False)
    else:
        monkeypatch.setenv("PLANSZA_LANG", env)
    code, out, err = run(argv, capsys)
    assert code == 2 and out == ""
    assert "nieznany język" in err and "unknown language" in err and (env or "fr") in err


def _help_texts(command: Any, path: str = "plansza") -> dict[str, str]:
    texts = {}
    if command.help:
        texts[path] = command.help
    for param in command.params:
        if getattr(param, "help", None):
            texts[f"{path} {param.name}"] = param.help
    for name, sub in getattr(command, "commands", {}).items():
        texts.update(_help_texts(sub, f"{path} {name}"))
    return texts


def test_every_help_text_is_translated() -> None:
    # A help text given as a plain string (not an N_ message id) stays English in Polish.
    use("en")
    english = _help_texts(entry.command())
    use("pl")
    polish = _help_texts(entry.command())
    same = [
        (where, text)
        for where, text in english.items()
        if polish[where] == text and re.search(r"[A-Za-z]{4,} [a-z]{3,}", text)
    ]
    assert same == []
    # nor glued "Polski / English" texts, nor Polish left in an English id
    glued = [(w, t) for w, t in english.items() if " / " in t or re.search(r"[ąćęłńóśźż]", t)]
    assert glued == []
