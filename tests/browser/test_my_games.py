"""My games in the browser: a private game this browser played is listed in the lobby (its result,
its players, "private") with a replay link that opens it, while another browser is refused the
replay with the server's words; left to right and right to left, on a phone and a desktop."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from browser_support import Pages, check_sizes
from playwright.sync_api import Page, expect

import rummykit
import web_modules
from test_server_support import Server

LOCALES = {"en": "en-US", "tr": "tr-TR", "fa": "fa-IR", "th": "th-TH"}
WEB = Path(rummykit.__file__).parent / "web"


def play_in_page(page: Page, server: Server) -> dict[str, Any]:
    """In ``page`` (so with its browser token cookie): a private table of one round of Okey, seat
    0 joined, started and left (a bot stands in and ends it); the finished table."""
    table: dict[str, Any] = page.evaluate(
        """async () => {
          const headers = {"Content-Type": "application/json"};
          const post = (path, body) =>
            fetch(path, {method: "POST", headers, body: JSON.stringify(body)}).then((r) => r.json());
          const seats = [{kind: "person"}, {kind: "bot"}, {kind: "bot"}, {kind: "bot"}];
          const t = await post("/tables", {variant: "okey", options: {rounds: 1}, seats, bot_delay: 0});
          const j = await post(`/tables/${t.table}/seats/0/join`, {name: "<img src=x onerror=alert(1)>"});
          await post(`/tables/${t.table}/start`, {token: j.token});
          await post(`/tables/${t.table}/seats/0/leave`, {token: j.token});
          return t;
        }"""
    )
    deadline = time.monotonic() + 60
    while (info := server.get(f"/tables/{table['table']}").json())["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    return dict(info)


@pytest.mark.parametrize("lang", ["en", "fa"])  # the lobby in the other languages: test_account_page.py
def test_my_games_lists_a_private_game_and_replays_it(pages: Pages, server: Server, lang: str) -> None:
    page = pages.new(f"my-games-{lang}", locale=LOCALES[lang])
    page.goto("/")
    info = play_in_page(page, server)
    game = info["game"]
    strings = web_modules.catalog(lang)
    page.reload()
    item = page.get_by_test_id(f"my-game-{game}")
    expect(item).to_be_visible()
    expect(item).to_contain_text(strings["my_games_private"])
    expect(item).to_contain_text("<img src=x onerror=alert(1)>")  # a name is text, never markup
    assert page.locator(".my-games img").count() == 0
    expect(page.get_by_test_id(f"my-result-{game}")).to_be_visible()
    check_sizes(page, lang, f"my-games-{lang}")

    page.get_by_test_id(f"my-replay-{game}").click()
    expect(page).to_have_url(f"{server.base}/#/replay/{game}/0")
    expect(page.get_by_test_id("replay")).to_have_attribute("data-step", "0")
    expect(page.get_by_test_id("replay-error")).to_have_count(0)

    if lang == "en":
        # another browser: refused, in words, and its own list is empty
        other = pages.new("my-games-other")
        other.goto(f"/#/replay/{game}/0")
        expect(other.get_by_test_id("replay-error")).to_contain_text("private table")
        other.goto("/")
        expect(other.get_by_test_id("my-games")).to_contain_text(strings["my_games_none"])
        pages.errors[:] = [e for e in pages.errors if "status of 403" not in e]


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_match_ended_level_is_no_ones_loss(pages: Pages, server: Server, lang: str) -> None:
    """The user tester's item (2026-12-07): a round of Okey that ended with the stock, every player
    at 20, showed "lost · 20" (Persian "باختید") in My games, beside the round end's "No winner".
    A match whose winners are every seat says "no winner", here and on a profile."""
    page = pages.new(f"my-games-level-{lang}", locale=LOCALES[lang])
    page.goto("/")
    game = play_in_page(page, server)["game"]
    listed = page.request.get("/me/games").json()
    (mine,) = [g for g in listed["games"] if g["game"] == game]
    seats = len(mine["names"])
    mine["outcome"] = {**mine["outcome"], "scores": [20] * seats, "winners": list(range(seats))}
    mine["won"] = False  # as the server says of a level match (docs/protocol.md, My games)
    page.route("**/me/games", lambda route: route.fulfill(json={**listed, "games": [mine]}))
    page.reload()
    strings = web_modules.catalog(lang)
    result = page.get_by_test_id(f"my-result-{game}")
    expect(result).to_contain_text(strings["my_games_level"])
    expect(result).not_to_contain_text(strings["my_games_lost"])
    check_sizes(page, lang, f"my-games-level-{lang}")
