"""The defects players met at the tables (issue 28), each shown through the page: the hint after a
refusal, refusals with their reasons in the page's language, the round end's banners, the rack's
moves, the names and pieces in words. Each test plays a short table against bots with no delay
(or bots that wait, to act while another seat is to move) and saves screenshots at the phone's
and the desktop's sizes."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from axe_check import check_axe
from browser_support import Pages, artifact, check_rendering, check_round_end_fits, digits
from playwright.sync_api import Page, expect
from table_driver import CHANGED_JS, TURN_JS, KalookiPerson, KeyboardPerson, Person, catalog, keep_seat

from test_server_support import SeatClient, Server, make_table, play_first_round

LOCALES = {"en": "en-US", "fa": "fa-IR", "tr": "tr-TR", "th": "th-TH"}
NOTATION = re.compile(r"(?<![\w\[])(?:[2-9TJQKA][SHDC]|JK(?:\[\w+\])?)(?![\w])")
"""A card in notation in running text (``TC``, ``JK[KH]``)."""
WORDS_JS = """(el) => {
  // the element's text without its pieces' faces (a joker card's face reads JK)
  const copy = el.cloneNode(true);
  copy.querySelectorAll('button[data-piece]').forEach((b) => b.remove());
  return copy.textContent;
}"""
TILE_CODE = re.compile(r"(?<![\w\[])(?:[RYBK](?:1[0-3]|[1-9])|F)(?![\w])")
"""A tile in notation in running text (``K12``, ``F``)."""
TEXT_TILES_JS = """(el) => [...el.querySelectorAll('[data-tile]')].map((s) => {
  const box = s.getBoundingClientRect();
  return {tile: s.dataset.tile, cls: s.className, role: s.getAttribute('role'),
          name: s.getAttribute('aria-label'), text: s.textContent, x: box.x, y: box.y};
})"""
NAMES = {"en": "Ann", "fa": "آنا", "tr": "Ayşe", "th": "อัน"}
TAP = {"en": "tap", "fa": "ضربه بزنید", "tr": "dokun", "th": "แตะ"}
"""The word for tapping a piece on a touch screen, in each language."""


def table(server: Server, variant: str, options: dict[str, Any] | None = None, **body: Any) -> dict[str, Any]:
    """A table of ``variant`` with a person at seat 0 and greedy bots in the others (no delay
    unless ``body`` says otherwise)."""
    players = (options or {}).get("players", 4)
    created: dict[str, Any] = server.post(
        "/tables",
        {
            "variant": variant,
            "options": options or {},
            "seats": [{"kind": "person"}] + [{"kind": "bot", "level": "greedy"}] * (players - 1),
            "bot_delay": 0,
            "grace_seconds": 600,
            **body,
        },
        status=201,
    )
    return created


def seated(
    pages: Pages, server: Server, created: dict[str, Any], lang: str, label: str, **context: Any
) -> Person:
    """The person's page (in ``lang``) at seat 0 of ``created``, the match started; ``context``
    any other argument of :meth:`Pages.new` (the size, a touch screen)."""
    page = pages.new(label, locale=LOCALES[lang], **context)
    person = Person(page, server, str(created["table"]), english=lang == "en")
    person.sit(0, NAMES[lang])
    server.post(f"/tables/{created['table']}/start", {"token": created["owner_token"]})
    expect(page.get_by_test_id("table")).to_have_attribute("data-status", "playing")
    return person


def shots(page: Page, lang: str, name: str) -> None:
    """Screenshots at the phone's sizes and the desktop's, the page checked at each; left at the
    size it had."""
    size = page.viewport_size
    for width, height in ((390, 844), (844, 390), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        check_rendering(page, lang, f"{name}-{width}x{height}")
    assert size is not None
    page.set_viewport_size(size)


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_refusal_says_why_the_hint_shows_after_it_and_a_full_row_swaps(
    pages: Pages, server: Server, lang: str
) -> None:
    """Defects 1 and 4: a tile dragged onto the own pile before drawing is refused with the
    server's reason in the page's language ("Draw or take a tile first"), not "You can't discard
    that now"; the Hint asked for then is shown, in the refusal's place. Defect 2: a tile moved onto
    a full row swaps places with the tile there."""
    person = seated(pages, server, table(server, "okey", {"rounds": 1}), lang, f"refusal-{lang}")
    page = person.page
    rng = random.Random(3)
    while "draw" not in (status := person.wait_turn_or_end()).split():
        assert status != "end"
        person.play_turn(rng, status)
    words = catalog(lang)
    reason = words["draw_first"].replace("{piece_word}", words["piece_word_tile"])
    tile = person.rack.locator("button[data-piece]").first
    tile.drag_to(page.get_by_test_id("discard-0"))
    error = page.get_by_test_id("error")
    expect(error).to_have_text(reason[0].upper() + reason[1:])
    shots(page, lang, f"defect-refusal-{lang}")
    page.get_by_test_id("actions").locator("button[data-action='hint']").click()
    expect(page.get_by_test_id("hint")).to_be_visible()
    expect(error).to_be_hidden()
    expect(person.rack.locator("button[data-piece]")).to_have_count(14)

    # defect 2: a tile moved (Space, then ArrowUp) from the second row onto the first row's last
    # slot, occupied with no gap right of it: the first row makes room within itself (or, full,
    # the two tiles change places); nothing spills into the second row
    person.action_button("draw").click()
    expect(person.rack.locator("button[data-piece]")).to_have_count(15)
    # defect 11: the own draw is told as every other line, with the player's name ("Ann draws R7")
    drawn = person.last_drawn(0)
    said = words["named.replay_drew"]
    face = "\u273f" if drawn == "F" else drawn[1:]  # the tile drawn as a tile (its number)
    said = re.escape(said[0].upper() + said[1:]).replace(re.escape("{piece}"), f"\u2066?{face}\u2069?")
    # the name isolated where it could run the other way (every name on a Persian page)
    said = said.replace(re.escape("{seat}"), f"\u2068?{re.escape(NAMES[lang])}\u2069?")
    log = page.get_by_test_id("log").locator("li")
    expect(log.last).to_have_text(re.compile(f"^{said}$"))
    expect(log.last.locator(f"[data-tile='{drawn}']")).to_have_count(1)
    for target in (13, 27):
        slots = person.slots()
        if slots[target] is None:
            source = next(i for i in range(28) if slots[i] is not None and i not in (13, 27))
            drag_slot(person, source, target)
    before = person.slots()
    person.rack.locator("[data-slot='27'] button").focus()
    page.keyboard.press("Space")
    page.keyboard.press("ArrowUp")
    expect(person.rack.locator("[data-slot='13'] button")).to_have_attribute("data-piece", str(before[27]))
    expect(person.rack).to_have_attribute("aria-busy", "false")
    after = person.slots()
    assert after[14:27] == before[14:27], (before, after)
    if None in before[:14]:
        assert after[27] is None and sorted(p for p in after[:14] if p) == sorted(
            [p for p in before[:14] if p] + [before[27]]
        ), (before, after)
    else:
        assert after == [*before[:13], before[27], *before[14:27], before[13]], (before, after)


def drag_slot(person: Person, source: int, target: int) -> None:
    """Drag the rack's tile in slot ``source`` to the empty slot ``target``; wait until it is there."""
    piece = person.slots()[source]
    person.rack.locator(f"[data-slot='{source}'] button").drag_to(
        person.rack.locator(f"[data-slot='{target}']")
    )
    expect(person.rack.locator(f"[data-slot='{target}'] button")).to_have_attribute("data-piece", str(piece))
    expect(person.rack).to_have_attribute("aria-busy", "false")


