"""101 Okey in the browser client: a whole match (one round) against three greedy bots played
through the page (the moves the page's Hint gives, made with its buttons, the rack and drags onto
the table's melds), its round end in words and its score sheet; on a dealt table, an opening laid
meld by meld from tiles selected in the rack with the total toward 101 shown as they are selected,
then a lay-off by tapping its meld and an okey freed by dragging its tile there (in Turkish), and
the warning before an işlek discard, refused then confirmed, its fine scored (in
Persian). Screenshots at 1280x800, 390x844 and 844x390."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from browser_support import Pages, check_rendering, check_round_end_fits
from playwright.sync_api import Page, expect
from table_driver import Deal, Dealt, Okey101Person, bots_table, dealt_server, open_dealt

from rummykit.core.notation import format_face
from rummykit.core.pieces import Kind
from rummykit.variants.okey_101.messages import NOTES
from test_server_support import Server

SIZES = ((1280, 800), (390, 844), (844, 390))
"""Desktop, phone upright, phone on its side (width, height)."""


RULES = {"rounds": 1}
"""One round."""


WIDER_THAN_BOX = """(root) => [...root.querySelectorAll("*")]
  .filter((e) => e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1)
  .map((e) => `${e.tagName}.${e.className}: ${e.scrollWidth}px in ${e.clientWidth}px`)"""
"""The elements under ``root`` whose content is wider than their box (clipped or scrolled)."""


def shots(page: Page, lang: str, name: str) -> None:
    """Check and save the page at the three sizes; back to 1280x800."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        check_rendering(page, lang, f"{name}-{width}x{height}")
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})


def check_rack(person: Okey101Person) -> None:
    """The rack holds the seat's hand, tile for tile (once the page has shown the last view)."""
    hand = Counter(format_face(Kind.TILES, f) for f in person.last_view()["observation"]["hand"])
    expect(person.rack.locator("button[data-piece]")).to_have_count(sum(hand.values()))
    for _ in range(50):
        if Counter(person.rack_pieces()) == hand:
            return
        person.page.wait_for_timeout(100)
    assert Counter(person.rack_pieces()) == hand


def test_a_whole_101_match_against_three_bots(pages: Pages, server: Server) -> None:
    created = bots_table(server, "okey_101", RULES)
    page = pages.new("okey101-ann", locale="en-US")
    person = Okey101Person(page, server, str(created["table"]))
    person.sit(0, "Ann")
    server.post(f"/tables/{created['table']}/start", {"token": created["owner_token"]})
    expect(page.get_by_test_id("table")).to_have_attribute("data-status", "playing")
    expect(page.get_by_role("heading", name="101 Okey", exact=True)).to_be_visible()
    expect(page.get_by_test_id("indicator")).to_be_visible()
    turns = 0
    while person.wait_turn_or_end() != "end":
        check_rack(person)
        person.play_move(person.hint()["action"])
        turns += 1
    assert turns
    view = person.last_view()
    assert view["over"]
    result = view["observation"]["last_result"]
    end = page.get_by_test_id("round-end")
    expect(end.get_by_role("heading", name="The match is over")).to_be_visible()
    # every seat's points in words: a finish, the hands kept, the seats that never opened
    for note in result["notes"][1:]:
        if note["code"] in ("okey_101.unopened_points", "okey_101.hand_points", "okey_101.finisher_points"):
            name = "Ann" if note["params"]["seat"] == 0 else f"Bot {note['params']['seat'] + 1}"
            expect(end).to_contain_text(name)
            for factor in note["params"]["factors"]:  # each multiplier named with its reason
                expect(end).to_contain_text(NOTES[factor["code"]].format(**factor["params"]))
    expect(end).not_to_contain_text("seat ")
    assert [total for _, total in person.round_end_totals()] == view["observation"]["scores"]
    # a pair opener's hand says why it is doubled, in the page's words
    doubled = {
        "code": "okey_101.hand_points",
        "params": {
            "seat": 1,
            "tiles": ["R5", "K7"],
            "total": 12,
            "factor": 6,
            "okeys": 0,
            "fine": 0,
            "points": 72,
            "factors": [
                {"code": "okey_101.x_okey", "params": {"factor": 3}},
                {"code": "okey_101.x_pairs_opener", "params": {"factor": 2}},
            ],
        },
    }
    worded = page.evaluate(
        """async (note) => {
            const game = (await import("/static/js/games/okey_101.js")).default;
            return game.roundNote(note, { seatName: (s) => `Bot ${s + 1}` });
        }""",
        doubled,
    )
    # its tiles marked (U+2063 either side) for the page to draw as tiles
    kept = "\u2063R5\u2063 \u2063K7\u2063"
    assert worded == f"Bot 2 keeps {kept}: 12 x3 for finishing with an okey, x2 for opening with pairs = 72"
    shots(page, "en", "okey101-en-match-end")
    # the dialog fits the window, its buttons always in view, also when its body is as long as
    # four unopened hands of 21 tiles (the hands shown stretched to that)
    check_round_end_fits(page, "en", "okey101-en-round-end-fits", SIZES)
    # every hand shown (an unopened seat keeps 21 tiles) wraps inside the dialog on a phone
    page.set_viewport_size({"width": 390, "height": 844})
    assert end.evaluate(WIDER_THAN_BOX) == []
    hands = end.locator(".laid .meld")
    assert hands.count()
    wraps = hands.evaluate_all("(ms) => ms.map((m) => getComputedStyle(m).flexWrap)")
    assert wraps == ["wrap"] * hands.count()
    check_round_end_fits(page, "en", "okey101-en-round-end-long", SIZES, stretch=True)
    end.get_by_role("button", name="Close").click()
    expect(page.get_by_test_id("scores").locator("tbody tr")).to_have_count(1)
    expect(page.get_by_test_id("log")).to_contain_text("Ann")
    # the own draws named as every player's are ("Ann draws R7", the tile drawn as a tile), never
    # by a raw key
    log = page.get_by_test_id("log")
    assert "log_" not in log.inner_text() and "(piece=" not in log.inner_text(), log.inner_text()
    expect(
        log.locator("li", has_text=re.compile(r"^Ann draws ")).locator("[data-tile]").first
    ).to_be_attached()


