"""Table settings in the browser (real Chromium, real server): the turn timer as a bar on the seat
to move, for a seat and a spectator alike, urgent in its last seconds; the rack arranged on each
deal when the player's setting is on (and only then); the count of pieces seen, chosen in the
create form and shown alike to every seat and spectator. Screenshots at 390x844, 844x390 and
1280x800 in English and Persian."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from browser_support import Pages, check_rendering
from playwright.sync_api import Page, WebSocket, WebSocketRoute, expect
from table_driver import Person, catalog, keep_seat, who_played

from test_server_support import SeatClient, Server, make_table

VIEWPORTS = ((390, 844), (844, 390), (1280, 800))
LOCALES = {"en": "en-US", "fa": "fa-IR"}
SEEN_JS = """
() => [...document.querySelectorAll('[data-testid=seen] td[data-piece]')].map((c) => Number(c.dataset.seen))
"""
"""The seen-count panel's counts, face order."""

SEEN_ROWS_JS = """
() => [...document.querySelectorAll('[data-testid=seen] tr')].map((row) =>
  [...row.querySelectorAll('th[scope=col], td[data-piece]')].map((c) => c.getBoundingClientRect().left))
"""
"""The left edge of every rank's header and every count, row by row (rows without any: empty)."""


def reads_left_to_right(page: Page) -> None:
    """The seen-count grid's ranks (1..13, A..K) and each suit's counts go left to right, in the
    game's order, in every direction of the page (as racks and melds do)."""
    rows = [row for row in page.evaluate(SEEN_ROWS_JS) if len(row) > 1]
    assert len(rows) == 5, rows  # the ranks' header, then four suits
    for row in rows:
        assert row == sorted(row) and len(set(row)) == len(row), rows


def shots(page: Page, lang: str, name: str) -> None:
    """:func:`check_rendering` at every one of :data:`VIEWPORTS`, saved as
    ``<name>-<lang>-<width>x<height>.png``."""
    for width, height in VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        check_rendering(page, lang, f"{name}-{lang}-{width}x{height}")


def clock_state(page: Page) -> list[dict[str, Any]]:
    """Every turn clock on the page: its seat panel's test id, seconds, urgency."""
    found: list[dict[str, Any]] = page.locator("[data-testid=turn-clock]").evaluate_all(
        """(clocks) => clocks.map((c) => ({
             seat: c.closest('[data-testid^=seat-]').dataset.testid,
             seconds: Number(c.dataset.seconds),
             now: Number(c.getAttribute('aria-valuenow')),
             max: Number(c.getAttribute('aria-valuemax')),
             urgent: c.classList.contains('urgent'),
           }))"""
    )
    return found


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_turn_clock_runs_on_the_seat_to_move_for_everyone(
    pages: Pages, server: Server, lang: str
) -> None:
    # two people (scripted clients, idle) at a two-seat Okey table with a 40 s timer (room for a
    # page that loads late on a busy machine); a page sits
    # in neither seat (a spectator), another is the seat to move: both show one clock, on the
    # seat to move, counting the server's time down, urgent from 10 s on; when the time runs out
    # the server's default move passes the turn and the clock to the other seat, full again
    created, tokens = make_table(
        server, options={"players": 2, "rounds": 1}, persons=2, turn_seconds=40, round_break_seconds=0
    )
    table = created["table"]
    clients = [SeatClient(server, table, seat, token) for seat, token in enumerate(tokens)]
    mover = clients[0].until("sync")["observation"]["to_move"]
    watcher = pages.new(f"clock-watch-{lang}", locale=LOCALES[lang])
    watcher.goto(f"/#/t/{table}")
    seated = pages.new(f"clock-seat-{lang}", locale=LOCALES[lang])
    keep_seat(seated, table, mover, tokens[mover])
    seated.goto(f"/#/t/{table}")
    for page in (watcher, seated):
        expect(page.get_by_test_id(f"seat-{mover}").get_by_test_id("turn-clock")).to_be_visible(
            timeout=25_000
        )
        clocks = clock_state(page)
        assert len(clocks) == 1 and clocks[0]["seat"] == f"seat-{mover}"
        assert clocks[0]["max"] == 40 and 10 < clocks[0]["seconds"] <= 40 and not clocks[0]["urgent"]
        assert clocks[0]["now"] == clocks[0]["seconds"]
    shots(seated, lang, "turn-clock")
    urgent = watcher.locator("[data-testid=turn-clock].urgent")
    expect(urgent).to_be_visible(timeout=40_000)
    expect(seated.locator("[data-testid=turn-clock].urgent")).to_be_visible()
    expect(watcher.locator("[data-testid=timer].urgent")).to_be_visible()
    before = clock_state(watcher)[0]["seconds"]
    assert before <= 10
    watcher.wait_for_timeout(1_200)
    assert clock_state(watcher)[0]["seconds"] < before
    shots(watcher, lang, "turn-clock-urgent")
    other = 1 - mover
    expect(watcher.get_by_test_id(f"seat-{other}").get_by_test_id("turn-clock")).to_be_visible(timeout=20_000)
    clocks = clock_state(watcher)
    assert len(clocks) == 1 and clocks[0]["seconds"] > 20 and not clocks[0]["urgent"]
    # the log says whose time ran out in the page's words; the move itself is the next line's
    words = catalog(lang)["log_timed_out"].split("{name}")[1]
    line = watcher.get_by_test_id("log").locator("li", has_text=words)
    expect(line).to_have_count(1)
    assert "discard" not in line.inner_text() and "draw" not in line.inner_text()
    for client in clients:
        client.close()


