"""The engine's errors in the user's language, by reason code.

The engine raises errors with an English message, a stable ``reason`` code and the
facts behind it (``details``); this module words them in Polish or English for
whatever shows them to a person (the CLI, later the web app).

>>> from plansza.errors import IllegalMoveError
>>> from plansza.i18n import set_language
>>> e = IllegalMoveError("gap", "the tiles leave a gap at I9", square="I9")
>>> set_language("pl"); describe(e)
'między płytkami jest przerwa na polu I9'
>>> set_language("en"); describe(e)
'the tiles leave a gap at I9'
>>> set_language("pl")
"""

from __future__ import annotations

from plansza.errors import IllegalActionError, IllegalMoveError
from plansza.i18n import language

REASONS: dict[str, str] = {
    # placement (GR, TR 3.2.3)
    "off_board": "{move}: słowo wychodzi poza planszę",
    "not_whole_word": "{move}: słowo ciągnie się dalej na polu {square}; zapisz całe słowo główne",
    "mismatch": "{move}: na polu {square} leży {board}, a nie {letter}",
    "through_mismatch": (
        "{move}: w nawiasach zapisuje się litery leżące już na planszy, i tylko je (pole {square})"
    ),
    "no_new_tiles": "{move}: wszystkie litery już leżą na planszy",
    "too_many_tiles": "{move}: {count} nowych płytek, więcej niż mieści stojak",
    "first_play_centre": "pierwszy ruch musi przechodzić przez środkowe pole H8",
    "first_play_too_short": "pierwszy ruch musi mieć co najmniej {count} płytki",
    "not_connected": "żadna nowa płytka ({squares}) nie styka się z płytkami na planszy",
    "not_in_line": "płytki ({squares}) nie leżą w jednym wierszu ani w jednej kolumnie",
    "gap": "między płytkami jest przerwa na polu {square}",
    "occupied": "pole {square} jest już zajęte",
    "duplicate_square": "dwie płytki na polu {square}",
    "single_letter": "płytka na polu {square} nie tworzy słowa",
    "not_on_rack": "{move}: na stojaku {rack} brakuje {tiles}",
    "invalid_word": "{move}: ruch tworzy słowo spoza słownika",
    # game actions
    "game_over": "partia jest już zakończona",
    "pending_play": "ruch przeciwnika czeka na zatwierdzenie albo sprawdzenie",
    "no_pending_play": "nie ma ruchu do zatwierdzenia ani do sprawdzenia",
    "no_word_list": "do sprawdzania słów potrzebny jest słownik",
    "bad_challenger": "nie można sprawdzać własnego ruchu",
    "not_formed": "{word} nie jest jednym z utworzonych słów: {words}",
    "exchange_size": "wymienia się od 1 do 7 płytek",
    "bag_too_small": (
        "wymiana niedozwolona: w woreczku jest {bag} płytek, potrzeba co najmniej {need} "
        "(TR 4.3.1); wykonaj ruch albo pauzuj"
    ),
    "exchange_limit": (
        "wymiana niedozwolona: wykonano już {limit} wymiany (TR 4.3.1); wykonaj ruch albo pauzuj"
    ),
    "penalty": "kara to dodatnia wielokrotność 5 punktów, nie {points}",
    "walkover": "walkower to co najmniej 400 punktów (TR 7.2), nie {points}",
}


def describe(error: Exception) -> str:
    """The error's message in the current language (English: the engine's own text)."""
    if language() == "pl" and isinstance(error, IllegalMoveError | IllegalActionError):
        template = REASONS.get(error.reason)
        if template is not None:
            try:
                return template.format(**error.details)
            except (KeyError, IndexError):
                pass  # details missing for this raise site: fall back to English
    return str(error)
