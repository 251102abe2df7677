"""Chat and moderation against a real server over loopback HTTP and WebSocket, on SQLite and on
PostgreSQL when ``RUMMYKIT_TEST_PG`` is set: a table's players' and spectators' rooms kept apart,
the lobby's (signed-in accounts speak, everyone reads), history on (re)connect, the length and rate
limits, reports stored for the moderators, mutes kept in the account, a moderator's deletion reaching
every socket at once, a ban (sessions ended, no sign-in, the account's seat refusing its socket),
non-moderators and CSRF refused, and game records that never carry chat."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from rummykit.server.chat import REPORT_LIMIT, SEND_LIMIT, SIGNED_OUT_CLOSE
from test_server_accounts import PASSWORD, Browser, error
from test_server_support import Server, closed_with, fresh_pg_url, needs_pg, running, sqlite_url

SEATS = [{"kind": "person"}, {"kind": "person"}] + [{"kind": "bot", "level": "greedy"}] * 2
XSS = "<img src=x onerror=alert(1)>"
SQL = "x'); DELETE FROM chat_messages; DROP TABLE accounts; --"


@pytest.fixture(scope="module", params=["sqlite", pytest.param("pg", marks=needs_pg)])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    url = sqlite_url(tmp_path_factory.mktemp("chat")) if request.param == "sqlite" else fresh_pg_url()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RUMMYKIT_PASSWORD_COST", "test")
        with running(url) as started:
            yield started


class Socket:
    """A WebSocket of the page's: a browser's cookies, the messages it read kept."""

    def __init__(self, server: Server, browser: Browser | None = None) -> None:
        headers = {}
        if browser is not None and browser.cookie("rummykit_session") is not None:
            headers["Cookie"] = f"rummykit_session={browser.cookie('rummykit_session')}"
        self.ws: ClientConnection = connect(
            server.ws_url, additional_headers=headers, open_timeout=10, legacy=True
        )
        self.seen: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def until(self, kind: str, timeout: float = 20) -> dict[str, Any]:
        """Read until a message of type ``kind`` (an ``error`` when waiting for another fails)."""
        deadline = time.monotonic() + timeout
        while True:
            message: dict[str, Any] = json.loads(self.ws.recv(timeout=max(0.1, deadline - time.monotonic())))
            self.seen.append(message)
            if message["type"] == kind:
                return message
            assert message["type"] != "error", message

    def lines(self, wait: float = 0.5) -> list[str]:
        """The text of every chat line read within ``wait`` seconds of the last message."""
        while True:
            try:
                self.seen.append(json.loads(self.ws.recv(timeout=wait)))
            except TimeoutError:
                return [m["text"] for m in self.seen if m["type"] == "chat"]

    def say(self, text: str, room: str = "table") -> None:
        self.send({"type": "chat", "room": room, "text": text})

    def refused(self, message: dict[str, Any]) -> dict[str, Any]:
        """The ``error`` answering ``message``."""
        self.send(message)
        return self.until("error")

    def close(self) -> None:
        self.ws.close()


def seated(server: Server, table: str, seat: int, token: str, browser: Browser | None = None) -> Socket:
    socket = Socket(server, browser)
    socket.send({"type": "hello", "table": table, "seat": seat, "token": token})
    socket.until("welcome")
    socket.until("chat_history")
    return socket


def watching(server: Server, table: str, browser: Browser | None = None) -> Socket:
    socket = Socket(server, browser)
    socket.send({"type": "hello", "table": table, "spectate": True})
    socket.until("welcome")
    socket.until("chat_history")
    return socket


def signed_up(server: Server, name: str) -> Browser:
    browser = Browser(server)
    answer = browser.post("/account/signup", {"username": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    return browser


def table_of_two(server: Server, first: Browser, second: Browser) -> tuple[str, list[str]]:
    """A public table of two people (``first`` joined as "ann", ``second`` as "bob") and two bots,
    started; its id and the seat tokens."""
    body = {"variant": "okey", "options": {"rounds": 1}, "seats": SEATS, "bot_delay": 5, "public": True}
    created = first.post("/tables", body).json()
    table = created["table"]
    tokens = [
        who.post(f"/tables/{table}/seats/{idx}/join", {"name": name}).json()["token"]
        for idx, (who, name) in enumerate([(first, "ann"), (second, XSS)])
    ]
    assert first.post(f"/tables/{table}/start", {"token": created["owner_token"]}).status_code == 200
    return table, tokens


def grant(server: Server, name: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rummykit", "moderator", "grant", name, "--db", server.db],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert f"{name} is now a moderator" in done.stdout


def test_players_and_spectators_chat_apart_with_history(server: Server) -> None:
    guest, other = Browser(server), Browser(server)
    table, tokens = table_of_two(server, guest, other)
    ann, bob = (seated(server, table, idx, token) for idx, token in enumerate(tokens))
    fan, critic = signed_up(server, "fan_1"), signed_up(server, "critic_1")
    fan_socket, critic_socket = watching(server, table, fan), watching(server, table, critic)
    stranger = watching(server, table)

    ann.say("  good luck\nall\x07  ")
    line = bob.until("chat")
    assert line == {
        "type": "chat",
        "channel": "players",
        "id": line["id"],
        "name": "ann",
        "user": None,
        "seat": 0,
        "mute": line["mute"],
        "text": "good luck all",
        "t": line["t"],
    }
    assert re.fullmatch(r"g:[0-9a-f]{16}", line["mute"])
    bob.say(XSS)
    assert ann.until("chat")["text"] == "good luck all" and ann.until("chat")["text"] == XSS
    fan_socket.say("the spectators' line")
    fan_socket.say(SQL)
    spectators = critic_socket.until("chat")
    assert spectators["channel"] == "spectators" and spectators["name"] == spectators["user"] == "fan_1"
    assert spectators["mute"] == "u:fan_1"
    # never across: the players read no spectator, the spectators no player
    assert ann.lines() == ["good luck all", XSS] and bob.lines() == ["good luck all", XSS]
    watched = ["the spectators' line", SQL]  # SQL in a line is text
    assert critic_socket.lines() == fan_socket.lines() == stranger.lines() == watched
    # a guest spectator reads and says nothing
    assert stranger.refused({"type": "chat", "room": "table", "text": "hi"})["code"] == "chat_sign_in"

    # a reconnecting seat gets its room's history, and only its room's
    ann.close()
    again = Socket(server)
    again.send({"type": "hello", "table": table, "seat": 0, "token": tokens[0]})
    history = again.until("chat_history")
    assert history["channel"] == "players" and [m["text"] for m in history["messages"]] == [
        "good luck all",
        XSS,
    ]
    late = watching(server, table, critic)
    assert [m["text"] for m in late.seen[-1]["messages"]] == watched
    for socket in (again, bob, fan_socket, critic_socket, stranger, late):
        socket.close()


def test_a_guests_mute_key_and_rate_limit_follow_the_person_not_the_seat(server: Server) -> None:
    """Guest A chats from seat 1 and leaves; guest B in seat 1 is neither muted with A's key nor
    rate limited by A's lines; B at another table and A back from the same browser keep their
    keys."""
    owner, amy, ben = Browser(server), Browser(server), Browser(server)
    created = owner.post("/tables", {"variant": "okey", "options": {"rounds": 1}, "seats": SEATS}).json()
    table = created["table"]
    ann_token = owner.post(f"/tables/{table}/seats/0/join", {"name": "ann"}).json()["token"]
    reader = seated(server, table, 0, ann_token)

    def joined(browser: Browser, name: str, seat: int = 1) -> tuple[Socket, str]:
        token = browser.post(f"/tables/{table}/seats/{seat}/join", {"name": name}).json()["token"]
        return seated(server, table, seat, token), token

    first, token = joined(amy, "amy")
    for n in range(SEND_LIMIT.count):
        first.say(f"amy {n}")
    assert first.refused({"type": "chat", "room": "table", "text": "more"})["code"] == "chat_rate_limited"
    amys = {reader.until("chat")["mute"] for _ in range(SEND_LIMIT.count)}
    assert len(amys) == 1
    assert amy.post(f"/tables/{table}/seats/1/leave", {"token": token}).status_code == 200
    first.close()

    second, token = joined(ben, "ben")
    second.say("ben here")  # not limited by amy's lines
    line = reader.until("chat")
    assert line["text"] == "ben here" and line["seat"] == 1 and line["mute"] not in amys
    assert ben.post(f"/tables/{table}/seats/1/leave", {"token": token}).status_code == 200
    second.close()
    # ben at another table is ben: the same key, so a mute of his holds there too
    other = owner.post("/tables", {"variant": "okey", "options": {"rounds": 1}, "seats": SEATS}).json()
    token = ben.post(f"/tables/{other['table']}/seats/0/join", {"name": "ben"}).json()["token"]
    elsewhere = seated(server, other["table"], 0, token)
    elsewhere.say("ben elsewhere")
    assert elsewhere.until("chat")["mute"] == line["mute"]
    elsewhere.close()
    # amy back in the seat from the same browser: her key (and her rate limit) again
    again, _ = joined(amy, "amy")
    assert again.refused({"type": "chat", "room": "table", "text": "back"})["code"] == "chat_rate_limited"
    for socket in (reader, again):
        socket.close()


def test_lines_are_limited_and_lobby_chat_needs_an_account(server: Server) -> None:
    writer = signed_up(server, "writer_1")
    reader = Socket(server)
    reader.send({"type": "lobby"})
    reader.until("chat_history")
    guest_cases = [
        ({"type": "chat", "room": "lobby", "text": "hello"}, "chat_sign_in"),
        ({"type": "chat", "room": "table", "text": "hello"}, "not_joined"),
        ({"type": "chat", "room": "kitchen", "text": "hello"}, "bad_message"),
    ]
    for message, code in guest_cases:
        assert reader.refused(message)["code"] == code
    socket = Socket(server, writer)
    socket.send({"type": "lobby"})
    socket.until("chat_history")
    cases = [
        ({"text": "x" * 201}, "chat_too_long", {"limit": 200}),
        ({"text": " \n\t\x00 \u202e "}, "chat_empty", {}),
        ({"text": 7}, "bad_message", {"field": "text"}),
    ]
    for fields, code, params in cases:
        refused = socket.refused({"type": "chat", "room": "lobby", **fields})
        assert (refused["code"], refused["params"]) == (code, params)
    for n in range(5):
        socket.say(f"line {n} " + "y" * 190 if n == 0 else f"line {n}", room="lobby")
    limited = socket.refused({"type": "chat", "room": "lobby", "text": "one too many"})
    assert limited["code"] == "chat_rate_limited" and 1 <= limited["params"]["seconds"] <= 10
    said = reader.lines()
    assert len(said) == 5 and said[0] == "line 0 " + "y" * 190 and "one too many" not in said
    assert all(
        m["channel"] == "lobby" and m["user"] == "writer_1" for m in reader.seen if m["type"] == "chat"
    )
    # a new reader of the lobby gets the lines so far
    late = Socket(server)
    late.send({"type": "lobby"})
    assert [m["text"] for m in late.until("chat_history")["messages"]][-5:] == said
    for each in (reader, socket, late):
        each.close()


def test_mutes_are_kept_in_the_account_and_go_with_it(server: Server) -> None:
    ann = signed_up(server, "muter_1")
    assert ann.get("/me/mutes").json() == {"type": "mutes", "mutes": []}
    assert ann.post("/me/mutes", {"key": "u:troll", "muted": True}).json()["mutes"] == ["u:troll"]
    assert ann.post("/me/mutes", {"key": "s:T:1"}).json()["mutes"] == ["s:T:1", "u:troll"]
    assert ann.post("/me/mutes", {"key": "u:troll", "muted": False}).json()["mutes"] == ["s:T:1"]
    for body, field in (
        ({"key": ""}, "key"),
        ({"key": "k" * 81}, "key"),
        ({"key": "a", "muted": 1}, "muted"),
    ):
        answer = ann.post("/me/mutes", body)
        assert answer.status_code == 400 and error(answer) == {
            "code": "bad_message",
            "params": {"field": field},
        }
    refused = ann.http.post("/me/mutes", json={"key": "u:other"})  # no CSRF token
    assert refused.status_code == 403 and error(refused)["code"] == "csrf"
    assert ann.get("/me/mutes").json()["mutes"] == ["s:T:1"]
    guest = Browser(server)
    assert error(guest.get("/me/mutes"))["code"] == "not_signed_in"

    # deleting the account takes its mutes, its lines and its name in reports with it
    socket = Socket(server, ann)
    socket.send({"type": "lobby"})
    socket.until("chat_history")
    socket.say("soon gone", room="lobby")
    said = socket.until("chat")
    socket.send({"type": "chat_report", "id": said["id"]})
    socket.until("chat_reported")
    assert ann.post("/account/delete", {"password": PASSWORD}).status_code == 200
    late = Socket(server)
    late.send({"type": "lobby"})
    assert said["id"] not in [m["id"] for m in late.until("chat_history")["messages"]]
    for each in (socket, late):
        each.close()


def test_a_socket_closes_when_what_signed_it_in_ends(server: Server) -> None:
    """A socket keeps the account it was opened with, so when that ends it is closed with
    :data:`SIGNED_OUT_CLOSE` and the page connects again as its cookie now says (it spoke on as
    the deleted account before: as a new account given the same id on SQLite, or a database
    error on PostgreSQL). A sign-out closes that session's sockets alone, a password change every
    session's, a deletion all the account's; a guest's socket is left alone."""
    home = signed_up(server, "leaver_1")
    phone, laptop = Browser(server), Browser(server)
    for browser in (phone, laptop):
        answer = browser.post("/account/login", {"username": "leaver_1", "password": PASSWORD})
        assert answer.status_code == 200, answer.text
    at_home, on_phone, on_laptop, guest = (Socket(server, b) for b in (home, phone, laptop, None))
    for socket in (at_home, on_phone, on_laptop, guest):
        socket.send({"type": "lobby"})
        socket.until("chat_history")

    assert home.post("/account/logout").status_code == 200
    assert closed_with(at_home.ws) == SIGNED_OUT_CLOSE
    on_phone.say("still signed in", room="lobby")
    assert on_phone.until("chat")["text"] == "still signed in"
    again = Socket(server, home)
    assert again.refused({"type": "chat", "room": "lobby", "text": "who am I"})["code"] == "chat_sign_in"

    changed = laptop.post("/account/password", {"password": PASSWORD, "new_password": PASSWORD + "2"})
    assert changed.status_code == 200, changed.text
    assert closed_with(on_phone.ws) == SIGNED_OUT_CLOSE
    assert closed_with(on_laptop.ws) == SIGNED_OUT_CLOSE
    on_laptop = Socket(server, laptop)  # the page again, with the session the change gave it
    on_laptop.send({"type": "lobby"})
    on_laptop.until("chat_history")
    on_laptop.say("new password", room="lobby")
    assert on_laptop.until("chat")["text"] == "new password"

    assert laptop.post("/account/delete", {"password": PASSWORD + "2"}).status_code == 200
    assert closed_with(on_laptop.ws) == SIGNED_OUT_CLOSE
    guest.send({"type": "ping"})
    assert guest.until("pong")["type"] == "pong"
    for each in (again, guest):
        each.close()


