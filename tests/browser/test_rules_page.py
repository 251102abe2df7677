"""The rules and help page of each game (``#/rules/<game>``): opened from a live table with the
table's own options filled in, on a phone and a desktop, in English, Persian and Thai; from the
create form with the form's options; and the Rules link, a 44x44 target on a phone."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_support import Pages, artifact, check_rendering
from playwright.sync_api import Page, expect
from table_driver import Person

from test_server_support import Server, bots_play_to_end

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
LOCALES = {"en": "en-US", "fa": "fa-IR", "th": "th-TH"}


def okey_table(server: Server) -> dict[str, Any]:
    """An Okey table of 3 rounds from 30 points, pairs of the same number, one open seat and three
    bots; started by the test once the person sits."""
    body = {
        "variant": "okey",
        "options": {"rounds": 3, "start_points": 30, "pair_rule": "same_number"},
        "seats": [{"kind": "person"}] + [{"kind": "bot", "level": "greedy"}] * 3,
        "bot_delay": 0,
    }
    created: dict[str, Any] = server.post("/tables", body, status=201)
    return created


def open_rules(page: Page) -> Page:
    """Click the table's Rules link; the new tab it opens, once its page is drawn."""
    with page.context.expect_page() as opened:
        page.get_by_test_id("rules-link").first.click()
    rules = opened.value
    expect(rules.get_by_test_id("help-option-list")).to_be_visible()
    return rules


@pytest.mark.parametrize("lang", ["en", "fa", "th"])
def test_the_rules_page_from_a_live_table_shows_its_options(pages: Pages, server: Server, lang: str) -> None:
    created = okey_table(server)
    page = pages.new(f"table-{lang}", locale=LOCALES[lang], **PHONE)
    person = Person(page, server, created["table"], english=lang == "en")
    person.sit(0, "Ann")
    server.post(f"/tables/{created['table']}/start", {"token": created["owner_token"]})
    expect(page.get_by_test_id("rack").locator("button[data-piece]").first).to_be_visible()
    link = page.get_by_test_id("rules-link")
    box = link.bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44, box
    page.screenshot(path=str(artifact(f"rules-link-table-{lang}-390x844.png")))

    rules = open_rules(page)
    assert re.search(r"#/rules/okey/table\?", rules.url), rules.url
    main = rules.get_by_test_id("rules-page")
    expect(main).to_have_attribute("data-game", "okey")
    sections = main.locator("section")
    ids = sections.evaluate_all("(all) => all.map((s) => s.dataset.testid)")
    assert ids[0] == "help-goal" and ids[-1] == "help-options"
    # the table's values: in the options and in the text (Persian digits in Persian)
    digits = {"en": ("3", "30"), "th": ("3", "30"), "fa": ("۳", "۳۰")}[lang]
    expect(rules.get_by_test_id("help-value-rounds")).to_contain_text(digits[0])
    expect(rules.get_by_test_id("help-value-start_points")).to_contain_text(digits[1])
    expect(rules.get_by_test_id("help-scoring")).to_contain_text(digits[1])
    if lang == "en":
        expect(rules.get_by_test_id("help-value-rounds")).to_have_text("This table: 3")
        expect(rules.get_by_test_id("help-value-pair_rule")).to_have_text("This table: same number")
        expect(rules.get_by_test_id("help-value-direction")).to_have_text("This table: counter-clockwise")
    # the examples are drawn as pieces, named by their notation
    expect(rules.get_by_test_id("help-melds").locator("button[data-piece='R7']")).to_have_count(1)
    okey = rules.get_by_test_id("help-jokers").locator("button.wild[data-piece='R5']")
    expect(okey).to_have_count(1)
    if lang == "en":
        expect(okey).to_have_attribute("aria-label", "R5 red 5, okey")
    # the table of contents leads to a section
    rules.get_by_test_id("help-toc").locator("a").last.click()
    expect(rules.locator("#help-options")).to_be_focused()
    check_rendering(rules, lang, f"rules-okey-table-{lang}-390x844")
    rules.get_by_test_id("help-melds").screenshot(path=str(artifact(f"rules-okey-melds-{lang}-390x844.png")))
    rules.set_viewport_size(DESKTOP)
    check_rendering(rules, lang, f"rules-okey-table-{lang}-1280x800")
    rules.set_viewport_size({"width": 844, "height": 390})
    check_rendering(rules, lang, f"rules-okey-table-{lang}-844x390")


