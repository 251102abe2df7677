"""Kalooki in the browser client: rounds against greedy bots played through the page (the moves
the page's Hint gives, made with its buttons, the rack and drags onto the table's melds) until the
person has opened at 51 and laid off; the table's numbered melds, the opening total, the whole
discard pile, the score sheet; screenshots in two languages, light and dark, desktop and phone;
the picked cards' moves readable and shot in four."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from browser_support import Pages, check_rendering, check_sizes, covered, cut_words, digits, low_contrast
from playwright.sync_api import Locator, Page, expect
from table_driver import (
    Deal,
    Dealt,
    KalookiPerson,
    bots_table,
    catalog,
    dealt_server,
    open_dealt,
    shown,
    who_played,
)
from test_accessibility import NAMES

from rummykit.core.notation import format_face
from rummykit.core.pieces import Kind
from test_server_support import Server

ROUNDS = 5
"""Rounds of a match against the bots (an unseeded deal gives the person an opening and a lay-off
in about two rounds in three with the greedy moves)."""


def kalooki_table(server: Server, rounds: int = ROUNDS) -> dict[str, object]:
    """A public table of ``rounds`` rounds, a person in seat 0 against three greedy bots."""
    return bots_table(server, "kalooki", {"match": "rounds", "rounds": rounds})


def screenshots(page: Page, lang: str, name: str) -> None:
    """Check and save the table at 1280x800 and 390x844, light and dark."""
    check_sizes(page, lang, name, ("light", "dark"))


MOVES_TEXT = "[data-testid=moves] button, [data-testid=moves] p"
"""The picked cards' moves (buttons on their own panel) and the notes beside them."""


MELD_HINT = {
    "en": "Meld {cards}",
    "tr": "Per aç: {cards}",
    "fa": "ترکیب بگذارید: {cards}",
    "th": "ลงไพ่ {cards}",
}
"""The hint's meld move in each language (a meld's cards isolated left to right by their element,
``bdi.pieces-text``)."""
HAND = ("rack", "opening", "moves", "actions")
"""What the hint must leave in view on a phone: the hand, the opening's points, the moves and the
actions."""


