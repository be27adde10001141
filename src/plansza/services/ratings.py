"""The online games' ratings: pools, who is rated, and a rated game's outcome.

A rating belongs to a *pool*: the rules preset and the game's speed (a blitz player
may be slow to think, and a home-rules game is another game), as Woogles rates by
variant and time control. The speeds by a player's minutes on the clock:

====================  ============
speed                 minutes
====================  ============
``blitz``             1–6
``rapid``             7–15
``classical``         16–180
``correspondence``    days a move
====================  ============

A game without a clock is never rated: nothing would stop a player from looking
everything up.

A game is rated when it was made rated, each person's seat belongs to an account and
at least two turns were taken (an *aborted* game, given up or timed out before that,
changes nothing); it counts as it ended — a resignation or a flag fall too. The
computer's levels keep fixed ratings (:data:`COMPUTER`): a newcomer who beats the
club player's level knows where they stand, and the computer's rating never moves.
Each game is its own Glicko-2 rating period (``plansza.ranking.glicko``); the days
since a player's last game in the pool widen the deviation first.

>>> pool_of("pfs", 15), pool_of("home", 3), pool_of("pfs", 0)
('pfs:rapid', 'home:blitz', None)
>>> provisional(9), provisional(10)
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from plansza.errors import N_
from plansza.ranking.glicko import Rating as Rating  # the front ends' way to it
from plansza.ranking.glicko import idle, update

if TYPE_CHECKING:
    from plansza.services.live import LiveTable

#: The speeds, fastest first: (name, the most minutes a player has, its words).
SPEEDS: tuple[tuple[str, int, str], ...] = (
    ("blitz", 6, N_("blitz (up to 6 min)")),
    ("rapid", 15, N_("rapid (7–15 min)")),
    ("classical", 180, N_("classical (over 15 min)")),
)
#: A correspondence game's speed (days a move instead of minutes a game).
CORRESPONDENCE = ("correspondence", N_("correspondence (days a move)"))
#: Every speed's name, in order, for the pools' lists.
SPEED_NAMES = (*(name for name, _, _ in SPEEDS), CORRESPONDENCE[0])
#: The rules presets' names in a pool's title.
PRESET_WORDS = {
    "pfs": N_("PFS rules"),
    "home": N_("home rules"),
    "school": N_("school rules"),
    "wespa": N_("WESPA (English)"),
}
#: A rating stays provisional (shown with "?") until this many games in its pool.
PROVISIONAL_GAMES = 10
#: A rating period in seconds: a day without games widens the deviation once.
PERIOD = 24 * 3600.0
#: The narrowest deviation: a long-settled rating still moves a little with each game.
FLOOR = 45.0
#: The computer's levels (``plansza.server.app.LEVELS``) and their fixed ratings, set to
#: the order of their strength (a random move, the highest score, score and leave, a
#: look ahead) with the deviation of a well-known player.
COMPUTER: dict[str, Rating] = {
    "random": Rating(700.0, 60.0),
    "greedy": Rating(1300.0, 60.0),
    "static": Rating(1600.0, 60.0),
    "sim": Rating(1800.0, 60.0),
}
#: Fewer turns than this in a game: aborted, not rated.
ABORTED_BELOW = 2


def speed_of(minutes: int) -> str | None:
    """The speed of a game with ``minutes`` a player (``None``: no clock, not rated)."""
    if minutes <= 0:
        return None
    for name, most, _ in SPEEDS:
        if minutes <= most:
            return name
    return None


def pool_of(preset: str, minutes: int, days: int = 0) -> str | None:
    """The pool a game of ``preset`` with ``minutes`` (or ``days`` a move, by
    correspondence) is rated in (``None``: none).

    >>> pool_of("pfs", 0, days=3)
    'pfs:correspondence'
    """
    speed = CORRESPONDENCE[0] if days > 0 else speed_of(minutes)
    return f"{preset}:{speed}" if speed is not None and preset in PRESET_WORDS else None


def pool_words(pool: str) -> tuple[str, str]:
    """A pool's rules and speed as message ids (translated by the page)."""
    preset, _, speed = pool.partition(":")
    words = {name: text for name, _, text in SPEEDS} | {CORRESPONDENCE[0]: CORRESPONDENCE[1]}
    return PRESET_WORDS.get(preset, preset), words.get(speed, speed)


def provisional(games: int) -> bool:
    """Whether a rating after ``games`` games in its pool is still provisional."""
    return games < PROVISIONAL_GAMES


@dataclass(frozen=True)
class Outcome:
    """A finished rated game as the ratings see it: its pool, each seat's score (1 a
    win, 0.5 a draw, 0 a loss), each seat's computer level (``""``: a person), and for
    a profile's statistics each seat's bingos and challenges won."""

    pool: str
    scores: tuple[float, float]
    computers: tuple[str, str]
    bingos: tuple[int, int] = (0, 0)
    challenges_won: tuple[int, int] = (0, 0)


