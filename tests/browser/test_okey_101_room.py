"""101 Okey's rack and its tools against the action bar (issue 28, the sixth tester's items 1 and
2): on a desktop the whole rack of the seat dealt 22 tiles shows above the bar at the deal; the
ways to arrange fold behind one button in the bar (`arrange-menu`), so that they are on the screen
at every size, upright too once the melds fill their box; the işlek tiles are marked on the rack
itself. Screenshots go to the artifacts."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from browser_support import Pages, artifact, check_rendering
from playwright.sync_api import expect
from table_driver import Deal, Dealt, Okey101Person, Person, catalog, dealt_server, open_dealt
from test_accessibility import play_a_turn
from test_phone_layout import MELDS_ROOM, SIDE, UPRIGHT, boxes, off_screen, overlap

from rummykit.core.notation import format_face
from rummykit.core.pieces import Kind
from test_server_support import Server

DESKTOP = (1280, 800)

DEALS: dict[str, Deal] = {
    "starter-tr": (6, {"rounds": 1}, "tr", "Ayşe"),
    "starter-th": (10, {"rounds": 1}, "th", "อัน"),
    "upright-fa": (102, {"rounds": 1}, "fa", "آنا"),
}
"""Seeds 6 and 10 make seat 0, the person's, the starter: 22 tiles, the first turn (no meld yet).
Seed 102's match, the bots greedy and the person playing the hint (the greedy bot's move), is
the same each time: after each of the person's six draws the hand holds işlek tiles, the table's
melds 5 at the first, 11 at the second, 20 at the last (an unseeded deal's hand may hold none
until the stock runs out)."""


@pytest.fixture(scope="module")
def dealt(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict[str, Dealt]]]:
    """A server of this module's own whose tables (:data:`DEALS`) deal their seeds."""
    with dealt_server(tmp_path_factory.mktemp("dealt-101-room") / "rummykit.db", "okey_101", DEALS) as found:
        yield found


ON_TOP_JS = """
(els) => els.filter((el) => { const b = el.getBoundingClientRect();
  const top = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
  const inside = b.top >= 0 && b.bottom <= innerHeight && b.left >= 0 && b.right <= innerWidth;
  return !(inside && el.contains(top)); })
  .map((el) => [el.textContent.trim(), Math.round(el.getBoundingClientRect().top)])
"""
"""The elements not wholly on the screen or not drawn topmost at their centre (a press misses them)."""


OVERFLOWING_JS = "(el) => el.scrollHeight > el.clientHeight + 1"
"""Whether the melds' box holds more than it shows."""

SHOWN_MARK_JS = """
(els) => els.filter((el) => { el.scrollIntoView({block: 'nearest'}); const b = el.getBoundingClientRect();
  const mark = getComputedStyle(el, '::before').content;
  const top = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
  return mark !== '"!"' || !el.contains(top); })
  .map((el) => el.dataset.piece)
"""
"""The marked pieces without their mark, or not drawn topmost once the page brings them into view."""


def check_arranging(person: Person, lang: str, name: str) -> dict[str, Any]:
    """The page unscrolled: the arranging menu's button on the screen and on top, its choices (the
    ways and the auto-arrange checkbox) hidden; opened, each choice so, Escape folds them, and so
    does a press outside; a way chosen folds them and asks the server to arrange the rack, whose
    answer the rack shows: its pieces in their slots, its melds' slots grouped (a hand may hold no
    meld, after turns that laid them all: then none). Returns that answer."""
    page = person.page
    page.evaluate("window.scrollTo(0, 0)")
    menu = page.get_by_test_id("arrange-menu")
    choices = page.get_by_test_id("arrange-choices")
    expect(menu).to_be_visible()
    assert menu.evaluate_all(ON_TOP_JS) == [], name
    expect(choices).to_be_hidden()
    menu.click()
    expect(choices).to_be_visible()
    expect(menu).to_have_attribute("aria-expanded", "true")
    check_rendering(page, lang, f"{name}-open")
    page.screenshot(path=str(artifact(f"{name}-open-screen.png")))
    assert choices.locator("button, [data-testid=arrange-on-deal]").evaluate_all(ON_TOP_JS) == [], name
    assert page.evaluate("scrollY") == 0, name
    page.keyboard.press("Escape")
    expect(choices).to_be_hidden()
    menu.click()
    page.get_by_test_id("table").locator("h1").click()
    expect(choices).to_be_hidden()
    menu.click()
    before = len(person.racks)
    choices.locator("button").first.click()
    expect(choices).to_be_hidden()
    answer = person.arranged(before)
    shown = [None if face is None else format_face(Kind.TILES, face) for face in answer["slots"]]
    for _ in range(50):
        if person.slots() == shown:
            break
        page.wait_for_timeout(100)
    assert person.slots() == shown, name
    grouped = [slot for start, end in answer["groups"] for slot in range(start, end)]
    found = person.rack.locator(".slot.grouped").evaluate_all(
        "(els) => els.map((el) => Number(el.dataset.slot))"
    )
    assert found == grouped, name
    return answer


