"""The last bad inputs (issue 42, item 5), tried as a user would: one line, the right
exit code, never a traceback, nothing accepted without a word.

Each test here failed before its fix: a traceback (ValueError, OverflowError, OSError),
a record or a value accepted silently, an error quoting the whole input, or the wrong
exit code.
"""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from plansza.board import Coordinate
from plansza.cgp import parse_cgp
from plansza.cli.common import EXIT_INPUT, EXIT_OK
from plansza.cli.main import app
from plansza.duplicate.racks import read_tiles
from plansza.errors import FormatError, InvalidMoveError, PlanszaError
from plansza.gcg import read_gcg
from plansza.i18n import describe, translator
from plansza.lexicon import Lexicon
from plansza.moves import Exchange, Play, parse_move, unreadable
from plansza.ranking.records import BadRowsError
from plansza.replay import replay
from plansza.rules import Rules
from plansza.tiles import TileSet

runner = CliRunner()
EMPTY_ROWS = "/".join(["15"] * 15)
HEADER = "date,tournament,player1,player2,score1,score2\n"
LEXICON = Lexicon.build(["KOT", "KOTY", "ŻUBR", "ŻUBRY"], TileSet.polish(), name="test")


def en(*args: str, input: str | None = None) -> Result:
    return runner.invoke(app, ["--lang", "en", *args], input=input)


def one_line_error(res: Result, code: int = EXIT_INPUT) -> str:
    """The error a command printed: the exit code, one line, no traceback."""
    assert res.exit_code == code, (res.exit_code, res.output, res.stderr, res.exception)
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    assert "Traceback" not in res.output + res.stderr
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1, res.stderr
    return lines[0]


def ok(res: Result) -> Result:
    assert res.exit_code == EXIT_OK, (res.output, res.stderr, res.exception)
    return res


# --- tracebacks: dates at the ends of the calendar --------------------------------------


@pytest.mark.parametrize("day", ["9999-12-31", "0002-01-01", "1899-12-31", "3000-01-01"])
@pytest.mark.parametrize("command", [["compute"], ["explain", "Ala Kot"]])
def test_a_history_dated_out_of_range_names_the_row(
    tmp_path: Path, day: str, command: list[str]
) -> None:
    # RR §1: the window of two years before the list date, and the list the day after
    # the tournament (RR §2.5), stepped out of Python's dates: a ValueError traceback.
    history = tmp_path / "h.csv"
    history.write_text(HEADER + f"{day},T,Ala Kot,Ola Nowak,400,300\n", encoding="utf-8")
    res = en("ranking", *command, str(history))
    assert res.exit_code == EXIT_INPUT, (res.output, res.exception)
    assert "Traceback" not in res.output + res.stderr
    assert f"{history}:2: date {day} is out of range" in res.stderr
    assert "1900-01-01 to 2999-12-31" in res.stderr


@pytest.mark.parametrize("option", ["--as-of"])
def test_an_as_of_out_of_range_is_refused(tmp_path: Path, option: str) -> None:
    history = tmp_path / "h.csv"
    history.write_text(HEADER + "2024-05-11,T,Ala Kot,Ola Nowak,400,300\n", encoding="utf-8")
    line = one_line_error(en("ranking", "compute", str(history), option, "9999-12-31"))
    assert line == (
        "Error: --as-of 9999-12-31 is out of range: a date from 1900-01-01 to 2999-12-31"
    )


def test_the_edges_of_the_range_still_compute(tmp_path: Path) -> None:
    history = tmp_path / "h.csv"
    history.write_text(
        HEADER
        + "1900-01-01,Old,Ala Kot,Ola Nowak,400,300\n"
        + "2999-12-31,New,Ala Kot,Ola Nowak,400,300\n",
        encoding="utf-8",
    )
    ok(en("ranking", "compute", str(history), "--all"))


def _tournament(tmp_path: Path, *players: tuple[str, str], date: str = "2026-05-09") -> Path:
    db = tmp_path / "t.turniej.sqlite"
    ok(en("turniej", "new", "T", "--rounds", "1", "--system", "swiss", "--date", date,
          "--bye", "300:250", "--db", str(db)))
    for name, ranking in players:
        ok(en("turniej", "add-player", name, "--ranking", ranking, "--games", "40",
              "--db", str(db)))
    return db


