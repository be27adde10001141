"""Belgijka live: the referee's console (``/belgijka/sedzia``) and the projector
(``/belgijka/projektor``).

The console follows a move's steps on one page: the championship created (while its
file does not exist), players registered, a game started, the rack drawn (by the
program, or typed from the real bag: II.2's redraws called), the two-minute clock
started (II.3), who has handed in a card (not what is on it: the hall sees the
console), after the time the cards, a paper card typed, the candidates in II.12's
order with the referee's choice among tied ones (II.13), the close, the move's
results, penalties (KARY) and corrections, the game's and the championship's tables
(II.15–II.16). Every action goes through :class:`~plansza.services.belgijka.Hall`; a
refusal shows the page again with the reason in the referee's language and the input
kept. The record (JSON) and the text report are downloads.

The projector is public and read-only, one screen with no scrolling (I.6), in type
sized to the screen: the board with its coordinates on the left, beside it the rack
and the clock with II.3's signals (counted down in the page from the seconds left the
server gave); after the close the top move lit on a smaller board with the move under
it, and beside it the results and, at a game's end, the classification, each cut into
pages that fit (``static/pager.js``) turned every :data:`PROJECTOR_SECONDS` seconds.
Both pages follow ``/belgijka/zdarzenia`` and fetch their live part again on a
change.

What the pages show is read under the hall's lock (:meth:`Hall.read`) into plain
dictionaries (:func:`view`); the templates never touch the championship.
"""

from __future__ import annotations

import json
import secrets
from typing import TYPE_CHECKING, Any

import segno
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from plansza.errors import PlanszaError
from plansza.server.accounts import current
from plansza.server.belgijka import hall_of, no_hall, stream_of
from plansza.server.pages import SAID, keep_said, page, said_of, translator_of
from plansza.server.security import checked_form, referee_required
from plansza.services.belgijka import HallError, move_candidates, move_results

if TYPE_CHECKING:
    from plansza.i18n import Translator
    from plansza.services.belgijka import Championship, DuplicateGame, DuplicateMove, Hall

#: The longest console form read, in bytes (a list of 200 names fits).
MAX_FORM = 16_384
#: How long the projector shows each page of a long list (the results, the
#: classification) before the next.
PROJECTOR_SECONDS = 10
#: The candidates listed for the referee (II.12's order).
CANDIDATES_SHOWN = 10
#: The rule sets a championship may be played under.
RULESETS = ("pfs", "home", "school", "wespa")
#: KARY 1–3 as the engine names them.
PENALTIES = ("warning", "exclude_move", "exclude_game")
#: The console's actions (``/belgijka/sedzia/akcja/NAME``).
ACTIONS = frozenset(
    ("nowy", "gracze", "gra", "losuj", "worek", "zegar", "czas", "karta", "wybierz",
     "zamknij", "koniec", "kara", "korekta")
)  # fmt: skip


def routes() -> list[Route]:
    return [
        Route("/belgijka/sedzia", console),
        Route("/belgijka/sedzia/akcja/{action}", act, methods=["POST"]),
        Route("/belgijka/sedzia/kody", codes),
        Route("/belgijka/sedzia/zapis.json", download_record),
        Route("/belgijka/sedzia/raport.txt", download_report),
        Route("/belgijka/projektor", projector),
    ]


# ---- what the pages show -----------------------------------------------------------


def _labels(t: Translator) -> dict[str, str]:
    return {
        "warning": t.gettext("warning (KARY 1)"),
        "exclude_move": t.gettext("excluded from the next move (KARY 2)"),
        "exclude_game": t.gettext("excluded from the rest of the game (KARY 3)"),
    }


