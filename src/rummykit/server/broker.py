"""The link between server processes: Redis pub/sub (``--broker redis://host:6379/0``).

Several ``rummykit serve`` processes share one database and one broker. Each runs the tables it
holds a lease on (their *owner*) and accepts any WebSocket; a connection to a table another
process owns is served through the owner, the way lichess's socket servers reach its game servers
(lila-ws and lila over Redis). The channels of a cluster:

* ``<cluster>:server:<id>``, each process's **inbox**: what other processes send it, in order per
  sender. A table's seat or spectator connected elsewhere reaches the owner with ``call`` messages
  (``hello``, ``action``, ``sync``, ``assist``, ``http``) answered by ``reply``; the owner sends
  that process its viewers' messages (``deliver``: one per viewer, the text exactly as a local
  connection gets it), ``close`` when the table leaves it; the other process says ``bye`` when
  a connection ends.
* ``<cluster>:all``, heard by every process: ``lobby`` (a table's seats or status changed: every
  process sends its lobby subscribers the lobby again, read from the database), ``started``
  (a process with that id started anew: what the others kept for its connections is stale),
  ``chat`` (a chat line or a deletion for a ``room``, the payload the text every connection of the
  room gets: each process sends it to its own, :mod:`rummykit.server.chat`) and ``ban`` (an
  ``account`` banned: each process closes its connections).

The cluster's name (``--cluster``, default ``rummykit``) sets the processes of one database
apart from others using the same Redis (pub/sub channels are not kept apart by Redis's database
numbers). A message is one JSON object (its ``kind`` and fields), then a newline and an optional payload:
messages for clients travel as the text they are sent as, never parsed on the way. Chat needs no
table's owner: a line is stored by the process its sender is connected to and published on
``all``.

A process is alive while its inbox has a subscriber (``PUBSUB NUMSUB``; a killed process's
connection to Redis closes with it), so the others notice a ``kill -9`` within a second and take
its tables over without waiting for their leases (the database's leases and its primary key on
each game's steps still decide who may append a step). A message to a dead process's inbox
reaches nobody: :meth:`Broker.post` reports it through ``on_gone``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable, Iterable
from typing import Any

import redis.asyncio as redis

log = logging.getLogger("rummykit.server")

Handler = Callable[[dict[str, Any], str], None]
"""What receives each message: its fields and its payload (``""`` when none)."""


def encode(fields: dict[str, Any], payload: str = "") -> str:
    """A message on the wire: its fields as one line of JSON, a newline, the payload."""
    return json.dumps(fields, separators=(",", ":")) + "\n" + payload


def decode(data: str) -> tuple[dict[str, Any], str]:
    """The fields and payload of a message made by :func:`encode`."""
    head, _, payload = data.partition("\n")
    fields: dict[str, Any] = json.loads(head)
    return fields, payload


class Broker:
    """This process's link to the others of ``cluster`` over Redis at ``url``: it listens to its
    inbox (:meth:`inbox` of ``server``) and to the cluster's :attr:`all`, hands every message to
    ``handler`` in the order it arrives (on the event loop, never concurrently), and sends messages
    in the order they are posted. ``on_gone`` hears of each process a message found no subscriber
    for."""

    def __init__(
        self, url: str, cluster: str, server: str, handler: Handler, on_gone: Callable[[str], None]
    ) -> None:
        self.url = url
        self.cluster = cluster
        self.all = f"{cluster}:all"
        """The channel every process of the cluster listens to."""
        self.server = server
        self.handler = handler
        self.on_gone = on_gone
        self.redis: redis.Redis | None = None
        self.outgoing: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._subscribed = asyncio.Event()
        self._closing = False

    def inbox(self, server: str) -> str:
        """The channel of process ``server``'s inbox."""
        return f"{self.cluster}:server:{server}"

    async def start(self) -> None:
        """Connect, subscribe, and start reading and writing."""
        self.redis = redis.from_url(self.url, decode_responses=True)
        await self.redis.ping()
        self._tasks = [asyncio.create_task(self._read()), asyncio.create_task(self._write())]
        await asyncio.wait_for(self._subscribed.wait(), 10)

    async def close(self) -> None:
        """Send what is queued (for at most 2 s), stop, and disconnect."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._flushed(), 2)
        self._closing = True
        for task in self._tasks:
            task.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=2)
        if self.redis is not None:
            await self.redis.aclose()

    async def _flushed(self) -> None:
        while not self.outgoing.empty():
            await asyncio.sleep(0.01)

    def post(self, server: str | None, fields: dict[str, Any], payload: str = "") -> None:
        """Queue a message for ``server``'s inbox (``None``: every process, :attr:`all`)."""
        channel = self.all if server is None else self.inbox(server)
        self.outgoing.put_nowait((channel, encode(fields, payload)))

    async def alive(self, servers: Iterable[str]) -> set[str]:
        """Those of ``servers`` whose inbox has a subscriber now."""
        names = sorted(set(servers))
        if not names or self.redis is None:
            return set()
        counts = await self.redis.pubsub_numsub(*[self.inbox(s) for s in names])
        return {name for name, (_, count) in zip(names, counts, strict=True) if int(count) > 0}

    async def processes(self) -> int:
        """How many processes listen to :attr:`all` now (this one included)."""
        assert self.redis is not None
        ((_, count),) = await self.redis.pubsub_numsub(self.all)
        return max(1, int(count))

    async def _read(self) -> None:
        """Subscribe and hand each message to the handler; reconnect after a broken link."""
        assert self.redis is not None
        while not self._closing:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.inbox(self.server), self.all)
                self._subscribed.set()
                async for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    try:
                        fields, payload = decode(message["data"])
                        self.handler(fields, payload)
                    except Exception:
                        log.exception("a message from the broker could not be handled")
            except asyncio.CancelledError:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                raise
            except Exception:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                if self._closing:
                    return
                log.exception("the broker's subscription broke; subscribing again")
                await asyncio.sleep(0.5)

    async def _write(self) -> None:
        """Publish the queued messages in order, a batch per round trip."""
        assert self.redis is not None
        while not self._closing:
            batch = [await self.outgoing.get()]
            while not self.outgoing.empty() and len(batch) < 500:
                batch.append(self.outgoing.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, data in batch:
                        pipe.publish(channel, data)
                    heard = await pipe.execute()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("publishing %d messages to the broker failed", len(batch))
                continue
            gone = {channel for (channel, _), count in zip(batch, heard, strict=True) if not count}
            for channel in gone:
                if channel != self.all:
                    self.on_gone(channel.removeprefix(self.inbox("")))