@pytest.mark.parametrize("day", ["9999-12-31", "0001-01-01", "3000-01-01"])
@pytest.mark.parametrize(
    "command",
    [
        ["turniej", "new", "T", "--rounds", "1", "--system", "swiss", "--date"],
        ["turniej", "new-day", "--date"],
        ["turniej", "pair", "--date"],
    ],
)
def test_a_tournament_date_out_of_range_is_refused(
    tmp_path: Path, day: str, command: list[str]
) -> None:
    # A tournament dated 9999-12-31 broke `ranking estimate` and `ranking update` (the
    # list is dated the day after the tournament, RR §2.5).
    db = _tournament(tmp_path, ("Ala Kot", "120"), ("Ola Nowak", "110"))
    if command[1] == "new":
        db = tmp_path / "other.turniej.sqlite"
    line = one_line_error(en(*command, day, "--db", str(db)))
    assert line == f"Error: --date {day} is out of range: a date from 1900-01-01 to 2999-12-31"


# --- tracebacks: a ranking of inf -------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--ranking", "inf", "the ranking inf is out of range: a ranking is from 0 to 10000"),
        ("--ranking", "1e308", "the ranking 1e+308 is out of range"),
        ("--ranking", "10000.5", "the ranking 10000.5 is out of range"),
        ("--games", str(10**23), f"the games {10**23} are out of range"),
        ("--games", "1000001", "the games 1000001 are out of range: a whole number from 0"),
    ],
)
def test_a_registration_out_of_bounds_is_refused(
    tmp_path: Path, option: str, value: str, message: str
) -> None:
    # `turniej add-player --ranking inf` was recorded; `turniej export --tsh` and
    # `ranking estimate` then failed with an OverflowError.
    db = _tournament(tmp_path)
    line = one_line_error(en("turniej", "add-player", "Ala Kot", option, value, "--db", str(db)))
    assert message in line
    res = ok(en("turniej", "players", "--db", str(db)))
    assert "Ala Kot" not in res.output  # nothing recorded


def test_the_bounds_themselves_are_accepted(tmp_path: Path) -> None:
    db = _tournament(tmp_path, ("Ala Kot", "10000"), ("Ola Nowak", "0"))
    ok(en("turniej", "add-player", "Ela Nowak", "--games", "1000000", "--db", str(db)))
    out = tmp_path / "t.t"
    ok(en("turniej", "export", "--tsh", str(out), "--db", str(db)))
    assert "Ala Kot 10000" in out.read_text(encoding="utf-8")


def test_a_list_of_players_out_of_bounds_is_refused(tmp_path: Path) -> None:
    db = _tournament(tmp_path)
    players = tmp_path / "gracze.csv"
    players.write_text("name,ranking,games\nAla Kot,99999,40\n", encoding="utf-8")
    line = one_line_error(en("turniej", "import-players", str(players), "--db", str(db)))
    assert "the ranking 99999" in line and "out of range" in line


def test_an_inf_ranking_recorded_earlier_is_one_line(tmp_path: Path) -> None:
    # A file recorded before the check (the event written directly): the export and the
    # estimate name the player instead of an OverflowError.
    from plansza.tournament.storage import TournamentFile

    db = _tournament(tmp_path, ("Ola Nowak", "110"))
    t = TournamentFile.open(str(db))
    try:
        t.append("player_added", {"name": "Ala Kot", "ranking": float("inf"), "games": 40},
                 at="2026-05-09T10:00:00")
    finally:
        t.close()
    line = one_line_error(en("turniej", "export", "--tsh", str(tmp_path / "t.t"), "--db",
                             str(db)))  # as a name a .t file cannot hold
    assert "cannot hold the ranking inf of Ala Kot" in line
    history = tmp_path / "h.csv"
    history.write_text(HEADER + "2024-05-11,T,Ala Kot,Ola Nowak,400,300\n", encoding="utf-8")
    line = one_line_error(
        en("ranking", "estimate", "--tournament", str(db), "--history", str(history))
    )
    assert "Ala Kot is registered with the ranking inf" in line


