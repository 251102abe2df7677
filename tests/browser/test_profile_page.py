"""Profiles and ratings in the browser: a rated table's seats show their ratings (the account's
provisional one, the bots' fixed ones) and link an account's name to its profile; the match's end
dialog shows each rating's change; the profile page shows the ratings, the games played and won
and the recent games with their replays; access tokens made, shown once and revoked on the
account page (each page checked with axe-core too); and names that are HTML
(``<img src=x onerror=alert(1)>``) shown as text in the lobby, at the table and on the profile
page, never run. In English and Persian, on a phone (both ways up) and a desktop."""

from __future__ import annotations

import re
import time

import pytest
from axe_check import check_axe
from browser_support import Pages, artifact, check_rendering
from playwright.sync_api import Dialog, Locator, Page, expect
from test_account_page import PASSWORD, fill, person
from test_my_games import LOCALES

import web_modules
from test_server_support import Server

SIZES = ((1280, 800), (390, 844), (844, 390))
"""The desktop and the phone's two ways up (width, height)."""
XSS = "<img src=x onerror=alert(1)>"


def check_all_sizes(page: Page, lang: str, name: str) -> None:
    """:func:`check_rendering` and axe-core's bars (:func:`check_axe`) at each of :data:`SIZES`
    (screenshots ``<name>-<w>x<h>.png``); the page is left at 1280x800."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        check_rendering(page, lang, f"{name}-{width}x{height}")
        check_axe(page, f"{name}-{width}x{height}")
    page.set_viewport_size({"width": 1280, "height": 800})


TAP_AREA_JS = """
(el) => {
  // the points of a 44x44 box over the element's middle (its middle, edges and corners, 1 px
  // inside) where a tap does not reach it, with what takes the tap there,
  el.scrollIntoView({block: "center", inline: "nearest", behavior: "instant"});
  const r = el.getBoundingClientRect();
  const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
  const missed = [];
  for (const dx of [-21, 0, 21]) {
    for (const dy of [-21, 0, 21]) {
      const hit = document.elementFromPoint(x + dx, y + dy);
      const what = hit ? `${hit.tagName}.${hit.className}` : "-";
      if (!hit || !el.contains(hit)) missed.push(`${dx},${dy}: ${what}`);
    }
  }
  // and the controls whose box meets that 44x44 box but whose own middle a tap no longer reaches
  for (const other of document.querySelectorAll("a[href], button, select, input")) {
    const o = other.getBoundingClientRect();
    const meets = o.left < x + 22 && o.right > x - 22 && o.top < y + 22 && o.bottom > y - 22;
    if (other === el || el.contains(other) || !meets || o.width === 0) continue;
    const hit = document.elementFromPoint(o.left + o.width / 2, o.top + o.height / 2);
    if (!hit || !other.contains(hit)) missed.push(`covers ${other.tagName}.${other.className}`);
  }
  return missed;
}
"""


def check_player_link(page: Page, link: Locator, name: str) -> None:
    """A player's link (the tester's 03c, a Persian name on a phone): its dotted underline well
    below the letters (at 0.15em it ran through the dots under Persian letters), and on a phone
    (390x844) a target of 44x44 (it was 29-50 x 15 px); a shot of it at 48 px (``name``)."""
    page.set_viewport_size({"width": 390, "height": 844})
    missed = link.evaluate(TAP_AREA_JS)
    assert missed == [], (name, missed)
    style = link.evaluate("(a) => [getComputedStyle(a).textUnderlineOffset, getComputedStyle(a).fontSize]")
    offset = float(style[0].removesuffix("px")) / float(style[1].removesuffix("px"))  # in em
    assert offset >= 0.4, (name, offset)
    link.evaluate("(a) => { a.style.fontSize = '48px'; }")
    link.screenshot(path=artifact(f"player-link-{name}.png"))
    link.evaluate("(a) => { a.style.fontSize = ''; }")
    page.set_viewport_size({"width": 1280, "height": 800})


def finished(server: Server, table: str) -> None:
    deadline = time.monotonic() + 60
    while server.get(f"/tables/{table}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.1)


@pytest.mark.parametrize("lang", ["en", "fa", "tr"])
def test_ratings_at_the_table_and_the_profile_page(pages: Pages, server: Server, lang: str) -> None:
    strings = web_modules.catalog(lang)
    page = person(pages, f"profile-{lang}", LOCALES[lang])
    page.goto("/#/account")
    username = f"Rated_{lang}"
    fill(page, "sign-up", username=username, password=PASSWORD)
    expect(page.get_by_test_id("account-who")).to_contain_text(username)

    # a rated public table: the account and three bots (who wait for the account's turn)
    table, token = page.evaluate(
        """async () => {
          const { api } = await import("/static/js/api.js");
          const seats = [{kind: "person"}, {kind: "bot", level: "easy"}, {kind: "bot", level: "medium"},
                         {kind: "bot", level: "hard"}];
          const body = {variant: "okey", options: {rounds: 1}, seats, rated: true, public: true,
                        bot_delay: 0.05};
          const t = await api.create(body);
          const j = await api.join(t.table, 0, "Ann");
          return [t.table, j.token];
        }"""
    )
    page.evaluate(
        """async ([table, token]) => {
          const { store } = await import("/static/js/store.js");
          store.setSeat(table, 0, token);
        }""",
        [table, token],
    )
    # the lobby: the account's name links to its profile, every seat with its rating
    page.goto("/")
    listed = page.get_by_test_id(f"open-table-{table}")
    expect(listed.get_by_role("link", name="Ann")).to_have_attribute("href", f"#/players/{username}")
    check_player_link(page, listed.get_by_role("link", name="Ann"), f"lobby-{lang}")
    expect(listed).to_contain_text("?")
    check_all_sizes(page, lang, f"lobby-ratings-{lang}")
    page.goto(f"/#/t/{table}")
    name = page.get_by_test_id("waiting-name-0")
    expect(name).to_have_text("Ann")
    expect(name).to_have_attribute("href", f"#/players/{username}")
    expect(page.get_by_test_id("waiting-name-0-rating")).to_have_text(re.compile(r"^\S+\?$"))  # provisional
    check_player_link(page, name, f"waiting-name-{lang}")
    page.get_by_role("button", name=strings["waiting_start"]).click()
    expect(page.get_by_test_id("seat-name-0")).to_have_attribute("href", f"#/players/{username}")
    expect(page.get_by_test_id("seat-name-3-rating")).to_be_visible()  # the hard bot's fixed rating
    check_all_sizes(page, lang, f"table-ratings-{lang}")

    # a bot stands in for the seat and ends the match: the end's dialog shows the rating's change
    response = server.post(f"/tables/{table}/seats/0/leave", {"token": token})
    assert response["status"] == "playing"
    finished(server, table)
    dialog = page.get_by_test_id("round-end")
    expect(dialog).to_be_visible()
    change = page.get_by_test_id("rating-change-0")
    expect(change).to_contain_text("(")
    mine = server.get(f"/players/{username}").json()
    rating = mine["ratings"][0]["rating"]
    delta = mine["recent"][0]["rating_change"]
    assert delta is not None and rating == 1500 + delta
    expect(page.get_by_test_id("rating-change-3")).not_to_contain_text("(")  # a bot's never moves
    check_all_sizes(page, lang, f"table-game-over-{lang}")
    page.get_by_role("button", name=strings["round_end_close"]).click()

    # the profile page from the seat's name
    page.get_by_test_id("seat-name-0").click()
    expect(page.get_by_test_id("profile-name")).to_have_text(username)
    expect(page.get_by_test_id("profile-rating-okey")).to_contain_text(strings["profile_provisional"])
    expect(page.get_by_test_id("profile-games-okey")).to_be_visible()
    game = mine["recent"][0]["game"]
    expect(page.get_by_test_id(f"my-rating-{game}")).to_be_visible()
    check_all_sizes(page, lang, f"profile-{lang}")
    # the result in the person's words: "you won" on one's own profile, "won" of the player on
    # anyone else's (Persian برد, not بردید: the tester's profile of another)
    # (a match the bots end level, a void round at the stock's end, has no winner: said alike)
    recent = mine["recent"][0]
    level = len(recent["outcome"]["winners"]) >= len(recent["outcome"]["scores"])
    outcome = "won" if recent["won"] else "lost"
    own, of_another = ("my_games_level",) * 2 if level else (f"my_games_{outcome}", f"profile_game_{outcome}")
    expect(page.get_by_test_id(f"my-result-{game}")).to_contain_text(strings[own])
    visitor = person(pages, f"profile-visitor-{lang}", LOCALES[lang])
    visitor.goto(f"/#/players/{username}")
    theirs = visitor.get_by_test_id(f"my-result-{game}")
    expect(theirs).to_contain_text(strings[of_another])
    if lang != "en" and not level:
        expect(theirs).not_to_contain_text(strings[own])
    visitor.close()
    page.get_by_test_id(f"my-replay-{game}").click()
    expect(page.get_by_test_id("replay")).to_have_attribute("data-step", "0")

    # the leaderboard's name links to the profile too
    page.goto("/")
    row = page.get_by_test_id("leaderboard-rows").locator("li").filter(has_text=username)
    # the rating and the count of games are two words ("1.584? 1 oyun", not "1.584?1 oyun")
    expect(row).to_contain_text(re.compile(r"\?\s+\S"))
    row.get_by_role("link", name=username).click()
    expect(page.get_by_test_id("profile-name")).to_have_text(username)


def test_access_tokens_on_the_account_page(pages: Pages, server: Server) -> None:
    page = person(pages, "tokens")
    page.goto("/#/account")
    fill(page, "sign-up", username="token_keeper", password=PASSWORD)
    expect(page.get_by_test_id("tokens")).to_contain_text("You have no access tokens.")
    fill(page, "new-token", name="my laptop")
    token = page.get_by_test_id("token-value").input_value()
    assert token.startswith("rkp_")
    expect(page.get_by_test_id("token-list")).to_contain_text("my laptop")
    assert server.get("/account", token=token).json()["account"] == {"username": "token_keeper"}
    check_all_sizes(page, "en", "account-tokens-en")
    page.reload()  # shown once: never again
    expect(page.get_by_test_id("token-list")).to_contain_text("my laptop")
    expect(page.get_by_test_id("token-value")).to_have_count(0)
    assert token not in page.content()
    page.get_by_test_id("token-list").get_by_role("button", name="Revoke").click()
    expect(page.get_by_test_id("tokens")).to_contain_text("You have no access tokens.")
    assert server.get("/account", token=token).json()["error"]["code"] == "bad_access_token"
    page.get_by_test_id("my-profile").click()
    expect(page.get_by_test_id("profile-name")).to_have_text("token_keeper")


def test_names_that_are_html_are_shown_as_text(pages: Pages, server: Server) -> None:
    page = person(pages, "xss")
    dialogs: list[str] = []

    def seen(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", seen)
    page.add_init_script("window.__ran = []; window.alert = (m) => { window.__ran.push(String(m)); };")
    page.goto("/")
    page.get_by_test_id("display-name").fill(XSS)
    table = page.evaluate(
        """async (name) => {
          const { api } = await import("/static/js/api.js");
          const seats = [{kind: "person"}, {kind: "person"}, {kind: "bot"}, {kind: "bot"}];
          const t = await api.create({variant: "okey", seats, public: true, bot_delay: 5});
          await api.join(t.table, 0, name);
          return t.table;
        }""",
        XSS,
    )
    # the lobby
    page.goto("/")
    row = page.get_by_test_id(f"open-table-{table}")
    expect(row).to_contain_text(XSS)
    # the table, waiting
    page.goto(f"/#/t/{table}")
    expect(page.get_by_test_id("waiting-seat-0")).to_contain_text(XSS)
    # an account can't be called so, and its profile's address is answered in words
    refused = page.evaluate(
        """async ([name, password]) => {
          const { api } = await import("/static/js/api.js");
          return api.signUp(name, password, false).then(() => null, (e) => e.code);
        }""",
        [XSS, PASSWORD],
    )
    assert refused == "bad_username"
    page.goto(f"/#/players/{XSS}")
    expect(page.get_by_test_id("profile-error")).to_contain_text(XSS)
    # nothing ran, no image was made of a name
    assert dialogs == [] and page.evaluate("window.__ran") == []
    for where in ("/", f"/#/t/{table}", f"/#/players/{XSS}"):
        page.goto(where)
        page.wait_for_timeout(300)
        assert page.locator("img[src='x']").count() == 0
    assert dialogs == [] and page.evaluate("window.__ran") == []
    pages.errors[:] = [e for e in pages.errors if "status of 400" not in e and "status of 404" not in e]
