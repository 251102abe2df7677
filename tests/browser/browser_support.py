"""Shared pieces of the browser tests (no tests here): finding Debian's Chromium, browser contexts
whose console errors and page errors are collected, and checks of what a page renders (horizontal
overflow, characters drawn as a missing-glyph box)."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, ConsoleMessage, Error, Page

import web_modules

ARTIFACTS = Path(__file__).parent / "artifacts"
"""Where the tests save screenshots (ignored by git)."""

CHROMIUM_NAMES = ("chromium-headless-shell", "chromium", "chromium-browser")
"""The Debian executables tried, in this order, when ``RUMMYKIT_CHROMIUM`` is not set."""

TIMEOUT_MS = 30_000
"""Default wait of every page action and expectation: generous, for a loaded 2-core machine."""


def find_chromium() -> Path | None:
    """The Chromium executable to drive: the file named by the environment variable
    ``RUMMYKIT_CHROMIUM``, else the first of :data:`CHROMIUM_NAMES` on ``PATH``; ``None`` when
    there is none.

    Raises ``FileNotFoundError`` when ``RUMMYKIT_CHROMIUM`` is set but names no executable file
    (a wrong setting must not fall back to another browser silently)."""
    named = os.environ.get("RUMMYKIT_CHROMIUM")
    if named:
        path = Path(named)
        if not (path.is_file() and os.access(path, os.X_OK)):
            raise FileNotFoundError(f"RUMMYKIT_CHROMIUM={named!r} is not an executable file")
        return path
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return Path(found)
    return None


def artifact(name: str) -> Path:
    """The path of artifact file ``name`` (its directory created); characters other than
    letters, digits, ``-``, ``_`` and ``.`` become ``_``."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS / re.sub(r"[^A-Za-z0-9_.-]", "_", name)


class Pages:
    """Browser contexts of one test, each with one page, and every console error and uncaught
    page error they report (as ``"<context label>: <kind>: <text>"`` lines in :attr:`errors`)."""

    def __init__(self, browser: Browser, base_url: str) -> None:
        self.browser = browser
        self.base_url = base_url
        self.errors: list[str] = []
        self.opened: list[tuple[str, Page]] = []

    def new(
        self,
        label: str = "page",
        locale: str = "en-US",
        width: int = 1280,
        height: int = 800,
        **context: Any,
    ) -> Page:
        """A page in a new context (its own storage: a separate person) whose relative URLs
        resolve against the server; ``label`` names it in error lines and screenshots, ``locale``
        is the browser's language, ``width``×``height`` the viewport in CSS pixels, ``context``
        any other ``Browser.new_context`` argument."""
        ctx = self.browser.new_context(
            base_url=self.base_url,
            locale=locale,
            viewport={"width": width, "height": height},
            **context,
        )
        ctx.set_default_timeout(TIMEOUT_MS)
        return self._watch(ctx.new_page(), label)

    def tab(self, page: Page, label: str) -> Page:
        """Another page in ``page``'s context (the same browser storage: a second tab of the same
        person), watched for errors like the others."""
        return self._watch(page.context.new_page(), label)

    def _watch(self, page: Page, label: str) -> Page:
        def on_console(message: ConsoleMessage) -> None:
            if message.type == "error":
                where = message.location
                self.errors.append(
                    f"{label}: console: {message.text} ({where.get('url')}:{where.get('lineNumber')})"
                )

        def on_page_error(error: Error) -> None:
            self.errors.append(f"{label}: page error: {error.message}\n{error.stack or ''}")

        page.on("console", on_console)
        page.on("pageerror", on_page_error)
        self.opened.append((label, page))
        return page

    def screenshot_all(self, prefix: str) -> list[Path]:
        """A full-page screenshot of every open page, as ``<prefix>-<label>.png``; the paths."""
        paths = []
        for label, page in self.opened:
            if page.is_closed():
                continue
            path = artifact(f"{prefix}-{label}.png")
            page.screenshot(path=str(path), full_page=True)
            paths.append(path)
        return paths

    def close(self) -> None:
        """Close every context."""
        for context in {id(page.context): page.context for _, page in self.opened}.values():
            context.close()


def horizontal_overflow(page: Page) -> tuple[int, int]:
    """``(scrollWidth, clientWidth)`` of the document, in CSS pixels: content wider than the
    viewport makes the first larger than the second."""
    sizes: list[int] = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    return sizes[0], sizes[1]