def test_every_game_has_a_page_and_the_create_form_links_its_options(pages: Pages, server: Server) -> None:
    page = pages.new("lobby", locale="th-TH", **DESKTOP)
    page.goto("/")
    form = page.get_by_test_id("create-table")
    form.get_by_test_id("create-game").select_option("kalooki")
    form.locator("summary").click()
    form.locator("#opt-open_min").fill("40")
    href = form.get_by_test_id("rules-link").get_attribute("href")
    assert href == "#/rules/kalooki/table?open_min=40", href
    with page.context.expect_page() as opened:
        form.get_by_test_id("rules-link").click()
    rules = opened.value
    expect(rules.get_by_test_id("help-opening")).to_contain_text("40")
    expect(rules.get_by_test_id("help-melds").locator("button[data-piece='JK']")).to_have_count(1)
    check_rendering(rules, "th", "rules-kalooki-form-th-1280x800")
    for game in ("turkish_rummy", "carousel", "okey_101"):
        rules.goto(f"/#/rules/{game}")
        expect(rules.get_by_test_id("rules-page")).to_have_attribute("data-game", game)
        expect(rules.get_by_test_id("help-option-list")).to_be_visible()
        # no table: each option's default
        assert "ค่าเริ่มต้น" in rules.get_by_test_id("help-value-players").inner_text()
        check_rendering(rules, "th", f"rules-{game}-th-1280x800")


def test_the_replay_links_the_rules_of_its_game(pages: Pages, server: Server) -> None:
    info = bots_play_to_end(server, "turkish_rummy", {"rounds": 1, "hunt_penalty": -3})
    page = pages.new("replay", locale="fa-IR", **PHONE)
    page.goto(f"/#/replay/{info['game']}")
    expect(page.get_by_test_id("replay-step")).to_be_visible()
    link = page.get_by_test_id("rules-link")
    assert link.get_attribute("href") == "#/rules/turkish_rummy/table?hunt_penalty=-3&rounds=1"
    rules = open_rules(page)
    expect(rules.get_by_test_id("help-value-hunt_penalty")).to_contain_text("−۳")
    expect(rules.get_by_test_id("help-scoring")).to_contain_text("−۳")
    check_rendering(rules, "fa", "rules-turkish_rummy-replay-fa-390x844")


def test_an_unknown_game_or_option_is_refused_with_its_reason(pages: Pages, server: Server) -> None:
    page = pages.new("bad", **PHONE)
    page.goto("/#/rules/okey/table?rounds=many")
    expect(page.get_by_test_id("help-error")).to_contain_text("rounds")
    page.goto("/#/rules/chess")
    expect(page.get_by_test_id("help-error")).to_contain_text("chess")
    # a game's name that is no URL-encoded text (a link cut short) is named as written, as the
    # other pages name theirs; it stopped the whole page, which said "The server can't be reached"
    # (the tester's)
    page.goto("/#/rules/%E0%A4%A")
    expect(page.get_by_test_id("help-error")).to_contain_text("%E0%A4%A")
    expect(page.get_by_test_id("account-link")).to_be_visible()
    # the browser reports each refusal it was given; nothing else went wrong
    refused = [line for line in pages.errors if "status of 400" in line and "/rules/" in line]
    assert len(refused) == 3 == len(pages.errors), pages.errors
    pages.errors.clear()
