"""Start-up benchmark: every command that does not search, as a whole process.

Target: each command's median wall clock ≤ 4× that of the bare interpreter,
``python -c "import json, sqlite3"``, timed the same way on the same machine (issue
43), on small inputs: the help texts of the root and of every command group,
``check``, ``moves --count`` / ``--top`` on one rack, ``score``, ``show``, the referee's
``turniej`` commands on an 8-player tournament and ``ranking`` on a short history.
Each command runs as ``python -m plansza`` and as the ``plansza`` script, with the
bytecode cache (after a warm-up run) and without it (a copy of the package with no
``__pycache__``, ``PYTHONDONTWRITEBYTECODE=1``: every module of plansza is compiled on
each run; the libraries keep their caches, as after ``pip install``). The bare
interpreter is timed with and without ``PYTHONDONTWRITEBYTECODE`` too, and each row
is divided by the bare time of its own kind.

    .venv/bin/python benchmarks/startup.py                  # a table
    .venv/bin/python benchmarks/startup.py --runs 20 --only turniej
    .venv/bin/python benchmarks/startup.py --by cpu         # judge by CPU time
    .venv/bin/python benchmarks/startup.py --json

The CPU columns (user + system time of the child) are the figures to read on a
loaded machine, where the wall clock also counts the time spent waiting for a core.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import plansza

TARGET_RATIO = 4.0
"""A row passes when its median is at most this many times the bare interpreter's."""
BARE = ("-c", "import json, sqlite3")
EMPTY = "/".join(["15"] * 15)
MID = (
    "15/15/15/15/15/7N7/7ARMIA3/7P3MIOT/7OŚKA3R/5BOI2N3W/1DESKI3PO2DA/1OR1O4IN1FAŁ/"
    "1M2TWYCH1S2Ł1/15/15"
)
PLAYERS = ("Nowak Ewa", "Łoś Ola", "Kowal Piotr", "Abacki Adam",
           "Żak Jan", "Bąk Ewa", "Dąb Olaf", "Mróz Ula")  # fmt: skip


@dataclass(frozen=True)
class Case:
    """One command line; ``fresh`` names a fixture file copied anew before each run."""

    label: str
    args: tuple[str, ...]
    fresh: str | None = None


@dataclass
class Row:
    """The figures of one case run one way."""

    command: str
    how: str
    cache: bool
    median_ms: float
    p90_ms: float
    cpu_ms: float
    exit_code: int
    bare_ms: float = 0.0
    """The bare interpreter's median wall clock, run the same way (cache or not)."""
    bare_cpu_ms: float = 0.0
    by_cpu: bool = False

    @property
    def ratio(self) -> float:
        """The median wall clock over the bare interpreter's."""
        return self.median_ms / self.bare_ms if self.bare_ms else float("inf")

    @property
    def cpu_ratio(self) -> float:
        """The median CPU time over the bare interpreter's."""
        return self.cpu_ms / self.bare_cpu_ms if self.bare_cpu_ms else float("inf")

    @property
    def ok(self) -> bool:
        judged = self.cpu_ratio if self.by_cpu else self.ratio
        return self.exit_code == 0 and judged <= TARGET_RATIO


