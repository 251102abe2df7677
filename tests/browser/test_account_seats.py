"""A signed-in person's seat in the browser: sitting down with the header's name left empty takes
the account's username (not the page's word for "Player"), and the account takes its seat back,
rack and all, in a browser that keeps nothing of it but the sign-in (another phone, a cleared
browser), while a guest opening the same table only watches."""

from __future__ import annotations

from urllib.parse import quote

from browser_support import Pages, artifact
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


def test_a_guest_invited_to_a_rated_table_signs_up_and_is_brought_back_to_the_seat(
    pages: Pages, server: Server
) -> None:
    """A rated table's seat is an account's: a guest opening its invite is told to sign in, and the
    refusal's link to the account page (and the header's) brings it back to the invite once signed
    up (the tester's: it stayed on the account page, the invite's address lost to anyone who
    doesn't think of Back)."""
    seats = [{"kind": "bot", "level": "greedy"}, {"kind": "person"}]
    body = {"variant": "okey_101", "options": {"players": 2, "rounds": 1}, "seats": seats, "rated": True}
    table = server.post("/tables", body, status=201)["table"]
    guest = person(pages, "rated-invite", "tr-TR")
    guest.goto(f"/#/t/{table}/seat/2")
    guest.get_by_test_id("waiting-seat-1").get_by_role("button").click()
    expect(guest.get_by_test_id("error")).to_be_visible()
    pages.errors.clear()  # the refused join (403), which the page reported
    invite = quote(f"#/t/{table}/seat/2", safe="")
    expect(guest.get_by_test_id("account-link")).to_have_attribute("href", f"#/account?back={invite}")
    guest.screenshot(path=str(artifact("rated-invite-refused-tr.png")))
    guest.get_by_test_id("error-sign-in").click()  # the refusal's own link, as the header's
    fill(guest, "sign-up", username="zehra", password=PASSWORD)
    expect(guest).to_have_url(f"{server.base}/#/t/{table}/seat/2")
    guest.get_by_test_id("waiting-seat-1").get_by_role("button").click()
    expect(guest.get_by_test_id("waiting-name-1")).to_have_text("zehra")
    # the account page opened from the lobby stays where it is after a sign-in
    guest.goto("/#/")
    guest.get_by_test_id("account-link").click()
    expect(guest).to_have_url(f"{server.base}/#/account")
    guest.get_by_test_id("sign-out").click()
    fill(guest, "sign-in", username="zehra", password=PASSWORD)
    expect(guest.get_by_test_id("account-who")).to_contain_text("zehra")
    expect(guest).to_have_url(f"{server.base}/#/account")
    # and an address of another site as `back` is no place to go
    guest.get_by_test_id("sign-out").click()
    guest.goto("/#/account?back=https%3A%2F%2Fevil.example%2F")
    fill(guest, "sign-in", username="zehra", password=PASSWORD)
    expect(guest.get_by_test_id("account-who")).to_contain_text("zehra")
    expect(guest).to_have_url(f"{server.base}/#/account?back=https%3A%2F%2Fevil.example%2F")