def moves_in_every_language(page: Page, action: str) -> None:
    """With the hint of ``action`` (a meld) shown and its cards picked: the hint's move in the
    page's words, the picked cards' moves readable (a contrast of 4.5:1 at least), on a phone the
    hint covering neither the hand, the opening's points, the moves nor the actions; in English,
    Turkish, Persian and Thai, light and dark, and shot so on a desktop and a phone; back to
    English."""
    cards = action.removeprefix("meld ")
    move = page.get_by_test_id("hint-move")
    for lang in ("en", "tr", "fa", "th"):
        page.get_by_test_id("language").select_option(lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(move).to_have_text(MELD_HINT[lang].format(cards=shown(cards, catalog(lang), lang == "fa")))
        expect(move.locator("bdi.pieces-text")).to_have_attribute("dir", "ltr")
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            assert low_contrast(page, MOVES_TEXT) == [], (lang, scheme)
        page.set_viewport_size({"width": 390, "height": 844})
        assert covered(page, "hint", HAND) == [], lang
        check_sizes(page, lang, f"kalooki-moves-{lang}", ("light", "dark"))
    page.get_by_test_id("language").select_option("en")
    expect(page.locator("html")).to_have_attribute("lang", "en")


def drop_where_it_does_not_fit(person: KalookiPerson, view: dict[str, Any]) -> bool:
    """Drag a rack card that no legal move lays off or releases onto a table meld onto that meld:
    the server's refusal names the card and the meld (not the card's number, issue 28's defect
    5); the hint comes back. False when every card fits somewhere (nothing done)."""
    legal = [e["text"] for e in view["legal"]]
    for meld in view["observation"]["table"]:
        number = meld["number"]
        for card in dict.fromkeys(person.rack_pieces()):
            if card == "JK" or any(
                t.startswith((f"layoff {number} ", f"release {number} ")) and card in t.split() for t in legal
            ):
                continue
            person.deselect_all()
            person.rack.locator(f"button[data-piece='{card}']").first.drag_to(
                person.page.get_by_test_id(f"meld-{number}")
            )
            expect(person.page.get_by_test_id("error")).to_have_text(
                f"{shown(card)} doesn't go onto meld {number}"
            )
            person.hint()
            person.deselect_all()
            return True
    return False


def test_a_person_opens_and_lays_off_in_kalooki(pages: Pages, dealt: tuple[Server, dict[str, Dealt]]) -> None:
    """The person plays the hints of the dealt match (:data:`OPEN_LAY_OFF`) until a round in
    which it opened and laid off: the meld's opening total shown live, a card dropped on a meld
    it doesn't fit refused by name, the melds numbered, the round end and the score sheet."""
    server, tables = dealt
    fetched: list[str] = []
    person = open_dealt(pages, server, tables["open-en"], KalookiPerson, "kalooki", fetched)
    page = person.page
    expect(page.get_by_role("heading", name="Kalooki", exact=True)).to_be_visible()
    # the round end comes before any round ends: drawn with the message that ends the round, it
    # covers the next deal's buttons before they can be pressed (CI saw a Hint pressed under it)
    for _ in range(100):
        if any(url.endswith("/roundend.js") for url in fetched):
            break
        page.wait_for_timeout(100)
    assert any(url.endswith("/roundend.js") for url in fetched), "the round end was not preloaded"
    assert person.last_view()["observation"]["last_result"] is None
    done = False
    rounds = 0
    seen_opening_total = False
    shots = False
    no_fit_seen = False
    while not done and rounds < ROUNDS:
        played: list[str] = []
        opened_at: int | None = None
        while (status := person.wait_turn_or_end()) != "end":
            view = person.last_view()
            hand = Counter(format_face(Kind.CARDS, f) for f in view["observation"]["hand"])
            expect(page.get_by_test_id("rack").locator("button[data-piece]")).to_have_count(
                sum(hand.values())
            )
            assert Counter(person.rack_pieces()) == hand
            hint = person.hint()
            action = hint["action"]
            if opened_at is not None and not no_fit_seen and view["observation"]["phase"] == "play":
                no_fit_seen = drop_where_it_does_not_fit(person, view)
            if action.startswith("meld ") and view["opening"] is not None:
                # the opening total the server gives for this meld shows live while it is built
                entry = next(e for e in view["legal"] if e["text"] == action)
                person.choose(action.split()[1:])
                moves = page.get_by_test_id("moves")
                # the button says the meld's own value, the opening line the total with it
                expect(moves.locator(f"button[data-move='{action}']")).to_contain_text(
                    f"({entry['value']} points)"
                )
                if moves.locator("button[data-move^='meld ']").count() == 1:
                    # one meld of these cards (a joker may fit two places: then each button says it)
                    opening = page.get_by_test_id("opening")
                    expect(opening).to_contain_text(f"Opening with this meld: {entry['opening']} of 51")
                if not seen_opening_total:
                    moves_in_every_language(page, action)
                seen_opening_total = True
            if action.startswith("layoff ") and len(action.split()) == 3:
                meld = page.get_by_test_id(f"meld-{action.split()[1]}")
                expect(meld).to_be_visible()
            person.play_move(action)
            played.append(action)
            for event in person.last_view()["events"]:
                if event["code"] == "kalooki_opens" and event["seat"] == 0:
                    opened_at = event["params"]["value"]
            if action.startswith(("meld ", "layoff ")) and person.last_view()["legal"]:
                # the table shows the person's melds, numbered, with their owner
                expect(page.get_by_test_id("melds").locator("li[data-owner='0']").first).to_be_visible()
            if action.startswith("layoff ") and opened_at is not None and not shots:
                screenshots(page, "en", "kalooki-en")
                shots = True
            assert status
        rounds += 1
        result = person.last_view()["observation"]["last_result"]
        end = page.get_by_test_id("round-end")
        expect(end).to_be_visible()
        if result["kind"] == "hunt":
            expect(end.get_by_test_id("okey-yapmak")).to_contain_text("Okey yapmak!")
        done = opened_at is not None and any(a.startswith("layoff ") for a in played)
        if done:
            assert opened_at >= 51
            check_rendering(page, "en", "kalooki-en-1280x800-round-end")
        if not done and not person.last_view()["over"]:
            end.get_by_role("button", name="Continue").click()
            expect(end).to_be_hidden()
    assert done, f"in {rounds} rounds the person never both opened and laid off"
    assert no_fit_seen, "the person never had a card that fits no meld"
    assert seen_opening_total
    # a row per finished round as the server counts them: the loop counts the round ends it saw,
    # and a round that a bot ends before the person's first turn replaces the one still shown
    finished = person.last_view()["observation"]["last_result"]["round_no"]
    assert finished >= rounds
    scores = page.get_by_test_id("scores")
    expect(scores.locator("tbody tr")).to_have_count(finished)


def test_the_kalooki_table_in_turkish(pages: Pages, server: Server) -> None:
    """The Kalooki table in Turkish once melds are on it, on a desktop and a phone, light and dark;
    the whole discard pile opens; the create form offers Kalooki with its rules."""
    created = kalooki_table(server, rounds=1)
    page = pages.new("kalooki-tr", locale="tr-TR", width=1280, height=800)
    person = KalookiPerson(page, server, str(created["table"]), english=False)
    person.sit(0, "Ayşe")
    server.post(f"/tables/{created['table']}/start", {"token": created["owner_token"]})
    expect(page.get_by_test_id("table")).to_have_attribute("data-status", "playing")
    while (status := person.wait_turn_or_end()) != "end":
        assert status
        person.play_move(person.hint()["action"])
        view = person.last_view()
        if (
            len(view["observation"]["table"]) >= 3
            and len(view["observation"]["discards"]) >= 2
            and view["legal"]
        ):
            break
    pile = page.get_by_test_id("whole-pile")
    if pile.count():
        pile.locator("summary").click()
        discards = view["observation"]["discards"]
        expect(pile.locator("button[data-piece]")).to_have_count(len(discards))
    screenshots(page, "tr", "kalooki-tr")
    page.goto("/#/")
    game = page.get_by_test_id("create-game")
    game.select_option("kalooki")
    expect(page.get_by_test_id("create-table")).to_contain_text("51")


# ---------------------------------------------------------------- dealt positions
# The server deals every match with a fresh secret seed and takes no position, so the tests below
# get their deals from a server of their own: the tables are created and started, the server
# stopped, each match's seed replaced in its database (its actions dropped) by a seed found with
# the engine and the greedy bots, and the server started again on that database, which deals the
# chosen matches. The person plays the page's hints (the greedy bot's moves), so each match goes
# as it did in the search.

OPEN_LAY_OFF = 3
"""The person opens and lays off in the first round, with the bots greedy and its seat playing
the hint (the greedy bot's move): it draws or takes in six turns, in its seventh melds 2S 2H 2C,
5H 6H 7H (the hint's first meld, with the opening total), 9D TD JK[JD] QD (opening at 63), lays
7S off onto meld 8 (then holds cards that fit no meld on the table) and discards; seat 3 goes out
in its next turn. An unseeded deal gives an opening and a lay-off in a round about two times in
three, so the test failed now and then in its five rounds."""
RUN_RELEASE = 34
"""Seat 0 may release a run's joker with its declared card after 7 of its turns."""
SET_RELEASE = 181
"""Seat 0 may release a set's joker with both missing suits (``release 7 5S 5C``) after 9 turns."""
HUNT = 686
"""Seat 0 goes out in its first turn without having melded (Okey yapmak); the others keep 119,
117 and 131 points in hand (with the 25 points' penalty)."""
HUNT_LIMIT = 118
"""The elimination limit that puts seats 1 and 3 out of the match after that round, and keeps
seat 2 in."""

DEALS: dict[str, Deal] = {
    "open-en": (OPEN_LAY_OFF, {"match": "rounds", "rounds": ROUNDS}, "en", "Ann"),
    "run-fa": (RUN_RELEASE, {"match": "rounds", "rounds": 1}, "fa", "آنا"),
    "set-th": (SET_RELEASE, {"match": "rounds", "rounds": 1}, "th", "อันนา"),
    "hunt-fa": (HUNT, {"elimination_limit": HUNT_LIMIT}, "fa", "آنا"),
    "hunt-th": (HUNT, {"elimination_limit": HUNT_LIMIT}, "th", "อันนา"),
}
"""Each dealt table: (seed, rules options, language, the person's name)."""


@pytest.fixture(scope="module")
def dealt(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict[str, Dealt]]]:
    """A server of this module's own whose tables (:data:`DEALS`, a person in seat 0 and greedy
    bots) play the chosen seeds' matches."""
    with dealt_server(tmp_path_factory.mktemp("dealt") / "rummykit.db", "kalooki", DEALS) as found:
        yield found


