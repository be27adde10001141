"""Belgijka's words for people, in Polish (default) and English.

Card verdicts and refusals carry a reason code and their facts; this module
words them (:func:`verdict_text`, :func:`describe`).

>>> from plansza.duplicate.cards import Verdict
>>> from plansza.i18n import set_language
>>> v = Verdict("wrong_score", play="H8 KOT", real_score=10,
...             details={"move": "H8 KOT", "declared": 12, "real": "10"})
>>> verdict_text(v)
'H8 KOT: zadeklarowano 12 pkt, ruch jest wart 10 (II.8, II.9) — 0 pkt'
>>> set_language("en"); verdict_text(v); set_language("pl")
'H8 KOT: declared 12, the move is worth 10 (II.8, II.9) — 0 points'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from plansza.errors import IllegalActionError
from plansza.i18n import tr

if TYPE_CHECKING:
    from plansza.duplicate.cards import Verdict

VERDICTS: dict[str, dict[str, str]] = {
    "ok": {"pl": "{move}: poprawny, {score} pkt", "en": "{move}: correct, {score} points"},
    "no_card": {
        "pl": "brak karty ruchu (II.7) — 0 pkt",
        "en": "no move card handed in (II.7) — 0 points",
    },
    "excluded": {
        "pl": "zawodnik wykluczony z tego ruchu (kara) — 0 pkt",
        "en": "the player is excluded from this move (penalty) — 0 points",
    },
    "override": {
        "pl": "decyzja sędziego: {score} pkt ({reason})",
        "en": "referee's decision: {score} points ({reason})",
    },
    "unreadable": {
        "pl": "nieczytelna karta „{text}”: potrzebna współrzędna i słowo, np. H8 SŁOWO (II.5) "
        "— 0 pkt",
        "en": "unreadable card '{text}': a coordinate and a word are needed, e.g. H8 SŁOWO "
        "(II.5) — 0 points",
    },
    "bad_coordinate": {
        "pl": "nieczytelna współrzędna „{coordinate}”: kolumna A–O i wiersz 1–15; poziomo "
        "najpierw litera (H8), pionowo najpierw liczba (8H) (II.6) — 0 pkt",
        "en": "unreadable coordinate '{coordinate}': column A–O and row 1–15; across letter "
        "first (H8), down number first (8H) (II.6) — 0 points",
    },
    "bad_word": {
        "pl": "nieczytelne słowo „{word}”: tylko polskie litery, od 2 do 15 (II.5) — 0 pkt",
        "en": "unreadable word '{word}': Polish letters only, 2 to 15 of them (II.5) — 0 points",
    },
    "no_score": {
        "pl": "na karcie brak wartości punktowej ruchu (II.5) — 0 pkt",
        "en": "the card gives no score for the move (II.5) — 0 points",
    },
    "bad_blanks": {
        "pl": "blanki „{blanks}” to nie litery (II.5) — 0 pkt",
        "en": "the blanks '{blanks}' are not letters (II.5) — 0 points",
    },
    "off_board": {
        "pl": "{move}: słowo wychodzi poza planszę — 0 pkt",
        "en": "{move}: the word runs off the board — 0 points",
    },
    "not_on_board": {
        "pl": "{move}: słowo nie pasuje do planszy — na polu {square} leży {board}, a nie "
        "{letter} — 0 pkt",
        "en": "{move}: the word does not fit the board — {square} holds {board}, not "
        "{letter} — 0 points",
    },
    "not_whole_word": {
        "pl": "{move}: słowo ciągnie się dalej na polu {square}; na karcie zapisuje się całe "
        "słowo główne (II.5) — 0 pkt",
        "en": "{move}: the word goes on at {square}; the card names the whole main word "
        "(II.5) — 0 points",
    },
    "no_new_tiles": {
        "pl": "{move}: wszystkie litery już leżą na planszy — 0 pkt",
        "en": "{move}: every letter is already on the board — 0 points",
    },
    "wrong_orientation": {
        "pl": "{move}: słowo pasuje tylko w drugą stronę ({fits}); poziomo najpierw "
        "litera, pionowo najpierw liczba (II.6) — 0 pkt",
        "en": "{move}: the word fits only the other way ({fits}); across is letter "
        "first, down number first (II.6) — 0 points",
    },
    "blank_not_in_word": {
        "pl": "{move}: blanku {letter} nie ma wśród nowych płytek — 0 pkt",
        "en": "{move}: the blank {letter} is not among the new tiles — 0 points",
    },
    "too_many_blanks": {
        "pl": "{move}: zadeklarowano {count} blank(i), a stojak {rack} ma mniej — 0 pkt",
        "en": "{move}: {count} blank(s) declared, the rack {rack} has fewer — 0 points",
    },
    "blank_not_declared": {
        "pl": "{move}: litery {letters} wymagają blanku, a karta go nie określa (II.5) — 0 pkt",
        "en": "{move}: the letters {letters} need a blank the card does not name (II.5) — 0 points",
    },
    "not_from_rack": {
        "pl": "{move}: na stojaku {rack} nie ma {tiles} (II.1) — 0 pkt",
        "en": "{move}: the rack {rack} has no {tiles} (II.1) — 0 points",
    },
    "not_connected": {
        "pl": "{move}: słowo nie styka się z płytkami na planszy — 0 pkt",
        "en": "{move}: the word touches no tile on the board — 0 points",
    },
    "first_play_centre": {
        "pl": "{move}: pierwszy ruch musi przechodzić przez pole H8 — 0 pkt",
        "en": "{move}: the first move must cover H8 — 0 points",
    },
    "first_play_too_short": {
        "pl": "{move}: pierwszy ruch musi mieć co najmniej dwie płytki — 0 pkt",
        "en": "{move}: the first move needs at least two tiles — 0 points",
    },
    "invalid_word": {
        "pl": "{move}: słowa spoza słownika: {words} (II.8) — 0 pkt",
        "en": "{move}: words not in the lexicon: {words} (II.8) — 0 points",
    },
    "wrong_score": {
        "pl": "{move}: zadeklarowano {declared} pkt, ruch jest wart {real} (II.8, II.9) — 0 pkt",
        "en": "{move}: declared {declared}, the move is worth {real} (II.8, II.9) — 0 points",
    },
}

ERRORS: dict[str, dict[str, str]] = {
    "no_game": {
        "pl": "nie rozpoczęto partii: plansza duplikat partia",
        "en": "no game has been started: plansza duplicate game",
    },
    "game_open": {
        "pl": "partia {game} jeszcze trwa",
        "en": "game {game} is still being played",
    },
    "all_games_played": {
        "pl": "rozegrano już wszystkie partie ({games})",
        "en": "every game has been played ({games})",
    },
    "game_over": {
        "pl": "partia {game} jest zakończona ({end})",
        "en": "game {game} is over ({end})",
    },
    "move_open": {
        "pl": "ruch {move} jest otwarty: wpisz karty i zamknij go (next)",
        "en": "move {move} is open: enter the cards and close it (next)",
    },
    "no_open_move": {
        "pl": "żaden ruch nie jest otwarty: wylosuj stojak (draw)",
        "en": "no move is open: draw a rack (draw)",
    },
    "no_move": {
        "pl": "partia {game} nie ma ruchu {move}",
        "en": "game {game} has no move {move}",
    },
    "unknown_game": {
        "pl": "nie rozpoczęto partii {game}",
        "en": "game {game} has not been started",
    },
    "unknown_player": {
        "pl": "nie ma zawodnika {player} (numer stolika albo nazwisko)",
        "en": "no player {player} (a table number or a name)",
    },
    "ambiguous_player": {
        "pl": "„{player}” pasuje do kilku zawodników: {names}; podaj numer stolika",
        "en": "'{player}' matches several players: {names}; give the table number",
    },
    "table_taken": {
        "pl": "stolik {number} jest już zajęty przez {name}",
        "en": "table {number} is already taken by {name}",
    },
    "bad_table": {
        "pl": "numer stolika to liczba od 1, nie {number}",
        "en": "a table number is a whole number from 1, not {number}",
    },
    "empty_name": {"pl": "puste nazwisko zawodnika", "en": "an empty player name"},
    "no_placement": {
        "pl": "stojak {rack} nie daje żadnego ułożenia: ruch jest pauzą dla wszystkich",
        "en": "the rack {rack} has no placement: the move is a pass for everyone",
    },
    "bad_choice": {
        "pl": "nie ma propozycji numer {index}; lista ma {count} pozycji",
        "en": "there is no candidate number {index}; the list has {count}",
    },
    "illegal_choice": {
        "pl": "{move} nie jest dozwolonym ruchem z tego stojaka: {why}",
        "en": "{move} is not a legal move of this rack: {why}",
    },
    "not_top": {
        "pl": "{move} ({score} pkt) nie jest najdroższym ruchem ({top} pkt); zwycięski ruch to "
        "ruch najdroższy (II.11–II.13) — by mimo to go wybrać, dodaj --force",
        "en": "{move} ({score}) is not the highest-scoring move ({top}); the winning move is the "
        "highest-scoring one (II.11–II.13) — add --force to choose it anyway",
    },
    "bad_score": {
        "pl": "punkty to liczba całkowita od 0, nie {score}",
        "en": "a score is a whole number from 0, not {score}",
    },
    "bad_penalty": {
        "pl": "nieznana kara {kind}: upomnienie (warning), ruch (move), partia (game)",
        "en": "unknown penalty {kind}: warning, move (next move), game (rest of the game)",
    },
    "no_ties": {
        "pl": "w klasyfikacji nie ma miejsc ex aequo — nie ma czego losować",
        "en": "no shared places in the standings — nothing to draw lots for",
    },
    "bad_file": {
        "pl": "{path}: to nie jest plik Belgijki plansza ({why})",
        "en": "{path}: not a plansza Belgijka file ({why})",
    },
}

ENDS: dict[str, dict[str, str]] = {
    "moves": {"pl": "15 ruchów (I.2)", "en": "15 moves (I.2)"},
    "blocked": {
        "pl": "worek pusty, a stojak nie daje ułożenia",
        "en": "the bag is empty and the rack has no placement",
    },
    "tiles_out": {"pl": "skończyły się płytki", "en": "no tiles left"},
}


class DuplicateError(IllegalActionError):
    """A referee's action the state or the rules refuse; nothing was changed."""


