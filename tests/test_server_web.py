"""The server's parts for the browser client, against a real server process: the page and its
static files (and their size), ``GET /variants``, and the ``rack``, ``hint`` and ``scores``
WebSocket messages computed by the seat session."""

from __future__ import annotations

import dataclasses
import json
import random
import re
import time
from importlib import resources
from pathlib import Path
from typing import Any

import httpx
import pytest
import rcssmin

import web_modules
from rummykit.core.notation import format_face
from rummykit.core.pieces import N_FACES, Kind
from rummykit.engine.option_help import OPTION_HELP, OPTION_HELP_BY_VARIANT, PREFIX
from rummykit.engine.options import rules_dict
from rummykit.messages import CATALOG
from rummykit.server.assist import pack_rows
from rummykit.server.webfiles import served
from rummykit.session import Rack
from rummykit.variants.registry import VARIANTS, variant
from test_server_support import SeatClient, Server, make_table, running, sqlite_url

WEB = Path(str(resources.files("rummykit") / "web"))
PAGE_LIMIT = 300_000
"""What a page loads on its heaviest route in its heaviest language (HTML, CSS, icon, the scripts of
the route, the language's catalogs: ``web_modules.route_files``), bytes uncompressed (what the
phone parses): room for the next features of a table, not for every route's scripts on every page
(see docs/web.md). It was 240,000 until a table got motion, sound, its settings, the turn clock,
the count of seen tiles, the rules link (issue 28) and the chat (issue 27), which took
Carousel's table in Thai to 266.3 kB; since then the server compresses what it sends, and
:data:`TRANSFER_LIMIT` bounds what crosses the network."""
TRANSFER_LIMIT = 100_000
"""What the heaviest route's files weigh as the server sends them to a browser that takes gzip,
bytes (a phone on a slow network pays these): Carousel's table in Thai, 87.5 kB."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    with running(sqlite_url(tmp_path_factory.mktemp("web"))) as started:
        yield started


def ask(client: SeatClient, message: dict[str, Any], answer: str) -> dict[str, Any]:
    """Send ``message``; the next message of type ``answer`` or ``error``."""
    client.send(message)
    while True:
        got = client.recv()
        if got["type"] in (answer, "error"):
            return got


def ask_patiently(client: SeatClient, message: dict[str, Any], answer: str) -> dict[str, Any]:
    """As :func:`ask`, sending ``message`` again after the wait a ``rate_limited`` refusal asks."""
    while (got := ask(client, message, answer)).get("code") == "rate_limited":
        time.sleep(got["params"]["retry_ms"] / 1000)
    return got


def test_the_page_its_files_and_their_size(server: Server) -> None:
    page = server.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "importmap" in page.text and 'src="/static/js/main.js"' in page.text
    paths = re.findall(r'"(/static/[^"]+)"', page.text)
    modules = sorted(p.relative_to(WEB) for p in (WEB / "js").rglob("*.js"))
    paths += [f"/static/{m.as_posix()}" for m in modules] + [
        "/static/i18n/en.json",
        "/static/i18n/fa.json",
        "/static/i18n/fa/okey_101.json",
        "/static/i18n/th/rules.json",
    ]
    for path in paths:
        assert server.get(path).status_code == 200, path
    for module in modules:
        for imported in re.findall(r'from "(\.{1,2}/[^"]+)"', (WEB / module).read_text("utf-8")):
            assert ((WEB / module).parent / imported).is_file(), (module, imported)
    assert server.get("/static/nothing.js").status_code == 404
    info = server.get("/api").json()
    assert info["name"] == "rummykit" and info["protocol"] == 1
    # every dynamic import is a route's (web_modules.ROUTES) or a table's part shown later
    # (web_modules.PARTS), and every route's module and every part is one
    assert web_modules.dynamic_targets() == {
        (WEB / "js" / name).resolve() for names in web_modules.ROUTES.values() for name in names
    } | {(WEB / "js" / name).resolve() for name in web_modules.PARTS}
    languages = [p.stem for p in (WEB / "i18n").glob("*.json")]
    weights = {
        (route, lang): web_modules.weight(web_modules.route_files(route, lang))
        for route in web_modules.ROUTES
        for lang in languages
    }
    heaviest = max(weights, key=weights.__getitem__)
    for route in web_modules.ROUTES:  # shown with -s, or when the limit is reached
        print(f"{route:28}", " ".join(f"{lang} {weights[route, lang] / 1000:.1f} kB" for lang in languages))
    assert weights[heaviest] < PAGE_LIMIT, (heaviest, weights[heaviest])
    sent = {"gzip": 0, "br": 0}
    for encoding in sent:
        for path in web_modules.route_files(*heaviest):
            url = f"{server.base}/static/{path.relative_to(WEB).as_posix()}"
            with httpx.stream("GET", url, headers={"accept-encoding": encoding}) as response:
                assert response.status_code == 200, path
                if len(served(path)) >= 1000:  # smaller files may not be worth compressing
                    assert response.headers["content-encoding"] == encoding, path
                sent[encoding] += sum(len(chunk) for chunk in response.iter_raw())
    print(f"{heaviest}: {sent['gzip'] / 1000:.1f} kB sent with gzip, {sent['br'] / 1000:.1f} kB with brotli")
    assert sent["br"] < sent["gzip"] < TRANSFER_LIMIT, (heaviest, sent)
    for vendored in ("preact", "htm"):
        assert (WEB / "vendor" / vendored / "LICENSE").is_file()


def test_variants_list_every_option_from_the_rules_types(server: Server) -> None:
    listed = {v["variant"]: v for v in server.get("/variants").json()["variants"]}
    assert set(listed) == set(VARIANTS)
    for name, info in VARIANTS.items():
        defaults = rules_dict(info.load_rules())
        options = listed[name]["options"]
        assert [o["name"] for o in options] == [f.name for f in dataclasses.fields(info.rules_type)]
        assert listed[name]["pieces"] == info.kind.name.lower()
        for option in options:
            assert option["default"] == defaults[option["name"]]
            assert option["help"] in CATALOG
            own = OPTION_HELP_BY_VARIANT.get(name, {})
            assert (
                option["help"] == (f"{name}." if option["name"] in own else "") + f"{PREFIX}{option['name']}"
            )
            if option["type"] == "choice":
                assert option["default"] in option["values"] or option["nullable"]
                assert set(option["value_help"]) == {str(v) for v in option["values"]}
                assert all(code.removeprefix(PREFIX) in OPTION_HELP for code in option["value_help"].values())
    for name, own in OPTION_HELP_BY_VARIANT.items():
        assert set(own) <= {o["name"] for o in listed[name]["options"]}, name
    okey = {o["name"]: o for o in listed["okey"]["options"]}
    assert (
        okey["rounds"]["type"] == "int" and okey["rounds"]["nullable"] and okey["rounds"]["default"] is None
    )
    assert okey["direction"]["values"] == ["ccw", "cw"] and okey["allow_13_1"]["type"] == "bool"
    turkish = listed["turkish_rummy"]["options"]
    values = {o["name"]: o["values"][-1] for o in turkish if o["type"] == "choice"}
    created = server.post(
        "/tables",
        {"variant": "turkish_rummy", "options": values, "seats": [{"kind": "bot"}] * 4},
        status=201,
    )
    assert created["rules"] == {**rules_dict(variant("turkish_rummy").load_rules()), **values}


def test_pack_rows_keeps_each_group_on_one_row() -> None:
    slots: list[int | None] = [
        1,
        2,
        3,
        None,
        4,
        5,
        6,
        7,
        None,
        8,
        9,
        None,
        10,
        11,
        12,
        None,
        13,
        None,
        None,
        None,
    ]
    packed = pack_rows(slots, 2)
    assert packed == [1, 2, 3, None, 4, 5, 6, 7, None, None, 8, 9, None, 10, 11, 12, None, 13, None, None]
    assert [f for f in packed if f is not None] == [f for f in slots if f is not None]
    crowded: list[int | None] = [*range(1, 8), None, *range(8, 13), None]
    assert pack_rows(crowded, 2) == [*range(1, 8), *range(8, 13), None, None]


def test_rack_follows_the_hand_moves_and_arranges_like_the_seat_session(server: Server) -> None:
    created, (token,) = make_table(server, options={"rounds": 1})
    client = SeatClient(server, created["table"], 0, token)
    state = client.until("sync")
    hand, round_no = state["observation"]["hand"], state["observation"]["round"]
    blank: list[int | None] = [None] * 28
    first = ask(client, {"type": "rack", "slots": blank, "rows": 2, "round": None}, "rack")
    expected = Rack(Kind.TILES, 28)
    expected.sync(hand, round_no)
    assert first["slots"] == expected.slots and first["arrived"] == [] and first["round"] == round_no
    assert first["game"] == state["game"] and isinstance(first["v"], int)

    moved = ask(
        client,
        {"type": "rack", "slots": first["slots"], "rows": 2, "round": round_no, "move": [0, 27]},
        "rack",
    )
    assert moved["slots"] == [None, *first["slots"][1:27], first["slots"][0]]
    shifted = ask(
        client,
        {"type": "rack", "slots": moved["slots"], "rows": 2, "round": round_no, "move": [27, 1]},
        "rack",
    )
    # onto a piece of the first row, whose only gap is on its left: the row makes room there, within
    # itself (nothing spills into the second row)
    assert shifted["slots"][1] == first["slots"][0] and shifted["slots"][0] == first["slots"][1]
    assert shifted["slots"][2:27] == moved["slots"][2:27]
    assert sorted(f for f in moved["slots"] if f is not None) == sorted(hand)

    runs = ask(
        client, {"type": "rack", "slots": moved["slots"], "rows": 2, "round": round_no, "by": "runs"}, "rack"
    )
    assert sorted(f for f in runs["slots"] if f is not None) == sorted(hand)
    for start, end in runs["groups"]:
        assert start // 14 == (end - 1) // 14 and None not in runs["slots"][start:end]

    stale = [*first["slots"]]
    stale[stale.index(hand[0])] = None
    stale[-1] = max(set(range(N_FACES)) - set(hand))
    fixed = ask(client, {"type": "rack", "slots": stale, "rows": 2, "round": round_no}, "rack")
    assert sorted(f for f in fixed["slots"] if f is not None) == sorted(hand)
    assert fixed["arrived"] == [hand[0]]

    refusals: list[tuple[dict[str, Any], str]] = [
        ({"slots": blank[:3], "rows": 1}, "bad_rack"),
        ({"slots": blank, "rows": 3}, "bad_rack"),
        ({"slots": [99] * 28}, "bad_rack"),
        ({"slots": blank, "by": "colour"}, "bad_rack"),
        ({"slots": blank, "move": [0]}, "bad_rack"),
        ({"slots": first["slots"], "round": round_no, "move": [0, 28]}, "rack_no_position"),
        ({"slots": first["slots"], "round": round_no, "move": [27, 0]}, "rack_empty_position"),
    ]
    for extra, code in refusals:
        assert ask(client, {"type": "rack", **extra}, "rack")["code"] == code, extra
    client.close()

    spectator = SeatClient(server, created["table"], None, None)
    assert ask(spectator, {"type": "rack", "slots": blank}, "rack")["code"] == "spectator"
    spectator.close()


def test_a_seats_other_connections_get_its_new_rack_order(server: Server) -> None:
    created, (token,) = make_table(server, options={"rounds": 1})
    first = SeatClient(server, created["table"], 0, token)
    second = SeatClient(server, created["table"], 0, token)
    spectator = SeatClient(server, created["table"], None, None)
    for client in (first, second, spectator):
        client.until("sync")
    round_no = first.state["observation"]["round"] if first.state else None
    blank: list[int | None] = [None] * 28
    sorted_rack = ask(first, {"type": "rack", "slots": blank, "rows": 2, "round": None}, "rack")
    moved = ask(
        first,
        {"type": "rack", "slots": sorted_rack["slots"], "rows": 2, "round": round_no, "move": [0, 27]},
        "rack",
    )
    assert "elsewhere" not in moved
    echoes = [second.until("rack"), second.until("rack")]
    assert [e["slots"] for e in echoes] == [sorted_rack["slots"], moved["slots"]]
    assert all(e["elsewhere"] is True and e["arrived"] == [] for e in echoes)
    assert echoes[-1]["game"] == moved["game"] and echoes[-1]["round"] == round_no
    # a refused rack message is echoed to nobody, and spectators never get a seat's rack
    assert ask(second, {"type": "rack", "slots": blank, "rows": 3}, "rack")["code"] == "bad_rack"
    first.drain(0.3)
    spectator.drain(0.3)
    assert not [m for m in first.received if m.get("elsewhere")]
    assert not [m for m in spectator.received if m["type"] == "rack"]
    for client in (first, second, spectator):
        client.close()


def test_new_pieces_land_in_a_free_slot(server: Server) -> None:
    created, (token,) = make_table(server, options={"rounds": 1})
    client = SeatClient(server, created["table"], 0, token)
    state = client.wait_turn_or_end()
    round_no = state["observation"]["round"]
    blank: list[int | None] = [None] * 28
    rack = ask(client, {"type": "rack", "slots": blank, "rows": 2, "round": None}, "rack")
    texts = [choice["text"] for choice in state["legal"]]
    if "draw" not in texts:
        discard = next(t for t in texts if t.startswith("discard"))
        assert client.act(discard, "d0")["type"] == "ack"
        state = client.wait_turn_or_end()
        rack = ask(client, {"type": "rack", "slots": rack["slots"], "rows": 2, "round": round_no}, "rack")
    assert client.act("draw", "d1")["type"] == "ack"
    after = client.state
    assert after is not None
    grown = ask(client, {"type": "rack", "slots": rack["slots"], "rows": 2, "round": round_no}, "rack")
    (new,) = grown["arrived"]
    last = max(i for i, f in enumerate(rack["slots"]) if f is not None)
    assert grown["slots"][last + 1] == new and grown["slots"][: last + 1] == rack["slots"][: last + 1]
    client.close()


def test_hints_on_the_seats_turn_only_and_only_where_allowed(server: Server) -> None:
    created, (token,) = make_table(server, options={"rounds": 1})
    client = SeatClient(server, created["table"], 0, token)
    state = client.wait_turn_or_end()
    answer = ask(client, {"type": "hint"}, "hint")
    assert answer["type"] == "hint", answer
    hint = answer["hint"]
    texts = [choice["text"] for choice in state["legal"]]
    assert hint["move"] in ("take_to_finish", "take", "draw", "pass", "finish", "discard")
    if hint["move"] in ("finish", "discard"):
        assert f"{hint['move']} {hint['piece']}" in texts
    elif hint["move"] in ("draw", "pass"):
        assert hint["move"] in texts
    else:
        assert "take" in texts
    held = sum(len(m) for m in hint["arrangement"]["melds"]) + len(hint["arrangement"]["out"])
    assert held in (len(state["observation"]["hand"]), len(state["observation"]["hand"]) - 1)
    assert client.act(next(t for t in texts if t.startswith("discard") or t == "draw"), "h1")["type"] == "ack"
    if not client.my_turn():
        assert ask(client, {"type": "hint"}, "hint")["code"] == "no_hint"
    client.close()

    created, (token,) = make_table(server, options={"rounds": 1}, hints=False)
    client = SeatClient(server, created["table"], 0, token)
    client.wait_turn_or_end()
    assert ask(client, {"type": "hint"}, "hint")["code"] == "hints_off"
    client.close()
    assert server.post("/tables", {"variant": "okey", "seats": [{"kind": "bot"}] * 4, "hints": 1}, status=400)


def test_the_score_sheet_lists_every_round(server: Server) -> None:
    created, (token,) = make_table(server, options={"rounds": 1}, turn_seconds=None)
    client = SeatClient(server, created["table"], 0, token)
    client.until("sync")
    assert ask(client, {"type": "scores"}, "scores")["rounds"] == []
    last = client.play_to_end(random.Random(3))
    sheet = ask(client, {"type": "scores"}, "scores")
    (only,) = sheet["rounds"]
    result = last["observation"]["last_result"]
    assert only["deltas"] == result["deltas"] and only["round"] == 1 and only["notes"] == result["notes"]
    assert "hands" not in only
    client.close()
    spectator = SeatClient(server, created["table"], None, None)
    assert ask(spectator, {"type": "scores"}, "scores")["rounds"] == sheet["rounds"]
    spectator.close()


def test_carousel_seats_get_scores_hints_and_the_draft_checked_but_no_rack(server: Server) -> None:
    created, (token,) = make_table(server, variant="carousel", options={"players": 2})
    client = SeatClient(server, created["table"], 0, token)
    sync = client.until("sync")
    entry = sync["carousel"]
    assert entry["points"] is not None and len(entry["melds"]) == len(sync["observation"]["draft"]["melds"])
    assert ask(client, {"type": "scores"}, "scores")["rounds"] == []
    answer = ask(client, {"type": "rack", "slots": [None] * 28, "rows": 2}, "rack")
    assert answer["code"] == "unsupported" and answer["params"] == {"feature": "rack", "variant": "carousel"}
    hint = ask_patiently(client, {"type": "hint"}, "hint")
    if sync["observation"]["to_move"] == 0:
        assert hint["hint"]["move"] == "carousel"
    else:
        assert hint["code"] == "no_hint"
    client.close()
    assert json.loads(json.dumps(answer))


def test_kalooki_rack_hint_scores_and_opening(server: Server) -> None:
    """A Kalooki seat's rack is kept and arranged, its hint is the greedy bot's legal move with the
    best melds toward the opening, every meld it may lay says the opening total it would make, and
    the score sheet lists the round."""
    created, (token,) = make_table(server, variant="kalooki", options={"players": 2, "match": "single_round"})
    client = SeatClient(server, created["table"], 0, token)
    view = client.until("sync")
    hand = view["observation"]["hand"]
    rack = ask(client, {"type": "rack", "slots": [None] * 28, "rows": 2, "round": None, "by": "runs"}, "rack")
    assert sorted(f for f in rack["slots"] if f is not None) == sorted(hand)
    seen_opening = False
    while not (view := client.wait_turn_or_end())["over"]:
        answer = ask_patiently(client, {"type": "hint"}, "hint")
        assert answer["type"] == "hint", answer
        hint = answer["hint"]
        assert hint["move"] == "kalooki" and hint["action"] in [e["text"] for e in view["legal"]]
        assert hint["open_min"] == 51 and hint["verb"] == hint["action"].split()[0]
        assert move_text(hint["verb"], hint["params"], view["observation"]["discards"]) == hint["action"]
        opening = view["opening"]
        melds = [e for e in view["legal"] if e["text"].startswith("meld ")]
        if opening is None:
            assert view["seat"] in view["observation"]["opened"]
            assert all("opening" not in e for e in melds)
        else:
            assert opening["min"] == 51 and hint["laid"] == opening["laid"]
            # each meld's own value, and the opening total with it: the value added to the laid
            assert all(e["opening"] == opening["laid"] + e["value"] and e["value"] > 0 for e in melds)
            seen_opening = seen_opening or bool(melds)
        assert client.act(hint["action"], f"k{view['v']}")["type"] == "ack"
    assert seen_opening
    sheet = ask_patiently(client, {"type": "scores"}, "scores")
    assert sheet["rounds"][0]["deltas"] == view["observation"]["last_result"]["deltas"]
    client.close()


def move_text(verb: str, params: dict[str, Any], discards: list[int]) -> str:
    """A Kalooki hint's move written back from its ``params``: the action's text (``take`` names
    no card: its ``card`` is checked against the top of ``discards``)."""
    if verb == "meld":
        return "meld " + " | ".join(" ".join(meld) for meld in params["melds"])
    if verb in ("layoff", "release"):
        return " ".join([verb, str(params["number"]), *params["cards"]])
    if verb == "discard":
        return f"discard {params['card']}"
    if verb == "take":
        assert params == {"card": format_face(Kind.CARDS, discards[-1])}
        return verb
    assert params == {}
    return verb


@pytest.mark.parametrize(
    ("text", "takes", "params"),
    [
        ("draw", None, {}),
        ("take", 5, {"card": "6S"}),
        ("meld 5H 6H JK[7H]", None, {"melds": [["5H", "6H", "JK[7H]"]]}),
        ("meld QS KS AS | 7D 7H 7C", None, {"melds": [["QS", "KS", "AS"], ["7D", "7H", "7C"]]}),
        ("layoff 3 JK[9H]", None, {"number": 3, "cards": ["JK[9H]"]}),
        ("release 2 7D 7C", None, {"number": 2, "cards": ["7D", "7C"]}),
        ("retract", None, {}),
        ("discard 7H", None, {"card": "7H"}),
    ],
)
def test_kalooki_hint_params_name_each_part_of_the_move(
    text: str, takes: int | None, params: dict[str, Any]
) -> None:
    """A Kalooki hint's move in parts, for the page to word in its language; the parts write the
    move's text back."""
    from rummykit import load
    from rummykit.variants.kalooki.assist import kalooki_move_params

    action = load("kalooki").parse_action(text)
    assert kalooki_move_params(action, takes) == params
    assert move_text(text.split(maxsplit=1)[0], params, [0, 5]) == text


