"""Carousel in the browser client: a whole round of two players against the greedy bot played
through the page. The person draws with the Draw button, builds melds by dragging cards (hand
cards onto a meld or the empty space, a table card to a new meld), sees a one-card meld marked
invalid with the server's reason and Commit refused with it, undoes and resets, commits, and
knocks or ends the turn; the round end shows. Screenshots at 1280x800 and 390x844."""

from __future__ import annotations

from typing import Any

from browser_support import Pages, check_rendering
from playwright.sync_api import Page, expect
from table_driver import Person

from rummykit.core.notation import format_declared, format_face
from rummykit.core.pieces import Kind
from rummykit.variants.carousel.manipulation import simple_meld
from test_server_support import Server


def carousel_table(server: Server) -> dict[str, Any]:
    body = {
        "variant": "carousel",
        "options": {"players": 2, "target": 1},
        "seats": [{"kind": "person"}, {"kind": "bot", "level": "greedy"}],
        "bot_delay": 0,
    }
    created: dict[str, Any] = server.post("/tables", body, status=201)
    return created


class CarouselPerson(Person):
    """A person at a Carousel table acting through the page: buttons by ``data-action``, cards
    dragged from the hand (``rack``) and the draft's melds (``meld-<n>``, ``new-meld``)."""

    def mine(self) -> dict[str, Any]:
        """The last view, once it is this seat's turn with legal actions (or the round's end)."""
        for _ in range(600):
            view = self.views[-1] if self.views else None
            if view is not None and (view["over"] or (view["legal"] and view["observation"]["to_move"] == 0)):
                return view
            if self.page.get_by_test_id("round-end").count():
                return view or {}
            self.page.wait_for_timeout(100)
        raise AssertionError(f"no turn came; the page says {self.error_text()!r}")

    def legal(self) -> set[str]:
        return {a["text"] for a in self.views[-1]["legal"]}

    def played(self, action: str) -> None:
        """Wait until the server announced ``action`` played by this seat (no refusal shown)."""
        for _ in range(300):
            if any(v.get("played") == {"seat": 0, "action": action} for v in self.views[self.mark :]):
                return
            alert = self.error_text()
            assert not alert, f"{action}: the page shows {alert!r}"
            self.page.wait_for_timeout(100)
        raise AssertionError(f"{action} was never played")

    def button(self, action: str) -> None:
        self.mark = len(self.views)
        self.page.get_by_test_id("actions").locator(f"button[data-action='{action}']").click()
        self.played(action)

    def drag_hand(self, card: str, target: str, action: str) -> None:
        """Drag hand card ``card`` (``JK[7H]``: the joker, its card chosen when asked) onto test id
        ``target``; wait for ``action``."""
        self.mark = len(self.views)
        face = card.split("[", maxsplit=1)[0]
        self.rack.locator(f"button[data-piece='{face}']").first.drag_to(self.page.get_by_test_id(target))
        if face == "JK":
            choice = self.page.get_by_test_id("joker-card")
            expect(choice).to_be_visible()
            choice.select_option(action)
            self.page.get_by_test_id("moves").locator("button[data-move='place']").click()
        self.played(action)

    def drag_table(self, number: int, card: str, target: str, action: str) -> None:
        self.mark = len(self.views)
        meld = self.page.get_by_test_id(f"meld-{number}")
        meld.locator(f"button[data-piece='{card.split('[', maxsplit=1)[0]}']").first.drag_to(
            self.page.get_by_test_id(target)
        )
        self.played(action)

    mark = 0


def cards_of(view: dict[str, Any]) -> tuple[list[list[tuple[int, int | None]]], list[int]]:
    obs = view["observation"]
    table = [[(f, d) for f, d in meld] for meld in obs["draft"]["melds"]]
    return table, list(obs["hand"])


def text(card: tuple[int, int | None]) -> str:
    return format_declared(Kind.CARDS, card[0], card[1])


