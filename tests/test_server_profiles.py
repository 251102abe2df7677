"""Profiles, the seats' accounts and personal access tokens against a real server over loopback
HTTP and WebSocket, on SQLite and on PostgreSQL when ``RUMMYKIT_TEST_PG`` is set: a profile's
ratings, games and recent games (another person's private games never listed nor counted), a rated
game's rating change at the table and in the games' lists, the seats' usernames; access tokens made
with the session, shown once, stored hashed, listed, used as ``Authorization: Bearer`` over HTTP and
the WebSocket, refused once revoked or their account deleted; SQL through every field, path and
token, and the data intact."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from sqlalchemy import create_engine, text
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from rummykit.engine.game import highest_wins
from rummykit.engine.records import outcome_json
from rummykit.server import ratings
from rummykit.server.chat import SIGNED_OUT_CLOSE
from rummykit.server.db import (
    AccountRow,
    ActionRow,
    Database,
    GameRow,
    PlayRow,
    SeatRow,
    TableRow,
    database_url,
)
from rummykit.server.profiles import game_entries, profile
from rummykit.server.tokens import token_hash
from test_server_accounts import PASSWORD, Browser, error
from test_server_support import Server, closed_with, fresh_pg_url, needs_pg, running, sqlite_url

SEATS = [{"kind": "person"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "hard"}]
SEATS += [{"kind": "bot", "level": "greedy"}]


@pytest.fixture(scope="module", params=["sqlite", pytest.param("pg", marks=needs_pg)])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    url = sqlite_url(tmp_path_factory.mktemp("profiles")) if request.param == "sqlite" else fresh_pg_url()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RUMMYKIT_PASSWORD_COST", "test")
        with running(url) as started:
            yield started


def signed_up(server: Server, username: str) -> Browser:
    browser = Browser(server)
    assert browser.post("/account/signup", {"username": username, "password": PASSWORD}).status_code == 201
    return browser


def finished(server: Server, table: str) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while (info := server.get(f"/tables/{table}").json()).get("status") != "finished":
        assert "error" not in info, info
        assert time.monotonic() < deadline
        time.sleep(0.1)
    return dict(info)


def play(server: Server, browser: Browser, name: str, rated: bool, public: bool) -> dict[str, Any]:
    """A one-round Okey match: ``browser`` joins seat 0 as ``name``, starts and leaves (a bot
    stands in and ends it); the finished table."""
    body = {"variant": "okey", "options": {"rounds": 1}, "seats": SEATS, "bot_delay": 0}
    created = browser.post("/tables", {**body, "rated": rated, "public": public}).json()
    token = browser.post(f"/tables/{created['table']}/seats/0/join", {"name": name}).json()["token"]
    assert browser.post(f"/tables/{created['table']}/start", {"token": token}).status_code == 200
    assert browser.post(f"/tables/{created['table']}/seats/0/leave", {"token": token}).status_code == 200
    return finished(server, created["table"])


def test_a_profile_shows_ratings_and_games_and_hides_private_ones(server: Server) -> None:
    ann = signed_up(server, "Prof_Ann")
    rated = play(server, ann, "Ann at the table", rated=True, public=True)
    private = play(server, ann, "ann", rated=False, public=False)
    seat = rated["seats"][0]
    assert seat["account"] == "Prof_Ann" and seat["name"] == "Ann at the table"
    assert rated["seats"][1]["account"] is None and private["seats"][0]["account"] == "Prof_Ann"
    # the rating's change at the game's end, at the table and in My games
    board = server.get("/ratings/okey").json()["ratings"]
    mu = next(r["mu"] for r in board if r["username"] == "Prof_Ann")
    change = ratings.shown(mu) - ratings.shown(ratings.NEW[0])
    assert seat["rating"] == {"rating": ratings.shown(mu), "provisional": True, "change": change}
    assert "change" not in rated["seats"][1]["rating"]  # a bot's rating never moves
    mine = {g["game"]: g for g in ann.get("/me/games").json()["games"]}
    assert mine[rated["game"]]["rating_change"] == change and mine[private["game"]]["rating_change"] is None
    assert mine[rated["game"]]["accounts"] == ["Prof_Ann", None, None, None]
    lobby = server.get("/tables").json()["finished"]
    assert next(g for g in lobby if g["game"] == rated["game"])["accounts"][0] == "Prof_Ann"

    # to anyone else: the public game only, counted and listed
    seen = server.get("/players/prof_ann")  # any case
    assert seen.status_code == 200
    profile = seen.json()
    assert profile["username"] == "Prof_Ann" and profile["own"] is False
    assert profile["ratings"] == [
        {
            "variant": "okey",
            "rating": ratings.shown(mu),
            "provisional": True,
            "games": 1,
            "wins": mine[rated["game"]]["won"],
        }
    ]
    won = int(mine[rated["game"]]["won"])
    assert profile["games"] == [{"variant": "okey", "played": 1, "won": won}]
    assert [g["game"] for g in profile["recent"]] == [rated["game"]]
    assert profile["recent"][0]["replay"] == f"/games/{rated['game']}/replay"
    assert private["game"] not in seen.text
    other = signed_up(server, "Prof_Bob")
    assert private["game"] not in other.get("/players/Prof_Ann").text
    # to its owner: both
    own = ann.get("/players/Prof_Ann").json()
    assert own["own"] is True and [g["game"] for g in own["recent"]] == [private["game"], rated["game"]]
    assert own["games"] == [{"variant": "okey", "played": 2, "won": won + int(mine[private["game"]]["won"])}]

    # unknown names: a clear 404 that says which, and nothing else
    for name in ("nobody_here", "<img src=x onerror=alert(1)>", "x" * 300):
        missing = server.get(f"/players/{name}")
        assert missing.status_code == 404
        assert missing.json() == {"error": {"code": "no_such_player", "params": {"name": name[:40]}}}
    # a deleted account's profile is gone; its games stay, anonymised
    assert ann.post("/account/delete", {"password": PASSWORD}).status_code == 200
    assert error(server.get("/players/Prof_Ann"))["code"] == "no_such_player"
    replay = server.get(f"/games/{rated['game']}/replay")
    assert (
        replay.status_code == 200 and "Prof_Ann" not in replay.text and "Ann at the table" not in replay.text
    )
    assert (
        next(g for g in server.get("/tables").json()["finished"] if g["game"] == rated["game"])["accounts"][0]
        is None
    )


def test_a_private_game_is_on_a_profile_for_the_people_who_played_it(server: Server) -> None:
    cem = signed_up(server, "Prof_Cem")
    dan = signed_up(server, "Prof_Dan")
    stranger = signed_up(server, "Prof_Eve")
    seats = [{"kind": "person"}, {"kind": "person"}, {"kind": "bot"}, {"kind": "bot"}]
    body = {"variant": "okey", "options": {"rounds": 1}, "seats": seats, "bot_delay": 0}
    table = cem.post("/tables", {**body, "rated": True}).json()["table"]
    token = cem.post(f"/tables/{table}/seats/0/join", {}).json()["token"]
    dan_token = dan.post(f"/tables/{table}/seats/1/join", {}).json()["token"]
    assert cem.post(f"/tables/{table}/start", {"token": token}).status_code == 200
    for browser, seat, held in ((cem, 0, token), (dan, 1, dan_token)):
        assert browser.post(f"/tables/{table}/seats/{seat}/leave", {"token": held}).status_code == 200
    game = finished(server, table)["game"]

    def seen_by(viewer: Browser | None) -> tuple[list[dict[str, Any]], list[str], list[int]]:
        answer = (server if viewer is None else viewer).get("/players/prof_cem").json()
        rated = [r["games"] for r in answer["ratings"]]
        return answer["games"], [g["game"] for g in answer["recent"]], rated

    # dan played in it: listed and counted for dan as for cem, the counts as the list
    won = int(next(g for g in cem.get("/me/games").json()["games"] if g["game"] == game)["won"])
    for viewer in (cem, dan):
        assert seen_by(viewer) == ([{"variant": "okey", "played": 1, "won": won}], [game], [1])
    # to a stranger and a guest it stays hidden: no game counted, none listed
    for viewer in (stranger, None):
        assert seen_by(viewer) == ([], [], [1])


def bearer(server: Server, token: str) -> httpx.Client:
    return httpx.Client(base_url=server.base, timeout=30, headers={"Authorization": f"Bearer {token}"})


def test_access_tokens_sign_a_program_in_until_revoked(server: Server) -> None:
    cat = signed_up(server, "Token_Cat")
    assert error(Browser(server).post("/account/tokens", {"name": "x"}))["code"] == "not_signed_in"
    no_csrf = cat.http.post("/account/tokens", json={"name": "laptop"})
    assert no_csrf.status_code == 403 and error(no_csrf)["code"] == "csrf"
    for bad in ("", "   ", "x" * 41, 7, None):
        refused = cat.post("/account/tokens", {"name": bad})
        assert refused.status_code == 400 and error(refused) == {
            "code": "bad_token_name",
            "params": {"max": 40},
        }
    made = cat.post("/account/tokens", {"name": "laptop"})
    assert made.status_code == 201
    first = made.json()
    token = first["token"]
    assert token.startswith("rkp_") and first["name"] == "laptop" and first["last_used"] is None
    listed = cat.get("/account/tokens").json()
    assert listed == {
        "type": "access_tokens",
        "tokens": [{k: v for k, v in first.items() if k not in ("type", "token")}],
    }
    assert token not in json.dumps(listed) and token_hash(token) not in json.dumps(listed)

    with bearer(server, token) as program:
        me = program.get("/account").json()
        assert me == {"type": "account", "account": {"username": "Token_Cat"}, "csrf": None}
        # a token needs no CSRF token (no browser sends it on its own) and can't make tokens
        created = program.post(
            "/tables", json={"variant": "okey", "seats": SEATS, "bot_delay": 5, "rated": True}
        )
        assert created.status_code == 201
        table = created.json()["table"]
        joined = program.post(f"/tables/{table}/seats/0/join", json={"name": "cat"})
        assert joined.status_code == 200
        seat_token = joined.json()["token"]
        assert server.get(f"/tables/{table}").json()["seats"][0]["account"] == "Token_Cat"
        for refused in (
            program.post("/account/tokens", json={"name": "more"}),
            program.get("/account/tokens"),
        ):
            assert refused.status_code == 403 and error(refused)["code"] == "session_needed"
    assert cat.get("/account/tokens").json()["tokens"][0]["last_used"] is not None

    # the WebSocket: the seat joined with the token is played with the token, not without it
    hello = json.dumps({"type": "hello", "table": table, "seat": 0, "token": seat_token})
    ws_url = server.ws_url
    with connect(ws_url, additional_headers={"Authorization": f"Bearer {token}"}) as ws:
        ws.send(hello)
        assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
    with connect(ws_url) as ws:
        ws.send(hello)
        assert json.loads(ws.recv(timeout=10))["code"] == "not_your_seat"

    # revoked: refused over HTTP and on the WebSocket, and gone from the list; a socket it opened
    # is closed (the other token's stays open)
    second = cat.post("/account/tokens", {"name": "phone"}).json()
    program_ws = connect(ws_url, additional_headers={"Authorization": f"Bearer {token}"}, legacy=True)
    phone_ws = connect(ws_url, additional_headers={"Authorization": f"Bearer {second['token']}"}, legacy=True)
    assert error(cat.post("/account/tokens/999999/revoke"))["code"] == "no_such_token"
    assert error(cat.post("/account/tokens/abc/revoke"))["code"] == "no_such_token"
    dog = signed_up(server, "Token_Dog")
    assert error(dog.post(f"/account/tokens/{first['id']}/revoke"))["code"] == "no_such_token"
    left = cat.post(f"/account/tokens/{first['id']}/revoke").json()
    assert [t["name"] for t in left["tokens"]] == ["phone"]
    assert closed_with(program_ws) == SIGNED_OUT_CLOSE
    phone_ws.send(json.dumps({"type": "ping"}))
    assert json.loads(phone_ws.recv(timeout=10))["type"] == "pong"
    with bearer(server, token) as program:
        for answer in (program.get("/account"), program.get("/me/games"), program.get("/tables")):
            assert answer.status_code == 401 and error(answer) == {"code": "bad_access_token", "params": {}}
    with pytest.raises(InvalidStatus) as closed:
        connect(ws_url, additional_headers={"Authorization": f"Bearer {token}"})
    assert closed.value.response.status_code == 403
    for made_up in ("rkp_" + "A" * 32, "rkp_' OR '1'='1", "rkp_"):
        with bearer(server, made_up) as program:
            assert error(program.get("/account"))["code"] == "bad_access_token"

    # its account deleted: the other token is refused too
    with bearer(server, second["token"]) as program:
        assert program.get("/account").json()["account"] == {"username": "Token_Cat"}
        assert cat.post("/account/delete", {"password": PASSWORD}).status_code == 200
        assert error(program.get("/account"))["code"] == "bad_access_token"
    assert closed_with(phone_ws) == SIGNED_OUT_CLOSE
    # an account holds at most 20 tokens
    for n in range(20):
        assert dog.post("/account/tokens", {"name": f"t{n}"}).status_code == 201
    assert error(dog.post("/account/tokens", {"name": "one more"})) == {
        "code": "too_many_tokens",
        "params": {"max": 20},
    }


PAYLOADS = [
    "' OR '1'='1",
    "'; DROP TABLE accounts; --",
    '" OR ""="',
    "1; DELETE FROM games",
    "' UNION SELECT * FROM accounts --",
    "%' OR 1=1 --",
    "\\'; SELECT pg_sleep(5); --",
    "admin'--",
]


def counts(server: Server) -> dict[str, int]:
    engine = create_engine(server.db.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.connect() as connection:
            return {
                name: int(connection.execute(text(f"SELECT COUNT(*) FROM {name}")).scalar_one())
                for name in (
                    "accounts",
                    "tables",
                    "seats",
                    "games",
                    "plays",
                    "actions",
                    "ratings",
                    "access_tokens",
                )
            }
    finally:
        engine.dispose()


def test_sql_through_every_field_is_text_and_changes_nothing(server: Server) -> None:
    eve = signed_up(server, "Sql_Eve")
    game = play(server, eve, "eve", rated=True, public=True)
    token = eve.post("/account/tokens", {"name": "script"}).json()["token"]
    before = counts(server)
    board = server.get("/ratings/okey").json()
    answers: list[httpx.Response] = []
    intruder = Browser(server)
    for payload in PAYLOADS:
        q = quote(payload, safe="")
        answers += [
            intruder.post("/account/signup", {"username": payload, "password": PASSWORD}),
            intruder.post("/account/login", {"username": payload, "password": payload}),
            intruder.post("/account/login", {"username": "Sql_Eve", "password": payload}),
            intruder.get(f"/players/{q}"),
            intruder.get(f"/ratings/{q}"),
            intruder.get(f"/games/{q}/record"),
            intruder.get(f"/games/{q}/replay"),
            intruder.get(f"/games/{game['game']}/replay/{q}"),
            intruder.get(f"/tables/{q}"),
            intruder.post(f"/tables/{q}/seats/0/join", {"name": payload}),
            intruder.post(f"/tables/{game['table']}/seats/{q}/join", {"name": "x"}),
            intruder.post(f"/tables/{game['table']}/start", {"token": payload}),
            intruder.post("/tables", {"variant": payload, "seats": SEATS}),
            intruder.post("/tables", {"variant": "okey", "options": {payload: payload}, "seats": SEATS}),
            intruder.post("/tables", {"variant": "okey", "seats": [{"kind": "bot", "level": payload}] * 4}),
            intruder.post("/tables", {"variant": "okey", "seats": [{"kind": payload}] * 4}),
            intruder.get(f"/me/games?player={q}&account={q}"),
            intruder.get(f"/tables?limit={q}"),
            intruder.post(f"/account/tokens/{q}/revoke"),
            eve.post(f"/account/tokens/{q}/revoke"),
            eve.post("/account/tokens", {"name": payload}),
            server.get("/account", token=payload),
            server.get("/me/games", token="rkp_" + payload),
            server.get("/account", token=token + payload),
        ]
        # a name with SQL in it is a name, kept and shown as it was typed
        table = intruder.post("/tables", {"variant": "okey", "seats": SEATS, "public": True}).json()["table"]
        joined = intruder.post(f"/tables/{table}/seats/0/join", {"name": payload})
        assert joined.status_code == 200, joined.text
        assert server.get(f"/tables/{table}").json()["seats"][0]["name"] == payload.strip()
    # and through the WebSocket's hello: refused in words, the connection open
    with connect(server.ws_url) as ws:
        for payload in PAYLOADS:
            for hello in (
                {"type": "hello", "table": payload, "seat": 0, "token": payload},
                {"type": "hello", "table": game["table"], "seat": 0, "token": payload, "game": payload},
            ):
                ws.send(json.dumps(hello))
                refused = json.loads(ws.recv(timeout=10))
                assert refused["type"] == "error" and refused["code"] in ("no_such_table", "bad_token"), (
                    refused
                )
    assert [a for a in answers if a.status_code >= 500] == []
    assert {a.status_code for a in answers} <= {200, 201, 400, 401, 403, 404, 409, 429}
    after = counts(server)
    made = len(PAYLOADS)  # one table each, and one access token each whose name is the payload
    assert after == {
        **before,
        "tables": before["tables"] + made,
        "seats": before["seats"] + 4 * made,
        "access_tokens": before["access_tokens"] + made,
    }
    assert server.get("/ratings/okey").json() == board
    assert server.get("/players/Sql_Eve").json()["recent"][0]["game"] == game["game"]
    names = [t["name"] for t in eve.get("/account/tokens").json()["tokens"]]
    assert names == ["script", *(p.strip() for p in PAYLOADS)]
    with bearer(server, token) as program:
        assert program.get("/account").json()["account"] == {"username": "Sql_Eve"}
    assert (
        Browser(server).post("/account/login", {"username": "Sql_Eve", "password": PASSWORD}).status_code
        == 200
    )


def test_a_banned_accounts_access_token_is_refused(server: Server) -> None:
    """A moderator's ban (the account's ``banned`` flag) stops its access tokens as it stops its
    sessions, and lifting it lets them in again."""
    owl = signed_up(server, "Banned_Owl")
    token = owl.post("/account/tokens", {"name": "bot script"}).json()["token"]
    assert server.get("/account", token=token).json()["account"] == {"username": "Banned_Owl"}
    engine = create_engine(server.db.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        for banned, code in ((True, 401), (False, 200)):
            with engine.begin() as connection:
                connection.execute(
                    text("UPDATE accounts SET banned = :banned WHERE key = 'banned_owl'"), {"banned": banned}
                )
            answer = server.get("/me/games", token=token)
            assert answer.status_code == code, answer.text
            if banned:
                assert error(answer) == {"code": "bad_access_token", "params": {}}
    finally:
        engine.dispose()


LEVEL = {"scores": [0, 0, 0, 0], "winners": [0, 1, 2, 3], "rounds": 1}
"""A match that ended level, as the engine records it: every seat among the winners (Okey's round
ended with no one out and no points: ``highest_wins`` of equal totals)."""


def stored_match(db: Database, table_id: str, account_id: int, outcome: dict[str, Any]) -> str:
    """A rated, public one-round Okey table whose match ``account_id`` played at seat 0 against
    three bots, ended with ``outcome`` (its last action stored with it); the game's id."""
    now = time.time()
    table = TableRow(
        id=table_id,
        variant="okey",
        rules={},
        options={"rated": True},
        public=True,
        owner_hash="x",
        status="playing",
        created=now,
        lease_until=0.0,
    )
    seats = [
        SeatRow(
            table_id=table_id,
            idx=i,
            name=f"s{i}",
            kind="bot",
            level="easy",
            connected=False,
            standing_in=False,
        )
        for i in range(4)
    ]
    seats[0].kind, seats[0].level, seats[0].account_id = "person", None, account_id
    db.add_table(table, seats)
    game = f"g-{table_id}"
    row = GameRow(
        id=game, table_id=table_id, number=1, seed=1, seats=[s.name for s in seats], stood_in=[], created=now
    )
    db.start_game(row, [PlayRow(game_id=game, seat=0, name="s0", account_id=account_id)])
    action = ActionRow(game_id=game, idx=0, seat=0, action="draw", cause="player", created=now)
    db.add_action(action, outcome, [])
    return game


