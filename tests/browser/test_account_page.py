"""The account page in the browser, all optional: a guest's private game, then sign-up (keeping
it), the header naming the account, sign-out and sign-in on another device finding the game and
replaying it, a wrong password answered in words, a password change, the account deleted; in every
language, on a phone and a desktop. Guest play stays as it was: nothing asks for an account."""

from __future__ import annotations

import itertools
import time
from pathlib import Path

import pytest
from browser_support import Pages, check_sizes
from playwright.sync_api import Page, expect
from test_my_games import LOCALES, play_in_page

import rummykit
import web_modules
from test_server_support import Server

WEB = Path(rummykit.__file__).parent / "web"
PASSWORD = "correct horse battery"
ADDRESSES = itertools.count(1)


def person(pages: Pages, label: str, locale: str = "en-US") -> Page:
    """A browser of its own address (the sign-up limit is per address)."""
    address = f"10.5.0.{next(ADDRESSES)}"
    return pages.new(label, locale=locale, extra_http_headers={"X-Forwarded-For": address})


def fill(page: Page, form: str, **fields: str) -> None:
    for name, value in fields.items():
        page.get_by_test_id(f"{form}-{name}").fill(value)
    page.get_by_test_id(f"{form}-submit").click()


@pytest.mark.parametrize("lang", list(LOCALES))
def test_sign_up_keeps_the_guest_games(pages: Pages, server: Server, lang: str) -> None:
    strings = web_modules.catalog(lang)
    page = person(pages, f"account-{lang}", LOCALES[lang])
    page.goto("/")
    game = play_in_page(page, server)["game"]
    page.get_by_test_id("account-link").click()
    expect(page.get_by_test_id("sign-up")).to_be_visible()
    check_sizes(page, lang, f"account-signed-out-{lang}")
    username = f"{lang}_player"
    fill(page, "sign-up", username=username, password=PASSWORD)
    expect(page.get_by_test_id("account-who")).to_contain_text(username)
    expect(page.get_by_test_id("account-link")).to_have_text(username)
    check_sizes(page, lang, f"account-signed-in-{lang}")
    page.get_by_role("link", name=strings["my_games_title"]).first.click()
    expect(page.get_by_test_id(f"my-game-{game}")).to_be_visible()

    # signed in, a table may be rated; a rated match puts the account on the leaderboard
    expect(page.get_by_test_id("create-rated")).to_be_visible()
    play_rated(page, server)
    page.reload()
    rows = page.get_by_test_id("leaderboard-rows")
    expect(rows).to_contain_text(username)
    expect(rows).to_contain_text("?")  # provisional
    expect(page.get_by_test_id("leaderboard-bots")).to_be_visible()
    check_sizes(page, lang, f"lobby-ratings-{lang}")