def _board(
    ch: Championship, game: DuplicateGame, lit: set[tuple[int, int]]
) -> list[list[dict[str, Any]]]:
    from plansza.server.pages import premiums

    board = game.board(ch.rules)
    ts = ch.rules.tileset
    code = {"W": "tw", "w": "dw", "L": "tl", "l": "dl"}
    rows = []
    for r, line in enumerate(premiums()):
        row = []
        for c, p in enumerate(line):
            tile = board.get(r, c) or ""
            cls = "sq " + code.get(p, "") + (" centre" if (r, c) == (7, 7) else "")
            row.append(
                {
                    "cls": cls.strip(),
                    "tile": tile.upper() if tile else "",
                    "blank": tile != tile.upper(),
                    "value": ts.value(tile) if tile and tile == tile.upper() else 0,
                    "lit": (r, c) in lit,
                }
            )
        rows.append(row)
    return rows


def _rack(ch: Championship, rack: str) -> list[dict[str, Any]]:
    ts = ch.rules.tileset
    return [{"tile": x, "value": ts.value(x) if x != "?" else 0} for x in ts.sort_tiles(rack)]


def _results(
    ch: Championship, game: DuplicateGame, move: DuplicateMove, t: Translator
) -> list[dict[str, Any]]:
    """The table after ``move``: each player's points for it, the verdict in words."""
    from plansza.duplicate.messages import verdict_text
    from plansza.services.belgijka import Verdict

    rows = []
    for result in move_results(ch, game, move):
        row, a = result.row, result.awarded
        if a.override is not None:
            note = t.gettext("referee: {reason}").format(reason=a.override.reason)
        elif a.verdict is not None and a.verdict.ok:
            note = a.verdict.play or ""
        elif a.verdict is not None:
            note = verdict_text(a.verdict, t)
        elif a.reason in ("no_card", "excluded"):
            note = verdict_text(Verdict(a.reason), t)
        else:
            note = ""
        rows.append(
            {
                "place": f"{row.place}=" if row.shared else str(row.place),
                "table": row.player.number,
                "name": row.player.name,
                "score": a.score,
                "note": note,
                "top": result.top,
                "total": row.total,
                "percent": f"{row.percent:.1f}",
            }
        )
    return rows


def _table_rows(rows: list[Any]) -> list[dict[str, Any]]:
    return [
        {
            "place": f"{r.place}=" if r.shared else str(r.place),
            "table": r.player.number,
            "name": r.player.name,
            "scores": " + ".join(str(s) for s in r.scores),
            "total": r.total,
            "percent": f"{r.percent:.1f}",
            "lot": "" if r.lot is None else str(r.lot),
        }
        for r in rows
    ]


#: Every key a page reads, as it is when there is nothing to show.
BLANK_VIEW: dict[str, Any] = {
    "name": "", "phase": "none", "players": [], "checks": {}, "played": 0, "games_planned": 0,
    "ruleset": "", "game": None, "moves": 0, "bag": 0, "over": False, "end": "",
    "move": None, "rack": [], "is_pass": False, "board": [], "remaining": None,
    "seconds": None, "clock_text": "", "sent_tables": [], "cards": [], "candidates": [], "tied": 0,
    "candidate_count": 0, "to_draw": 0, "to_draw_error": "", "pending": [], "last": None,
    "game_table": [], "championship": [], "finished": False, "top_total": 0,
}  # fmt: skip


