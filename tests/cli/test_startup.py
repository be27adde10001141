"""The console script's lazy command tree: the same commands as the whole app, fewer imports.

The timings themselves are in ``benchmarks/startup.py``; here is what they rest on.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest
import typer
import typer.main
from hypothesis import given
from hypothesis import strategies as st

from plansza.cli.i18n import t, use
from plansza.cli.main import COMMANDS, full_app, lazy_command, plain_coercion, translate_help

LANGS = ("en", "pl")


def shape(cmd: Any) -> dict[str, Any]:
    """What a user can see and type of ``cmd``: its help, options and subcommands."""
    return {
        "name": cmd.name,
        "hidden": cmd.hidden,
        "help": cmd.help,
        "params": [
            (p.name, p.opts, p.secondary_opts, p.required, repr(p.default), p.nargs,
             p.multiple, getattr(p, "help", None), getattr(p, "hidden", False))
            for p in cmd.params
        ],
        "commands": {name: shape(sub) for name, sub in getattr(cmd, "commands", {}).items()},
    }


def full_tree() -> Any:
    cmd = typer.main.get_command(full_app())
    translate_help(cmd, t().gettext)
    return cmd


@pytest.fixture(params=LANGS)
def lang(request: pytest.FixtureRequest) -> Any:
    use(request.param)
    yield request.param
    use("pl")


def test_the_lazy_root_lists_the_same_commands_in_the_same_order(lang: str) -> None:
    full, lazy = full_tree(), lazy_command(t().gettext)
    assert lazy.list_commands(None) == full.list_commands(None)  # type: ignore[arg-type]
    assert [c.name for c in COMMANDS] == full.list_commands(None)


def test_each_listed_line_is_the_commands_own_first_paragraph(lang: str) -> None:
    full = full_tree()
    for entry in COMMANDS:
        real = full.commands[entry.name]
        assert entry.hidden == real.hidden, entry.name
        first = real.help.split("\n\n")[0]
        shown = t().gettext(entry.help)
        assert shown == first, entry.name


def test_every_command_loaded_lazily_has_the_full_trees_options(lang: str) -> None:
    full, lazy = full_tree(), lazy_command(t().gettext)
    root_shape = shape(full)
    for name in full.list_commands(None):  # type: ignore[arg-type]
        assert shape(lazy.commands.load(name)) == root_shape["commands"][name], name
    lazy_shape = shape(lazy)
    assert lazy_shape["params"] == root_shape["params"]  # --lang
    assert lazy_shape["help"] == root_shape["help"]


def test_the_root_help_reads_the_same(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    use("en")
    shown = []
    for tree in (full_tree(), lazy_command(t().gettext)):
        with pytest.raises(SystemExit) as done:
            tree.main(["--help"], prog_name="plansza")
        assert done.value.code == 0
        shown.append(capsys.readouterr().out)
    use("pl")
    assert "turniej" in shown[0]
    assert shown[1] == shown[0]


HEAVY = ("sqlalchemy", "alembic", "networkx", "jinja2", "pydantic", "typer.rich_utils")


def modules_after(*argv: str) -> set[str]:
    """The modules a fresh ``plansza ARGV`` process has imported when it ends."""
    code = (
        "import json, sys\n"
        "from plansza.cli.entry import main\n"
        "try:\n    main(sys.argv[1:])\n"
        "except SystemExit:\n    pass\n"
        "print(json.dumps(sorted(sys.modules)), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True,
                          encoding="utf-8", check=True)
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def test_a_command_imports_its_own_subsystem_only() -> None:
    loaded = modules_after("--lang", "en", "score", "--cgp", "/".join(["15"] * 15),
                           "--move", "H8 KOT")
    assert "plansza.cli.game" in loaded
    assert not {m for m in loaded if m.split(".")[0] in {h.split(".")[0] for h in HEAVY[:5]}}
    assert "typer.rich_utils" not in loaded
    assert not {"plansza.cli.tournament", "plansza.cli.ranking", "plansza.cli.duplicate",
                "plansza.cli.play", "plansza.tournament"} & loaded


def test_the_root_help_imports_no_subsystem() -> None:
    loaded = modules_after("--help")
    assert not {m for m in loaded if m.startswith("plansza.cli.")} - {
        "plansza.cli.entry", "plansza.cli.main", "plansza.cli.i18n"}
    assert not {"sqlalchemy", "networkx", "pydantic"} & loaded


def test_a_check_imports_no_typer() -> None:
    # The table's check takes the hand-parsed path (plansza.cli.wordcheck): Rich prints
    # the verdict, Typer and the other lexicon commands are never imported.
    loaded = modules_after("check", "KOT", "ŻUBR")
    assert "plansza.cli.wordcheck" in loaded
    assert not {m for m in loaded if m.split(".")[0] == "typer"}
    assert not {"plansza.cli.main", "plansza.cli.lexicon", "plansza.cli.lexopt"} & loaded
    assert not {m for m in loaded if m.split(".")[0] in {h.split(".")[0] for h in HEAVY}}


# What each group's --help must not import: the services and the domain behind its
# commands (Typer reads the commands' signatures, not what they call).
GROUP_HELP_UNUSED = {
    "turniej": {"plansza.records", "msgspec", "plansza.tournament.storage"},
    "ranking": {"plansza.services.ranking", "plansza.ranking"},
    "duplikat": {"plansza.services.belgijka", "plansza.duplicate", "plansza.records",
                 "msgspec", "rich.live", "secrets"},
    "lexicon": {"plansza.services.lexicon", "plansza.lexicon"},
    "federacja": {"plansza.services.federation", "plansza.federation"},
    "konto": {"plansza.services.accounts"},
}  # fmt: skip


@pytest.mark.parametrize("group", sorted(GROUP_HELP_UNUSED))
def test_a_groups_help_imports_only_its_own_cli(group: str) -> None:
    loaded = modules_after("--lang", "en", group, "--help")
    assert not GROUP_HELP_UNUSED[group] & loaded
    assert not {m for m in loaded if m.split(".")[0] in {h.split(".")[0] for h in HEAVY[:5]}}
    own = {e.module for e in COMMANDS if e.name == group}
    others = {f"plansza.cli.{e.module}" for e in COMMANDS} - {f"plansza.cli.{m}" for m in own}
    assert not others & loaded, group


def test_the_duplicate_clis_move_time_is_the_services() -> None:
    from plansza.cli import duplicate
    from plansza.services.belgijka import MOVE_SECONDS

    assert duplicate.MOVE_SECONDS == MOVE_SECONDS


def test_a_fresh_help_reads_as_the_whole_apps_without_markdown() -> None:
    # The help renderer is imported with stand-ins for rich.markdown and rich.traceback.
    env = {**os.environ, "COLUMNS": "90", "PLANSZA_LANG": "en"}
    for argv in (["--help"], ["turniej", "--help"], ["moves", "--help"]):
        fresh = subprocess.run([sys.executable, "-m", "plansza", *argv], capture_output=True,
                               text=True, encoding="utf-8", env=env, check=True).stdout
        code = (
            "import sys, typer.main\n"
            "from plansza.cli.i18n import t, use\n"
            "from plansza.cli.main import app, translate_help\n"
            "use('en')\n"
            "cmd = typer.main.get_command(app)\n"
            "translate_help(cmd, t().gettext)\n"
            "cmd.main(sys.argv[1:], prog_name='plansza')\n"
        )
        whole = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True,
                               text=True, encoding="utf-8", env=env, check=True).stdout
        assert "Usage: plansza" in fresh
        assert fresh == whole, argv
    loaded = modules_after("--help")
    assert "typer.rich_utils" in loaded
    assert not {"rich.markdown", "rich.traceback", "markdown_it", "pygments"} & loaded


def test_the_stand_ins_give_the_real_classes_when_used() -> None:
    code = (
        "import sys\n"
        "from plansza.cli.main import import_help_renderer\n"
        "import_help_renderer()\n"
        "import typer.rich_utils as r\n"
        "from rich.markdown import Markdown\n"
        "from rich.traceback import Traceback\n"
        "assert type(r.Markdown('*a*')) is Markdown\n"
        "assert r.Traceback.from_exception == Traceback.from_exception\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_commands_on_an_up_to_date_sqlite_file_need_no_sqlalchemy(tmp_path: Any) -> None:
    # An up-to-date SQLite file is read and written with the standard library: no
    # SQLAlchemy, no Alembic (they cost more than the whole command). Creating a file
    # (its schema by migration) still loads them.
    db = str(tmp_path / "t.turniej.sqlite")
    subprocess.run([sys.executable, "-m", "plansza", "turniej", "new", "T", "--rounds", "3",
                    "--system", "swiss", "--db", db], check=True, capture_output=True)
    loaded = modules_after("turniej", "status", "--db", db)
    assert not {"sqlalchemy", "alembic", "networkx", "jinja2", "pydantic"} & loaded
    assert not {"sqlalchemy", "alembic"} & modules_after("turniej", "add-player", "Ala", "--db", db)


def test_a_referee_command_does_not_load_the_views(tmp_path: Any) -> None:
    # cli/tournament_views.py (what standings, status, report… print) is imported inside
    # the commands that show or write something; a command that changes the tournament
    # never compiles it.
    db = str(tmp_path / "t.turniej.sqlite")
    subprocess.run([sys.executable, "-m", "plansza", "turniej", "new", "T", "--rounds", "3",
                    "--system", "swiss", "--bye", "300:250", "--db", db], check=True,
                   capture_output=True)
    changed = modules_after("turniej", "add-player", "Ala", "--unlisted", "--db", db)
    assert "plansza.cli.tournament" in changed
    assert "plansza.cli.tournament_views" not in changed
    assert "plansza.cli.tournament_views" in modules_after("turniej", "status", "--db", db)


# The coercion without Pydantic must answer as Typer does, or leave the value to Typer.


def _probe(
    text: str = typer.Option("x", "--text"),
    number: int = typer.Option(0, "--number"),
    words: list[str] = typer.Option([], "--word"),  # noqa: B008 - Typer's own idiom
    flag: bool = typer.Option(False, "--flag"),
    bounded: int = typer.Option(1, "--bounded", min=1),
) -> None:
    """A command with one parameter of each kind."""


def _params() -> dict[str, Any]:
    app = typer.Typer()
    app.command()(_probe)
    cmd = typer.main.get_command(app)
    plain_coercion(cmd)
    return {p.name: p for p in cmd.params}


PARAMS = _params()


def test_plain_parameters_get_the_coercion_without_pydantic() -> None:
    # If a Typer release renames its private hook, this says so (start-up gets slow).
    for name in ("text", "number", "words", "flag"):
        assert type(PARAMS[name]._runtime_param).__name__ == "Plain", name
    assert PARAMS["bounded"]._runtime_param is None  # a range: Typer checks it


def _both(name: str, value: Any) -> tuple[Any, Any]:
    """(the plain coercion's answer, Typer's own), an exception's text for an error."""
    from typer._coercion import build_runtime_param

    param = PARAMS[name]
    answers = []
    for runtime in (param._runtime_param, build_runtime_param(param.type_descriptor)):
        try:
            answers.append(runtime._coerce_value(value, param=param, ctx=None))
        except Exception as e:  # the two must fail alike
            answers.append(f"{type(e).__name__}: {e}")
    return answers[0], answers[1]


@given(st.text())
def test_a_string_is_coerced_as_typer_does(value: str) -> None:
    plain, typers = _both("text", value)
    assert plain == typers


@given(st.one_of(st.text(), st.from_regex(r"\A[-+ ]?[0-9_]{1,22} ?\Z")))
def test_an_integer_is_coerced_as_typer_does(value: str) -> None:
    plain, typers = _both("number", value)
    assert plain == typers
    assert type(plain) is type(typers)


@given(st.lists(st.text(), max_size=4).map(tuple))
def test_a_list_of_strings_is_coerced_as_typer_does(value: tuple[str, ...]) -> None:
    plain, typers = _both("words", value)
    assert plain == typers
    assert type(plain) is type(typers)
