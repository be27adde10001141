"""The ranking list as documents: CSV and a printable HTML page.

Headings follow the current language (Polish by default). The CSV keeps the
exact value as a fraction (``1741/15``), so nothing is lost; the HTML page
shows it as a decimal, for people.

>>> from datetime import date
>>> from fractions import Fraction
>>> from plansza.i18n import set_language
>>> from plansza.ranking.hollington import ListEntry, RankingList
>>> lst = RankingList(date(2024, 5, 13), date(2022, 5, 13), (
...     ListEntry(1, "Żaneta Łęcka", 116, Fraction(1741, 15), 30, 3, True),))
>>> set_language("pl"); print(list_csv(lst), end="")
Miejsce,Zawodnik,Ranking,Wartość dokładna,Partie,Turnieje
1,Żaneta Łęcka,116,1741/15,30,3
>>> decimal_text(Fraction(1741, 15))
'116,067'
"""

from __future__ import annotations

import html
import io
from fractions import Fraction

from plansza.files import csv_writer
from plansza.i18n import language, tr
from plansza.ranking.hollington import ListEntry, RankingList

MESSAGES = {
    "place": {"pl": "Miejsce", "en": "Place"},
    "name": {"pl": "Zawodnik", "en": "Player"},
    "ranking": {"pl": "Ranking", "en": "Ranking"},
    "exact": {"pl": "Wartość dokładna", "en": "Exact value"},
    "games": {"pl": "Partie", "en": "Games"},
    "tournaments": {"pl": "Turnieje", "en": "Tournaments"},
    "title": {"pl": "Ranking PFS", "en": "PFS ranking"},
    "list_date": {"pl": "Lista z dnia {date}", "en": "List dated {date}"},
    "window": {
        "pl": "Turnieje zakończone od {start} do {end} (okres dwuletni)",
        "en": "Tournaments ending from {start} to {end} (two-year window)",
    },
    "empty": {"pl": "Brak turniejów przed tą datą.", "en": "No tournament before this date."},
    "unlisted": {
        "pl": "Poza listą (mniej niż 30 partii w okresie dwuletnim): ranking turniejowy",
        "en": "Off the list (fewer than 30 games in two years): tournament ranking",
    },
    "footer": {
        "pl": "Ranking liczony metodą Hollingtona z poprawkami PFS (Regulamin rankingowy §1–§2): "
              "najlepsze turnieje z dwóch lat do 200 partii, na liście od 30 partii. Ranking "
              "zaokrąglony (dokładnie 0,5 w górę); kolejność według wartości dokładnych.",
        "en": "Computed by the Hollington method with the PFS corrections (ranking rules §1–§2): "
              "the best tournaments of two years up to 200 games, listed from 30 games. "
              "Rankings rounded (exactly .5 up); the order compares the exact values.",
    },
}


def decimal_text(value: Fraction, places: int = 3) -> str:
    """``value`` rounded half up to ``places`` decimals, with the language's separator.

    >>> decimal_text(Fraction(1, 8), 2), decimal_text(Fraction(-3, 2), 0)
    ('0,13', '-1')
    """
    scale = 10**places
    scaled = (value * scale + Fraction(1, 2)).__floor__()
    sign = "-" if scaled < 0 else ""
    whole, frac = divmod(abs(scaled), scale)
    if places == 0:
        return f"{sign}{whole}"
    separator = "," if language() == "pl" else "."
    return f"{sign}{whole}{separator}{frac:0{places}d}"


def _headings() -> list[str]:
    return [tr(MESSAGES, k) for k in ("place", "name", "ranking", "exact", "games", "tournaments")]


def list_csv(ranking_list: RankingList) -> str:
    """The list as CSV text: one row a player, headings in the current language."""
    out = io.StringIO()
    writer = csv_writer(out)  # a name beginning with "=" is text, not a formula
    writer.writerow(_headings())
    for e in ranking_list:
        writer.writerow(["" if e.place is None else e.place, e.name, e.ranking, str(e.exact),
                         e.games, e.tournaments])
    return out.getvalue()


_STYLE = """
  body { font-family: "DejaVu Sans", "Segoe UI", Arial, sans-serif; margin: 2em; color: #000; }
  h1 { font-size: 1.6em; margin: 0 0 .2em; }
  p.meta { margin: 0 0 1em; color: #333; }
  table { border-collapse: collapse; width: 100%; font-size: .95em; }
  th, td { border-bottom: 1px solid #999; padding: .25em .6em; }
  th { text-align: left; border-bottom: 2px solid #000; }
  td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
  tbody tr:nth-child(even) { background: #f2f2f2; }
  h2 { font-size: 1.2em; margin-top: 1.5em; }
  footer { margin-top: 1.5em; font-size: .8em; color: #333; }
  @page { size: A4; margin: 15mm; }
  @media print {
    body { margin: 0; }
    thead { display: table-header-group; }
    tr { break-inside: avoid; page-break-inside: avoid; }
    tbody tr:nth-child(even) { background: none; }
  }
"""


def _table(rows: list[list[str]], numeric: tuple[bool, ...]) -> list[str]:
    head = "".join(
        f'<th class="num">{h}</th>' if n else f"<th>{h}</th>"
        for h, n in zip(_headings(), numeric, strict=True)
    )
    out = ["<table>", f"<thead><tr>{head}</tr></thead>", "<tbody>"]
    for row in rows:
        cells = "".join(
            f'<td class="num">{c}</td>' if n else f"<td>{c}</td>"
            for c, n in zip(row, numeric, strict=True)
        )
        out.append(f"<tr>{cells}</tr>")
    out += ["</tbody>", "</table>"]
    return out


def list_html(ranking_list: RankingList) -> str:
    """The list as a self-contained HTML page that prints well (A4, headers repeat)."""
    title = tr(MESSAGES, "title")
    lang = language()
    parts = [
        "<!DOCTYPE html>", f'<html lang="{lang}">', "<head>", '<meta charset="utf-8">',
        f"<title>{html.escape(title)}"
        + (f" — {ranking_list.list_date.isoformat()}" if ranking_list.list_date else "")
        + "</title>",
        f"<style>{_STYLE}</style>", "</head>", "<body>", f"<h1>{html.escape(title)}</h1>",
    ]
    if ranking_list.list_date is None or ranking_list.window_start is None:
        parts.append(f'<p class="meta">{html.escape(tr(MESSAGES, "empty"))}</p>')
    else:
        end = ranking_list.list_date.fromordinal(ranking_list.list_date.toordinal() - 1)
        parts.append('<p class="meta">'
                     + html.escape(tr(MESSAGES, "list_date", date=ranking_list.list_date))
                     + "<br>" + html.escape(tr(MESSAGES, "window", start=ranking_list.window_start,
                                               end=end)) + "</p>")
    numeric = (True, False, True, True, True, True)

    def row(e: ListEntry) -> list[str]:
        return ["" if e.place is None else str(e.place), html.escape(e.name), str(e.ranking),
                decimal_text(e.exact), str(e.games), str(e.tournaments)]

    listed = [row(e) for e in ranking_list if e.listed]
    unlisted = [row(e) for e in ranking_list if not e.listed]
    if listed:
        parts += _table(listed, numeric)
    if unlisted:
        parts.append(f"<h2>{html.escape(tr(MESSAGES, 'unlisted'))}</h2>")
        parts += _table(unlisted, numeric)
    parts += [f"<footer>{html.escape(tr(MESSAGES, 'footer'))}</footer>", "</body>", "</html>", ""]
    return "\n".join(parts)
