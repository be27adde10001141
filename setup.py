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


class BuildPyWithLexicon(build_py):
    """Copy the default word list into the package for non-editable installs.

    An editable install finds it in the repository's ``data/`` directory.
    """

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "plansza" / "lexicon" / "data"
        target.mkdir(parents=True, exist_ok=True)
        for source in (HERE / "data").glob("*.txt.xz"):
            shutil.copy2(source, target / source.name)


setup(ext_modules=EXT_MODULES, cmdclass={"build_py": BuildPyWithLexicon})
