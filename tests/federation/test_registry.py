"""The registry's event log: its own database, every change dated and on record."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from plansza.errors import PlanszaError
from plansza.federation.registry import RegistryFile, UnknownNameError
from plansza.services.federation import Federation, open_registry
from plansza.tournament.model import Settings
from plansza.tournament.storage import TournamentFile

D = date


@pytest.fixture
def board(tmp_path: Path) -> Federation:
    path = str(tmp_path / "pfs.federacja.sqlite")
    b = Federation(
        open_registry(path, create=True, at="2026-01-01T00:00:00"), lambda: "t", by="board"
    )
    b.add_member("Ala", born=D(1990, 1, 2), since=D(2015, 1, 1))
    b.add_member("Ola", born=D(1995, 5, 5), since=D(2016, 1, 1))
    yield b  # type: ignore[misc]
    b.close()


def test_every_event_is_dated_and_on_record(board: Federation) -> None:
    board.grant("Ala", 2, D(2020, 3, 1))
    events = board.registry.events()
    assert [e.kind for e in events] == [
        "registry_created",
        "member_added",
        "member_added",
        "licence_granted",
    ]
    assert events[-1].data["date"] == "2020-03-01" and events[-1].by == "board"


def test_a_refused_event_writes_nothing(board: Federation) -> None:
    before = len(board.registry.events())
    with pytest.raises(PlanszaError, match="degree 1 or 2"):
        board.grant("Ala", 3, D(2020, 3, 1))
    with pytest.raises(UnknownNameError):
        board.grant("Nobody", 2, D(2020, 3, 1))
    assert len(board.registry.events()) == before


def test_import_is_all_or_nothing(board: Federation) -> None:
    before = len(board.registry.events())
    text = "name,born,since,until\nEwa,2000-01-01,2020-01-01,\nAla,,2015-06-01,\n"
    with pytest.raises(PlanszaError, match="already a member"):
        board.import_members(text, source="m.csv")
    assert len(board.registry.events()) == before
    assert board.import_members("name,since\nEwa,2020-01-01\n", source="m.csv") == 1
    assert [m.name for m in board.members()] == ["Ala", "Ewa", "Ola"]


def test_membership_ended_suspends_the_licence(board: Federation) -> None:
    # RS §5.1: suspended while not a member
    board.grant("Ala", 1, D(2022, 1, 1))
    board.end_membership("Ala", D(2023, 6, 30))
    assert board.status("Ala", D(2023, 6, 30)).degree == 1
    s = board.status("Ala", D(2023, 7, 1))
    assert s.degree is None and s.reasons[-1].code == "not_member"
    board.add_member("Ala", born=None, since=D(2023, 9, 1))
    assert board.status("Ala", D(2023, 9, 1)).degree == 1


def test_no_grant_within_a_year_of_revocation(board: Federation) -> None:
    # RS §4.1.6 and RS §4.2: no exam — so no licence — for at least a year
    board.grant("Ala", 1, D(2022, 1, 1))
    board.penalty("Ala", "revoke", D(2023, 3, 1))
    with pytest.raises(PlanszaError, match="before 2024-03-01"):
        board.grant("Ala", 2, D(2024, 2, 29))
    board.grant("Ala", 2, D(2024, 3, 1))
    assert board.status("Ala", D(2024, 3, 1)).degree == 2


def test_temporary_licence_only_for_a_member(board: Federation) -> None:
    # RS §3.9: a temporary licence for a member of the PFS
    with pytest.raises(PlanszaError, match=r"RS §3\.9"):
        board.temporary("Ola", "Puchar", D(2010, 1, 1))
    board.temporary("Ola", "Puchar", D(2024, 5, 11))
    assert board.status("Ola", D(2024, 5, 11)).temporary == "Puchar"


def test_tournaments_run_promote_and_history_keeps_the_licence(board: Federation) -> None:
    # RS §3.8 (two run → degree I) and RS §5.2 (the ranking's games count as played)
    from plansza.ranking.records import RankedGame

    board.grant("Ala", 2, D(2020, 3, 1))
    board.add_tournament(
        "A",
        start=D(2020, 4, 4),
        end=D(2020, 4, 5),
        category="ranked",
        referee="Ala",
        assistants=["Ola"],
    )
    board.add_tournament("B", start=D(2020, 6, 6), category="KMP", referee="ala")
    assert board.status("Ala", D(2020, 6, 6)).degree == 1
    games = [RankedGame(D(2022, 1, 8), "X", "Ala", "Ola", 400, 300)]
    assert board.status("Ala", D(2023, 6, 6)).degree == 1  # RS §5.2: the last day of 3 years
    assert board.status("Ala", D(2023, 6, 7)).degree is None  # 3 full years after B
    assert board.status("Ala", D(2023, 6, 7), games).degree == 1
    with pytest.raises(PlanszaError, match="unknown category"):
        board.add_tournament("C", start=D(2021, 1, 1), category="Open", referee="Ala")
    with pytest.raises(PlanszaError, match="already in the registry"):
        board.add_tournament("a", start=D(2021, 1, 1), category="GP", referee="Ala")


def test_a_tournament_file_is_not_a_registry(tmp_path: Path) -> None:
    path = str(tmp_path / "t.turniej.sqlite")
    TournamentFile.create(path, Settings("T", 6, "halving"), at="t").close()
    with pytest.raises(PlanszaError, match="not a federation registry"):
        RegistryFile.open(path)


def test_a_read_only_registry_refuses_and_keeps_its_log(tmp_path: Path) -> None:
    path = tmp_path / "pfs.federacja.sqlite"
    RegistryFile.create(str(path), at="t").close()
    # read-only for everyone, root included: SQLite opened read-only
    r = RegistryFile.open(f"sqlite:///file:{path}?mode=ro&uri=true")
    with pytest.raises(PlanszaError) as e:
        r.append("member_added", {"name": "Ala", "since": "2020-01-01"}, at="t")
    assert e.value.code == "read_only"
    assert len(r.events()) == 1
    r.close()


def test_the_registry_on_postgresql(postgres_url: str) -> None:
    # the same storage layer as a tournament: a PostgreSQL URL works as a file does
    fed = Federation(open_registry(postgres_url, create=True, at="t"), lambda: "t")
    fed.add_member("Ala", born=D(1990, 1, 2), since=D(2015, 1, 1))
    fed.grant("Ala", 2, D(2020, 3, 1))
    with pytest.raises(PlanszaError):
        fed.grant("Ala", 3, D(2020, 3, 1))
    assert fed.status("Ala", D(2020, 3, 1)).degree == 2
    assert len(fed.registry.events()) == 3
    fed.close()
    again = RegistryFile.open(postgres_url)
    assert [m.name for m in again.state().members.values()] == ["Ala"]
    again.close()