def play_rated(page: Page, server: Server) -> None:
    """In ``page`` (signed in): a rated one-round Okey match against bots, joined, started and
    left (a bot stands in and ends it)."""
    table = page.evaluate(
        """async () => {
          const { api } = await import("/static/js/api.js");
          const seats = [{kind: "person"}, {kind: "bot", level: "easy"}, {kind: "bot"}, {kind: "bot"}];
          const body = {variant: "okey", options: {rounds: 1}, seats, rated: true, bot_delay: 0};
          const t = await api.create(body);
          const j = await api.join(t.table, 0, "me");
          await api.start(t.table, j.token);
          await api.leave(t.table, 0, j.token);
          return t.table;
        }"""
    )
    deadline = time.monotonic() + 60
    while server.get(f"/tables/{table}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.1)


def test_an_account_from_another_device_and_its_end(pages: Pages, server: Server) -> None:
    page = person(pages, "account-first")
    page.goto("/")
    game = play_in_page(page, server)["game"]
    page.goto("/#/account")
    fill(page, "sign-up", username="walker", password=PASSWORD)
    expect(page.get_by_test_id("account-who")).to_be_visible()
    page.get_by_test_id("sign-out").click()
    expect(page.get_by_test_id("sign-in")).to_be_visible()
    expect(page.get_by_test_id("account-link")).to_have_text("Sign in")

    # another device: a wrong password is answered in words, the right one finds the game
    other = person(pages, "account-other")
    other.goto("/")
    expect(other.get_by_test_id("create-rated-help")).to_be_visible()  # a guest: no rated tables
    other.goto("/#/account")
    fill(other, "sign-in", username="walker", password="not the password")
    expect(other.get_by_test_id("sign-in-error")).to_have_text("Wrong username or password")
    fill(other, "sign-in", username="Walker", password=PASSWORD)
    expect(other.get_by_test_id("account-who")).to_contain_text("walker")
    other.goto("/")
    other.get_by_test_id(f"my-replay-{game}").click()
    expect(other.get_by_test_id("replay")).to_have_attribute("data-step", "0")
    # while signed in, the page's own requests carry the CSRF token: a table can be made
    created = other.evaluate(
        """async () => { const { api } = await import("/static/js/api.js");
          return (await api.create({variant: "okey", seats: [{kind: "person"}, {kind: "bot"}, {kind: "bot"},
                                    {kind: "bot"}]})).table; }"""
    )
    assert created

    other.goto("/#/account")
    fill(other, "change-password", password=PASSWORD, new_password="another good password")
    expect(other.get_by_test_id("change-password-done")).to_be_visible()
    fill(other, "delete-account", password="another good password")
    expect(other.get_by_test_id("sign-up")).to_be_visible()
    other.goto(f"/#/replay/{game}/0")
    expect(other.get_by_test_id("replay-error")).to_contain_text("private table")
    pages.errors[:] = [e for e in pages.errors if "status of 401" not in e and "status of 403" not in e]


def test_a_username_of_any_alphabet_and_refusals_in_the_pages_language(pages: Pages, server: Server) -> None:
    page = person(pages, "account-names-tr", "tr-TR")
    page.goto("/#/account")
    expect(page.get_by_test_id("sign-up")).to_be_visible()
    # an emoji: the server's refusal in Turkish, not the browser's own check in its language
    fill(page, "sign-up", username="🐉ejder", password=PASSWORD)
    expect(page.get_by_test_id("sign-up-error")).to_contain_text("boşluk, emoji ya da başka işaret olmaz")
    fill(page, "sign-up", username="pаul", password=PASSWORD)  # a Cyrillic "а"
    expect(page.get_by_test_id("sign-up-error")).to_contain_text("tek bir alfabeden olmalı")
    # a longer name than the field takes is cut where the limit falls, and the page says so
    long_name = "ayşe_çok_uzun_bir_isim_ile_gelen_kullanıcı"
    field = page.get_by_test_id("sign-up-username")
    field.fill(long_name)
    assert field.input_value() == long_name[:24]
    expect(page.get_by_test_id("sign-up-username-limit")).to_have_text("En çok 24 karakter.")
    assert field.get_attribute("aria-describedby") == "sign-up-username-limit"
    fill(page, "sign-up", username="ayşe", password=PASSWORD)
    expect(page.get_by_test_id("account-who")).to_contain_text("ayşe")
    expect(page.get_by_test_id("sign-up-username-limit")).to_have_count(0)
    page.get_by_test_id("my-profile").click()
    expect(page.get_by_test_id("profile")).to_contain_text("ayşe")

    # the display name: at most 40 characters, and the page says so once the field is full
    name = page.get_by_test_id("display-name")
    name.fill("Ayşe Hanım " * 5)
    assert name.input_value() == ("Ayşe Hanım " * 5)[:40]
    expect(page.get_by_test_id("name-limit")).to_have_text("En çok 40 karakter.")
    name.fill("Ayşe")
    expect(page.get_by_test_id("name-limit")).to_have_count(0)
    pages.errors[:] = [e for e in pages.errors if "status of 400" not in e]


def test_a_sign_out_in_another_tab_reaches_this_one(pages: Pages, server: Server) -> None:
    """Two tabs of one browser on the lobby, signed in: signed out in the second, the first's
    header says so at once (the server closes the socket the old session signed in, code 4004,
    and the page asks who is signed in now)."""
    page = person(pages, "account-tab-first")
    page.goto("/#/account")
    fill(page, "sign-up", username="two_tabs", password=PASSWORD)
    expect(page.get_by_test_id("account-who")).to_be_visible()
    page.goto("/")
    expect(page.get_by_test_id("account-link")).to_have_text("two_tabs")
    other = pages.tab(page, "account-tab-second")
    other.goto("/#/account")
    other.get_by_test_id("sign-out").click()
    expect(other.get_by_test_id("sign-in")).to_be_visible()
    expect(page.get_by_test_id("account-link")).to_have_text("Sign in", timeout=10_000)
