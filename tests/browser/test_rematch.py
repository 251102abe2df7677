"""Rematch pressed by two seats at once (docs/protocol.md, ``POST /tables/{id}/rematch``): the
second press, made before its page heard of the first's new match, joins that match with no
error ("Maç bitmedi" over the rack, before). Seen in Turkish on a 390x844 phone."""

from __future__ import annotations

import json
import time
from typing import Any

from browser_support import Pages, artifact
from playwright.sync_api import Page, expect
from table_driver import catalog
from test_chat import seat_at
from test_connection import SILENT, silent_route

from test_server_support import SeatClient, Server


def play_to_end(server: Server, table: str, clients: list[SeatClient]) -> str:
    """The people (``clients``) play the greedy bot's moves until the match is over; its game id."""
    from rummykit.server.bots import choose

    rules = json.dumps(server.get(f"/tables/{table}").json()["rules"], sort_keys=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        for client in clients:
            client.drain(0.02)
        state = clients[0].state
        if state is not None and state["over"]:
            return str(state["game"])
        for n, client in enumerate(clients):
            if client.my_turn() and client.state is not None:
                legal = [a["text"] for a in client.state["legal"]]
                text = choose("okey", rules, "greedy", client.state["observation"], legal)
                client.act(text, f"g{client.seat}-{n}-{time.monotonic()}")
    raise AssertionError("the match did not end")


def phone(pages: Pages, label: str, table: str, seat: int, name: str) -> tuple[Page, str]:
    """A Turkish phone holding ``seat`` of ``table``; the page and the seat's token."""
    page = pages.new(label, locale="tr-TR", width=390, height=844, has_touch=True, is_mobile=True)
    silent_route(page)
    page.goto("/")
    seat_at(page, table, seat, name)
    token: str = page.evaluate(
        """async (table) => (await import("/static/js/store.js")).store.seat(table).token""", table
    )
    page.goto(f"/#/t/{table}")
    return page, token


def test_two_seats_pressing_rematch_at_once_both_reach_the_new_match(pages: Pages, server: Server) -> None:
    created: dict[str, Any] = server.post(
        "/tables",
        {
            "variant": "okey",
            "options": {"rounds": 1},
            "seats": [{"kind": "person"}] * 2 + [{"kind": "bot", "level": "greedy"}] * 2,
            "bot_delay": 0,
            "grace_seconds": 600,
        },
        status=201,
    )
    table = str(created["table"])
    (ahmet, ahmet_token), (mehmet, mehmet_token) = (
        phone(pages, "ahmet", table, 0, "Ahmet"),
        phone(pages, "mehmet", table, 1, "Mehmet"),
    )
    server.post(f"/tables/{table}/start", {"token": created["owner_token"]})
    clients = [SeatClient(server, table, 0, ahmet_token), SeatClient(server, table, 1, mehmet_token)]
    finished = play_to_end(server, table, clients)
    for client in clients:
        client.close()
    rematch = catalog("tr")["table_rematch"]
    for page in (ahmet, mehmet):
        expect(page.get_by_role("button", name=rematch)).to_be_visible()
    # Mehmet's press leaves before his page hears that Ahmet's started the rematch
    SILENT[id(mehmet)] = True
    ahmet.get_by_role("button", name=rematch).click()
    deadline = time.monotonic() + 10
    while server.get(f"/tables/{table}").json()["game"] == finished:
        assert time.monotonic() < deadline, "Ahmet's rematch did not start"
        ahmet.wait_for_timeout(100)
    mehmet.get_by_role("button", name=rematch).click()
    expect(mehmet.get_by_role("button", name=rematch)).to_be_hidden()
    expect(mehmet.get_by_test_id("error")).to_have_count(0)
    expect(mehmet.get_by_role("alert")).to_have_count(0)
    SILENT[id(mehmet)] = False
    new_game = server.get(f"/tables/{table}").json()
    assert new_game["status"] == "playing" and new_game["number"] == 2
    for page in (ahmet, mehmet):
        # Mehmet's page hears of it once its heartbeat has given the silent socket up
        expect(page.get_by_test_id("table")).to_have_attribute("data-status", "playing", timeout=30_000)
        expect(page.get_by_test_id("rack").locator("button[data-piece]")).not_to_have_count(0)
        expect(page.get_by_test_id("error")).to_have_count(0)
    mehmet.screenshot(path=str(artifact("rematch-second-press-tr-390x844.png")))