def test_kalooki_opening_values() -> None:
    """The opening total counts a joker as the card it stands for and an ace by its place."""
    from rummykit import load
    from rummykit.variants.kalooki.assist import kalooki_opening

    game = load("kalooki")
    observation = {"seat": 0, "opened": [], "pending": [1], "table": [{"number": 1, "value": 30}]}
    legal = [
        {"id": None, "text": "meld AH 2H JK[3H]"},
        {"id": None, "text": "meld QH KH AH"},
        {"id": None, "text": "meld AS AD JK"},
        {"id": 0, "text": "discard 7H"},
    ]
    actions = [game.parse_action(e["text"]) for e in legal]
    assert kalooki_opening(game, observation, legal, actions) == {"laid": 30, "min": 51}
    assert [e.get("opening") for e in legal] == [36, 61, 63, None]
    assert kalooki_opening(game, {**observation, "opened": [0]}, legal, actions) is None


def test_every_stylesheet_closes_what_it_opens() -> None:
    """Each stylesheet's blocks are balanced (a merge that drops a closing brace hides everything
    after it from the page, with no error anywhere)."""
    for sheet in WEB.rglob("*.css"):
        text = re.sub(r"/\*.*?\*/", "", sheet.read_text("utf-8"), flags=re.S)
        depth = 0
        for line, row in enumerate(text.splitlines(), 1):
            depth += row.count("{") - row.count("}")
            assert depth >= 0, (sheet.name, line)
        assert depth == 0, sheet.name


