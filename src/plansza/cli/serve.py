"""``plansza serve``: the web app on Uvicorn."""

from __future__ import annotations

import os

import typer

from plansza.cli.common import (
    DEFAULT_LEXICON,
    EXIT_INPUT,
    fail,
    lexicon_progress,
    user_errors,
)
from plansza.cli.i18n import _
from plansza.errors import N_
from plansza.files import excerpt


def serve(  # long: a command whose 10 options are most of it
    host: str = typer.Option("127.0.0.1", "--host", help=N_("Address to listen on")),
    port: int = typer.Option(8000, "--port", min=1, max=65535, help=N_("Port")),
    db: str | None = typer.Option(
        None, "--db", help=N_("Database URL (default: plansza.db in the user's data folder)")
    ),
    lexicon: str = typer.Option(
        DEFAULT_LEXICON,
        "--lexicon",
        "-l",
        help=N_("Lexicon: name or path (sjp-20220301 = SJP.PL, not OSPS)"),
    ),
    tournament: str | None = typer.Option(
        None,
        "--tournament",
        "-t",
        help=N_(
            "A tournament file: its live pages at /turniej, its referee's console at /sedzia "
            "(where it is created when it does not exist yet)"
        ),
    ),
    belgijka: str | None = typer.Option(
        None,
        "--belgijka",
        help=N_(
            "A Belgijka championship file run live at /belgijka: the referee's console, "
            "the projector, the players' phones (created there when it does not exist)"
        ),
    ),
    word_tools: bool = typer.Option(
        False,
        "--word-tools",
        help=N_(
            "With --tournament or --belgijka: keep the word tools (word check, anagrams, "
            "analysis, games against the computer) open to everyone, as on a club night; "
            "by default a hall closes them to all but the referees"
        ),
    ),
    redis: str | None = typer.Option(
        None,
        "--redis",
        help=N_(
            "A Redis URL (redis://host:6379/0, unix:///path/redis.sock) shared by several "
            "processes serving the same tournament: a result entered on one shows at once "
            "on the live pages of the others"
        ),
    ),
    ranking: str | None = typer.Option(
        None,
        "--ranking",
        help=N_("A ranking history file (as `ranking compute` reads) to show at /ranking"),
    ),
    federation: str | None = typer.Option(
        None,
        "--federation",
        help=N_(
            "The federation's registry (*.federacja.sqlite or a URL): its server at "
            "/federacja (the ranking list, players, tournaments, the calendar, the ranking "
            "administrator's desk, the halls' sending address)"
        ),
    ),
    send_to: str | None = typer.Option(
        None,
        "--send-to",
        help=N_(
            "With --tournament: the federation's server (http://…) the closed tournament "
            "is sent to from the referee's console (needs --key-file)"
        ),
    ),
    key_file: str | None = typer.Option(
        None,
        "--key-file",
        help=N_("The referee's key for --send-to (from plansza federacja key NAME --output)"),
    ),
) -> None:
    """The web app: play, study, tournaments in the browser."""
    import uvicorn

    from plansza.server.app import WS_MAX_SIZE, create_app
    from plansza.server.settings import AppSettings
    from plansza.services.lexicon import load_lexicon

    if federation is not None and "://" not in federation and not os.path.isfile(federation):
        fail(_("--federation: no registry file {path}", path=federation), EXIT_INPUT)
    if belgijka is not None and redis is not None:
        # the hall's clock, journal and cards live in one process: a second one would
        # run another clock and take cards the first never sees
        fail(
            _(
                "--belgijka runs the hall in one process: it cannot be shared through "
                "--redis; start it without --redis"
            ),
            EXIT_INPUT,
        )
    if (send_to is None) != (key_file is None) or (send_to and not tournament):
        fail(_("--send-to and --key-file go together, with --tournament"), EXIT_INPUT)
    if send_to is not None and not send_to.startswith(("http://", "https://")):
        fail(_("--send-to: not an http:// or https:// address: {url}", url=send_to), EXIT_INPUT)
    if ranking is not None and not os.path.isfile(ranking):
        fail(_("--ranking: no ranking history file {path}", path=ranking), EXIT_INPUT)
    with user_errors():
        words = load_lexicon(lexicon, progress=lexicon_progress())
        settings = AppSettings(
            db=db,
            words=words,
            tournament=tournament,
            ranking=ranking,
            belgijka=belgijka,
            redis=redis,
            federation=federation,
            send_to=send_to,
            key_file=key_file,
            send_retry_max=_poll("PLANSZA_SEND_RETRY_MAX"),
            tournament_poll=_poll(),
            word_tools=word_tools,
        )
        app = create_app(settings)
    # Hundreds of live games keep many objects alive: the collector's full passes over
    # them stalled moves for 100–300 ms. What is loaded now (the lexicon, the modules)
    # is frozen out of its scans, and its passes come less often.
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 50, 100)
    shown = f"http://{'localhost' if host in ('127.0.0.1', '0.0.0.0') else host}:{port}/"
    typer.echo(_("plansza is served at {url} (Ctrl-C stops it)", url=shown))
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws="websockets-sansio",  # Uvicorn's "websockets" is the deprecated legacy one
        ws_max_size=WS_MAX_SIZE,
        # a game's messages are 1–3 KB: compressing each cost the server more CPU than
        # the bytes it saved were worth, on a hall's network as on loopback
        ws_per_message_deflate=False,
    )


def _poll(variable: str = "PLANSZA_TOURNAMENT_POLL") -> float | None:
    """Seconds from the environment ``variable``, or None: the default.
    ``PLANSZA_TOURNAMENT_POLL``: the live pages' poll of the tournament log (for the
    tests of ``--redis``: a poll too slow to matter); ``PLANSZA_SEND_RETRY_MAX``: the
    longest pause between two tries to send to the federation (the tests': short)."""
    value = os.environ.get(variable)
    if not value:
        return None
    try:
        return max(0.01, float(value))
    except ValueError:
        message = _(
            "{variable}: not a number of seconds: {value}", variable=variable, value=excerpt(value)
        )
        fail(message, EXIT_INPUT)


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
