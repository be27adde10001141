"""A kept registry file: the federation's log as the program wrote it, with what
replaying it gave when it was written (``data/pfs.expected.json``).

Made by this script with the code of commit fde2550 (before the registry's events
became typed structs, issue 42), through the board's service, every kind of event in
it; a later version must replay it to the same registry, the same referees' licences
and the same candidates' standing (``test_kept_registry.py``). Not to be made again
with newer code.

    PYTHONPATH=src python tests/federation/kept_registry.py
"""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from plansza.federation.registry import RegistryState
from plansza.records import dump

HERE = Path(__file__).with_name("data")
FILE = HERE / "pfs.federacja.sqlite"
EXPECTED = HERE / "pfs.expected.json"
D = date.fromisoformat

#: The days the licences and the candidates are looked at.
DAYS = ("2015-06-01", "2019-01-01", "2020-09-05", "2021-02-20", "2021-04-10", "2021-06-29",
        "2021-06-30", "2022-01-01", "2023-07-01", "2024-03-01", "2024-05-11",
        "2026-01-01")  # fmt: skip
#: The days the candidates are looked at.
CANDIDATE_DAYS = ("2020-09-05", "2021-01-01", "2021-02-20", "2025-05-01")


def snapshot(state: RegistryState) -> Any:
    """The registry as plain data (the log itself left out)."""
    data = dump(state)
    data.pop("log", None)
    if not any(data.get("server", {}).values()):  # a log from before the server's events
        data.pop("server", None)
    return data


def derived(fed: Any) -> dict[str, Any]:
    """What the registry's log gives: the state, every member's licence and standing as
    a candidate on :data:`DAYS` and :data:`CANDIDATE_DAYS`, the internship queues."""
    state = fed.state()
    out: dict[str, Any] = {"state": snapshot(state), "status": {}, "candidate": {}}
    for member in sorted(state.members.values(), key=lambda m: m.name):
        out["status"][member.name] = {d: fed.status(member.name, D(d)).as_dict() for d in DAYS}
        out["candidate"][member.name] = {
            d: fed.candidate(member.name, D(d)).as_dict() for d in CANDIDATE_DAYS
        }
    out["queue"] = {
        t: [
            {"name": q.application.name, "rounds": q.rounds, "whole": q.whole,
             "reasons": [f.code for f in q.reasons()]}
            for q in fed.internship_queue(t)
        ]
        for t in ("Maj", "Lipiec")
    }  # fmt: skip
    out["log"] = [[e.seq, e.kind, e.data, e.at, e.by] for e in fed.registry.events()]
    return out


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 1, 5, 10, 0)

    def __call__(self) -> str:
        self.now += timedelta(minutes=1)
        return self.now.isoformat()


MEMBERS = """name,born,since,until,player
Ewa Nowak,1980-02-02,2010-01-01,,
Jan Zieliński,1999-04-04,2018-01-01,2019-12-31,Jan Zielinski
Jan Zieliński,,2020-01-01,,
Ola Wiśniewska,2001-03-03,2012-01-01,,
Ala Kot,1990-01-01,2015-01-01,,
Ula Sowa,1992-01-01,2015-01-01,,
"""


def make(path: Path) -> None:
    from plansza.services.federation import Federation, open_registry

    fed = Federation(open_registry(str(path), create=True, at="2026-01-05T09:59:00"), Clock(),
                     by="zarząd")  # fmt: skip
    fed.import_members(MEMBERS, source="members.csv")
    fed.add_member("Piotr Nowy", born=D("1970-01-01"), since=D("2014-01-01"), until=D("2018-12-31"))
    fed.add_member("Piotr Nowy", born=None, since=D("2019-02-01"), player="P. Nowy")
    fed.end_membership("Ula Sowa", D("2023-06-30"))
    fed.grant("Ewa Nowak", 1, D("2015-01-01"))
    fed.grant("Piotr Nowy", 2, D("2016-03-01"))
    fed.grant("Ala Kot", 2, D("2019-05-01"))
    fed.temporary("Ola Wiśniewska", "Puchar Lata", D("2024-05-11"))
    fed.penalty("Piotr Nowy", "warning", D("2017-01-01"))
    fed.penalty("Ewa Nowak", "no-play", D("2021-01-01"), tournaments=2)
    fed.penalty("Ewa Nowak", "suspend-all", D("2022-01-01"), days=30)
    fed.penalty("Piotr Nowy", "revoke", D("2023-03-01"))
    fed.penalty("Ala Kot", "re-exam", D("2023-05-01"))
    fed.grant("Piotr Nowy", 2, D("2024-03-01"))
    jan = "Jan Zieliński"
    fed.approve(jan, D("2020-06-01"))
    fed.approve("Ula Sowa", D("2020-06-01"))
    fed.add_tournament("Lipiec", start=D("2020-07-04"), category="ranked", referee="Ewa Nowak",
                       internship=jan, rounds=8, assistants=["Ala Kot"])  # fmt: skip
    fed.add_tournament("Wrzesień", start=D("2020-09-05"), end=D("2020-09-06"), category="KMP",
                       referee="Ewa Nowak", internship=jan, rounds=7, plays=True)  # fmt: skip
    fed.exam(jan, "theory", D("2020-10-01"), passed=False, questions=["P1?", "P2?", "P3?"])
    fed.exam(jan, "theory", D("2021-01-01"), passed=True, questions=["P4?", "P5?", "P6?"])
    fed.add_tournament("Luty", start=D("2021-02-20"), category="ranked", referee="Ewa Nowak",
                       exam=jan, rounds=12)  # fmt: skip
    fed.exam(jan, "practical", D("2021-02-20"), passed=True, tournament="Luty",
             assessor="Ewa  Nowak")  # fmt: skip
    for name, day in (("Marzec", "2021-03-13"), ("Kwiecień", "2021-04-10")):
        fed.add_tournament(name, start=D(day), category="ranked", referee=jan)
    fed.penalty(jan, "suspend-1", D("2021-05-01"), days=60)
    fed.apply_internship("Ula Sowa", "Maj", start=D("2025-05-10"), day=D("2025-04-01"))
    fed.approve("Ala Kot", D("2025-01-10"))
    fed.apply_internship("Ala Kot", "Maj", start=D("2025-05-10"), day=D("2025-04-02"), exam=True)
    fed.add_tournament("GP Łódź", start=D("2025-06-07"), end=D("2025-06-08"), category="GP",
                       referee="Ewa Nowak", assistants=["Ala Kot", "Jan Zieliński"],
                       rounds=18, plays=False)  # fmt: skip
    fed.close()


def main() -> None:
    from plansza.services.federation import Federation, open_registry

    HERE.mkdir(parents=True, exist_ok=True)
    FILE.unlink(missing_ok=True)
    make(FILE)
    fed = Federation(open_registry(str(FILE)), Clock())
    text = json.dumps(derived(fed), ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    fed.close()
    EXPECTED.write_text(text, encoding="utf-8")
    print(len(json.loads(text)["log"]), "events")


if __name__ == "__main__":
    main()
