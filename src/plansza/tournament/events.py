"""The append-only event log and its replay.

Every referee action is one :class:`Event`; the tournament :class:`State` is
what replaying them gives. ``undo`` is itself an event (so it is on record):
it cancels the latest event still in force. Corrections are events too,
stamped with the time they were made.

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
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from plansza.errors import N_, IllegalActionError, PlanszaError
from plansza.i18n import Translator
from plansza.records import load
from plansza.tournament import adjustments
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
    ``paired``, ``result``, ``walkover``…); :func:`describe` words each one.
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
    state = State(load(Settings, live[0].data["settings"]))
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


def _last_moves(state: State, d: dict[str, Any], a: int, b: int) -> tuple[int, int] | None:
    """SCH: the players' last moves (in the order a, b) that decide a tie, checked."""
    value = d.get("last")
    names = state.players[a].name, state.players[b].name
    if value is None:
        if state.settings.tie_rule == "higher_last_move" and d["sa"] == d["sb"]:
            raise _err(
                "tie_needs_last_move",
                "tie_needs_last_move",
                a=names[0],
                b=names[1],
                sa=d["sa"],
                sb=d["sb"],
            )
        return None
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


def _categories(d: dict[str, Any]) -> tuple[list[str], str]:
    """The categories and division of a ``player_added`` or ``categories`` event."""
    from plansza.tournament.categories import clean, label

    raw = d.get("categories") or []
    if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
        raise _err("bad_category", "bad_category", value=raw)
    labels = list(dict.fromkeys(c for c in (label(x) for x in raw) if c))
    return labels, clean(str(d.get("division") or ""))


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
    """Apply one event; raises (changing nothing) when it is not allowed."""
    d = e.data
    k = e.kind
    if state.closed and k != "correct":
        # TR 4.6.4: after the official end only an overridden correction changes results
        raise _err("closed", "closed")
    if k == "player_added":
        name = str(d.get("name", "")).strip()
        if not name:
            raise _err("empty_name", "empty_name")
        if state.has_player_named(name):
            raise _err("duplicate_player", "duplicate_player", name=name)
        _check_team(state, name, str(d.get("club", "")))
        late = state.settings.system in ("roundrobin", "mpa") and state.last_round >= 1
        if late and not _late_entry_fits(state):
            raise _err("late_rr", "late_rr", name=name)
        ranking = d.get("ranking")
        labels, division = _categories(d)
        state.add_player(
            name,
            None if ranking is None else float(ranking),
            int(d.get("games", 0)),
            str(d.get("club", "")),
            str(d.get("city", "")),
            categories=labels,
            division=division,
        )
    elif k == "categories":
        # prize categories and the division of a player, set anew (the whole set)
        pl = state.players[_player(state, d["player"])]
        labels, division = _categories(d)
        pl.categories = labels
        if "division" in d:
            if division != pl.division and state.last_round >= 1:
                raise _err("division_paired", "division_paired", name=pl.name)
            pl.division = division
    elif k == "paired":
        n = d["round"]
        if not isinstance(n, int):
            raise _err("no_round", "no_round", round=n)
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
            tables = [(int(a), None if b is None else int(b)) for a, b in d["tables"]]
        except (TypeError, ValueError) as exc:
            raise _err("bad_tables", "bad_tables", round=n) from exc
        manual(state, n, tables)
        # TR 4.6.4: the round belongs to the day of play it is paired on; a date that is
        # one of the tournament's declared days moves the day on to it
        day = state.day
        date = d.get("date")
        if isinstance(date, str) and date in state.settings.dates:
            day = max(day, state.settings.dates.index(date) + 1)
        # every check passed: only now change the state
        state.day = day
        if again:
            state.rounds.pop(n)
            state.adjustments = {
                pid: [a for a in adjs if a.round != n] for pid, adjs in state.adjustments.items()
            }
        adjustments.apply_pending(state, n)
        notes = d.get("notes")
        state.rounds[n] = Round(
            n,
            [Pairing(i, a, b) for i, (a, b) in enumerate(tables, 1)],
            str(d.get("method", "auto")),
            d.get("date"),
            dict(notes) if isinstance(notes, dict) else {},
            day,
        )
    elif k in ("result", "correct"):
        rnd = _round(state, d["round"])
        a, b = _player(state, d["a"]), _player(state, d["b"])
        sa = _score(d["sa"], state.players[a].name)
        sb = _score(d["sb"], state.players[b].name)
        p = _table(state, rnd, a, b)
        if k == "result" and p.result is not None:
            raise _err(
                "duplicate_result",
                "duplicate_result",
                round=rnd.number,
                a=state.players[a].name,
                b=state.players[b].name,
            )
        if k == "correct" and p.result is None:
            raise _err(
                "nothing_to_correct",
                "nothing_to_correct",
                round=rnd.number,
                a=state.players[a].name,
                b=state.players[b].name,
            )
        last = _last_moves(state, d, a, b)
        # TR 4.6.4; a correction without "consent" is from a log older than the rule's
        # window (valid history), unless the tournament has been closed since
        consent = d.get("consent")
        if k == "correct" and (consent is not None or state.closed):
            _check_consent(state, rnd.number, consent or "players", e.at)
        old = p.result
        if p.first == a:
            p.result = Result(sa, sb, last_moves=last)
        else:
            p.result = Result(sb, sa, last_moves=None if last is None else (last[1], last[0]))
        if k == "correct":
            state.corrections.append(
                {
                    "at": e.at,
                    "round": rnd.number,
                    "first": p.first,
                    "second": p.second,
                    "old": None if old is None else [old.score_first, old.score_second],
                    "new": [p.result.score_first, p.result.score_second],
                    "note": d.get("note", ""),
                    "consent": consent,
                    "day": d.get("day", state.day) if consent is not None else None,
                }
            )
    elif k == "walkover":
        rnd = _round(state, d["round"])
        w, loser = _player(state, d["winner"]), _player(state, d["loser"])
        current = _score(d.get("score", 0), state.players[w].name)
        p = _table(state, rnd, w, loser)
        if p.result is not None and not d.get("replace", False):
            raise _err(
                "duplicate_result",
                "duplicate_result",
                round=rnd.number,
                a=state.players[w].name,
                b=state.players[loser].name,
            )
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
                    "at": e.at,
                    "round": rnd.number,
                    "first": p.first,
                    "second": p.second,
                    "old": [old.score_first, old.score_second],
                    "new": [p.result.score_first, p.result.score_second],
                    "note": "walkover",
                }
            )
    elif k == "forfeit":
        # TR 6.3.3–6.3.4: both players absent — no game, a loss for both
        rnd = _round(state, d["round"])
        a, b = _player(state, d["a"]), _player(state, d["b"])
        p = _table(state, rnd, a, b)
        if p.result is not None and not d.get("replace", False):
            raise _err(
                "duplicate_result",
                "duplicate_result",
                round=rnd.number,
                a=state.players[a].name,
                b=state.players[b].name,
            )
        p.result = Result(0, 0, "forfeit")
    elif k == "bye":
        # A manual change (RS §7.7 is the referee's to keep): PLAYER takes the bye of
        # ROUND; whoever had it takes PLAYER's place at PLAYER's table.
        n = d["round"]
        rnd = _round(state, n)
        pid = _player(state, d["player"])
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
            raise _err(
                "duplicate_result",
                "duplicate_result",
                round=n,
                a=state.players[mine.first].name,
                b=state.players[mine.second].name,
            )
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
    elif k == "bye_adjustment":
        # RS §7.7: a bye to a player who has not played a game is corrected "ręcznie za
        # pomocą wyrównań": the player sits the round out (no bye score) and joins the
        # next round with an RS §7.2 adjustment, computed when that round is paired.
        n = d["round"]
        rnd = _round(state, n)
        pid = _player(state, d["player"])
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
    elif k == "penalty":
        rnd = _round(state, d["round"])
        pid = _player(state, d["player"])
        pts = d["points"]
        # TR 7.1: a deduction of a multiple of 5 points
        if not isinstance(pts, int) or pts <= 0 or pts % 5:
            raise _err("bad_penalty", "bad_penalty", points=pts)
        pp = rnd.pairing_of(pid)
        if pp is None or pp.second is None:
            raise _err("no_game", "no_game", name=state.players[pid].name, round=rnd.number)
        state.penalties.append((rnd.number, pid, pts))
    elif k == "withdraw":
        pid = _player(state, d["player"])
        pl = state.players[pid]
        n = int(d.get("round", state.next_round))
        if pl.withdrawn:
            raise _err("already_withdrawn", "already_withdrawn", name=pl.name)
        if n <= state.last_round:
            raise _err("round_paired", "round_paired", round=n)
        pl.absences.append((n, None))
        pl.excluded = bool(d.get("excluded", False))
        pl.removed = bool(d.get("removed", False)) and not pl.excluded  # TR 6.3.4
    elif k == "return":
        pid = _player(state, d["player"])
        pl = state.players[pid]
        n = int(d.get("round", state.next_round))
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
    elif k == "clock":
        _clock(state, d, e.at)
    elif k == "settings":
        state.settings = changed_settings(state.settings, dict(d["changes"]))
    elif k == "dates":
        state.settings = state.settings.with_(dates=tuple(d["dates"]))
    elif k == "new_day":
        # TR 4.6.4: the end of a day of play closes the referee's window for its rounds
        if d.get("day") != state.day + 1:
            raise _err("day_order", "day_order", day=d.get("day"), next=state.day + 1)
        state.day += 1
        if isinstance(d.get("date"), str) and d["date"]:
            state.day_dates[state.day] = d["date"]
    elif k == "closed":
        # TR 4.6.4: the official end of the tournament
        for n in sorted(state.rounds):
            if not state.rounds[n].complete:
                raise _err("incomplete", "incomplete", round=n)
        state.closed = True
        state.closed_at = e.at or ""
    else:
        raise _err("unknown_event", "unknown_event", kind=k)
    if k in _SCORING and state.walkovers:  # TR 7.2: only a walkover's N can change
        refresh_walkovers(state)
    state.events += 1


