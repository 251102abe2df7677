"""The table page around the play itself: the round end as a dialog that the next round waits
for, the log's line where each round starts, the hint under the rack with its pieces
marked, notices that take no room of their own, two tabs of one seat that keep one rack order,
links to a seat that doesn't exist or is taken, a seat key the server refuses, the waiting room's
Start button, and the create form's per-game help and digits."""

from __future__ import annotations

import random
import re
import time
from typing import Any

from browser_support import Pages, artifact, check_rendering, wrapped_texts
from playwright.sync_api import Page, expect
from table_driver import PIECE, Person

from test_server_support import SeatClient, Server, make_table, play_first_round

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

IN_VIEW_JS = """
(el) => {
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
}
"""
"""Whether the element lies wholly inside the viewport (without scrolling)."""

TILES_JS = "(tiles) => tiles.map((t) => t.dataset.tile)"
"""The notation of the tiles drawn in a text (``data-tile``)."""

REACHABLE_JS = """
(el) => {
  // what a click at the element's centre would hit is the element (or inside it)
  const r = el.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return top !== null && (top === el || el.contains(top));
}
"""


def table(server: Server, people: int = 1, **options: Any) -> dict[str, Any]:
    """An Okey table whose first ``people`` seats are open and the rest greedy bots that move at
    once; the create answer (not started)."""
    seats = [{"kind": "person"}] * people + [{"kind": "bot", "level": "greedy"}] * (4 - people)
    body = {"variant": "okey", "options": {"rounds": 1, **options}, "seats": seats, "bot_delay": 0}
    created: dict[str, Any] = server.post("/tables", body, status=201)
    return created


def start(server: Server, created: dict[str, Any]) -> None:
    server.post(f"/tables/{created['table']}/start", {"token": created["owner_token"]})


def test_the_round_end_is_a_dialog_the_next_round_waits_for(pages: Pages, server: Server) -> None:
    created = table(server, rounds=2)
    page = pages.new("rounds", **DESKTOP)
    person = Person(page, server, created["table"])
    person.sit(0, "Ann")
    start(server, created)
    rng = random.Random(5)
    while (status := person.wait_turn_or_end()) != "end":
        person.play_turn(rng, status)
    dialog = page.get_by_test_id("round-end")
    expect(dialog).to_be_visible()
    assert dialog.evaluate("(d) => d.tagName === 'DIALOG' && d.open && d.matches(':modal')")
    assert dialog.evaluate(IN_VIEW_JS), "the round end is not on the screen"
    expect(dialog.locator("h2")).to_be_focused()
    expect(dialog.locator("h2")).to_have_text("Round 1 is over")
    # the table's head still names the round that ended (it named the next one, dealt behind)
    expect(page.get_by_test_id("table").locator(".round")).to_have_text("Round 1")
    page.screenshot(path=str(artifact("round-end-dialog-en-desktop.png")))
    # the next round is dealt behind it, out of reach until Continue
    expect(person.rack.locator("button[data-piece]").first).to_be_attached()
    assert not person.rack.locator("button[data-piece]").first.evaluate(REACHABLE_JS)
    log = page.get_by_test_id("log").locator("li")
    expect(log.filter(has_text=re.compile("^Round 2$"))).to_have_count(1)
    assert log.first.inner_text() == "Round 1"

    dialog.get_by_role("button", name="Continue").click()
    expect(dialog).to_have_count(0)
    status = person.wait_turn_or_end()
    assert status not in ("end", ""), status
    assert person.rack.locator("button[data-piece]").first.evaluate(REACHABLE_JS)
    expect(page.get_by_test_id("table").locator(".round")).to_have_text("Round 2")


def test_the_score_sheet_fits_its_panel_with_long_names(pages: Pages, server: Server) -> None:
    """On a phone and beside the board, the score sheet shows every column without scrolling:
    "Round" and short names ("Bot 3") stay on one line, and only long names break."""
    created = table(server, people=2)
    page = pages.new("long-names", **PHONE)
    person = Person(page, server, created["table"])
    person.sit(0, "Maximiliano Fernández-Castillo")
    server.post(f"/tables/{created['table']}/seats/1/join", {"name": "Wolfgangamadeus"})
    start(server, created)
    scores = page.get_by_test_id("scores")
    heads = scores.locator("thead th")
    expect(heads).to_have_count(5)
    for size, name in ((PHONE, "phone"), (DESKTOP, "desktop")):
        page.set_viewport_size(size)
        check_rendering(page, "en", f"score-sheet-long-names-{name}")
        sheet = scores.locator(".sheet")
        assert sheet.evaluate("(el) => el.scrollWidth <= el.clientWidth"), f"the sheet scrolls ({name})"
        short = "[data-testid=scores] thead th:is(:first-child, :nth-child(4), :nth-child(5))"
        assert wrapped_texts(page, short) == []
        assert [heads.nth(s).text_content() for s in range(5)] == [
            "Round",
            "Maximiliano Fernández-Castillo",
            "Wolfgangamadeus",
            "Bot 3",
            "Bot 4",
        ]