def test_no_clock_without_a_timer_nor_on_a_bots_turn(pages: Pages, server: Server) -> None:
    created, (token,) = make_table(server, options={"players": 2, "rounds": 1}, bot_delay=0.5)
    page = pages.new("no-clock")
    page.goto(f"/#/t/{created['table']}")
    expect(page.get_by_test_id("turn")).to_be_visible()
    page.wait_for_timeout(1_500)
    expect(page.get_by_test_id("turn-clock")).to_have_count(0)
    expect(page.get_by_test_id("timer")).to_have_count(0)
    SeatClient(server, created["table"], 0, token).close()


def rack_requests(page: Page) -> list[dict[str, Any]]:
    """The ``rack`` messages the page sends from now on (a list that grows)."""
    sent: list[dict[str, Any]] = []

    def watch(socket: WebSocket) -> None:
        def frame(payload: str | bytes) -> None:
            message = json.loads(payload)
            if isinstance(message, dict) and message.get("type") == "rack":
                sent.append(message)

        socket.on("framesent", frame)

    page.on("websocket", watch)
    return sent


def rack_full(page: Page) -> None:
    """Wait until the rack holds a dealt hand."""
    page.wait_for_function(
        "() => document.querySelectorAll('[data-testid=rack] button[data-piece]').length >= 14"
    )


def test_the_rack_is_arranged_on_each_deal_when_the_setting_is_on(pages: Pages, server: Server) -> None:
    # a two-round table of the page's seat (idle: its 1 s timer plays for it) and a greedy bot;
    # the 5 s break after the first round leaves the second deal's hand as dealt meanwhile
    seats = [{"kind": "person"}, {"kind": "bot", "level": "greedy"}]
    body = {"variant": "okey", "options": {"players": 2, "rounds": 2}, "seats": seats, "bot_delay": 0}
    body |= {"turn_seconds": 1, "round_break_seconds": 5}
    made = server.post("/tables", body, status=201)
    page = pages.new("on-deal")
    sent = rack_requests(page)
    person = Person(page, server, made["table"])
    person.sit(0, "Ann")
    server.post(f"/tables/{made['table']}/start", {"token": made["owner_token"]})
    setting = page.get_by_test_id("arrange-on-deal")
    expect(setting).not_to_be_checked()  # off until the player turns it on
    rack_full(page)
    assert not [m for m in sent if m.get("by")]
    setting.check()
    assert page.evaluate("localStorage.getItem('rummykit.autoArrange')") == "true"
    expect(page.get_by_test_id("round-end")).to_be_visible(timeout=120_000)
    # the second deal (after the 5 s break: the round end's rack is still the first's until then)
    # came arranged as runs, asked once
    for _ in range(300):
        if person.last_view()["observation"]["round"] == 2 and any(m.get("by") for m in sent):
            break
        page.wait_for_timeout(100)
    rack_full(page)
    page.wait_for_timeout(300)
    assert [m["by"] for m in sent if m.get("by")] == ["runs"]
    assert person.last_view()["observation"]["round"] == 2
    dealt = person.slots()
    page.get_by_test_id("round-end").get_by_role("button", name="Continue").click()
    page.get_by_role("button", name="Runs", exact=True).click()
    page.wait_for_timeout(500)
    assert person.slots() == dealt, "the deal was not arranged as runs"
    # another table, the setting remembered: its first deal is arranged too
    again = server.post("/tables", body | {"turn_seconds": None}, status=201)
    sent.clear()
    Person(page, server, again["table"]).sit(0, "Ann")
    server.post(f"/tables/{again['table']}/start", {"token": again["owner_token"]})
    expect(page.get_by_test_id("arrange-on-deal")).to_be_checked()
    rack_full(page)
    page.wait_for_timeout(300)
    assert [m["by"] for m in sent if m.get("by")] == ["runs"]
    # a reload mid-round keeps the player's own order: nothing is arranged again
    sent.clear()
    page.reload()
    rack_full(page)
    page.wait_for_timeout(500)
    assert not [m for m in sent if m.get("by")]
    shots(page, "en", "arrange-on-deal")


