"""Leave values: the model, its tables for the compiled core, the shipped Polish
values and the trainer's regression."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from plansza.engine.leaves import LeaveModel, feature_names, features
from plansza.engine.train import Sample, fit
from plansza.movegen import leave_index_order
from plansza.tiles import TileSet

TS = TileSet.polish()
racks = st.lists(st.sampled_from([*TS.letters, "?"]), min_size=1, max_size=7).map("".join)


@given(racks)
def test_table_holds_every_sub_rack_value_in_order(rack: str) -> None:
    model = LeaveModel.default(TS)
    table = model.table(rack, 100)
    order = leave_index_order(TS.sort_tiles(rack), TS)
    assert list(table) == [round(model.value(x) * 100) for x in order]


@given(racks)
def test_value_ignores_tile_order(rack: str) -> None:
    model = LeaveModel.default(TS)
    assert model.value(rack) == model.value(rack[::-1]) == model.value(TS.sort_tiles(rack))


@given(racks)
def test_every_feature_is_known(rack: str) -> None:
    names = set(feature_names(TS))
    assert set(features(rack[:6], TS)) <= names


def test_shipped_values_are_trained_and_sensible() -> None:
    model = LeaveModel.default(TS)
    assert model.info.get("rounds"), "the shipped table records how it was trained"
    # What every Scrabble player knows, learned from self-play alone: a blank is the
    # best tile to keep, and a second blank is worth less than the first.
    assert model.value("?") == max(model.value(t) for t in [*TS.letters, "?"])
    assert model.value("??") - model.value("?") < model.value("?")
    # Duplicates and all-consonant leaves hurt.
    assert model.value("Ż") > model.value("ŻŻ") or model.value("ZZ") < 2 * model.value("Z")
    assert model.value("AEIO") < model.value("AE") + model.value("IO")


def test_best_exchange_keeps_the_best_leave() -> None:
    model = LeaveModel.zero(TS)
    model.weights["single"].update({"?": 30.0, "Ź": -20.0})
    model.clear_cache()
    tiles, kept = model.best_exchange("ŹAB?")
    assert "?" not in tiles and "Ź" in tiles and kept == 30.0


def test_fit_recovers_known_values() -> None:
    samples = []
    truth = {"A": 3.0, "?": 25.0, "Ź": -6.0}
    for leave in ["A", "?", "Ź", "A?", "AŹ", "?Ź", "A?Ź"]:
        y = 30.0 + sum(truth[t] for t in leave)
        samples += [Sample(leave, y)] * 40
    names, weights, bias = fit(samples, TS, ridge=0.0001)
    model = LeaveModel.from_vector(TS, names, weights)
    # Without samples of an empty leave the intercept is not pinned down by itself,
    # but every prediction is.
    for leave in ["A", "?", "Ź", "A?", "AŹ", "?Ź", "A?Ź"]:
        assert abs(bias + model.value(leave) - (30.0 + sum(truth[t] for t in leave))) < 0.1
    assert abs((model.value("A?") - model.value("A")) - 25.0) < 0.1
