"""Render the pictures of the printed paperwork in docs/images/ (the docs show them).

A small made-up tournament (8 players, 6 rounds, a walkover, a penalty, a correction,
a withdrawal) is played in memory; its round-2 result slips and its referee's report
are printed to PDF by headless Chromium and the first page of each turned into a PNG
by pdftoppm (Debian: chromium, poppler-utils).

    python scripts/paperwork_images.py
"""

from __future__ import annotations

import random
import subprocess
import tempfile
from pathlib import Path

from plansza import i18n
from plansza.records import dump
from plansza.tournament import paperwork
from plansza.tournament.events import Event, apply, replay
from plansza.tournament.model import Settings, State
from plansza.tournament.pairing import pair_round

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
CHROMIUM = ["chromium", "--headless", "--no-sandbox", "--disable-gpu",
            "--disable-background-networking", "--disable-component-update", "--no-first-run",
            "--no-pdf-header-footer"]  # fmt: skip


def demo() -> State:
    settings = Settings("Puchar Łodzi 2026", 6, "halving", dates=("2026-05-02", "2026-05-03"),
                        referee="Anna Sędziowska", venue="Łódź, Dom Kultury „Zarzew”")  # fmt: skip
    events = [Event(1, "created", {"settings": dump(settings)}, "2026-05-02T09:00:00+00:00")]
    state = replay(events)

    def add(kind: str, **data: object) -> None:
        e = Event(len(events) + 1, kind, dict(data), f"2026-05-02T{9 + len(events) // 20:02d}:00")
        apply(state, e)
        events.append(e)

    names = ["Nowak Ewa", "Łoś Ola", "Śliwa Anna", "Sowa Tomasz", "Ćwik Igor", "Bąk Ewa",
             "Żak Jan", "Abacki Adam"]  # fmt: skip
    for i, name in enumerate(names):
        add("player_added", name=name, ranking=150 - 4 * i, club="Siódemka" if i % 2 else "")
    rng = random.Random(7)
    for r in range(1, 7):
        if r == 4:
            add("withdraw", player=7, round=4, excluded=False)
        tables = pair_round(state, r)
        add("paired", round=r, tables=[list(t) for t in tables])
        for i, (a, b) in enumerate(tables):
            if b is None:
                continue
            if r == 2 and i == 3:
                add("walkover", round=r, winner=a, loser=b, score=0)
                continue
            sa, sb = rng.randint(280, 520), rng.randint(280, 520)
            add("result", round=r, a=a, sa=sa, b=b, sb=sb)
            if r == 3 and i == 0:
                add("correct", round=r, a=a, sa=sa + 10, b=b, sb=sb, note="błąd w sumie",
                    consent="players", day=1)
            if r == 5 and i == 1:
                add("penalty", round=r, player=b, points=10)
    return state


def picture(html: str, name: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        page, pdf = Path(tmp) / "page.html", Path(tmp) / "page.pdf"
        page.write_text(html, encoding="utf-8")
        subprocess.run([*CHROMIUM, f"--print-to-pdf={pdf}", page.as_uri()], check=True,
                       capture_output=True, timeout=120)  # fmt: skip
        out = IMAGES / name
        subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile",
                        str(pdf), str(out.with_suffix(""))], check=True)  # fmt: skip
        print(out, out.stat().st_size // 1024, "KiB")


def main() -> None:
    state = demo()
    IMAGES.mkdir(parents=True, exist_ok=True)
    for lang in ("pl", "en"):
        t = i18n.translator(lang)
        picture(paperwork.slips_page(state, 2, t), f"slips.{lang}.png")
        picture(paperwork.referee_report_page(state, t), f"referee-report.{lang}.png")


if __name__ == "__main__":
    main()