def test_a_spectator_is_told_and_a_stand_in_bot_is_told_once(pages: Pages, server: Server) -> None:
    """Defect 11: a spectator's page says that it watches; when a person drops out, the log says
    that a bot plays for them once, not before every move the bot plays."""
    created = table(server, "okey", {"rounds": 1}, grace_seconds=1)
    person = seated(pages, server, created, "en", "drops-out")
    watcher = pages.new("watcher", locale="en-US", width=390, height=844)
    watcher.goto(f"/#/t/{created['table']}")
    expect(watcher.get_by_test_id("table")).to_have_attribute("data-status", "playing")
    expect(watcher.get_by_test_id("watching")).to_have_text("You are watching the table.")
    expect(person.page.get_by_test_id("watching")).to_have_count(0)
    person.page.close()
    log = watcher.get_by_test_id("log").locator("li")
    told = log.filter(has_text="A bot plays for Ann")
    expect(told.first).to_be_visible(timeout=30_000)
    # the bot plays at least two more turns for Ann (or the round ends)
    moves = log.filter(has_text=re.compile("^Ann (discards|finishes)"))
    watcher.wait_for_function(
        "() => [...document.querySelectorAll('[data-testid=log] li')].filter((li) =>"
        " /^Ann (discards|finishes)/.test(li.textContent)).length >= 3"
        " || document.querySelector('[data-testid=round-end]')",
        timeout=60_000,
    )
    assert moves.count() >= 1
    expect(told).to_have_count(1)
    shots(watcher, "en", "defect-watching-en")


def test_carousel_says_why_nothing_can_be_placed(pages: Pages, server: Server) -> None:
    """Defect 4 in Carousel: a hand card dropped where no legal action matches is refused with the
    server's reason (its Carousel refusal, in Thai), not "That card can't go there now"."""
    created = table(server, "carousel", {"players": 2, "target": 1})
    person = seated(pages, server, created, "th", "carousel-refusal-th")
    page = person.page
    words = catalog("th")
    reasons = {v[0].upper() + v[1:] for k, v in words.items() if k.startswith("carousel.") and "{" not in v}
    for _ in range(12):
        status = person.wait_turn_or_end()
        assert status != "end"
        legal = person.last_view()["legal"]
        if not any(a["parts"]["verb"] == "new" for a in legal):
            card = person.rack.locator("button[data-piece]").first
            card.drag_to(page.get_by_test_id("new-meld"))
            error = page.get_by_test_id("error")
            expect(error).not_to_have_text(words["carousel_ui_no_fit"])
            expect(error).not_to_be_empty()
            assert error.inner_text().strip() in reasons, error.inner_text()
            shots(page, "th", "defect-carousel-refusal-th")
            return
        verb = "draw" if "draw" in status.split() else "end"
        before = len(person.views)
        page.get_by_test_id("actions").locator(f"button[data-action='{verb}']").click()
        page.wait_for_function("() => true")
        for _ in range(100):
            if len(person.views) > before:
                break
            page.wait_for_timeout(100)
    raise AssertionError("every turn had a meld to place")


def test_turkish_rummys_round_end_has_no_kalooki_banner(pages: Pages, server: Server) -> None:
    """Defect 3: an ordinary finish in Turkish Rummy (its result kind is "hunt", as Kalooki's Okey
    yapmak is) ends the round without Kalooki's "Okey yapmak!" banner (Persian, phone)."""
    created = table(server, "turkish_rummy", {"rounds": 1})
    person = seated(pages, server, created, "fa", "tr-round-end-fa", width=390, height=844)
    rng = random.Random(5)
    while (status := person.wait_turn_or_end()) != "end":
        person.play_turn(rng, status)
    end = person.page.get_by_test_id("round-end")
    expect(end).to_be_visible()
    result = person.last_view()["observation"]["last_result"]
    assert result is not None
    expect(end.get_by_test_id("okey-yapmak")).to_have_count(0)
    assert "Okey yapmak" not in end.inner_text()
    # defect 12: the log and the round end name cards with their suits' symbols, never in notation
    for where in ("log", "round-end"):
        text = person.page.get_by_test_id(where).evaluate(WORDS_JS)
        assert not NOTATION.findall(text), (where, NOTATION.findall(text))
    assert re.search("[\u2660\u2665\u2666\u2663]", person.page.get_by_test_id("log").inner_text())
    shots(person.page, "fa", "defect-tr-round-end-fa")
    # the dialog fits the window, its buttons in view, also with a body four long hands long
    sizes = ((390, 844), (844, 390), (1280, 800))
    check_round_end_fits(person.page, "fa", "defect-tr-round-end-fits-fa", sizes)
    check_round_end_fits(person.page, "fa", "defect-tr-round-end-long-fa", sizes, stretch=True)


