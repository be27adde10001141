"""Belgijka live: the players' phones (``/belgijka/gracz``, ``/belgijka/g/{code}``).

A player opens ``/belgijka/gracz`` and types the join code the referee gave them
(:meth:`~plansza.services.belgijka.Hall.codes`); their page shows their name and
table, the board (the position before the open move), the shared rack, the move's
countdown (from the seconds left the server gives; the page follows
``/belgijka/zdarzenia`` and fetches itself again on every change of the hall) and
the card: the move in notation (``H8 SŁOWO`` across, ``8H SŁOWO`` down, II.6), the
declared score and the blanks' letters. The server stamps the card's time
(:meth:`~plansza.services.belgijka.Hall.send`, ``by="phone"``): after the move's
deadline it is refused and the page says why (II.3, II.5). A card may be sent again
until the time is up: the last counts (II.5).

The card's check is not shown before the close (II.9: the cards are checked after the
move); after the close the page shows the player's points with the verdict in words
and the top move. A page shows its own player's card only — never another's.

Wrong codes from one address are limited like the tables' codes
(:mod:`plansza.server.tables`).
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from anyio import to_thread
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from plansza.errors import N_, PlanszaError
from plansza.i18n import Translator
from plansza.server.belgijka import hall_of, no_hall
from plansza.server.limits import Limiter
from plansza.server.pages import (
    client_address,
    code_limiter,
    error_page,
    page,
    premiums,
    sentence,
    translator_of,
)
from plansza.server.security import checked_form
from plansza.services.belgijka import move_results
from plansza.services.tables import normalize

if TYPE_CHECKING:
    from plansza.services.belgijka import Championship, Hall

#: Wrong codes one address may try in :data:`WINDOW` seconds.
WRONG_CODES = 10
#: The guessing limiter's window, in seconds.
WINDOW = 10 * 60.0
#: The longest card form read, in bytes.
MAX_FORM = 1024

COLUMNS = "ABCDEFGHIJKLMNO"


class PhoneError(PlanszaError):
    """A card form the phone's page cannot read (its score)."""


def routes() -> list[Route]:
    """The players' phones' pages."""
    return [
        Route("/belgijka/gracz", enter_code),
        Route("/belgijka/g/{code}", player_page, methods=["GET", "POST"]),
    ]


def _limiter(request: Request) -> Limiter:
    return code_limiter(request, "belgijka_codes", WRONG_CODES, WINDOW)


def clock_time(at: float) -> str:
    """A moment as the phone shows it: the server's local time to a tenth of a second.

    >>> clock_time(datetime(2026, 5, 1, 12, 3, 41, 270000).timestamp())
    '12:03:41.2'
    """
    moment = datetime.fromtimestamp(at)
    return moment.strftime("%H:%M:%S") + f".{moment.microsecond // 100000}"


def parse_score(text: str) -> int | None:
    """The declared score typed (empty: none, the card then scores 0 by II.5).

    >>> parse_score(" 24 "), parse_score("")
    (24, None)
    """
    text = text.strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or len(text) > 4:
        raise PhoneError(
            N_("the score is a whole number of points, not '{score}'"),
            code="score",
            score=text[:10],
        )
    return int(text)


def view(hall: Hall, player: int, t: Translator) -> dict[str, Any]:
    """What the player's page shows, read under the hall's lock: nothing of another
    player's card."""

    def look(ch: Championship | None) -> dict[str, Any]:
        return _look(hall, ch, player, t)

    return hall.read(look)


