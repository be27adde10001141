"""Live games: one row per game, one row per step (an action applied, numbered).

Revision ID: w0001
Revises:
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "w0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "live_games",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("setup", sa.Text, nullable=False),  # JSON: rules, minutes, seed, seats…
        sa.Column("over", sa.Boolean, nullable=False, default=False),
    )
    op.create_table(
        "live_steps",
        sa.Column("game", sa.String(24), sa.ForeignKey("live_games.id"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("outcome", sa.Text, nullable=False),
    )
    op.create_table(
        "server_alive",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("server_alive")
    op.drop_table("live_steps")
    op.drop_table("live_games")