def test_kalooki_retract_puts_the_cards_back_where_they_were(pages: Pages, server: Server) -> None:
    """Defect 13: melds that don't open yet, taken back with Retract, return to the rack slots they
    were melded from (not to the rack's end). The person plays the hint's moves until a legal meld
    short of the opening is offered, lays it, and retracts it."""
    for attempt in range(3):
        created = table(server, "kalooki", {"match": "rounds", "rounds": 1})
        page = pages.new(f"retract-{attempt}", locale="en-US")
        person = KalookiPerson(page, server, str(created["table"]))
        person.sit(0, "Ann")
        server.post(f"/tables/{created['table']}/start", {"token": created["owner_token"]})
        for _ in range(12):
            if person.wait_turn_or_end() == "end":
                break
            view = person.last_view()
            opening = view["opening"]
            short = [
                e["text"]
                for e in view["legal"]
                if opening
                and e["text"].startswith("meld ")
                and e.get("opening", opening["min"]) < opening["min"]
            ]
            if not short:
                person.play_move(person.hint()["action"])
                continue
            expect(person.rack).to_have_attribute("aria-busy", "false")
            before = person.slots()
            person.play_move(short[0])
            expect(person.rack.locator("button[data-piece]")).to_have_count(sum(1 for s in before if s) - 3)
            person.play_move("retract")
            for _ in range(100):
                if person.slots() == before:
                    break
                page.wait_for_timeout(100)
            assert person.slots() == before, (short[0], before, person.slots())
            shots(page, "en", "defect-retract-en")
            return
    raise AssertionError("no meld short of the opening was offered")


def tile_words(lang: str, tile: str) -> str:
    """A tile's words in ``lang`` as its catalog gives them ("black 12", the false joker's name)."""
    words = catalog(lang)
    if tile == "F":
        return words["piece_false_joker"]
    colour = words[f"piece_colour_{tile[0].lower()}"]
    return words["piece_tile"].replace("{colour}", colour).replace("{rank}", digits(lang, int(tile[1:])))


def check_text_tiles(page: Page, lang: str, where: str) -> list[dict[str, Any]]:
    """The tiles in the running text of test id ``where``, each drawn as a tile (its colour's class,
    its printed number, named in words in ``lang``) and no tile left in notation in its text."""
    found: list[dict[str, Any]] = page.get_by_test_id(where).evaluate(TEXT_TILES_JS)
    for tile in found:
        code = tile["tile"]
        colour = "joker" if code == "F" else code[0]
        assert f"c-{colour}" in tile["cls"].split(), (where, tile)
        assert tile["role"] == "img" and tile["name"] == tile_words(lang, code), (where, tile)
        assert tile["text"] == ("\u273f" if code == "F" else code[1:]), (where, tile)
    text = page.get_by_test_id(where).evaluate(WORDS_JS)
    assert not TILE_CODE.findall(text) and "\u2063" not in text, (where, text)
    return found


@pytest.mark.parametrize("lang", ["fa", "th"])
def test_tiles_in_running_text_are_drawn_as_tiles(pages: Pages, server: Server, lang: str) -> None:
    """Tiles in running text: the log, the hint and a refusal show each tile as a small tile (its
    number in its colour, named "black 12" in the page's language), never its notation; a group
    of tiles reads left to right in Persian too; the live region says the words; axe finds no
    contrast failure, in the light and the dark scheme."""
    person = seated(pages, server, table(server, "okey", {"rounds": 1}), lang, f"text-tiles-{lang}")
    page = person.page
    rng = random.Random(4)
    while "draw" not in (status := person.wait_turn_or_end()).split():
        assert status != "end"
        person.play_turn(rng, status)
    person.action_button("draw").click()
    expect(person.rack.locator("button[data-piece]")).to_have_count(15)
    drawn = person.last_drawn(0)
    expect(page.get_by_test_id("log").locator("li").last.locator(f"[data-tile='{drawn}']")).to_have_count(1)
    logged = check_text_tiles(page, lang, "log")
    assert drawn in [t["tile"] for t in logged] and len(logged) >= 2, logged  # a bot's discard too
    announced = page.get_by_test_id("announcer").inner_text()
    assert not TILE_CODE.findall(announced) and "\u2063" not in announced, announced

    page.get_by_test_id("actions").locator("button[data-action='hint']").click()
    expect(page.get_by_test_id("hint").locator("[data-tile]").first).to_be_visible()
    hinted = check_text_tiles(page, lang, "hint")
    # the best melds: each meld's tiles left to right on the line, in the meld's order
    runs = [t for t in hinted if t["y"] == hinted[-1]["y"]]
    assert [t["x"] for t in runs] == sorted(t["x"] for t in runs), runs
    shots(page, lang, f"text-tiles-hint-{lang}")

    legal = {a["text"] for a in person.last_view()["legal"]}
    wrong = next(p for p in person.rack_pieces() if f"finish {p}" not in legal)
    person.rack.locator(f"button[data-piece='{wrong}']").first.drag_to(page.get_by_test_id("stock"))
    error = page.get_by_test_id("error")
    expect(error.locator(f"[data-tile='{wrong}']")).to_have_count(1)
    assert [t["tile"] for t in check_text_tiles(page, lang, "error")] == [wrong]
    shots(page, lang, f"text-tiles-refusal-{lang}")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        check_axe(page, f"text-tiles-{lang}-{scheme}")
    # a hint's meld with a false joker standing for a tile (F[K3]): both drawn, the second in brackets
    marked, said = page.evaluate(
        """async () => {
            const { readable } = await import("/static/js/i18n.js");
            const { plain } = await import("/static/js/runningtext.js");
            return [readable("R5 F[K3] K13"), plain(readable("R5 F[K3]"))];
        }"""
    )
    mark = "\u2063"
    assert marked == f"{mark}R5{mark} {mark}F{mark}({mark}K3{mark}) {mark}K13{mark}", marked
    assert said == f"{tile_words(lang, 'R5')} {tile_words(lang, 'F')}({tile_words(lang, 'K3')})", said
    page.emulate_media(color_scheme="light")


