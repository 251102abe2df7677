"""The chat in the browser (docs/web.md, "Chat"): two players at a table talk in their room, a name
and a line of ``<img src=x onerror=alert(1)>`` show as text (no element made of them, no dialog,
no script run), a mute hides a sender's lines on the muter's screen alone, a report is answered, the
panel folds on a phone and counts what came meanwhile, and it never covers the rack or the action
bar, at 390x844, 844x390 and 1280x800, in English and in Persian; in the lobby a signed-in account
writes, a guest reads, and a moderator's deletion takes the line off the guest's screen at once."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from typing import Any

import pytest
from browser_support import Pages, artifact, check_rendering, check_sizes, covered, fill
from playwright.sync_api import Page, WebSocketRoute, expect
from test_my_games import LOCALES

import web_modules
from test_server_support import Server

XSS = "<img src=x onerror=alert(1)>"
PASSWORD = "correct horse battery"
ADDRESSES = itertools.count(1)
SIZES = ((390, 844), (844, 390), (1280, 800))


def person(pages: Pages, label: str, lang: str, width: int = 1280, height: int = 800) -> Page:
    """A browser of its own (its own storage and address) in ``lang``, where any dialog fails the
    test."""
    address = f"10.6.0.{next(ADDRESSES)}"
    page = pages.new(
        label,
        locale=LOCALES[lang],
        width=width,
        height=height,
        extra_http_headers={"X-Forwarded-For": address},
    )

    def no_dialog(dialog: Any) -> None:
        pages.errors.append(f"{label}: a dialog opened: {dialog.message}")
        dialog.dismiss()

    page.on("dialog", no_dialog)
    page.goto("/")
    return page


def seat_at(page: Page, table: str, seat: int, name: str) -> None:
    """Join ``seat`` of ``table`` as the page does (the seat's token kept in the browser)."""
    page.evaluate(
        """async ([table, seat, name]) => {
          const { api } = await import("/static/js/api.js");
          const { store } = await import("/static/js/store.js");
          const joined = await api.join(table, seat, name);
          store.setSeat(table, joined.seat, joined.token);
        }""",
        [table, seat, name],
    )


def new_table(page: Page) -> dict[str, Any]:
    """A public Okey table of two people and two slow bots, made in ``page`` (its owner)."""
    created: dict[str, Any] = page.evaluate(
        """async () => {
          const { api } = await import("/static/js/api.js");
          const { store } = await import("/static/js/store.js");
          const seats = [{kind: "person"}, {kind: "person"}, {kind: "bot"}, {kind: "bot"}];
          const t = await api.create({variant: "okey", seats, public: true, bot_delay: 10});
          store.setOwner(t.table, t.owner_token);
          return t;
        }"""
    )
    return created


NOT_UNDER_CHAT_JS = """(id) => {
  const el = document.querySelector(`[data-testid="${id}"]`);
  el.scrollIntoView({ block: "nearest" });
  const r = el.getBoundingClientRect();
  if (r.width < 8 || r.height < 8) return true; // empty (no move of this seat's now): nothing to cover
  const points = [
    [r.left + r.width / 2, r.top + r.height / 2],
    [r.left + 4, r.top + 4],
    [r.right - 4, r.bottom - 4],
  ];
  return points.every(([x, y]) => {
    const hit = document.elementFromPoint(x, y);
    return hit !== null && !hit.closest('[data-testid="chat"]');
  });
}"""
"""Whether no part of the chat is drawn over the element of a test id (its centre and two corners,
once scrolled into view: a fixed action bar lies over the page's flow, the chat among it)."""


def sign_up(page: Page, username: str) -> None:
    """Sign ``page``'s browser up as ``username`` (the page's own API call)."""
    page.evaluate(
        """async ([name, password]) =>
          (await import("/static/js/api.js")).api.signUp(name, password, false)""",
        [username, PASSWORD],
    )


def grant_moderator(server: Server, username: str) -> None:
    """Make ``username`` a moderator as an operator does (``rummykit moderator grant``)."""
    done = subprocess.run(
        [sys.executable, "-m", "rummykit", "moderator", "grant", username, "--db", server.db],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def say(page: Page, text: str) -> None:
    """Write ``text`` in ``page``'s chat and wait until the server has taken it (the field is
    cleared and the line is back in the sender's own chat)."""
    page.get_by_test_id("chat-input").fill(text)
    page.get_by_test_id("chat-send").click()
    expect(page.get_by_test_id("chat-input")).to_have_value("")
    expect(page.get_by_test_id("chat-text").filter(has_text=text).last).to_be_attached()


def open_chat(page: Page) -> None:
    toggle = page.get_by_test_id("chat-toggle")
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_table_chat_shows_text_as_text_and_keeps_clear_of_the_rack(
    pages: Pages, server: Server, lang: str
) -> None:
    strings = web_modules.catalog(lang)
    ann = person(pages, f"chat-ann-{lang}", lang)
    bob = person(pages, f"chat-bob-{lang}", lang, 390, 844)
    created = new_table(ann)
    table = created["table"]
    seat_at(ann, table, 0, "ann")
    seat_at(bob, table, 1, XSS)
    ann.evaluate(
        """async ([table, token]) => (await import("/static/js/api.js")).api.start(table, token)""",
        [table, created["owner_token"]],
    )
    for page in (ann, bob):
        page.goto(f"/#/t/{table}")
        expect(page.get_by_test_id("rack")).to_be_visible()
    # on a phone the chat starts folded: a line that comes meanwhile is counted
    expect(bob.get_by_test_id("chat-toggle")).to_have_attribute("aria-expanded", "false")
    expect(ann.get_by_test_id("chat-toggle")).to_have_attribute("aria-expanded", "true")
    expect(ann.get_by_test_id("chat")).to_contain_text(strings["chat_players"])
    say(ann, XSS)
    expect(bob.get_by_test_id("chat-unread")).to_have_text("1")
    open_chat(bob)
    expect(bob.get_by_test_id("chat-unread")).to_have_count(0)
    line = bob.get_by_test_id("chat-line").first
    expect(line.get_by_test_id("chat-text")).to_have_text(XSS)
    expect(line.get_by_test_id("chat-name")).to_have_text("ann")
    # the colon after the name is outside its isolate, so on the page's side of a name in either
    # script (the tester's 06b and 06c: "tom_t3:" on a Persian page, ":سارا" on an English one)
    assert line.get_by_test_id("chat-name").evaluate("(name) => name.nextSibling.textContent") == ":"
    say(bob, "salam")
    expect(ann.get_by_test_id("chat-name").nth(1)).to_have_text(XSS)
    for page in (ann, bob):
        assert page.locator(".chat img, .seat img").count() == 0
        assert page.evaluate("document.querySelectorAll('img[src=\"x\"]').length") == 0

    # a report is answered; a mute hides ann's lines on bob's screen only, until unmuted
    line.get_by_test_id("chat-report").click()
    expect(bob.get_by_test_id("chat-reported")).to_have_text(strings["chat_reported"])
    bob.get_by_test_id("chat-mute").first.click()
    expect(bob.get_by_test_id("chat-text")).to_have_text(["salam"])
    expect(ann.get_by_test_id("chat-text")).to_have_text([XSS, "salam"])
    bob.reload()
    open_chat(bob)
    expect(bob.get_by_test_id("chat-text")).to_have_text(["salam"])  # kept by the guest's browser
    bob.get_by_test_id("chat-unmute").click()
    expect(bob.get_by_test_id("chat-text")).to_have_text([XSS, "salam"])

    # the panel lies beside or below the table, never over the rack or the action bar
    for page, name in ((ann, "ann"), (bob, "bob")):
        open_chat(page)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            assert covered(page, "chat", ("rack",)) == [], (name, width, height)
            for below in ("rack", "actions"):
                if page.get_by_test_id(below).count():
                    assert page.evaluate(NOT_UNDER_CHAT_JS, below), (below, name, width, height)
            check_rendering(page, lang, f"chat-table-{name}-{lang}-{width}x{height}")


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_lobby_chat_for_accounts_and_a_moderators_deletion(pages: Pages, server: Server, lang: str) -> None:
    writer = person(pages, f"chat-writer-{lang}", lang)
    guest = person(pages, f"chat-guest-{lang}", lang, 390, 844)
    username = f"lobby_writer_{lang}"
    sign_up(writer, username)
    grant_moderator(server, username)
    writer.reload()
    open_chat(guest)
    expect(guest.get_by_test_id("chat-why")).to_be_visible()  # a guest reads only
    say(writer, "welcome to the lobby")
    expect(guest.get_by_test_id("chat-text").last).to_have_text("welcome to the lobby")
    expect(guest.get_by_test_id("chat-line").last).to_contain_text(username)
    check_sizes(guest, lang, f"chat-lobby-guest-{lang}")
    check_sizes(writer, lang, f"chat-lobby-moderator-{lang}")
    # the moderator deletes the line: gone from the guest's screen at once
    count = guest.get_by_test_id("chat-line").count()
    writer.get_by_test_id("chat-line").last.get_by_test_id("chat-delete").click()
    expect(guest.get_by_test_id("chat-line")).to_have_count(count - 1)
    guest.screenshot(path=str(artifact(f"chat-lobby-deleted-{lang}-390x844.png")), full_page=True)


def hold_lobby_history(page: Page) -> list[dict[str, Any]]:
    """Hold back the server's ``chat_history`` (its answer to the page joining the lobby's chat)
    on ``page``'s sockets until the page has sent a chat line, as a busy server or network may;
    the chat lines the page sent (in order)."""
    said: list[dict[str, Any]] = []

    def route(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()
        held: list[str | bytes] = []

        def up(message: str | bytes) -> None:
            server.send(message)
            sent = json.loads(message)
            if sent.get("type") == "chat":
                said.append(sent)
                for answer in held:
                    ws.send(answer)
                held.clear()

        def down(message: str | bytes) -> None:
            if json.loads(message).get("type") == "chat_history" and not said:
                held.append(message)
                return
            ws.send(message)

        ws.on_message(up)
        server.on_message(down)

    page.route_web_socket("**/ws", route)
    return said


def test_a_lobby_line_said_before_the_lobbys_history_comes_is_shown(pages: Pages, server: Server) -> None:
    """The lobby's socket is open (the tables shown) but the chat's history has not come yet: a line
    said then goes to the lobby and shows (the room was guessed from the history's channel: sent to
    a table never joined, refused ``not_joined``, the refusal dropped, the field cleared, the line
    lost; the reports test met it in CI after a reload)."""
    writer = person(pages, "early-writer-en", "en")
    sign_up(writer, "early_writer_en")
    said = hold_lobby_history(writer)
    writer.reload()
    loading = web_modules.catalog("en")["table_loading"]
    expect(writer.get_by_test_id("open-tables")).not_to_contain_text(loading)
    say(writer, "before the history")
    assert [m["room"] for m in said] == ["lobby"]
    expect(writer.get_by_test_id("chat-error")).to_have_count(0)


def fail_lobby_lines(page: Page) -> None:
    """The server fails every chat line of ``page``'s sockets (``internal``, as when its database
    is down); the rest passes."""

    def route(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def up(message: str | bytes) -> None:
            if json.loads(message).get("type") == "chat":
                ws.send(json.dumps({"type": "error", "code": "internal", "params": {}}))
            else:
                server.send(message)

        ws.on_message(up)
        server.on_message(ws.send)

    page.route_web_socket("**/ws", route)


def test_a_lobby_line_the_server_fails_says_so(pages: Pages, server: Server) -> None:
    """A refusal of a lobby line shows in the panel whatever its code (only the chat's own were
    shown: ``internal`` or ``rate_limited`` was dropped, the field cleared and the line lost
    without a word)."""
    writer = person(pages, "failed-writer-en", "en")
    sign_up(writer, "failed_writer_en")
    fail_lobby_lines(writer)
    writer.reload()
    strings = web_modules.catalog("en")
    expect(writer.get_by_test_id("open-tables")).not_to_contain_text(strings["table_loading"])
    writer.get_by_test_id("chat-input").fill("never stored")
    writer.get_by_test_id("chat-send").click()
    expect(writer.get_by_test_id("chat-error")).to_have_text(strings["internal"], ignore_case=True)
    expect(writer.get_by_test_id("chat-text").filter(has_text="never stored")).to_have_count(0)
    expect(writer.get_by_test_id("chat-input")).to_have_value("never stored")


def swallow_a_line(page: Page) -> list[WebSocketRoute]:
    """Route ``page``'s sockets so that the first chat line said never reaches the server; the socket
    it went on is listed for the test to close (the connection dropping before the server read it).
    Every other message, and every line said on a later socket, passes."""
    caught: list[WebSocketRoute] = []

    def route(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def up(message: str | bytes) -> None:
            if json.loads(message).get("type") == "chat" and not caught:
                caught.append(ws)
                return
            server.send(message)

        ws.on_message(up)
        server.on_message(ws.send)

    page.route_web_socket("**/ws", route)
    return caught


def lobby_line_caught(pages: Pages, name: str, text: str) -> tuple[Page, list[WebSocketRoute]]:
    """A signed-in account's lobby (``name``) that says ``text``, the line swallowed by
    ``swallow_a_line`` (the field cleared on sending): the page and the swallowing socket."""
    writer = person(pages, name, "en")
    sign_up(writer, name.replace("-", "_"))
    caught = swallow_a_line(writer)
    writer.reload()
    loading = web_modules.catalog("en")["table_loading"]
    expect(writer.get_by_test_id("open-tables")).not_to_contain_text(loading)
    field = writer.get_by_test_id("chat-input")
    field.fill(text)
    writer.get_by_test_id("chat-send").click()
    expect(field).to_have_value("")
    assert len(caught) == 1
    return writer, caught


def test_a_lobby_line_lost_with_its_connection_is_back_in_the_field(pages: Pages, server: Server) -> None:
    """A line sent just as the connection drops (the server never read it) comes back to the field
    with a word of why, once the connection is gone (it was cleared on sending and gone without a
    word)."""
    writer, caught = lobby_line_caught(pages, "lost-line-en", "lost on the way")
    caught[0].close()
    field = writer.get_by_test_id("chat-input")
    expect(field).to_have_value("lost on the way")
    expect(writer.get_by_test_id("chat-error")).to_have_text(web_modules.catalog("en")["chat_unsent"])
    expect(writer.get_by_test_id("chat-text").filter(has_text="lost on the way")).to_have_count(0)


def test_a_line_lost_goes_before_what_was_written_since(pages: Pages, server: Server) -> None:
    """What the user wrote after sending a line the connection lost is kept: the lost line is put
    before it in the field, neither dropped."""
    writer, caught = lobby_line_caught(pages, "lost-line-typed-en", "first")
    field = writer.get_by_test_id("chat-input")
    field.fill("second")
    caught[0].close()
    expect(field).to_have_value("first second")


def test_a_seats_line_lost_with_its_connection_is_back_in_the_field(pages: Pages, server: Server) -> None:
    """At the table too (a guest's seat, its players' room): the line lost with the connection is
    back in the field, and sent again once the page is connected again, it shows once."""
    strings = web_modules.catalog("en")
    ann = person(pages, "lost-seat-en", "en")
    table = new_table(ann)["table"]
    seat_at(ann, table, 0, "ann")
    caught = swallow_a_line(ann)
    ann.goto(f"/#/t/{table}")
    connection = ann.get_by_test_id("connection")
    expect(ann.get_by_test_id("chat")).to_contain_text(strings["chat_none"])
    expect(connection).to_have_count(0)
    field = ann.get_by_test_id("chat-input")
    field.fill("lost at the table")
    ann.get_by_test_id("chat-send").click()
    expect(field).to_have_value("")
    caught[0].close()
    expect(field).to_have_value("lost at the table")
    expect(ann.get_by_test_id("chat-error")).to_have_text(strings["chat_unsent"])
    expect(connection).to_have_count(0)
    say(ann, "lost at the table")
    expect(ann.get_by_test_id("chat-text")).to_have_text(["lost at the table"])


def test_a_reports_refusal_leaves_the_line_in_flight_alone(pages: Pages, server: Server) -> None:
    """A report refused (too many) while a line is on its way: the refusal shows, the line stays
    sent (it was put back in the field, though the server may have it, when reports and lines
    shared their refusal)."""
    writer, caught = lobby_line_caught(pages, "report-limit-en", "on its way")
    refusal = {"type": "error", "code": "chat_report_rate_limited", "params": {"seconds": 7}}
    caught[0].send(json.dumps(refusal))
    error = writer.get_by_test_id("chat-error")
    said = fill(web_modules.catalog("en")["chat_report_rate_limited"], seconds="7")
    expect(error).to_have_text(said[0].upper() + said[1:])  # as a sentence
    expect(writer.get_by_test_id("chat-input")).to_have_value("")


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_moderator_reads_the_reports_on_the_account_page(pages: Pages, server: Server, lang: str) -> None:
    """A line reported in the lobby is on the moderator's account page (not on another's), with its
    sender, as text; the moderator deletes it there, then bans its sender, who can't sign in."""
    moderator = person(pages, f"reports-mod-{lang}", lang, 390, 844)
    writer = person(pages, f"reports-writer-{lang}", lang)
    names = (f"reports_mod_{lang}", f"reports_eve_{lang}")
    sign_up(moderator, names[0])
    sign_up(writer, names[1])
    grant_moderator(server, names[0])
    writer.reload()
    say(writer, XSS)
    moderator.reload()
    open_chat(moderator)
    line = moderator.get_by_test_id("chat-line").filter(has_text=names[1]).last
    line.get_by_test_id("chat-report").click()
    expect(line.get_by_test_id("chat-reported")).to_be_visible()
    writer.goto("/#/account")
    expect(writer.get_by_test_id("account-who")).to_be_visible()
    expect(writer.get_by_test_id("reports")).to_have_count(0)  # not a moderator
    writer.goto("/#/lobby")
    expect(writer.get_by_test_id("account-link")).to_have_text(names[1])
    moderator.goto("/#/account")
    report = moderator.get_by_test_id("report").first
    expect(report.get_by_test_id("report-text")).to_have_text(XSS)
    expect(report).to_contain_text(names[1])
    check_sizes(moderator, lang, f"reports-{lang}")
    report.get_by_test_id("report-delete").click()
    expect(report.get_by_test_id("report-deleted")).to_be_visible()
    report.get_by_test_id("report-ban").click()
    report.get_by_test_id("report-ban-confirm").click()
    expect(moderator.get_by_role("alert")).to_have_count(0)
    refused = server.post("/account/login", {"username": names[1], "password": PASSWORD}, status=403)
    assert refused["error"]["code"] == "banned"
    # the banned page's header no longer names the account (its session ended with the ban)
    expect(writer.get_by_test_id("account-link")).to_have_text(web_modules.catalog(lang)["account_sign_in"])
    moderator.screenshot(path=str(artifact(f"reports-{lang}-390x844.png")), full_page=True)


def test_a_mute_says_how_many_lines_it_hides_in_turkish(pages: Pages, server: Server) -> None:
    """Bob mutes Ann, whose lines were all there was: the panel says how many of her lines it hides
    ("Henüz mesaj yok." was a lie) and "Unmute all" stands apart from the count (the tester read
    "Susturulan oyuncular: 1Hepsinin sesini aç")."""
    strings = web_modules.catalog("tr")
    ann = person(pages, "mute-ann-tr", "tr")
    bob = person(pages, "mute-bob-tr", "tr", 390, 844)
    created = new_table(ann)
    table = created["table"]
    seat_at(ann, table, 0, "Ayşe")
    seat_at(bob, table, 1, "Mehmet")
    ann.evaluate(
        """async ([table, token]) => (await import("/static/js/api.js")).api.start(table, token)""",
        [table, created["owner_token"]],
    )
    for page in (ann, bob):
        page.goto(f"/#/t/{table}")
        expect(page.get_by_test_id("rack")).to_be_visible()
    open_chat(bob)
    say(ann, "selam")
    say(ann, "nasılsınız")
    expect(bob.get_by_test_id("chat-text")).to_have_count(2)
    bob.get_by_test_id("chat-mute").first.click()
    expect(bob.get_by_test_id("chat-text")).to_have_count(0)
    said = strings["chat_muted"].replace("{n}", "1").replace("{lines}", "2")
    muted = bob.get_by_test_id("chat-muted")
    expect(muted).to_have_text(f"{said} {strings['chat_unmute']}")
    expect(bob.get_by_test_id("chat")).not_to_contain_text(strings["chat_none"])
    muted.scroll_into_view_if_needed()
    bob.screenshot(path=str(artifact("chat-muted-tr-390x844.png")))
    bob.get_by_test_id("chat-unmute").click()
    expect(bob.get_by_test_id("chat-text")).to_have_text(["selam", "nasılsınız"])
    expect(muted).to_have_count(0)


@pytest.mark.parametrize(("lang", "folded_arrow"), [("en", "\u25b8"), ("fa", "\u25c2")])
def test_the_chats_fold_button_is_named_without_its_arrow(
    pages: Pages, server: Server, lang: str, folded_arrow: str
) -> None:
    """The lobby's chat on a phone, folded then open: the button's accessible name is the chat's
    name alone (the arrow drawn after it was read as part of it, "Lobby chat ▸"), and the folded
    arrow points along the line: leftwards in Persian (it pointed right, away from the text)."""
    strings = web_modules.catalog(lang)
    page = person(pages, f"chat-fold-{lang}", lang, 390, 844)
    toggle = page.get_by_test_id("chat-toggle")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(toggle).to_have_accessible_name(strings["chat_lobby"])
    arrow = "(el) => getComputedStyle(el, '::after').content"
    assert folded_arrow in toggle.evaluate(arrow), toggle.evaluate(arrow)
    open_chat(page)
    expect(toggle).to_have_accessible_name(strings["chat_lobby"])
