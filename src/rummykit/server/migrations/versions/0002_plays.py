"""Who played each game: ``plays`` (a person's seat in a game, with the hashes of its seat token and
of the joining browser's token) and ``seats.player_hash``. The games stored before are given their
people's seats as the tables' seats hold them now (their seat tokens), so that their players can
still read their private games' records.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``seats.player_hash`` and ``plays``, filled for the games stored already."""
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("player_hash", sa.String(64), nullable=True))
    plays = op.create_table(
        "plays",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("player_hash", sa.String(64), nullable=True),
    )
    op.create_index("ix_plays_player_hash", "plays", ["player_hash"])
    connection = op.get_bind()
    games = sa.table("games", sa.column("id"), sa.column("table_id"), sa.column("seats", sa.JSON()))
    seats = sa.table(
        "seats", sa.column("table_id"), sa.column("idx"), sa.column("kind"), sa.column("token_hash")
    )
    people: dict[str, dict[int, str | None]] = {}
    for table_id, idx, token_hash in connection.execute(
        sa.select(seats.c.table_id, seats.c.idx, seats.c.token_hash).where(seats.c.kind == "person")
    ):
        people.setdefault(table_id, {})[idx] = token_hash
    rows = []
    for game_id, table_id, names in connection.execute(
        sa.select(games.c.id, games.c.table_id, games.c.seats)
    ):
        for idx, token_hash in people.get(table_id, {}).items():
            name = names[idx] if isinstance(names, list) and idx < len(names) else f"seat {idx}"
            rows.append({"game_id": game_id, "seat": idx, "name": str(name)[:64], "token_hash": token_hash})
    if rows:
        op.bulk_insert(plays, rows)


def downgrade() -> None:
    """Drop ``plays`` and ``seats.player_hash``."""
    op.drop_index("ix_plays_player_hash", "plays")
    op.drop_table("plays")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("player_hash")
