"""The append-only event log and its replay.

Every referee action is one :class:`Event`; the tournament :class:`State` is
what replaying them gives: each event's data read into the struct of its kind
(:mod:`plansza.tournament.kinds`) and handed to that kind's function (:data:`APPLY`).
``undo`` is itself an event (so it is on record): it cancels the latest event still
in force. Corrections are events too, stamped with the time they were made.

>>> from plansza.records import dump
>>> from plansza.tournament.model import Settings
>>> log = [
...     Event(1, "created", {"settings": dump(Settings("T", 6, "halving"))}),
...     Event(2, "player_added", {"name": "Ala"}),
...     Event(3, "player_added", {"name": "Ola"}),
...     Event(4, "undo", {}),
... ]
>>> [p.name for p in replay(log).players.values()]
['Ala']
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from plansza.errors import N_, IllegalActionError, PlanszaError
from plansza.i18n import Translator
from plansza.records import load
from plansza.tournament import adjustments, kinds
from plansza.tournament.kinds import decode
from plansza.tournament.messages import LOG, MESSAGES
from plansza.tournament.model import (
    SCHEDULED_BYES,
    Pairing,
    Result,
    Round,
    Settings,
    State,
    manual,
    school_key,
)

MAX_SCORE = 5000


@dataclass(frozen=True)
class Event:
    """One line of the log: its number, kind, data and when it was recorded.

    ``kind`` names what happened: ``created`` (first, read by :func:`replay`), ``undo``
    (honoured by :func:`effective`), and the kinds :func:`apply` handles (``player_added``,
    ``paired``, ``result``, ``walkover``…); :func:`describe` words each one. ``data`` is
    kept as it is stored (JSON); each kind's struct in :mod:`plansza.tournament.kinds`
    says what it holds, and :func:`~plansza.tournament.kinds.decode` reads it.
    """

    seq: int
    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    at: str = ""
    by: str = ""  #: who recorded it (a referee's account, a table's code; "" = the CLI)


Touched = frozenset[tuple[int, ...]] | None
"""What an event changes, for the conflict check: (round, pid) of the games it
touches, (0, pid) of a player's data; ``None`` = the whole tournament."""

_GAME_PLAYERS = {
    "result": ("a", "b"),
    "correct": ("a", "b"),
    "forfeit": ("a", "b"),
    "walkover": ("winner", "loser"),
    "penalty": ("player",),
}


def touches(kind: str, data: dict[str, Any]) -> Touched:
    """What an event of ``kind`` changes: two events conflict when they touch the same
    game or player, or either touches everything (a pairing, the settings, an undo…).

    >>> sorted(touches("result", {"round": 2, "a": 1, "sa": 300, "b": 4, "sb": 250}))
    [(2, 1), (2, 4)]
    >>> touches("player_added", {"name": "Ala"})
    frozenset()
    >>> touches("paired", {"round": 2}) is None
    True
    """
    if kind in _GAME_PLAYERS:
        rnd = data.get("round")
        keys = (data.get(k) for k in _GAME_PLAYERS[kind])
        return (
            frozenset((int(rnd), int(p)) for p in keys if isinstance(p, int))
            if isinstance(rnd, int)
            else None
        )
    if kind == "categories" and isinstance(data.get("player"), int):
        return frozenset({(0, int(data["player"]))})
    if kind in ("player_added", "clock"):
        return frozenset()  # a new player, the round's clock: no one else's data
    return None


def conflicting(newer: Iterable[Event], kind: str, data: dict[str, Any]) -> Event | None:
    """The first of ``newer`` (events recorded since the writer last looked) that
    touches what the new event of ``kind`` would (None: no conflict)."""
    mine = touches(kind, data)
    for e in newer:
        theirs = touches(e.kind, e.data)
        if mine is None or theirs is None or mine & theirs:
            return e
    return None


def effective(events: Iterable[Event]) -> list[Event]:
    """The events in force: each ``undo`` cancels the latest one still in force."""
    out: list[Event] = []
    for e in events:
        if e.kind == "undo":
            if len(out) > 1:  # the creation of the tournament cannot be undone
                out.pop()
        else:
            out.append(e)
    return out


