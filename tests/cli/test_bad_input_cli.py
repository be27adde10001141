"""Bad input in the commands, tried as a new user would: one line, the right exit code.

Issue "One voice and one service layer", part 9. Each test here failed before its fix:
a traceback, a game lost, a temporary file's name, or the wrong message.
"""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from plansza.cli.common import EXIT_INPUT, EXIT_OK
from plansza.cli.main import app
from plansza.engine import match as match_module
from plansza.files import FileAccessError, check_output, write_error, write_output

runner = CliRunner()
EMPTY_CGP = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 / 0/0 0"
MATCH = ["match", "--p1", "greedy", "--p2", "greedy", "--seed", "3"]


def en(*args: str) -> Result:
    return runner.invoke(app, ["--lang", "en", *args])


def one_line_error(res: Result, code: int = EXIT_INPUT) -> str:
    """The error a command printed: the exit code, one line, no traceback."""
    assert res.exit_code == code, (res.exit_code, res.output, res.stderr, res.exception)
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    assert "Traceback" not in res.output + res.stderr
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1, res.stderr
    return lines[0]


@pytest.fixture
def count_games(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The indexes of the match games played in this process."""
    played: list[int] = []
    real = match_module._play_one

    def counting(job: match_module._Job) -> match_module.GameOutcome:
        played.append(job.index)
        return real(job)

    monkeypatch.setattr(match_module, "_play_one", counting)
    return played


# --- 1. match --gcg-dir is checked before the first game --------------------------------


def test_match_gcg_dir_under_a_file_fails_before_any_game(
    tmp_path: Path, count_games: list[int]
) -> None:
    (tmp_path / "plik").write_text("x", encoding="utf-8")
    bad = tmp_path / "plik" / "partie"
    line = one_line_error(en(*MATCH, "--games", "3", "--gcg-dir", str(bad)))
    assert line == f"Error: cannot write {bad}: {tmp_path / 'plik'} is not a directory"
    assert count_games == []  # refused before the first game, so nothing was lost


def test_match_gcg_dir_that_is_a_file(tmp_path: Path, count_games: list[int]) -> None:
    (tmp_path / "plik").write_text("x", encoding="utf-8")
    line = one_line_error(en(*MATCH, "--games", "2", "--gcg-dir", str(tmp_path / "plik")))
    assert f"{tmp_path / 'plik'}: it is a file, not a directory" in line
    assert count_games == []


def test_match_gcg_dir_is_made_and_games_saved(tmp_path: Path) -> None:
    out = tmp_path / "nowy" / "katalog"
    res = en(*MATCH, "--games", "2", "--gcg-dir", str(out))
    assert res.exit_code == EXIT_OK, res.output
    assert sorted(p.name for p in out.iterdir()) == ["game-0001.gcg", "game-0002.gcg"]


# --- 2. Ctrl-C keeps the finished games --------------------------------------------------


@pytest.fixture
def interrupt_at_game_3(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C while game 3 (index 2) is being played, injected in-process."""
    real = match_module._play_one

    def player(job: match_module._Job) -> match_module.GameOutcome:
        if job.index == 2:
            raise KeyboardInterrupt
        return real(job)

    monkeypatch.setattr(match_module, "_play_one", player)


@pytest.mark.usefixtures("interrupt_at_game_3")
def test_ctrl_c_in_a_match_keeps_the_games_and_sums_them_up(tmp_path: Path) -> None:
    res = en(*MATCH, "--games", "6", "--gcg-dir", str(tmp_path))
    assert res.exit_code == 130, res.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-0001.gcg", "game-0002.gcg"]
    assert "Match greedy – greedy: 2 games, seed 3 — interrupted after 2 of 6" in res.stdout
    assert "Interrupted: 2 of 6 games finished" in res.stderr
    assert "Traceback" not in res.output + res.stderr


@pytest.mark.usefixtures("interrupt_at_game_3")
def test_ctrl_c_in_a_match_json_says_interrupted() -> None:
    res = en(*MATCH, "--games", "6", "--json")
    assert res.exit_code == 130
    data = json.loads(res.stdout)
    assert (data["games"], data["planned"], data["interrupted"]) == (2, 6, True)
    assert data["p1_wins"] + data["p2_wins"] + data["draws"] == 2


def test_an_unfinished_match_is_not_marked_interrupted() -> None:
    res = en(*MATCH, "--games", "2", "--json")
    assert res.exit_code == EXIT_OK
    assert json.loads(res.stdout)["interrupted"] is False


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_from_the_terminal_stops_a_match_cleanly(tmp_path: Path, jobs: str) -> None:
    # A real SIGINT to the whole process group, as a terminal's Ctrl-C sends it: with
    # --jobs 2 the workers get it too, and the pool must be shut down without a
    # traceback from any of them and without leaving a process behind.
    out = tmp_path / "partie"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "plansza", "--lang", "en", *MATCH, "--games", "5000",
         "--jobs", jobs, "--gcg-dir", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 120
        while not (out / "game-0001.gcg").exists():
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "no game finished in 120 s"
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr
    saved = len(list(out.glob("game-*.gcg")))
    assert 1 <= saved < 5000
    assert f"Interrupted: {saved} of 5000 games finished" in stderr
    assert f"interrupted after {saved} of 5000" in " ".join(stdout.split())  # title wraps
    deadline = time.monotonic() + 10
    while _group_alive(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _group_alive(proc.pid), "a worker outlived the match"


# --- 3. no tracebacks --------------------------------------------------------------------


@pytest.fixture(scope="module")
def tournament(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tournament of four with round 1 paired."""
    db = tmp_path_factory.mktemp("turniej") / "t.turniej.sqlite"
    sub = ["turniej"]
    assert (
        en(*sub, "new", "T", "--rounds", "3", "--system", "swiss", "--db", str(db)).exit_code == 0
    )
    for name in ("Ala", "Bea", "Cyr", "Dan"):
        assert en(*sub, "add-player", name, "--db", str(db)).exit_code == 0
    assert en(*sub, "pair", "--db", str(db)).exit_code == 0
    return db


def test_report_html_to_an_existing_file(tournament: Path, tmp_path: Path) -> None:
    page = tmp_path / "raport.html"
    page.write_text("old", encoding="utf-8")
    line = one_line_error(en("turniej", "report", "--html", str(page), "--db", str(tournament)))
    assert line == f"Error: cannot write to {page}: it is a file, not a directory"
    assert page.read_text(encoding="utf-8") == "old"


def test_report_html_makes_its_directory(tournament: Path, tmp_path: Path) -> None:
    out = tmp_path / "strona" / "raport"
    res = en("turniej", "report", "--html", str(out), "--db", str(tournament))
    assert res.exit_code == EXIT_OK, res.output
    assert (out / "index.html").is_file()


@pytest.mark.parametrize("tiles", ["BAD", "", "klingon"])
def test_show_with_an_unknown_tile_set(tiles: str) -> None:
    line = one_line_error(en("show", "--cgp", EMPTY_CGP, "--tiles", tiles))
    assert line == f"Error: unknown tile set {tiles!r}: use polish or english"


# --- 4. the right message ----------------------------------------------------------------


@pytest.mark.parametrize("bye", ["abc", "300", "300-250", "-1:5", ""])
def test_turniej_new_bye_says_what_it_takes(tmp_path: Path, bye: str) -> None:
    db = tmp_path / "t.turniej.sqlite"
    line = one_line_error(
        en("turniej", "new", "T", "--rounds", "3", "--system", "swiss", "--bye", bye,
           "--db", str(db))
    )  # fmt: skip
    assert f"cannot read the bye score '{bye}'" in line and "like 300:250" in line
    assert "pairing" not in line
    assert not db.exists()


def test_turniej_new_bye_with_spaces_is_read(tmp_path: Path) -> None:
    db = tmp_path / "t.turniej.sqlite"
    res = en("turniej", "new", "T", "--rounds", "3", "--system", "swiss", "--bye", " 280:250 ",
             "--db", str(db))  # fmt: skip
    assert res.exit_code == EXIT_OK, res.output


@pytest.mark.parametrize("games", ["0", "-3"])
def test_duplikat_new_games_from_1(tmp_path: Path, games: str) -> None:
    file = tmp_path / "b.json"
    line = one_line_error(en("duplikat", "new", "--file", str(file), "--games", games))
    assert line == f"Error: --games must be at least 1, not {games}"
    assert not file.exists()


def test_lexicon_build_names_the_output_not_the_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As root every directory is writable: the refusal of the temporary file is
    # injected, as the kernel would give it for a directory without write permission.
    import tempfile

    words = tmp_path / "slowa.txt"
    words.write_text("KOT\nKOTY\n", encoding="utf-8")
    out = tmp_path / "zamkniety" / "lista.kwg"
    out.parent.mkdir()

    def refused(*args: object, dir: str = "", **kwargs: object) -> tuple[int, str]:
        raise PermissionError(errno.EACCES, "Permission denied", f"{dir}/.lista.kwg.x1y2.tmp")

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    line = one_line_error(en("lexicon", "build", str(words), "-o", str(out)))
    assert line == f"Error: cannot write to {out.parent}: permission denied"
    assert ".tmp" not in line


def test_a_missing_directory_is_not_called_a_missing_file(tournament: Path, tmp_path: Path) -> None:
    target = tmp_path / "brak" / "t.t"
    line = one_line_error(en("turniej", "export", "--tsh", str(target), "--db", str(tournament)))
    assert line == f"Error: cannot write {target}: no such directory {tmp_path / 'brak'}"


@pytest.mark.parametrize(
    ("number", "code", "says"),
    [
        (errno.ENOENT, "no_directory", "cannot write {f}: no such directory {d}/nie-ma"),
        (errno.EACCES, "permission", "cannot write to {d}/nie-ma: permission denied"),
        (errno.EPERM, "permission", "cannot write to {d}/nie-ma: permission denied"),
        (errno.ENOTDIR, "not_directory", "cannot write {f}: {d}/nie-ma is not a directory"),
        (errno.EISDIR, "is_directory", "cannot write {f}: it is a directory"),
        (errno.EROFS, "read_only", "cannot write to {d}/nie-ma: a read-only file system"),
        (errno.ENOSPC, "no_space", "cannot write {f}: no space left on the device"),
        (errno.EIO, "os_error", "cannot write {f}: input/output error"),
    ],
)  # fmt: skip
def test_os_errors_are_worded_by_errno(tmp_path: Path, number: int, code: str, says: str) -> None:
    target = tmp_path / "nie-ma" / "x.html"
    # The OSError names the temporary file, as write_atomic's would.
    error = OSError(number, os.strerror(number), str(target.parent / ".x.html.abc.tmp"))
    described = write_error(error, target)
    assert described.code == code
    assert str(described) == says.format(d=tmp_path, f=target)


# --- 5. every command that writes a file given on the command line -------------------


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory, tournament: Path) -> dict[str, str]:
    """What the writing commands read: a tournament, a Belgijka, a ranking, a word list."""
    base = tmp_path_factory.mktemp("wejscie")
    words = base / "slowa.txt"
    words.write_text("KOT\nKOTY\nTOK\n", encoding="utf-8")
    games = base / "partie.csv"
    games.write_text(
        "date,tournament,player1,player2,score1,score2\n"
        "2024-05-11,Puchar,Hela Żółw,Dora Ćma,400,300\n",
        encoding="utf-8",
    )
    belgijka = base / "belgijka.json"
    assert en("duplikat", "new", "--file", str(belgijka), "--seed", "1").exit_code == 0
    return {"db": str(tournament), "words": str(words), "games": str(games),
            "belgijka": str(belgijka)}  # fmt: skip


Command = Callable[[dict[str, str], str], list[str]]

#: Commands writing one file the user names: the directory must exist.
FILE_WRITERS: dict[str, Command] = {
    "turniej standings --html": lambda i, p: ["turniej", "standings", "--db", i["db"], "--html", p],
    "turniej pairings --html": lambda i, p: ["turniej", "pairings", "--db", i["db"], "--html", p],
    "turniej export --tsh": lambda i, p: ["turniej", "export", "--db", i["db"], "--tsh", p],
    "turniej new --db": lambda i, p: ["turniej", "new", "T", "--rounds", "2", "--system",
                                      "swiss", "--db", p],
    "duplikat new --file": lambda i, p: ["duplikat", "new", "--file", p, "--seed", "1"],
    "duplikat export -o": lambda i, p: ["duplikat", "export", "--file", i["belgijka"], "-o", p],
    "ranking export -o": lambda i, p: ["ranking", "export", i["games"], "-o", p],
    "lexicon build -o": lambda i, p: ["lexicon", "build", i["words"], "-o", p],
}  # fmt: skip
#: Commands writing into a directory the user names: it is made when missing.
DIRECTORY_WRITERS: dict[str, Command] = {
    "turniej report --html": lambda i, p: ["turniej", "report", "--db", i["db"], "--html", p],
    "match --gcg-dir": lambda i, p: [*MATCH, "--games", "1", "--gcg-dir", p],
}

NAMES = st.text(alphabet="abcxyzżółćęśąźń XYZ_-0123456789", min_size=1, max_size=12).filter(
    lambda s: s.strip() == s and s != ""
)


def bad_path(kind: str, name: str, base: Path) -> str:
    """A path of the ``kind`` a new user gets wrong, with ``name`` in it."""
    base.mkdir(parents=True, exist_ok=True)
    blocker = base / "plik"
    blocker.write_text("x", encoding="utf-8")
    if kind == "directory":
        (base / name).mkdir(exist_ok=True)
        return str(base / name)
    if kind == "file":
        (base / name).write_text("x", encoding="utf-8")
        return str(base / name)
    if kind == "under a file":
        return str(blocker / name / "wynik.out")
    if kind == "missing directory":
        return str(base / f"brak {name}" / "wynik.out")
    assert kind == "empty"
    return ""


def check_refused(res: Result, path: str) -> None:
    line = one_line_error(res)
    if path:
        assert path in line
    else:
        assert "empty path" in line


@pytest.mark.parametrize("command", FILE_WRITERS)
@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(kind=st.sampled_from(["directory", "under a file", "missing directory", "empty"]),
       name=NAMES)  # fmt: skip
def test_a_bad_output_file_is_one_line_and_exit_2(
    inputs: dict[str, str], tmp_path: Path, command: str, kind: str, name: str
) -> None:
    if command == "turniej new --db" and kind == "empty":
        return  # an empty --db means "the default file", as leaving it out
    path = bad_path(kind, name, tmp_path / "wyjscie")
    check_refused(en(*FILE_WRITERS[command](inputs, path)), path)


@pytest.mark.parametrize("command", DIRECTORY_WRITERS)
@settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(kind=st.sampled_from(["file", "under a file", "empty"]), name=NAMES)
def test_a_bad_output_directory_is_one_line_and_exit_2(
    inputs: dict[str, str], tmp_path: Path, command: str, kind: str, name: str
) -> None:
    path = bad_path(kind, name, tmp_path / "wyjscie")
    check_refused(en(*DIRECTORY_WRITERS[command](inputs, path)), path)


@given(name=NAMES, kind=st.sampled_from(["directory", "under a file", "missing directory"]))
@settings(
    max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_write_output_refuses_with_the_path_and_writes_nothing(
    tmp_path: Path, name: str, kind: str
) -> None:
    base = tmp_path / "w"
    path = bad_path(kind, name, base)
    before = sorted(str(p) for p in base.rglob("*"))
    with pytest.raises(FileAccessError) as e:
        write_output(path, "dane")
    assert path in str(e.value)
    assert sorted(str(p) for p in base.rglob("*")) == before  # no temporary file left


def test_check_output_accepts_a_new_file_in_an_existing_directory(tmp_path: Path) -> None:
    check_output(tmp_path / "nowy.html")
    write_output(tmp_path / "nowy.html", "<p>")
    assert (tmp_path / "nowy.html").read_text(encoding="utf-8") == "<p>"
