"""Accounts against a real server over loopback HTTP and WebSocket, on SQLite and on PostgreSQL
when ``RUMMYKIT_TEST_PG`` is set: sign-up (claiming the browser's guest games), sign-in, sign-out,
change of password, deletion (the games kept, the name anonymised); and the security promises:
password hashes never sent, a wrong password and an unknown username answered alike in alike time,
no session fixation, CSRF refused, rate limits per address and per account, SQL through the fields
kept as text, a seat joined signed in playable only by that account's sessions."""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from websockets.sync.client import connect

from test_server_support import Server, database_url, needs_pg, running

PASSWORD = "correct horse battery"
SEATS = [{"kind": "person"}] + [{"kind": "bot", "level": "greedy"}] * 3


@pytest.fixture(scope="module", params=["sqlite", pytest.param("pg", marks=needs_pg)])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the module's tests (each uses its own addresses and usernames), hashing
    passwords with the cheapest argon2 parameters (``RUMMYKIT_PASSWORD_COST=test``) so that dozens
    of sign-ins take no time."""
    url = database_url(request.param, tmp_path_factory.mktemp("accounts"))
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RUMMYKIT_PASSWORD_COST", "test")
        with running(url) as started:
            yield started


ADDRESSES = itertools.count()
"""Each browser's own address (``X-Forwarded-For``, which the server trusts from loopback as it
would from a proxy there), so that the tests' rate limits are their own."""


class Browser:
    """A cookie-keeping client that sends its session's CSRF token, as the page does."""

    def __init__(self, server: Server, address: str | None = None) -> None:
        n = next(ADDRESSES)
        address = address or f"10.0.{n // 250}.{n % 250 + 1}"
        self.http = httpx.Client(base_url=server.base, timeout=30, headers={"X-Forwarded-For": address})
        self.csrf: str | None = None
        self.seat_token = ""

    def post(self, path: str, body: dict[str, Any] | None = None) -> httpx.Response:
        headers = {} if self.csrf is None else {"X-CSRF-Token": self.csrf}
        response = self.http.post(path, json=body or {}, headers=headers)
        if (
            path.startswith("/account")
            and response.status_code < 300
            and response.json()["type"] == "account"
        ):
            self.csrf = response.json()["csrf"]
        return response

    def get(self, path: str) -> httpx.Response:
        return self.http.get(path)

    def cookie(self, name: str) -> str | None:
        return next((c.value for c in self.http.cookies.jar if c.name == name), None)


def error(response: httpx.Response) -> dict[str, Any]:
    data: dict[str, Any] = response.json()["error"]
    return data


