"""Row ids that are never given twice: a deleted account's id (and a revoked access token's) is not
reused by a new one, on SQLite (``AUTOINCREMENT``, migration 0007) as on PostgreSQL (sequences);
the migration keeps every row and every reference to an account, and goes down and up again."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, create_engine, text

from rummykit.server.accounts import Accounts
from rummykit.server.db import Database
from rummykit.server.db import database_url as server_url
from test_server_support import database_url, needs_pg

KINDS = ["sqlite", pytest.param("pg", marks=needs_pg)]

REFERRING = ("sessions", "access_tokens", "ratings", "mutes", "chat_messages")
"""The tables whose rows the upgrade test writes with an account's id."""


def migrations(url: str) -> tuple[Config, Any]:
    """Alembic's config for the server's migrations and an engine on ``url`` (no pragmas: SQLite's
    foreign keys off, as a plain connection has them)."""
    config = Config()
    config.set_main_option("script_location", "rummykit.server:migrations")
    return config, create_engine(server_url(url))


def rows(connection: Connection, name: str) -> list[tuple[Any, ...]]:
    return [tuple(row) for row in connection.execute(text(f"SELECT * FROM {name} ORDER BY 1, 2"))]


@pytest.mark.parametrize("kind", KINDS)
def test_a_deleted_accounts_id_is_never_given_again(kind: str, tmp_path: Path) -> None:
    db = Database(server_url(database_url(kind, tmp_path)))
    db.migrate()
    accounts = Accounts(db)
    ann = accounts.create("ann", "hash", None)
    bob = accounts.create("bob", "hash", None)
    accounts.delete(bob)
    cem = accounts.create("cem", "hash", None)
    assert cem not in (ann, bob) and cem > bob
    first, _ = accounts.new_access_token(ann, "first")
    accounts.revoke(ann, first["id"])
    second, _ = accounts.new_access_token(ann, "second")
    assert second["id"] > first["id"]
    db.close()


@pytest.mark.parametrize("kind", KINDS)
def test_the_upgrade_keeps_every_account_and_reference(kind: str, tmp_path: Path) -> None:
    """A database of schema 0006 with two accounts and rows that refer to them (a session, a
    token, a rating, a mute, a chat line): the server's migration (SQLite's foreign keys on) keeps
    every row as it was, breaks no reference, and gives a deleted account's id to nobody; the
    schema goes down to 0006 and up again with every row."""
    url = database_url(kind, tmp_path)
    config, engine = migrations(url)
    now = time.time()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0006_access_tokens")
        ids = []
        for name in ("ann", "bob"):
            connection.execute(
                text(
                    "INSERT INTO accounts (username, key, password_hash, created) "
                    "VALUES (:name, :name, 'hash', :now)"
                ),
                {"name": name, "now": now},
            )
            n = connection.execute(
                text("SELECT id FROM accounts WHERE key = :name"), {"name": name}
            ).scalar_one()
            ids.append(n)
            connection.execute(
                text("INSERT INTO sessions VALUES (:hash, :n, :now, :now)"),
                {"hash": f"s{n}", "n": n, "now": now},
            )
            connection.execute(
                text(
                    "INSERT INTO access_tokens (account_id, name, token_hash, created) "
                    "VALUES (:n, 'cli', :hash, :now)"
                ),
                {"n": n, "hash": f"t{n}", "now": now},
            )
            connection.execute(text("INSERT INTO ratings VALUES (:n, 'okey', 25.0, 8.0, 1, 0)"), {"n": n})
            connection.execute(text("INSERT INTO mutes VALUES (:n, 'someone')"), {"n": n})
            connection.execute(
                text(
                    "INSERT INTO chat_messages (room, account_id, name, mute, text, created, deleted) "
                    "VALUES ('lobby', :n, :name, :name, 'hi', :now, FALSE)"
                ),
                {"n": n, "name": name, "now": now},
            )
        before = {name: rows(connection, name) for name in ("accounts", *REFERRING)}
    db = Database(server_url(url))
    db.migrate()
    with db.engine.connect() as connection:
        assert {name: rows(connection, name) for name in before} == before
        if kind == "sqlite":
            assert connection.exec_driver_sql("PRAGMA foreign_key_check").all() == []
            assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    accounts = Accounts(db)
    ann, bob = ids
    accounts.delete(bob)
    cem = accounts.create("cem", "hash", None)
    assert cem > bob
    db.close()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0006_access_tokens")
        command.upgrade(config, "head")
        assert [row[0] for row in rows(connection, "accounts")] == [ann, cem]
        assert rows(connection, "accounts")[0] == before["accounts"][0]
    engine.dispose()
