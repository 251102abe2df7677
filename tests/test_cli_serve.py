"""``rummykit serve`` announces a server only once it listens: a port in use, out of range or an
unknown host is one clear error and exit code 2, with no start line."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from test_server_support import sqlite_url


def serve(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "rummykit", "serve", "--db", sqlite_url(tmp_path), *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)


def test_a_port_in_use_is_refused_before_the_start_line(tmp_path: Path) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        done = serve(tmp_path, "--port", str(port))
    assert done.returncode == 2 and "server on" not in done.stdout
    assert done.stderr.startswith(f"error: can't listen on 127.0.0.1:{port}: ") and "in use" in done.stderr


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("--port", "99999"), "65535"),
        (("--port", "0"), "--port"),
        (("--host", "no-such-host.invalid", "--port", "8000"), "can't listen on no-such-host.invalid:8000"),
    ],
)
def test_a_bad_address_is_one_clear_error(tmp_path: Path, args: tuple[str, ...], needle: str) -> None:
    done = serve(tmp_path, *args)
    assert done.returncode == 2 and "server on" not in done.stdout
    assert needle in done.stderr and "Traceback" not in done.stderr
