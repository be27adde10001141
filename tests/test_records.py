"""plansza.records: one way to write records and read them back checked by their types.

The tournament's settings and a Belgijka championship are the records of the package;
these tests hold the convention itself: what is written reads back equal, every value
is checked against the annotations, and a wrong value is named (field, reason) in the
user's language.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Annotated, Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plansza.i18n import describe, translator
from plansza.records import Meta, RecordError, dump, load
from plansza.tournament.model import CRITERIA, SYSTEMS, Settings


@dataclass(frozen=True)
class Seat:
    table: Annotated[int, Meta(ge=1)]
    name: str


@dataclass
class Hall:
    seats: list[Seat] = field(default_factory=list)
    by_table: dict[int, Seat] = field(default_factory=dict)
    kind: Literal["club", "school"] = "club"


settings_data = st.fixed_dictionaries(
    {
        "name": st.text(min_size=1).filter(lambda s: s.strip() != ""),
        "rounds": st.integers(1, 40),
        "system": st.sampled_from(SYSTEMS),
    },
    optional={
        "minutes": st.integers(1, 60),
        "bye_score": st.tuples(st.integers(0, 999), st.integers(0, 999)).map(list),
        "criteria": st.lists(st.sampled_from(CRITERIA), min_size=1, max_size=4),
        "group_range": st.sampled_from([0, 0.5, 1.5]),
        "repeats": st.booleans(),
        "seed": st.integers(-(2**31), 2**31),
    },
)


@given(settings_data)
def test_settings_read_back_equal_through_json(data: dict[str, object]) -> None:
    # What is written is what is read, through the JSON of an event log.
    s = load(Settings, data)
    again = load(Settings, json.loads(json.dumps(dump(s))))
    assert again == s and dump(again) == dump(s)
    # every field is written, defaults included: a later default cannot change a log
    assert set(dump(s)) == set(Settings.__dataclass_fields__)


def test_a_nested_record_with_int_keys_reads_back() -> None:
    hall = Hall([Seat(1, "Ala")], {2: Seat(2, "Ola")}, "school")
    data = json.loads(json.dumps(dump(hall)))
    assert data["by_table"] == {"2": {"table": 2, "name": "Ola"}}
    assert load(Hall, data) == hall


@pytest.mark.parametrize(
    ("data", "code", "field_", "polish"),
    [
        ({"name": "T", "rounds": 0, "system": "halving"}, "record_bound", "rounds",
         "rounds: powinno być liczbą całkowitą ≥ 1"),
        ({"name": "T", "rounds": "6", "system": "halving"}, "record_type", "rounds",
         "rounds: powinno być liczbą całkowitą, a nie tekstem"),
        ({"name": "T", "rounds": True, "system": "halving"}, "record_type", "rounds",
         "rounds: powinno być liczbą całkowitą, a nie prawdą lub fałszem"),
        ({"name": "T", "rounds": 6, "system": "szwajcar"}, "record_choice", "system",
         "system: 'szwajcar' nie jest żadną z wartości: roundrobin, halving"),
        ({"name": "T", "rounds": 6, "system": "swiss", "criteria": ["spread", "x"]},
         "record_choice", "criteria[1]", "criteria[1]: 'x' nie jest"),
        ({"name": "T", "rounds": 6, "system": "swiss", "bye_score": [300]},
         "record_length", "bye_score", "bye_score: powinno być listą 2 elementów, a nie 1"),
        ({"rounds": 6, "system": "swiss"}, "record_missing", "name", "name: brak"),
        ({"name": "T", "rounds": 6, "system": "swiss", "round": 3}, "record_unknown", "round",
         "round: nie ma takiego pola"),
        ({"name": "  ", "rounds": 6, "system": "swiss"}, "record_form", "name",
         "name: nie może być puste"),
        ({"name": "T", "rounds": 6, "system": "swiss", "dates": ["26.11.2026"]}, "record_form",
         "dates[0]", "dates[0]: powinno być datą RRRR-MM-DD, a nie '26.11.2026'"),
        ({"name": "T", "rounds": 6, "system": "swiss", "criteria": []}, "record_length",
         "criteria", "criteria: powinno mieć ≥ 1 elementów"),
    ],
)  # fmt: skip
def test_a_wrong_value_is_named_with_its_field_and_reason(
    data: dict[str, object], code: str, field_: str, polish: str
) -> None:
    with pytest.raises(RecordError) as e:
        load(Settings, data, source="t.json")
    assert (e.value.code, e.value.field) == (code, field_)
    assert describe(e.value, translator("pl")).startswith(f"t.json: {polish}")
    english = describe(e.value, translator("en"))
    assert english.startswith(f"t.json: {field_}:") and "powinno" not in english


def test_a_nested_error_names_the_path() -> None:
    data = {"seats": [{"table": 1, "name": "Ala"}, {"table": 0, "name": "Ola"}]}
    with pytest.raises(RecordError) as e:
        load(Hall, data)
    assert e.value.field == "seats[1].table" and e.value.code == "record_bound"


def test_a_changed_setting_is_checked_like_a_read_one() -> None:
    s = Settings("Klubowy", 7, "halving")
    assert s.with_(group_range=1.5).group_range == 1.5
    with pytest.raises(RecordError):
        s.with_(minutes=0)
    with pytest.raises(RecordError):
        s.with_(adjustment_formula="najlepsza")
