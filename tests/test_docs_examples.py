"""Every example in the user documentation runs.

The fenced code blocks of ``README.md``, ``docs/en/*.md`` and ``docs/pl/*.md`` are
run as tests, one test a document, its blocks in order in one temporary directory:

* ``python`` blocks are executed; a block written as a ``>>>`` session (or a
  ``pycon`` block) is run as a doctest, so the output it shows is checked;
* ``sh`` blocks: each line that starts with ``plansza`` or ``.venv/bin/plansza``
  (after ``VAR=value`` assignments) is run through the command line in a temporary
  directory, in order, so ``new`` comes before ``add-player``; ``&&`` and ``;``
  chain commands as in a shell. Other lines (``make``, ``python benchmarks/…``) are
  not run;
* ``console`` blocks: the same for lines starting with ``$``; the lines after a
  command are its output, checked as doctest output (``…`` stands for anything);
* ``text``, ``csv`` and ``json`` blocks are shown, not run.

A command must exit 0 unless its comment starts with ``exit N`` (``# exit 1 — …``,
in Polish ``# kod wyjścia 1 — …``)
or the block is preceded by ``<!-- example: exit N -->``. A block preceded by
``<!-- example: skip (reason) -->`` is skipped with that reason. A command never
ends in a traceback. The placeholder files the examples name (``GAME.gcg``,
``historia.csv`` …) are made by :func:`_workdir`.
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs" / "en").glob("*.md")),
        *sorted((ROOT / "docs" / "pl").glob("*.md"))]
RUN = {"python", "pycon", "sh", "console"}
SHOWN = {"text", "csv", "json", "nginx"}
FENCE = re.compile(r"^```(?P<lang>[^\n`]*)\n(?P<body>.*?)^```[ \t]*$", re.S | re.M)
MARKER = re.compile(r"<!--\s*example:\s*(?P<what>.*?)\s*-->\s*\Z", re.S)
COMMAND = re.compile(r"^(?:\w+=\S*\s+)*(?:\.venv/bin/)?plansza\b")


@dataclass(frozen=True)
class Block:
    path: Path
    line: int
    lang: str
    body: str
    marker: str | None

    @property
    def name(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def _blocks() -> list[Block]:
    blocks = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for m in FENCE.finditer(text):
            before = text[: m.start()].rstrip()
            marker = MARKER.search(before[-300:])
            blocks.append(Block(path, text.count("\n", 0, m.start()) + 1, m["lang"].strip(),
                                m["body"], marker["what"] if marker else None))
    return blocks


BLOCKS = _blocks()


def test_every_block_says_what_it_is() -> None:
    # A block with no language (or an unknown one) would be neither run nor shown on
    # purpose: say which it is.
    unknown = [f"{b.name} {b.lang!r}" for b in BLOCKS if b.lang not in RUN | SHOWN]
    assert not unknown, f"fenced blocks with no known language: {unknown}"


def test_the_blocks_are_found() -> None:
    # A broken pattern would find nothing, and every test below would pass.
    langs = {b.lang for b in BLOCKS}
    assert {"python", "sh", "console"} <= langs
    assert len([b for b in BLOCKS if b.lang in RUN]) > 30


# ---- the working directory ----------------------------------------------------------

HISTORY_PLAYERS = ["Anna Żak", "Łukasz Ćwik", "Ewa Śliwa", "Jan Nowak", "Hela Żółw"]


def _history() -> str:
    """A ranking history in which every player has played 40 games (enough to be
    listed, RR §2.1), the last tournament ending 2024-05-12."""
    rows = ["date,tournament,player1,player2,score1,score2,walkover"]
    for t in range(4):
        day = f"2024-0{2 + t}-1{t}"
        for r in range(5):  # each pair meets five times a tournament
            for i, a in enumerate(HISTORY_PLAYERS):
                for j, b in enumerate(HISTORY_PLAYERS[i + 1:], i + 1):
                    s1 = 350 + 7 * ((i * 3 + j * 5 + r + t) % 11)
                    s2 = 350 + 5 * ((i * 7 + j + 2 * r + t) % 13)
                    rows.append(f"{day},Puchar {t + 1},{a},{b},{s1},{s2},")
    last = "2024-05-11,Puchar Łodzi"
    rows.append(f"{last},Anna Żak,Łukasz Ćwik,412,377,")
    rows.append(f"{last},Ewa Śliwa,Jan Nowak,400,1,1")
    rows.append("2024-05-12,Puchar Łodzi,Hela Żółw,Anna Żak,380,390,")
    return "\n".join(rows) + "\n"


def _tournament_csv() -> str:
    """One finished tournament (for ``ranking update --tournament``)."""
    return ("date,tournament,player1,player2,score1,score2\n"
            "2024-06-08,Memoriał,Anna Żak,Jan Nowak,420,390\n"
            "2024-06-08,Memoriał,Ewa Śliwa,Hela Żółw,377,401\n")


@pytest.fixture(scope="module")
def sample_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The files the examples name, made once."""
    d = tmp_path_factory.mktemp("samples")
    gcg = (ROOT / "src" / "plansza" / "samples" / "demo.gcg").read_bytes()
    for name in ("GAME.gcg", "PARTIA.gcg"):
        (d / name).write_bytes(gcg)
    for name in ("historia.csv", "GAMES.csv", "HISTORY.csv", "PARTIE.csv", "HISTORIA.csv"):
        (d / name).write_text(_history(), encoding="utf-8")
    (d / "turniej.csv").write_text(_tournament_csv(), encoding="utf-8")
    # Seven entrants below Nowak Ewa (151), whom the guides add by hand: eight players,
    # so the first round of halving pairs 1-5, 2-6, 3-7, 4-8 as the guides say.
    entrants = [("Łoś Ola", "148", "200", "", "Kraków"), ("Żak Anna", "142", "310", "", ""),
                ("Kowal Piotr", "130", "120", "Siódemka", "Łódź"),
                ("Abacki Adam", "125", "90", "", ""), ("Wiśniewska Iga", "110", "60", "", ""),
                ("Ćwik Łukasz", "99", "40", "", ""), ("Śliwa Ewa", "", "", "", "")]
    for name, header, sep in (("players.csv", "name,ranking,games,club,city", ","),
                              ("gracze.csv", "nazwisko;ranking;partie;klub;miasto", ";")):
        rows = [header] + [sep.join(e) for e in entrants]
        (d / name).write_text("\n".join(rows) + "\n", encoding="utf-8")
    # the federation's ranking list as a referee saves its table (ranking import-list)
    (d / "lista-pfs.csv").write_text(
        "\ufeffMiejsce;Nazwisko i imię;Ranking;Partie;Miasto\n1;Łoś Ola;148,25;200;Kraków\n"
        "2;Żak Anna;142;310;\n3;Kowal Piotr;130;120;Łódź\n", encoding="utf-8")
    # the federation's members (federacja member import): Anna Żak with a break in 2021
    for name in ("members.csv", "czlonkowie.csv"):
        (d / name).write_text(
            "name,born,since,until,player\nAnna Żak,1985-04-12,2015-01-01,2020-12-31,\n"
            "Anna Żak,,2021-03-01,,\nJan Nowak,1990-09-30,2018-01-01,,\n", encoding="utf-8")
    for name in ("ENTRANTS.csv", "ZGŁOSZENIA.csv"):
        (d / name).write_text("name\nAnna Żak\nJan Nowak\nZenon Debiut\n", encoding="utf-8")
    words = (ROOT / "tests" / "movegen" / "data" / "words.txt").read_text(encoding="utf-8")
    words = "".join(w for w in words.splitlines(keepends=True) if not w.startswith("#"))
    words += "ŻÓŁW\nKOTY\nZORANIE\n"
    for name in ("OSPS.txt", "lista.txt"):
        (d / name).write_text(words, encoding="utf-8")
    (d / "CSW21.txt").write_text("cat\ncats\nact\ntac\nzebra\n", encoding="utf-8")
    return d


