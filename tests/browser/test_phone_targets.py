"""The page on a phone outside the table's pieces (issue 28, the tester's Persian phone round): the
header's and the lobby's create form's targets at least 44x44 CSS px upright in every language;
the header and the table's head compact on an upright phone, so that the table starts high; the
action buttons on the screen without scrolling on a phone upright and on its side in every game;
nothing on the table left under the pinned action bar (each piece, pile and seat can be scrolled
clear of it); the hint's close button a 44x44 target. Screenshots go to the artifacts."""

from __future__ import annotations

import pytest
from browser_support import Pages, check_rendering
from playwright.sync_api import Page, expect
from table_driver import watched_round_end
from test_accessibility import IN_VIEW_JS, LOCALES, SMALL_TARGETS_JS, seated

from rummykit.variants.registry import VARIANTS
from test_server_support import Server

PHONE = (390, 844)
"""A phone upright (width, height in CSS px)."""
PHONE_SIDE = (844, 390)
"""A phone on its side."""

OUTSIDE_TABLE = ", ".join(
    (
        "header.top :is(a, input, select, button)",
        "[data-testid=create-table] :is(button:not([disabled]), select, summary, label.check, label.button)",
        "[data-testid=create-table] input:not([type=checkbox], [type=file], [type=radio])",
    )
)
"""What a person taps in the page's header and in the lobby's create form (a checkbox's target is
its whole label, a file input's its button-like label)."""

UNDER_BAR_JS = """
(elements) => {
  // each shown element scrolled to the middle of the screen (or as far as the page scrolls): the
  // ones whose middle is still covered by something else (a pinned bar), with where they are
  const hidden = [];
  for (const el of elements) {
    if (!el.checkVisibility({visibilityProperty: true})) continue;
    el.scrollIntoView({block: "center", inline: "nearest", behavior: "instant"});
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
    const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
    const top = document.elementFromPoint(x, y);
    if (top && !el.contains(top) && !top.contains(el)) {
      const name = el.dataset.piece || el.dataset.testid || el.className;
      const over = top.closest('[data-testid]')?.dataset.testid || top.className;
      hidden.push(`${name} at y ${Math.round(r.top)} under ${over}`);
    }
  }
  window.scrollTo(0, 0);
  return hidden;
}
"""
ON_TABLE = (
    "[data-testid=table] :is(.board :is(.piece, button, select, summary), .pile, .stock, .seat, .indicator)"
    ":not(.actions *, [data-testid=round-end] *)"
)
"""What lies on the table and must be reachable: the pieces, piles, the stock, the seats, every
button and menu of the table (the rack's tools among them)."""


@pytest.mark.parametrize("lang", list(LOCALES))
def test_header_and_create_form_targets_on_a_phone(pages: Pages, lang: str) -> None:
    """At 390x844 in ``lang``: every link, field and menu of the header and every button, field,
    menu, checkbox row and disclosure of the lobby's create form at least 44x44 CSS px (the tester
    met a name field 112x37, "Sign in" 37x22 in Persian, checkbox rows 22 px tall, the rules
    toggle 32 px)."""
    page = pages.new(f"phone-lobby-{lang}", locale=LOCALES[lang])
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.goto("/")
    expect(page.get_by_test_id("create-table")).to_be_visible()
    check_rendering(page, lang, f"phone-lobby-{lang}-{PHONE[0]}x{PHONE[1]}")
    targets = page.locator(OUTSIDE_TABLE)
    assert targets.count() >= 8, targets.count()
    small = targets.evaluate_all(SMALL_TARGETS_JS)
    assert small == [], (lang, small)


HEAD_TO_BOARD = 16
"""The most CSS px between the table head's bottom and the board's top (the page's gap is 0.8rem;
on its side the tester's phone kept some 50 px empty there, a gap for each empty row of the
notice and the refusal)."""