def view(hall: Hall, t: Translator, *, referee: bool) -> dict[str, Any]:
    """What the console (``referee``) or the projector shows now, read under the lock.

    Long: the view model of one page (see look).
    """

    def look(ch: Championship | None) -> dict[str, Any]:
        """The page's fields for ``ch`` (none: the blank view).

        Long: every field the console and the projector show.
        """
        from plansza.duplicate.messages import end_text
        from plansza.server.wording import describe
        from plansza.services.belgijka import (
            championship_table,
            checking,
            game_table,
            mmss,
            top_total,
        )

        state = hall.state()  # the move's phase, as the phones see it
        out: dict[str, Any] = dict(BLANK_VIEW, exists=ch is not None, phase=state.phase)
        if ch is None:
            return out
        checks = checking(ch)  # II.9: table 1 checks 2 and back, 3 with 4…
        out.update(name=ch.name, games_planned=ch.games_planned, ruleset=ch.ruleset,
                   players=[(n, p.name) for n, p in sorted(ch.players.items())],
                   checks=checks, played=len(ch.games))  # fmt: skip
        if not ch.games:
            return out
        game = ch.game
        move = state.move
        out.update(game=game.number, moves=len(game.moves), bag=len(game.bag),
                   over=game.over, end=end_text(game.end or "", t) if game.over else "",
                   top_total=top_total(game))  # fmt: skip
        if move is not None:
            out.update(move=move.number, rack=_rack(ch, move.rack),
                       rack_text=move.rack, is_pass=move.is_pass,
                       board=_board(ch, game, set()),
                       remaining=state.remaining, seconds=state.seconds,
                       clock_text=mmss(state.remaining or 0.0),
                       sent_tables=sorted({s.player for s in hall.sent}))  # fmt: skip
            if referee and state.phase != "running":
                out["cards"] = [
                    {"table": s.player, "name": ch.players[s.player].name, "text": s.text,
                     "score": "-" if s.score is None else s.score, "blanks": s.blanks,
                     "by": s.by}
                    for s in sorted(hall.sent, key=lambda s: (s.player, s.at))  # by table
                ]  # fmt: skip
                out["candidates"] = move_candidates(
                    ch, game, move, hall.sent, hall.lexicon, CANDIDATES_SHOWN
                )
                out["tied"] = move.tied
                out["candidate_count"] = move.candidate_count
        else:
            if not game.over:
                try:
                    out["to_draw"] = ch.tiles_to_draw()
                except PlanszaError as e:
                    out["to_draw_error"] = describe(e, t)
                out["pending"] = [{"rack": a.rack, "meets": a.meets} for a in game.pending_draw]
        done = state.last
        if done is not None:
            lit: set[tuple[int, int]] = set()
            if done.choice is not None:
                play = done.choice.candidate.play
                lit = set(play.coordinate.squares(len(play.word)))
            out["last"] = {
                "move": done.number,
                "rack": _rack(ch, done.rack),
                "top": (f"{done.choice.candidate.play} — {done.choice.candidate.score}"
                        if done.choice is not None else ""),
                "found": [ch.players[p].name for p in done.found_top],
                "results": _results(ch, game, done, t),
            }  # fmt: skip
            if move is None:
                out["board"] = _board(ch, game, lit)
        elif "board" not in out:
            out["board"] = _board(ch, game, set())
        if game.over:
            out["game_table"] = _table_rows(game_table(ch, game.number))
        if game.over or any(g.over for g in ch.games):
            out["championship"] = _table_rows(championship_table(ch))
            out["finished"] = game.over and len(ch.games) >= ch.games_planned
        return out

    return hall.read(look)


# ---- the pages ---------------------------------------------------------------------


def _version(request: Request) -> int:
    """The stream's version the page was made at (what ``/belgijka/zdarzenia`` tells)."""
    stream = stream_of(request)
    return 0 if stream is None else stream.version


def _render(request: Request, hall: Hall, status: int = 200, **extra: Any) -> Response:
    t = translator_of(request)
    version = _version(request)
    data = view(hall, t, referee=True)
    data["version"] = version
    return page(
        request,
        "web/belgijka_console.html",
        status=status,
        v=data,
        penalties=_labels(t),
        rulesets=RULESETS,
        seed=extra.pop("seed", None) or secrets.token_hex(4),
        kept=extra.pop("kept", {}),
        error=extra.pop("error", None),
        flash=extra.pop("flash", None),
        **extra,
    )


@referee_required
async def console(request: Request) -> Response:
    hall = hall_of(request)
    if hall is None:
        return no_hall(request)
    # The live part's fetch (htmx, on the hall's change the action itself made) must not
    # take the flash meant for the page the action's redirect opens.
    live_part = request.headers.get("HX-Request") == "true"
    flash = None if live_part else said_of(request)
    return await run_in_threadpool(_render, request, hall, flash=flash)


