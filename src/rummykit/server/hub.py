"""The server process's tables: creating them, loading them from the database (re-simulation),
leases so that one process at a time runs a table, the lobby, and the action counter.

Each process has an id and holds a lease on every table it runs, renewed every third of
``lease`` seconds. A table whose lease ran out (its process was killed) is taken over by any
process that asks for it or finds it on its periodic scan: that is how a second server takes over
a dead one's tables, and how a restarted one resumes its own.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from rummykit.engine.options import rules_dict
from rummykit.errors import RummykitError
from rummykit.server.bots import BotRunner
from rummykit.server.db import Database, SeatRow, TableRow
from rummykit.server.protocol import ProtocolError
from rummykit.server.table import LiveTable, Outbox, TableOptions, check_level, dumps, new_table_token
from rummykit.server.tokens import new_id
from rummykit.variants.registry import game_from_record, variant

log = logging.getLogger("rummykit.server")

LOBBY_INTERVAL = 0.5
"""Most often the lobby is sent to its subscribers (seconds)."""


class Hub:
    """The tables this process runs, over ``db``; ``server`` is this process's id, ``lease`` how
    long its hold on a table lasts without renewal (seconds), ``bot_workers`` how many processes
    think for the bots (0: one thread of this process)."""

    def __init__(
        self, db: Database, server: str | None = None, lease: float = 15.0, bot_workers: int = 1
    ) -> None:
        self.db = db
        self.bots = BotRunner(bot_workers)
        self.server = server or new_id()
        self.lease = lease
        self.tables: dict[str, LiveTable] = {}
        self.lobby_clients: set[Outbox] = set()
        self._lobby_dirty = True
        self._tasks: list[asyncio.Task[None]] = []
        self.actions = 0
        """Actions accepted by this process since it started."""

    # ------------------------------------------------------------------ life cycle
    async def startup(self) -> None:
        """Migrate the schema, take every table whose lease ran out, start the lease and lobby
        loops."""
        self.db.migrate()
        self.bots.warm()
        self._claim_free()
        self._tasks = [asyncio.create_task(self._lease_loop()), asyncio.create_task(self._lobby_loop())]

    async def shutdown(self) -> None:
        """Stop the loops and give the leases back."""
        for task in self._tasks:
            task.cancel()
        for table in list(self.tables.values()):
            table.close(1012)
        self.tables.clear()
        self.bots.close()
        self.db.release(self.server)
        self.db.close()

    def _claim_free(self) -> None:
        for table_id in self.db.claim(self.server, self.lease):
            if table_id not in self.tables:
                self._load(table_id)

    def _load(self, table_id: str) -> LiveTable | None:
        stored = self.db.load(table_id)
        if stored is None:
            return None
        try:
            table = LiveTable(self, stored)
        except RummykitError:
            log.exception("table %s can't be rebuilt", table_id)
            return None
        self.tables[table_id] = table
        self.lobby_changed()
        return table

    async def _lease_loop(self) -> None:
        while True:
            await asyncio.sleep(self.lease / 3)
            try:
                held = set(self.db.renew(self.server, self.lease, list(self.tables)))
                for table_id in [t for t in self.tables if t not in held]:
                    self.lost(table_id)
                self._unload_idle()
                self._claim_free()
            except Exception:
                log.exception("renewing the leases failed")

    def _unload_idle(self) -> None:
        """Let go of finished tables nobody is connected to (any process loads them again on
        demand, for a rematch or a look)."""
        idle = [t.id for t in self.tables.values() if t.status == "finished" and not any(t.sockets.values())]
        for table_id in idle:
            self.tables.pop(table_id).close(1000)
            self.db.set_table(table_id, server=None, lease_until=0.0)

    def lost(self, table_id: str) -> None:
        """Another process runs ``table_id`` now: drop it here and close its connections (code
        4001; the clients reconnect)."""
        table = self.tables.pop(table_id, None)
        if table is not None:
            table.close(4001)

    # ------------------------------------------------------------------ tables
    def table(self, table_id: object) -> LiveTable:
        """The live table ``table_id``, loaded (and its lease taken) when needed; raises
        ``no_such_table`` or ``table_unavailable``."""
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 32:
            raise ProtocolError("no_such_table", table=str(table_id)[:40])
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if not self.db.claim(self.server, self.lease, table_id):
            if self.db.load(table_id) is None:
                raise ProtocolError("no_such_table", table=table_id)
            raise ProtocolError("table_unavailable", table=table_id)
        loaded = self._load(table_id)
        if loaded is None:
            raise ProtocolError("no_such_table", table=table_id)
        return loaded

    def create(self, request: dict[str, Any]) -> tuple[LiveTable, str]:
        """A new table from a create request (see ``docs/protocol.md``); returns it and the owner
        token. Raises ``bad_request`` or ``rules`` naming what is wrong."""
        name = request.get("variant")
        options = request.get("options", {})
        seats = request.get("seats")
        if not isinstance(name, str):
            raise ProtocolError("bad_request", reason="variant is a game's name")
        if not isinstance(options, dict):
            raise ProtocolError("bad_request", reason="options is an object of rule names and values")
        try:
            info = variant(name)
            rules = info.load_rules(None, options)
            game, _ = game_from_record(info.name, _rules_json(rules))
        except RummykitError as exc:
            raise ProtocolError("rules", reason=str(exc)) from None
        if not isinstance(seats, list) or len(seats) != game.players:
            raise ProtocolError("bad_request", reason=f"seats is a list of {game.players} seats")
        table_options = TableOptions.from_json(request)
        owner, owner_hash = new_table_token()
        row = TableRow(
            id=new_id(),
            variant=info.name,
            rules=_rules_json(rules),
            options=dict(vars(table_options)),
            public=table_options.public,
            owner_hash=owner_hash,
            status="waiting",
            created=time.time(),
            server=self.server,
            lease_until=time.time() + self.lease,
        )
        self.db.add_table(row, [_seat_row(row.id, row.variant, idx, seat) for idx, seat in enumerate(seats)])
        table = self._load(row.id)
        assert table is not None
        return table, owner

    # ------------------------------------------------------------------ the lobby
    def lobby_changed(self) -> None:
        """The lobby is to be sent again."""
        self._lobby_dirty = True

    def lobby(self) -> dict[str, Any]:
        """The ``lobby`` message: open public tables and the latest finished public games."""
        tables, seats, games = self.db.lobby()
        return {
            "type": "lobby",
            "tables": [
                {
                    "table": t.id,
                    "variant": t.variant,
                    "status": t.status,
                    "options": t.options,
                    "seats": [{"seat": s.idx, "name": s.name, "kind": s.kind} for s in seats[t.id]],
                }
                for t in tables
            ],
            "finished": [
                {
                    "game": g.id,
                    "table": g.table_id,
                    "seats": g.seats,
                    "outcome": g.outcome,
                    "stood_in": g.stood_in,
                    "record": f"/games/{g.id}/record",
                }
                for g in games
            ],
        }

    async def _lobby_loop(self) -> None:
        while True:
            await asyncio.sleep(LOBBY_INTERVAL)
            if self._lobby_dirty and self.lobby_clients:
                self._lobby_dirty = False
                try:
                    text = dumps(self.lobby())
                except Exception:
                    log.exception("reading the lobby failed")
                    continue
                for out in list(self.lobby_clients):
                    out.send(text)

    def count_action(self) -> None:
        """One more action accepted."""
        self.actions += 1


def _rules_json(rules: object) -> dict[str, Any]:
    return dict(rules_dict(rules))


def _seat_row(table_id: str, variant: str, idx: int, seat: object) -> SeatRow:
    """A seat of a create request for a table of ``variant``: ``{"kind": "person"}`` (open for a
    person to join) or ``{"kind": "bot", "level": "greedy"}``."""
    if not isinstance(seat, dict) or seat.get("kind") not in ("person", "bot"):
        raise ProtocolError(
            "bad_request", reason='each seat is {"kind": "person"} or {"kind": "bot", "level": …}'
        )
    if seat["kind"] == "bot":
        level = check_level(seat.get("level", "greedy"), variant)
        return SeatRow(
            table_id=table_id,
            idx=idx,
            name=f"{level} bot",
            kind="bot",
            level=level,
            connected=False,
            standing_in=False,
        )
    return SeatRow(
        table_id=table_id,
        idx=idx,
        name=f"seat {idx}",
        kind="open",
        level="greedy",
        connected=False,
        standing_in=False,
    )
