"""The project's error types.

Two families, as in python-chess: *can't read that* (:class:`InvalidMoveError`,
:class:`FormatError`) and *can't play that here* (:class:`IllegalMoveError`,
:class:`IllegalActionError`). All derive from :class:`PlanszaError`, itself a
:class:`ValueError`, so callers may catch one type for every user mistake.

An error carries no translated text. It has a stable ``code`` that scripts can rely
on, a ``template`` (an English message id of the gettext catalogues, with ``{name}``
fields) and the ``details`` that fill it. ``str(error)`` is the English text; a front
end words it in the user's language with :func:`plansza.i18n.describe`.

>>> try:
...     raise IllegalMoveError("gap", N_("the tiles leave a gap at {square}"), square="H10")
... except ValueError as e:
...     print(e.code, "-", e, "-", e.details)
gap - the tiles leave a gap at H10 - {'square': 'H10'}
"""

from __future__ import annotations


def N_(template: str) -> str:
    """Mark ``template`` for the catalogues without translating it (gettext's ``N_``).

    >>> N_("too few players to pair")
    'too few players to pair'
    """
    return template


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with a plural form for the catalogues: an error's template.

    >>> NP_("{n} tile", "{n} tiles")
    ('{n} tile', '{n} tiles')
    """
    return singular, plural


class Term(str):
    """A detail that is itself a message id: a word the front end translates too.

    >>> str(PlanszaError(N_("should be {type}"), type=Term(N_("an integer"))))
    'should be an integer'
    """

    __slots__ = ()


Template = str | tuple[str, str]
"""An error's English message id: one text, or a singular and plural from :func:`NP_`."""


DETAIL_MOST = 200
"""Characters: a text detail longer than this is cut (with "…") when the error is made.

Errors quote what they refuse by :func:`plansza.files.excerpt` (40 characters); this is
the net under it, for a raise site that passed a user's text whole: an error stays a
line, never the 120,000 characters someone typed. Lists a message names (close names,
choices) are far shorter."""


def _capped(value: object) -> object:
    """``value``, a plain text over :data:`DETAIL_MOST` characters cut with "…".

    >>> _capped("x" * 500)[-3:], len(_capped("x" * 500)), _capped(7)
    ('xx…', 200, 7)
    """
    if type(value) is str and len(value) > DETAIL_MOST:
        return value[: DETAIL_MOST - 1] + "…"
    return value


class PlanszaError(ValueError):
    """Base class of every error raised for bad user input.

    ``template`` is the English message id with ``{field}`` placeholders filled from
    ``details``; ``code`` a stable reason code. When the message has a number that
    decides the grammatical form, give both forms with :func:`NP_` and name the
    number's field in ``plural_field``: Polish has three forms (1 płytka, 2–4 płytki,
    5 płytek), and the catalogues choose.

    >>> e = PlanszaError(NP_("{n} tile left", "{n} tiles left"), plural_field="n", n=3)
    >>> str(e), e.code
    ('3 tiles left', 'error')
    """

    code = "error"

    def __init__(
        self,
        template: Template,
        /,
        *,
        code: str | None = None,
        plural_field: str | None = None,
        **details: object,
    ) -> None:
        self.template: str
        self.plural: str | None
        self.template, self.plural = (template, None) if isinstance(template, str) else template
        self.plural_field = plural_field
        self.details: dict[str, object] = {
            k: v if k == "cgp" else _capped(v) for k, v in details.items()
        }  # a position the program wrote (an engine's report) is kept whole
        if code is not None:
            self.code = code
        super().__init__(self.render(self.template, self.plural))

    def number(self) -> int | None:
        """The number that chooses the plural form, if the message has one."""
        if self.plural_field is None:
            return None
        value = self.details.get(self.plural_field)
        return value if isinstance(value, int) else None

    def render(self, singular: str, plural: str | None) -> str:
        """Fill the template (``singular`` or ``plural``, English rules) with the details.

        Translations go through :func:`plansza.i18n.describe`, which picks the form by
        the target language's rules and fills it here.
        """
        n = self.number()
        text = plural if plural is not None and n is not None and n != 1 else singular
        if not self.details:
            return text
        try:
            return text.format(**self.details)
        except (KeyError, IndexError, ValueError):
            return text  # a translation naming a field the raise site did not give

    @property
    def reason(self) -> str:
        """The stable reason code (an older name of :attr:`code`)."""
        return self.code


class InvalidMoveError(PlanszaError):
    """A move's text cannot be read (syntax; no board needed)."""

    code = "invalid_move"


class IllegalMoveError(PlanszaError):
    """A readable move that cannot be played in the given position.

    ``reason`` is a stable code (``"gap"``, ``"not_connected"``, ``"occupied"``,
    ``"first_play_centre"``, …) that scripts can rely on; the message names the
    squares. ``cgp`` is the position, when known.
    """

    def __init__(
        self,
        reason: str,
        template: Template,
        /,
        *,
        cgp: str | None = None,
        plural_field: str | None = None,
        **details: object,
    ) -> None:
        self.cgp = cgp
        super().__init__(template, code=reason, plural_field=plural_field, **details)


class IllegalActionError(PlanszaError):
    """A game, tournament or Belgijka action refused by the rules or the state.

    The state is unchanged when this is raised.
    """

    def __init__(
        self,
        reason: str,
        template: Template,
        /,
        *,
        plural_field: str | None = None,
        **details: object,
    ) -> None:
        super().__init__(template, code=reason, plural_field=plural_field, **details)


class FormatError(PlanszaError):
    """A record or position (GCG, CGP, CSV, word list) cannot be read.

    ``line`` is 1-based when the input has lines; ``source`` names the file. The
    text is prefixed with where: ``game.gcg:3: …``.

    >>> str(FormatError("no move in {text!r}", line=3, source="game.gcg", text="xx"))
    "game.gcg:3: no move in 'xx'"
    """

    code = "format"

    def __init__(
        self,
        template: Template,
        /,
        *,
        line: int | None = None,
        source: str | None = None,
        code: str | None = None,
        plural_field: str | None = None,
        **details: object,
    ) -> None:
        self.line = line
        self.source = source
        super().__init__(template, code=code, plural_field=plural_field, **details)
        #: The message without the place.
        self.detail = PlanszaError.render(self, self.template, self.plural)

    def located(self, *, line: int | None = None, source: str | None = None) -> FormatError:
        """The same error placed in ``source`` (and at ``line``, if not known yet)."""
        template: Template = self.template if self.plural is None else (self.template, self.plural)
        return FormatError(
            template,
            line=self.line if self.line is not None else line,
            source=source if source is not None else self.source,
            code=self.code,
            plural_field=self.plural_field,
            **self.details,
        )

    def render(self, singular: str, plural: str | None) -> str:
        return self.placed(super().render(singular, plural))

    def placed(self, text: str, line_only: str = "line {line}: {message}") -> str:
        """``text`` with where it is: ``file:3: …``, ``file: …``, or by ``line_only``
        (the template for a line without a file, translated by a front end)."""
        source, line = getattr(self, "source", None), getattr(self, "line", None)
        if source is not None and line is not None:
            return f"{source}:{line}: {text}"
        if source is not None:
            return f"{source}: {text}"
        if line is not None:
            return line_only.format(line=line, message=text)
        return text