def test_files_go_compressed_as_the_browser_takes_them(server: Server) -> None:
    """A file goes with brotli to a browser that takes ``br``, else with gzip, else as it is
    (a weight of 0 refuses one), each the same bytes with an ETag of its own answered ``304``, and
    asked again at each use (``no-cache``: without it a browser kept a month-old script for days
    by its own guess, and ran old scripts against an upgraded server, the second tester's)."""
    path = WEB / "js" / "model.js"
    url = f"{server.base}/static/js/model.js"
    tags = set()
    for asked, encoding in (
        ("gzip, deflate, br", "br"),
        ("gzip, br;q=0", "gzip"),
        ("deflate, gzip;q=0.5", "gzip"),
        ("identity", None),
        ("*", "br"),
    ):
        got = httpx.get(url, headers={"accept-encoding": asked}, timeout=10)
        assert got.status_code == 200 and got.headers.get("content-encoding") == encoding, asked
        assert got.content == path.read_bytes() and "Accept-Encoding" in got.headers["vary"], asked
        assert got.headers["content-type"].split(";")[0] in ("text/javascript", "application/javascript")
        again = httpx.get(
            url, headers={"accept-encoding": asked, "if-none-match": got.headers["etag"]}, timeout=10
        )
        assert again.status_code == 304 and not again.content, asked
        assert got.headers["cache-control"] == again.headers["cache-control"] == "no-cache", asked
        tags.add((encoding, got.headers["etag"]))
    assert len({tag for _, tag in tags}) == len({encoding for encoding, _ in tags}) == 3


