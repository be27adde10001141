"""Results from the tables: each player of a table has a short code of their own, and
enters or confirms the result with it on a phone (the web app's ``/s/{code}``).

A code is six characters from :data:`ALPHABET` (no look-alikes: no 0/O, 1/I/L),
derived by HMAC-SHA256 from the tournament's secret, the round, the table and the
player's side: stable, not guessable, and valid only for its player at its table in
its round. Each half of the result slip carries its player's code, so one player's
code cannot confirm that player's own entry (TR 5.2: both players sign). The round is
open while it is the last one paired and the tournament is not closed.

>>> code = player_code("sekret", 1, 7, 0)
>>> len(code), set(code) <= set(ALPHABET), code == player_code("sekret", 1, 7, 0)
(6, True, True)
>>> code in (player_code("sekret", 1, 7, 1), player_code("sekret", 2, 7, 0),
...          player_code("sekret", 1, 8, 0), player_code("inny", 1, 7, 0))
False
>>> normalize(" ab-c d2 ")
'ABCD2'

The first entry of a table waits for the other player's; two equal entries are the
result, two different ones go to the referee (:func:`verdict`). Recording goes
through :class:`~plansza.services.tournament.Referee`, with the CLI's rules.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from plansza.errors import N_, IllegalActionError, PlanszaError

if TYPE_CHECKING:
    from plansza.services.tournament import Referee
    from plansza.tournament.model import Pairing, State

#: The code's letters: no 0/O, 1/I/L to mistake for each other.
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
#: The code's length (31⁶ ≈ 887 million codes).
LENGTH = 6


class CodeError(PlanszaError):
    """A table code that opens no table of the tournament."""

    code = "table_code"


class ClosedError(PlanszaError):
    """A table code of a round that is closed (a later round paired, or the
    tournament closed)."""

    code = "round_closed"


def player_code(secret: str, round_no: int, table: int, side: int) -> str:
    """The code of the player on ``side`` (0: who starts, 1: the second) of ``table`` in
    round ``round_no`` of the tournament with ``secret``."""
    return short_code(secret, f"{round_no}/{table}/{side}")


def short_code(secret: str, what: str) -> str:
    """A six-character code of ``what`` under ``secret`` (:data:`ALPHABET`): stable, not
    guessable without the secret (a table of a round, a Belgijka player)."""
    digest = hmac.new(secret.encode(), what.encode(), hashlib.sha256).digest()
    n = int.from_bytes(digest[:16], "big")
    out = []
    for _ in range(LENGTH):
        n, d = divmod(n, len(ALPHABET))
        out.append(ALPHABET[d])
    return "".join(out)


def normalize(text: str) -> str:
    """A code as typed: capitals, without spaces and dashes."""
    return "".join(c for c in text.upper() if c not in " -\t")[:20]


def find_table(state: State, secret: str, code: str) -> tuple[int, Pairing, int]:
    """The round, table and side (the player) the code opens, while its round is open;
    else :class:`CodeError` (no such code) or :class:`ClosedError` (its round is over)."""
    code = normalize(code)
    current = max(state.rounds, default=0)
    for n, rnd in state.rounds.items():
        played = tuple(p.table for p in rnd.pairings if p.second is not None)
        found = _codes(secret, n, played).get(code)
        if found is None:
            continue
        if n != current or state.closed:
            raise ClosedError(
                N_("round {round} is closed: its results are entered by the referee"), round=n
            )
        table, side = found
        return n, next(p for p in rnd.pairings if p.table == table), side
    raise CodeError(N_("no table has the code {typed}"), typed=code[: LENGTH + 2])


@lru_cache(maxsize=64)
def _codes(secret: str, round_no: int, played: tuple[int, ...]) -> dict[str, tuple[int, int]]:
    """Every player's code of a round: its table and side (made once a round; a wrong
    code is limited per address, so a lookup's time tells nothing worth guessing)."""
    return {
        player_code(secret, round_no, table, side): (table, side)
        for table in played
        for side in (0, 1)
    }


@dataclass(frozen=True)
class TableEntry:
    """One player's entry of a table's result: the scores in the table's order (the
    player who starts first), and both last moves when the tournament asks for them."""

    round: int
    table: int
    side: int  #: 0: the first player entered it, 1: the second
    score_first: int
    score_second: int
    last_moves: tuple[int, int] | None = None

    def same(self, other: TableEntry) -> bool:
        """Whether two entries say the same result."""
        return (self.score_first, self.score_second, self.last_moves) == (
            other.score_first,
            other.score_second,
            other.last_moves,
        )


Verdict = Literal["none", "waiting", "agreed", "mismatch"]


def verdict(entries: list[TableEntry]) -> Verdict:
    """What a table's entries say: nothing yet, one waiting, both the same, or not."""
    if not entries:
        return "none"
    if len(entries) == 1:
        return "waiting"
    return "agreed" if entries[0].same(entries[1]) else "mismatch"


def wants_last_moves(state: State) -> bool:
    """Whether a result needs both last moves (the school preset, SCH)."""
    return state.settings.tie_rule == "higher_last_move"


def record(referee: Referee, entry: TableEntry, state: State | None = None) -> None:
    """Record the entry's result in the event log, with the CLI's rules (refused when
    the table's result is in already: corrections are the referee's). ``state``: the
    tournament as the caller has just read it (else read here)."""
    state = referee.state() if state is None else state
    rnd = state.rounds.get(entry.round)
    p = next((x for x in rnd.pairings if x.table == entry.table), None) if rnd else None
    if p is None or p.second is None:
        raise CodeError(N_("no table has the code {typed}"), typed="")
    if p.result is not None:
        raise IllegalActionError(
            "result_in",
            N_("the result of table {table} is in already; only the referee corrects it"),
            table=entry.table,
        )
    referee.table_result(
        entry.round,
        p.first,
        entry.score_first,
        p.second,
        entry.score_second,
        entry.last_moves,
        state=state,
    )


#: A confirmation with no other entry to confirm.
NOTHING_TO_CONFIRM = N_("there is no entry of the other player to confirm yet")
#: A confirmation from the phone (the session) that entered the entry it confirms.
OWN_ENTRY = N_(
    "this phone entered that result: the other player confirms it on their own phone, "
    "with their own code (TR 5.2)"
)
#: A table the form names that the round has not.
NO_TABLE = N_("round {round} has no table {table} with an entry")
