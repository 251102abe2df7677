"""A signed-in person's seat in the browser: sitting down with the header's name left empty takes
the account's username (not the page's word for "Player"), and the account takes its seat back,
rack and all, in a browser that keeps nothing of it but the sign-in (another phone, a cleared
browser), while a guest opening the same table only watches."""

from __future__ import annotations

from browser_support import Pages
from playwright.sync_api import expect
from test_account_page import PASSWORD, fill, person

from test_server_support import Server


def test_an_account_sits_as_its_username_and_takes_its_seat_back(pages: Pages, server: Server) -> None:
    phone = person(pages, "account-seat-phone", "tr-TR")
    phone.goto("/#/account")
    fill(phone, "sign-up", username="mehmet", password=PASSWORD)
    expect(phone.get_by_test_id("account-who")).to_contain_text("mehmet")
    seats = [{"kind": "bot", "level": "greedy"}, {"kind": "person"}, {"kind": "bot"}, {"kind": "bot"}]
    body = {"variant": "okey", "options": {"rounds": 1}, "seats": seats, "bot_delay": 1, "grace_seconds": 600}
    created = server.post("/tables", body, status=201)
    table = created["table"]
    phone.goto(f"/#/t/{table}/seat/2")
    expect(phone.get_by_test_id("display-name")).to_have_value("")
    phone.get_by_test_id("waiting-seat-1").get_by_role("button").click()
    expect(phone.get_by_test_id("waiting-name-1")).to_have_text("mehmet")
    assert server.get(f"/tables/{table}").json()["seats"][1]["name"] == "mehmet"
    server.post(f"/tables/{table}/start", {"token": created["owner_token"]})
    expect(phone.get_by_test_id("rack")).to_be_visible()

    # another device, signed in as mehmet and nothing else: its rack, not a spectator's view
    session = [c for c in phone.context.cookies() if c["name"] == "rummykit_session"]
    other = person(pages, "account-seat-other", "tr-TR")
    other.context.add_cookies(session)  # type: ignore[arg-type]
    other.goto(f"/#/t/{table}")
    expect(other.get_by_test_id("rack")).to_be_visible()
    expect(other.get_by_test_id("watching")).to_have_count(0)
    assert server.get(f"/tables/{table}").json()["seats"][1]["connected"] is True

    # a guest opening the table watches
    guest = person(pages, "account-seat-guest", "tr-TR")
    guest.goto(f"/#/t/{table}")
    expect(guest.get_by_test_id("watching")).to_be_visible()
    expect(guest.get_by_test_id("rack")).to_have_count(0)