Down = Callable[[str | bytes], None]
"""What the test does with each of the server's messages (routed)."""


def routed_racks(
    page: Page, make_down: Callable[[WebSocketRoute, WebSocketRoute], Down]
) -> list[dict[str, Any]]:
    """Route the page's WebSocket through the test: the page's messages go on to the server, the
    server's to ``make_down(page_side, server_side)``'s function; returns the ``rack`` messages the
    page sends (a list that grows)."""
    sent: list[dict[str, Any]] = []

    def route(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def up(message: str | bytes) -> None:
            found = json.loads(message)
            if isinstance(found, dict) and found.get("type") == "rack":
                sent.append(found)
            server.send(message)

        ws.on_message(up)
        server.on_message(make_down(ws, server))

    page.route_web_socket("**/ws", route)
    return sent


def slow_first_rack_answer(page: Page) -> list[dict[str, Any]]:
    """Route the page's WebSocket through the test, which holds the server's first ``rack`` answer
    back until it has passed the server's next view on (a slow answer: a seat's move came first);
    returns the ``rack`` messages the page sends (a list that grows)."""

    def make_down(ws: WebSocketRoute, server: WebSocketRoute) -> Down:
        held: list[str | bytes] = []
        answered = [False]

        def down(message: str | bytes) -> None:
            kind = json.loads(message).get("type")
            if kind == "rack" and not answered[0]:
                answered[0] = True
                held.append(message)
                return
            ws.send(message)
            if kind in ("state", "sync") and held:
                ws.send(held.pop())

        return down

    return routed_racks(page, make_down)


def routed_auto_arranged(
    pages: Pages, server: Server, label: str, routing: Callable[[Page], list[dict[str, Any]]], rounds: int
) -> tuple[Person, list[dict[str, Any]]]:
    """A two-seat Okey match of ``rounds`` rounds (1 s turns: the page's timer plays for it, a
    second's break), the page (``label``) at seat 0 with its rack arranged on each deal and its
    socket routed by ``routing``, started and its hand dealt: its person and the ``rack`` messages
    it sends (a list that grows)."""
    seats = [{"kind": "person"}, {"kind": "bot", "level": "greedy"}]
    body = {"variant": "okey", "options": {"players": 2, "rounds": rounds}, "seats": seats, "bot_delay": 0}
    made = server.post("/tables", body | {"turn_seconds": 1, "round_break_seconds": 1}, status=201)
    page = pages.new(label)
    sent = routing(page)
    person = Person(page, server, made["table"])
    person.sit(0, "Ann")
    page.evaluate("localStorage.setItem('rummykit.autoArrange', 'true')")
    server.post(f"/tables/{made['table']}/start", {"token": made["owner_token"]})
    rack_full(page)
    return person, sent


def test_a_deal_is_arranged_once_when_a_view_comes_before_the_racks_answer(
    pages: Pages, server: Server
) -> None:
    # the deal's view asks for the rack arranged as runs; the next view (the bot's move, or the
    # 1 s timer's) comes before the answer: the page asked for runs again once the answer came
    person, sent = routed_auto_arranged(pages, server, "on-deal-slow", slow_first_rack_answer, 1)
    # the held answer came after a view, and every request since is answered
    expect(person.rack).to_have_attribute("aria-busy", "false")
    assert [m["by"] for m in sent if m.get("by")] == ["runs"]


def rack_answer_before_second_deal(page: Page) -> list[dict[str, Any]]:
    """Route the page's WebSocket through the test, which, at the second deal's first view, holds
    that view (and what follows) back, asks the server itself for the seat's rack and passes its
    answer (the new deal's rack) on first: a rack answer of the new deal ahead of its view, as when
    the page's request crossed the deal on the way; returns the ``rack`` messages the page sends."""

    def make_down(ws: WebSocketRoute, server: WebSocketRoute) -> Down:
        held: list[str | bytes] = []
        state = {"holding": False, "done": False}

        def down(message: str | bytes) -> None:
            found = json.loads(message)
            kind = found.get("type")
            if kind in ("state", "sync") and not state["done"] and found["observation"]["round"] == 2:
                state["holding"] = True
            if not state["holding"]:
                ws.send(message)
                return
            if not state["done"] and kind in ("state", "sync") and not held:
                ask = {"type": "rack", "slots": [None] * 28, "rows": 2, "round": None}
                server.send(json.dumps(ask))
            if kind == "rack" and found.get("round") == 2 and not found.get("elsewhere"):
                ws.send(message)
                state["holding"], state["done"] = False, True
                for kept in held:
                    ws.send(kept)
                held.clear()
                return
            held.append(message)

        return down

    return routed_racks(page, make_down)


def test_a_deal_is_arranged_when_its_rack_answer_comes_before_its_view(pages: Pages, server: Server) -> None:
    # the page's 1 s timer plays for it; at the second deal, the new deal's rack reaches the page
    # before the deal's view (the rack's round is then the view's): the deal is arranged all the same
    person, sent = routed_auto_arranged(pages, server, "on-deal-ahead", rack_answer_before_second_deal, 2)
    page = person.page
    for _ in range(1200):
        if person.last_view()["observation"]["round"] == 2:
            break
        page.wait_for_timeout(100)
    assert person.last_view()["observation"]["round"] == 2
    rack_full(page)
    expect(person.rack).to_have_attribute("aria-busy", "false")
    page.wait_for_timeout(300)
    assert [m["by"] for m in sent if m.get("by")] == ["runs", "runs"], "the second deal was not arranged"


def seen_cells(page: Page) -> dict[str, int]:
    """The seen-count panel's cells: notation to count."""
    found: dict[str, int] = (
        page.get_by_test_id("seen")
        .locator("td[data-piece]")
        .evaluate_all(
            "(cells) => Object.fromEntries(cells.map((c) => [c.dataset.piece, Number(c.dataset.seen)]))"
        )
    )
    return found


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_count_of_tiles_seen_is_chosen_when_creating_and_shown_alike(
    pages: Pages, server: Server, lang: str
) -> None:
    page = pages.new(f"seen-{lang}", locale=LOCALES[lang])
    page.goto("/")
    form = page.get_by_test_id("create-table")
    game = form.get_by_test_id("create-game")
    timer = form.get_by_test_id("create-timer")
    expect(timer).to_have_value("")  # a private table: no timer unless chosen
    form.locator("input[type=checkbox]").first.check()  # public
    expect(timer).to_have_value("45")  # a public table's default
    game.select_option("kalooki")
    expect(form.get_by_test_id("create-seen-count")).to_have_count(0)
    game.select_option("okey")
    seen_box = form.get_by_test_id("create-seen-count")
    expect(seen_box).not_to_be_checked()
    seen_box.check()
    check_rendering(page, lang, f"seen-create-{lang}")
    person = Person(page, server, "", english=lang == "en")
    form.locator("button[type=submit]").click()
    expect(page.get_by_test_id("table")).to_have_attribute("data-status", "playing")
    expect(page.get_by_test_id("seen")).to_be_visible()
    table = page.evaluate("location.hash").split("/")[2]
    spectator = pages.new(f"seen-watch-{lang}", locale=LOCALES[lang])
    spectator.goto("/")
    listed = spectator.get_by_test_id(f"open-table-{table}")
    expect(listed).to_contain_text(catalog(lang)["table_option_seen_tiles"])
    expect(listed).to_contain_text(catalog(lang)["table_option_timer"].split("{")[0].strip())
    spectator.goto(f"/#/t/{table}")
    expect(spectator.get_by_test_id("seen")).to_be_visible()
    # the seat plays a few turns, the bots theirs: the count grows with the discards
    rng = random.Random(3)
    for _ in range(3):
        status = person.wait_turn_or_end()
        assert status != "end"
        person.play_turn(rng, status)
    person.wait_turn_or_end()

    def public_pieces(view: dict[str, Any]) -> list[str]:
        obs = view["observation"]
        return [
            obs["indicator"],
            *(f for pile in obs["discards"] for f in pile),
            *(f for k in obs["known"] for f in k),
        ]

    for _ in range(100):  # the page's frames reach the test a moment after the page
        view = person.last_view()
        if len(public_pieces(view)) >= 4:
            break
        page.wait_for_timeout(100)
    # every view's count is its public pieces; it grew past the indicator in some view of the round
    # played (a bot may go out within the turns played: the next round's deal shows the indicator
    # alone, CI once)
    played = [who_played(v) for v in person.views]
    for seen in person.views:
        assert sum(seen["seen"]) == len(public_pieces(seen)), (seen["observation"]["round"], played)
    assert max(len(public_pieces(v)) for v in person.views) >= 4, (len(person.views), played)
    cells = seen_cells(page)
    assert next(iter(cells)) == "R1" and list(cells)[-1] == "F" and len(cells) == 53
    assert list(cells.values()) == view["seen"]
    for width, height in VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        reads_left_to_right(page)
    # the spectator's panel is the seat's, cell for cell
    spectator.wait_for_function(
        f"(seen) => JSON.stringify(({SEEN_JS})()) === JSON.stringify(seen)", arg=view["seen"]
    )
    shots(page, lang, "seen-count")
    shots(spectator, lang, "seen-count-watch")
