"""Late-entry adjustments — "wyrównania" (RS §7.2–7.3).

A player who joins after round 1 (or returns after withdrawing) gets big and
small points so that before that round they stand at a target place:

    target = ceil((A·N + B·M) / (N + M))          (setting ``weighted``)

A = place before the last withdrawal, B = the place matching the seeding
number, N = rounds played before the last withdrawal, M = rounds missed
since. The formula's image is missing from our copy of RS §7.2; this is the
reconstruction of ``pairing-notes.md`` and a setting (``seed`` uses B alone,
``none`` gives no adjustment).

>>> target_place(a=0, b=7, n=0, m=3)
7
>>> target_place(a=2, b=9, n=3, m=1)
4
"""

from __future__ import annotations

import math

from plansza.tournament.model import TEMPORARY_RANKING, Adjustment, State, seed_key
from plansza.tournament.totals import Standing, rank, totals

FORMULAS = ("weighted", "seed", "none")


def target_place(a: int, b: int, n: int, m: int, formula: str = "weighted") -> int:
    """RS §7.2 target place, rounded up (reconstructed formula, a setting)."""
    if formula == "seed" or n + m == 0:
        return b
    return math.ceil((a * n + b * m) / (n + m))


def seeding_place(state: State, pid: int, others: list[int]) -> int:
    """RS §7.2 "B": the place matching the seeding number among ``others`` + pid.

    For a player at the temporary ranking 100: the middle of the group of
    100-ranked players (+1 for an even count); with none or one such other
    player, the last place.
    """
    me = state.players[pid]
    everyone = sorted([state.players[o] for o in others] + [me], key=seed_key)
    if me.tournament_ranking > TEMPORARY_RANKING:
        return everyone.index(me) + 1
    group = [
        i for i, p in enumerate(everyone, 1)
        if p.tournament_ranking == TEMPORARY_RANKING and p.pid != pid
    ]
    if len(group) <= 1:
        return len(everyone)
    return group[0] + len(group) // 2


def compute(state: State, pid: int, round_no: int, joining: set[int]) -> Adjustment | None:
    """The adjustment for ``pid`` joining (or returning) before ``round_no``.

    Players joining in the same round are left out of each other's
    computation (RS §7.2: computed independently).
    """
    s = state.settings
    if s.adjustment_formula == "none" or round_no <= 1:
        return None
    before = round_no - 1
    lines = totals(state, before)
    others = [q for q in state.players if q != pid and q not in joining]
    ranked = rank(state, [lines[q] for q in others], s.criteria)
    if not ranked:
        return None
    p = state.players[pid]
    b = seeding_place(state, pid, others)
    if p.absences and p.absences[-1][1] == round_no and p.joined_round < p.absences[-1][0]:
        first_missed = p.absences[-1][0]
        n = first_missed - p.joined_round
        m = round_no - first_missed
        prev = rank(
            state,
            [v for q, v in totals(state, first_missed - 1).items() if q == pid or q in others],
            s.criteria,
        )
        a = next(i for i, st in enumerate(prev, 1) if st.pid == pid)
    else:
        a, n, m = 0, 0, before  # a new player: N = 0, so the target is B
    t = max(1, min(target_place(a, b, n, m, s.adjustment_formula), len(ranked) + 1))
    if t <= len(ranked):
        ref = ranked[t - 1]
        bp, sp, spread = ref.big_points, ref.small_points + 1, ref.spread + 1
    else:
        ref = ranked[-1]
        bp, sp, spread = ref.big_points, ref.small_points - 1, ref.spread - 1
    mine = lines[pid]
    # RS §7.3: no negative adjustment of big or small points. A player whose own
    # results already reach the target gets none.
    add_bp = max(0.0, bp - mine.big_points)
    add_sp = max(0, sp - mine.small_points)
    if add_bp == 0 and add_sp == 0:
        return None
    # The spread is set exactly (RS §7.2: "różnicę lub analogicznie inne kryterium"):
    # below the middle of the field the reference spread is negative, and a newcomer's
    # 0 would lift them far above the target place (a decision: docs/decisions).
    add_spread = spread - mine.spread
    return Adjustment(round_no, add_bp, add_sp, add_spread, t)


def joining(state: State, round_no: int) -> list[int]:
    """Players who enter or return in ``round_no`` after round 1."""
    if round_no <= 1:
        return []
    out = []
    for pid, p in state.players.items():
        if p.joined_round == round_no or any(end == round_no for _, end in p.absences):
            out.append(pid)
    return out


def apply_pending(state: State, round_no: int) -> None:
    """Record the adjustments of everyone joining in ``round_no`` (in place)."""
    join = joining(state, round_no)
    new = {pid: compute(state, pid, round_no, set(join)) for pid in join}
    for pid, adj in new.items():
        if adj is not None:
            state.adjustments.setdefault(pid, []).append(adj)


def apply_removal(state: State, last: int, lines: dict[int, Standing]) -> None:
    """RS §7.3: two rounds before the end, cut adjustments above the line.

    The line is 2 big points and 400 small points below the player at the
    last prize place (setting ``prize_places``; the last qualifying place for
    an elimination tournament). Only as much is removed as brings the player
    down to the line, never more than was added.
    """
    s = state.settings
    cut_round = s.rounds - 2
    if last < cut_round or last >= s.rounds or cut_round < 1:
        return
    base = totals(state, cut_round)
    ranked = rank(state, list(base.values()), s.criteria)
    if len(ranked) < s.prize_places:
        return
    ref = ranked[s.prize_places - 1]
    line_bp, line_sp = ref.big_points - 2, ref.small_points - 400
    for pid, adjs in state.adjustments.items():
        added_bp = sum(a.big_points for a in adjs if a.round <= cut_round + 1)
        added_sp = sum(a.small_points for a in adjs if a.round <= cut_round + 1)
        added_spread = sum(a.spread for a in adjs if a.round <= cut_round + 1)
        st = base[pid]
        if (st.big_points, st.small_points) <= (line_bp, line_sp):
            continue
        cut_bp = min(added_bp, max(0.0, st.big_points - line_bp))
        if st.big_points - cut_bp > line_bp:
            cut_sp = added_sp  # still above: everything that was added goes
        else:
            cut_sp = min(added_sp, max(0, st.small_points - line_sp))
        # the spread part goes in the same proportion as the small points
        cut_spread = round(added_spread * cut_sp / added_sp) if added_sp else 0
        line = lines[pid]
        line.big_points -= cut_bp
        line.small_points -= cut_sp
        line.against += cut_spread - cut_sp
