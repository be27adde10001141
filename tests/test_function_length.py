"""No function in ``src/plansza`` over 80 lines without a reason written in it.

A long function is split where that is easy; where it is not (a dispatch table, the
template of one report, a command whose options are its signature) it says why: a
comment ``# long: <reason>`` on its ``def`` line (or on a line of its signature), or a
line ``long: <reason>`` in its docstring. The test lists every function over the limit
that does not.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "plansza"
LIMIT = 80
_COMMENT = re.compile(r"#\s*long:\s*\S")
_DOCSTRING = re.compile(r"^\s*long:\s*\S", re.IGNORECASE | re.MULTILINE)


@dataclass(frozen=True)
class LongFunction:
    path: str
    line: int
    name: str
    length: int
    reason: bool

    def __str__(self) -> str:
        return f"{self.path}:{self.line} {self.name} ({self.length} lines)"


def long_functions(source: str, path: str = "<source>") -> list[LongFunction]:
    """The functions (methods and nested ones included) of ``source`` over the limit,
    each with whether it says why; a function's lines run from ``def`` to its end."""
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        assert node.end_lineno is not None
        length = node.end_lineno - node.lineno + 1
        if length <= LIMIT:
            continue
        signature = lines[node.lineno - 1 : node.body[0].lineno - 1] or [lines[node.lineno - 1]]
        doc = ast.get_docstring(node) or ""
        reason = any(_COMMENT.search(line) for line in signature) or bool(_DOCSTRING.search(doc))
        found.append(LongFunction(path, node.lineno, node.name, length, reason))
    return found


def test_every_long_function_says_why() -> None:
    silent = [
        str(f)
        for p in sorted(SRC.rglob("*.py"))
        for f in long_functions(p.read_text(encoding="utf-8"), str(p.relative_to(SRC.parent)))
        if not f.reason
    ]
    assert not silent, (
        f"over {LIMIT} lines with no reason (split it, or write '# long: <reason>' on its "
        "def line or 'long: <reason>' in its docstring):\n" + "\n".join(silent)
    )


def _function(header: str, doc: str = "", body: int = LIMIT) -> str:
    statements = "".join(f"    x{i} = {i}\n" for i in range(body))
    return f"{header}\n{doc}{statements}"


def test_the_check_finds_a_long_function_and_its_reason() -> None:
    assert long_functions(_function("def short():", body=LIMIT - 1)) == []
    (silent,) = long_functions(_function("def f():"))
    assert (silent.name, silent.length, silent.reason) == ("f", LIMIT + 1, False)
    (commented,) = long_functions(_function("def f():  # long: a table of the kinds"))
    assert commented.reason
    signature = "def f(\n    a: int,  # long: one report's template\n) -> None:"
    assert long_functions(_function(signature))[0].reason
    documented = '    """Do it.\n\n    Long: the option list of one command.\n    """\n'
    assert long_functions(_function("def f():", documented))[0].reason
    late = "    # long: too late, in the body\n    y = 1\n"
    inside = _function("def f():", body=LIMIT - 2) + late
    assert not long_functions(inside)[0].reason
    nested = "def outer():\n" + "\n".join(
        "    " + line for line in _function("def inner():  # long: x").splitlines()
    )
    assert [(f.name, f.reason) for f in long_functions(nested)] == [
        ("outer", False),
        ("inner", True),
    ]
