"""Motion and sound at the table (docs/web.md, "Motion and sound") in real Chromium against a real
server and real bots: another seat's move flies from where it was to where it goes and is gone
after, none under reduced motion or with the setting off; the page sounds the seat's turn only
after the person has interacted with it, and the mute switch outlives a reload.

What flew is recorded by a MutationObserver of the test's own (``FLIGHTS_JS``); what sounded by
the page's one way of starting an oscillator, counted in ``window.rummykitSound``."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from browser_support import Pages, artifact
from playwright.sync_api import Page, expect
from table_driver import Person, keep_seat

from test_server_support import Server

FLIGHTS_JS = """
window.__flights = [];
window.__pauseFlights = null;
new MutationObserver((records) => {
  for (const record of records) for (const node of record.addedNodes) {
    if (!(node instanceof HTMLElement) || node.dataset.testid !== 'flying') continue;
    const look = node.firstElementChild;
    const face = (look && look.dataset.face) || null;
    window.__flights.push({from: node.dataset.from, to: node.dataset.to, face});
    const pause = window.__pauseFlights;
    const paused = pause !== null && (node.dataset.to || '').startsWith(pause);
    if (paused) for (const a of document.getAnimations()) {
      a.pause();
      a.currentTime = 160;
    }
  }
}).observe(document, {childList: true, subtree: true});
"""
"""Recorded in every page of these tests before the app runs: each flight's ends and piece
(``window.__flights``); with ``window.__pauseFlights`` a string, the page's animations are paused
half way when a flight to a place whose test id starts with it starts (a screenshot in
mid-flight)."""


def bots_table(
    server: Server, bot_delay: float, people: int = 0, variant: str = "okey", **table: Any
) -> dict[str, Any]:
    """A table of ``variant`` (Okey: one round) whose first ``people`` of 4 seats are open and the
    rest greedy bots that wait ``bot_delay`` s before each move, with the table options ``table``
    (``turn_seconds``), started at once when every seat is a bot; the create answer."""
    seats = [{"kind": "person"}] * people + [{"kind": "bot", "level": "greedy"}] * (4 - people)
    options = {"rounds": 1} if variant == "okey" else {}
    body = {"variant": variant, "options": options, "seats": seats, "bot_delay": bot_delay, **table}
    created: dict[str, Any] = server.post("/tables", body, status=201)
    if not people:
        server.post(f"/tables/{created['table']}/start", {"token": created["owner_token"]})
    return created


def watch(pages: Pages, table: str, label: str, lang: str = "en", **context: Any) -> Page:
    """A spectator's page of ``table`` in ``lang`` with the flights recorded."""
    page = pages.new(label, **context)
    page.add_init_script(FLIGHTS_JS)
    page.add_init_script(f"localStorage.setItem('rummykit.lang', {json.dumps(json.dumps(lang))})")
    page.goto(f"/#/t/{table}")
    expect(page.get_by_test_id("table")).to_have_attribute("data-status", "playing")
    return page


def flights(page: Page) -> list[dict[str, str | None]]:
    """The flights recorded so far, oldest first."""
    found: list[dict[str, str | None]] = page.evaluate("window.__flights")
    return found


def wait_flights(page: Page, count: int) -> list[dict[str, str | None]]:
    """Wait (up to 30 s) until ``count`` flights were recorded; all of them."""
    page.wait_for_function(f"window.__flights.length >= {count}", timeout=30_000, polling=50)
    return flights(page)


def test_a_bots_moves_fly_from_where_they_were_to_where_they_go(pages: Pages, server: Server) -> None:
    created = bots_table(server, bot_delay=0.8)
    page = watch(pages, created["table"], "spectator")
    seen = wait_flights(page, 6)
    discards = [f for f in seen if f["to"] and f["to"].startswith("discard-")]
    assert discards, seen
    for flight in discards:
        # in Okey a seat discards onto its own pile, beside it
        assert flight["from"] == "seat-" + str(flight["to"]).split("-")[1], flight
        assert flight["face"], flight
    draws = [f for f in seen if f["from"] == "stock"]
    assert draws and all(str(f["to"]).startswith("seat-") for f in draws), seen
    # each flight ends by itself, well before the next move, and leaves nothing behind
    expect(page.get_by_test_id("flying")).to_have_count(0, timeout=2_000)
    discard = page.locator("[data-testid^='discard-'] .pile-top [data-piece]").first
    expect(discard).to_have_css("opacity", "1")


