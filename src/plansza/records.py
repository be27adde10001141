"""One way to write and read records: plain data out, checked data in.

A *record* is a dataclass whose fields are plain types (numbers, text, tuples,
lists, dicts, other records, ``Literal`` choices) with their limits written in the
annotations (``Annotated[int, Meta(ge=1)]``). :func:`dump` turns it into JSON-ready
data named by its fields; :func:`load` builds it back and checks every value
against the annotations (msgspec does both; nothing is written by hand per type).
What a user or a file gets wrong comes back as a :class:`RecordError` that names
the field and the reason, in words a front end translates.

Results printed with ``--json`` are *views*: each has an ``as_json()`` method (its
shape is part of the command line's contract and may differ from the fields).

>>> from dataclasses import dataclass
>>> from typing import Annotated, Literal
>>> @dataclass(frozen=True)
... class Clock:
...     minutes: Annotated[int, Meta(ge=1)]
...     kind: Literal["chess", "hourglass"] = "chess"
>>> dump(Clock(15))
{'minutes': 15, 'kind': 'chess'}
>>> load(Clock, {"minutes": 20})
Clock(minutes=20, kind='chess')
>>> load(Clock, {"minutes": 0})
Traceback (most recent call last):
...
plansza.records.RecordError: minutes: should be an integer ≥ 1
>>> load(Clock, {"minutes": 15, "kind": "sand"}).kind
Traceback (most recent call last):
...
plansza.records.RecordError: kind: 'sand' is not one of: chess, hourglass
"""

from __future__ import annotations

import dataclasses
import re
import typing
from typing import Annotated, Any, Literal, TypeVar

import msgspec
from msgspec import Meta

from plansza.errors import N_, FormatError, Term

# Annotated and Literal are here for the records written in doctests and notebooks.
__all__ = ["Annotated", "Literal", "Meta", "RecordError", "dump", "load"]

T = TypeVar("T")

# msgspec's names of JSON types, as a person reads them (the catalogues translate).
_TYPE_WORDS = {
    "int": N_("an integer"),
    "float": N_("a number"),
    "str": N_("a text"),
    "bool": N_("true or false"),
    "array": N_("a list"),
    "object": N_("an object"),
    "null": N_("nothing (null)"),
}
_BOUNDS = {">=": "≥", "<=": "≤", ">": ">", "<": "<"}

_AT = re.compile(r" - at `\$(?P<path>[^`]*)`$")
# An optional field's type reads `int | null`: what it should be is the type (null is
# its absence, the field's default).
_EXPECTED = re.compile(
    r"^Expected `(?P<want>\w+)(?: \| null)?`(?: (?P<op>[<>]=?) (?P<bound>\S+))?"
    r"(?:, got `(?P<got>\w+)`)?$"
)
_LENGTH = re.compile(r"^Expected `array` of length (?P<want>\d+), got (?P<got>\d+)$")
_REGEX = re.compile(r"^Expected `str` matching regex '(?P<regex>.*)'$")
_SIZE = re.compile(
    r"^Expected `(?P<want>array|str|object)` of length (?P<op>[<>]=?) (?P<bound>\d+)$"
)
# The patterns of the records, as a person reads them (the catalogues translate).
_FORMS = {
    r"\S": N_("{field}: should not be blank"),
    r"^\d{4}-\d{2}-\d{2}$": N_("{field}: should be a date YYYY-MM-DD, not {value}"),
}
_MISSING = re.compile(r"^Object missing required field `(?P<name>[^`]+)`$")
_CHOICE = re.compile(r"^Invalid enum value (?P<value>.+)$")


class RecordError(FormatError):
    """A record's data does not fit its type: ``field`` is the path (``games[2].score``),
    ``code`` one of ``record_type``, ``record_bound``, ``record_length``,
    ``record_missing``, ``record_choice``, ``record_unknown``, ``record``."""

    def __init__(
        self, template: str, /, *, field: str, code: str, source: str | None, **details: object
    ) -> None:
        self.field = field
        fields: dict[str, Any] = {"field": field, **details}
        super().__init__(template, code=code, source=source, **fields)


def dump(value: object) -> Any:
    """The JSON-ready data of a record (dicts, lists, text, numbers; dict keys as text).

    >>> dump({1: (300, 250)})
    {'1': [300, 250]}
    """
    return _lists(msgspec.to_builtins(value, str_keys=True))


