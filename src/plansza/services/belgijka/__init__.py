"""Belgijka — duplicate Scrabble: the one service the referee's terminal (``plansza
duplikat``) and the web's hall (``/belgijka``) call.

Its modules, by use case:

- :mod:`~plansza.services.belgijka.file` — a championship's file created,
  opened, changed and saved whole (or not at all); the word list it is played with;
  a card's written score and the penalties' words read;
- :mod:`~plansza.services.belgijka.referee` — the referee's steps of a move: the rack
  drawn, the top moves, the cards entered, the winning move chosen, points set, a
  penalty, the move closed; the top moves of a single position; a simulated game;
- :mod:`~plansza.services.belgijka.standings` — what the championship shows: who
  checks whose card, a move's results, the game's and the championship's tables, the
  lots, the projector's view, the record;
- :mod:`~plansza.services.belgijka.clock` — the move's clock on the referee's screen;
- :mod:`~plansza.services.belgijka.hall` — a championship run live in a hall (the
  web): the move's clock, the phones' cards and their journal, the move's phase.

Everything is importable from here. A move at the terminal, on a championship file:

>>> import tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp())
>>> words = folder / "klub.txt"
>>> _ = words.write_text("kot\\nkoty\\ntok\\nok\\nto\\nkoc\\nak\\nka\\noko\\n", encoding="utf-8")
>>> path = folder / "belgijka.json"
>>> created = create(path, seed="doc", name="Klubowa", games=1, lexicon=str(words))
>>> created.lexicon, created.default_list
('klub', False)
>>> lexicon = load_lexicon(created.championship.lexicon)
>>> with championship(path) as ch:
...     ch.register("Ala").name
...     drawn = draw(ch, lexicon)
'Ala'
>>> with championship(path) as ch:
...     game_standings(ch).game, [row.player.name for row in game_standings(ch).rows]
(1, ['Ala'])
"""

# What the front ends name of a championship (the server and the CLI reach the domain
# only through the services): its types, the cards' check, the tables, the record and
# report, the timer's words.
from typing import TYPE_CHECKING

from plansza.duplicate.cards import Card as Card
from plansza.duplicate.cards import Verdict as Verdict
from plansza.duplicate.cards import check_card as check_card
from plansza.duplicate.cards import placed_tiles as placed_tiles
from plansza.duplicate.report import record as record
from plansza.duplicate.report import text_report as text_report
from plansza.duplicate.standings import championship_table as championship_table
from plansza.duplicate.standings import game_table as game_table
from plansza.duplicate.standings import top_total as top_total
from plansza.duplicate.timer import mmss as mmss
from plansza.services.belgijka.clock import MOVE_SECONDS as MOVE_SECONDS
from plansza.services.belgijka.clock import ClockFace as ClockFace
from plansza.services.belgijka.clock import MoveClock as MoveClock
from plansza.services.belgijka.clock import face as face
from plansza.services.belgijka.clock import open_rack as open_rack
from plansza.services.belgijka.file import PENALTY_WORDS as PENALTY_WORDS
from plansza.services.belgijka.file import Created as Created
from plansza.services.belgijka.file import championship as championship
from plansza.services.belgijka.file import create as create
from plansza.services.belgijka.file import declared_score as declared_score
from plansza.services.belgijka.file import load as load
from plansza.services.belgijka.file import load_lexicon as load_lexicon
from plansza.services.belgijka.file import penalty_kind as penalty_kind
from plansza.services.belgijka.file import save as save
from plansza.services.belgijka.hall import JOURNAL_SUFFIX as JOURNAL_SUFFIX
from plansza.services.belgijka.hall import Hall as Hall
from plansza.services.belgijka.hall import HallError as HallError
from plansza.services.belgijka.hall import MoveState as MoveState
from plansza.services.belgijka.hall import Phase as Phase
from plansza.services.belgijka.hall import Sent as Sent
from plansza.services.belgijka.hall import move_state as move_state
from plansza.services.belgijka.hall import player_code as player_code
from plansza.services.belgijka.hall import stamp as stamp
from plansza.services.belgijka.referee import CandidateView as CandidateView
from plansza.services.belgijka.referee import CardLine as CardLine
from plansza.services.belgijka.referee import Closed as Closed
from plansza.services.belgijka.referee import Drawn as Drawn
from plansza.services.belgijka.referee import MoveCards as MoveCards
from plansza.services.belgijka.referee import Overridden as Overridden
from plansza.services.belgijka.referee import TopList as TopList
from plansza.services.belgijka.referee import choose as choose
from plansza.services.belgijka.referee import close as close
from plansza.services.belgijka.referee import draw as draw
from plansza.services.belgijka.referee import enter_card as enter_card
from plansza.services.belgijka.referee import move_candidates as move_candidates
from plansza.services.belgijka.referee import move_cards as move_cards
from plansza.services.belgijka.referee import override as override
from plansza.services.belgijka.referee import penalty as penalty
from plansza.services.belgijka.referee import position_top as position_top
from plansza.services.belgijka.referee import read_position as read_position
from plansza.services.belgijka.referee import simulate as simulate
from plansza.services.belgijka.referee import top_list as top_list
from plansza.services.belgijka.standings import ChampionshipTable as ChampionshipTable
from plansza.services.belgijka.standings import GameTable as GameTable
from plansza.services.belgijka.standings import MoveResult as MoveResult
from plansza.services.belgijka.standings import Projector as Projector
from plansza.services.belgijka.standings import championship_standings as championship_standings
from plansza.services.belgijka.standings import checking as checking
from plansza.services.belgijka.standings import draw_lots as draw_lots
from plansza.services.belgijka.standings import export as export
from plansza.services.belgijka.standings import game_standings as game_standings
from plansza.services.belgijka.standings import move_results as move_results
from plansza.services.belgijka.standings import projector as projector

if TYPE_CHECKING:
    from plansza.duplicate import Championship as Championship
    from plansza.duplicate.game import DuplicateGame as DuplicateGame
    from plansza.duplicate.game import DuplicateMove as DuplicateMove
    from plansza.duplicate.racks import DrawAttempt as DrawAttempt
    from plansza.duplicate.racks import Requirement as Requirement
    from plansza.duplicate.racks import TypedDraw as TypedDraw
    from plansza.duplicate.standings import Row as Row
    from plansza.duplicate.top import DuplicateCandidate as DuplicateCandidate
    from plansza.lexicon import Lexicon as Lexicon
