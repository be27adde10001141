"""Kept tournament files: small logs written by the program, kept as they are on disk,
with what replaying them gave when they were written (``data/logs/*.expected.json``).

The files were made by this script with the code of commit fde2550 (before the log's
events became typed structs, issue 42), through the referee's service as the program
writes them, with a few events only older versions wrote (a ``dates`` event, a
correction with no consent, settings without their newer fields). A later version must
read them and replay them to the same state, standings and exports
(``test_kept_logs.py``); they are not to be made again with newer code.

    PYTHONPATH=src python tests/tournament/kept_logs.py
"""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from plansza import i18n
from plansza.records import dump
from plansza.tournament.events import Event, describe
from plansza.tournament.model import State

HERE = Path(__file__).with_name("data") / "logs"
NAMES = ("klub", "szkola", "kolowy", "szwajcar")


def snapshot(state: State) -> Any:
    """The state as plain data: every field that compares (the caches left out)."""
    data = dump(state)
    for cache in ("walkovers", "seeds_kept", "names"):
        data.pop(cache, None)
    return _public(data)


def _public(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: _public(v) for k, v in data.items() if not str(k).startswith("_")}
    if isinstance(data, list):
        return [_public(v) for v in data]
    return data


def derived(state: State, events: list[Event]) -> dict[str, Any]:
    """What a tournament's log gives: the state, the standings, the exports, the log
    in words (English)."""
    from plansza.tournament import paperwork, reports, tsh
    from plansza.tournament.standings import standings

    t = i18n.translator("en")
    names = {pid: p.name for pid, p in state.players.items()}
    out: dict[str, Any] = {
        "state": snapshot(state),
        "standings": [s.as_json() for s in standings(state)],
        "standings_csv": reports.standings_csv(state),
        "games_csv": reports.games_csv(state),
        "federation_csv": paperwork.federation_csv(state),
        "log": [describe(e, names, t) for e in events],
    }
    try:
        out["t_file"] = tsh.write_t(state)
    except Exception as e:  # some names a .t file cannot hold
        out["t_file"] = f"refused: {e}"
    return out


class Clock:
    """The stamps of the events: a minute apart, a new day moved to its morning."""

    def __init__(self, start: str) -> None:
        self.now = datetime.fromisoformat(start)

    def __call__(self) -> str:
        self.now += timedelta(minutes=1)
        return self.now.isoformat()

    def morning(self, day: str) -> None:
        self.now = datetime.fromisoformat(f"{day}T09:00:00")


def _results(ref: Any, rng: random.Random, n: int, skip: int = 0) -> None:
    """Results for the open tables of round ``n`` (the first ``skip`` tables left)."""
    state = ref.state()
    for p in state.rounds[n].pairings[skip:]:
        if p.second is not None and p.result is None:
            ref.table_result(n, p.first, rng.randint(250, 520), p.second, rng.randint(250, 520))


def _name(ref: Any, pid: int | None) -> str:
    assert pid is not None
    return str(ref.state().players[pid].name)


