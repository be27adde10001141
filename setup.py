"""Build script for the compiled core.

Metadata lives in pyproject.toml; this file only declares the C extensions so that
``pip install .`` (and ``pip install -e .``) compiles them with the system compiler.
"""

import shutil
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).parent

EXT_MODULES: list = [
    # The lexicon: word-list parser, KWG (DAWG + GADDAG) builder, memory-mapped view.
    Extension(
        "plansza.lexicon._kwg",
        sources=["src/plansza/lexicon/_kwg.c"],
        depends=["src/plansza/lexicon/kwg.h"],
        include_dirs=["src/plansza/lexicon"],
        extra_compile_args=["-O2", "-std=c11"],
    ),
]

# The move generator (src/plansza/movegen/_movegen.c): GADDAG walk, cross-sets, scoring.
EXT_MODULES.append(
    Extension(
        "plansza.movegen._movegen",
        sources=["src/plansza/movegen/_movegen.c"],
        depends=["src/plansza/lexicon/kwg.h", "src/plansza/movegen/mg_core.h"],
        extra_compile_args=["-O3", "-std=gnu11", "-Wall", "-Wextra", "-Wno-unused-parameter"],
    )
)

# The endgame solver (src/plansza/engine/_endgame.c): negamax over the movegen core.
EXT_MODULES.append(
    Extension(
        "plansza.engine._endgame",
        sources=["src/plansza/engine/_endgame.c"],
        depends=["src/plansza/lexicon/kwg.h", "src/plansza/movegen/mg_core.h"],
        # -pthread: the search's helper thread (solve(threads=2))
        extra_compile_args=[
            "-O3",
            "-std=gnu11",
            "-pthread",
            "-Wall",
            "-Wextra",
            "-Wno-unused-parameter",
        ],
        extra_link_args=["-pthread"],
    )
)


def compile_catalogues(package_dir: Path) -> None:
    """Compile the message catalogues (``locale/*/LC_MESSAGES/plansza.po``) to ``.mo``."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    source = HERE / "src" / "plansza" / "locale"
    for po in source.glob("*/LC_MESSAGES/plansza.po"):
        mo = package_dir / "locale" / po.relative_to(source).with_suffix(".mo")
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.parent.parent.name)
        with mo.open("wb") as f:
            write_mo(f, catalog, use_fuzzy=False)


class BuildPyWithLexicon(build_py):
    """Copy the default word list into the package and compile the catalogues.

    An editable install finds the word list in the repository's ``data/`` directory
    and the compiled catalogues in ``src/`` (``make setup`` compiles them there).
    """

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "plansza" / "lexicon" / "data"
        target.mkdir(parents=True, exist_ok=True)
        for source in (HERE / "data").glob("*.txt.xz"):
            shutil.copy2(source, target / source.name)
        if getattr(self, "editable_mode", False):
            compile_catalogues(HERE / "src" / "plansza")
        else:
            compile_catalogues(Path(self.build_lib) / "plansza")


setup(ext_modules=EXT_MODULES, cmdclass={"build_py": BuildPyWithLexicon})
