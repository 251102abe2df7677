"""Ids never given twice on SQLite: ``accounts`` and ``access_tokens`` rebuilt with
``AUTOINCREMENT``, so that a new account never gets the id of one deleted (the highest row's,
which SQLite reused), nor a new token a revoked one's. PostgreSQL's sequences never reuse an id:
nothing changes there. An id deleted before this upgrade may still be given once more (nothing
records it); the account's deletion cleared every reference to it.

Revision ID: 0007_never_reused_ids
Revises: 0006_access_tokens
Create Date: 2026-12-07
"""

from __future__ import annotations

from alembic import op

revision = "0007_never_reused_ids"
down_revision = "0006_access_tokens"
branch_labels = None
depends_on = None

TABLES = ("accounts", "access_tokens")


def rebuild(autoincrement: bool) -> None:
    """Rebuild each of :data:`TABLES` on SQLite, its rows, keys and indexes as they are, with
    ``AUTOINCREMENT`` or without (the rows' ids kept: SQLite's counter starts at the highest). The
    tables referring to ``accounts`` keep their references: the server migrates with SQLite's
    foreign keys off (:meth:`rummykit.server.db.Database.migrate`)."""
    if op.get_bind().dialect.name != "sqlite":
        return
    for name in TABLES:
        with op.batch_alter_table(
            name, recreate="always", table_kwargs={"sqlite_autoincrement": autoincrement}
        ):
            pass


def upgrade() -> None:
    """Rebuild with ``AUTOINCREMENT`` (SQLite only)."""
    rebuild(True)


def downgrade() -> None:
    """Rebuild without it (SQLite only)."""
    rebuild(False)
