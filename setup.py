"""Build script for the compiled core.

Metadata lives in pyproject.toml; this file only declares the C extensions so that
``pip install .`` (and ``pip install -e .``) compiles them with the system compiler.
"""

from setuptools import setup

EXT_MODULES: list = []

setup(ext_modules=EXT_MODULES)
