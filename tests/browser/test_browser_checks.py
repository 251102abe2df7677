"""The checks the browser tests rely on can fail: a console error and an uncaught error are
collected, a script without a font is reported as missing glyphs, and wide content as overflow."""

from __future__ import annotations

from browser_support import Pages, horizontal_overflow, missing_glyphs


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
