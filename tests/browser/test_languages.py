"""The page in English, Turkish, Persian and Thai, on a desktop and on a phone (390×844): the
language follows the browser's and can be switched (and is remembered), Persian mirrors the
layout while piece codes stay left to right, Thai and Persian text is drawn with real glyphs, and
nothing overflows the width. Screenshots go to the artifacts directory for a person to look at."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from browser_support import SCRIPT, Pages, check_rendering, hidden_texts, low_contrast, wrapped_texts
from playwright.sync_api import Page, expect
from table_driver import Person, replay

from test_server_support import Server

LOCALES = {"en": "en-US", "tr": "tr-TR", "fa": "fa-IR", "th": "th-TH"}
"""The browser locale that should pick each language."""

EDGES_JS = (
    "(buttons) => buttons.map((b) => [b.getBoundingClientRect().left, b.getBoundingClientRect().right])"
)
"""The left and right edge of each element, in CSS pixels from the viewport's left."""

VIEWPORTS = {"desktop": (1280, 800), "phone": (390, 844)}

DIGITS = {"en": "0-9", "tr": "0-9", "fa": "۰-۹", "th": "0-9"}
"""The digits of counts and scores in each language (a regular expression range)."""

ONE_LINE = "[data-testid=indicator] .label, [data-testid^=seat-] .tag"
"""Labels that must never wrap (a Thai word broken in two, a bot's badge on two lines)."""
PILE_COUNTS = "[data-testid^=discard-] .count"
"""The number of discards beside each pile's top piece."""
BOARD_TEXT = (
    "[data-testid^=seat-] .seat-name, [data-testid^=seat-] .tag, [data-testid^=seat-] .seat-count,"
    " .seat-name .you, [data-testid=turn], [data-testid=indicator] .label,"
    " [data-testid=stock] .count, " + PILE_COUNTS
)
"""Text on the board and around it, the highlighted seats' name plates among them."""


def check_board_labels(page: Page) -> None:
    """The indicator's labels and the seats' badges sit on one line each, every discard pile's
    count is seen (not covered by its piece, inside the viewport), the board's text has a contrast
    of 4.5:1 at least (WCAG AA), the seat to move's and the one that just played included, and
    the seats sit where the direction of play puts them (the next player on the right) whatever
    the language's direction."""
    assert wrapped_texts(page, ONE_LINE) == []
    assert page.locator(PILE_COUNTS).count() > 0
    assert hidden_texts(page, PILE_COUNTS) == []
    assert page.locator(".seat.to-move, .seat.acted").count() > 0
    # the seat to move is the strongest mark: a frame, where the seat that just played has its
    # name underlined, not filled (a filled plate looked like the turn: at the first deal a bot
    # seemed to be the one to move)
    frames = page.locator(".seat.to-move").evaluate_all("(s) => s.map((e) => getComputedStyle(e).boxShadow)")
    assert "none" not in frames, frames
    for plate in page.locator(".seat.acted .seat-name").evaluate_all(
        "(s) => s.map((e) => getComputedStyle(e).backgroundColor)"
    ):
        assert plate == "rgba(0, 0, 0, 0)", plate
    assert low_contrast(page, BOARD_TEXT) == []
    check_seat_places(page)


