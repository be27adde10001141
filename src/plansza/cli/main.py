"""The ``plansza`` command: one Typer app with a sub-app per subsystem.

Sub-apps live in their own modules (``cli/game.py``, ``cli/tournament.py``, …)
and are registered here, under Polish names with English aliases where both
exist (``turniej`` / ``tournament``).

There are two ways to build the tree. :data:`app` is the whole Typer app, every
subsystem imported and registered (what the tests' ``CliRunner`` invokes; it is
built the first time it is asked for). The console script runs :func:`lazy_command`
instead: a root group that knows its commands from the static table
:data:`COMMANDS` and imports a subsystem's module only when one of its commands is
invoked, so that ``plansza score …`` does not pay for SQLAlchemy, networkx and the
other subsystems' imports. ``tests/cli/test_startup.py`` keeps the two trees equal.

>>> [c.name for c in COMMANDS if not c.hidden][:4]
['show', 'score', 'replay', 'demo']
"""

from __future__ import annotations

import importlib
import re
import sys
import types
from collections.abc import Callable, Iterator, MutableMapping
from typing import TYPE_CHECKING, Any, NamedTuple

import typer
from typer.core import TyperCommand, TyperGroup

from plansza.cli.i18n import UnknownLanguageError
from plansza.cli.i18n import use as set_language
from plansza.errors import N_

if TYPE_CHECKING:
    from typer import _click as click  # Typer carries its own Click


class Entry(NamedTuple):
    """One command of the root group, as the lazy tree lists it before loading it."""

    name: str
    module: str
    """The module whose ``register(app)`` adds the command."""
    help: str
    """The first paragraph of the command's help: an English message id (or the
    bilingual text the command itself carries)."""
    hidden: bool = False


SUBSYSTEMS = (
    "game", "tournament", "ranking", "lexicon", "moves",
    "engine", "duplicate", "play", "analyze", "endgame", "serve", "account", "federation",
)  # fmt: skip
"""The modules of ``plansza.cli`` with a ``register(app)``, in registration order."""

_LEXICON_HELP = N_(
    "Lexicon: compile word lists, information. Default: sjp-20220301 — SJP.PL, "
    "not the official OSPS."
)

COMMANDS: tuple[Entry, ...] = (
    # In the order of the full tree: Typer lists a root's commands before its groups.
    Entry("show", "game", N_("Draw a position in the terminal.")),
    Entry("score", "game", N_("Score a play and its words.")),
    Entry("replay", "game", N_("Replay a GCG record, recompute every play.")),
    Entry("demo", "game", N_("Show and replay a sample game.")),
    Entry("check", "lexicon", N_("Check words: one joint verdict.")),
    Entry("sprawdź", "lexicon", N_("Check words: one joint verdict."), hidden=True),
    Entry("anagram", "lexicon", N_("Anagrams of a rack and patterns (word study).")),
    Entry("moves", "moves", N_("Every legal placement of a rack, or the best.")),
    Entry("ruchy", "moves", N_("Every legal placement of a rack, or the best."), hidden=True),
    Entry("match", "engine", N_("A match between two computer players.")),
    Entry("mecz", "engine", N_("A match between two computer players."), hidden=True),
    Entry("play", "play", N_("Play the computer in the terminal.")),
    Entry("graj", "play", N_("Play the computer in the terminal."), hidden=True),
    Entry("analyze", "analyze", N_("Each move against the engine's best.")),
    Entry("analiza", "analyze", N_("Each move against the engine's best."), hidden=True),
    Entry("endgame", "endgame", N_("The exact endgame, the bag empty.")),
    Entry("końcówka", "endgame", N_("The exact endgame, the bag empty."), hidden=True),
    Entry("serve", "serve", N_("The web app: play, study, tournaments in the browser.")),
    Entry(
        "turniej",
        "tournament",
        N_("Tournament: registration, pairing, results, standings, reports."),
    ),
    Entry(
        "tournament",
        "tournament",
        N_("Tournament: registration, pairing, results, standings, reports."),
        hidden=True,
    ),
    Entry(
        "ranking",
        "ranking",
        N_(
            "The PFS ranking (Hollington method with the PFS corrections): list, explanations, "
            "adding tournaments, export."
        ),
    ),
    Entry("lexicon", "lexicon", _LEXICON_HELP),
    Entry("słownik", "lexicon", _LEXICON_HELP, hidden=True),
    Entry("duplikat", "duplicate", N_("Duplicate Scrabble — the referee's console.")),
    Entry(
        "duplicate", "duplicate", N_("Duplicate Scrabble — the referee's console."), hidden=True
    ),
    Entry("konto", "account", N_("Accounts of the web app: the referee's role.")),
    Entry("account", "account", N_("Accounts of the web app: the referee's role."), hidden=True),
    Entry(
        "federacja",
        "federation",
        N_("The federation's registry: members, referees' licences, tournaments."),
    ),
    Entry(
        "federation",
        "federation",
        N_("The federation's registry: members, referees' licences, tournaments."),
        hidden=True,
    ),
)
"""Every command of the root, hidden aliases included."""

