"""The first schema: tables, seats, games and the append-only actions.

Revision ID: 0001
Revises:
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the four tables."""
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("variant", sa.String(32), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("public", sa.Boolean(), nullable=False),
        sa.Column("owner_hash", sa.String(64), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
        sa.Column("server", sa.String(64), nullable=True),
        sa.Column("lease_until", sa.Float(), nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("idx", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("level", sa.String(32), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("connected", sa.Boolean(), nullable=False),
        sa.Column("standing_in", sa.Boolean(), nullable=False),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("outcome", sa.JSON(), nullable=True),
        sa.Column("stood_in", sa.JSON(), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
        sa.Column("finished", sa.Float(), nullable=True),
    )
    op.create_index("ix_games_table_id", "games", ["table_id"])
    op.create_table(
        "actions",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("idx", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.Text(), nullable=False),
        sa.Column("client_id", sa.String(64), nullable=True),
        sa.Column("cause", sa.String(16), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
        sa.UniqueConstraint("game_id", "seat", "client_id", name="uq_actions_client_id"),
    )


def downgrade() -> None:
    """Drop the four tables."""
    op.drop_table("actions")
    op.drop_index("ix_games_table_id", "games")
    op.drop_table("games")
    op.drop_table("seats")
    op.drop_table("tables")