def test_a_tsh_rating_out_of_range_names_the_line(tmp_path: Path) -> None:
    t = tmp_path / "t.t"
    t.write_text("Kot, Ala 99999999 2; 400\nNowak, Ola 1500 1; 300\n", encoding="utf-8")
    line = one_line_error(en("turniej", "import", "--tsh", str(t), "--db",
                             str(tmp_path / "x.turniej.sqlite")))
    assert f"{t}:1: Kot, Ala: the rating 99999999 is out of range: from 0 to 10000" in line


# --- tracebacks: a read-only file system ------------------------------------------------


@pytest.fixture
def read_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every atomic write fails as on a read-only file system (EROFS): root passes a
    read-only directory's permission check, so the error is simulated."""

    def refuse(*args: object, dir: str | None = None, **kwargs: object) -> tuple[int, str]:
        raise OSError(errno.EROFS, "Read-only file system", os.path.join(dir or ".", ".x.tmp"))

    monkeypatch.setattr(tempfile, "mkstemp", refuse)


def test_ranking_update_on_a_read_only_file_system(tmp_path: Path, read_only: None) -> None:
    played = tmp_path / "turniej.csv"
    played.write_text(HEADER + "2024-05-11,T,Ala Kot,Ola Nowak,400,300\n", encoding="utf-8")
    history = tmp_path / "ro" / "h.csv"
    history.parent.mkdir()
    line = one_line_error(
        en("ranking", "update", "--tournament", str(played), "--history", str(history))
    )
    assert line == f"Error: cannot write to {history.parent}: a read-only file system"
    assert not history.exists()


def test_ranking_import_list_on_a_read_only_file_system(
    tmp_path: Path, read_only: None
) -> None:
    listing = tmp_path / "lista.csv"
    listing.write_text("name,ranking,games\nAla Kot,120,50\n", encoding="utf-8")
    kept = tmp_path / "ro" / "list.csv"
    kept.parent.mkdir()
    line = one_line_error(en("ranking", "import-list", str(listing), "--list", str(kept)))
    assert line == f"Error: cannot write to {kept.parent}: a read-only file system"


# --- names: one line of printable text --------------------------------------------------

CONTROL_NAMES = [
    ("Ala\nKot", "U+000A"),
    ("Ala\tKot", "U+0009"),
    ("Ala\x07Kot", "U+0007"),
    ("Ala\x1b[31mKot", "U+001B"),
    ("Ala\u202eKot", "U+202E"),  # a right-to-left override: two names that look alike
    ("Ala\u2028Kot", "U+2028"),
]


@pytest.mark.parametrize(("name", "char"), CONTROL_NAMES)
def test_a_player_name_with_a_control_character_is_refused(
    tmp_path: Path, name: str, char: str
) -> None:
    db = _tournament(tmp_path)
    line = one_line_error(en("turniej", "add-player", name, "--db", str(db)))
    assert f"holds a control character ({char}): a name is one line of printable text" in line
    assert ok(en("turniej", "players", "--db", str(db))).output.count("Kot") == 0


def test_a_list_of_players_with_a_control_character_names_the_line(tmp_path: Path) -> None:
    db = _tournament(tmp_path)
    players = tmp_path / "gracze.csv"
    players.write_text('name,ranking\nOla Nowak,100\n"Ala\nKot",100\n', encoding="utf-8")
    line = one_line_error(en("turniej", "import-players", str(players), "--db", str(db)))
    assert line.startswith(f"Error: {players}:3: the name 'Ala\\nKot' holds a control")
    assert "Ola Nowak" not in ok(en("turniej", "players", "--db", str(db))).output


def test_a_tsh_name_with_a_control_character_names_the_line(tmp_path: Path) -> None:
    t = tmp_path / "t.t"
    t.write_text("Kot,\x07Ala 150 2; 400\nNowak, Ola 140 1; 300\n", encoding="utf-8")
    line = one_line_error(en("turniej", "import", "--tsh", str(t), "--db",
                             str(tmp_path / "x.turniej.sqlite")))
    assert f"{t}:1: the name 'Kot,\\x07Ala' holds a control character (U+0007)" in line


@pytest.mark.parametrize(("name", "char"), CONTROL_NAMES[2:5])  # line breaks are spaces there
def test_a_belgijka_player_name_with_a_control_character_is_refused(
    tmp_path: Path, name: str, char: str
) -> None:
    game = str(tmp_path / "belgijka.json")
    ok(en("duplikat", "new", "--seed", "1", "--file", game))
    line = one_line_error(en("duplikat", "register", name, "--file", game))
    assert f"holds a control character ({char})" in line


