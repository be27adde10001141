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
>>> "Ala" in text_report(ch)
True
"""

from __future__ import annotations

from typing import Any

from plansza.duplicate.game import Championship
from plansza.duplicate.messages import end_text, verdict_text
from plansza.duplicate.standings import Row, championship_table, game_table, top_total
from plansza.i18n import tr

TEXT: dict[str, dict[str, str]] = {
    "title": {"pl": "{name} — zapis mistrzostw w Belgijkę", "en": "{name} — Belgijka record"},
    "seed": {
        "pl": "Ziarno losowania: {seed}; słownik: {lexicon} (SJP.PL, nie OSPS)",
        "en": "Draw seed: {seed}; lexicon: {lexicon} (SJP.PL, not OSPS)",
    },
    "seed_other": {
        "pl": "Ziarno losowania: {seed}; słownik: {lexicon}",
        "en": "Draw seed: {seed}; lexicon: {lexicon}",
    },
    "players": {"pl": "Zawodnicy", "en": "Players"},
    "game": {"pl": "Partia {n}", "en": "Game {n}"},
    "end": {"pl": "Koniec partii: {end}", "en": "End of the game: {end}"},
    "move": {"pl": "Ruch {n}: stojak {rack}", "en": "Move {n}: rack {rack}"},
    "attempt": {
        "pl": "  losowanie {i}: zostały {kept}, dobrano {drawn} → {rack} ({ok})",
        "en": "  draw {i}: kept {kept}, drew {drawn} → {rack} ({ok})",
    },
    "meets": {"pl": "spełnia II.2", "en": "meets II.2"},
    "fails": {"pl": "nie spełnia II.2", "en": "breaks II.2"},
    "top": {
        "pl": "  ruch zwycięski: {move} {score} pkt ({by}{reason}); ułożeń: {count}",
        "en": "  winning move: {move} {score} points ({by}{reason}); placements: {count}",
    },
    "by_program": {"pl": "propozycja programu, II.12", "en": "the program's proposal, II.12"},
    "by_referee": {"pl": "wybór sędziego, II.13", "en": "the referee's choice, II.13"},
    "pass": {"pl": "  brak ułożeń — pauza dla wszystkich", "en": "  no placement — a pass for all"},
    "card": {
        "pl": "  {name}: „{text}” {score} blanki: {blanks} → {verdict}",
        "en": "  {name}: '{text}' {score} blanks: {blanks} → {verdict}",
    },
    "override": {
        "pl": "  {name}: decyzja sędziego {score} pkt ({reason})",
        "en": "  {name}: referee's decision {score} points ({reason})",
    },
    "penalty": {
        "pl": "Kara: {name} — {kind}, partia {game}, ruch {move} ({reason})",
        "en": "Penalty: {name} — {kind}, game {game}, move {move} ({reason})",
    },
    "standings": {"pl": "Tabela partii {n}", "en": "Standings of game {n}"},
    "championship": {"pl": "Klasyfikacja mistrzostw", "en": "Championship standings"},
    "row": {
        "pl": "{place:>4} {number:>3} {name} — {total} pkt ({percent:.1f}% topu){lot}",
        "en": "{place:>4} {number:>3} {name} — {total} points ({percent:.1f}% of top){lot}",
    },
    "lot": {"pl": ", los {n}", "en": ", lot {n}"},
    "none": {"pl": "—", "en": "—"},
    "warning": {"pl": "upomnienie", "en": "warning"},
    "exclude_move": {"pl": "wykluczenie z ruchu", "en": "exclusion from a move"},
    "exclude_game": {"pl": "wykluczenie do końca partii", "en": "exclusion to the end of the game"},
}


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
                    "top": move.choice.candidate.to_dict() if move.choice else None,
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
        **ch.to_dict(),
        "results": {"games": games, "championship": _rows(championship_table(ch))},
    }


def text_report(ch: Championship) -> str:
    """The record as plain text in the current language (for printing and archives)."""
    from plansza.lexicon.store import is_default

    seed = "seed" if is_default(ch.lexicon) else "seed_other"  # SJP.PL: the default list only
    out = [tr(TEXT, "title", name=ch.name), tr(TEXT, seed, seed=ch.seed, lexicon=ch.lexicon)]
    out += ["", tr(TEXT, "players")]
    out += [f"{p.number:>3} {p.name}" for p in sorted(ch.players.values(), key=lambda p: p.number)]
    none = tr(TEXT, "none")
    for p in ch.penalties:
        name = ch.players[p.player].name if p.player in ch.players else str(p.player)
        out.append(
            tr(TEXT, "penalty", name=name, kind=tr(TEXT, p.kind) if p.kind in TEXT else p.kind,
               game=p.game, move=p.move, reason=p.reason or none)
        )  # fmt: skip
    for game in ch.games:
        out += ["", tr(TEXT, "game", n=game.number)]
        for move in game.moves:
            out.append(tr(TEXT, "move", n=move.number, rack=move.rack))
            for i, a in enumerate(move.draw.attempts, 1):
                ok = tr(TEXT, "meets") if a.meets else tr(TEXT, "fails")
                out.append(
                    tr(TEXT, "attempt", i=i, kept=a.kept or none, drawn=a.drawn or none,
                       rack=a.rack, ok=ok)
                )  # fmt: skip
            if move.choice is not None:
                c = move.choice
                by = tr(TEXT, "by_program" if c.by == "program" else "by_referee")
                reason = f": {c.reason}" if c.reason else ""
                out.append(
                    tr(TEXT, "top", move=c.candidate.play, score=c.candidate.score, by=by,
                       reason=reason, count=move.candidate_count)
                )  # fmt: skip
            elif move.closed:
                out.append(tr(TEXT, "pass"))
            for e in move.cards:
                name = ch.players[e.player].name if e.player in ch.players else str(e.player)
                out.append(
                    tr(TEXT, "card", name=name, text=e.card.text,
                       score="-" if e.card.score is None else e.card.score,
                       blanks=e.card.blanks or none, verdict=verdict_text(e.verdict))
                )  # fmt: skip
            for o in move.overrides:
                name = ch.players[o.player].name if o.player in ch.players else str(o.player)
                out.append(tr(TEXT, "override", name=name, score=o.score, reason=o.reason))
        if game.end:
            out.append(tr(TEXT, "end", end=end_text(game.end)))
        out += ["", tr(TEXT, "standings", n=game.number)]
        out += [_row_text(r) for r in game_table(ch, game.number)]
    out += ["", tr(TEXT, "championship")]
    out += [_row_text(r) for r in championship_table(ch)]
    return "\n".join(out) + "\n"


def _row_text(r: Row) -> str:
    place = f"{r.place}=" if r.shared else f"{r.place}."
    lot = tr(TEXT, "lot", n=r.lot) if r.lot is not None else ""
    return tr(
        TEXT, "row", place=place, number=r.player.number, name=r.player.name, total=r.total,
        percent=r.percent, lot=lot,
    )  # fmt: skip
