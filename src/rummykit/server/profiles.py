"""Players' games and profiles as people see them: the entries of My games and of a profile's
recent games (:func:`game_entries`), and a profile (:func:`profile`, ``GET /players/{name}``): an
account's name, its ratings, its games played and won per game and its recent games. A private
table's games are listed and counted on a profile only for the people who played them (the
account itself, and whoever held another seat in the game)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rummykit.engine.records import match_winners
from rummykit.server import ratings
from rummykit.server.db import Database, GameRow, PlayRow, TableRow
from rummykit.server.protocol import ProtocolError
from rummykit.server.usernames import is_username

RECENT = 20
"""How many recent games a profile lists."""


def game_entries(db: Database, rows: Iterable[tuple[PlayRow, GameRow, TableRow]]) -> list[dict[str, Any]]:
    """The games of ``rows`` (a person's seats with their game and table, as
    :meth:`Database.my_games` gives them), one entry each in the order of ``rows``: ``{"game",
    "table", "variant", "number", "public", "status", "created", "finished", "names" (every seat's
    name), "accounts" (every seat's account's username or null), "seats" (the person's), "outcome",
    "won", "rating_change" (the shown rating's change at a rated game, else null), "stood_in",
    "record", "replay"}``."""
    games: dict[str, dict[str, Any]] = {}
    for play, game, table in rows:
        entry = games.get(game.id)
        if entry is None:
            done = game.status == "finished"
            entry = games[game.id] = {
                "game": game.id,
                "table": table.id,
                "variant": table.variant,
                "number": game.number,
                "public": table.public,
                "status": game.status,
                "created": game.created,
                "finished": game.finished,
                "names": game.seats,
                "accounts": [None] * len(game.seats),
                "seats": [],
                "outcome": game.outcome,
                "won": None,
                "rating_change": None,
                "stood_in": game.stood_in,
                "record": f"/games/{game.id}/record" if done else None,
                "replay": f"/games/{game.id}/replay" if done else None,
            }
        entry["seats"].append(play.seat)
        if play.rating_before is not None and play.rating_after is not None:
            entry["rating_change"] = ratings.shown(play.rating_after) - ratings.shown(play.rating_before)
        if entry["outcome"] is not None:
            entry["won"] = any(seat in match_winners(entry["outcome"]) for seat in entry["seats"])
    for game_id, seats in db.seat_accounts(list(games)).items():
        for seat, username in seats.items():
            if seat < len(games[game_id]["accounts"]):
                games[game_id]["accounts"][seat] = username
    return list(games.values())


def profile(db: Database, name: str, viewer: int | None) -> dict[str, Any]:
    """The profile of the account called ``name`` (any case) as the account ``viewer`` (``None``:
    a guest) sees it: ``{"type": "player", "username", "created" (Unix seconds), "own" (whether
    the viewer is the account), "ratings": [{"variant", "rating", "provisional", "games", "wins"}]
    (rated games, best first), "games": [{"variant", "played", "won"}] (finished games the viewer
    may see: the public tables', and the private ones the viewer played in too; most played
    first), "recent": the last :data:`RECENT` of them as :func:`game_entries` gives them}``.
    Raises ``no_such_player`` (``name``, at most 40 characters) for a name that is no account's (a
    deleted account's included)."""
    account = db.account_named(name) if is_username(name) else None
    if account is None:
        raise ProtocolError("no_such_player", name=name[:40])
    own = viewer == account.id
    plays = db.finished_plays(account.id)
    private = {game.id for _, game, table in plays if not table.public}
    shared = private if own else set() if viewer is None else db.played_among(viewer, private)
    rows = [row for row in plays if row[2].public or row[1].id in shared]
    played: dict[str, set[str]] = {}
    won: dict[str, set[str]] = {}
    for play, game, table in rows:
        played.setdefault(table.variant, set()).add(game.id)
        if play.seat in match_winners(game.outcome or {}):
            won.setdefault(table.variant, set()).add(game.id)
    recent_ids: list[str] = []
    for _, game, _ in rows:
        if game.id not in recent_ids:
            recent_ids.append(game.id)
        if len(recent_ids) == RECENT:
            break
    kept = set(recent_ids)
    rated = sorted(db.ratings_of(account.id), key=lambda r: (-r.mu, r.variant))
    return {
        "type": "player",
        "username": account.username,
        "created": account.created,
        "own": own,
        "ratings": [
            {
                "variant": r.variant,
                "rating": ratings.shown(r.mu),
                "provisional": r.games < ratings.PROVISIONAL_GAMES,
                "games": r.games,
                "wins": r.wins,
            }
            for r in rated
        ],
        "games": [
            {"variant": variant, "played": len(ids), "won": len(won.get(variant, ()))}
            for variant, ids in sorted(played.items(), key=lambda item: (-len(item[1]), item[0]))
        ],
        "recent": game_entries(db, [row for row in rows if row[1].id in kept]),
    }
