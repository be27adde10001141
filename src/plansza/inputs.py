"""Checks of what people type at the edges: names and dates.

**Names.** A player's or a member's name is one line of printable text: a tab, a line
break or another control character (also the invisible format characters, such as a
right-to-left override) would break the line of a table, a pairing slip, a CSV or a
``.t`` file, or make two names look alike. :func:`check_name` refuses one, naming the
character by its code point, and a name over :data:`NAME_MOST` characters; spaces
around the name are the caller's to strip.

>>> check_name("Anna Żak")
'Anna Żak'
>>> check_name("Anna\\tŻak")
Traceback (most recent call last):
...
plansza.errors.FormatError: the name 'Anna\\tŻak' holds a control character (U+0009): \
a name is one line of printable text

**Dates.** A date read from a user or a file is refused outside :data:`FIRST_DAY` to
:data:`LAST_DAY`, 1900-01-01 to 2999-12-31. Python's dates end at the years 1 and 9999,
and the ranking's window (two years back, RR §1), a licence's three years (RS §5.2) or
the day after a tournament (RR §2.5) step out of them near those ends; no game of
Scrabble (first sold in 1948) was played before 1900, and a date after 2999 is a typo.

>>> check_day(date(2024, 5, 11), "date")
datetime.date(2024, 5, 11)
>>> check_day(date(9999, 12, 31), "date")
Traceback (most recent call last):
...
plansza.errors.FormatError: date 9999-12-31 is out of range: a date from 1900-01-01 \
to 2999-12-31
"""

from __future__ import annotations

import unicodedata
from datetime import date

from plansza.errors import N_, NP_, FormatError
from plansza.files import excerpt

__all__ = [
    "DAY_RANGE",
    "FIRST_DAY",
    "LAST_DAY",
    "NAME_CONTROL",
    "NAME_MOST",
    "check_day",
    "check_name",
    "control_character",
    "day_in_range",
]

FIRST_DAY = date(1900, 1, 1)
"""The earliest date accepted from a user or a file."""
LAST_DAY = date(2999, 12, 31)
"""The latest date accepted from a user or a file."""

DAY_RANGE = N_("{field} {value} is out of range: a date from {first} to {last}")
"""The message of a date outside :data:`FIRST_DAY` – :data:`LAST_DAY`."""

NAME_CONTROL = N_(
    "the name {name!r} holds a control character ({char}): a name is one line of "
    "printable text"
)
"""The message of a name with a control character."""

NAME_MOST = 100
"""Characters: the longest name taken (the longest names, two surnames and two first
names, are about 40; a name fills a line of tables, slips and ``.t`` files)."""

#: Unicode categories refused in a name: controls (tab, line breaks, escape…), format
#: characters (bidirectional overrides, zero-width ones), line and paragraph
#: separators, surrogates, private use and unassigned code points.
_REFUSED = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"})


def control_character(text: str) -> str | None:
    """The first character of ``text`` a name may not hold, as ``U+XXXX``; or None.

    >>> control_character("Ala"), control_character("Ala\\nKot"), control_character("a\\u202eb")
    (None, 'U+000A', 'U+202E')
    """
    for ch in text:
        if unicodedata.category(ch) in _REFUSED:
            return f"U+{ord(ch):04X}"
    return None


def check_name(name: str, *, line: int | None = None, source: str | None = None) -> str:
    """``name`` if it is one line of printable text of at most :data:`NAME_MOST`
    characters, else a :class:`~plansza.errors.FormatError` (code ``name_control`` or
    ``name_length``) quoting an excerpt of it, placed at ``line`` of ``source`` when it
    was read from a file."""
    char = control_character(name)
    if char is not None:
        raise FormatError(
            NAME_CONTROL,
            code="name_control",
            line=line,
            source=source,
            name=excerpt(name),
            char=char,
        )
    if len(name) > NAME_MOST:
        raise FormatError(
            NP_(
                "the name {name!r} has {count} character: a name has at most {most}",
                "the name {name!r} has {count} characters: a name has at most {most}",
            ),
            plural_field="count",
            code="name_length",
            line=line,
            source=source,
            name=excerpt(name),
            count=len(name),
            most=NAME_MOST,
        )
    return name


def day_in_range(day: date) -> bool:
    """Whether ``day`` is from :data:`FIRST_DAY` to :data:`LAST_DAY`."""
    return FIRST_DAY <= day <= LAST_DAY


def check_day(
    day: date, field: str, *, line: int | None = None, source: str | None = None
) -> date:
    """``day`` if it is in range, else a :class:`~plansza.errors.FormatError` (code
    ``date_range``) naming ``field`` (an option such as ``--date``, or a column) and the
    range, placed at ``line`` of ``source`` when it was read from a file."""
    if day_in_range(day):
        return day
    raise FormatError(
        DAY_RANGE,
        code="date_range",
        field=field,
        value=day.isoformat(),
        first=FIRST_DAY.isoformat(),
        last=LAST_DAY.isoformat(),
        line=line,
        source=source,
    )
