"""The deployment of ``docs/deploy.md`` on loopback: three ``rummykit serve`` processes on one
PostgreSQL database and one Redis broker behind nginx (Debian's package; it knows nothing of
tables), under load, one of them killed (``kill -9``) mid-run: every client reconnects through the
proxy within a few seconds, the bots carry on, no acknowledged move is lost or doubled, every game
replays (``bench/server_load.py --processes 3 --kill-after``)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from test_server_support import PG_URL, REDIS_URL, fresh_pg_url, needs_cluster

BENCH = Path(__file__).resolve().parent.parent / "bench" / "server_load.py"
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)


@needs_cluster
@pytest.mark.skipif(
    NGINX is None, reason="nginx is not installed (apt-get install nginx-light; .ci/run does)"
)
def test_three_processes_behind_nginx_survive_a_kill_9() -> None:
    assert PG_URL is not None and REDIS_URL is not None
    url = fresh_pg_url()
    done = subprocess.run(
        [
            sys.executable,
            str(BENCH),
            *("--processes", "3", "--db", url, "--broker", REDIS_URL, "--proxy", "nginx"),
            *("--tables", "12", "--clients", "6", "--watchers", "12", "--watched", "6"),
            *("--seconds", "25", "--bot-delay", "0.2", "--kill-after", "8", "--json"),
        ],
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["errors"] == 0 and report["failed_requests"] == 0, done.stderr
    assert report["replay_failures"] == 0 and report["acked_missing_or_doubled"] == 0, report
    assert report["gaps"] == 0, report
    # the killed process's clients came back through the proxy within a few seconds
    assert report["reconnects"] >= 1 and report["longest_outage_s"] < 8, report
    killed, *others = report["per_process"]
    assert killed["killed"] and all(p["tables_at_end"] and p["actions"] > 0 for p in others), report
    assert sum(p["tables_at_end"] for p in others) >= 12 + 6, report
    assert report["person_actions"] > 0, report