def test_stylesheets_go_minified_and_the_rest_as_it_is(server: Server) -> None:
    """Each stylesheet is sent without its comments and needless spaces (rcssmin, made once at
    start-up: the sources keep theirs), a fifth smaller at least, its ETag answered ``304`` when the
    browser's copy is current; scripts, catalogs and the page go as they lie in the package."""
    sheets = sorted(WEB.rglob("*.css"))
    assert sheets
    for sheet in sheets:
        source = sheet.read_text("utf-8")
        got = server.get(f"/static/{sheet.relative_to(WEB).as_posix()}")
        assert got.status_code == 200 and got.headers["content-type"].startswith("text/css"), sheet
        assert got.content == rcssmin.cssmin(source).encode("utf-8") == served(sheet), sheet
        assert "/*" not in got.text and len(got.content) < 0.8 * len(source.encode("utf-8")), sheet
        again = httpx.get(str(got.url), headers={"if-none-match": got.headers["etag"]}, timeout=10)
        assert again.status_code == 304 and not again.content, sheet
    for path in (
        WEB / "js" / "board.js",
        WEB / "i18n" / "th.json",
        WEB / "vendor" / "preact" / "preact.module.js",
    ):
        assert (
            server.get(f"/static/{path.relative_to(WEB).as_posix()}").content
            == path.read_bytes()
            == served(path)
        )
