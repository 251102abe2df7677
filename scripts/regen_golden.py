"""Regenerate the golden playthroughs in ``tests/golden/``: one seeded playthrough per game.

Usage (from the repository root, with the package installed)::

    python scripts/regen_golden.py            # rewrite every game's file
    python scripts/regen_golden.py okey       # rewrite one
    python scripts/regen_golden.py --check    # exit 1 and name the files that differ

``tests/golden/<game>.jsonl`` is JSON Lines: first the playthrough's header (``variant``, ``rules``
as the option changes from the preset, ``seed``, ``bot``, ``steps``), then one line per step with
the seat to move, its observation, the texts of its legal actions, the action its bot chose, and
the events of that action as the mover and as a spectator see them; the playthrough goes on to the
end of the first round, and a last line holds what every seat and a spectator see then (the round
end's reveals). The bots are seeded greedy bots (their choices depend on the observation, the legal
list's order and the solvers, so the file pins all three). The test in
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

from rummykit.bots.registry import make_bot
from rummykit.variants.registry import VARIANTS, variant

GOLDEN_DIR = Path(__file__).resolve().parents[1] / "tests" / "golden"
MAX_STEPS = 400
"""A playthrough whose first round has not ended after this many steps is an error."""

PLAYTHROUGHS: dict[str, dict[str, Any]] = {
    "okey": {"rules": {"rounds": 1}, "seed": 2026},
    "turkish_rummy": {"rules": {"rounds": 1}, "seed": 2028},
    "kalooki": {"rules": {"match": "rounds", "rounds": 1}, "seed": 2026},
    "carousel": {"rules": {"target": 30}, "seed": 2026},
    "okey_101": {"rules": {"rounds": 1}, "seed": 2026},
}
"""The rules changes and seed of each game's playthrough (seeds whose first round ends in 45-70
steps, so that the files stay small)."""


def playthrough(name: str) -> Iterator[dict[str, Any]]:
    """The golden lines of game ``name``: the header, then one object per step (JSON values)."""
    spec = PLAYTHROUGHS[name]
    info = variant(name)
    game = info.game(info.load_rules(None, spec["rules"]))
    state = game.new_state(spec["seed"])
    bots = [make_bot("greedy", game, spec["seed"] * 10 + s) for s in range(game.players)]
    yield {
        "variant": name,
        "rules": spec["rules"],
        "seed": spec["seed"],
        "bot": "greedy",
        "until": "round end",
    }
    for step in range(MAX_STEPS):
        seat = game.current_seat(state)
        if seat is None:
            raise AssertionError(f"{name}: the match ended before a round did")
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
        if any("result" in event.params for event in events):
            yield {
                "round_end": [game.observe(state, s) for s in range(game.players)],
                "spectator": game.observe(state, None),
            }
            return
    raise AssertionError(f"{name}: no round ended in {MAX_STEPS} steps")


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
