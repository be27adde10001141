"""Shared test configuration."""

from __future__ import annotations

import contextlib
import gettext
import io
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from hypothesis import HealthCheck, settings

from plansza import i18n
from plansza.cli.i18n import use as set_language

# CI profile: deterministic and bounded so the suite stays well under 15 minutes.
settings.register_profile(
    "ci",
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture(autouse=True)
def _polish_by_default() -> Iterator[None]:
    """Every test starts in the default language (Polish), whatever the one before set:
    ``--lang`` on a CLI call changes the process-wide language."""
    set_language("pl")
    yield
    set_language("pl")


# Polish messages written on a branch before the lead merges them into the catalogue.
PENDING_PO = Path(__file__).resolve().parent.parent / "pending-pl.po"


@pytest.fixture(autouse=True, scope="session")
def _pending_polish_messages() -> Iterator[None]:
    """``translator("pl")`` knows the entries of ``pending-pl.po`` too (first), the compiled
    catalogue, when there is one, after them: Polish tests of new messages pass before
    the merge. Nothing is patched once ``pending-pl.po`` is merged and removed."""
    if not PENDING_PO.exists():
        yield
        return
    with PENDING_PO.open("rb") as f:
        pending = read_po(f, locale="pl")
    catalog = Catalog(locale="pl")
    for message in pending:
        if message.id:
            catalog[message.id] = message
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    polish = gettext.GNUTranslations(buf)
    real = i18n.translator
    with contextlib.suppress(RuntimeError):  # no compiled catalogue: the pending ones alone
        polish.add_fallback(real("pl"))

    def translator(lang: str = i18n.DEFAULT_LANGUAGE) -> i18n.Translator:
        return polish if i18n.language_code(lang) == "pl" else real(lang)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(i18n, "translator", translator)
        yield
