"""A short recording of greedy Carousel play (``bench/carousel_positions.py``, which
``bench/carousel_table.py --seeds`` uses): it runs as the bots now ask the table solver (with a
``limit``), and every line is a position the benchmark reads back."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench" / "carousel_positions.py"


def test_greedy_play_is_recorded() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH), "--seeds", "101", "--decisions", "40"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert lines, "no position recorded"
    assert {line["seed"] for line in lines} == {101}
    decisions = [line["decision"] for line in lines]
    assert decisions == sorted(decisions) and decisions[-1] < 40
    assert all(line["table"] is not None and line["hand"] for line in lines)
