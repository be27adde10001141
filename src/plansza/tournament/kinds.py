"""The kinds of event in a tournament's log: one struct each, and :func:`decode`.

An event is stored as its kind and its data, a JSON object
(:class:`~plansza.tournament.events.Event`). The struct of a kind names the fields its
data may hold, their types, and what a field left out means; :func:`decode` is the one
way stored data becomes that struct, whichever version of the program wrote it. The
log's shape only ever grew: a field added since an event was written takes its
default here (a correction from before TR 4.6.4's window has no consent, a player from
before the prize categories has none), and a field a newer program adds is ignored, so
an older program reads a newer file. Nothing here writes: the data is stored as the
writer gave it, and the files keep their shape.

The types are checked as the data is read: a value of the wrong type is a
:class:`~plansza.records.RecordError` naming the kind and the field. A few fields keep
their value as stored (``Any``), because the log's own refusal words a bad one
(a pairing's tables, the last moves, the categories, a clock's minutes).

>>> decode("result", {"round": 2, "a": 1, "sa": 400, "b": 4, "sb": 350})
Result(round=2, a=1, sa=400, b=4, sb=350, last=None, note='')
>>> decode("correct", {"round": 2, "a": 1, "sa": 410, "b": 4, "sb": 350}).consent is None
True
>>> decode("result", {"round": 2, "a": 1, "sa": "400", "b": 4, "sb": 350})
Traceback (most recent call last):
...
plansza.records.RecordError: result: sa: should be an integer, not a text
"""

from __future__ import annotations

from typing import Any

import msgspec

from plansza.errors import IllegalActionError
from plansza.records import load
from plansza.tournament.messages import MESSAGES


