"""Replaying skips the walkovers' pass (TR 7.2) while the log has no walkover: the
walkovers' N are still the ones a full pass gives, whatever the order of events."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from plansza.tournament.events import refresh_walkovers, replay

from .test_corrections import R1, R2, manual, play_round

scores = st.integers(min_value=0, max_value=900)


@settings(max_examples=40, deadline=None)
@given(
    first=st.lists(scores, min_size=4, max_size=4),
    walkover=st.booleans(),
    later=st.lists(st.sampled_from(["correct", "penalty", "result"]), max_size=3),
    corrected=scores,
)
def test_replay_gives_the_walkovers_n_of_a_full_pass(
    first: list[int], walkover: bool, later: list[str], corrected: int
) -> None:
    # TR 7.2: N follows every result, correction and penalty it depends on
    log = manual()
    play_round(log, R1, [(first[0], first[1]), (first[2], first[3])])
    log.add("paired", round=2, tables=[list(t) for t in R2], method="manual")
    if walkover:
        log.add("walkover", round=2, winner=1, loser=3)
    done = False
    for kind in later:
        if kind == "correct":
            log.add("correct", round=1, a=1, sa=corrected, b=2, sb=first[1],
                    consent="override", day=1)  # fmt: skip
        elif kind == "penalty":
            log.add("penalty", round=1, player=1, points=10)
        elif not done:
            log.add("result", round=2, a=2, sa=380, b=4, sb=370)
            done = True
    state = replay(log.events)
    assert state.walkovers == walkover
    full = copy.deepcopy(state)
    refresh_walkovers(full)  # what the pass after every scoring event would have set
    assert full == state == log.state
    if walkover:
        g = next(g for g in state.games_of(1) if g.round == 2)
        assert g.kind == "walkover"
