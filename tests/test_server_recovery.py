"""Nothing lost: ``kill -9`` the server mid-game, start it again (or a second process against the
same PostgreSQL database), and the table resumes from the database, the client reconnects and
finishes, and the record replays with ``rummykit replay``."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from test_server_support import (
    RefusedError,
    SeatClient,
    Server,
    fresh_pg_url,
    make_table,
    needs_pg,
    reconnect,
    sqlite_url,
)


def play_some(client: SeatClient, rng: random.Random, moves: int) -> list[str]:
    """Play ``moves`` of the seat's actions; the texts acknowledged."""
    played = []
    for n in range(moves):
        state = client.wait_turn_or_end()
        if state["over"]:
            break
        text = rng.choice(state["legal"])["text"]
        assert client.act(text, f"k{n}")["type"] == "ack"
        played.append(text)
    return played


def finish_after_crash(first: Server, second: Server, tmp_path: Path) -> None:
    first.start()
    created, (token,) = make_table(first, options={"rounds": 1})
    table = created["table"]
    client = SeatClient(first, table, 0, token)
    rng = random.Random(3)
    played = play_some(client, rng, 6)
    assert client.state is not None
    game, seen = client.state["game"], client.state["v"]
    if second.proc is not None:
        try:
            SeatClient(second, table, 0, token).close()
            raise AssertionError("a second process took a table the first still runs")
        except RefusedError as exc:
            assert exc.args[0]["code"] == "table_unavailable"
    first.kill()
    client.close()
    if second.proc is None:
        second.start()
    back = reconnect(second, table, 0, token, v=seen, game=game)
    assert back.welcome["game"] == game and back.welcome["v"] >= seen
    if back.welcome["v"] == seen:
        back.state = client.state
    else:
        caught_up = back.next_game_message()
        assert caught_up["game"] == game and caught_up["v"] == seen + 1
    assert played and back.act("draw", "k0")["duplicate"] is True
    last = back.play_to_end(rng, prefix="after")
    back.close()
    record = second.get(last["record"], token=back.token)
    assert record.status_code == 200
    texts = [line for line in record.text.splitlines() if '"action"' in line]
    assert len(texts) == last["v"]
    path = tmp_path / "record.jsonl"
    path.write_text(record.text)
    done = subprocess.run(
        [sys.executable, "-m", "rummykit", "replay", str(path)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    second.stop()


def test_kill_9_and_restart_on_sqlite(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    finish_after_crash(Server(url), Server(url), tmp_path)


@needs_pg
def test_a_second_process_takes_over_on_postgresql(tmp_path: Path) -> None:
    url = fresh_pg_url()
    first, second = Server(url), Server(url)
    second.start()
    try:
        finish_after_crash(first, second, tmp_path)
    finally:
        first.stop()
        second.stop()
