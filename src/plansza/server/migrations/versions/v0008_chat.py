"""Chat: the players' and the spectators' messages of each game, reports of a message
to the moderators, the accounts each account muted, the moderator's role and an
account silenced until a time; and the name an account has on the PFS ranking list.

Revision ID: w0008
Revises: w0007
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "w0008"
down_revision = "w0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.add_column(
            sa.Column("moderator", sa.Boolean, nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("silenced_until", sa.Float, nullable=True))
        # the name the account says it has on the PFS ranking list (its estimate's key)
        batch.add_column(sa.Column("pfs_name", sa.String(80), nullable=True))
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game", sa.String(24), nullable=False),
        sa.Column("channel", sa.String(12), nullable=False),  # players, spectators
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("account", sa.Integer, nullable=True),  # NULL: a guest in a seat
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.String(300), nullable=False),
    )
    op.create_index("chat_messages_by_game", "chat_messages", ["game", "id"])
    op.create_table(
        "chat_reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("message", sa.Integer, nullable=False),
        sa.Column("reporter", sa.Integer, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("handled", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.UniqueConstraint("message", "reporter"),
    )
    op.create_table(
        "chat_mutes",
        sa.Column("account", sa.Integer, primary_key=True),
        sa.Column("muted", sa.Integer, primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("chat_mutes")
    op.drop_table("chat_reports")
    op.drop_index("chat_messages_by_game", "chat_messages")
    op.drop_table("chat_messages")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("pfs_name")
        batch.drop_column("silenced_until")
        batch.drop_column("moderator")
