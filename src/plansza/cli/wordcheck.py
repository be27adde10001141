"""``plansza check``, without Typer: the verdict, and the hand-parsed fast path.

The table checks words several times a game, each time a new process, so this module
imports neither Typer nor the other lexicon commands: :func:`fast_check` parses
``[--lang L] check [--each] [--json] [--lexicon L] WORD...`` by hand and
:func:`run_check` is the body the Typer command (:mod:`plansza.cli.lexicon`) runs too.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text

from plansza.cli.common import (
    DEFAULT_LEXICON,
    EXIT_INPUT,
    EXIT_NEGATIVE,
    EXIT_OK,
    console,
    err_console,
    fail,
    user_errors,
)
from plansza.cli.i18n import _

if TYPE_CHECKING:
    from plansza.services.lexicon import Lexicon

__all__ = ["fast_check", "grouped", "lexicon_header", "open_lexicon", "run_check"]


def grouped(n: int) -> str:
    """A count with thousands grouped: 3 276 062 in Polish, 3,276,062 in English."""
    from plansza.cli.i18n import current as language

    return f"{n:,}".replace(",", "\u00a0" if language() == "pl" else ",")


def open_lexicon(name: str) -> Lexicon:
    from plansza.services.lexicon import load_lexicon

    return load_lexicon(name)


def lexicon_header(lex: Lexicon) -> str:
    if lex.name == DEFAULT_LEXICON:
        return _(
            "Lexicon: {name} (SJP.PL, 2022-03-01 — this is not the official OSPS)", name=lex.name
        )
    return _("Lexicon: {name} ({words} words)", name=lex.name, words=grouped(len(lex)))


def run_check(words: Sequence[str], *, each: bool, lexicon: str, as_json: bool) -> int:
    """The body of ``plansza check``: print the verdict, return the exit code."""
    if not words:
        fail(_("give at least one word"), EXIT_INPUT)
    with user_errors():
        lex = open_lexicon(lexicon)
    verdicts = [w in lex for w in words]
    ok = all(verdicts)
    if as_json:
        out: dict[str, object] = {"lexicon": lex.name, "valid": ok}
        if each:
            out["words"] = [{"word": w, "valid": v} for w, v in zip(words, verdicts, strict=True)]
        console.print_json(json.dumps(out, ensure_ascii=False))
    else:
        err_console.print(lexicon_header(lex), style="dim", soft_wrap=True)
        if each:
            for word, valid in zip(words, verdicts, strict=True):
                mark = (_("VALID"), "green") if valid else (_("NOT VALID"), "red")
                console.print(Text.assemble(word.upper(), "\t", mark), soft_wrap=True)
        else:
            verdict = (
                _("VALID — every word given is in the lexicon")
                if ok
                else _("NOT VALID — the play is not acceptable (TR 4.7.11: no word is singled out)")
            )
            console.print(verdict, style="bold green" if ok else "bold red", soft_wrap=True)
    return EXIT_OK if ok else EXIT_NEGATIVE


def fast_check(argv: Sequence[str]) -> int | None:
    """Run ``[--lang L] check [--each] [--json] [--lexicon L] WORD...`` without Typer.

    Building the whole Typer app and parsing through it costs several times the
    check itself (Typer loads its pydantic adapters; the other subsystems'
    imports). An entry point may call this first: it returns the exit code, or
    ``None`` when ``argv`` is anything else (another command, ``--help``, an
    option it does not know), and then the full CLI should handle ``argv``.

    >>> fast_check(["anagram", "KOT"]) is None, fast_check(["check", "--help"]) is None
    (True, True)
    """
    args = list(argv)
    lang = None
    if args[:1] == ["--lang"] and len(args) >= 2:
        lang, args = args[1], args[2:]
    elif args[:1] and args[0].startswith("--lang="):
        lang, args = args[0].split("=", 1)[1], args[1:]
    if not args or args[0] not in ("check", "sprawdź"):
        return None
    each = as_json = False
    lexicon = DEFAULT_LEXICON
    words: list[str] = []
    rest = iter(args[1:])
    for arg in rest:
        if arg == "--":
            words.extend(rest)
        elif arg == "--each":
            each = True
        elif arg == "--json":
            as_json = True
        elif arg in ("--lexicon", "-l"):
            value = next(rest, None)
            if value is None:
                return None
            lexicon = value
        elif arg.startswith("--lexicon="):
            lexicon = arg.split("=", 1)[1]
        elif arg.startswith("-") and len(arg) > 1:
            return None
        else:
            words.append(arg)
    try:
        if lang:
            from plansza.cli.i18n import use as set_language

            set_language(lang)
        return run_check(words, each=each, lexicon=lexicon, as_json=as_json)
    except ValueError:
        return None  # a bad --lang: let the full CLI word the error
    except RuntimeError as e:
        # typer.Exit (fail() raises it) carries the code; Typer is imported only then.
        code = getattr(e, "exit_code", None)
        if code is None:
            raise
        return int(code)
