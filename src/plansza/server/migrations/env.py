"""Alembic environment of the web server's database (run programmatically by store.py)."""

from __future__ import annotations

from alembic import context

config = context.config
connection = config.attributes["connection"]
# Its own version table: the server's database may also hold other plansza schemas.
context.configure(connection=connection, render_as_batch=True, version_table="plansza_web_version")
with context.begin_transaction():
    context.run_migrations()
