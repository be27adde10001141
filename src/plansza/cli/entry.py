"""The console script's entry point.

``plansza check WORD...`` is meant for the table, several times a game: it takes a
path that skips building the whole command line (every subsystem's imports and
Typer's parsing cost several times the check itself). Everything else goes to the
full app in :mod:`plansza.cli.main`.
"""

from __future__ import annotations

import sys


def main() -> None:
    """Run ``plansza`` with the process arguments."""
    from plansza.cli.lexicon import fast_check

    code = fast_check(sys.argv[1:])
    if code is not None:
        raise SystemExit(code)
    from plansza.cli.main import app

    app()


if __name__ == "__main__":
    main()
