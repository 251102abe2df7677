"""A person at a table of the browser client, driven only through the page's contract
(``docs/web.md``: piece buttons named by notation, action buttons, test ids, routes), and the
record replay the tests compare the page with. No tests here."""

from __future__ import annotations

import json
import random
import re
import sqlite3
from collections import Counter
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import httpx
from browser_support import Pages
from playwright.sync_api import Locator, Page, WebSocket, expect

import rummykit
from rummykit.core.notation import format_face
from rummykit.engine.game import Game
from rummykit.engine.state import State
from rummykit.variants.registry import game_from_record
from test_server_support import Server, running

GAME_ACTIONS = ("draw", "take", "show", "discard", "finish", "pass")
"""The ``data-action`` of every game action button, in the order the page lists them."""

ENGLISH_LABELS = {
    "draw": "Draw",
    "take": "Take",
    "show": "Show",
    "discard": "Discard",
    "finish": "Finish",
    "pass": "Pass",
}
"""The visible English label of each game action button (the contract)."""

PIECE = re.compile(r"^(?:[RYBK](?:1[0-3]|[1-9])|F|(?:[2-9TJQKA])[SHDC]|JK)$")
"""A piece's canonical notation: a tile (``R7``, ``F``) or a card (``7H``, ``TD``, ``JK``)."""

TILE_WORD = re.compile(r"(?<![\w])([RYBK](?:1[0-3]|[1-9]))(?![\w])")
"""A tile's notation as a word in running text (the false joker ``F`` is left out: a lone F
is too common in text)."""

TURN_JS = """
() => {
  // "end" once the round end shows; "busy" while the rack waits for the server; the page's game
  // action buttons (space-separated) when it is this seat's turn; "" while others play.
  const end = document.querySelector('[data-testid="round-end"]');
  if (end && end.checkVisibility()) return 'end';
  const rack = document.querySelector('[data-testid="rack"]');
  if (!rack || rack.getAttribute('aria-busy') === 'true') return 'busy';
  return [...document.querySelectorAll('[data-testid="actions"] button[data-action]')]
    .map((b) => b.dataset.action).filter((a) => a !== 'hint').join(' ');
}
"""

READY_JS = f"() => {{ const now = ({TURN_JS})(); return now !== 'busy' && now !== '' ? now : null; }}"
"""Wait condition for a turn or the round end: its status."""

CHANGED_JS = (
    "(before) => {"
    " const alert = document.querySelector('[data-testid=\"error\"]');"
    " if (alert && alert.checkVisibility() && alert.textContent.trim()) return 'error';"
    f" const now = ({TURN_JS})();"
    " return now === before || now === 'busy' ? null : now === '' ? 'wait' : now; }"
)
"""Wait condition after an action: the turn's buttons changed, or the page shows a refusal."""


SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
"""The suit symbols the page writes cards with (``10♣``, ``K♥``)."""
CARD_SHOWN = re.compile(r"(10|[2-9AJQK])([\u2660\u2665\u2666\u2663])")
"""A card as the page writes it in running text."""
ENGLISH_JOKER = {"piece_joker": "joker", "piece_joker_as": "joker ({card})"}


def catalog(lang: str) -> dict[str, str]:
    """The page's compiled catalogs of ``lang``, the common one and every game's
    (``web/i18n/<lang>.json``, ``web/i18n/<lang>/<game>.json``), as one table."""
    web = Path(rummykit.__file__).parent / "web" / "i18n"
    found: dict[str, str] = json.loads((web / f"{lang}.json").read_text("utf-8"))
    for path in sorted((web / lang).glob("*.json")):
        found.update(json.loads(path.read_text("utf-8")))
    return found


