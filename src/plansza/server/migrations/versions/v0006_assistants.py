"""Assistant referees: an account may hold the assistant referee's role (RS §6.5), who
enters results in the console and nothing else (``plansza konto pomocniczy NICK``).

Revision ID: w0006
Revises: w0005
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "w0006"
down_revision = "w0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # every account made before is not an assistant (batch: SQLite alters by copying)
    with op.batch_alter_table("users") as batch:
        batch.add_column(
            sa.Column("assistant", sa.Boolean, nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.drop_column("assistant")