# ---------------------------------------------------------------- a dealt table
SEED = 4
"""Seat 0 holds an işlek tile once it has drawn in its first turn (a bot opened before it); with
the greedy moves it opens in that turn with three sets and runs worth 102, then lays off a
false joker, and two turns later frees an okey (``swap 18 B2``, where ``layoff 18 B2`` fits
too)."""
DEALS: dict[str, Deal] = {
    "open-tr": (SEED, RULES, "tr", "Ayşe"),
    "islek-fa": (SEED, RULES, "fa", "آنا"),
    "retract-fa": (SEED, RULES, "fa", "آنا"),
    "give-back-en": (1, RULES, "en", "Ann"),
    "give-back-tr": (1, RULES, "tr", "Ayşe"),
}
"""Each dealt table: (seed, rules options, language, the person's name)."""


@pytest.fixture(scope="module")
def dealt(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict[str, Dealt]]]:
    """A server of this module's own whose tables (:data:`DEALS`) deal :data:`SEED`."""
    with dealt_server(tmp_path_factory.mktemp("dealt-101") / "rummykit.db", "okey_101", DEALS) as found:
        yield found


def test_opening_to_101_by_selecting_tiles_then_laying_off_in_turkish(
    pages: Pages, dealt: tuple[Server, dict[str, Dealt]]
) -> None:
    server, tables = dealt
    person = open_dealt(pages, server, tables["open-tr"], Okey101Person, "okey101")
    page = person.page
    opening = page.get_by_test_id("opening")
    totals: list[int] = []
    opened = None
    while opened is None:
        assert person.wait_turn_or_end() != "end", "the round ended before the opening"
        view = person.last_view()
        action = person.hint()["action"]
        if action.startswith("meld ") and view["opening"] is not None:
            # the total toward 101 the server gives for the selected tiles' meld, as they are selected
            entry = next(e for e in view["legal"] if e["text"] == action)
            expect(opening).to_contain_text(f"El açma: {view['opening']['laid']} / 101")
            person.choose(action.split()[1:])
            expect(opening).to_contain_text(f"Bu perle el açma: {entry['opening']} / 101")
            button = page.get_by_test_id("moves").locator(f"button[data-move='{action}']")
            expect(button).to_contain_text(f"({entry['opening']})")
            totals.append(entry["opening"])
            if len(totals) == 2:
                shots(page, "tr", "okey101-tr-opening")
        person.play_move(action)
        for event in person.last_view()["events"]:
            if event["code"] == "okey_101.opens_melds" and event["seat"] == 0:
                opened = event["params"]["value"]
    assert len(totals) >= 2 and totals == sorted(totals)
    assert opened == totals[-1] >= 101
    expect(page.get_by_test_id("seat-0")).to_contain_text("eli açtı")
    mine = page.get_by_test_id("melds-of-0")
    expect(mine.locator("li[data-owner='0']")).to_have_count(len(totals))
    expect(mine.locator(".kmeld.pending")).to_have_count(0)
    expect(page.get_by_test_id("log")).to_contain_text("Ayşe eli açtı")
    # then a lay-off by tap (the tile selected, its meld pressed) and an okey freed by a drag
    freed = False
    while not freed:
        assert person.wait_turn_or_end() != "end", "the round ended before an okey swap"
        action = person.hint()["action"]
        verb, *words = action.split()
        if verb == "layoff" and len(words) == 2:
            person.choose([words[1].split("[")[0]])
            page.get_by_test_id(f"meld-{words[0]}").click()
            person.wait_played(0, action)
        elif verb == "swap":
            okey = format_face(Kind.TILES, person.last_view()["observation"]["okey"])
            okeys = person.rack.locator(f"button[data-piece='{okey}']").count()
            person.deselect_all()
            person.rack.locator(f"button[data-piece='{words[1]}']").first.drag_to(
                page.get_by_test_id(f"meld-{words[0]}")
            )
            moves = page.get_by_test_id("moves")
            if moves.locator("button[data-move^='layoff ']").count():
                # the tile may also be laid off there: the page asks which
                expect(moves).to_contain_text(f"{words[0]}. pere birkaç şekilde uyuyor")
            moves.locator(f"button[data-move='{action}']").click()
            person.wait_played(0, action)
            expect(person.rack.locator(f"button[data-piece='{okey}']")).to_have_count(okeys + 1)
            freed = True
        else:
            person.play_move(action)