def act_until_shown(clients: list[SeatClient], rules: str, turns: int) -> bool:
    """In the break after a round, the seats to move play ``turns`` turns (the greedy bot's moves),
    each showing the indicator when it may (every other seat then loses a point at once): whether
    one did."""
    from rummykit.server.bots import choose

    shown = False
    for n in range(turns * 2):
        for client in clients:
            client.drain(0.05)
        mover = next((c for c in clients if c.my_turn()), None)
        if mover is None or mover.state is None:
            return shown
        legal = [a["text"] for a in mover.state["legal"]]
        observation = mover.state["observation"]
        text = "show" if "show" in legal else choose("okey", rules, "greedy", observation, legal)
        shown = shown or text == "show"
        mover.act(text, f"break-{n}")
    return shown


def first_round_ended(
    pages: Pages, server: Server, label: str, lang: str, **table: Any
) -> tuple[Person, list[SeatClient], dict[str, Any]]:
    """A table of four persons, two rounds of Okey with a 20 s break between them (and ``table``'s
    other settings: ``turn_seconds``), seat 0's page in ``lang`` on an upright phone, and the four
    seats played by WebSocket clients through the first round: the page's person (its round end
    shown), the clients, and what ``play_first_round`` gives."""
    created, tokens = make_table(
        server, options={"players": 4, "rounds": 2}, persons=4, round_break_seconds=20, **table
    )
    page = pages.new(label, locale=LOCALES[lang], width=390, height=844)
    keep_seat(page, created["table"], 0, tokens[0])
    person = Person(page, server, created["table"], english=False)
    page.goto(f"/#/t/{created['table']}")
    expect(page.get_by_test_id("table")).to_have_attribute("data-status", "playing")
    clients = [SeatClient(server, created["table"], seat, token) for seat, token in enumerate(tokens)]
    dealt = play_first_round(server, created["table"], clients)
    expect(page.get_by_test_id("round-end")).to_be_visible()
    return person, clients, dealt


def test_the_round_end_closes_itself_keeps_its_totals_and_a_time_out_is_told_once(
    pages: Pages, server: Server
) -> None:
    """Defects from the tester's round (issue 28), Thai, on a phone: the round end's window closes
    itself when the break before the next round ends (it never covers a turn), and its Total
    column stays the round's totals while the next round's first turns change the scores (an
    indicator shown, on one of four tables at least); the finishing discard is a word apart from
    its text. When the turn timer plays for a seat, the log says so once per turn (not once per
    move the server plays), and to the seat's own page in the second person."""
    words = catalog("th")
    for attempt in range(4):
        label = f"round-end-closes-{attempt}"
        person, clients, dealt = first_round_ended(pages, server, label, "th", turn_seconds=5)
        table, page = person.table, person.page
        dialog = page.get_by_test_id("round-end")
        rules = json.dumps(server.get(f"/tables/{table}").json()["rules"], sort_keys=True)
        if act_until_shown(clients, rules, 4) or attempt == 3:
            break
        for client in clients:
            client.close()
    totals = dealt["observation"]["scores"]
    for _ in range(50):
        if person.last_view()["observation"]["scores"] != totals:
            break
        page.wait_for_timeout(100)
    assert [total for _, total in person.round_end_totals()] == totals
    result = dealt["observation"]["last_result"]
    if result["finishing_discard"] is not None:
        line = dialog.locator("p", has=page.locator(".meld"))
        before = line.evaluate("(p) => p.querySelector('.meld').previousSibling.textContent")
        assert before.endswith(" ") and not before.endswith("  "), before
    shots(page, "th", "defect-round-end-break-th")
    # the break ends: the window closes itself, before the next turn's time runs
    expect(dialog).to_have_count(0, timeout=30_000)

    # nobody moves: the timer plays for the seat to move, turn after turn, until it has played
    # the page's own seat's turn; each timed-out turn ends with the server's discard
    def timed_out_turns() -> list[int]:
        return [
            v["played"]["seat"]
            for v in person.views
            if v["notices"] and v.get("played") and v["played"]["parts"]["verb"] in ("discard", "finish")
        ]

    for _ in range(600):
        if 0 in timed_out_turns():
            break
        page.wait_for_timeout(100)
    turns = timed_out_turns()
    assert 0 in turns, turns
    log = page.get_by_test_id("log").locator("li")
    expect(log.filter(has_text=words["log_timed_out_you"])).to_have_count(turns.count(0))
    others = words["log_timed_out"].split("{name}")[1]
    told = [text for text in log.all_inner_texts() if others in text]
    assert len(told) == len(turns) - turns.count(0), (told, turns)
    shots(page, "th", "defect-time-out-th")
    page.set_viewport_size({"width": 1280, "height": 800})  # the header, which a phone at a seat hides
    page.get_by_test_id("language").select_option("fa")
    expect(log.filter(has_text=catalog("fa")["log_timed_out_you"])).to_have_count(turns.count(0))
    shots(page, "fa", "defect-time-out-fa")
    for client in clients:
        client.close()


