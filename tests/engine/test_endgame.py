"""The exact endgame solver against its slow twin, in a real game, at the ends of a game.

Spec rules.md § End of the game: TR 5.1.1a (a player plays out, the bag empty),
TR 5.1.1b (consecutive scoreless turns: four passes under PFS, six scoreless
turns under WESPA), TR 5.1.2 / GR "Zakończenie gry" (the finisher adds the
opponent's rack, which the opponent subtracts), TR 5.1.4 (after scoreless turns
each subtracts their own rack).
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import plansza.engine.endgame as endgame_module
from plansza.board import Board
from plansza.engine import _endgame
from plansza.engine.endgame import (
    EndgameError,
    EndgameResult,
    play_line,
    release_tables,
    solve,
)
from plansza.game import EndReason, Game
from plansza.i18n import describe, translator
from plansza.lexicon import Lexicon
from plansza.movegen import MoveGenerator, MoveList, generate
from plansza.moves import Pass, Play
from plansza.rules import EndRackRule, Rules
from plansza.scoring import score_play
from twins.endgame import solve_reference

WORDS = [
    "AKT", "AKTY", "AS", "ASY", "AT", "ATA", "IK", "IKS", "INNY", "KASA", "KAS", "KAT",
    "KI", "KIT", "KITY", "KO", "KOSA", "KOT", "KOTA", "KOTY", "NA", "NIT", "NITY", "NO",
    "NOS", "NOTA", "NOTY", "OK", "OKA", "OKI", "OKNA", "OKNO", "OKO", "ON", "OSA", "OSY",
    "SA", "SNY", "SOK", "SOKI", "TA", "TAK", "TAKI", "TAN", "TANI", "TO", "TOK", "TONY",
    "TY", "YS", "ZA", "ZAS",
]  # fmt: skip
LETTERS = "AAAIIKKNNOOOSSTTTYZ"

PFS = Rules.pfs()
DOUBLE = PFS.replace(end_rack_rule=EndRackRule.DOUBLE)
SIX = PFS.replace(end_consecutive_passes=6, exchange_is_scoreless=True)  # WESPA's counting


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    return Lexicon.build(WORDS, PFS.tileset)


def random_board(seed: int, lex: Lexicon, plays: int) -> Board:
    """A board of a few random legal plays of the test lexicon."""
    rng = random.Random(seed)
    board = Board()
    for _ in range(plays):
        rack = "".join(rng.sample(LETTERS, 7))
        moves = generate(board, rack, lex, PFS)
        if not len(moves):
            continue
        move = moves[rng.randrange(len(moves))]
        board.place((t.square, t.letter) for t in score_play(board, move.play, PFS).tiles)
    return board


def deal(board: Board, rng: random.Random, sizes: tuple[int, int]) -> tuple[str, str]:
    """Two racks from the tiles not on the board (letters of the test lexicon only)."""
    left = Counter(PFS.tileset.full_bag())
    for _, t in board.tiles():
        left["?" if t.islower() else t] -= 1
    pool = [t for t in left.elements() if t in LETTERS]
    rng.shuffle(pool)
    return "".join(pool[: sizes[0]]), "".join(pool[sizes[0] : sizes[0] + sizes[1]])


def replay(
    board: Board,
    racks: tuple[str, str],
    result: EndgameResult,
    rules: Rules,
    lex: Lexicon,
    passes_before: int = 0,
) -> Game:
    """Play the principal variation in a real game with an empty bag; check it ends there."""
    game = Game(rules, words=lex, starting_player=0)
    game.board = board.copy()
    game.racks = [list(racks[0]), list(racks[1])]
    game.bag = []
    for _ in range(passes_before):
        game.pass_turn()
    assert game.to_move == 0
    before = game.scores[0] - game.scores[1]
    for i, move in enumerate(result.moves):
        assert not game.is_over, f"the game ended before move {i} of {result.moves}"
        if isinstance(move, Pass):
            game.pass_turn()
        else:
            assert isinstance(move, Play)
            game.play(move)
            game.accept()
    assert game.is_over, f"the line {result.moves} does not end the game"
    assert result.complete
    assert game.scores[0] - game.scores[1] - before == result.spread
    return game


# ---- the slow twin ----------------------------------------------------------------------


@settings(max_examples=20)  # each example runs the plain minimax
@given(
    seed=st.integers(0, 10**6),
    plays=st.integers(1, 4),
    mine=st.text(alphabet=LETTERS, min_size=1, max_size=3),
    theirs=st.text(alphabet=LETTERS, min_size=1, max_size=2),
    rules=st.sampled_from([PFS, DOUBLE, SIX]),
    left=st.integers(1, 6),
    threads=st.sampled_from([1, 2]),
    prove_after=st.sampled_from([None, 1, 2]),
)
def test_matches_the_minimax_twin(
    seed: int,
    plays: int,
    mine: str,
    theirs: str,
    rules: Rules,
    left: int,
    threads: int,
    prove_after: int | None,
    lex: Lexicon,
) -> None:
    # TR 5.1.1a/b, 5.1.2, 5.1.4: both apply the end of the game; the values must agree,
    # whether the search deepens to the proof or proves its estimate with tests
    # searched to the end of the game (prove_after).
    board = random_board(seed, lex, plays)
    assume(board.tiles())
    left = min(left, rules.end_consecutive_passes or 4)
    try:
        result = solve(
            board,
            mine,
            theirs,
            lex,
            rules,
            scoreless_left=left,
            threads=threads,
            prove_after=prove_after,
        )
    except EndgameError:
        assume(False)  # more tiles of a kind than the set has
        raise
    value, _ = solve_reference(board, mine, theirs, lex, rules, scoreless_left=left)
    assert result.exact
    assert result.spread == value
    assert result.lower == result.upper == value  # a proved value is both bounds
    assert result.moves


@settings(max_examples=60)
@given(
    seed=st.integers(0, 10**6),
    plays=st.integers(2, 8),
    sizes=st.sampled_from([(2, 1), (1, 2), (3, 1), (2, 2), (1, 3), (4, 1), (1, 4)]),
    blank=st.sampled_from([None, 0, 1]),
    rules=st.sampled_from([PFS, DOUBLE, SIX]),
    left=st.integers(1, 4),
    prove_after=st.sampled_from([None, 1]),
)
def test_three_tiles_worked_out_match_the_twin(
    seed: int,
    plays: int,
    sizes: tuple[int, int],
    blank: int | None,
    rules: Rules,
    left: int,
    prove_after: int | None,
    lex: Lexicon,
) -> None:
    # TR 5.1.1a/b, 5.1.2, 5.1.4: with two tiles on one rack and one on the other the
    # search works the rest of the game out instead of searching it (three_tiles):
    # each tile's best squares before a single, the squares beside its runs worked out
    # anew; it answers tests of a window with bounds. A play that leaves one tile each
    # is valued the same way without being made (race_after): from three or four tiles
    # against one. Fuller boards give the plays new places to hook; a blank may stand
    # for any letter. Under WESPA's counting (SIX) three_tiles stands aside (a play
    # scoring 0 is a scoreless turn there) but race_after does not.
    rng = random.Random(seed)
    board = random_board(seed, lex, plays)
    assume(board.tiles())
    mine, theirs = deal(board, rng, sizes)
    assume(len(mine) == sizes[0] and len(theirs) == sizes[1])
    if blank == 0:
        mine = "?" + mine[1:]
    elif blank == 1:
        theirs = "?" + theirs[1:]
    try:
        result = solve(
            board, mine, theirs, lex, rules, scoreless_left=left, prove_after=prove_after
        )
    except EndgameError:
        assume(False)  # the random plays put down more tiles of a kind than the set has
        raise
    value, _ = solve_reference(board, mine, theirs, lex, rules, scoreless_left=left)
    assert result.exact and result.spread == value
    before = (rules.end_consecutive_passes or 4) - left
    if before % 2 == 0:  # the scoreless turns before leave the first player to move
        replay(board, (mine, theirs), result, rules, lex, passes_before=before)


@pytest.mark.parametrize("seed", range(8))
def test_line_replays_in_a_game(seed: int, lex: Lexicon) -> None:
    # The principal variation is legal move by move in a real Game and adds up to the
    # spread claimed, the end-of-game rack adjustments included (TR 5.1.2, 5.1.4).
    rng = random.Random(1000 + seed)
    board = random_board(seed, lex, 3)
    mine, theirs = deal(board, rng, ((3, 2), (2, 3))[seed % 2])
    rules = [PFS, DOUBLE][seed % 2]
    result = solve(board, mine, theirs, lex, rules)
    value, _ = solve_reference(board, mine, theirs, lex, rules)
    assert result.exact and result.spread == value
    replay(board, (mine, theirs), result, rules, lex)


@pytest.mark.parametrize("prove_after", [None, 1])
@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("seed", [0, 3, 7])  # boards the set can hold; the twin is slow here
def test_fuller_boards_match_the_twin(
    seed: int, threads: int, prove_after: int | None, lex: Lexicon
) -> None:
    # TR 5.1.1a/b, 5.1.2, 5.1.4 on fuller boards with longer racks: the search values the
    # positions one and two plies above its horizon from each lane's remembered best plays,
    # refutes plays by the replies they leave alone, and (prove_after) proves its estimate
    # by tests to the end of the game, two threads sharing them; the plain minimax does
    # none of that.
    rng = random.Random(2000 + seed)
    board = random_board(100 + seed, lex, 6)
    mine, theirs = deal(board, rng, ((4, 3), (3, 4))[seed % 2])
    rules = [PFS, SIX][seed % 2]
    result = solve(board, mine, theirs, lex, rules, threads=threads, prove_after=prove_after)
    value, _ = solve_reference(board, mine, theirs, lex, rules)
    assert result.exact and result.spread == value
    replay(board, (mine, theirs), result, rules, lex)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("seed", [0, 3, 7])
def test_an_iteration_over_budget_starts_the_proof(seed: int, threads: int, lex: Lexicon) -> None:
    # TR 5.1.1a/b, 5.1.2, 5.1.4: an iteration past the fourth ply that grows past its
    # budget of positions is stopped, and the proof starts from the fourth ply's
    # estimate: the same proved value as the plain minimax, from the fourth ply's
    # iteration. With no budget (None) the iterations go on (these take a few hundred
    # positions each).
    rng = random.Random(2000 + seed)
    board = random_board(100 + seed, lex, 6)
    mine, theirs = deal(board, rng, ((4, 3), (3, 4))[seed % 2])
    rules = [PFS, SIX][seed % 2]
    value, _ = solve_reference(board, mine, theirs, lex, rules)
    release_tables()  # (a kept table would prove it at once)
    early = solve(board, mine, theirs, lex, rules, threads=threads, iteration_budget=1)
    assert early.exact and early.spread == value
    assert early.depth == 4
    replay(board, (mine, theirs), early, rules, lex)
    release_tables()
    # one thread: with two, the other thread's table entries may prove a game this
    # small inside the fourth iteration itself (seen once in several full runs)
    late = solve(board, mine, theirs, lex, rules, threads=1, iteration_budget=None)
    assert late.exact and late.spread == value
    assert late.depth > 4


def test_blanks_match_the_twin(lex: Lexicon) -> None:
    # Blanks score 0 (GR "Mydełko") and count 0 on a rack at the end (TR 5.1.2).
    for seed, mine, theirs in [(3, "?A", "KO"), (5, "T", "?S"), (8, "?", "NY")]:
        board = random_board(seed, lex, 3)
        result = solve(board, mine, theirs, lex, PFS)
        value, _ = solve_reference(board, mine, theirs, lex, PFS)
        assert result.exact and result.spread == value
        replay(board, (mine, theirs), result, PFS, lex)


# ---- the ends of the game ---------------------------------------------------------------


def kot_board() -> Board:
    board = Board()
    board.place([((7, 7), "K"), ((7, 8), "O"), ((7, 9), "T")])
    return board


@pytest.mark.parametrize("rules", [PFS, DOUBLE])
def test_going_out_adds_twice_the_opponents_rack(rules: Rules, lex: Lexicon) -> None:
    # TR 5.1.1a: playing out ends the game; TR 5.1.2: the finisher adds the opponent's
    # rack, the opponent subtracts it (DOUBLE: the finisher adds it twice) — 2 × in spread.
    board = kot_board()
    result = solve(board, "Y", "SZ", lex, rules)
    kot_y = score_play(board, Play.parse("H8 KOTY"), rules).score
    rack = rules.tileset.rack_value("SZ")
    assert [str(m) for m in result.moves] == ["H8 KOTY"]
    assert result.spread == kot_y + 2 * rack
    game = replay(board, ("Y", "SZ"), result, rules, lex)
    assert game.result is not None and game.result.reason is EndReason.WENT_OUT


def stuck_position() -> tuple[Board, Lexicon]:
    """The mover's only play (KOTA) opens AŹŻ for the opponent, who cannot play otherwise."""
    lex = Lexicon.build(["KOT", "KOTA", "AŹŻ"], PFS.tileset)
    return kot_board(), lex