def play_hints_until(person: KalookiPerson, wanted: Callable[[list[str]], str | None]) -> str:
    """Play the hinted moves (each in the page's words) until ``wanted`` picks a legal action's
    text; return it."""
    for _ in range(200):
        assert person.wait_turn_or_end() != "end", "the round ended first"
        view = person.last_view()
        found = wanted([entry["text"] for entry in view["legal"]])
        if found is not None:
            return found
        hint = person.hint()
        # every move the hint gives is in the page's words
        assert english_words(person.page, "hint-move") == [], hint["action"]
        person.play_move(hint["action"])
    raise AssertionError("never found")


def english_words(page: Page, test_id: str = "log") -> list[str]:
    """Latin words of two letters or more in the log (or the element of ``test_id``; notation is
    upper case: ``7H``, ``JK``; the Turkish term "Okey yapmak" has the language's words too)."""
    text = page.get_by_test_id(test_id).inner_text()
    return [w for w in re.findall(r"[A-Za-z]{2,}", text) if not re.fullmatch(r"[2-9TJQKA][SHDC]|JK", w)]


def drag_release(person: KalookiPerson, action: str) -> None:
    """Play ``release N C…`` by selecting its cards and dragging the last one onto meld N; wait
    until the server played it and the meld holds the cards and one joker fewer, the hand one more."""
    page = person.page
    _, number, *cards = action.split()
    person.choose(cards)
    meld = page.get_by_test_id(f"meld-{number}")
    on_meld = meld.locator("button[data-piece='JK']").count()
    assert on_meld >= 1
    jokers = person.rack.locator("button[data-piece='JK']").count()
    before = len(person.views)
    person.rack.locator(f"button[data-piece='{cards[-1]}'][aria-pressed='true']").first.drag_to(meld)
    for _ in range(100):
        if any(who_played(v) == {"seat": 0, "action": action} for v in person.views[before:]):
            break
        assert not person.error_text(), person.error_text()
        page.wait_for_timeout(100)
    else:
        raise AssertionError(f"{action} was never played")
    for card in cards:
        expect(meld.locator(f"button[data-piece='{card}']")).to_have_count(1)
    expect(meld.locator("button[data-piece='JK']")).to_have_count(on_meld - 1)
    expect(person.rack.locator("button[data-piece='JK']")).to_have_count(jokers + 1)