def shown(text: str, words: dict[str, str] | None = None, rtl: bool = False) -> str:
    """``text`` (pieces in notation, space-separated) as the page writes it in running text: a card
    with its suit's symbol and 10 for T (``TC`` -> ``10♣``), the joker by its name in the catalog
    ``words`` (English by default), a declared joker with its card (``joker (K♥)``); tiles as
    they are. In a right-to-left language (``rtl``) a joker's words are isolated in their own
    direction (FSI…PDI) and the card it stands for left to right (LRI…PDI)."""
    words = words or ENGLISH_JOKER

    def one(word: str) -> str:
        card = re.fullmatch(r"([2-9TJQKA])([SHDC])", word)
        if card:
            return ("10" if card[1] == "T" else card[1]) + SUIT_SYMBOLS[card[2]]
        joker = re.fullmatch(r"JK(?:\[(.*)\])?", word)
        if not joker:
            return word
        if not joker[1]:
            return f"\u2068{words['piece_joker']}\u2069" if rtl else words["piece_joker"]
        stands = f"\u2066{one(joker[1])}\u2069" if rtl else one(joker[1])
        named = words["piece_joker_as"].replace("{card}", stands)
        return f"\u2068{named}\u2069" if rtl else named

    return " ".join(one(w) for w in text.split(" "))


def notation_in(text: str) -> list[str]:
    """The pieces named in ``text`` as the page writes them, in notation: tiles (``R7``) and cards
    (``10♣`` -> ``TC``)."""
    cards = [
        ("T" if rank == "10" else rank) + next(k for k, v in SUIT_SYMBOLS.items() if v == suit)
        for rank, suit in CARD_SHOWN.findall(text)
    ]
    return [w for w in re.findall(r"[0-9A-Z]+", text) if PIECE.match(w)] + cards


def who_played(view: dict[str, Any]) -> dict[str, Any] | None:
    """Who played what to make ``view`` (a ``state`` message): its ``played`` seat and action text
    (without the action's parts), ``None`` for the deal and a ``sync``."""
    done = view.get("played")
    return None if done is None else {"seat": done["seat"], "action": done["action"]}


@dataclass
class Snapshot:
    """What one page showed at one version of the match: ``v``, the notation of every piece
    button on the page, the rack's slots (notation or ``None``), the page's visible text."""

    v: int
    pieces: list[str]
    slots: list[str | None]
    text: str


