"""Glicko-2 ratings, as Mark Glickman's paper defines them ("Example of the Glicko-2
system", 2012): a rating, its deviation (how sure it is) and its volatility (how much
it is expected to move).

The online games' ratings (``plansza.services.ratings``) use it with every game its
own rating period, and the time since a player's last game widening the deviation
(:func:`idle`). The paper's worked example: on the Glicko-2 scale μ′ = −0.2069,
φ′ = 0.8722, σ′ = 0.05999 (printed to four places; the paper rounds μ′ before it
converts it back, hence its 1464.06 where the exact value is 1464.05):

>>> player = Rating(1500, 200, 0.06)
>>> after = update(player, [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0),
...                         (Rating(1700, 300), 0.0)])
>>> round((after.rating - 1500) / SCALE, 4), round(after.deviation / SCALE, 4)
(-0.2069, 0.8722)
>>> f"{after.volatility:.7f}", round(after.rating, 2), round(after.deviation, 2)
('0.0599960', 1464.05, 151.52)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: The factor between the Glicko scale (1500 ± 350) and Glicko-2's (0 ± 2.01).
SCALE = 173.7178
#: A newcomer: the rating of the middle, the widest deviation, the paper's volatility.
START_RATING, START_DEVIATION, START_VOLATILITY = 1500.0, 350.0, 0.06
#: The system's constant τ (the paper: 0.3 to 1.2; smaller keeps volatility steadier).
TAU = 0.5
#: Convergence of the volatility's iteration (the paper's ε).
EPSILON = 1e-6


@dataclass(frozen=True)
class Rating:
    """A rating on the Glicko scale: ``rating`` (1500 the middle), ``deviation``
    (RD: the rating is within ±2 RD with 95 % certainty) and ``volatility`` (σ)."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expected(player: Rating, opponent: Rating) -> float:
    """The score ``player`` is expected to take from ``opponent`` (0 to 1).

    >>> round(expected(Rating(1500, 200), Rating(1400, 30)), 3)
    0.639
    """
    mu, mu_j = (player.rating - 1500.0) / SCALE, (opponent.rating - 1500.0) / SCALE
    return 1.0 / (1.0 + math.exp(-_g(opponent.deviation / SCALE) * (mu - mu_j)))


def _volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """The new volatility σ′ (the paper's step 5: the Illinois algorithm)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (
            2.0 * (phi * phi + v + ex) ** 2
        ) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(
    player: Rating, games: Sequence[tuple[Rating, float]], *, tau: float = TAU
) -> Rating:
    """``player``'s rating after one rating period with ``games``: each an opponent
    (as rated before the period) and the score taken (1 a win, 0.5 a draw, 0 a loss).
    With no games only the deviation grows (the paper's step 6 alone).

    >>> update(Rating(1500, 200, 0.06), []).deviation > 200
    True
    """
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not games:
        return Rating(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    mu = (player.rating - 1500.0) / SCALE
    v_inv = 0.0
    total = 0.0
    for opponent, score in games:
        g = _g(opponent.deviation / SCALE)
        e = 1.0 / (1.0 + math.exp(-g * (mu - (opponent.rating - 1500.0) / SCALE)))
        v_inv += g * g * e * (1.0 - e)
        total += g * (score - e)
    v = 1.0 / v_inv
    sigma_new = _volatility(phi, sigma, v * total, v, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * total
    return Rating(mu_new * SCALE + 1500.0, phi_new * SCALE, sigma_new)


def idle(player: Rating, periods: float, *, ceiling: float = START_DEVIATION) -> Rating:
    """``player`` after ``periods`` rating periods without a game: the deviation
    widens as the paper's step 6 does once a period (φ² + σ² each), never past
    ``ceiling`` (a newcomer's: a player long away is as unknown as a new one, no more).

    >>> round(idle(Rating(1500, 50, 0.06), 365).deviation, 1)
    205.3
    >>> idle(Rating(1500, 300, 0.06), 10_000).deviation
    350.0
    """
    if periods <= 0:
        return player
    phi = player.deviation / SCALE
    # never narrower (a rounding of the scale's factor must not shrink it)
    widened = max(player.deviation, math.sqrt(phi * phi + periods * player.volatility**2) * SCALE)
    return Rating(player.rating, min(widened, max(ceiling, player.deviation)), player.volatility)