def test_passing_is_best_under_pfs() -> None:
    # TR 5.1.1b: four passes in a row end the game; TR 5.1.4: each subtracts their own
    # rack. Passing (+ŹŻ − AE) beats KOTA, which lets the opponent play out with AŹŻ.
    board, lex = stuck_position()
    result = solve(board, "AE", "ŹŻ", lex, PFS)
    ts = PFS.tileset
    assert result.exact
    assert result.moves == (Pass(), Pass(), Pass(), Pass())
    assert result.spread == ts.rack_value("ŹŻ") - ts.rack_value("AE")
    # Passes cost the search no depth (the run of scoreless turns bounds them): the
    # four passes are proved with KOTA's refutation, two plies, not four.
    assert result.depth == 2
    value, _ = solve_reference(board, "AE", "ŹŻ", lex, PFS)
    assert value == result.spread
    game = replay(board, ("AE", "ŹŻ"), result, PFS, lex)
    assert game.result is not None and game.result.reason is EndReason.SCORELESS
    # Playing instead costs the mover the opponent's play-out.
    kota = solve_reference(board, "E", "ŹŻ", lex, PFS)  # after KOTA: the opponent moves
    assert kota[0] > 0


def test_scoreless_left_counts_the_passes_already_made() -> None:
    # TR 5.1.1b: after two passes (one each) two more end the game.
    board, lex = stuck_position()
    game = Game(PFS, words=lex, starting_player=0)
    game.board = board.copy()
    game.racks = [list("AE"), list("ŹŻ")]
    game.bag = []
    game.pass_turn()
    game.pass_turn()
    left = game.scoreless_left()
    assert left == 2
    result = solve(board, "AE", "ŹŻ", lex, PFS, scoreless_left=left)
    assert result.moves == (Pass(), Pass())
    replay(board, ("AE", "ŹŻ"), result, PFS, lex, passes_before=2)
    last = solve(board, "AE", "ŹŻ", lex, PFS, scoreless_left=1)
    assert last.moves == (Pass(),) and last.spread == result.spread


