"""Shared helpers for the tests of ``rummykit play``: the command line run on piped input, a scripted
``read_line``, a fresh match against bots writing plain text to a buffer, and positions rigged on a
match's plain-data state."""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console
from typer.testing import CliRunner

from rummykit.bots.registry import make_bot
from rummykit.cli.app import app
from rummykit.cli.seat_link import SeatLink
from rummykit.core.notation import format_face
from rummykit.engine.game import Game
from rummykit.engine.match import Bot
from rummykit.engine.position import fields_of, position_text
from rummykit.engine.state import State
from rummykit.variants.closed_hand.game import ClosedHandGame
from rummykit.variants.registry import variant

RUNNER = CliRunner()

Line = str | Callable[[Any], str]
"""A scripted line: text, or a function of the client that gives it."""


def run_app(*args: str, stdin: str | bytes = "") -> tuple[int, str]:
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


def load_game(name: str, rules: Sequence[str]) -> Game[Any, Any]:
    """The game ``name`` under ``rules`` (``name=value``), as ``rummykit play`` builds it: the
    closed-hand games revealing every hand at a round's end."""
    info = variant(name)
    game = info.game(info.load_rules(None, list(rules)))
    if isinstance(game, ClosedHandGame):
        game = info.game(game.rules, reveal_hands=True)
    return game


def fresh_match(
    name: str, seed: int, rules: Sequence[str], bot: str = "random", console: Console | None = None
) -> tuple[Game[Any, Any], State, list[Bot | None], list[str], Console, io.StringIO]:
    """A fresh match of the variant ``name`` with ``bot`` at the other seats: the game, the match's
    state, the seats' bots (``None`` for the human), their names, and a console writing plain text to
    the buffer returned last (unless ``console`` is given)."""
    game = load_game(name, rules)
    state = game.new_state(seed)
    bots: list[Bot | None] = [None]
    bots += [make_bot(bot, game, seed * 10 + s) for s in range(1, game.players)]
    names = ["you", *(f"{bot}-{s + 1}" for s in range(1, game.players))]
    out = io.StringIO()
    console = console or Console(file=out, color_system=None, width=120, soft_wrap=True)
    return game, state, bots, names, console, out


def reread(client: Any) -> None:
    """After a test changed the match's state: feed the client's session again, the rack sorted
    afresh as at a new round."""
    client.session.rack.round_no = None
    client.refresh()


def give_rack(
    game: ClosedHandGame[Any], state: State, seat: int, faces: Sequence[int], keep_rest: bool = False
) -> State:
    """The position of ``state`` with ``seat``'s rack holding the pieces of ``faces``, swapped with
    the stock and the other racks (every piece stays in exactly one place), written as position text
    and read back (``from_position``). The pieces it gives away are the last of its rack that
    ``faces`` don't need, or the first with ``keep_rest``."""
    parts = fields_of(game.position(state), game.variant)
    racks = [rack.split() if rack != "-" else [] for rack in parts["hands"].split(" / ")]
    stock = parts["stock"].split() if parts["stock"] != "-" else []
    rack = racks[seat]
    want = Counter(format_face(game.pieces.kind, f) for f in faces)
    spare = []
    for piece in rack:
        if want[piece]:
            want[piece] -= 1
        else:
            spare.append(piece)
    for piece in want.elements():
        holders = [stock, *(r for s, r in enumerate(racks) if s != seat)]
        where = next(h for h in holders if piece in h)
        swap = spare.pop(0 if keep_rest else -1)
        where[where.index(piece)] = swap
        rack[rack.index(swap)] = piece
    parts.update(hands=" / ".join(" ".join(r) or "-" for r in racks), stock=" ".join(stock) or "-")
    return game.from_position(position_text(game.variant, parts.items()))


def card_pool(texts: Sequence[str]) -> Counter[str]:
    """The cards written in ``texts`` (notation, separated by spaces, commas or slashes; a declared
    joker ``JK[7H]`` counted as ``JK``)."""
    cards: Counter[str] = Counter()
    for text in texts:
        for token in text.replace("/", " ").replace(",", " ").replace(";", " ").split():
            if token != "-":
                cards["JK" if token.startswith("JK") else token] += 1
    return cards


def take_cards(pool: Counter[str], text: str) -> list[str]:
    """The cards of ``text`` (space separated), taken out of ``pool``."""
    tokens = text.split()
    for token in tokens:
        card = "JK" if token.startswith("JK") else token
        assert pool[card] > 0, f"no {card} left to place"
        pool[card] -= 1
    return tokens


def keep_or_swap(pool: Counter[str], cards: Sequence[str]) -> list[str]:
    """As many cards: each of ``cards`` while ``pool`` still has it, else another of the pool;
    all taken out of ``pool``."""
    kept = []
    for card in cards:
        if pool[card] > 0:
            kept += take_cards(pool, card)
    while len(kept) < len(cards):
        kept += take_cards(pool, next(iter(+pool)))
    return kept


def terminal_for(link: SeatLink, console: Console, read_line: Callable[[str], str], **options: Any) -> Any:
    """The link's game's terminal client (its package's ``terminal``), built with ``options``
    (``interactive``, ``echo_input``, ``view``)."""
    return variant(link.game.variant).part("terminal")(link, console, read_line, **options)


def play_beside_twin(game: Game[Any, Any], state: Any, bots: Sequence[Bot], twin: Bot) -> int:
    """Play ``state`` to its end, seat ``s`` by ``bots[s]``, every move legal; at each decision of
    seat 0, ``twin`` (a bot made as ``bots[0]`` was, with the same seed) must choose the same move.
    Returns how many decisions seat 0 made."""
    decided = 0
    while (seat := game.current_seat(state)) is not None:
        view, legal = game.observe(state, seat), game.legal_actions(state, seat)
        action = bots[seat].choose(view, legal)
        assert action in legal
        if seat == 0:
            assert twin.choose(view, legal) == action
            decided += 1
        game.apply(state, seat, action)
    assert game.is_terminal(state)
    return decided


def greedy_positions(game: Game, seed: int, every: int) -> list[tuple[State, int]]:
    """(a copy of the state, the seat to move) every ``every`` actions of a match of ``game``
    dealt from ``seed`` and played out by greedy bots."""
    state = game.new_state(seed)
    greedy = make_bot("greedy", game, 0)
    out: list[tuple[State, int]] = []
    step = 0
    while (seat := game.current_seat(state)) is not None:
        if step % every == 0:
            out.append((state.clone(), seat))
        game.apply(state, seat, greedy.choose(game.observe(state, seat), game.legal_actions(state, seat)))
        step += 1
    return out
