"""``rummykit connect URL``: play a seat (or watch) on a rummykit server, in the terminal.

A seat is played with the very client of ``rummykit play`` (the same screens, commands, rack
order, hints and help) over a :class:`~rummykit.cli.seat_link.RemoteLink`: the server's messages
feed the seat session, the other seats' moves are told as they arrive, and your actions are sent
with ids and acknowledged. A spectator sees every move and event in English. See
``docs/protocol.md`` for the protocol.

URLs: ``http://HOST:PORT/tables/T/seats/N`` (or the invite ``…/seats/N/join``) takes the seat the
protocol numbers N, from 0 (with ``--token`` it reconnects to a seat you hold);
``http://HOST:PORT/tables/T`` watches the table; ``http://HOST:PORT`` with ``--new GAME`` creates a
table of you and bots and starts it. The browser's links work too: its invite
``http://HOST:PORT/#/t/T/seat/N`` (seat N as people number seats, from 1: ``seat/1`` is the first)
and its table page ``http://HOST:PORT/#/t/T``. Every seat is shown numbered from 1
(:func:`~rummykit.messages.seat_name`). While the match is not dealt yet, ``quit``, the end of
input and Ctrl-C leave at once, giving back the seat taken (:class:`Typed`).

With a personal access token of an account (``--account-token`` or ``RUMMYKIT_TOKEN``, made on the
browser's account page) every request and the WebSocket carry it as ``Authorization: Bearer``: the
seat taken is the account's (a rated table's too) and the game is in its games and on its profile.
A refusal that asks for a signed-in player says so (:data:`SIGN_IN_HERE`).
"""

from __future__ import annotations

import json
import re
import select
import sys
from collections import deque
from typing import TYPE_CHECKING, Annotated, Any, TextIO
from urllib.parse import urlsplit

import typer

from rummykit.cli.errors import INTERRUPTED, USER_ERROR
from rummykit.cli.seat_link import Connection, RemoteLink
from rummykit.cli.seat_socket import ConnectionLostError, SeatSocket
from rummykit.engine.game import Game
from rummykit.errors import RummykitError
from rummykit.messages import render, seat_name, seat_of_number
from rummykit.server import protocol  # noqa: F401  (the server's message codes, for render)
from rummykit.variants.registry import game_from_record

if TYPE_CHECKING:
    from rummykit.cli.terminal import PromptInput

SEAT_URL = re.compile(r"^/tables/(?P<table>[\w-]+)(?:/seats/(?P<seat>\d+)(?:/join)?)?/?$")
"""A server path naming a table, and maybe a seat."""
PAGE_URL = re.compile(r"^/t/(?P<table>[\w-]+)(?:/seat/(?P<seat>\d+))?/?$")
"""A browser page's route (the address's ``#`` part) naming a table, and maybe a seat (from 1)."""


def fail(message: str) -> typer.Exit:
    """Print ``error: message`` and give the exit to raise."""
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(USER_ERROR)


SIGN_IN_HERE = (
    "in the terminal, sign in with --account-token TOKEN (or the environment variable RUMMYKIT_TOKEN):"
    " a personal access token made on the browser's account page"
)
"""How a terminal client signs in, added to a server's refusal that asks for a signed-in player."""
NEEDS_ACCOUNT = frozenset({"not_signed_in", "rated_needs_account", "not_your_seat"})
"""The server's refusals that ask the player to sign in (the browser's way)."""


def refusal(code: str, params: dict[str, Any]) -> str:
    """The server's refusal ``code`` as the terminal says it: its words, and how to sign in here
    when it asks for a signed-in player (:data:`SIGN_IN_HERE`)."""
    text = render(code, params)
    return f"{text}; {SIGN_IN_HERE}" if code in NEEDS_ACCOUNT else text


