"""Prize categories and divisions: who is in which, and their standings.

A prize category is a label a player carries (``women``, ``juniors``, ``seniors``,
or any other the organiser names, such as ``U12``) or one the program derives:
``debutants`` (registered without a ranking or games: RR §2.2) and ``club:NAME``
(the players of a club). Polish names are accepted too (``kobiety``, ``juniorzy``,
``seniorzy``, ``debiutanci``, ``klub:NAZWA``). A category's standings are the
tournament's standings (one event log, one criteria chain) with only its members,
placed 1, 2, 3… among themselves — the best woman is the highest placed woman.

A division (group) is a part of the field that plays and is ranked on its own;
RR §4 counts rounds against the players of each division ("w turniejach
dywizyjnych/grupowych w każdej z dywizji/grup").

>>> from plansza.tournament.model import Settings, State, Pairing, Result, Round
>>> s = State(Settings("T", 6, "halving"))
>>> a = s.add_player("Ala", 120.0, 40, categories=["K"])
>>> b = s.add_player("Olek", None, 0)
>>> c = s.add_player("Ewa", 110.0, 35, categories=["kobiety", "J"])
>>> s.rounds[1] = Round(1, [Pairing(1, a, b, Result(300, 400)), Pairing(2, c, None)])
>>> [(place, st.name) for place, st in category_standings(s, "women")]
[(1, 'Ewa'), (2, 'Ala')]
>>> [st.name for _, st in category_standings(s, "debiutanci")]
['Olek']
"""

from __future__ import annotations

from gettext import NullTranslations
from typing import TYPE_CHECKING

from plansza.errors import N_, IllegalActionError
from plansza.i18n import Translator
from plansza.tiles import polish_collation_key
from plansza.tournament.model import State, TournamentPlayer

if TYPE_CHECKING:
    from plansza.tournament.standings import Standing

#: The usual prize categories: canonical key → the names that mean it.
KNOWN: dict[str, tuple[str, ...]] = {
    "women": ("women", "woman", "w", "kobiety", "kobieta", "k"),
    "juniors": ("juniors", "junior", "j", "juniorzy"),
    "seniors": ("seniors", "senior", "s", "seniorzy"),
    "debutants": ("debutants", "debutant", "debiutanci", "debiutant", "d"),
}
_ALIAS = {alias: key for key, aliases in KNOWN.items() for alias in aliases}
CLUB_PREFIXES = ("club:", "klub:")

#: How each known category reads (English message ids).
NAMES: dict[str, str] = {
    "women": N_("women"),
    "juniors": N_("juniors"),
    "seniors": N_("seniors"),
    "debutants": N_("debutants"),
    "club": N_("club {club}"),
}


def clean(text: str) -> str:
    """A label or division as typed, with its spaces collapsed."""
    return " ".join(text.split())


def label(text: str) -> str:
    """The stored form of a category label: a known one by its key, a club as
    ``club:NAME``, any other as typed (spaces collapsed).

    >>> label("Kobiety"), label(" Klub: Siódemka "), label("U12")
    ('women', 'club:Siódemka', 'U12')
    """
    t = clean(text)
    low = t.casefold()
    if low in _ALIAS:
        return _ALIAS[low]
    for prefix in CLUB_PREFIXES:
        if low.startswith(prefix):
            return "club:" + clean(t[len(prefix) :])
    return t


def is_debutant(p: TournamentPlayer) -> bool:
    """Registered without a ranking and without ranked games (RR §2.2)."""
    return p.ranking is None and p.games == 0


def categories_of(p: TournamentPlayer) -> list[str]:
    """The categories ``p`` is in: their labels, then the derived ones."""
    out = list(dict.fromkeys(label(c) for c in p.categories))
    if is_debutant(p) and "debutants" not in out:
        out.append("debutants")
    if p.club and f"club:{p.club}" not in out:
        out.append(f"club:{p.club}")
    return out


def members(state: State, key: str) -> list[int]:
    """The pids in the category ``key`` (any accepted spelling), by registration."""
    wanted = label(key).casefold()
    return [
        p.pid
        for p in state.players.values()
        if any(c.casefold() == wanted for c in categories_of(p))
    ]


def used(state: State) -> list[str]:
    """Every category some player is in: the known ones first, then the others and the
    clubs in Polish alphabetical order."""
    return _ordered({c for p in state.players.values() for c in categories_of(p)})


def _ordered(found: set[str]) -> list[str]:
    known = [k for k in KNOWN if k in found]
    rest = found - set(known)
    return known + sorted(rest, key=lambda c: (c.startswith("club:"), polish_collation_key(c)))


def prize_categories(state: State, extra: list[str] | None = None) -> list[str]:
    """The categories a report shows: every label some player carries, and the
    ``extra`` ones asked for (such as the derived ``debutants`` or ``club:NAME``),
    each only if somebody is in it."""
    found = {label(c) for p in state.players.values() for c in p.categories}
    found |= {c for c in (label(x) for x in extra or []) if members(state, c)}
    return _ordered(found)


def title(key: str, t: Translator | None = None) -> str:
    """How a category reads, in the language of ``t``.

    >>> title("women"), title("club:Siódemka"), title("U12")
    ('women', 'club Siódemka', 'U12')
    """
    words = t or NullTranslations()
    if key.startswith("club:"):
        return words.gettext(NAMES["club"]).format(club=key[len("club:") :])
    if key in NAMES:
        return words.gettext(NAMES[key])
    return key


def divisions(state: State) -> dict[str, list[int]]:
    """Pids by division, divisions in Polish alphabetical order; ``{}`` without any.
    A player without a division in a divided field is under ``""``."""
    if not any(p.division for p in state.players.values()):
        return {}
    out: dict[str, list[int]] = {}
    for p in state.players.values():
        out.setdefault(p.division, []).append(p.pid)
    return dict(sorted(out.items(), key=lambda kv: polish_collation_key(kv[0])))


def _subset(state: State, pids: list[int], after_round: int | None) -> list[tuple[int, Standing]]:
    from plansza.tournament.standings import standings  # not for a player's registration

    chosen = set(pids)
    lines = [st for st in standings(state, after_round) if st.pid in chosen]
    return list(enumerate(lines, 1))


def category_standings(
    state: State, key: str, after_round: int | None = None
) -> list[tuple[int, Standing]]:
    """(place in the category, the player's line of the standings) for each member.

    Refused when nobody is in the category (a typo would print an empty list).
    """
    pids = members(state, key)
    if not pids:
        raise IllegalActionError(
            "no_category",
            N_("nobody is in the category {category}; categories: {known}"),
            category=key,
            known=", ".join(used(state)) or "—",
        )
    return _subset(state, pids, after_round)


def division_standings(
    state: State, name: str, after_round: int | None = None
) -> list[tuple[int, Standing]]:
    """(place in the division, line of the standings) for each player of division
    ``name`` (case ignored); refused for a division nobody plays in."""
    groups = divisions(state)
    found = next((d for d in groups if d.casefold() == clean(name).casefold()), None)
    if found is None:
        raise IllegalActionError(
            "no_division",
            N_("there is no division {division}; divisions: {known}"),
            division=name,
            known=", ".join(d or "—" for d in groups) or "—",
        )
    return _subset(state, groups[found], after_round)
