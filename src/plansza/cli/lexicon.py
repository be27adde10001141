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
from pathlib import Path

import typer
from rich.text import Text

from plansza.cli.common import (
    DEFAULT_LEXICON,
    EXIT_INPUT,
    console,
    err_console,
    fail,
    lexicon_progress,
    user_errors,
)
from plansza.cli.i18n import _, text_of
from plansza.cli.wordcheck import fast_check, run_check
from plansza.cli.wordcheck import grouped as _num
from plansza.cli.wordcheck import lexicon_header as _header
from plansza.cli.wordcheck import open_lexicon as _open
from plansza.errors import N_
from plansza.files import excerpt

MESSAGES = {
    "valid": N_("VALID"),
    "found": N_("found: {count}"),
    "found_limited": N_("found: {count} (the first {limit} shown; raise --limit)"),
}

app = typer.Typer(
    help=N_(
        "Lexicon: compile word lists, information. Default: sjp-20220301 — SJP.PL, "
        "not the official OSPS."
    ),
    no_args_is_help=True,
    add_completion=False,
)

LEXICON_HELP = N_("Lexicon: name or path (sjp-20220301 = SJP.PL, not OSPS)")
WordsArgument = typer.Argument(None, help=N_("Words (WORD…)"))
WordsFileArgument = typer.Argument(..., help=N_("Word list, one a line"))
LexiconOption = typer.Option(DEFAULT_LEXICON, "--lexicon", "-l", help=LEXICON_HELP)


def register(root: typer.Typer) -> None:
    """Add ``check``, ``anagram`` and ``lexicon`` (alias ``słownik``) to the root app."""
    root.command("check")(check)
    root.command("sprawdź", hidden=True)(check)
    root.command("anagram")(anagram)
    root.add_typer(app, name="lexicon")
    root.add_typer(app, name="słownik", hidden=True)


def check(
    words: list[str] = WordsArgument,
    each: bool = typer.Option(
        False,
        "--each",
        help=N_("Per-word answer (not in tournaments)"),
    ),
    lexicon: str = LexiconOption,
    as_json: bool = typer.Option(False, "--json", help=N_("Output as JSON")),
) -> None:
    """Check words: one joint verdict.

    The default lexicon is SJP.PL, not the official OSPS. Exit 0 when every word is valid, 1
    when not.
    """
    raise typer.Exit(run_check(words or [], each=each, lexicon=lexicon, as_json=as_json))


def anagram(
    rack: str = typer.Argument(None, help=N_("Rack, ? = blank")),
    pattern: str = typer.Option(
        None,
        "--pattern",
        "-p",
        help=N_("Pattern: ? one letter, * any run"),
    ),
    partial: bool = typer.Option(
        False,
        "--partial",
        "--sub",
        help=N_("Also words from some of the tiles"),
    ),
    limit: int = typer.Option(500, "--limit", min=1, help=N_("At most this many words")),
    lexicon: str = LexiconOption,
    as_json: bool = typer.Option(False, "--json", help=N_("Output as JSON")),
) -> None:
    """Anagrams of a rack and patterns (word study).

    The default lexicon is SJP.PL, not the official OSPS. Letters made by a blank are shown in
    lower case, as on the board. With both a rack and a pattern, a word must match the pattern
    and be made from the rack.
    """
    if not rack and not pattern:
        fail(_("give a rack (RACK) or a pattern (--pattern)"), EXIT_INPUT)
    with user_errors():
        lex = _open(lexicon)
        found = lex.search(pattern, rack=rack or None, partial=partial or not rack, limit=limit + 1)
    shown = found[:limit]
    if as_json:
        console.print_json(json.dumps([f.notation() for f in shown], ensure_ascii=False))
        return
    err_console.print(_header(lex), style="dim", soft_wrap=True)
    # Longest words first (what a player looks for), alphabet order within a length.
    for f in sorted(shown, key=lambda f: -len(f.word)):
        console.print(f.notation(), soft_wrap=True)
    key = "found_limited" if len(found) > limit else "found"
    err_console.print(
        text_of(MESSAGES[key], count=len(shown), limit=limit), style="dim", soft_wrap=True
    )


