"""The live standings are computed once per change of the log (issue 29: the page of
a 200-player, 15-round tournament in ≤ 50 ms): the same lines as computed afresh, and
never the lines of an older log."""

from __future__ import annotations

import re

from plansza.lexicon import Lexicon
from plansza.services.live_tournament import Spectator
from plansza.tournament import mpa
from plansza.tournament.standings import standings

from .test_tournament_pages import first_table, open_app, record, stamp, tournament  # noqa: F401


def finish_round(path: str) -> None:
    """Every game of round 1 played: 412 to 377 at each table."""
    from plansza.services.tournament import Referee

    with Referee.open(path, stamp) as ref:
        state = ref.state()
        for p in state.rounds[1].pairings:
            if p.second is not None:
                a, b = state.players[p.first].name, state.players[p.second].name
                ref.result(1, a, "412", b, "377")


def test_the_cached_standings_are_the_standings_computed_afresh(tournament: str) -> None:  # noqa: F811
    a, b = first_table(tournament)
    record(tournament, a, b, "412", "377")
    s = Spectator(tournament)
    try:
        _seq, state = s.state()
        lines, final, done = s.standings(state)
        assert s.standings(state)[0] is lines  # computed once for this state
        assert lines == standings(state, groups=mpa.groups(state))
        assert (final, done) == (state.finished, 0)
    finally:
        s.close()


def test_the_standings_page_follows_a_new_result(words: Lexicon, tournament: str) -> None:  # noqa: F811
    with open_app(words, tournament, tournament_poll=60.0) as c:
        before = c.get("/turniej/klasyfikacja").text
        assert before == c.get("/turniej/klasyfikacja").text  # the same page again
        assert "412" not in before
        finish_round(tournament)  # from outside: no poll, no wake-up
        after = c.get("/turniej/klasyfikacja").text
    assert "412" in after and after != before


def test_a_warm_spectator_serves_the_same_page(words: Lexicon, tournament: str) -> None:  # noqa: F811
    # the watch replays a change before telling the pages: the page is the same as one
    # computed by the request itself
    finish_round(tournament)
    with open_app(words, tournament, tournament_poll=60.0) as cold:
        one = cold.get("/turniej/klasyfikacja").text
    with open_app(words, tournament, tournament_poll=60.0) as warm:
        warm.app.state.tournament.spectator.warm()  # type: ignore[attr-defined]
        two = warm.get("/turniej/klasyfikacja").text

    def page(html: str) -> str:  # "printed HH:MM:SS" differs when a second passes
        return re.sub(r'<p class="print-head">.*?</p>', "", html)

    assert page(one) == page(two)
