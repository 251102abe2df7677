"""The server process's tables: creating them, loading them from the database (re-simulation, in
the background), leases so that one process at a time runs a table, the links to the other
processes over the broker, the lobby, and the action counter.

**Identity.** Each process has an id (``--server-id``; ``rummykit serve`` defaults to the host's
name and the port) and holds a lease on every table it runs, renewed every third of ``lease``
seconds. A process that starts with the id of one that stopped or was killed takes that one's
tables back at once: they are still written down as its own.

**Takeover.** Tables whose lease ran out (their process is gone), or, with a broker, whose
process's inbox has no listener any more, are claimed a fair share per process (their number over
the processes listening) and loaded by a background task, one at a time, each rebuilt in slices
(:meth:`LiveTable.resume`): the tables already running keep their pace, and the ones taken over
become playable one by one (a client asking for one that is still waiting has it loaded at once).

**Scale-out** (``--broker``, :mod:`rummykit.server.broker`). Any process accepts any WebSocket and
HTTP request. A request about a table another process owns goes to the owner (``call``), which
answers as for its own connections (:mod:`rummykit.server.ops`) and sends the viewers connected
here their messages (``deliver``); a :class:`RemoteViewers` stands for them among the owner's
connections. Without a broker (the embedded default: one process, SQLite) a table another
process runs is ``table_unavailable``, as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import math
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rummykit.engine.options import rules_dict
from rummykit.errors import IllegalActionError, NotationError, RummykitError, message_of
from rummykit.messages import seat_name
from rummykit.server import ops, ratings
from rummykit.server.bots import BotRunner
from rummykit.server.broker import Broker
from rummykit.server.chat import Chat
from rummykit.server.commits import ActionWriter
from rummykit.server.db import Database, SeatRow, TableRow
from rummykit.server.protocol import ProtocolError, known_keys
from rummykit.server.table import (
    LiveTable,
    Outbox,
    TableOptions,
    Viewer,
    check_level,
    dumps,
    new_table_token,
    shared_game,
)
from rummykit.server.tokens import new_id
from rummykit.variants.registry import variant

log = logging.getLogger("rummykit.server")

LOBBY_INTERVAL = 0.5
"""Most often the lobby is sent to its subscribers (seconds)."""
WATCH_INTERVAL = 1.0
"""How often, with a broker, a process checks that the processes it deals with are alive and
takes over the tables of those that are not (seconds)."""
CALL_TIMEOUT = 15.0
"""Longest wait for another process's answer (seconds): then the client is told
``table_unavailable`` and tries again."""


class RemoteViewers:
    """On a table's owner, the connections of one viewer at another process (``server``, started
    as ``incarnation``): one :class:`Outbox` among the table's connections, counting them."""

    def __init__(self, hub: Hub, server: str, incarnation: str, table_id: str, viewer: Viewer) -> None:
        self.hub = hub
        self.server = server
        self.incarnation = incarnation
        self.table_id = table_id
        self.viewer = viewer
        self.count = 0

    @property
    def key(self) -> tuple[str, str, Viewer]:
        """Its key among the hub's :attr:`Hub.remote`."""
        return (self.server, self.table_id, self.viewer)

    def send(self, text: str) -> None:
        """Deliver ``text`` to the viewer's connections there."""
        self.hub.post(self.server, {"kind": "deliver", "table": self.table_id, "viewer": self.viewer}, text)

    def close(self, code: int) -> None:
        """The table leaves this process: the connections there are closed with 4001 (the table
        moved: they reconnect, and reach the next owner), whatever ``code`` is here."""
        del code
        self.hub.remote.pop(self.key, None)
        fields = {"kind": "close", "table": self.table_id, "viewer": self.viewer, "code": 4001}
        self.hub.post(self.server, fields)


@dataclass
class Call:
    """A request waiting for another process's ``reply``: the future it completes and a function
    run as the reply is read (before any later message from that process)."""

    server: str
    future: asyncio.Future[tuple[dict[str, Any], str]]
    on_reply: Callable[[dict[str, Any], str], None] | None


