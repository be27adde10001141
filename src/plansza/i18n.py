"""Messages in Polish and English for everything a user sees.

Each user-facing module keeps its own catalogue, a mapping from a key to the
Polish and English text; :func:`tr` picks the current language. Polish is the
default (the project's users are Polish players and referees); ``PLANSZA_LANG=en``
or the CLI's ``--lang en`` switch to English.

>>> CATALOGUE = {"hello": {"pl": "Cześć, {name}!", "en": "Hello, {name}!"}}
>>> set_language("en"); tr(CATALOGUE, "hello", name="Ala")
'Hello, Ala!'
>>> set_language("pl"); tr(CATALOGUE, "hello", name="Ala")
'Cześć, Ala!'
"""

from __future__ import annotations

import os
from collections.abc import Mapping

LANGUAGES = ("pl", "en")
Catalogue = Mapping[str, Mapping[str, str]]

_current = os.environ.get("PLANSZA_LANG", "pl")[:2].lower()
if _current not in LANGUAGES:
    _current = "pl"


def set_language(lang: str) -> None:
    """Set the language of messages (``"pl"`` or ``"en"``)."""
    global _current
    lang = lang[:2].lower()
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; use one of {', '.join(LANGUAGES)}")
    _current = lang


def language() -> str:
    """The current language code."""
    return _current


def tr(catalogue: Catalogue, key: str, /, **fields: object) -> str:
    """The message ``key`` of ``catalogue`` in the current language, formatted."""
    entry = catalogue[key]
    text = entry.get(_current) or entry["en"]
    return text.format(**fields) if fields else text
