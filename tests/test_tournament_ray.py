"""``rummykit tournament --ray`` on a real local Ray instance: the same standings as local
processes, listening on 127.0.0.1 only, an error in a task raised as itself, and no process of
Ray's left after the run. Skipped only when Ray is not installed (the ``test`` extra installs it).

Ray is not imported here before the tournament starts it: :mod:`rummykit.workers` must set
``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0`` before the import for the instance to stay on 127.0.0.1.
"""

from __future__ import annotations

import importlib.util
import os
import socket
import time
from pathlib import Path

import pytest

from rummykit.bots import tournament as tour
from rummykit.errors import RummykitError
from rummykit.workers import RayCluster, check_ray_address
from test_tournament import results_only, run, tournament_json

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("ray") is None, reason="Ray is not installed (pip install 'rummykit[ray]')"
)

CAROUSEL = ("carousel", "--bots", "greedy,random", "--rule", "players=2", "--rule", "target=15")


def descendants() -> set[int]:
    """The processes started by this one, however deep."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found: set[int] = set()
    frontier = {os.getpid()}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def listening_addresses(pids: set[int]) -> set[str]:
    """The local addresses (hex, as /proc/net/tcp writes them) of the TCP sockets that ``pids``
    listen on."""
    inodes: set[str] = set()
    for pid in pids:
        try:
            links = [os.readlink(fd) for fd in Path(f"/proc/{pid}/fd").iterdir()]
        except OSError:
            continue
        inodes |= {link[8:-1] for link in links if link.startswith("socket:[")}
    addresses = set()
    for table in ("tcp", "tcp6"):
        for line in Path(f"/proc/net/{table}").read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == "0A" and fields[9] in inodes:
                addresses.add(fields[1].rsplit(":", 1)[0])
    return addresses


LOOPBACK = {"0100007F", "0000000000000000FFFF00000100007F"}
"""127.0.0.1 in /proc/net/tcp and, mapped into IPv6, in /proc/net/tcp6."""


def wait_for_no_new_descendants(before: set[int]) -> set[int]:
    """The processes started by this one since ``before`` still left after Ray was shut down,
    given up to 30 s to exit (earlier tests' helpers, such as multiprocessing's resource
    tracker, are in ``before``)."""
    deadline = time.monotonic() + 30
    left = descendants() - before
    while left and time.monotonic() < deadline:
        time.sleep(0.2)
        left = descendants() - before
    return left


def test_ray_plays_the_same_standings_on_127_0_0_1_only() -> None:
    args = (*CAROUSEL, "--games", "2", "--seed", "9")
    local = tournament_json(*args)
    config = tour.make_tournament("carousel", "greedy,random", 9, overrides=["players=2", "target=15"])
    seen: list[set[str]] = []
    before = descendants()

    def look(_: int) -> None:
        seen.append(listening_addresses(descendants() - before))

    results = tour.run(config, 2, progress=look, ray=RayCluster())
    on_ray = tour.standings(config, 2, results).to_json()
    assert results_only(on_ray) == results_only({k: v for k, v in local.items() if k != "timing"})
    assert seen and seen[0], "Ray's processes listened on no TCP port while the tournament ran"
    assert set().union(*seen) <= LOOPBACK
    assert wait_for_no_new_descendants(before) == set()
    import ray

    assert not ray.is_initialized()


def test_the_command_line_runs_on_ray_and_an_error_in_a_task_is_raised_as_itself() -> None:
    args = (*CAROUSEL, "--games", "1", "--seed", "3")
    before = descendants()
    assert results_only(tournament_json(*args, "--ray")) == results_only(tournament_json(*args))
    good = tour.make_tournament("okey", "greedy,greedy,greedy,greedy", 0, overrides=["rounds=1"])
    broken = tour.TournamentConfig(good.variant, good.rules, ("greedy", "greedy", "greedy", "clever"), 0)
    with pytest.raises(RummykitError, match="unknown bot 'clever'"):
        tour.run(broken, 2, ray=RayCluster())
    assert wait_for_no_new_descendants(before) == set()


def free_port() -> int:
    """A loopback port where nothing listens (just released by the OS)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@pytest.mark.parametrize("scheme", ["", "ray://"])
def test_an_address_where_nothing_listens_is_refused_at_once(scheme: str) -> None:
    address = f"{scheme}127.0.0.1:{free_port()}"
    started = time.monotonic()
    code, _, err = run(*CAROUSEL, "--games", "1", "--ray-address", address)
    assert code != 0
    assert f"could not reach Ray at '{address}'" in err
    assert "Traceback" not in err
    assert time.monotonic() - started < 60


@pytest.mark.parametrize("address", ["head", "head:port", ":6379", "ray://", "head:0", "head:70000"])
def test_a_malformed_address_is_refused_with_the_forms_allowed(address: str) -> None:
    with pytest.raises(RummykitError, match="a Ray address is auto, host:port or ray://host:port"):
        check_ray_address(address)


def test_an_address_that_answers_passes_the_check() -> None:
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        check_ray_address(f"127.0.0.1:{server.getsockname()[1]}")
        check_ray_address(f"ray://127.0.0.1:{server.getsockname()[1]}")
