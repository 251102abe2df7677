"""The accessibility bars of the browser client (issue 28): axe-core run in the page finds nothing
serious or critical on the lobby in every language, on a live table of every game at a phone's
sizes upright and on its side and at a desktop's (at the person's first turn and after a few
moves, melds on the table where the game has them), on the replay, the account page and My
games; on a phone every piece and button on the table is at least 44x44 CSS px (WCAG 2.5.5), meld
pieces included, and the page never scrolls sideways (a rack may, within itself); the action
buttons are on the screen whether the page is scrolled to its top or its bottom at 1280x800 and
on a phone on its side. Screenshots of every table at the three sizes in English, Persian and
Thai go to the artifacts directory."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from axe_check import check_axe
from browser_support import Pages, check_rendering
from playwright.sync_api import Page, expect
from table_driver import KalookiPerson, MeldsPerson, Okey101Person, Person
from test_my_games import play_in_page
from test_replay_page import play_to_end

from rummykit.variants.registry import VARIANTS
from test_server_support import Server

LOCALES = {"en": "en-US", "tr": "tr-TR", "fa": "fa-IR", "th": "th-TH"}
NAMES = {"en": "Ann", "tr": "Ayşe", "fa": "آنا", "th": "อัน"}
SIZES = ((390, 844), (844, 390), (1280, 800))
"""A phone upright, a phone on its side, a desktop (width, height in CSS px)."""
PLAYERS = {"carousel": 2}
"""Seats where a game's default is not wanted (a quick two-player Carousel)."""
DRIVERS: dict[str, type[Person]] = {"kalooki": KalookiPerson, "okey_101": Okey101Person}
"""The page drivers of the games whose turns are played by the hint's move."""
MELDS = {"kalooki", "carousel", "okey_101"}
"""The games with melds on the table."""

TARGETS = ", ".join(
    f"[data-testid=table] {what}:not([data-testid=round-end] *)"
    for what in ("button:not([disabled])", "select", "summary")
)
"""What a person taps at a table: every button (a piece is one), menu and disclosure (the round
end's dialog, which only shows the hands, left out)."""
SMALL_TARGETS_JS = """
(elements) => elements.flatMap((el) => {
  // the shown targets smaller than 44x44 CSS px (WCAG 2.5.5)
  if (!el.checkVisibility({visibilityProperty: true})) return [];
  const r = el.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) return [];
  const name = el.dataset.piece || el.dataset.action || el.textContent.trim().slice(0, 20);
  const where = el.closest('[data-testid]')?.dataset.testid || '';
  const size = `${Math.round(r.width)}x${Math.round(r.height)}`;
  return r.width < 44 || r.height < 44 ? [`${where}:${name} ${size}`] : [];
})
"""
IN_VIEW_JS = """
(elements) => elements.flatMap((el) => {
  // the action buttons not wholly on the screen
  const r = el.getBoundingClientRect();
  const shown = r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
  return shown ? [] : [`${el.dataset.action || el.textContent.trim()} at y ${Math.round(r.top)}`];
})
"""


CONTROLS = "button:not([disabled]), a[href], select, summary, input:not([type=hidden]), textarea"
"""Everything a person taps anywhere on a page."""
SMALL_CONTROLS_JS = """
(elements) => elements.flatMap((el) => {
  // the shown controls smaller than 44x44 CSS px; a checkbox, a radio button or a hidden file
  // input measured with its label (a tap on it works the control); links in running text and
  // pieces only shown (out of the Tab order, nothing to tap: the rules page's examples) left out
  if (el.matches('p a, li > span a, button.piece[tabindex="-1"]')) return [];
  const labelled = el.matches('input[type=checkbox], input[type=radio], input.visually-hidden');
  const box = labelled ? (el.labels && el.labels[0]) || el.closest('label') || el : el;
  if (!box.checkVisibility({visibilityProperty: true})) return [];
  const r = box.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) return [];
  const name = el.dataset.testid || el.dataset.action || el.textContent.trim().slice(0, 20) || el.tagName;
  const where = el.parentElement.closest('[data-testid]')?.dataset.testid || '';
  const size = `${Math.round(r.width)}x${Math.round(r.height)}`;
  return r.width < 44 || r.height < 44 ? [`${where}:${name} ${size}`] : [];
})
"""
PHONES = ((390, 844), (844, 390))
"""A phone upright and on its side (width, height in CSS px)."""