_BY_NAME = {entry.name: entry for entry in COMMANDS}


def _bare_root(cls: type[TyperGroup] | None = None) -> typer.Typer:
    """The root app with its ``--lang`` option and no commands."""
    root = typer.Typer(
        name="plansza",
        help=N_("The open Polish Scrabble system."),
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        add_completion=False,
        cls=cls,
    )
    root.callback()(_root)
    return root


def _root(
    lang: str = typer.Option(
        None,
        "--lang",
        help=N_("Language of messages. Env: PLANSZA_LANG."),
    ),
) -> None:
    # plansza.cli.entry has chosen the language before the commands were built; this
    # option is here for --help and for in-process callers (the tests' CliRunner).
    if lang:
        try:
            set_language(lang)
        except UnknownLanguageError as e:
            raise typer.BadParameter(str(e)) from e


def register_all(root: typer.Typer) -> None:
    """Register every subsystem's commands on ``root``."""
    for name in SUBSYSTEMS:
        importlib.import_module(f"plansza.cli.{name}").register(root)


def translate_help(command: Any, gettext: Callable[[str], str]) -> None:
    """Put every help text of ``command`` and its subcommands in the CLI's language.

    ``command`` is a Click command as Typer builds it (Typer carries its own copy of
    Click, so this looks at attributes rather than at classes).
    """
    for attr in ("help", "short_help", "epilog"):
        text = getattr(command, attr, None)
        if isinstance(text, str) and text:
            setattr(command, attr, gettext(text))
    for param in getattr(command, "params", ()):
        text = getattr(param, "help", None)
        if isinstance(text, str) and text:
            param.help = gettext(text)
    for sub in getattr(command, "commands", {}).values():
        translate_help(sub, gettext)


_PLAIN_INT = re.compile(r"-?(0|[1-9][0-9]{0,17})")


def plain_coercion(command: Any) -> None:
    """Give the plain parameters of ``command`` a coercion that does without Pydantic.

    Typer coerces every value through a Pydantic ``TypeAdapter`` (built even for a
    parameter left out), and importing Pydantic costs more than most commands. For
    the values where Typer's answer is known the answer is given here: a string for a
    ``str`` parameter is itself, strings for a ``list[str]`` one are their list, a
    plain decimal for an ``int`` one is ``int()`` of it, a ``bool`` is itself. Any
    other value (``1_000``, a default of another type) goes to Typer's own coercion,
    as do parameters with a parser, a range or a file type. This uses Typer's private
    ``_runtime_param`` hook: if a Typer release drops it, nothing is changed (and
    ``tests/cli/test_startup.py`` says so).
    """
    try:
        from typer._coercion import RuntimeParam, build_runtime_param
    except ImportError:  # pragma: no cover - another Typer
        return

    class Plain(RuntimeParam):
        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            kind = self.annotation
            if (kind is str and isinstance(value, str)) or (
                kind is bool and isinstance(value, bool)
            ):
                return value
            if kind is int and isinstance(value, str) and _PLAIN_INT.fullmatch(value):
                return int(value)
            if (
                kind == list[str]
                and isinstance(value, list | tuple)
                and all(isinstance(v, str) for v in value)
            ):
                return list(value)
            return build_runtime_param(param.type_descriptor)._coerce_value(value, param, ctx)

    params = list(getattr(command, "params", ()))
    if hasattr(command, "get_help_option"):
        # --help is a Typer bool option too, made (and kept) on first use: make it now.
        from typer._click import Context

        help_option = command.get_help_option(Context(command, **command.context_settings))
        if help_option is not None:
            params.append(help_option)
    for param in params:
        desc = getattr(param, "type_descriptor", None)
        if desc is None or getattr(param, "_runtime_param", False) is not None:
            continue
        info = desc.parameter_info
        if (
            desc.annotation in (str, int, bool, list[str])
            and desc.file_annotation is None
            and info.parser is None
            and getattr(info, "click_type", None) is None
            and info.min is None
            and info.max is None
            and not info.clamp
        ):
            param._runtime_param = Plain(parameter_info=info, annotation=desc.annotation)
    for sub in getattr(command, "commands", {}).values():
        plain_coercion(sub)


