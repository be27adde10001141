"""The typed tournament log (tournament.kinds): one struct per kind, one reader of
stored data (decode) for every version, one apply function per kind in a table."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from plansza.errors import IllegalActionError
from plansza.records import RecordError, dump
from plansza.tournament import events, kinds
from plansza.tournament.events import Event, apply, describe, replay
from plansza.tournament.kinds import KINDS, decode
from plansza.tournament.storage import TournamentFile

from .helpers import Log, settings
from .kept_logs import HERE, NAMES, snapshot


def kept_events() -> list[Event]:
    out: list[Event] = []
    for name in NAMES:
        f = TournamentFile.open(str(HERE / f"{name}.turniej.sqlite"))
        try:
            out += f.events()
        finally:
            f.close()
    return out


def test_every_kind_has_its_struct_its_function_and_its_words() -> None:
    # created starts the state and undo is honoured by effective: neither is applied
    assert set(events.APPLY) == set(KINDS) - {"created", "undo"}
    assert set(events._WORDING) == set(KINDS)


def test_every_stored_field_is_a_field_of_its_kind() -> None:
    # the structs cover what the program writes: nothing stored is read past silently
    seen = set()
    for e in kept_events():
        fields = set(KINDS[e.kind].__struct_fields__)
        assert set(e.data) <= fields, (e.kind, set(e.data) - fields)
        seen.add(e.kind)
    assert seen == set(KINDS)  # the kept files hold every kind


def test_decoded_data_gives_back_what_was_stored() -> None:
    for e in kept_events():
        again = dump(decode(e.kind, e.data))
        assert {k: again[k] for k in e.data} == json.loads(json.dumps(e.data)), e.kind


def test_old_events_take_the_defaults_of_fields_added_since() -> None:
    # a correction from before TR 4.6.4's window; a player from before the categories;
    # a withdrawal from before its round was written
    old = decode("correct", {"round": 1, "a": 1, "sa": 400, "b": 2, "sb": 300})
    assert isinstance(old, kinds.Correct)
    assert (old.consent, old.day, old.note, old.last) == (None, None, "", None)
    player = decode("player_added", {"name": "Ala"})
    assert isinstance(player, kinds.PlayerAdded)
    assert (player.ranking, player.games, player.categories, player.division) == (
        None, 0, None, None,
    )  # fmt: skip
    assert decode("withdraw", {"player": 3}) == kinds.Withdraw(player=3)


def test_a_field_from_a_newer_program_is_ignored() -> None:
    log = Log(settings())
    log.add("player_added", name="Ala", since_version_99="x")
    log.add("player_added", name="Ola")
    log.add("paired", round=1, tables=[[1, 2]], future={"a": 1})
    log.add("result", round=1, a=1, sa=400, b=2, sb=300, signed_by="ala")
    r = replay(log.events).rounds[1].pairings[0].result
    assert r is not None and (r.score_first, r.score_second) == (400, 300)


def test_a_value_of_the_wrong_type_names_the_kind_and_the_field() -> None:
    state = Log(settings()).state
    with pytest.raises(RecordError) as e:
        apply(state, Event(2, "player_added", {"name": "Ala", "games": "many"}))
    assert (e.value.code, e.value.field, e.value.source) == ("record_type", "games", "player_added")
    assert str(e.value) == "player_added: games: should be an integer, not a text"
    with pytest.raises(RecordError, match="round: missing"):
        decode("result", {"a": 1, "sa": 400, "b": 2, "sb": 300})
    assert state.players == {}  # refused: nothing changed


def test_an_unknown_kind_is_the_logs_refusal() -> None:
    with pytest.raises(IllegalActionError) as e:
        apply(Log(settings()).state, Event(2, "teleport", {}))
    assert e.value.code == "unknown_event"
    with pytest.raises(IllegalActionError):
        decode("teleport", {})


def test_describe_shows_what_it_cannot_read_as_stored() -> None:
    from plansza import i18n

    t = i18n.translator("en")
    assert describe(Event(5, "teleport", {"to": "Łódź"}), {}, t) == 'teleport {"to": "Łódź"}'
    bad = Event(5, "result", {"round": "one", "a": 1})
    assert describe(bad, {}, t) == 'result {"round": "one", "a": 1}'
    clock = Event(5, "clock", {"round": 1, "action": "explode"})
    assert describe(clock, {}, t) == 'clock {"round": 1, "action": "explode"}'


def test_a_kept_file_replays_event_by_event_as_a_whole(tmp_path: Path) -> None:
    # the staged path (one event applied to the kept state) and the replay agree
    shutil.copy(HERE / "klub.turniej.sqlite", tmp_path / "k.turniej.sqlite")
    f = TournamentFile.open(str(tmp_path / "k.turniej.sqlite"))
    try:
        log = f.events()
    finally:
        f.close()
    live = events.effective(log)
    state = replay(live[:1])
    for e in live[1:]:
        apply(state, e)
    assert snapshot(state) == snapshot(replay(log))