@pytest.fixture()
def workdir(sample_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh directory with the sample files, the repository's ``tests`` folder (the
    README replays one of its records) and user data kept inside it."""
    for f in sample_dir.iterdir():
        shutil.copy(f, tmp_path / f.name)
    (tmp_path / "tests").symlink_to(ROOT / "tests")
    monkeypatch.chdir(tmp_path)
    # Named lexicons and the ranking history go to the test's directory, not the user's;
    # the compiled default lexicon stays where it is cached.
    monkeypatch.setenv("PLANSZA_DATA_DIR", str(tmp_path / "data-dir"))
    monkeypatch.delenv("PLANSZA_RANKING_HISTORY", raising=False)
    monkeypatch.delenv("PLANSZA_LANG", raising=False)
    yield tmp_path


# ---- running a block ----------------------------------------------------------------

def _set_language(lang: str) -> None:
    # The CLI's --lang sets the process-wide language; a real shell starts each
    # command afresh, so each command here starts in its environment's language.
    from plansza.cli.i18n import use

    use(lang)


def _expected_exit(comment: str, default: int) -> int:
    m = re.match(r"#\s*(?:exit|kod wyjścia)\s+(\d+)", comment.strip())
    return int(m[1]) if m else default


def _split(line: str) -> tuple[str, str]:
    """The command and its comment (a ``#`` outside quotes that starts a word)."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip(), line[i:]
    return line.rstrip(), ""


def _expand(text: str, variables: dict[str, str]) -> str:
    return re.sub(r"\$(\w+)|\$\{(\w+)\}", lambda m: variables[m[1] or m[2]], text)


def _commands(command: str) -> list[list[str]]:
    """``a && b ; c`` → [a, b, c], each as its words."""
    lex = shlex.shlex(command, posix=True, punctuation_chars=";&|<>")
    lex.whitespace_split = True
    parts: list[list[str]] = [[]]
    for token in lex:
        if token in ("&&", ";"):
            parts.append([])
        elif token in ("|", "||", "&", ">", "<", ">>"):
            raise AssertionError(f"{command!r}: {token!r} is not supported in examples")
        else:
            parts[-1].append(token)
    return [p for p in parts if p]


def _run_plansza(argv: list[str], env: dict[str, str]) -> tuple[int, str, str]:
    # In-process: a new interpreter a command would cost a second or more each.
    from plansza.cli.main import app

    _set_language(env.get("PLANSZA_LANG", "pl"))
    result = CliRunner().invoke(app, argv, env=env or None)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"plansza {shlex.join(argv)} ended in a traceback") from (
            result.exception)
    return result.exit_code, result.stdout, result.stderr


