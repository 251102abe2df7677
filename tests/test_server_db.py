"""The server's persistence without the server: database URLs, the default SQLite file, the
migrations, leases between processes, and the append-only action list."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy.exc import IntegrityError

from rummykit.server.db import (
    ANONYMOUS,
    ActionRow,
    Database,
    GameRow,
    PlayRow,
    SeatRow,
    TableRow,
    database_url,
)
from test_server_support import PG_URL, fresh_pg_url, needs_pg


def test_urls(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert database_url("postgresql://u@h:5432/db") == "postgresql+psycopg://u@h:5432/db"
    assert database_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert database_url("sqlite:///x.db") == "sqlite:///x.db"
    assert database_url(str(tmp_path / "a" / "b.db")) == f"sqlite:///{tmp_path / 'a' / 'b.db'}"
    assert (tmp_path / "a").is_dir()
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    default = database_url(None)
    assert default == f"sqlite:///{tmp_path / 'data' / 'rummykit' / 'rummykit.db'}"
    db = Database(default)
    db.migrate()
    db.close()
    assert (tmp_path / "data" / "rummykit" / "rummykit.db").is_file()


def stored(db: Database, table_id: str) -> None:
    now = time.time()
    db.add_table(
        TableRow(
            id=table_id,
            variant="okey",
            rules={},
            options={},
            public=False,
            owner_hash="x",
            status="playing",
            created=now,
            lease_until=0.0,
        ),
        [
            SeatRow(
                table_id=table_id,
                idx=0,
                name="a",
                kind="bot",
                level="random",
                connected=False,
                standing_in=False,
            )
        ],
    )
    db.start_game(
        GameRow(
            id=f"g-{table_id}", table_id=table_id, number=1, seed=1, seats=["a"], stood_in=[], created=now
        )
    )


def check_leases_and_actions(url: str) -> None:
    db = Database(url)
    db.migrate()
    db.migrate()
    stored(db, "t1")
    assert db.claim("A", 60) == ["t1"]
    assert db.claim("B", 60) == [] and db.claim("B", 60, "t1") == []
    assert db.renew("A", 60, ["t1"]) == ["t1"] and db.renew("B", 60, ["t1"]) == []
    # the leases of a process the broker says is gone, a fair share of free tables, letting go
    assert db.holder("t1") == "A" and db.holder("nope") is None and db.holders("B") == {"A": 1}
    assert db.holders("A") == {} and db.free_count() == 0
    assert db.take_over("B", 60, "C", 5) == [] and db.take_over("B", 60, "A", 5) == ["t1"]
    assert db.holder("t1") == "B" and db.claim("A", 60, "t1") == []
    db.let_go("B", ["t1"])
    assert db.free_count() == 1 and db.holder("t1") == ""
    assert db.claim("A", 60, None, 0) == [] and db.free_count() == 1
    db.set_seat("t1", 0, connected=True)
    taken = db.take("t1")
    assert taken is not None and not taken.seats[0].connected
    loaded = db.load("t1")
    assert loaded is not None and not loaded.seats[0].connected
    assert db.claim("B", 60) == ["t1"] and db.renew("A", 60, ["t1"]) == []
    row = ActionRow(game_id="g-t1", idx=0, seat=0, action="draw", client_id="c1", cause="person", created=0.0)
    db.add_action(row, None, [])
    with pytest.raises(IntegrityError):
        db.add_action(
            ActionRow(game_id="g-t1", idx=0, seat=0, action="take", client_id=None, cause="bot", created=0.0),
            None,
            [],
        )
    with pytest.raises(IntegrityError):
        db.add_action(
            ActionRow(
                game_id="g-t1", idx=1, seat=0, action="take", client_id="c1", cause="person", created=0.0
            ),
            None,
            [],
        )
    db.add_action(
        ActionRow(game_id="g-t1", idx=1, seat=0, action="take", client_id=None, cause="bot", created=0.0),
        {"scores": [1], "winners": [0], "rounds": 1},
        [0],
    )
    loaded = db.load("t1")
    assert loaded is not None and loaded.table.status == "finished"
    assert loaded.game is not None and loaded.game.status == "finished" and loaded.game.stood_in == [0]
    assert [a.action for a in loaded.actions] == ["draw", "take"]
    db.release("B")
    db.close()


def test_sqlite(tmp_path: Path) -> None:
    check_leases_and_actions(f"sqlite:///{tmp_path / 'db.sqlite'}")


@needs_pg
def test_postgresql() -> None:
    assert PG_URL is not None
    check_leases_and_actions(database_url(fresh_pg_url()))


def test_a_match_dealt_to_a_deleted_account_calls_its_seat_anonymous(tmp_path: Path) -> None:
    # a process whose memory still had the account's seat (the deletion made through another,
    # without a broker) deals the match: the deleted account's name goes into neither the match
    # nor its seat rows (the tester's: it went into the record)
    db = Database(database_url(str(tmp_path / "deleted.db")))
    db.migrate()
    stored(db, "t1")
    game = GameRow(id="g2", table_id="t1", number=2, seed=1, seats=["zoe", "bo"], stood_in=[], created=0.0)
    plays = [
        PlayRow(game_id="g2", seat=0, name="zoe", token_hash="h", player_hash="p", account_id=404),
        PlayRow(game_id="g2", seat=1, name="bo", token_hash="i", player_hash="q", account_id=None),
    ]
    db.start_game(game, plays)
    found = db.game("g2")
    assert found is not None and found[0].seats == [ANONYMOUS, "bo"]
    assert [(p.name, p.account_id, p.player_hash) for p in db.readers("g2")[2]] == [
        (ANONYMOUS, None, None),
        ("bo", None, "q"),
    ]
    db.close()


def test_a_claim_writes_only_the_tables_not_held_already(tmp_path: Path) -> None:
    # a running process claims every few seconds: its own tables, loaded and renewed already, are
    # not written again; one of its own it has not loaded (after a restart) is
    db = Database(database_url(str(tmp_path / "claims.db")))
    db.migrate()
    stored(db, "t1")
    stored(db, "t2")
    assert db.claim("A", 60) == ["t1", "t2"]
    assert db.claim("A", 60, None, None, {"t1", "t2"}) == []
    assert db.claim("A", 60, None, None, {"t1"}) == ["t2"]
    assert db.claim("B", 60, None, None, {"t1"}) == []
    db.close()


@needs_pg
def test_processes_started_together_on_a_fresh_database_all_migrate_it() -> None:
    """Several processes migrating one fresh PostgreSQL database at once (a deployment's
    processes started together, docs/deploy.md) all succeed: they take their turns."""
    url = database_url(fresh_pg_url())
    code = f"from rummykit.server.db import Database; d = Database({url!r}); d.migrate(); d.close()"
    runs = [
        subprocess.Popen([sys.executable, "-c", code], stderr=subprocess.PIPE, text=True) for _ in range(3)
    ]
    outcomes = [(run.wait(60), run.communicate()[1]) for run in runs]
    assert all(status == 0 for status, _ in outcomes), outcomes
