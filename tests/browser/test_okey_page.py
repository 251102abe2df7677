"""Okey in the browser client against a real server and real bots: a whole round through the
page, two people at one table who never see each other's rack, a reload that keeps the rack order
and the game, and a whole round played with the keyboard alone."""

from __future__ import annotations

import random
import time
from collections import Counter
from pathlib import Path
from typing import Any

from browser_support import Pages, check_rendering
from playwright.sync_api import expect
from table_driver import (
    TILE_WORD,
    KeyboardPerson,
    Person,
    Snapshot,
    catalog,
    dealt_server,
    open_dealt,
    replay,
)

from rummykit.core.notation import format_face
from rummykit.core.pieces import Kind
from test_server_support import Server


def bot_table(server: Server, people: int, variant: str = "okey") -> dict[str, Any]:
    """A one-round table of ``variant`` whose first ``people`` seats are open for people and the
    rest greedy bots that move at once; the create answer."""
    seats = [{"kind": "person"}] * people + [{"kind": "bot", "level": "greedy"}] * (4 - people)
    body = {"variant": variant, "options": {"rounds": 1}, "seats": seats, "bot_delay": 0}
    created: dict[str, Any] = server.post("/tables", body, status=201)
    return created


def hand_of(person: Person) -> Counter[str]:
    """The pieces of the last view the page received, in notation."""
    return Counter(format_face(Kind.TILES, f) for f in person.last_view()["observation"]["hand"])


def test_a_person_plays_a_whole_round_against_three_bots(pages: Pages, server: Server) -> None:
    created = bot_table(server, people=1)
    person = Person(pages.new("ann"), server, created["table"])
    person.sit(0, "Ann")
    server.post(f"/tables/{created['table']}/start", {"token": created["owner_token"]})
    expect(person.page.get_by_test_id("table")).to_have_attribute("data-status", "playing")
    expect(person.page.get_by_test_id("indicator").locator("button[data-piece]").first).to_be_visible()

    announcer = person.page.get_by_test_id("announcer")
    expect(announcer).to_have_attribute("aria-live", "polite")
    rng = random.Random(12)
    played: list[str] = []
    announced: set[str] = set()
    while (status := person.wait_turn_or_end()) != "end":
        assert Counter(person.rack_pieces()) == hand_of(person)
        announced.add((announcer.text_content() or "").strip())
        played += person.play_turn(rng, status)
        assert len(played) < 200, played
    assert {"draw", "discard"} <= set(played), played
    assert len(announced - {""}) > 1, f"the live region announced {announced}"

    view = person.last_view()
    assert view["over"]
    record = replay(server, view["game"], person)
    shown = person.round_end_totals()
    assert [total for _, total in shown] == record.outcome["scores"]
    assert shown[0][0] == "Ann"
    expect(person.page.get_by_test_id("round-end")).to_contain_text("The match is over")
    expect(person.page.get_by_test_id("scores")).to_contain_text("Ann")
    check_sentences(person)


def check_sentences(person: Person) -> None:
    """The log and the round end read as sentences about named players: each line starts with a
    capital (or a name), and no message says "seat <name>" as the engine's terminal English does."""
    log = person.page.get_by_test_id("log").locator("li").all_inner_texts()
    notes = person.page.get_by_test_id("round-end").locator("p").all_inner_texts()
    assert log and notes
    for line in log + notes:
        assert not line[:1].islower(), f"{line!r} starts in lower case"
    text = " ".join(log + notes)
    for name in ("Ann", "Bot 2", "Bot 3", "Bot 4"):
        assert f"seat {name}" not in text, text
    assert log[-1] == "The match is over"


def seated(pages: Pages, server: Server, people: list[str]) -> tuple[dict[str, Any], list[Person]]:
    """A started one-round Okey table with ``people`` (their names) in the first seats, each in
    a page of their own, and bots in the rest."""
    created = bot_table(server, people=len(people))
    persons = []
    for seat, name in enumerate(people):
        person = Person(pages.new(name.lower()), server, created["table"])
        person.sit(seat, name)
        persons.append(person)
    server.post(f"/tables/{created['table']}/start", {"token": created["owner_token"]})
    return created, persons