def _clock(state: State, d: dict[str, Any], at: str) -> None:
    """A ``clock`` event: start, pause or resume the clock of a paired round at ``at``
    (start again: the clock restarts with its minutes)."""
    from datetime import datetime

    from plansza.tournament.roundclock import ACTIONS, MAX_MINUTES, RoundClock, stamp

    n = _round(state, d.get("round")).number
    action = d.get("action")
    if action not in ACTIONS:
        raise _err("clock_action", "clock_action", action=action)
    try:
        when: datetime = stamp(at)
    except (TypeError, ValueError):
        raise _err("clock_time", "clock_time", at=at) from None
    minutes = d.get("minutes")
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


def describe(e: Event, names: dict[int, str], t: Translator) -> str:
    """One event in words in the language of ``t`` (``turniej log``); ``names`` labels
    players by pid.

    A result reads ``wynik, runda 2: 1 Ala 400 – 350 2 Ola`` in Polish.
    """
    d = e.data

    def tr(table: dict[str, str], key: str, /, **fields: object) -> str:
        text = t.gettext(table[key])
        return text.format(**fields) if fields else text

    def who(key: str) -> str:
        pid = d.get(key)
        return names.get(pid, f"#{pid}") if isinstance(pid, int) else str(pid)

    k = e.kind
    if k == "created":
        st = d["settings"]
        return tr(LOG, k, name=st["name"], system=st["system"], rounds=st["rounds"])
    if k == "player_added":
        return tr(LOG, k, name=d.get("name", ""))
    if k == "categories":
        cats = ", ".join(d.get("categories") or []) or "—"
        if "division" in d:
            return tr(
                LOG,
                "categories_division",
                p=who("player"),
                categories=cats,
                division=d.get("division") or "—",
            )
        return tr(LOG, k, p=who("player"), categories=cats)
    if k == "paired":
        tables = ", ".join(
            f"{names.get(a, a)} – {tr(LOG, 'bye_word') if b is None else names.get(b, b)}"
            for a, b in d["tables"]
        )
        text = tr(LOG, k, round=d["round"], tables=tables)
        notes = d.get("notes")
        if isinstance(notes, dict) and notes.get("repeats"):
            pairs = ", ".join(
                f"{names.get(a, a)} – {names.get(b, b)}" for a, b, *_ in notes["repeats"]
            )
            why = {"forced": "repeats_forced", "manual": "repeats_manual"}
            text += tr(LOG, why.get(notes.get("why", ""), "repeats_allowed"), pairs=pairs)
        if isinstance(notes, dict) and notes.get("widened"):
            text += tr(LOG, "widened", range=f"{notes['widened']:g}")
        swapped = d.get("swapped")
        if isinstance(swapped, list) and swapped:
            pairs = ", ".join(f"{names.get(a, a)} ↔ {names.get(b, b)}" for a, b in swapped)
            text += tr(LOG, "swapped", pairs=pairs)
        elif d.get("method") == "manual":
            text += tr(LOG, "by_hand")
        return text
    if k in ("result", "correct"):
        note = f"({d['note']})" if d.get("note") else ""
        line = tr(
            LOG, k, round=d["round"], a=who("a"), sa=d["sa"], b=who("b"), sb=d["sb"], note=note
        ).rstrip()
        last = d.get("last")
        if isinstance(last, list | tuple) and len(last) == 2:
            line += tr(LOG, "last_moves", la=last[0], lb=last[1])
        if k == "correct" and d.get("consent") in CONSENTS:
            line += " " + tr(LOG, f"consent_{d['consent']}", day=d.get("day", "?"))
        return line
    if k == "new_day":
        date = f" ({d['date']})" if d.get("date") else ""
        return tr(LOG, k, day=d.get("day", "?"), date=date)
    if k == "closed":
        return tr(LOG, k)
    if k == "walkover":
        return tr(LOG, k, round=d["round"], w=who("winner"), l=who("loser"))
    if k == "forfeit":
        return tr(LOG, k, round=d["round"], a=who("a"), b=who("b"))
    if k in ("bye", "bye_adjustment", "penalty", "withdraw", "return"):
        excluded = (
            tr(LOG, "excluded")
            if d.get("excluded")
            else tr(LOG, "removed")
            if d.get("removed")
            else ""
        )
        return tr(
            LOG,
            k,
            round=d.get("round", "?"),
            p=who("player"),
            points=d.get("points", ""),
            excluded=excluded,
        )
    if k == "clock":
        action = d.get("action")
        if action not in ("start", "pause", "resume"):
            return f"{k} {json.dumps(d, ensure_ascii=False)}"
        return tr(LOG, f"clock_{action}", round=d.get("round", "?"), minutes=d.get("minutes", "?"))
    if k == "settings":
        return tr(LOG, k, changes=json.dumps(d.get("changes", {}), ensure_ascii=False))
    if k == "dates":
        return tr(LOG, k, dates=", ".join(d.get("dates", [])))
    if k == "undo":
        return tr(LOG, k)
    return f"{k} {json.dumps(d, ensure_ascii=False)}"
