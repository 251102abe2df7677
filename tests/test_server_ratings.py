"""Ratings against a real server, on SQLite and on PostgreSQL when ``RUMMYKIT_TEST_PG`` is set: a
rated table seats accounts only; its match moves the account's OpenSkill rating (provisional at
first) against the bots' fixed published ones; an unrated match moves nothing; the leaderboard."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from rummykit.server import ratings
from test_server_accounts import PASSWORD, Browser
from test_server_support import Server, database_url, needs_pg, running

SEATS = [{"kind": "person"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "hard"}]
SEATS += [{"kind": "bot", "level": "greedy"}]


@pytest.fixture(scope="module", params=["sqlite", pytest.param("pg", marks=needs_pg)])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    url = database_url(request.param, tmp_path_factory.mktemp("ratings"))
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RUMMYKIT_PASSWORD_COST", "test")
        with running(url) as started:
            yield started


def play(server: Server, browser: Browser, rated: bool) -> dict[str, Any]:
    """A one-round Okey match at a (rated) table: ``browser`` joins seat 0, starts and leaves (a
    bot stands in and ends it); the finished table."""
    body = {"variant": "okey", "options": {"rounds": 1}, "seats": SEATS, "bot_delay": 0, "rated": rated}
    created = browser.post("/tables", body).json()
    assert created["options"]["rated"] is rated
    token = browser.post(f"/tables/{created['table']}/seats/0/join", {"name": "ann"}).json()["token"]
    assert browser.post(f"/tables/{created['table']}/start", {"token": token}).status_code == 200
    assert browser.post(f"/tables/{created['table']}/seats/0/leave", {"token": token}).status_code == 200
    deadline = time.monotonic() + 60
    while (info := server.get(f"/tables/{created['table']}").json())["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    return dict(info)


def test_a_rated_match_moves_the_accounts_rating(server: Server) -> None:
    board = server.get("/ratings/okey").json()
    assert board["bots"] == {level: ratings.shown(mu) for level, (mu, _) in ratings.BOT_RATINGS.items()}
    assert board["ratings"] == []
    # a guest can't sit at a rated table, and nothing changes
    guest = Browser(server)
    body = {"variant": "okey", "seats": SEATS, "rated": True}
    table = guest.post("/tables", body).json()["table"]
    refused = guest.post(f"/tables/{table}/seats/0/join", {"name": "guest"})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "rated_needs_account"
    assert server.get(f"/tables/{table}").json()["seats"][0]["kind"] == "open"
    bad = guest.post("/tables", {**body, "rated": "yes"})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_request"

    ann = Browser(server)
    assert ann.post("/account/signup", {"username": "rated_ann", "password": PASSWORD}).status_code == 201
    play(server, ann, rated=False)
    assert server.get("/ratings/okey").json()["ratings"] == []
    info = play(server, ann, rated=True)
    entry = server.get("/ratings/okey").json()["ratings"]
    assert [(e["username"], e["games"], e["provisional"]) for e in entry] == [("rated_ann", 1, True)]
    mine = next(g for g in ann.get("/me/games").json()["games"] if g["game"] == info["game"])
    mu = entry[0]["mu"]
    assert entry[0]["sigma"] < ratings.NEW[1] and entry[0]["rating"] == ratings.shown(mu)
    assert entry[0]["wins"] == int(mine["won"]) and (mu > ratings.NEW[0]) == mine["won"]
    assert server.get("/ratings/nothing").json()["error"]["code"] == "rules"

    # shown at the table and in the lobby: the account's (provisional), the bots' fixed ones
    body = {"variant": "okey", "seats": SEATS, "rated": True, "public": True, "bot_delay": 5}
    table = ann.post("/tables", body).json()["table"]
    assert server.get(f"/tables/{table}").json()["seats"][0]["rating"] is None  # open
    ann.post(f"/tables/{table}/seats/0/join", {"name": "ann"})
    seats = server.get(f"/tables/{table}").json()["seats"]
    want = [
        {"rating": ratings.shown(mu), "provisional": True},
        {"rating": 1200, "provisional": False},
        {"rating": 1700, "provisional": False},
        {"rating": 1400, "provisional": False},
    ]
    assert [s["rating"] for s in seats] == want
    listed = next(t for t in server.get("/tables").json()["tables"] if t["table"] == table)
    assert listed["options"]["rated"] is True and [s["rating"] for s in listed["seats"]] == want
    other = ann.post("/tables", {**body, "rated": False}).json()["table"]
    unrated = next(t for t in server.get("/tables").json()["tables"] if t["table"] == other)
    assert "rating" not in unrated["seats"][0]
    assert "rating" not in server.get(f"/tables/{other}").json()["seats"][0]
