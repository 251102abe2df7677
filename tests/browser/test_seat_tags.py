"""Every tag a seat can show, whole, in every language, on a phone on its side and upright (a
Persian «ترکیب گذاشته», melded, cut to 90 of its 93 px in a seat column at 844x390, met only when
a random deal had a bot meld before the person's first turn). The page's messages are rewritten on
their way in, so that each game's table shows its longest tags whatever the deal: every other seat
a long name and, in turn, a bot of the longest level or a person away whom a bot stands in for,
rated; every seat the game's tags (melded, opened, opened with pairs, out of the match)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_support import Pages, check_rendering, cut_words, digits, fill
from playwright.sync_api import Page, WebSocketRoute, expect
from table_driver import LOCALES, catalog, keep_seat
from test_accessibility import ONE_ROUND
from test_hint_and_bar import CUT_TAGS_JS
from test_phone_layout import BOARD_PARTS, SIDE, UPRIGHT, off_screen

from test_server_support import Server

LANGS = ("en", "fa", "th", "tr")
VARIANTS = ("okey", "turkish_rummy", "kalooki", "okey_101", "carousel")
LEVELS = ("easy", "medium", "hard", "expert", "random")
"""The bot levels a seat's tag names (the greedy bot is shown as medium)."""
LONG_NAMES = {
    "en": "Maximilian Alexander Worthington-Smythe",
    "fa": "محمدحسین عبدالرحمانی‌زاده اصفهانی",
    "th": "สมศักดิ์ ศรีสุวรรณวงศ์ไพบูลย์",
    "tr": "Gülşen Karaosmanoğlu Çiçekçioğlu",
}
"""A long name (of at most the 40 characters a name may have) in each language."""


SEATINGS = {
    "bots": ((), (1, 3)),
    "person-across": ((2,), (1, 3)),
    "people-at-sides": ((1, 3), (2, 3)),
}
"""The other seats' players, by name: the seats of rated people with a long name, away, whom a
bot stands in for (the others bots of the longest level), and the seats out of a Kalooki match."""


def longest_level(lang: str) -> str:
    """The bot level whose name is longest in ``lang``."""
    words = catalog(lang)
    return max(LEVELS, key=lambda level: len(words[f"bot_{level}"]))


def rewritten(message: dict[str, Any], variant: str, lang: str, seating: str) -> dict[str, Any]:
    """``message`` as the page is to read it: in the ``table`` message the seats but seat 0 as
    ``seating`` (:data:`SEATINGS`) has them; in a view every seat with the game's tags: melded,
    opened (seat 0 with sets and runs, the others with pairs), or out of the match."""
    people, out = SEATINGS[seating]
    if message.get("type") == "table":
        for seat in message["seats"][1:]:
            if seat["seat"] in people:
                seat.update(
                    kind="person", name=LONG_NAMES[lang], level=None, connected=False, standing_in=True
                )
                seat.update(account="longname", rating={"rating": 1888, "provisional": True})
            else:
                seat.update(kind="bot", level=longest_level(lang), standing_in=False, account=None)
    elif message.get("type") in ("state", "sync"):
        obs = message["observation"]
        seats = list(range(len(obs["hand_counts"])))
        if variant == "carousel":
            obs["melded"] = seats
        elif variant == "kalooki":
            obs["opened"] = seats
            obs["active"] = [seat for seat in seats if seat not in out]
        elif variant == "okey_101":
            obs["opened"] = ["melds"] + ["pairs"] * (len(seats) - 1)
    return message


