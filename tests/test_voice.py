"""The domain speaks no language: it raises templates, a front end words them.

Walks the syntax trees of ``src/plansza`` outside the front ends (``cli/``,
``server/``: they choose the language of each user) and fails on

* an error class (a subclass of ``PlanszaError``, found by name across the package)
  raised with an f-string, a ``%`` or ``.format`` expression or an unmarked string
  literal as its template (the template must be a ``N_``/``NP_``-marked English id,
  so the catalogues know it and every language can word it);
* a module that imports ``plansza.cli`` (the front end) or words a text itself by
  calling ``gettext``/``ngettext``/``translator(`` (the language is the front end's:
  a report or template renders through a translator *given* to it, ``t.gettext``).

Each checker is also run on a small fake source, to show that it can fail.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "plansza"

# The messages mechanism itself loads catalogues; the entry point runs the CLI.
LANGUAGE_MECHANISM = {"i18n.py"}
ENTRY_POINTS = {"__main__.py"}
# Error classes whose template is their second argument (the first is the reason code).
REASON_FIRST = {"IllegalMoveError", "IllegalActionError"}
# ``_`` is left out: a report binds ``_ = t.gettext`` to the translator it is given.
WORDING_CALLS = {"gettext", "ngettext", "pgettext", "npgettext", "translator"}


FRONT_ENDS = {"cli", "server"}


def domain_files() -> list[Path]:
    """Every Python module of the package outside the front ends."""
    return sorted(
        p for p in PACKAGE.rglob("*.py") if not FRONT_ENDS & set(p.relative_to(PACKAGE).parts)
    )


def error_classes(trees: Iterable[ast.Module]) -> tuple[set[str], set[str]]:
    """The names of ``PlanszaError`` and its subclasses, and those taking a reason first."""
    bases: dict[str, set[str]] = {}
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                names = {_name(b) for b in node.bases} - {None}
                bases.setdefault(node.name, set()).update(n for n in names if n)
    errors = {"PlanszaError"}
    reason_first = set(REASON_FIRST)
    changed = True
    while changed:
        changed = False
        for cls, parents in bases.items():
            if cls not in errors and parents & errors:
                errors.add(cls)
                changed = True
            if cls not in reason_first and parents & reason_first:
                reason_first.add(cls)
                changed = True
    return errors, reason_first


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _unmarked(arg: ast.expr) -> str | None:
    """Why ``arg`` is not a marked template, or None if it is fine."""
    if isinstance(arg, ast.JoinedStr):
        return "an f-string"
    if isinstance(arg, ast.BinOp) and isinstance(arg.op, ast.Mod):
        return "a % expression"
    if isinstance(arg, ast.Call) and _name(arg.func) == "format":
        return "a .format() call"
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return "an unmarked string (mark it with N_)"
    return None


def template_problems(
    tree: ast.Module, errors: set[str], reason_first: set[str], where: str
) -> Iterator[str]:
    """Each error raised in ``tree`` whose template is not a marked English id."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        cls = _name(node.func)
        if cls not in errors:
            continue
        index = 1 if cls in reason_first else 0
        for i, arg in enumerate(node.args):
            why = _unmarked(arg)
            # A constant before the template is the reason code; any computed text is wrong.
            if why is None or (i < index and isinstance(arg, ast.Constant)):
                continue
            if i > index and isinstance(arg, ast.Constant):
                continue
            yield f"{where}:{node.lineno}: {cls} raised with {why}"