def play_private(server: Server, browser: Browser) -> str:
    """A private one-round Okey game ``browser`` joins, starts and leaves (a bot ends it); its id."""
    body = {"variant": "okey", "options": {"rounds": 1}, "seats": SEATS, "bot_delay": 0}
    created = browser.post("/tables", body).json()
    token = browser.post(f"/tables/{created['table']}/seats/0/join", {"name": "ann"}).json()["token"]
    browser.seat_token = token
    assert browser.post(f"/tables/{created['table']}/start", {"token": token}).status_code == 200
    assert browser.post(f"/tables/{created['table']}/seats/0/leave", {"token": token}).status_code == 200
    deadline = time.monotonic() + 60
    while (info := server.get(f"/tables/{created['table']}").json())["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    game: str = info["game"]
    return game


def test_sign_up_claims_the_guest_games_and_sign_in_finds_them(server: Server) -> None:
    guest = Browser(server)
    game = play_private(server, guest)
    signed = guest.post("/account/signup", {"username": "Ann_1", "password": PASSWORD})
    assert signed.status_code == 201, signed.text
    answer = signed.json()
    assert answer["account"] == {"username": "Ann_1"} and answer["csrf"]
    assert PASSWORD not in signed.text and "argon2" not in signed.text
    cookie = signed.headers["set-cookie"]
    assert "rummykit_session=" in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert guest.get("/account").json() == answer

    # another browser, never a guest here: signing in finds the game and may replay it
    other = Browser(server)
    refused = other.get(f"/games/{game}/replay")
    assert refused.status_code == 403
    assert other.post("/account/login", {"username": "ann_1", "password": PASSWORD}).status_code == 200
    assert [g["game"] for g in other.get("/me/games").json()["games"]] == [game]
    assert other.get(f"/games/{game}/replay").status_code == 200
    # signed out: nothing any more
    assert other.post("/account/logout").json()["account"] is None
    assert other.get("/account").json()["account"] is None
    assert other.get(f"/games/{game}/replay").status_code == 403
    # a second account of the same name, in any case, is refused
    third = Browser(server)
    taken = third.post("/account/signup", {"username": "ANN_1", "password": PASSWORD})
    assert taken.status_code == 409 and error(taken)["code"] == "username_taken"


def test_bad_input_is_refused_and_changes_nothing(server: Server) -> None:
    browser = Browser(server)
    cases = [
        ({"username": "a", "password": PASSWORD}, "bad_username"),
        ({"username": "<img src=x onerror=alert(1)>", "password": PASSWORD}, "bad_username"),
        ({"username": "x'; DROP TABLE accounts; --", "password": PASSWORD}, "bad_username"),
        ({"username": "bob", "password": "short"}, "bad_password"),
        ({"username": "bob", "password": 12345678}, "bad_password"),
        ({"username": "bob", "password": PASSWORD, "claim": "yes"}, "bad_message"),
    ]
    for body, code in cases:
        answer = browser.post("/account/signup", body)
        assert answer.status_code == 400 and error(answer)["code"] == code, answer.text
    assert browser.get("/account").json()["account"] is None and browser.cookie("rummykit_session") is None
    injected = browser.post("/account/login", {"username": "' OR '1'='1", "password": "' OR '1'='1"})
    assert injected.status_code == 401 and error(injected)["code"] == "bad_login"
    # a name with SQL in it is a name
    body = {"variant": "okey", "options": {"rounds": 1}, "seats": SEATS, "bot_delay": 5, "public": True}
    created = browser.post("/tables", body).json()
    name = "x'); DELETE FROM seats; --"
    assert browser.post(f"/tables/{created['table']}/seats/0/join", {"name": name}).status_code == 200
    assert server.get(f"/tables/{created['table']}").json()["seats"][0]["name"] == name


def test_a_session_is_new_at_each_sign_in_and_csrf_is_refused(server: Server) -> None:
    ann = Browser(server)
    assert ann.post("/account/signup", {"username": "dora", "password": PASSWORD}).status_code == 201
    first = ann.cookie("rummykit_session")
    # fixation: a session cookie planted before signing in is not the one after
    planted = Browser(server)
    planted.http.cookies.set("rummykit_session", str(first), domain="127.0.0.1")
    planted.csrf = ann.csrf
    assert planted.post("/account/login", {"username": "dora", "password": PASSWORD}).status_code == 200
    assert planted.cookie("rummykit_session") not in (None, first)
    assert ann.get("/account").json()["account"] is None  # the planted session was ended
    assert ann.post("/account/login", {"username": "dora", "password": PASSWORD}).status_code == 200

    # CSRF: a signed-in request without its token, with another session's, from another site
    body = {"variant": "okey", "seats": SEATS, "public": True}
    lobby = len(server.get("/tables").json()["tables"])
    for headers in ({}, {"X-CSRF-Token": str(planted.csrf)}, {"X-CSRF-Token": "x" * 43}):
        refused = ann.http.post("/tables", json=body, headers=headers)
        assert refused.status_code == 403 and error(refused)["code"] == "csrf"
    other_site = {"X-CSRF-Token": str(ann.csrf), "Origin": "https://evil.example"}
    assert error(ann.http.post("/tables", json=body, headers=other_site))["code"] == "csrf"
    cross = {"X-CSRF-Token": str(ann.csrf), "Sec-Fetch-Site": "cross-site"}
    assert error(ann.http.post("/account/logout", headers=cross))["code"] == "csrf"
    guest_other_site = httpx.post(
        f"{server.base}/tables", json=body, headers={"Origin": "http://evil.example"}
    )
    assert error(guest_other_site)["code"] == "csrf"
    assert len(server.get("/tables").json()["tables"]) == lobby
    assert ann.get("/account").json()["account"] == {"username": "dora"}
    # with its token, from its own page, it works; a guest without cookies needs nothing
    same_site = {"X-CSRF-Token": str(ann.csrf), "Origin": server.base}
    assert ann.http.post("/tables", json=body, headers=same_site).status_code == 201
    assert httpx.post(f"{server.base}/tables", json=body).status_code == 201


def test_sign_in_is_rate_limited_per_account_and_per_address(server: Server) -> None:
    owner = Browser(server)
    assert owner.post("/account/signup", {"username": "erin", "password": PASSWORD}).status_code == 201
    # ten failures from ten addresses: the account is locked, even for the right password
    for n in range(10):
        failed = Browser(server, f"10.2.{n}.1").post(
            "/account/login", {"username": "erin", "password": "wrong pw"}
        )
        assert failed.status_code == 401
    locked = Browser(server, "10.2.99.1").post("/account/login", {"username": "erin", "password": PASSWORD})
    assert locked.status_code == 429 and error(locked)["code"] == "too_many_attempts"
    assert 0 < error(locked)["params"]["seconds"] <= 900
    # twenty attempts from one address, any accounts: the address is limited
    spray = Browser(server, "10.3.0.1")
    codes = [
        spray.post("/account/login", {"username": f"user{n}", "password": "wrong pw"}).status_code
        for n in range(21)
    ]
    assert codes == [401] * 20 + [429]
    # sign-ups: five an hour from an address
    codes = [
        Browser(server, "10.4.0.1")
        .post("/account/signup", {"username": f"new{n}", "password": PASSWORD})
        .status_code
        for n in range(6)
    ]
    assert codes == [201] * 5 + [429]


def test_change_password_ends_other_sessions_and_delete_anonymises(server: Server) -> None:
    ann = Browser(server)
    game = play_private(server, ann)
    assert ann.post("/account/signup", {"username": "fay", "password": PASSWORD}).status_code == 201
    other = Browser(server)
    assert other.post("/account/login", {"username": "fay", "password": PASSWORD}).status_code == 200
    wrong = ann.post("/account/password", {"password": "not it at all", "new_password": "a new password"})
    assert wrong.status_code == 401 and error(wrong)["code"] == "bad_login"
    short = ann.post("/account/password", {"password": PASSWORD, "new_password": "short"})
    assert error(short)["code"] == "bad_password"
    changed = ann.post("/account/password", {"password": PASSWORD, "new_password": "a new password"})
    assert changed.status_code == 200 and changed.json()["account"] == {"username": "fay"}
    assert ann.get("/account").json()["account"] == {"username": "fay"}
    assert other.get("/account").json()["account"] is None
    assert other.post("/account/login", {"username": "fay", "password": PASSWORD}).status_code == 401
    assert other.post("/account/login", {"username": "fay", "password": "a new password"}).status_code == 200

    assert error(ann.post("/account/delete", {"password": PASSWORD}))["code"] == "bad_login"
    gone = ann.post("/account/delete", {"password": "a new password"})
    assert gone.status_code == 200 and gone.json()["account"] is None
    assert other.get("/account").json()["account"] is None
    again = Browser(server).post("/account/login", {"username": "fay", "password": "a new password"})
    assert again.status_code == 401
    # the game stays, its seat anonymous, and the browser no longer holds it
    assert ann.get("/me/games").json()["games"] == []
    assert httpx.get(f"{server.base}/games/{game}/record").status_code == 403
    record = httpx.get(
        f"{server.base}/games/{game}/record", headers={"Authorization": f"Bearer {ann.seat_token}"}
    )
    head = json.loads(record.text.splitlines()[0])
    assert head["seats"][0] == "anonymous" and '"ann"' not in record.text
    # the username is free again
    assert (
        Browser(server).post("/account/signup", {"username": "fay", "password": PASSWORD}).status_code == 201
    )


def test_an_account_deleted_at_a_waiting_table_leaves_its_seat_anonymous(server: Server) -> None:
    # the tester's: the account's name stayed on the running table's seat, linked to whoever took
    # the username next, and went into the record of the match started after the deletion
    una = Browser(server)
    assert una.post("/account/signup", {"username": "una", "password": PASSWORD}).status_code == 201
    body = {"variant": "okey", "options": {"rounds": 1}, "seats": SEATS, "public": True, "bot_delay": 0}
    created = una.post("/tables", body).json()
    table = created["table"]
    assert una.post(f"/tables/{table}/seats/0/join", {}).status_code == 200
    assert server.get(f"/tables/{table}").json()["seats"][0]["account"] == "una"
    assert una.post("/account/delete", {"password": PASSWORD}).status_code == 200
    assert (
        Browser(server).post("/account/signup", {"username": "una", "password": PASSWORD}).status_code == 201
    )
    seat = server.get(f"/tables/{table}").json()["seats"][0]
    assert (seat["name"], seat["account"]) == ("anonymous", None)
    lobby = [t for t in server.get("/tables").json()["tables"] if t["table"] == table]
    assert [(s["name"], s["account"]) for s in lobby[0]["seats"][:1]] == [("anonymous", None)]
    # the match started after it has no trace of the name
    assert (
        httpx.post(f"{server.base}/tables/{table}/start", json={"token": created["owner_token"]}).status_code
        == 200
    )
    deadline = time.monotonic() + 60
    while (info := server.get(f"/tables/{table}").json())["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    record = httpx.get(f"{server.base}/games/{info['game']}/record")
    assert json.loads(record.text.splitlines()[0])["seats"][0] == "anonymous"
    assert '"una"' not in record.text


def test_a_seat_joined_signed_in_needs_the_session_on_the_socket(server: Server) -> None:
    ann = Browser(server)
    assert ann.post("/account/signup", {"username": "gus", "password": PASSWORD}).status_code == 201
    body = {"variant": "okey", "options": {"rounds": 1}, "seats": SEATS, "bot_delay": 5}
    created = ann.post("/tables", body).json()
    token = ann.post(f"/tables/{created['table']}/seats/0/join", {"name": "gus"}).json()["token"]
    hello = json.dumps({"type": "hello", "table": created["table"], "seat": 0, "token": token})

    def first_answer(headers: dict[str, str]) -> dict[str, Any]:
        with connect(server.ws_url, additional_headers=headers, open_timeout=10) as ws:
            ws.send(hello)
            answer: dict[str, Any] = json.loads(ws.recv(timeout=10))
            return answer

    assert first_answer({}) == {"type": "error", "code": "not_your_seat", "params": {"seat": 0}}
    cookie = {"Cookie": f"rummykit_session={ann.cookie('rummykit_session')}"}
    assert first_answer(cookie)["type"] == "welcome"
    # another site's page can't open a socket with the browser's cookies
    with pytest.raises(Exception, match="403"):
        first_answer({**cookie, "Origin": "https://evil.example"})
    # signed out, the old cookie no longer plays the seat
    ann.post("/account/logout")
    assert first_answer(cookie)["code"] == "not_your_seat"


def test_a_signed_in_join_without_a_name_sits_down_as_the_username(server: Server) -> None:
    hal = Browser(server)
    assert hal.post("/account/signup", {"username": "hal", "password": PASSWORD}).status_code == 201
    body = {"variant": "okey", "seats": [{"kind": "person"}] * 4, "bot_delay": 5}
    table = hal.post("/tables", body).json()["table"]
    assert hal.post(f"/tables/{table}/seats/1/join", {}).status_code == 200
    assert hal.post(f"/tables/{table}/seats/2/join", {"name": "  "}).status_code == 200
    assert hal.post(f"/tables/{table}/seats/3/join", {"name": "Hal the Great"}).status_code == 200
    guest = Browser(server)
    assert guest.post(f"/tables/{table}/seats/0/join", {}).status_code == 200
    seats = server.get(f"/tables/{table}").json()["seats"]
    assert [(s["name"], s["account"]) for s in seats] == [
        ("seat 1", None),
        ("hal", "hal"),
        ("hal", "hal"),
        ("Hal the Great", "hal"),
    ]
    # a guest's blank name is still refused
    other = hal.post("/tables", body).json()["table"]
    blank = guest.post(f"/tables/{other}/seats/0/join", {"name": " "})
    assert blank.status_code == 400 and error(blank)["code"] == "bad_request"


def answers(
    server: Server, headers: dict[str, str], hello: dict[str, Any], count: int
) -> list[dict[str, Any]]:
    """The first ``count`` messages a socket opened with ``headers`` gets after ``hello``."""
    with connect(server.ws_url, additional_headers=headers, open_timeout=10) as ws:
        ws.send(json.dumps(hello))
        return [json.loads(ws.recv(timeout=10)) for _ in range(count)]


def test_an_account_takes_its_seat_back_without_the_token(server: Server) -> None:
    ivy = Browser(server)
    assert ivy.post("/account/signup", {"username": "ivy", "password": PASSWORD}).status_code == 201
    body = {"variant": "okey", "options": {"rounds": 1}, "seats": SEATS, "bot_delay": 5, "grace_seconds": 0}
    table = ivy.post("/tables", body).json()["table"]
    token = ivy.post(f"/tables/{table}/seats/0/join", {}).json()["token"]
    assert ivy.post(f"/tables/{table}/start", {"token": token}).status_code == 200
    # another device: only the session cookie, no seat token
    phone = Browser(server)
    assert phone.post("/account/login", {"username": "ivy", "password": PASSWORD}).status_code == 200
    cookie = {"Cookie": f"rummykit_session={phone.cookie('rummykit_session')}"}
    hello = {"type": "hello", "table": table, "seat": 0}
    assert server.get(f"/tables/{table}").json()["seats"][0]["standing_in"] is True
    welcome, info, view = answers(server, cookie, hello, 3)
    assert welcome["type"] == "welcome" and welcome["seat"] == 0 and welcome["name"] == "ivy"
    assert info["type"] == "table" and info["seats"][0]["standing_in"] is False
    assert view["type"] == "sync" and view["seat"] == 0 and len(view["observation"]["hand"]) in (14, 15)
    # a guest, another account, a wrong token: refused as before
    refused = {"type": "error", "code": "bad_token", "params": {"seat": 0}}
    assert answers(server, {}, hello, 1) == [refused]
    jo = Browser(server)
    assert jo.post("/account/signup", {"username": "jo_ivy", "password": PASSWORD}).status_code == 201
    jo_cookie = {"Cookie": f"rummykit_session={jo.cookie('rummykit_session')}"}
    assert answers(server, jo_cookie, hello, 1) == [refused]
    assert answers(server, cookie, {**hello, "token": "x" * 43}, 1) == [refused]
    # the account's session also stands for the token over HTTP; another account's doesn't
    assert error(jo.post(f"/tables/{table}/seats/0/leave", {}))["code"] == "bad_token"
    assert server.get(f"/tables/{table}").json()["seats"][0]["standing_in"] is True
    assert phone.post(f"/tables/{table}/seats/0/leave", {}).status_code == 200
    assert error(jo.post(f"/tables/{table}/rematch", {}))["code"] == "forbidden"


def test_usernames_of_any_alphabet_one_name_in_any_case(server: Server) -> None:
    # "ayşe" typed with a combining cedilla is the same name as with the precomposed letter
    decomposed = "ays\u0327e"
    ayse = Browser(server)
    signed = ayse.post("/account/signup", {"username": decomposed, "password": PASSWORD})
    assert signed.status_code == 201 and signed.json()["account"] == {"username": "ayşe"}
    for name in ("AYŞE", "Ayşe", "ayşe"):
        taken = Browser(server).post("/account/signup", {"username": name, "password": PASSWORD})
        assert taken.status_code == 409 and error(taken)["code"] == "username_taken"
    other = Browser(server)
    assert other.post("/account/login", {"username": "AYŞE", "password": PASSWORD}).json()["account"] == {
        "username": "ayşe"
    }
    assert server.get(f"/players/{quote('Ayşe')}").json()["username"] == "ayşe"
    for name in ("สมชาย", "مریم_7", "Çiğdem-İnce"):
        made = Browser(server).post("/account/signup", {"username": name, "password": PASSWORD})
        assert made.status_code == 201 and made.json()["account"] == {"username": name}, made.text
    # Turkish's dotted capital İ is i: a phone typing the name in lower case signs in
    lower = Browser(server).post("/account/login", {"username": "çiğdem-ince", "password": PASSWORD})
    assert lower.json()["account"] == {"username": "Çiğdem-İnce"}
    # emoji, spaces, signs and mixed alphabets are refused with a code that says why; nothing made
    refusals = {
        "🐉ejder": "bad_username",
        "ay şe": "bad_username",
        "ayşe!": "bad_username",
        "\u0327ayse": "bad_username",
        "a" * 25: "bad_username",
        "p\u0430ul": "username_scripts",
        "ahmetสม": "username_scripts",
    }
    for name, code in refusals.items():
        refused = Browser(server).post("/account/signup", {"username": name, "password": PASSWORD})
        assert refused.status_code == 400
        assert error(refused) == {"code": code, "params": {"min": 3, "max": 24}}
        assert server.get(f"/players/{quote(name)}").status_code == 404