def test_releasing_a_runs_joker_by_dragging_its_card_in_persian(
    pages: Pages, dealt: tuple[Server, dict[str, Dealt]]
) -> None:
    """The run's declared card dragged onto the meld takes its joker; the table in Persian (right
    to left), desktop and phone, light and dark, before the drag."""
    server, tables = dealt
    person = open_dealt(pages, server, tables["run-fa"], KalookiPerson, "kalooki")
    action = play_hints_until(
        person, lambda texts: next((t for t in texts if t.startswith("release ")), None)
    )
    assert len(action.split()) == 3
    screenshots(person.page, "fa", "kalooki-fa-release")
    # the own seat's "opened" tag whole upright (its three columns cut it to "باز...")
    person.page.set_viewport_size({"width": 390, "height": 844})
    expect(person.page.locator(".me .seat .tag")).to_be_visible()
    assert cut_words(person.page) == []
    person.page.set_viewport_size({"width": 1280, "height": 800})
    drag_release(person, action)
    log = person.page.get_by_test_id("log")
    expect(log).to_contain_text("جوکر ترکیب")
    assert english_words(person.page) == []


def test_releasing_a_sets_joker_with_both_missing_suits_in_thai(
    pages: Pages, dealt: tuple[Server, dict[str, Dealt]]
) -> None:
    """Both missing suits, selected, dragged onto a set of three with a joker, take the joker; the
    table in Thai, desktop and phone, light and dark."""
    server, tables = dealt
    person = open_dealt(pages, server, tables["set-th"], KalookiPerson, "kalooki")
    action = play_hints_until(
        person,
        lambda texts: next((t for t in texts if t.startswith("release ") and len(t.split()) == 4), None),
    )
    assert action == "release 7 5S 5C"
    screenshots(person.page, "th", "kalooki-th-release")
    drag_release(person, action)
    assert english_words(person.page) == []


