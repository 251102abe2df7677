"""Every game's actions as parts (``Game.action_parts``, ``rummykit.engine.action_text``): one
scheme of JSON values for all games, holding everything the text says, so that a client reads an
action from its parts and never parses its text."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from rummykit.engine.game import Game
from rummykit.variants.registry import VARIANTS, variant

KEYS = {"verb", "pieces", "declared", "melds", "target", "source"}
"""Every key of the scheme."""

SOURCE_VERBS = {"split", "move", "pull", "replace"}
"""The verbs whose piece may come from a table meld."""
TARGET_VERBS = {"layoff", "release", "swap", "new", "add", "split", "move", "pull", "replace"}
"""The verbs that put pieces on a table meld (101 Okey's `swap` puts a tile in the okey's place)."""


def cards(pieces: list[str], declared: list[str | None] | None) -> list[str]:
    """The pieces as the texts write them: a declared joker ``JK[7H]``."""
    return [
        p if d is None else f"{p}[{d}]" for p, d in zip(pieces, declared or [None] * len(pieces), strict=True)
    ]


def text_of(parts: dict[str, Any]) -> str:
    """The canonical text that ``parts`` describe (each game's notation, written from the parts
    alone)."""
    verb = parts["verb"]
    written = cards(parts["pieces"], parts.get("declared"))
    if "melds" in parts:
        melds = " | ".join(" ".join(cards(m["pieces"], m.get("declared"))) for m in parts["melds"])
        if verb == "finish":
            return f"finish {written[0]} : {melds}"
        return f"{verb} {melds}"
    target = parts.get("target")
    to = "new" if target is None else str(target)
    if verb in ("layoff", "release", "add", "swap"):
        return f"{verb} {target} {' '.join(written)}"
    if verb == "split":
        return f"split {parts['source']} {written[0]}"
    if verb in ("move", "pull"):
        return f"{verb} {parts['source']} {written[0]} {to}"
    if verb == "replace":
        origin = f" from {parts['source']}" if "source" in parts else ""
        return f"replace {target} {written[0]}{origin}"
    return " ".join([verb, *written])


def check_shape(parts: dict[str, Any]) -> None:
    """The scheme's rules: known keys, JSON values, ``declared`` only when some piece is declared
    and as long as ``pieces``, ``melds`` adding up to ``pieces``, ``source``/``target`` only for
    the verbs that move pieces on the table."""
    assert set(parts) <= KEYS and {"verb", "pieces"} <= set(parts), parts
    assert json.loads(json.dumps(parts)) == parts
    assert all(isinstance(p, str) and "[" not in p for p in parts["pieces"]), parts
    for group in [parts, *parts.get("melds", [])]:
        if "declared" in group:
            assert len(group["declared"]) == len(group["pieces"]) and any(group["declared"]), parts
    if "melds" in parts:
        laid = [p for m in parts["melds"] for p in m["pieces"]]
        assert parts["pieces"][-len(laid) :] == laid, parts
    if "source" in parts:
        assert parts["verb"] in SOURCE_VERBS and type(parts["source"]) is int, parts
    if "target" in parts:
        assert parts["verb"] in TARGET_VERBS, parts


def played_positions(game: Game[Any, Any], seed: int, steps: int) -> list[list[Any]]:
    """The legal actions of the seat to move at each of the first ``steps`` steps of a match
    played at random."""
    rng = random.Random(seed)
    state = game.new_state(seed)
    found = []
    for _ in range(steps):
        seat = game.current_seat(state)
        if seat is None:
            break
        legal = game.legal_actions(state, seat)
        found.append(legal)
        game.apply(state, seat, rng.choice(legal))
    return found


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_legal_action_is_its_parts(name: str) -> None:
    """Along a random match, every legal action's parts fit the scheme and write its text again."""
    info = variant(name)
    game = info.game(info.load_rules())
    verbs = set()
    for legal in played_positions(game, 11, 400):
        for action in legal:
            parts = game.action_parts(action)
            check_shape(parts)
            assert text_of(parts) == game.action_text(action)
            verbs.add(parts["verb"])
    assert {"draw", "discard"} <= verbs or {"draw", "new", "add"} <= verbs, verbs


@pytest.mark.parametrize(
    ("name", "text", "parts"),
    [
        ("okey", "discard R7", {"verb": "discard", "pieces": ["R7"]}),
        ("okey", "pass", {"verb": "pass", "pieces": []}),
        (
            "okey",
            "finish R7 : R1 R2 R3 | B5 F[B6] B7",
            {
                "verb": "finish",
                "pieces": ["R7", "R1", "R2", "R3", "B5", "F", "B7"],
                "declared": [None, None, None, None, None, "B6", None],
                "melds": [
                    {"pieces": ["R1", "R2", "R3"]},
                    {"pieces": ["B5", "F", "B7"], "declared": [None, "B6", None]},
                ],
            },
        ),
        ("turkish_rummy", "finish 7H", {"verb": "finish", "pieces": ["7H"]}),
        (
            "kalooki",
            "meld QS KS AS | 7D 7H JK",
            {
                "verb": "meld",
                "pieces": ["QS", "KS", "AS", "7D", "7H", "JK"],
                "melds": [{"pieces": ["QS", "KS", "AS"]}, {"pieces": ["7D", "7H", "JK"]}],
            },
        ),
        ("kalooki", "layoff 3 JK[9H]", {"verb": "layoff", "pieces": ["JK"], "declared": ["9H"], "target": 3}),
        ("kalooki", "release 2 7D 7C", {"verb": "release", "pieces": ["7D", "7C"], "target": 2}),
        ("carousel", "new JK[7H]", {"verb": "new", "pieces": ["JK"], "declared": ["7H"], "target": None}),
        ("carousel", "split 3 7H", {"verb": "split", "pieces": ["7H"], "source": 3, "target": None}),
        ("carousel", "pull 1 7D 2", {"verb": "pull", "pieces": ["7D"], "source": 1, "target": 2}),
        ("carousel", "replace 2 5C", {"verb": "replace", "pieces": ["5C"], "target": 2}),
        ("carousel", "replace 2 5C from 4", {"verb": "replace", "pieces": ["5C"], "source": 4, "target": 2}),
        (
            "carousel",
            "draft 4H 5H 6H | TS JK[JS] QS",
            {
                "verb": "draft",
                "pieces": ["4H", "5H", "6H", "TS", "JK", "QS"],
                "declared": [None, None, None, None, "JS", None],
                "melds": [
                    {"pieces": ["4H", "5H", "6H"]},
                    {"pieces": ["TS", "JK", "QS"], "declared": [None, "JS", None]},
                ],
            },
        ),
    ],
)
def test_parts_of_written_actions(name: str, text: str, parts: dict[str, Any]) -> None:
    """Actions the legal lists rarely hold (an arrangement, several melds, a whole table) as parts."""
    info = variant(name)
    game = info.game(info.load_rules())
    found = game.action_parts(game.parse_action(text))
    assert found == parts
    check_shape(found)
    assert text_of(found) == text
