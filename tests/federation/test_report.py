"""The registry's pages (``federacja report --html``): who holds which licence on a
day, what suspends it, the lapses within 90 days (RS §5.2), each referee's history —
in Polish by default, names escaped."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from plansza.cli.main import app

runner = CliRunner()


def fed(db: Path, *args: str) -> str:
    res = runner.invoke(app, ["--lang", "pl", "federacja", *args, "--db", str(db)])
    assert res.exit_code == 0, (args, res.output)
    return res.output


def test_the_registry_pages(tmp_path: Path) -> None:
    db = tmp_path / "pfs.federacja.sqlite"
    fed(db, "member", "add", "Anna Żak", "--born", "1980-01-01", "--since", "2015-01-01")
    fed(db, "member", "add", "Jan <b>Kos</b>", "--born", "1975-01-01", "--since", "2010-01-01")
    fed(db, "referee", "grant", "Anna Żak", "--degree", "2", "--date", "2023-06-01")
    fed(db, "referee", "grant", "Jan <b>Kos</b>", "--degree", "1", "--date", "2024-06-01")
    fed(db, "referee", "penalty", "Jan <b>Kos</b>", "--kind", "suspend-1", "--days", "60",
        "--date", "2026-03-01")  # fmt: skip
    fed(db, "tournament", "add", "Klubowy", "--date", "2025-10-10", "--category", "ranked",
        "--referee", "Jan <b>Kos</b>", "--assistant", "Anna Żak")  # fmt: skip
    out = tmp_path / "strony"
    said = fed(db, "report", "--html", str(out), "--as-of", "2026-04-01")
    assert "Zapisano" in said and (out / "index.html").is_file()
    index = (out / "index.html").read_text(encoding="utf-8")
    assert '<html lang="pl">' in index and "Rejestr federacji" in index
    assert "Jan &lt;b&gt;Kos&lt;/b&gt;" in index and "<b>Kos</b>" not in index
    # RS §5.2: Anna Żak's licence lapses after 3 full years from its grant (the day
    # after), within 90 days
    lapsing = index.split("<h2>", 2)[1]
    assert "Anna Żak" in lapsing and "2026-06-02" in lapsing
    # RS §4.1.3: Jan Kos's degree I suspended until 2026-04-29: degree II in force
    row = re.search(r"<tr>\s*<td><a href=\"jan-b-kos-b.html\">.*?</tr>", index, re.S)
    assert row and "<td>II</td>" in row.group(0) and "<td>I</td>" in row.group(0)
    assert "2026-04-29" in row.group(0)
    # each referee's history, dated
    anna = (out / "anna-zak.html").read_text(encoding="utf-8")
    assert "sędzia pomocniczy w turnieju Klubowy" in anna and "2023-06-01" in anna
    kos = (out / "jan-b-kos-b.html").read_text(encoding="utf-8")
    assert "zawieszenie uprawnień I stopnia, dni: 60 (RS §4.1.3)" in kos


def test_a_bad_day_is_named(tmp_path: Path) -> None:
    db = tmp_path / "pfs.federacja.sqlite"
    fed(db, "member", "add", "Anna Żak", "--born", "1980-01-01", "--since", "2015-01-01")
    res = runner.invoke(
        app, ["federacja", "report", "--html", str(tmp_path / "x"), "--as-of", "jutro",
              "--db", str(db)],
    )  # fmt: skip
    assert res.exit_code == 2 and "jutro" in res.output and "Traceback" not in res.output


def test_a_candidate_has_a_page(tmp_path: Path) -> None:
    # RS §3: where a candidate stands, on the registry's pages
    db = tmp_path / "pfs.federacja.sqlite"
    fed(db, "member", "add", "Jan Kos", "--born", "1975-01-01", "--since", "2010-01-01")
    fed(db, "referee", "grant", "Jan Kos", "--degree", "1", "--date", "2025-06-01")
    fed(db, "member", "add", "Ula Świt", "--born", "1990-01-01", "--since", "2018-01-01")
    fed(db, "approve", "Ula Świt", "--date", "2025-09-01")
    fed(db, "tournament", "add", "Jesień", "--date", "2025-10-10", "--category", "ranked",
        "--referee", "Jan Kos", "--internship", "Ula Świt", "--rounds", "8")  # fmt: skip
    out = tmp_path / "strony"
    fed(db, "report", "--html", str(out), "--as-of", "2026-04-01")
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "Kandydaci (RS §3)" in index and "kandydat-ula-swit.html" in index
    page = (out / "kandydat-ula-swit.html").read_text(encoding="utf-8")
    assert "staż" in page and "<td>8 · " in page  # 8 rounds, the whole tournament