def test_too_many_reports_are_refused_as_reports(server: Server) -> None:
    """Reports have their own limit and their own refusal, which a page can tell from a line's
    (``chat_rate_limited`` put a line in flight back in the field when a report was refused)."""
    plain, other = signed_up(server, "plain_2"), signed_up(server, "other_2")
    table, tokens = table_of_two(server, plain, other)
    seat = seated(server, table, 0, tokens[0], plain)
    codes = []
    for _ in range(REPORT_LIMIT.count + 1):  # each attempt counts, an unknown line's too
        codes.append(seat.refused({"type": "chat_report", "id": 10**9}))
        if codes[-1]["code"] != "no_such_message":
            break
    assert codes[-1]["code"] == "chat_report_rate_limited", codes
    assert len(codes) > REPORT_LIMIT.count // 2  # the attempts of this file's other tests aside
    assert 1 <= codes[-1]["params"]["seconds"] <= REPORT_LIMIT.seconds
    seat.say("still free to chat")  # lines have a limit of their own
    assert seat.until("chat")["text"] == "still free to chat"


def test_reports_deletion_and_ban(server: Server) -> None:
    mod, troll, plain = signed_up(server, "mod_1"), signed_up(server, "troll_1"), signed_up(server, "plain_1")
    table, tokens = table_of_two(server, plain, troll)
    seat_of_plain = seated(server, table, 0, tokens[0], plain)
    seat_of_troll = seated(server, table, 1, tokens[1], troll)
    watcher = watching(server, table, mod)
    seat_of_troll.say("rude words")
    line = seat_of_plain.until("chat")
    assert line["user"] == "troll_1" and line["name"] == XSS and line["mute"] == "u:troll_1"

    # a report keeps a copy; a spectator can't report the players' line it never read
    assert watcher.refused({"type": "chat_report", "id": line["id"]})["code"] == "no_such_message"
    seat_of_plain.send({"type": "chat_report", "id": line["id"]})
    assert seat_of_plain.until("chat_reported") == {"type": "chat_reported", "id": line["id"]}
    for unknown in (10**9, 2**31, 2**63, 10**30, -(2**63) - 1):
        assert seat_of_plain.refused({"type": "chat_report", "id": unknown})["code"] == "no_such_message"
    assert seat_of_plain.refused({"type": "chat_report", "id": "1"})["code"] == "bad_message"

    # only a moderator reads the reports, deletes and bans
    assert error(plain.get("/moderation/reports"))["code"] == "not_moderator"
    assert error(Browser(server).get("/moderation/reports"))["code"] == "not_signed_in"
    for who in (plain, troll):
        refused = who.post(f"/moderation/messages/{line['id']}/delete")
        assert refused.status_code == 403 and error(refused)["code"] == "not_moderator"
    assert error(plain.post("/moderation/accounts/troll_1/ban"))["code"] == "not_moderator"
    grant(server, "mod_1")
    assert mod.get("/account").json()["account"] == {"username": "mod_1", "moderator": True}
    (report,) = [r for r in mod.get("/moderation/reports").json()["reports"] if r["message"] == line["id"]]
    assert report["text"] == "rude words" and report["sender"] == XSS and report["user"] == "troll_1"
    assert (
        (report["reporter"], report["reporter_user"]) == ("ann", "plain_1")
        and report["table"] == table
        and report["channel"] == "players"
    )
    assert report["deleted"] is False and abs(report["t"] - time.time()) < 60
    # CSRF: a moderator's request without its token, or from another site, changes nothing
    no_token = mod.http.post(f"/moderation/messages/{line['id']}/delete")
    assert no_token.status_code == 403 and error(no_token)["code"] == "csrf"
    other_site = {"X-CSRF-Token": str(mod.csrf), "Origin": "https://evil.example"}
    assert error(mod.http.post("/moderation/accounts/troll_1/ban", headers=other_site))["code"] == "csrf"
    for unknown in ("999999999", "2147483648", "999999999999999999"):
        assert error(mod.post(f"/moderation/messages/{unknown}/delete"))["code"] == "no_such_message"
    assert error(mod.post("/moderation/accounts/nobody_here/ban"))["code"] == "no_such_account"

    # a deletion reaches every socket of the room at once, and the history no longer has it
    assert mod.post(f"/moderation/messages/{line['id']}/delete").status_code == 200
    for socket in (seat_of_plain, seat_of_troll):
        assert socket.until("chat_deleted") == {
            "type": "chat_deleted",
            "channel": "players",
            "id": line["id"],
        }
    assert "chat_deleted" not in {m["type"] for m in watcher.seen}
    fresh = seated(server, table, 0, tokens[0], plain)
    assert fresh.seen[-1]["messages"] == []
    assert mod.get("/moderation/reports").json()["reports"][0]["deleted"] is True

    # a ban: the account's sockets closed with "banned", its sessions gone, no sign-in, its seat refused
    assert mod.post("/moderation/accounts/TROLL_1/ban").json() == {
        "type": "ban",
        "username": "TROLL_1",
        "banned": True,
    }
    assert seat_of_troll.until("error") == {"type": "error", "code": "banned", "params": {}}
    with pytest.raises(ConnectionClosed) as closed:
        seat_of_troll.ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4003
    assert troll.get("/account").json()["account"] is None
    login = troll.post("/account/login", {"username": "troll_1", "password": PASSWORD})
    assert login.status_code == 403 and error(login)["code"] == "banned"
    again = Socket(server, troll)
    assert again.refused({"type": "hello", "table": table, "seat": 1, "token": tokens[1]})["code"] == "banned"
    assert again.refused({"type": "chat", "room": "lobby", "text": "still here"})["code"] == "chat_sign_in"
    # a moderator can't ban itself; a ban is lifted the same way
    assert error(mod.post("/moderation/accounts/mod_1/ban"))["code"] == "bad_request"
    assert mod.post("/moderation/accounts/troll_1/ban", {"banned": False}).json()["banned"] is False
    assert troll.post("/account/login", {"username": "troll_1", "password": PASSWORD}).status_code == 200
    for socket in (seat_of_plain, watcher, fresh, again):
        socket.close()


