"""The referee's views from the services, without a terminal: what ``turniej
standings``, ``status``, ``card``, ``pairings``, ``slips``, ``players``, ``log``,
``check-ranked`` and ``import`` show or make, and the small views around the
referee's commands (a round's tables, a tie decided, a player registered)."""

from __future__ import annotations

from pathlib import Path

import pytest

from plansza.errors import PlanszaError
from plansza.i18n import translator
from plansza.services import tournament_reports as views
from plansza.services.tournament import (
    Referee,
    Tie,
    describe_events,
    open_file,
    round_tables,
    seeded_name,
    tie_decided,
    unplayed_bye_seed,
)
from plansza.tournament.model import Settings, State, player_by_seed

EN = translator("en")


def stamp() -> str:
    return "2026-11-25T10:00:00+00:00"


def played(tmp_path: Path, settings: Settings, names: tuple[str, ...]) -> str:
    """A tournament with ``names`` registered, round 1 paired and its games won by the
    first named, 400:350; its file."""
    path = str(tmp_path / "t.turniej.sqlite")
    Referee.create(path, settings, stamp)
    with Referee.open(path, stamp) as ref:
        for name in names:
            ref.add_player({"name": name})
        state, _ = ref.pair()
        for p in state.rounds[1].pairings:
            if p.second is not None:
                a, b = state.players[p.first].name, state.players[p.second].name
                ref.result(1, a, "400", b, "350")
    return path


def state_of(path: str) -> State:
    file = open_file(path)
    try:
        return file.state()
    finally:
        file.close()


def test_the_tournament_in_the_directory_is_opened(tmp_path: Path) -> None:
    played(tmp_path, Settings("T", 3, "swiss"), ("Anna", "Bartek"))
    file = open_file(None, directory=str(tmp_path))
    try:
        assert file.state().settings.name == "T"
    finally:
        file.close()


def test_a_round_not_paired_is_refused_by_every_view(tmp_path: Path) -> None:
    state = state_of(played(tmp_path, Settings("T", 3, "swiss"), ("Anna", "Bartek")))
    assert views.round_shown(state, None) == 1
    for view in (
        lambda: views.round_shown(state, 2),
        lambda: views.standings_view(state, 2),
        lambda: views.team_standings(state, 2),
        lambda: views.standings_page(state, 2, EN),
        lambda: views.part_standings(state, 2, "women", None, EN),
        lambda: views.slips(state, 2, EN),
        lambda: views.by_name(state, 2),
    ):
        with pytest.raises(PlanszaError, match="round 2 has not been paired"):
            view()


def test_the_standings_say_the_round_and_whether_final(tmp_path: Path) -> None:
    state = state_of(played(tmp_path, Settings("T", 1, "swiss"), ("Anna", "Bartek", "Celina")))
    view = views.standings_view(state, None)
    assert (view.final, view.after_round) == (True, 1)
    assert [s.big_points for s in view.lines] == [1.0, 1.0, 0.0]  # a win and a bye first
    assert views.standings_view(state, 1).final


def test_the_status_names_the_missing_results(tmp_path: Path) -> None:
    path = played(tmp_path, Settings("T", 3, "swiss"), ("Anna", "Bartek", "Celina", "Darek"))
    with Referee.open(path, stamp) as ref:
        ref.pair()
        state = ref.state()
    status = views.status_view(state)
    assert (status.paired, status.players, status.active, status.finished) == (2, 4, 4, False)
    assert [(n, p.table) for n, p in status.missing] == [(2, 1), (2, 2)]


def test_a_card_has_the_games_and_the_standings_line(tmp_path: Path) -> None:
    state = state_of(played(tmp_path, Settings("T", 3, "swiss"), ("Anna", "Bartek")))
    card = views.card(state, "bart")
    assert card.line.name == "Bartek" and card.line.pid == card.pid
    assert [(g.round, g.score + g.opp_score) for g in card.games] == [(1, 750)]
    assert card.adjustments == [] and card.absences == []


def test_the_pairings_by_name_give_the_opponents_seed(tmp_path: Path) -> None:
    state = state_of(played(tmp_path, Settings("T", 3, "swiss"), ("Celina", "Anna", "Bartek")))
    seats = views.by_name(state, 1)
    assert [x.seat.name for x in seats] == ["Anna", "Bartek", "Celina"]
    by_seed = player_by_seed(state)
    for x in seats:
        assert (None if x.opponent_seed is None else by_seed[x.opponent_seed]) == x.seat.opponent
    assert sum(x.opponent_seed is None for x in seats) == 1  # the bye
    slips = views.slips(state, None, EN)
    assert (slips.round, slips.tables) == (1, 1) and "<html" in slips.page.lower()


