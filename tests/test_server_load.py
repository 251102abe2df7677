"""A small, bounded run of the server load bench (``bench/server_load.py``; the 200-table run is
``python bench/server_load.py``): tables of bots with spectators, people over sockets, no error,
every stored game replays."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench" / "server_load.py"


def test_bounded_load_on_loopback() -> None:
    done = subprocess.run(
        [
            sys.executable,
            str(BENCH),
            "--tables",
            "40",
            "--clients",
            "6",
            "--seconds",
            "8",
            "--bot-delay",
            "0.3",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["errors"] == 0 and report["failed_requests"] == 0, done.stderr
    assert report["replay_failures"] == 0 and report["games"] >= 46
    assert report["actions"] > 100 and report["person_actions"] > 10
