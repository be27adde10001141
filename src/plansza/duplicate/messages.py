"""Belgijka's words: English message ids for verdicts, refusals and game ends.

Card verdicts and refusals carry a reason code and their facts; the tables here give
each code its English template (marked for the catalogues, Polish in the ``pl``
catalogue), and the describe functions word them with the translator a front end
gives (:func:`verdict_text`, :func:`end_text`, :func:`describe`).

>>> from plansza.duplicate.cards import Verdict
>>> from plansza.i18n import translator
>>> v = Verdict("wrong_score", play="H8 KOT", real_score=10,
...             details={"move": "H8 KOT", "declared": 12, "real": "10"})
>>> verdict_text(v, translator("pl"))
'H8 KOT: zadeklarowano 12 pkt, ruch jest wart 10 (II.8, II.9) — 0 pkt'
>>> verdict_text(v, translator("en"))
'H8 KOT: declared 12, the move is worth 10 (II.8, II.9) — 0 points'
>>> describe(refuse("game_over", game=2, end="moves"), translator("en"))
'game 2 is over (15 moves, I.2)'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from plansza.errors import N_, NP_, IllegalActionError, PlanszaError, Template
from plansza.i18n import Translator
from plansza.i18n import describe as describe_error

if TYPE_CHECKING:
    from plansza.duplicate.cards import Verdict

VERDICTS: dict[str, Template] = {
    "ok": N_("{move}: correct, {score} points"),
    "no_card": N_("no move card handed in (II.7) — 0 points"),
    "excluded": N_("the player is excluded from this move (penalty) — 0 points"),
    "override": N_("referee's decision: {score} points ({reason})"),
    "unreadable": N_(
        "unreadable card '{text}': a coordinate and a word are needed, e.g. H8 SŁOWO "
        "(II.5) — 0 points"
    ),
    "bad_coordinate": N_(
        "unreadable coordinate '{coordinate}': column A–O and row 1–15; across letter "
        "first (H8), down number first (8H) (II.6) — 0 points"
    ),
    "bad_word": N_(
        "unreadable word '{word}': Polish letters only, 2 to 15 of them (II.5) — 0 points"
    ),
    "no_score": N_("the card gives no score for the move (II.5) — 0 points"),
    "bad_blanks": N_("the blanks '{blanks}' are not letters (II.5) — 0 points"),
    "off_board": N_("{move}: the word runs off the board — 0 points"),
    "not_on_board": N_(
        "{move}: the word does not fit the board — {square} holds {board}, not {letter} — 0 points"
    ),
    "not_whole_word": N_(
        "{move}: the word goes on at {square}; the card names the whole main word (II.5) — 0 points"
    ),
    "no_new_tiles": N_("{move}: every letter is already on the board — 0 points"),
    "wrong_orientation": N_(
        "{move}: the word fits only the other way ({fits}); across is letter first, "
        "down number first (II.6) — 0 points"
    ),
    "blank_not_in_word": N_("{move}: the blank {letter} is not among the new tiles — 0 points"),
    "too_many_blanks": NP_(
        "{move}: {count} blank declared, the rack {rack} has fewer — 0 points",
        "{move}: {count} blanks declared, the rack {rack} has fewer — 0 points",
    ),
    "blank_not_declared": N_(
        "{move}: the letters {letters} need a blank the card does not name (II.5) — 0 points"
    ),
    "not_from_rack": N_("{move}: the rack {rack} has no {tiles} (II.1) — 0 points"),
    "not_connected": N_("{move}: the word touches no tile on the board — 0 points"),
    "first_play_centre": N_("{move}: the first move must cover H8 — 0 points"),
    "first_play_too_short": N_("{move}: the first move needs at least two tiles — 0 points"),
    "invalid_word": N_("{move}: words not in the lexicon: {words} (II.8) — 0 points"),
    "wrong_score": N_(
        "{move}: declared {declared}, the move is worth {real} (II.8, II.9) — 0 points"
    ),
}

ERRORS: dict[str, Template] = {
    "no_game": N_("no game has been started: plansza duplicate game"),
    "game_open": N_("game {game} is still being played"),
    "all_games_played": N_("every game has been played ({games})"),
    "move_open": N_("move {move} is open: enter the cards and close it (next)"),
    "no_open_move": N_("no move is open: draw a rack (draw)"),
    "bad_move_time": N_("a move's time is from 10 to 1800 seconds, not {seconds}"),
    "no_move": N_("game {game} has no move {move}"),
    "unknown_game": N_("game {game} has not been started"),
    "unknown_player": N_("no player {player} (a table number or a name)"),
    "ambiguous_player": N_("'{player}' matches several players: {names}; give the table number"),
    "table_taken": N_("table {number} is already taken by {name}"),
    "bad_table": N_("a table number is a whole number from 1, not {number}"),
    "empty_name": N_("an empty player name"),
    "no_placement": N_("the rack {rack} has no placement: the move is a pass for everyone"),
    "bad_choice": N_("there is no candidate number {index}; the list has {count}"),
    "illegal_choice": N_("{move} is not a legal move of this rack: {why}"),
    "not_top": N_(
        "{move} ({score}) is not the highest-scoring move ({top}); the winning move is "
        "the highest-scoring one (II.11–II.13) — add --force to choose it anyway"
    ),
    "bad_score": N_("a score is a whole number from 0, not {score}"),
    "bad_penalty": N_("unknown penalty {kind}: warning, move (next move), game (rest of the game)"),
    "bad_tile": N_("'{typed}': {tile} is not a tile of this set (letters, ? for a blank)"),
    "not_in_bag": N_("{tiles}: not in the bag (left of them: {left})"),
    "typed_draw_pending": N_(
        "the rack of move {move} is being drawn from the real bag (II.2 redraw): "
        "type the tiles drawn (draw --tiles)"
    ),
    "no_ties": N_("no shared places in the standings — nothing to draw lots for"),
}

ENDS: dict[str, str] = {
    "moves": N_("15 moves (I.2)"),
    "blocked": N_("the bag is empty and the rack has no placement"),
    "tiles_out": N_("no tiles left"),
    "referee": N_("ended early by the referee"),
}

#: A game that is over, by why it ended (its ``end``): one whole sentence each.
GAME_OVER: dict[str, Template] = {
    "moves": N_("game {game} is over (15 moves, I.2)"),
    "blocked": N_("game {game} is over (the bag is empty and the rack has no placement)"),
    "tiles_out": N_("game {game} is over (no tiles left)"),
    "referee": N_("game {game} is over (ended early by the referee)"),
}


class DuplicateError(IllegalActionError):
    """A referee's action the state or the rules refuse; nothing was changed."""