@pytest.mark.parametrize("variant", ["kalooki", "okey_101", "carousel"])
def test_a_bots_meld_flies_from_its_seat_to_the_meld(pages: Pages, server: Server, variant: str) -> None:
    created = bots_table(server, bot_delay=0.4, variant=variant)
    page = watch(pages, created["table"], "spectator", lang="fa" if variant == "kalooki" else "en")
    page.evaluate("window.__pauseFlights = 'meld-'")
    page.wait_for_function(
        "window.__flights.some((f) => f.to && f.to.startsWith('meld-'))", timeout=120_000, polling=20
    )
    page.screenshot(path=str(artifact(f"motion-meld-{variant}.png")))
    melds = [f for f in flights(page) if str(f["to"]).startswith("meld-")]
    # a piece laid from the hand comes from the seat; one moved on the table (Carousel) from its meld
    assert all(str(f["from"]).startswith(("seat-", "meld-")) and f["face"] for f in melds), melds
    assert any(str(f["from"]).startswith("seat-") for f in melds), melds


def test_a_new_move_or_a_press_ends_a_flight_at_once(pages: Pages, server: Server) -> None:
    created = bots_table(server, bot_delay=1.5)
    page = watch(pages, created["table"], "spectator")
    page.evaluate("window.__pauseFlights = ''")
    wait_flights(page, 1)
    expect(page.get_by_test_id("flying")).not_to_have_count(0)
    page.keyboard.press("Shift")
    expect(page.get_by_test_id("flying")).to_have_count(0)
    # paused for good, a flight still ends when the next move comes
    count = len(flights(page))
    wait_flights(page, count + 1)
    expect(page.get_by_test_id("flying")).not_to_have_count(0)
    wait_flights(page, len(flights(page)) + 1)
    assert page.evaluate("document.querySelectorAll('[data-testid=flying]').length") <= 2


@pytest.mark.parametrize(
    ("lang", "width", "height"),
    [
        ("en", 1280, 800),
        ("fa", 390, 844),
        ("en", 390, 844),
        ("fa", 1280, 800),
        ("en", 844, 390),
        ("fa", 844, 390),
    ],
)
def test_screenshots_in_flight_and_at_rest(
    pages: Pages, server: Server, lang: str, width: int, height: int
) -> None:
    created = bots_table(server, bot_delay=2.0)
    page = watch(pages, created["table"], "spectator", lang=lang, width=width, height=height)
    page.evaluate("window.__pauseFlights = ''")
    # a draw in flight from the stock to the seat: the paused animations hold it half way
    page.wait_for_function("window.__flights.some((f) => f.from === 'stock')", timeout=30_000, polling=20)
    name = f"motion-{lang}-{width}x{height}"
    page.screenshot(path=str(artifact(f"{name}-flight.png")))
    page.evaluate("window.__pauseFlights = null; document.getAnimations().forEach((a) => a.play())")
    expect(page.get_by_test_id("flying")).to_have_count(0)
    page.screenshot(path=str(artifact(f"{name}-rest.png")))
    # the settings menu, its targets at least 44x44 CSS px on a phone
    page.get_by_test_id("table-settings").click()
    menu = page.get_by_test_id("settings-menu")
    expect(menu).to_be_visible()
    page.screenshot(path=str(artifact(f"{name}-settings.png")))
    if min(width, height) < 500:
        # the labels shown (a spectator's menu, or one upright, keeps its language picker hidden)
        shown = [label for label in menu.locator("label").all() if label.is_visible()]
        for target in [page.get_by_test_id("table-settings"), *shown]:
            box = target.bounding_box()
            assert box and box["width"] >= 44 and box["height"] >= 44, box
    assert menu.locator("label").all_inner_texts() != []
    page.keyboard.press("Escape")
    expect(menu).to_have_count(0)
    expect(page.get_by_test_id("table-settings")).to_be_focused()


def test_no_motion_under_reduced_motion_or_with_the_setting_off(pages: Pages, server: Server) -> None:
    created = bots_table(server, bot_delay=0.4)
    table = created["table"]
    moving = watch(pages, table, "moving")
    still = watch(pages, table, "reduced", reduced_motion="reduce")
    off = watch(pages, table, "off")
    off.get_by_test_id("table-settings").click()
    switch = off.get_by_test_id("setting-motion")
    expect(switch).to_be_checked()
    switch.uncheck()
    expect(off.locator("html")).to_have_attribute("data-motion", "off")
    count = len(flights(off))
    wait_flights(moving, len(flights(moving)) + 8)
    assert flights(still) == []
    assert len(flights(off)) == count
    # the seat that just played is lit without its flash
    acted = still.locator(".seat.acted .seat-name").first
    expect(acted).to_have_css("animation-name", "none")
    # the setting is remembered: after a reload it is still off
    off.reload()
    expect(off.get_by_test_id("table")).to_have_attribute("data-status", "playing")
    wait_flights(moving, len(flights(moving)) + 4)
    assert flights(off) == []
    off.get_by_test_id("table-settings").click()
    expect(off.get_by_test_id("setting-motion")).not_to_be_checked()


