"""A Rich progress bar on standard error for long lexicon builds."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn

from plansza.lexicon.core import ProgressCallback


@contextmanager
def progress_bar(description: str) -> Iterator[ProgressCallback]:
    """A ``progress(done, total)`` callback drawing a bar on stderr (transient)."""
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
