"""Issue 28's defect 9: a seat has one name and one number on every page, in the page's language
and digits: the waiting room and its invite link (the address numbers seats from 1, as the page
does), the lobby's list, the table during the match and the replay of its game (the bots' levels
in the page's words there too). Screenshots at 390x844, 844x390 and 1280x800."""

from __future__ import annotations

import json
import re
import time

import pytest
from browser_support import Pages, check_rendering, cut_words, digits, fill
from playwright.sync_api import Page, expect
from table_driver import Person, catalog
from test_chat import sign_up

from test_server_support import Server, bots_play_to_end

LOCALES = {"en": "en-US", "fa": "fa-IR"}
SIZES = ((390, 844), (844, 390), (1280, 800))
"""A phone upright, a phone on its side, a desktop (width, height)."""


def in_language(pages: Pages, lang: str, label: str) -> Page:
    """A new page (a separate person) that shows the client in ``lang``."""
    page = pages.new(f"{label}-{lang}", locale=LOCALES[lang])
    page.add_init_script(f"localStorage.setItem('rummykit.lang', {json.dumps(json.dumps(lang))});")
    return page


def shots(page: Page, lang: str, name: str) -> None:
    """:func:`check_rendering` at every one of :data:`SIZES`; back to the desktop."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        check_rendering(page, lang, f"{name}-{lang}-{width}x{height}")
    page.set_viewport_size({"width": 1280, "height": 800})


def names_of(page: Page, test_id: str, seats: int) -> list[str]:
    """The names the page shows under ``<test_id>-<n>`` for each seat ``n``."""
    return [page.get_by_test_id(f"{test_id}-{n}").inner_text().strip() for n in range(seats)]


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_seat_has_one_name_and_number_in_the_invite_the_lobby_the_table_and_the_replay(
    pages: Pages, server: Server, lang: str
) -> None:
    words = catalog(lang)
    body = {
        "variant": "okey",
        "options": {"rounds": 1},
        # the greedy bot is the menu's medium (the API's and `connect`'s default): tagged so
        "seats": [{"kind": "person"}] * 2
        + [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "greedy"}],
        "bot_delay": 0,
        "round_break_seconds": 0,
        "grace_seconds": 0,
        "public": True,
    }
    created = server.post("/tables", body, status=201)
    table = created["table"]
    bot = [fill(words["seat_bot_name"], n=digits(lang, n)) for n in (3, 4)]
    easy = fill(words["seat_bot"], level=words["bot_easy"])
    medium = fill(words["seat_bot"], level=words["bot_medium"])
    names = ["Ann", "Bob", *bot]

    # Ann's waiting room: the open second seat is "Seat 2", its invite says 2 and links seat/2
    ann = Person(in_language(pages, lang, "names-ann"), server, table, english=lang == "en")
    ann.sit(0, "Ann")
    room = ann.page
    second = fill(words["seat_number"], n=digits(lang, 2))
    expect(room.get_by_test_id("waiting-seat-1")).to_contain_text(second)
    invite = room.get_by_test_id("invite-1")
    expect(invite).to_have_attribute("aria-label", fill(words["waiting_invite"], n=digits(lang, 2)))
    link = invite.input_value()
    assert link.endswith(f"#/t/{table}/seat/2"), link
    expect(room.get_by_test_id("waiting-name-2")).to_have_text(bot[0])
    expect(room.get_by_test_id("waiting-seat-2")).to_contain_text(easy)
    shots(room, lang, "seat-names-invite")

    # Bob follows the link: the page offers him that seat, and he sits there
    bob = in_language(pages, lang, "names-bob")
    bob.goto(link)
    place = bob.get_by_test_id("waiting-seat-1")
    expect(place).to_have_class(re.compile(r"\binvited\b"))
    expect(bob.get_by_test_id("link-notice")).to_have_count(0)
    bob.get_by_test_id("display-name").fill("Bob")
    place.get_by_role("button").click()
    expect(place).to_contain_text("Bob")
    assert [s["name"] for s in server.get(f"/tables/{table}").json()["seats"]][:2] == ["Ann", "Bob"]

    # the lobby lists the table's seats by the same names
    lobby = in_language(pages, lang, "names-lobby")
    lobby.goto("/")
    listed = lobby.get_by_test_id(f"open-table-{table}")
    for name in names:
        expect(listed).to_contain_text(name)

    # the table during the match
    server.post(f"/tables/{table}/start", {"token": created["owner_token"]})
    expect(room.get_by_test_id("table")).to_have_attribute("data-status", "playing")
    expect(room.get_by_test_id("seat-name-3")).to_be_visible()
    assert names_of(room, "seat-name", 4) == names
    expect(room.get_by_test_id("seat-2")).to_contain_text(easy)
    expect(room.get_by_test_id("seat-3")).to_contain_text(medium)
    shots(room, lang, "seat-names-table")

    # the people leave, bots stand in and end the match: its replay names the seats alike
    room.close()
    bob.close()
    deadline = time.monotonic() + 120
    while (info := server.get(f"/tables/{table}").json())["status"] != "finished":
        assert time.monotonic() < deadline, info
        time.sleep(0.2)
    replay = in_language(pages, lang, "names-replay")
    replay.goto(f"/#/replay/{info['game']}/0")
    hands = replay.get_by_test_id("hands")
    expect(hands.get_by_test_id("hand-3")).to_be_visible()
    shown = hands.locator(".replay-hand-name bdi").all_inner_texts()
    assert [name.strip() for name in shown] == names
    levels = hands.locator(".replay-hand-name").all_inner_texts()
    assert [(easy in text, medium in text) for text in levels] == [
        (False, False),
        (False, False),
        (True, False),
        (False, True),
    ], levels
    shots(replay, lang, "seat-names-replay")


NAMES_IN_TEXT_JS = """async (lang) => {
  const i18n = await import("/static/js/i18n.js");
  await i18n.setLanguage(lang);
  await i18n.loadCatalogPart("kalooki");
  const ctx = { seatName: (seat) => ["سارا", "tom_t3"][seat] };
  return ["سارا", "tom_t3"].flatMap((name, seat) => [
    i18n.t("kalooki_seat_points", { name, points: "+8" }),
    i18n.t("turn_other", { name }),
    i18n.t("replay_drew", { seat, piece: "5S" }, ctx),
  ]);
}"""
"""The texts of a name parameter and a seat parameter (its name from ``ctx.seatName``) for a
Persian name (seat 0) and a Latin one (seat 1), in the page's language ``lang``."""

