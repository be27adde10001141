"""Extract, update and compile plansza's message catalogues (``make messages``).

The message ids are the English texts passed to ``_``, ``N_``, ``NP_``,
``ngettext``, ``pgettext`` and ``npgettext`` in ``src/plansza`` (found with
:mod:`ast`, so calls inside f-strings count too, which Babel's own Python extractor
does not see before Python 3.12) and in the Jinja2 templates (Babel's extractor).
They go into ``locale/plansza.pot``; the Polish and English ``.po`` files are updated
from it (translators edit those) and compiled to ``.mo``.

    python scripts/messages.py            # extract, update, compile
    python scripts/messages.py --compile  # only compile (what the install does)
    python scripts/messages.py --check    # exit 1 if a message lacks its Polish text
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
PACKAGE = SRC / "plansza"
LOCALE = PACKAGE / "locale"
DOMAIN = "plansza"
LANGUAGES = ("pl", "en")

# name → (index of the context, indices of the singular and plural ids)
KEYWORDS: dict[str, tuple[int | None, tuple[int, ...]]] = {
    "_": (None, (0,)),
    "N_": (None, (0,)),
    "gettext": (None, (0,)),
    "NP_": (None, (0, 1)),
    "ngettext": (None, (0, 1)),
    "pgettext": (0, (1,)),
    "npgettext": (0, (1, 2)),
}

Message = tuple[str | tuple[str, str], str | None, str, int]
"""(id or (singular, plural), context, file, line)."""


def python_messages(root: Path | None = None) -> Iterator[Message]:
    """Every marked message of the Python sources under ``root`` (the package)."""
    for path in sorted((root or PACKAGE).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        rel = str(path.relative_to(SRC))
        registered = registered_commands(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and (node.name in registered or is_command(node)):
                doc = ast.get_docstring(node, clean=True)
                if doc:
                    yield doc, None, rel, node.lineno
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = (
                func.id
                if isinstance(func, ast.Name)
                else (func.attr if isinstance(func, ast.Attribute) else None)
            )
            if name not in KEYWORDS:
                continue
            ctx_index, indices = KEYWORDS[name]
            args = node.args
            if len(args) <= max(indices):
                continue
            texts = [args[i] for i in indices]
            if not all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in texts):
                continue  # a variable: the table it comes from is marked with N_
            values = [a.value for a in texts if isinstance(a, ast.Constant)]
            context = None
            if ctx_index is not None:
                c = args[ctx_index]
                if not (isinstance(c, ast.Constant) and isinstance(c.value, str)):
                    continue
                context = c.value
            mid: str | tuple[str, str] = values[0] if len(values) == 1 else (values[0], values[1])
            yield mid, context, rel, node.lineno


def registered_commands(tree: ast.Module) -> set[str]:
    """Functions a module registers as commands: ``app.command("demo")(demo)``."""
    names = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Call)
            and isinstance(node.func.func, ast.Attribute)
            and node.func.func.attr == "command"
            and node.args
            and isinstance(node.args[0], ast.Name)
        ):
            names.add(node.args[0].id)
    return names


def is_command(node: ast.FunctionDef) -> bool:
    """Whether ``node`` is a Typer command: its docstring is the command's help.

    A command takes its parameters as ``typer.Option(…)`` / ``typer.Argument(…)``
    defaults (or names a module-level option built so); the help text is translated
    when the help is shown (:func:`plansza.cli.entry.translate_help`).
    """
    for decorator in node.decorator_list:  # @app.command(...), @_command(...)
        func = decorator.func if isinstance(decorator, ast.Call) else decorator
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name.endswith("command"):
            return True
    defaults = [*node.args.defaults, *(d for d in node.args.kw_defaults if d is not None)]
    for d in defaults:
        call = isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute)
        if call and d.func.attr in ("Option", "Argument"):  # type: ignore[attr-defined]
            return True
        if isinstance(d, ast.Name) and d.id.endswith(("Option", "Argument")):
            return True
    return False


def template_messages() -> Iterator[Message]:
    """Every message of the Jinja2 templates."""
    templates = PACKAGE / "templates"
    if not templates.is_dir():
        return
    method_map = [("**.html", "jinja2")]
    options = {"**.html": {"extensions": "jinja2.ext.i18n"}}
    for filename, lineno, message, _comments, context in extract_from_dir(
        str(templates), method_map, options_map=options
    ):
        mid = message if isinstance(message, str) else (message[0], message[1])
        yield mid, context, f"plansza/templates/{filename}", lineno


def template_catalogue() -> Catalog:
    """The catalogue template of every message in the sources."""
    pot = Catalog(project="plansza", copyright_holder="The plansza developers")
    for mid, context, path, line in (*python_messages(), *template_messages()):
        existing = pot.get(mid if isinstance(mid, str) else mid[0], context)
        flags = ("python-brace-format",) if "{" in str(mid) else ()
        if existing is not None:
            existing.locations.append((path, line))
        else:
            pot.add(mid, locations=[(path, line)], context=context, flags=flags)
    return pot


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def load(lang: str) -> Catalog:
    path = po_path(lang)
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def save(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=0, sort_by_file=True, ignore_obsolete=True)


def update() -> None:
    """Extract the ids and merge them into every language's catalogue."""
    pot = template_catalogue()
    save(pot, LOCALE / f"{DOMAIN}.pot")
    for lang in LANGUAGES:
        path = po_path(lang)
        if path.exists():
            catalog = load(lang)
        else:
            catalog = Catalog(locale=lang, domain=DOMAIN, project="plansza")
        catalog.update(pot, no_fuzzy_matching=True)
        save(catalog, path)


def compile_catalogues(target: Path = LOCALE) -> list[Path]:
    """Compile every ``.po`` to a ``.mo`` under ``target`` (the package's locale dir)."""
    written = []
    for lang in LANGUAGES:
        catalog = load(lang)
        mo = target / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        mo.parent.mkdir(parents=True, exist_ok=True)
        with mo.open("wb") as f:
            write_mo(f, catalog, use_fuzzy=False)
        written.append(mo)
    return written


def untranslated(lang: str = "pl") -> list[str]:
    """The ids of the sources that ``lang``'s catalogue lacks or leaves empty or fuzzy."""
    catalog = load(lang)
    missing = []
    for message in template_catalogue():
        if not message.id:
            continue
        found = catalog.get(message.id, message.context)
        strings = found.string if found is not None else None
        ok = all(strings) if isinstance(strings, tuple | list) else bool(strings)
        if found is None or not ok or found.fuzzy:
            missing.append(str(message.id))
    return missing


def main(argv: list[str]) -> int:
    if "--check" in argv:
        missing = untranslated("pl")
        for mid in missing:
            print(f"no Polish text: {mid!r}")
        return 1 if missing else 0
    if "--compile" not in argv:
        update()
    for mo in compile_catalogues():
        print(mo.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
