"""``plansza konto`` (alias ``account``): the web server's accounts, from the server's machine.

``plansza konto sedzia NICK`` makes the account a referee (the word-check station's log,
and the referee's console, are theirs only); ``plansza konto pomocniczy NICK`` an
assistant referee, who enters results in the console and nothing else (RS §6.5);
``plansza konto moderator NICK`` the chat's moderator (reports, silencing);
``--odbierz`` takes a role back.
The database is the one ``plansza serve`` uses (``--db URL``, the same default).
"""

from __future__ import annotations

import typer

from plansza.cli.common import EXIT_INPUT, console, fail, user_errors
from plansza.cli.i18n import _
from plansza.errors import N_

app = typer.Typer(help=N_("Accounts of the web app: the referee's role."), no_args_is_help=True)


def register(root: typer.Typer) -> None:
    """Add ``konto`` (alias ``account``) to the root app."""
    root.add_typer(app, name="konto")
    root.add_typer(app, name="account", hidden=True)


DbOption = typer.Option(
    None, "--db", help=N_("Database URL (default: plansza.db in the user's data folder)")
)


def _set_role(nick: str, db: str | None, assistant: bool | str, on: bool) -> None:
    """Grant (``on``) or take back the referee's or the assistant referee's role
    (``assistant`` ``"moderator"``: the chat moderator's)."""
    from plansza.server.store import Store, default_url
    from plansza.services.accounts import nickname, nickname_key

    with user_errors():
        nick = nickname(nick)  # one that cannot be a nickname (a line break): said so
        store = Store(db or default_url())
        try:
            grant = (
                store.users.set_moderator
                if assistant == "moderator"
                else store.users.set_assistant
                if assistant
                else store.users.set_referee
            )
            found = grant(nickname_key(nick), on)
        finally:
            store.close()
    if not found:
        fail(_("no account with the nickname {nick}", nick=nick), EXIT_INPUT)


def referee(
    nick: str = typer.Argument(..., help=N_("The account's nickname (any case)")),
    revoke: bool = typer.Option(
        False, "--odbierz", "--revoke", help=N_("Take the referee's role back")
    ),
    db: str | None = DbOption,
) -> None:
    """Make an account a referee (or, with --odbierz, no longer one)."""
    _set_role(nick, db, False, not revoke)
    if revoke:
        console.print(_("{nick} is no longer a referee.", nick=nick.strip()))
    else:
        console.print(_("{nick} is a referee now.", nick=nick.strip()))


def assistant(
    nick: str = typer.Argument(..., help=N_("The account's nickname (any case)")),
    revoke: bool = typer.Option(
        False, "--odbierz", "--revoke", help=N_("Take the assistant referee's role back")
    ),
    db: str | None = DbOption,
) -> None:
    """Make an account an assistant referee, who enters results in the console (RS §6.5)."""
    _set_role(nick, db, True, not revoke)
    if revoke:
        console.print(_("{nick} is no longer an assistant referee.", nick=nick.strip()))
    else:
        console.print(_("{nick} is an assistant referee now: results only.", nick=nick.strip()))


app.command("sedzia")(referee)
app.command("referee", hidden=True)(referee)
app.command("pomocniczy")(assistant)
app.command("assistant", hidden=True)(assistant)


def moderator(
    nick: str = typer.Argument(..., help=N_("The account's nickname (any case)")),
    revoke: bool = typer.Option(
        False, "--odbierz", "--revoke", help=N_("Take the moderator's role back")
    ),
    db: str | None = DbOption,
) -> None:
    """Make an account the chat's moderator: sees reported messages, silences accounts."""
    _set_role(nick, db, "moderator", not revoke)
    if revoke:
        console.print(_("{nick} is no longer a moderator.", nick=nick.strip()))
    else:
        console.print(_("{nick} is a moderator now.", nick=nick.strip()))


app.command("moderator")(moderator)
