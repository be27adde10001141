"""The computer players keep the rules: every move they choose is accepted by the
game, the exchange limits hold, passes end games when they should, and a player
sees only what a player may see."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from plansza.engine import LEVELS, make_player, play_game, view_of
from plansza.engine.base import GameView
from plansza.engine.leaves import LeaveModel
from plansza.engine.static import StaticPlayer
from plansza.game import Game, TurnKind
from plansza.lexicon import Lexicon
from plansza.moves import Exchange, Pass, Play
from plansza.rules import Rules
from plansza.tiles import TileSet


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    return Lexicon.default(progress=False)


def _view(**changes: object) -> GameView:
    """A view of a fresh game with some fields replaced."""
    g = Game(Rules.pfs(), seed=1, starting_player=0)
    v = view_of(g)
    return GameView(**{**v.__dict__, **changes})  # type: ignore[arg-type]


# TR 3, TR 4.3.1, TR 5.1: whole games where every chosen move is accepted by the rules
# engine (play_game raises EngineError naming the player otherwise).
@pytest.mark.parametrize("level", ["random", "greedy", "static"])
@pytest.mark.parametrize("preset", ["pfs", "wespa", "school"])
def test_whole_games_are_legal(level: str, preset: str, lex: Lexicon) -> None:
    # The WESPA settings (six scoreless turns, no exchange limit) with Polish tiles:
    # the only lexicon at hand is Polish.
    rules = Rules.by_name(preset).replace(tileset=TileSet.polish())
    for seed in range(2):
        players = [make_player(level, lex, rules, seed=seed), make_player("greedy", lex, rules)]
        g = Game(rules, seed=seed, words=lex, starting_player=seed % 2)
        play_game(g, players)
        assert g.result is not None
        # TR 4.3.1: never more than the limit of exchanges a game.
        if rules.exchange_limit is not None:
            assert all(n <= rules.exchange_limit for n in g.exchanges_used)
        # No play was ever challenged off: the engine plays only words of its lexicon.
        assert not any(t.kind is TurnKind.LOSS for t in g.history)


# Home rules for three players (GR): the players work with more than one opponent.
def test_three_player_home_game(lex: Lexicon) -> None:
    rules = Rules.home(3)
    players = [
        make_player(level, lex, rules, seed=i)
        for i, level in enumerate(["static", "greedy", "random"])
    ]
    g = Game(rules, seed=4, words=lex, starting_player=0)
    play_game(g, players)
    assert g.result is not None


# TR 1.4: the view holds the bag and the opponent's rack only as one pool of unseen
# tiles; the opponent's rack itself is not in it.
def test_view_hides_the_opponents_rack(lex: Lexicon) -> None:
    g = Game(Rules.pfs(), seed=9, words=lex, starting_player=0)
    v = view_of(g, 0)
    expected = Counter(g.bag) + Counter(g.racks[1])
    assert v.unseen == expected
    assert v.rack == g.rack_string(0)
    assert g.rack_string(1) not in repr(v).replace(repr(v.unseen), "")
    assert v.opponent_rack_known is None  # the bag is not empty


# TR 4.3.1: an exchange needs 7 tiles in the bag and at most three a game.
def test_static_exchanges_only_when_allowed(lex: Lexicon) -> None:
    rules = Rules.pfs()
    ts = rules.tileset
    leaves = LeaveModel.zero(ts)
    # Keeping the blank is worth much, keeping any of the others costs much: nothing
    # beats returning the six.
    leaves.weights["single"].update({"?": 60.0, **{t: -40.0 for t in "ĆŃŹŻÓĘ"}})
    player = StaticPlayer(lex, rules, leaves=leaves)
    rack = "ĆŃŹŻÓĘ?"
    allowed = _view(rack=rack, bag_count=50, exchanges_left=3)
    move = player.choose(allowed)
    assert isinstance(move, Exchange) and "?" not in move.tiles
    used_up = _view(rack=rack, bag_count=50, exchanges_left=0)
    assert not isinstance(player.choose(used_up), Exchange)
    small_bag = _view(rack=rack, bag_count=6, exchanges_left=3)
    assert not isinstance(player.choose(small_bag), Exchange)
    assert not any(isinstance(c.move, Exchange) for c in player.evaluate(small_bag, 5))


# TR 5.1.1b: four scoreless turns end the game; a player ahead passes to end it, one
# behind does not.
def test_static_passes_to_end_a_won_game(lex: Lexicon) -> None:
    player = StaticPlayer(lex, Rules.pfs(), leaves=LeaveModel.zero(Rules.pfs().tileset))
    g = Game(Rules.pfs(), seed=2, starting_player=0)
    ahead = _view(rack=g.rack_string(0), scores=(300, 200), scoreless_left=1)
    assert isinstance(player.choose(ahead), Pass)
    behind = _view(rack=g.rack_string(0), scores=(200, 300), scoreless_left=1)
    assert isinstance(player.choose(behind), Play)


# With no placement and no exchange allowed the only move is a pass (TR 3.4).
def test_pass_when_nothing_else(lex: Lexicon) -> None:
    for level in ("greedy", "static", "random"):
        player = make_player(level, lex)
        v = _view(rack="ŹŹ", bag_count=0, exchanges_left=0)  # empty board: ŹŹ forms no word
        assert isinstance(player.choose(v), Pass)


# TR 4.7: the engine challenges exactly the plays that form a word not in its lexicon.
@pytest.mark.parametrize("level", LEVELS)
def test_challenge_decisions(level: str, lex: Lexicon) -> None:
    player = make_player(level, lex)
    v = _view()
    assert not player.challenges(v, ("ŻUBR", "KOT"))
    assert player.challenges(v, ("ŻUBR", "ŻUBRQ"))
    assert player.challenges(v, ("ZZZZ",))


# Static equity = score + leave value, and the best candidate is what it plays.
def test_static_ranks_by_score_plus_leave(lex: Lexicon) -> None:
    rules = Rules.pfs()
    player = StaticPlayer(lex, rules)
    rng = random.Random(3)
    g = Game(rules, seed=rng.randrange(1000), words=lex, starting_player=0)
    v = view_of(g)
    cands = player.evaluate(v, 5)
    assert [c.equity for c in cands] == sorted((c.equity for c in cands), reverse=True)
    for c in cands:
        if isinstance(c.move, Play):
            used = len(v.rack) - len(c.leave)
            assert c.equity == pytest.approx(
                c.score + player.leave_value(v, c.leave, used), abs=0.01
            )
    # The top-1 search finds a move of the same equity (which of equal ones is unspecified).
    assert player.evaluate(v, 1)[0].equity == cands[0].equity


def test_unknown_level(lex: Lexicon) -> None:
    from plansza.engine import UnknownLevelError

    with pytest.raises(UnknownLevelError, match="mistrz"):
        make_player("mistrz", lex)


# TR 5.1: the endgame level plays whole games to a legal end (the exact search runs
# when the bag is empty; one second a move keeps the test short).
def test_endgame_level_whole_game(lex: Lexicon) -> None:
    rules = Rules.pfs()
    player = make_player("endgame", lex, rules, endgame_seconds=1.0)
    g = Game(rules, seed=31, words=lex, starting_player=1)
    play_game(g, [player, make_player("static", lex, rules)])
    assert g.result is not None
    assert not any(t.kind is TurnKind.LOSS for t in g.history)