def rewrite(page: Page, variant: str, lang: str, seating: str) -> None:
    """Route the page's WebSocket through :func:`rewritten` (its messages to the server as they
    are)."""

    def route(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def down(message: str | bytes) -> None:
            found = json.loads(message)
            ws.send(
                json.dumps(rewritten(found, variant, lang, seating)) if isinstance(found, dict) else message
            )

        ws.on_message(server.send)
        server.on_message(down)

    page.route_web_socket("**/ws", route)


BROKEN_WORDS_JS = """
(lang) => [...document.querySelectorAll('.board .seat .tag')].filter((el) => el.checkVisibility())
  .flatMap((el) => [...new Intl.Segmenter(lang, {granularity: 'word'}).segment(el.textContent)]
    .filter((s) => s.isWordLike).map((s) => {
      const range = document.createRange(); const text = el.firstChild;
      range.setStart(text, s.index); range.setEnd(text, s.index + s.segment.length);
      const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top));
      return new Set(tops).size > 1 ? [el.textContent, s.segment] : null; })
    .filter((found) => found !== null))
"""
"""The seats' tags with a word broken over two lines: ``[tag, word]``."""
OUT_OF_SEAT_JS = """
() => [...document.querySelectorAll('.board .seat .tag')].filter((el) => el.checkVisibility())
  .filter((el) => { const b = el.getBoundingClientRect();
    const s = el.closest('.seat').getBoundingClientRect();
    return b.left < s.left - 1 || b.right > s.right + 1; })
  .map((el) => el.textContent)
"""
"""The seats' tags wider than their seat's box."""


def table_of_four(server: Server, variant: str) -> tuple[str, str]:
    """A started table of ``variant`` (one round) with seat 0 held by a person and three slow
    bots (the person's first turn stays a while): its id and seat 0's token."""
    options = {"players": 4} | ONE_ROUND.get(variant, {"rounds": 1})
    created = server.post(
        "/tables",
        {
            "variant": variant,
            "options": options,
            "seats": [{"kind": "person"}] + [{"kind": "bot", "level": "greedy"}] * 3,
            "bot_delay": 10,
            "grace_seconds": 600,
        },
        status=201,
    )
    table = str(created["table"])
    token = server.post(f"/tables/{table}/seats/0/join", {"name": "Ann"})["token"]
    server.post(f"/tables/{table}/start", {"token": created["owner_token"]})
    return table, token


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_tag_of_a_seat_shows_whole(pages: Pages, server: Server, variant: str) -> None:
    """In each language, at 844x390 and 390x844, the seats as each of :data:`SEATINGS` has them
    (:func:`rewritten`): no tag cut, no word of a tag broken over two lines, none wider than its
    seat, every name on one line (a long one cut, whole in its title: :func:`cut_words`); on its
    side, among bots (their names short), the board's seats and the rack on the screen."""
    table, token = table_of_four(server, variant)
    found: list[list[object]] = []
    for lang in LANGS:
        for seating in SEATINGS:
            page = pages.new(
                f"tags-{variant}-{lang}-{seating}", locale=LOCALES[lang], width=SIDE[0], height=SIDE[1]
            )
            keep_seat(page, table, 0, token)
            page.add_init_script(f"localStorage.setItem('rummykit.lang', {json.dumps(json.dumps(lang))});")
            rewrite(page, variant, lang, seating)
            page.goto(f"/#/t/{table}")
            expect(page.get_by_test_id("seat-3")).to_contain_text(
                LONG_NAMES[lang]
                if 3 in SEATINGS[seating][0]
                else fill(catalog(lang)["seat_bot_name"], n=digits(lang, 4))
            )
            for width, height in (SIDE, UPRIGHT):
                page.set_viewport_size({"width": width, "height": height})
                page.evaluate("window.scrollTo(0, 0)")
                name = f"tags-{variant}-{lang}-{seating}-{width}x{height}"
                check_rendering(page, lang, name)
                problems = [
                    *page.evaluate(CUT_TAGS_JS),
                    *page.evaluate(BROKEN_WORDS_JS, lang),
                    *page.evaluate(OUT_OF_SEAT_JS),
                    *cut_words(page),
                    *(off_screen(page, BOARD_PARTS) if (width, height) == SIDE else []),
                ]
                found.extend([name, problem] for problem in problems)
            page.close()
    assert not found, "\n".join(map(str, found))
