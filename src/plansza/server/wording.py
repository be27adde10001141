"""A refusal as the browser's user reads it: fields and buttons, not command-line options.

The domain words a refusal for the command line where it says what to do next ("give
--referee-consent"); the web says the same with what its forms show ("choose «the
referee consents»"). Every server module words errors through :func:`describe` here,
so no option name reaches a page (``tests/server/test_wording.py`` checks that no web
wording names an option and that each replaced id still exists in the domain).

>>> from plansza.errors import PlanszaError
>>> from plansza.i18n import translator
>>> e = PlanszaError(MESSAGES["no_bye"], code="no_bye", round=3)
>>> describe(e, translator("en"))
'nobody has the bye in round 3 — pair the round again by hand'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from plansza.duplicate.messages import ERRORS as BELGIJKA_ERRORS
from plansza.errors import N_
from plansza.i18n import describe as describe_anywhere
from plansza.services.tournament import NOT_LISTED
from plansza.tournament.messages import MESSAGES

if TYPE_CHECKING:
    from plansza.errors import PlanszaError
    from plansza.i18n import Translator

#: The domain's message id → the web's (the same details).
WEB_WORDING: dict[str, str] = {
    MESSAGES["manual_only"]: N_(
        "this tournament is paired by hand: give the pairs in the field “By hand”"
    ),
    MESSAGES["no_bye"]: N_("nobody has the bye in round {round} — pair the round again by hand"),
    MESSAGES["tie_needs_last_move"]: N_(
        "{a} {sa} – {sb} {b} is a tie, and in a school tournament the higher last move wins "
        "it (SCH): fill in both players' last moves, e.g. 35:28"
    ),
    MESSAGES["no_school"]: N_(
        "{name}: a school tournament registers every player with their school — fill in "
        "“Club or school” (SCH: one team of at most {limit} per school)"
    ),
    MESSAGES["correction_referee"]: N_(
        "TR 4.6.4: round {next} is already paired, so a result of round {round} can be "
        "corrected only with the referee's consent, until the end of that day of play — "
        "choose “the referee consents”"
    ),
    MESSAGES["correction_late"]: N_(
        "TR 4.6.4: too late to correct a result of round {round} (round {next} is paired and "
        "day {day} of play has ended) — only the referee's override can: choose “the "
        "referee's override”"
    ),
    MESSAGES["correction_closed"]: N_(
        "TR 4.6.4: the tournament is closed, so a result of round {round} can be corrected "
        "only with the referee's consent, until the end of this day of play — choose “the "
        "referee consents”"
    ),
    MESSAGES["correction_closed_late"]: N_(
        "TR 4.6.4: the tournament is closed and its last day of play has ended, so a result "
        "of round {round} can no longer be corrected — only the referee's override can: "
        "choose “the referee's override”"
    ),
    NOT_LISTED: N_(
        "{name} is not on the ranking list; close names on it: {names}. Give the name as "
        "listed, or tick “not on the ranking list” to register a player off the list"
    ),
    str(BELGIJKA_ERRORS["not_top"]): N_(
        "{move} ({score}) is not the highest-scoring move ({top}); the winning move is "
        "the highest-scoring one (II.11–II.13): choose one of those listed"
    ),
    str(BELGIJKA_ERRORS["typed_draw_pending"]): N_(
        "the rack of move {move} is being drawn from the real bag (II.2 redraw): type the "
        "tiles drawn"
    ),
}


def describe(error: PlanszaError, t: Translator, *, where: bool = True) -> str:
    """The error's message in ``t``'s language, worded for a page (see the module)."""
    return describe_anywhere(error, t, where=where, wording=WEB_WORDING)
