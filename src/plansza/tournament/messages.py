"""Messages of the tournament program, Polish first (see :mod:`plansza.i18n`)."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "manual_only": {
        "pl": "ten turniej jest kojarzony ręcznie: podaj pary opcją --manual",
        "en": "this tournament is paired by hand: give the pairs with --manual",
    },
    "unknown_player": {
        "pl": "nie ma takiego gracza: {who}",
        "en": "no such player: {who}",
    },
    "ambiguous_player": {
        "pl": "„{who}” pasuje do kilku graczy: {names}",
        "en": "'{who}' matches several players: {names}",
    },
    "inactive": {
        "pl": "gracz {name} nie gra w rundzie {round}",
        "en": "{name} does not play in round {round}",
    },
    "paired_twice": {
        "pl": "gracz {name} występuje w kojarzeniu dwa razy",
        "en": "{name} appears twice in the pairing",
    },
    "unpaired": {
        "pl": "w kojarzeniu brakuje graczy: {names}",
        "en": "the pairing leaves out: {names}",
    },
    "no_creation": {
        "pl": "plik nie zawiera turnieju (brak zdarzenia utworzenia)",
        "en": "the file holds no tournament (no creation event)",
    },
    "no_round": {
        "pl": "runda {round} nie jest skojarzona",
        "en": "round {round} has not been paired",
    },
    "bad_score": {
        "pl": "niepoprawny wynik {score} gracza {name}: wynik to liczba całkowita od 0 do 5000",
        "en": "bad score {score} for {name}: a score is a whole number from 0 to 5000",
    },
    "no_pairing": {
        "pl": "w rundzie {round} nie ma pary {a} – {b}",
        "en": "there is no pairing {a} – {b} in round {round}",
    },
    "empty_name": {"pl": "pusta nazwa gracza", "en": "empty player name"},
    "duplicate_player": {
        "pl": "gracz {name} jest już zapisany",
        "en": "{name} is already registered",
    },
    "late_rr": {
        "pl": "nie można dopisać gracza {name}: w turnieju „każdy z każdym” "
        "dopisać można tylko na wolny numer, bez zmiany formatu",
        "en": "cannot add {name}: a round robin takes a late entrant only in the free (odd) slot",
    },
    "round_started": {
        "pl": "runda {round} ma już wyniki — najpierw je cofnij",
        "en": "round {round} already has results — undo them first",
    },
    "wrong_round": {
        "pl": "nie można kojarzyć rundy {round}: następna runda to {next}",
        "en": "cannot pair round {round}: the next round is {next}",
    },
    "over": {
        "pl": "turniej ma tylko {rounds} rund",
        "en": "the tournament has only {rounds} rounds",
    },
    "incomplete": {
        "pl": "runda {round} nie ma jeszcze wszystkich wyników",
        "en": "round {round} still lacks results",
    },
    "too_few": {"pl": "za mało graczy do kojarzenia", "en": "too few players to pair"},
    "duplicate_result": {
        "pl": "wynik pary {a} – {b} w rundzie {round} jest już wpisany "
        "(zmiana: polecenie correct)",
        "en": "the result of {a} – {b} in round {round} is already entered "
        "(to change it: correct)",
    },
    "nothing_to_correct": {
        "pl": "para {a} – {b} w rundzie {round} nie ma jeszcze wyniku",
        "en": "{a} – {b} in round {round} has no result yet",
    },
    "already_paired": {
        "pl": "gracz {name} ma już parę w rundzie {round}",
        "en": "{name} is already paired in round {round}",
    },
    "excluded": {
        "pl": "gracz {name} został wykluczony (TR 7.1) i nie może wrócić",
        "en": "{name} was excluded (TR 7.1) and cannot return",
    },
    "bad_setting": {
        "pl": "nieznane ustawienie {setting}; dostępne: {keys}",
        "en": "unknown setting {setting}; available: {keys}",
    },
    "bad_setting_value": {
        "pl": "niepoprawna wartość ustawienia {setting}: {value}",
        "en": "bad value for the setting {setting}: {value}",
    },
    "file_exists": {"pl": "{path}: plik już istnieje", "en": "{path}: the file exists"},
    "db_has_tournament": {
        "pl": "{path}: baza zawiera już turniej", "en": "{path}: already holds a tournament"
    },
    "not_tournament": {
        "pl": "{path}: to nie jest plik turnieju", "en": "{path}: not a tournament file"
    },
    "nothing_to_undo": {"pl": "nie ma czego cofnąć", "en": "nothing to undo"},
    "no_file": {
        "pl": "brak pliku turnieju (*{suffix}) w {dir} — podaj --db",
        "en": "no tournament file (*{suffix}) in {dir} — give --db",
    },
    "many_files": {
        "pl": "kilka plików turnieju — wskaż jeden opcją --db: {files}",
        "en": "several tournament files — choose one with --db: {files}",
    },
    "t_line": {
        "pl": "oczekiwano: NAZWISKO RANKING PRZECIWNICY...; WYNIKI",
        "en": "expected: NAME RATING OPPONENTS...; SCORES",
    },
    "t_number": {"pl": "„{text}” nie jest liczbą", "en": "'{text}' is not a number"},
    "t_opponent": {
        "pl": "{name}: niepoprawny przeciwnik {opp} w rundzie {round}",
        "en": "{name}: bad opponent {opp} in round {round}",
    },
    "t_back": {
        "pl": "{name}: przeciwnik {opp} z rundy {round} nie wskazuje gracza {me}",
        "en": "{name}: round {round} opponent {opp} does not name {me} back",
    },
    "bad_tables": {
        "pl": "nieczytelne kojarzenie rundy {round}", "en": "unreadable pairing of round {round}"
    },
    "no_bye": {
        "pl": "w rundzie {round} nikt nie pauzuje — zmień kojarzenie: pair --manual",
        "en": "nobody has the bye in round {round} — change the pairing: pair --manual",
    },
    "bad_penalty": {
        "pl": "kara {points}: odejmuje się dodatnią wielokrotność 5 punktów (TR 7.1)",
        "en": "penalty {points}: deduct a positive multiple of 5 points (TR 7.1)",
    },
    "no_game": {
        "pl": "gracz {name} nie gra partii w rundzie {round}",
        "en": "{name} plays no game in round {round}",
    },
    "already_withdrawn": {
        "pl": "gracz {name} jest już wycofany",
        "en": "{name} has already withdrawn",
    },
    "not_withdrawn": {
        "pl": "gracz {name} nie jest wycofany",
        "en": "{name} has not withdrawn",
    },
    "round_paired": {
        "pl": "runda {round} jest już skojarzona",
        "en": "round {round} is already paired",
    },
    "unknown_event": {
        "pl": "nieznany rodzaj zdarzenia: {kind}",
        "en": "unknown event kind: {kind}",
    },
}

# How each event reads in `turniej log`.
LOG: dict[str, dict[str, str]] = {
    "created": {
        "pl": "utworzenie turnieju „{name}” ({system}, rund: {rounds})",
        "en": "tournament '{name}' created ({system}, {rounds} rounds)",
    },
    "player_added": {"pl": "zapis: {name}", "en": "registered: {name}"},
    "paired": {"pl": "kojarzenie rundy {round}: {tables}", "en": "round {round} paired: {tables}"},
    "result": {"pl": "wynik, runda {round}: {a} {sa} – {sb} {b}",
               "en": "result, round {round}: {a} {sa} – {sb} {b}"},
    "correct": {"pl": "POPRAWKA, runda {round}: {a} {sa} – {sb} {b} {note}",
                "en": "CORRECTION, round {round}: {a} {sa} – {sb} {b} {note}"},
    "walkover": {"pl": "walkower, runda {round}: dla {w}, przeciwnik {l}",
                 "en": "walkover, round {round}: to {w}, against {l}"},
    "forfeit": {"pl": "obaj nieobecni, runda {round}: {a}, {b}",
                "en": "both absent, round {round}: {a}, {b}"},
    "bye": {"pl": "pauza, runda {round}: {p}", "en": "bye, round {round}: {p}"},
    "penalty": {"pl": "kara, runda {round}: {p} −{points}",
                "en": "penalty, round {round}: {p} −{points}"},
    "withdraw": {"pl": "wycofanie od rundy {round}: {p}{excluded}",
                 "en": "withdrawn from round {round}: {p}{excluded}"},
    "excluded": {"pl": " (wykluczenie, TR 7.1)", "en": " (excluded, TR 7.1)"},
    "return": {"pl": "powrót od rundy {round}: {p}", "en": "returns from round {round}: {p}"},
    "settings": {"pl": "ustawienia: {changes}", "en": "settings: {changes}"},
    "dates": {"pl": "daty: {dates}", "en": "dates: {dates}"},
    "undo": {"pl": "COFNIĘCIE ostatniego zdarzenia", "en": "UNDO of the latest event"},
    "bye_word": {"pl": "pauza", "en": "bye"},
}