def refuse(reason: str, /, **details: object) -> DuplicateError:
    """A :class:`DuplicateError` with ``reason`` and its template from :data:`ERRORS`.

    >>> str(refuse("bad_score", score=-1))
    'a score is a whole number from 0, not -1'
    """
    if reason == "game_over":
        template = GAME_OVER.get(str(details.get("end")), N_("game {game} is over"))
    else:
        template = ERRORS[reason]
    return DuplicateError(reason, template, **details)  # type: ignore[arg-type]  # no plural


def describe(error: PlanszaError, t: Translator) -> str:
    """An error (a :class:`DuplicateError` or any other) in the language of ``t``."""
    return describe_error(error, t)


def verdict_error(verdict: Verdict) -> PlanszaError:
    """A card's verdict as a template with its facts (code: the verdict's reason).

    It names why a referee's chosen play is refused, inside that refusal.
    """
    fields: dict[str, object] = {
        "move": verdict.play or "",
        "score": verdict.awarded,
        "square": "?",
        "board": "?",
        "letter": "?",
    }
    fields.update(verdict.details)
    template = VERDICTS.get(verdict.reason, verdict.reason)
    plural = "count" if isinstance(template, tuple) else None
    return PlanszaError(template, code=verdict.reason, plural_field=plural, **fields)


def verdict_text(verdict: Verdict, t: Translator) -> str:
    """One line for a card's verdict, in the language of ``t``."""
    if verdict.reason not in VERDICTS:
        return verdict.reason
    return describe_error(verdict_error(verdict), t)


def end_text(end: str, t: Translator) -> str:
    """Why a game ended, in the language of ``t``."""
    return t.gettext(ENDS[end]) if end in ENDS else end
