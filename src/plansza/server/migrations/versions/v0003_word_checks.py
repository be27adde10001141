"""The word-check station's log: every check made at the hall's checking computer.

Revision ID: w0003
Revises: w0002
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "w0003"
down_revision = "w0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "word_checks",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at", sa.Float, nullable=False, index=True),  # seconds since the epoch
        sa.Column("table_no", sa.Integer, nullable=False),  # the table the players came from
        sa.Column("words", sa.Text, nullable=False),  # the set checked, capitals, a space between
        sa.Column("valid", sa.Boolean, nullable=False),  # the joint verdict (TR 4.7.11)
    )


def downgrade() -> None:
    op.drop_table("word_checks")
