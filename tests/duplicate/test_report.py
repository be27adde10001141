"""The Belgijka record as text (duplicate/report.py), in the language of the translator
it is given: golden files in Polish and English (PLANSZA_UPDATE_GOLDEN=1 rewrites them
after a deliberate change), plural forms, names kept intact."""

from __future__ import annotations

import pytest

from plansza import i18n
from plansza.duplicate import Championship
from plansza.duplicate.game import DuplicatePlayer
from plansza.duplicate.report import _row_text, text_report
from plansza.duplicate.standings import Row
from plansza.lexicon import Lexicon

from .test_record import golden, scripted


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_the_text_report(lex: Lexicon, lang: str) -> None:
    ch = scripted(lex)
    golden(f"report.{lang}.txt", text_report(ch, i18n.translator(lang)))


@pytest.mark.parametrize(("lang", "other"), [("pl", "en"), ("en", "pl")])
def test_the_translator_decides_the_language(lex: Lexicon, lang: str, other: str) -> None:
    from plansza.cli.i18n import use

    ch = scripted(lex)
    use(lang)
    expected = text_report(ch, i18n.translator(lang))
    use(other)  # the CLI's language is not the report's: only the translator counts
    assert text_report(ch, i18n.translator(lang)) == expected
    use("pl")
    # The card verdicts and why a game ended are in the translator's language too.
    words = {"pl": ("Koniec partii", " pkt"), "en": ("End of the game", " points")}
    (end, points), (not_end, not_points) = words[lang], words[other]
    assert end in expected and not_end not in expected
    verdicts = [line for line in expected.splitlines() if "→" in line]
    assert verdicts and all(points in v and not_points not in v for v in verdicts if "0" in v)


def row(total: int, *, lot: int | None = None, shared: bool = False) -> Row:
    return Row(
        place=2,
        player=DuplicatePlayer(7, "Żaneta Źdźbło"),
        total=total,
        scores=(total,),
        best=(total,),
        shared=shared,
        lot=lot,
        percent=12.25,
    )


def test_points_take_the_plural_form_of_the_language() -> None:
    en, pl = i18n.translator("en"), i18n.translator("pl")
    assert _row_text(row(1), en) == "  2.   7 Żaneta Źdźbło — 1 point (12.2% of top)"
    assert _row_text(row(2), en) == "  2.   7 Żaneta Źdźbło — 2 points (12.2% of top)"
    # Polish abbreviates: "pkt" in all three forms (1 punkt, 2 punkty, 5 punktów).
    for total in (1, 2, 5, 22, 112):
        assert _row_text(row(total), pl) == f"  2.   7 Żaneta Źdźbło — {total} pkt (12.2% topu)"
    assert _row_text(row(5, lot=2, shared=True), pl).startswith("  2=   7 ")
    assert _row_text(row(5, lot=2), pl).endswith("topu), los 2")


def test_names_are_printed_as_given(lex: Lexicon) -> None:
    ch = Championship(seed="names", name='Puchar <b> & "Ela"')
    for name in ("<script>alert(1)</script>", 'Ola & "Ela"', "Jan [red]Nowak"):
        ch.register(name)
    ch.start_game(bag="KOTYAKOTOKO")
    ch.draw(lex)
    ch.close()
    text = text_report(ch, i18n.translator("pl"))
    assert text.startswith('Puchar <b> & "Ela" — zapis mistrzostw w Belgijkę\n')
    for number, name in enumerate(
        ("<script>alert(1)</script>", 'Ola & "Ela"', "Jan [red]Nowak"), 1
    ):
        assert f"  {number} {name}\n" in text  # plain text: nothing escaped, nothing lost
