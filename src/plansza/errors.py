"""The project's error types.

Two families, as in python-chess: *can't read that* (:class:`InvalidMoveError`,
:class:`FormatError`) and *can't play that here* (:class:`IllegalMoveError`,
:class:`IllegalActionError`). All derive from :class:`PlanszaError`, itself a
:class:`ValueError`, so callers may catch one type for every user mistake.

>>> try:
...     raise IllegalMoveError("gap", "the tiles leave a gap at H10", cgp="15/...")
... except ValueError as e:
...     print(e.reason, "-", e)
gap - the tiles leave a gap at H10
"""

from __future__ import annotations


class PlanszaError(ValueError):
    """Base class of every error raised for bad user input."""


class InvalidMoveError(PlanszaError):
    """A move's text cannot be read (syntax; no board needed)."""


class IllegalMoveError(PlanszaError):
    """A readable move that cannot be played in the given position.

    ``reason`` is a stable code (``"gap"``, ``"not_connected"``, ``"occupied"``,
    ``"first_move_centre"``, …) that scripts can rely on; the message names the
    squares. ``cgp`` is the position, when known.
    """

    def __init__(
        self, reason: str, message: str, *, cgp: str | None = None, **details: object
    ) -> None:
        super().__init__(message)
        self.reason = reason
        self.cgp = cgp
        #: The facts behind the message (squares, tiles, …), for messages in other languages.
        self.details = details


class IllegalActionError(PlanszaError):
    """A game action refused by the rules (not your turn, exchange limit, …).

    The game state is unchanged when this is raised.
    """

    def __init__(self, reason: str, message: str, **details: object) -> None:
        super().__init__(message)
        self.reason = reason
        self.details = details


class FormatError(PlanszaError):
    """A record or position (GCG, CGP, CSV, word list) cannot be read.

    ``line`` is 1-based when the input has lines; ``source`` names the file.
    """

    def __init__(self, message: str, *, line: int | None = None, source: str | None = None) -> None:
        self.line = line
        self.source = source
        self.detail = message
        where = ""
        if source is not None and line is not None:
            where = f"{source}:{line}: "
        elif source is not None:
            where = f"{source}: "
        elif line is not None:
            where = f"line {line}: "
        super().__init__(where + message)