@pytest.mark.parametrize(("name", "char"), CONTROL_NAMES)
def test_a_member_name_with_a_control_character_is_refused(
    tmp_path: Path, name: str, char: str
) -> None:
    db = str(tmp_path / "pfs.federacja.sqlite")
    line = one_line_error(
        en("federacja", "member", "add", name, "--since", "2020-01-01", "--db", db)
    )
    assert f"holds a control character ({char})" in line


def test_a_members_csv_with_a_control_character_names_the_line(tmp_path: Path) -> None:
    members = tmp_path / "members.csv"
    members.write_text("name,born,since\nOla Nowak,1990-01-01,2020-01-01\n"
                       '"Ala\x07Kot",1990-01-01,2020-01-01\n', encoding="utf-8")
    db = str(tmp_path / "pfs.federacja.sqlite")
    line = one_line_error(en("federacja", "member", "import", str(members), "--db", db))
    assert f"{members}:3: the name 'Ala\\x07Kot' holds a control character (U+0007)" in line


def test_a_history_name_with_a_control_character_names_the_row(tmp_path: Path) -> None:
    history = tmp_path / "h.csv"
    history.write_text(HEADER + "2024-05-11,T,Ala\x07Kot,Ola Nowak,400,300\n",
                       encoding="utf-8")
    res = en("ranking", "compute", str(history))
    assert res.exit_code == EXIT_INPUT
    assert f"{history}:2: the name 'Ala\\x07Kot' holds a control character" in res.stderr


@pytest.mark.parametrize("nick", ["ala\nkot", "x" * 5000])
def test_an_account_nickname_that_cannot_be_one_is_one_line(tmp_path: Path, nick: str) -> None:
    # Sign-up refuses such nicknames already; `konto sedzia` printed the name as given
    # (a line break in it made two lines; 5000 characters a screenful).
    line = one_line_error(
        en("konto", "sedzia", nick, "--db", f"sqlite:///{tmp_path / 'plansza.db'}")
    )
    assert len(line) < 300


# --- a member born in the future --------------------------------------------------------


@pytest.mark.parametrize("born", ["2999-01-01", "2990-06-15"])
def test_a_member_born_in_the_future_is_refused(tmp_path: Path, born: str) -> None:
    # RS §3.1 counts a candidate's age from the date of birth: one in the future is a typo.
    db = str(tmp_path / "pfs.federacja.sqlite")
    line = one_line_error(en("federacja", "member", "add", "Ala Kot", "--born", born,
                             "--since", "2020-01-01", "--db", db))
    assert f"Ala Kot: the date of birth {born} is in the future" in line
    members = tmp_path / "members.csv"
    members.write_text(f"name,born,since\nAla Kot,{born},2020-01-01\n", encoding="utf-8")
    line = one_line_error(en("federacja", "member", "import", str(members), "--db", db))
    assert f"{members}:2: Ala Kot: the date of birth {born} is in the future" in line
    assert "Ala Kot" not in ok(en("federacja", "member", "list", "--db", db)).output


def test_a_federation_date_out_of_range_is_refused(tmp_path: Path) -> None:
    db = str(tmp_path / "pfs.federacja.sqlite")
    ok(en("federacja", "member", "add", "Ala Kot", "--since", "2020-01-01", "--db", db))
    ok(en("federacja", "referee", "grant", "Ala Kot", "--degree", "2", "--date",
          "2021-01-01", "--db", db))
    # RS §5.2: three years from the last tournament stepped past the year 9999.
    line = one_line_error(en("federacja", "referee", "status", "Ala Kot", "--as-of",
                             "9999-12-31", "--db", db))
    assert line == (
        "Error: --as-of 9999-12-31 is out of range: a date from 1900-01-01 to 2999-12-31"
    )


# --- the exit codes ---------------------------------------------------------------------


@pytest.mark.parametrize("score", [str(10**22), "5001"])
def test_a_walkover_score_out_of_range_is_a_bad_argument(tmp_path: Path, score: str) -> None:
    # TR 7.2: the score at the time is a game's score, 0 to 5000; a bad argument is
    # exit 2 (docs/en/cli.md), it was 3 (refused by the rules).
    db = _tournament(tmp_path, ("Ala Kot", "120"), ("Ola Nowak", "110"))
    ok(en("turniej", "pair", "--db", str(db)))
    line = one_line_error(
        en("turniej", "walkover", "1", "Ala Kot", "Ola Nowak", "--score", score, "--db", str(db))
    )
    assert f"bad score {score} for Ala Kot: a score is a whole number from 0 to 5000" in line