def cases(data: Path) -> list[Case]:
    """The commands measured, on the fixtures in ``data``."""
    db, history = str(data / "t.turniej.sqlite"), str(data / "history.csv")
    rack = f"{MID} AKOTREW/ 0/0 0"
    return [
        Case("--help", ("--help",)),
        Case("turniej --help", ("turniej", "--help")),
        Case("ranking --help", ("ranking", "--help")),
        Case("lexicon --help", ("lexicon", "--help")),
        Case("duplikat --help", ("duplikat", "--help")),
        Case("federacja --help", ("federacja", "--help")),
        Case("konto --help", ("konto", "--help")),
        Case("moves --help", ("moves", "--help")),
        Case("check KOT ŻUBR", ("check", "KOT", "ŻUBR")),
        Case("moves --count", ("moves", "--cgp", rack, "--count")),
        Case("moves --top 5", ("moves", "--cgp", rack, "--top", "5")),
        Case("score", ("score", "--cgp", MID, "--move", "11B DOMY")),
        Case("show", ("show", "--cgp", MID)),
        Case("turniej status", ("turniej", "status", "--db", db)),
        Case("turniej standings", ("turniej", "standings", "--db", db)),
        Case("turniej players", ("turniej", "players", "--db", db)),
        Case("turniej pair", ("turniej", "pair", "--db", db), fresh="complete"),
        Case("turniej result", ("turniej", "result", "1", "4", "333", "8", "444", "--db", db),
             fresh="open"),
        Case("ranking compute", ("ranking", "compute", history)),
        Case("ranking explain", ("ranking", "explain", "Hela Żółw", history)),
    ]


