"""Drawing the shared rack under the vowel/consonant rule (Belgijka II.2, II.14).

Moves 1–10 need at least two vowels and two consonants on the rack, moves from
the 11th at least one of each; a blank counts as whichever is short (II.2).
The tiles left from the previous move stay and only the missing ones are drawn
(II.14). A rack that breaks the rule is put back **whole** — all seven tiles, the
kept ones too ("losowanie kompletu siedmiu nowych płytek", II.2) — and seven new
ones are drawn, at most three times; the third redraw stands whatever it holds.
No redraw is made when the unused tiles (bag and rack together) cannot make a
rack that meets the rule.

The referee may also draw from the real bag in the hall (I.5, II.14) and type the
tiles drawn: :func:`typed_draw` checks them against what is left and says whether
II.2 calls for a redraw (``redraw``) or the rack stands (the :class:`DrawLog`
outcomes ``meets``, ``third_redraw``, ``unattainable``).

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

from plansza.duplicate.messages import DuplicateError, refuse
from plansza.errors import NP_
from plansza.files import excerpt
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


#: The verdict of a typed draw when II.2 sends the rack back: all seven go back, draw again.
REDRAW = "redraw"


@dataclass(frozen=True)
class TypedDraw:
    """The verdict on tiles typed from the real bag: one more attempt of a move's draw.

    ``attempts`` are this move's attempts so far, the new one last; ``outcome`` is
    ``redraw`` (II.2 sends the rack back: put all of it in the bag and draw again) or
    why the rack stands, as :attr:`DrawLog.outcome` says it; ``bag`` is the bag after
    the draw (for a redraw: the bag before the move's first draw, the rack back in it).
    """

    move: int
    requirement: Requirement
    attempts: tuple[DrawAttempt, ...]
    outcome: str
    bag: list[str]

    @property
    def stands(self) -> bool:
        """Whether the rack stands (the move may open); ``False``: redraw."""
        return self.outcome != REDRAW

    @property
    def attempt(self) -> DrawAttempt:
        return self.attempts[-1]

    @property
    def rack(self) -> str:
        return self.attempt.rack

    @property
    def log(self) -> DrawLog:
        """The move's draw log, once the rack stands."""
        if not self.stands:
            raise ValueError("the rack does not stand: II.2 calls for a redraw")
        return DrawLog(self.move, self.requirement, self.attempts, self.outcome)


def tiles_to_draw(
    bag: Iterable[str], kept: str, attempts: Iterable[DrawAttempt] = (), rack_size: int = 7
) -> int:
    """How many tiles the next attempt takes from the bag: the missing ones (II.14),
    after a redraw a whole new rack (II.2); never more than the bag holds.

    ``bag`` is the bag before the move's first draw (the kept tiles not in it).

    >>> sent_back = DrawAttempt("KOT", "ABCD", False)
    >>> tiles_to_draw("ABCDEFGH", "KOT"), tiles_to_draw("ABCDEFGH", "KOT", [sent_back])
    (4, 7)
    >>> tiles_to_draw("AB", "KOT")
    2
    """
    pool = list(bag)
    if any(True for _ in attempts):
        return min(rack_size, len(pool) + len(kept))
    return min(rack_size - len(kept), len(pool))


def read_tiles(typed: str, tileset: TileSet) -> str:
    """The tiles the referee typed, upper case, ``?`` for a blank; spaces, commas and
    hyphens between them are ignored.

    >>> read_tiles("ą, ż ?-k", TileSet.polish())
    'ĄŻ?K'
    """
    out = []
    for ch in typed:
        if ch.isspace() or ch in ",;-":
            continue
        if ch == BLANK:
            out.append(BLANK)
        elif tileset.is_letter(ch):
            out.append(ch.upper())
        else:
            raise refuse("bad_tile", typed=excerpt(typed.strip()), tile=ch)
    return "".join(out)


def typed_draw(
    bag: Iterable[str],
    kept: str,
    typed: str,
    move: int,
    attempts: Iterable[DrawAttempt],
    tileset: TileSet,
    rack_size: int = 7,
) -> TypedDraw:
    """Check tiles the referee drew from the real bag for ``move`` and judge the rack (II.2).

    ``bag`` is the bag before the move's first draw (the ``kept`` tiles are not in
    it, II.14); ``attempts`` the move's attempts so far (each one sent back by II.2):
    after one, the whole rack went back and seven new tiles are drawn. ``typed`` names
    the tiles taken from the bag, in any case, ``?`` for a blank. A
    :class:`~plansza.duplicate.messages.DuplicateError` refuses a letter not in the set
    (``bad_tile``), tiles not left in the bag (``not_in_bag``) or a wrong number of
    tiles (``typed_count``); nothing is changed then.

    The outcome is the program draw's (:func:`draw_rack`): ``meets``; ``unattainable``
    (the unused tiles cannot meet the rule: no redraw); ``third_redraw`` (the third
    redraw stands); otherwise ``redraw``.

    >>> ts = TileSet.polish()
    >>> r = typed_draw(ts.full_bag(), "", "krtzswa", 1, (), ts)
    >>> r.outcome, r.rack, len(r.bag)
    ('redraw', 'KRTZSWA', 100)
    >>> r = typed_draw(ts.full_bag(), "", "kotaełs", 1, r.attempts, ts)
    >>> r.outcome, r.log.redraws, len(r.bag)
    ('meets', 1, 93)
    >>> typed_draw("AKOT", "", "KOŹ", 1, (), ts)
    Traceback (most recent call last):
    ...
    plansza.duplicate.messages.DuplicateError: Ź: not in the bag (left of them: Ź 0)
    """
    before = tuple(attempts)
    if len(before) > MAX_REDRAWS:
        raise ValueError("no redraw after the third (II.2)")
    need = Requirement.for_move(move)
    pool = list(bag)
    if before:
        pool += kept  # II.2: the whole rack went back, the kept tiles too
        kept = ""
    tiles = read_tiles(typed, tileset)
    if not pool and not kept:
        if tiles:
            raise _not_in_bag(tiles, pool)
        return TypedDraw(move, need, (), "empty", [])
    missing = Counter(tiles) - Counter(pool)
    if missing:
        raise _not_in_bag("".join(t for t in tiles if t in missing), pool)
    expected = tiles_to_draw(pool, kept, (), rack_size)
    if len(tiles) != expected:
        raise DuplicateError(
            "typed_count",
            NP_(
                "{count} typed ({tiles}); the rack needs {expected} tile from the bag",
                "{count} typed ({tiles}); the rack needs {expected} tiles from the bag",
            ),
            plural_field="expected",
            count=len(tiles),
            tiles=tiles or "—",
            expected=expected,
        )
    attempt = DrawAttempt(kept, tiles, meets(kept + tiles, need, tileset))
    done = (*before, attempt)
    left = Counter(pool)
    left.subtract(Counter(tiles))
    after = sorted(left.elements(), key=tileset.tile_sort_key)
    if attempt.meets:
        outcome = "meets"
    elif not attainable(pool + list(kept), need, tileset, rack_size):
        outcome = "unattainable"
    elif len(done) > MAX_REDRAWS:
        outcome = "third_redraw"
    else:
        outcome = REDRAW
        after = sorted(pool + list(kept), key=tileset.tile_sort_key)
    return TypedDraw(move, need, done, outcome, after)


def _not_in_bag(tiles: str, pool: list[str]) -> DuplicateError:
    have = Counter(pool)
    seen = list(dict.fromkeys(tiles))
    return refuse(
        "not_in_bag",
        tiles=", ".join(tiles),
        left=", ".join(f"{t} {have[t]}" for t in seen),
    )


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
