"""The hint against the table around it, and the signs of scores (issue 28, the fifth tester's
items 3, 4, 5 and 7, the sixth's item 3): on a desktop Kalooki's and 101 Okey's hint moves no rack;
on a phone on its side Okey's scrolls no page; upright Okey's four lines in Thai show whole;
Carousel's apply button leaves the hint's last meld, and on its side the draft's melds show whole
above the rack; in Persian the "+" of a score stands on one side of its number everywhere.
Screenshots go to the artifacts."""

from __future__ import annotations

import random

import pytest
from browser_support import Pages, artifact, boxes_overlap, check_rendering
from playwright.sync_api import Page, expect
from table_driver import MeldsPerson
from test_accessibility import LOCALES, at_first_turn, play_a_turn
from test_carousel_page import carousel_table
from test_hint_and_bar import LINES_JS
from test_phone_layout import SIDE, UPRIGHT, carousel_hint_offering_a_table, off_screen

from test_server_support import Server

DESKTOP = (1280, 800)

TOP_JS = "(el) => el.getBoundingClientRect().top + scrollY"
"""An element's top in the page (not the screen)."""


def open_hint(page: Page) -> None:
    """Press Hint and wait for it, the flights over."""
    page.get_by_test_id("actions").locator("button[data-action='hint']").click()
    expect(page.get_by_test_id("hint")).to_be_visible()
    expect(page.get_by_test_id("flying")).to_have_count(0)


def close_hint(page: Page) -> None:
    """Put the hint away with its ×."""
    page.get_by_test_id("hint").locator(".close").click()
    expect(page.get_by_test_id("hint")).to_have_count(0)


@pytest.mark.parametrize("variant", ["kalooki", "okey_101"])
def test_on_a_desktop_the_hint_moves_no_rack(pages: Pages, server: Server, variant: str) -> None:
    """At 1280x800 in English, the hint opened at the first turn before the draw and after it (the
    tester's: the rack pushed down while the hint shows): the rack's top where it was without it."""
    person = at_first_turn(pages, server, variant, "en")
    page = person.page
    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    rack = page.get_by_test_id("rack")
    for stage in ("first", "drawn"):
        page.evaluate("window.scrollTo(0, 0)")
        before = rack.evaluate(TOP_JS)
        open_hint(page)
        check_rendering(page, "en", f"desktop-hint-{variant}-{stage}")
        page.screenshot(path=str(artifact(f"desktop-hint-{variant}-{stage}-screen.png")))
        assert rack.evaluate(TOP_JS) == before, (stage, before, rack.evaluate(TOP_JS))
        if stage == "drawn":
            break
        assert isinstance(person, MeldsPerson)
        action = person.hint()["action"]
        if action.split()[0] not in ("draw", "take"):
            break
        close_hint(page)
        person.play_move(action)
        person.wait_turn_or_end()


@pytest.mark.parametrize(
    ("variant", "language"), [("okey", "fa"), ("turkish_rummy", "en"), ("turkish_rummy", "th")]
)
def test_on_its_side_the_hint_scrolls_no_page(
    pages: Pages, server: Server, variant: str, language: str
) -> None:
    """Okey in Persian and Turkish Rummy in English and Thai at 844x390, the hint opened at the first turn
    before the draw and after it (the tester's: the page scrolled when it opened): the page where it
    was, unscrolled, the hint wholly on the screen; Turkish Rummy's, whose rack ends higher, with
    every line whole (its third was cut in half, a later tester's)."""
    person = at_first_turn(pages, server, variant, language)
    page = person.page
    page.set_viewport_size({"width": SIDE[0], "height": SIDE[1]})
    for stage in ("first", "drawn"):
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(100)
        open_hint(page)
        page.wait_for_timeout(400)
        name = f"side-hint-{variant}-{language}-{stage}"
        page.screenshot(path=str(artifact(f"{name}-screen.png")))
        check_rendering(page, language, name)
        assert page.evaluate("scrollY") == 0, stage
        assert off_screen(page, (".me-note:has(> [data-testid=hint])",)) == [], stage
        if variant == "turkish_rummy":
            assert page.evaluate(CUT_LINES_JS) == [], stage
        close_hint(page)
        status = person.status()
        if stage == "drawn" or "draw" not in status.split():
            break
        person.press("draw", status)


