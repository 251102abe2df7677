"""Group commit of the tables' actions (``rummykit.server.commits``): the actions that wait while a
transaction runs share the next one, each is stored when its ``add`` returns, and one table's
conflict refuses no other table's action."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

import pytest
from sqlalchemy.exc import IntegrityError

from rummykit.server.commits import ActionWriter
from rummykit.server.db import ActionRow, Database, database_url
from test_server_db import stored

TABLES = ("t1", "t2", "t3", "t4")
T = TypeVar("T")


def run(play: Callable[[], Awaitable[T]]) -> T:
    """``asyncio.run(play())`` in a thread of its own: in a worker that ran browser tests before,
    Playwright's sync API holds this thread's running loop, where ``asyncio.run`` is refused."""

    async def main() -> T:
        return await play()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, main()).result()


def action(table: str, idx: int, text: str = "draw") -> ActionRow:
    """Step ``idx`` of ``table``'s game: a bot's ``text``."""
    return ActionRow(
        game_id=f"g-{table}", idx=idx, seat=0, action=text, client_id=None, cause="bot", created=0.0
    )


def actions_of(db: Database, table: str) -> list[tuple[int, str]]:
    loaded = db.load(table)
    assert loaded is not None
    return [(a.idx, a.action) for a in loaded.actions]


@pytest.fixture
def db(tmp_path: Path) -> Database:
    database = Database(database_url(str(tmp_path / "commits.db")))
    database.migrate()
    for table in TABLES:
        stored(database, table)
    return database


def test_actions_arriving_together_share_one_transaction_and_are_stored_on_return(db: Database) -> None:
    writer = ActionWriter(db)

    async def play() -> None:
        await asyncio.gather(*(writer.add(action(t, 0), None, []) for t in TABLES))
        assert writer.transactions == 1
        for t in TABLES:  # each is stored once its add returned
            assert actions_of(db, t) == [(0, "draw")]
        # one more while none runs: a transaction of its own
        await writer.add(action("t1", 1, "discard R1"), None, [])
        assert writer.transactions == 2 and actions_of(db, "t1") == [(0, "draw"), (1, "discard R1")]

    run(play)
    db.close()


def test_a_conflict_refuses_its_own_action_only(db: Database) -> None:
    writer = ActionWriter(db)

    async def play() -> list[BaseException | None]:
        await writer.add(action("t1", 0), None, [])
        results = await asyncio.gather(
            writer.add(action("t2", 0), None, []),
            writer.add(action("t1", 0, "take"), None, []),  # step 0 of t1 is taken: refused
            writer.add(action("t3", 0), {"scores": [1], "winners": [0], "rounds": 1}, [0]),
            return_exceptions=True,
        )
        return list(results)

    results = run(play)
    assert results[0] is None and isinstance(results[1], IntegrityError) and results[2] is None
    # the shared transaction failed and stored nothing; each action alone then got its own answer
    assert writer.transactions == 1 + 1 + 3
    assert actions_of(db, "t1") == [(0, "draw")] and actions_of(db, "t2") == [(0, "draw")]
    finished = db.load("t3")
    assert finished is not None and finished.table.status == "finished" and finished.game is not None
    assert finished.game.status == "finished" and finished.game.stood_in == [0]
    db.close()