@pytest.mark.parametrize("lang", ["th", "fa"])
def test_a_refusal_ends_with_its_turn_and_never_covers_the_pile(
    pages: Pages, server: Server, lang: str
) -> None:
    """Defect 3 of the tester's round (Thai and Persian, phone): a refusal said while another seat moves ("not
    your turn") is gone once the turn is the player's; the notice of a Discard pressed with no tile
    selected (telling to tap the tile) goes away when a tile is selected; shown over the own
    seat, it takes no press: at the centre of the own discard pile the page finds the pile, and a
    tile dragged there is discarded."""
    created = table(server, "okey", {"rounds": 1}, bot_delay=1.5)
    person = seated(
        pages, server, created, lang, f"refusal-clears-{lang}", width=390, height=844, has_touch=True
    )
    page = person.page
    rng = random.Random(6)
    status = person.wait_turn_or_end()
    person.play_turn(rng, status)
    # a bot to move: a tile dropped on the own pile is refused
    tile = person.rack.locator("button[data-piece]").first
    tile.drag_to(page.get_by_test_id("discard-0"))
    error = page.get_by_test_id("error")
    expect(error).to_be_visible()
    assert person.status() == ""
    status = person.wait_turn_or_end()
    assert status != "end"
    expect(error).to_have_count(0)

    if "draw" in status.split():
        person.action_button("draw").click()
        expect(person.rack.locator("button[data-piece]")).to_have_count(15)
    person.deselect()
    person.action_button("discard").click()
    expect(error).to_be_visible()
    # on a phone the notice says to tap the piece, not only to click it (the second tester's 8a),
    # and names no keys: a touch screen has no Tab or Space (issue 28, the tester's 8)
    expect(error).to_have_text(catalog(lang)["ui_select_discard"])
    assert TAP[lang] in error.inner_text(), error.inner_text()
    assert not re.search(r"Tab|Space", error.inner_text()), error.inner_text()
    pile = page.get_by_test_id("discard-0")
    pile.scroll_into_view_if_needed()
    found = pile.evaluate(
        """(pile) => { const box = pile.getBoundingClientRect();
           const at = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
           return Boolean(at) && pile.contains(at) || (at ? at.outerHTML.slice(0, 200) : null); }"""
    )
    assert found is True, f"the notice takes the presses meant for the own pile: {found}"
    shots(page, lang, f"defect-refusal-over-pile-{lang}")
    person.select(person.rack_pieces()[0])
    expect(error).to_have_count(0)
    person.deselect()
    person.action_button("discard").click()
    expect(error).to_be_visible()
    # while a tile is dragged the notice steps aside: the pile under it shows
    first = person.rack.locator("button[data-piece]").first
    start, end = first.bounding_box(), pile.bounding_box()
    assert start is not None and end is not None
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=8)
    expect(error).to_be_hidden()
    page.mouse.up()
    expect(person.rack.locator("button[data-piece]")).to_have_count(14)
    expect(error).to_have_count(0)


def test_the_lobbys_bot_ratings_name_the_seat_menus_levels_in_its_order(pages: Pages) -> None:
    """The tester's defect 13: the lobby's note of the bots' ratings named "strong 1,400", a level
    the seat menu doesn't offer; it names the menu's bot levels, in the menu's order."""
    page = pages.new("bot-ratings", locale="en-US")
    page.goto("/")
    note = page.get_by_test_id("leaderboard-bots")
    expect(note).to_be_visible()
    levels = [
        value
        for value in page.get_by_test_id("create-seat-1")
        .locator("option")
        .evaluate_all("(options) => options.map((o) => o.value)")
        if value != "person"
    ]
    words = catalog("en")
    named = [part.rsplit(" ", 1)[0] for part in note.inner_text().removeprefix("Bots: ").split(", ")]
    assert named == [words[f"bot_{level}"] for level in levels], (named, levels)


SET_JOKER_JS = """async (meld) => {
  const { html } = await import("/static/js/html.js");
  const { render } = await import("preact");
  const { TableMeld } = await import("/static/js/melds.js");
  const box = document.createElement("ol");
  document.body.append(box);
  render(html`<${TableMeld} kind="cards" meld=${meld} name="Ann" label="meld" />`, box);
  const joker = box.querySelector("button[data-piece=JK]");
  const shown = [box.querySelector(".stands").dataset.card, joker.getAttribute("aria-label")];
  box.remove();
  return shown;
}"""


def test_a_kalooki_sets_joker_stands_for_the_missing_suits_as_the_log_says(pages: Pages) -> None:
    """The tester's defect 13: the log said "Q♥ Q♣ joker" while the table showed the joker as Q♠.
    The rules fix no suit for a set's joker (it stands for the rank "in a suit the set is missing,
    whichever suit is still missing after cards are added"), so the log is right: the table shows
    the rank in each missing suit, and a screen reader hears them; a run's joker keeps its one
    declared card."""
    page = pages.new("set-joker", locale="en-US")
    page.goto("/")
    expect(page.get_by_test_id("lobby")).to_be_visible()
    queen = {"S": 11, "H": 24, "D": 37, "C": 50}
    joker = 52
    a_set = {"number": 1, "owner": 0, "kind": "set", "faces": [queen["H"], queen["C"], joker]}
    a_set["stands_for"] = [queen["H"], queen["C"], queen["S"]]
    card, said = page.evaluate(SET_JOKER_JS, a_set)
    assert card == "QS/QD", card
    assert said == "JK joker, wild, stands for any of queen of spades, queen of diamonds", said
    run = {"number": 2, "owner": 0, "kind": "run", "faces": [9, joker, 11], "stands_for": [9, 10, 11]}
    card, said = page.evaluate(SET_JOKER_JS, run)
    assert card == "JS" and said == "JK joker, wild, stands for jack of spades", (card, said)


def test_without_a_break_the_round_end_gives_way_to_a_timed_turn(pages: Pages, server: Server) -> None:
    """The round end at a table with a turn timer and no break between rounds: the page of the
    seat to move in the next round closes it at once (its turn's time runs), the other seat's page
    keeps it until Continue."""
    created, tokens = make_table(
        server, options={"players": 2, "rounds": 2}, persons=2, turn_seconds=60, round_break_seconds=0
    )
    table = created["table"]
    people = []
    for seat, token in enumerate(tokens):
        page = pages.new(f"no-break-{seat}", locale=LOCALES["fa"], width=390, height=844)
        keep_seat(page, table, seat, token)
        page.goto(f"/#/t/{table}")
        expect(page.get_by_test_id("table")).to_have_attribute("data-status", "playing")
        people.append(page)
    clients = [SeatClient(server, table, seat, token) for seat, token in enumerate(tokens)]
    dealt = play_first_round(server, table, clients)
    mover = dealt["observation"]["to_move"]
    waiting = people[1 - mover].get_by_test_id("round-end")
    expect(waiting).to_be_visible()
    expect(people[mover].get_by_test_id("turn")).to_have_class(re.compile(r"\byours\b"))
    expect(people[mover].get_by_test_id("round-end")).to_have_count(0)
    people[mover].wait_for_timeout(500)
    expect(waiting).to_be_visible()
    shots(people[1 - mover], "fa", "defect-round-end-no-break-fa")
    for client in clients:
        client.close()


