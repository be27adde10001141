"""Messages in the user's language, through gettext catalogues.

The message ids are English; ``locale/pl/LC_MESSAGES/plansza.po`` holds the Polish
text (the default language of the front ends: the users are Polish players and
referees) and ``locale/en/…`` the English one. The ``.mo`` files are compiled from
them when the package is installed.

Nothing below the front ends reads a language: the domain raises errors with a code,
an English template and details (:mod:`plansza.errors`), and a front end words them
with :func:`describe` and the :func:`translator` of its user's language.

>>> from plansza.errors import N_, IllegalActionError
>>> e = IllegalActionError("no_round", N_("round {round} has not been paired"), round=4)
>>> describe(e, translator("pl"))
'runda 4 nie jest skojarzona'
>>> describe(e, translator("en"))
'round 4 has not been paired'
"""

from __future__ import annotations

import contextlib
import gettext
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Mapping

    from plansza.errors import PlanszaError

LANGUAGES = ("pl", "en")
DEFAULT_LANGUAGE = "pl"
DOMAIN = "plansza"
LOCALE_DIR = Path(__file__).parent / "locale"

Translator = gettext.NullTranslations
"""What a front end words its messages with: ``gettext``, ``ngettext``, ``pgettext``."""


class UnknownLanguageError(ValueError):
    """A language plansza has no catalogue for."""

    def __init__(self, value: str) -> None:
        self.value = value
        super().__init__(f"unknown language {value!r}; use one of {', '.join(LANGUAGES)}")


def language_code(value: str) -> str:
    """The catalogue's code for ``value`` (``"pl"``, ``"en"``, ``"en_GB.UTF-8"`` → ``"en"``).

    >>> language_code("en_GB.UTF-8"), language_code("PL")
    ('en', 'pl')
    """
    code = value.strip().replace("-", "_").split("_")[0].split(".")[0].lower()
    if code not in LANGUAGES:
        raise UnknownLanguageError(value)
    return code


@cache
def translator(lang: str = DEFAULT_LANGUAGE) -> Translator:
    """The compiled catalogue of ``lang`` (``"pl"`` or ``"en"``), loaded once."""
    code = language_code(lang)
    try:
        return gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
    except FileNotFoundError:
        if code == "en":
            # English is the message ids themselves: without a compiled catalogue the
            # texts are right, only the plural rule is gettext's default (also English).
            return gettext.NullTranslations()
        raise RuntimeError(
            f"the {code} message catalogue is not compiled ({LOCALE_DIR}); "
            "reinstall plansza (make setup)"
        ) from None


def describe(
    error: PlanszaError,
    t: Translator,
    *,
    where: bool = True,
    wording: Mapping[str, str] | None = None,
) -> str:
    """The error's message in the language of ``t``, filled from its details.

    A :class:`~plansza.errors.FormatError` is prefixed with where it is (file, line),
    unless ``where`` is false (a list that names the line itself). ``wording`` maps a
    message id to the one a front end says instead (the same details): a refusal that
    tells the command line's user which option to give tells a browser's user which
    field to fill.
    """
    from plansza.errors import FormatError, PlanszaError, Term

    instead = None if wording is None or error.plural is not None else wording.get(error.template)
    if instead is not None:
        text = t.gettext(instead)
    elif error.plural is not None and (n := error.number()) is not None:
        text = t.ngettext(error.template, error.plural, n)
    else:
        text = t.gettext(error.template)
    body = PlanszaError.render(error, text, None)
    if any(isinstance(v, PlanszaError | Term) for v in error.details.values()):
        # An error that names the one behind it ("…refused: {why}") words that one in
        # the same language rather than in the English of its str(); a Term detail is
        # a word of the catalogues.
        fields = {
            k: describe(v, t, where=where, wording=wording)
            if isinstance(v, PlanszaError)
            else t.gettext(v)
            if isinstance(v, Term)
            else v
            for k, v in error.details.items()
        }
        with contextlib.suppress(KeyError, IndexError, ValueError):
            body = text.format(**fields)  # else as rendered above
    if isinstance(error, FormatError) and where:
        return error.placed(body, t.gettext("line {line}: {message}"))
    return body
