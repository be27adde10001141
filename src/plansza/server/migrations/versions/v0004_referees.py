"""Referees: an account may hold the referee's role (``plansza konto sedzia NICK``).

Revision ID: w0004
Revises: w0003
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "w0004"
down_revision = "w0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # every account made before is not a referee (batch: SQLite alters by copying)
    with op.batch_alter_table("users") as batch:
        batch.add_column(
            sa.Column("referee", sa.Boolean, nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.drop_column("referee")
