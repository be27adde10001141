"""Every picture the docs show exists, and each language's web page shows its own.

The web app's pictures (``docs/images/web/``) are made by
``python scripts/web_screenshots.py``; a doc that names one that is not there, or the
other language's, is a broken page.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
IMAGE = re.compile(r"!\[([^\]]*)\]\(([^)\s]+)\)")


def images(doc: Path) -> list[tuple[str, str]]:
    """The (alt text, address) of every picture in a Markdown file."""
    return IMAGE.findall(doc.read_text(encoding="utf-8"))


def test_the_pattern_finds_pictures() -> None:
    doc = "x ![A lobby](../images/web/lobby.en.png) y ![](a.png) [a link](b.md)"
    assert IMAGE.findall(doc) == [("A lobby", "../images/web/lobby.en.png"), ("", "a.png")]


@pytest.mark.parametrize("doc", sorted(DOCS.rglob("*.md")), ids=lambda p: str(p.relative_to(DOCS)))
def test_every_picture_a_doc_shows_exists(doc: Path) -> None:
    for alt, address in images(doc):
        if "://" in address:
            continue
        target = (doc.parent / address.split("#")[0]).resolve()
        assert target.is_file(), f"{doc.relative_to(ROOT)}: {address} does not exist"
        assert alt.strip(), f"{doc.relative_to(ROOT)}: {address} has no alt text"


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_web_page_shows_its_own_languages_screenshots(lang: str) -> None:
    shown = [a for _, a in images(DOCS / lang / "web.md") if "/images/web/" in a]
    assert len(shown) >= 20  # a screenshot of each screen
    wrong = [a for a in shown if not a.endswith(f".{lang}.png")]
    assert not wrong, f"docs/{lang}/web.md shows another language's screenshots: {wrong}"
    assert len(set(shown)) == len(shown), "a screenshot shown twice"


def test_both_languages_show_the_same_screens() -> None:
    def screens(lang: str) -> list[str]:
        return [
            Path(a).name.removesuffix(f".{lang}.png")
            for _, a in images(DOCS / lang / "web.md")
            if "/images/web/" in a
        ]

    assert screens("en") == screens("pl")