class Kind(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The data of one event (the base of every kind's struct; ``gc=False``: a payload
    holds only the data read, never a cycle, so the collector need not track it — a
    replay makes one for each event)."""


class Created(Kind, frozen=True, kw_only=True):
    """The tournament created: its settings (read by :func:`~plansza.records.load`,
    which fills the settings added since and checks each value)."""

    settings: dict[str, Any]


class Undo(Kind, frozen=True, kw_only=True):
    """The latest event still in force cancelled (the creation cannot be)."""


class PlayerAdded(Kind, frozen=True, kw_only=True):
    """A player registered (after round 1: a late entry, RS §7.2)."""

    name: str = ""
    ranking: float | None = None
    games: int = 0
    club: str = ""
    city: str = ""
    categories: Any = None
    """Prize categories: a list of names (a bad value is the log's ``bad_category``)."""
    division: str | None = None


class Categories(Kind, frozen=True, kw_only=True):
    """A player's prize categories set anew (the whole set) and, when given, their
    division (``None``: the division stays)."""

    player: int
    categories: Any = None
    division: str | None = None


class Paired(Kind, frozen=True, kw_only=True):
    """A round paired, by the system (``auto``), by hand or from a ``.t`` file."""

    round: int
    tables: Any
    """``[first, second]`` pids, ``second`` null for the bye (read by the pairing's check:
    a bad table is the log's ``bad_tables``)."""
    method: str = "auto"
    date: str | None = None
    notes: dict[str, Any] | None = None
    """What the pairing said: repeats and why, the score groups widened (RS §7.5–7.6)."""
    swapped: list[tuple[int, int]] | None = None
    """A pairing by hand: the players swapped in the system's proposal."""


class Result(Kind, frozen=True, kw_only=True):
    """A game's result: ``a`` scored ``sa`` against ``b``'s ``sb``."""

    round: int
    a: int
    sa: int
    b: int
    sb: int
    last: Any = None
    """SCH: the players' last moves ``[a's, b's]`` that decide a tie (checked by the log:
    ``bad_last_move``)."""
    note: str = ""


class Correct(Result, frozen=True, kw_only=True):
    """A confirmed result corrected (TR 4.6.4). ``consent``: whose (``players``,
    ``referee``, ``override``); none in a log older than the rule's window. ``day``: the
    day of play it was made on (none: the day of the state)."""

    consent: str | None = None
    day: int | None = None


class Walkover(Kind, frozen=True, kw_only=True):
    """TR 7.2: a walkover, N:1 to ``winner``; ``score``: their score when it was
    awarded; ``replace``: over a result entered."""

    round: int
    winner: int
    loser: int
    score: int = 0
    replace: bool = False


class Forfeit(Kind, frozen=True, kw_only=True):
    """TR 6.3.3–6.3.4: both players absent, a loss for both."""

    round: int
    a: int
    b: int
    replace: bool = False


class Bye(Kind, frozen=True, kw_only=True):
    """The bye of a round moved to ``player`` (a manual change)."""

    round: int
    player: int


class ByeAdjustment(Kind, frozen=True, kw_only=True):
    """RS §7.7: a bye to a player who has not played turned into an adjustment."""

    round: int
    player: int


class Penalty(Kind, frozen=True, kw_only=True):
    """TR 7.1: ``points`` deducted from ``player``'s score in a round."""

    round: int
    player: int
    points: int


class Withdraw(Kind, frozen=True, kw_only=True):
    """A player withdraws from ``round`` on (none: the next round); ``excluded``:
    TR 7.1; ``removed``: a no-show, TR 6.3.4."""

    player: int
    round: int | None = None
    excluded: bool = False
    removed: bool = False


class Return(Kind, frozen=True, kw_only=True):
    """A withdrawn player returns from ``round`` on (none: the next round)."""

    player: int
    round: int | None = None


class Clock(Kind, frozen=True, kw_only=True):
    """A round's clock started, paused or resumed; ``minutes`` only when started (as
    stored: a bad value is the log's ``clock_minutes``)."""

    round: int | None = None
    action: str | None = None
    minutes: Any = None


class SettingsChanged(Kind, frozen=True, kw_only=True):
    """Settings changed by the referee (:data:`~plansza.tournament.events.SETTABLE`)."""

    changes: dict[str, Any]


class Dates(Kind, frozen=True, kw_only=True):
    """The tournament's dates (written by older versions; now a settings change)."""

    dates: list[str]


class NewDay(Kind, frozen=True, kw_only=True):
    """TR 4.6.4: the next day of play begins (``day``: its number), on ``date``."""

    day: int | None = None
    date: str | None = None


class Closed(Kind, frozen=True, kw_only=True):
    """TR 4.6.4: the official end of the tournament."""


#: The struct of each kind of event.
KINDS: dict[str, type[Kind]] = {
    "created": Created,
    "undo": Undo,
    "player_added": PlayerAdded,
    "categories": Categories,
    "paired": Paired,
    "result": Result,
    "correct": Correct,
    "walkover": Walkover,
    "forfeit": Forfeit,
    "bye": Bye,
    "bye_adjustment": ByeAdjustment,
    "penalty": Penalty,
    "withdraw": Withdraw,
    "return": Return,
    "clock": Clock,
    "settings": SettingsChanged,
    "dates": Dates,
    "new_day": NewDay,
    "closed": Closed,
}


def decode(kind: str, data: dict[str, Any]) -> Kind:
    """The struct of an event of ``kind`` from its stored ``data``, of any version: the
    one place old logs are migrated (fields added since take their defaults; a field or
    kind ever renamed would be mapped here, before the data is read).

    An unknown kind is the log's ``unknown_event``; a value of the wrong type a
    :class:`~plansza.records.RecordError` naming the kind and the field.

    >>> decode("withdraw", {"player": 3})
    Withdraw(player=3, round=None, excluded=False, removed=False)
    >>> decode("player_added", {"name": "Ala", "future_field": 1}).name
    'Ala'
    """
    struct = KINDS.get(kind)
    if struct is None:
        raise IllegalActionError("unknown_event", MESSAGES["unknown_event"], kind=kind)
    try:
        return msgspec.convert(data, struct)
    except msgspec.ValidationError:
        # the same conversion through records: its error names the field in words
        return load(struct, data, source=kind, known_only=False)
