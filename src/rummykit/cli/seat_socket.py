"""The WebSocket of ``rummykit connect``, read by a thread of its own, that comes back after the
server restarts (``docs/protocol.md``, "Joining, versions and reconnecting").

:class:`SeatSocket` speaks for one seat (or a spectator) of one table. Its reader thread takes every
message as it arrives: what the link wants shown at once (the table's chat, :attr:`aside`) is
handled there and then, so a line another player writes shows while you sit at the prompt; the
rest waits in a queue for :meth:`recv`. When the connection closes under it (the server restarting,
``1012``; its process gone, ``4001``; the network) the thread says ``reconnecting…`` and opens a new
one, sending ``hello`` with the ``game`` and ``v`` of the last view it received, so the server
sends only what was missed; it tries for :attr:`patience` seconds, then gives up, and :meth:`recv`
raises :class:`ConnectionLostError`, which says how to come back (``comeback``). After a reconnect
:meth:`recv` gives ``{"type": "reconnected"}`` once, so that an action sent and not yet
acknowledged is sent again with its id (the server acknowledges an id twice but plays it once).
"""

from __future__ import annotations

import json
import queue
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

from rummykit.messages import render

RECONNECTED = json.dumps({"type": "reconnected"})
"""What :meth:`SeatSocket.recv` gives once after each reconnect."""
FINAL_CODES = (1000, 1008, 4003)
"""Close codes that end the connection for good: normal, the flood limit, a banned account."""


class WebSocket(Protocol):
    """A synchronous WebSocket (``websockets.sync.client.ClientConnection``)."""

    def send(self, message: str, /) -> None:
        """Send one message."""

    def recv(self) -> str | bytes:
        """The next message, waiting for it."""

    def close(self) -> None:
        """Close it."""


class ConnectionLostError(Exception):
    """The connection is gone for good (its message says how to come back). Not a
    :class:`RummykitError`: the client's commands must not take it for a mistake and go on."""


class _Lost:
    """The queue's mark that the connection is gone for good, with the reason to raise."""

    def __init__(self, error: ConnectionLostError) -> None:
        self.error = error


class SeatSocket:
    """A connection to a table, opened by ``dial`` (a new WebSocket to the server), joined with
    ``hello`` (the ``hello`` message without ``game`` and ``v``); lines for the player go to
    ``echo``; ``comeback`` is the command that joins again, told when it gives up after
    ``patience`` seconds."""

    def __init__(
        self,
        dial: Callable[[], WebSocket],
        hello: dict[str, Any],
        echo: Callable[[str], None],
        comeback: str,
        patience: float = 60.0,
    ) -> None:
        self.dial = dial
        self.hello = hello
        self.echo = echo
        self.comeback = comeback
        self.patience = patience
        self.aside: Callable[[dict[str, Any]], bool] = lambda message: False
        """Handles a message in the reader thread (``True``: handled, not queued)."""
        self.seen: tuple[str, int] | None = None
        """The ``game`` and ``v`` of the last view received."""
        self.ws = dial()
        self.ws.send(json.dumps(hello))
        self.inbox: queue.Queue[str | _Lost] = queue.Queue()
        self.closing = False
        self.reader = threading.Thread(target=self._read_all, name="seat socket", daemon=True)
        self.reader.start()

    # ------------------------------------------------------------------ the caller's side
    def send(self, message: str) -> None:
        """Send ``message``; while the connection is down it is dropped (an action is sent again
        after the reconnect, when :meth:`recv` says so)."""
        try:
            self.ws.send(message)
        except Exception:  # (any failure of a closed socket: the reader reconnects)
            return

    def recv(self, timeout: float | None = None) -> str:
        """The next message not handled :attr:`aside`, waiting at most ``timeout`` seconds (then
        :class:`TimeoutError`; ``None``: as long as it takes); raises
        :class:`ConnectionLostError` once the connection is lost for good."""
        try:
            item = self.inbox.get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError from None
        if isinstance(item, _Lost):
            self.inbox.put(item)
            raise item.error
        return item

    def close(self) -> None:
        """Close the connection (the reader thread ends without reconnecting)."""
        self.closing = True
        self.ws.close()

    # ------------------------------------------------------------------ the reader thread
    def _read_all(self) -> None:
        while True:
            try:
                text = self.ws.recv()
            except Exception as exc:  # (closed, reset, refused: all mean reconnect)
                if self.closing:
                    return
                lost = self._reconnect(exc)
                if lost is not None:
                    self.inbox.put(_Lost(lost))
                    return
                self.inbox.put(RECONNECTED)
                continue
            message = json.loads(text)
            if message.get("type") in ("state", "sync"):
                self.seen = (message["game"], message["v"])
            if not self.aside(message):
                self.inbox.put(text if isinstance(text, str) else text.decode())

    def _reconnect(self, exc: Exception) -> ConnectionLostError | None:
        """Open a new connection and join again (``None``), or the error to give up with."""
        code = getattr(getattr(exc, "rcvd", None), "code", None)
        if code in FINAL_CODES:
            return ConnectionLostError(f"{exc}; {self.comeback}")
        self.echo(f"the connection was lost ({exc}): reconnecting…")
        deadline = time.monotonic() + self.patience
        wait = 0.25
        while time.monotonic() < deadline:
            time.sleep(wait)
            wait = min(wait * 2, 3.0)
            try:
                ws = self.dial()
                hello = dict(self.hello)
                if self.seen is not None:
                    hello["game"], hello["v"] = self.seen
                ws.send(json.dumps(hello))
                answer = json.loads(ws.recv())
            except Exception:  # (the server is not back yet: try again)
                continue
            if answer.get("type") == "error":
                ws.close()
                reason = render(str(answer.get("code")), answer.get("params", {}))
                return ConnectionLostError(f"the server refused to take you back: {reason}; {self.comeback}")
            self.ws = ws
            self.echo("reconnected")
            return None
        gone = f"the server did not come back within {self.patience:g} s"
        return ConnectionLostError(f"{gone}; {self.comeback}")


__all__ = ["RECONNECTED", "ConnectionLostError", "SeatSocket", "WebSocket"]
