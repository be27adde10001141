"""Pairing by the standings: the halving system, Swiss and Danish.

The score-group machinery of :func:`plansza.tournament.pairing.pair_round`
(see the systems there), in its own module because the MPA formats
(:mod:`plansza.tournament.mpa`) pair their halving rounds with it too.

>>> ideal([1, 2, 3, 4], {1: 2.0, 2: 2.0, 3: 1.0, 4: 1.0}, "halving")
{1: 2, 2: 1, 3: 4, 4: 3}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from plansza.tournament.model import State, Table, seeds
from plansza.tournament.standings import standings

REPEAT = 10**10
GROUP = 10**6
DEVIATION = 10
START = 1
BIG = 10**13
WINDOW = 16  # candidate opponents around the ideal one before the full graph is tried
WIDENED = 1.5  # RS §7.6: "o rozszerzonym zasięgu grupy na 1,5 punktu"
ZONE = 6  # players either side of a conflict re-paired by the local matching


@dataclass
class PairingNotes:
    """What a pairing by the standings had to do beyond the plain halves (filled in
    by :func:`by_standings` when given one): ``forced`` — no pairing without repeats
    exists (RS §7.5); ``widened`` — the score groups were widened to that range
    (RS §7.6); ``allowed`` — repeats are allowed (the setting, or the MPA format);
    ``repeats`` — the pairs that meet again (not in Danish, where that is the system)."""

    forced: bool = False
    widened: float | None = None
    allowed: bool = False
    repeats: list[tuple[int, int]] = field(default_factory=list)


def choose_bye(state: State, order: Sequence[int], n: int) -> int:
    """The bye of round ``n``: the fewest byes so far first, then the lowest placed.

    RS §7.7: among the players who have played a game (a player who has not yet
    played does not pause while anyone else can). So nobody gets a second bye
    while another player who can take it has none. In round 1 nobody has played:
    the lowest-placed player takes it (the referee may turn it into an RS §7.7
    adjustment, :func:`unplayed_bye`).
    """

    def played(pid: int) -> bool:
        return any(g.kind != "bye" for g in state.games_of(pid, n - 1))

    pool = [pid for pid in order if played(pid)] or list(order)
    # min() keeps the first of equals: scanning from the bottom, the lowest placed
    return min(reversed(pool), key=lambda pid: state.byes(pid, n))


def who_starts(state: State, a: int, b: int, n: int, place: dict[int, int]) -> Table:
    """Balance starts (pairing-notes 7): fewer starts first; then the one who did
    not start last time; then the higher-placed."""
    fa, sa, la = state.starts(a, n)
    fb, sb, lb = state.starts(b, n)
    if fa - sa != fb - sb:
        return (a, b) if fa - sa < fb - sb else (b, a)
    if la is not None and lb is not None and la != lb:
        return (b, a) if la else (a, b)
    return (a, b) if place[a] <= place[b] else (b, a)


def ideal(
    order: Sequence[int], points: dict[int, float], system: str, group_range: float = 0.0
) -> dict[int, int]:
    """The textbook pairing: halves of score groups, or 1–2, 3–4 (Danish).

    A score group is the players within ``group_range`` big points of its top
    player (0: equal points; RS §7.6 widens it to 1.5).
    """
    partner: dict[int, int] = {}
    if system == "danish":
        for i in range(0, len(order) - 1, 2):
            partner[order[i]], partner[order[i + 1]] = order[i + 1], order[i]
        return partner
    rest = list(order)
    while rest:
        top = points[rest[0]]
        size = 0
        while size < len(rest) and top - points[rest[size]] <= group_range:
            size += 1
        group, rest = rest[:size], rest[size:]
        if len(group) % 2 and rest:  # an odd group takes the top of the next group
            group.append(rest.pop(0))
        k = len(group) // 2
        for i in range(k):
            partner[group[i]], partner[group[i + k]] = group[i + k], group[i]
    return partner


def by_standings(
    state: State,
    n: int,
    system: str,
    *,
    repeats: bool,
    only: set[int] | None = None,
    notes: PairingNotes | None = None,
) -> list[Table]:
    """Halving / Swiss / Danish pairing of round ``n`` (of the players ``only``);
    ``notes`` learns whether repeats were forced or allowed and groups widened."""
    active = set(state.active(n))
    if only is not None:
        active &= only
    lines = [s for s in standings(state, n - 1, final=False) if s.pid in active]
    points = {s.pid: s.big_points for s in lines}
    if system == "swiss":
        sd = seeds(state)
        lines.sort(key=lambda s: (-s.big_points, sd[s.pid]))
    order = [s.pid for s in lines]
    place = {pid: i for i, pid in enumerate(order)}
    tables: list[Table] = []
    if len(order) % 2:
        bye = choose_bye(state, order, n)
        order.remove(bye)
        tables.append((bye, None))
    if not order:
        return tables
    pos = {pid: i for i, pid in enumerate(order)}
    forbid = not repeats and system != "danish"
    group_range = state.settings.group_range
    met = {pid: state.played_before(pid, n) for pid in order}
    partner = ideal(order, points, system, group_range)
    if not forbid or all(partner[p] not in met[p] for p in order):
        pairs = {(p, partner[p]) for p in order if pos[p] < pos[partner[p]]}
    else:
        pairs = _match(order, pos, partner, points, met, group_range, state, n)
        if any(b in met[a] for a, b in pairs) and group_range < WIDENED:
            # RS §7.6: no pairing without repeats — widen the group to 1.5 points
            wide = ideal(order, points, system, WIDENED)
            pairs = _match(order, pos, wide, points, met, WIDENED, state, n)
            if notes is not None:
                notes.widened = WIDENED
        if notes is not None and any(b in met[a] for a, b in pairs):
            notes.forced = True
    if notes is not None and system != "danish":
        notes.allowed = notes.allowed or not forbid
        notes.repeats += [(a, b) for a, b in pairs if b in met[a]]
    for a, b in sorted(pairs, key=lambda ab: min(pos[ab[0]], pos[ab[1]])):
        tables.append(who_starts(state, a, b, n, place))
    return tables


def _match(
    order: list[int],
    pos: dict[int, int],
    partner: dict[int, int],
    points: dict[int, float],
    met: dict[int, set[int]],
    group_range: float,
    state: State,
    n: int,
) -> set[tuple[int, int]]:
    balance = {}
    for p in order:
        f, s, _ = state.starts(p, n)
        balance[p] = (f > s) - (f < s)

    def cost(a: int, b: int) -> int:
        c = REPEAT if b in met[a] else 0
        c += GROUP * int(max(0.0, abs(points[a] - points[b]) - group_range) * 2)
        c += DEVIATION * (abs(pos[b] - pos[partner[a]]) + abs(pos[a] - pos[partner[b]]))
        if balance[a] and balance[a] == balance[b]:
            c += START
        return c

    def solve(window: int | None) -> set[tuple[int, int]] | None:
        return solve_on(order, window)

    def solve_on(players: list[int], window: int | None) -> set[tuple[int, int]] | None:
        import networkx as nx  # on use: a third of a second to import

        g = nx.Graph()
        g.add_nodes_from(players)
        inside = set(players)
        for a in players:
            lo, hi = 0, len(order) - 1
            if window is not None:
                centre = pos[partner[a]]
                lo, hi = max(0, centre - window), min(len(order) - 1, centre + window)
            for j in range(lo, hi + 1):
                b = order[j]
                if b != a and b in inside and not g.has_edge(a, b):
                    g.add_edge(a, b, weight=BIG - cost(a, b))
        m = nx.max_weight_matching(g, maxcardinality=True)
        if 2 * len(m) < len(players):
            return None
        out = set()
        for a, b in m:
            out.add((a, b) if pos[a] < pos[b] else (b, a))
        return out

    # First only the neighbourhood of the conflicts: everyone else keeps the ideal
    # opponent. Far cheaper than a matching over the whole field, and the rule of
    # pairing-notes 5 (swap nearby, then pull from further away) is local anyway.
    conflicts = [p for p in order if partner[p] in met[p]]
    zone: set[int] = set()
    for p in conflicts:
        for q in (p, partner[p]):
            lo, hi = max(0, pos[q] - ZONE), min(len(order) - 1, pos[q] + ZONE)
            zone.update(order[lo : hi + 1])
    zone |= {partner[p] for p in zone}
    if len(zone) < len(order):
        sub = [p for p in order if p in zone]
        found = solve_on(sub, WINDOW)
        if found is not None and not any(b in met[a] for a, b in found):
            rest = {(p, partner[p]) for p in order if p not in zone and pos[p] < pos[partner[p]]}
            return found | rest
    if len(order) > 2 * WINDOW + 2:
        found = solve(WINDOW)
        if found is not None and not any(b in met[a] for a, b in found):
            return found
    full = solve(None)
    assert full is not None  # a complete graph on an even count always has a perfect matching
    return full
