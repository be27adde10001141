"""Drawing the shared rack under the vowel/consonant rule (Belgijka II.2, II.14).

Moves 1–10 need at least two vowels and two consonants on the rack, moves from
the 11th at least one of each; a blank counts as whichever is short (II.2).
The tiles left from the previous move stay and only the missing ones are drawn
(II.14). A rack that breaks the rule is put back **whole** — all seven tiles, the
kept ones too ("losowanie kompletu siedmiu nowych płytek", II.2) — and seven new
ones are drawn, at most three times; the third redraw stands whatever it holds.
No redraw is made when the unused tiles (bag and rack together) cannot make a
rack that meets the rule.

The random source is handed in (a seeded :class:`random.Random`); the bag is
kept in alphabet order before every draw, so a draw depends only on the bag's
contents and the random source, never on how the bag got there.

>>> import random
>>> from plansza.tiles import TileSet
>>> ts = TileSet.polish()
>>> log, bag = draw_rack(ts.full_bag(), "", 1, random.Random("doc"), ts)
>>> len(log.rack), len(bag), log.rack_meets
(7, 93, True)
>>> meets("KTRZ?A", Requirement.for_move(1), ts)   # the blank stands in for a vowel
True
>>> meets("KTRZA", Requirement.for_move(1), ts), meets("KTRZA", Requirement.for_move(11), ts)
(False, True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from plansza.tiles import BLANK, TileSet

#: II.2: the stricter rule holds for the first ten moves.
EARLY_MOVES = 10
#: II.2: "Losowanie nowego zestawu odbywa się maksymalnie trzy razy."
MAX_REDRAWS = 3


@dataclass(frozen=True)
class Requirement:
    """The least number of vowels and of consonants a rack must hold (II.2)."""

    vowels: int
    consonants: int

    @classmethod
    def for_move(cls, move: int) -> Requirement:
        """II.2: two of each during moves 1–10, one of each from move 11.

        >>> Requirement.for_move(10), Requirement.for_move(11)
        (Requirement(vowels=2, consonants=2), Requirement(vowels=1, consonants=1))
        """
        return cls(2, 2) if move <= EARLY_MOVES else cls(1, 1)


def classify(tiles: Iterable[str], tileset: TileSet) -> tuple[int, int, int]:
    """``(vowels, consonants, blanks)`` among ``tiles`` (Belgijka vowels: A Ą E Ę I O Ó U Y).

    >>> classify("AĄKŁ??", TileSet.polish())
    (2, 2, 2)
    """
    v = c = b = 0
    for t in tiles:
        if t == BLANK:
            b += 1
        elif tileset.is_vowel(t):
            v += 1
        else:
            c += 1
    return v, c, b


def shortfall(tiles: Iterable[str], need: Requirement, tileset: TileSet) -> int:
    """How many vowels and consonants are missing once the blanks fill the gaps (0 = fine)."""
    v, c, b = classify(tiles, tileset)
    return max(0, max(0, need.vowels - v) + max(0, need.consonants - c) - b)


def meets(tiles: Iterable[str], need: Requirement, tileset: TileSet) -> bool:
    """Whether a rack meets the rule; a blank counts as a vowel or a consonant (II.2)."""
    return shortfall(tiles, need, tileset) == 0


def attainable(
    pool: Iterable[str], need: Requirement, tileset: TileSet, rack_size: int = 7
) -> bool:
    """Whether some rack drawn from ``pool`` (every unused tile) could meet the rule.

    A rack holds ``min(rack_size, len(pool))`` tiles; it can meet the rule when the
    pool holds the vowels and consonants (blanks filling gaps) and the rack has
    room for them.

    >>> ts = TileSet.polish()
    >>> attainable("AEKT", Requirement(2, 2), ts), attainable("AKTRZ", Requirement(2, 2), ts)
    (True, False)
    >>> attainable("AEK?", Requirement(2, 2), ts), attainable("AE", Requirement(1, 1), ts)
    (True, False)
    """
    tiles = list(pool)
    size = min(rack_size, len(tiles))
    if need.vowels + need.consonants > size:
        return False
    return meets(tiles, need, tileset)


@dataclass(frozen=True)
class DrawAttempt:
    """One draw: the tiles kept from before, the tiles taken from the bag, the verdict."""

    kept: str
    drawn: str
    meets: bool

    @property
    def rack(self) -> str:
        return self.kept + self.drawn


@dataclass(frozen=True)
class DrawLog:
    """Every attempt of one move's draw, in order; the last one is the rack.

    ``outcome`` says why the last attempt stands: ``meets`` (the rack meets II.2),
    ``third_redraw`` (three redraws made; the third stands, II.2), ``unattainable``
    (the unused tiles cannot meet the rule: no redraw, II.2) or ``empty`` (bag and
    rack are empty: nothing to draw).
    """

    move: int
    requirement: Requirement
    attempts: tuple[DrawAttempt, ...]
    outcome: str

    @property
    def rack(self) -> str:
        return self.attempts[-1].rack if self.attempts else ""

    @property
    def redraws(self) -> int:
        return max(0, len(self.attempts) - 1)

    @property
    def rack_meets(self) -> bool:
        return bool(self.attempts) and self.attempts[-1].meets


def _take(bag: list[str], n: int, rng: random.Random, tileset: TileSet) -> str:
    """Draw ``n`` tiles (or all there are) from ``bag``, in place."""
    bag.sort(key=tileset.tile_sort_key)
    out = []
    for _ in range(min(n, len(bag))):
        out.append(bag.pop(rng.randrange(len(bag))))
    return "".join(out)


def draw_rack(
    bag: Iterable[str],
    kept: str,
    move: int,
    rng: random.Random,
    tileset: TileSet,
    rack_size: int = 7,
) -> tuple[DrawLog, list[str]]:
    """Draw the rack of ``move`` (1-based) onto the ``kept`` tiles; return the log and the bag.

    ``bag`` is not changed; the bag after the draw is returned. The log holds
    every attempt: the first is ``kept`` plus the missing tiles (II.14), each
    redraw is seven new tiles after the whole rack went back (II.2).

    >>> ts = TileSet.polish()
    >>> log, bag = draw_rack(list("KRTZSWA"), "", 1, random.Random(1), ts)
    >>> log.outcome, log.redraws, sorted(log.rack) == sorted("KRTZSWA"), bag
    ('unattainable', 0, True, [])
    """
    need = Requirement.for_move(move)
    remaining = list(bag)
    if not remaining and not kept:
        return DrawLog(move, need, (), "empty"), remaining
    drawn = _take(remaining, rack_size - len(kept), rng, tileset)
    attempt = DrawAttempt(kept, drawn, meets(kept + drawn, need, tileset))
    attempts = [attempt]
    if attempt.meets:
        return DrawLog(move, need, tuple(attempts), "meets"), remaining
    # The pool of unused tiles does not change while redrawing: decide once.
    if not attainable(remaining + list(attempt.rack), need, tileset, rack_size):
        return DrawLog(move, need, tuple(attempts), "unattainable"), remaining
    while not attempts[-1].meets and len(attempts) <= MAX_REDRAWS:
        remaining.extend(attempts[-1].rack)  # II.2: the whole rack goes back
        drawn = _take(remaining, rack_size, rng, tileset)
        attempts.append(DrawAttempt("", drawn, meets(drawn, need, tileset)))
    outcome = "meets" if attempts[-1].meets else "third_redraw"
    return DrawLog(move, need, tuple(attempts), outcome), remaining


def leave(rack: str, used: Iterable[str]) -> str:
    """The rack tiles left after a play uses ``used`` (rack tiles, ``?`` for blanks).

    >>> leave("KOTA?EŁ", ["K", "O", "T", "?"])
    'AEŁ'
    """
    left = Counter(rack)
    left.subtract(Counter(used))
    if any(n < 0 for n in left.values()):
        raise ValueError(f"the play uses tiles the rack {rack!r} has not")
    out = []
    for t in rack:
        if left[t] > 0:
            out.append(t)
            left[t] -= 1
    return "".join(out)
