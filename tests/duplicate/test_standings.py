"""The classification (II.15, II.16): totals, best move, second best…, shared places, lots."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plansza.duplicate import Card, Championship, DuplicateError
from plansza.duplicate.game import Choice, DuplicateGame, DuplicateMove
from plansza.duplicate.racks import DrawLog, Requirement
from plansza.duplicate.standings import championship_table, draw_lots, game_table, rank_rows
from plansza.duplicate.top import DuplicateCandidate
from plansza.moves import Play


def test_the_sum_decides(lex: object) -> None:
    # II.15: the place follows the sum of points.
    rows = rank_rows([("A", [10, 20]), ("B", [40, 0]), ("C", [5, 5])], {})
    assert [(r.key, r.place) for r in rows] == [("B", 1), ("A", 2), ("C", 3)]


def test_ties_go_to_the_best_move_then_the_second_best() -> None:
    # II.16: equal sums — the best single move, then the second best, and so on.
    rows = rank_rows([("A", [30, 30, 30]), ("B", [50, 20, 20]), ("C", [50, 30, 10])], {})
    assert [r.key for r in rows] == ["C", "B", "A"]
    assert [r.place for r in rows] == [1, 2, 3]
    assert rows[0].best == (50, 30, 10)


def test_still_equal_is_a_shared_place() -> None:
    # II.16: "zawodnicy zajmują miejsce ex aequo".
    rows = rank_rows([("A", [10, 20]), ("B", [20, 10]), ("C", [0, 5])], {})
    assert [(r.key, r.place, r.shared) for r in rows] == [
        ("A", 1, True),
        ("B", 1, True),
        ("C", 3, False),
    ]


def test_a_drawn_lot_orders_a_shared_place_but_keeps_it_shared() -> None:
    # II.16: the prizes between them are drawn by lot.
    rows = rank_rows([("A", [10, 20]), ("B", [20, 10])], {"B": 1, "A": 2})
    assert [(r.key, r.place, r.lot, r.shared) for r in rows] == [
        ("B", 1, 1, True),
        ("A", 1, 2, True),
    ]


@given(st.lists(st.lists(st.integers(0, 60), min_size=3, max_size=3), min_size=1, max_size=8))
def test_ranking_is_a_total_order_of_sums_then_best_moves(scores: list[list[int]]) -> None:
    # II.15, II.16 as a property: a better (sum, sorted moves) never ranks below.
    entries = [(i, s) for i, s in enumerate(scores)]
    rows = rank_rows(entries, {})
    keys = [(r.total, r.best) for r in rows]
    assert keys == sorted(keys, reverse=True)
    for a, b in itertools.pairwise(rows):
        assert (a.place == b.place) == ((a.total, a.best) == (b.total, b.best))
    assert rows[0].place == 1


def _closed_move(number: int, score: int) -> DuplicateMove:
    c = DuplicateCandidate(Play.parse("H8 KOT"), score, 0, 3, 1, 0)
    m = DuplicateMove(number, DrawLog(number, Requirement(2, 2), (), "meets"), [c], 1, 1)
    m.choice = Choice(c, 0, "program")
    m.closed = True
    return m


def _championship_with(scores: dict[int, list[list[int]]]) -> Championship:
    """Three players' overrides as their scores, game by game, move by move."""
    ch = Championship(seed="t")
    for name in ("Ala", "Ola", "Ela"):
        ch.register(name)
    games = max(len(v) for v in scores.values())
    for g in range(games):
        moves = max(len(v[g]) for v in scores.values())
        game = DuplicateGame(g + 1, [], end="moves")
        for n in range(moves):
            m = _closed_move(n + 1, 60)
            game.moves.append(m)
        ch.games.append(game)
    for player, per_game in scores.items():
        for g, per_move in enumerate(per_game):
            for n, s in enumerate(per_move):
                ch.override(player, s, "test", game=g + 1, move=n + 1)
    return ch


def test_championship_sums_three_games_with_best_moves_over_all() -> None:
    # II.15: the sum over the three games; II.16: the best move of all three games.
    ch = _championship_with(
        {
            1: [[10, 10], [10, 10], [10, 10]],  # 60, best 10
            2: [[30, 0], [0, 0], [30, 0]],  # 60, best 30, 30
            3: [[40, 0], [0, 0], [0, 20]],  # 60, best 40
        }
    )
    rows = championship_table(ch)
    assert [r.player.name for r in rows] == ["Ela", "Ola", "Ala"]
    assert [r.total for r in rows] == [60, 60, 60]
    assert rows[1].scores == (30, 0, 30)
    assert [r.place for r in rows] == [1, 2, 3]
    assert round(rows[0].percent, 1) == round(100 * 60 / 360, 1)


def test_game_table_after_a_move() -> None:
    ch = _championship_with({1: [[10, 50]], 2: [[40, 0]], 3: [[0, 0]]})
    after1 = game_table(ch, 1, upto=1)
    assert [(r.player.name, r.total) for r in after1] == [("Ola", 40), ("Ala", 10), ("Ela", 0)]
    final = game_table(ch, 1)
    assert [(r.player.name, r.total) for r in final] == [("Ala", 60), ("Ola", 40), ("Ela", 0)]


def test_lots_are_drawn_and_recorded() -> None:
    # II.16: a shared place: prizes by lot, recorded, reproducible from the seed.
    ch = _championship_with({1: [[10, 20]], 2: [[20, 10]], 3: [[0, 0]]})
    drawn = draw_lots(ch)
    assert list(drawn) == [1] and sorted(drawn[1]) == [1, 2]
    assert {ch.lots[1], ch.lots[2]} == {1, 2}
    rows = championship_table(ch)
    assert rows[0].shared and rows[1].shared and rows[0].place == rows[1].place == 1
    assert [r.lot for r in rows[:2]] == [1, 2]
    again = _championship_with({1: [[10, 20]], 2: [[20, 10]], 3: [[0, 0]]})
    assert draw_lots(again) == drawn
    with pytest.raises(DuplicateError) as e:
        draw_lots(ch)  # already drawn
    assert e.value.reason == "no_ties"


def test_a_wrong_card_counts_zero_in_the_table(lex: object) -> None:
    # II.9 in the table: the wrong card's points are struck.
    from plansza.lexicon import Lexicon

    assert isinstance(lex, Lexicon)
    ch = Championship(seed="test")
    ch.register("Ala")
    ch.register("Ola")
    ch.start_game(bag="KOTYAKOTOKOTAKOTAEKLAZ")
    move = ch.draw(lex)
    top = move.candidates[0]
    ch.enter_card(1, Card(str(top.play), top.score), lex)
    ch.enter_card(2, Card(str(top.play), top.score + 2), lex)
    ch.close()
    rows = game_table(ch)
    assert [(r.player.name, r.total) for r in rows] == [("Ala", top.score), ("Ola", 0)]
    assert rows[0].percent == 100.0
