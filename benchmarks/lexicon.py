"""Lexicon benchmark: build, load, memory, word checks, ``plansza check`` as a process.

Targets (issue 3): build ≤ 30 s and ≤ 1 GB; load ≤ 50 ms; resident ≤ 40 MB for
the default lexicon; ``plansza check`` on 10 words ≤ 0.3 s as a whole process.

    python benchmarks/lexicon.py            # table
    python benchmarks/lexicon.py --json     # machine-readable
    python benchmarks/lexicon.py --no-build # skip the ~20 s build measurement

Each measurement that depends on a fresh process (build peak memory, load time,
resident memory) runs in a child Python, so imports and earlier work do not
colour it. The default lexicon is SJP.PL 2022-03-01, not the official OSPS.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
PLANSZA = [PYTHON, "-m", "plansza"]
CHECK_WORDS = [
    "zoranie",
    "kot",
    "żółw",
    "źdźbło",
    "chrząszcz",
    "pies",
    "dom",
    "las",
    "woda",
    "ser",
]

CHILD_BUILD = r"""
import json, resource, sys, time
from plansza.lexicon import core, store
t = time.perf_counter()
blob = core._compile_default(store.default_source(), progress=False)
seconds = time.perf_counter() - t
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"seconds": seconds, "peak_mb": peak, "bytes": len(blob)}))
"""

CHILD_LOAD = r"""
import json, time
def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
from plansza.lexicon import Lexicon
before = rss()
t = time.perf_counter()
lex = Lexicon.default(progress=False)
load = time.perf_counter() - t
after_load = rss()
touched = sum(memoryview(lex.kwg).cast("B")[::4096])  # read one byte of every page
after_all = rss()
# Probe words kept as one compact string, so the probes do not weigh on the RSS.
import random, re
rng = random.Random(5)
letters = "aąbcćdeęfghijklłmnńoóprsśtuwyzźż"
probes = "\n".join("".join(rng.choice(letters) for _ in range(rng.randint(2, 9)))
                    for _ in range(100000))
probes += "\n" + "\n".join(lex.match("k*o*", limit=100000))
t = time.perf_counter()
checks = hits = 0
for m in re.finditer(r"[^\n]+", probes):
    checks += 1
    hits += m.group() in lex
check_seconds = time.perf_counter() - t
after_use = rss()
print(json.dumps({"load_ms": load * 1000, "rss_import_mb": before, "rss_load_mb": after_load,
                  "rss_use_mb": after_use, "rss_all_mb": after_all, "checks": checks,
                  "check_seconds": check_seconds}))
"""


def timed_runs(command: list[str], env: dict[str, str], repeat: int) -> tuple[float, float]:
    """Median wall time and median CPU time (user + system) of a command, in seconds.

    CPU time is reported too because wall time on a shared machine includes
    waiting for a core; CPU time is what the process itself costs.
    """
    import resource

    walls, cpus = [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run(command, capture_output=True, env=env, check=False)
        walls.append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def child(code: str, env: dict[str, str]) -> dict[str, float]:
    out = subprocess.run([PYTHON, "-c", code], capture_output=True, text=True, env=env, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--no-build", action="store_true", help="skip the build measurement")
    parser.add_argument("--repeat", type=int, default=5, help="runs of the timed processes")
    args = parser.parse_args()
    env = dict(os.environ)

    from plansza.lexicon import Lexicon, ensure_default

    ensure_default(progress=not args.json)  # so load/check below measure a warm cache
    lex = Lexicon.default(progress=False)
    rows: list[tuple[str, float, str, str]] = []
    results: dict[str, float] = {"words": len(lex), "nodes": lex.kwg.n_nodes}

    if not args.no_build:
        build = child(CHILD_BUILD, env)
        results["build_s"] = build["seconds"]
        results["build_peak_mb"] = build["peak_mb"]
        results["file_mb"] = build["bytes"] / 1e6
        rows.append(("build (decompress, parse, compile)", build["seconds"], "s", "≤ 30"))
        rows.append(("build peak memory (max RSS)", build["peak_mb"], "MB", "≤ 1024"))

    loads = [child(CHILD_LOAD, env) for _ in range(args.repeat)]
    load_ms = statistics.median(x["load_ms"] for x in loads)
    results.update(
        load_ms=load_ms,
        rss_import_mb=statistics.median(x["rss_import_mb"] for x in loads),
        rss_load_mb=statistics.median(x["rss_load_mb"] for x in loads),
        rss_use_mb=statistics.median(x["rss_use_mb"] for x in loads),
        rss_all_mb=statistics.median(x["rss_all_mb"] for x in loads),
        checks_per_s=statistics.median(x["checks"] / x["check_seconds"] for x in loads),
    )
    rows.append(("load (mmap + header), median", load_ms, "ms", "≤ 50"))
    rows.append(("resident after import", results["rss_import_mb"], "MB", ""))
    rows.append(("resident after load", results["rss_load_mb"], "MB", "≤ 40"))
    rows.append(("resident, every page of the automaton read", results["rss_all_mb"], "MB", "≤ 40"))
    rows.append(
        ("resident after 200k checks (incl. ~8 MB of probe words)", results["rss_use_mb"], "MB", "")
    )
    rows.append(("words checked per second", results["checks_per_s"], "/s", ""))

    rng = random.Random(1)
    racks = ["".join(rng.sample("aąbcćdeęfghijklłmnńoóprsśtuwyzźż", 5)) + "??" for _ in range(20)]
    t = time.perf_counter()
    for rack in racks:
        lex.anagrams(rack, partial=True)
    results["anagram_2_blanks_ms"] = (time.perf_counter() - t) / len(racks) * 1000
    rows.append(("sub-anagrams of a rack with 2 blanks", results["anagram_2_blanks_ms"], "ms", ""))

    processes = [
        ("`plansza check` 10 words", [*PLANSZA, "check", *CHECK_WORDS], "check_process"),
        (
            "`python -m plansza.cli.lexicon check` 10 words (fast path)",
            [PYTHON, "-m", "plansza.cli.lexicon", "check", *CHECK_WORDS],
            "check_lexicon_cli",
        ),
        (
            "python + import + load + 10 checks",
            [
                PYTHON,
                "-c",
                "import plansza.lexicon as l; x = l.Lexicon.default(progress=False); "
                f"print(all(w in x for w in {CHECK_WORDS!r}))",
            ],
            "python_check",
        ),
    ]
    for label, command, key in processes:
        wall, cpu = timed_runs(command, env, args.repeat)
        results[f"{key}_s"] = wall
        results[f"{key}_cpu_s"] = cpu
        rows.append((f"{label}, process, wall", wall, "s", "≤ 0.3"))
        rows.append((f"{label}, process, CPU", cpu, "s", ""))

    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(
        f"Lexicon {lex.name} (SJP.PL, not the official OSPS): {len(lex):,} words, "
        f"{lex.kwg.n_nodes:,} nodes"
    )
    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'value':>12}  unit  target")
    for name, value, unit, target in rows:
        text = (
            f"{value:,.0f}" if value >= 1000 else f"{value:.3g}" if value < 10 else f"{value:.1f}"
        )
        print(f"{name:<{width}}  {text:>12}  {unit:<4}  {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