def check_controls(page: Page, lang: str, name: str, within: str = "body") -> None:
    """At each of :data:`PHONES`: the screenshot and the rendering checks, and every shown control
    under ``within`` at least 44x44 CSS px. Left at 1280x800, where the screenshot is taken too."""
    for width, height in PHONES:
        page.set_viewport_size({"width": width, "height": height})
        check_rendering(page, lang, f"{name}-{lang}-{width}x{height}")
        small = page.locator(within).locator(CONTROLS).evaluate_all(SMALL_CONTROLS_JS)
        assert not small, f"{name} at {width}x{height}: " + "; ".join(small)
    page.set_viewport_size({"width": 1280, "height": 800})
    check_rendering(page, lang, f"{name}-{lang}-1280x800")


def check_table(page: Page, lang: str, name: str) -> None:
    """At each of :data:`SIZES`: the screenshot and the rendering checks, axe-core, and on a
    phone every shown target at least 44x44 CSS px; on a phone on its side and on a desktop the
    action buttons on the screen at the page's top and at its bottom. axe-core again on an upright
    phone in the dark colour scheme. Left at 1280x800, light. Each shot waits for the pieces in
    flight to land (a fresh discard flies to its pile, the real piece hidden until it lands)."""
    actions = page.get_by_test_id("actions").locator("button")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        expect(page.get_by_test_id("flying")).to_have_count(0)
        page.evaluate("window.scrollTo(0, 0)")
        check_rendering(page, lang, f"{name}-{width}x{height}")
        check_axe(page, f"{name}-{width}x{height}")
        if width < 1000:
            small = page.locator(TARGETS).evaluate_all(SMALL_TARGETS_JS)
            assert small == [], (name, width, height, small)
        if height < 800 or width > 1000:
            for where in ("0", "document.body.scrollHeight"):
                page.evaluate(f"window.scrollTo(0, {where})")
                off = actions.evaluate_all(IN_VIEW_JS)
                assert off == [], (name, width, height, where, off)
        page.evaluate("window.scrollTo(0, 0)")
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    page.emulate_media(color_scheme="dark")
    check_axe(page, f"{name}-{SIZES[0][0]}x{SIZES[0][1]}-dark")
    page.emulate_media(color_scheme="light")
    page.set_viewport_size({"width": SIZES[-1][0], "height": SIZES[-1][1]})


ONE_ROUND: dict[str, dict[str, Any]] = {
    "carousel": {"target": 1},
    "kalooki": {"match": "rounds", "rounds": 1},  # rounds counts only in a rounds match
}
"""The options of a one-round match where they are other than ``rounds = 1``."""


def seated(pages: Pages, server: Server, variant: str, lang: str) -> Person:
    """The person's page (``lang``) at seat 0 of a one-round table of ``variant`` against greedy
    bots with no delay, the match started."""
    players = PLAYERS.get(variant, 4)
    options: dict[str, Any] = {"players": players} if variant in PLAYERS else {}
    options |= ONE_ROUND.get(variant, {"rounds": 1})
    created = server.post(
        "/tables",
        {
            "variant": variant,
            "options": options,
            "seats": [{"kind": "person"}] + [{"kind": "bot", "level": "greedy"}] * (players - 1),
            "bot_delay": 0,
            "grace_seconds": 600,
        },
        status=201,
    )
    page = pages.new(f"a11y-{variant}-{lang}", locale=LOCALES[lang])
    person = DRIVERS.get(variant, Person)(page, server, str(created["table"]), english=lang == "en")
    person.sit(0, NAMES[lang])
    server.post(f"/tables/{created['table']}/start", {"token": created["owner_token"]})
    expect(page.get_by_test_id("table")).to_have_attribute("data-status", "playing")
    return person


def first_turn(seat: Callable[[], Person], what: str) -> Person:
    """The person ``seat()`` gives, at its first turn: a new table while a bot went out before it
    (101 Okey's bots may finish from the hand in the first round of turns, Carousel's on the first
    turn now and then). Raises ``AssertionError`` naming ``what`` after three tables."""
    for _ in range(3):
        person = seat()
        if person.wait_turn_or_end() != "end":
            return person
    raise AssertionError(f"the bots of {what} went out before the person's turn three times")


