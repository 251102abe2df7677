"""The checks the browser tests rely on can fail: a console error and an uncaught error are
collected, a script without a font is reported as missing glyphs, wide content as overflow,
axe-core's serious violations (a name without its button's visible text, text at too low a
contrast) and a target under 44x44 CSS px are found."""

from __future__ import annotations

import pytest
from axe_check import axe_violations, check_axe
from browser_support import Pages, horizontal_overflow, missing_glyphs
from test_accessibility import SMALL_TARGETS_JS


def test_console_and_page_errors_are_collected(pages: Pages) -> None:
    page = pages.new("errors")
    with page.expect_event("pageerror"):
        page.set_content(
            "<script>console.error('boom'); setTimeout(() => { throw new Error('bang'); });</script>"
        )
    assert any("console: boom" in line for line in pages.errors), pages.errors
    assert any("page error: bang" in line for line in pages.errors), pages.errors
    pages.errors.clear()


def test_missing_glyphs_found_only_where_no_font_has_them(pages: Pages) -> None:
    page = pages.new("glyphs")
    page.set_content(
        "<p style='font-family: sans-serif'>ภาษาไทย Okey gösterge سنگ</p>"
        "<p id='tibetan' style='font-family: sans-serif'>A\u0f40\u0f41</p>"
        "<p hidden>\u1200</p>"
    )
    missing = missing_glyphs(page)
    assert sorted(ch for ch, _ in missing) == ["\u0f40", "\u0f41"], missing


def test_overflow_measured(pages: Pages) -> None:
    page = pages.new("overflow", width=390, height=844)
    page.set_content("<div style='width: 300px'>fits</div>")
    scroll, client = horizontal_overflow(page)
    assert scroll <= client == 390
    page.set_content("<div style='width: 600px'>too wide</div>")
    scroll, client = horizontal_overflow(page)
    assert scroll >= 600 > client


def test_axe_and_the_target_sizes_find_what_fails(pages: Pages) -> None:
    page = pages.new("axe", width=390, height=844)
    page.set_content(
        "<html lang='en'><title>t</title><main><h1>Table</h1>"
        "<button style='width: 44px; height: 60px' aria-label='TH 10 of hearts'>10</button>"
        "<button style='width: 30px; height: 44px' aria-label='TH ۱۰ دل' data-piece='TH'>10</button>"
        "<p style='color: #dfebe4; background: #2f7d57'>14 in hand</p></main></html>"
    )
    found = {v["id"]: [n["html"] for n in v["nodes"]] for v in axe_violations(page)}
    assert set(found) == {"label-content-name-mismatch", "color-contrast"}, found
    assert len(found["label-content-name-mismatch"]) == 1 and "۱۰" in found["label-content-name-mismatch"][0]
    with pytest.raises(AssertionError, match="label-content-name-mismatch"):
        check_axe(page, "axe-fails")
    assert page.locator("button").evaluate_all(SMALL_TARGETS_JS) == [":TH 30x44"]

    page.set_content(
        "<html lang='en'><title>t</title><main><h1>Table</h1>"
        "<button style='width: 44px; height: 60px' aria-label='TH 10♥ ۱۰ دل'>10</button>"
        "<p style='color: #f3f7f4; background: #2f7d57'>14 in hand</p></main></html>"
    )
    check_axe(page, "axe-passes")
    assert page.locator("button").evaluate_all(SMALL_TARGETS_JS) == []