HUNT_WORDS = {"fa": "یک‌جا تمام کرد", "th": "ลงหมดมือในตาเดียว"}
"""Kalooki's going out in one turn (Okey yapmak) in the players' words (docs/i18n.md)."""
ISOLATES = re.compile("[\u2066-\u2069\u200e]")
PLACES_JS = """(p, items) => {
  // where each [name, value] of the paragraph's text lies on the screen: [left, right, top] of
  // the name, then of the value after it
  const node = [...p.childNodes].find((n) => n.nodeType === 3 && n.data.includes(items[0][0]));
  const box = (start, length) => {
    const range = document.createRange();
    range.setStart(node, start);
    range.setEnd(node, start + length);
    const r = range.getBoundingClientRect();
    return [r.left, r.right, r.top];
  };
  return items.map(([name, value]) => {
    const at = node.data.indexOf(name);
    return [...box(at, name.length), ...box(node.data.indexOf(value, at + name.length), value.length)];
  });
}"""


def hand_values_read_name_then_value(page: Page, end: Locator, result: dict[str, Any], lang: str) -> None:
    """The round end's hand values: each seat's name, a colon, its points ("ربات ۲: +۱۱۹"),
    the name read first in the page's direction and on its own side of the colon: they ran
    together ("ربات ۲ ۱۱۹+" read as "Bot 2 119+"; issue 28, the tester's 9)."""
    words = catalog(lang)
    note = next(n for n in result["notes"] if n["code"] == "kalooki_hand_values")
    names = [ISOLATES.sub("", end.locator("tbody th").nth(s).inner_text()) for s in range(4)]
    line = end.locator("p").filter(has_text=words["kalooki_ui_hand_values"].split("{")[0].strip())
    expect(line).to_have_count(1)
    text = ISOLATES.sub("", line.inner_text())
    items = [(names[seat], f"+{digits(lang, points)}") for seat, points in note["params"]["points"]]
    for name, value in items:
        assert f"{name}: {value}" in text, (name, value, text)
    rtl = lang == "fa"
    for name_left, name_right, name_top, left, right, top in line.evaluate(PLACES_JS, items):
        if abs(name_top - top) < 2:  # on one line
            assert name_left >= right if rtl else name_right <= left, text


def hands_in_the_replays_order(end: Locator, result: dict[str, Any]) -> None:
    """Every hand the round end shows is in the replay's order (suit, then rank; jokers last):
    they came as held (issue 28, the tester's 10). The hands follow the winner's melds."""
    hands = [h for s, h in enumerate(result["hands"]) if h and (s != result["winner"] or not result["laid"])]
    assert hands
    blocks = end.locator(".laid").all()[-len(hands) :]
    for block, hand in zip(blocks, hands, strict=True):
        faces = block.locator("button[data-piece]").evaluate_all("(bs) => bs.map((b) => b.dataset.piece)")
        assert faces == [format_face(Kind.CARDS, f) for f in sorted(hand)], faces


@pytest.mark.parametrize("key", ["hunt-fa", "hunt-th"])
def test_okey_yapmak_and_the_elimination_standings(
    pages: Pages, dealt: tuple[Server, dict[str, Dealt]], key: str
) -> None:
    """The person lays every card in one turn (Okey yapmak): the round end announces it; two
    players pass the limit and the score sheet's standings say who is still in; the log has every
    event in the page's language (opens, the round end, out of the match)."""
    server, tables = dealt
    table = tables[key]
    person = open_dealt(pages, server, table, KalookiPerson, "kalooki")
    page = person.page
    while person.wait_turn_or_end() != "end":
        person.play_move(person.hint()["action"])
    result = person.last_view()["observation"]["last_result"]
    assert result["kind"] == "hunt" and result["winner"] == 0
    end = page.get_by_test_id("round-end")
    # the term in the page's own words, not the Turkish in Latin letters (issue 28, the tester's 8)
    expect(end.get_by_test_id("okey-yapmak")).to_contain_text(HUNT_WORDS[table.lang])
    expect(end.get_by_test_id("okey-yapmak")).to_contain_text(table.name)
    assert "yapmak" not in end.inner_text()
    page.set_viewport_size({"width": 390, "height": 844})
    hand_values_read_name_then_value(page, end, result, table.lang)
    hands_in_the_replays_order(end, result)
    check_rendering(page, table.lang, f"kalooki-{key}-round-end-390x844")
    page.set_viewport_size({"width": 1280, "height": 800})
    check_rendering(page, table.lang, f"kalooki-{key}-round-end")
    end.locator("button").last.click()
    expect(end).to_be_hidden()
    standings = page.get_by_test_id("scores").get_by_test_id("standings")
    cells = standings.locator("td")
    expect(cells).to_have_count(4)
    inside, out = ("هست", "بیرون") if table.lang == "fa" else ("อยู่", "ออก")
    assert [cells.nth(s).inner_text() for s in range(4)] == [inside, out, inside, out]
    for seat in (1, 3):
        expect(page.get_by_test_id(f"seat-{seat}")).to_contain_text(
            "بیرون از بازی" if table.lang == "fa" else "ออกจากเกมแล้ว"
        )
    log = page.get_by_test_id("log")
    expect(log).to_contain_text(table.name)
    # a meld's cards are one left-to-right run (isolated in Persian), so they read in their order
    meld = "K♠ K♥ K♦" if table.lang == "th" else "\u2066K♠ K♥ K♦\u2069"
    assert meld in log.inner_text()
    assert english_words(page) == []
    screenshots(page, table.lang, f"kalooki-{key}-standings")