class Hub:
    """The tables this process runs, over ``db``; ``server`` is this process's id, ``lease`` how
    long its hold on a table lasts without renewal (seconds), ``bot_workers`` how many processes
    think for the bots (0: one thread of this process), ``broker`` the Redis URL that links it to
    the other processes of ``cluster`` (``None``: none), ``memo_limit`` the states a solver's memo
    keeps here and in the bot workers (:class:`~rummykit.server.bots.BotRunner`; ``None``: as
    this process's memos are bounded now)."""

    def __init__(
        self,
        db: Database,
        server: str | None = None,
        lease: float = 15.0,
        bot_workers: int = 1,
        broker: str | None = None,
        cluster: str = "rummykit",
        memo_limit: int | None = None,
    ) -> None:
        self.db = db
        self.writer = ActionWriter(db)
        """Stores the actions of every table here, together (:mod:`rummykit.server.commits`)."""
        self.bots = BotRunner(bot_workers, memo_limit)
        self.server = server or new_id()
        self.incarnation = new_id()
        """This start of the process (its id may have run before)."""
        self.lease = lease
        self.tables: dict[str, LiveTable] = {}
        self.loading: dict[str, asyncio.Task[LiveTable | None]] = {}
        self.waiting: deque[str] = deque()
        """Tables claimed and not loaded yet, in the order the background loader takes them."""
        self._wake = asyncio.Event()
        self._rebuilds = asyncio.Semaphore(1)
        """One table is rebuilt at a time, whoever asked for it (the loader, or clients all
        reconnecting at once after a restart): the loop is never shared by more than one slice
        of rebuilding."""
        self.lobby_clients: set[Outbox] = set()
        self._lobby_dirty = True
        self._lobby_news = False
        self._tasks: list[asyncio.Task[None]] = []
        self._answering: set[asyncio.Task[None]] = set()
        self.actions = 0
        """Actions accepted by this process since it started."""
        self.broker: Broker | None = None
        if broker is not None:
            self.broker = Broker(broker, cluster, self.server, self._receive, self._gone)
        self.chat = Chat(db, self.broker)
        """The chat's rooms here (:mod:`rummykit.server.chat`)."""
        self.remote: dict[tuple[str, str, Viewer], RemoteViewers] = {}
        """As a table's owner: the viewers connected at other processes."""
        self.views: dict[tuple[str, Viewer], set[Outbox]] = {}
        """As another's table's host: this process's connections to it, by table and viewer."""
        self.owners: dict[str, str] = {}
        """As another's table's host: each such table's owner."""
        self._calls: dict[int, Call] = {}
        self._numbers = itertools.count(1)

    # ------------------------------------------------------------------ life cycle
    async def startup(self) -> None:
        """Migrate the schema, connect to the broker, claim this process's own tables and those
        whose lease ran out (loaded in the background), start the loops."""
        self.db.migrate()
        await self.bots.warm()
        if self.broker is not None:
            await self.broker.start()
            self.broker.post(None, {"kind": "started", "server": self.server, "inc": self.incarnation})
        self._tasks = [
            asyncio.create_task(self._lease_loop()),
            asyncio.create_task(self._lobby_loop()),
            asyncio.create_task(self._loader()),
        ]
        if self.broker is not None:
            self._tasks.append(asyncio.create_task(self._watch_loop()))
        await self._claim_free()

    async def shutdown(self) -> None:
        """Stop the loops, close the connections (1012; another process's viewers of a table
        here: 4001, the table moves) and give the leases back."""
        for task in [*self._tasks, *self.loading.values(), *self._answering]:
            task.cancel()
        for table in list(self.tables.values()):
            table.close(1012)
        self.tables.clear()
        for outs in self.views.values():
            for out in outs:
                out.close(1012)
        self.views.clear()
        self.bots.close()
        self.db.release(self.server)
        if self.broker is not None:
            self.broker.post(None, {"kind": "lobby"})
            await self.broker.close()
        self.db.close()

    async def _claim_free(self) -> None:
        """Claim this process's own tables and its share of those nobody holds."""
        share = None
        if self.broker is not None:
            free = await self.db.run(self.db.free_count)
            share = math.ceil(free / await self.broker.processes()) if free else 0
        held = set(self.held())
        for table_id in await self.db.run(self.db.claim, self.server, self.lease, None, share, held):
            self._queue(table_id)

    def _queue(self, table_id: str) -> None:
        """Load ``table_id`` (held here now) in the background."""
        if table_id not in self.tables and table_id not in self.loading and table_id not in self.waiting:
            self.waiting.append(table_id)
            self._wake.set()

    async def _loader(self) -> None:
        """Load the claimed tables one at a time."""
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self.waiting:
                table_id = self.waiting[0]
                try:
                    await self.local(table_id)
                finally:
                    with contextlib.suppress(ValueError):
                        self.waiting.remove(table_id)

    async def local(self, table_id: str) -> LiveTable | None:
        """The table ``table_id``, held here, once it is loaded (loading it now if needed);
        ``None`` when it can't be rebuilt."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        task = self.loading.get(table_id)
        if task is None:
            task = self.loading[table_id] = asyncio.create_task(self._load(table_id))
        return await asyncio.shield(task)

    async def _load(self, table_id: str) -> LiveTable | None:
        try:
            stored = await self.db.run(self.db.take, table_id)
            if stored is None:
                return None
            table = LiveTable(self, stored)
            async with self._rebuilds:
                await table.resume(stored)
        except RummykitError:
            log.exception("table %s can't be rebuilt", table_id)
            return None
        finally:
            self.loading.pop(table_id, None)
        self.tables[table_id] = table
        self.lobby_changed()
        return table

    def held(self) -> list[str]:
        """Every table this process holds the lease of: running, loading or waiting to load."""
        return [*self.tables, *self.loading, *self.waiting]

    async def _lease_loop(self) -> None:
        while True:
            await asyncio.sleep(self.lease / 3)
            try:
                held = set(await self.db.run(self.db.renew, self.server, self.lease, self.held()))
                for table_id in [t for t in self.tables if t not in held]:
                    self.lost(table_id)
                for table_id in [t for t in self.waiting if t not in held]:
                    self.waiting.remove(table_id)
                await self._unload_idle()
                if self.broker is None:
                    await self._claim_free()
            except Exception:
                log.exception("renewing the leases failed")

    async def _unload_idle(self) -> None:
        """Let go of finished tables nobody is connected to (any process loads them again on
        demand, for a rematch or a look)."""
        idle = [t.id for t in self.tables.values() if t.status == "finished" and not any(t.sockets.values())]
        for table_id in idle:
            self.tables.pop(table_id).close(1000)
        if idle:
            await self.db.run(self.db.let_go, self.server, idle)

    def lost(self, table_id: str) -> None:
        """Another process runs ``table_id`` now: drop it here and close its connections (code
        4001; the clients reconnect)."""
        table = self.tables.pop(table_id, None)
        if table is not None:
            table.close(4001)

    # ------------------------------------------------------------------ the other processes
    async def _watch_loop(self) -> None:
        """With a broker: forget the processes that are gone and take their tables over."""
        assert self.broker is not None
        while True:
            await asyncio.sleep(WATCH_INTERVAL)
            try:
                holders = await self.db.run(self.db.holders, self.server)
                known = {s for s, _, _ in self.remote} | set(self.owners.values()) | set(holders)
                alive = await self.broker.alive(known)
                for server in known - alive:
                    self._gone(server)
                gone = [s for s in holders if s not in alive]
                if gone:
                    processes = await self.broker.processes()
                    for server in gone:
                        share = math.ceil(holders[server] / processes)
                        taken = await self.db.run(self.db.take_over, self.server, self.lease, server, share)
                        for table_id in taken:
                            self._queue(table_id)
                await self._claim_free()
            except Exception:
                log.exception("watching the other processes failed")

    def post(self, server: str, fields: dict[str, Any], payload: str = "") -> None:
        """Send a message to process ``server`` (see :mod:`rummykit.server.broker`)."""
        assert self.broker is not None
        self.broker.post(server, fields, payload)

    def _gone(self, server: str) -> None:
        """Process ``server`` is gone: its requests are refused, its viewers of the tables here
        leave, and the connections here to its tables are closed (4001: they reconnect and reach
        whoever takes the table over)."""
        for number, call in list(self._calls.items()):
            if call.server == server and not call.future.done():
                call.future.set_exception(ProtocolError("table_unavailable", table=""))
                del self._calls[number]
        for key, group in list(self.remote.items()):
            if key[0] == server:
                self._leave(group, group.count)
        for table_id in [t for t, owner in self.owners.items() if owner == server]:
            self._close_views(table_id, None, 4001, every=True)

    def _close_views(self, table_id: str, viewer: Viewer, code: int, every: bool = False) -> None:
        """Close this process's connections to another's table (one viewer's, or ``every``)."""
        for key in [k for k in self.views if k[0] == table_id and (every or k[1] == viewer)]:
            for out in self.views.pop(key):
                out.close(code)
        if not any(k[0] == table_id for k in self.views):
            self.owners.pop(table_id, None)

    def join_view(self, owner: str, table_id: str, viewer: Viewer, out: Outbox) -> set[Outbox]:
        """``out`` hears ``owner``'s messages to ``viewer`` of ``table_id`` from now on; returns the
        connections of that viewer here that did already."""
        outs = self.views.setdefault((table_id, viewer), set())
        before = set(outs)
        outs.add(out)
        self.owners[table_id] = owner
        return before

    def leave_view(self, table_id: str, viewer: Viewer, out: Outbox) -> bool:
        """``out`` no longer hears another process's ``table_id``; whether it did until now."""
        outs = self.views.get((table_id, viewer))
        if outs is None or out not in outs:
            return False
        outs.discard(out)
        if not outs:
            del self.views[(table_id, viewer)]
            if not any(key[0] == table_id for key in self.views):
                self.owners.pop(table_id, None)
        return True

    def _leave(self, group: RemoteViewers, count: int = 1) -> None:
        """``count`` of ``group``'s connections are gone."""
        group.count -= count
        if group.count > 0:
            return
        self.remote.pop(group.key, None)
        table = self.tables.get(group.table_id)
        if table is not None and group in table.sockets[group.viewer]:
            table.detach(group, group.viewer)

    def _receive(self, fields: dict[str, Any], payload: str) -> None:
        """A message from the broker (see :mod:`rummykit.server.broker`)."""
        kind = fields.get("kind")
        if kind == "deliver":
            for out in list(self.views.get((fields["table"], fields["viewer"]), ())):
                out.send(payload)
        elif kind == "reply":
            call = self._calls.pop(fields["id"], None)
            if call is not None and not call.future.done():
                if call.on_reply is not None:
                    call.on_reply(fields, payload)
                call.future.set_result((fields, payload))
        elif kind == "call":
            task = asyncio.create_task(self._answer(fields, payload))
            self._answering.add(task)
            task.add_done_callback(self._answering.discard)
        elif kind == "close":
            self._close_views(fields["table"], fields["viewer"], int(fields["code"]))
        elif kind == "bye":
            group = self.remote.get((fields["server"], fields["table"], fields["viewer"]))
            if group is not None and group.incarnation == fields["inc"]:
                self._leave(group)
        elif kind == "lobby":
            self._lobby_dirty = True
        elif kind in ("chat", "signed_out", "ban"):
            self.chat.receive(fields, payload)
        elif kind == "account_deleted":
            self._forget_account(int(fields["account"]))
        elif kind == "started" and fields["server"] != self.server:
            for key, group in list(self.remote.items()):
                if key[0] == fields["server"] and group.incarnation != fields["inc"]:
                    self._leave(group, group.count)
            for table_id in [t for t, owner in self.owners.items() if owner == fields["server"]]:
                self._close_views(table_id, None, 4001, every=True)

    def account_deleted(self, account: int) -> None:
        """``account`` is deleted (its rows anonymised): the tables that run in memory, on every
        process, call its seats :data:`~rummykit.server.db.ANONYMOUS` too."""
        if self.broker is not None:
            self.broker.post(None, {"kind": "account_deleted", "account": account})
        else:
            self._forget_account(account)

    def _forget_account(self, account: int) -> None:
        """This process's side of :meth:`account_deleted`."""
        for table in list(self.tables.values()):
            table.forget_account(account)

    async def call(
        self,
        owner: str,
        table_id: str,
        op: str,
        fields: dict[str, Any],
        on_reply: Callable[[dict[str, Any], str], None] | None = None,
    ) -> tuple[dict[str, Any], str]:
        """Ask ``owner`` to do ``op`` at ``table_id`` (with ``fields``); its ``reply``'s result and
        payload. ``on_reply`` runs as the reply is read, before any later message of the owner's
        (a connection joining starts hearing the table's messages there). A refusal is raised as
        :class:`ProtocolError`; no answer, or a gone owner, as ``table_unavailable``."""
        number = next(self._numbers)
        future = asyncio.get_running_loop().create_future()
        self._calls[number] = Call(owner, future, on_reply)
        message = {
            "kind": "call",
            "id": number,
            "server": self.server,
            "inc": self.incarnation,
            "table": table_id,
            "op": op,
            **fields,
        }
        self.post(owner, message)
        try:
            reply, payload = await asyncio.wait_for(future, CALL_TIMEOUT)
        except TimeoutError:
            raise ProtocolError("table_unavailable", table=table_id) from None
        except ProtocolError:
            raise ProtocolError("table_unavailable", table=table_id) from None
        finally:
            self._calls.pop(number, None)
        error = reply.get("error")
        if error is not None:
            refused = ProtocolError(error["code"])
            refused.params = error["params"]
            raise refused
        result: dict[str, Any] = reply.get("result") or {}
        return result, payload

    async def _answer(self, call: dict[str, Any], payload: str) -> None:
        """As a table's owner: answer another process's ``call``."""
        reply: dict[str, Any] = {"kind": "reply", "id": call["id"]}
        texts = ""
        try:
            table = await self._owned(call["table"])
            op, data = call["op"], call.get("data") or {}
            if op == "hello":
                viewer, last, game_id = ops.joining(table, data)
                key = (call["server"], table.id, viewer)
                group = self.remote.get(key)
                if group is None or group.incarnation != call["inc"]:
                    group = self.remote[key] = RemoteViewers(
                        self, call["server"], call["inc"], table.id, viewer
                    )
                group.count += 1
                reply["result"] = table.welcome(viewer)
                # the chat key of the person in the seat: for the asking process alone, never a page
                reply["guest"] = None if viewer is None else table.seats[viewer].guest_key(table.id)
                texts = "\n".join(table.attach(group, viewer, last, game_id))
            elif op == "action":
                reply["result"] = await ops.act(table, call["viewer"], data)
            elif op == "sync":
                texts = table.sync(call["viewer"]) if table.match is not None else ""
            elif op == "assist":
                group = self.remote.get((call["server"], table.id, call["viewer"]))
                if group is None:
                    raise ProtocolError("not_joined")
                answer, shared = ops.assist(table, call["viewer"], data["type"], data, group)
                reply["result"] = {"answer": answer, "shared": shared}
            else:
                reply["result"] = ops.http(table, call["name"], data)
        except (ProtocolError, IllegalActionError, NotationError) as exc:
            reply["error"] = ops.error_of(exc)
        except Exception:
            log.exception("a request from process %s could not be handled", call.get("server"))
            reply["error"] = {"code": "internal", "params": {}}
        self.post(call["server"], reply, texts)

    async def _owned(self, table_id: str) -> LiveTable:
        """The table ``table_id`` when this process runs it (or can claim it now); raises
        ``table_unavailable`` (another process asked the wrong one: it looks again)."""
        held = table_id in self.tables or table_id in self.loading or table_id in self.waiting
        if not held:
            held = bool(await self.db.run(self.db.claim, self.server, self.lease, table_id))
        table = await self.local(table_id) if held else None
        if table is None:
            raise ProtocolError("table_unavailable", table=table_id)
        return table

    # ------------------------------------------------------------------ tables
    async def locate(self, table_id: object) -> LiveTable | str:
        """The live table ``table_id`` when this process runs it (claiming and loading it when it
        may), else, with a broker, the id of the process that does; raises ``no_such_table`` or
        ``table_unavailable`` (no broker and another process holds it)."""
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 32:
            raise ProtocolError("no_such_table", table=str(table_id)[:40])
        if table_id in self.tables or table_id in self.loading or table_id in self.waiting:
            table = await self.local(table_id)
            if table is None:
                raise ProtocolError("no_such_table", table=table_id)
            return table
        for _ in range(2):
            if await self.db.run(self.db.claim, self.server, self.lease, table_id):
                table = await self.local(table_id)
                if table is None:
                    raise ProtocolError("no_such_table", table=table_id)
                return table
            holder = await self.db.run(self.db.holder, table_id)
            if holder is None:
                raise ProtocolError("no_such_table", table=table_id)
            if self.broker is None or holder == self.server:
                break
            if await self.broker.alive([holder]):
                return holder
            # the holder's inbox has no listener: it is gone, the table is taken over now
            await self.db.run(self.db.take_over, self.server, self.lease, holder, 1, table_id)
        raise ProtocolError("table_unavailable", table=table_id)

    async def request(self, table_id: object, name: str, body: dict[str, Any]) -> dict[str, Any]:
        """A table's HTTP request (:func:`rummykit.server.ops.http`), wherever the table runs."""
        place = await self.locate(table_id)
        if isinstance(place, LiveTable):
            return ops.http(place, name, body)
        result, _ = await self.call(place, str(table_id), "http", {"name": name, "data": body})
        return result

    async def create(self, request: dict[str, Any]) -> tuple[LiveTable, str]:
        """A new table from a create request (see ``docs/protocol.md``), run by this process;
        returns it and the owner token. Raises ``bad_request`` or ``rules`` naming what is
        wrong."""
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
            game = shared_game(info.name, _rules_json(rules))
        except RummykitError as exc:
            raise ProtocolError("rules", reason=message_of(exc)) from None
        if not isinstance(seats, list) or len(seats) != game.players:
            raise ProtocolError("bad_request", reason=f"seats is a list of {game.players} seats")
        table_options = TableOptions.from_json(request)
        if table_options.seen_count and not info.seen_count:
            raise ProtocolError("unsupported", feature="seen_count", variant=info.name)
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
        seat_rows = [_seat_row(row.id, row.variant, idx, seat) for idx, seat in enumerate(seats)]
        await self.db.run(self.db.add_table, row, seat_rows)
        table = await self.local(row.id)
        assert table is not None
        return table, owner

    # ------------------------------------------------------------------ the lobby
    def lobby_changed(self) -> None:
        """The lobby is to be sent again (here, and by every process)."""
        self._lobby_dirty = True
        self._lobby_news = True

    def lobby(self) -> dict[str, Any]:
        """The ``lobby`` message: open public tables and the latest finished public games."""
        tables, seats, games = self.db.lobby()
        rated = {t.id: t.variant for t in tables if t.options.get("rated")}
        known = self.db.ratings_for(
            [(s.account_id, rated[t]) for t in rated for s in seats[t] if s.account_id is not None]
        )

        names = self.db.usernames(
            [s.account_id for t in tables for s in seats[t.id] if s.account_id is not None]
        )
        played_by = self.db.seat_accounts([g.id for g, _ in games])

        def seat(table: TableRow, s: SeatRow) -> dict[str, Any]:
            account = None if s.account_id is None else names.get(s.account_id)
            entry: dict[str, Any] = {"seat": s.idx, "name": s.name, "kind": s.kind, "account": account}
            if table.id in rated:
                row = None if s.account_id is None else known.get((s.account_id, table.variant))
                mu_games = None if row is None else (row.mu, row.games)
                entry["rating"] = ratings.seat_rating(s.kind, s.level, mu_games, s.account_id is not None)
            return entry

        return {
            "type": "lobby",
            "tables": [
                {
                    "table": t.id,
                    "variant": t.variant,
                    "status": t.status,
                    "options": t.options,
                    "seats": [seat(t, s) for s in seats[t.id]],
                }
                for t in tables
            ],
            "finished": [
                {
                    "game": g.id,
                    "table": g.table_id,
                    "variant": variant,
                    "seats": g.seats,
                    "accounts": [played_by.get(g.id, {}).get(n) for n in range(len(g.seats))],
                    "outcome": g.outcome,
                    "stood_in": g.stood_in,
                    "record": f"/games/{g.id}/record",
                }
                for g, variant in games
            ],
        }

    async def _lobby_loop(self) -> None:
        while True:
            await asyncio.sleep(LOBBY_INTERVAL)
            if self._lobby_news and self.broker is not None:
                self._lobby_news = False
                self.broker.post(None, {"kind": "lobby"})
            if self._lobby_dirty and self.lobby_clients:
                self._lobby_dirty = False
                try:
                    text = dumps(await self.db.run(self.lobby))
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
    known_keys(seat, ("kind", "level") if seat["kind"] == "bot" else ("kind",), f"seats[{idx}]")
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
        name=seat_name(idx),
        kind="open",
        level="greedy",
        connected=False,
        standing_in=False,
    )
