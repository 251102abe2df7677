"""A lost connection on the table page (docs/web.md, "Connection"): a network that goes silent (the
socket stays open and hears nothing, as when a phone loses its signal) or that the browser knows is
gone (offline) shows the translated "reconnecting" notice within seconds and holds the actions
(a press would reach no one); once the network is back the page reconnects by itself, the notice
goes and the seat plays on, the rack moves made meanwhile kept. Seen in Turkish (and Kalooki in
English) on a 390x844 phone."""

from __future__ import annotations

from typing import Any

from browser_support import Pages, artifact
from playwright.sync_api import Page, WebSocketRoute, expect
from table_driver import Person, catalog

from test_server_support import Server

HEARTBEAT_MS = 12_000
"""The longest a silent connection may go unnoticed: a ping after 4 s of silence, lost 4 s later,
checked every second, and a margin for a loaded machine."""


def seated(
    pages: Pages,
    server: Server,
    label: str,
    variant: str = "okey",
    english: bool = False,
    bot_delay: int = 10,
) -> Person:
    """A Turkish (``english``: an English) phone at seat 0 of an Okey (``variant``) table against
    slow bots (``bot_delay``, 10 s a move: the round stays where it is while the network is away),
    the match started."""
    created: dict[str, Any] = server.post(
        "/tables",
        {
            "variant": variant,
            "seats": [{"kind": "person"}] + [{"kind": "bot", "level": "greedy"}] * 3,
            "bot_delay": bot_delay,
            "grace_seconds": 600,
        },
        status=201,
    )
    locale = "en-US" if english else "tr-TR"
    page = pages.new(label, locale=locale, width=390, height=844, has_touch=True, is_mobile=True)
    person = Person(page, server, str(created["table"]), english=english)
    silent_route(page)
    person.sit(0, "Ayşe")
    server.post(f"/tables/{created['table']}/start", {"token": created["owner_token"]})
    expect(page.get_by_test_id("table")).to_have_attribute("data-status", "playing")
    expect(page.get_by_test_id("rack").locator("button[data-piece]")).not_to_have_count(0)
    # the socket the page closed on sitting down is no lost connection
    page.wait_for_timeout(500)
    expect(page.get_by_test_id("connection")).to_have_count(0)
    return person


SILENT: dict[int, bool] = {}
"""Per page (its ``id``): whether its sockets' frames are dropped both ways."""


def silent_route(page: Page) -> None:
    """Route the page's WebSockets through the test, which passes every frame on until
    ``SILENT[id(page)]``: then a connection loses its frames both ways for good and nothing closes,
    and a new connection fails (a dead network); the page's next connection once it is false again
    works."""
    SILENT[id(page)] = False

    def route(ws: WebSocketRoute) -> None:
        if SILENT[id(page)]:
            ws.close()
            return
        server = ws.connect_to_server()
        dead = [False]

        def passes() -> bool:
            dead[0] = dead[0] or SILENT[id(page)]
            return not dead[0]

        def up(message: str | bytes) -> None:
            if passes():
                server.send(message)

        def down(message: str | bytes) -> None:
            if passes():
                ws.send(message)

        ws.on_message(up)
        server.on_message(down)

    page.route_web_socket("**/ws", route)


def check_lost(person: Person, name: str, within_ms: int) -> None:
    """The notice shows within ``within_ms`` and the actions are held."""
    page = person.page
    notice = page.get_by_test_id("connection")
    expect(notice).to_have_text(catalog("tr")["connection_closed"], timeout=within_ms)
    expect(notice).to_have_attribute("role", "status")
    expect(page.get_by_test_id("actions")).to_have_attribute("aria-disabled", "true")
    page.screenshot(path=str(artifact(f"connection-{name}-lost-tr-390x844.png")))


def test_a_silent_network_shows_the_notice_and_the_page_reconnects(pages: Pages, server: Server) -> None:
    """The socket stays open but hears nothing: the heartbeat notices it; frames through again, the
    page reconnects by itself."""
    person = seated(pages, server, "silent")
    page = person.page
    SILENT[id(page)] = True
    check_lost(person, "silent", HEARTBEAT_MS)
    SILENT[id(page)] = False
    expect(page.get_by_test_id("connection")).to_have_count(0, timeout=HEARTBEAT_MS)
    expect(page.get_by_test_id("actions")).not_to_have_attribute("aria-disabled", "true")
    page.screenshot(path=str(artifact("connection-silent-back-tr-390x844.png")))