SETS_SEED = 6
"""A Kalooki deal (one round) where seat 0 moves first holding 4♠ 4♦ 4♣, Q♠ Q♥ Q♦ Q♣ and J♣ K♣:
the hint's best melds are "4♠ 4♦ 4♣ | Q♠ Q♥ Q♦ | J♣ Q♣ K♣", and after the draw it melds them."""
CARDS_JS = """(el) => {
  // each card (or bar) of the element's text: its text, left and right, and its line's top
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const found = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    for (const m of n.data.matchAll(/(10|[2-9JQKA])[\u2660\u2665\u2666\u2663]|[|]/g)) {
      const r = document.createRange();
      r.setStart(n, m.index);
      r.setEnd(n, m.index + m[0].length);
      const b = r.getBoundingClientRect();
      found.push([m[0], b.left, b.right, Math.round(b.top + b.height / 2)]);
    }
  }
  return [parseFloat(getComputedStyle(el).fontSize), found];
}"""


def check_cards_text(element: Locator) -> int:
    """The cards named in ``element``'s text, meld by meld (split by bars): each meld on one line,
    its cards left to right and at least 0.45em apart; the number of melds."""
    size, found = element.evaluate(CARDS_JS)
    melds: list[list[list[Any]]] = [[]]
    for card in found:
        if card[0] == "|":
            melds.append([])
        else:
            melds[-1].append(card)
    for meld in melds:
        assert len({card[3] for card in meld}) == 1, ("a meld across lines", meld)
        gaps = [b[1] - a[2] for a, b in pairwise(meld)]
        assert all(gap >= 0.45 * size for gap in gaps), ("cards run together", size, meld)
    return len(melds)


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_the_hints_cards_are_spaced_and_each_meld_on_one_line(
    pages: Pages, tmp_path: Path, lang: str
) -> None:
    """A tester's: the Persian hint's "4♥ 4♦ 4♣" read tight, the cards running together in the
    right-to-left line, and a meld broke across lines ("J♣" on one, "Q♣ K♣" on the next). The
    hint's melds (its best ones, and the melds its move lays) are one left-to-right run, each meld
    kept on one line, its cards spaced apart (selection.js's `PiecesText`), at 390x844."""
    deals = {"sets": (SETS_SEED, {"match": "rounds", "rounds": 1}, lang, NAMES[lang])}
    with dealt_server(tmp_path / "sets.db", "kalooki", deals) as (server, tables):
        person = open_dealt(pages, server, tables["sets"], KalookiPerson, "hint-cards")
        page = person.page
        page.set_viewport_size({"width": 390, "height": 844})
        hint = person.hint()
        assert len(hint["by_value"]["melds"]) == 3, hint
        assert check_cards_text(page.get_by_test_id("hint").locator("p").nth(1)) == 3
        check_rendering(page, lang, f"kalooki-hint-cards-{lang}-390x844")
        person.play_move(hint["action"])
        hint = person.hint()
        assert hint["action"].startswith("meld"), hint
        assert check_cards_text(page.get_by_test_id("hint-move")) == len(hint["action"].split("|"))
        check_rendering(page, lang, f"kalooki-hint-meld-{lang}-390x844")