def test_a_walkover_score_in_range_is_recorded(tmp_path: Path) -> None:
    db = _tournament(tmp_path, ("Ala Kot", "120"), ("Ola Nowak", "110"))
    ok(en("turniej", "pair", "--db", str(db)))
    ok(en("turniej", "walkover", "1", "Ala Kot", "Ola Nowak", "--score", "120", "--db",
          str(db)))



# --- game records and positions that do not add up --------------------------------------

GAME = (
    "#player1 ala Ala\n"
    "#player2 ola Ola\n"
    ">ala: ŻUBRAAE 8H ŻUBR +24 24\n"
    ">ola: ABCDEFG H8 .A +6 6\n"
    ">ala: AAEKOTY -AAE +0 24\n"
)


def _record(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "g.gcg"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_sound_record_replays(tmp_path: Path) -> None:
    res = ok(en("replay", str(_record(tmp_path, GAME))))
    assert "Every recorded play score matches." in res.output and not res.stderr


@pytest.mark.parametrize(
    ("wrong", "said"),
    [
        (
            GAME.replace("+6 6", "+6 99"),
            "4: 8H ŻA: the total 99 does not follow: the previous total 0 and the score 6 "
            "make 6",
        ),
        (
            GAME.replace("-AAE +0 24", "-AAE +0 30"),
            "5: -AAE: the total 30 does not follow: the previous total 24 and the score 0 "
            "make 24",
        ),
        (
            GAME.replace("ŻUBRAAE 8H", "KOTAAAE 8H"),
            "3: H8 ŻUBR: the rack KOTAAAE has no ŻUBR for this move",
        ),
        (
            GAME.replace("ABCDEFG H8", "BCDEFGH H8"),
            "4: 8H ŻA: the rack BCDEFGH has no A for this move",
        ),
        (
            GAME.replace("AAEKOTY -AAE", "AEKOTYZ -AAE"),
            "5: -AAE: the rack AEKOTYZ has no A for this move",
        ),
        (
            GAME.replace("ŻUBRAAE 8H ŻUBR +24 24", "ŻUBAAE? 8H ŻUBr +22 22").replace(
                "-AAE +0 24", "-AAE +0 22"
            ),  # a blank is a '?' on the rack
            None,
        ),
        (
            GAME.replace("ŻUBRAAE 8H ŻUBR", "ŻUBRAAE 8H ŻUBr"),
            "3: H8 ŻUBr: the rack ŻUBRAAE has no ? for this move",
        ),
    ],
)
def test_replay_says_where_the_record_is_inconsistent(
    tmp_path: Path, wrong: str, said: str | None
) -> None:
    # Totals that do not add up and racks that cannot make the play replayed with exit
    # 0 and not a word: now each line is named (FILE:LINE: MOVE: why), exit 1.
    path = _record(tmp_path, wrong)
    res = en("replay", str(path))
    if said is None:
        ok(res)
        return
    assert res.exit_code == 1, (res.output, res.stderr)
    assert "Traceback" not in res.output + res.stderr
    assert res.stderr.strip().splitlines() == [f"{path}:{said}"]
    assert "Lines where the record is inconsistent: 1." in res.stdout
    data = en("replay", str(path), "--json")
    assert data.exit_code == 1 and said.split(": ", 2)[2] in data.stdout


def test_a_gcg_giving_both_players_one_nickname_is_refused(tmp_path: Path) -> None:
    # The moves name their player by the nickname: with one nickname for both, every
    # move went to player 1 (Ala 30, Ola 0) and the replay exited 0.
    path = _record(tmp_path, GAME.replace("ola", "ala"))
    line = one_line_error(en("replay", str(path)))
    assert line == (
        f"{path}:2: #player2 'ala': #player1 has this nickname too; each player needs their "
        "own, the moves name their player by it"
    )


@pytest.mark.parametrize("rack", ["ŻUBRAAEE", "ABCDEFGHIJ"])
def test_a_gcg_rack_of_more_than_seven_tiles_is_refused(tmp_path: Path, rack: str) -> None:
    path = _record(tmp_path, GAME.replace("ŻUBRAAE 8H", f"{rack} 8H"))
    line = one_line_error(en("replay", str(path)))
    assert f"{path}:3: rack '{rack}' has {len(rack)} tiles; a rack holds at most 7" in line


@pytest.mark.parametrize("racks", ["ABCDEFGH/", "ABC/ABCDEFGHI", "ABCDEFG?/"])
def test_show_refuses_a_rack_of_more_than_seven_tiles(racks: str) -> None:
    line = one_line_error(en("show", "--cgp", f"{EMPTY_ROWS} {racks} 0/0 0"))
    which = 1 if len(racks.split("/")[0]) > 7 else 2
    rack = racks.split("/")[which - 1]
    assert line == (
        f"Error: CGP rack {which} '{rack}' has {len(rack)} tiles; a rack holds at most 7"
    )


def test_show_takes_a_full_rack() -> None:
    ok(en("show", "--cgp", f"{EMPTY_ROWS} ABCDEF?/ABCDEFG 0/0 0"))


# --- errors quote an excerpt, never the whole input ------------------------------------

MESSAGE_MOST = 300
"""Characters: an error message about a long input stays a line (the docs promise an
excerpt of at most 40 characters of the offending text)."""

LETTERS = "AĄBCĆDEĘFGHIJKLŁMNŃOÓPRSŚTUWYZŹŻ?aąxX0123456789()/.-;# \t²١"
LONG_TEXT = st.text(alphabet=st.sampled_from(list(LETTERS)), min_size=200, max_size=3000)
SHORT = st.text(alphabet=st.sampled_from(list(LETTERS)), max_size=6)


def _long_moves() -> st.SearchStrategy[str]:
    return st.one_of(
        LONG_TEXT,
        st.builds(lambda t: "H8 " + t, LONG_TEXT),
        st.builds(lambda t: "8H " + t, LONG_TEXT),
        st.builds(lambda t: "-" + t, LONG_TEXT),
        st.builds(lambda t: "wymiana " + t, LONG_TEXT),
        st.builds(lambda t: t + " KOT", LONG_TEXT),
        st.builds(lambda a, t: f"H8 {a}({t})", SHORT, LONG_TEXT),
    )


def _long_cgps() -> st.SearchStrategy[str]:
    return st.one_of(
        LONG_TEXT,
        st.builds(lambda t: f"{EMPTY_ROWS} {t}/ 0/0 0", LONG_TEXT),
        st.builds(lambda t: f"{EMPTY_ROWS} A/{t} 0/0 0", LONG_TEXT),
        st.builds(lambda t: f"{EMPTY_ROWS} A/B {t} 0", LONG_TEXT),
        st.builds(lambda t: f"{EMPTY_ROWS} A/B 0/0 {t}", LONG_TEXT),
        st.builds(lambda t: t + "/" + "/".join(["15"] * 14), LONG_TEXT),
        st.builds(lambda t: "/".join(["15"] * 7 + [t] + ["15"] * 7), LONG_TEXT),
    )


def _long_gcgs() -> st.SearchStrategy[str]:
    head = "#player1 ala Ala\n#player2 ola Ola\n"
    return st.one_of(
        st.builds(lambda t: head + t, LONG_TEXT),
        st.builds(lambda t: head + f">ala: {t} 8H KOT +10 10\n", LONG_TEXT),
        st.builds(lambda t: head + f">ala: KOTAAAE 8H {t} +10 10\n", LONG_TEXT),
        st.builds(lambda t: head + f">ala: KOTAAAE {t} KOT +10 10\n", LONG_TEXT),
        st.builds(lambda t: head + f">ala: KOTAAAE 8H KOT +10 {t}\n", LONG_TEXT),
        st.builds(lambda t: head + f">ala: KOTAAAE 8H KOT {t} 10\n", LONG_TEXT),
        st.builds(lambda t: head + f">{t}: KOTAAAE 8H KOT +10 10\n", LONG_TEXT),
        st.builds(lambda t: head + f">ala: KOTAAAE -{t} +0 0\n", LONG_TEXT),
        st.builds(lambda t: head + f">ala: KOTAAAE ({t}) +0 0\n", LONG_TEXT),
        st.builds(lambda t: head + f"#rack1 {t}\n", LONG_TEXT),
        st.builds(lambda t: f"#player1 ala Ala\n#player2 ala {t}\n", LONG_TEXT),
    )


def _short_enough(error: PlanszaError) -> None:
    for lang in ("en", "pl"):
        said = describe(error, translator(lang))
        assert len(said) < MESSAGE_MOST, (lang, len(said), said[:200])
        assert "\n" not in said


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_long_moves())
def test_a_long_move_gets_a_short_error(text: str) -> None:
    for parse in (parse_move, Play.parse, Exchange.parse):
        try:
            parse(text)
        except InvalidMoveError as e:
            _short_enough(e)
    _short_enough(unreadable(text, TileSet.polish()))
    try:
        Coordinate.parse(text)
    except InvalidMoveError as e:
        _short_enough(e)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_long_cgps())
