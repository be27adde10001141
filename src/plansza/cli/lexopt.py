"""Which lexicon a command given a CGP position uses: ``--lexicon`` or the CGP's ``lex`` op.

Every command that takes ``--cgp`` and ``--lexicon`` (``plansza moves``,
``plansza duplikat top --cgp``) asks :func:`choose_lexicon` and loads what it
returns with ``Lexicon.load``. The rules, in order:

1. an explicit ``--lexicon`` wins; if the CGP's op names another lexicon, one
   note on stderr says which one is used;
2. otherwise the op's lexicon, when plansza knows it: one of the default's
   names (``sjp-20220301``, ``sjp``, ``default``) or a lexicon the user compiled
   with ``plansza lexicon build -o NAME``;
3. an op naming a lexicon plansza does not have (a CGP pasted from another
   program: ``lex OSPS49;``, ``lex NWL20;``) gets one warning on stderr, and the
   default SJP.PL list — not the official OSPS — is used;
4. no op and no option: the default, as before.

The op is only ever taken as a *name*, never as a path: a position pasted from
elsewhere must not make plansza open an arbitrary file.
"""

from __future__ import annotations

import typer

from plansza.cli.common import DEFAULT_LEXICON, err_console
from plansza.cli.i18n import text_of
from plansza.errors import N_

#: ``--lexicon`` of a command given a CGP: no default, so that choose_lexicon can
#: tell an explicit choice from the CGP's op.
CgpLexiconOption = typer.Option(
    None,
    "--lexicon",
    "-l",
    help=N_(
        "Lexicon: name or path; default: the CGP's lex op, else sjp-20220301 (SJP.PL, not OSPS)"
    ),
    show_default=False,
)

MESSAGES = {
    "option_wins": N_(
        "Note: the CGP names the lexicon '{op}'; using '{used}' given with --lexicon."
    ),
    "unknown_op": N_(
        "Warning: the CGP names an unknown lexicon '{op}' (lex {op};) — using the default "
        "SJP.PL list ({default}) instead, which is not the official OSPS."
    ),
}


def choose_lexicon(option: str | None, cgp_lex: str | None) -> str:
    """What to pass to ``Lexicon.load`` for ``--lexicon`` (``None`` if not given) and
    the CGP's ``lex`` op (``Position.lexicon``; ``None`` if the CGP has none).

    Prints at most one line on stderr (a note or a warning, see the module
    docstring) and never fails: an unknown ``--lexicon`` is left for
    ``Lexicon.load`` to report.

    >>> choose_lexicon(None, None)            # neither: the default, as always
    'sjp-20220301'
    >>> choose_lexicon(None, "sjp")           # the op names the default by an alias
    'sjp'
    >>> choose_lexicon("sjp", "SJP-20220301") # the same lexicon twice: no note
    'sjp'
    >>> choose_lexicon(None, "OSPS49")        # unknown op: a warning on stderr, the default
    'sjp-20220301'

    A lexicon the user compiled (``plansza lexicon build -o klub``) is returned as
    the path of its file, so that a file called ``klub`` in the current directory
    cannot stand in for it.
    """
    from plansza.services.lexicon import choose_lexicon as choose

    op = (cgp_lex or "").strip()
    choice = choose(option, cgp_lex)
    if choice.note == "option_wins":
        _warn("option_wins", op=op, used=choice.name)
    elif choice.note == "unknown_op":
        _warn("unknown_op", op=op, default=DEFAULT_LEXICON)
    return choice.name


def _warn(key: str, **fields: str) -> None:
    # markup=False: a lexicon name from a pasted CGP is text, whatever brackets it has
    err_console.print(
        text_of(MESSAGES[key], **fields), style="yellow", markup=False, soft_wrap=True
    )
