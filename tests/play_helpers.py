"""Shared helpers for the tests of ``rummykit play``: the command line run on piped input, a scripted
``read_line`` and a fresh match against bots writing plain text to a buffer."""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from rich.console import Console
from typer.testing import CliRunner

from rummykit.bots.registry import make_bot
from rummykit.cli.app import app
from rummykit.engine.closed_hand import ClosedHandGame
from rummykit.engine.game import Game
from rummykit.engine.match import Bot
from rummykit.variants.registry import variant

RUNNER = CliRunner()

GameT = TypeVar("GameT", bound=Game[Any, Any])

Line = str | Callable[[Any], str]
"""A scripted line: text, or a function of the client that gives it."""


def run_app(*args: str, stdin: str = "") -> tuple[int, str]:
    """Run the command line with ``args``; (exit code, standard output)."""
    result = RUNNER.invoke(app, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout


class Script:
    """A ``read_line`` answering from a list (text, or a function of :attr:`client`), then end of
    input. Records the prompts it was asked."""

    def __init__(self, lines: Sequence[Line]) -> None:
        self.lines = list(lines)
        self.prompts: list[str] = []
        self.client: Any = None

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        line = self.lines.pop(0)
        if callable(line):
            assert self.client is not None
            return line(self.client)
        return line


def fresh_match(
    game_type: type[GameT],
    name: str,
    seed: int,
    rules: Sequence[str],
    bot: str = "random",
    console: Console | None = None,
) -> tuple[GameT, list[Bot | None], list[str], Console, io.StringIO]:
    """A fresh match of the variant ``name`` (a ``game_type``) with ``bot`` at the other seats:
    the game, the seats' bots (``None`` for the human), their names, and a console writing plain
    text to the buffer returned last (unless ``console`` is given)."""
    info = variant(name)
    game_rules = info.load_rules(None, list(rules))
    game = info.new_game(game_rules, seed)
    assert isinstance(game, game_type)
    bots: list[Bot | None] = [None]
    bots += [make_bot(bot, info.name, game_rules, seed * 10 + s) for s in range(1, game_rules.players)]
    names = ["you", *(f"{bot}-{s}" for s in range(1, game_rules.players))]
    out = io.StringIO()
    console = console or Console(file=out, color_system=None, width=120, soft_wrap=True)
    return game, bots, names, console, out


def give_rack(game: ClosedHandGame[Any], seat: int, faces: Sequence[int], keep_rest: bool = False) -> None:
    """Make ``seat``'s rack hold the pieces of ``faces`` by swapping pieces with the stock and the
    other racks (every piece stays in exactly one place). The pieces it gives away are the last of
    its rack that ``faces`` don't need, or the first with ``keep_rest``."""
    rack = game.racks[seat]
    want = Counter(faces)
    spare = []
    for piece in rack:
        if want[game.face(piece)]:
            want[game.face(piece)] -= 1
        else:
            spare.append(piece)
    for face in want.elements():
        holders = [game.stock, *(r for s, r in enumerate(game.racks) if s != seat)]
        where = next(h for h in holders if any(game.face(p) == face for p in h))
        piece = next(p for p in where if game.face(p) == face)
        swap = spare.pop(0 if keep_rest else -1)
        where[where.index(piece)] = swap
        rack[rack.index(swap)] = piece