def call(client: Any, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    """An HTTP call to the server; its error answer becomes a one-line error."""
    import httpx

    try:
        response = client.request(method, path, json=body)
    except httpx.HTTPError as exc:
        raise fail(f"can't reach the server: {exc}") from None
    data: dict[str, Any] = response.json()
    if response.status_code >= 400:
        error = data.get("error", {})
        raise fail(refusal(str(error.get("code")), error.get("params", {})))
    return data


def held_by(client: Any, table: str, seat: int | None, username: str | None) -> bool:
    """Whether seat ``seat`` of ``table`` was joined by the account ``username`` (``GET
    /tables/{table}``): then the account's connection takes it back without the seat's token."""
    if seat is None or username is None:
        return False
    seats = call(client, "GET", f"/tables/{table}")["seats"]
    return 0 <= seat < len(seats) and seats[seat]["account"] == username


AccountToken = Annotated[
    str | None,
    typer.Option(
        "--account-token",
        envvar="RUMMYKIT_TOKEN",
        help="A personal access token of your account (made on the account page): play or list as it",
        show_envvar=True,
    ),
]
"""The ``--account-token`` option of the commands that speak to a server as an account."""


def server_base(url: str) -> tuple[str, str, str]:
    """The scheme, ``HOST:PORT`` and base URL of a server's address; refuses anything but
    ``http(s)://HOST``."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise fail(f"{url[:60]!r} is not an http:// address of a rummykit server")
    return parts.scheme, parts.netloc, f"{parts.scheme}://{parts.netloc}"


def account_headers(token: str | None) -> dict[str, str]:
    """The headers that sign a request in with the access token ``token`` (none without one)."""
    return {} if token is None else {"Authorization": f"Bearer {token.strip()}"}


def signed_in_as(client: Any, token: str | None) -> str | None:
    """The username ``client``'s access token signs in (told on the terminal), ``None`` without
    a token; a token the server refuses (revoked, its account deleted) or that signs no account in
    (not an access token) is a one-line error."""
    if token is None:
        return None
    answer = call(client, "GET", "/account")
    if answer.get("account") is None:  # not an access token at all (a seat's, a typo): no account
        raise fail(render("bad_access_token"))
    username = str(answer["account"]["username"])
    typer.echo(f"signed in as {username}")
    return username


def seat_names(seats: list[dict[str, Any]]) -> list[str]:
    """The players' names from the ``table`` message's seats (a bot's as the server names it,
    ``greedy bot``; ``""`` for a seat with no name): the terminal shows each with its seat,
    ``seat 3 (greedy bot)`` (:func:`~rummykit.messages.seat_name`), so a name that several seats
    share needs nothing more."""
    return [s["name"] or "" for s in seats]


POLL_SECONDS = 0.2
"""How often ``connect``, waiting for a match to be dealt, looks at what was typed (seconds)."""


class LeftError(Exception):
    """The person left before the match was dealt (``quit``, end of input): the message says so."""


class Typed:
    """Standard input (``stream``) while the match is not dealt: ``quit`` (or ``exit``) and the
    end of input leave at once (:class:`LeftError`); in a terminal (``interactive``) another line
    is answered with how to leave, piped lines are kept, in order, as the match's first commands
    (:meth:`read_line`)."""

    def __init__(self, stream: TextIO, interactive: bool) -> None:
        self.stream = stream
        self.interactive = interactive
        self.kept: deque[str] = deque()
        self.ended = False

    def look(self) -> None:
        """Read the lines typed by now, without waiting; raises :class:`LeftError`."""
        while not self.ended and select.select([self.stream], [], [], 0)[0]:
            line = self.stream.readline()
            if not line:
                self.ended = True
                if not self.kept:
                    raise LeftError("end of input: leaving the table")
            elif line.strip().lower() in ("quit", "exit"):
                raise LeftError("leaving the table")
            elif self.interactive:
                typer.echo("the match has not started yet: quit leaves")
            else:
                self.kept.append(line.rstrip("\n"))

    def read_line(self, prompt: str) -> str:
        """The terminal client's input: the lines kept while waiting, then ``input``."""
        if self.kept:
            typer.echo(prompt, nl=False)
            return self.kept.popleft()
        return input(prompt)


def opening(
    ws: Connection, seat: int | None, typed: Typed | None = None
) -> tuple[Game[Any, Any], list[str], dict[str, Any]]:
    """Read the server's first messages: ``welcome``, the ``table`` (the game and the players'
    names) and the first view, waiting while the match is not dealt yet (and with ``typed``,
    looking at what is typed meanwhile: :class:`Typed`)."""
    game: Game[Any, Any] | None = None
    names: list[str] = []
    waiting = False
    while True:
        try:
            text = ws.recv(POLL_SECONDS) if waiting and typed is not None else ws.recv()
        except TimeoutError:
            assert typed is not None
            typed.look()
            continue
        message: dict[str, Any] = json.loads(text)
        kind = message["type"]
        if kind == "error":
            raise fail(refusal(message["code"], message.get("params", {})))
        if kind == "table":
            game, _ = game_from_record(message["variant"], message["rules"])
            names = seat_names(message["seats"])
            seats = ", ".join(seat_name(n, name) for n, name in enumerate(names))
            typer.echo(f"{game.title} at table {message['table']}: {seats}")
            if message["status"] == "waiting" and not waiting:
                typer.echo("waiting for the match to start… (quit leaves)")
            waiting = message["status"] == "waiting"
        elif kind in ("state", "sync") and game is not None:
            return game, names, message


def watch(ws: Connection, names: list[str], first: dict[str, Any]) -> None:
    """Follow a table as a spectator: every move in English until the match is over, each seat
    named as in the players' client (``seat 3 (greedy bot)``); messages other than the views (the
    table's seats, chat) are passed over."""
    view = first

    def who(seat: int) -> str:
        return seat_name(seat, names[seat])

    while not view["over"]:
        message = json.loads(ws.recv())
        if message["type"] != "state":
            continue
        view = message
        played = view.get("played")
        if played is not None:
            typer.echo(f"{who(played['seat'])}: {played['action']}")
        for event in [*view["events"], *view["notices"]]:
            seat = f"{who(event['seat'])}: " if event.get("seat") is not None else ""
            typer.echo(seat + render(event["code"], event.get("params", {})))
    outcome = view["outcome"]
    scores = ", ".join(f"{who(seat)} {score}" for seat, score in enumerate(outcome["scores"]))
    winners = ", ".join(who(s) for s in outcome["winners"])
    typer.echo(f"match over: {scores}; {'winners' if len(outcome['winners']) > 1 else 'winner'} {winners}")


def play_seat(
    ws: SeatSocket,
    seat: int,
    game: Game[Any, Any],
    names: list[str],
    first: dict[str, Any],
    color: bool | None,
    prompt: PromptInput,
    base: str,
) -> int:
    """Play ``seat`` with the same terminal client as ``rummykit play``; the exit code. The
    table's chat shows as it comes (:meth:`RemoteLink.aside`, from the socket's reader thread),
    above the prompt (``prompt``). At the match's end the record's address, on the server at
    ``base``."""
    from rummykit.cli.terminal import enable_line_editing, make_console, terminal_client, use_colour

    link = RemoteLink(ws, seat, game, names, first)
    link.echo = prompt.write
    ws.aside = link.aside
    console = make_console(use_colour(color, sys.stdout), sys.stdout.isatty())
    interactive = sys.stdin.isatty()
    client = terminal_client(link, console, prompt, interactive)
    if interactive:
        enable_line_editing()
    code = client.run()
    if link.message["over"]:
        typer.echo(f"seed {link.message['seed']}; the record: {base}{link.message['record']}")
        if link.message.get("stood_in"):
            stood_in = ", ".join(seat_name(s) for s in link.message["stood_in"])
            typer.echo(f"a bot stood in for {stood_in}")
    return code


def connect(
    url: Annotated[
        str, typer.Argument(help="http://HOST:PORT/tables/T/seats/N, …/tables/T, or the server with --new")
    ],
    token: Annotated[
        str | None, typer.Option(help="Your seat's token, to reconnect to a seat you hold")
    ] = None,
    name: Annotated[
        str | None,
        typer.Option(help="Your name at the table (default: your username, signed in; else player)"),
    ] = None,
    new: Annotated[str | None, typer.Option(help="Create a table of this game: you and bots")] = None,
    rule: Annotated[
        list[str] | None, typer.Option(help="A rules option name=value for --new (repeatable)")
    ] = None,
    bot_delay: Annotated[
        float, typer.Option(help="Seconds each bot waits before it moves (--new)", min=0)
    ] = 0.6,
    round_break: Annotated[
        float,
        typer.Option(help="Seconds of break after a round's end before the next round's play (--new)", min=0),
    ] = 10.0,
    level: Annotated[
        str,
        typer.Option(
            help="The bots' level (--new): easy, medium, hard, expert, or a bot's name such as random"
        ),
    ] = "greedy",
    rated: Annotated[
        bool, typer.Option(help="A rated table (--new): its match moves your rating; needs --account-token")
    ] = False,
    account_token: AccountToken = None,
    color: Annotated[
        bool | None, typer.Option("--color/--no-color", help="Colour the pieces (default: on a terminal)")
    ] = None,
    reconnect_for: Annotated[
        float,
        typer.Option(help="Seconds to keep trying to reconnect when the connection is lost", min=0),
    ] = 60.0,
) -> None:
    """Play a seat on a rummykit server (or watch a table) in the terminal."""
    import httpx
    from websockets.exceptions import ConnectionClosed, InvalidHandshake
    from websockets.sync.client import connect as ws_connect

    from rummykit.cli.terminal import PromptInput

    scheme, netloc, base = server_base(url)
    parts = urlsplit(url)
    if rated and new is not None and account_token is None:
        raise fail(refusal("rated_needs_account", {}))
    headers = account_headers(account_token)
    seat: int | None = 0
    taken = False  # whether this run took the seat: given back when it leaves before the match
    with httpx.Client(base_url=base, timeout=30, headers=headers) as client:
        username = signed_in_as(client, account_token)
        if new is not None:
            options = dict(r.split("=", 1) for r in rule or [] if "=" in r)
            players = int(options.get("players", 4))
            seats = [{"kind": "person"}] + [{"kind": "bot", "level": level}] * (players - 1)
            made = call(
                client,
                "POST",
                "/tables",
                {
                    "variant": new,
                    "options": options,
                    "seats": seats,
                    "bot_delay": bot_delay,
                    "round_break_seconds": round_break,
                    "rated": rated,
                },
            )
            table, seat = made["table"], 0
        else:
            found = SEAT_URL.match(parts.path) or PAGE_URL.match(parts.fragment)
            if found is None:
                raise fail(
                    "the address names no table: use …/tables/T or …/tables/T/seats/N"
                    " (or the browser's …/#/t/T/seat/N)"
                )
            table = found["table"]
            seat = None if found["seat"] is None else int(found["seat"])
            if seat is not None and found.re is PAGE_URL:
                if seat < 1:
                    raise fail(f"there is no seat {seat}: the browser's invite numbers seats from 1")
                seat = seat_of_number(seat)
        owned = seat is not None and token is None and new is None and held_by(client, table, seat, username)
        if owned and seat is not None:
            # the account's own seat: taken back by the signed-in connection, as in the browser
            typer.echo(f"{seat_name(seat)} is yours already ({username}): taking it back")
        if seat is not None and token is None and not owned:
            # signed in without a name, the server seats the account as its username
            joining = {} if name is None and username is not None else {"name": name or "player"}
            token = call(client, "POST", f"/tables/{table}/seats/{seat}/join", joining)["token"]
            taken = True
            typer.echo(f"{seat_name(seat)} is yours; its token (to reconnect with --token): {token}")
        if new is not None:
            call(client, "POST", f"/tables/{table}/start", {"token": made["owner_token"]})
    hello: dict[str, Any] = {"type": "hello", "table": table}
    if seat is None:
        hello["spectate"] = True
    else:
        hello["seat"] = seat
        if token is not None:
            hello["token"] = token
    ws_url = ("wss://" if scheme == "https" else "ws://") + netloc + "/ws"
    typed = Typed(sys.stdin, sys.stdin.isatty())
    prompt = PromptInput(typed.read_line)
    try:
        ws = SeatSocket(
            lambda: ws_connect(ws_url, additional_headers=headers, open_timeout=10),
            hello,
            prompt.write,
            comeback(base, table, seat, token, account_token),
            reconnect_for,
        )
        try:
            game, names, first = opening(ws, seat, typed)
        except LeftError as left:
            code, farewell = 0, str(left)
        except KeyboardInterrupt:
            code, farewell = INTERRUPTED, "\ninterrupted: leaving the table"
        else:
            if seat is None:
                watch(ws, names, first)
                return
            raise typer.Exit(play_seat(ws, seat, game, names, first, color, prompt, base))
        finally:
            ws.close()
    except (OSError, RummykitError, ConnectionClosed, InvalidHandshake, ConnectionLostError) as exc:
        raise fail(str(exc)) from None
    typer.echo(farewell)
    if seat is not None and taken:
        with httpx.Client(base_url=base, timeout=30, headers=headers) as client:
            after = call(client, "POST", f"/tables/{table}/seats/{seat}/leave", {"token": token})
        given = "is open again" if after["status"] == "waiting" else "is played by a bot"
        typer.echo(f"{seat_name(seat)} {given}")
    raise typer.Exit(code)


def comeback(base: str, table: str, seat: int | None, token: str | None, account_token: str | None) -> str:
    """The command that joins the table again, in a sentence: ``come back with rummykit connect
    URL --token T`` (the seat's address and token; a spectator's, the table's)."""
    if seat is None:
        return f"come back with: rummykit connect {base}/tables/{table}"
    account = "" if account_token is None else f" --account-token {account_token}"
    given = "" if token is None else f" --token {token}"
    return f"come back with: rummykit connect {base}/tables/{table}/seats/{seat}{given}{account}"