CUT_LINES_JS = """
() => { const hint = document.querySelector('[data-testid=hint]'); const place = hint.closest('.me-note');
  place.scrollTop = 0; const shown = place.getBoundingClientRect();
  return [...hint.querySelectorAll('p')].map((el) => [el.innerText, el.getBoundingClientRect()])
    .filter(([, b]) => b.top < shown.top - 1 || b.bottom > shown.bottom + 1)
    .map(([text, b]) => [text, Math.round(b.top), Math.round(b.bottom), Math.round(shown.bottom)]); }
"""
"""The open hint's lines its place, scrolled to its top, shows only in part or not at all."""


LONGER_JS = """
(el, lines) => { const words = el.textContent; const count = eval(lines);
  for (let i = 0; i < 20 && count(el) < 2; i += 1) el.append(' | ' + words); }
"""
"""The hint's best arrangement (its ``bdi``) made longer by its own melds until it takes two lines,
as three or four melds do."""
FOUR_TILES_JS = "(el) => { while (el.children.length > 4) el.lastElementChild.remove(); }"
"""The hint's pieces left out of the best arrangement (its ``bdi``) cut to their first four."""
NO_SHOW_JS = "() => document.querySelectorAll('[data-testid=hint] > p:not(:first-of-type):not(:has(bdi))')\
.forEach((p) => p.remove())"
"""The hint without its line on showing the indicator's match (a first turn's fifth line, which the
tester's four lines did not have: with it the fifth is under the box's fold and scrolls within)."""


def test_upright_okeys_hint_in_thai_shows_every_line(pages: Pages, server: Server) -> None:
    """Okey in Thai at 390x844, the hint open before and after the draw made the sixth tester's (its
    best arrangement as long as three or four melds make it, its melds again until two lines; the
    pieces left out four: its four lines showed three, «ไม่เข้าชุด: 7 3 1 9» cut at the foot of its
    box): every line of the hint whole in its place unscrolled, the place wholly on the screen and
    clear of the bar."""
    person = at_first_turn(pages, server, "okey", "th")
    page = person.page
    page.set_viewport_size({"width": UPRIGHT[0], "height": UPRIGHT[1]})
    for stage in ("first", "drawn"):
        page.evaluate("window.scrollTo(0, 0)")
        open_hint(page)
        best, *out = page.get_by_test_id("hint").locator("p bdi").all()
        best.evaluate(LONGER_JS, LINES_JS)
        assert best.evaluate(LINES_JS) == 2, stage
        for line in out:
            line.evaluate(FOUR_TILES_JS)
        page.evaluate(NO_SHOW_JS)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(artifact(f"upright-hint-okey-th-{stage}-screen.png")))
        assert page.evaluate(CUT_LINES_JS) == [], stage
        assert off_screen(page, (".me-note:has(> [data-testid=hint])",)) == [], stage
        close_hint(page)
        status = person.status()
        if "draw" not in status.split():
            break
        person.press("draw", status)


APPLY_CLEAR_JS = """
(end) => { const hint = document.querySelector('[data-testid=hint]');
  const body = hint.querySelector('.hint-body') || hint.closest('.me-note');
  body.scrollTop = end ? body.scrollHeight : 0;
  const box = (el) => el.getBoundingClientRect();
  const apply = box(hint.querySelector('[data-action=apply-hint]')), shown = box(body);
  const parts = [...hint.querySelectorAll('[data-testid^=hint-meld-], p')];
  const last = box(parts[parts.length - 1]);
  // each part as it shows: clipped to the scrolling box
  return { covered: parts.filter((el) => { const b = box(el);
      const top = Math.max(b.top, shown.top), bottom = Math.min(b.bottom, shown.bottom);
      return top < apply.bottom && apply.top < bottom && b.left < apply.right && apply.left < b.right;
    }).map((el) => el.dataset.testid || el.innerText),
    lastShown: !end || (last.bottom <= shown.bottom + 1 && last.top >= shown.top - 1) }; }
"""
"""Carousel's open hint, its scrolling box at its start (``end`` false) or its end: the melds and
lines of the hint its apply button lies over where they show, and whether at the end the last of
them shows whole."""