@pytest.mark.parametrize("kind", ["sqlite", pytest.param("pg", marks=needs_pg)])
def test_a_level_match_is_no_win(tmp_path: Path, kind: str) -> None:
    """A match every seat ended level (its outcome's winners every seat, which the round end shows
    as "No winner") is no win: not "won" in My games and the recent games, not counted among a
    profile's games won nor its rating's wins (each counted one before); a match won is."""
    assert outcome_json(highest_wins((0, 0, 0, 0), 1)) == LEVEL
    db = Database(database_url(sqlite_url(tmp_path) if kind == "sqlite" else fresh_pg_url()))
    db.migrate()
    try:
        with db.session() as session:
            account = AccountRow(username="Lev_Ann", key="lev_ann", password_hash="x", created=time.time())
            session.add(account)
            session.flush()
            account_id = account.id
        level = stored_match(db, "level", account_id, LEVEL)
        won = stored_match(db, "won", account_id, {**LEVEL, "scores": [9, 0, 0, 0], "winners": [0]})
        shown = profile(db, "Lev_Ann", None)
        assert shown["games"] == [{"variant": "okey", "played": 2, "won": 1}]
        assert [(r["games"], r["wins"]) for r in shown["ratings"]] == [(2, 1)]
        assert {g["game"]: g["won"] for g in shown["recent"]} == {level: False, won: True}
        assert {g["game"]: g["won"] for g in game_entries(db, db.finished_plays(account_id))} == {
            level: False,
            won: True,
        }
    finally:
        db.close()