def test_a_long_cgp_gets_a_short_error(text: str) -> None:
    try:
        parse_cgp(text, check_counts=True)
    except FormatError as e:
        _short_enough(e)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_long_gcgs())
def test_a_long_gcg_line_gets_a_short_error(text: str) -> None:
    record = read_gcg(text, source="g.gcg")
    for error in record.errors:
        _short_enough(error)
    if not record.errors and len(record.players) == 2:
        for move in replay(record, Rules.pfs()).problems:
            assert move.problem is not None
            _short_enough(move.problem)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(LONG_TEXT, st.builds(lambda t: "ABC" + t, LONG_TEXT)))
def test_a_long_rack_gets_a_short_error(text: str) -> None:
    from plansza.engine.endgame import _rack_codes as endgame_rack
    from plansza.movegen import _rack_codes as movegen_rack

    rules = Rules.pfs()
    for check in (
        lambda: movegen_rack(text, rules.tileset, rules),
        lambda: endgame_rack(text, rules.tileset, rules, True),
        lambda: endgame_rack(text, rules.tileset, rules, False),
        lambda: read_tiles(text, rules.tileset),
        lambda: LEXICON.anagrams(text),
        lambda: LEXICON.match(text),
    ):
        try:
            check()
        except PlanszaError as e:
            _short_enough(e)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(LONG_TEXT, st.builds(lambda t: "1" + t, st.text("0123456789", min_size=200))))
