"""The board's commands for the federation's server (issue 46): ``plansza federacja
key``, ``administrator``, ``announce``, ``import-history`` and ``desk``, each with the
input it must refuse; and the key issued on the command line signs for the server."""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from plansza.cli.common import EXIT_INPUT, EXIT_OK, EXIT_REFUSED
from plansza.cli.main import app
from plansza.errors import PlanszaError
from plansza.federation.referees import CATEGORIES
from plansza.services.federation_server import (
    FederationServer,
    SendingError,
    export_log,
    sign,
    tournament_id,
)
from plansza.tournament.storage import TournamentFile

runner = CliRunner()
REFEREE = "Ewa Nowak"
KLUB = Path(__file__).parents[1] / "tournament" / "data" / "logs" / "klub.turniej.sqlite"
HISTORY = (
    "date,tournament,player1,player2,score1,score2\n"
    "2025-05-10,Puchar,Ala,Ola,400,300\n"
    "2025-05-10,Puchar,Ala,Ela,350,360\n"
    "2025-09-06,Jesień,Ola,Ela,390,380\n"
)
KEY_LINE = re.compile(r"([0-9a-f]{12}):([A-Za-z0-9_-]{43})\n")


def run(db: Path, *args: str, code: int = EXIT_OK) -> str:
    """``plansza --lang en federacja ARGS --db DB``: its output (stderr too), after
    checking its exit code."""
    result = runner.invoke(app, ["--lang", "en", "federacja", *args, "--db", str(db)])
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    return result.output


def as_json(db: Path, *args: str) -> Any:
    return json.loads(run(db, *args, "--json"))


@contextmanager
def server_of(db: Path) -> Iterator[FederationServer]:
    server = FederationServer(str(db), lambda: "2026-05-04T10:00:00")
    try:
        yield server
    finally:
        server.close()


