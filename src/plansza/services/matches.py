"""Computer players against each other: a match's settings checked, its lexicon, the games.

* :func:`check_match` — the players' levels and the numbers a match is given;
* :func:`match_lexicon` — the lexicon loaded and checked against the rules' tiles;
* :func:`play_match` — the games played (in ``jobs`` processes; the same seed gives
  the same games whatever ``jobs``), each one reported as it ends; Ctrl-C keeps
  the games finished.

A setting that cannot be used raises :class:`MatchError` (a code, an English
template, details) for the front end to word.

>>> check_match("static", "greedy", games=10, jobs=1, seconds=1.0)
>>> check_match("static", "grandmaster", games=10, jobs=1, seconds=1.0)
Traceback (most recent call last):
...
plansza.services.matches.MatchError: unknown player level 'grandmaster'; choose one of: ...
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from plansza.errors import N_, PlanszaError

if TYPE_CHECKING:
    from plansza.engine.match import GameOutcome as GameOutcome
    from plansza.engine.match import MatchResult as MatchResult
    from plansza.lexicon import Lexicon
    from plansza.rules import Rules

__all__ = ["MatchError", "check_match", "match_lexicon", "play_match"]


class MatchError(PlanszaError):
    """A match's setting that cannot be used."""

    code = "match"


def check_match(p1: str, p2: str, *, games: int, jobs: int, seconds: float) -> None:
    """Refuse an unknown level, fewer than one game or process, a sim's time that is
    not positive (:class:`MatchError`)."""
    from plansza.engine import LEVELS
    from plansza.files import excerpt

    for level in (p1, p2):
        if level not in LEVELS:
            raise MatchError(
                N_("unknown player level {level!r}; choose one of: {levels}"),
                code="level",
                level=excerpt(level),
                levels=", ".join(LEVELS),
            )
    if games < 1:
        raise MatchError(N_("--games must be at least 1, not {n}"), code="games", n=games)
    if jobs < 1:
        raise MatchError(N_("--jobs must be at least 1, not {n}"), code="jobs", n=jobs)
    if seconds <= 0:
        raise MatchError(N_("--seconds must be positive, not {n}"), code="seconds", n=seconds)


def match_lexicon(name: str, rules: Rules, rules_name: str, *, progress: bool | str) -> Lexicon:
    """The lexicon ``name`` (see :func:`plansza.services.lexicon.load_lexicon`), refused
    when its tiles are not those of ``rules`` (named ``rules_name`` by the user)."""
    from plansza.services.lexicon import load_lexicon

    lexicon = load_lexicon(name, progress=progress)
    if lexicon.tileset.name != rules.tileset.name:
        raise MatchError(
            N_("the lexicon {lexicon} does not fit the tiles of the {rules} rules ({tiles})"),
            code="tiles",
            lexicon=lexicon.name,
            rules=rules_name,
            tiles=rules.tileset.name,
        )
    return lexicon


def play_match(
    p1: str,
    p2: str,
    *,
    games: int,
    seed: int,
    rules: str,
    lexicon: Lexicon,
    jobs: int = 1,
    seconds: float = 1.0,
    record: bool = False,
    on_game: Callable[[GameOutcome], None] | None = None,
) -> MatchResult:
    """``games`` games of ``p1`` against ``p2`` under the rules named ``rules``: player 1
    starts the even games, player 2 the odd ones; the sim level thinks ``seconds`` a
    move. ``record``: each game's GCG in its outcome. ``on_game`` hears of each game
    as it ends (an error there stops the match and is raised); Ctrl-C stops it, the
    result then holds the games finished and is marked ``interrupted``."""
    from plansza.engine.match import run_match

    options = {"sim": {"seconds": seconds}}
    return run_match(
        p1, p2, games=games, seed=seed, rules=rules, jobs=jobs, record=record,
        lexicon=lexicon, options=options, on_game=on_game,
    )  # fmt: skip