def sounds(page: Page) -> dict[str, Any]:
    """``window.rummykitSound``: the oscillators started and the cues played."""
    found: dict[str, Any] = page.evaluate("({...window.rummykitSound, cues: [...window.rummykitSound.cues]})")
    return found


def seated_silently(pages: Pages, server: Server, **settings: Any) -> Person:
    """A person in seat 0 of a started Okey table (with the table options ``settings``) against
    three bots, joined through the API and its key put in the browser's storage: the page opened
    without a press or a key."""
    created = bots_table(server, bot_delay=0.3, people=1, **settings)
    table: str = created["table"]
    joined = server.post(f"/tables/{table}/seats/0/join", {"name": "Ann"})
    page = pages.new("ann")
    page.add_init_script(FLIGHTS_JS)
    keep_seat(page, table, 0, joined["token"])
    person = Person(page, server, table)
    page.goto(f"/#/t/{table}")
    server.post(f"/tables/{table}/start", {"token": created["owner_token"]})
    return person


class RoundEndedError(Exception):
    """A bot went out before the person's next turn: a random deal too short for the test."""


def my_turn(person: Person) -> str:
    """Wait for the person's turn (its status); :class:`RoundEndedError` when the round ends first."""
    status = person.wait_turn_or_end()
    if status == "end":
        raise RoundEndedError
    return status


def play_until_my_next_turn(person: Person, rng: random.Random) -> None:
    """Play this turn through the page (presses: the page has been interacted with) and wait for
    the next one."""
    person.play_turn(rng, my_turn(person))
    my_turn(person)


def on_a_deal_that_lasts(check: Callable[[], None], tries: int = 4) -> None:
    """``check`` (which seats a person at a new table) again on a new deal when a bot went out
    before the turns it needs (:class:`RoundEndedError`: one deal in some dozens)."""
    for _ in range(tries):
        try:
            check()
            return
        except RoundEndedError:
            continue
    raise AssertionError(f"{tries} deals in a row ended before the person's next turns")


def test_the_turn_sounds_only_after_the_person_interacted_with_the_page(pages: Pages, server: Server) -> None:
    on_a_deal_that_lasts(lambda: sounds_only_after_an_interaction(pages, server))


def sounds_only_after_an_interaction(pages: Pages, server: Server) -> None:
    person = seated_silently(pages, server)
    page = person.page
    my_turn(person)
    page.wait_for_timeout(300)
    assert sounds(page) == {"started": 0, "cues": []}
    rng = random.Random(5)
    play_until_my_next_turn(person, rng)
    played = sounds(page)
    assert "turn" in played["cues"] and "discard" in played["cues"], played
    assert played["started"] >= 3, played
    # the person's own draw and discard are where they put them: they don't fly; the bots' do
    seen = flights(page)
    assert seen and not [f for f in seen if "seat-0" in (f["from"], f["to"])], seen


def test_mute_is_remembered_across_a_reload(pages: Pages, server: Server) -> None:
    on_a_deal_that_lasts(lambda: mute_survives_a_reload(pages, server))


def mute_survives_a_reload(pages: Pages, server: Server) -> None:
    person = seated_silently(pages, server)
    page = person.page
    page.get_by_test_id("table-settings").click()
    page.get_by_test_id("setting-sound").uncheck()
    page.reload()
    expect(page.get_by_test_id("table")).to_have_attribute("data-status", "playing")
    page.get_by_test_id("table-settings").click()
    expect(page.get_by_test_id("setting-sound")).not_to_be_checked()
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("settings-menu")).to_have_count(0)
    rng = random.Random(6)
    play_until_my_next_turn(person, rng)
    assert sounds(page) == {"started": 0, "cues": []}
    # switched on again, the next turn sounds
    page.get_by_test_id("table-settings").click()
    page.get_by_test_id("setting-sound").check()
    play_until_my_next_turn(person, rng)
    assert "turn" in sounds(page)["cues"]


def test_the_timers_last_seconds_tick(pages: Pages, server: Server) -> None:
    person = seated_silently(pages, server, turn_seconds=7)
    page = person.page
    assert person.wait_turn_or_end() != "end"
    page.keyboard.press("Shift")
    # the turn runs out untouched: its last seconds tick, once each
    page.wait_for_function(
        "window.rummykitSound.cues.filter((c) => c === 'timer').length >= 4", timeout=15_000, polling=100
    )
    cues = sounds(page)["cues"]
    assert cues.count("timer") <= 5, cues
    # the move the timer played for the seat is no move of the person's: it flies
    page.wait_for_function(
        "window.__flights.some((f) => f.from === 'seat-0' || f.to === 'seat-0')", timeout=15_000, polling=50
    )
