"""Every game's table, drawn by the game's controller (``web/js/games/<game>.js``, named by ``GET
/variants``), at the person's turn: on a desktop (1280x800), a phone upright (390x844) and a phone
on its side (844x390), in English and Persian: the rack or hand, the stock and the legal actions
shown, the page in the language's script without missing glyphs and no wider than the screen.
Screenshots go to the artifacts directory as ``table-<game>-<lang>-<width>x<height>.png``."""

from __future__ import annotations

import pytest
from browser_support import Pages, check_rendering
from playwright.sync_api import expect
from table_driver import Person

from rummykit.variants.registry import VARIANTS
from test_server_support import Server

SIZES = ((1280, 800), (390, 844), (844, 390))
"""Desktop, phone upright, phone on its side (width, height)."""
LANGUAGES = {"en": ("en-US", "Ann"), "fa": ("fa-IR", "آنا")}
"""Each language's browser locale and the person's name."""
PLAYERS = {"carousel": 2}
"""Seats at the table where a game's default is not wanted (a quick two-player Carousel)."""


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_games_table_at_three_sizes(pages: Pages, server: Server, variant: str, lang: str) -> None:
    locale, name = LANGUAGES[lang]
    players = PLAYERS.get(variant, 4)
    options = {"players": players} if variant in PLAYERS else {}
    body = {
        "variant": variant,
        "options": options,
        "seats": [{"kind": "person"}] + [{"kind": "bot", "level": "greedy"}] * (players - 1),
        "bot_delay": 0,
        "grace_seconds": 600,
    }
    # a deal a bot goes out on before the person's first turn (CI met one) is dealt again
    for attempt in range(3):
        created = server.post("/tables", body, status=201)
        page = pages.new(f"table-{variant}-{lang}-{attempt}", locale=locale)
        person = Person(page, server, str(created["table"]), english=lang == "en")
        person.sit(0, name)
        server.post(f"/tables/{created['table']}/start", {"token": created["owner_token"]})
        expect(page.get_by_test_id("table")).to_have_attribute("data-status", "playing")
        if person.wait_turn_or_end() != "end":
            break
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        assert person.wait_turn_or_end() != "end"
        expect(page.get_by_test_id("rack").locator("button[data-piece]").first).to_be_visible()
        expect(page.get_by_test_id("stock")).to_be_visible()
        expect(page.get_by_test_id("actions").locator("button[data-action]").first).to_be_visible()
        check_rendering(page, lang, f"table-{variant}-{lang}-{width}x{height}")