def test_a_long_score_gets_a_short_error(text: str) -> None:
    from plansza.ranking.records import read_games_csv_text
    from plansza.services.belgijka import declared_score
    from plansza.services.tournament import check_date, parse_score, parse_score_pair

    for check in (
        lambda: parse_score(text, "Ala"),
        lambda: parse_score_pair(text),
        lambda: declared_score(text),
        lambda: check_date(text),
        lambda: read_games_csv_text(HEADER + f"2024-05-11,T,Ala,Ola,{text},300\n"),
        lambda: read_games_csv_text(HEADER + f"{text},T,Ala,Ola,400,300\n"),
    ):
        try:
            check()
        except BadRowsError as e:
            for problem in e.problems:
                assert problem.error is not None
                _short_enough(problem.error)
        except PlanszaError as e:
            _short_enough(e)


@pytest.mark.parametrize(
    "args",
    [
        ["score", "--cgp", f"{EMPTY_ROWS} A/ 0/0 0", "--move", "H8 " + "A" * 120_000],
        ["score", "--cgp", f"{EMPTY_ROWS} A/ 0/0 0", "--move", "Ż" * 120_000],
        ["score", "--cgp", f"{EMPTY_ROWS} A/ 0/0 0", "--move", "-" + "Ż" * 120_000],
        ["score", "--cgp", f"{EMPTY_ROWS} A/ 0/0 0", "--move", "H8 KOT", "--rules", "x" * 9000],
        ["show", "--cgp", f"{EMPTY_ROWS} {'A' * 120_000}/ 0/0 0"],
        ["show", "--cgp", f"{EMPTY_ROWS} A/ 0/0 0", "--tiles", "x" * 9000],
        ["moves", "--cgp", EMPTY_ROWS, "--rack", "Ż" * 120_000],
        ["endgame", "--cgp", f"{EMPTY_ROWS} {'A' * 9000}/B 0/0 0"],
        ["anagram", "Ż" * 120_000],  # no anagram: exit 0, nothing quoted
        ["check", "Ż" * 120_000],
        ["ranking", "compute", "h.csv", "--as-of", "9" * 120_000],
        ["federacja", "member", "list", "--as-of", "2" * 120_000],
    ],
    ids=lambda a: " ".join(x[:12] for x in a[:2]),
)
def test_a_long_argument_gets_a_short_error(args: list[str]) -> None:
    # A 120,000-character move gave a 120,048-byte error.
    res = en(*args)
    assert res.exit_code in (EXIT_OK, 1, EXIT_INPUT), (res.exit_code, res.output[:300])
    assert "Traceback" not in res.output + res.stderr
    assert len(res.stderr) < MESSAGE_MOST, res.stderr[:400]


