"""Results from the tables: the players' pending entries and the tournaments' secrets.

Revision ID: w0005
Revises: w0004
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "w0005"
down_revision = "w0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # the secret each tournament's table codes are derived from (made on first use)
    op.create_table(
        "table_secrets",
        sa.Column("tournament", sa.String(500), primary_key=True),  # the file's path
        sa.Column("secret", sa.String(64), nullable=False),
    )
    # one player's entry of a table's result, waiting for the other's (or the referee)
    op.create_table(
        "table_entries",
        sa.Column("tournament", sa.String(500), primary_key=True),
        sa.Column("round_no", sa.Integer, primary_key=True),
        sa.Column("table_no", sa.Integer, primary_key=True),
        sa.Column("side", sa.Integer, primary_key=True),  # 0: the first player, 1: the second
        sa.Column("score_first", sa.Integer, nullable=False),
        sa.Column("score_second", sa.Integer, nullable=False),
        sa.Column("last_first", sa.Integer, nullable=True),  # SCH: the last moves
        sa.Column("last_second", sa.Integer, nullable=True),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("table_entries")
    op.drop_table("table_secrets")
