"""``docs/protocol.md`` against the server and the games: a client is written from the document
alone, so every error code the server sends is in its table of codes, and every key that every
game's observation holds is in its table of the observation's common keys."""

from __future__ import annotations

import re
from pathlib import Path

from rummykit.variants.registry import VARIANTS, game_from_record

ROOT = Path(__file__).resolve().parent.parent
PROTOCOL = (ROOT / "docs" / "protocol.md").read_text("utf-8")
SERVER = ROOT / "src" / "rummykit" / "server"


def section(heading: str) -> str:
    """The text of ``docs/protocol.md`` under ``heading`` (a whole heading line), to the next
    heading of any level."""
    start = PROTOCOL.index(f"\n{heading}\n")
    following = re.search(r"\n#+ ", PROTOCOL[start + len(heading) + 2 :])
    end = len(PROTOCOL) if following is None else start + len(heading) + 2 + following.start()
    return PROTOCOL[start:end]


def documented(text: str) -> set[str]:
    """The names written as code in the first cell of each row of the tables of ``text``."""
    names: set[str] = set()
    for row in re.findall(r"^[ \t]*\|([^|\n]*)\|", text, re.MULTILINE):
        names.update(re.findall(r"`([a-z_0-9.]+)`", row))
    return names


def test_every_error_code_the_server_sends_is_in_the_table_of_codes() -> None:
    raised: set[str] = set()
    for module in SERVER.glob("*.py"):
        source = module.read_text("utf-8")
        raised.update(re.findall(r'ProtocolError\(\s*"([a-z_]+)"', source))
        raised.update(re.findall(r'error_message\(\s*"([a-z_]+)"', source))
    assert len(raised) > 40  # the pattern finds the server's codes
    missing = raised - documented(section("### Error codes of the server"))
    assert not missing, f"codes the server sends that docs/protocol.md does not list: {sorted(missing)}"


def test_every_key_every_game_observes_is_in_the_table_of_common_keys() -> None:
    common: set[str] | None = None
    for name in VARIANTS:
        game, _ = game_from_record(name, {})
        state = game.new_state(7)
        for viewer in (0, None):
            keys = set(game.observe(state, viewer))
            common = keys if common is None else common & keys
    assert common is not None and {"hand", "known", "to_move"} <= common
    missing = common - documented(section("### The view (`state` and `sync`)"))
    assert not missing, f"keys of every game's observation missing in docs/protocol.md: {sorted(missing)}"