def describe(error: Exception) -> str:
    """The message of a :class:`DuplicateError` in the current language."""
    if isinstance(error, DuplicateError) and error.reason in ERRORS:
        fields = dict(error.details)
        if "end" in fields and str(fields["end"]) in ENDS:
            fields["end"] = tr(ENDS, str(fields["end"]))
        try:
            return tr(ERRORS, error.reason, **fields)
        except (KeyError, IndexError):
            pass
    return str(error)


def refuse(reason: str, english: str, **details: object) -> DuplicateError:
    """A :class:`DuplicateError` with ``reason`` (a key of :data:`ERRORS`)."""
    return DuplicateError(reason, english, **details)  # type: ignore[arg-type]  # no plural here


def verdict_text(verdict: Verdict) -> str:
    """One line for a card's verdict, in the current language."""
    fields: dict[str, object] = {
        "move": verdict.play or "",
        "score": verdict.awarded,
        "square": "?",
        "board": "?",
        "letter": "?",
    }
    fields.update(verdict.details)
    template = VERDICTS.get(verdict.reason)
    if template is None:
        return verdict.reason
    try:
        return tr(VERDICTS, verdict.reason, **fields)
    except (KeyError, IndexError):
        return verdict.reason


def end_text(end: str) -> str:
    """Why a game ended, in the current language."""
    return tr(ENDS, end) if end in ENDS else end
