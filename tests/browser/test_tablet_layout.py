"""A tablet held upright (768x1024 CSS px, an iPad's portrait): the table has the page's whole
width, the chat, the log and the scores below it, so that the hand's pieces are a finger's width
(beside a 20rem column the board was 400 px wide and an Okey rack's pieces 24 px, 2026-12-07);
on its side (1024x768) the column stays beside the table and the pieces are a finger's width too
(they were 42 px); nothing wider than the screen. Screenshots go to the artifacts."""

from __future__ import annotations

import pytest
from browser_support import Pages, check_rendering
from playwright.sync_api import Page, expect
from test_accessibility import at_first_turn
from test_phone_layout import boxes

from test_server_support import Server

TABLET = (768, 1024)
"""A tablet upright (width, height in CSS px)."""

FINGER = 44
"""The least width of a piece in the hand (CSS px), the targets' least size on a phone."""


GAMES = [("okey", "fa"), ("turkish_rummy", "tr"), ("kalooki", "en"), ("carousel", "th"), ("okey_101", "tr")]
"""The five games, each in a language (every language at least once)."""

BoxesOf = dict[str, list[dict[str, float]]]


def tablet_table(
    pages: Pages, server: Server, variant: str, lang: str, size: tuple[int, int]
) -> tuple[Page, BoxesOf]:
    """The person's page at its first turn at ``size`` (width, height), unscrolled and checked
    (:func:`check_rendering`), with the boxes of the board, the side column and the hand's pieces
    (at least one)."""
    person = at_first_turn(pages, server, variant, lang)
    page = person.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.evaluate("window.scrollTo(0, 0)")
    expect(page.get_by_test_id("flying")).to_have_count(0)
    check_rendering(page, lang, f"tablet-{variant}-{lang}-{size[0]}x{size[1]}")
    found = boxes(page, (".table-page > .board", ".table-page > .side", "[data-testid=rack] .piece"))
    assert found["[data-testid=rack] .piece"], "no piece in the hand"
    return page, found


@pytest.mark.parametrize(("variant", "lang"), GAMES)
def test_on_an_upright_tablet_the_table_has_the_whole_width(
    pages: Pages, server: Server, variant: str, lang: str
) -> None:
    """At the person's first turn at 768x1024: the board at least 90% of the screen's width, the
    side column (chat, log, scores) wholly below it, every piece of the hand at least
    :data:`FINGER` px wide, and the page no wider than the screen."""
    page, found = tablet_table(pages, server, variant, lang, TABLET)
    [board] = found[".table-page > .board"]
    [side] = found[".table-page > .side"]
    assert board["right"] - board["left"] >= 0.9 * TABLET[0], board
    assert side["top"] >= board["bottom"], (side, board)
    narrow = [b for b in found["[data-testid=rack] .piece"] if b["right"] - b["left"] < FINGER]
    assert narrow == [], narrow
    assert page.evaluate("document.documentElement.scrollWidth") <= TABLET[0]


TABLET_ON_ITS_SIDE = (1024, 768)
"""A tablet on its side (width, height in CSS px): an iPad's landscape."""


@pytest.mark.parametrize(("variant", "lang"), GAMES)
def test_on_a_tablet_on_its_side_the_pieces_are_a_fingers_width(
    pages: Pages, server: Server, variant: str, lang: str
) -> None:
    """At the person's first turn at 1024x768, the side column (chat, log, scores) beside the
    board: every piece of the hand at least :data:`FINGER` px wide (Okey's were 42 px, 2026-12-07),
    the score sheet whole in its column, and the page no wider than the screen."""
    page, found = tablet_table(pages, server, variant, lang, TABLET_ON_ITS_SIDE)
    [board] = found[".table-page > .board"]
    [side] = found[".table-page > .side"]
    assert side["top"] < board["bottom"], (side, board)
    narrow = [b for b in found["[data-testid=rack] .piece"] if b["right"] - b["left"] < FINGER]
    assert narrow == [], narrow
    sheet = page.get_by_test_id("scores").locator(".sheet")
    assert sheet.evaluate("(el) => el.scrollWidth <= el.clientWidth"), "the score sheet scrolls"
    assert page.evaluate("document.documentElement.scrollWidth") <= TABLET_ON_ITS_SIDE[0]