def test_the_islek_warning_in_persian(pages: Pages, dealt: tuple[Server, dict[str, Dealt]]) -> None:
    server, tables = dealt
    person = open_dealt(pages, server, tables["islek-fa"], Okey101Person, "okey101")
    page = person.page
    while True:
        assert person.wait_turn_or_end() != "end", "the round ended before an işlek tile"
        view = person.last_view()
        fined = [e for e in view["legal"] if e["parts"]["verb"] == "discard" and "fine" in e]
        if any(e["fine"]["kind"] == "playable" for e in fined):
            break
        person.play_move(person.hint()["action"])
    entry = next(e for e in fined if e["fine"]["kind"] == "playable")
    tile = entry["parts"]["pieces"][0]
    assert tile in view["islek"]
    expect(page.get_by_test_id("islek").locator(f"[data-tile='{tile}']")).to_have_count(1)
    before = len(person.views)
    discard = page.get_by_test_id("actions").locator("button[data-action='discard']")
    warning = page.get_by_test_id("discard-warning")
    # asked first: keeping the tile plays nothing
    person.choose([tile])
    discard.click()
    expect(warning.locator(f"[data-tile='{tile}']")).to_have_count(1)
    expect(warning).to_contain_text("+۱۰۱")
    shots(page, "fa", "okey101-fa-islek")
    warning.get_by_test_id("cancel-discard").click()
    expect(warning).to_have_count(0)
    page.wait_for_timeout(300)
    assert len(person.views) == before
    # confirmed: discarded, and the fine is scored at once
    score = view["observation"]["scores"][0]
    person.choose([tile])
    discard.click()
    warning.get_by_test_id("confirm-discard").click()
    person.wait_played(0, f"discard {tile}")
    played = next(
        v for v in person.views[before:] if (v.get("played") or {}).get("action") == f"discard {tile}"
    )
    assert any(e["code"] == "okey_101.fined_playable" for e in played["events"])
    assert played["observation"]["scores"][0] == score + 101
    expect(page.get_by_test_id("log").locator(f"[data-tile='{tile}']").last).to_be_attached()


def legal_pairs(view: dict[str, Any]) -> list[str]:
    """The legal pairs of ``view`` (with the okey or without)."""
    return [e["text"] for e in view["legal"] if e["parts"]["verb"] == "pair"]


def test_retract_puts_the_pairs_back_where_they_were(pages: Pages, server: Server) -> None:
    """Pairs short of an opening, taken back with Retract, return to the rack slots they were
    laid from (not to the rack's end): the person plays the hint's moves until pairs are offered
    after a draw from the stock, lays two and retracts them (in Persian). After a take the retract
    gives the taken discard back and draws from the stock instead (docs/rule-choices.md), so the
    rack can't be as it was: the test lays pairs in turns begun with a draw, before the seat has
    opened (a loaded run laid a pair after the hint had opened with pairs: no retract offered)."""
    for attempt in range(3):
        created = bots_table(server, "okey_101", RULES)
        page = pages.new(f"okey101-retract-{attempt}", locale="fa-IR")
        person = Okey101Person(page, server, str(created["table"]), english=False)
        person.sit(0, "آنا")
        server.post(f"/tables/{created['table']}/start", {"token": created["owner_token"]})
        expect(page.get_by_test_id("table")).to_have_attribute("data-status", "playing")
        took = False
        for _ in range(12):
            if person.wait_turn_or_end() == "end":
                break
            view = person.last_view()
            pairs = legal_pairs(view)
            # once open (the hint may open with pairs) a pair goes down for good: nothing to retract
            if not pairs or took or view["observation"]["opened"][0] != "none":
                action = person.hint()["action"]
                took = action == "take" or (took and not action.startswith("discard"))
                person.play_move(action)
                continue
            expect(person.rack).to_have_attribute("aria-busy", "false")
            before = person.slots()
            laid = [pairs[0]]
            person.play_move(pairs[0])
            expect(person.rack.locator("button[data-piece]")).to_have_count(sum(1 for s in before if s) - 2)
            more = legal_pairs(person.last_view())
            if more:
                laid.append(more[-1])
                person.play_move(more[-1])
                expect(person.rack.locator("button[data-piece]")).to_have_count(
                    sum(1 for s in before if s) - 4
                )
            offered = [e["text"] for e in person.last_view()["legal"]]
            assert "retract" in offered, (laid, offered)
            person.play_move("retract")
            for _ in range(100):
                if person.slots() == before:
                    break
                page.wait_for_timeout(100)
            assert person.slots() == before, (laid, before, person.slots())
            shots(page, "fa", "okey101-fa-retract-pairs")
            return
    raise AssertionError("no pair was offered")