def test_wespa_six_scoreless_turns() -> None:
    # WESPA (MPA): six consecutive scoreless turns end the game.
    rules = Rules.wespa()
    lex = Lexicon.build(["CAT", "CATS", "SQZ"], rules.tileset)
    board = Board()
    board.place([((7, 7), "C"), ((7, 8), "A"), ((7, 9), "T")])
    # CATS (the mover's only play) would open SQZ for the opponent's Q and Z.
    result = solve(board, "SE", "QZ", lex, rules)
    ts = rules.tileset
    assert result.exact
    assert result.moves == (Pass(),) * 6
    assert result.spread == ts.rack_value("QZ") - ts.rack_value("SE")
    assert solve_reference(board, "SE", "QZ", lex, rules)[0] == result.spread
    game = replay(board, ("SE", "QZ"), result, rules, lex)
    assert game.result is not None and game.result.reason is EndReason.SCORELESS


def test_wespa_endgames_match_the_twin() -> None:
    rules = Rules.wespa()
    lex = Lexicon.build(
        ["CAT", "CATS", "AT", "TA", "AS", "SAT", "ACT", "ACTS", "TAT"], rules.tileset
    )
    board = Board()
    board.place([((7, 7), "C"), ((7, 8), "A"), ((7, 9), "T")])
    for mine, theirs, left in [("AST", "TA", 6), ("S", "AT", 3), ("TT", "CS", 1)]:
        result = solve(board, mine, theirs, lex, rules, scoreless_left=left)
        value, _ = solve_reference(board, mine, theirs, lex, rules, scoreless_left=left)
        assert result.exact and result.spread == value