OPACITIES_JS = "(buttons) => buttons.map((b) => getComputedStyle(b).opacity)"
"""Each button's computed opacity (text)."""


def test_going_offline_shows_the_notice_at_once_and_online_reconnects(pages: Pages, server: Server) -> None:
    """The browser goes offline (the tester's ``set_offline``): the notice within 3 s, not after
    the server gives the seat up, and the action buttons dimmed (they looked live); while offline
    the page waits for the network (a connection tried offline can't open: Chromium logs it as an
    error, which fails the test); online again, the page is back within 5 s, its buttons too."""
    person = seated(pages, server, "offline", bot_delay=0)
    page = person.page
    actions = page.get_by_test_id("actions")
    # at the person's turn, which waits for them while the network is away
    assert person.wait_turn_or_end() != "end"
    page.context.set_offline(True)
    check_lost(person, "offline", 3_000)
    expect(actions).to_have_attribute("data-offline", "true")
    buttons = actions.locator("button")
    assert buttons.count() > 0
    assert buttons.evaluate_all(OPACITIES_JS) == ["0.45"] * buttons.count()
    page.wait_for_timeout(2_000)
    page.context.set_offline(False)
    expect(page.get_by_test_id("connection")).to_have_count(0, timeout=5_000)
    expect(actions).not_to_have_attribute("aria-disabled", "true")
    expect(actions).not_to_have_attribute("data-offline", "true")
    assert set(buttons.evaluate_all(OPACITIES_JS)) == {"1"}


def tap_move(person: Person) -> tuple[str, int]:
    """Tap the rack's first piece, then its last free slot: the piece and that slot."""
    rack = person.rack
    piece = rack.locator("button[data-piece]").first
    face = str(piece.get_attribute("data-piece"))
    piece.click()
    expect(piece).to_have_attribute("aria-pressed", "true")
    target = max(i for i, p in enumerate(person.slots()) if p is None)
    rack.locator(f"[data-slot='{target}']").click()
    return face, target


def test_rack_moves_made_offline_are_kept_and_the_rack_moves_after(pages: Pages, server: Server) -> None:
    """The tester's Kalooki phone: a piece tapped to a free slot while offline shows there at once
    (it showed only once the page was back) and is still there once the page is back (docs/web.md:
    the rack can be arranged while the connection is down), and a move tapped after works (on
    reconnecting the page sent its queued move before its hello: the server's `not_joined` left the
    rack waiting for an answer that never came, every move after queued behind it until a
    reload)."""
    person = seated(pages, server, "offline-rack", variant="kalooki", english=True)
    page = person.page
    rack = person.rack
    expect(rack).to_have_attribute("aria-busy", "false")
    page.context.set_offline(True)
    expect(page.get_by_test_id("connection")).to_be_visible(timeout=3_000)
    face, target = tap_move(person)
    expect(rack.locator(f"[data-slot='{target}'] button[data-piece='{face}']")).to_have_count(1)
    person.deselect()
    second, after = tap_move(person)
    expect(rack.locator(f"[data-slot='{after}'] button[data-piece='{second}']")).to_have_count(1)
    page.context.set_offline(False)
    expect(page.get_by_test_id("connection")).to_have_count(0, timeout=5_000)
    expect(rack.locator(f"[data-slot='{target}'] button[data-piece='{face}']")).to_have_count(1)
    expect(rack.locator(f"[data-slot='{after}'] button[data-piece='{second}']")).to_have_count(1)
    expect(rack).to_have_attribute("aria-busy", "false")
    person.deselect()
    face, target = tap_move(person)
    expect(rack.locator(f"[data-slot='{target}'] button[data-piece='{face}']")).to_have_count(1)
    page.screenshot(path=str(artifact("connection-offline-rack-en-390x844.png")))