def klub(path: Path) -> None:
    """Halving over two days: players with categories, every referee's action."""
    from plansza.services.tournament import Referee, new_settings
    from plansza.tournament.storage import TournamentFile

    clock = Clock("2026-05-02T08:30:00")
    settings = new_settings(
        "Klubowy Łódź", 5, "halving", dates=["2026-05-02", "2026-05-03"], referee="Ewa Sędzia",
        venue="Łódź", seed=7,
    )  # fmt: skip
    Referee.create(str(path), settings, clock)
    rng = random.Random(42)
    f = TournamentFile.open(str(path))
    ref = Referee(f, clock)
    players = [
        ("Żak Anna", 142.5, 310, "KS Łódź", "Łódź", ["K"], "A"),
        ("Łoś Jan", 128.0, 95, "Kwadrat", "Kraków", ["J"], "A"),
        ("Nowak Ewa", 150.0, 400, "", "", [], ""),
        ("Kowal Piotr", None, 0, "KS Łódź", "Łódź", ["S"], "B"),
        ("Abacki Adam", 101.0, 30, "", "Pińczów", [], "B"),
        ("Ćwik Ola", 119.0, 60, "Kwadrat", "", ["K", "J"], ""),
        ("Świątek Iga", 133.0, 200, "", "", [], ""),
        ("Dudek Ugo", 110.0, 40, "", "", [], ""),
        ("Ęgiel Ula", 99.0, 12, "", "", [], ""),
    ]
    for name, ranking, games, club, city, cats, division in players:
        data: dict[str, Any] = {"name": name, "ranking": ranking, "games": games}
        if club:
            data["club"] = club
        if city:
            data["city"] = city
        if cats:
            data["categories"] = cats
        if division:
            data["division"] = division
        ref.add_player(data)
    ref.set_categories("Nowak Ewa", ["K"], division="A")
    ref.set_categories("Dudek Ugo", ["J"])
    ref.change_settings({"prize_places": 4, "round_minutes": 45})
    f.append("dates", {"dates": ["2026-05-02", "2026-05-03"]}, at=clock())  # an older kind
    # round 1: the clock, a mistaken result undone, a walkover, a penalty
    ref.pair()
    ref.clock(1, "start")
    ref.clock(1, "pause")
    ref.clock(1, "resume")
    state = ref.state()
    tables = [p for p in state.rounds[1].pairings if p.second is not None]
    ref.table_result(1, tables[0].first, 333, tables[0].second, 333)
    ref.undo()
    ref.walkover(1, _name(ref, tables[0].first), _name(ref, tables[0].second))
    _results(ref, rng, 1, skip=1)
    ref.penalty(1, _name(ref, tables[1].first), 10)
    # round 2: a forfeit, the players' correction of round 1, a result with a note
    ref.pair()
    state = ref.state()
    tables = [p for p in state.rounds[2].pairings if p.second is not None]
    ref.forfeit(2, _name(ref, tables[0].first), _name(ref, tables[0].second))
    _results(ref, rng, 2, skip=1)
    r1 = [p for p in state.rounds[1].pairings if p.second is not None and p.result][1]
    assert r1.result is not None and r1.second is not None
    ref.correct(1, _name(ref, r1.first), str(r1.result.score_first + 5), _name(ref, r1.second),
                str(r1.result.score_second), note="suma", referee_consent=True)  # fmt: skip
    # a correction as older versions wrote it: no consent, no day
    p = [p for p in ref.state().rounds[2].pairings if p.second is not None and p.result][1]
    assert p.result is not None
    f.append("correct", {"round": 2, "a": p.first, "sa": p.result.score_first, "b": p.second,
                         "sb": p.result.score_second + 1, "note": "stara"}, at=clock())  # fmt: skip
    # round 3: a withdrawal, the bye moved, a manual pairing with a swap
    ref.withdraw("Dudek Ugo", 3, excluded=False)
    state, _ = ref.pair(preview=True)
    proposed = [(p.first, p.second) for p in state.rounds[3].pairings]
    full = [t for t in proposed if t[1] is not None]
    (a, b), (c, d) = full[0], full[1]
    assert b is not None and d is not None
    swapped = [(a, d), (c, b), *(t for t in proposed if t not in full[:2])]
    f.append("paired", {"round": 3, "tables": [list(x) for x in swapped], "method": "manual",
                        "swapped": [[b, d]]}, at=clock())  # fmt: skip
    bye = next(p.first for p in ref.state().rounds[3].pairings if p.second is None)
    other = next(x for x in (a, c) if x != bye)
    ref.bye(3, _name(ref, other))
    _results(ref, rng, 3)
    ref.come_back("Dudek Ugo", 4)
    # day two
    clock.morning("2026-05-03")
    ref.new_day("2026-05-03")
    ref.pair(day="2026-05-03")
    _results(ref, rng, 4)
    ref.withdraw("Ęgiel Ula", 5, excluded=True)
    ref.pair()
    _results(ref, rng, 5)
    p = next(p for p in ref.state().rounds[5].pairings if p.second is not None)
    assert p.result is not None
    ref.correct(5, _name(ref, p.first), str(p.result.score_first), _name(ref, p.second),
                str(p.result.score_second + 10), note="zły zapis")  # fmt: skip
    ref.close()
    p = next(p for p in ref.state().rounds[4].pairings if p.second is not None)
    assert p.result is not None
    ref.correct(4, _name(ref, p.first), str(p.result.score_first + 2), _name(ref, p.second),
                str(p.result.score_second), note="po zamknięciu", referee_consent=True)  # fmt: skip
    f.close()


