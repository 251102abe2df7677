"""Any line typed into a terminal client is handled: an action, a session command or a one-line
explanation, never an exception, and the human's session always matches the engine's view."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from play_helpers import fresh_match, terminal_for
from rummykit.cli.play import HUMAN
from rummykit.cli.seat_link import LocalLink
from rummykit.cli.terminal import TerminalClient

WORDS = [
    *(
        [
            "draw",
            "take",
            "d",
            "discard",
            "finish",
            "pass",
            "show",
            "meld",
            "layoff",
            "release",
            "retract",
            "new",
            "add",
            "split",
            "move",
            "pull",
            "open",
            "pair",
            "swap",
        ]
    ),
    *(
        [
            "replace",
            "undo",
            "reset",
            "commit",
            "hint",
            "sort",
            "table",
            "help",
            "knock",
            "end",
            "draft",
            "?",
            "x",
        ]
    ),
    "hint use",
    "sort runs",
    "sort pairs",
]
TOKENS = [
    "7H",
    "JK",
    "JK[7H]",
    "R7",
    "F",
    "1",
    "2",
    "3",
    "new",
    "from",
    "AS",
    "KD",
    "9C",
    "99",
    "0",
    "|",
    ":",
    "\udcff",
    "B13",
    "K1",
]


@pytest.mark.parametrize("name", ["okey", "turkish_rummy", "kalooki", "carousel", "okey_101"])
def test_random_lines_never_break_a_client(name: str) -> None:
    rules = ("players=3",) if name in ("kalooki", "carousel") else ()
    game, state, bots, names, console, _ = fresh_match(name, 1, rules)
    rng = random.Random(name)
    asked: list[str] = []
    client: TerminalClient[Any]

    def read_line(prompt: str) -> str:
        asked.append(prompt)
        if len(asked) > 250:
            raise EOFError
        assert Counter(client.order) == Counter(game.observe(client.link.state, HUMAN)["hand"])
        if prompt.startswith(("really", "discard it anyway")):
            return "n"
        texts = client.session.texts()
        if texts and rng.random() < 0.5:
            return rng.choice(texts)
        return " ".join([rng.choice(WORDS), *rng.choices(TOKENS, k=rng.randint(0, 4))])

    client = terminal_for(LocalLink(game, state, bots, names), console, read_line)
    assert client.run() == 0
