"""Write plansza's API documentation, generated from its docstrings (``make docs``).

The first page is the flat API of ``plansza`` (its ``__all__``); every public module
of the package has its own page after it. pdoc documents only the submodules a
package lists in ``__all__``, so the modules are found here and named one by one.

    python scripts/api_docs.py                # HTML in build/api/
    python scripts/api_docs.py OUTPUT_DIR

The docstrings are reStructuredText (``literal``, :class:`Name` roles) with doctest
examples; warnings (a module that cannot be imported, an annotation that cannot be
read) are printed on standard error as ``Warn: …`` lines.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "build" / "api"

# Not documented: running ``plansza.__main__`` starts the command line, and Alembic's
# environment script (tournament migrations) can only be imported by Alembic.
SKIP = ("plansza.__main__", "plansza.tournament.migrations", "plansza.server.migrations")


def modules() -> list[str]:
    """``plansza`` and every public module in it (no ``_private`` part), sorted."""
    import plansza

    names = ["plansza"]
    for info in pkgutil.walk_packages(plansza.__path__, "plansza."):
        parts = info.name.split(".")
        if any(p.startswith("_") for p in parts[1:]) or info.name.startswith(SKIP):
            continue
        names.append(info.name)
    return sorted(names)


def specs() -> list[str]:
    """The module names to hand pdoc: each module once, either named or reached.

    pdoc walks into a package that has no ``__all__`` by itself and warns about a
    module named twice; a module it does not reach (its package lists an
    ``__all__`` of names, not modules) is named.
    """
    import pdoc.extract

    named: list[str] = []
    reached: set[str] = set()
    for name in modules():  # sorted: a package before its modules
        if name not in reached:
            named.append(name)
            reached = set(pdoc.extract.walk_specs([*named, *EXCLUDE]))
    return [*named, *EXCLUDE]


# pdoc's own exclusions (regular expressions), so that its walk skips them too.
EXCLUDE = [f"!{name.replace('.', chr(92) + '.')}.*" for name in SKIP]


def resolve_lazy_names(names: list[str]) -> None:
    """Load the names each module lists in ``__all__`` but loads on first use.

    pdoc looks a listed name up in the module's namespace, not through its PEP 562
    ``__getattr__`` (``plansza.tournament.TournamentFile`` is loaded on use so that
    SQLAlchemy is imported only when a tournament file is opened).
    """
    for name in names:
        module = importlib.import_module(name)
        for attribute in getattr(module, "__all__", ()):
            if attribute not in vars(module):
                setattr(module, attribute, getattr(module, attribute))


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    output = Path(args[0]) if args else OUTPUT
    import pdoc
    import pdoc.render

    # Python 3.11's array.array cannot be subscripted at run time (3.12's can): pdoc
    # then shows the annotation ``array[int]`` as written, which is what it should show.
    warnings.filterwarnings(
        "ignore", message=r"Error parsing type annotation .*'array\.array' is not subscriptable"
    )
    pdoc.render.configure(docformat="restructuredtext", search=True)
    names = specs()
    resolve_lazy_names([n for n in names if not n.startswith("!")])
    pdoc.pdoc(*names, output_directory=output)
    print(f"API documentation: {output / 'index.html'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
