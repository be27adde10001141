"""A tournament's estimated effect on the PFS ranking, before the federation counts it.

From a ranking history and one tournament's games (those played so far), each player's
numbers as the ranking rules would compute them once the tournament is added:

* the tournament ranking the player played with (RR §2.1–§2.4, raised to 100: §2.2);
* the ranking achieved in the tournament: the sum of scalps over the games (RR §1);
* the ranking before and after, both on the list dated the day after the tournament
  (RR §2.5), so that the difference is the tournament's doing alone (the same two-year
  window, RR §1); rankings rounded half up and not raised to 100 (RR §1, §2.2: the
  raise is for tournaments only);
* whether the player would be listed (30 games in the two years, RR §2.1).

It is an estimate: the official list is the federation's (RR §2.5, the ranking officer).

>>> from datetime import date
>>> from plansza.ranking.records import RankedGame
>>> d = date(2024, 5, 11)
>>> e = tournament_effect([], [RankedGame(d, "Puchar", "Ala", "Ola", 400, 300)])
>>> [(x.name, x.entry, x.performance, x.before, x.new_ranking, x.after.listed) for x in e.effects]
[('Ala', 100, 150, None, 102, False), ('Ola', 100, 50, None, 98, False)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from plansza.ranking.hollington import (
    LISTING_GAMES,
    Basis,
    ListEntry,
    Prior,
    RankingHistory,
    Tournament,
    group_tournaments,
    round_half_up,
)
from plansza.ranking.records import RankedGame, Registration
from plansza.tiles import polish_collation_key


@dataclass(frozen=True, slots=True)
class Effect:
    """One player's estimated numbers after the tournament is counted."""

    name: str
    entry: int  #: the tournament ranking played with (RR §2)
    basis: Basis  #: the rule that gave it
    games: int  #: games counted in this tournament
    scalps: int  #: their scalps (RR §1)
    before: int | None  #: the ranking before (rounded, RR §1); None: no ranked game yet
    listed_before: bool
    after: ListEntry  #: the row after (``listed``: on the list, RR §2.1)
    estimated: bool = False  #: no history: played with the ranking registered

    @property
    def achieved(self) -> Fraction:
        """The tournament's own ranking for the player: scalps / games (RR §1)."""
        return Fraction(self.scalps, self.games)

    @property
    def performance(self) -> int:
        """:attr:`achieved` rounded half up (RR §1)."""
        return round_half_up(self.achieved)

    @property
    def new_ranking(self) -> int:
        """The estimated ranking after: rounded half up, not raised (RR §1, §2.2)."""
        return round_half_up(self.after.exact)

    @property
    def change(self) -> int | None:
        """``new_ranking − before``; None for a debutant (nothing before)."""
        return None if self.before is None else self.new_ranking - self.before

    @property
    def enters(self) -> bool:
        """Whether the tournament puts the player on the list (RR §2.1)."""
        return self.after.listed and not self.listed_before


@dataclass(frozen=True, slots=True)
class TournamentEffect:
    """The whole tournament's estimated effect; ``effects`` in Polish alphabetical order."""

    tournament: Tournament | None  #: None: no game yet
    list_date: date | None  #: the list it would give: the day after its last day
    later: bool  #: the history has later tournaments (their scalps would change too)
    effects: tuple[Effect, ...]
    estimated: tuple[str, ...] = ()  #: players ranked from the ranking registered


def tournament_effect(
    history: Sequence[RankedGame],
    games: Sequence[RankedGame],
    priors: Mapping[str, Prior] | None = None,
    registrations: Iterable[Registration] = (),
) -> TournamentEffect:
    """The estimated effect of one tournament's ``games`` on the list of ``history``.

    ``games`` must be one tournament (see :func:`group_tournaments`). ``priors`` are
    rankings registered at the tournament, used for players with no game in
    ``history`` (an estimate, see :class:`Prior`). ``registrations`` are those the
    history file keeps for its earlier tournaments. No games: no effect.
    """
    kept = tuple(registrations)
    found = group_tournaments(games)
    if not found:
        return TournamentEffect(None, None, False, ())
    if len(found) > 1:
        raise ValueError(f"one tournament expected, not {len(found)}")
    new = found[0]
    known = {n for g in history for n in (g.player1, g.player2)}
    playing = {n for g in games for n in (g.player1, g.player2)}
    used = {n: p for n, p in (priors or {}).items() if n in playing and n not in known}
    before = RankingHistory(history, registrations=kept)
    after = RankingHistory([*history, *games], used, registrations=kept)
    index = next(
        i for i, t in enumerate(after.tournaments) if t.name == new.name and t.start == new.start
    )
    published = date.fromordinal(new.end.toordinal() + 1)
    old_rows = {e.name: e for e in before.ranking_list(published, include_unlisted=True)}
    new_rows = {e.name: e for e in after.ranking_list(published, include_unlisted=True)}
    effects = []
    for name in after.entry_rankings(index):
        perf = next(p for p in after.performances(name) if p.index == index)
        old = old_rows.get(name)
        before_value: int | None
        if old is None and name in used:  # RR §2.1: the ranking registered from the list
            prior = used[name]
            listed_before = prior.games_counted() >= LISTING_GAMES
            before_value = round_half_up(prior.ranking)
        else:
            listed_before = old is not None and old.listed
            before_value = None if old is None else round_half_up(old.exact)
        effects.append(
            Effect(
                name,
                perf.entry,
                perf.basis,
                perf.games,
                perf.scalps,
                before_value,
                listed_before,
                new_rows[name],
                name in used,
            )
        )
    effects.sort(key=lambda e: polish_collation_key(e.name))
    later = any(t.end > new.end for t in before.tournaments)
    return TournamentEffect(
        new, published, later, tuple(effects), tuple(sorted(used, key=polish_collation_key))
    )


def by_change(effects: Sequence[Effect]) -> list[Effect]:
    """The default order: the largest estimated rise first; equal changes by the new
    ranking, then Polish alphabetical; debutants (no change to show) last."""
    return sorted(
        effects,
        key=lambda e: (
            e.change is None,
            -(e.change or 0),
            -e.after.exact,
            polish_collation_key(e.name),
        ),
    )
