"""Helpers of the hall's end-to-end browser tests (a tournament over two days, a
Belgijka of three games): every browser console error, script error and
Content-Security-Policy refusal of a context collected, so that a test ends by
asserting there were none; and the referee's laptop signed up through the pages."""

from __future__ import annotations

import re
from typing import Any

PW = "tajne-haslo-1"
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1200, "height": 1000}
#: The longest a page may take (ms): generous, for a machine busy with other tests (a
#: passing run never waits for it).
WAIT = 30_000


class Errors:
    """What went wrong in the browser: each entry ``(where, what)``.

    Stricter than :func:`tests.server.test_browser.watch`: every console message of
    type ``error`` counts (a CSP refusal is one), and every uncaught script error of
    any page of the watched contexts. ``expect(url, status)`` exempts the one message a
    browser logs for an address the test asks for knowing it is refused (a word tool's
    403 in a hall, a refused confirmation's 409): "Failed to load resource: … status
    of 403" for that address alone."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, str]] = []
        self._refused: set[tuple[str, int]] = set()

    def expect(self, url: str, status: int) -> None:
        self._refused.add((url, status))

    def watch(self, context: Any) -> Any:
        def console(message: Any) -> None:
            if message.type != "error":
                return
            where = str((message.location or {}).get("url", ""))
            if any(where == url and f"status of {status} " in message.text
                   for url, status in self._refused):  # fmt: skip
                return
            self.seen.append((where, message.text))

        def weberror(error: Any) -> None:
            page = error.page
            self.seen.append((page.url if page else "?", str(error.error)))

        context.on("console", console)
        context.on("weberror", weberror)
        return context

    def __bool__(self) -> bool:
        return bool(self.seen)


def new_context(browser: Any, errors: Errors, viewport: dict[str, int]) -> Any:
    """A browser context (a device) in Polish, watched, waiting up to :data:`WAIT`."""
    context = browser.new_context(viewport=viewport, locale="pl-PL")
    context.set_default_timeout(WAIT)
    return errors.watch(context)


def sign_up(page: Any, url: str, nickname: str = "sedzia") -> None:
    """An account signed up through the pages (the role is given afterwards)."""
    page.goto(f"{url}/konto/rejestracja")
    page.fill("input[name=nickname]", nickname)
    page.fill("input[name=password]", PW)
    page.fill("input[name=password2]", PW)
    page.click("main form button[type=submit]")
    page.wait_for_url(re.compile(r".*/(konto)?$"))


def csrf_in(text: str) -> str:
    m = re.search(r'name="csrf" value="([^"]+)"', text)
    assert m, text[-2000:]
    return m.group(1)