def run(argv: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    """Wall and CPU milliseconds of one run of ``argv``, and its exit code."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall * 1000, cpu * 1000, done.returncode


def make_fixtures(data: Path, env: dict[str, str]) -> None:
    """An 8-player Swiss tournament in two states, and a 34-game ranking history."""
    db = data / "t.turniej.sqlite"

    def cli(*args: str) -> None:
        subprocess.run([sys.executable, "-m", "plansza", *args, "--db", str(db)], env=env,
                       check=True, stdout=subprocess.DEVNULL)

    cli("turniej", "new", "Start", "--rounds", "4", "--system", "swiss", "--date", "2026-05-02")
    for name in PLAYERS:
        cli("turniej", "add-player", name, "--ranking", "120")
    cli("turniej", "pair")
    for a, sa, b, sb in (("1", "400", "5", "350"), ("2", "380", "6", "390"),
                         ("3", "410", "7", "300")):
        cli("turniej", "result", "1", a, sa, b, sb)
    shutil.copy(db, data / "open.sqlite")  # round 1 with one result missing
    cli("turniej", "result", "1", "4", "333", "8", "444")
    shutil.copy(db, data / "complete.sqlite")  # round 1 complete, round 2 not paired
    lines = ["date,tournament,player1,player2,score1,score2,walkover"]
    lines += ["2024-05-11,Puchar Łodzi,Hela Żółw,Dora Ćma,400,300,"] * 20
    lines += ["2024-05-11,Puchar Łodzi,Hela Żółw,Dora Ćma,300,400,"] * 12
    lines += ["2024-06-01,Turniej Świąteczny,Ula Łoś,Hela Żółw,400,300,",
              "2024-06-01,Turniej Świąteczny,Ula Łoś,Hela Żółw,350,350,"]
    (data / "history.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")


def measure(case: Case, argv: list[str], env: dict[str, str], data: Path,
            runs: int) -> tuple[list[float], list[float], int]:
    walls, cpus, code = [], [], 0
    for _ in range(runs):
        if case.fresh:
            shutil.copy(data / f"{case.fresh}.sqlite", data / "t.turniej.sqlite")
        wall, cpu, code = run(argv, env)
        walls.append(wall)
        cpus.append(cpu)
    return walls, cpus, code


def p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--runs", type=int, default=10, help="runs per row (default 10)")
    ap.add_argument("--only", default="", help="only the commands containing this text")
    ap.add_argument("--by", choices=("wall", "cpu"), default="wall",
                    help="judge the ratio by the wall clock (default) or by CPU time")
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = ap.parse_args(argv)

    package = Path(plansza.__file__).resolve().parent
    script = Path(sys.executable).with_name("plansza")
    hows = [("-m", [sys.executable, "-m", "plansza"])]
    if script.exists():
        hows.append(("script", [str(script)]))
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="plansza-startup-") as tmp:
        work = Path(tmp)
        data, nocache = work / "data", work / "nocache"
        data.mkdir()
        # A copy of the package without its bytecode cache, for the runs without one.
        shutil.copytree(package, nocache / "plansza",
                        ignore=shutil.ignore_patterns("__pycache__"))
        base = {**os.environ, "COLUMNS": "80", "PLANSZA_RANKING_HISTORY": str(work / "h.csv")}
        cached_env = {**base, "PYTHONPATH": str(package.parent)}
        cached_env.pop("PYTHONDONTWRITEBYTECODE", None)
        nocache_env = {**base, "PYTHONPATH": str(nocache), "PYTHONDONTWRITEBYTECODE": "1"}
        make_fixtures(data, cached_env)
        # The yardstick: the bare interpreter, twice the runs of a row, each way.
        bare: dict[bool, tuple[float, float]] = {}
        bare_case = Case("(bare python)", BARE)
        for cache, env in ((True, cached_env), (False, nocache_env)):
            walls, cpus, _ = measure(bare_case, [sys.executable, *BARE], env, data,
                                     2 * args.runs)
            bare[cache] = statistics.median(walls), statistics.median(cpus)
            rows.append(Row(f'python -c "{BARE[1]}"', "bare", cache, bare[cache][0],
                            p90(walls), bare[cache][1], 0, *bare[cache], args.by == "cpu"))
            if not args.json:
                print_row(rows[-1], header=len(rows) == 1)
        for case in cases(data):
            if args.only not in case.label:
                continue
            for how, prefix in hows:
                for cache, env in ((True, cached_env), (False, nocache_env)):
                    cmd = [*prefix, *case.args]
                    if cache:
                        measure(case, cmd, env, data, 1)  # warm-up: write the cache
                    walls, cpus, code = measure(case, cmd, env, data, args.runs)
                    rows.append(Row(case.label, how, cache, statistics.median(walls),
                                    p90(walls), statistics.median(cpus), code, *bare[cache],
                                    args.by == "cpu"))
                    if not args.json:
                        print_row(rows[-1], header=False)
    measured = [r for r in rows if r.how != "bare"]
    if args.json:
        print(json.dumps([asdict(r) | {"ratio": round(r.ratio, 2),
                                       "cpu_ratio": round(r.cpu_ratio, 2), "ok": r.ok}
                          for r in rows], indent=2))
    elif measured:
        passed = sum(r.ok for r in measured)
        worst = max(measured, key=lambda r: r.cpu_ratio if r.by_cpu else r.ratio)
        judged = "CPU time" if args.by == "cpu" else "wall clock"
        print(f"{passed}/{len(measured)} rows within {TARGET_RATIO:.1f}× the bare interpreter "
              f"(median {judged}; bare {bare[True][0]:.0f} ms, {bare[False][0]:.0f} ms without "
              f"a cache); worst: {worst.command} ({worst.how}, "
              f"{'cache' if worst.cache else 'no cache'}) "
              f"{worst.cpu_ratio if worst.by_cpu else worst.ratio:.1f}×; {args.runs} runs each, "
              f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return 0 if all(r.ok for r in measured) else 1


def print_row(row: Row, header: bool) -> None:
    if header:
        print(f"{'command':<20} {'how':<6} {'cache':<5} {'median':>6} {'p90':>6} {'cpu':>6}"
              f" {'ratio':>6} {'cpu×':>5} {'target':>6}  result")
        print("-" * 84)
    if row.how == "bare":
        verdict = "(yardstick)"
    else:
        verdict = ("PASS" if row.ok
                   else ("FAIL" if row.exit_code == 0 else f"EXIT {row.exit_code}"))
    print(f"{row.command:<20.20} {row.how:<6} {'yes' if row.cache else 'no':<5} "
          f"{row.median_ms:>6.0f} {row.p90_ms:>6.0f} {row.cpu_ms:>6.0f} {row.ratio:>6.2f} "
          f"{row.cpu_ratio:>5.2f} {TARGET_RATIO:>6.1f}  {verdict}", flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