def _lists(data: Any) -> Any:
    # msgspec keeps tuples; JSON has only lists, and a record's data compares equal to
    # the same data read back from JSON only when the tuples are lists too.
    if isinstance(data, dict):
        return {k: _lists(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [_lists(v) for v in data]
    return data


def load(kind: type[T], data: object, *, source: str | None = None, known_only: bool = True) -> T:
    """A ``kind`` record from ``data``, every value checked against the annotations.

    ``known_only``: a key that is not a field of a top-level record is an error (a file
    written by a newer program, or a misspelt setting) rather than silently dropped.
    """
    if known_only and isinstance(data, dict) and dataclasses.is_dataclass(kind):
        names = {f.name for f in dataclasses.fields(kind)}
        unknown = sorted(str(k) for k in data if k not in names)
        if unknown:
            raise RecordError(
                N_("{field}: no such field (the fields are: {fields})"),
                field=unknown[0],
                code="record_unknown",
                fields=", ".join(sorted(names)),
                source=source,
            )
    try:
        # Keys are text in JSON: str_keys reads the int keys of a dict[int, …] field.
        record = msgspec.convert(data, kind, strict=True, str_keys=True)
    except msgspec.ValidationError as e:
        raise _error(str(e), kind, data, source) from None
    _fill_defaults(record)
    return record


def _fill_defaults(value: object) -> None:
    # msgspec leaves a field that the data lacks to the class attribute holding its
    # default, and writes a dataclass from its __dict__: without this a record read and
    # written again would drop those fields (and take a later default when read back).
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        own = vars(value)
        for f in dataclasses.fields(value):
            if f.name not in own and f.default is not dataclasses.MISSING:
                object.__setattr__(value, f.name, f.default)
            _fill_defaults(getattr(value, f.name))
    elif isinstance(value, list | tuple):
        for item in value:
            _fill_defaults(item)
    elif isinstance(value, dict):
        for item in value.values():
            _fill_defaults(item)


def _error(message: str, kind: type[Any], data: object, source: str | None) -> RecordError:
    """msgspec's English sentence turned into a :class:`RecordError` with its parts."""
    at = _AT.search(message)
    path = at["path"] if at else ""
    message = message[: at.start()] if at else message
    if m := _MISSING.match(message):
        path = f"{path}.{m['name']}"
    field = path.lstrip(".") or "—"
    if m := _MISSING.match(message):
        return RecordError(
            N_("{field}: missing"), field=field, code="record_missing", source=source
        )
    if m := _LENGTH.match(message):
        return RecordError(
            N_("{field}: should be a list of {want}, not of {got}"),
            field=field,
            code="record_length",
            want=int(m["want"]),
            got=int(m["got"]),
            source=source,
        )
    if m := _REGEX.match(message):
        regex = m["regex"].replace("\\\\", "\\")
        return RecordError(
            _FORMS.get(regex, N_("{field}: {value} is not of the form {regex}")),
            field=field,
            code="record_form",
            value=_short(repr(_value_at(data, field))),
            regex=regex,
            source=source,
        )
    if m := _SIZE.match(message):
        return RecordError(
            N_("{field}: should have {op} {bound} items"),
            field=field,
            code="record_length",
            op=_BOUNDS[m["op"]],
            bound=int(m["bound"]),
            source=source,
        )
    if m := _CHOICE.match(message):
        choices = _choices(kind, field)
        return RecordError(
            N_("{field}: {value} is not one of: {choices}"),
            field=field,
            code="record_choice",
            value=_short(m["value"]),
            choices=", ".join(choices),
            source=source,
        )
    if (m := _EXPECTED.match(message)) and m["want"] in _TYPE_WORDS:
        want = Term(_TYPE_WORDS[m["want"]])
        if m["op"]:
            return RecordError(
                N_("{field}: should be {type} {op} {bound}"),
                field=field,
                code="record_bound",
                type=want,
                op=_BOUNDS[m["op"]],
                bound=m["bound"],
                source=source,
            )
        got = Term(_TYPE_WORDS.get(m["got"] or "", m["got"] or "?"))
        return RecordError(
            N_("{field}: should be {type}, not {got}"),
            field=field,
            code="record_type",
            type=want,
            got=got,
            source=source,
        )
    return RecordError(
        N_("{field}: {reason}"), field=field, code="record", reason=message, source=source
    )


def _short(text: str, limit: int = 40) -> str:
    """``text`` cut to ``limit`` characters with "…", as :func:`plansza.files.excerpt`
    (not imported: ``records`` and ``files`` are independent layers)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _value_at(data: object, path: str) -> object:
    """The value at a path like ``dates[0]`` or ``games[1].moves`` (``None`` if lost)."""
    for part in re.findall(r"[^.\[\]]+|\[\d+\]", path):
        try:
            key: int | str = int(part[1:-1]) if part.startswith("[") else part
            data = data[key]  # type: ignore[index]
        except (KeyError, IndexError, TypeError, ValueError):
            return None
    return data


def _choices(kind: type[Any], field: str) -> list[str]:
    """The allowed values of a ``Literal`` field of a top-level record (or none known)."""
    name = field.split("[")[0]  # criteria[1]: an item of the field criteria
    if not dataclasses.is_dataclass(kind) or "." in name:
        return []
    hint = typing.get_type_hints(kind, include_extras=True).get(name)
    for part in _parts(hint):
        if typing.get_origin(part) is typing.Literal:
            return [str(v) for v in typing.get_args(part)]
    return []


def _parts(hint: Any) -> list[Any]:
    """``hint`` with ``Annotated``, ``Optional`` and tuples of it unwrapped."""
    if hint is None:
        return []
    origin = typing.get_origin(hint)
    if origin is typing.Annotated:
        return _parts(typing.get_args(hint)[0])
    if origin in (tuple, list, typing.Union) or str(origin) == "types.UnionType":
        return [p for arg in typing.get_args(hint) for p in _parts(arg)]
    return [hint]
