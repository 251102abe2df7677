"""Ratings against a real server, on SQLite and on PostgreSQL when ``RUMMYKIT_TEST_PG`` is set: a
rated table seats accounts only; its match moves the account's OpenSkill rating (provisional at
first) against the bots' fixed published ones; an unrated match moves nothing; the leaderboard; every
seat ranked by the match's final standing (on the database alone)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from rummykit.engine.records import match_winners
from rummykit.server import ratings
from rummykit.server.db import AccountRow, ActionRow, Database, GameRow, PlayRow, SeatRow, TableRow
from rummykit.server.db import database_url as db_url
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
    assert entry[0]["wins"] == int(mine["won"])
    # every seat is ranked by the match's standing: a win moves the rating up, the last place
    # down, a place between either way (a loser who beat others may gain), as `ratings.rate` says
    ranks = ratings.standing(mine["outcome"]["scores"], match_winners(mine["outcome"]))
    assert (ranks[0] == 1 and len(set(ranks)) > 1) == mine["won"]  # a level match (void): all first
    if mine["won"]:
        assert mu > ratings.NEW[0]
    elif ranks.count(max(ranks)) == 1 and ranks[0] == max(ranks):
        assert mu < ratings.NEW[0]
    levels = [s.get("level") for s in SEATS]
    before = [ratings.NEW] + [ratings.bot_rating(str(level)) for level in levels[1:]]
    rated = [
        ratings.Seat(m, sd, i == 0, r == 1, r)
        for i, ((m, sd), r) in enumerate(zip(before, ranks, strict=True))
    ]
    assert mu == pytest.approx(ratings.rate(rated)[0][0], abs=5e-4)  # the API gives mu to 3 places
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


@pytest.fixture(scope="module", params=["sqlite", pytest.param("pg", marks=needs_pg)])
def database(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    db = Database(db_url(database_url(request.param, tmp_path_factory.mktemp("standing"))))
    db.migrate()
    yield db
    db.close()


def rated_match(
    db: Database, table_id: str, seats: list[str], scores: list[int], winners: list[int]
) -> list[float]:
    """A rated 101 Okey match at a new table of ``seats`` (``person``: a new account; else a bot
    level) that ended on ``scores`` won by ``winners``: each seat's rating (mu) after it (a bot's:
    its fixed one)."""
    with db.session() as session:
        accounts = [
            AccountRow(username=f"{table_id}_{i}", key=f"{table_id}_{i}", password_hash="x", created=0.0)
            for i in range(len(seats))
        ]
        session.add_all(accounts)
        session.flush()
        ids = [a.id for a in accounts]
    table = TableRow(
        id=table_id,
        variant="okey101",
        rules={},
        options={"rated": True},
        public=False,
        owner_hash="x",
        status="playing",
        created=0.0,
        lease_until=0.0,
    )
    rows = [
        SeatRow(
            table_id=table_id,
            idx=i,
            name=f"s{i}",
            kind="person" if kind == "person" else "bot",
            level="" if kind == "person" else kind,
            connected=False,
            standing_in=False,
            account_id=ids[i] if kind == "person" else None,
        )
        for i, kind in enumerate(seats)
    ]
    db.add_table(table, rows)
    game_id = f"g-{table_id}"
    plays = [
        PlayRow(game_id=game_id, seat=i, name=f"s{i}", account_id=ids[i])
        for i, kind in enumerate(seats)
        if kind == "person"
    ]
    db.start_game(
        GameRow(
            id=game_id,
            table_id=table_id,
            number=1,
            seed=1,
            seats=[r.name for r in rows],
            stood_in=[],
            created=0.0,
        ),
        plays,
    )
    action = ActionRow(game_id=game_id, idx=0, seat=0, action="x", client_id=None, cause="bot", created=0.0)
    db.add_action(action, {"scores": scores, "winners": winners, "rounds": 1}, [])
    after = []
    for i, kind in enumerate(seats):
        if kind == "person":
            (row,) = db.ratings_of(ids[i])
            assert row.games == 1 and row.wins == int(i in winners and len(winners) < len(seats))
            after.append(row.mu)
        else:
            after.append(ratings.bot_rating(kind)[0])
    return after


def test_101_okey_ranks_the_losers_by_their_scores(database: Database) -> None:
    # lower is better: the two on 505 move alike, and fare better than the one on 606
    won, far, near, near_too = rated_match(database, "t101", ["person"] * 4, [120, 606, 505, 505], [0])
    assert won > near == near_too > ratings.NEW[0] > far
    # read from the winner's score even when it is below zero
    won, a, b, c = rated_match(database, "tlow", ["person"] * 4, [-20, 300, 50, 10], [0])
    assert won > c > b > a


def test_a_higher_is_better_game_ranks_the_high_scores_first(database: Database) -> None:
    # with a bot (its rating fixed) among the seats
    seats = ["person", "person", "person", "hard"]
    won, low, high, bot = rated_match(database, "thigh", seats, [500, 120, 300, 120], [0])
    assert won > high > low and low < ratings.NEW[0] and bot == ratings.bot_rating("hard")[0]


def test_equal_standings_share_a_rank(database: Database) -> None:
    # two winners tie, and so do the others on equal scores, behind the better one
    seats = ["person"] * 5
    first, second, third, fourth, fifth = rated_match(database, "ttie", seats, [40, 40, 90, 90, 60], [0, 1])
    assert first == second > fifth > third == fourth


def test_a_level_match_ties_everybody(database: Database) -> None:
    # every seat won: nobody wins, nobody moves ahead of anybody
    level = rated_match(database, "tlevel", ["person"] * 4, [70, 70, 70, 70], [0, 1, 2, 3])
    assert len(set(level)) == 1
