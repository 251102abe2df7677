"""axe-core run in the page: the accessibility rules of Deque's engine (its ``axe.min.js``, shipped
in the PyPI package ``axe-playwright-python`` of the test extra), on the whole document as the
person sees it at that moment. No tests here."""

from __future__ import annotations

import json
from importlib.resources import files
from typing import Any

from browser_support import artifact
from playwright.sync_api import Page

AXE_JS = (files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8")
"""axe-core's script, evaluated in the page once per document."""

OPTIONS: dict[str, Any] = {
    "resultTypes": ["violations"],
    # experimental in axe-core, so off by default: a button's accessible name must contain its
    # visible text (WCAG 2.5.3, label in name)
    "rules": {"label-content-name-mismatch": {"enabled": True}},
}
"""The options of ``axe.run``: every rule axe runs by default, and label in name."""

BLOCKING = ("serious", "critical")
"""The impacts that fail a test."""


def axe_violations(page: Page, impacts: tuple[str, ...] = BLOCKING) -> list[dict[str, Any]]:
    """axe-core's violations on ``page`` now whose impact is in ``impacts``: each
    ``{"id", "impact", "help", "nodes": [{"target", "html", "summary"}]}`` as axe reports it
    (``nodes`` the elements that fail, ``target`` their CSS selectors)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE_JS)
    # the page as people see it once a move's flight (320 ms) has landed: a piece under way is
    # faded, and its landing place hidden until it lands
    page.evaluate("() => document.getAnimations().forEach((a) => a.finish())")
    result: dict[str, Any] = page.evaluate("(options) => axe.run(document, options)", OPTIONS)
    return [
        {
            "id": v["id"],
            "impact": v["impact"],
            "help": v["help"],
            "nodes": [
                {"target": n["target"], "html": n["html"], "summary": n.get("failureSummary", "")}
                for n in v["nodes"]
            ],
        }
        for v in result["violations"]
        if v["impact"] in impacts
    ]


def check_axe(page: Page, name: str) -> None:
    """Fail when axe-core finds a serious or critical violation on ``page``; every violation
    found, of any impact, is saved as ``<name>-axe.json`` in the artifacts."""
    found = axe_violations(page, impacts=("minor", "moderate", *BLOCKING))
    artifact(f"{name}-axe.json").write_text(json.dumps(found, ensure_ascii=False, indent=1), encoding="utf-8")
    blocking = [v for v in found if v["impact"] in BLOCKING]
    assert not blocking, f"{name}: axe-core finds\n" + "\n".join(
        f"{v['id']} ({v['impact']}, {len(v['nodes'])}): {v['help']}: "
        + "; ".join(f"{n['target']} {n['html'][:160]} {n['summary'][:300]}" for n in v["nodes"][:6])
        for v in blocking
    )