class Person:
    """One person's page at one table: sitting down, reading the rack and the offered actions,
    playing turns by clicking what the page offers (found by their English labels when
    ``english``, else by their ``data-action``). Every ``state``/``sync`` message the page
    receives is kept (:attr:`views`) so that tests can tell which version the page shows, and
    every ``rack`` message it sends or receives (:attr:`racks`)."""

    def __init__(self, page: Page, server: Server, table: str, english: bool = True) -> None:
        self.page = page
        self.server = server
        self.table = table
        self.english = english
        self.views: list[dict[str, Any]] = []
        self.hints: list[dict[str, Any]] = []
        self.racks: list[tuple[str, dict[str, Any]]] = []
        """The page's ``rack`` requests (``"sent"``) and the answers to them (``"received"``;
        another tab's arranging, ``elsewhere``, left out), in the order they went."""
        page.on("websocket", self._watch)

    def _watch(self, socket: WebSocket) -> None:
        def frame(payload: str | bytes) -> None:
            message = json.loads(payload)
            if isinstance(message, dict) and message.get("type") in ("state", "sync"):
                self.views.append(message)
            elif isinstance(message, dict) and message.get("type") == "hint":
                self.hints.append(message["hint"])
            elif isinstance(message, dict) and message.get("type") == "rack" and not message.get("elsewhere"):
                self.racks.append(("received", message))

        def sent(payload: str | bytes) -> None:
            message = json.loads(payload)
            if isinstance(message, dict) and message.get("type") == "rack":
                self.racks.append(("sent", message))

        socket.on("framereceived", frame)
        socket.on("framesent", sent)

    # ------------------------------------------------------------------ getting to the table
    def sit(self, seat: int, name: str) -> None:
        """Open the invite to ``seat`` (from 0; the address numbers it from 1), type the display
        name, press "Sit here"; returns once the waiting room shows the name in that seat."""
        self.page.goto(f"/#/t/{self.table}/seat/{seat + 1}")
        self.page.get_by_test_id("display-name").fill(name)
        place = self.page.get_by_test_id(f"waiting-seat-{seat}")
        (
            place.get_by_role("button", name="Sit here") if self.english else place.get_by_role("button")
        ).click()
        expect(self.page.get_by_test_id(f"waiting-seat-{seat}")).to_contain_text(name)

    # ------------------------------------------------------------------ reading the page
    @property
    def rack(self) -> Locator:
        """The rack region."""
        return self.page.get_by_test_id("rack")

    def slots(self) -> list[str | None]:
        """The rack's slots in order (row 1 then row 2): each piece's notation (the first word of
        its button's accessible name, checked against its ``data-piece``) or ``None``."""
        found: list[list[str | None]] = self.rack.locator("[data-slot]").evaluate_all(
            """(slots) => slots.map((slot) => {
                 const b = slot.querySelector('button');
                 return b ? [b.getAttribute('aria-label'), b.dataset.piece] : null; })"""
        )
        out: list[str | None] = []
        for entry in found:
            if entry is None:
                out.append(None)
                continue
            label, piece = entry
            assert label is not None and piece is not None
            first = label.split(" ")[0].rstrip(",")
            assert first == piece and PIECE.match(first), (label, piece)
            out.append(first)
        return out

    def arranged(self, after: int) -> dict[str, Any]:
        """The server's answer to the page's first request to arrange the rack (a ``rack``
        message with ``by``) since :attr:`racks` held ``after`` items (waiting up to 30 s): the
        page asks one rack request at a time, so the next answer received is its."""
        for _ in range(300):
            later = self.racks[after:]
            asked = [i for i, (way, message) in enumerate(later) if way == "sent" and "by" in message]
            answers = [m for way, m in later[asked[0] + 1 :] if way == "received"] if asked else []
            if answers:
                return answers[0]
            self.page.wait_for_timeout(100)
        raise AssertionError("the page never arranged its rack, or the server never answered")

    def rack_pieces(self) -> list[str]:
        """The pieces on the rack, slot order."""
        return [p for p in self.slots() if p is not None]

    def page_pieces(self) -> list[str]:
        """The notation of every piece button anywhere on the page."""
        found: list[str] = self.page.locator("button[data-piece]").evaluate_all(
            "(buttons) => buttons.map((b) => b.getAttribute('aria-label').split(' ')[0].replace(/,$/, ''))"
        )
        return found

    def snapshot(self) -> Snapshot:
        """What the page shows now, with the version of the last view it received."""
        return Snapshot(
            v=self.last_view()["v"],
            pieces=self.page_pieces(),
            slots=self.slots(),
            text=self.page.locator("body").inner_text(),
        )

    def last_view(self) -> dict[str, Any]:
        """The last ``state``/``sync`` message the page received (waiting up to 30 s for the
        first)."""
        for _ in range(300):
            if self.views:
                return self.views[-1]
            self.page.wait_for_timeout(100)
        raise AssertionError("the page received no view")

    def last_drawn(self, seat: int) -> str:
        """The piece ``seat`` drew last, in notation, as the page's views told it (the ``drew``
        event)."""
        return next(
            e["params"]["piece"]
            for v in reversed(self.views)
            for e in v["events"]
            if e["code"] == "drew" and e["seat"] == seat
        )

    def wait_played(self, seat: int, action: str, timeout_ms: float = 10_000) -> None:
        """Wait until the page has received the state message of ``seat`` playing ``action``
        (its ``played`` field); fail after ``timeout_ms``."""
        wanted = {"seat": seat, "action": action}
        for _ in range(int(timeout_ms // 100)):
            if any(who_played(view) == wanted for view in self.views):
                return
            self.page.wait_for_timeout(100)
        raise AssertionError(f"the server never announced {wanted}; the page says {self.error_text()!r}")

    def status(self) -> str:
        """Without waiting: ``"end"`` once the round end shows, ``"busy"`` while the rack waits for
        the server, the offered game actions (space-separated ``data-action`` values) on this
        seat's turn, ``""`` while others play."""
        result: str = self.page.evaluate(TURN_JS)
        return result

    def wait_turn_or_end(self, timeout_ms: float = 60_000) -> str:
        """Wait until it is this seat's turn (the offered actions, as :meth:`status`) or the
        round end shows (``"end"``)."""
        handle = self.page.wait_for_function(READY_JS, timeout=timeout_ms, polling=100)
        result: str = handle.json_value()
        return result

    def action_button(self, action: str) -> Locator:
        """The offered button of game action ``action`` (``draw``…): by its English label, else by
        its ``data-action``."""
        actions = self.page.get_by_test_id("actions")
        if self.english:
            return actions.get_by_role("button", name=ENGLISH_LABELS[action], exact=True)
        return actions.locator(f"button[data-action='{action}']")

    def error_text(self) -> str:
        """The page's refusal or notice (the ``error`` alert), or ``""``."""
        alert = self.page.get_by_test_id("error")
        return alert.inner_text().strip() if alert.count() and alert.is_visible() else ""

    # ------------------------------------------------------------------ acting
    def select(self, piece: str) -> None:
        """Press the rack button of ``piece`` (the first slot holding it) so that it is selected."""
        button = self.rack.locator(f"button[data-piece='{piece}']").first
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true")

    def deselect(self) -> None:
        """Unselect the selected rack piece, if any."""
        pressed = self.rack.locator("button[aria-pressed='true']")
        if pressed.count():
            pressed.first.click()
            expect(self.rack.locator("button[aria-pressed='true']")).to_have_count(0)

    def press(self, action: str, before: str) -> str:
        """Click the offered ``action`` button; wait until the offered actions are no longer
        ``before`` (or the round ends, or the page shows a refusal: ``"error"``); the new
        status as :meth:`status` (``"wait"`` for ``""``)."""
        self.action_button(action).click()
        handle = self.page.wait_for_function(CHANGED_JS, arg=before, timeout=60_000, polling=100)
        result: str = handle.json_value()
        return result

    def play_turn(self, rng: random.Random, offered: str) -> list[str]:
        """Play this seat's turn by clicking what the page offers, starting from ``offered``
        (:meth:`status`): Show when offered, Finish when offered, else Draw or now and then Take,
        then Discard of a random rack piece; Take or Pass when the stock is empty. Returns the
        actions clicked once one ended the turn (discard, finish, pass) or the round ended."""
        played: list[str] = []
        status = offered
        while status not in ("end", "wait"):
            actions = status.split()
            assert set(actions) <= set(GAME_ACTIONS), actions
            for action in actions:
                expect(self.action_button(action)).to_be_visible()
            if "show" in actions:
                choice = "show"
            elif "finish" in actions:
                choice = "finish"
                self.deselect()
            elif "draw" in actions:
                choice = "take" if "take" in actions and rng.random() < 0.25 else "draw"
            elif "pass" in actions:
                choice = rng.choice([a for a in actions if a in ("take", "pass")])
            elif "discard" in actions:
                choice = "discard"
                self.select(rng.choice(self.rack_pieces()))
            else:
                raise AssertionError(f"no way to go on from {actions}")
            status = self.press(choice, status)
            if status == "error" and choice == "finish":
                # several pieces finish: the page names them; select one and finish with it
                notice = self.error_text()
                options = notation_in(notice.split(":")[-1])
                assert options, notice
                self.select(options[0])
                status = self.press("finish", " ".join(actions))
            assert status != "error", f"{choice}: the page shows {self.error_text()!r}"
            played.append(choice)
            if choice in ("discard", "finish", "pass"):
                break
        return played

    def round_end_totals(self) -> list[tuple[str, int]]:
        """The round end's table: each row's player name and the total it shows, seat order."""
        rows: list[list[str]] = (
            self.page.get_by_test_id("round-end")
            .locator("tbody tr")
            .evaluate_all(
                "(rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.innerText))"
            )
        )
        return [(row[0].strip(), number(row[-1])) for row in rows]


class KeyboardPerson(Person):
    """A person who plays with the keyboard alone: Tab to a rack piece and Space to select or
    unselect it, Tab to an action button and Enter to press it (:meth:`Person.play_turn` plays
    whole turns so). :attr:`tabs` counts the Tab presses."""

    tabs = 0

    def tab_to(self, condition: str, limit: int = 200) -> None:
        """Press Tab until the focused element satisfies the JS predicate ``condition`` (given
        the element); fail after ``limit`` presses."""
        for _ in range(limit):
            self.page.keyboard.press("Tab")
            self.tabs += 1
            if self.page.evaluate(f"(({condition}))(document.activeElement)"):
                return
        raise AssertionError(f"Tab never reached {condition}")

    def select(self, piece: str) -> None:
        """Tab to the rack button of ``piece`` (the first slot holding it) and press Space."""
        button = self.rack.locator(f"button[data-piece='{piece}']").first
        slot = button.evaluate("(b) => b.closest('[data-slot]').dataset.slot")
        self.tab_to(f"(e) => e.closest('[data-testid=rack] [data-slot]')?.dataset.slot === '{slot}'")
        self.page.keyboard.press("Space")
        expect(button).to_have_attribute("aria-pressed", "true")

    def enter(self) -> None:
        """Press Enter on the focused action once the actions take presses."""
        expect(self.page.get_by_test_id("actions")).not_to_have_attribute("aria-disabled", "true")
        self.page.keyboard.press("Enter")

    def deselect(self) -> None:
        """Tab to the selected rack piece, if any, and press Space."""
        if self.rack.locator("button[aria-pressed='true']").count():
            self.tab_to("(e) => e.closest('[data-testid=rack]') && e.getAttribute('aria-pressed') === 'true'")
            self.page.keyboard.press("Space")
            expect(self.rack.locator("button[aria-pressed='true']")).to_have_count(0)

    def press(self, action: str, before: str) -> str:
        """Tab to the offered ``action`` button and press Enter once the actions take presses
        (not while the last one awaits its answer or just got it); then as :meth:`Person.press`."""
        self.tab_to(f"(e) => e.closest('[data-testid=actions]') && e.dataset.action === '{action}'")
        self.enter()
        handle = self.page.wait_for_function(CHANGED_JS, arg=before, timeout=60_000, polling=100)
        result: str = handle.json_value()
        return result


class MeldsPerson(Person):
    """A person at a table of public melds who plays the greedy bot's move that the page's Hint
    gives, through the page: Draw, Take, Retract and Discard buttons, pieces selected in the rack
    and the offered move (``data-move``) pressed, a lay-off dragged onto its table meld. The
    game's verbs: :attr:`LAYING` play all their pieces from the hand (``meld 5H 6H 7H``),
    :attr:`ONTO` name a table meld first (``layoff 3 7H``)."""

    LAYING: tuple[str, ...] = ("meld",)
    ONTO: tuple[str, ...] = ("layoff",)

    def hint(self) -> dict[str, Any]:
        """Press Hint; the server's answer (its ``action`` is the move the page's hint words)."""
        before = len(self.hints)
        self.page.get_by_test_id("actions").locator("button[data-action='hint']").click()
        for _ in range(300):
            if len(self.hints) > before:
                hint = self.hints[-1]
                expect(self.page.get_by_test_id("hint-move")).to_have_attribute("data-move", hint["action"])
                self.check_marked(hint["action"])
                return hint
            self.page.wait_for_timeout(100)
        raise AssertionError(f"no hint came; the page says {self.error_text()!r}")

    def check_marked(self, action: str) -> None:
        """The rack marks exactly the cards the hinted ``action`` (its text) plays from the hand:
        a meld's cards, a lay-off's or release's cards (after the table meld's number), the
        discard; none for draw, take or retract (every copy of a marked card is marked)."""
        verb, *words = action.split()
        if verb in self.ONTO:
            words = words[1:]
        plays = verb in (*self.LAYING, *self.ONTO, "discard")
        faces = {w.split("[")[0] for w in words} if plays else set()
        marked = self.rack.locator("button.hinted")
        expect(marked).to_have_count(sum(1 for p in self.rack_pieces() if p in faces))
        shown = marked.evaluate_all("(buttons) => buttons.map((b) => b.dataset.piece)")
        assert set(shown) == faces, (action, shown)

    def deselect_all(self) -> None:
        """Unselect every selected rack card."""
        pressed = self.rack.locator("button[aria-pressed='true']")
        while pressed.count():
            pressed.first.click()
        expect(pressed).to_have_count(0)

    def choose(self, cards: list[str]) -> None:
        """Select the rack cards ``cards`` (notation; a joker's declaration ignored), each copy once."""
        self.deselect_all()
        for card in cards:
            piece = card.split("[")[0]
            button = self.rack.locator(f"button[data-piece='{piece}'][aria-pressed='false']").first
            button.click()
        expect(self.rack.locator("button[aria-pressed='true']")).to_have_count(len(cards))

    def play_move(self, action: str, drag: bool = True) -> None:
        """Play the legal ``action`` (its text) through the page; wait until the server has played
        it for this seat (fails on a refusal shown by the page)."""
        seat = self.last_view()["seat"]
        before = len(self.views)
        verb, *words = action.split()
        moves = self.page.get_by_test_id("moves")
        if verb in ("draw", "take", "retract"):
            self.page.get_by_test_id("actions").locator(f"button[data-action='{verb}']").click()
        elif verb == "discard":
            self.choose(words)
            self.page.get_by_test_id("actions").locator("button[data-action='discard']").click()
            self.confirm_discard(before)
        elif verb == "layoff" and drag:
            self.deselect_all()
            card = words[1].split("[")[0]
            self.rack.locator(f"button[data-piece='{card}']").first.drag_to(
                self.page.get_by_test_id(f"meld-{words[0]}")
            )
            offered = moves.locator(f"button[data-move='{action}']")
            for _ in range(20):
                if len(self.views) > before or offered.count():
                    break
                self.page.wait_for_timeout(100)
            if len(self.views) == before and offered.count():
                offered.click()
        else:
            self.choose(words if verb in self.LAYING else words[1:])
            moves.locator(f"button[data-move='{action}']").click()
        wanted = {"seat": seat, "action": action}
        for _ in range(300):
            if any(who_played(view) == wanted for view in self.views[before:]):
                return
            alert = self.error_text()
            assert not alert, f"{action}: the page shows {alert!r}"
            self.page.wait_for_timeout(100)
        raise AssertionError(f"{action} was never played")

    def confirm_discard(self, before: int) -> None:
        """After Discard was pressed (``before`` views received then): a game that asks before
        a discard it would fine is answered yes."""


class KalookiPerson(MeldsPerson):
    """A person at a Kalooki table (:class:`MeldsPerson`): melds, lay-offs and joker releases."""

    ONTO = ("layoff", "release")

    def hint(self) -> dict[str, Any]:
        """Press Hint (:meth:`MeldsPerson.hint`): what its melds open with is said only beside
        melds, not "These melds open with 0 of 51" beside none (the tester's 08)."""
        hint = super().hint()
        opens = bool(hint["by_value"]["melds"]) and hint["opening"] is not None
        # the move, the best melds, what they open with (only beside melds), the points left
        expect(self.page.get_by_test_id("hint").locator("p")).to_have_count(3 + int(opens))
        return hint


class Okey101Person(MeldsPerson):
    """A person at a 101 Okey table (:class:`MeldsPerson`): sets and runs, pairs, lay-offs and
    okey swaps; a discard the page warns about (an işlek tile, an okey) is confirmed."""

    LAYING = ("meld", "pair")
    ONTO = ("layoff", "swap")

    def confirm_discard(self, before: int) -> None:
        """Wait for the discard to be played or for the page's warning, then confirm it."""
        warning = self.page.get_by_test_id("discard-warning")
        for _ in range(100):
            if len(self.views) > before:
                return
            if warning.count():
                warning.get_by_test_id("confirm-discard").click()
                return
            self.page.wait_for_timeout(50)


def number(text: str) -> int:
    """An integer as the page writes it in any of its languages (Persian digits, a minus sign,
    direction marks)."""
    cleaned = (
        text.strip()
        .replace("\u2212", "-")
        .translate(dict.fromkeys(map(ord, "\u200e\u200f\u061c\u2066\u2067\u2068\u2069")))
    )
    return int(cleaned)


def reseed(db: Path, seeds: dict[str, int]) -> None:
    """In the stopped server's SQLite database ``db``, deal each table's match (by table id) from
    the seed given instead (its actions dropped): the server started again on the database plays
    the chosen deals. The server deals with a fresh secret seed and takes no position, so tests
    of dealt positions get them so."""
    with sqlite3.connect(db) as conn:
        for table, seed in seeds.items():
            conn.execute(
                "DELETE FROM actions WHERE game_id IN (SELECT id FROM games WHERE table_id = ?)", (table,)
            )
            conn.execute(
                "UPDATE games SET seed = ?, status = 'playing', outcome = NULL WHERE table_id = ?",
                (seed, table),
            )
            # the first server's bots may have ended the first deal's match meanwhile (under load)
            conn.execute("UPDATE tables SET status = 'playing' WHERE id = ?", (table,))


# ---------------------------------------------------------------------- tables against bots
def bots_table(server: Server, variant: str, options: Mapping[str, object]) -> dict[str, object]:
    """A public table of ``variant`` with the rules ``options``: a person in seat 0 and three
    greedy bots (no delay, no break between rounds). The person's seat waits ten minutes for its
    page before a bot stands in: a dealt table waits so for its test, after the others'."""
    body = {
        "variant": variant,
        "options": dict(options),
        "seats": [{"kind": "person"}] + [{"kind": "bot", "level": "greedy"}] * 3,
        "bot_delay": 0,
        "round_break_seconds": 0,
        "grace_seconds": 600,
    }
    created: dict[str, object] = server.post("/tables", body, status=201)
    return created


Deal = tuple[int, Mapping[str, object], str, str]
"""A dealt table to make: (seed, rules options, language, the person's name)."""


@dataclass
class Dealt:
    """A started table of the dealt server: its id, seat 0's token, language and person's name."""

    table: str
    token: str
    lang: str
    name: str


@contextmanager
def dealt_server(
    db: Path, variant: str, deals: Mapping[str, Deal]
) -> Iterator[tuple[Server, dict[str, Dealt]]]:
    """A server on the SQLite database ``db`` whose tables (one per key of ``deals``, made by
    :func:`bots_table`, seat 0 joined by the person and started) play their seeds' matches
    (:func:`reseed`); the tables by key."""
    first = Server(f"sqlite:///{db}").start()
    tables: dict[str, Dealt] = {}
    try:
        for key, (_, options, lang, name) in deals.items():
            created = bots_table(first, variant, options)
            table = str(created["table"])
            token = first.post(f"/tables/{table}/seats/0/join", {"name": name})["token"]
            first.post(f"/tables/{table}/start", {"token": created["owner_token"]})
            tables[key] = Dealt(table, token, lang, name)
    finally:
        first.stop()
    reseed(db, {tables[key].table: seed for key, (seed, *_) in deals.items()})
    with running(f"sqlite:///{db}") as second:
        yield second, tables


LOCALES = {"en": "en-GB", "tr": "tr-TR", "fa": "fa-IR", "th": "th-TH"}
"""The browser's locale for a page in each language."""

P = TypeVar("P", bound=Person)


def keep_seat(page: Page, table: str, seat: int, token: str) -> None:
    """Keep a seat's key in ``page``'s browser, as joining does, before any of its scripts runs:
    the page then opens ``table`` as ``seat`` (0-based, as the protocol counts)."""
    key = json.dumps(f"rummykit.seat.{table}")
    value = json.dumps(json.dumps({"seat": seat, "token": token}))
    page.add_init_script(f"localStorage.setItem({key}, {value});")


def open_dealt(
    pages: Pages, server: Server, dealt: Dealt, person: type[P], name: str, fetched: list[str] | None = None
) -> P:
    """The dealt table's page (named ``name-<lang>`` among the artifacts) in its language, holding
    seat 0 (its token in the page's storage), driven as ``person`` (by the buttons' English labels
    on an English page); every URL the page requests, from its first, is added to ``fetched`` when
    given."""
    page = pages.new(f"{name}-{dealt.lang}", locale=LOCALES[dealt.lang])
    if fetched is not None:
        page.on("request", lambda request: fetched.append(request.url))
    keep_seat(page, dealt.table, 0, dealt.token)
    page.add_init_script(f"localStorage.setItem('rummykit.lang', {json.dumps(json.dumps(dealt.lang))});")
    driver = person(page, server, dealt.table, english=dealt.lang == "en")
    page.goto(f"{server.base}/#/t/{dealt.table}")
    expect(page.get_by_test_id("table")).to_have_attribute("data-status", "playing")
    expect(page.locator("html")).to_have_attribute("lang", dealt.lang)
    return driver


# ---------------------------------------------------------------------- the record, replayed
@dataclass
class Replayed:
    """A match replayed from its record: the game, the header, and the state after each of the
    record's actions (``states[v]`` is version ``v``: ``states[0]`` the deal)."""

    game: Game[Any, Any]
    header: dict[str, Any]
    states: list[State]
    outcome: dict[str, Any]

    def notation(self, face: int) -> str:
        """A face in the game's notation."""
        return format_face(self.game.kind, face)

    def hand(self, v: int, seat: int) -> Counter[str]:
        """``seat``'s pieces at version ``v``."""
        return Counter(self.notation(f) for f in self.game.observe(self.states[v], seat)["hand"])

    def public(self, v: int) -> set[str]:
        """Every piece a spectator sees at version ``v``: discard piles, pieces seen taken, the
        indicator, okey and wilds (or the up card)."""
        view = self.game.observe(self.states[v], None)
        faces: list[int] = [f for pile in view["discards"] for f in pile]
        faces += [f for known in view["known"] for f in known]
        faces += view["wilds"]
        faces += [
            view[k]
            for k in ("indicator", "okey", "up_card", "joker_as", "takeable")
            if view.get(k) is not None
        ]
        return {self.notation(f) for f in faces}


def replay(server: Server, game_id: str, player: Person | None = None) -> Replayed:
    """``GET /games/{game_id}/record`` replayed with the engine, every version kept; a private
    table's game asks for a ``player``'s browser token (its page's cookie)."""
    cookies = {} if player is None else {c["name"]: c["value"] for c in player.page.context.cookies()}
    response = httpx.get(f"{server.base}/games/{game_id}/record", cookies=cookies, timeout=10)
    assert response.status_code == 200, response.text
    lines = [json.loads(line) for line in response.text.splitlines() if line.strip()]
    header, actions, last = lines[0], lines[1:-1], lines[-1]
    game, _ = game_from_record(header["variant"], header["rules"])
    state = game.new_state(header["seed"])
    states = [state.clone()]
    for line in actions:
        game.apply_text(state, line["seat"], line["action"])
        states.append(state.clone())
    return Replayed(game, header, states, last["outcome"])


def watched_round_end(pages: Pages, server: Server, label: str, locale: str, size: tuple[int, int]) -> Page:
    """A Kalooki match of two rounds among four greedy bots (no delay, a minute's break between
    rounds) watched from its waiting room in the browser's ``locale`` at ``size`` (width, height
    in CSS px): the page once the first round's end shows."""
    created = server.post(
        "/tables",
        {
            "variant": "kalooki",
            "options": {"match": "rounds", "rounds": 2},
            "seats": [{"kind": "bot", "level": "greedy"}] * 4,
            "bot_delay": 0,
            "round_break_seconds": 60,
        },
        status=201,
    )
    page = pages.new(label, locale=locale, width=size[0], height=size[1])
    page.goto(f"/#/t/{created['table']}")
    expect(page.get_by_test_id("table")).to_have_attribute("data-status", "waiting")
    server.post(f"/tables/{created['table']}/start", {"token": created["owner_token"]})
    expect(page.get_by_test_id("round-end")).to_be_visible(timeout=60_000)
    return page