def test_retract_puts_the_tiles_back_where_they_were(
    pages: Pages, dealt: tuple[Server, dict[str, Dealt]]
) -> None:
    """Melds short of 101, taken back with Retract, return to the rack slots they were melded
    from (not to the rack's end): the dealt opening's first melds laid, then retracted (in Persian)."""
    server, tables = dealt
    person = open_dealt(pages, server, tables["retract-fa"], Okey101Person, "okey101")
    page = person.page
    laid: list[str] = []
    before: list[str | None] = []
    while len(laid) < 2:
        assert person.wait_turn_or_end() != "end", "the round ended before the opening"
        view = person.last_view()
        action = person.hint()["action"]
        entry = next((e for e in view["legal"] if e["text"] == action), {})
        if not (
            action.startswith("meld ") and view["opening"] is not None and entry.get("opening", 101) < 101
        ):
            if laid:
                break
            person.play_move(action)
            continue
        expect(person.rack).to_have_attribute("aria-busy", "false")
        if not laid:
            before = person.slots()
        count = sum(1 for s in person.slots() if s)
        person.play_move(action)
        expect(person.rack.locator("button[data-piece]")).to_have_count(count - len(action.split()) + 1)
        laid.append(action)
    assert laid
    person.play_move("retract")
    for _ in range(100):
        if person.slots() == before:
            break
        page.wait_for_timeout(100)
    assert person.slots() == before, (laid, before, person.slots())
    shots(page, "fa", "okey101-fa-retract")


GIVE_BACK = {
    "en": "back on the discard pile and draws from the stock instead",
    "tr": "taşını geri bıraktı ve yerine desteden çekti",
}
"""Per language, the log's words for the give-back."""


@pytest.mark.parametrize("lang", list(GIVE_BACK))
def test_retract_gives_a_taken_discard_back(
    pages: Pages, dealt: tuple[Server, dict[str, Dealt]], lang: str
) -> None:
    """A take is only for a play on the table this turn: the Retract button is offered right after
    it (the server lists the retract) and gives the tile back to its pile, a tile from the stock
    instead, the rack as many tiles as before, the table untouched (what a timed-out turn plays,
    ``docs/rule-choices.md``). The person plays the hint's moves until a take is legal (the table
    dealt by seed 1: in seat 0's first turn that draws)."""
    server, tables = dealt
    person = open_dealt(pages, server, tables[f"give-back-{lang}"], Okey101Person, "okey101")
    page = person.page
    for _ in range(40):
        assert person.wait_turn_or_end() != "end", "the round ended before a take was legal"
        view = person.last_view()
        if "take" not in [e["text"] for e in view["legal"]]:
            person.play_move(person.hint()["action"])
            continue
        person.play_move("take")
        actions = page.get_by_test_id("actions")
        expect(actions.locator("button[data-action='retract']")).to_be_visible()
        held = len(person.last_view()["observation"]["hand"])
        expect(person.rack.locator("button[data-piece]")).to_have_count(held)
        shots(page, lang, f"okey101-{lang}-taken")
        table = person.last_view()["observation"]["table"]
        person.play_move("retract")
        after = person.last_view()["observation"]
        assert after["table"] == table and after["retracted"] and after["must_place"] == []
        assert after["discards"][3][-1] == view["observation"]["takeable"]
        expect(person.rack.locator("button[data-piece]")).to_have_count(held)
        expect(actions.locator("button[data-action='retract']")).to_have_count(0)
        expect(page.get_by_test_id("log")).to_contain_text(GIVE_BACK[lang])
        shots(page, lang, f"okey101-{lang}-given-back")
        return
    raise AssertionError("no take was legal")