def test_two_people_at_one_table_never_see_each_others_rack(pages: Pages, server: Server) -> None:
    _, people = seated(pages, server, ["Ann", "Bob"])
    rng = random.Random(3)
    # each page's snapshots, with whether it was that seat's turn (its rack then in step)
    snapshots: list[list[tuple[Snapshot, bool]]] = [[], []]
    deadline = time.monotonic() + 150
    while True:
        statuses = [person.status() for person in people]
        if statuses == ["end", "end"]:
            break
        assert time.monotonic() < deadline, statuses
        mover = next((seat for seat, s in enumerate(statuses) if s not in ("", "busy", "end")), None)
        if mover is None:
            people[0].page.wait_for_timeout(100)
            continue
        snapshot = people[mover].snapshot()
        snapshots[mover].append((snapshot, True))
        other = people[1 - mover]
        if other.views and other.last_view()["v"] == snapshot.v:
            snapshots[1 - mover].append((other.snapshot(), False))
        people[mover].play_turn(rng, statuses[mover])

    game = people[0].last_view()["game"]
    assert people[1].last_view()["game"] == game
    record = replay(server, game, people[0])
    hidden_seen = 0
    for seat in (0, 1):
        assert len(snapshots[seat]) >= 3, "too short a round to tell"
        allowed: set[str] = set()
        seen_to = -1
        for snap, own_turn in snapshots[seat]:
            for v in range(seen_to + 1, snap.v + 1):
                allowed |= record.public(v) | set(record.hand(v, seat))
            seen_to = max(seen_to, snap.v)
            if own_turn:
                assert Counter(p for p in snap.slots if p is not None) == record.hand(snap.v, seat)
            hidden = set(record.hand(snap.v, 1 - seat)) - allowed
            hidden_seen += len(hidden)
            assert not hidden & set(snap.pieces), (seat, snap.v, hidden & set(snap.pieces))
            assert not hidden & set(TILE_WORD.findall(snap.text)), (seat, snap.v, snap.text)
    assert hidden_seen > 0, "the other rack never held a piece this page could not know"


def test_reload_keeps_the_rack_order_the_log_and_the_game(pages: Pages, server: Server) -> None:
    _, (person,) = seated(pages, server, ["Ann"])
    rng = random.Random(8)
    for _ in range(2):
        status = person.wait_turn_or_end()
        assert status != "end"
        person.play_turn(rng, status)
    status = person.wait_turn_or_end()
    assert "draw" in status.split(), status

    slots = person.slots()
    source = next(i for i, piece in enumerate(slots) if piece is not None)
    target = max(i for i, piece in enumerate(slots) if piece is None)
    piece = slots[source]
    person.rack.locator(f"[data-slot='{source}'] button").drag_to(
        person.rack.locator(f"[data-slot='{target}']")
    )
    expect(person.rack.locator(f"[data-slot='{target}'] button")).to_have_attribute("data-piece", str(piece))
    expect(person.rack.locator(f"[data-slot='{source}'] button")).to_have_count(0)
    expect(person.rack).to_have_attribute("aria-busy", "false")
    before = person.snapshot()
    piles = {
        test_id: person.page.get_by_test_id(test_id)
        .locator("button[data-piece]")
        .evaluate_all("(buttons) => buttons.map((b) => b.dataset.piece)")
        for test_id in ["indicator", *(f"discard-{seat}" for seat in range(4))]
    }

    log = person.page.get_by_test_id("log").locator("li")
    lines = log.all_inner_texts()
    assert len(lines) > 5 and lines[0] == "Round 1", lines[:3]

    person.page.reload()
    assert person.wait_turn_or_end() == status
    expect(log).to_have_count(len(lines))
    assert log.all_inner_texts() == lines  # the log so far, from the server's kept messages
    after = person.snapshot()
    assert after.slots == before.slots
    assert after.v == before.v
    for test_id, shown in piles.items():
        expect(person.page.get_by_test_id(test_id).locator("button[data-piece]")).to_have_count(len(shown))
        assert (
            person.page.get_by_test_id(test_id)
            .locator("button[data-piece]")
            .evaluate_all("(buttons) => buttons.map((b) => b.dataset.piece)")
            == shown
        ), test_id
    assert person.play_turn(rng, status)[0] in ("draw", "take")


