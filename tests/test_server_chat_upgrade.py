"""Upgrading a database written by the release before the chat (schema 0004) with an account, its
session, its rating and a private game in it, to the chat's schema (0005): nothing is lost (the
rows of every table are the same, the account signs in, finds its game and its rating, its session
still holds), the account is neither a moderator nor banned, and it chats. Against a real server, on
SQLite and on PostgreSQL when ``RUMMYKIT_TEST_PG`` is set."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from alembic import command
from alembic.config import Config
from argon2 import PasswordHasher, profiles
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine

from rummykit.server.accounts import Accounts
from rummykit.server.db import Database
from rummykit.server.tokens import token_hash
from test_server_accounts import PASSWORD, Browser
from test_server_chat import Socket
from test_server_support import fresh_pg_url, needs_pg, running, sqlite_url

TABLES = ("tables", "seats", "games", "plays", "actions", "accounts", "sessions", "ratings", "secrets")


def counts(engine: Engine) -> dict[str, int]:
    with engine.connect() as connection:
        return {
            name: int(connection.execute(text(f"SELECT COUNT(*) FROM {name}")).scalar_one())
            for name in TABLES
        }


def write_release_database(engine: Engine) -> None:
    """Schema 0004 with one account (``ann``, a session, a rating) and a private table's finished
    game she played."""
    config = Config()
    config.set_main_option("script_location", "rummykit.server:migrations")
    now = time.time()
    hashed = PasswordHasher.from_parameters(profiles.CHEAPEST).hash(PASSWORD)
    rows: list[tuple[str, dict[str, Any]]] = [
        (
            "INSERT INTO accounts (username, key, password_hash, created) VALUES ('Ann', 'ann', :hash, :now)",
            {"hash": hashed},
        ),
        (
            "INSERT INTO sessions (token_hash, account_id, created, expires) "
            "VALUES (:session, 1, :now, :later)",
            {"session": token_hash("k" * 32), "later": now + 3600},
        ),
        ("INSERT INTO ratings VALUES (1, 'okey', 31.5, 6.0, 3, 2)", {}),
        (
            "INSERT INTO tables (id, variant, rules, options, public, owner_hash, status, created, server, "
            "lease_until) VALUES ('T1', 'okey', '{}', '{}', FALSE, :owner, 'finished', :now, NULL, 0)",
            {"owner": token_hash("o" * 32)},
        ),
        (
            "INSERT INTO games (id, table_id, number, seed, seats, status, outcome, stood_in, created, "
            "finished) VALUES ('G1', 'T1', 1, 7, '[\"Ann\", \"b\", \"c\", \"d\"]', 'finished', "
            '\'{"scores": [0, 0, 0, 0], "winners": [0], "rounds": 1}\', \'[]\', :now, :now)',
            {},
        ),
        (
            "INSERT INTO plays (game_id, seat, name, token_hash, player_hash, account_id) "
            "VALUES ('G1', 0, 'Ann', :seat, NULL, 1)",
            {"seat": token_hash("s" * 32)},
        ),
    ]
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0004")
        for statement, params in rows:
            connection.execute(text(statement), {"now": now, **params})
        for idx in range(4):
            kind, hashed_seat, account = (
                ("person", token_hash("s" * 32), 1) if idx == 0 else ("bot", None, None)
            )
            connection.execute(
                text(
                    "INSERT INTO seats (table_id, idx, name, kind, level, token_hash, connected, "
                    "standing_in, player_hash, account_id) VALUES ('T1', :idx, :name, :kind, 'greedy', "
                    ":hash, FALSE, FALSE, NULL, :account)"
                ),
                {
                    "idx": idx,
                    "name": "Ann" if idx == 0 else f"p{idx}",
                    "kind": kind,
                    "hash": hashed_seat,
                    "account": account,
                },
            )
        connection.execute(
            text("INSERT INTO actions VALUES ('G1', 0, 0, 'draw', 'c1', 'person', :now)"), {"now": now}
        )


@pytest.mark.parametrize("db", ["sqlite", pytest.param("pg", marks=needs_pg)])
def test_the_chat_upgrade_keeps_everything(tmp_path: Path, db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RUMMYKIT_PASSWORD_COST", "test")
    url = sqlite_url(tmp_path) if db == "sqlite" else fresh_pg_url()
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    write_release_database(engine)
    before = counts(engine)
    with running(url) as server:
        after = counts(engine)
        assert after == before and before["accounts"] == before["games"] == 1
        with engine.connect() as connection:
            flags = connection.execute(text("SELECT moderator, banned FROM accounts")).one()
            assert tuple(flags) == (False, False)
            assert connection.execute(text("SELECT COUNT(*) FROM chat_messages")).scalar_one() == 0
        # the kept session still holds; a new sign-in finds the game and the rating
        kept = httpx.Client(base_url=server.base, timeout=30)
        database = Database(url)
        cookie = Accounts(database).cookie_value("k" * 32)
        database.close()
        kept.cookies.set("rummykit_session", cookie, domain="127.0.0.1")
        assert kept.get("/account").json()["account"] == {"username": "Ann"}
        ann = Browser(server)
        assert ann.post("/account/login", {"username": "ann", "password": PASSWORD}).status_code == 200
        assert [g["game"] for g in ann.get("/me/games").json()["games"]] == ["G1"]
        board = ann.get("/ratings/okey").json()["ratings"]
        assert [(r["username"], r["games"], r["wins"]) for r in board] == [("Ann", 3, 2)]
        seat = httpx.get(f"{server.base}/games/G1/record", headers={"Authorization": "Bearer " + "s" * 32})
        assert seat.status_code == 200 and '"seed": 7' in seat.text
        # and she chats in the lobby
        socket = Socket(server, ann)
        socket.send({"type": "lobby"})
        socket.until("chat_history")
        socket.say("hello again", room="lobby")
        assert socket.until("chat")["user"] == "Ann"
        socket.close()
    engine.dispose()