def shots(page: Page, name: str) -> None:
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        check_rendering(page, "en", f"{name}-{width}x{height}")
    page.set_viewport_size({"width": 1280, "height": 800})


def test_a_round_of_carousel_through_the_page(pages: Pages, server: Server) -> None:
    created = carousel_table(server)
    page = pages.new("carousel-ann", locale="en-US", width=1280, height=800)
    person = CarouselPerson(page, server, str(created["table"]))
    person.sit(0, "Ann")
    server.post(f"/tables/{created['table']}/start", {"token": created["owner_token"]})
    expect(page.get_by_test_id("table")).to_have_attribute("data-status", "playing")
    expect(page.get_by_role("heading", name="Carousel")).to_be_visible()
    shown_invalid = moved = melded = shot = False
    for _turn in range(200):
        view = person.mine()
        if not view or view.get("over") or page.get_by_test_id("round-end").count():
            break
        legal = person.legal()
        obs = view["observation"]
        hand = [format_face(Kind.CARDS, f) for f in obs["hand"]]
        expect(person.rack.locator("button[data-piece]")).to_have_count(len(hand))
        expect(page.get_by_test_id("hand-points")).to_contain_text(str(view["carousel"]["points"]))
        if "draw" in legal and obs["draws"] == 0:
            person.button("draw")
            expect(page.get_by_test_id("draws")).to_contain_text("1 of 3")
            continue
        if "knock" in legal:
            person.button("knock")
            break
        table, faces = cards_of(view)
        found = simple_meld(table, faces) if any(t.startswith(("new ", "add ")) for t in legal) else None
        if found is not None and not shown_invalid and "new " + hand[0] in legal and hand[0] != "JK":
            # a one-card meld: marked invalid with the server's reason, Commit refused, then undone
            person.drag_hand(hand[0], "new-meld", f"new {hand[0]}")
            last = len(table) + 1
            expect(page.get_by_test_id(f"meld-{last}")).to_have_attribute("data-valid", "false")
            why = page.get_by_test_id(f"meld-why-{last}")
            expect(why).to_contain_text("A meld holds at least 3 cards, this one 1")
            commit = page.get_by_test_id("actions").locator("button[data-action='commit']")
            expect(commit).to_be_disabled()
            expect(page.get_by_test_id("commit-why")).to_contain_text(f"Meld {last} is not a valid meld")
            if not shot:
                shots(page, "carousel-invalid-draft")
                shot = True
            person.button("undo")
            shown_invalid = True
        if found is not None and table and not moved and f"move 1 {text(table[0][0])} new" in person.legal():
            # a table card dragged to a new meld (the draft changes), then the draft reset
            first = text(table[0][0])
            person.drag_table(1, first, "new-meld", f"move 1 {first} new")
            expect(page.get_by_test_id("melds")).to_have_attribute("data-changed", "true")
            person.button("reset")
            moved = True
        if found is not None:
            for n, meld in enumerate(found, start=1):
                old = table[n - 1] if n <= len(table) else []
                added = list(meld)
                for card in old:
                    added.remove(card)
                if not added:
                    continue
                if n > len(table):
                    person.drag_hand(text(added[0]), "new-meld", f"new {text(added[0])}")
                    added = added[1:]
                for card in added:
                    person.drag_hand(text(card), f"meld-{n}", f"add {n} {text(card)}")
            expect(page.get_by_test_id(f"meld-{len(found)}")).to_have_attribute("data-valid", "true")
            person.button("commit")
            melded = True
            continue
        if "draw" in legal:
            person.button("draw")
        elif "end" in legal:
            person.button("end")
        else:
            raise AssertionError(f"no way on from {sorted(legal)[:10]}")
    end = page.get_by_test_id("round-end")
    expect(end).to_be_visible(timeout=60_000)
    assert melded and shown_invalid, "the round ended before the person could meld"
    shots(page, "carousel-round-end")