def at_first_turn(pages: Pages, server: Server, variant: str, lang: str) -> Person:
    """:func:`test_accessibility.seated`, at the person's first turn (:func:`first_turn`)."""
    return first_turn(lambda: seated(pages, server, variant, lang), variant)


def play_a_turn(person: Person, variant: str, rng: random.Random) -> None:
    """Play one whole turn of the person through the page: the hint's moves (Kalooki, 101 Okey)
    until a discard, Draw and End turn (Carousel), or a draw and a random discard."""
    status = person.wait_turn_or_end()
    if status == "end":
        return
    if isinstance(person, MeldsPerson):
        while not (action := person.hint()["action"]).startswith("discard"):
            person.play_move(action)
        person.play_move(action)
    elif variant == "carousel":
        before = len(person.views)
        verb = "draw" if "draw" in status.split() else "end"
        person.page.get_by_test_id("actions").locator(f"button[data-action='{verb}']").click()
        for _ in range(300):
            if len(person.views) > before:
                break
            person.page.wait_for_timeout(100)
    else:
        person.play_turn(rng, status)


@pytest.mark.parametrize("lang", ["en", "fa", "th"])
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_games_table_meets_the_bars(pages: Pages, server: Server, variant: str, lang: str) -> None:
    """The table of ``variant`` in ``lang`` at the person's first turn and after a few turns
    (until melds lie on the table, in the games that have them, or the round ends): axe-core, the
    sizes, the actions on the screen (:func:`check_table`)."""
    person = at_first_turn(pages, server, variant, lang)
    page = person.page
    check_table(page, lang, f"a11y-{variant}-{lang}-first")
    rng = random.Random(7)
    melds = page.get_by_test_id("melds").locator("button[data-piece]")
    for turn in range(40):
        if turn >= 3 and (variant not in MELDS or melds.count()):
            break
        play_a_turn(person, variant, rng)
    # a round may end within a few turns (then its round end is checked, melds or not)
    if person.wait_turn_or_end() != "end":
        assert variant not in MELDS or melds.count(), "no meld on the table after 40 turns"
    check_table(page, lang, f"a11y-{variant}-{lang}-later")


