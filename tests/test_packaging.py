"""The source distribution carries everything needed to build and run plansza.

Without ``MANIFEST.in`` an sdist left out ``data/sjp-20220301.txt.xz``, so a wheel
built from it (what ``pip install plansza-X.tar.gz`` does) had no default word list.
The tests build from a copy of the working tree in a temporary directory, through the
PEP 517 hooks ``python -m build --no-isolation`` calls, so the shared tree's
``*.egg-info`` and ``build/`` are left alone.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Not sources: the virtualenv, git, caches, build products of the working tree.
IGNORED = shutil.ignore_patterns(
    ".venv",
    ".git",
    "build",
    "dist",
    "*.egg-info",
    "__pycache__",
    "*.py[cod]",
    "*.so",
    "*.o",
    ".mypy_cache",
    ".pytest_cache",
    ".ruff_cache",
    ".hypothesis",
    "tmp",
)


def _hook(hook: str, source: Path, out: Path) -> Path:
    """Run a setuptools PEP 517 hook in a fresh process in ``source``; the file built."""
    code = f"from setuptools import build_meta; print(build_meta.{hook}({str(out)!r}))"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=source, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return out / done.stdout.strip().splitlines()[-1]


@pytest.fixture(scope="module")
def sdist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An sdist built from a copy of the working tree."""
    base = tmp_path_factory.mktemp("sdist")
    tree = base / "tree"
    shutil.copytree(ROOT, tree, ignore=IGNORED)
    return _hook("build_sdist", tree, base / "dist")


def _members(archive: Path) -> set[str]:
    """Paths in the archive without the leading ``plansza-X.Y.Z/``."""
    with tarfile.open(archive) as tar:
        return {m.name.split("/", 1)[1] for m in tar.getmembers() if m.isfile() and "/" in m.name}


def _files(under: str, *patterns: str) -> set[str]:
    """Files of the working tree under ``under`` matching ``patterns``, relative to the root."""
    found: set[str] = set()
    for pattern in patterns:
        for path in (ROOT / under).rglob(pattern):
            if path.is_file() and "__pycache__" not in path.parts:
                found.add(path.relative_to(ROOT).as_posix())
    return found


def test_sdist_carries_the_word_list_sources_headers_and_docs(sdist: Path) -> None:
    members = _members(sdist)
    needed = {
        # The default lexicon that setup.py copies into every wheel, and its provenance.
        "data/sjp-20220301.txt.xz",
        "data/README.md",
        "data/make_default_lexicon.py",
        "pyproject.toml",
        "setup.py",
        "MANIFEST.in",
        "LICENSE",
        "README.md",
        "CHANGELOG.md",
        "Makefile",
        "src/plansza/py.typed",
        "tests/conftest.py",
        "docs/en/lexicon.md",
        "docs/pl/lexicon.md",
    }
    # Every C source and header, and every stub, wherever it lives under src/ —
    # found in the tree, so a new header is checked too.
    needed |= _files("src", "*.c", "*.h", "*.pyi")
    # The package data pyproject.toml declares (leaves, the sample game, migrations,
    # the HTML templates and their stylesheet).
    needed |= _files("src/plansza", "*.json", "*.gcg", "*.mako", "*.ini", "*.html", "*.css")
    # The whole suite with its fixtures, the whole data/ directory, the docs.
    needed |= _files("tests", "*") | _files("data", "*") | _files("docs", "*.md")
    assert any(name.endswith(".h") for name in needed)
    missing = sorted(needed - members)
    assert not missing, f"missing from the sdist: {missing}"


def test_sdist_has_no_build_products(sdist: Path) -> None:
    members = _members(sdist)
    stray = sorted(m for m in members if m.endswith((".so", ".o", ".pyc")) or "__pycache__" in m)
    assert not stray, stray


@pytest.mark.slow
def test_wheel_built_from_the_sdist_has_the_word_list_and_the_compiled_core(
    sdist: Path, tmp_path: Path
) -> None:
    # What `pip install plansza-0.1.0.tar.gz` does: unpack, build a wheel (compiles
    # the C core, about 10 s), install. The wheel must find its default word list.
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp_path / "unpacked", filter="data")
    (source,) = (tmp_path / "unpacked").iterdir()
    wheel = _hook("build_wheel", source, tmp_path / "wheel")
    with zipfile.ZipFile(wheel) as whl:
        names = set(whl.namelist())
        whl.extractall(tmp_path / "installed")
    assert "plansza/lexicon/data/sjp-20220301.txt.xz" in names
    assert {"plansza/templates/base.html", "plansza/templates/static/plansza.css"} <= names
    for ext in ("lexicon/_kwg", "movegen/_movegen", "engine/_endgame"):
        assert any(n.startswith(f"plansza/{ext}.") and n.endswith((".so", ".pyd")) for n in names)
    # The slow twins are test code (tests/twins/): neither under their old names in
    # the package nor as a package of their own.
    twins = sorted(
        n
        for n in names
        if n.startswith(("twins/", "tests/")) or n.rsplit("/", 1)[-1].endswith("reference.py")
    )
    assert not twins, f"test code in the wheel: {twins}"
    assert "plansza/movegen/__init__.py" in names  # the listing is of the package itself
    # Run from the unpacked wheel (PYTHONPATH comes before the editable install).
    code = (
        "import plansza, plansza.movegen._movegen\n"
        "from plansza.lexicon.store import default_source\n"
        "print(plansza.__file__); print(default_source())"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env={"PYTHONPATH": str(tmp_path / "installed"), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    package, word_list = done.stdout.split()
    assert Path(package).is_relative_to(tmp_path / "installed")
    assert Path(word_list) == tmp_path / "installed/plansza/lexicon/data/sjp-20220301.txt.xz"