def outcome_of(table: LiveTable) -> Outcome | None:
    """The outcome to rate, once ``table`` is over (``None``: not rated — made
    casual, no clock, aborted, called off, or not over)."""
    setup = table.setup
    if not setup.rated or not table.over or table.cancelled or len(setup.seats) != 2:
        return None
    pool = pool_of(setup.rules, setup.minutes, setup.days)
    result = table.game.result
    if pool is None or result is None or len(table.game.history) < ABORTED_BELOW:
        return None
    winner = result.winner
    scores = (0.5, 0.5) if winner is None else ((1.0, 0.0) if winner == 0 else (0.0, 1.0))
    computers = tuple("" if kind == "person" else kind for kind in setup.seats)
    from plansza.game import TurnKind

    history = table.game.history
    bingos = [
        sum(1 for t in history if t.player == p and t.bingo and t.kind is TurnKind.PLAY)
        for p in (0, 1)
    ]
    # a challenge is won by the player whose play stood, or by the challenger of one
    # that fell (two players: the challenger is the other)
    won = [
        sum(
            1
            for t in history
            if t.challenged and (t.challenge_valid if t.player == p else t.challenge_valid is False)
        )
        for p in (0, 1)
    ]
    return Outcome(
        pool, scores, (computers[0], computers[1]), (bingos[0], bingos[1]), (won[0], won[1])
    )


@dataclass(frozen=True)
class Standing:
    """One account's rating in one pool, as stored: the rating, the number of its
    games and when the last was played (seconds since the epoch)."""

    rating: Rating
    games: int
    at: float


def rated(before: Standing | None, opponent: Rating, score: float, at: float) -> Standing:
    """The standing after one game: the days since the last game widen the
    deviation, the game is a rating period of its own, the deviation keeps its floor.

    >>> first = rated(None, COMPUTER["static"], 1.0, 0.0)
    >>> round(first.rating.rating), first.games
    (1732, 1)
    >>> rated(first, COMPUTER["static"], 0.0, 0.0).rating.rating < first.rating.rating
    True
    """
    start = Rating() if before is None else idle(before.rating, (at - before.at) / PERIOD)
    after = update(start, [(opponent, score)])
    if after.deviation < FLOOR:
        after = Rating(after.rating, FLOOR, after.volatility)
    return Standing(after, (before.games if before else 0) + 1, at)


@dataclass(frozen=True)
class PfsEstimate:
    """A player's PFS ranking estimated from their rated online games against ranked
    players (never the federation's list): the value, the games it counts, whether
    it was padded to 30 games (RR §2.4)."""

    value: int
    games: int
    padded: bool


#: RR §1: at most this many games count (the latest here: online games have no
#: tournaments to choose the best of).
ESTIMATE_GAMES = 200


def pfs_estimate(games: list[tuple[int, float]]) -> PfsEstimate | None:
    """The estimate from ``games``, newest first: each the opponent's ranking on the
    PFS list and the score taken (1, 0.5, 0). As RR §1 counts a tournament: a scalp
    is the opponent's ranking +50 for a win, −50 for a loss, itself for a draw (an
    opponent under 100 counts as 100, RR §2.2); the ranking is the scalps' mean,
    rounded half up; fewer than 30 games are padded with scalps of 100 (RR §2.4).

    >>> pfs_estimate([(150, 1.0), (120, 0.0)])  # (200 + 70 + 28·100) / 30
    PfsEstimate(value=102, games=2, padded=True)
    >>> pfs_estimate([(130, 1.0)] * 30).value
    180
    >>> pfs_estimate([]) is None
    True
    """
    from plansza.ranking.hollington import (
        PADDING_GAMES,
        TEMPORARY_RANKING,
        WIN_BONUS,
        padded_ranking,
        round_half_up,
    )

    counted = games[:ESTIMATE_GAMES]
    if not counted:
        return None
    scalps = 0
    for ranking, score in counted:
        base = max(TEMPORARY_RANKING, ranking)
        scalps += base + (WIN_BONUS if score == 1.0 else -WIN_BONUS if score == 0.0 else 0)
    n = len(counted)
    if n < PADDING_GAMES:
        return PfsEstimate(round_half_up(padded_ranking(scalps, n)), n, True)
    return PfsEstimate(round_half_up(Fraction(scalps, n)), n, False)


def pfs_name(text: str) -> str | None:
    """A name as the PFS ranking list keys it (composed, spaces collapsed), at most 80
    characters; ``None`` for none.

    >>> pfs_name("  Nowak   Ewa "), pfs_name("  ")
    ('Nowak Ewa', None)
    """
    from plansza.ranking.records import normalise_name

    return normalise_name(text)[:80] or None