CUT_WORDS_JS = """
() => {
  const shown = (sel) => [...document.querySelectorAll(sel)].filter((el) => el.checkVisibility());
  const out = [];
  // a name (one line, cut with an ellipsis where it must), a rating or "(you)" over two lines
  // (a right-to-left line may hold one in two boxes side by side: "?" and "1,500")
  for (const el of shown(".seat-name > :is(.player-link, bdi), .seat-name :is(.rating, .you)")) {
    const tops = [...el.getClientRects()].map((r) => r.top);
    if (Math.max(...tops) - Math.min(...tops) > 4) out.push(`broken: ${el.textContent}`);
    const untitled = el.title !== el.textContent;
    if (el.scrollWidth > el.clientWidth + 1 && untitled) out.push(`cut, untitled: ${el.textContent}`);
  }
  for (const el of shown(".board .seat .tag, .kmeld-head .tag")) {
    if (el.scrollWidth > el.clientWidth + 1) out.push(`cut: ${el.textContent}`);
  }
  return out;
}
"""
"""The seats' names, ratings and "(you)" broken over lines (or cut without their whole text in a
title), and the seats' and melds' tags cut."""


def cut_words(page: Page) -> list[str]:
    """:data:`CUT_WORDS_JS`: what the page's seats and melds show broken or cut."""
    found: list[str] = page.evaluate(CUT_WORDS_JS)
    return found


MISSING_GLYPHS_JS = """
(root) => {
  // A character is drawn as the missing-glyph box when its pixels, in the font of the element
  // that shows it, are those of an unassigned code point (U+0378) in that font.
  const canvas = document.createElement('canvas');
  canvas.width = 96; canvas.height = 96;
  const ctx = canvas.getContext('2d', {willReadFrequently: true});
  const pixels = (ch, family) => {
    ctx.clearRect(0, 0, 96, 96);
    ctx.font = `48px ${family}`;
    ctx.textBaseline = 'top';
    ctx.fillStyle = '#000';
    ctx.fillText(ch, 16, 16);
    return ctx.getImageData(0, 0, 96, 96).data.join(',');
  };
  const tofu = new Map();
  const found = new Map();
  const walker = document.createTreeWalker(root || document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !el.checkVisibility()) continue;
    const family = getComputedStyle(el).fontFamily;
    if (!tofu.has(family)) tofu.set(family, pixels('\\u0378', family));
    for (const ch of node.textContent) {
      if (/\\s/u.test(ch) || found.has(ch + family)) continue;
      found.set(ch + family, pixels(ch, family) === tofu.get(family) ? [ch, family] : null);
    }
  }
  return [...found.values()].filter((x) => x !== null);
}
"""


def missing_glyphs(page: Page, selector: str = "body") -> list[tuple[str, str]]:
    """Every character of the visible text under ``selector`` that the browser draws as the
    missing-glyph box, with the CSS font family it was drawn in: ``[(character, family)]``."""
    root = page.query_selector(selector)
    found: list[list[str]] = page.evaluate(MISSING_GLYPHS_JS, root)
    return [(ch, family) for ch, family in found]


SCRIPT = {
    "en": re.compile(r"[A-Za-z]"),
    "tr": re.compile(r"[çğışöüÇĞİŞÖÜ]"),
    "fa": re.compile(r"[\u0600-\u06ff]"),
    "th": re.compile(r"[\u0e00-\u0e7f]"),
}
"""Letters that only a page in that language shows."""


_KEYS: list[str] = []


def raw_keys(page: Page) -> list[str]:
    """The catalog keys the page shows as they are (a key with no text in the catalogs it loaded,
    written as itself: ``okey_101_turn_draw``, ``carousel.knocked (seat=…)``), in its visible text
    or its elements' accessible names (``aria-label``, ``title``); and any key written with its
    parameters (``log_you_drew (piece=B8)``), in a catalog or not. Keys of one word (``drew``)
    can't be told from text and are left out."""
    if not _KEYS:
        _KEYS.extend(k for k in web_modules.catalog("en") if "_" in k or "." in k)
    texts = page.evaluate(
        """() => [document.body.innerText, ...[...document.querySelectorAll("[aria-label], [title]")]
            .flatMap((e) => [e.getAttribute("aria-label") || "", e.getAttribute("title") || ""])]"""
    )
    text = "\n".join(texts)
    words = set(re.findall(r"[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*", text))
    # a key no catalog holds any more is still written as itself with its parameters
    unknown = set(re.findall(r"\b([a-z][a-z0-9]*(?:[_.][a-z0-9]+)+) \([a-z_]+=", text))
    return sorted(words.intersection(_KEYS) | unknown)


