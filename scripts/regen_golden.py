"""Regenerate the golden playthroughs in ``tests/golden/``: one seeded playthrough per game.

Usage (from the repository root, with the package installed)::

    python scripts/regen_golden.py            # rewrite every game's file
    python scripts/regen_golden.py okey       # rewrite one
    python scripts/regen_golden.py --check    # exit 1 and name the files that differ

``tests/golden/<game>.jsonl`` is JSON Lines: first the playthrough's header (``variant``, ``rules``
as the option changes from the preset, ``seed``, ``bot``, ``steps``), then one line per step with
the seat to move, its observation, the texts of its legal actions, the action its bot chose, and
the events of that action as the mover and as a spectator see them. The bots are seeded random bots
(their choices depend only on the legal list, so the file pins the list's order too). The test in
``tests/test_conformance.py`` replays the same playthrough and compares it line by line.

Regenerate only when a change is meant to alter what the games show or allow, and read the diff:
it is the review of that change.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rummykit.bots.base import RandomBot
from rummykit.variants.registry import VARIANTS, variant

GOLDEN_DIR = Path(__file__).resolve().parents[1] / "tests" / "golden"
STEPS = 60
"""Steps kept per game (the file stays small)."""

PLAYTHROUGHS: dict[str, dict[str, Any]] = {
    "okey": {"rules": {"rounds": 1}, "seed": 2026},
    "turkish_rummy": {"rules": {"rounds": 1}, "seed": 2026},
    "kalooki": {"rules": {"match": "rounds", "rounds": 1}, "seed": 2026},
    "carousel": {"rules": {"target": 30}, "seed": 2026},
}
"""The rules changes and seed of each game's playthrough."""


def playthrough(name: str) -> Iterator[dict[str, Any]]:
    """The golden lines of game ``name``: the header, then one object per step (JSON values)."""
    spec = PLAYTHROUGHS[name]
    info = variant(name)
    game = info.game(info.load_rules(None, spec["rules"]))
    state = game.new_state(spec["seed"])
    bots = [RandomBot(game, spec["seed"] * 10 + s) for s in range(game.players)]
    yield {"variant": name, "rules": spec["rules"], "seed": spec["seed"], "bot": "random", "steps": STEPS}
    for step in range(STEPS):
        seat = game.current_seat(state)
        if seat is None:
            return
        view = game.observe(state, seat)
        legal = game.legal_actions(state, seat)
        action = bots[seat].choose(view, legal)
        events = game.apply(state, seat, action)
        yield {
            "step": step,
            "seat": seat,
            "observation": view,
            "legal": [game.action_text(a) for a in legal],
            "action": game.action_text(action),
            "events": game.events_for(events, seat),
            "spectator_events": game.events_for(events, None),
        }


def lines(name: str) -> list[str]:
    """The file's lines (compact JSON, keys sorted)."""
    return [json.dumps(item, sort_keys=True, separators=(",", ":")) for item in playthrough(name)]


def path_of(name: str) -> Path:
    """Where game ``name``'s golden playthrough lives."""
    return GOLDEN_DIR / f"{name}.jsonl"


def main(argv: list[str] | None = None) -> int:
    """Write (or with ``--check``, compare) the golden files; returns the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("games", nargs="*", help=f"games (default: all of {', '.join(VARIANTS)})")
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    differ = []
    for name in [variant(g).name for g in args.games] or list(VARIANTS):
        text = "\n".join(lines(name)) + "\n"
        path = path_of(name)
        if args.check:
            if not path.exists() or path.read_text("utf-8") != text:
                differ.append(str(path))
            continue
        GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
        print(f"wrote {path} ({text.count(chr(10)) - 1} steps, {len(text) // 1024} KB)")
    if differ:
        print("differ: " + ", ".join(differ))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
