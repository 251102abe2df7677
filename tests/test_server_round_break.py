"""The break between rounds over the real server (``round_break_seconds``): after the action that
ends a round the next round is dealt at once, but no automatic move is made before the break is
over: a person's turn timer runs break + ``turn_seconds`` from the round's end, a bot waits the
break out; the round-ending ``state`` message says how long the break is; 0 turns it off; a bad
value is refused. Two-seat Okey of two rounds whose people play the greedy bot's moves, so the
first round ends within a few dozen actions. When each action happened is read from the server's
own database (``actions.created``)."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from rummykit.server.bots import choose
from rummykit.server.table import TableOptions
from test_server_support import SeatClient, Server, make_table, play_first_round, running, sqlite_url

OKEY = {"players": 2, "rounds": 2}
"""Two seats, two rounds: the first round's end is not the match's."""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Path]]:
    """The server and its SQLite database file."""
    url = sqlite_url(tmp_path_factory.mktemp("round-break"))
    with running(url) as started:
        yield started, Path(url.removeprefix("sqlite:///"))


def actions_after(db: Path, game: str, version: int) -> list[tuple[int, int, str, float]]:
    """The stored actions ``(idx, seat, cause, created)`` of ``game`` from the one that made
    ``version`` on (``idx`` = version - 1)."""
    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "SELECT idx, seat, cause, created FROM actions WHERE game_id = ? AND idx >= ? ORDER BY idx",
            (game, version - 1),
        ).fetchall()
    return [(int(i), int(s), str(c), float(t)) for i, s, c, t in rows]


@pytest.mark.parametrize("pause", [1.5, 0])
def test_the_turn_timer_of_the_next_round_starts_after_the_break(
    served: tuple[Server, Path], pause: float
) -> None:
    server, db = served
    created, tokens = make_table(server, options=OKEY, persons=2, turn_seconds=1, round_break_seconds=pause)
    table = created["table"]
    clients = [SeatClient(server, table, seat, token) for seat, token in enumerate(tokens)]
    dealt = play_first_round(server, table, clients)
    assert dealt["break_left"] == pytest.approx(pause, abs=0.2) and dealt["break_left"] <= pause
    # nobody acts in the second round: the seat to move loses its turn to the default move
    first = clients[0]
    timed_out = first.recv()
    while timed_out["type"] != "state" or not any(n["code"] == "timed_out" for n in timed_out["notices"]):
        timed_out = first.recv()
    assert timed_out["v"] == dealt["v"] + 1, "the first action of the new round is the default move"
    assert timed_out["played"]["seat"] == dealt["observation"]["to_move"]
    end, after = actions_after(db, dealt["game"], dealt["v"])[:2]
    assert after[2] == "timeout"
    waited = after[3] - end[3]
    assert waited >= pause + 1, "the default move came before the break and the turn were over"
    if pause == 0:
        # no break: the timer starts at the round's end (the default break would add 10 s)
        assert waited < TableOptions.round_break_seconds + 1
    # a client back after the break gets the missed round end with no break left
    back = SeatClient(server, table, 1, tokens[1], v=dealt["v"] - 1, game=dealt["game"])
    missed = back.next_game_message()
    assert missed["type"] == "state" and missed["v"] == dealt["v"] and missed["break_left"] == 0
    back.close()
    for client in clients:
        client.close()


def test_a_bot_waits_the_break_out(served: tuple[Server, Path]) -> None:
    server, db = served
    created, (token,) = make_table(server, options=OKEY, round_break_seconds=1.5)
    table = created["table"]
    person = SeatClient(server, table, 0, token)
    dealt = play_first_round(server, table, [person])
    assert dealt["break_left"] == pytest.approx(1.5, abs=0.2)
    # the person plays on at once (a person may act during the break): the bot still waits
    rules = json.dumps(server.get(f"/tables/{table}").json()["rules"], sort_keys=True)
    state, n = person.state, 0
    assert state is not None
    while state["v"] <= dealt["v"] or state["played"]["seat"] != 1:
        if person.my_turn():
            legal = [a["text"] for a in state["legal"]]
            n += 1
            text = choose("okey", rules, "greedy", state["observation"], legal)
            assert person.act(text, f"r2-{n}")["type"] == "ack"
        else:
            person.recv()
        assert person.state is not None
        state = person.state
    end, *later = actions_after(db, dealt["game"], dealt["v"])
    bot = next(row for row in later if row[1] == 1)
    assert bot[2] == "bot" and bot[3] - end[3] >= 1.5
    person.close()


@pytest.mark.parametrize("bad", [-1, 601, "10", True, None])
def test_a_bad_break_is_refused(served: tuple[Server, Path], bad: object) -> None:
    server, _ = served
    body = {"variant": "okey", "options": OKEY, "seats": [{"kind": "person"}] * 2, "round_break_seconds": bad}
    refused = server.post("/tables", body, status=400)["error"]
    assert refused["code"] == "bad_request"
    assert refused["params"]["reason"] == "round_break_seconds is a number of seconds from 0 to 600"


def test_a_client_back_mid_turn_is_told_the_time_the_turn_has_left(served: tuple[Server, Path]) -> None:
    server, _ = served
    created, tokens = make_table(server, options=OKEY, persons=2, turn_seconds=30, round_break_seconds=0)
    table = created["table"]
    clients = [SeatClient(server, table, seat, token) for seat, token in enumerate(tokens)]
    first = clients[0].until("sync")["observation"]["to_move"]
    opening = clients[first].wait_turn_or_end()  # the dealer's 15th piece: a discard to start
    assert clients[first].act(opening["legal"][0]["text"], "d1")["type"] == "ack"
    mover = 1 - first
    state = clients[mover].wait_turn_or_end()
    assert clients[mover].act("draw", "d2")["type"] == "ack"  # the turn goes on: the same timer
    time.sleep(2)
    fresh = SeatClient(server, table, mover, tokens[mover]).until("sync")
    assert fresh["v"] == state["v"] + 1 and 26 < fresh["turn_left"] <= 28.2
    back = SeatClient(server, table, mover, tokens[mover], v=state["v"], game=state["game"])
    missed = back.next_game_message()
    assert missed["v"] == state["v"] + 1 and 26 < missed["turn_left"] <= 28.2
    watcher = SeatClient(server, table, None, None).until("sync")
    assert 26 < watcher["turn_left"] <= 28.2
    untimed, untimed_tokens = make_table(server, options=OKEY, persons=2, round_break_seconds=0)
    assert SeatClient(server, untimed["table"], 0, untimed_tokens[0]).until("sync")["turn_left"] is None
    for client in [*clients, back]:
        client.close()
