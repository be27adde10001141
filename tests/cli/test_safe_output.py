"""No name or word a user types can break a command's output.

Names like ``Ola [/]`` used to be read as Rich markup: the command that recorded one
and every later ``players``, ``standings`` and ``pair`` ended in a traceback, and
``Jan [red]Nowak`` printed as "Jan Nowak". The consoles print without markup or
emoji codes; these tests feed markup-like text to every command that prints names.
"""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from plansza.cli import duplicate as cli_duplicate
from plansza.cli import tournament as cli_tournament
from plansza.cli.main import app
from plansza.files import csv_writer

runner = CliRunner()

# Rich markup and emoji codes, escapes, quotes, HTML, a spreadsheet formula, Polish.
PIECES = [
    "[",
    "]",
    "[/]",
    "[red]",
    "[bold]",
    "[/red]",
    ":x:",
    ":smile:",
    "\\",
    "<b>",
    "&",
    '"',
    "'",
    "=",
    "@",
    "Ż",
    "ł",
    "Ola",
    "Jan",
    " ",
]
names = (
    st.lists(st.sampled_from(PIECES), min_size=1, max_size=5)
    .map("".join)
    .map(str.strip)
    .filter(lambda s: s != "" and not s.startswith(("-", "@")) and "  " not in s)
)
FAST = settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def test_known_names_are_printed_as_typed(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    tour = cli_tournament.app
    assert (
        runner.invoke(
            tour, ["new", "T", "--rounds", "3", "--system", "halving", "--db", db]
        ).exit_code
        == 0
    )
    for name in ("Ola [/]", "Jan [red]Nowak", "Ewa :x: Żak", "Adam"):
        res = runner.invoke(tour, ["add-player", name, "--db", db])
        assert res.exit_code == 0, res.output
        assert name in res.output
    for command in (["players"], ["pair"], ["standings"]):
        res = runner.invoke(tour, [*command, "--db", db])
        assert res.exit_code == 0, (command, res.output)
        for name in ("Ola [/]", "Jan [red]Nowak", "Ewa :x: Żak"):
            assert name in res.output, (command, res.output)


@FAST
@given(name=names)
def test_tournament_commands_print_any_name(tmp_path_factory: object, name: str) -> None:
    tmp = tmp_path_factory.mktemp("t")  # type: ignore[attr-defined]
    db = str(tmp / "t.db")
    tour = cli_tournament.app
    assert (
        runner.invoke(
            tour, ["new", "T", "--rounds", "2", "--system", "halving", "--db", db]
        ).exit_code
        == 0
    )
    res = runner.invoke(tour, ["add-player", name, "--db", db])
    assert res.exit_code == 0, res.output
    runner.invoke(tour, ["add-player", "Zenon", "--db", db])
    for command in (["players"], ["pair"], ["standings"], ["status"]):
        res = runner.invoke(tour, [*command, "--db", db])
        assert res.exit_code == 0 and res.exception is None, (command, res.output)
        if command != ["status"]:
            assert name in res.output, (command, res.output)


@FAST
@given(name=names)
def test_belgijka_commands_print_any_name(tmp_path_factory: object, name: str) -> None:
    tmp = tmp_path_factory.mktemp("d")  # type: ignore[attr-defined]
    file = str(tmp / "b.json")
    dup = cli_duplicate.app
    assert runner.invoke(dup, ["new", "--seed", "1", "--file", file]).exit_code == 0
    res = runner.invoke(dup, ["register", name, "--file", file])
    assert res.exit_code == 0, res.output
    assert name in res.output
    for command in (["players"], ["standings"]):
        res = runner.invoke(dup, [*command, "--file", file])
        assert res.exit_code == 0 and res.exception is None, (command, res.output)
        assert name in res.output, (command, res.output)


def strings(data: object) -> set[str]:
    """Every string in a JSON document (keys and values)."""
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return set().union(*(strings(k) | strings(v) for k, v in data.items()))
    if isinstance(data, list):
        return set().union(*(strings(x) for x in data))
    return set()


@FAST
@given(name=names)
@example(name="''")  # a leading apostrophe is the CSV formula guard: it must round-trip
@example(name="[red][bold]:smile::smile:")  # longer than the table's column at 80
def test_ranking_commands_print_any_name(tmp_path_factory: object, name: str) -> None:
    tmp = tmp_path_factory.mktemp("r")  # type: ignore[attr-defined]
    history = tmp / "h.csv"
    with history.open("w", newline="", encoding="utf-8") as f:
        out = csv_writer(f)  # plansza's own writer: a leading ' or = is guarded
        out.writerow(["date", "tournament", "player1", "player2", "score1", "score2"])
        for i in range(16):
            out.writerow([f"2024-01-{i + 1:02d}", "T", name, "Zenon", 400, 300 + i])
            out.writerow([f"2024-01-{i + 1:02d}", "T", "Zenon", "Ewa", 350, 300])
    for args in (
        ["ranking", "compute", str(history), "--all"],
        ["ranking", "explain", name, str(history)],
    ):
        res = runner.invoke(app, args)
        assert res.exception is None or isinstance(res.exception, SystemExit), res.output
        assert res.exit_code == 0, (args, res.output)
        if len(name) <= 16:  # a longer name is wrapped inside its table cell at 80 columns
            assert name in res.output, (args, res.output)
        res = runner.invoke(app, [*args, "--json"])
        assert res.exit_code == 0 and name in strings(json.loads(res.output)), res.output


@FAST
@given(word=names)
def test_check_prints_any_word(word: str) -> None:
    res = runner.invoke(app, ["--lang", "en", "check", "--each", "KOT", word])
    assert "Traceback" not in res.output
    assert res.exception is None or isinstance(res.exception, SystemExit), res.output
    # 1: judged (not a word), printed as typed; 2: not a word of the tile set, said so
    assert res.exit_code in (1, 2), res.output
    if res.exit_code == 1:
        lines = [line.split() for line in res.output.splitlines()]
        assert [*word.upper().split(), "NOT", "VALID"] in lines, res.output
