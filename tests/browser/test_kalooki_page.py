"""Kalooki in the browser client: rounds against greedy bots played through the page (the moves
the page's Hint gives, made with its buttons, the rack and drags onto the table's melds) until the
person has opened at 51 and laid off; the table's numbered melds, the opening total, the whole
discard pile, the score sheet; screenshots in two languages, light and dark, desktop and phone."""

from __future__ import annotations

from collections import Counter

from browser_support import Pages, check_rendering
from playwright.sync_api import Page, expect
from table_driver import KalookiPerson

from rummykit.core.notation import format_face
from rummykit.core.pieces import Kind
from test_server_support import Server

ROUNDS = 5
"""Rounds the match may take to give the person an opening and a lay-off (each round does about
two times in three with the greedy moves)."""


def kalooki_table(server: Server, rounds: int = ROUNDS) -> dict[str, object]:
    body = {
        "variant": "kalooki",
        "options": {"match": "rounds", "rounds": rounds},
        "seats": [{"kind": "person"}] + [{"kind": "bot", "level": "greedy"}] * 3,
        "bot_delay": 0,
    }
    created: dict[str, object] = server.post("/tables", body, status=201)
    return created


def screenshots(page: Page, lang: str, name: str) -> bool:
    """Check and save the table at 1280x800 and 390x844, light and dark; back to 1280x800 light."""
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            check_rendering(page, lang, f"{name}-{width}x{height}-{scheme}")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.emulate_media(color_scheme="light")
    return True


def test_a_person_opens_and_lays_off_in_kalooki(pages: Pages, server: Server) -> None:
    created = kalooki_table(server)
    page = pages.new("kalooki-ann", locale="en-US", width=1280, height=800)
    person = KalookiPerson(page, server, str(created["table"]))
    person.sit(0, "Ann")
    server.post(f"/tables/{created['table']}/start", {"token": created["owner_token"]})
    expect(page.get_by_test_id("table")).to_have_attribute("data-status", "playing")
    expect(page.get_by_role("heading", name="Kalooki")).to_be_visible()
    done = False
    rounds = 0
    seen_opening_total = False
    shots = False
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
            if action.startswith("meld ") and view["opening"] is not None:
                # the opening total the server gives for this meld shows live while it is built
                entry = next(e for e in view["legal"] if e["text"] == action)
                person.choose(action.split()[1:])
                moves = page.get_by_test_id("moves")
                expect(moves.locator(f"button[data-move='{action}']")).to_contain_text(
                    f"({entry['opening']})"
                )
                if moves.locator("button[data-move^='meld ']").count() == 1:
                    # one meld of these cards (a joker may fit two places: then each button says it)
                    opening = page.get_by_test_id("opening")
                    expect(opening).to_contain_text(f"Opening with this meld: {entry['opening']} of 51")
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
                shots = screenshots(page, "en", "kalooki-en")
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
    assert seen_opening_total
    scores = page.get_by_test_id("scores")
    expect(scores.locator("tbody tr")).to_have_count(rounds)


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
