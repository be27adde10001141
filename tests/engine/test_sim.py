"""The simulating player: reproducible from a seed, every candidate simulated against
the same deals, the endgame of a rollout settled by the rules."""

from __future__ import annotations

import pytest

from plansza.engine import make_player, play_game, view_of
from plansza.engine.sim import SimPlayer
from plansza.engine.static import Candidate
from plansza.game import Game
from plansza.lexicon import Lexicon
from plansza.moves import Pass, Play
from plansza.rules import Rules


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    return Lexicon.default(progress=False)


def _midgame(lex: Lexicon, seed: int = 5, turns: int = 6) -> Game:
    g = Game(Rules.pfs(), seed=seed, words=lex, starting_player=0)
    p = make_player("static", lex)
    for _ in range(turns):
        g.move(p.choose(view_of(g)))
        if g.pending:
            g.accept()
    return g


def test_simulation_is_reproducible(lex: Lexicon) -> None:
    g = _midgame(lex)
    v = view_of(g)
    runs = []
    for _ in range(2):
        p = SimPlayer(lex, seed=3, max_iterations=20)
        cands = p.evaluate(v, 5)
        runs.append([(str(r.candidate.move), round(r.value, 6)) for r in p.simulate(v, cands, 0.0)])
    assert runs[0] == runs[1]
    assert all(
        r.iterations == 20
        for r in SimPlayer(lex, seed=3, max_iterations=20).simulate(
            v, SimPlayer(lex).evaluate(v, 3), 0.0
        )
    )


def test_simulation_obeys_the_injected_clock(lex: Lexicon) -> None:
    v = view_of(_midgame(lex))
    ticks = iter(range(1000))
    p = SimPlayer(lex, seed=1, now=lambda: float(next(ticks)))
    # The deadline is 3 "seconds" after the start; the clock is read once a round.
    res = p.simulate(v, p.evaluate(v, 4), 3.0)
    assert {r.iterations for r in res} == {3}


def test_simulation_prefers_the_clearly_better_move(lex: Lexicon) -> None:
    v = view_of(_midgame(lex, seed=8))
    p = SimPlayer(lex, seed=2, max_iterations=30)
    cands = p.evaluate(v, 1)
    best_play = next(c for c in cands if isinstance(c.move, Play))
    # The same move handicapped by 40 points must come out 40 points worse.
    weak = Candidate(best_play.move, best_play.score - 40, best_play.leave, best_play.equity - 40)
    res = p.simulate(v, [weak, best_play], 0.0)
    assert res[0].candidate is best_play
    assert res[0].value - res[1].value == pytest.approx(40.0)


def test_sim_whole_game_is_legal(lex: Lexicon) -> None:
    rules = Rules.pfs()
    sim = make_player("sim", lex, rules, seed=1, seconds=0.01, max_iterations=3)
    g = Game(rules, seed=21, words=lex, starting_player=0)
    play_game(g, [sim, make_player("static", lex, rules)])
    assert g.result is not None


def test_pass_is_simulated_too(lex: Lexicon) -> None:
    v = view_of(_midgame(lex))
    p = SimPlayer(lex, seed=4, max_iterations=5)
    res = p.simulate(v, [c for c in p.evaluate(v, 2)], 0.0)
    assert any(isinstance(r.candidate.move, Pass) for r in res)