def test_the_turn_timer_stands_still_during_the_break_between_rounds(pages: Pages, server: Server) -> None:
    # a two-seat Okey table of two people (scripted clients) whom a page watches; after the first
    # round the seat to move gets its full turn once the 3 s break is over, as on the server
    created, tokens = make_table(
        server, options={"players": 2, "rounds": 2}, persons=2, turn_seconds=10, round_break_seconds=3
    )
    table = created["table"]
    page = pages.new("round-break", **DESKTOP)
    page.goto(f"/#/t/{table}")
    timer = page.get_by_test_id("timer")
    expect(timer).to_be_visible()
    clients = [SeatClient(server, table, seat, token) for seat, token in enumerate(tokens)]
    dealt = play_first_round(server, table, clients)
    assert dealt["break_left"] > 2
    dialog = page.get_by_test_id("round-end")
    expect(dialog).to_be_visible()
    pause = dialog.get_by_test_id("round-break")
    expect(pause).to_have_text("The next round starts in 1 s")
    expect(timer).to_have_text("10 s")
    check_rendering(page, "en", "round-break-en-1280x800")
    expect(pause).to_have_count(0)
    expect(timer).to_have_text("9 s")
    # then it counts down (a loaded machine may paint one second's text too briefly to be seen)
    page.wait_for_function(
        "() => parseInt(document.querySelector('[data-testid=timer]').textContent) <= 8", polling=50
    )
    for client in clients:
        client.close()


def test_a_page_opened_mid_turn_shows_the_time_the_turn_has_left(pages: Pages, server: Server) -> None:
    # the seat to move has used 4 s of its 30 when a page opens: it shows what the server will
    # allow, not a full turn counted from the page's arrival
    created, tokens = make_table(
        server, options={"players": 2}, persons=2, turn_seconds=30, round_break_seconds=0
    )
    clients = [SeatClient(server, created["table"], seat, token) for seat, token in enumerate(tokens)]
    clients[0].until("sync")
    time.sleep(4)
    page = pages.new("turn-left", **DESKTOP)
    page.goto(f"/#/t/{created['table']}")
    timer = page.get_by_test_id("timer")
    expect(timer).to_be_visible()
    shown = int(timer.inner_text().split()[0])
    assert 20 <= shown <= 26, shown
    for client in clients:
        client.close()


def test_hint_marks_its_pieces_and_notices_move_nothing(pages: Pages, server: Server) -> None:
    created = table(server)
    page = pages.new("hint", **DESKTOP)
    person = Person(page, server, created["table"])
    person.sit(0, "Ann")
    start(server, created)
    rng = random.Random(9)
    while "draw" not in (status := person.wait_turn_or_end()).split():
        assert status != "end"
        person.play_turn(rng, status)
    actions = page.get_by_test_id("actions")

    actions.locator("[data-action=hint]").click()
    hint = page.get_by_test_id("hint")
    expect(hint).to_be_visible()
    assert hint.evaluate(IN_VIEW_JS), "the hint is off the screen"
    expect(page.locator(".stock.hinted, .pile.hinted")).to_have_count(1)

    person.press("draw", status)
    expect(person.rack).to_have_attribute("aria-busy", "false")
    # where the rack lies on the page (not in the viewport: the page scrolls the hint into view)
    on_page = "(e) => { const r = e.getBoundingClientRect(); return [r.left + scrollX, r.top + scrollY]; }"
    rack_top = person.rack.evaluate(on_page)
    actions.locator("[data-action=hint]").click()
    expect(hint).to_be_visible()
    assert hint.evaluate(IN_VIEW_JS), "the hint is off the screen"
    marked = person.rack.locator("button.hinted")
    expect(marked.first).to_be_visible()
    pieces = marked.evaluate_all("(buttons) => buttons.map((b) => b.dataset.piece)")
    said = [hint.locator("p").first, hint.locator("p", has_text="You may show the indicator's twin")]
    # the tiles the hint names, drawn in its text as tiles
    words = {w for p in said if p.count() for w in p.locator("[data-tile]").evaluate_all(TILES_JS)}
    assert all(PIECE.match(p) for p in pieces) and set(pieces) <= words, (pieces, words)
    page.screenshot(path=str(artifact("hint-en-desktop.png")))
    assert person.rack.evaluate(on_page) == rack_top, "the hint moved the rack"

    # a notice (no piece selected) shows beside the seat too, and moves nothing either
    person.deselect()
    actions.get_by_role("button", name="Discard", exact=True).click()
    expect(page.get_by_test_id("error")).to_contain_text("Select the piece to discard first")
    assert page.get_by_test_id("error").evaluate(IN_VIEW_JS)
    assert person.rack.evaluate(on_page) == rack_top, "the notice moved the rack"
    page.screenshot(path=str(artifact("notice-en-desktop.png")))


