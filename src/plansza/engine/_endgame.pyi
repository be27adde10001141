"""Type stubs of the compiled endgame search (``_endgame.c``)."""

from collections.abc import Callable
from typing import Any

from typing_extensions import Buffer

RECORD_SIZE: int
MAX_DEPTH: int
#: The bound that stands for none in solve's lower and upper.
VAL_INF: int

def solve(
    position: Any,
    rack: Buffer,
    opponent_rack: Buffer,
    scoreless_left: int,
    reset: int,
    zero_scoreless: bool,
    node_limit: int,
    deadline: float | None,
    now: Callable[[], float] | None,
    tt_bits: int,
    max_depth: int,
    threads: int,
    prove_after: int,
    iter_budget: int,
    line_budget: int,
    /,
) -> tuple[int, bool, int, int, list[bytes | None], int, int, bool]: ...
def child_keys(
    position: Any, rack: Buffer, opponent_rack: Buffer, scoreless_left: int, /
) -> list[tuple[int, int]]: ...
def single_tile_plays(position: Any, rack: Buffer, /) -> list[bytes]: ...
def release() -> None: ...