@pytest.mark.parametrize("lang", list(LOCALES))
def test_the_lobby_account_and_my_games(pages: Pages, server: Server, lang: str) -> None:
    """The lobby (with My games listing a game) and the account page in ``lang``, upright phone
    and desktop: nothing serious or critical for axe-core."""
    page = pages.new(f"a11y-lobby-{lang}", locale=LOCALES[lang])
    page.goto("/")
    game = play_in_page(page, server)["game"]
    page.reload()
    expect(page.get_by_test_id(f"my-game-{game}")).to_be_visible()
    for width, height in ((390, 844), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        check_axe(page, f"a11y-lobby-{lang}-{width}x{height}")
    page.get_by_test_id("account-link").click()
    expect(page.get_by_test_id("sign-up")).to_be_visible()
    for width, height in ((390, 844), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        check_axe(page, f"a11y-account-{lang}-{width}x{height}")


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_replay(pages: Pages, server: Server, variant: str) -> None:
    """The replay of a finished game of ``variant`` (four greedy bots) at its start, a middle step
    and its end, in English and Persian on a phone and a desktop: nothing serious or critical."""
    replay = play_to_end(server, variant, ONE_ROUND.get(variant, {"rounds": 1}))
    steps = len(replay["steps"]) - 1
    for lang in ("en", "fa"):
        page = pages.new(f"a11y-replay-{variant}-{lang}", locale=LOCALES[lang])
        for step in (0, steps // 2, steps):
            page.goto(f"/#/replay/{replay['game']}/{step}")
            expect(page.get_by_test_id("replay")).to_have_attribute("data-step", str(step))
            for width, height in ((390, 844), (1280, 800)):
                page.set_viewport_size({"width": width, "height": height})
                check_axe(page, f"a11y-replay-{variant}-{lang}-{step}-{width}x{height}")


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_every_control_of_the_chat_settings_rules_lobby_and_game_over_is_big_enough(
    pages: Pages, server: Server, lang: str
) -> None:
    """On a phone upright and on its side every control is at least 44x44 CSS px (WCAG 2.5.5)
    where the table checks above don't look: the chat with lines in it (another player's Mute and
    Report), the settings menu open, the whole table page around the board, the lobby, the rules
    page and the game-over dialog."""
    created = server.post(
        "/tables",
        {
            "variant": "okey",
            "options": {"rounds": 1},
            "seats": [{"kind": "person"}] * 2 + [{"kind": "bot", "level": "greedy"}] * 2,
            "bot_delay": 0,
            "round_break_seconds": 0,
            "grace_seconds": 0,
            "public": True,
        },
        status=201,
    )
    table = str(created["table"])
    ann = Person(
        pages.new(f"a11y-controls-ann-{lang}", locale=LOCALES[lang]), server, table, english=lang == "en"
    )
    bob = Person(
        pages.new(f"a11y-controls-bob-{lang}", locale=LOCALES[lang]), server, table, english=lang == "en"
    )
    ann.sit(0, NAMES[lang])
    bob.sit(1, "Bob")
    watcher = pages.new(f"a11y-controls-watch-{lang}", locale=LOCALES[lang])
    watcher.goto(f"/#/t/{table}")
    lobby = pages.new(f"a11y-controls-lobby-{lang}", locale=LOCALES[lang])
    lobby.goto("/")
    expect(lobby.get_by_test_id(f"open-table-{table}")).to_be_visible()
    check_controls(lobby, lang, "a11y-controls-lobby")
    server.post(f"/tables/{table}/start", {"token": created["owner_token"]})
    page = ann.page
    expect(page.get_by_test_id("table")).to_have_attribute("data-status", "playing")
    for who, text in ((bob.page, "salam"), (page, "hello")):
        if who.get_by_test_id("chat-toggle").get_attribute("aria-expanded") != "true":
            who.get_by_test_id("chat-toggle").click()
        who.get_by_test_id("chat-input").fill(text)
        who.get_by_test_id("chat-send").click()
    expect(page.get_by_test_id("chat-line")).to_have_count(2)
    expect(page.get_by_test_id("chat-report")).to_have_count(1)
    check_controls(page, lang, "a11y-controls-chat")
    page.get_by_test_id("table-settings").click()
    expect(page.get_by_test_id("settings-menu")).to_be_visible()
    check_controls(page, lang, "a11y-controls-settings")
    page.get_by_test_id("table-settings").click()
    # the table's rules page (the link opens it in a tab of its own)
    lobby.goto(f"/{page.get_by_test_id('rules-link').get_attribute('href')}")
    expect(lobby.get_by_test_id("rules-page")).to_be_visible()
    check_controls(lobby, lang, "a11y-controls-rules")
    # the people leave: bots stand in and end the match, which the spectator sees end
    page.close()
    bob.page.close()
    expect(watcher.get_by_test_id("round-end")).to_be_visible(timeout=120_000)
    check_controls(watcher, lang, "a11y-controls-game-over", "[data-testid=round-end]")


@pytest.mark.parametrize("variant", ["carousel", "kalooki", "okey"])
def test_each_seat_and_the_stock_is_a_group_of_its_own(pages: Pages, server: Server, variant: str) -> None:
    """A screen reader heard the seats and the stock of a Kalooki or Carousel table as one run of
    text ("Bot 2 bot (medium) 13 in hand Bot 3 … Stock: 54"): every seat's panel is a group named
    by its seat's name, the stock a group named by its count (board.js, shared by every game), in
    the accessible tree as the roles say."""
    person = at_first_turn(pages, server, variant, "en")
    page = person.page
    obs = person.views[-1]["observation"]
    names = ["Ann", *(f"Bot {seat + 1}" for seat in range(1, obs["players"]))]
    for seat, name in enumerate(names):
        panel = page.get_by_test_id(f"seat-{seat}")
        expect(panel).to_have_role("group")
        expect(panel).to_have_accessible_name(name)
        expect(page.get_by_role("group", name=name, exact=True)).to_contain_text(" in hand")
    stock = page.get_by_test_id("stock")
    expect(stock).to_have_role("group")
    expect(stock).to_have_accessible_name(re.compile(r"^Stock: \d+$"))
    # the tree as a screen reader walks it: one group per seat and one for the stock, side by side
    tree = page.get_by_test_id("table").aria_snapshot()
    groups = re.findall(r"^\s*- '?group \"([^\"]*)\"", tree, re.MULTILINE)
    assert sorted(g for g in groups if g in names) == sorted(names), tree
    assert sum(g.startswith("Stock: ") for g in groups) == 1, tree
    check_axe(page, f"a11y-groups-{variant}")
