"""The Jinja2 templates of plansza's HTML pages: the reports now, the web app next.

One environment, built once: autoescaping is on for ``.html`` templates (and for
strings), so a player called ``<script>`` is printed, never run. Messages go
through ``jinja2.ext.i18n`` with English message ids and the translator given to
each :func:`render` — there is no process-wide language, so two pages in two
languages can be rendered side by side (the web app serves both).

>>> from plansza.i18n import Translator
>>> page = ENV.from_string("{{ _('Round %(n)s', n=n) }}: {{ name }}")
>>> page.render(t=Translator(), n=3, name="Ola & <b>Ela</b>")
'Round 3: Ola &amp; &lt;b&gt;Ela&lt;/b&gt;'

A page extends ``base.html``, which sets the ``lang`` attribute from the
translator's catalogue and inlines the one stylesheet, ``static/plansza.css``,
so that a report file works alone, offline; the web app's pages (``web/base.html``)
link the site's stylesheet instead (:data:`SITE_CSS`) and hold no style of their own.
"""

from __future__ import annotations

import hashlib
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, pass_context, select_autoescape
from jinja2.runtime import Context

from plansza.i18n import Translator, UnknownLanguageError, language_code

__all__ = ["ENV", "SITE_CSS", "SITE_CSS_VERSION", "language_of", "render"]


def language_of(t: Translator) -> str:
    """The language code of ``t``'s catalogue (its ``Language`` header), ``"en"`` without one.

    >>> language_of(Translator())
    'en'
    """
    try:
        return language_code(t.info().get("language", ""))
    except UnknownLanguageError:
        # English is the message ids themselves: a translator with no catalogue speaks it.
        return "en"


def _translator(ctx: Context) -> Translator:
    t = ctx.get("t")
    if not isinstance(t, Translator):
        raise TypeError("render the template with its translator: t=plansza.i18n.translator(…)")
    return t


# The i18n extension's callables look the translator up in each render's context.
@pass_context
def _gettext(ctx: Context, message: str) -> str:
    return _translator(ctx).gettext(message)


@pass_context
def _ngettext(ctx: Context, singular: str, plural: str, n: int) -> str:
    return _translator(ctx).ngettext(singular, plural, n)


@pass_context
def _pgettext(ctx: Context, context: str, message: str) -> str:
    return _translator(ctx).pgettext(context, message)


@pass_context
def _npgettext(ctx: Context, context: str, singular: str, plural: str, n: int) -> str:
    return _translator(ctx).npgettext(context, singular, plural, n)


def _signed(value: int) -> str:
    """A spread with its sign: ``+12``, ``-3``, ``+0``."""
    return f"{value:+d}"


def _build() -> Environment:
    env = Environment(
        loader=PackageLoader("plansza", "templates"),
        autoescape=select_autoescape(["html"], default_for_string=True),
        extensions=["jinja2.ext.i18n"],
        undefined=StrictUndefined,  # a misspelt name fails the render, not prints ""
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        # the templates ship with the package and do not change while it runs: no
        # look at their files' times on every render
        auto_reload=False,
    )
    env.install_gettext_callables(  # type: ignore[attr-defined]  # added by jinja2.ext.i18n
        _gettext, _ngettext, newstyle=True, pgettext=_pgettext, npgettext=_npgettext
    )
    env.filters["signed"] = _signed
    return env


ENV = _build()


def _site_css() -> bytes:
    from importlib.resources import files

    folder = files("plansza.templates") / "static"
    return b"".join((folder / name).read_bytes() for name in ("plansza.css", "web.css"))


#: The web app's one stylesheet (``static/plansza.css`` then ``static/web.css``), served
#: at ``/static/site.css``; pages link it with ``?v=`` its hash, so a browser keeps it
#: until it changes. Reports inline ``plansza.css`` instead: a report file works alone.
SITE_CSS = _site_css()
SITE_CSS_VERSION = hashlib.sha256(SITE_CSS).hexdigest()[:12]
ENV.globals["site_css"] = f"/static/site.css?v={SITE_CSS_VERSION}"


def render(name: str, t: Translator, /, **context: Any) -> str:
    """The template ``name`` rendered in the language of ``t``.

    >>> from plansza.i18n import Translator
    >>> html = render("base.html", Translator(), title="Test")
    >>> html.startswith('<!DOCTYPE html>\\n<html lang="en">'), "<title>Test</title>" in html
    (True, True)
    """
    return ENV.get_template(name).render(t=t, lang=language_of(t), **context)
