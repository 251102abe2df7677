"""The browser client names no game outside its games' controllers: a module of ``web/js/`` outside
``web/js/games/`` never names a game id in its code (comments aside), as a word or as the start of
a name (``"kalooki"``, ``kalooki_opened``, ``carousel.melded``, ``./okey.js``), and never
compares a variant with a written one (``variant === "okey"``). The page finds a game's
controller through ``GET /variants`` (its ``client``) and asks it."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from rummykit.server.rules_info import client_module, variants
from rummykit.variants.registry import VARIANTS
from web_modules import WEB

GAME_IDS = sorted({*VARIANTS, "okey_101"}, key=len, reverse=True)
"""Every game id: the registry's, and those on their way."""

GAME_NAME = re.compile(rf"(?<![A-Za-z0-9_$])({'|'.join(map(re.escape, GAME_IDS))})(?![A-Za-z0-9$])")
"""A game id as a word or at the start of a name (followed by ``_``, ``.``, ``-``, ``/``…)."""
VARIANT_TEST = re.compile(
    r"""variant\s*[!=]==?\s*["'`]|["'`]\s*[!=]==?\s*[\w.$]*variant\b|switch\s*\([^)]*variant"""
)
"""A variant compared with a written one, or switched on."""
COMMENT = re.compile(r"/\*.*?\*/|(?:^|(?<=\s))//[^\n]*", re.DOTALL)
"""A block comment, or a line comment (``//`` at a line's start or after a space: not ``http://``)."""


def problems(code: str) -> list[str]:
    """What names a game in the JavaScript ``code`` (its comments left out): each game id found and
    each comparison of a variant with a written one."""
    bare = COMMENT.sub("", code)
    return [m.group(0) for m in GAME_NAME.finditer(bare)] + [m.group(0) for m in VARIANT_TEST.finditer(bare)]


def core_modules() -> list[Path]:
    """The client's modules outside ``web/js/games/``."""
    games = WEB / "js" / "games"
    return sorted(p for p in (WEB / "js").rglob("*.js") if games not in p.parents)


@pytest.mark.parametrize("module", core_modules(), ids=lambda p: p.name)
def test_no_core_module_names_a_game(module: Path) -> None:
    assert problems(module.read_text("utf-8")) == []


@pytest.mark.parametrize(
    ("code", "found"),
    [
        ('if (info.variant === "kalooki") x();', ["kalooki", 'variant === "']),
        ("const ok = 'okey' !== game.variant;", ["okey", "' !== game.variant"]),
        ("switch (info.variant) { default: }", ["switch (info.variant"]),
        ('t("kalooki_opened")', ["kalooki"]),
        ('e.code === "carousel.melded"', ["carousel"]),
        ('import("./games/turkish_rummy.js")', ["turkish_rummy"]),
        ("m.okey_101()", ["okey_101"]),
        ('t("piece_okey") // the okey tile, not the game: kalooki', []),
        ("/* carousel */ const found = list.find((v) => v.variant === variant);", []),
        ('fetch("http://host/kalooki-rules")', ["kalooki"]),
    ],
)
def test_the_check_finds_game_names(code: str, found: list[str]) -> None:
    assert problems(code) == found


def test_every_game_has_its_controller() -> None:
    """``GET /variants`` names each registered game's controller, and the file is there."""
    listed = {v["variant"]: v["client"] for v in variants()["variants"]}
    assert listed == {name: f"games/{name}.js" for name in VARIANTS}
    assert all((WEB / "js" / path).is_file() for path in listed.values())
    assert client_module(dataclasses.replace(VARIANTS["okey"], client="games/no_such_game.js")) is None