def _look(hall: Hall, ch: Championship | None, player: int, t: Translator) -> dict[str, Any]:
    """What player ``player``'s phone shows of ``ch`` now.

    Long: every field the phone's page shows.
    """
    from plansza.duplicate.messages import end_text, verdict_text
    from plansza.services.belgijka import Verdict, mmss

    state = hall.state()  # the move's phase, as the console and the projector see it
    out: dict[str, Any] = {
        "phase": "none",
        "board": ["." * 15] * 15,
        "rack": "",
        "remaining": None,
        "mine": None,
        "last": None,
        "total": None,
        "game": None,
        "move": None,
        "end": None,
    }
    if ch is None or player not in ch.players:
        return out
    out["name"] = ch.players[player].name
    out["championship"] = ch.name
    out["phase"] = state.phase
    if not ch.games:
        return out
    game = ch.game
    board = game.board(ch.rules)
    out["board"] = ["".join(board.get(r, c) or "." for c in range(15)) for r in range(15)]
    out["game"] = game.number
    move = state.move
    if move is not None:
        out["move"] = move.number
        out["rack"] = move.rack
        if state.phase == "running" and state.remaining is not None:
            out["remaining"] = round(state.remaining, 1)
            out["clock"] = mmss(state.remaining)
        mine = hall.sent_by(player)
        if mine is not None:
            out["mine"] = {
                "text": mine.text,
                "score": mine.score,
                "blanks": mine.blanks,
                "at": clock_time(mine.at),
            }
    elif game.over and game.end:
        out["end"] = end_text(game.end, t)
    last = state.last
    results = move_results(ch, game, last) if last is not None else []
    result = next((r for r in results if r.row.player.number == player), None)
    if last is not None and result is not None:
        awarded = result.awarded
        if awarded.verdict is not None:
            said = verdict_text(awarded.verdict, t)
        elif awarded.override is not None:
            said = verdict_text(
                Verdict(
                    "override", details={"score": awarded.score, "reason": awarded.override.reason}
                ),
                t,
            )
        else:
            said = verdict_text(Verdict(awarded.reason), t)
        choice = last.choice
        out["last"] = {
            "number": last.number,
            "rack": last.rack,
            "points": awarded.score,
            "verdict": said,
            "top": None if choice is None else choice.candidate.move,
            "top_score": None if choice is None else choice.candidate.score,
            "found_top": result.top,
        }
        out["total"] = result.row.total
    return out


async def enter_code(request: Request) -> Response:
    """A field to type the join code in; ``?kod=`` (any case, spaces) goes to the page."""
    if hall_of(request) is None:
        return no_hall(request)
    code = normalize(request.query_params.get("kod", ""))
    if code:
        return RedirectResponse(f"/belgijka/g/{code}", status_code=303)
    return page(
        request,
        "web/code_entry.html",
        heading=N_("Belgijka: your card"),
        label=N_("The code the referee gave you"),
        action="/belgijka/gracz",
        maxlength=10,
    )


async def player_page(request: Request) -> Response:
    """The player's page (GET); a card sent (POST)."""
    hall = hall_of(request)
    if hall is None:
        return no_hall(request)
    t = translator_of(request)
    limiter, address = _limiter(request), client_address(request)
    wait = limiter.wait(address)
    if wait > 0:
        minutes = max(1, round(wait / 60))
        message = t.ngettext(
            "Too many wrong codes: try again in {n} minute.",
            "Too many wrong codes: try again in {n} minutes.",
            minutes,
        ).format(n=minutes)
        return error_page(request, 429, message)
    code = normalize(request.path_params["code"])
    try:
        player = hall.player_of(code)
    except PlanszaError as e:
        limiter.hit(address)
        return error_page(request, 404, sentence(e, t))
    status, errors, notice = 200, [], ""
    form: dict[str, str] = {}
    if request.method == "POST":
        read = await checked_form(
            request, MAX_FORM, lambda status, why: error_page(request, status, why)
        )
        if isinstance(read, Response):
            return read
        form = read
        try:
            score = parse_score(form.get("score", ""))
            sent = await to_thread.run_sync(
                lambda: hall.send(
                    player, form.get("move", ""), score, form.get("blanks", ""), by="phone"
                )
            )
            notice = t.gettext("Card received at {time}: {card}").format(
                time=clock_time(sent.at), card=_card(sent.text, sent.score, sent.blanks, t)
            )
        except PlanszaError as e:
            status = 400 if e.code == "score" else 409
            errors = [sentence(e, t)]
    shown = await to_thread.run_sync(view, hall, player, t)
    if shown.get("mine") is not None:
        mine = shown["mine"]
        shown["mine"]["card"] = _card(mine["text"], mine["score"], mine["blanks"], t)
    return page(
        request,
        "web/belgijka_phone.html",
        status=status,
        code=code,
        table=player,
        v=shown,
        premiums=premiums(),
        columns=COLUMNS,
        errors=errors,
        notice=notice,
        form=form if errors else {},
    )


def _card(text: str, score: int | None, blanks: str, t: Translator) -> str:
    """A card as the player wrote it, in words: ``H8 KOT, 10 points (blanks: Y)``."""
    said = text or "—"
    if score is None:
        said += ", " + t.gettext("no score")
    else:
        said += ", " + t.ngettext("{n} point", "{n} points", score).format(n=score)
    if blanks:
        said += ", " + t.gettext("blanks: {letters}").format(letters=blanks)
    return said
