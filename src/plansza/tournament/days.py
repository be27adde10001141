"""The days of play: the date of each day and of each round (TR 4.6.4), and every day
the tournament was played on — what the referee's report lists, the federation's file
dates its games by and RR §4 checks.
"""

from __future__ import annotations

from plansza.tournament.model import State


def day_date(state: State, day: int) -> str:
    """The date of day of play ``day``: the one the referee gave starting it
    (``new-day``), else the tournament's ``day``-th declared date, else — the days of
    a tournament following each other — its first date and ``day - 1`` days ("" with
    no date at all).

    >>> from plansza.tournament.model import Settings, State
    >>> s = State(Settings("T", 7, "halving", dates=("2026-05-02",)))
    >>> day_date(s, 1), day_date(s, 2)
    ('2026-05-02', '2026-05-03')
    >>> s.day_dates[2] = "2026-05-09"
    >>> day_date(s, 2)
    '2026-05-09'
    """
    import datetime

    if day in state.day_dates:
        return state.day_dates[day]
    dates = state.settings.dates
    if not dates:
        return ""
    if day <= len(dates):
        return dates[day - 1]
    first = datetime.date.fromisoformat(dates[0])
    return (first + datetime.timedelta(days=day - 1)).isoformat()


def round_date(state: State, n: int) -> str:
    """The day round ``n`` is played: the date given when it was paired, else the
    date of the day of play it was paired on once the referee started days of play
    (``new-day``, TR 4.6.4: :func:`day_date`), else — all paired on the first day so
    far — the rounds spread evenly over the tournament's declared days ("" without
    any date)."""
    rnd = state.rounds.get(n)
    if rnd is not None and rnd.date:
        return rnd.date
    s = state.settings
    if rnd is not None and (state.day > 1 or rnd.day > 1):
        return day_date(state, rnd.day)
    if not s.dates:
        return ""
    days = len(s.dates)
    per_day = -(-s.rounds // days)
    return s.dates[min(days, (n - 1) // per_day + 1) - 1]


def days_of_play(state: State) -> list[str]:
    """Every day of play, in order: the declared ones and each round's (a day started
    with its date, TR 4.6.4; one started without a declared date is dated by
    :func:`day_date`) — what the referee's report lists and RR §4 checks.

    >>> from plansza.tournament.model import Settings, State, Round
    >>> s = State(Settings("T", 7, "halving", dates=("2026-05-02",)))
    >>> s.rounds[1] = Round(1, [])
    >>> s.day, s.day_dates[2] = 2, "2026-05-05"
    >>> s.rounds[2] = Round(2, [], day=2)
    >>> days_of_play(s)
    ['2026-05-02', '2026-05-05']
    """
    dated = {d for n in state.rounds if (d := round_date(state, n))}
    return sorted(set(state.settings.dates) | dated)
