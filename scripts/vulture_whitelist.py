"""Names vulture reports as unused that something it cannot see uses (``vulture``).

Vulture matches by name: a name written here counts as used everywhere. Each entry
says what uses it. Read by vulture only (``[tool.vulture]`` in ``pyproject.toml``);
never imported or run. Typer commands, SQLAlchemy listeners and pytest fixtures are
not listed: ``ignore_decorators`` there covers them by their decorator.
"""

# ruff: noqa: B018, F821

# Called by the language or a library, not by our code.
__contains__  # game.WordList is a Protocol: `word in lexicon` calls it
__call__  # tournament/events: describe's wordings call a _Words
__getattr__  # tournament/__init__: module __getattr__ (PEP 562), TournamentFile on use
__dir__  # plansza/__init__: module __dir__ (PEP 562), dir(plansza) lists the lazy API
isolation_level  # tournament/storage: set on the sqlite3 connection, read by the driver
handle_starttag  # tests/htmlpage: html.parser.HTMLParser calls its overrides
handle_endtag
handle_data
whitespace_split  # tests/test_docs_examples: read by shlex.shlex

# Alembic reads a migration's module-level names (migrations/versions/*.py).
revision
down_revision
branch_labels
depends_on
downgrade

# pytest: a module's marks, the plugins conftest loads, and fixtures requested by
# argument for their effect.
pytestmark
pytest_plugins  # tests/conftest: pg_cluster and redis_server, loaded by pytest
user_dirs  # tests/lexicon: user data directories inside tmp_path
workdir  # tests/test_docs_examples
no_driver  # tests/test_postgres_extra: the PostgreSQL driver hidden
dst  # tests/test_files: the signature of os.replace, which the test replaces

# Public API shown only in a docstring example (the doctests run it).
is_draw  # ranking.records.Game.is_draw

# Uvicorn: a server told to stop (tests/server/test_accounts.py) reads it.
should_exit

# Jinja templates read them (vulture sees no template).
adjustment  # services/tournament.PreviewSide: templates/web/console.html
across_groups  # services/tournament.PreviewTable: templates/web/console.html
spectators  # server/lobby.LiveGameEntry: templates/web/lobby_live.html
average_points  # server/store.RatedStats: templates/web/profile.html
bingos_per_game  # server/store.RatedStats: templates/web/profile.html
registered_games  # services/federation_server.PlayerCheck: templates/web/fed_desk_tournament.html
submission  # services/federation_server.Examined: templates/web/fed_desk_tournament.html
queued_at  # services/sending.Status: kept in the queue's file, read back by Status(**json)

# Typer reads a command's signature: the parameter is the option.
bounded  # tests/cli/test_startup._probe: --bounded, an int with a range
