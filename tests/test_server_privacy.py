"""A private table's games are its players' only: ``GET /games/{id}/record``, ``/replay`` and
``/replay/{step}`` answer ``403 private_game`` to anyone without a token of one of its players (a
seat token as ``Authorization: Bearer``, the browser token cookie a seat was joined with, the
table's owner token), and "my games" (``GET /me/games``) lists a browser's games. Against a real
server over loopback HTTP, on SQLite and on PostgreSQL when ``RUMMYKIT_TEST_PG`` is set."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text

from rummykit.engine.records import match_winners
from test_server_support import Server, database_url, needs_pg, running

PATHS = ("/record", "/replay", "/replay/0")


@pytest.fixture(scope="module", params=["sqlite", pytest.param("pg", marks=needs_pg)])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    url = database_url(request.param, tmp_path_factory.mktemp("privacy"))
    with running(url) as started:
        yield started


def browser(server: Server) -> httpx.Client:
    """A client that keeps cookies, as a browser does."""
    return httpx.Client(base_url=server.base, timeout=30)


def wait_finished(server: Server, table: str) -> str:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        info = server.get(f"/tables/{table}").json()
        if info["status"] == "finished":
            game: str = info["game"]
            return game
        time.sleep(0.1)
    raise AssertionError("the bots did not finish the game")


def played(server: Server, client: httpx.Client, public: bool = False) -> tuple[dict[str, Any], str, str]:
    """A table (private unless ``public``) where ``client`` joins seat 0 of one round of Okey
    against bots, starts it and leaves at once (a bot stands in and ends it): the table, the seat
    token and the finished game's id."""
    body = {"variant": "okey", "options": {"rounds": 1}, "public": public, "bot_delay": 0}
    body["seats"] = [{"kind": "person"}] + [{"kind": "bot", "level": "greedy"}] * 3
    created = client.post("/tables", json=body).json()
    joined = client.post(f"/tables/{created['table']}/seats/0/join", json={"name": "ann"})
    assert joined.status_code == 200, joined.text
    token = joined.json()["token"]
    assert client.post(f"/tables/{created['table']}/start", json={"token": token}).status_code == 200
    assert client.post(f"/tables/{created['table']}/seats/0/leave", json={"token": token}).status_code == 200
    return created, token, wait_finished(server, created["table"])


def refused(response: httpx.Response, game: str) -> None:
    assert response.status_code == 403, response.text
    assert response.json() == {"error": {"code": "private_game", "params": {"game": game}}}


def test_a_private_game_is_its_players_only(server: Server) -> None:
    with browser(server) as ann, browser(server) as bob:
        created, token, game = played(server, ann)
        # the browser token is a long-lived HttpOnly cookie
        cookie = next(c for c in ann.cookies.jar if c.name == "rummykit_player")
        assert cookie.has_nonstandard_attr("HttpOnly") and cookie.expires is not None
        assert cookie.expires > time.time() + 300 * 24 * 3600
        # another browser (which has played a game of its own) and anonymous requests are refused
        played(server, bob)
        wrong = {"Authorization": "Bearer " + "x" * 32}
        for path in PATHS:
            refused(bob.get(f"/games/{game}{path}"), game)
            refused(httpx.get(f"{server.base}/games/{game}{path}"), game)
            refused(httpx.get(f"{server.base}/games/{game}{path}", headers=wrong), game)
            refused(httpx.get(f"{server.base}/games/{game}{path}", headers={"Authorization": token}), game)
        # the player: by the browser token, by the seat token, and the table's owner
        owner = {"Authorization": f"Bearer {created['owner_token']}"}
        for path in PATHS:
            assert ann.get(f"/games/{game}{path}").status_code == 200
            seat = httpx.get(
                f"{server.base}/games/{game}{path}", headers={"Authorization": f"Bearer {token}"}
            )
            assert seat.status_code == 200
            assert httpx.get(f"{server.base}/games/{game}{path}", headers=owner).status_code == 200
        assert ann.get(f"/games/{game}/replay").json()["seed"] == int(
            ann.get(f"/games/{game}/record").text.split('"seed": ')[1].split(",")[0]
        )
        # the lobby does not list it either
        assert game not in [g["game"] for g in httpx.get(f"{server.base}/tables").json()["finished"]]
        assert httpx.get(f"{server.base}/games/nope/replay").json()["error"]["code"] == "no_such_game"


def test_my_games_are_in_the_order_of_the_times_they_show(server: Server) -> None:
    """My games shows a finished game's end (a game being played: its start), newest first: a
    game begun before another but finished after it comes first (it was ordered by the start)."""
    with browser(server) as ann:
        _, _, first = played(server, ann)
        _, _, second = played(server, ann)
        engine = create_engine(server.db)
        with engine.begin() as conn:
            conn.execute(
                text(
                    "UPDATE games SET finished = (SELECT finished FROM games WHERE id = :second) + 60"
                    " WHERE id = :first"
                ),
                {"first": first, "second": second},
            )
        engine.dispose()
        games = ann.get("/me/games").json()["games"]
        assert [g["game"] for g in games] == [first, second]
        assert games[0]["created"] < games[1]["created"] and games[0]["finished"] > games[1]["finished"]


def test_a_private_game_being_played_tells_nothing_to_others(server: Server) -> None:
    with browser(server) as ann:
        body = {"variant": "okey", "options": {"rounds": 1}, "bot_delay": 5}
        body["seats"] = [{"kind": "person"}] + [{"kind": "bot", "level": "greedy"}] * 3
        created = ann.post("/tables", json=body).json()
        token = ann.post(f"/tables/{created['table']}/seats/0/join", json={"name": "ann"}).json()["token"]
        info = ann.post(f"/tables/{created['table']}/start", json={"token": token}).json()
        game = info["game"]
        for path in PATHS:
            refused(httpx.get(f"{server.base}/games/{game}{path}"), game)
            assert ann.get(f"/games/{game}{path}").json()["error"]["code"] == "not_finished"
        assert [g["status"] for g in ann.get("/me/games").json()["games"]] == ["playing"]


def test_my_games_lists_a_browsers_games_private_ones_included(server: Server) -> None:
    with browser(server) as ann, browser(server) as bob:
        _, _, private = played(server, ann)
        _, _, public = played(server, ann, public=True)
        _, _, bobs = played(server, bob)
        mine = ann.get("/me/games").json()
        assert mine["type"] == "my_games"
        assert [g["game"] for g in mine["games"]] == [public, private]
        entry = mine["games"][1]
        assert entry["public"] is False and entry["status"] == "finished" and entry["seats"] == [0]
        assert entry["variant"] == "okey" and entry["names"][0] == "ann"
        assert entry["record"] == f"/games/{private}/record" and entry["outcome"]["winners"] is not None
        # a match that ended level (a stalled deal: every seat among the winners) is nobody's win
        assert entry["won"] == (0 in match_winners(entry["outcome"]))
        assert [g["game"] for g in bob.get("/me/games").json()["games"]] == [bobs]
        assert httpx.get(f"{server.base}/me/games").json() == {"type": "my_games", "games": []}
        # a forged cookie is nobody's, and a join can't name another browser's token hash
        forged = httpx.get(f"{server.base}/me/games", cookies={"rummykit_player": "<script>"})
        assert forged.json()["games"] == []