def test_a_notice_on_a_phone_lies_over_the_own_seat(pages: Pages, server: Server) -> None:
    created = table(server)
    page = pages.new("phone", color_scheme="dark", **PHONE)
    person = Person(page, server, created["table"])
    person.sit(0, "Ann")
    start(server, created)
    status = person.wait_turn_or_end()
    if "draw" in status.split():
        status = person.press("draw", status)
    assert "discard" in status.split(), status
    expect(person.rack).to_have_attribute("aria-busy", "false")
    # where the rack lies on the page (not in the viewport: the page may scroll to the notice)
    on_page = (
        "(e) => { const r = e.getBoundingClientRect();"
        " return [r.left + scrollX, r.top + scrollY, r.width, r.height]; }"
    )
    rack_at = person.rack.evaluate(on_page)
    person.deselect()
    person.action_button("discard").click()
    expect(page.get_by_test_id("error")).to_be_visible()
    assert person.rack.evaluate(on_page) == rack_at, "the notice moved the rack"
    page.get_by_test_id("actions").locator("[data-action=hint]").click()
    page.screenshot(path=str(artifact("notice-en-phone-dark.png")))


def test_two_tabs_of_one_seat_keep_one_rack_order(pages: Pages, server: Server) -> None:
    created = table(server)
    first = pages.new("tab-1", **DESKTOP)
    person = Person(first, server, created["table"])
    person.sit(0, "Ann")
    start(server, created)
    second = pages.tab(first, "tab-2")
    second.goto(f"/#/t/{created['table']}")
    other = Person(second, server, created["table"])
    for tab in (person, other):
        expect(tab.rack.locator("button[data-piece]").nth(13)).to_be_visible()
        expect(tab.rack).to_have_attribute("aria-busy", "false")
    expect(second.get_by_test_id("seat-0")).to_contain_text("Ann")

    slots = person.slots()
    source = next(i for i, piece in enumerate(slots) if piece is not None)
    target = max(i for i, piece in enumerate(slots) if piece is None)
    person.rack.locator(f"[data-slot='{source}'] button").drag_to(
        person.rack.locator(f"[data-slot='{target}']")
    )
    expect(other.rack.locator(f"[data-slot='{target}'] button")).to_have_attribute(
        "data-piece", str(slots[source])
    )
    moved = other.slots()
    # the deal's own order may be the pairs arrangement: after the drag it is not
    second.get_by_role("button", name="Pairs").click()
    expect(second.get_by_test_id("rack")).to_have_attribute("aria-busy", "false")
    for _ in range(100):
        if person.slots() == other.slots():
            break
        first.wait_for_timeout(100)
    assert person.slots() == other.slots()
    assert person.slots() != moved


def test_an_address_changed_while_the_page_starts_is_followed(pages: Pages, server: Server) -> None:
    """The page follows a change of address made after its first drawing but before it listened
    for changes (CI: a phone sent to its table right after loading stayed in the lobby). The page's
    clock stands still, so its effects (which wait for the next frame) run only once the address
    has changed."""
    created = table(server, people=2)
    page = pages.new("address-at-start", **PHONE)
    page.clock.install()
    page.clock.pause_at(time.time() + 60)
    page.goto("/")
    expect(page.get_by_test_id("display-name")).to_be_visible()  # the first drawing
    page.evaluate("(table) => { location.hash = `#/t/${table}`; }", created["table"])
    page.clock.run_for(1000)
    expect(page.get_by_test_id("waiting")).to_be_visible()


