"""The full record of a championship, for export: as data and as readable text.

The record is the championship file (every draw attempt, rack, ranked
candidates, the choice and its reason, every card with its verdict, overrides,
penalties, lots) plus what follows from it: each player's points move by move
with the reason, and the tables (II.15, II.16).

>>> from plansza.lexicon import Lexicon
>>> from plansza.duplicate.game import Championship
>>> lex = Lexicon.build(["KOT", "KOTY", "TOK", "OK", "TO", "KOC", "AK", "KA", "OKO"])
>>> ch = Championship(seed="doc"); _ = ch.register("Ala"); _ = ch.start_game(bag="KOTYAKOTOKO")
>>> _ = ch.draw(lex); _ = ch.close()
>>> sorted(record(ch)["results"])
['championship', 'games']
>>> from plansza.i18n import Translator
>>> print(text_report(ch, Translator()).splitlines()[2:5])
['', 'Players', '  1 Ala']
"""

from __future__ import annotations

from typing import Any

from plansza.duplicate.game import FORMAT, VERSION, Championship
from plansza.duplicate.messages import end_text, verdict_text
from plansza.duplicate.standings import Row, championship_table, game_table, top_total
from plansza.errors import N_
from plansza.i18n import Translator
from plansza.records import dump

# Penalty kinds (II.17) as the report names them.
PENALTIES = {
    "warning": N_("warning"),
    "exclude_move": N_("exclusion from a move"),
    "exclude_game": N_("exclusion to the end of the game"),
}
NONE = "—"  # an empty field (nothing kept, no blanks, no reason)


def _rows(rows: list[Row]) -> list[dict[str, Any]]:
    return [
        {
            "place": r.place,
            "shared": r.shared,
            "table": r.player.number,
            "name": r.player.name,
            "total": r.total,
            "scores": list(r.scores),
            "best": list(r.best),
            "percent": round(r.percent, 2),
            "lot": r.lot,
        }
        for r in rows
    ]


def record(ch: Championship) -> dict[str, Any]:
    """The championship file's data plus the points and tables that follow from it."""
    games = []
    for game in ch.games:
        moves = []
        for move in game.moves:
            scores = []
            for number in sorted(ch.players):
                a = ch.awarded(number, game, move)
                scores.append({"table": number, "score": a.score, "reason": a.reason})
            moves.append(
                {
                    "number": move.number,
                    "rack": move.rack,
                    "top": dump(move.choice.candidate) if move.choice else None,
                    "scores": scores,
                }
            )
        games.append(
            {
                "number": game.number,
                "end": game.end,
                "top_total": top_total(game),
                "moves": moves,
                "standings": _rows(game_table(ch, game.number)),
            }
        )
    return {
        "format": FORMAT,
        "version": VERSION,
        **dump(ch),
        "results": {"games": games, "championship": _rows(championship_table(ch))},
    }


def text_report(ch: Championship, t: Translator) -> str:  # long: one report's template
    """The record as plain text in the language of ``t`` (for printing and archives).

    The card verdicts and the reasons a game ended are worded by
    :mod:`plansza.duplicate.messages`, with the same translator.
    """
    from plansza.lexicon.store import is_default

    _ = t.gettext
    # The SJP.PL caveat belongs to the default list only.
    seed = (
        _("Draw seed: {seed}; lexicon: {lexicon} (SJP.PL, not OSPS)")
        if is_default(ch.lexicon)
        else _("Draw seed: {seed}; lexicon: {lexicon}")
    )
    out = [
        _("{name} — Belgijka record").format(name=ch.name),
        seed.format(seed=ch.seed, lexicon=ch.lexicon),
        "",
        _("Players"),
    ]
    out += [f"{p.number:>3} {p.name}" for p in sorted(ch.players.values(), key=lambda p: p.number)]
    for p in ch.penalties:
        name = ch.players[p.player].name if p.player in ch.players else str(p.player)
        kind = _(PENALTIES[p.kind]) if p.kind in PENALTIES else p.kind
        out.append(
            _("Penalty: {name} — {kind}, game {game}, move {move} ({reason})").format(
                name=name, kind=kind, game=p.game, move=p.move, reason=p.reason or NONE
            )
        )
    for game in ch.games:
        out += ["", _("Game {n}").format(n=game.number)]
        for move in game.moves:
            out.append(_("Move {n}: rack {rack}").format(n=move.number, rack=move.rack))
            for i, a in enumerate(move.draw.attempts, 1):
                ok = _("meets II.2") if a.meets else _("breaks II.2")
                out.append(
                    "  "
                    + _("draw {i}: kept {kept}, drew {drawn} → {rack} ({ok})").format(
                        i=i, kept=a.kept or NONE, drawn=a.drawn or NONE, rack=a.rack, ok=ok
                    )
                )
            if move.choice is not None:
                c = move.choice
                by = (
                    _("the program's proposal, II.12")
                    if c.by == "program"
                    else _("the referee's choice, II.13")
                )
                score = c.candidate.score
                out.append(
                    "  "
                    + t.ngettext(
                        "winning move: {move} {score} point ({by}{reason}); placements: {count}",
                        "winning move: {move} {score} points ({by}{reason}); placements: {count}",
                        score,
                    ).format(
                        move=c.candidate.play,
                        score=score,
                        by=by,
                        reason=f": {c.reason}" if c.reason else "",
                        count=move.candidate_count,
                    )
                )
            elif move.closed:
                out.append("  " + _("no placement — a pass for all"))
            for e in move.cards:
                name = ch.players[e.player].name if e.player in ch.players else str(e.player)
                declared = "-" if e.card.score is None else e.card.score
                out.append(
                    "  "
                    + _("{name}: '{text}' {score} blanks: {blanks} → {verdict}").format(
                        name=name,
                        text=e.card.text,
                        score=declared,
                        blanks=e.card.blanks or NONE,
                        verdict=verdict_text(e.verdict, t),
                    )
                )
            for o in move.overrides:
                name = ch.players[o.player].name if o.player in ch.players else str(o.player)
                out.append(
                    "  "
                    + t.ngettext(
                        "{name}: referee's decision {score} point ({reason})",
                        "{name}: referee's decision {score} points ({reason})",
                        o.score,
                    ).format(name=name, score=o.score, reason=o.reason)
                )
        if game.end:
            out.append(_("End of the game: {end}").format(end=end_text(game.end, t)))
        out += ["", _("Standings of game {n}").format(n=game.number)]
        out += [_row_text(r, t) for r in game_table(ch, game.number)]
    out += ["", _("Championship standings")]
    out += [_row_text(r, t) for r in championship_table(ch)]
    return "\n".join(out) + "\n"


def _row_text(r: Row, t: Translator) -> str:
    place = f"{r.place}=" if r.shared else f"{r.place}."
    lot = t.gettext(", lot {n}").format(n=r.lot) if r.lot is not None else ""
    # "12.5%" is filled in whole: a "%" in the message would read as a printf
    # placeholder ("% o") to gettext's tools, which then refuse the translation.
    text = t.ngettext(
        "{name} — {total} point ({percent} of top){lot}",
        "{name} — {total} points ({percent} of top){lot}",
        r.total,
    ).format(name=r.player.name, total=r.total, percent=f"{r.percent:.1f}%", lot=lot)
    return f"{place:>4} {r.player.number:>3} {text}"