def check_rendering(page: Page, lang: str, name: str) -> None:
    """Save a full-page screenshot as ``<name>.png``; check the document's language and
    direction, that its text is in the language's script, shows no catalog key as it is (a text
    its catalogs lacked: :func:`raw_keys`), is drawn without missing glyphs, and no wider than the
    viewport."""
    page.screenshot(path=str(artifact(f"{name}.png")), full_page=True)
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.evaluate("document.documentElement.dir || 'ltr'") == ("rtl" if lang == "fa" else "ltr")
    assert SCRIPT[lang].search(page.locator("body").inner_text()), f"no {lang} text"
    assert raw_keys(page) == [], f"{name}: keys shown as they are"
    assert missing_glyphs(page) == []
    scroll, client = horizontal_overflow(page)
    assert scroll <= client, f"{name}: content {scroll}px wide in a {client}px viewport"


SIZES = ((1280, 800), (390, 844))
"""The desktop and phone viewports of the screenshots (width, height)."""


def check_sizes(page: Page, lang: str, name: str, schemes: tuple[str, ...] = ("light",)) -> None:
    """:func:`check_rendering` at each of :data:`SIZES` in each colour scheme, saved as
    ``<name>-<width>x<height>-<scheme>.png``; the page is left at 1280x800, light."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        for scheme in schemes:
            page.emulate_media(color_scheme=scheme)
            check_rendering(page, lang, f"{name}-{width}x{height}-{scheme}")
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    page.emulate_media(color_scheme="light")


def boxes_overlap(a: dict[str, float] | None, b: dict[str, float] | None) -> bool:
    """Whether two bounding boxes (``x``, ``y``, ``width``, ``height``) share some area; both
    must be shown (not ``None``)."""
    assert a is not None and b is not None
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


SHOWN_BOX_JS = """
(el) => {
  // the element's box cut by every ancestor that clips what overflows it (a box that scrolls)
  const r = el.getBoundingClientRect();
  let [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom];
  for (let a = el.parentElement; a; a = a.parentElement) {
    const style = getComputedStyle(a);
    if (style.overflowX === "visible" && style.overflowY === "visible") continue;
    const c = a.getBoundingClientRect();
    [left, top] = [Math.max(left, c.left), Math.max(top, c.top)];
    [right, bottom] = [Math.min(right, c.right), Math.min(bottom, c.bottom)];
  }
  return { x: left, y: top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}
"""


def shown_box(page: Page, test_id: str) -> dict[str, float]:
    """The part of the element of ``test_id`` that shows: its bounding box cut by the ancestors that
    clip it (a hint scrolling within its place shows only that place)."""
    box: dict[str, float] = page.get_by_test_id(test_id).evaluate(SHOWN_BOX_JS)
    return box


def covered(page: Page, cover: str, below: tuple[str, ...]) -> list[str]:
    """The test ids among ``below`` whose elements overlap the part of the element of test id
    ``cover`` that shows (each one shown): ``[]`` when it covers none of them."""
    box = shown_box(page, cover)
    return [name for name in below if boxes_overlap(box, page.get_by_test_id(name).bounding_box())]


WRAPPED_JS = """
(elements) => elements.flatMap((el) => {
  // the boxes of the element's text: one lower than the first by half a line means it wrapped
  const range = document.createRange();
  range.selectNodeContents(el);
  const boxes = [...range.getClientRects()].filter((r) => r.width > 0);
  const wrapped = boxes.some((r) => r.top > boxes[0].top + boxes[0].height / 2);
  const clipped = el.scrollWidth > el.clientWidth + 1;
  return wrapped || clipped ? [el.textContent.trim()] : [];
})
"""


def wrapped_texts(page: Page, selector: str) -> list[str]:
    """The text of every element matching ``selector`` that is drawn on more than one line or
    cut off at its end (wider than its box): ``[]`` when each sits on one whole line."""
    found: list[str] = page.locator(selector).evaluate_all(WRAPPED_JS)
    return found


COVERED_JS = """
(el) => {
  // seen when the point at its centre, inside the viewport, shows the element itself
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (r.width === 0 || x < 0 || x > innerWidth || y < 0 || y > innerHeight) return false;
  const top = document.elementFromPoint(x, y);
  return top !== null && (top === el || el.contains(top));
}
"""


def hidden_texts(page: Page, selector: str) -> list[str]:
    """The text of every element matching ``selector`` that is not seen: of no size, outside
    the viewport's width, or covered at its centre by another element (each is scrolled into
    view first)."""
    hidden: list[str] = []
    for element in page.locator(selector).all():
        element.scroll_into_view_if_needed()
        if not element.evaluate(COVERED_JS):
            hidden.append(element.inner_text())
    return hidden


CONTRAST_JS = """
(elements) => {
  // WCAG contrast of each element's text colour with what lies behind it: the backgrounds of the
  // element and its ancestors, composited (animations finished first, so a fading highlight is
  // measured at its end)
  document.getAnimations().forEach((a) => { try { a.finish(); } catch (e) { /* infinite */ } });
  const rgba = (text) => {
    const m = text.match(/[\\d.]+/g).map(Number);
    return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1];
  };
  const over = (top, under) => {
    const a = top[3] + under[3] * (1 - top[3]);
    if (a === 0) return [0, 0, 0, 0];
    return [0, 1, 2].map((i) => (top[i] * top[3] + under[i] * under[3] * (1 - top[3])) / a).concat([a]);
  };
  const behind = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) layers.push(rgba(getComputedStyle(e).backgroundColor));
    return layers.reduceRight((under, top) => over(top, under), [255, 255, 255, 1]);
  };
  const luminance = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  return elements.filter((el) => el.checkVisibility() && el.textContent.trim()).map((el) => {
    const back = behind(el);
    const text = over(rgba(getComputedStyle(el).color), back);
    const [l1, l2] = [luminance(text), luminance(back)].sort((x, y) => y - x);
    return [el.textContent.trim(), Math.round(((l1 + 0.05) / (l2 + 0.05)) * 100) / 100];
  });
}
"""


def low_contrast(page: Page, selector: str, least: float = 4.5) -> list[tuple[str, float]]:
    """Every visible element matching ``selector`` whose text's contrast ratio (WCAG 2) with the
    solid backgrounds behind it is below ``least``: ``[(text, ratio)]``. Background images and
    gradients are not seen: point ``selector`` at text on plain colours."""
    found: list[list[Any]] = page.locator(selector).evaluate_all(CONTRAST_JS)
    return [(text, ratio) for text, ratio in found if ratio < least]


ROUND_END_FITS_JS = """(dialog) => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const buttons = [...dialog.querySelectorAll(".buttons > *")].map((b) => [b.textContent, ...box(b)]);
  return { dialog: box(dialog), buttons };
}"""
"""The round-end dialog's box and its buttons' boxes (``[text, left, top, right, bottom]``)."""

STRETCH_JS = """(dialog) => {
  // the body as long as four hands of 21 pieces: the first hand or laid meld shown (or one made of a piece
  // the dialog shows, or, when it shows none, 21 lines of text), copied four times over
  const body = dialog.querySelector(".round-end-body");
  let laid = body.querySelector(".laid");
  if (!laid) {
    laid = document.createElement("div");
    laid.className = "laid";
    const piece = body.querySelector(".meld > *, .kmeld-cards > *");
    laid.innerHTML = '<h3>Hand</h3><span class="meld" dir="ltr"></span>';
    const line = Object.assign(document.createElement("p"), { textContent: "-" });
    laid.lastChild.append(piece ? piece.cloneNode(true) : line);
    body.prepend(laid);
  }
  const meld = laid.querySelector(".meld, .kmeld-cards");
  const piece = meld.firstElementChild;
  while (meld.children.length < 21) meld.append(piece.cloneNode(true));
  for (let i = 0; i < 4; i++) laid.after(laid.cloneNode(true));
}"""
"""Stretch the round end's body (DOM copies of its first hand, never rendered again after)."""


