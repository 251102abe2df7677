"""Turkish Rummy in the browser client: a table with cards loads and a person plays turns against
real bots through the page."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from browser_support import Pages, check_rendering
from playwright.sync_api import expect
from table_driver import Person, reseed, shown

import rummykit
import web_modules
from rummykit.core.notation import format_face
from rummykit.core.pieces import Kind
from test_server_support import Server, running

WEB = Path(rummykit.__file__).parent / "web"
"""The browser client's files (its compiled catalogs: the page's names for the bots)."""


@pytest.mark.parametrize(
    ("lang", "locale", "width", "height"), [("en", "en-US", 1280, 800), ("th", "th-TH", 390, 844)]
)
def test_a_person_plays_turns_of_turkish_rummy(
    pages: Pages, server: Server, lang: str, locale: str, width: int, height: int
) -> None:
    # the server deals at random and a greedy bot may go out before the person has played three
    # turns: then a new table is played, three at most
    for attempt in range(3):
        body = {
            "variant": "turkish_rummy",
            "options": {"rounds": 1},
            "seats": [{"kind": "person"}] + [{"kind": "bot", "level": "greedy"}] * 3,
            "bot_delay": 0,
        }
        created = server.post("/tables", body, status=201)
        page = pages.new(f"ann-{lang}-{attempt}", locale=locale, width=width, height=height)
        person = Person(page, server, created["table"], english=lang == "en")
        person.sit(0, "Ann")
        server.post(f"/tables/{created['table']}/start", {"token": created["owner_token"]})
        expect(person.page.get_by_test_id("table")).to_have_attribute("data-status", "playing")
        up_card = person.page.get_by_test_id("indicator").locator("button[data-piece]").first
        expect(up_card).to_have_attribute(
            "data-piece", format_face(Kind.CARDS, person.last_view()["observation"]["up_card"])
        )
        expect(person.page.get_by_test_id("stock")).to_be_visible()
        first = person.views[0]["observation"]
        catalog = web_modules.catalog(lang)
        names = ["Ann", *(catalog["seat_bot_name"].replace("{n}", str(n)) for n in (2, 3, 4))]
        draws = [
            f"{names[seat]}: {shown(format_face(Kind.CARDS, face), catalog)}"
            for seat, face in first["order_draws"]
        ]
        order_line = person.page.get_by_test_id("log").locator("li", has_text=draws[0])
        expect(order_line).to_have_count(1)
        for draw in draws:
            expect(order_line).to_contain_text(draw)
        if lang == "en":
            expect(order_line).to_contain_text("Cards drawn for the order of play: ")
            order = [names[seat] for seat in first["order"]]
            expect(order_line).to_contain_text(f"The order is {', '.join(order)}")

        rng = random.Random(2)
        turns = 0
        while turns < 4 and (status := person.wait_turn_or_end()) != "end":
            hand = Counter(format_face(Kind.CARDS, f) for f in person.last_view()["observation"]["hand"])
            assert Counter(person.rack_pieces()) == hand
            pile = person.page.get_by_test_id("discard-0").locator("button[data-piece]")
            if "take" in status.split():
                expect(pile.last).to_be_visible()
            if turns == 1:
                check_rendering(page, lang, f"turkish-rummy-{lang}-{width}x{height}-table")
            played = person.play_turn(rng, status)
            assert played[0] in ("draw", "take", "finish"), played
            turns += 1
        if turns >= 3:
            break
    assert turns >= 3
    drawn = [
        e for view in person.views for e in view["events"] if e["seat"] == 0 and e["code"] in ("drew", "took")
    ]
    discarded = [
        e for view in person.views for e in view["events"] if e["seat"] == 0 and e["code"] == "discarded"
    ]
    assert len(drawn) >= 3 and len(discarded) >= 3
    assert person.page.get_by_test_id("log").inner_text().strip()


JOKER_SEED = 1
"""A deal whose first round four greedy bots end with a laid meld holding the joker (found by
playing the deal with the server's greedy bot: the winner, seat 2, lays ``JK AH AD``, the joker
standing for the ace of spades)."""


def test_the_round_end_says_what_each_laid_joker_stands_for(
    pages: Pages, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The round end shows the winner's melds with each joker's card under it, as the table shows
    a meld's jokers (the phone round of issue 28 read "7♠ 7♥ ★ JK" and nothing more)."""
    db = tmp_path_factory.mktemp("tr-joker") / "rummykit.db"
    first = Server(f"sqlite:///{db}").start()
    try:
        body = {
            "variant": "turkish_rummy",
            "options": {"rounds": 1},
            "seats": [{"kind": "bot", "level": "greedy"}] * 4,
            "bot_delay": 0.2,
            "round_break_seconds": 0,
        }
        created = first.post("/tables", body, status=201)
        table = str(created["table"])
        first.post(f"/tables/{table}/start", {"token": created["owner_token"]})
    finally:
        first.stop()
    reseed(db, {table: JOKER_SEED})
    with running(f"sqlite:///{db}") as server:
        for lang, locale in (("en", "en-US"), ("fa", "fa-IR")):
            page = pages.new(f"tr-joker-{lang}", locale=locale, width=390, height=844)
            page.goto(f"{server.base}/#/t/{table}")
            end = page.get_by_test_id("round-end")
            expect(end).to_be_visible(timeout=60_000)
            jokers = end.locator(".laid .kcard", has=page.locator("[data-piece=JK]"))
            expect(jokers).not_to_have_count(0)
            for n in range(jokers.count()):
                card = jokers.nth(n).locator(".stands").get_attribute("data-card")
                assert card and card != "JK", (lang, n, card)
                label = jokers.nth(n).locator("[data-piece=JK]").get_attribute("aria-label") or ""
                assert "," in label or "،" in label, (lang, label)
            check_rendering(page, lang, f"turkish-rummy-round-end-joker-{lang}-390x844")