# ---- limits -----------------------------------------------------------------------------


def busy_position(lex: Lexicon) -> tuple[Board, str, str]:
    return random_board(11, lex, 4), "AKOT", "ASNY"


def assert_legal_first(result: EndgameResult, board: Board, rack: str, lex: Lexicon) -> None:
    best = result.best
    if isinstance(best, Pass):
        return
    assert isinstance(best, Play)
    assert best in set(generate(board, rack, lex, PFS).plays())


def test_node_limit_gives_an_inexact_legal_move(lex: Lexicon) -> None:
    board, mine, theirs = busy_position(lex)
    full = solve(board, mine, theirs, lex, PFS)
    assert full.exact and full.nodes > 50
    release_tables()  # a cold table: the limit must cut the search
    cut = solve(board, mine, theirs, lex, PFS, node_limit=20)
    assert not cut.exact
    assert cut.moves and cut.depth >= 1
    assert_legal_first(cut, board, mine, lex)


@pytest.mark.parametrize("limit", [20, 60, 200])
def test_a_proof_stopped_by_the_limit_answers_with_a_legal_move(limit: int, lex: Lexicon) -> None:
    # Proving right after the first iteration (prove_after=1), the limit stops the tests:
    # the answer is the first iteration's, a legal move, and never claims more than the
    # value proved without a limit.
    board, mine, theirs = busy_position(lex)
    full = solve(board, mine, theirs, lex, PFS, prove_after=None)
    release_tables()
    cut = solve(board, mine, theirs, lex, PFS, node_limit=limit, prove_after=1)
    assert not cut.exact and cut.depth == 1
    assert_legal_first(cut, board, mine, lex)
    release_tables()
    proved = solve(board, mine, theirs, lex, PFS, prove_after=1)
    assert proved.exact and proved.spread == full.spread and proved.depth == 1
    replay(board, (mine, theirs), proved, PFS, lex)


