"""The hint, the stock's lines and the action bar against what they could cover (issue 28, the
third tester's items 2, 3, 4, 5 and 11): the hint never lies over the rack's pieces, the pile or
the stock it names, Carousel's upright leaves the hand and keeps its apply button on the screen;
on a phone on its side the stock's count and Carousel's cards drawn keep one line; the arranging
buttons and the auto-arrange checkbox come clear of the action bar when brought into view. The
seats' tags whole: test_seat_tags.py. Screenshots go to the artifacts."""

from __future__ import annotations

import random

import pytest
from browser_support import Pages, check_rendering
from playwright.sync_api import Page, expect
from table_driver import MeldsPerson, Person
from test_accessibility import LOCALES, NAMES, SIZES, at_first_turn, first_turn, play_a_turn
from test_phone_layout import (
    COVERED_JS,
    SHOWN_JS,
    SIDE,
    UPRIGHT,
    carousel_hint_offering_a_table,
    off_screen,
)

from test_server_support import Server

NAMED_JS = """
() => [...document.querySelectorAll('.hinted')].filter((el) => el.checkVisibility()).map((el) => {
  const part = el.matches('.pile') ? el.querySelector('.pile-top .piece')
    : el.matches('.stock') ? el.querySelector('.stock-face') : el;
  part.scrollIntoView({block: 'nearest'});
  const b = part.getBoundingClientRect();
  const hint = document.querySelector('[data-testid=hint]').closest('.me-note').getBoundingClientRect();
  const top = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
  const under = b.left < hint.right && hint.left < b.right && b.top < hint.bottom && hint.top < b.bottom;
  return [el.dataset.piece || el.dataset.testid, part.contains(top), !under]; })
  .filter(([, hit, clear]) => !hit || !clear)
"""
"""What the open hint marks (rack pieces, the pile to take from, the stock), each brought into view:
those not drawn topmost at their centre or lying under the hint's box."""


def check_hint(page: Page, lang: str, name: str) -> None:
    """At each of the three sizes, the hint open: :data:`NAMED_JS` finds nothing."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        if not page.get_by_test_id("hint").count():
            page.get_by_test_id("actions").locator("button[data-action='hint']").click()
        expect(page.get_by_test_id("hint")).to_be_visible()
        expect(page.get_by_test_id("flying")).to_have_count(0)
        check_rendering(page, lang, f"{name}-{width}x{height}")
        assert page.evaluate(NAMED_JS) == [], (width, height)


@pytest.mark.parametrize("lang", ["fa", "th"])
@pytest.mark.parametrize("variant", ["okey", "turkish_rummy", "kalooki", "okey_101"])
def test_the_hint_leaves_what_it_names(pages: Pages, server: Server, variant: str, lang: str) -> None:
    """At the first turn, the hint open at 390x844, 844x390 and 1280x800 before the draw (the stock
    or the pile marked) and after it (the rack's pieces to discard or lay; the tester's: the hint
    box at y 435-559 over the rack's first row at 522-573, the suggested B2 under it):
    :func:`check_hint`."""
    person = at_first_turn(pages, server, variant, lang)
    page = person.page
    check_hint(page, lang, f"hint-{variant}-{lang}-first")
    status = person.status()
    if isinstance(person, MeldsPerson):
        action = person.hint()["action"]
        if action.split()[0] not in ("draw", "take"):
            return
        person.play_move(action)
    elif "draw" in status.split():
        person.press("draw", status)
    else:
        return
    check_hint(page, lang, f"hint-{variant}-{lang}-drawn")


@pytest.mark.parametrize("lang", ["fa", "th"])
def test_upright_carousels_hint_leaves_the_hand(pages: Pages, server: Server, lang: str) -> None:
    """Carousel at 390x844, the hint asked each turn until it offers a table to apply (the tester's:
    the hint over the whole hand, its apply button at y 1020-1064 of an 844 px screen under the bar
    at 786): every card of the hand shows, the apply button on the screen above the bar and drawn
    on top, the page not scrolled."""
    page = carousel_hint_offering_a_table(pages, server, lang, UPRIGHT)
    apply = page.get_by_test_id("hint").locator("button[data-action='apply-hint']")
    page.evaluate("window.scrollTo(0, 0)")
    expect(page.get_by_test_id("flying")).to_have_count(0)
    check_rendering(page, lang, f"upright-carousel-hint-{lang}-{UPRIGHT[0]}x{UPRIGHT[1]}")
    assert page.get_by_test_id("rack").evaluate(COVERED_JS) == []
    assert off_screen(page, ("[data-testid=hint] [data-action='apply-hint']",)) == []
    assert apply.evaluate(SHOWN_JS)


def carousel_of_four(pages: Pages, server: Server, lang: str, size: tuple[int, int]) -> Person:
    """The person's page (``lang``, ``size``) at seat 0 of a Carousel table of four (three greedy
    bots at the sides and across), the match started."""
    created = server.post(
        "/tables",
        {
            "variant": "carousel",
            "options": {"players": 4, "target": 1},
            "seats": [{"kind": "person"}] + [{"kind": "bot", "level": "greedy"}] * 3,
            "bot_delay": 0,
            "grace_seconds": 600,
        },
        status=201,
    )
    page = pages.new(f"carousel-four-{lang}", locale=LOCALES[lang], width=size[0], height=size[1])
    person = Person(page, server, str(created["table"]), english=False)
    person.sit(0, NAMES[lang])
    server.post(f"/tables/{created['table']}/start", {"token": created["owner_token"]})
    expect(page.get_by_test_id("table")).to_have_attribute("data-status", "playing")
    return person


CUT_TAGS_JS = """
() => [...document.querySelectorAll('.board .seat .tag')].filter((el) => el.checkVisibility())
  .filter((el) => el.scrollWidth > el.clientWidth + 1)
  .map((el) => [el.innerText, el.clientWidth, el.scrollWidth])
