"""A whole game played by the program alone: draw, top move, next (for tests and demos).

Same seed, same lexicon → the same game, byte for byte.

>>> from plansza.lexicon import Lexicon
>>> lex = Lexicon.build(["KOT", "KOTY", "TOK", "OK", "TO", "KOC", "AK", "KA", "OKO"])
>>> record = simulate("doc", lex)
>>> record == simulate("doc", lex), sorted(record)
(True, ['end', 'moves', 'seed', 'total'])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from plansza.duplicate.game import Championship, Ruleset
from plansza.records import dump
from plansza.rules import Rules

if TYPE_CHECKING:
    from plansza.lexicon import Lexicon


def simulate(seed: str, lexicon: Lexicon, rules: Rules | None = None) -> dict[str, Any]:
    """Play one game with the proposed top move every time.

    Returns ``{"seed", "moves": [{"n", "rack", "redraws", "top"}], "total", "end"}``;
    ``top`` is the candidate (``None`` for a move without any placement).
    """
    ruleset = cast(Ruleset, (rules or Rules.pfs()).name)
    ch = Championship(seed=seed, games_planned=1, ruleset=ruleset)
    game = ch.start_game()
    moves: list[dict[str, Any]] = []
    while not game.over:
        move = ch.draw(lexicon)
        ch.close()
        choice = move.choice
        moves.append(
            {
                "n": move.number,
                "rack": move.rack,
                "redraws": move.draw.redraws,
                "top": dump(choice.candidate) if choice is not None else None,
            }
        )
    total = sum(m["top"]["score"] for m in moves if m["top"] is not None)
    return {"seed": seed, "moves": moves, "total": total, "end": game.end}
