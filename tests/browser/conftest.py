"""Fixtures of the browser tests: Debian's Chromium driven by Playwright (never Playwright's own
download), one real server for the session (temporary SQLite database, free loopback port), and
per test a :class:`browser_support.Pages` whose console errors and page errors fail the test.

No Chromium found: the tests fail in CI (the environment variable ``CI`` set), where ``.ci/run``
installs it, and are skipped elsewhere with the reason."""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator

import pytest
from browser_support import ARTIFACTS, Pages, find_chromium
from playwright.sync_api import Browser, Playwright, sync_playwright

from test_server_support import Server, running, sqlite_url


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Keep each phase's report on the item, so that fixtures know whether the test failed."""
    outcome = yield
    report: pytest.TestReport = outcome.get_result()  # type: ignore[attr-defined]
    setattr(item, f"report_{report.when}", report)


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """The Chromium executable (see :func:`browser_support.find_chromium`)."""
    path = find_chromium()
    if path is None:
        reason = "no Chromium: install chromium-headless-shell (apt) or set RUMMYKIT_CHROMIUM"
        if os.environ.get("CI", "").lower() not in ("", "0", "false"):
            pytest.fail(reason + " (CI installs it: see .ci/run)")
        pytest.skip(reason)
    return str(path)


COLLECTED = time.time()
"""When this process read the browser tests: every worker of a run starts within seconds of the
others, so a screenshot older than this (less a minute) is an earlier run's."""


@pytest.fixture(scope="session")
def artifacts() -> None:
    """The artifacts directory without an earlier run's screenshots. Every worker process of a
    parallel run calls this when its first browser test starts, maybe while another worker is
    writing this run's: only files from before the run are removed (and one another worker
    removed between the listing and its reading is passed over)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for path in ARTIFACTS.iterdir():
        with contextlib.suppress(FileNotFoundError):
            if path.is_file() and path.stat().st_mtime < COLLECTED - 60:
                path.unlink(missing_ok=True)


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """Playwright's sync API."""
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright: Playwright, chromium_path: str) -> Iterator[Browser]:
    """One headless Chromium for the session."""
    browser = playwright.chromium.launch(executable_path=chromium_path, timeout=60_000)
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``rummykit serve`` on a free loopback port with a fresh SQLite database."""
    with running(sqlite_url(tmp_path_factory.mktemp("browser-db"))) as server:
        yield server


@pytest.fixture
def pages(
    request: pytest.FixtureRequest, browser: Browser, server: Server, artifacts: None
) -> Iterator[Pages]:
    """The test's pages; at the end every page is screenshotted into the artifacts when the test
    failed, and any console error or page error fails the test."""
    pages = Pages(browser, server.base)
    yield pages
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        pages.screenshot_all(f"failed-{request.node.name}")
    errors = list(pages.errors)
    pages.close()
    assert not errors, "console or page errors:\n" + "\n".join(errors)