"""
"""The seats' tags cut short (their text wider than they show)."""
DRAWS_IN_CENTRE_JS = """
() => { const c = document.querySelector('.board .centre').getBoundingClientRect();
  const d = document.querySelector('[data-testid=draws]').getBoundingClientRect();
  return d.left >= c.left - 1 && d.right <= c.right + 1; }
"""
"""Whether Carousel's cards drawn this turn lie within the band's centre column."""
LINES_JS = """
(el) => { const range = document.createRange(); range.selectNodeContents(el);
  return new Set([...range.getClientRects()].map((r) => Math.round(r.bottom))).size; }
"""
"""How many lines an element's text takes."""


@pytest.mark.parametrize("lang", ["fa", "th"])
def test_the_stock_and_the_draws_keep_one_line(pages: Pages, server: Server, lang: str) -> None:
    """At 844x390, Carousel among four at the first turn (the tester's: «پشته: ۶۱» on two lines,
    "cards drawn this turn: 1 of 3" in three beside the stock) and Kalooki: the stock's count and
    the cards drawn each on one line, the cards drawn within the centre (on one line beside the
    stock they ran over the seat across in Persian), no seat's tag cut; at 390x844 Carousel's
    stock count on one line too (the tester of 2026-12-07: «پشته: ۲۹» on two)."""
    person = first_turn(lambda: carousel_of_four(pages, server, lang, SIDE), "Carousel")
    page = person.page
    check_rendering(page, lang, f"side-carousel-four-{lang}-{SIDE[0]}x{SIDE[1]}")
    assert page.get_by_test_id("stock").locator(".count").evaluate(LINES_JS) == 1
    assert page.get_by_test_id("draws").evaluate(LINES_JS) == 1
    assert page.evaluate(DRAWS_IN_CENTRE_JS)
    assert page.evaluate(CUT_TAGS_JS) == []
    page.set_viewport_size({"width": UPRIGHT[0], "height": UPRIGHT[1]})
    check_rendering(page, lang, f"carousel-four-{lang}-{UPRIGHT[0]}x{UPRIGHT[1]}")
    assert page.get_by_test_id("stock").locator(".count").evaluate(LINES_JS) == 1
    kalooki = at_first_turn(pages, server, "kalooki", lang).page
    kalooki.set_viewport_size({"width": SIDE[0], "height": SIDE[1]})
    check_rendering(kalooki, lang, f"side-kalooki-stock-{lang}-{SIDE[0]}x{SIDE[1]}")
    assert kalooki.get_by_test_id("stock").locator(".count").evaluate(LINES_JS) == 1