class _Commands(MutableMapping[str, "click.Command"]):
    """The root's commands by name: every name known, a module imported on first use."""

    def __init__(self, gettext: Callable[[str], str]) -> None:
        self._gettext = gettext
        self._loaded: dict[str, click.Command] = {}

    def load(self, name: str) -> click.Command:
        """The command ``name``, its subsystem imported, registered and translated."""
        if name not in self._loaded:
            module = importlib.import_module(f"plansza.cli.{_BY_NAME[name].module}")
            scratch = _bare_root()
            module.register(scratch)
            # Only the command asked for is built: Typer reads every parameter of every
            # command it builds, and a module registers its aliases and neighbours too.
            scratch.registered_commands = [
                c for c in scratch.registered_commands if c.name == name
            ]
            scratch.registered_groups = [g for g in scratch.registered_groups if g.name == name]
            for sub_name, sub in typer.main.get_group(scratch).commands.items():
                translate_help(sub, self._gettext)
                plain_coercion(sub)
                self._loaded.setdefault(sub_name, sub)
        return self._loaded[name]

    def listed(self, name: str) -> click.Command:
        """The command ``name`` as the root's help lists it: loaded, or its line only."""
        if name in self._loaded:
            return self._loaded[name]
        entry = _BY_NAME[name]
        return TyperCommand(name, help=self._gettext(entry.help), hidden=entry.hidden)

    def __contains__(self, name: object) -> bool:
        # Mapping's version tries __getitem__, which would import the module.
        return name in _BY_NAME or name in self._loaded

    def __getitem__(self, name: str) -> click.Command:
        if name not in self._loaded and name not in _BY_NAME:
            raise KeyError(name)
        return self.load(name)

    def __setitem__(self, name: str, command: click.Command) -> None:
        self._loaded[name] = command

    def __delitem__(self, name: str) -> None:
        del self._loaded[name]

    def __iter__(self) -> Iterator[str]:
        yield from _BY_NAME
        yield from (name for name in self._loaded if name not in _BY_NAME)

    def __len__(self) -> int:
        return len(_BY_NAME) + sum(name not in _BY_NAME for name in self._loaded)


class LazyGroup(TyperGroup):
    """The root group: a command's module is imported when the command is invoked.

    Its own help lists the commands from :data:`COMMANDS` without importing them.
    """

    commands: _Commands

    def list_commands(self, ctx: click.Context) -> list[str]:
        # TyperGroup's version goes through .items(), which would load every module.
        return list(self.commands)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands:
            return None
        if getattr(self, "_listing", False):
            return self.commands.listed(cmd_name)
        return self.commands.load(cmd_name)

    def format_help(self, ctx: click.Context, formatter: Any) -> None:
        # Listing the commands needs their one-line help, not their modules.
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False


def import_help_renderer() -> None:
    """Import Typer's help renderer without ``rich.markdown`` and ``rich.traceback``.

    ``typer.rich_utils`` imports both at its top (markdown-it and Pygments with them,
    about a third of ``plansza --help``) for its ``markdown`` markup mode and its
    pretty tracebacks, neither of which plansza uses. Stand-ins take their place while
    it is imported; each imports the real class if it is ever called. Nothing else
    sees them: once Typer's module is in, the real modules import as usual.
    """
    if "typer.rich_utils" in sys.modules:
        return
    stubs = {}
    for module, name in (("rich.markdown", "Markdown"), ("rich.traceback", "Traceback")):
        if module in sys.modules:
            continue
        stub = types.ModuleType(module)
        setattr(stub, name, _deferred(module, name))
        stubs[module] = sys.modules[module] = stub
    try:
        import typer.rich_utils  # noqa: F401
    finally:
        for module, stub in stubs.items():
            if sys.modules.get(module) is stub:
                del sys.modules[module]


class _Deferred(type):
    """The type of a stand-in class: what is looked up on it comes from the real one."""

    def __getattr__(cls, attr: str) -> Any:
        return getattr(cls._real(), attr)


def _deferred(module: str, name: str) -> type:
    """A stand-in for the class ``module.name``: calling it makes a real one."""

    def real() -> Any:
        return getattr(importlib.import_module(module), name)

    def new(cls: type, *args: Any, **kwargs: Any) -> Any:
        return real()(*args, **kwargs)

    return _Deferred(name, (), {"__new__": new, "_real": staticmethod(real)})


def lazy_command(gettext: Callable[[str], str]) -> LazyGroup:
    """The root group for the console script, its help texts put through ``gettext``."""
    group = typer.main.get_group(_bare_root(cls=LazyGroup))
    assert isinstance(group, LazyGroup)
    translate_help(group, gettext)  # before the commands are set: it would load them all
    plain_coercion(group)
    group.commands = _Commands(gettext)
    return group


def full_app() -> typer.Typer:
    """The whole app, every subsystem registered (a new one each call)."""
    root = _bare_root()
    register_all(root)
    return root


_app: typer.Typer | None = None


def __getattr__(name: str) -> Any:
    # ``from plansza.cli.main import app`` builds the whole tree, once; the console
    # script imports this module for the lazy root only and never pays for it.
    global _app
    if name == "app":
        if _app is None:
            _app = full_app()
        return _app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
