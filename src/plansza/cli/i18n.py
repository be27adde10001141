"""The command line's language: one per process, chosen before any text is printed.

The language comes from ``--lang`` (read by :mod:`plansza.cli.entry` before the
commands are built, so that ``--help`` is in it too), else ``PLANSZA_LANG``, else
Polish. Everything the CLI prints goes through :func:`_` (and :func:`ngettext`) with
an English message id, and errors through :func:`describe`.

>>> use("en"); _("Round {round}", round=3)
'Round 3'
>>> use("pl"); _("Round {round}", round=3)
'Runda 3'
"""

from __future__ import annotations

import os

from plansza import i18n
from plansza.errors import PlanszaError
from plansza.i18n import (
    DEFAULT_LANGUAGE,
    Translator,
    UnknownLanguageError,
    language_code,
)

_lang = DEFAULT_LANGUAGE


def environment_language() -> str | None:
    """The language ``PLANSZA_LANG`` asks for, or None if unset (an unknown one raises)."""
    value = os.environ.get("PLANSZA_LANG", "").strip()
    return language_code(value) if value else None


def use(lang: str) -> None:
    """Speak ``lang`` (``"pl"`` or ``"en"``) from now on in this process."""
    global _lang
    _lang = language_code(lang)


def current() -> str:
    """The language the CLI speaks."""
    return _lang


def _translator() -> Translator:
    return i18n.translator(_lang)


def t() -> Translator:
    """The translator of the CLI's language."""
    return _translator()


def _(msgid: str, /, **fields: object) -> str:
    """``msgid`` in the CLI's language, its ``{fields}`` filled."""
    text = _translator().gettext(msgid)
    return text.format(**fields) if fields else text


def pgettext(context: str, msgid: str, /, **fields: object) -> str:
    """``msgid`` in the sense ``context`` gives it (``"Pl."``: a place, or a player)."""
    text = _translator().pgettext(context, msgid)
    return text.format(**fields) if fields else text


def text_of(msgid: str, /, **fields: object) -> str:
    """Like :func:`_`, for a message id held in a table (marked there with ``N_``)."""
    return _(msgid, **fields)


def ngettext(singular: str, plural: str, n: int, /, **fields: object) -> str:
    """The form of the message for the number ``n`` (Polish: 1, 2–4, 5+), filled."""
    text = _translator().ngettext(singular, plural, n)
    return text.format(**fields) if fields else text


def describe(error: PlanszaError, *, where: bool = True) -> str:
    """A domain error in the CLI's language (``where``: with its file and line)."""
    from plansza.i18n import describe as describe_in

    return describe_in(error, _translator(), where=where)


__all__ = [
    "UnknownLanguageError",
    "_",
    "current",
    "describe",
    "environment_language",
    "ngettext",
    "pgettext",
    "t",
    "text_of",
    "use",
]