def test_at_the_deal_the_rack_and_its_arranging_show(
    pages: Pages, dealt: tuple[Server, dict[str, Dealt]]
) -> None:
    """The seat dealt 22 tiles at its first turn, at 1280x800 in Turkish and at 844x390 in Thai (the
    tester's: at 1280x800 the rack at y 580-785 under the bar from 746, Seri diz… at 855-895 below
    the screen; on its side the arranging buttons at 410-454, below the screen): every piece of
    the rack wholly on the screen and clear of the bar, the page unscrolled; the arranging as
    :func:`check_arranging`."""
    server, tables = dealt
    for key, size in (("starter-tr", DESKTOP), ("starter-th", SIDE)):
        person = open_dealt(pages, server, tables[key], Okey101Person, "okey101-room")
        page = person.page
        page.set_viewport_size({"width": size[0], "height": size[1]})
        assert person.wait_turn_or_end() != "end"
        expect(person.rack.locator("button[data-piece]")).to_have_count(22)
        expect(page.get_by_test_id("flying")).to_have_count(0)
        page.evaluate("window.scrollTo(0, 0)")
        name = f"okey101-deal-{key}-{size[0]}x{size[1]}"
        check_rendering(page, tables[key].lang, name)
        page.screenshot(path=str(artifact(f"{name}-screen.png")))
        assert off_screen(page, ("[data-testid=rack] .piece",)) == [], name
        # the seeded deal's 22 tiles hold melds: the arranged rack groups them
        assert check_arranging(person, tables[key].lang, name)["groups"], name


def test_upright_with_melds_the_arranging_and_the_isleks_show(
    pages: Pages, dealt: tuple[Server, dict[str, Dealt]]
) -> None:
    """101 Okey at 390x844 in Persian (seed 102, :data:`DEALS`), turns played until the melds
    fill their box (the fifth tester's item 6: the arranging buttons, the checkbox and the işlek
    line at y 757-851 under the bar from 786), then after the draw: the melds' box still at least
    :data:`MELDS_ROOM` tall, the arranging as :func:`check_arranging`; at the first turn whose
    hand holds işlek tiles, each of them marked on the rack (class ``fined``, a "!" drawn on it,
    its name saying so), drawn topmost once brought into view."""
    server, tables = dealt
    person = open_dealt(pages, server, tables["upright-fa"], Okey101Person, "okey101-room")
    page = person.page
    page.set_viewport_size({"width": UPRIGHT[0], "height": UPRIGHT[1]})
    box = page.get_by_test_id("melds")
    rng = random.Random(13)
    for _ in range(40):
        if box.evaluate(OVERFLOWING_JS) or person.wait_turn_or_end() == "end":
            break
        play_a_turn(person, "okey_101", rng)
    name = f"upright-okey_101-fa-melds-{UPRIGHT[0]}x{UPRIGHT[1]}"
    arranged = False
    for _ in range(12):
        assert person.wait_turn_or_end() != "end", "the round ended before a hand held işlek tiles"
        action = person.hint()["action"]
        if action.split()[0] in ("draw", "take"):
            person.play_move(action)
        expect(page.get_by_test_id("flying")).to_have_count(0)
        if not arranged:
            assert box.evaluate("(el) => el.getBoundingClientRect().height") >= MELDS_ROOM
            check_arranging(person, "fa", name)
            arranged = True
        isleks = person.last_view()["islek"]
        if isleks:
            break
        play_a_turn(person, "okey_101", rng)
    assert isleks, "no hand held işlek tiles in 12 turns"
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(artifact(f"{name}-islek-screen.png")))
    marked = person.rack.locator(".piece.fined")
    expect(marked).not_to_have_count(0)
    assert set(marked.evaluate_all("(els) => els.map((el) => el.dataset.piece)")) == set(isleks)
    word = catalog("fa")["piece_fined"]
    labels = marked.evaluate_all("(els) => els.map((el) => el.ariaLabel)")
    assert all(label.endswith(word) for label in labels), labels
    assert marked.evaluate_all(SHOWN_MARK_JS) == []


def test_on_a_desktop_the_moves_show_above_the_bar(
    pages: Pages, dealt: tuple[Server, dict[str, Dealt]]
) -> None:
    """The starter's first turn at 1280x800 in Turkish and in Thai, the tiles of a legal meld
    selected (the lead's: the opening count and the Meld and Pair buttons from y 712, under the bar
    from 746, the page scrolled to reach them): every move button and the opening count wholly on
    the screen and clear of the bar, the page unscrolled, no rack piece under them; Discard then
    pressed, the refusal (one tile to throw) over none of them (beside the seat it lay under them)."""
    server, tables = dealt
    for key in ("starter-tr", "starter-th"):
        person = open_dealt(pages, server, tables[key], Okey101Person, "okey101-room")
        page = person.page
        page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
        assert person.wait_turn_or_end() != "end"
        expect(page.get_by_test_id("flying")).to_have_count(0)
        melds = [a["text"] for a in person.last_view()["legal"] if a["text"].split()[0] == "meld"]
        assert melds, "the seeded deal holds no meld"
        person.choose(melds[0].split()[1:])
        moves = page.get_by_test_id("moves")
        expect(moves.locator("button[data-move^='meld ']").first).to_be_visible()
        page.evaluate("window.scrollTo(0, 0)")
        name = f"okey101-moves-{key}-{DESKTOP[0]}x{DESKTOP[1]}"
        check_rendering(page, tables[key].lang, name)
        page.screenshot(path=str(artifact(f"{name}-screen.png")))
        shown = ("[data-testid=moves] button[data-move]", "[data-testid=opening] .opening")
        assert off_screen(page, shown) == [], name
        assert page.evaluate("scrollY") == 0, name
        found = boxes(page, ("[data-testid=moves]", "[data-testid=rack] .piece"))
        group = found["[data-testid=moves]"][0]
        assert [p for p in found["[data-testid=rack] .piece"] if overlap(p, group)] == [], name
        page.get_by_test_id("actions").locator("button[data-action='discard']").click()
        expect(page.get_by_test_id("error")).to_be_visible()
        page.screenshot(path=str(artifact(f"{name}-refused-screen.png")))
        found = boxes(page, ("[data-testid=error]", *shown))
        note = found["[data-testid=error]"][0]
        assert [b for s in shown for b in found[s] if overlap(b, note)] == [], name