def test_a_whole_round_played_with_the_keyboard_alone(pages: Pages, server: Server) -> None:
    """Every turn of the person in a whole round of Okey played with the keyboard alone (Tab,
    Enter, Space, arrows: docs/web.md, "Keyboard"), never the mouse: draws and takes, a piece moved
    to the other row with Space and an arrow (focus follows it), discards, a finish when offered;
    the round end's dialog then has the focus."""
    created = bot_table(server, people=1)
    person = KeyboardPerson(pages.new("ann"), server, created["table"])
    person.sit(0, "Ann")
    server.post(f"/tables/{created['table']}/start", {"token": created["owner_token"]})
    expect(person.page.get_by_test_id("table")).to_have_attribute("data-status", "playing")
    person.page.locator("body").focus()
    rng = random.Random(4)
    turns = 0
    while "draw" not in (status := person.wait_turn_or_end()).split():
        assert status != "end"
        person.play_turn(rng, status)
        turns += 1

    person.tab_to("(e) => e.dataset.action === 'draw'")
    person.enter()
    expect(person.rack.locator("button[data-piece]")).to_have_count(15)
    expect(person.page.get_by_test_id("actions").locator("[data-action='discard']")).to_be_visible()
    expect(person.rack).to_have_attribute("aria-busy", "false")

    slots = person.slots()
    source = next(i for i in range(14) if slots[i] is not None and slots[i + 14] is None)
    piece = slots[source]
    person.tab_to(f"(e) => e.closest('[data-slot]')?.dataset.slot === '{source}'")
    person.page.keyboard.press("Space")
    expect(person.rack.locator(f"[data-slot='{source}'] button")).to_have_attribute("aria-pressed", "true")
    person.page.keyboard.press("ArrowDown")
    moved = person.rack.locator(f"[data-slot='{source + 14}'] button")
    expect(moved).to_have_attribute("data-piece", str(piece))
    expect(moved, "focus follows the moved piece (docs/web.md, Keyboard)").to_be_focused()
    expect(moved).to_have_attribute("aria-pressed", "true")

    person.tab_to("(e) => e.dataset.action === 'discard'")
    person.enter()
    person.wait_played(0, f"discard {piece}")
    expect(person.rack.locator("button[data-piece]")).to_have_count(14)
    events = [e for view in person.views for e in view["events"] if e["seat"] == 0]
    assert [e["code"] for e in events[-2:]] == ["drew", "discarded"], events[-2:]
    assert events[-1]["params"]["piece"] == piece
    turns += 1

    while (status := person.wait_turn_or_end()) != "end":
        person.play_turn(rng, status)
        turns += 1
    dialog = person.page.get_by_test_id("round-end")
    expect(dialog).to_be_visible()
    assert dialog.evaluate("(d) => d.contains(document.activeElement)"), "the round end has no focus"
    ended = [e["code"] for view in person.views for e in view["events"] if e["seat"] == 0]
    assert ended.count("discarded") + ended.count("finished") + ended.count("passed") == turns, ended


