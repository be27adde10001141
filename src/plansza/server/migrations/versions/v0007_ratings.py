"""Online ratings: each account's Glicko-2 rating per pool, and every rated game's
change (a profile's history and chart).

Revision ID: w0007
Revises: w0006
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "w0007"
down_revision = "w0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("account", sa.Integer, primary_key=True),
        sa.Column("pool", sa.String(24), primary_key=True),  # "pfs:rapid"
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("at", sa.Float, nullable=False),  # the last rated game's end
    )
    # one row per account and rated game: written in the game's end transaction
    op.create_table(
        "rated_games",
        sa.Column("game", sa.String(24), primary_key=True),
        sa.Column("account", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("pool", sa.String(24), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("opponent", sa.Integer, nullable=True),  # an account; NULL: the computer
        sa.Column("opponent_name", sa.String(40), nullable=False),
        sa.Column("opponent_rating", sa.Float, nullable=False),
        sa.Column("score", sa.Float, nullable=False),  # 1, 0.5, 0
        sa.Column("points", sa.Integer, nullable=False),
        sa.Column("opponent_points", sa.Integer, nullable=False),
        sa.Column("before", sa.Float, nullable=False),
        sa.Column("after", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("bingos", sa.Integer, nullable=False),  # plays of all seven tiles
        sa.Column("challenges_won", sa.Integer, nullable=False),
    )
    op.create_index("rated_games_by_account", "rated_games", ["account", "at"])


def downgrade() -> None:
    op.drop_index("rated_games_by_account", "rated_games")
    op.drop_table("rated_games")
    op.drop_table("ratings")