def test_bad_links_and_stale_keys_say_what_happened(pages: Pages, server: Server) -> None:
    created = table(server, people=2)
    tid = created["table"]
    page = pages.new("links", **DESKTOP)
    notice = page.get_by_test_id("link-notice")

    page.goto(f"/#/t/{tid}/seat/9")
    expect(notice).to_contain_text("This invite is for seat 9, but this table has 4 seats.")
    expect(notice).to_contain_text("take an open seat below")
    page.goto(f"/#/t/{tid}/seat/3")
    expect(notice).to_contain_text("This invite is for seat 3, but that seat is taken already.")
    page.goto(f"/#/t/{tid}/seat/abc")
    expect(notice).to_contain_text(
        'This invite\'s seat, "abc", is not a seat number: this table has seats 1 to 4.'
    )
    expect(notice).to_contain_text("take an open seat below")
    expect(page.get_by_test_id("waiting-seat-0").get_by_role("button", name="Sit here")).to_be_visible()

    # the owner's waiting room says why Start waits
    page.evaluate(f"localStorage.setItem('rummykit.owner.{tid}', JSON.stringify('{created['owner_token']}'))")
    page.goto(f"/#/t/{tid}")
    page.reload()
    start_button = page.get_by_test_id("waiting").get_by_role("button", name="Start")
    expect(start_button).to_be_disabled()
    expect(page.get_by_test_id("start-why")).to_have_text(
        "Start waits until every seat is taken: 2 still open. Send the invite links, sit down, or fill"
        " the open seats with bots."
    )
    assert start_button.get_attribute("aria-describedby") == "start-why"
    page.screenshot(path=str(artifact("waiting-start-why-en.png")))

    # a kept key the server refuses: watching, told why, the open seats offered
    page.evaluate(f"localStorage.setItem('rummykit.seat.{tid}', JSON.stringify({{seat: 1, token: 'stale'}}))")
    page.reload()
    expect(notice).to_contain_text("This browser's key for seat 2 at this table is not accepted any more")
    expect(page.get_by_test_id("error")).to_have_count(0)
    expect(page.get_by_test_id("waiting-seat-1").get_by_role("button", name="Sit here")).to_be_visible()
    assert page.evaluate(f"localStorage.getItem('rummykit.seat.{tid}')") is None

    # during a match there is no open seat: watch, or go back to the lobby
    fill = server.post(f"/tables/{tid}/fill", {"token": created["owner_token"], "level": "greedy"})
    assert fill["status"] == "waiting"
    start(server, created)
    page.evaluate(f"localStorage.setItem('rummykit.seat.{tid}', JSON.stringify({{seat: 0, token: 'stale'}}))")
    page.reload()
    # (bots alone may end the match at once)
    expect(page.get_by_test_id("table")).not_to_have_attribute("data-status", "waiting")
    expect(notice).to_contain_text("You are watching the table.")
    expect(notice.get_by_role("link", name="Back to the lobby")).to_be_visible()
    page.screenshot(path=str(artifact("stale-key-en.png")))

    persian = pages.new("links-fa", locale="fa-IR", **PHONE)
    persian.goto(f"/#/t/{tid}/seat/9")
    expect(persian.get_by_test_id("link-notice")).to_contain_text("این دعوت برای صندلی ۹ است")
    persian.screenshot(path=str(artifact("bad-invite-fa-phone.png")))
    turkish = pages.new("links-tr", locale="tr-TR", **PHONE)
    turkish.goto(f"/#/t/{tid}/seat/abc")
    expect(turkish.get_by_test_id("link-notice")).to_contain_text(
        'Bu davetteki koltuk, "abc", bir koltuk numarası değil'
    )


def rules_help(page: Page, name: str) -> str:
    return page.locator(f"#opt-{name}-help").inner_text()


def test_the_create_form_explains_each_game_alone_in_the_readers_digits(pages: Pages, server: Server) -> None:
    page = pages.new("create", **DESKTOP)
    page.goto("/")
    form = page.get_by_test_id("create-table")
    form.locator("details").evaluate_all("(all) => all.forEach((d) => { d.open = true; })")
    form.get_by_test_id("create-game").select_option("okey")
    assert "Kalooki" not in rules_help(page, "rounds"), rules_help(page, "rounds")
    form.get_by_test_id("create-game").select_option("turkish_rummy")
    for name in ("rounds", "hunt_penalty"):
        assert "Kalooki" not in rules_help(page, name), rules_help(page, name)

    page.get_by_test_id("language").select_option("fa")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    form.locator("details").evaluate_all("(all) => all.forEach((d) => { d.open = true; })")
    rounds = form.locator("#opt-rounds")
    expect(rounds).to_have_value("۱۰")
    rounds.fill("۱۲")
    rounds.blur()
    expect(rounds).to_have_value("۱۲")
    rounds.fill("7")
    rounds.blur()
    expect(rounds).to_have_value("۷")
    page.screenshot(path=str(artifact("create-fa-digits.png")), full_page=True)
    for seat in (1, 2, 3):
        form.get_by_test_id(f"create-seat-{seat}").select_option("medium")
    form.locator("button[type=submit]").click()
    expect(page.get_by_test_id("table")).to_have_attribute("data-status", "playing")
    tid = page.url.split("#/t/")[1].split("/")[0]
    assert server.get(f"/tables/{tid}").json()["rules"]["rounds"] == 7