@app.command("build")
def build(  # long: a command: a list read, checked, compiled, told
    words_file: Path = WordsFileArgument,
    tiles: str = typer.Option("polish", "--tiles", help=N_("Tile set")),
    output: str | None = typer.Option(
        None,
        "--output",
        "-o",
        help=N_("Name or .kwg path"),
    ),
    strict: bool = typer.Option(
        False,
        "--strict",
        help=N_("Refuse such a list"),
    ),
    show: int = typer.Option(20, "--show", min=0, help=N_("Bad lines to show")),
) -> None:
    """Compile a word list (OSPS, Collins, a club's).

    Lines with characters outside the tile set are listed with their numbers and
    skipped (--strict: refused, exit 2, nothing written). Case is folded and
    duplicates are merged; words of 1 letter or over 15 letters are skipped.
    """
    import time

    from plansza.files import check_output
    from plansza.services.lexicon import build_target, compile_lexicon, read_words
    from plansza.tiles import TileSet

    with user_errors():
        try:
            tileset = TileSet.by_name(tiles)
        except ValueError:  # tiles.py words it in English only
            fail(_("unknown tile set {name!r}: use polish or english", name=tiles), EXIT_INPUT)
        name = words_file.stem if output is None else output
        if not name.strip():
            check_output(name)  # an empty -o: refused with its reason
        # A path of the user's is refused now, not after the compiling; a bare name
        # goes to the user's lexicon directory, made if missing.
        target, given = build_target(name)
        if given:
            check_output(name)
        report = read_words(words_file, tileset)
        for bad in report.bad[:show]:
            err_console.print(
                _(
                    "{source}:{line}: '{text}' — a character outside the {tiles} tile set",
                    source=words_file,
                    line=bad.line,
                    text=excerpt(bad.text),
                    tiles=tileset.name,
                ),
                markup=False,
                soft_wrap=True,
                highlight=False,
            )
        if len(report.bad) > show:
            more = _num(len(report.bad) - show)
            err_console.print(_("… and {count} more such lines", count=more), soft_wrap=True)
        if strict and report.bad:
            fail(
                _(
                    "{count} lines with characters outside the tile set; --strict: nothing written",
                    count=len(report.bad),
                ),
                EXIT_INPUT,
            )
        if report.accepted == 0:
            fail(_("{path}: no words to compile", path=words_file), EXIT_INPUT)
        started = time.perf_counter()
        label = _("Compiling {name}", name=target.stem)
        compiled = compile_lexicon(report, target, tileset, parents=not given, progress=label)
    lex = compiled.lexicon
    console.print(
        _(
            "lines: {lines}; duplicates: {dups}; skipped: {bad} (letters), {short} (1 letter), "
            "{long} (over 15 letters)",
            lines=_num(report.lines),
            dups=_num(report.accepted - len(lex)),
            bad=_num(len(report.bad)),
            short=_num(len(report.too_short)),
            long=_num(len(report.too_long)),
        ),
        soft_wrap=True,
    )
    console.print(
        _(
            "Wrote {path}: {words} words ({nodes} nodes, {size} MB) in {seconds:.1f} s",
            path=target,
            words=_num(len(lex)),
            nodes=_num(lex.kwg.n_nodes),
            size=f"{compiled.size / 1e6:.1f}",
            seconds=time.perf_counter() - started,
        ),
        soft_wrap=True,
    )


@app.command("info")
def info(
    lexicon: str = typer.Argument(DEFAULT_LEXICON, help=LEXICON_HELP),
    as_json: bool = typer.Option(False, "--json", help=N_("Output as JSON")),
) -> None:
    """Information about a lexicon."""
    with user_errors():
        lex = _open(lexicon)
    size = lex.path.stat().st_size if lex.path else len(lex.to_bytes())
    note = (
        _(
            "SJP.PL 2022-03-01 (Debian wpolish 20220301-1), CC BY 4.0 — NOT the official OSPS; "
            "it has some abbreviations OSPS rejects"
        )
        if lex.name == DEFAULT_LEXICON
        else str(lex.meta.get("description", ""))
    )
    values = [
        lex.name,
        _num(len(lex)),
        _num(lex.kwg.n_nodes),
        lex.tileset.name,
        str(lex.path) if lex.path else _("(in memory)"),
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
    for label, value in zip(
        _("name|words|nodes|tile set|file|size|source|note").split("|"), values, strict=True
    ):
        if value:
            console.print(Text.assemble((f"{label}:", "bold"), " ", str(value)), soft_wrap=True)


@app.command("list")
def list_lexicons() -> None:
    """Available lexicons."""
    from plansza.services.lexicon import user_lexicons

    console.print(f"{DEFAULT_LEXICON}\t({_('default — SJP.PL, not OSPS')})", soft_wrap=True)
    for name, path in user_lexicons():
        console.print(f"{name}\t{path}", soft_wrap=True)


@app.command("ensure")
def ensure() -> None:
    """Build the default lexicon if needed.

    A cache directory that cannot be written is not an error: the lexicon is then
    compiled in memory when used.
    """
    # Not an error, so that `make setup` does not fail on a read-only home.
    from plansza.services.lexicon import ensure_default

    with user_errors():
        done = ensure_default(progress=lexicon_progress())
    if done.path is None:
        err_console.print(
            _(
                "Warning: cannot write the cache {path} ({error}); the lexicon will be "
                "compiled in memory on each use",
                path=done.cache,
                error=done.error,
            ),
            soft_wrap=True,
        )
        return
    err_console.print(_("Ready: {path}", path=done.path), soft_wrap=True)


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
            from plansza.cli.i18n import use as set_language

            set_language(lang)

    register(root)
    return root


if __name__ == "__main__":
    import sys

    code = fast_check(sys.argv[1:])
    if code is None:
        _standalone()()
    sys.exit(code)
