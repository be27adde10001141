"""Progress of long lexicon builds: the callback type and a Rich bar that draws it.

:meth:`Lexicon.compile <plansza.lexicon.core.Lexicon.compile>` reports its work
through a :data:`ProgressCallback`; :func:`progress_bar` makes one that draws a
transient bar on standard error.

>>> seen = []
>>> report: ProgressCallback = lambda done, total: seen.append((done, total))
>>> report(1, 4); seen
[(1, 4)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

ProgressCallback = Callable[[int, int], object]
"""Called as ``progress(done, total)`` while a lexicon is compiled."""


@contextmanager
def progress_bar(description: str) -> Iterator[ProgressCallback]:
    """A ``progress(done, total)`` callback drawing a bar on stderr (transient)."""
    # Rich only when a bar is drawn: importing the lexicon (the move generator, the
    # engine) must not load a terminal library.
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        Progress,
        TaskProgressColumn,
        TextColumn,
        TimeElapsedColumn,
    )

    console = Console(stderr=True, highlight=False)
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TaskProgressColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task(description, total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update
