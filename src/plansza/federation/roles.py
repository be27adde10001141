"""Who may referee a tournament, and play in it: RS §2, §3, §4, §6 and RR §4.

The head referee's standing on the tournament's first day (the degree in force, from
the federation's registry) and the tournament's declared category and roles are
checked here; :func:`check` gives each finding with its paragraph, as a refusal (the
tournament may not be run so) or a warning (something the referee should see to).

Categories: the central tournaments (RS §6.4: MP, KMP, PP, LeMans and the Grand
Prix), the other ranked ones, and unranked ones.

>>> found = check(category="GP", referee="Nowak Jan", standing=Standing(degree=2))
>>> [(f.level, f.paragraph) for f in found]
[('refuse', 'RS §2.2')]
>>> check(category="ranked", referee="Nowak Jan", standing=Standing(degree=2))
[]
>>> [f.paragraph for f in check(category="KMP", referee="Nowak Jan",
...                             standing=Standing(degree=1), plays=True)]
['RS §6.4', 'RS §6.5']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from plansza.errors import N_

#: The categories a tournament may declare (``turniej new --category``).
CATEGORIES = ("GP", "MP", "KMP", "PP", "LeMans", "ranked", "unranked")
#: RS §6.4: the central tournaments (no playing referee).
CENTRAL = frozenset({"GP", "MP", "KMP", "PP", "LeMans"})
#: RS §2.2: a degree-II licence is not enough for these.
DEGREE_ONE_ONLY = frozenset({"GP", "MP", "PP"})
#: RS §3.4: no internship at the special tournaments.
NO_INTERNSHIP = frozenset({"PP", "MP"})
#: RS §3.5: the practical exam is a tournament of at least this many rounds.
EXAM_ROUNDS = 12

Level = Literal["refuse", "warn"]


@dataclass(frozen=True)
class Standing:
    """A referee's standing on a day, as the registry computes it: the degree in
    force (``None``: none — never granted, suspended, lapsed or taken away), whether
    a penalty forbids playing while refereeing (RS §4.1), whether the person is a
    member of the federation (RS §6.5: an assistant referee), and whether the board
    gave a temporary licence for the tournament (RS §3.9)."""

    degree: int | None
    may_play: bool = True
    member: bool = True
    #: RS §3.9: the board's temporary licence for this tournament (no degree).
    temporary: bool = False


@dataclass(frozen=True)
class Finding:
    """One thing found: ``refuse`` or ``warn``, the paragraph, and the English
    message (for gettext) with its fields."""

    level: Level
    paragraph: str
    template: str
    details: dict[str, object] = field(default_factory=dict)

    def text(self) -> str:
        """In English (the CLI translates ``template`` and fills it instead)."""
        return self.template.format(**self.details)


def check(
    *,
    category: str,
    referee: str,
    standing: Standing | None,
    plays: bool = False,
    assistants: tuple[str, ...] = (),
    assistant_standings: Mapping[str, Standing] | None = None,
    internship: str = "",
    exam: str = "",
    rounds: int | None = None,
) -> list[Finding]:
    """What the rules say of this tournament's referee and roles (see the module);
    ``standing`` ``None``: not known (no registry given), the licence not checked."""
    found = _licence(category, referee, standing)
    if plays:
        found += _playing(category, referee, standing, assistants, bool(internship or exam))
    found += _assistants(referee, assistants, assistant_standings or {})
    found += _candidates(category, referee, assistants, internship, exam, rounds)
    return found


def _licence(category: str, referee: str, standing: Standing | None) -> list[Finding]:
    """RR §4, RS §2.2: the head referee's licence, for a ranked or a central tournament."""
    degree = standing.degree if standing is not None else None
    if standing is None or standing.temporary:
        return []  # not known; or the board's leave for this very tournament (RS §3.9)
    if category != "unranked" and degree is None:
        # RR §4: a ranked tournament is run by a PFS referee (RS §2.1: a licence)
        template = N_("{name} holds no referee's licence in force: a ranked tournament needs one")
        return [Finding("refuse", "RR §4", template, {"name": referee})]
    if category in DEGREE_ONE_ONLY and degree == 2:
        template = N_("{name} holds a degree-II licence: {category} needs a degree-I referee")
        return [Finding("refuse", "RS §2.2", template, {"name": referee, "category": category})]
    return []


def _playing(
    category: str,
    referee: str,
    standing: Standing | None,
    assistants: tuple[str, ...],
    candidates: bool,
) -> list[Finding]:
    """RS §6.4, §6.5, §4.1: a head referee who plays in the tournament too (``candidates``:
    it has an internship or an exam)."""
    found: list[Finding] = []
    if category in CENTRAL:
        template = N_("the referee may not play at a central tournament ({category})")
        found.append(Finding("refuse", "RS §6.4", template, {"category": category}))
    elif candidates:
        template = N_("the referee may not play at a tournament with an internship or an exam")
        found.append(Finding("refuse", "RS §6.4", template))
    if standing is not None and standing.degree != 1:
        template = N_("only a degree-I referee may play in the tournament they referee")
        found.append(Finding("refuse", "RS §6.4", template))
    if standing is not None and not standing.may_play:
        template = N_("{name} may not play while refereeing: a penalty is in force")
        found.append(Finding("refuse", "RS §4.1", template, {"name": referee}))
    if len(assistants) < 2:
        template = N_(
            "a playing referee appoints two assistant referees before the tournament "
            "({n} appointed)"
        )
        found.append(Finding("refuse", "RS §6.5", template, {"n": len(assistants)}))
    return found


def _assistants(
    referee: str, assistants: tuple[str, ...], standings: Mapping[str, Standing]
) -> list[Finding]:
    """RS §6.5: the assistant referees, each a licensed referee or a member."""
    found: list[Finding] = []
    for name in assistants:
        if name == referee:
            template = N_("the head referee cannot be their own assistant referee")
            found.append(Finding("refuse", "RS §6.5", template))
            continue
        other = standings.get(name)
        if other is not None and other.degree is None and not other.member:
            template = N_(
                "{name} is neither a licensed referee nor a member: not an assistant referee"
            )
            found.append(Finding("warn", "RS §6.5", template, {"name": name}))
    return found


def _candidates(
    category: str,
    referee: str,
    assistants: tuple[str, ...],
    internship: str,
    exam: str,
    rounds: int | None,
) -> list[Finding]:
    """RS §3.4, §3.5: the intern and the candidate sitting the practical exam."""
    found: list[Finding] = []
    if internship and category in NO_INTERNSHIP:
        template = N_("no internship at {category}")
        found.append(Finding("refuse", "RS §3.4", template, {"category": category}))
    if internship and internship in (referee, *assistants):
        template = N_("the intern assists the referee: not a referee here")
        found.append(Finding("refuse", "RS §3.4", template))
    if exam and rounds is not None and rounds < EXAM_ROUNDS:
        template = N_(
            "a practical exam is a tournament of at least {need} rounds; this one has {r}"
        )
        found.append(Finding("warn", "RS §3.5", template, {"need": EXAM_ROUNDS, "r": rounds}))
    return found


__all__ = ["CATEGORIES", "CENTRAL", "Finding", "Standing", "check"]