CLEAR_OF_BAR_JS = """
(el) => { el.focus(); const b = el.getBoundingClientRect();
  const bar = document.querySelector('[data-testid=actions]').getBoundingClientRect();
  const under = b.left < bar.right && bar.left < b.right && b.top < bar.bottom && bar.top < b.bottom;
  return under ? [el.dataset.testid || el.textContent, b.top, b.bottom, bar.top] : null; }
"""
"""Focus an element (the page scrolls it into view as Tab would): its box and the bar's top when the
action bar lies over it, else ``null``."""


def under_the_bar(page: Page) -> list[object]:
    """The arranging buttons and the auto-arrange checkbox the action bar covers once focused."""
    found = []
    for control in page.locator(".arrange button, [data-testid=arrange-on-deal]").all():
        where = control.evaluate(CLEAR_OF_BAR_JS)
        if where is not None:
            found.append(where)
    return found


def test_the_bar_leaves_the_arranging_buttons(pages: Pages, server: Server) -> None:
    """Turkish Rummy in Turkish at 1280x800, turns played until the shared pile makes the page taller
    than the screen (the tester's: 845 px, Seri/Per/Çift/Renk diz half under the bar), then at
    390x844 (the checkbox at y 805-849 under the bar at 786): each arranging button and the
    checkbox, focused, lies clear of the bar."""
    person = at_first_turn(pages, server, "turkish_rummy", "tr")
    page = person.page
    rng = random.Random(17)
    for _ in range(12):
        if page.evaluate("document.documentElement.scrollHeight > innerHeight"):
            break
        if person.wait_turn_or_end() == "end":
            break
        play_a_turn(person, "turkish_rummy", rng)
    assert page.evaluate("document.documentElement.scrollHeight > innerHeight"), "the page never grew"
    assert person.wait_turn_or_end() != "end"
    assert under_the_bar(page) == []
    check_rendering(page, "tr", "bar-turkish_rummy-tr-1280x800")
    page.set_viewport_size({"width": UPRIGHT[0], "height": UPRIGHT[1]})
    page.evaluate("window.scrollTo(0, 0)")
    assert under_the_bar(page) == []
    check_rendering(page, "tr", f"bar-turkish_rummy-tr-{UPRIGHT[0]}x{UPRIGHT[1]}")


@pytest.mark.parametrize(("variant", "lang"), [("turkish_rummy", "tr"), ("okey", "fa")])
def test_at_a_desktop_the_own_seat_is_clear_of_the_bar_unscrolled(
    pages: Pages, server: Server, variant: str, lang: str
) -> None:
    """At 1280x800 with the mouse, from the third turn (the tester's, Turkish Rummy in Turkish: once
    the discard piles grew, the page 941 px tall, Seri/Per/Çift/Renk diz at y 725-765 under the bar
    at 746, shown only by scrolling; Okey in Persian at turn 3, whose per-seat discard piles stack
    their older pieces: arranging buttons at y 805-845, rack pieces under the bar from 746): the
    page not scrolled, every arranging button and every piece of the rack wholly on the screen and
    clear of the bar, at each of turns 3 to 8."""
    person = at_first_turn(pages, server, variant, lang)
    page = person.page
    rng = random.Random(23)
    for turn in range(1, 9):
        if person.wait_turn_or_end() == "end":
            break
        if turn >= 3:
            page.evaluate("window.scrollTo(0, 0)")
            expect(page.get_by_test_id("flying")).to_have_count(0)
            assert off_screen(page, (".me .arrange button", ".me .rack .piece")) == [], turn
        play_a_turn(person, variant, rng)
    assert turn >= 4, "the round ended before the fourth turn"
    expect(page.get_by_test_id("flying")).to_have_count(0)
    check_rendering(page, lang, f"bar-unscrolled-{variant}-{lang}-1280x800")


