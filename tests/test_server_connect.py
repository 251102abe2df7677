"""``rummykit connect``: the terminal client plays a seat to the end on a real server, and watches."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from test_server_support import running, sqlite_url


def test_connect_plays_a_new_table_to_the_end_and_a_spectator_watches(tmp_path: Path) -> None:
    with running(sqlite_url(tmp_path)) as server:
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "rummykit",
                "connect",
                server.base,
                "--new",
                "okey",
                "--rule",
                "rounds=1",
                "--bot-delay",
                "0",
            ],
            input="fly\n" + "0\n" * 400,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert "seat 0 is yours" in done.stdout and "your rack:" in done.stdout and "you can:" in done.stdout
        assert "match over: scores" in done.stdout and "record: /games/" in done.stdout
        assert "! fly can't be read: unknown action" in done.stdout
        table = done.stdout.split("at table ")[1].split(":")[0]
        watched = subprocess.run(
            [sys.executable, "-m", "rummykit", "connect", f"{server.base}/tables/{table}"],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert watched.returncode == 0, watched.stderr
        assert "match over" in watched.stdout
        bad = subprocess.run(
            [
                sys.executable,
                "-m",
                "rummykit",
                "connect",
                f"{server.base}/tables/{table}/seats/0",
                "--token",
                "x",
            ],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert bad.returncode == 2 and bad.stderr.startswith("error: wrong token for seat 0")
