"""Alembic revisions of the tournament file (a package so that installs ship them)."""
