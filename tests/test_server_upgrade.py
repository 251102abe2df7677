"""Upgrading a database written by the previous release (schema 0001) with a game in it: its
players keep their game (the seat token still reads its private record), nothing is lost. Against a
real server, on SQLite and on PostgreSQL when ``RUMMYKIT_TEST_PG`` is set."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, text

from rummykit.server.tokens import token_hash
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