HINT_HIDDEN_JS = """
() => { const hint = document.querySelector('[data-testid=hint]');
  const parts = [...hint.querySelectorAll('p'), hint.querySelector('.close')];
  return parts.map((el) => { el.scrollIntoView({block: 'nearest'});
    const b = el.getBoundingClientRect();
    const top = document.elementFromPoint(b.left + Math.min(b.width / 2, 24), b.top + b.height / 2);
    const inside = b.top >= 0 && b.bottom <= innerHeight;
    return inside && hint.contains(top) ? null : [el.textContent, Math.round(b.top), Math.round(b.bottom)]; })
    .filter((found) => found !== null); }
"""
"""Each of the hint's lines and its ×, scrolled into view as far as its boxes go: those not wholly on
the screen or not drawn topmost (the rack over them)."""


CLOSE_PINNED_JS = """
() => { const close = document.querySelector('[data-testid=hint] .close');
  const place = close.closest('.me-note'); const where = () => close.getBoundingClientRect();
  const shown = () => { const b = where(); const p = place.getBoundingClientRect();
    const top = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    return b.top >= p.top - 1 && b.bottom <= p.bottom + 1 && close.contains(top); };
  for (const box of [place, place.querySelector('.hint')]) box.scrollTop = 0;
  const before = shown() && where().top;
  for (const box of [place, place.querySelector('.hint')]) box.scrollTop = box.scrollHeight;
  return before !== false && shown() && where().top === before; }
"""
"""Whether the hint's × lies wholly within the hint's place and on top, and stays there (pinned)
once the hint is scrolled to its end."""


def check_side_hint(page: Page, lang: str, name: str) -> None:
    """The hint open at 844x390, the page unscrolled: :data:`HINT_HIDDEN_JS` finds nothing, the ×
    pinned (:data:`CLOSE_PINNED_JS`), :data:`NAMED_JS` finds nothing."""
    if not page.get_by_test_id("hint").count():
        page.get_by_test_id("actions").locator("button[data-action='hint']").click()
    expect(page.get_by_test_id("hint")).to_be_visible()
    expect(page.get_by_test_id("flying")).to_have_count(0)
    page.evaluate("window.scrollTo(0, 0)")
    check_rendering(page, lang, name)
    assert page.evaluate(HINT_HIDDEN_JS) == [], name
    assert page.evaluate(CLOSE_PINNED_JS), name
    assert page.evaluate(NAMED_JS) == [], name


@pytest.mark.parametrize("lang", ["th", "fa"])
def test_on_its_side_kalookis_hint_shows_whole(pages: Pages, server: Server, lang: str) -> None:
    """Kalooki at 844x390, the hint open before and after each draw of the person's first four turns
    (the tester's, in Thai: its four lines and × under the rack, only the first showing, the meld
    button at y 372-416): :func:`check_side_hint`."""
    person = at_first_turn(pages, server, "kalooki", lang)
    assert isinstance(person, MeldsPerson)
    page = person.page
    page.set_viewport_size({"width": SIDE[0], "height": SIDE[1]})
    for turn in range(4):
        if person.wait_turn_or_end() == "end":
            break
        check_side_hint(page, lang, f"side-kalooki-hint-{lang}-{turn}")
        person.play_move(person.hint()["action"])
        check_side_hint(page, lang, f"side-kalooki-hint-{lang}-{turn}-drawn")
        while not (action := person.hint()["action"]).startswith("discard"):
            person.play_move(action)
        person.play_move(action)
