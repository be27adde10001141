"""The ranking list as documents: CSV and a printable HTML page.

Headings are in the language of the translator given (:func:`plansza.i18n.translator`).
The CSV keeps the exact value as a fraction (``1741/15``), so nothing is lost; the
HTML page (template ``plansza/templates/ranking/list.html``) shows it as a decimal,
for people, with the language's decimal separator.

>>> from datetime import date
>>> from fractions import Fraction
>>> from plansza.i18n import Translator
>>> from plansza.ranking.hollington import ListEntry, RankingList
>>> lst = RankingList(date(2024, 5, 13), date(2022, 5, 13), (
...     ListEntry(1, "Żaneta Łęcka", 116, Fraction(1741, 15), 30, 3, True),))
>>> print(list_csv(lst, Translator()), end="")
Place,Player,Ranking,Exact value,Games,Tournaments
1,Żaneta Łęcka,116,1741/15,30,3
>>> decimal_text(Fraction(1741, 15), t=Translator())
'116.067'
"""

from __future__ import annotations

import io
from datetime import timedelta
from fractions import Fraction

from plansza.errors import N_
from plansza.files import csv_writer
from plansza.i18n import Translator
from plansza.ranking.hollington import Basis, RankingList

# How a tournament ranking is computed, by its basis (RR §2.1–§2.4).
BASIS: dict[Basis, str] = {
    Basis.DEBUTANT: N_("debutant: temporary ranking 100 (RR §2.2)"),
    Basis.PADDED: N_(
        "{games} career games: scalps {scalps} + {padding} × 100 = {total}; {total} / 30 = "
        "{exact} (RR §2.4)"
    ),
    Basis.LISTED: N_("from the list: scalps {scalps} / {games} games = {exact} (RR §2.1)"),
    Basis.OFF_LIST: N_(
        "off the list, {career} career games: the latest tournaments with {games} games, scalps "
        "{scalps} / {games} = {exact} (RR §2.3)"
    ),
}


def decimal_separator(t: Translator) -> str:
    """The decimal separator of ``t``'s language: ``","`` in Polish, ``"."`` in English."""
    # TRANSLATORS: the decimal separator of numbers (Polish: a comma).
    return t.pgettext("decimal separator", ".")


def decimal_text(value: Fraction, places: int = 3, t: Translator | None = None) -> str:
    """``value`` rounded half up to ``places`` decimals, with the separator of ``t`` (a point
    without one).

    >>> from plansza.i18n import Translator
    >>> decimal_text(Fraction(1, 8), 2, Translator()), decimal_text(Fraction(-3, 2), 0)
    ('0.13', '-1')
    """
    scale = 10**places
    scaled = (value * scale + Fraction(1, 2)).__floor__()
    sign = "-" if scaled < 0 else ""
    whole, frac = divmod(abs(scaled), scale)
    if places == 0:
        return f"{sign}{whole}"
    separator = "." if t is None else decimal_separator(t)
    return f"{sign}{whole}{separator}{frac:0{places}d}"


def _headings(t: Translator) -> list[str]:
    # "Player" is "Zawodnik" on the ranking list, "Gracz" in a tournament's tables.
    return [t.gettext("Place"), t.pgettext("ranking list", "Player"), t.gettext("Ranking"),
            t.gettext("Exact value"), t.gettext("Games"), t.gettext("Tournaments")]


def list_csv(ranking_list: RankingList, t: Translator) -> str:
    """The list as CSV text: one row a player, headings in the language of ``t``."""
    out = io.StringIO()
    writer = csv_writer(out)  # a name beginning with "=" is text, not a formula
    writer.writerow(_headings(t))
    for e in ranking_list:
        writer.writerow(["" if e.place is None else e.place, e.name, e.ranking, str(e.exact),
                         e.games, e.tournaments])
    return out.getvalue()


def list_html(ranking_list: RankingList, t: Translator) -> str:
    """The list as a self-contained HTML page that prints well (A4, headers repeat)."""
    from plansza.templates import render  # Jinja2 only for the page, not for the list

    day = ranking_list.list_date
    return render(
        "ranking/list.html", t,
        list_date=day,
        window_start=ranking_list.window_start,
        window_end=None if day is None else day - timedelta(days=1),
        headings=_headings(t),
        listed=[e for e in ranking_list if e.listed],
        unlisted=[e for e in ranking_list if not e.listed],
        decimal=lambda value: decimal_text(value, t=t),
    )  # fmt: skip
