"""axe-core's accessibility check of a page in the browser tests (issue 44, item 3).

axe-core comes with the ``axe-playwright-python`` package and runs inside the page as
Chromium shows it. :func:`assert_accessible` fails on any violation of impact
"serious" or "critical", naming each rule, how many elements break it, the first of
them and what to fix.
"""

from __future__ import annotations

from typing import Any

SERIOUS = ("serious", "critical")


def violations(page: Any) -> list[str]:
    """The serious and critical violations axe-core finds on ``page``, one line each."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [
        f"{v['id']} ({v['impact']}, {len(v['nodes'])}×, e.g. {v['nodes'][0]['target']}): "
        + v["nodes"][0].get("failureSummary", "").replace("\n", " ")
        for v in found
        if v["impact"] in SERIOUS
    ]


def assert_accessible(page: Any, what: str = "") -> None:
    """Fail when axe-core finds a serious or critical violation on ``page``."""
    bad = violations(page)
    assert not bad, f"{what or page.url}:\n" + "\n".join(bad)


def assert_accessible_in_both_schemes(page: Any, what: str = "") -> None:
    """:func:`assert_accessible` with the system's light and then dark colour scheme
    (emulated: the page is not reloaded); the page is left in the light one."""
    try:
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            assert_accessible(page, f"{what or page.url} ({scheme})")
    finally:
        page.emulate_media(color_scheme="light")


def assert_accessible_everywhere(page: Any, url: str, what: str = "") -> None:
    """``url`` opened on ``page`` in Polish and in English, each checked in both colour
    schemes; the page is left on it in Polish."""
    sep = "&" if "?" in url else "?"
    for lang in ("en", "pl"):
        page.goto(f"{url}{sep}lang={lang}")
        assert_accessible_in_both_schemes(page, f"{what or url} [{lang}]")