FSI, PDI = "\u2068", "\u2069"


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_name_in_running_text_is_isolated_from_the_other_script(pages: Pages, lang: str) -> None:
    """The tester's 27: "Hand values: 8+ :سارا, Bot 3: +95" on an English page (a Persian name took
    the colon and the number into its own direction). A name written into a sentence (a ``name``
    parameter or a seat's) is one unit in its own direction wherever it could run the other way:
    a Persian name on an English page, any name on a Persian page."""
    page = in_language(pages, lang, "names-in-text")
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    texts = page.evaluate(NAMES_IN_TEXT_JS, lang)
    persian, latin = texts[:3], texts[3:]
    for text in persian:
        assert f"{FSI}سارا{PDI}" in text, (lang, text)
    for text in latin:
        # a Latin name needs no isolate on an English page; on a Persian one it has one
        isolated = lang == "fa"
        assert (f"{FSI}tom_t3{PDI}" in text) == isolated and text.count(FSI) == isolated, (lang, text)


def test_upright_the_own_seat_breaks_no_name_rating_or_you(pages: Pages, server: Server) -> None:
    """A tester's Kalooki in Persian, signed in at a rated table with a turn timer, at 390x844:
    the own seat's name, rating and "(you)" each whole on its line (the seat's three columns, its
    turn clock 4rem wide, left the name 47 px: "sar/a56/58", the rating read as two numbers,
    "(شما" over ")"); at 844x390 and 1280x800 too."""
    page = in_language(pages, "fa", "own-seat-timer")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/")
    sign_up(page, "sara5658")
    page.reload()
    page.select_option("[data-testid=create-game]", "kalooki")
    for seat in (1, 2, 3):
        page.select_option(f"[data-testid=create-seat-{seat}]", "easy")
    page.select_option("[data-testid=create-timer]", "45")
    page.check("[data-testid=create-rated]")
    page.locator("[data-testid=create-table] button[type=submit]").click()
    own = page.locator(".me .seat")
    expect(own.locator("[data-testid=turn-clock]")).to_be_visible(timeout=30_000)
    expect(own.locator(".rating")).to_be_visible()
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        assert cut_words(page) == [], (width, height)
        check_rendering(page, "fa", f"own-seat-timer-fa-{width}x{height}")