def _run_line(line: str, variables: dict[str, str], default_exit: int) -> str:
    """Run one shell line; return what its last command printed on stdout."""
    command, comment = _split(line)
    expected = _expected_exit(comment, default_exit)
    commands = _commands(_expand(command, variables))
    stdout = stderr = ""
    for n, argv in enumerate(commands):
        env = {}
        while argv and re.fullmatch(r"\w+=.*", argv[0]):
            key, _, value = argv.pop(0).partition("=")
            env[key] = value
        if not argv:  # an assignment: VAR=value
            variables.update(env)
            continue
        if argv[0] not in ("plansza", ".venv/bin/plansza"):
            raise AssertionError(f"{line!r}: only plansza commands can be run in an example")
        code, stdout, stderr = _run_plansza(argv[1:], env)
        # Chained commands must all succeed; the exit code the docs imply is the last one's.
        want = expected if n == len(commands) - 1 else 0
        assert code == want, (f"{shlex.join(argv)!r} (in {line!r}) exited {code}, the docs "
                              f"imply {want}\nstdout:\n{stdout}\nstderr:\n{stderr}")
    return stdout


def _check_output(line: str, got: str, want: str) -> None:
    want = want.replace("…", "...")
    checker = doctest.OutputChecker()
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    if not checker.check_output(want, got, flags):
        raise AssertionError(f"{line!r} printed\n{got}\nwhere the docs show\n{want}")


def _run_shell(block: Block, default_exit: int) -> int:
    variables: dict[str, str] = {}
    ran = 0
    lines = block.body.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if block.lang == "console":
            if not line.startswith("$ "):
                continue
            line = line[2:]
            shown = []
            while i < len(lines) and not lines[i].startswith("$ "):
                shown.append(lines[i])
                i += 1
            runnable = COMMAND.match(line) or re.fullmatch(r"\w+=\S+", line.strip())
            if not runnable:
                continue
            got = _run_line(line, variables, default_exit)
            ran += 1
            want = "\n".join(shown).strip()
            if want:
                _check_output(line, got, want + "\n")
        elif COMMAND.match(line.strip()) or re.fullmatch(r"\w+=\S+", line.strip()):
            _run_line(line.strip(), variables, default_exit)
            ran += 1
    return ran


def _run_python(block: Block) -> None:
    body = block.body
    if block.lang == "pycon" or body.lstrip().startswith(">>>"):
        parser = doctest.DocTestParser()
        test = parser.get_doctest(body, {}, block.name, str(block.path), block.line)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        runner.run(test)
        result = runner.summarize(verbose=False)
        assert result.failed == 0, f"{result.failed} examples of {block.name} failed"
    else:
        exec(compile(body, block.name, "exec"), {"__name__": "__docs__"})


def _run_block(block: Block) -> None:
    default_exit = 0
    if block.marker:
        m = re.fullmatch(r"exit (\d+)", block.marker)
        assert m, f"{block.name}: unknown marker {block.marker!r}"
        default_exit = int(m[1])
    if block.lang in ("python", "pycon"):
        _run_python(block)
    else:
        assert _run_shell(block, default_exit) > 0, f"{block.name} has no plansza command to run"


@pytest.mark.parametrize("path", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_examples(path: Path, workdir: Path) -> None:
    # The blocks of a document run in order in one directory: a guide's later
    # examples use what its earlier ones made (a tournament file, a named lexicon).
    blocks = [b for b in BLOCKS if b.path == path and b.lang in RUN]
    skipped = [b for b in blocks if b.marker and b.marker.startswith("skip")]
    for block in blocks:
        if block not in skipped:
            try:
                _run_block(block)
            finally:
                _set_language(os.environ.get("PLANSZA_LANG", "pl"))
    for block in skipped:
        assert re.fullmatch(r"skip \(.+\)", block.marker or ""), (
            f"{block.name}: a skipped example needs its reason: <!-- example: skip (why) -->")
