"""Word study and game analysis for the web app: the word check, anagrams, a record stepped through.

Each use case takes what the visitor typed or uploaded, checks it and answers with
values; bad input raises a :class:`StudyError` (a code, an English template, details)
that the front end words in the visitor's language.

* :func:`check_words` — one joint verdict for a set of words (TR 4.7.11: the set is
  valid or not; which word failed is never said);
* :func:`find_words` — anagrams of a rack (``?`` a blank) and words matching a pattern
  (``?`` one letter, ``*`` any run), longest first;
* :func:`study_record` — a GCG record analysed against the engine
  (:func:`plansza.engine.analysis.analyze`) with the board after every move;
* :func:`check_analysis`, :func:`analyze_game` — a record analysed move by move at a
  level the caller chose (``static`` or ``sim``), with the progress reported;
* :func:`replay_record`, :func:`demo_game` — a record replayed under a rule set, every
  play's score recomputed and checked (the sample game too).

>>> from plansza.lexicon import Lexicon
>>> lex = Lexicon.build(["KOT", "KOTY", "TOK", "OK"])
>>> check_words("kot tok", lex).valid, check_words("KOT XYZ", lex).valid
(True, False)
>>> [f.notation() for f in find_words(lex, rack="KOT?").words]
['KOTy']
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from plansza.errors import N_, NP_, FormatError, PlanszaError

if TYPE_CHECKING:
    from collections.abc import Callable

    from plansza.engine.analysis import Analysis as Analysis
    from plansza.engine.analysis import MoveAnalysis as MoveAnalysis
    from plansza.game import Game
    from plansza.gcg import GameRecord
    from plansza.lexicon import Found, Lexicon
    from plansza.replay import ReplayedMove as ReplayedMove
    from plansza.replay import ReplayReport as ReplayReport
    from plansza.rules import Rules

__all__ = [
    "MAX_CHECKED",
    "MAX_RECORD",
    "RecordErrors",
    "RecordStudy",
    "Replayed",
    "StudyError",
    "StudyStep",
    "TooFewPlayers",
    "WordVerdict",
    "WordsFound",
    "analyze_game",
    "check_analysis",
    "check_words",
    "demo_game",
    "find_words",
    "replay_record",
    "study_game",
    "study_record",
]

#: The most words one check takes (a play forms at most eight words).
MAX_CHECKED = 20
#: The longest rack or pattern searched, in characters.
MAX_QUERY = 20
#: Bytes: the largest record the web app analyses (a long game's GCG is about 3 kB).
MAX_RECORD = 64 * 1024
#: The most words an anagram search shows.
SHOWN = 300
_SPLIT = re.compile(r"[\s,;]+")
#: The analysis's reasons for a move not judged, as message ids.
_SKIPPED = {
    "rack unknown": N_("the rack is not in the record"),
    "exchanged tiles unknown": N_("the exchanged tiles are not in the record"),
}


class StudyError(PlanszaError):
    """A word check, a search or a record the study pages cannot take."""

    code = "study"


@dataclass(frozen=True)
class WordVerdict:
    """The joint verdict on a set of words (TR 4.7.11)."""

    words: tuple[str, ...]  #: the words checked, in capitals, as given
    valid: bool  #: every word is in the lexicon


def check_words(text: str, lexicon: Lexicon) -> WordVerdict:
    """The words of ``text`` (spaces or commas between) checked together: one verdict.

    TR 4.7.11: the verdict is for the whole set; which word failed is not said.
    """
    words = tuple(w.upper() for w in _SPLIT.split(text.strip()) if w)
    if not words:
        raise StudyError(N_("give at least one word"), code="no_words")
    if len(words) > MAX_CHECKED:
        raise StudyError(
            NP_("at most {n} word at a time", "at most {n} words at a time"),
            code="too_many_words",
            plural_field="n",
            n=MAX_CHECKED,
        )
    return WordVerdict(words, lexicon.check(words))


@dataclass(frozen=True)
class WordsFound:
    """What a search found: the words (longest first) and whether more were left out."""

    words: list[Found]
    more: bool


def find_words(
    lexicon: Lexicon,
    *,
    rack: str = "",
    pattern: str = "",
    partial: bool = False,
    limit: int = SHOWN,
) -> WordsFound:
    """Anagrams of ``rack`` and/or the words matching ``pattern`` (see the module).

    Without a rack every word matching the pattern is found; with a rack, ``partial``
    also finds the words made of some of its tiles.
    """
    rack, pattern = rack.strip().replace(" ", ""), pattern.strip().replace(" ", "")
    if not rack and not pattern:
        raise StudyError(N_("give a rack or a pattern"), code="no_query")
    for what, text in (("rack", rack), ("pattern", pattern)):
        if len(text) > MAX_QUERY:
            raise StudyError(
                N_("the {what} is longer than {n} characters"),
                code="too_long",
                what=_term(what),
                n=MAX_QUERY,
            )
    found = lexicon.search(
        pattern or None, rack=rack or None, partial=partial or not rack, limit=limit + 1
    )
    shown = sorted(found[:limit], key=lambda f: -len(f.word))
    return WordsFound(shown, len(found) > limit)


def _term(what: str) -> object:
    from plansza.errors import Term

    return Term(N_("rack")) if what == "rack" else Term(N_("pattern"))


# ---- a record stepped through ---------------------------------------------------------


@dataclass(frozen=True)
class StudyStep:
    """One move of the record: the board after it and, when judged, the engine's view."""

    number: int  #: 1-based
    line: int  #: the GCG line (0 for a live game's record)
    player: int
    kind: str  #: "play", "exchange", "pass" or "loss"
    move: str  #: Polish notation
    score: int
    scores: tuple[int, ...]  #: the totals after the move
    board: tuple[str, ...]  #: 15 rows, "." empty, a blank's letter in lower case
    placed: frozenset[tuple[int, int]]  #: the squares the move filled
    analysis: MoveAnalysis | None  #: None: not judged (see ``skipped``)
    skipped: str = ""  #: why it was not judged


