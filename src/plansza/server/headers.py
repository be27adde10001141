"""The security headers of every response, and ``Secure`` cookies behind HTTPS.

:class:`SecurityHeaders` is an ASGI middleware around the whole app. Each HTTP
response gets:

* a Content-Security-Policy without ``unsafe-inline``: scripts only from the app's
  own files (``/static/…``; a page's ``<script type="application/json">`` data is
  never run), styles from its files or the page's own ``<style>`` elements, each
  allowed by the hash of its text (a page's stylesheet is inlined so that a report
  file works alone; the hash lets exactly the text the server wrote apply, and a
  cached page keeps its hash), no frames of the app on other sites
  (``frame-ancestors 'none'``), no plugins, forms posted only to the app, the page's
  connections (its WebSocket, htmx) only to it;
* ``X-Content-Type-Options: nosniff``, ``X-Frame-Options: DENY`` (older browsers'
  ``frame-ancestors``) and ``Referrer-Policy: same-origin`` — an invitation link
  holds a secret, and a link followed from a page must not carry it away.

When the request came over HTTPS (directly, or through a proxy's
``X-Forwarded-Proto: https``), every cookie set is marked ``Secure``: the session's,
the seats', the language's.

>>> csp([b"p { color: red; }"]).split("; ")[2]
"style-src 'self' 'sha256-pckGv9YvNcB5xy+Y4fbqhyo+ib850wyiuWeNbZvLi00='"
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Iterable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

_STYLE = re.compile(rb"<style>(.*?)</style>", re.DOTALL)


def csp(styles: Iterable[bytes] = ()) -> str:
    """The Content-Security-Policy of a response whose inline styles are ``styles``."""
    hashes = "".join(
        f" 'sha256-{base64.b64encode(hashlib.sha256(text).digest()).decode()}'"
        for text in dict.fromkeys(styles)
    )
    return "; ".join(
        [
            "default-src 'self'",
            "script-src 'self'",
            f"style-src 'self'{hashes}",
            "img-src 'self' data:",
            "connect-src 'self'",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        ]
    )


def _https(scope: Scope) -> bool:
    if scope.get("scheme") in ("https", "wss"):
        return True
    for name, value in scope.get("headers", []):
        if name == b"x-forwarded-proto":
            return bool(value.split(b",")[0].strip() == b"https")
    return False


class SecurityHeaders:
    """The middleware (see the module's docstring). An HTML response is held until
    its body is whole (pages are small; a stream of events is not HTML and passes at
    once), for the hashes of its styles."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        https = _https(scope)
        start: Message | None = None
        body: list[bytes] = []

        async def with_headers(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                headers = [
                    (k, _secure(v) if https and k.lower() == b"set-cookie" else v)
                    for k, v in message.get("headers", [])
                ]
                message = {**message, "headers": headers}
                html = any(
                    k.lower() == b"content-type" and v.startswith(b"text/html") for k, v in headers
                )
                if html:
                    start = message  # sent with the body, once the styles are known
                    return
                await send(_with_policy(message, ()))
                return
            if message["type"] == "http.response.body" and start is not None:
                body.append(message.get("body", b""))
                if message.get("more_body", False):
                    return
                whole = b"".join(body)
                await send(_with_policy(start, _STYLE.findall(whole)))
                await send({"type": "http.response.body", "body": whole})
                return
            await send(message)

        await self.app(scope, receive, with_headers)


class CompressFiles:
    """gzip for the app's files (``/static/…``: scripts, the stylesheet), never for a
    page. A page holds secrets (its form token, an invitation's code) next to text a
    stranger can put there (a name, a searched word); compressed, the length of the
    answer would tell a listener on the hall's network when a guess matched the secret
    (BREACH). The files are the same for everyone and most of the bytes."""

    def __init__(self, app: ASGIApp, minimum_size: int = 1000) -> None:
        from starlette.middleware.gzip import GZipMiddleware

        self.app = app
        self.gzip = GZipMiddleware(app, minimum_size=minimum_size)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"].startswith("/static/"):
            await self.gzip(scope, receive, send)
        else:
            await self.app(scope, receive, send)


def _with_policy(start: Message, styles: Iterable[bytes]) -> Message:
    headers = list(start.get("headers", []))
    headers += [
        (b"content-security-policy", csp(styles).encode()),
        (b"x-content-type-options", b"nosniff"),
        (b"x-frame-options", b"DENY"),
        (b"referrer-policy", b"same-origin"),
    ]
    return {**start, "headers": headers}


def _secure(cookie: bytes) -> bytes:
    """A ``Set-Cookie`` value marked ``Secure`` (once)."""
    if b"; secure" in cookie.lower():
        return cookie
    return cookie + b"; Secure"


__all__ = ["CompressFiles", "SecurityHeaders", "csp"]