def test_lobby_creates_a_table_against_bots_and_lists_open_tables(pages: Pages, server: Server) -> None:
    page = pages.new("host")
    page.goto("/")
    expect(page.get_by_test_id("lobby")).to_be_visible()
    listed = server.post(
        "/tables",
        {"variant": "okey", "seats": [{"kind": "person"}] * 2 + [{"kind": "bot"}] * 2, "public": True},
        status=201,
    )
    expect(page.get_by_test_id(f"open-table-{listed['table']}")).to_be_visible()

    page.get_by_test_id("display-name").fill("Host")
    form = page.get_by_test_id("create-table")
    form.get_by_test_id("create-game").select_option("okey")
    for seat, level in ((1, "easy"), (2, "hard"), (3, "expert")):
        form.get_by_test_id(f"create-seat-{seat}").select_option(level)
    form.locator("button[type=submit]").click()
    expect(page.get_by_test_id("table")).to_have_attribute("data-status", "playing")
    pieces = page.get_by_test_id("rack").locator("button[data-piece]")
    expect(pieces.nth(13)).to_be_visible()
    assert pieces.count() in (14, 15)  # 15 for the seat that starts
    expect(page.get_by_test_id("seat-0")).to_contain_text("Host")
    for seat, level in ((1, "easy"), (2, "hard"), (3, "expert")):
        expect(page.get_by_test_id(f"seat-{seat}")).to_contain_text(f"bot ({level})")
    table = page.url.split("#/t/")[1].split("/")[0]
    seats = server.get(f"/tables/{table}").json()["seats"]
    assert [s["level"] for s in seats[1:]] == ["easy", "hard", "expert"]


def test_lobby_reads_a_preset_file_into_the_rules(pages: Pages, server: Server) -> None:
    page = pages.new("host")
    page.goto("/")
    form = page.get_by_test_id("create-table")
    preset = form.get_by_test_id("create-preset")
    status = form.get_by_test_id("preset-status")
    pair_rule = form.locator("#opt-pair_rule")
    expect(pair_rule).to_have_value('"identical"')

    def pick(name: str, text: str) -> None:
        preset.set_input_files({"name": name, "mimeType": "text/plain", "buffer": text.encode()})

    pick("bad.toml", '[okey]\npair_rule = "same_number"\nrounds = [1]\n')
    expect(status).to_have_text("bad.toml, line 3: not a rule written as name = value")
    expect(pair_rule).to_have_value('"identical"')
    pick("typo.toml", "[okey]\npair_rules = 1\n")
    expect(status).to_have_text("typo.toml: Okey has no rule named pair_rules")
    pick("rummy.toml", "# Turkish Rummy, short\n[turkish_rummy]\nrounds = 2\n")
    expect(form.get_by_test_id("create-game")).to_have_value("turkish_rummy")
    expect(form.locator("#opt-rounds")).to_have_value("2")
    form.get_by_role("button", name="Back to the default rules").click()
    expect(form.locator("#opt-rounds")).to_have_value("10")

    form.get_by_test_id("create-game").select_option("okey")
    pick("house.toml", '[okey]\npair_rule = "same_number"  # any two of a number\nrounds = 1\n')
    expect(status).to_have_text("house.toml: its rules for Okey are in the form below")
    expect(pair_rule).to_have_value('"same_number"')
    for seat in (1, 2, 3):
        form.get_by_test_id(f"create-seat-{seat}").select_option("medium")
    form.locator("button[type=submit]").click()
    expect(page.get_by_test_id("table")).to_have_attribute("data-status", "playing")
    table = page.url.split("#/t/")[1].split("/")[0]
    rules = server.get(f"/tables/{table}").json()["rules"]
    assert (rules["pair_rule"], rules["rounds"], rules["direction"]) == ("same_number", 1, "ccw")


