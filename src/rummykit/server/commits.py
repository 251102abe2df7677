"""Group commit of the tables' actions: the actions accepted while the database stores earlier
ones wait, and are stored together in the next transaction.

Every table stores its action before it shows it to anyone (:meth:`LiveTable.play
<rummykit.server.table.LiveTable.play>`); at 200 tables that is some 200 commits a second. One
transaction per action makes each one queue behind every other table's (SQLite has one writer)
and costs the whole commit, on a thread that shares the interpreter with the event loop, once per
action. Here, an action waits at most for the transaction under way, and the next transaction
stores every action that arrived meanwhile: the cost of a commit is shared, and the wait is one
commit, not a queue of them.

Nothing is acknowledged before its transaction commits. When a transaction with several actions
fails (a table's lease was taken over, so its step is taken; the database is gone), each of its
actions is tried again alone, so that each table learns its own answer and one table's conflict
refuses no other's action.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from rummykit.server.db import ActionRow, Database


@dataclass
class _Waiting:
    """An action to store, with what :meth:`Database.add_actions` stores with it, and the future
    its table waits on."""

    action: ActionRow
    outcome: dict[str, Any] | None
    stood_in: list[int]
    stored: asyncio.Future[None]


class ActionWriter:
    """Stores the actions of every table of ``db`` in shared transactions (see the module
    docstring); lives on one event loop."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._waiting: list[_Waiting] = []
        self._task: asyncio.Task[None] | None = None
        self.transactions = 0
        """Transactions committed or tried (a batch tried again action by action counts each)."""

    async def add(self, action: ActionRow, outcome: dict[str, Any] | None, stood_in: list[int]) -> None:
        """Store ``action`` (with ``outcome`` when it ended its match, and the seats ``stood_in``
        for), committed before this returns. Raises what :meth:`Database.add_action` raises
        (:class:`~sqlalchemy.exc.IntegrityError` when its step or client id is taken, another
        :class:`~sqlalchemy.exc.SQLAlchemyError` when the database fails): then it is not
        stored."""
        stored: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append(_Waiting(action, outcome, list(stood_in), stored))
        if self._task is None:
            self._task = asyncio.create_task(self._write())
        await stored

    async def _write(self) -> None:
        """Store the waiting actions, a transaction at a time, until none waits (the actions of a
        transaction under way when this is cancelled, as the server stops, are cancelled too)."""
        batch: list[_Waiting] = []
        try:
            while self._waiting:
                batch, self._waiting = self._waiting, []
                await self._store(batch)
        finally:
            self._task = None
            for one in batch:
                one.stored.cancel()

    async def _store(self, batch: list[_Waiting]) -> None:
        """Store ``batch`` in one transaction or, when that fails with several actions, each alone;
        each action's future gets its answer."""
        self.transactions += 1
        try:
            await self.db.run(self.db.add_actions, [(w.action, w.outcome, w.stood_in) for w in batch])
        except SQLAlchemyError as exc:
            if len(batch) == 1:
                _settle(batch[0].stored, exc)
                return
            for one in batch:
                await self._store([one])
            return
        except Exception as exc:  # the database's threads are gone (the server stops)
            for one in batch:
                _settle(one.stored, exc)
            return
        for one in batch:
            _settle(one.stored, None)


def _settle(stored: asyncio.Future[None], error: BaseException | None) -> None:
    """Give ``stored`` its answer, unless its waiter gave up (was cancelled)."""
    if stored.done():
        return
    if error is None:
        stored.set_result(None)
    else:
        stored.set_exception(error)