def log_length(db: Path) -> int:
    with server_of(db) as server:
        return len(server.state().log)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A registry with two members, one of them a referee."""
    path = tmp_path / "pfs.federacja.sqlite"
    run(path, "member", "add", REFEREE, "--born", "1980-01-01", "--since", "2010-01-01")
    run(path, "member", "add", "Jan Obcy", "--born", "1981-01-01", "--since", "2010-01-01")
    run(path, "referee", "grant", REFEREE, "--degree", "1", "--date", "2025-06-01")
    return path


# --- key ---


def test_key_shows_the_secret_once_and_the_older_key_stops_working(db: Path) -> None:
    out = run(db, "key", "ewa nowak")  # any case: the member's name as the registry has it
    key_id = re.findall(r"key ([0-9a-f]{12}) issued", out)[0]
    secret = re.findall(r"shown only this once: (\S+)", out)[0]
    assert f"{REFEREE}: key {key_id} issued" in out
    assert "no longer works" not in out  # there was no older key
    with server_of(db) as server:
        assert server.state().server.keys == {key_id: (REFEREE, secret)}
    again = run(db, "key", REFEREE)
    assert f"The older key of {REFEREE} no longer works." in again
    new_id = re.findall(r"key ([0-9a-f]{12}) issued", again)[0]
    with server_of(db) as server:
        assert set(server.state().server.keys) == {new_id}


def test_key_json(db: Path) -> None:
    first = as_json(db, "key", REFEREE)
    assert first["name"] == REFEREE and first["replaced"] is False and first["file"] is None
    assert KEY_LINE.fullmatch(f"{first['key_id']}:{first['secret']}\n")
    assert as_json(db, "key", REFEREE)["replaced"] is True


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")
def test_key_output_writes_a_private_file_and_never_overwrites_it(db: Path, tmp_path: Path) -> None:
    path = tmp_path / "ewa.key"
    out = run(db, "key", REFEREE, "--output", str(path))
    text = path.read_text(encoding="utf-8")
    found = KEY_LINE.fullmatch(text)
    assert found is not None, text
    key_id, secret = found.groups()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert key_id in out and str(path) in out
    assert secret not in out  # the file holds it, not the terminal's scrollback
    with server_of(db) as server:
        assert server.state().server.keys == {key_id: (REFEREE, secret)}
    # again to the same file: refused before a key is issued, the file and key kept
    refused = run(db, "key", REFEREE, "--output", str(path), code=EXIT_REFUSED)
    assert str(path) in refused and "never overwritten" in refused
    assert path.read_text(encoding="utf-8") == text
    with server_of(db) as server:
        assert server.state().server.keys == {key_id: (REFEREE, secret)}


def test_key_output_json_leaves_the_secret_to_the_file(db: Path, tmp_path: Path) -> None:
    path = tmp_path / "ewa.key"
    said = as_json(db, "key", REFEREE, "--output", str(path))
    assert said["secret"] is None and said["file"] == str(path)
    assert path.read_text(encoding="utf-8").startswith(f"{said['key_id']}:")


def test_a_key_the_registry_refuses_leaves_no_key_file(
    db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refused(self: FederationServer, name: str) -> tuple[str, str]:
        raise PlanszaError("the key {key} cannot be issued", code="bad_key", key="k")

    monkeypatch.setattr(FederationServer, "issue_key", refused)
    path = tmp_path / "ewa.key"
    out = run(db, "key", REFEREE, "--output", str(path), code=EXIT_REFUSED)
    assert "cannot be issued" in out
    assert not path.exists()  # the empty file made for it is gone: run again


def test_key_output_in_a_missing_folder_issues_nothing(db: Path, tmp_path: Path) -> None:
    before = log_length(db)
    out = run(db, "key", REFEREE, "--output", str(tmp_path / "no" / "k.key"), code=EXIT_INPUT)
    assert "k.key" in out
    assert log_length(db) == before


def test_the_key_issued_signs_for_the_federation(db: Path) -> None:
    old = as_json(db, "key", REFEREE)
    key = as_json(db, "key", REFEREE)
    body = b'{"not": "a tournament"}'
    with server_of(db) as server:
        with pytest.raises(SendingError) as wrong:
            server.receive(body, key["key_id"], sign(body, "x" * 43))
        assert wrong.value.code == "bad_signature"
        # the older key stopped working: its own right signature is refused
        with pytest.raises(SendingError) as older:
            server.receive(body, old["key_id"], sign(body, old["secret"]))
        assert older.value.code == "bad_signature"
        # the right signature passes: what fails is the file, not a tournament
        with pytest.raises(SendingError) as right:
            server.receive(body, key["key_id"], sign(body, key["secret"]))
        assert right.value.code == "bad_file"


def test_a_key_for_an_unknown_member_is_refused_naming_the_name(db: Path, tmp_path: Path) -> None:
    path = tmp_path / "nikt.key"
    before = log_length(db)
    out = run(db, "key", "Nikt Taki", "--output", str(path), code=EXIT_INPUT)
    assert "Nikt Taki" in out and len(out.strip().splitlines()) == 1
    assert not path.exists()
    assert log_length(db) == before


def test_a_key_needs_a_registry_and_makes_none(tmp_path: Path) -> None:
    db = tmp_path / "typo.federacja.sqlite"
    out = run(db, "key", REFEREE, code=EXIT_INPUT)
    assert "typo.federacja.sqlite" in out
    assert not db.exists()


# --- administrator ---


def test_administrator_named_and_removed(db: Path) -> None:
    out = run(db, "administrator", "Ranking")
    assert "Ranking is a ranking administrator now" in out
    with server_of(db) as server:
        assert server.is_administrator("ranking")
        assert not server.is_administrator("ola")
    assert as_json(db, "administrator", "RANKING", "--remove") == {
        "account": "RANKING",
        "administrator": False,
    }
    with server_of(db) as server:
        assert not server.is_administrator("ranking")


def test_administrator_starts_a_registry(tmp_path: Path) -> None:
    db = tmp_path / "new.federacja.sqlite"
    run(db, "administrator", "ranking")
    with server_of(db) as server:
        assert server.is_administrator("Ranking")


def test_administrator_removed_from_no_registry_makes_none(tmp_path: Path) -> None:
    db = tmp_path / "new.federacja.sqlite"
    out = run(db, "administrator", "ranking", "--remove", code=EXIT_INPUT)
    assert "new.federacja.sqlite" in out
    assert not db.exists()


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("a b",), "a nickname starts with a letter"),
        (("x",), "3 to 24 characters"),
        (("ola", "--remove"), "ola is not a ranking administrator"),
    ],
)
def test_administrator_bad_input(db: Path, args: tuple[str, ...], words: str) -> None:
    before = log_length(db)
    out = run(db, "administrator", *args, code=EXIT_INPUT)
    assert words in out and len(out.strip().splitlines()) == 1
    assert log_length(db) == before


# --- announce ---


def test_announce_puts_a_tournament_in_the_calendar(db: Path) -> None:
    args = ("--date", "2026-06-06", "--end", "2026-06-07", "--category", "GP")
    out = run(db, "announce", "Grand Prix Łodzi", *args, "--referee", "ewa nowak",
              "--place", "Łódź, Piotrkowska 1")  # fmt: skip
    tid = tournament_id("Grand Prix Łodzi", "2026-06-06")
    assert tid == "grand-prix-lodzi-2026-06-06" and tid in out
    with server_of(db) as server:
        found = server.state().server.calendar[tid]
    assert (found.name, found.start.isoformat(), found.end.isoformat()) == (
        "Grand Prix Łodzi",
        "2026-06-06",
        "2026-06-07",
    )
    assert (found.category, found.referee, found.place) == ("GP", REFEREE, "Łódź, Piotrkowska 1")


def test_announce_json_and_every_category(db: Path) -> None:
    for n, category in enumerate(CATEGORIES, start=1):
        day = f"2026-07-{n:02d}"
        said = as_json(db, "announce", "Klubowy", "--date", day, "--category", category,
                       "--referee", REFEREE)  # fmt: skip
        assert said == {
            "id": f"klubowy-{day}",
            "name": "Klubowy",
            "date": day,
            "end": day,
            "category": category,
            "referee": REFEREE,
            "place": "",
        }
    with server_of(db) as server:
        calendar = server.state().server.calendar
    assert sorted(a.category for a in calendar.values()) == sorted(CATEGORIES)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--date", "2026-02-30"), ["--date", "2026-02-30"]),
        (("--date", "6.6.2026"), ["--date", "6.6.2026"]),
        (("--date", "2026-06-06", "--end", "2026-06-32"), ["--end", "2026-06-32"]),
        (("--date", "2026-06-06", "--end", "2026-06-05"), ["--end", "2026-06-05", "2026-06-06"]),
        (("--date", "2026-06-06", "--category", "Open"), ["--category", "Open", *CATEGORIES]),
        (("--date", "2026-06-06", "--referee", "Nikt Taki"), ["Nikt Taki"]),
    ],
)
def test_announce_bad_input(db: Path, args: tuple[str, ...], words: list[str]) -> None:
    given = dict(zip(args[::2], args[1::2], strict=True))
    full = {"--category": "ranked", "--referee": REFEREE, **given}
    flat = [x for pair in full.items() for x in pair]
    before = log_length(db)
    out = run(db, "announce", "Jesień", *flat, code=EXIT_INPUT)
    assert all(w in out for w in words), out
    assert len(out.strip().splitlines()) == 1
    assert log_length(db) == before


def test_announce_without_a_name_is_refused(db: Path) -> None:
    args = ("--date", "2026-06-06", "--category", "ranked", "--referee", REFEREE)
    out = run(db, "announce", "  ", *args, code=EXIT_INPUT)
    assert "name" in out


# --- import-history ---


def test_import_history_twice_imports_nothing_the_second_time(tmp_path: Path) -> None:
    history = tmp_path / "history.csv"
    history.write_text(HISTORY, encoding="utf-8")
    db = tmp_path / "new.federacja.sqlite"  # a federation started from its history
    out = run(db, "import-history", str(history))
    assert "Imported 2 tournaments." in out
    assert "The ranking list of 2025-09-07 is published." in out
    assert as_json(db, "import-history", str(history)) == {"imported": 0, "list": None}
    again = run(db, "import-history", str(history))
    assert "Imported 0 tournaments." in again and "published" not in again
    with server_of(db) as server:
        state = server.state()
    assert [p.day.isoformat() for p in state.server.lists] == ["2025-09-07"]
    assert sorted(state.server.submissions) == ["jesien-2025-09-06", "puchar-2025-05-10"]


def test_import_history_json(db: Path, tmp_path: Path) -> None:
    history = tmp_path / "history.csv"
    history.write_text(HISTORY, encoding="utf-8")
    assert as_json(db, "import-history", str(history)) == {"imported": 2, "list": "2025-09-07"}


def test_import_history_of_a_missing_file_writes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "new.federacja.sqlite"
    out = run(db, "import-history", str(tmp_path / "missing.csv"), code=EXIT_INPUT)
    assert "missing.csv" in out
    assert not db.exists()  # not even a new registry


def test_import_history_with_bad_rows_writes_nothing(db: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text(HISTORY.replace("2025-09-06", "2025-09-6x"), encoding="utf-8")
    before = log_length(db)
    out = run(db, "import-history", str(bad), code=EXIT_INPUT)
    assert f"{bad}:4: " in out and "2025-09-6x" in out
    assert f"bad rows in {bad}: 1; nothing was applied." in out
    assert log_length(db) == before
    new = tmp_path / "new.federacja.sqlite"
    run(new, "import-history", str(bad), code=EXIT_INPUT)
    assert not new.exists()


# --- desk ---


def klub_body(tmp_path: Path) -> bytes:
    """The kept club tournament (closed), ranked, run by the referee, as a hall sends it."""
    copy = tmp_path / "klub.turniej.sqlite"
    shutil.copy(KLUB, copy)
    t = TournamentFile.open(str(copy))
    try:
        events = t.events()
    finally:
        t.close()
    events[0].data["settings"].update(category="ranked", referee=REFEREE)
    return export_log(events, "Klubowy Łódź", "2026-05-02")


def test_desk_lists_what_waits_for_the_administrator(db: Path, tmp_path: Path) -> None:
    assert "No tournament waits for the ranking administrator." in run(db, "desk")
    assert as_json(db, "desk") == []
    key = as_json(db, "key", REFEREE)
    body = klub_body(tmp_path)
    with server_of(db) as server:
        receipt = server.receive(body, key["key_id"], sign(body, key["secret"]))
        (s,) = server.state().server.waiting()
    assert receipt.id == s.id == "klubowy-lodz-2026-05-02"
    rows = as_json(db, "desk")
    assert rows == [
        {
            "id": s.id,
            "name": s.name,
            "date": s.start.isoformat(),
            "end": s.end.isoformat(),
            "category": "ranked",
            "referee": REFEREE,
            "sender": REFEREE,
            "at": "2026-05-04T10:00:00",
            "version": receipt.version,
        }
    ]
    out = run(db, "desk")
    assert "1 tournament waits for the ranking administrator:" in out
    assert s.id in out and s.name in out and s.start.isoformat() in out
    assert f"sent by {REFEREE} on 2026-05-04 10:00" in out


def test_desk_leaves_out_an_imported_history(db: Path, tmp_path: Path) -> None:
    history = tmp_path / "history.csv"
    history.write_text(HISTORY, encoding="utf-8")
    run(db, "import-history", str(history))
    assert as_json(db, "desk") == []


def test_desk_reads_the_registry_of_the_current_folder(
    db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["--lang", "en", "federacja", "desk", "--json"])
    assert result.exit_code == EXIT_OK and json.loads(result.output) == []
    os.remove(db)
    result = runner.invoke(app, ["--lang", "en", "federacja", "desk"])
    assert result.exit_code == EXIT_INPUT and "--db" in result.output