def szkola(path: Path) -> None:
    """The school tournament: teams, a tie decided by the last moves, an old creation
    (settings written before the roles and the round's clock existed)."""
    from plansza.services.tournament import Referee, new_settings
    from plansza.tournament.storage import TournamentFile

    clock = Clock("2016-04-28T09:00:00")
    settings = new_settings("Pińczów 2016", 4, "halving", preset="school", today="2016-04-28")
    old = dump(settings)
    for newer in ("category", "assistants", "referee_plays", "internship", "exam",
                  "round_minutes", "referee", "venue"):  # fmt: skip
        del old[newer]
    f = TournamentFile(str(path))
    f.append("created", {"settings": old}, at=clock())
    ref = Referee(f, clock)
    rng = random.Random(5)
    for school, size in (("SP 1", 3), ("SP 2", 3), ("Gimnazjum 3", 2)):
        for i in range(1, size + 1):
            ref.add_player({"name": f"Uczeń {i} {school}", "club": school})
    ref.set_categories("Uczeń 1 SP 1", ["młodzik"], division="")
    for n in range(1, 5):
        ref.pair()
        state = ref.state()
        tables = [p for p in state.rounds[n].pairings if p.second is not None]
        first = tables[0]
        assert first.second is not None
        ref.table_result(n, first.first, 300, first.second, 300, (rng.randint(5, 40), 12))
        for p in tables[1:]:
            assert p.second is not None
            sa, sb = str(rng.randint(150, 400)), str(rng.randint(150, 400))
            last = f"{rng.randint(1, 30)}:7"
            ref.result(n, _name(ref, p.first), sa, _name(ref, p.second), sb, last_moves=last)
    p = next(p for p in ref.state().rounds[4].pairings if p.second is not None)
    a, b = _name(ref, p.first), _name(ref, p.second)
    ref.correct(4, a, "310", b, "310", last_moves="20:21", note="remis")
    f.close()


def kolowy(path: Path) -> None:
    """A round robin of five (the phantom's bye) and a late entry into its slot."""
    from plansza.services.tournament import Referee, new_settings
    from plansza.tournament.storage import TournamentFile

    clock = Clock("2026-06-06T10:00:00")
    Referee.create(str(path), new_settings("Kołowy", 5, "roundrobin", today="2026-06-06"), clock)
    f = TournamentFile.open(str(path))
    ref = Referee(f, clock)
    rng = random.Random(11)
    ref.import_players([{"name": n, "ranking": r, "games": 50}
                        for n, r in (("Ala", 140.0), ("Ola", 130.0), ("Ela", 120.0),
                                     ("Iza", 110.0), ("Uta", None))])  # fmt: skip
    ref.pair()
    _results(ref, rng, 1)
    ref.add_player({"name": "Późna Ewa", "ranking": 125.0, "games": 10, "club": "AZS"})
    ref.pair()
    _results(ref, rng, 2)
    f.close()


def szwajcar(path: Path) -> None:
    """Swiss with an odd field: the RS §7.7 bye adjustment, a return, removal."""
    from plansza.services.tournament import Referee, new_settings
    from plansza.tournament.storage import TournamentFile

    clock = Clock("2026-07-04T10:00:00")
    Referee.create(str(path), new_settings("Szwajcar", 4, "swiss", today="2026-07-04"), clock)
    f = TournamentFile.open(str(path))
    ref = Referee(f, clock)
    rng = random.Random(3)
    for i in range(7):
        ref.add_player({"name": f"Gracz {i + 1}", "ranking": 100.0 + 7 * i, "games": 40})
    ref.pair()
    bye = next(p.first for p in ref.state().rounds[1].pairings if p.second is None)
    ref.bye_adjustment(1, _name(ref, bye))
    _results(ref, rng, 1)
    ref.withdraw("Gracz 2", 2, excluded=False, removed=True)
    ref.pair()
    _results(ref, rng, 2)
    ref.pair()
    p = next(p for p in ref.state().rounds[3].pairings if p.second is not None)
    ref.walkover(3, _name(ref, p.second), _name(ref, p.first), score=120)
    _results(ref, rng, 3)
    p2 = next(x for x in ref.state().rounds[3].pairings if x.second is not None and x is not p)
    ref.forfeit(3, _name(ref, p2.first), _name(ref, p2.second), replace=True)
    f.close()


#: Each kept log by its name, and what writes it.
MAKERS = {"klub": klub, "szkola": szkola, "kolowy": kolowy, "szwajcar": szwajcar}
assert tuple(MAKERS) == NAMES


def main() -> None:
    from plansza.tournament.storage import TournamentFile

    HERE.mkdir(parents=True, exist_ok=True)
    for name, make in MAKERS.items():
        path = HERE / f"{name}.turniej.sqlite"
        path.unlink(missing_ok=True)
        make(path)
        f = TournamentFile.open(str(path))
        events = f.events()
        state = f.state()
        f.close()
        expected = derived(state, events)
        text = json.dumps(expected, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
        (HERE / f"{name}.expected.json").write_text(text, encoding="utf-8")
        print(name, len(events), "events")


if __name__ == "__main__":
    main()
