"""Chat and moderation: ``chat_messages``, ``chat_reports``, ``mutes``, and the accounts'
``moderator`` and ``banned`` flags.

Revision ID: 0005_chat
Revises: 0004
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_chat"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the flags (false for every account already there) and create the chat's tables. The
    columns are added in place (SQLite's ``ALTER TABLE ADD COLUMN`` takes a default), not by
    rebuilding ``accounts``, which the sessions, seats, plays and ratings refer to."""
    for name in ("moderator", "banned"):
        op.add_column("accounts", sa.Column(name, sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("room", sa.String(48), nullable=False, index=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=True),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("accounts.id"), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("mute", sa.String(80), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
        sa.Column("deleted", sa.Boolean(), nullable=False),
    )
    op.create_table(
        "chat_reports",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("message_id", sa.Integer(), sa.ForeignKey("chat_messages.id"), nullable=False, index=True),
        sa.Column("room", sa.String(48), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("sender_name", sa.String(64), nullable=False),
        sa.Column("sender_account", sa.Integer(), sa.ForeignKey("accounts.id"), nullable=True),
        sa.Column("reporter_name", sa.String(64), nullable=False),
        sa.Column("reporter_account", sa.Integer(), sa.ForeignKey("accounts.id"), nullable=True),
        sa.Column("created", sa.Float(), nullable=False),
    )
    op.create_table(
        "mutes",
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("key", sa.String(80), primary_key=True),
    )


def downgrade() -> None:
    """Drop the chat's tables and the flags (in place, as they were added)."""
    op.drop_table("mutes")
    op.drop_table("chat_reports")
    op.drop_table("chat_messages")
    for name in ("banned", "moderator"):
        op.drop_column("accounts", name)