def test_play_with_the_mouse_by_dragging_and_clicking_piles(pages: Pages, server: Server) -> None:
    _, (person,) = seated(pages, server, ["Ann"])
    rng = random.Random(6)
    while "draw" not in (status := person.wait_turn_or_end()).split():
        assert status != "end"
        person.play_turn(rng, status)

    # drag from the stock to a chosen empty slot: the drawn piece lands there
    slots = person.slots()
    target = next(i for i in range(27, -1, -1) if slots[i] is None)
    person.page.get_by_test_id("stock").drag_to(person.rack.locator(f"[data-slot='{target}']"))
    expect(person.rack.locator("button[data-piece]")).to_have_count(15)
    drew = [e for e in person.last_view()["events"] if e["code"] == "drew"]
    assert drew and drew[0]["seat"] == 0, person.last_view()["events"]
    expect(person.rack.locator(f"[data-slot='{target}'] button")).to_have_attribute(
        "data-piece", drew[0]["params"]["piece"]
    )
    expect(person.rack).to_have_attribute("aria-busy", "false")

    # drag a rack piece onto the own discard pile: it is discarded (the next seat may take it at
    # once, so the server's announcement is the proof, not the pile's top)
    status = person.wait_turn_or_end()
    assert "discard" in status.split(), status
    piece = person.rack_pieces()[0]
    person.rack.locator(f"button[data-piece='{piece}']").first.drag_to(
        person.page.get_by_test_id("discard-0")
    )
    person.wait_played(0, f"discard {piece}")
    expect(person.rack.locator("button[data-piece]")).to_have_count(14)

    # next turn: click the previous player's discard to take it
    status = person.wait_turn_or_end()
    assert status != "end"
    assert "take" in status.split(), status
    observation = person.last_view()["observation"]
    taken = format_face(Kind.TILES, observation["takeable"])
    pile = (
        person.page.get_by_test_id(f"discard-{observation['takeable_from']}")
        .locator("button[data-piece]")
        .last
    )
    expect(pile).to_have_attribute("data-piece", taken)
    pile.click()
    expect(person.rack.locator("button[data-piece]")).to_have_count(15)
    assert [e["code"] for e in person.last_view()["events"]] == ["took"]
    assert Counter(person.rack_pieces()) == hand_of(person)
    assert taken in person.rack_pieces()


PAIRS_SEED = 213
"""An Okey deal (one round) where seat 0, the first to move, holds 15 tiles with four pairs."""
LINES_JS = """(rack) => [...rack.querySelectorAll(".slot")].map((slot) => {
  const piece = slot.querySelector("button[data-piece]");
  const top = Math.round(slot.getBoundingClientRect().top);
  return [Number(slot.dataset.slot), piece ? piece.dataset.piece : null, top];
})"""
"""Each rack slot: its number, its tile (or null) and the top of its box on the screen."""


def test_upright_pairs_stay_on_one_line(pages: Pages, tmp_path: Path) -> None:
    """Okey on a phone held upright, in Turkish: after "Çift diz" (arrange as pairs) every pair,
    as every group of adjacent tiles that fits in a line, lies on one line of the rack (each row of
    14 slots wraps into two lines of 7 there; a pair lay across the break, in slots 6 and 7). The
    pairs and their order are the server's (the seat session's arrangement); the page only says
    how many rows it shows (`rows`), within which the server keeps each group."""
    deals = {"pairs": (PAIRS_SEED, {"rounds": 1}, "tr", "Ayşe")}
    with dealt_server(tmp_path / "pairs.db", "okey", deals) as (server, tables):
        person = open_dealt(pages, server, tables["pairs"], Person, "upright-pairs")
        page = person.page
        page.set_viewport_size({"width": 390, "height": 844})
        expect(person.rack.locator("button[data-piece]")).to_have_count(15)
        page.get_by_role("button", name=catalog("tr")["arrange_pairs"], exact=True).click()
        rack = person.rack
        expect(rack).to_have_attribute("aria-busy", "false")
        slots: list[list[Any]] = []
        for _ in range(50):
            slots = rack.evaluate(LINES_JS)
            faces = [face for _, face, _ in slots]
            if faces[:2] == [faces[0], faces[0]] and faces[2] is None:
                break
            page.wait_for_timeout(100)
        groups: list[list[list[Any]]] = [[]]
        for slot in slots:
            if slot[1] is None or slot[0] % 14 == 0:
                groups.append([])
            if slot[1] is not None:
                groups[-1].append(slot)
        groups = [g for g in groups if g]
        pairs = [g for g in groups if len(g) == 2 and g[0][1] == g[1][1]]
        assert len(pairs) == 4, groups
        split = [[s[1] for s in g] for g in groups if len(g) <= 7 and len({s[2] for s in g}) > 1]
        assert split == [], (split, slots)
        check_rendering(page, "tr", "okey-upright-pairs-tr-390x844")