BOARD_GAP_JS = """
(page) => page.querySelector('.board').getBoundingClientRect().top
  - page.querySelector('.table-head').getBoundingClientRect().bottom
"""


def check_phone_layout(page: Page, lang: str, name: str) -> None:
    """Upright and on its side: the actions on the screen at the page's top and its bottom, and
    nothing on the table left under them; the board right below the table's head (no empty space
    over it); upright, the board starting in the screen's upper quarter."""
    actions = page.get_by_test_id("actions").locator("button")
    assert actions.count() > 0
    for width, height in (PHONE, PHONE_SIDE):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(100)
        check_rendering(page, lang, f"{name}-{width}x{height}")
        if height > width:
            top = page.locator("[data-testid=table] .board").first.evaluate(
                "(el) => el.getBoundingClientRect().top"
            )
            assert top < height / 4, (name, "the board starts at y", top)
        gap = page.get_by_test_id("table").evaluate(BOARD_GAP_JS)
        assert gap <= HEAD_TO_BOARD, (name, width, height, "empty above the board", gap)
        for where in ("0", "document.body.scrollHeight"):
            page.evaluate(f"window.scrollTo(0, {where})")
            off = actions.evaluate_all(IN_VIEW_JS)
            assert off == [], (name, width, height, where, off)
        hidden = page.locator(ON_TABLE).evaluate_all(UNDER_BAR_JS)
        assert hidden == [], (name, width, height, hidden)
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_phone_table_actions_on_screen_and_nothing_under_them(
    pages: Pages, server: Server, variant: str
) -> None:
    """The table of ``variant`` in Persian at the person's first turn (the tester's 101 Okey: the
    pinned rack panel covered the indicator, the okey and the side piles; Okey's actions lay at y
    1007-1051 of an 844 px screen): :func:`check_phone_layout`; then the hint shown, its close
    button a 44x44 target (it was 44x32), and the layout checked again."""
    person = seated(pages, server, variant, "fa")
    page = person.page
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    assert person.wait_turn_or_end() != "end"
    check_phone_layout(page, "fa", f"phone-{variant}-fa-first")
    page.get_by_test_id("actions").locator("button[data-action='hint']").click()
    close = page.get_by_test_id("hint").locator("button.close")
    expect(close).to_be_visible()
    small = close.evaluate_all(SMALL_TARGETS_JS)
    assert small == [], small
    check_rendering(page, "fa", f"phone-{variant}-fa-hint-{PHONE[0]}x{PHONE[1]}")


SCORES_SHOWN_JS = """
(end) => {
  // the score table's and the break's bottom edges against the bottom of the dialog's body as
  // shown before it is scrolled (CSS px from the window's top)
  const body = end.querySelector(".round-end-body");
  body.scrollTop = 0;
  const shown = body.getBoundingClientRect().bottom;
  const table = end.querySelector("table").getBoundingClientRect().bottom;
  const pause = end.querySelector("[data-testid=round-break]");
  return {shown, table, pause: pause ? pause.getBoundingClientRect().bottom : null};
}
"""


def test_round_end_scores_first_on_a_phone_on_its_side(pages: Pages, server: Server) -> None:
    """A round of Kalooki among four greedy bots, watched in Persian at 844x390 (the tester's
    scores lay below the dialog's fold, under every hand, while the next round started by itself):
    at the round end, before its body is scrolled, the dialog shows the score table and the
    seconds left of the break."""
    page = watched_round_end(pages, server, "phone-round-end-fa", LOCALES["fa"], PHONE_SIDE)
    end = page.get_by_test_id("round-end")
    expect(end.get_by_test_id("round-break")).to_be_visible()
    check_rendering(page, "fa", f"phone-round-end-fa-{PHONE_SIDE[0]}x{PHONE_SIDE[1]}")
    edges = end.evaluate(SCORES_SHOWN_JS)
    assert edges["pause"] is not None, edges
    assert edges["table"] <= edges["shown"] and edges["pause"] <= edges["shown"], edges
