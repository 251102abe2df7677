"""``rummykit games URL``: the games of an account on a rummykit server (``GET /me/games`` with a
personal access token, ``--account-token`` or ``RUMMYKIT_TOKEN``), newest first, each with its
result, the rating's change at a rated game, and the links to its replay in the browser and its
record (``rummykit replay`` re-simulates a downloaded record)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Annotated, Any

import typer

from rummykit.cli.connect import AccountToken, account_headers, call, fail, server_base, signed_in_as


def game_line(game: dict[str, Any], base: str) -> str:
    """One game of ``GET /me/games`` as a line: when, the game, private or not, the result (the
    account's seats' scores), the rating's change, the players, and its replay's address (or its
    table's while it is played)."""
    when = datetime.fromtimestamp(game["finished"] or game["created"], UTC).strftime("%Y-%m-%d %H:%M")
    parts = [when, game["variant"]]
    if not game["public"]:
        parts.append("private")
    if game["status"] == "finished":
        scores = "/".join(str(game["outcome"]["scores"][s]) for s in game["seats"])
        parts.append(f"{'won' if game['won'] else 'lost'} {scores}")
    else:
        parts.append("playing")
    if game["rating_change"] is not None:
        parts.append(f"rating {game['rating_change']:+d}")
    parts.append(", ".join(game["names"]))
    if game["status"] == "finished":
        parts.append(f"replay {base}/#/replay/{game['game']}/0 record {base}{game['record']}")
    else:
        parts.append(f"table {base}/#/t/{game['table']}")
    return "  ".join(parts)


def games(
    url: Annotated[str, typer.Argument(help="The server: http://HOST:PORT")],
    account_token: AccountToken = None,
    as_json: Annotated[bool, typer.Option("--json", help="The server's answer as JSON")] = False,
) -> None:
    """List your games on a rummykit server (an account's, with its access token) and their replays."""
    import httpx

    _, _, base = server_base(url)
    if account_token is None:
        raise fail("listing an account's games needs its access token: --account-token or RUMMYKIT_TOKEN")
    with httpx.Client(base_url=base, timeout=30, headers=account_headers(account_token)) as client:
        if as_json:
            typer.echo(json.dumps(call(client, "GET", "/me/games"), indent=2))
            return
        signed_in_as(client, account_token)
        listed = call(client, "GET", "/me/games")["games"]
    if not listed:
        typer.echo("no games yet")
    for game in listed:
        typer.echo(game_line(game, base))
