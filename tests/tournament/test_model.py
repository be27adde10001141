"""Players and seeding numbers (RS §7.1, RR §2)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from plansza.tiles import polish_collation_key
from plansza.tournament.model import Round, State, TournamentPlayer, seeds

from .helpers import settings


def test_equal_rankings_are_seeded_in_polish_alphabetical_order() -> None:
    # RS §7.1: by ranking; equal rankings (e.g. debutants at 100) alphabetically
    s = State(settings())
    for name in ("Śliwa", "Sowa", "Szot", "Łoś", "Lis"):
        s.add_player(name)
    s.add_player("Mistrz", ranking=180.0)
    order = sorted(s.players, key=lambda pid: seeds(s)[pid])
    assert [s.players[p].name for p in order] == ["Mistrz", "Lis", "Łoś", "Sowa", "Szot", "Śliwa"]


def test_ranking_under_100_plays_as_100() -> None:
    # RR §2: "ranking niższy niż 100 ... ranking tymczasowy równy 100"
    assert TournamentPlayer(1, "A", ranking=87.0).tournament_ranking == 100.0
    assert TournamentPlayer(1, "A", ranking=None).tournament_ranking == 100.0
    s = State(settings())
    s.add_player("Zawada", ranking=87.0)
    s.add_player("Adamski")
    assert seeds(s) == {2: 1, 1: 2}


@given(st.lists(st.tuples(st.text("AĄBCĆEĘLŁNŃOÓSŚZŹŻaąlłoóśż", min_size=1, max_size=6),
                          st.sampled_from([None, 100.0, 120.0, 150.0])),
                min_size=1, max_size=12, unique_by=lambda t: t[0]))
def test_seeds_are_a_numbering_by_ranking_then_name(players: list[tuple[str, float | None]]
                                                    ) -> None:
    s = State(settings())
    for name, r in players:
        s.add_player(name, ranking=r)
    sd = seeds(s)
    assert sorted(sd.values()) == list(range(1, len(players) + 1))
    order = sorted(s.players.values(), key=lambda p: sd[p.pid])
    keys = [(-p.tournament_ranking, polish_collation_key(p.name)) for p in order]
    assert keys == sorted(keys)


def test_late_entrants_are_numbered_after_the_field() -> None:
    # numbers already printed never change: a late entrant takes the next number
    s = State(settings())
    s.add_player("Zenon")
    s.rounds[1] = Round(1, [])
    late = s.add_player("Adam", ranking=200.0)
    assert seeds(s)[late] == 2 and s.players[late].joined_round == 2
