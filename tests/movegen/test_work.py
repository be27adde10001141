"""The move generator's work, counted on the benchmark's positions (issue 43).

A slower search is caught by counting, not by timing: the core counts the anchors it
walks, the squares it visits, the plays it records and the bounds it computes
(:meth:`plansza.movegen.MoveGenerator.work`), the same on any machine. The counts of
every position of ``data/positions.tsv`` (the named ones, every position of the test
games, and their racks with one and two blanks; ``scripts/movegen_positions.py``)
are kept in ``data/work_baseline.json``. This test fails when the top move's squares
or plays recorded on any position grow more than 1.5× their baseline (by score, and
by the static player's equity with its leave values), or the listing of every move
does more at all.

The baseline is written again only on purpose, saying why (kept in the file)::

    PLANSZA_UPDATE_GOLDEN=1 PLANSZA_WORK_WHY="…" \
        .venv/bin/python -m pytest tests/movegen/test_work.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from plansza.board import Board
from plansza.cgp import parse_cgp
from plansza.lexicon import Lexicon
from plansza.movegen import MoveGenerator
from plansza.rules import Rules

DATA = Path(__file__).parent / "data"
POSITIONS = DATA / "positions.tsv"
BASELINE = DATA / "work_baseline.json"
#: How much more the top move's work may grow on one position before the test fails.
TOP_GROWTH = 1.5
#: The counts compared ("anchors" and "bounds" follow the squares).
COMPARED = ("squares", "records")

pytestmark = pytest.mark.slow


def positions() -> list[tuple[str, str, str]]:
    """(board CGP, rack, name) of every line of the positions file."""
    out = []
    for line in POSITIONS.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        cgp, rack, name = line.split("\t")
        out.append((cgp, rack, name))
    return out


def measured(lexicon: Lexicon) -> dict[str, dict[str, dict[str, int]]]:
    """Each position's work: listing every move ("all"), finding the top one by score
    ("top") and by the static player's equity, score and leave ("equity")."""
    from plansza.engine.static import SCALE, StaticPlayer

    rules = Rules.pfs()
    static = StaticPlayer(lexicon, rules)
    out: dict[str, dict[str, dict[str, int]]] = {}
    gens: dict[str, MoveGenerator] = {}
    for cgp, rack, name in positions():
        if cgp not in gens:
            board = parse_cgp(cgp + " / 0/0 0").board if cgp else Board()
            gens[cgp] = MoveGenerator(lexicon, rules, board)
        gen = gens[cgp]
        gen.count(rack)
        every = gen.work()
        gen.top(rack)
        top = gen.work()
        gen.top_equity(rack, 1, static.rack_table(rack, 50, 0), SCALE)
        out[f"{name} {rack}"] = {"all": every, "top": top, "equity": gen.work()}
    return out


@pytest.fixture(scope="module")
def work() -> dict[str, dict[str, dict[str, int]]]:
    return measured(Lexicon.default(progress=False))


def grown(now: dict[str, Any], kept: dict[str, Any]) -> list[str]:
    """What grew past its limit, a line each (the worst first)."""
    found: list[tuple[float, str]] = []
    for key, counts in now.items():
        was = kept.get(key)
        if was is None:
            found.append((float("inf"), f"{key}: not in the baseline"))
            continue
        for what in COMPARED:
            for search in ("top", "equity"):
                if search not in counts or search not in was:
                    continue
                top, top_was = counts[search][what], was[search][what]
                if top > TOP_GROWTH * top_was:
                    line = f"{key}: {search} {what} {top_was} → {top}"
                    found.append((top / max(top_was, 1), line))
            every, every_was = counts["all"][what], was["all"][what]
            if every > every_was:
                line = f"{key}: all {what} {every_was} → {every}"
                found.append((every / max(every_was, 1), line))
    return [line for _, line in sorted(found, reverse=True)]


def test_no_search_does_more_work_than_its_baseline(
    work: dict[str, dict[str, dict[str, int]]],
) -> None:
    if os.environ.get("PLANSZA_UPDATE_GOLDEN"):
        why = os.environ.get("PLANSZA_WORK_WHY", "").strip()
        assert why, "say why the baseline changes: PLANSZA_WORK_WHY='…'"
        rows = ",\n".join(
            f"{json.dumps(key, ensure_ascii=False)}: {json.dumps(counts)}"
            for key, counts in work.items()
        )
        why_line = json.dumps(why, ensure_ascii=False)
        BASELINE.write_text(
            f'{{"why": {why_line},\n"positions": {{\n{rows}\n}}}}\n', encoding="utf-8"
        )
    kept = json.loads(BASELINE.read_text(encoding="utf-8"))["positions"]
    lines = grown(work, kept)
    assert not lines, f"{len(lines)} grew:\n" + "\n".join(lines[:20])


def test_a_grown_search_is_caught() -> None:
    # The comparison itself: 1.5× the top move's work passes, more fails; the
    # listing's work may not grow at all; a position missing from the baseline fails.
    def counts(top: int, top_records: int, every: int) -> dict[str, Any]:
        return {
            "p A": {
                "top": {"squares": top, "records": top_records},
                "all": {"squares": every, "records": 50},
            }
        }

    base = counts(100, 10, 1000)
    same = counts(150, 15, 1000)
    assert grown(same, base) == []
    more = counts(151, 10, 1001)
    assert grown(more, base) == ["p A: top squares 100 → 151", "p A: all squares 1000 → 1001"]
    assert grown({"q B": same["p A"]}, base) == ["q B: not in the baseline"]


def test_the_counts_are_the_same_each_time() -> None:
    # Deterministic: the same position and rack give the same counts twice.
    rules = Rules.pfs()
    gen = MoveGenerator(Lexicon.default(progress=False), rules)
    gen.top("AEINR??")
    first = gen.work()
    gen.count("KOT")
    gen.top("AEINR??")
    assert gen.work() == first
    assert first["squares"] > 0 and first["anchors"] > 0