@pytest.mark.parametrize("size", [UPRIGHT, SIDE])
def test_carousels_apply_button_covers_no_meld_of_the_hint(
    pages: Pages, server: Server, size: tuple[int, int]
) -> None:
    """Carousel in Persian at 390x844 and 844x390, the hint asked each turn until it offers a table
    to apply (the tester's: upright the apply button, pinned at the foot of the hint's box, lay over
    its last meld): at the start and the end of its scrolling, the hint's melds and lines lie clear
    of the button, at the end the last one whole in view; the button on the screen."""
    page = carousel_hint_offering_a_table(pages, server, "fa", size)
    page.evaluate("window.scrollTo(0, 0)")
    for end in (False, True):
        found = page.evaluate(APPLY_CLEAR_JS, end)
        page.screenshot(path=str(artifact(f"carousel-hint-apply-fa-{size[0]}x{size[1]}-{end}.png")))
        assert found["covered"] == [] and found["lastShown"], (end, found)
    assert off_screen(page, ("[data-testid=hint] [data-action='apply-hint']",)) == []


CUT_MELDS_JS = """
() => { const box = document.querySelector('[data-testid=melds]'); box.scrollTop = 0;
  const shown = box.getBoundingClientRect();
  return [...box.querySelectorAll('[data-testid^=meld-]:not([data-testid^=meld-why])')].map((el) => {
    const b = el.getBoundingClientRect();
    const seen = Math.max(0, Math.min(b.bottom, shown.bottom) - Math.max(b.top, shown.top));
    return [el.dataset.testid, Math.round(seen), Math.round(b.height)]; })
    .filter(([, seen, height]) => seen > 1 && seen < height - 1); }
"""
"""The table's melds (Carousel's draft) that its box, scrolled to its top, shows in part: cut by its
edge over the rack."""


JOKER_LINE_JS = """
(card) => { const line = document.createElement('span'); line.className = 'stands made-by-test';
  line.textContent = 'Q\u2660'; card.append(line); }
"""
"""The line under a joker naming its card (melds.js's ``stands``), put under a table card that
has none."""


def test_on_its_side_carousels_draft_melds_show_whole(pages: Pages, server: Server) -> None:
    """Carousel in Persian at 844x390, turns played (seeded) while melds lie on the table (the
    tester's: the draft's melds cut by the rack; the line saying what the last meld changed took
    two lines of the box's 7rem): each meld the box shows, it shows whole, and that line keeps one
    line; whole too with a joker in the first row (the line under it naming its card made the row
    12 px taller: cut on the deals whose melds held a joker)."""
    person = at_first_turn(pages, server, "carousel", "fa")
    page = person.page
    page.set_viewport_size({"width": SIDE[0], "height": SIDE[1]})
    rng = random.Random(4)
    seen = lines = 0
    for turn in range(20):  # 10 turns, more while no meld or no last meld's line has shown
        if person.wait_turn_or_end() == "end" or (turn >= 10 and seen and lines):
            break
        expect(page.get_by_test_id("flying")).to_have_count(0)
        if page.get_by_test_id("melds").locator("[data-testid^=meld-]").count():
            seen += 1
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(artifact(f"side-carousel-melds-fa-{turn}.png")))
            assert page.evaluate(CUT_MELDS_JS) == [], turn
            last = page.get_by_test_id("last-meld")
            if last.count():
                # however long: the line's words twice over (a meld of many cards and jokers)
                lines += 1
                last.evaluate("(el) => el.append(' ' + el.textContent)")
                page.screenshot(path=str(artifact(f"side-carousel-melds-fa-{turn}-long.png")))
                assert last.evaluate(LINES_JS) == 1, turn
                assert page.evaluate(CUT_MELDS_JS) == [], turn
                plain = page.get_by_test_id("melds").locator(".kcard:not(:has(.stands))")
                plain.first.evaluate(JOKER_LINE_JS)
                page.screenshot(path=str(artifact(f"side-carousel-melds-fa-{turn}-joker.png")))
                assert page.evaluate(CUT_MELDS_JS) == [], turn
                page.locator(".made-by-test").evaluate("(el) => el.remove()")
        play_a_turn(person, "carousel", rng)
    assert seen and lines, ("turns with melds, with the last meld's line", seen, lines)


PLUS_SIDES_JS = """
(selectors) => { const found = [];
  for (const selector of selectors) for (const root of document.querySelectorAll(selector)) {
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      for (const match of node.data.matchAll(/\\+[\\u200e\\u2066-\\u2069]*([0-9\\u06f0-\\u06f9])/g)) {
        const rect = (at) => { const r = document.createRange(); r.setStart(node, at); r.setEnd(node, at + 1);
          return r.getBoundingClientRect(); };
        const plus = rect(match.index), digit = rect(match.index + match[0].length - 1);
        if (!plus.width) continue;
        found.push([selector, node.data, plus.left < digit.left ? 'left' : 'right']);
      }
    }
  }
  return found; }
"""
"""Each "+" that signs a number in the elements of ``selectors`` (the round end, the score sheet):
the text and the side of the number it is drawn on."""