def test_a_void_match_has_no_winner(pages: Pages, server: Server) -> None:
    """The second tester's defect 8b (Persian, phone): a one-round Okey match whose stock ran out
    (a void round: every seat ends level) named all four players as its winners; the round end
    says there is no winner and marks no row as a winner's."""
    # random bots never finish; without the indicator's bonus a void round leaves every seat level
    options = {"rounds": 1, "indicator_bonus": "off"}
    created = table(
        server, "okey", options, seats=[{"kind": "person"}] + [{"kind": "bot", "level": "random"}] * 3
    )
    person = seated(pages, server, created, "fa", "void-match-fa", width=390, height=844)
    rng = random.Random(8)
    while (status := person.wait_turn_or_end()) != "end":
        person.play_turn(rng, status)
    result = person.views[-1]["observation"]["last_result"]
    assert result["winner"] is None and [n["code"] for n in result["notes"]] == ["okey_void"], result
    end = person.page.get_by_test_id("round-end")
    expect(end.get_by_test_id("match-winners")).to_have_text(catalog("fa")["round_end_no_winner"])
    expect(end.locator("tr.winner")).to_have_count(0)
    shots(person.page, "fa", "void-match")


ROUND_END_JS = """async ([winners, totals]) => {
  // the round end of a match that is over, drawn alone with the page's names and language
  const { render } = await import("preact");
  const { html } = await import("/static/js/html.js");
  const { RoundEnd } = await import("/static/js/roundend.js");
  const names = ["مریم", "ربات ۲", "ربات ۳", "ربات ۴"];
  const holder = document.body.appendChild(document.createElement("div"));
  const view = { over: true, outcome: { winners, scores: totals }, game: "g", record: "/r" };
  const end = { result: null, totals, closesAt: null };
  render(html`<${RoundEnd} end=${end} view=${view} kind="tiles" game=${{ RoundEndHead: () => null }}
    ctx=${{ seatName: (s) => names[s] }} turnDue=${false} canRematch=${false} onRematch=${() => {}}
    onClose=${() => {}} />`, holder);
  return holder.querySelector("[data-testid=match-winners]").textContent.trim();
}"""


def test_the_winners_are_listed_with_the_languages_separator(pages: Pages) -> None:
    """The second tester's defect 8b: the match's winners were joined by a Latin comma in
    Persian too; they are joined by the language's list separator («، »)."""
    page = pages.new("winners-fa", locale="fa-IR", width=390, height=844)
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "fa")
    words = catalog("fa")
    said = page.evaluate(ROUND_END_JS, [[0, 2], [25, 20, 25, 10]])
    # each name isolated in its own direction (every name on a Persian page), the separator between
    assert said == words["round_end_winners"].replace("{names}", "\u2068مریم\u2069، \u2068ربات ۳\u2069"), said


PIECES_JS = """async ([text, wrap]) => {
  // `text` (pieces in notation) written as the page writes it in a right-to-left line: each
  // piece's characters with their left edges on the screen
  const { readable, isolate, t } = await import("/static/js/i18n.js");
  const line = document.body.appendChild(document.createElement("p"));
  const pieces = readable(text);
  // as Kalooki's hint writes its best melds (in a bdi) and its move (the cards isolated)
  if (wrap === "bdi") line.innerHTML = `${t("hint_best")} <bdi dir=ltr></bdi>`;
  else line.textContent = `${t("hint_best")} ${isolate(pieces)}`;
  if (wrap === "bdi") line.querySelector("bdi").textContent = pieces;
  const node = wrap === "bdi" ? line.querySelector("bdi").firstChild : line.firstChild;
  const found = [];
  for (let i = 0; i < node.data.length; i++) {
    const range = document.createRange();
    range.setStart(node, i);
    range.setEnd(node, i + 1);
    const box = range.getBoundingClientRect();
    if (box.width > 0) found.push([node.data[i], box.left]);
  }
  line.remove();
  return found;
}"""
SUITS = "\u2660\u2665\u2666\u2663"


@pytest.mark.parametrize("wrap", ["bdi", "isolate"])
def test_cards_in_right_to_left_text_read_left_to_right_in_their_order(pages: Pages, wrap: str) -> None:
    """The second tester's defect 8c (Persian): cards in running text (Kalooki's hint) must read
    as the rack shows them, each rank before its suit, and a run in its order; a joker's Persian
    name among them took the next card's digits (``7♦ 8♦ 10 (9♦) جوکر ♦``)."""
    page = pages.new(f"cards-rtl-{wrap}", locale="fa-IR", width=390, height=844)
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "fa")
    joker = catalog("fa")["piece_joker"]
    found = page.evaluate(PIECES_JS, ["7D 8D JK[9D] TD AS", wrap])
    order = sorted(found, key=lambda f: f[1])
    text = "".join(c for c, _ in order)
    for card in ("7\u2666", "8\u2666", "9\u2666", "10\u2666", "A\u2660"):
        assert card in text, (card, text)
    positions = [text.index(p) for p in ("7\u2666", "8\u2666", joker[::-1], "10\u2666", "A\u2660")]
    assert positions == sorted(positions), text


def to_a_draw(person: Person) -> None:
    """Play the person's turns (discarding the rack's first piece, a fine it warns of accepted)
    until a turn offers Draw."""
    while "draw" not in (status := person.wait_turn_or_end()).split():
        assert status != "end" and "discard" in status.split(), status
        person.select(person.rack_pieces()[0])
        person.action_button("discard").click()
        confirm = person.page.get_by_test_id("confirm-discard")
        person.page.wait_for_function(
            f"(before) => ({CHANGED_JS})(before) || document.querySelector('[data-testid=confirm-discard]')",
            arg=status,
        )
        if confirm.count():
            confirm.click()


