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
