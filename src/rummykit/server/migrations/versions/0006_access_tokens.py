"""Personal access tokens (``access_tokens``: an account's tokens for ``rummykit connect`` and
scripts, stored as hashes) and each rated seat's rating before and after its game (``plays``'s
``rating_before`` and ``rating_after``, OpenSkill's mu; ``NULL`` for an unrated game's).

Revision ID: 0006_access_tokens
Revises: 0005_chat
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_access_tokens"
down_revision = "0005_chat"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``access_tokens``; add ``plays.rating_before`` and ``plays.rating_after``."""
    op.create_table(
        "access_tokens",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("accounts.id"), nullable=False, index=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created", sa.Float(), nullable=False),
        sa.Column("last_used", sa.Float(), nullable=True),
    )
    op.add_column("plays", sa.Column("rating_before", sa.Float(), nullable=True))
    op.add_column("plays", sa.Column("rating_after", sa.Float(), nullable=True))


def downgrade() -> None:
    """Drop them."""
    with op.batch_alter_table("plays") as batch:
        batch.drop_column("rating_after")
        batch.drop_column("rating_before")
    op.drop_table("access_tokens")