def test_the_moderator_command_names_the_account_as_it_is_written(server: Server) -> None:
    """``rummykit moderator grant`` finds the account in any case and names it as it is (the
    tester's: ``grant INCE`` said "INCE is now a moderator" of the account İnce)."""
    signed_up(server, "ayşe_mod")
    for change, said in (("grant", "now"), ("revoke", "no longer")):
        done = subprocess.run(
            [sys.executable, "-m", "rummykit", "moderator", change, "AYŞE_MOD", "--db", server.db],
            capture_output=True,
            text=True,
            check=False,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == f"ayşe_mod is {said} a moderator"
    # no such account: a refusal like every command's, one line and exit code 2 (it was 1)
    done = subprocess.run(
        [sys.executable, "-m", "rummykit", "moderator", "grant", "nobody", "--db", server.db],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert (done.returncode, done.stdout, done.stderr) == (2, "", "error: there is no account nobody\n")


def test_a_moderator_is_one_in_the_answer_of_a_sign_in_and_a_password_change(server: Server) -> None:
    """The page keeps the account of the answer that signed it in: a moderator signing in (or
    changing its password) must be told so there, as ``GET /account`` tells it (the tester's: the
    answers said no ``moderator``, and the chat showed no delete or ban until a reload)."""
    signed_up(server, "mod_3")
    grant(server, "mod_3")
    browser = Browser(server)
    signed_in = browser.post("/account/login", {"username": "MOD_3", "password": PASSWORD})
    assert signed_in.json()["account"] == {"username": "mod_3", "moderator": True}
    changed = browser.post("/account/password", {"password": PASSWORD, "new_password": PASSWORD + "!"})
    assert changed.json()["account"] == {"username": "mod_3", "moderator": True}
    assert browser.get("/account").json()["account"] == {"username": "mod_3", "moderator": True}
    # and an account that is none is told nothing of it
    plain = signed_up(server, "plain_3")
    assert plain.post("/account/logout").status_code == 200
    assert plain.post("/account/login", {"username": "plain_3", "password": PASSWORD}).json()["account"] == {
        "username": "plain_3"
    }


def test_a_deleted_accounts_lines_go_from_the_pages_that_show_them(server: Server) -> None:
    """Deleting an account deletes its lines: the rooms' readers are told at once
    (``chat_deleted``), as a moderator's deletion tells them (the tester's: the pages open then
    kept showing its lines, under its name, until reloaded)."""
    leaver, other = signed_up(server, "leaver_1"), Browser(server)
    table, tokens = table_of_two(server, leaver, other)
    reader = Socket(server)
    reader.send({"type": "lobby"})
    reader.until("chat_history")
    seat_of_other = seated(server, table, 1, tokens[1], other)
    seat_of_leaver = seated(server, table, 0, tokens[0], leaver)
    lobby_socket = Socket(server, leaver)
    lobby_socket.send({"type": "lobby"})
    lobby_socket.until("chat_history")
    lobby_socket.say("goodbye, lobby", room="lobby")
    seat_of_leaver.say("goodbye, table")
    lobby_line, table_line = reader.until("chat"), seat_of_other.until("chat")
    assert (lobby_line["text"], table_line["text"]) == ("goodbye, lobby", "goodbye, table")
    assert leaver.post("/account/delete", {"password": PASSWORD}).status_code == 200
    assert reader.until("chat_deleted") == {
        "type": "chat_deleted",
        "channel": "lobby",
        "id": lobby_line["id"],
    }
    assert seat_of_other.until("chat_deleted") == {
        "type": "chat_deleted",
        "channel": "players",
        "id": table_line["id"],
    }
    for each in (reader, seat_of_other, seat_of_leaver, lobby_socket):
        each.close()


def test_game_records_never_carry_chat(server: Server) -> None:
    guest = Browser(server)
    seats = [{"kind": "person"}] + [{"kind": "bot", "level": "greedy"}] * 3
    body = {"variant": "okey", "options": {"rounds": 1}, "seats": seats, "bot_delay": 0, "public": True}
    created = guest.post("/tables", body).json()
    table = created["table"]
    token = guest.post(f"/tables/{table}/seats/0/join", {"name": "ann"}).json()["token"]
    socket = seated(server, table, 0, token)
    socket.say("secret chat words")
    assert socket.until("chat")["text"] == "secret chat words"
    guest.post(f"/tables/{table}/start", {"token": created["owner_token"]})
    guest.post(f"/tables/{table}/seats/0/leave", {"token": token})
    deadline = time.monotonic() + 60
    while (info := server.get(f"/tables/{table}").json())["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    record = server.get(f"/games/{info['game']}/record")
    replay = server.get(f"/games/{info['game']}/replay")
    assert record.status_code == replay.status_code == 200
    assert "secret chat words" not in record.text and "secret chat words" not in replay.text
    assert "chat" not in record.text
    socket.close()
