"""Ctrl-C stops ``rummykit serve`` quietly: no traceback from the server or its bot workers."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from test_server_support import free_port, sqlite_url


@pytest.mark.parametrize("to_group", [True, False], ids=["terminal-ctrl-c", "signal-to-server"])
def test_ctrl_c_stops_the_server_and_its_workers_quietly(tmp_path: Path, to_group: bool) -> None:
    """A Ctrl-C in a terminal reaches every process of the group (the bot workers too); a SIGINT
    sent to the server alone stops it as well. Either way: exit 0 within seconds, nothing printed
    but the start line."""
    port = free_port()
    command = [sys.executable, "-m", "rummykit", "serve", "--port", str(port), "--db", sqlite_url(tmp_path)]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None and time.monotonic() < deadline, "the server did not start"
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        time.sleep(0.5)  # the bot workers are up
        if to_group:
            os.killpg(process.pid, signal.SIGINT)
        else:
            process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=15)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 0
    assert "Traceback" not in err and "Exception" not in err, err
