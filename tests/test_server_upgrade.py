"""Upgrading a database written by the previous release (schema 0001) with a game in it: its
players keep their game (the seat token still reads its private record), nothing is lost. Against a
real server, on SQLite and on PostgreSQL when ``RUMMYKIT_TEST_PG`` is set."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, create_engine, text

from rummykit.server.tokens import token_hash
from test_server_accounts import Browser
from test_server_privacy import refused
from test_server_support import fresh_pg_url, needs_pg, running, sqlite_url


@pytest.mark.parametrize("db", ["sqlite", pytest.param("pg", marks=needs_pg)])
def test_an_upgraded_database_keeps_its_players(tmp_path: Path, db: str) -> None:
    """A database of the first schema (0001), with a private table's finished game: after the
    upgrade its seat token still reads the record, and nobody else does; nothing of it is lost."""
    url = sqlite_url(tmp_path) if db == "sqlite" else fresh_pg_url()
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    config = Config()
    config.set_main_option("script_location", "rummykit.server:migrations")
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
        now = time.time()
        connection.execute(
            text(
                "INSERT INTO tables VALUES "
                "('T1', 'okey', '{}', '{}', FALSE, :owner, 'finished', :now, NULL, 0)"
            ),
            {"owner": token_hash("o" * 32), "now": now},
        )
        for idx in range(4):
            kind, hashed = ("person", token_hash("s" * 32)) if idx == 0 else ("bot", None)
            connection.execute(
                text("INSERT INTO seats VALUES ('T1', :idx, :name, :kind, 'greedy', :hash, FALSE, FALSE)"),
                {"idx": idx, "name": f"p{idx}", "kind": kind, "hash": hashed},
            )
        connection.execute(
            text(
                "INSERT INTO games VALUES ('G1', 'T1', 1, 7, '[\"ann\", \"b\", \"c\", \"d\"]', 'finished', "
                '\'{"scores": [0, 0, 0, 0], "winners": [0], "rounds": 1}\', \'[]\', :now, :now)'
            ),
            {"now": now},
        )
    engine.dispose()
    with running(url) as server:
        refused(server.get("/games/G1/record"), "G1")
        seat = httpx.get(f"{server.base}/games/G1/record", headers={"Authorization": "Bearer " + "s" * 32})
        assert seat.status_code == 200 and '"seed": 7' in seat.text
        assert seat.text.splitlines()[0].count('"ann"') == 1
        assert server.get("/tables/T1").json()["seats"][0]["name"] == "p0"
        mine = httpx.get(f"{server.base}/me/games").json()
        assert mine == {"type": "my_games", "games": []}


@pytest.mark.parametrize("db", ["sqlite", pytest.param("pg", marks=needs_pg)])
def test_a_database_of_the_current_release_keeps_its_accounts_games_and_ratings(
    tmp_path: Path, db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A database of the current release's schema (0005_chat) with an account, its session, its rating,
    a public rated table's finished game: after the upgrade to access tokens and rating
    changes (0006) every row is there, the account signs in, its profile, games and record read as
    before (no rating change known for a game rated before), and it can make an access token."""
    monkeypatch.setenv("RUMMYKIT_PASSWORD_COST", "test")
    from rummykit.server.accounts import hasher

    url = sqlite_url(tmp_path) if db == "sqlite" else fresh_pg_url()
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    config = Config()
    config.set_main_option("script_location", "rummykit.server:migrations")
    tables = ("accounts", "sessions", "tables", "seats", "games", "plays", "ratings", "secrets")
    now = time.time()
    rows = {
        "accounts": {
            "id": 1,
            "username": "Old_Ann",
            "key": "old_ann",
            "password_hash": hasher.hash("old password"),
        },
        "tables": {
            "id": "T1",
            "variant": "okey",
            "rules": "{}",
            "options": '{"public": true, "rated": true}',
        },
        "games": {"id": "G1", "table_id": "T1", "number": 1, "seed": 7, "seats": '["ann", "b", "c", "d"]'},
        "ratings": {"account_id": 1, "variant": "okey", "mu": 27.5, "sigma": 7.9, "games": 1, "wins": 1},
    }
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0005_chat")
        connection.execute(
            text(
                "INSERT INTO accounts (id, username, key, password_hash, created)"
                " VALUES (:id, :username, :key, :password_hash, :now)"
            ),
            {**rows["accounts"], "now": now},
        )
        connection.execute(
            text("INSERT INTO sessions VALUES (:hash, 1, :now, :later)"),
            {"hash": token_hash("a session"), "now": now, "later": now + 3600},
        )
        connection.execute(
            text(
                "INSERT INTO tables VALUES"
                " (:id, :variant, :rules, :options, TRUE, 'h', 'finished', :now, NULL, 0)"
            ),
            {**rows["tables"], "now": now},
        )
        for idx in range(4):
            person = idx == 0
            connection.execute(
                text(
                    "INSERT INTO seats (table_id, idx, name, kind, level, token_hash, connected,"
                    " standing_in, player_hash, account_id)"
                    " VALUES ('T1', :idx, :name, :kind, 'greedy', NULL, FALSE, FALSE, NULL, :account)"
                ),
                {
                    "idx": idx,
                    "name": f"p{idx}",
                    "kind": "person" if person else "bot",
                    "account": 1 if person else None,
                },
            )
        connection.execute(
            text(
                "INSERT INTO games VALUES (:id, :table_id, :number, :seed, :seats, 'finished', "
                '\'{"scores": [0, 0, 0, 0], "winners": [0], "rounds": 1}\', \'[]\', :now, :now)'
            ),
            {**rows["games"], "now": now},
        )
        connection.execute(
            text("INSERT INTO plays VALUES ('G1', 0, 'ann', NULL, 'ph', 1)"),
        )
        connection.execute(
            text("INSERT INTO ratings VALUES (:account_id, :variant, :mu, :sigma, :games, :wins)"),
            rows["ratings"],
        )
        before = {name: _rows(connection, name) for name in tables}
    with running(url) as server:
        ann = Browser(server)
        assert (
            ann.post("/account/login", {"username": "old_ann", "password": "old password"}).status_code == 200
        )
        profile = server.get("/players/Old_Ann").json()
        assert profile["ratings"][0]["rating"] == 1600 and profile["games"] == [
            {"variant": "okey", "played": 1, "won": 1}
        ]
        recent = profile["recent"][0]
        assert recent["game"] == "G1" and recent["accounts"] == ["Old_Ann", None, None, None]
        assert recent["rating_change"] is None
        assert [g["game"] for g in ann.get("/me/games").json()["games"]] == ["G1"]
        assert server.get("/games/G1/record").text.splitlines()[1:] == [
            '{"outcome": {"scores": [0, 0, 0, 0], "winners": [0], "rounds": 1}}',
        ]
        assert server.get("/tables/T1").json()["seats"][0]["account"] == "Old_Ann"
        assert ann.post("/account/tokens", {"name": "after the upgrade"}).status_code == 201
    with engine.connect() as connection:
        after = {name: _rows(connection, name) for name in tables}
        plays = connection.execute(text("SELECT rating_before, rating_after FROM plays")).all()
    engine.dispose()
    # every row kept with its old columns (a sign-in added a session); the new columns empty
    for name, old in before.items():
        kept = [{k: row[k] for k in old[0]} for row in after[name]]
        assert all(row in kept for row in old), name
        assert len(kept) == len(old) + (name == "sessions")
    assert plays == [(None, None)]


def _rows(connection: Connection, name: str) -> list[dict[str, Any]]:
    """Every row of table ``name`` as a dict."""
    return [dict(row) for row in connection.execute(text(f"SELECT * FROM {name}")).mappings()]
