"""What the process that runs a table (its owner) does for a request about it, whether the request
came from one of its own connections or, over the broker, from a connection of another process
(:mod:`rummykit.server.broker`): a viewer joining, an action, a seat's rack, hint or score sheet,
and the table's HTTP requests. Both paths call these functions, so a table answers alike wherever
its clients are connected, every message still built from the game's one view.
"""

from __future__ import annotations

from typing import Any

from rummykit.errors import IllegalActionError, NotationError
from rummykit.messages import seat_name
from rummykit.server.assist import assist_of, hint_answer, rack_answer, score_sheet
from rummykit.server.protocol import ProtocolError, client_id_of, optional_int
from rummykit.server.table import LiveTable, Outbox, Viewer, dumps

MAX_SEAT = 2**31
"""Seat numbers a request may name (beyond, the message is malformed rather than a missing seat)."""


def error_of(exc: ProtocolError | IllegalActionError | NotationError) -> dict[str, Any]:
    """A refusal as ``{"code", "params"}``: the server's and the engine's codes as they are, a
    notation error as ``notation`` with ``token`` (its first 40 characters) and ``reason`` (a
    nested ``{"code", "params"}``)."""
    return exc.to_json()


def seat_number(value: object) -> int:
    """A seat number a client sent; raises ``bad_message`` (``field`` ``seat``) for anything but
    an integer (a string, a boolean, a float, a huge number)."""
    if type(value) is not int or not -MAX_SEAT < value < MAX_SEAT:
        raise ProtocolError("bad_message", field="seat")
    return value


def joining(table: LiveTable, data: dict[str, Any]) -> tuple[Viewer, int | None, str | None]:
    """Who a ``hello`` joins as at ``table`` (a seat whose token it gives, or the spectators with
    ``"spectate": true``) and its ``v`` and ``game``; raises ``bad_message``, ``no_such_seat``,
    ``bad_token`` or ``not_your_seat``. ``account_id`` is the connection's account (put there by
    the server, from its session cookie)."""
    last = optional_int(data, "v")
    game_id = data.get("game")
    if game_id is not None and not isinstance(game_id, str):
        raise ProtocolError("bad_message", field="game")
    if data.get("spectate") is True:
        return None, last, game_id
    account = data.get("account_id")
    account = account if type(account) is int else None
    return table.check_token(seat_number(data.get("seat")), data.get("token"), account), last, game_id


async def act(table: LiveTable, seat: Viewer, data: dict[str, Any]) -> dict[str, Any]:
    """Play an ``action`` message for ``seat`` (``None``: a spectator, refused); the ``ack``."""
    if seat is None:
        raise ProtocolError("spectator")
    client_id = client_id_of(data)
    if "seat" in data and seat_number(data["seat"]) != seat:
        raise ProtocolError("wrong_seat", seat=seat, asked=data["seat"])
    raw = data.get("action")
    if not (isinstance(raw, str) and 0 < len(raw) <= 1000) and type(raw) is not int:
        raise ProtocolError("bad_message", field="action")
    played = await table.play(seat, lambda state: table.action_of(state, seat, raw), "person", client_id)
    assert played is not None
    ack: dict[str, Any] = {"type": "ack", "id": data["id"], "v": played.v}
    if played.duplicate:
        ack["duplicate"] = True
    return ack


def assist(
    table: LiveTable, viewer: Viewer, kind: str, data: dict[str, Any], asking: Outbox
) -> tuple[dict[str, Any], str | None]:
    """``rack``, ``hint`` and ``scores`` (:mod:`rummykit.server.assist`): the answer from the
    viewer's own view of the current match, tagged with its ``game`` and ``v``; for ``rack`` also
    the text the seat's other connections get (``elsewhere``), sent here to every connection of
    the seat but ``asking``."""
    match = table.match
    if match is None:
        raise ProtocolError("not_started")
    game = table.game
    shared = None
    answer: dict[str, Any]
    if kind == "scores":
        answer = score_sheet(game, match.state.results)
    elif viewer is None:
        raise ProtocolError("spectator")
    elif kind == "rack":
        answer = rack_answer(assist_of(game, kind), viewer, game.observe(match.state, viewer), data)
        # the seat's other connections (another tab) follow the new order
        shared = dumps({**answer, "arrived": [], "elsewhere": True, "game": match.game_id, "v": match.steps})
        for out in table.sockets[viewer] - {asking}:
            out.send(shared)
    elif not table.options.hints:
        raise ProtocolError("hints_off")
    else:
        answer = hint_answer(assist_of(game, kind), match.state, viewer)
    return {**answer, "game": match.game_id, "v": match.steps}, shared


def seat_in_path(text: str) -> int:
    """The seat number of an HTTP path (``/tables/{id}/seats/{seat}/…``); raises ``bad_request``
    when it is not a number."""
    if not text.isdigit() or len(text) > 3:
        raise ProtocolError("bad_request", reason="the seat in the path is a number")
    return int(text)


def joining_name(name: object, seat: int, username: str | None) -> object:
    """The name a ``join`` sits down as: the one it gives; without one (or with only blanks) the
    username of the account signed in, else (a guest) the seat's (``seat 2``). Anything else is
    left for :meth:`LiveTable.join` to refuse."""
    blank = name is None or (isinstance(name, str) and not name.strip())
    if blank and username is not None:
        return username
    return seat_name(seat) if name is None else name


def http(table: LiveTable, name: str, body: dict[str, Any]) -> dict[str, Any]:
    """A table's HTTP request (``docs/protocol.md``, "HTTP API"): ``info`` (``GET``), ``join`` and
    ``leave`` (``seat`` from the path in ``body``; for ``join``, ``player_hash``, ``account_id``
    and ``username``: the joining browser's token hash, account and its name, put there by the
    server), ``fill``, ``start``, ``rematch`` (these and ``leave`` with a token, or as
    ``account_id``: the account signed in, which stands for its own seat's token); the answer."""
    raw_account = body.get("account_id")
    account = raw_account if type(raw_account) is int else None
    if name == "join":
        seat = body["seat"]
        player, username = body.get("player_hash"), body.get("username")
        username = username if isinstance(username, str) and account is not None else None
        token = table.join(
            seat,
            joining_name(body.get("name"), seat, username),
            player if isinstance(player, str) else None,
            account,
            username,
        )
        return {"table": table.id, "seat": seat, "token": token}
    if name == "leave":
        table.leave(body["seat"], body.get("token"), account)
    elif name == "fill":
        table.authorize(body.get("token"), account)
        table.fill(body.get("level", "greedy"))
    elif name in ("start", "rematch"):
        table.authorize(body.get("token"), account)
        if name == "rematch" and rematched(table, body.get("game")):
            return table.info()
        if name == "rematch" and table.status != "finished":
            raise ProtocolError("not_finished")
        table.start()
    return table.info()


def rematched(table: LiveTable, game: object) -> bool:
    """Whether the rematch of ``game`` (the match the request was made after; ``None``: not said)
    has started already: ``game`` is an earlier match of the table's than its current one (another
    seat asked first, and the rematch asked for is the table's match now). Raises ``bad_request``
    for a ``game`` that is no id, ``no_such_game`` for one that is no match of this table."""
    if game is None:
        return False
    if not isinstance(game, str) or len(game) > 32:
        raise ProtocolError("bad_request", reason="game is the id of the table's match")
    if table.match is not None and table.match.game_id == game:
        return False
    if table.hub.db.table_of(game) != table.id:
        raise ProtocolError("no_such_game", game=game)
    return True