SEPARATED_JS = """(list) => [...list.children].map((seat) => getComputedStyle(seat, '::before').content)"""
"""The content drawn before each seat of a list of seats (``none`` for nothing)."""


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_lobby_tells_one_seats_name_from_the_next(pages: Pages, server: Server, lang: str) -> None:
    """The user tester's item (2026-12-07): the lobby wrote a table's seats, and a finished game's
    names and scores, one after the other with a space between ("Ayşe Kaya open Bot 3 Bot 4",
    "Bot 1 89 Bot 2 170"): where one name ended and the next began was a guess. A bar that
    screen readers skip now stands between two seats."""
    body = {"variant": "okey", "seats": [{"kind": "person"}] * 2 + [{"kind": "bot", "level": "easy"}] * 2}
    created = server.post("/tables", {**body, "public": True}, status=201)
    table = created["table"]
    server.post(f"/tables/{table}/seats/0/join", {"name": "Ayşe Kaya"})
    done = bots_play_to_end(server, "okey", {"rounds": 1})
    page = in_language(pages, lang, "lobby-separators")
    page.goto("/")
    seats = page.get_by_test_id(f"open-table-{table}").locator(".seat-list")
    expect(seats).to_contain_text("Ayşe Kaya")
    finished = page.get_by_test_id(f"replay-{done['game']}").locator("xpath=..").locator(".seat-list")
    for names in (seats, finished):
        marks = names.evaluate(SEPARATED_JS)
        assert len(marks) == 4 and marks[0] == "none", marks
        assert all("|" in mark for mark in marks[1:]), marks  # a middle dot reads as the Persian 0
    # a seat's name and its score are told apart too: "Bot 1 213" read as one number in Persian
    # («ربات ۱ ۲۱۳», a later tester's); now "Bot 1: 213"
    scores = finished.locator(":scope > span").all_inner_texts()
    assert len(scores) == 4 and all(re.fullmatch(r".+: \S+", text.strip()) for text in scores), scores
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        check_rendering(page, lang, f"lobby-separators-{lang}-{width}x{height}")


SHARED_NAME_JS = """(seat) => {
  // a seat's name on the board: its words that tell it from another seat of the name (none: null),
  // whether they show whole inside the seat's panel, and whether the name beside them is cut
  const panel = document.querySelector(`[data-testid=seat-${seat}]`);
  const words = panel.querySelector(".seat-name .seat-words");
  const name = panel.querySelector(".seat-name .shared-name");
  if (!words || !name) return null;
  const inside = (box, outer) =>
    box.width > 0 && box.left >= outer.left - 0.5 && box.right <= outer.right + 0.5
    && box.top >= outer.top - 0.5 && box.bottom <= outer.bottom + 0.5;
  const shown = words.getBoundingClientRect();
  const clip = words.closest(".seat-name > *").getBoundingClientRect();
  return {
    words: words.textContent.trim(),
    whole: inside(shown, panel.getBoundingClientRect()) && inside(shown, clip),
    cut: name.scrollHeight > name.clientHeight + 1 || name.scrollWidth > name.clientWidth + 1,
  };
}"""
"""What seat ``seat``'s panel shows of a name it shares with another seat (:func:`seatLabels`)."""

LONG_NAME = "Ayşe Kayaoğlu-Worthington Smythe"


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_two_seats_of_one_long_name_keep_their_numbers(pages: Pages, server: Server, lang: str) -> None:
    """The tester's item (2026-12-07): two seats of one name are told apart by their numbers
    ("Ayşe (2)"), but a name too long for its seat's panel was cut with its number, so that the
    two seats read alike ("Ayşe Kayaoğlu-Wo…"). Upright on a phone the name alone is cut; the
    number stays whole beside it, inside the panel."""
    words = catalog(lang)
    body = {
        "variant": "okey",
        "options": {"rounds": 1},
        "seats": [{"kind": "person"}] * 2 + [{"kind": "bot", "level": "easy"}] * 2,
        "bot_delay": 5,
        "round_break_seconds": 0,
    }
    created = server.post("/tables", body, status=201)
    table = created["table"]
    ayse = Person(in_language(pages, lang, "shared-long-name"), server, table, english=lang == "en")
    page = ayse.page
    page.set_viewport_size({"width": 390, "height": 844})
    ayse.sit(0, LONG_NAME)
    server.post(f"/tables/{table}/seats/1/join", {"name": LONG_NAME})
    server.post(f"/tables/{table}/start", {"token": created["owner_token"]})
    expect(page.get_by_test_id("table")).to_have_attribute("data-status", "playing")
    for seat in (0, 1):
        expect(page.get_by_test_id(f"seat-name-{seat}")).to_be_visible()
    shown = [page.evaluate(SHARED_NAME_JS, seat) for seat in (0, 1)]
    numbers = [fill(words["seat_shared_name"], name="", n=digits(lang, seat + 1)).strip() for seat in (0, 1)]
    assert [s and s["words"] for s in shown] == numbers, shown
    assert all(s["whole"] for s in shown), shown
    assert any(s["cut"] for s in shown), shown  # the name is long enough to be cut somewhere
    assert cut_words(page) == []
    check_rendering(page, lang, f"shared-long-name-{lang}-390x844")
    page.set_viewport_size({"width": 844, "height": 390})
    assert all((s := page.evaluate(SHARED_NAME_JS, seat)) and s["whole"] for seat in (0, 1))
    check_rendering(page, lang, f"shared-long-name-{lang}-844x390")