@pytest.mark.parametrize("variant", ["okey", "okey_101"])
def test_a_double_tap_on_draw_only_draws(pages: Pages, server: Server, variant: str) -> None:
    """Issue 28, the tester's item 1: on a phone (touch, Persian, 390x844), a rack tile selected,
    Draw tapped twice 150 ms apart plays the draw alone: the second tap, landing on the Discard
    (or Show) that took Draw's place, neither plays it nor asks whether to discard the tile.

    The taps are sent by coordinates, which waits for nothing: first the actions must take presses
    (the greedy bots may play their turns within the hold after the answer to the person's last
    discard, and both taps went nowhere); then the page's clock stands still but for the 150 ms
    between the taps, so that they are that far apart as the page counts time however long a
    loaded machine takes to send them (the second came 0.5 to 1 s after the first, after the hold,
    and played what took Draw's place)."""
    created = table(server, variant, {"rounds": 1})
    person = seated(
        pages, server, created, "fa", f"double-tap-{variant}", has_touch=True, width=390, height=844
    )
    page = person.page
    to_a_draw(person)
    tile = person.rack.locator("button[data-piece]").nth(2)
    tile.tap()
    expect(tile).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("actions")).not_to_have_attribute("aria-disabled", "true")
    box = person.action_button("draw").bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    before = len(person.views)
    start = page.evaluate("Date.now()") / 1000  # the clock's time is in seconds
    page.clock.set_fixed_time(start)
    page.touchscreen.tap(x, y)
    person.wait_played(0, "draw")
    expect(person.action_button("discard")).to_be_visible()
    page.clock.set_fixed_time(start + 0.15)
    page.touchscreen.tap(x, y)
    page.wait_for_timeout(1500)
    played = [v["played"] for v in person.views[before:] if v.get("played")]
    mine = [p["action"] for p in played if p["seat"] == 0]
    assert mine == ["draw"], mine
    expect(page.get_by_test_id("discard-warning")).to_have_count(0)
    expect(person.action_button("discard")).to_be_visible()
    shots(page, "fa", f"double-tap-{variant}")


NOTATION_JS = "(buttons) => buttons.map((b) => b.dataset.piece)"
"""The pieces of a list of piece buttons, in notation."""


def test_a_reload_during_the_break_shows_the_round_end_again(pages: Pages, server: Server) -> None:
    """Issue 28, the tester's item 7 (Persian, 390x844): the page reloaded during the break
    between rounds shows the round's end again, as it was (its round, its totals, its text) and
    still closing itself when the break ends; built from the sync's view (its last result), which
    shows no hand the round's end did not."""
    person, clients, dealt = first_round_ended(pages, server, "reload-at-round-end", "fa")
    page = person.page
    dialog = page.get_by_test_id("round-end")
    totals = person.round_end_totals()
    heading = dialog.locator("h2").inner_text()
    pieces = dialog.locator("button[data-piece]")
    hands = pieces.evaluate_all(NOTATION_JS)
    page.reload()
    expect(dialog).to_be_visible()
    assert person.round_end_totals() == totals
    assert [total for _, total in totals] == dealt["observation"]["scores"]
    expect(dialog.locator("h2")).to_have_text(heading)
    assert pieces.evaluate_all(NOTATION_JS) == hands
    shots(page, "fa", "defect-reload-round-end-fa")
    expect(dialog).to_have_count(0, timeout=30_000)
    for client in clients:
        client.close()


def moved(message: dict[str, Any], source: int, target: int) -> bool:
    """Whether ``message`` is a rack request that moves the piece in slot ``source`` to the free
    slot ``target``: with ``move`` (the server moves it) or with the move already made in its
    ``slots`` (the page shows a move onto a free slot at once, docs/web.md; every request before
    it had ``source`` filled and ``target`` free)."""
    if message.get("type") != "rack":
        return False
    sent = message.get("slots", [])
    made = len(sent) > max(source, target) and sent[source] is None and sent[target] is not None
    return message.get("move") == [source, target] or made


def test_a_tile_is_placed_by_taps(pages: Pages, server: Server) -> None:
    """Issue 28, the tester's item 6 (touch, Thai, 844x390; WCAG 2.5.7): a tile tapped, then an
    empty rack slot tapped, moves there with a rack message, as a drag does (``move``, or the
    slots with the move made); a tap on another tile keeps its meaning in Okey (that tile is
    selected instead), and it then goes where the next empty slot tapped is."""
    created = table(server, "okey", {"rounds": 1})
    person = seated(pages, server, created, "th", "tap-to-place", has_touch=True, width=844, height=390)
    page = person.page
    sent: list[dict[str, Any]] = []
    page.on(
        "websocket", lambda socket: socket.on("framesent", lambda payload: sent.append(json.loads(payload)))
    )
    page.reload()
    expect(person.rack.locator("button[data-piece]").first).to_be_visible()
    expect(person.rack).to_have_attribute("aria-busy", "false")
    for tap in range(2):
        slots = person.slots()
        source = next(i for i, p in enumerate(slots) if p is not None and i >= 2)
        target = max(i for i, p in enumerate(slots) if p is None)
        tile = person.rack.locator(f"[data-slot='{source}'] button")
        tile.tap()
        expect(tile).to_have_attribute("aria-pressed", "true")
        if tap:
            # a second tile tapped is selected in the first one's place
            other = person.rack.locator("[data-slot] button[data-piece]").first
            other.tap()
            expect(other).to_have_attribute("aria-pressed", "true")
            expect(person.rack.locator("button[aria-pressed='true']")).to_have_count(1)
            source = int(other.evaluate("(b) => b.closest('[data-slot]').dataset.slot"))
        person.rack.locator(f"[data-slot='{target}']").tap()
        placed = person.rack.locator(f"[data-slot='{target}'] button")
        expect(placed).to_have_attribute("data-piece", str(slots[source]))
        expect(placed).to_have_attribute("aria-pressed", "true")
        expect(person.rack.locator(f"[data-slot='{source}'] button")).to_have_count(0)
        expect(person.rack).to_have_attribute("aria-busy", "false")
        assert any(moved(m, source, target) for m in sent), sent
        shots(page, "th", f"tap-to-place-{tap}")


FOCUSED_JS = """() => {
  const e = document.activeElement;
  return e.closest('[data-testid=rack]') ? 'rack' : e.dataset.action;
}"""
"""Where the focus is: ``"rack"``, else the focused action button's ``data-action`` (or ``None``)."""


