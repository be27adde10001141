"""Lexicon commands: ``check``, ``anagram`` and ``lexicon build|info|list|ensure``.

The default lexicon is SJP.PL's list of 2022-03-01 — **not** the official OSPS
list; every header that names it says so. Imports of the lexicon itself are
done inside the commands, so ``plansza check`` starts quickly.

Exit codes (:mod:`plansza.cli.common`): ``check`` 0 when every word is valid,
1 when not; 2 for unusable input (an unreadable list, an unknown lexicon, and
``lexicon build --strict`` on a list with letters outside the tile set).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import typer

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
from plansza.i18n import tr

if TYPE_CHECKING:
    from plansza.lexicon import Lexicon

MESSAGES = {
    "header_default": {
        "pl": "Słownik: {name} (SJP.PL, 2022-03-01 — to nie jest oficjalny słownik OSPS)",
        "en": "Lexicon: {name} (SJP.PL, 2022-03-01 — this is not the official OSPS)",
    },
    "header_other": {
        "pl": "Słownik: {name} ({words} słów)",
        "en": "Lexicon: {name} ({words} words)",
    },
    "valid": {"pl": "DOPUSZCZALNE", "en": "VALID"},
    "invalid": {"pl": "NIEDOPUSZCZALNE", "en": "NOT VALID"},
    "valid_all": {
        "pl": "DOPUSZCZALNE — wszystkie podane słowa są w słowniku",
        "en": "VALID — every word given is in the lexicon",
    },
    "invalid_joint": {
        "pl": "NIEDOPUSZCZALNE — ruch nie jest dopuszczalny (TR 4.7.11: bez wskazania słowa)",
        "en": "NOT VALID — the play is not acceptable (TR 4.7.11: no word is singled out)",
    },
    "no_words": {"pl": "podaj co najmniej jedno słowo", "en": "give at least one word"},
    "need_rack_or_pattern": {
        "pl": "podaj stojak (RACK) lub wzorzec (--pattern)",
        "en": "give a rack (RACK) or a pattern (--pattern)",
    },
    "found": {"pl": "znaleziono: {count}", "en": "found: {count}"},
    "found_limited": {
        "pl": "znaleziono: {count} (pokazano pierwsze {limit}; zwiększ --limit)",
        "en": "found: {count} (the first {limit} shown; raise --limit)",
    },
    "reading": {"pl": "Czytanie {path}", "en": "Reading {path}"},
    "compiling": {"pl": "Kompilacja {name}", "en": "Compiling {name}"},
    "bad_line": {
        "pl": "{source}:{line}: „{text}” — znak spoza zestawu płytek {tiles}",
        "en": "{source}:{line}: '{text}' — a character outside the {tiles} tile set",
    },
    "more_bad": {"pl": "… i {count} innych takich wierszy", "en": "… and {count} more such lines"},
    "strict_refused": {
        "pl": "{count} wierszy ze znakami spoza zestawu płytek; --strict: nic nie zapisano",
        "en": "{count} lines with characters outside the tile set; --strict: nothing written",
    },
    "build_summary": {
        "pl": "Zapisano {path}: {words} słów ({nodes} węzłów, {size} MB) w {seconds:.1f} s",
        "en": "Wrote {path}: {words} words ({nodes} nodes, {size} MB) in {seconds:.1f} s",
    },
    "build_counts": {
        "pl": "wierszy: {lines}; duplikaty: {dups}; pominięte: {bad} (litery), "
        "{short} (1 litera), {long} (ponad 15 liter)",
        "en": "lines: {lines}; duplicates: {dups}; skipped: {bad} (letters), "
        "{short} (1 letter), {long} (over 15 letters)",
    },
    "reserved_name": {
        "pl": "nazwa {name} jest zarezerwowana dla domyślnego słownika",
        "en": "the name {name} is reserved for the default lexicon",
    },
    "empty_list": {
        "pl": "{path}: brak słów do skompilowania",
        "en": "{path}: no words to compile",
    },
    "ready": {"pl": "Gotowe: {path}", "en": "Ready: {path}"},
    "no_cache": {
        "pl": "Uwaga: nie można zapisać pamięci podręcznej {path} ({error}); "
        "słownik będzie kompilowany w pamięci przy każdym użyciu",
        "en": "Warning: cannot write the cache {path} ({error}); "
        "the lexicon will be compiled in memory on each use",
    },
    "info_rows": {
        "pl": "nazwa|słów|węzłów|zestaw płytek|plik|rozmiar|źródło|uwaga",
        "en": "name|words|nodes|tile set|file|size|source|note",
    },
    "not_osps": {
        "pl": "SJP.PL 2022-03-01 (Debian wpolish 20220301-1), CC BY 4.0 — NIE jest to "
        "oficjalny OSPS; zawiera m.in. skróty, których OSPS nie dopuszcza",
        "en": "SJP.PL 2022-03-01 (Debian wpolish 20220301-1), CC BY 4.0 — NOT the "
        "official OSPS; it has some abbreviations OSPS rejects",
    },
    "in_memory": {"pl": "(w pamięci)", "en": "(in memory)"},
    "default_marker": {"pl": "domyślny — SJP.PL, nie OSPS", "en": "default — SJP.PL, not OSPS"},
}

app = typer.Typer(
    help="Słownik: kompilacja list słów, informacje. / Lexicon: compile word lists, information. "
    "Domyślny / default: sjp-20220301 — SJP.PL, nie oficjalny OSPS / not the official OSPS.",
    no_args_is_help=True,
    add_completion=False,
)

LEXICON_HELP = (
    "Słownik: nazwa lub ścieżka / lexicon: name or path "
    "(sjp-20220301 = SJP.PL, nie OSPS / not OSPS)"
)
WordsArgument = typer.Argument(None, help="Słowa / words (SŁOWO… / WORD…)")
WordsFileArgument = typer.Argument(
    ..., help="Lista słów, jedno w wierszu (UTF-8) / word list, one a line"
)
LexiconOption = typer.Option(DEFAULT_LEXICON, "--lexicon", "-l", help=LEXICON_HELP)


def register(root: typer.Typer) -> None:
    """Add ``check``, ``anagram`` and ``lexicon`` (alias ``słownik``) to the root app."""
    root.command("check")(check)
    root.command("sprawdź", hidden=True)(check)
    root.command("anagram")(anagram)
    root.add_typer(app, name="lexicon")
    root.add_typer(app, name="słownik", hidden=True)


def _num(n: int) -> str:
    """A count with thousands grouped: 3 276 062 in Polish, 3,276,062 in English."""
    from plansza.i18n import language

    return f"{n:,}".replace(",", "\u00a0" if language() == "pl" else ",")


def _open(name: str) -> Lexicon:
    from plansza.lexicon import Lexicon

    return Lexicon.load(name)


def _header(lex: Lexicon) -> str:
    if lex.name == DEFAULT_LEXICON:
        return tr(MESSAGES, "header_default", name=lex.name)
    return tr(MESSAGES, "header_other", name=lex.name, words=_num(len(lex)))


def check(
    words: list[str] = WordsArgument,
    each: bool = typer.Option(
        False,
        "--each",
        help="Werdykt dla każdego słowa (poza turniejem) / per-word answer (not in tournaments)",
    ),
    lexicon: str = LexiconOption,
    as_json: bool = typer.Option(False, "--json", help="Wynik jako JSON / output as JSON"),
) -> None:
    """Sprawdź słowa: jeden wspólny werdykt (TR 4.7.11). / Check words: one joint verdict.

    Domyślny słownik to SJP.PL, nie oficjalny OSPS. / The default lexicon is
    SJP.PL, not the official OSPS. Exit 0 when every word is valid, 1 when not.
    """
    raise typer.Exit(run_check(words or [], each=each, lexicon=lexicon, as_json=as_json))


def run_check(words: Sequence[str], *, each: bool, lexicon: str, as_json: bool) -> int:
    """The body of ``plansza check``: print the verdict, return the exit code."""
    if not words:
        fail(tr(MESSAGES, "no_words"), EXIT_INPUT)
    with user_errors():
        lex = _open(lexicon)
    verdicts = [w in lex for w in words]
    ok = all(verdicts)
    if as_json:
        out: dict[str, object] = {"lexicon": lex.name, "valid": ok}
        if each:
            out["words"] = [{"word": w, "valid": v} for w, v in zip(words, verdicts, strict=True)]
        console.print_json(json.dumps(out, ensure_ascii=False))
    else:
        err_console.print(f"[dim]{_header(lex)}[/]", soft_wrap=True)
        if each:
            for word, valid in zip(words, verdicts, strict=True):
                mark = (
                    "[green]" + tr(MESSAGES, "valid")
                    if valid
                    else "[red]" + tr(MESSAGES, "invalid")
                )
                console.print(f"{word.upper()}\t{mark}[/]", soft_wrap=True)
        else:
            verdict = tr(MESSAGES, "valid_all") if ok else tr(MESSAGES, "invalid_joint")
            console.print(f"[bold {'green' if ok else 'red'}]{verdict}[/]", soft_wrap=True)
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
            from plansza.i18n import set_language

            set_language(lang)
        return run_check(words, each=each, lexicon=lexicon, as_json=as_json)
    except ValueError:
        return None  # a bad --lang: let the full CLI word the error
    except typer.Exit as e:
        return int(e.exit_code)


def anagram(
    rack: str = typer.Argument(None, help="Stojak, ? = blank / rack, ? = blank"),
    pattern: str = typer.Option(
        None,
        "--pattern",
        "-p",
        help="Wzorzec: ? jedna litera, * dowolnie wiele / pattern: ? one letter, * any run",
    ),
    partial: bool = typer.Option(
        False,
        "--partial",
        "--sub",
        help="Także słowa z części płytek / also words from some of the tiles",
    ),
    limit: int = typer.Option(
        500, "--limit", min=1, help="Najwyżej tyle słów / at most this many words"
    ),
    lexicon: str = LexiconOption,
    as_json: bool = typer.Option(False, "--json", help="Wynik jako JSON / output as JSON"),
) -> None:
    """Anagramy stojaka i wzorce (nauka słów). / Anagrams of a rack and patterns (word study).

    Domyślny słownik to SJP.PL, nie oficjalny OSPS. / The default lexicon is
    SJP.PL, not the official OSPS.
    Letters made by a blank are shown in lower case, as on the board. With both
    a rack and a pattern, a word must match the pattern and be made from the rack.
    """
    if not rack and not pattern:
        fail(tr(MESSAGES, "need_rack_or_pattern"), EXIT_INPUT)
    with user_errors():
        lex = _open(lexicon)
        found = lex.search(pattern, rack=rack or None, partial=partial or not rack, limit=limit + 1)
    shown = found[:limit]
    if as_json:
        console.print_json(json.dumps([f.notation() for f in shown], ensure_ascii=False))
        return
    err_console.print(f"[dim]{_header(lex)}[/]", soft_wrap=True)
    # Longest words first (what a player looks for), alphabet order within a length.
    for f in sorted(shown, key=lambda f: -len(f.word)):
        console.print(f.notation(), soft_wrap=True)
    key = "found_limited" if len(found) > limit else "found"
    err_console.print(f"[dim]{tr(MESSAGES, key, count=len(shown), limit=limit)}[/]", soft_wrap=True)


@app.command("build")
def build(
    words_file: Path = WordsFileArgument,
    tiles: str = typer.Option(
        "polish", "--tiles", help="Zestaw płytek: polish | english / tile set"
    ),
    output: str = typer.Option(
        None,
        "--output",
        "-o",
        help="Nazwa lub ścieżka .kwg (domyślnie nazwa pliku) / name or .kwg path",
    ),
    strict: bool = typer.Option(
        False,
        "--strict",
        help="Odrzuć listę ze znakami spoza płytek (nic nie zapisuje) / refuse such a list",
    ),
    show: int = typer.Option(
        20, "--show", min=0, help="Ile złych wierszy pokazać / bad lines to show"
    ),
) -> None:
    """Skompiluj listę słów (OSPS, Collins, klubową). / Compile a word list.

    Lines with characters outside the tile set are listed with their numbers and
    skipped (--strict: refused, exit 2, nothing written). Case is folded and
    duplicates are merged; words of 1 letter or over 15 letters are skipped.
    """
    import time

    from plansza.files import write_atomic
    from plansza.lexicon import store
    from plansza.lexicon.core import compile_blob
    from plansza.lexicon.progress import progress_bar
    from plansza.lexicon.wordlist import read_word_list
    from plansza.tiles import TileSet

    with user_errors():
        try:
            tileset = TileSet.by_name(tiles)
        except ValueError as e:
            fail(str(e), EXIT_INPUT)
        name = output or words_file.stem
        if store.is_default(Path(name).stem if name.endswith(store.SUFFIX) else name):
            fail(tr(MESSAGES, "reserved_name", name=name), EXIT_INPUT)
        target = (
            Path(name)
            if name.endswith(store.SUFFIX) or "/" in name or "\\" in name
            else store.named_path(name)
        )
        data = words_file.read_bytes()
        report = read_word_list(data, tileset, source=str(words_file))
        for bad in report.bad[:show]:
            err_console.print(
                tr(
                    MESSAGES,
                    "bad_line",
                    source=words_file,
                    line=bad.line,
                    text=bad.text,
                    tiles=tileset.name,
                ),
                markup=False,
                soft_wrap=True,
                highlight=False,
            )
        if len(report.bad) > show:
            more = _num(len(report.bad) - show)
            err_console.print(tr(MESSAGES, "more_bad", count=more), soft_wrap=True)
        if strict and report.bad:
            fail(tr(MESSAGES, "strict_refused", count=len(report.bad)), EXIT_INPUT)
        if report.accepted == 0:
            fail(tr(MESSAGES, "empty_list", path=words_file), EXIT_INPUT)
        started = time.perf_counter()
        with progress_bar(tr(MESSAGES, "compiling", name=target.stem)) as bar:
            blob = compile_blob(report, name=target.stem, tileset=tileset, progress=bar)
        write_atomic(target, blob)
    from plansza.lexicon import Lexicon

    lex = Lexicon.open(target)
    console.print(
        tr(
            MESSAGES,
            "build_counts",
            lines=_num(report.lines),
            dups=_num(report.accepted - len(lex)),
            bad=_num(len(report.bad)),
            short=_num(len(report.too_short)),
            long=_num(len(report.too_long)),
        ),
        soft_wrap=True,
    )
    console.print(
        tr(
            MESSAGES,
            "build_summary",
            path=target,
            words=_num(len(lex)),
            nodes=_num(lex.kwg.n_nodes),
            size=f"{len(blob) / 1e6:.1f}",
            seconds=time.perf_counter() - started,
        ),
        soft_wrap=True,
    )


@app.command("info")
def info(
    lexicon: str = typer.Argument(DEFAULT_LEXICON, help=LEXICON_HELP),
    as_json: bool = typer.Option(False, "--json", help="Wynik jako JSON / output as JSON"),
) -> None:
    """Informacje o słowniku. / Information about a lexicon."""
    with user_errors():
        lex = _open(lexicon)
    size = lex.path.stat().st_size if lex.path else len(lex.to_bytes())
    note = (
        tr(MESSAGES, "not_osps")
        if lex.name == DEFAULT_LEXICON
        else str(lex.meta.get("description", ""))
    )
    values = [
        lex.name,
        _num(len(lex)),
        _num(lex.kwg.n_nodes),
        lex.tileset.name,
        str(lex.path) if lex.path else tr(MESSAGES, "in_memory"),
        f"{size / 1e6:.1f} MB",
        str(lex.meta.get("source", "")),
        note,
    ]
    if as_json:
        data = {
            "name": lex.name,
            "words": len(lex),
            "nodes": lex.kwg.n_nodes,
            "tileset": lex.tileset.name,
            "path": str(lex.path) if lex.path else None,
            "bytes": size,
            "source": lex.meta.get("source"),
            "note": note,
        }
        console.print_json(json.dumps(data, ensure_ascii=False))
        return
    for label, value in zip(tr(MESSAGES, "info_rows").split("|"), values, strict=True):
        if value:
            console.print(f"[bold]{label}:[/] {value}", soft_wrap=True)


@app.command("list")
def list_lexicons() -> None:
    """Dostępne słowniki. / Available lexicons."""
    from plansza.lexicon import store

    console.print(f"{DEFAULT_LEXICON}\t({tr(MESSAGES, 'default_marker')})", soft_wrap=True)
    for name in store.list_named():
        console.print(f"{name}\t{store.named_path(name)}", soft_wrap=True)


@app.command("ensure")
def ensure() -> None:
    """Skompiluj domyślny słownik, jeśli trzeba. / Build the default lexicon if needed.

    A cache directory that cannot be written is not an error (``make setup`` must
    not fail on a read-only home): the lexicon is then compiled in memory when used.
    """
    from plansza.lexicon import ensure_default, store

    with user_errors():
        try:
            path = ensure_default(progress=True)
        except OSError as e:
            where = store.cache_dir()
            err_console.print(tr(MESSAGES, "no_cache", path=where, error=e), soft_wrap=True)
            return
    err_console.print(tr(MESSAGES, "ready", path=path), soft_wrap=True)


def _standalone() -> typer.Typer:
    """A root app with only the lexicon commands: ``python -m plansza.cli.lexicon``.

    It skips importing every other subsystem's CLI, for scripts that check
    many words one process at a time.
    """
    root = typer.Typer(
        name="plansza-lexicon",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )

    @root.callback()
    def _lang(lang: str = typer.Option(None, "--lang", help="pl | en")) -> None:
        if lang:
            from plansza.i18n import set_language

            set_language(lang)

    register(root)
    return root


if __name__ == "__main__":
    import sys

    code = fast_check(sys.argv[1:])
    if code is None:
        _standalone()()
    sys.exit(code)
