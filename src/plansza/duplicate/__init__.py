"""Belgijka — duplicate Scrabble: the referee's engine (rules of the 1st Polish
Championship in Belgijka, sections I and II).

Everybody plays the same rack on the same board; the referee draws the rack
under the vowel/consonant rule (:mod:`~plansza.duplicate.racks`, II.2, II.14),
the program ranks every legal play by the II.12 tie-breaks
(:mod:`~plansza.duplicate.top`), checks the players' cards
(:mod:`~plansza.duplicate.cards`, II.5–II.9), keeps the championship
(:mod:`~plansza.duplicate.game`) and its tables (:mod:`~plansza.duplicate.standings`,
II.15, II.16), and times the move (:mod:`~plansza.duplicate.timer`, II.3).

>>> from plansza.lexicon import Lexicon
>>> lex = Lexicon.build(["KOT", "KOTY", "TOK", "OK", "TO", "KOC", "AK", "KA", "OKO"])
>>> ch = Championship(seed="2024")
>>> _ = ch.register("Ala"); _ = ch.register("Ola")
>>> _ = ch.start_game(bag="KOTYAKOTOKO")   # a small bag for the example
>>> move = ch.draw(lex)
>>> top = move.candidates[0]
>>> ch.enter_card(1, Card(str(top.play), top.score), lex).ok
True
>>> ch.enter_card("Ola", Card(str(top.play), top.score + 1), lex).reason
'wrong_score'
>>> _ = ch.close()
>>> [(r.place, r.player.name, r.total) for r in game_table(ch)] == [
...     (1, "Ala", top.score), (2, "Ola", 0)]
True
"""

from plansza.duplicate.cards import Card, Verdict, check_card
from plansza.duplicate.game import Championship, DuplicateGame, DuplicateMove, DuplicatePlayer
from plansza.duplicate.messages import DuplicateError, verdict_text
from plansza.duplicate.racks import DrawLog, Requirement, draw_rack, meets
from plansza.duplicate.simulate import simulate
from plansza.duplicate.standings import championship_table, draw_lots, game_table
from plansza.duplicate.storage import load, save
from plansza.duplicate.timer import MoveTimer
from plansza.duplicate.top import DuplicateCandidate, Ranking, rank

__all__ = [
    "Card",
    "Championship",
    "DrawLog",
    "DuplicateCandidate",
    "DuplicateError",
    "DuplicateGame",
    "DuplicateMove",
    "DuplicatePlayer",
    "MoveTimer",
    "Ranking",
    "Requirement",
    "Verdict",
    "championship_table",
    "check_card",
    "draw_lots",
    "draw_rack",
    "game_table",
    "load",
    "meets",
    "rank",
    "save",
    "simulate",
    "verdict_text",
]
