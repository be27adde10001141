"""TSH ``.t`` files (the English-speaking world's referee program), read and write.

One line per player, in player-number order::

    Nowak, Ewa            150  2 3 0; 420 388 300; p12 1 2 0

the name, the rating (0 = unrated), the opponents by line number round by
round (0 = bye), then after ``;`` the player's own scores, and the optional
``p12`` field (1 = went first, 2 = second, 0 = bye). Other ``;`` fields are
kept out (read leniently: ignored). Parse and print are a pair:

>>> t = read_t("A, B 150 2; 400; p12 1\\nC, D 0 1; 350; p12 2\\n", "x.t")
>>> [(p.name, p.rating, p.opponents, p.scores) for p in t.players]
[('A, B', 150, [2], [400]), ('C, D', 0, [1], [350])]
>>> write_lines(t) == ["A, B 150 2; 400; p12 1", "C, D 0 1; 350; p12 2"]
True

**Names.** TSH has no escape in a ``.t`` line: the name is everything before the
first number, ``;`` ends the field and ``#`` starts a comment, and TSH itself
shows whatever is written. So a name is written as it is, with runs of blanks
made one space (the reader splits on them), and a name that cannot be written so
that TSH and this reader read it back (one with ``;``, ``#`` or a control
character, or none at all) is refused when the file is written, naming the
player; the referee renames the player or leaves the ``.t`` file out. A name
ending in a number (``Gracz 2``) reads back whole thanks to the ``p12`` field.

>>> write_lines(TFile([TPlayer("Kowalski; Jan", 0)]))
Traceback (most recent call last):
...
plansza.errors.PlanszaError: a .t file cannot hold the name 'Kowalski; Jan': ';' has no \
place in a TSH name (rename the player)

Numbers are ASCII digits only; a line is read up to ``\n`` (other line breaks
are not line ends). Read a file with :func:`plansza.files.read_record`, which
refuses one over :data:`~plansza.files.RECORD_LIMIT` (1 MiB).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from plansza.errors import N_, FormatError, PlanszaError
from plansza.files import excerpt
from plansza.inputs import check_name
from plansza.tournament.model import Settings, State, seeds


@dataclass
class TPlayer:
    """One line of a ``.t`` file."""

    name: str
    rating: int
    opponents: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    p12: list[int] = field(default_factory=list)


@dataclass
class TFile:
    """A whole ``.t`` file."""

    players: list[TPlayer]

    @property
    def rounds(self) -> int:
        """The number of rounds paired in the file."""
        return max((len(p.opponents) for p in self.players), default=0)


MOST_RATING = 10_000
"""The highest rating read from or written to a ``.t`` file: the highest ranking a
player is registered with (``plansza.services.tournament.MOST_RANKING``; TSH's own
ratings are under 2500)."""


def _is_number(token: str) -> bool:
    """A whole (possibly negative) number: a rating, an opponent or a score."""
    return _NUMBER.fullmatch(token) is not None


_NUMBER = re.compile(r"-?[0-9]{1,9}")  # ASCII: \d and int() read "١٢" as 12 too


def read_t(text: str, source: str = "<t>") -> TFile:
    """Read a ``.t`` file; a bad line raises :class:`FormatError` naming it."""
    players: list[TPlayer] = []
    for lineno, raw in enumerate(text.split("\n"), 1):
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        parts = line.split(";")
        head = parts[0].split()
        p12: list[int] = []
        has_p12 = False
        for extra in parts[2:]:
            bits = extra.split()
            if bits and bits[0] == "p12":
                has_p12 = True
                p12 = [int(b) for b in bits[1:] if _is_number(b)]
        tail = len(p12) + 1  # with p12 we know how many numbers end the head
        if has_p12 and len(head) > tail and all(_is_number(t) for t in head[-tail:]):
            idx: int | None = len(head) - tail  # a name may itself end in a number
        else:
            idx = next((i for i, tok in enumerate(head) if _is_number(tok)), None)
        if idx is None or idx == 0:
            raise FormatError(
                N_("expected: NAME RATING OPPONENTS...; SCORES"), line=lineno, source=source
            )
        name = check_name(" ".join(head[:idx]), line=lineno, source=source)
        tokens = head[idx:] + (parts[1].split() if len(parts) > 1 else [])
        bad = next((tok for tok in tokens if not _is_number(tok)), None)
        if bad is not None:
            raise FormatError(
                N_("'{text}' is not a number"), line=lineno, source=source, text=excerpt(bad)
            )
        nums = [int(tok) for tok in head[idx:]]
        if not 0 <= nums[0] <= MOST_RATING:
            raise FormatError(
                N_("{name}: the rating {rating} is out of range: from 0 to {most}"),
                code="t_rating",
                line=lineno,
                source=source,
                name=excerpt(name),
                rating=nums[0],
                most=MOST_RATING,
            )
        scores = [int(tok) for tok in parts[1].split()] if len(parts) > 1 else []
        players.append(TPlayer(name, nums[0], nums[1:], scores, p12))
    n = len(players)
    for i, p in enumerate(players, 1):
        for r, o in enumerate(p.opponents, 1):
            if o < 0 or o > n or o == i:
                raise FormatError(
                    N_("{name}: bad opponent {opp} in round {round}"),
                    line=i,
                    source=source,
                    name=p.name,
                    opp=o,
                    round=r,
                )
            if o and (len(players[o - 1].opponents) < r or players[o - 1].opponents[r - 1] != i):
                raise FormatError(
                    N_("{name}: round {round} opponent {opp} does not name {me} back"),
                    source=source,
                    name=p.name,
                    opp=o,
                    round=r,
                    me=i,
                )
    return TFile(players)


def t_name(name: str) -> str:
    """``name`` as a ``.t`` line holds it, or :class:`PlanszaError` if it cannot.

    >>> t_name("  Żak,   Anna ")
    'Żak, Anna'
    """
    written = " ".join(name.split())
    bad = next((ch for ch in written if ch in ";#" or not ch.isprintable()), None)
    if bad is not None:
        raise PlanszaError(
            N_(
                "a .t file cannot hold the name {name!r}: {char!r} has no place in a TSH name "
                "(rename the player)"
            ),
            code="t_name",
            name=excerpt(name),
            char=bad,
        )
    if not written:
        raise PlanszaError(N_("a .t file cannot hold an empty name"), code="t_name")
    return written


def write_lines(t: TFile) -> list[str]:
    """The lines of a ``.t`` file; :class:`PlanszaError` for a name it cannot hold."""
    out = []
    for p in t.players:
        name = t_name(p.name)
        line = f"{name} {p.rating}"
        if p.opponents:
            line += " " + " ".join(map(str, p.opponents))
        line += "; " + " ".join(map(str, p.scores))
        if p.p12 or _is_number(name.split()[-1]):
            # p12 says how many numbers end the head, so a name that itself ends in a
            # number ("Gracz 2") reads back whole, even before the first round
            line += "; p12 " + " ".join(map(str, p.p12))
        out.append(line.rstrip())
    return out


def from_state(state: State) -> TFile:
    """The tournament as a ``.t`` file, players in seeding-number order.

    A bye is opponent 0 scored with the bye's spread (+50 by default); a round
    the player missed (late entry, withdrawal) is opponent 0 scored 0.
    """
    sd = seeds(state)
    order = sorted(state.players, key=lambda pid: sd[pid])
    bye = state.settings.bye_score[0] - state.settings.bye_score[1]
    players = []
    for pid in order:
        p = state.players[pid]
        tp = TPlayer(p.name, _rating(p.name, p.ranking))
        games = {g.round: g for g in state.games_of(pid)}
        for n in sorted(state.rounds):
            pr = state.rounds[n].pairing_of(pid)
            if pr is None or pr.second is None:
                tp.opponents.append(0)
                tp.p12.append(0)
                tp.scores.append(0 if pr is None else bye)
                continue
            opp = pr.second if pr.first == pid else pr.first
            tp.opponents.append(sd[opp])
            tp.p12.append(1 if pr.first == pid else 2)
            if n in games:
                tp.scores.append(games[n].score)
        players.append(tp)
    return TFile(players)


def _rating(name: str, ranking: float | None) -> int:
    """A player's ranking as a ``.t`` rating (none: 0, unrated); one no ``.t`` file can
    hold (``inf``, recorded before rankings were checked) is refused naming the player."""
    if ranking is None:
        return 0
    if not (math.isfinite(ranking) and 0 <= ranking <= MOST_RATING):
        raise PlanszaError(
            N_(
                "a .t file cannot hold the ranking {ranking} of {name}: a rating is from 0 "
                "to {most}"
            ),
            code="t_rating",
            name=excerpt(name),
            ranking=excerpt(str(ranking)),
            most=MOST_RATING,
        )
    return round(ranking)


def write_t(state: State) -> str:
    """The ``.t`` text of a tournament."""
    return "\n".join(write_lines(from_state(state))) + "\n"


def _absent(p: TPlayer, r: int) -> bool:
    """Opponent 0 scored 0 (or no entry at all) is a missed round, not a bye."""
    if len(p.opponents) < r:
        return True
    return p.opponents[r - 1] == 0 and (len(p.scores) < r or p.scores[r - 1] == 0)


def events_from(t: TFile, settings: Settings) -> list[tuple[str, dict[str, Any]]]:
    """Events that rebuild a ``.t`` file's tournament.

    Players present in round 1 are registered first, later ones (late
    entries) just before the round they first play; missed rounds become
    withdrawals and returns; byes, pairings (``p12`` gives who starts) and
    results follow round by round.
    """
    rounds = t.rounds
    lines = list(range(1, len(t.players) + 1))
    never = rounds + 1  # a player never seated in the file
    join = {
        i: next((r for r in range(1, rounds + 1) if not _absent(t.players[i - 1], r)), never)
        for i in lines
    }
    order = sorted(lines, key=lambda i: join[i])
    pid = {line: k for k, line in enumerate(order, 1)}
    items: list[tuple[str, dict[str, Any]]] = []

    def add(i: int) -> None:
        p = t.players[i - 1]
        items.append(("player_added", {"name": p.name, "ranking": p.rating or None}))

    for i in order:
        if join[i] == 1:
            add(i)
    for r in range(1, rounds + 1):
        for i in order:
            p = t.players[i - 1]
            if join[i] == r and r > 1:
                add(i)
            elif join[i] < r:
                if _absent(p, r) and not _absent(p, r - 1):
                    items.append(("withdraw", {"player": pid[i], "round": r}))
                elif not _absent(p, r) and _absent(p, r - 1):
                    items.append(("return", {"player": pid[i], "round": r}))
        tables: list[list[int | None]] = []
        results: list[dict[str, Any]] = []
        for i in lines:
            p = t.players[i - 1]
            if _absent(p, r):
                continue
            o = p.opponents[r - 1]
            if o == 0:
                tables.append([pid[i], None])
                continue
            if o < i:
                continue
            first_is_me = not (len(p.p12) >= r and p.p12[r - 1] == 2)
            tables.append([pid[i], pid[o]] if first_is_me else [pid[o], pid[i]])
            q = t.players[o - 1]
            if len(p.scores) >= r and len(q.scores) >= r:
                results.append(
                    {
                        "round": r,
                        "a": pid[i],
                        "sa": p.scores[r - 1],
                        "b": pid[o],
                        "sb": q.scores[r - 1],
                    }
                )
        items.append(("paired", {"round": r, "tables": tables, "method": "import"}))
        items.extend(("result", res) for res in results)
    for i in order:  # registered but never seated: they join after the last round
        if all(_absent(t.players[i - 1], r) for r in range(1, rounds + 1)) and rounds:
            add(i)
    return items
