"""The typed registry log (federation.kinds): one struct per kind, one reader of stored
data (decode) for every version, one apply function per kind in a table."""

from __future__ import annotations

import json

import pytest

from plansza.errors import PlanszaError
from plansza.federation import kinds, registry
from plansza.federation.kinds import KINDS, decode
from plansza.federation.registry import RegistryFile, replay
from plansza.federation.submissions import APPLY_SERVER
from plansza.records import RecordError, dump
from plansza.tournament.events import Event

from .kept_registry import FILE


def kept_events() -> list[Event]:
    r = RegistryFile.open(str(FILE))
    try:
        return r.events()
    finally:
        r.close()


def test_every_kind_has_its_struct_and_its_function() -> None:
    assert set(registry.APPLY) | set(APPLY_SERVER) == set(KINDS)
    assert not set(registry.APPLY) & set(APPLY_SERVER)


def test_every_stored_field_is_a_field_of_its_kind() -> None:
    seen = set()
    for e in kept_events():
        fields = set(KINDS[e.kind].__struct_fields__)
        assert set(e.data) <= fields, (e.kind, set(e.data) - fields)
        again = dump(decode(e.kind, e.data))
        assert {k: again[k] for k in e.data} == json.loads(json.dumps(e.data)), e.kind
        seen.add(e.kind)
    # the kept registry holds every kind of its time; the server's came later (issue 46)
    assert seen == set(KINDS) - set(APPLY_SERVER)


def test_defaults_and_fields_from_a_newer_program() -> None:
    added = decode("tournament_added", {"name": "Maj", "date": "2025-05-10", "notes": "x"})
    assert isinstance(added, kinds.TournamentAdded)
    assert (added.end, added.assistants, added.plays, added.rounds) == (None, [], False, None)
    log = [
        Event(1, "registry_created", {}),
        Event(2, "member_added", {"name": "Ala", "since": "2015-01-01", "card": 7}),
        Event(3, "licence_granted", {"name": "Ala", "degree": 2, "date": "2020-03-01"}),
    ]
    assert [g.degree for g in replay(log).grants["ala"]] == [2]


def test_refusals() -> None:
    with pytest.raises(PlanszaError) as e:
        replay([Event(1, "registry_created", {}), Event(2, "member_moved", {})])
    assert e.value.code == "bad_event"
    with pytest.raises(RecordError) as bad:
        decode("licence_granted", {"name": "Ala", "degree": "II", "date": "2020-03-01"})
    assert (bad.value.code, bad.value.field, bad.value.source) == (
        "record_type", "degree", "licence_granted",
    )  # fmt: skip