def check_seat_places(page: Page) -> None:
    """Seen from seat 0 at the bottom of a four-seat Okey table played counter-clockwise: seat 1
    (the next player) on the right, seat 2 at the top, seat 3 on the left, in every language."""
    boxes = [page.get_by_test_id(f"seat-{seat}").bounding_box() for seat in range(4)]
    centre = [(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for b in boxes if b is not None]
    assert len(centre) == 4
    assert centre[3][0] < centre[2][0] < centre[1][0], f"seats 3, 2, 1 not left to right: {centre}"
    assert centre[2][1] < min(centre[1][1], centre[3][1]) < centre[0][1], centre


def one_person_table(server: Server, variant: str = "okey") -> dict[str, Any]:
    """A one-round table with an open seat 0 and three greedy bots that move at once."""
    body = {
        "variant": variant,
        "options": {"rounds": 1},
        "seats": [{"kind": "person"}] + [{"kind": "bot", "level": "greedy"}] * 3,
        "bot_delay": 0,
    }
    created: dict[str, Any] = server.post("/tables", body, status=201)
    return created


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("lang", list(LOCALES))
def test_lobby_and_table_render_in_each_language(
    pages: Pages, server: Server, lang: str, viewport: str
) -> None:
    width, height = VIEWPORTS[viewport]
    page = pages.new(f"{lang}-{viewport}", locale=LOCALES[lang], width=width, height=height)
    page.goto("/")
    expect(page.get_by_test_id("lobby")).to_be_visible()
    expect(page.get_by_test_id("language")).to_have_value(lang)
    page.get_by_test_id("create-table").locator("details").evaluate_all(
        "(all) => all.forEach((d) => { d.open = true; })"
    )
    check_rendering(page, lang, f"{lang}-{viewport}-lobby")

    created = one_person_table(server)
    person = Person(page, server, created["table"], english=lang == "en")
    person.sit(0, {"en": "Ann", "tr": "Ayşe", "fa": "آرش", "th": "สมชาย"}[lang])
    server.post(f"/tables/{created['table']}/start", {"token": created["owner_token"]})
    status = person.wait_turn_or_end()
    assert status != "end"
    check_rendering(page, lang, f"{lang}-{viewport}-table")
    check_board_labels(page)

    rack = person.rack.locator("[data-slot]")
    first, last = rack.nth(0).bounding_box(), rack.nth(13).bounding_box()
    assert first is not None and last is not None
    # the rack reads left to right in every language, as a meld does (issue 28, defect 10)
    assert first["x"] < last["x"], "the rack is mirrored: a run would read 9 8 7"
    directions = person.rack.locator("button[data-piece]").evaluate_all(
        "(buttons) => buttons.map((b) => getComputedStyle(b).direction)"
    )
    assert set(directions) == {"ltr"}, "piece codes must stay left to right"
    # digits (docs/i18n.md, "Digits and numbers"): counts in the language's digits, the faces of
    # the tiles as printed (Western digits) in every language
    count = page.get_by_test_id("seat-1").locator(".seat-count").inner_text()
    assert re.fullmatch(f"[^0-9۰-۹]*[{DIGITS[lang]}]+[^0-9۰-۹]*", count), count
    faces = "".join(person.rack.locator("button[data-piece]").all_inner_texts())
    assert re.search("[0-9]", faces) and not re.search("[۰-۹]", faces), faces
    # the rack may scroll sideways within itself (its tiles keep 44 px on a phone): the rack lies
    # inside the viewport, its buttons may not
    rack_box = person.rack.bounding_box()
    assert rack_box is not None and rack_box["x"] >= 0 and rack_box["x"] + rack_box["width"] <= width
    for region in ("actions",):
        edges = page.get_by_test_id(region).locator("button").evaluate_all(EDGES_JS)
        for left, right in edges:
            assert left >= 0 and right <= width, (
                f"a {region} button lies outside the viewport: {left}..{right}"
            )


@pytest.mark.parametrize(("lang", "viewport"), [("fa", "phone"), ("th", "desktop"), ("tr", "phone")])
def test_a_round_ends_in_each_language(pages: Pages, server: Server, lang: str, viewport: str) -> None:
    width, height = VIEWPORTS[viewport]
    page = pages.new(f"{lang}-{viewport}", locale=LOCALES[lang], width=width, height=height)
    created = one_person_table(server)
    person = Person(page, server, created["table"], english=False)
    person.sit(0, "P")
    server.post(f"/tables/{created['table']}/start", {"token": created["owner_token"]})
    rng = random.Random(21)
    while (status := person.wait_turn_or_end()) != "end":
        person.play_turn(rng, status)
    expect(page.get_by_test_id("round-end")).to_be_visible()
    check_rendering(page, lang, f"{lang}-{viewport}-round-end")
    game = person.last_view()["game"]
    expect(page.get_by_test_id("round-end-replay")).to_have_attribute("href", f"#/replay/{game}/0")
    record = replay(server, game, person)
    assert [total for _, total in person.round_end_totals()] == record.outcome["scores"]


def test_language_switch_is_remembered(pages: Pages, server: Server) -> None:
    page = pages.new("switch", locale="en-US")
    page.goto("/")
    submit = page.get_by_test_id("create-table").locator("button[type=submit]")
    expect(submit).to_have_text("Create table")
    page.get_by_test_id("language").select_option("th")
    expect(page.locator("html")).to_have_attribute("lang", "th")
    expect(submit).not_to_have_text("Create table")
    assert SCRIPT["th"].search(submit.inner_text())
    page.reload()
    expect(page.get_by_test_id("language")).to_have_value("th")
    expect(page.locator("html")).to_have_attribute("lang", "th")
    page.get_by_test_id("language").select_option("fa")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    page.get_by_test_id("language").select_option("en")
    expect(page.locator("html")).not_to_have_attribute("dir", "rtl")
    expect(submit).to_have_text("Create table")


@pytest.mark.parametrize(("lang", "viewport"), [("en", "phone"), ("fa", "desktop")])
def test_table_in_the_dark_scheme(pages: Pages, server: Server, lang: str, viewport: str) -> None:
    width, height = VIEWPORTS[viewport]
    page = pages.new(f"dark-{lang}", locale=LOCALES[lang], width=width, height=height, color_scheme="dark")
    created = one_person_table(server)
    person = Person(page, server, created["table"], english=lang == "en")
    person.sit(0, "Dana")
    server.post(f"/tables/{created['table']}/start", {"token": created["owner_token"]})
    assert person.wait_turn_or_end() != "end"
    check_rendering(page, lang, f"dark-{lang}-{viewport}-table")
    check_board_labels(page)
    red, green, blue = page.evaluate(
        "() => getComputedStyle(document.body).backgroundColor.match(/\\d+/g).slice(0, 3).map(Number)"
    )
    assert 0.2126 * red + 0.7152 * green + 0.0722 * blue < 128, "the dark scheme's background is light"