async def projector(request: Request) -> Response:
    hall = hall_of(request)
    if hall is None:
        return no_hall(request)
    t = translator_of(request)
    version = _version(request)
    data = await run_in_threadpool(view, hall, t, referee=False)
    data["version"] = version
    return page(request, "web/belgijka_projector.html", v=data, seconds=PROJECTOR_SECONDS)


@referee_required
async def codes(request: Request) -> Response:
    """A slip a player: table, name, join code and a QR code of the phone's address."""
    hall = hall_of(request)
    if hall is None:
        return no_hall(request)
    t = translator_of(request)
    base = str(request.base_url).rstrip("/")
    try:
        rows = await run_in_threadpool(hall.codes)
    except HallError as e:
        from plansza.server.wording import describe

        return page(request, "web/error.html", status=409, message=describe(e, t))
    slips = []
    for number, name, code in rows:
        url = f"{base}/belgijka/g/{code}"
        qr = segno.make(url, error="m").svg_inline(scale=3, omitsize=False)
        slips.append({"table": number, "name": name, "code": code, "url": url, "qr": qr})
    name = hall.read(lambda ch: ch.name if ch is not None else "")
    return page(request, "web/belgijka_console_codes.html", slips=slips, championship=name)


def _download(request: Request, text: str, filename: str, media: str) -> Response:
    return Response(
        text,
        media_type=media,
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


@referee_required
async def download_record(request: Request) -> Response:
    """The championship's record (item 4): the file's data with the points and tables."""
    hall = hall_of(request)
    if hall is None or hall.read(lambda ch: ch is None):
        return no_hall(request)
    from plansza.services.belgijka import record

    data = hall.read(lambda ch: record(ch))  # type: ignore[arg-type]
    text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    return _download(request, text, "belgijka.json", "application/json; charset=utf-8")


@referee_required
async def download_report(request: Request) -> Response:
    """The final report as text, in the referee's language."""
    hall = hall_of(request)
    if hall is None or hall.read(lambda ch: ch is None):
        return no_hall(request)
    from plansza.services.belgijka import text_report

    t = translator_of(request)
    text = hall.read(lambda ch: text_report(ch, t))  # type: ignore[arg-type]
    return _download(request, text, "belgijka.txt", "text/plain; charset=utf-8")


# ---- the referee's actions ---------------------------------------------------------


class BadInput(Exception):
    """A form field that is not what it should be (shown as the reason, status 400)."""


def _int(form: dict[str, str], key: str, t: Translator, label: str) -> int:
    text = form.get(key, "").strip()
    if not text.isascii() or not text.isdigit():
        raise BadInput(
            t.gettext("{field}: '{text}' is not a whole number").format(field=label, text=text)
        )
    return int(text)


def _score(form: dict[str, str], t: Translator) -> int | None:
    text = form.get("score", "").strip()
    if text in ("", "-"):
        return None
    return _int(form, "score", t, t.gettext("Score"))


def _run(hall: Hall, name: str, form: dict[str, str], t: Translator, by: str) -> list[str]:
    """One action on the hall; what to tell the referee.

    Long: a dispatch table of the console's actions.
    """
    if name == "nowy":
        games = _int(form, "games", t, t.gettext("Games"))
        ruleset = form.get("ruleset", "pfs")
        if ruleset not in RULESETS:
            raise BadInput(t.gettext("no such rule set: {name}").format(name=ruleset))
        if not 1 <= games <= 9:
            raise BadInput(t.gettext("Games: from 1 to 9"))
        seed = form.get("seed", "").strip() or secrets.token_hex(4)
        hall.create(form.get("name", ""), seed, ruleset, games)
        return [t.gettext("The championship is created.")]
    if name == "gracze":
        names = [" ".join(n.split()) for n in form.get("names", "").splitlines()]
        names = [n[:60] for n in names if n]
        if not names:
            raise BadInput(t.gettext("Type a player's name."))
        said = []
        for n in names:
            table = hall.register(n)
            said.append(t.gettext("{name}: table {table}").format(name=n, table=table))
        return said
    if name == "gra":
        number = hall.start_game()
        return [t.gettext("Game {game} started.").format(game=number)]
    if name == "losuj":
        move = hall.draw()
        return [t.gettext("Move {move}: the rack {rack}").format(move=move.number, rack=move.rack)]
    if name == "worek":
        typed = hall.draw_typed(form.get("tiles", ""))
        if typed.stands:
            return [t.gettext("The rack stands (II.2): {rack}").format(rack=typed.rack)]
        ahead = hall.tiles_to_draw()
        return [
            t.ngettext(
                "Redraw (II.2): {rack} — put the whole rack back in the bag and draw {n} tile.",
                "Redraw (II.2): {rack} — put the whole rack back in the bag and draw {n} tiles.",
                ahead,
            ).format(rack=typed.rack, n=ahead)
        ]
    if name == "zegar":
        hall.start_clock()
        return [t.gettext("The move's two minutes have started.")]
    if name == "czas":
        seconds = _int(form, "seconds", t, t.gettext("Seconds"))
        clock = hall.set_move_time(seconds)
        return [t.gettext("The move's time is now {seconds} s.").format(seconds=int(clock.seconds))]
    if name == "koniec":
        number = hall.end_game()
        return [t.gettext("Game {game} is ended.").format(game=number)]
    if name == "karta":
        player = _int(form, "player", t, t.gettext("Table"))
        hall.send(player, form.get("text", ""), _score(form, t), form.get("blanks", ""), by=by)
        return [t.gettext("Table {table}: the card is taken.").format(table=player)]
    if name == "wybierz":
        index = _int(form, "index", t, t.gettext("Move"))
        hall.choose(index, form.get("reason", "").strip())
        return [t.gettext("The winning move is chosen.")]
    if name == "zamknij":
        move = hall.close()
        return [t.gettext("Move {move} closed.").format(move=move.number)]
    if name == "kara":
        player = _int(form, "player", t, t.gettext("Table"))
        kind = form.get("kind", "")
        if kind not in PENALTIES:
            raise BadInput(t.gettext("no such penalty: {kind}").format(kind=kind))
        hall.penalty(player, kind, form.get("reason", "").strip())
        return [
            t.gettext("Table {table}: {penalty}").format(table=player, penalty=_labels(t)[kind])
        ]
    if name == "korekta":
        player = _int(form, "player", t, t.gettext("Table"))
        points = _int(form, "points", t, t.gettext("Points"))
        reason = form.get("reason", "").strip()
        if not reason:
            raise BadInput(t.gettext("A correction needs a reason."))
        hall.override(player, points, reason)
        return [
            t.gettext("Table {table}: {points} points (correction)").format(
                table=player, points=points
            )
        ]
    raise AssertionError(name)  # act() lets only ACTIONS through


@referee_required
async def act(request: Request) -> Response:
    """One referee's action (POST, with the form's token): done and said, or the page
    again with the reason and the input kept."""
    hall = hall_of(request)
    if hall is None:
        return no_hall(request)
    t = translator_of(request)
    form = await checked_form(request, MAX_FORM)
    if isinstance(form, Response):
        return form
    name = request.path_params["action"]
    me = current(request)
    by = me[1] if me is not None else "?"
    kept = {k: v for k, v in form.items() if k != "csrf"} | {"form_id": name}
    if name not in ACTIONS:
        return page(request, "web/error.html", status=404, message=t.gettext("No such action."))
    try:
        said = await run_in_threadpool(_run, hall, name, form, t, by)
    except BadInput as e:
        error, status = str(e), 400
    except PlanszaError as e:
        from plansza.server.wording import describe

        error, status = describe(e, t), 409
    else:
        return RedirectResponse(f"/belgijka/sedzia?{SAID}={keep_said(request, said)}", 303)
    seed = form.get("seed")
    return await run_in_threadpool(
        lambda: _render(request, hall, status, error=error, kept=kept, seed=seed)
    )
