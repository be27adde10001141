"""RR §4: the conditions of a ranked tournament that the program can see.

Time per player (≥ 15 minutes), rounds (≥ 6 and ≤ the number of players, in
each division when the field is divided),
the criteria (first big points, second the sum or the difference of small
points) and the days (non-working days; one working day between days off is
allowed — only weekends are known here, public holidays are not).

>>> from plansza.tournament.model import Settings, State
>>> s = State(Settings("T", 5, "halving", minutes=10, dates=("2026-05-02",)))
>>> [ok for ok, _ in check(s)]
[False, False, False, True, True]
"""

from __future__ import annotations

from datetime import date
from gettext import NullTranslations

from plansza.errors import N_
from plansza.i18n import Translator
from plansza.tournament.categories import divisions
from plansza.tournament.days import days_of_play
from plansza.tournament.model import State

M: dict[str, str] = {
    "time_ok": N_("time: {m} min per player (RR §4: at least 15)"),
    "rounds_min": N_("rounds: {r} (RR §4: at least 6)"),
    "rounds_players": N_("rounds {r} not more than players {p} (RR §4)"),
    "rounds_division": N_("division {d}: rounds {r} not more than players {p} (RR §4)"),
    "criteria": N_("criteria: {c} (RR §4: big points first, then small points sum or spread)"),
    "days": N_(
        "days: {d} (RR §4: non-working days; one working day between days off allowed; public "
        "holidays not checked)"
    ),
}

#: The criteria of the standings in words (Settings.criteria holds their keys).
CRITERIA_WORDS: dict[str, str] = {
    "big_points": N_("big points"),
    "small_points": N_("the sum of small points"),
    "spread": N_("the spread"),
    "games": N_("games played"),
    "head_to_head": N_("the games between them"),
    "lot": N_("a lot"),
}


def _days_ok(days: list[date]) -> bool:
    # RR §4: weekends; a single working day is allowed between days off.
    for i, d in enumerate(days):
        if d.weekday() >= 5:
            continue
        prev_off = i > 0 and days[i - 1].weekday() >= 5 and (d - days[i - 1]).days == 1
        next_off = i + 1 < len(days) and days[i + 1].weekday() >= 5 and (days[i + 1] - d).days == 1
        if not (prev_off and next_off):
            return False
    return True


def check(state: State, t: Translator | None = None) -> list[tuple[bool, str]]:
    """(passed, message) for each RR §4 condition the program can see, the message in
    the language of ``t`` (English without one)."""
    words = t or NullTranslations()

    def tr(table: dict[str, str], key: str, /, **fields: object) -> str:
        return words.gettext(table[key]).format(**fields)

    s = state.settings
    players = len(state.players)
    crit = s.criteria
    crit_ok = len(crit) >= 2 and crit[0] == "big_points" and crit[1] in ("small_points", "spread")
    # RR §4 looks at the days played: the declared ones and the days of play started
    # since (a second day on another date than declared counts as it was played)
    days = [date.fromisoformat(d) for d in days_of_play(state)]
    # RR §4: "w turniejach dywizyjnych/grupowych w każdej z dywizji/grup"
    groups = divisions(state)
    per_group = [
        (s.rounds <= len(pids), tr(M, "rounds_division", d=d or "—", r=s.rounds, p=len(pids)))
        for d, pids in groups.items()
    ] or [(s.rounds <= players, tr(M, "rounds_players", r=s.rounds, p=players))]
    return [
        (s.minutes >= 15, tr(M, "time_ok", m=s.minutes)),
        (s.rounds >= 6, tr(M, "rounds_min", r=s.rounds)),
        *per_group,
        (crit_ok, tr(M, "criteria", c=", ".join(words.gettext(CRITERIA_WORDS[c]) for c in crit))),
        (bool(days) and _days_ok(days), tr(M, "days", d=", ".join(map(str, days)) or "—")),
    ]