def test_persian_score_lines_put_the_plus_on_one_side(pages: Pages, server: Server) -> None:
    """A Carousel match to 1 point between two bots watched in Persian at 1280x800 until its end
    (the tester's: the "+" of a score on different sides of the number in the round end and the
    score sheet): every "+" before a number in the round end (the changes, the match's bonuses
    "+۱۰۰ for reaching the target", the notes) and the score sheet is drawn on its left, as the
    minus of a negative number is."""
    created = carousel_table(server, people=0)
    page = pages.new("plus-sides", locale=LOCALES["fa"], width=DESKTOP[0], height=DESKTOP[1])
    page.goto(f"/#/t/{created['table']}")
    expect(page.get_by_test_id("table")).to_have_attribute("data-status", "waiting")
    server.post(f"/tables/{created['table']}/start", {"token": created["owner_token"]})
    expect(page.get_by_test_id("round-end")).to_be_visible(timeout=120_000)
    expect(page.get_by_test_id("match-bonuses")).to_be_visible()
    check_rendering(page, "fa", "round-end-plus-fa")
    found = page.evaluate(PLUS_SIDES_JS, ["[data-testid=round-end]", "[data-testid=scores]"])
    texts = " ".join(text for _, text, _ in found)
    assert "[data-testid=scores]" in {selector for selector, _, _ in found}, found
    assert "\u0647\u062f\u0641" in texts, found  # هدف: the bonus for reaching the target
    assert {side for _, _, side in found} == {"left"}, found


def test_upright_carousels_short_hint_leaves_the_seats(pages: Pages, server: Server) -> None:
    """Carousel in Persian at 390x844, the hint asked each turn until it offers no table (a
    tester's "draw another card"): a hint shorter than the melds' box lies over the box's foot,
    clear of the other seats' names (it lay at the top of the seats and the melds, over the
    names)."""
    person = at_first_turn(pages, server, "carousel", "fa")
    page = person.page
    page.set_viewport_size({"width": UPRIGHT[0], "height": UPRIGHT[1]})
    hint = page.get_by_test_id("hint")
    rng = random.Random(3)
    for _ in range(12):
        if person.wait_turn_or_end() == "end":
            break
        page.get_by_test_id("actions").locator("button[data-action='hint']").click()
        expect(hint).to_be_visible()
        page.wait_for_timeout(300)
        if not hint.locator("button[data-action='apply-hint']").count():
            break
        play_a_turn(person, "carousel", rng)
    assert not hint.locator("button[data-action='apply-hint']").count(), "every hint offered a table"
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(artifact(f"carousel-short-hint-fa-{UPRIGHT[0]}x{UPRIGHT[1]}.png")))
    shown = hint.bounding_box()
    melds = page.get_by_test_id("melds").bounding_box()
    assert shown is not None and melds is not None
    assert shown["height"] <= melds["height"], (shown, melds)
    for seat in page.locator(".board .seat:not(.me .seat)").all():
        assert not boxes_overlap(shown, seat.bounding_box()), (shown, seat.bounding_box())


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_on_its_side_carousels_short_hint_keeps_its_close_button(
    pages: Pages, server: Server, lang: str
) -> None:
    """Carousel at 844x390, the hint asked at the first turn ("Draw a card first", one line at the
    foot of the hint's place): its × lies inside the hint, clear of the own seat (pinned at the
    place's top corner, 80 px above the hint's words, it covered the own seat's name and
    "(you)": «Som… (yo»)."""
    person = at_first_turn(pages, server, "carousel", lang)
    page = person.page
    page.set_viewport_size({"width": SIDE[0], "height": SIDE[1]})
    open_hint(page)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(artifact(f"side-carousel-short-hint-{lang}.png")))
    hint = page.get_by_test_id("hint")
    shown = hint.bounding_box()
    close = hint.locator(".close").bounding_box()
    seat = page.locator(".board .me-head > .seat").bounding_box()
    assert shown is not None and close is not None and seat is not None
    assert shown["y"] <= close["y"] and close["y"] + close["height"] <= shown["y"] + shown["height"], (
        shown,
        close,
    )
    assert not boxes_overlap(close, seat), (close, seat)