def test_play_exits_130_on_ctrl_c_keeping_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `plansza match` exits 130 on Ctrl-C; `plansza play` exited 0, as for a finished
    # game. The game is still saved (docs/en/cli.md: also on Ctrl-C).
    from plansza.cli import play as play_module

    def interrupted(out: object) -> object:
        def read(prompt: str) -> str:
            raise KeyboardInterrupt

        return read

    monkeypatch.setattr(play_module, "terminal_reader", interrupted)
    saved = tmp_path / "g.gcg"
    res = en("play", "--first", "me", "--minutes", "0", "--seed", "5", "--save", str(saved))
    assert res.exit_code == 130, (res.output[-500:], res.exception)
    assert "Traceback" not in res.output
    assert read_gcg(saved.read_text(encoding="utf-8")).errors == []


def test_a_game_between_two_players_of_one_name_is_written_apart() -> None:
    # The record plansza writes (a web game between two "Ania", `match --p1 static --p2
    # static`) must read back now that one nickname for both is refused.
    from plansza.game import Game
    from plansza.gcg import record_from_game, write_gcg

    game = Game(Rules.pfs(), seed=18, words={"KOT"}, names=["Ania", "Ania"])
    game.play("H8 KOT")
    record = read_gcg(write_gcg(record_from_game(game)))
    assert record.errors == []
    assert [p.nick for p in record.players] == ["Ania", "Ania_2"]
    assert [p.name for p in record.players] == ["Ania", "Ania"]


LONG_NAME = "Kowalska-" + "x" * 5000


def test_a_name_over_a_hundred_characters_is_refused(tmp_path: Path) -> None:
    db = _tournament(tmp_path)
    line = one_line_error(en("turniej", "add-player", LONG_NAME, "--db", str(db)))
    assert line == (
        "Error: the name 'Kowalska-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' has 5009 characters: "
        "a name has at most 100"
    )
    ok(en("turniej", "add-player", "x" * 100, "--db", str(db)))


def test_a_long_name_looked_up_gets_a_short_error(tmp_path: Path) -> None:
    history = tmp_path / "h.csv"
    history.write_text(HEADER + "2024-05-11,T,Ala Kot,Ola Nowak,400,300\n", encoding="utf-8")
    assert len(one_line_error(en("ranking", "explain", LONG_NAME, str(history)))) < 120
    db = str(tmp_path / "pfs.federacja.sqlite")
    ok(en("federacja", "member", "add", "Ala Kot", "--since", "2020-01-01", "--db", db))
    # registry.py words this one (its name whole): the net of plansza.errors cuts it
    line = one_line_error(en("federacja", "referee", "status", LONG_NAME, "--db", db))
    assert len(line) < MESSAGE_MOST


def test_a_long_belgijka_card_gets_a_short_verdict(tmp_path: Path) -> None:
    game = str(tmp_path / "belgijka.json")
    ok(en("duplikat", "new", "--seed", "2024", "--file", game))
    ok(en("duplikat", "register", "Ala Kot", "--file", game))
    ok(en("duplikat", "draw", "--file", game))
    res = en("duplikat", "card", "1", "H8 " + "X" * 120_000, "10", "--file", game)
    assert "Traceback" not in res.output + res.stderr
    assert len(res.output) + len(res.stderr) < 1000, (res.output[:300], res.stderr[:300])


def test_every_error_keeps_its_details_short() -> None:
    # The net under the excerpts: a text detail over 200 characters is cut.
    error = PlanszaError("no member named {name}", name="x" * 120_000)
    assert len(str(error)) < MESSAGE_MOST and str(error).endswith("x…")