def test_the_keyboard_goes_to_the_rack_and_the_actions_at_once(pages: Pages, server: Server) -> None:
    """Issue 28, the tester's item 12 (Turkish, 1280x800): Alt+R puts the focus on the rack and
    Alt+A on the actions (their buttons first on the table page, "To the rack" and "To the
    actions", shown when focused), so that a turn takes a few Tab presses, not dozens; the rules
    page tells the keys. Prints the Tab presses of one Okey turn by Tab alone and with the keys."""
    created = table(server, "okey", {"rounds": 1})
    seated(pages, server, created, "tr", "keyboard")
    player = KeyboardPerson(pages.opened[-1][1], server, str(created["table"]), english=False)
    page = player.page
    words = catalog("tr")
    rng = random.Random(12)
    to_a_draw(player)
    player.tabs = 0
    player.play_turn(rng, player.wait_turn_or_end())
    by_tab = player.tabs
    print(f"Tab presses for one Okey turn by Tab alone: {by_tab}")
    while "draw" not in (status := player.wait_turn_or_end()).split():
        player.play_turn(rng, status)
    player.tabs = 0
    page.keyboard.press("Alt+a")
    assert page.evaluate(FOCUSED_JS) == "draw"
    player.enter()
    expect(player.rack.locator("button[data-piece]")).to_have_count(15)
    page.keyboard.press("Alt+r")
    assert page.evaluate(FOCUSED_JS) == "rack"
    player.select(rng.choice(player.rack_pieces()))
    page.keyboard.press("Alt+a")
    assert page.evaluate(FOCUSED_JS) == "discard"
    player.enter()
    expect(player.rack.locator("button[data-piece]")).to_have_count(14)
    by_keys = player.tabs
    print(f"Tab presses for one Okey turn with Alt+R and Alt+A: {by_keys}")
    assert by_keys < 15, by_keys
    page.keyboard.press("Shift+Tab")
    skips = page.locator(".skips button")
    expect(skips).to_have_text([words["skip_rack"], words["skip_actions"]])
    skips.first.focus()
    shots(page, "tr", "keyboard-skip")
    rules = pages.new("keyboard-rules", locale=LOCALES["fa"], width=390, height=844)
    rules.goto("/#/rules/okey")
    section = rules.get_by_test_id("help-keys")
    expect(section).to_contain_text(catalog("fa")["help_keys_text"][:20])
    expect(rules.get_by_test_id("help-toc")).to_contain_text(catalog("fa")["help_keys"])
    section.scroll_into_view_if_needed()
    shots(rules, "fa", "keyboard-rules")
    section.screenshot(path=str(artifact("keyboard-rules-keys-fa.png")))


@pytest.mark.parametrize(("variant", "lang"), [("okey", "tr"), ("kalooki", "en")])
def test_after_a_draw_by_keyboard_the_focus_stays_in_the_actions(
    pages: Pages, server: Server, variant: str, lang: str
) -> None:
    """Alt+A and Enter draw: the Draw button goes, and the focus goes to the actions' first
    primary button, Discard (it fell to the page's body: the next Tab started again at the
    page's top, and a screen reader was left nowhere)."""
    created = table(
        server, variant, {"match": "rounds", "rounds": 1} if variant == "kalooki" else {"rounds": 1}
    )
    seated(pages, server, created, lang, f"keyboard-draw-{variant}")
    player = KeyboardPerson(pages.opened[-1][1], server, str(created["table"]), english=lang == "en")
    page = player.page
    to_a_draw(player)
    page.keyboard.press("Alt+a")
    assert page.evaluate(FOCUSED_JS) == "draw"
    player.enter()  # once the actions take presses: one pressed while they wait is held
    expect(page.get_by_test_id("actions").locator("button[data-action='discard']")).to_be_visible()
    expect(page.get_by_test_id("actions").locator("button[data-action='discard']")).to_be_focused()


@pytest.mark.parametrize(("variant", "lang"), [("kalooki", "tr"), ("okey_101", "fa")])
def test_discard_with_several_pieces_selected_says_to_keep_one(
    pages: Pages, server: Server, variant: str, lang: str
) -> None:
    """The user tester's first item (2026-12-07): in the games that select several pieces for a
    meld, Discard with two selected said "Select the piece to discard first: tap it", which the
    player had just done. It says that one piece only may stay selected, sends nothing, and once
    one is left Discard plays it."""
    created = table(server, variant)
    person = seated(
        pages, server, created, lang, f"several-selected-{variant}", width=390, height=844, has_touch=True
    )
    status = person.wait_turn_or_end()
    assert status != "end"
    if "draw" in status.split():
        person.action_button("draw").click()
        person.page.wait_for_function(f"() => ({TURN_JS})().split(' ').includes('discard')", polling=100)
    pieces = person.rack_pieces()
    first, second = pieces[0], next(p for p in pieces if p != pieces[0])
    person.select(first)
    person.select(second)
    sent = len(person.views)
    person.action_button("discard").click()
    error = person.page.get_by_test_id("error")
    expect(error).to_have_text(catalog(lang)["ui_discard_one"])
    assert len(person.views) == sent and sorted(person.rack_pieces()) == sorted(pieces)
    shots(person.page, lang, f"several-selected-{variant}-{lang}")
    person.rack.locator(f"button[data-piece='{second}'][aria-pressed='true']").first.click()
    expect(person.rack.locator("button[aria-pressed='true']")).to_have_count(1)
    person.action_button("discard").click()
    warning = person.page.get_by_test_id("discard-warning")  # 101 Okey's question before a fine
    # the discard played (a piece fewer, or the round's end) or asked about first: the rack alone
    # is no sign, it was there before the press (and two of the three shown at once broke the
    # locator's strict mode in CI)
    person.page.wait_for_function(
        """(left) => document.querySelector('[data-testid="discard-warning"], [data-testid="round-end"]')
            || document.querySelectorAll('[data-testid="rack"] button[data-piece]').length === left""",
        arg=len(pieces) - 1,
        polling=100,
    )
    if warning.count():
        warning.get_by_test_id("confirm-discard").click()
    expect(person.rack.locator("button[data-piece]")).to_have_count(len(pieces) - 1)