@dataclass
class RecordStudy:
    """A record analysed: every move's step, and the analysis (per move, per player)."""

    analysis: Analysis
    steps: list[StudyStep] = field(default_factory=list)

    @property
    def players(self) -> list[str]:
        return self.analysis.players


def study_record(
    text: str, lexicon: Lexicon, rules: Rules, *, source: str | None = None
) -> RecordStudy:
    """The GCG ``text`` analysed at the ``static`` level, move by move.

    A record with errors raises :class:`StudyError` with them in ``errors`` (each
    naming its line); so does one without two players or a play that cannot be placed.
    """
    from plansza.engine.analysis import analyze
    from plansza.gcg import read_gcg

    if len(text.encode()) > MAX_RECORD:
        raise StudyError(
            N_("the record is larger than {n} kB"), code="too_large", n=MAX_RECORD // 1024
        )
    if rules.tileset.name != lexicon.tileset.name:
        raise StudyError(
            N_("these rules use the {rules} tiles, the lexicon the {lexicon} tiles"),
            code="tileset",
            rules=rules.tileset.name,
            lexicon=lexicon.tileset.name,
        )
    record = read_gcg(text, rules.tileset, source=source)
    if record.errors:
        raise RecordErrors(record.errors)
    if len(record.players) < 2:
        raise StudyError(
            N_("the record does not have two players (#player1, #player2)"), code="players"
        )
    if not any(e.kind.value in ("play", "exchange", "pass") for e in record.events):
        raise StudyError(N_("the record has no moves"), code="no_moves")
    analysis = analyze(record, lexicon, rules, "static", source=source)
    return RecordStudy(analysis, _steps(record, rules, analysis))


class RecordErrors(StudyError):
    """A record with errors: each of them (naming its line) in ``errors``."""

    code = "record_errors"

    def __init__(self, errors: list[FormatError]) -> None:
        super().__init__(
            NP_("{n} error in the record; no analysis", "{n} errors in the record; no analysis"),
            plural_field="n",
            n=len(errors),
        )
        self.errors = errors


def study_game(game: Game, lexicon: Lexicon) -> RecordStudy:
    """A finished game analysed as its GCG record would be (its lines numbered)."""
    from plansza.gcg import record_from_game, write_gcg

    if game.result is None:
        raise StudyError(N_("the game is not over yet"), code="not_over")
    return study_record(write_gcg(record_from_game(game)), lexicon, game.rules)


