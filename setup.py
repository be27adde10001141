"""Build script for the compiled core.

Metadata lives in pyproject.toml; this file only declares the C extensions so that
``pip install .`` (and ``pip install -e .``) compiles them with the system compiler.
"""

from setuptools import Extension, setup

EXT_MODULES: list = []

# The move generator (src/plansza/movegen/_movegen.c): GADDAG walk, cross-sets, scoring.
EXT_MODULES.append(
    Extension(
        "plansza.movegen._movegen",
        sources=["src/plansza/movegen/_movegen.c"],
        extra_compile_args=["-O3", "-std=gnu11", "-Wall", "-Wextra", "-Wno-unused-parameter"],
    )
)

setup(ext_modules=EXT_MODULES)
