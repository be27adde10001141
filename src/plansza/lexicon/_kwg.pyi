"""Type stubs of the compiled core (``_kwg.c``; node layout in ``kwg.h``)."""

from collections.abc import Callable
from typing import Any

from typing_extensions import Buffer

FORMAT_VERSION: int
MAX_WORD: int
BUILDER_VERSION: int
MAX_NODES: int
PAT_ANY: int
PAT_STAR: int
CAPSULE_NAME: str

def parse_words(
    data: Buffer, lower: str, upper: str, min_len: int, max_len: int, /
) -> tuple[bytes, int, list[int], list[int], list[int]]: ...
def build(
    packed: Buffer, alphabet_size: int, progress: Callable[[int, int], object] | None = ..., /
) -> tuple[bytes, int]: ...

class Kwg:
    n_nodes: int
    alphabet_size: int
    dawg_root: int
    gaddag_root: int
    def __new__(cls, buffer: Buffer, offset: int, n_nodes: int, lower: str, upper: str) -> Kwg: ...
    def __contains__(self, word: object) -> bool: ...
    def __buffer__(self, flags: int, /) -> memoryview: ...
    def contains(self, word: str, /) -> bool: ...
    def contains_tiles(self, tiles: Buffer, /) -> bool: ...
    def search(
        self,
        pattern: Buffer | None = ...,
        rack: Buffer | None = ...,
        blanks: int = ...,
        exact: bool = ...,
        min_len: int = ...,
        max_len: int = ...,
        limit: int = ...,
    ) -> list[tuple[str, int]]: ...
    def letter_sets(self, list_index: int, /) -> tuple[int, int]: ...
    def capsule(self) -> Any: ...