def replay(events: Iterable[Event]) -> State:
    """The state after the log (undo events honoured)."""
    live = effective(events)
    if not live or live[0].kind != "created":
        raise PlanszaError(N_("the file holds no tournament (no creation event)"))
    created = decode("created", live[0].data)
    assert isinstance(created, kinds.Created)
    state = State(load(Settings, created.settings))
    for e in live[1:]:
        apply(state, e)
    return state


def _err(reason: str, key: str, **fields: object) -> IllegalActionError:
    return IllegalActionError(reason, MESSAGES[key], **fields)  # type: ignore[arg-type]  # no plurals


def _player(state: State, pid: object) -> int:
    if not isinstance(pid, int) or pid not in state.players:
        raise _err("unknown_player", "unknown_player", who=pid)
    return pid


def _round(state: State, n: object) -> Round:
    if not isinstance(n, int) or n not in state.rounds:
        raise _err("no_round", "no_round", round=n)
    return state.rounds[n]


def _score(value: object, who: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _err("bad_score", "bad_score", score=value, name=who)
    if value < 0 or value > MAX_SCORE:
        raise _err("bad_score", "bad_score", score=value, name=who)
    return value


def _last_moves(state: State, r: kinds.Result, a: int, b: int) -> tuple[int, int] | None:
    """SCH: the players' last moves (in the order a, b) that decide a tie, checked."""
    value = r.last
    if value is None and (r.sa != r.sb or state.settings.tie_rule != "higher_last_move"):
        return None
    names = state.players[a].name, state.players[b].name
    if value is None:
        raise _err(
            "tie_needs_last_move", "tie_needs_last_move", a=names[0], b=names[1], sa=r.sa, sb=r.sb
        )
    if state.settings.tie_rule != "higher_last_move":
        raise _err("last_move_unused", "last_move_unused", a=names[0], b=names[1])
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise _err("bad_last_move", "bad_last_move", value=value, name=names[0])
    return _score(value[0], names[0]), _score(value[1], names[1])


def _table(state: State, rnd: Round, a: int, b: int) -> Pairing:
    pa = rnd.pairing_of(a)
    if pa is None or b not in pa.players() or a == b or pa.second is None:
        raise _err(
            "no_pairing",
            "no_pairing",
            a=state.players[a].name,
            b=state.players[b].name,
            round=rnd.number,
        )
    return pa


#: What a referee may change once the tournament exists (the rounds and the system stay);
#: what each may hold is in the annotations of :class:`Settings`.
SETTABLE = frozenset({
    "criteria", "final_criteria", "bye_score", "bye_big_points", "exclude_best_wins",
    "exclude_best_places", "repeats", "group_range", "adjustment_formula", "prize_places",
    "elimination", "seed", "team_size", "team_limit", "tie_rule", "minutes", "name",
    "referee", "venue", "round_minutes", "category", "assistants", "referee_plays",
    "internship", "exam",
})  # fmt: skip


def changed_settings(settings: Settings, changes: dict[str, Any]) -> Settings:
    """``settings`` with ``changes``; unknown settings and values that do not fit the
    annotations of :class:`Settings` are refused (nothing changes)."""
    from plansza.records import RecordError

    for key in changes:
        if key not in SETTABLE:
            raise _err("bad_setting", "bad_setting", setting=key, keys=", ".join(sorted(SETTABLE)))
    try:
        return settings.with_(**changes)
    except RecordError as e:
        key = e.field.split(".")[0].split("[")[0]
        raise _err(
            "bad_setting_value", "bad_setting_value", setting=key, value=changes.get(key), why=e
        ) from None


def _check_team(state: State, name: str, club: str) -> None:
    """SCH: "Szkoła do turnieju typuje jedną ośmioosobową drużynę" — with a team limit,
    every player comes with their school, and a school fields at most that many."""
    limit = state.settings.team_limit
    if not limit:
        return
    if not club.strip():
        raise _err("no_school", "no_school", name=name, limit=limit)
    key = school_key(club)
    team = [p.club for p in state.players.values() if school_key(p.club) == key]
    if len(team) >= limit:  # named as registered first ("SP 1" for "sp 1")
        raise _err("team_full", "team_full", name=name, school=team[0].strip(), limit=limit)


def _late_entry_fits(state: State) -> bool:
    """Round robins take a late entrant only in the phantom slot (the table stays);
    MPA also only where the format for the new count is the same (MPA 2a), and
    over 10 players only before the split."""
    from plansza.tournament.roundrobin import slots

    count = len(state.players)
    if state.settings.system == "roundrobin":
        return slots(count + 1) == slots(count)

    def bucket(n: int) -> int:
        return 0 if n == 2 else 99 if n > 10 else slots(n)

    if bucket(count) != bucket(count + 1):
        return False
    return count <= 10 or state.last_round < 8


def _categories(raw: object, division: str | None) -> tuple[list[str], str]:
    """The categories and division of a ``player_added`` or ``categories`` event."""
    from plansza.tournament.categories import clean, label

    raw = raw or []
    if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
        raise _err("bad_category", "bad_category", value=raw)
    labels = list(dict.fromkeys(c for c in (label(x) for x in raw) if c))
    return labels, clean(division or "")


def walkover_score(state: State, pid: int, round_no: int, current: int = 0) -> int:
    """TR 7.2: N = max(W, the current score, 400), W = (S + M·400) / R.

    S = the player's scores so far in the tournament, M = the games not yet
    played including the current one, R = rounds. W is rounded up (a score
    is whole points; rounding up never awards less than the formula).
    """
    r = state.settings.rounds
    s = sum(g.score for g in state.games_of(pid, round_no - 1) if g.kind != "bye")
    m = r - round_no + 1
    w = math.ceil((s + m * 400) / r)
    return max(w, current, 400)


#: Whose consent a correction rests on, weakest first (TR 4.6.4).
CONSENTS = ("players", "referee", "override")

#: The events that change a score a walkover's N may depend on (TR 7.2).
_SCORING = frozenset({"result", "correct", "walkover", "forfeit", "penalty"})


def correction_consent(state: State, round_no: int, at: str | None = None) -> str:
    """TR 4.6.4: whose consent a correction of a confirmed result of ``round_no``
    needs now.

    ``players``: both players' consent is enough until the referee pairs the next
    round (for the last round: until the tournament is officially closed);
    ``referee``: after that — the close included — with the referee's consent, until
    the end of the day of play the round was paired on (after the close: the calendar
    day of the close, ``at`` being when the correction is made); ``override``: past
    both, only the referee's override, on record.

    >>> from plansza.tournament.model import Settings, State, Round
    >>> s = State(Settings("T", 3, "halving"))
    >>> s.rounds[1] = Round(1, [], day=1)
    >>> correction_consent(s, 1)
    'players'
    >>> s.rounds[2] = Round(2, [], day=1)
    >>> correction_consent(s, 1)
    'referee'
    >>> s.closed = True                     # closed the same day: the referee still may
    >>> correction_consent(s, 2)
    'referee'
    >>> s.day = 2
    >>> correction_consent(s, 1)
    'override'
    """
    if state.closed:
        rnd = state.rounds.get(round_no)
        closed_on, now_on = _calendar_day(state.closed_at), _calendar_day(at)
        same_day = closed_on is None or now_on is None or closed_on == now_on
        return "referee" if rnd is not None and state.day == rnd.day and same_day else "override"
    if round_no + 1 not in state.rounds:
        return "players"
    if state.day == state.rounds[round_no].day:
        return "referee"
    return "override"


def _calendar_day(at: str | None) -> str | None:
    """The date (``YYYY-MM-DD``) of a log's timestamp, if it is one."""
    if at and len(at) >= 10 and at[4] == "-" and at[7] == "-" and at[:4].isdigit():
        return at[:10]
    return None


def _check_consent(state: State, round_no: int, consent: object, at: str | None) -> None:
    """Refuse a correction whose consent is not enough for TR 4.6.4 at ``at``."""
    if consent not in CONSENTS:
        raise _err("bad_consent", "bad_consent", consent=consent)
    need = correction_consent(state, round_no, at)
    if CONSENTS.index(str(consent)) >= CONSENTS.index(need):
        return
    if state.closed:
        code = "correction_closed" if need == "referee" else "correction_closed_late"
        raise _err(code, code, round=round_no)
    if need == "referee":
        raise _err("correction_referee", "correction_referee", round=round_no, next=round_no + 1)
    raise _err(
        "correction_late",
        "correction_late",
        round=round_no,
        next=round_no + 1,
        day=state.rounds[round_no].day,
    )


def refresh_walkovers(state: State) -> None:
    """TR 7.2: set every walkover's N again from the results it depends on.

    N follows the winner's earlier scores, so a correction (or a penalty) entered
    after the walkover changes it; rounds are taken in order, because a walkover's
    N:1 is itself a score a later walkover counts.
    """
    for n in sorted(state.rounds):
        for p in state.rounds[n].pairings:
            r = p.result
            if r is None or r.kind != "walkover" or p.second is None:
                continue
            winner = p.first if r.winner == 0 else p.second
            nscore = walkover_score(state, winner, n, r.current)
            if r.winner == 0:
                r.score_first = nscore
            else:
                r.score_second = nscore


def apply(state: State, e: Event) -> None:
    """Apply one event; raises (changing nothing) when it is not allowed.

    The event's data is read into the struct of its kind (:func:`~plansza.tournament.kinds.decode`,
    old logs included) and handed to that kind's function in :data:`APPLY`.
    """
    kind = e.kind
    if state.closed and kind != "correct":
        # TR 4.6.4: after the official end only an overridden correction changes results
        raise _err("closed", "closed")
    step = APPLY.get(kind)
    if step is None:
        raise _err("unknown_event", "unknown_event", kind=kind)
    step(state, decode(kind, e.data), e.at)
    if kind in _SCORING and state.walkovers:  # TR 7.2: only a walkover's N can change
        refresh_walkovers(state)
    state.events += 1


def _player_added(state: State, e: kinds.PlayerAdded, at: str) -> None:
    name = e.name.strip()
    if not name:
        raise _err("empty_name", "empty_name")
    if state.has_player_named(name):
        raise _err("duplicate_player", "duplicate_player", name=name)
    _check_team(state, name, e.club)
    late = state.settings.system in ("roundrobin", "mpa") and state.last_round >= 1
    if late and not _late_entry_fits(state):
        raise _err("late_rr", "late_rr", name=name)
    labels, division = _categories(e.categories, e.division)
    state.add_player(name, e.ranking, e.games, e.club, e.city, categories=labels, division=division)


def _set_categories(state: State, e: kinds.Categories, at: str) -> None:
    """Prize categories and the division of a player, set anew (the whole set)."""
    pl = state.players[_player(state, e.player)]
    labels, division = _categories(e.categories, e.division)
    if e.division is not None:
        if division != pl.division and state.last_round >= 1:
            raise _err("division_paired", "division_paired", name=pl.name)
        pl.division = division
    pl.categories = labels


def _paired(state: State, e: kinds.Paired, at: str) -> None:
    n = e.round
    again = n == state.last_round and n in state.rounds  # a manual change of the round
    if again:
        if any(p.result is not None for p in state.rounds[n].pairings if p.second):
            raise _err("round_started", "round_started", round=n)
    elif n != state.next_round:
        raise _err("wrong_round", "wrong_round", round=n, next=state.next_round)
    if n > state.settings.rounds:
        raise _err("over", "over", rounds=state.settings.rounds)
    if n > 1 and not state.rounds[n - 1].complete:
        raise _err("incomplete", "incomplete", round=n - 1)
    if len(state.active(n)) < 2:
        raise _err("too_few", "too_few")
    try:
        tables = [(int(a), None if b is None else int(b)) for a, b in e.tables]
    except (TypeError, ValueError) as exc:
        raise _err("bad_tables", "bad_tables", round=n) from exc
    manual(state, n, tables)
    # TR 4.6.4: the round belongs to the day of play it is paired on; a date that is
    # one of the tournament's declared days moves the day on to it
    day = state.day
    if e.date is not None and e.date in state.settings.dates:
        day = max(day, state.settings.dates.index(e.date) + 1)
    # every check passed: only now change the state
    state.day = day
    if again:
        state.rounds.pop(n)
        state.adjustments = {
            pid: [a for a in adjs if a.round != n] for pid, adjs in state.adjustments.items()
        }
    adjustments.apply_pending(state, n)
    pairings = [Pairing(i, a, b) for i, (a, b) in enumerate(tables, 1)]
    notes = {} if e.notes is None else dict(e.notes)
    state.rounds[n] = Round(n, pairings, e.method, e.date, notes, day)


def _scores(state: State, e: kinds.Result) -> tuple[Pairing, Round, int, int, int, int]:
    """A result's table, round, players and scores, checked."""
    rnd = _round(state, e.round)
    a, b = _player(state, e.a), _player(state, e.b)
    sa = _score(e.sa, state.players[a].name)
    sb = _score(e.sb, state.players[b].name)
    return _table(state, rnd, a, b), rnd, a, sa, b, sb


def _result(state: State, e: kinds.Result, at: str) -> None:
    # the most frequent event, on the replay's fast path: _scores and _enter inline
    rnd = _round(state, e.round)
    a, b = _player(state, e.a), _player(state, e.b)
    sa = _score(e.sa, state.players[a].name)
    sb = _score(e.sb, state.players[b].name)
    p = _table(state, rnd, a, b)
    if p.result is not None:
        raise _duplicate(state, rnd.number, a, b)
    last = _last_moves(state, e, a, b)
    if p.first == a:
        p.result = Result(sa, sb, last_moves=last)
    else:
        p.result = Result(sb, sa, last_moves=None if last is None else (last[1], last[0]))


def _correct(state: State, e: kinds.Correct, at: str) -> None:
    p, rnd, a, sa, b, sb = _scores(state, e)
    if p.result is None:
        names = state.players[a].name, state.players[b].name
        raise _err(
            "nothing_to_correct", "nothing_to_correct", round=rnd.number, a=names[0], b=names[1]
        )
    last = _last_moves(state, e, a, b)
    # TR 4.6.4; a correction without "consent" is from a log older than the rule's
    # window (valid history), unless the tournament has been closed since
    consent = e.consent
    if consent is not None or state.closed:
        _check_consent(state, rnd.number, consent or "players", at)
    old = p.result
    new = _enter(p, a, sa, sb, last)
    state.corrections.append(
        {
            "at": at,
            "round": rnd.number,
            "first": p.first,
            "second": p.second,
            "old": [old.score_first, old.score_second],
            "new": [new.score_first, new.score_second],
            "note": e.note,
            "consent": consent,
            "day": (state.day if e.day is None else e.day) if consent is not None else None,
        }
    )


def _enter(p: Pairing, a: int, sa: int, sb: int, last: tuple[int, int] | None) -> Result:
    """The table's result set from ``a``'s side (``sa``, ``sb``, the last moves)."""
    if p.first == a:
        p.result = Result(sa, sb, last_moves=last)
    else:
        p.result = Result(sb, sa, last_moves=None if last is None else (last[1], last[0]))
    return p.result


def _duplicate(state: State, round_no: int, a: int, b: int) -> IllegalActionError:
    return _err(
        "duplicate_result",
        "duplicate_result",
        round=round_no,
        a=state.players[a].name,
        b=state.players[b].name,
    )


def _walkover(state: State, e: kinds.Walkover, at: str) -> None:
    rnd = _round(state, e.round)
    w, loser = _player(state, e.winner), _player(state, e.loser)
    current = _score(e.score, state.players[w].name)
    p = _table(state, rnd, w, loser)
    if p.result is not None and not e.replace:
        raise _duplicate(state, rnd.number, w, loser)
    nscore = walkover_score(state, w, rnd.number, current)
    old = p.result
    state.walkovers = True
    if p.first == w:
        p.result = Result(nscore, 1, "walkover", 0, current=current)
    else:
        p.result = Result(1, nscore, "walkover", 1, current=current)
    if old is not None:  # a result replaced by a walkover is a correction on record
        state.corrections.append(
            {
                "at": at,
                "round": rnd.number,
                "first": p.first,
                "second": p.second,
                "old": [old.score_first, old.score_second],
                "new": [p.result.score_first, p.result.score_second],
                "note": "walkover",
            }
        )


def _forfeit(state: State, e: kinds.Forfeit, at: str) -> None:
    """TR 6.3.3–6.3.4: both players absent — no game, a loss for both."""
    rnd = _round(state, e.round)
    a, b = _player(state, e.a), _player(state, e.b)
    p = _table(state, rnd, a, b)
    if p.result is not None and not e.replace:
        raise _duplicate(state, rnd.number, a, b)
    p.result = Result(0, 0, "forfeit")


def _bye(state: State, e: kinds.Bye, at: str) -> None:
    """A manual change (RS §7.7 is the referee's to keep): PLAYER takes the bye of
    ROUND; whoever had it takes PLAYER's place at PLAYER's table."""
    n = e.round
    rnd = _round(state, n)
    pid = _player(state, e.player)
    name = state.players[pid].name
    if not state.players[pid].active_in(n):
        raise _err("inactive", "inactive", name=name, round=n)
    mine = rnd.pairing_of(pid)
    holder = next((t for t in rnd.pairings if t.second is None), None)
    if mine is None:
        rnd.pairings.append(Pairing(len(rnd.pairings) + 1, pid, None))
        rnd.reindex()
    elif mine.second is None:
        raise _err("already_paired", "already_paired", name=name, round=n)
    elif mine.result is not None:
        raise _duplicate(state, n, mine.first, mine.second)
    elif holder is None:
        raise _err("no_bye", "no_bye", round=n)
    else:
        other = holder.first
        if mine.first == pid:
            mine.first = other
        else:
            mine.second = other
        holder.first = pid
        rnd.reindex()


def _bye_adjustment(state: State, e: kinds.ByeAdjustment, at: str) -> None:
    """RS §7.7: a bye to a player who has not played a game is corrected "ręcznie za
    pomocą wyrównań": the player sits the round out (no bye score) and joins the next
    round with an RS §7.2 adjustment, computed when that round is paired."""
    n = e.round
    rnd = _round(state, n)
    pid = _player(state, e.player)
    pl = state.players[pid]
    mine = rnd.pairing_of(pid)
    if state.settings.system in SCHEDULED_BYES:
        raise _err("bye_scheduled", "bye_scheduled", system=state.settings.system)
    if mine is None or mine.second is not None:
        raise _err("not_bye", "not_bye", name=pl.name, round=n)
    if any(g.kind != "bye" for g in state.games_of(pid, n - 1)):
        raise _err("bye_played", "bye_played", name=pl.name)
    if n >= state.settings.rounds:
        raise _err("bye_last", "bye_last", round=n)
    if state.last_round > n:
        raise _err("round_paired", "round_paired", round=n + 1)
    rnd.pairings.remove(mine)
    rnd.reindex()
    pl.absences.append((n, n + 1))
    pl.absences.sort(key=lambda a: a[0])


def _penalty(state: State, e: kinds.Penalty, at: str) -> None:
    rnd = _round(state, e.round)
    pid = _player(state, e.player)
    pts = e.points
    # TR 7.1: a deduction of a multiple of 5 points
    if pts <= 0 or pts % 5:
        raise _err("bad_penalty", "bad_penalty", points=pts)
    pp = rnd.pairing_of(pid)
    if pp is None or pp.second is None:
        raise _err("no_game", "no_game", name=state.players[pid].name, round=rnd.number)
    state.penalties.append((rnd.number, pid, pts))


def _withdraw(state: State, e: kinds.Withdraw, at: str) -> None:
    pl = state.players[_player(state, e.player)]
    n = state.next_round if e.round is None else e.round
    if pl.withdrawn:
        raise _err("already_withdrawn", "already_withdrawn", name=pl.name)
    if n <= state.last_round:
        raise _err("round_paired", "round_paired", round=n)
    pl.absences.append((n, None))
    pl.excluded = e.excluded
    pl.removed = e.removed and not pl.excluded  # TR 6.3.4


def _return(state: State, e: kinds.Return, at: str) -> None:
    pl = state.players[_player(state, e.player)]
    n = state.next_round if e.round is None else e.round
    if not pl.withdrawn:
        raise _err("not_withdrawn", "not_withdrawn", name=pl.name)
    if n <= state.last_round:
        raise _err("round_paired", "round_paired", round=n)
    if pl.excluded:
        raise _err("excluded", "excluded", name=pl.name)
    if pl.removed:
        raise _err("removed", "removed", name=pl.name)
    start = pl.absences[-1][0]
    pl.absences[-1] = (start, max(n, start))


def _clock(state: State, e: kinds.Clock, at: str) -> None:
    """A ``clock`` event: start, pause or resume the clock of a paired round at ``at``
    (start again: the clock restarts with its minutes)."""
    from datetime import datetime

    from plansza.tournament.roundclock import ACTIONS, MAX_MINUTES, RoundClock, stamp

    n = _round(state, e.round).number
    action = e.action
    if action not in ACTIONS:
        raise _err("clock_action", "clock_action", action=action)
    try:
        when: datetime = stamp(at)
    except (TypeError, ValueError):
        raise _err("clock_time", "clock_time", at=at) from None
    minutes = e.minutes
    clock = state.clocks.get(n)
    if action == "start":
        minutes = state.settings.round_minutes if minutes is None else minutes
        if not isinstance(minutes, int) or isinstance(minutes, bool):
            raise _err("clock_minutes", "clock_minutes", minutes=minutes, most=MAX_MINUTES)
        if not 1 <= minutes <= MAX_MINUTES:
            raise _err("clock_minutes", "clock_minutes", minutes=minutes, most=MAX_MINUTES)
        state.clocks[n] = RoundClock(minutes, when)
    elif minutes is not None:
        raise _err("clock_minutes_start", "clock_minutes_start")
    elif clock is None:
        raise _err("clock_not_started", "clock_not_started", round=n)
    elif action == "pause":
        if not clock.running:
            raise _err("clock_paused", "clock_paused", round=n)
        clock.pause(when)
    else:
        if clock.running:
            raise _err("clock_running", "clock_running", round=n)
        clock.resume(when)


def _settings(state: State, e: kinds.SettingsChanged, at: str) -> None:
    state.settings = changed_settings(state.settings, dict(e.changes))


def _dates(state: State, e: kinds.Dates, at: str) -> None:
    state.settings = state.settings.with_(dates=tuple(e.dates))


def _new_day(state: State, e: kinds.NewDay, at: str) -> None:
    """TR 4.6.4: the end of a day of play closes the referee's window for its rounds."""
    if e.day != state.day + 1:
        raise _err("day_order", "day_order", day=e.day, next=state.day + 1)
    state.day += 1
    if e.date:
        state.day_dates[state.day] = e.date


def _closed(state: State, e: kinds.Closed, at: str) -> None:
    """TR 4.6.4: the official end of the tournament."""
    for n in sorted(state.rounds):
        if not state.rounds[n].complete:
            raise _err("incomplete", "incomplete", round=n)
    state.closed = True
    state.closed_at = at or ""


#: What each kind of event does to the state (``created`` starts the state and ``undo``
#: is honoured by :func:`effective`: neither is applied). Each function raises, changing
#: nothing, when the event is not allowed.
APPLY: dict[str, Callable[[State, Any, str], None]] = {
    "player_added": _player_added,
    "categories": _set_categories,
    "paired": _paired,
    "result": _result,
    "correct": _correct,
    "walkover": _walkover,
    "forfeit": _forfeit,
    "bye": _bye,
    "bye_adjustment": _bye_adjustment,
    "penalty": _penalty,
    "withdraw": _withdraw,
    "return": _return,
    "clock": _clock,
    "settings": _settings,
    "dates": _dates,
    "new_day": _new_day,
    "closed": _closed,
}


def describe(e: Event, names: dict[int, str], t: Translator) -> str:
    """One event in words in the language of ``t`` (``turniej log``); ``names`` labels
    players by pid. An event of a kind or a shape the program does not know is shown
    as it is stored.

    A result reads ``wynik, runda 2: 1 Ala 400 – 350 2 Ola`` in Polish.
    """
    wording = _WORDING.get(e.kind)
    said = None
    if wording is not None:
        try:
            said = wording(decode(e.kind, e.data), _Words(names, t))
        except PlanszaError:  # data the kind's struct cannot read
            said = None
    return f"{e.kind} {json.dumps(e.data, ensure_ascii=False)}" if said is None else said


@dataclass(frozen=True)
class _Words:
    """What :func:`describe` words an event with: the translator and the players' names."""

    names: dict[int, str]
    t: Translator

    def __call__(self, key: str, /, **fields: object) -> str:
        """The log's line ``key`` (:data:`~plansza.tournament.messages.LOG`), filled."""
        text = self.t.gettext(LOG[key])
        return text.format(**fields) if fields else text

    def who(self, pid: object) -> str:
        return self.names.get(pid, f"#{pid}") if isinstance(pid, int) else str(pid)

    def name(self, pid: Any) -> object:
        return self.names.get(pid, pid)


def _said_created(e: kinds.Created, tr: _Words) -> str:
    st = e.settings
    return tr("created", name=st["name"], system=st["system"], rounds=st["rounds"])


def _said_player_added(e: kinds.PlayerAdded, tr: _Words) -> str:
    return tr("player_added", name=e.name)


def _said_categories(e: kinds.Categories, tr: _Words) -> str:
    cats = ", ".join(e.categories or []) or "—"
    if e.division is not None:
        division = e.division or "—"
        return tr("categories_division", p=tr.who(e.player), categories=cats, division=division)
    return tr("categories", p=tr.who(e.player), categories=cats)


def _said_paired(e: kinds.Paired, tr: _Words) -> str:
    tables = ", ".join(
        f"{tr.name(a)} – {tr('bye_word') if b is None else tr.name(b)}" for a, b in e.tables
    )
    text = tr("paired", round=e.round, tables=tables)
    notes = e.notes or {}
    if notes.get("repeats"):
        pairs = ", ".join(f"{tr.name(a)} – {tr.name(b)}" for a, b, *_ in notes["repeats"])
        why = {"forced": "repeats_forced", "manual": "repeats_manual"}
        text += tr(why.get(notes.get("why", ""), "repeats_allowed"), pairs=pairs)
    if notes.get("widened"):
        text += tr("widened", range=f"{notes['widened']:g}")
    if e.swapped:
        pairs = ", ".join(f"{tr.name(a)} ↔ {tr.name(b)}" for a, b in e.swapped)
        text += tr("swapped", pairs=pairs)
    elif e.method == "manual":
        text += tr("by_hand")
    return text


def _said_result(e: kinds.Result, tr: _Words) -> str:
    kind = "correct" if isinstance(e, kinds.Correct) else "result"
    note = f"({e.note})" if e.note else ""
    line = tr(
        kind, round=e.round, a=tr.who(e.a), sa=e.sa, b=tr.who(e.b), sb=e.sb, note=note
    ).rstrip()
    last = e.last
    if isinstance(last, list | tuple) and len(last) == 2:
        line += tr("last_moves", la=last[0], lb=last[1])
    if isinstance(e, kinds.Correct) and e.consent in CONSENTS:
        day = "?" if e.day is None else e.day
        line += " " + tr(f"consent_{e.consent}", day=day)
    return line


def _said_new_day(e: kinds.NewDay, tr: _Words) -> str:
    date = f" ({e.date})" if e.date else ""
    return tr("new_day", day="?" if e.day is None else e.day, date=date)


def _said_walkover(e: kinds.Walkover, tr: _Words) -> str:
    return tr("walkover", round=e.round, w=tr.who(e.winner), l=tr.who(e.loser))


def _said_forfeit(e: kinds.Forfeit, tr: _Words) -> str:
    return tr("forfeit", round=e.round, a=tr.who(e.a), b=tr.who(e.b))


def _said_player(kind: str) -> Callable[[Any, _Words], str]:
    """The words of an event about one player in a round (``kind``: the log's line)."""

    def said(e: Any, tr: _Words) -> str:
        excluded = (
            tr("excluded")
            if getattr(e, "excluded", False)
            else tr("removed")
            if getattr(e, "removed", False)
            else ""
        )
        n = e.round
        points = getattr(e, "points", "")
        return tr(kind, round="?" if n is None else n, p=tr.who(e.player), points=points,
                  excluded=excluded)  # fmt: skip

    return said


def _said_clock(e: kinds.Clock, tr: _Words) -> str | None:
    if e.action not in ("start", "pause", "resume"):
        return None
    minutes = "?" if e.minutes is None else e.minutes
    return tr(f"clock_{e.action}", round="?" if e.round is None else e.round, minutes=minutes)


def _said_settings(e: kinds.SettingsChanged, tr: _Words) -> str:
    return tr("settings", changes=json.dumps(e.changes, ensure_ascii=False))


def _said_dates(e: kinds.Dates, tr: _Words) -> str:
    return tr("dates", dates=", ".join(e.dates))


#: How each kind of event reads in the log (None: shown as it is stored).
_WORDING: dict[str, Callable[[Any, _Words], str | None]] = {
    "created": _said_created,
    "player_added": _said_player_added,
    "categories": _said_categories,
    "paired": _said_paired,
    "result": _said_result,
    "correct": _said_result,
    "new_day": _said_new_day,
    "closed": lambda e, tr: tr("closed"),
    "walkover": _said_walkover,
    "forfeit": _said_forfeit,
    **{k: _said_player(k) for k in ("bye", "bye_adjustment", "penalty", "withdraw", "return")},
    "clock": _said_clock,
    "settings": _said_settings,
    "dates": _said_dates,
    "undo": lambda e, tr: tr("undo"),
}
