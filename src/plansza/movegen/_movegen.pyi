"""Type stubs of the compiled move generator (``_movegen.c``)."""

from typing import Any

from typing_extensions import Buffer

RECORD_SIZE: int
BLANK_FLAG: int
THROUGH_FLAG: int

class Position:
    def __init__(
        self,
        kwg: Any,
        values: Buffer,
        premiums: Buffer,
        rack_size: int,
        bingo: int,
        first_min: int,
        /,
    ) -> None: ...
    def set_board(self, codes: Buffer, /) -> None: ...
    def place(self, triples: Buffer, /) -> None: ...
    def generate(self, rack: Buffer, /) -> bytes: ...
    def top(
        self, rack: Buffer, n: int = ..., leaves: Buffer | None = ..., scale: int = ..., /
    ) -> bytes: ...
    def anchor_bounds(self, rack: Buffer, /) -> dict[tuple[int, int, int], int]: ...
    def cross_set(self, direction: int, row: int, col: int, /) -> tuple[int, int]: ...
    def board(self) -> bytes: ...
