"""Game commands: show, score, replay, demo."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the game commands to the root app."""
