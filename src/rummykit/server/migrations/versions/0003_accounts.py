"""Accounts: ``accounts`` (username, argon2 password hash), ``sessions`` (signed-in browsers),
``attempts`` (the sign-in and sign-up rate limits), ``secrets`` (the session cookies' signing key,
made here), and ``account_id`` on seats and plays.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-06
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the account tables and the signing key; link seats and plays to accounts."""
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("username", sa.String(32), nullable=False),
        sa.Column("key", sa.String(32), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
        sa.Column("expires", sa.Float(), nullable=False),
    )
    op.create_index("ix_sessions_account_id", "sessions", ["account_id"])
    op.create_table(
        "attempts",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("since", sa.Float(), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
    )
    made = op.create_table(
        "secrets",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )
    op.bulk_insert(made, [{"name": "session", "value": secrets.token_hex(32)}])
    for table in ("seats", "plays"):
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("account_id", sa.Integer(), nullable=True))
            batch.create_foreign_key(f"fk_{table}_account_id", "accounts", ["account_id"], ["id"])
    op.create_index("ix_plays_account_id", "plays", ["account_id"])


def downgrade() -> None:
    """Drop them."""
    op.drop_index("ix_plays_account_id", "plays")
    for table in ("plays", "seats"):
        with op.batch_alter_table(table) as batch:
            batch.drop_constraint(f"fk_{table}_account_id", type_="foreignkey")
            batch.drop_column("account_id")
    op.drop_table("secrets")
    op.drop_table("attempts")
    op.drop_index("ix_sessions_account_id", "sessions")
    op.drop_table("sessions")
    op.drop_table("accounts")
