"""``rummykit serve`` announces a server only once it listens and has reached its database and
broker: a port in use, out of range or an unknown host, a database or broker URL of no known kind,
refused, missing or never answering is one clear line (the URL's password hidden) and exit code 2,
with no start line; ``rummykit moderator`` reports a bad ``--db`` alike."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from test_server_support import PG_URL, free_port, needs_pg, sqlite_url


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


def one_error_line(done: subprocess.CompletedProcess[str], start: str) -> str:
    """The one line of standard error of a command refused as a user's mistake (exit code 2, no
    start line, no traceback), which starts with ``start``."""
    assert done.returncode == 2 and "server on" not in done.stdout, (done.returncode, done.stderr)
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(start), done.stderr
    return done.stderr


def rummykit(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rummykit", *args], capture_output=True, text=True, timeout=60, check=False
    )


def test_a_database_url_of_no_known_kind_is_one_clear_error() -> None:
    for command in (("serve", "--port", str(free_port())), ("moderator", "grant", "ann")):
        line = one_error_line(
            rummykit(*command, "--db", "bogus://x"), "error: can't use the database bogus://x: "
        )
        assert "'bogus'" in line


def test_a_database_that_refuses_is_one_clear_error_without_its_password() -> None:
    url = f"postgresql://rummykit:s3cret@127.0.0.1:{free_port()}/rummykit"
    line = one_error_line(rummykit("serve", "--port", str(free_port()), "--db", url), "error: can't connect")
    assert url.replace("s3cret", "***") in line and "s3cret" not in line and "refused" in line


@needs_pg
def test_a_database_that_does_not_exist_is_one_clear_error() -> None:
    assert PG_URL is not None
    url = PG_URL.rpartition("/")[0] + "/rummykit_no_such_database"
    line = one_error_line(rummykit("serve", "--port", str(free_port()), "--db", url), "error: can't connect")
    assert "rummykit_no_such_database" in line and "does not exist" in line


@pytest.mark.parametrize(
    ("broker", "needle"),
    [
        ("redis://127.0.0.1:{port}/0", "error: can't connect to the broker redis://127.0.0.1:{port}/0: "),
        ("http://127.0.0.1:{port}/", "error: the broker is a redis:// URL, not http://127.0.0.1:{port}/"),
    ],
)
def test_a_broker_that_can_t_be_reached_is_one_clear_error(tmp_path: Path, broker: str, needle: str) -> None:
    port = free_port()
    done = serve(tmp_path, "--port", str(free_port()), "--broker", broker.format(port=port))
    one_error_line(done, needle.format(port=port))


def test_a_database_or_broker_that_never_answers_is_an_error_not_a_wait(tmp_path: Path) -> None:
    with socket.create_server(("127.0.0.1", 0)) as silent:  # takes connections, never answers
        port = silent.getsockname()[1]
        options = [
            ("--db", f"postgresql://rummykit@127.0.0.1:{port}/rummykit"),
            ("--db", sqlite_url(tmp_path), "--broker", f"redis://127.0.0.1:{port}/0"),
        ]
        runs = [
            subprocess.Popen(
                [sys.executable, "-m", "rummykit", "serve", "--port", str(free_port()), *args],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for args in options
        ]
        try:
            done = [subprocess.CompletedProcess(run.args, run.wait(60), *run.communicate()) for run in runs]
        finally:
            for run in runs:
                if run.poll() is None:
                    run.kill()
                    run.wait()
    assert "timeout" in one_error_line(done[0], "error: can't connect to the database ")
    assert "Timeout" in one_error_line(done[1], "error: can't connect to the broker ")
