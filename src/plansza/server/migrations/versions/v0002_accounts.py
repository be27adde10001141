"""Accounts: a user per nickname (the password's hash only) and the seats they played.

Revision ID: w0002
Revises: w0001
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "w0002"
down_revision = "w0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("nickname", sa.String(24), nullable=False),  # as typed (NFC)
        # the nickname case-folded: unique, so that "Łukasz" and "łukasz" are one
        sa.Column("nickname_key", sa.String(24), nullable=False, unique=True),
        sa.Column("password_hash", sa.Text, nullable=False),  # Argon2id, never the password
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "game_seats",
        sa.Column("game", sa.String(24), sa.ForeignKey("live_games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
    )


def downgrade() -> None:
    op.drop_table("game_seats")
    op.drop_table("users")