def check_round_end_fits(
    page: Page, lang: str, name: str, sizes: Iterable[tuple[int, int]], stretch: bool = False
) -> None:
    """At each of ``sizes`` (width, height) the round-end dialog and each of its buttons lie wholly
    inside the viewport (a long body scrolls inside the dialog), checked and saved; ``stretch``
    first makes the body as long as four hands of 21 pieces. Left at the size it had."""
    end = page.get_by_test_id("round-end")
    if stretch:
        end.evaluate(STRETCH_JS)
    size = page.viewport_size
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        fits = end.evaluate(ROUND_END_FITS_JS)
        left, top, right, bottom = fits["dialog"]
        assert left >= 0 and top >= 0 and right <= width and bottom <= height, (width, height, fits)
        assert fits["buttons"], fits
        for text, b_left, b_top, b_right, b_bottom in fits["buttons"]:
            inside = left <= b_left and top <= b_top and b_right <= right and b_bottom <= bottom
            assert inside, (width, height, text, fits)
        check_rendering(page, lang, f"{name}-{width}x{height}")
    assert size is not None
    page.set_viewport_size(size)


LOCAL_DIGITS = {"fa": "۰۱۲۳۴۵۶۷۸۹"}
"""The digits of the page's languages that don't write 0-9 (Persian; Thai pages use 0-9)."""


def digits(lang: str, n: int) -> str:
    """``n`` in ``lang``'s digits, as the page writes numbers."""
    local = LOCAL_DIGITS.get(lang)
    return "".join(local[int(d)] for d in str(n)) if local else str(n)


def fill(template: str, **params: str) -> str:
    """A catalog ``template`` with its ``{name}`` parameters replaced, as the page fills it."""
    for name, value in params.items():
        template = template.replace("{" + name + "}", value)
    return template