def test_a_round_s_tables_have_their_results(tmp_path: Path) -> None:
    state = state_of(played(tmp_path, Settings("T", 3, "swiss"), ("Anna", "Bartek", "Celina")))
    tables = round_tables(state, 1)
    game = next(x for x in tables if x.second is not None)
    bye = next(x for x in tables if x.second is None)
    assert (game.score, game.kind, game.last_moves) == ((400, 350), "game", None)
    assert (bye.second_seed, bye.score) == (None, None)  # a bye's score is the standings'
    assert tie_decided(state, 1, game.first) is None  # not a tie


def test_a_tie_decided_by_the_last_moves(tmp_path: Path) -> None:
    # SCH: a tie goes to the higher last move; equal last moves leave a draw.
    path = str(tmp_path / "t.turniej.sqlite")
    Referee.create(path, Settings("T", 3, "swiss", tie_rule="higher_last_move"), stamp)
    with Referee.open(path, stamp) as ref:
        for name in ("Anna", "Bartek", "Celina", "Darek"):
            ref.add_player({"name": name})
        state, _ = ref.pair()
        one, two = state.rounds[1].pairings
        names = state.players
        ref.result(1, names[one.first].name, "300", names[one.second or 0].name, "300",
                   last_moves="20:35")
        ref.result(1, names[two.first].name, "300", names[two.second or 0].name, "300",
                   last_moves="20:20")
        state = ref.state()
    assert tie_decided(state, 1, one.first) == Tie(one.second)
    assert tie_decided(state, 1, one.second or 0) == Tie(one.second)
    assert tie_decided(state, 1, two.first) == Tie(None)
    assert round_tables(state, 1)[0].last_moves == (20, 35)


def test_an_unplayed_bye_is_offered_with_the_seed(tmp_path: Path) -> None:
    state = state_of(played(tmp_path, Settings("T", 3, "swiss"), ("Anna", "Bartek", "Celina")))
    found = unplayed_bye_seed(state, 1)
    assert found is not None
    pid, seed = found
    assert seeded_name(state, pid) == f"{seed} {state.players[pid].name}"


def test_the_players_and_the_log(tmp_path: Path) -> None:
    path = played(tmp_path, Settings("T", 3, "swiss"), ("Anna", "Bartek"))
    file = open_file(path)
    try:
        state, events = file.state(), file.events()
    finally:
        file.close()
    rows = views.players_view(state)
    assert [r.seed for r in rows] == [1, 2]
    assert list(rows[0].as_json()) == [
        "seed", "name", "ranking", "games", "club", "city", "joined_round", "withdrawn",
        "categories", "division", "status",
    ]
    log = views.log_view(state, events, EN)
    assert [e.kind for e in log][:2] == ["created", "player_added"]
    assert log[-1].text == describe_events(state, events[-1:], EN)[0]
    assert list(log[0].as_json()) == ["seq", "kind", "at", "by", "data", "text"]


def test_a_ranked_category_without_the_registry_is_not_checked(tmp_path: Path) -> None:
    settings = Settings("T", 3, "swiss", category="ranked", referee="Nowak Jan")
    state = state_of(played(tmp_path, settings, ("Anna", "Bartek")))
    found = views.ranked_check(state, EN, None, "2026-05-01")
    assert found.licence_unchecked and found.findings
    plain = views.ranked_check(State(Settings("T", 3, "swiss")), EN, None, "2026-05-01")
    assert not plain.licence_unchecked and plain.referees == []


def test_a_tsh_file_becomes_a_tournament(tmp_path: Path) -> None:
    from plansza.services.tournament_file import tournament_files

    state = state_of(played(tmp_path, Settings("T", 3, "swiss"), ("Anna", "Bartek")))
    text = tournament_files()["turniej.t"][1](state, EN)
    target = str(tmp_path / "copy.turniej.sqlite")
    title, path = views.import_tsh(
        text, "klub.t", name="", rounds=None, system="manual", dates=[], path=target,
        now=stamp, today="2026-05-01",
    )
    assert (title, path) == ("klub", target)
    copy = state_of(path)
    assert copy.settings.dates == ("2026-05-01",)
    assert [p.name for p in copy.players.values()] == ["Anna", "Bartek"]
    with pytest.raises(PlanszaError):  # the file is there: refused, nothing overwritten
        views.import_tsh(text, "klub.t", name="", rounds=None, system="manual", dates=[],
                         path=target, now=stamp, today="2026-05-01")