def test_a_stopped_proof_that_proved_more_answers_with_that_move(
    lex: Lexicon, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A proof stopped after a test proved more than the estimate answers with the move
    # that proved it. With a table of 16 entries the root's entry is gone by then: the
    # move must come from the proof itself (the line was empty before).
    board = random_board(17, lex, 5)
    mine, theirs = deal(board, random.Random(17), (5, 5))
    release_tables()
    first = solve(board, mine, theirs, lex, PFS, node_limit=1, prove_after=1)
    full = solve(board, mine, theirs, lex, PFS, prove_after=1)
    assert full.exact and full.spread > first.spread  # the estimate is below the value
    monkeypatch.setattr(endgame_module, "TT_BITS", 4)
    raised = 0
    try:
        for limit in range(first.nodes, 4000, 53):
            release_tables()
            cut = solve(board, mine, theirs, lex, PFS, node_limit=limit, prove_after=1)
            assert cut.moves, f"no move at a limit of {limit} positions"
            assert_legal_first(cut, board, mine, lex)
            assert cut.spread <= full.spread
            raised += cut.spread > first.spread
    finally:
        release_tables()
    assert raised  # some stopped proofs had proved more than the estimate


def test_a_stopped_proof_reports_only_bounds_that_hold(lex: Lexicon) -> None:
    # The tests of the proof settle bounds on the value one by one; stopped among
    # them, the answer says which are proved (lower, upper), and each must hold
    # against the value proved without a limit. Stopped before any test, none.
    board = random_board(17, lex, 5)
    mine, theirs = deal(board, random.Random(17), (5, 5))
    release_tables()
    full = solve(board, mine, theirs, lex, PFS, prove_after=1)
    assert full.exact and full.lower == full.upper == full.spread
    release_tables()
    early = solve(board, mine, theirs, lex, PFS, node_limit=1, prove_after=None)
    assert not early.exact and early.lower is None and early.upper is None
    seen = set()
    try:
        for limit in range(early.nodes, 6000, 37):
            release_tables()
            cut = solve(board, mine, theirs, lex, PFS, node_limit=limit, prove_after=1)
            if cut.exact:
                continue
            if cut.lower is not None:
                assert cut.lower <= full.spread and cut.lower <= cut.spread
                seen.add("lower")
            if cut.upper is not None:
                assert cut.upper >= full.spread and cut.upper >= cut.spread
                seen.add("upper")
    finally:
        release_tables()
    assert seen  # some stopped proofs had settled a bound


def line_faults(
    board: Board, racks: tuple[str, str], result: EndgameResult, lex: Lexicon
) -> list[str]:
    """What is wrong with a stopped proof's line that claims ``lower == spread``.

    The line must end the game, add up to ``spread`` in a real game, and each of its
    moves after the first must be a best one: the value of the position it is made
    in (proved without a limit) equals what it gains less the value of the next.
    """
    steps, game = play_line(board, *racks, result.moves, lex, PFS)
    gains = [step.gain for step in steps]
    assert result.complete == game.is_over
    if not game.is_over:
        return [f"the line {result.moves} stops before the end of the game"]
    faults = []
    if sum(g if i % 2 == 0 else -g for i, g in enumerate(gains)) != result.spread:
        faults.append(f"the line adds up to another spread than {result.spread}")
    values = [
        solve(s.board, s.rack, s.opponent_rack, lex, PFS, scoreless_left=s.scoreless_left).spread
        for s in steps[1:]
    ] + [0]
    for i in range(1, len(gains)):
        if values[i - 1] != gains[i] - values[i]:
            faults.append(f"move {i + 1} ({result.moves[i]}) is not a best one")
    return faults


def stopped_with_a_proved_line(lex: Lexicon) -> tuple[Board, tuple[str, str], list[EndgameResult]]:
    """Solves of one endgame stopped at many node limits, kept where ``lower == spread``."""
    board = random_board(17, lex, 5)
    racks = deal(board, random.Random(17), (5, 5))
    found = []
    for limit in range(200, 6000, 101):
        release_tables()
        cut = solve(board, *racks, lex, PFS, node_limit=limit, prove_after=1)
        if not cut.exact and cut.lower == cut.spread:
            found.append(cut)
    release_tables()
    return board, racks, found


def test_a_stopped_proof_answers_with_the_line_it_proved(lex: Lexicon) -> None:
    # A proof stopped by the limit after its tests proved "at least v" answers with the
    # line that proved it, checked on after the limit: it ends the game (TR 5.1.1), adds
    # up to v with the end-of-game rack adjustments (TR 5.1.2), and each move after the
    # first is a best one for the side making it, against full proofs.
    board, racks, found = stopped_with_a_proved_line(lex)
    assert len(found) >= 5
    for cut in found:
        assert line_faults(board, racks, cut, lex) == []
        replay(board, racks, cut, PFS, lex)
    release_tables()


@pytest.mark.parametrize("budget", [0, 1])
def test_a_stopped_proof_line_unchecked_stops_short(
    budget: int, lex: Lexicon, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Without the checks after the limit (LINE_BUDGET 0: the table's moves for as many
    # plies as the deepest iteration), or with them cut off at once (1), the answer
    # keeps the move the tests proved, its value and its bound, but its line stops
    # before the end of the game — which the test above would catch.
    monkeypatch.setattr(endgame_module, "LINE_BUDGET", budget)
    board, racks, found = stopped_with_a_proved_line(lex)
    assert found
    for cut in found:
        assert_legal_first(cut, board, racks[0], lex)
    assert any(len(cut.moves) == 1 and line_faults(board, racks, cut, lex) for cut in found)
    release_tables()


def test_time_limit_reads_only_the_injected_clock(lex: Lexicon) -> None:
    board, mine, theirs = busy_position(lex)
    release_tables()  # a cold table: the limit must cut the search
    ticks = itertools.count(0.0, 1.0)  # every reading is a second later
    calls: list[float] = []

    def clock() -> float:
        calls.append(next(ticks))
        return calls[-1]

    result = solve(board, mine, theirs, lex, PFS, time_limit=0.5, now=clock)
    assert not result.exact
    assert len(calls) >= 2  # the deadline, then the first check past it
    assert_legal_first(result, board, mine, lex)


def test_a_raising_clock_propagates(lex: Lexicon) -> None:
    board, mine, theirs = busy_position(lex)
    release_tables()  # a cold table: the limit must cut the search
    readings = iter([0.0])

    def clock() -> float:
        return next(readings)  # StopIteration on the second reading

    with pytest.raises(StopIteration):
        solve(board, mine, theirs, lex, PFS, time_limit=5.0, now=clock)


# ---- bad input --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mine", "theirs", "kwargs", "fragment"),
    [
        ("", "AB", {}, "stojak gracza na ruchu jest pusty"),
        ("ABCDEFGH", "A", {}, "8 płytek"),
        ("A1", "A", {}, "'1'"),
        ("a", "A", {}, "'a'"),
        ("ŹŹ", "Z", {}, "'Ź'"),  # PFS has one Ź
        ("A", "B", {"scoreless_left": 0}, "scoreless_left"),
        ("A", "B", {"node_limit": 0}, "node_limit"),
        ("A", "B", {"time_limit": -1.0}, "time_limit"),
        ("A", "B", {"threads": 3}, "wątki"),
        ("A", "B", {"prove_after": 0}, "prove_after"),
        ("A", "B", {"prove_after": 157}, "prove_after: 157"),
        ("A", "B", {"tt_bits": 15}, "tt_bits: 15"),
        ("A", "B", {"tt_bits": 29}, "od 16 do 28"),
        ("A", "B", {"iteration_budget": 0}, "iteration_budget"),
    ],
)
def test_bad_input_is_named(
    mine: str, theirs: str, kwargs: dict[str, int | float], fragment: str, lex: Lexicon
) -> None:
    # The error carries a template and details; the front end words it (here in Polish).
    with pytest.raises(EndgameError) as caught:
        solve(kot_board(), mine, theirs, lex, PFS, **kwargs)  # type: ignore[arg-type]
    assert fragment in describe(caught.value, translator("pl"))


def test_rules_without_an_end_are_refused(lex: Lexicon) -> None:
    with pytest.raises(EndgameError) as caught:
        solve(kot_board(), "A", "B", lex, Rules.home(3))
    assert "dwóch graczy" in describe(caught.value, translator("pl"))
    with pytest.raises(EndgameError) as caught:
        solve(kot_board(), "A", "B", lex, PFS.replace(end_consecutive_passes=None))
    assert "nie kończą gry" in describe(caught.value, translator("pl"))


def test_error_in_english(lex: Lexicon) -> None:
    # str() of an error is its English text, whatever language a front end speaks
    with pytest.raises(EndgameError, match="the rack of the player to move is empty"):
        solve(kot_board(), " ", "B", lex, PFS)


# ---- two threads ------------------------------------------------------------------------

SEVEN_VS_SEVEN = (
    "14D/10CM2O/4w5TER1P/4I4ORFĘ1A/4T4PL1C1D/4Z4AU1E1A/G3O4C4N/A3W2ZWILŻYŁY/JA2IN3A1EH2/"
    "NU3Ó3S5/IL3ZbRĄZOWIŁO/KOŚĆMI1A2JET1D/IS5Ź5KR/E6N5BY/M6E5KB"
)


@pytest.mark.parametrize("prove_after", [None, 1, 3])
def test_two_threads_prove_the_same_value_as_one(prove_after: int | None) -> None:
    # A 7-vs-7 endgame from greedy self-play (benchmarks/endgame.py, seed 5), the full
    # lexicon: the helper thread only fills the shared table, so the proved value and
    # a line that adds up to it are the same as with one thread (TR 5.1.1a, 5.1.2),
    # deepening to the proof or proving the estimate of an early iteration.
    lex = Lexicon.default(progress=False)
    board = Board.from_cgp(SEVEN_VS_SEVEN)
    racks = ("AHIŃPSW", "AEGNSYZ")
    release_tables()  # each solve proves it again, not from the last one's table
    one = solve(board, *racks, lex, PFS, scoreless_left=4, prove_after=prove_after)
    release_tables()
    two = solve(board, *racks, lex, PFS, scoreless_left=4, threads=2, prove_after=prove_after)
    assert one.exact and two.exact
    assert one.spread == two.spread == 30
    replay(board, racks, two, PFS, lex)


# ---- tables kept between solves ---------------------------------------------------------


def test_the_next_solve_of_an_endgame_finds_the_proofs(lex: Lexicon) -> None:
    # The tables outlive a solve: what it proved (TR 5.1.1a, 5.1.2: values of whole lines
    # to the end of the game) the next solve with the same lexicon and rules reuses.
    board, mine, theirs = busy_position(lex)
    release_tables()
    cold = solve(board, mine, theirs, lex, PFS)
    warm = solve(board, mine, theirs, lex, PFS)
    assert cold.exact and warm.exact and warm.spread == cold.spread
    assert warm.nodes * 10 < cold.nodes
    replay(board, (mine, theirs), warm, PFS, lex)


def test_another_table_size_starts_afresh_with_the_same_value(lex: Lexicon) -> None:
    # The table's size changes how much of a proof it keeps, never the value (TR 5.1.1a,
    # 5.1.2): a table of 2**16 entries (most proofs overwritten) and the default prove
    # the same spread, each with tables of its own size (a warm default solve after the
    # small one would take a handful of positions; a cold one takes more).
    board, mine, theirs = busy_position(lex)
    release_tables()
    default = solve(board, mine, theirs, lex, PFS)
    small = solve(board, mine, theirs, lex, PFS, tt_bits=16)
    again = solve(board, mine, theirs, lex, PFS)
    assert default.exact and small.exact and again.exact
    assert small.spread == default.spread == again.spread
    assert small.nodes * 10 > default.nodes  # not answered from the other size's table
    assert again.nodes * 10 > default.nodes
    replay(board, (mine, theirs), small, PFS, lex)


@pytest.mark.parametrize("seed", [0, 1, 3])
def test_another_lexicon_starts_afresh(seed: int, lex: Lexicon) -> None:
    # The kept tables hold values under one lexicon (TR 4.7.9: the words it allows): a
    # solve with another must not take them for its own, nor the next solve with the
    # first lexicon the second one's.
    rng = random.Random(3000 + seed)
    board = random_board(seed, lex, 3)
    mine, theirs = deal(board, rng, (3, 2))
    first = solve(board, mine, theirs, lex, PFS)
    assert first.exact and isinstance(first.best, Play)
    word = score_play(board, first.best, PFS).word_strings[0]
    smaller = Lexicon.build([w for w in WORDS if w != word], PFS.tileset)
    without, _ = solve_reference(board, mine, theirs, smaller, PFS)
    assert without != first.spread  # the word the best line starts with matters here
    for words, value in ((smaller, without), (lex, first.spread), (smaller, without)):
        result = solve(board, mine, theirs, words, PFS)
        assert result.exact and result.spread == value


# ---- the benchmark's endgames, their values proved ---------------------------------------

PROVED = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "endgame_proved.json"


def quickest_proved(count: int) -> list[dict[str, Any]]:
    """The ``count`` endgames of the benchmark's file of proved values proved fastest
    (of those starting after a play: no scoreless turn yet)."""
    rows: list[dict[str, Any]] = json.loads(PROVED.read_text(encoding="utf-8"))["endgames"]
    fresh = [r for r in rows if r["scoreless_left"] == PFS.end_consecutive_passes]
    return sorted(fresh, key=lambda r: float(r["seconds"]))[:count]


@pytest.mark.parametrize("row", quickest_proved(6), ids=lambda r: f"seed{r['seed']}")
def test_benchmark_endgames_keep_their_proved_values(row: dict[str, Any]) -> None:
    # Real 7-vs-7 endgames (benchmarks/endgame.py, the full lexicon) whose values were
    # proved and recorded (benchmarks/data/endgame_proved.json): a solve proves the same
    # value again, and its line replays in a Game to exactly that spread (TR 5.1.1a/b,
    # 5.1.2, 5.1.4).
    lex = Lexicon.default(progress=False)
    board = Board.from_cgp(row["cgp"])
    racks = (row["mover"], row["opponent"])
    result = solve(board, *racks, lex, PFS)
    assert result.exact and result.spread == row["spread"]
    replay(board, racks, result, PFS, lex)


# ---- the plays of one tile, listed without the automaton ---------------------------------


def single_tile_plays(board: Board, rack: str, lex: Lexicon) -> list[tuple[str, int]]:
    """The endgame's own list of the plays that put down one tile (as str, score)."""
    gen = MoveGenerator(lex, PFS, board)
    codes = endgame_module._rack_codes(rack, PFS.tileset, PFS, "rack")
    records = _endgame.single_tile_plays(gen._core, codes)
    return sorted((str(m.play), m.score) for m in MoveList(b"".join(records), board, PFS))


def generated_single_tile_plays(board: Board, rack: str, lex: Lexicon) -> list[tuple[str, int]]:
    moves = generate(board, rack, lex, PFS)
    return sorted((str(m.play), m.score) for m in moves if len(m.tiles) == 1)


@settings(max_examples=60)
@given(
    seed=st.integers(0, 10_000),
    plays=st.integers(1, 8),
    rack=st.text(alphabet="AEIKOTYZŹ?", min_size=1, max_size=7),
)
def test_single_tile_plays_are_the_generators(
    seed: int, plays: int, rack: str, lex: Lexicon
) -> None:
    # With one or two tiles on a rack the search lists the plays of one tile itself, from
    # the cross-sets and cross-scores (TR 3.2.3: every run across and down through the
    # tile must be a word; scoring: the tile counts, with its premiums, in both words; a
    # blank scores 0): the very plays, with the very scores, the generator finds.
    assume(rack.count("?") <= 2)
    board = random_board(seed, lex, plays)
    assume(board.tiles())
    assert single_tile_plays(board, rack, lex) == generated_single_tile_plays(board, rack, lex)


@pytest.mark.parametrize("rack", ["A", "Ź", "?", "EŃ", "Z?", "ACEIORZ"])
def test_single_tile_plays_on_a_real_board(rack: str) -> None:
    # The same on a full endgame board of the benchmark, with the full lexicon.
    lex = Lexicon.default(progress=False)
    board = Board.from_cgp(SEVEN_VS_SEVEN)
    found = single_tile_plays(board, rack, lex)
    assert found == generated_single_tile_plays(board, rack, lex)
    assert found  # every one of these racks has somewhere to go


# ---- the keys of the positions after a play, worked out without making it -----------------


def child_keys(board: Board, rack: str, other: str, lex: Lexicon) -> list[tuple[int, int]]:
    gen = MoveGenerator(lex, PFS, board)
    codes = [endgame_module._rack_codes(r, PFS.tileset, PFS, "rack") for r in (rack, other)]
    return _endgame.child_keys(gen._core, *codes, 4)


@settings(max_examples=40)
@given(
    seed=st.integers(0, 10_000),
    plays=st.integers(1, 8),
    rack=st.text(alphabet="AAEIKOOTYZ?", min_size=2, max_size=7),
    other=st.text(alphabet="AEIKOTYZ", min_size=1, max_size=7),
)
def test_the_key_after_a_play_is_worked_out_without_making_it(
    seed: int, plays: int, rack: str, other: str, lex: Lexicon
) -> None:
    # The enhanced transposition cutoffs look up the position after each play before
    # making any (repeated letters and blanks on the rack included); a wrong key would
    # silently never find one.
    assume(rack.count("?") <= 2)
    board = random_board(seed, lex, plays)
    assume(board.tiles())
    pairs = child_keys(board, rack, other, lex)
    assert all(predicted == made for predicted, made in pairs)


def test_the_key_after_a_play_on_a_real_board() -> None:
    lex = Lexicon.default(progress=False)
    board = Board.from_cgp(SEVEN_VS_SEVEN)
    pairs = child_keys(board, "AACEIO?", "EKNNYYZ", lex)
    assert len(pairs) > 100  # plays that keep tiles: the case the cutoffs probe
    assert all(predicted == made for predicted, made in pairs)
    assert len({made for _, made in pairs}) == len(pairs)  # different plays, different keys