def language_problems(tree: ast.Module, where: str) -> Iterator[str]:
    """Imports of the front end, and texts worded without a translator given."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("plansza.cli"):
            yield f"{where}:{node.lineno}: imports {node.module}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("plansza.cli"):
                    yield f"{where}:{node.lineno}: imports {alias.name}"
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id in WORDING_CALLS:
                yield f"{where}:{node.lineno}: calls {func.id}() itself"
            elif (
                isinstance(func, ast.Attribute)
                and isinstance(func.value, ast.Name)
                and func.value.id in {"gettext", "i18n"}
                and func.attr in WORDING_CALLS | {"translation", "install"}
            ):
                yield f"{where}:{node.lineno}: calls {func.value.id}.{func.attr}() itself"


def check(sources: dict[str, str]) -> list[str]:
    """Every problem of the given modules (``{relative path: source}``)."""
    trees = {path: ast.parse(text, path) for path, text in sources.items()}
    errors, reason_first = error_classes(trees.values())
    problems: list[str] = []
    for path, tree in trees.items():
        problems += template_problems(tree, errors, reason_first, path)
        name = Path(path).name
        if name not in LANGUAGE_MECHANISM | ENTRY_POINTS:
            problems += language_problems(tree, path)
    return problems


def test_the_domain_raises_only_marked_templates_and_speaks_no_language() -> None:
    sources = {
        str(p.relative_to(PACKAGE)): p.read_text(encoding="utf-8") for p in domain_files()
    }
    assert len(sources) > 50  # the walk found the package
    assert check(sources) == []


FAKE_ERRORS = """
class PlanszaError(ValueError): ...
class IllegalMoveError(PlanszaError): ...
class GameError(PlanszaError): ...
class DeepError(GameError): ...
class RefusedError(IllegalMoveError): ...
"""


@pytest.mark.parametrize(
    ("code", "why"),
    [
        ('raise DeepError(f"bad {x}")', "DeepError raised with an f-string"),
        ('raise PlanszaError("bad %s" % x)', "PlanszaError raised with a % expression"),
        ('raise GameError("bad {}".format(x))', "GameError raised with a .format() call"),
        ('raise GameError("bad input")', "GameError raised with an unmarked string"),
        ('raise RefusedError("gap", "a gap")', "RefusedError raised with an unmarked string"),
        ('raise IllegalMoveError("gap", f"at {s}")', "IllegalMoveError raised with an f-string"),
        ('e = errors.PlanszaError(f"{x}")', "PlanszaError raised with an f-string"),
    ],
)
def test_an_unmarked_template_is_found(code: str, why: str) -> None:
    problems = check({"errors.py": FAKE_ERRORS, "game.py": f"def f(x, s):\n    {code}\n"})
    assert len(problems) == 1
    assert problems[0].startswith("game.py:2: " + why)


@pytest.mark.parametrize(
    "code",
    [
        'raise DeepError(N_("bad {x}"), x=x)',
        'raise RefusedError("gap", N_("a gap at {square}"), square=s)',
        'raise GameError(NP_("{n} tile", "{n} tiles"), plural_field="n", n=x)',
        "raise GameError(TEMPLATES[x], x=x)",
        'raise ValueError(f"not a user mistake: {x}")',
    ],
)
def test_a_marked_template_passes(code: str) -> None:
    assert check({"errors.py": FAKE_ERRORS, "game.py": f"def f(x, s):\n    {code}\n"}) == []


@pytest.mark.parametrize(
    ("code", "why"),
    [
        ("from plansza.cli.i18n import _", "imports plansza.cli.i18n"),
        ("import plansza.cli.common", "imports plansza.cli.common"),
        ('x = translator("pl").gettext("Round")', "calls translator() itself"),
        ('x = gettext("Round")', "calls gettext() itself"),
        ('x = gettext.translation("plansza", "locale")', "calls gettext.translation() itself"),
    ],
)
def test_a_domain_module_that_words_texts_itself_is_found(code: str, why: str) -> None:
    problems = check({"report.py": code + "\n"})
    assert problems == [f"report.py:1: {why}"]


def test_wording_through_a_given_translator_passes() -> None:
    code = 'def title(t):\n    return t.gettext("Round {n}").format(n=1)\n'
    assert check({"report.py": code}) == []
    # the messages mechanism and the entry point are not the domain
    assert check({"i18n.py": 'gettext.translation("plansza", "x")\n'}) == []
    assert check({"__main__.py": "from plansza.cli.entry import main\n"}) == []