def _steps(record: object, rules: Rules, analysis: Analysis) -> list[StudyStep]:
    """Every move event of ``record`` with the board after it (the record is valid)."""
    from plansza.board import Board
    from plansza.gcg import EventKind, GameRecord
    from plansza.scoring import score_play

    assert isinstance(record, GameRecord)
    judged = {m.line: m for m in analysis.moves}
    skipped = dict(analysis.skipped)
    board = Board()
    scores = [0] * len(analysis.players)
    steps: list[StudyStep] = []
    last: tuple[int, list[tuple[int, int]], int] | None = None
    for ev in record.events:
        kind = ev.kind
        if kind is EventKind.PLAY:
            scored = score_play(board, ev.play(board), rules)
            squares = [t.square for t in scored.tiles]
            board.place((t.square, t.letter) for t in scored.tiles)
            scores[ev.player] += scored.score
            last = (ev.player, squares, scored.score)
            move, placed, score = str(scored.play), frozenset(squares), scored.score
        elif kind is EventKind.WITHDRAWN:
            if last is not None and last[0] == ev.player and steps:
                board.remove(last[1])
                scores[ev.player] -= last[2]
                prev = steps[-1]
                steps[-1] = StudyStep(
                    prev.number, prev.line, prev.player, "loss", prev.move, 0,
                    tuple(scores), _rows(board), frozenset(), prev.analysis, prev.skipped,
                )  # fmt: skip
            last = None
            continue
        elif kind in (EventKind.EXCHANGE, EventKind.PASS):
            last = None
            move = f"-{ev.tiles}" if kind is EventKind.EXCHANGE else "-"
            placed, score = frozenset(), 0
        else:  # a challenge bonus, rack points, a time penalty: the totals only
            if kind is EventKind.CHALLENGE_BONUS and not rules.challenge_penalty:
                continue
            scores[ev.player] += ev.score
            if steps:
                prev = steps[-1]
                steps[-1] = StudyStep(
                    prev.number, prev.line, prev.player, prev.kind, prev.move, prev.score,
                    tuple(scores), prev.board, prev.placed, prev.analysis, prev.skipped,
                )  # fmt: skip
            continue
        steps.append(
            StudyStep(
                number=len(steps) + 1,
                line=ev.line,
                player=ev.player,
                kind=kind.value,
                move=move,
                score=score,
                scores=tuple(scores),
                board=_rows(board),
                placed=placed,
                analysis=judged.get(ev.line),
                skipped=_SKIPPED.get(skipped.get(ev.line, ""), skipped.get(ev.line, "")),
            )
        )
    return steps


def _rows(board: object) -> tuple[str, ...]:
    from plansza.board import Board

    assert isinstance(board, Board)
    return tuple("".join(board.get(r, c) or "." for c in range(15)) for r in range(15))


# ---- a record analysed at a chosen level -----------------------------------------------


def check_analysis(level: str, seconds: float) -> None:
    """Refuse an analysis level plansza does not have, or a simulation's time that is
    not positive (:class:`StudyError`), before a record is read or a lexicon loaded."""
    from plansza.engine.analysis import ANALYSIS_LEVELS
    from plansza.files import excerpt

    if level not in ANALYSIS_LEVELS:
        raise StudyError(
            N_("unknown analysis level {level!r}; choose one of: {levels}"),
            code="level",
            level=excerpt(level),
            levels=", ".join(ANALYSIS_LEVELS),
        )
    if seconds <= 0:
        raise StudyError(N_("--seconds must be positive, not {n}"), code="seconds", n=seconds)


def analyze_game(
    record: GameRecord,
    lexicon: Lexicon,
    rules: Rules,
    level: str,
    seconds: float,
    *,
    source: str | None = None,
    now: Callable[[], float],
    progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Each move of ``record`` (a valid record of two players) against the engine's best
    at ``level`` (``sim``: ``seconds`` a move, timed by ``now``); ``progress(done,
    total)`` is told of each move judged."""
    from plansza.engine.analysis import analyze

    check_analysis(level, seconds)
    return analyze(
        record, lexicon, rules, level, seconds, source=source, now=now, progress=progress
    )


# ---- a record replayed ------------------------------------------------------------------


@dataclass(frozen=True)
class Replayed:
    """A record and its replay: every play's score recomputed, the result, the board."""

    record: GameRecord
    report: ReplayReport


class TooFewPlayers(StudyError):
    """A record without two players (``#player1``, ``#player2``)."""

    code = "players"


def replay_record(text: str, rules: Rules, *, source: str | None = None) -> Replayed:
    """The GCG ``text`` replayed under ``rules``. A record with errors raises
    :class:`RecordErrors` (each error naming its line); one without two players,
    :class:`TooFewPlayers`."""
    from plansza.gcg import read_gcg
    from plansza.replay import replay

    record = read_gcg(text, rules.tileset, source=source)
    if record.errors:
        raise RecordErrors(record.errors)
    if len(record.players) < 2:
        raise TooFewPlayers(
            N_("the record does not have two players (#player1, #player2)"), code="players"
        )
    return Replayed(record, replay(record, rules))


def demo_game() -> Replayed:
    """The sample game shipped with plansza (PFS rules), replayed."""
    from importlib import resources

    from plansza.rules import Rules

    text = resources.files("plansza.samples").joinpath("demo.gcg").read_text(encoding="utf-8")
    return replay_record(text, Rules.pfs())
