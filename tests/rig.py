"""Build positions for rule tests: chosen racks or hands, the piece set aside (indicator or up
card), discard piles and the stock's top, written as position text and read by the game's
``from_position`` (no private field is written)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rummykit.core.notation import format_faces, parse_declared
from rummykit.core.pieces import N_FACES, PieceSet
from rummykit.engine.codec import from_jsonable
from rummykit.engine.events import Event
from rummykit.engine.game import RoundResult
from rummykit.variants.closed_hand.game import ClosedHandGame
from rummykit.variants.closed_hand.state import ClosedHandState, Phase
from rummykit.variants.okey.game import OkeyGame
from rummykit.variants.okey.rules import OkeyRules
from rummykit.variants.okey.state import OkeyState
from rummykit.variants.turkish_rummy.game import TurkishRummyGame
from rummykit.variants.turkish_rummy.rules import TurkishRummyRules
from rummykit.variants.turkish_rummy.state import TurkishRummyState


class PiecePool:
    """The pieces of a set not placed yet: ``take`` them by notation (declarations kept), then
    the ``rest`` in a seeded shuffle."""

    def __init__(self, pieces: PieceSet) -> None:
        self.pieces = pieces
        self.free = {f: [pieces.piece(f, c) for c in range(pieces.copies_of(f))] for f in range(N_FACES + 1)}

    def take(self, text: str) -> list[tuple[int, int | None]]:
        """(piece id, declaration) for each token of ``text``."""
        return [(self.free[f].pop(), d) for f, d in parse_declared(self.pieces.kind, text)]

    def ids(self, text: str) -> list[int]:
        """Piece ids for the tokens of ``text``."""
        return [p for p, _ in self.take(text)]

    def rest(self, seed: int = 0) -> list[int]:
        """Every piece not taken, shuffled by ``seed``."""
        left = [p for ids in self.free.values() for p in ids]
        random.Random(seed).shuffle(left)
        return left


def _layout(
    pieces: PieceSet,
    aside: str,
    racks: Sequence[str | None],
    discards: list[str],
    stock_top: str,
    stock_size: int | None,
) -> tuple[list[str], list[str], str]:
    """(racks, discard piles, stock) as notation, every piece placed once: racks given as ``None``
    get 14 pieces from what is left, the rest is the stock with ``stock_top`` drawn first;
    ``stock_size`` moves all but that many stock pieces to the bottom of the last discard pile."""
    pool = PiecePool(pieces)
    pool.ids(aside)
    explicit = [pool.ids(r) if r is not None else [] for r in racks]
    piles = [pool.ids(d) for d in discards]
    top = pool.ids(stock_top)
    rest = pool.rest()
    placed = [
        rack if r is not None else [rest.pop() for _ in range(14)]
        for rack, r in zip(explicit, racks, strict=True)
    ]
    if stock_size is not None:
        keep = max(0, stock_size - len(top))
        piles[-1] = rest[keep:] + piles[-1]
        rest = rest[:keep]
    stock = rest + list(reversed(top))

    def text(ids: list[int]) -> str:
        return format_faces(pieces.kind, [pieces.face(p) for p in ids]) or "-"

    return [text(r) for r in placed], [text(p) for p in piles], text(stock)


def _position(head: str, racks: list[str], piles: list[str], stock: str) -> str:
    known = " / ".join("-" for _ in racks)
    return (
        f"{head}; hands {' / '.join(racks)}; discards {' / '.join(piles)}; stock {stock}; "
        f"known {known}; results -"
    )


def rigged(
    racks: list[str | None],
    indicator: str,
    *,
    turn: int = 0,
    phase: Phase = Phase.DRAW,
    discards: list[str] | None = None,
    stock_top: str = "",
    stock_size: int | None = None,
    rules: OkeyRules | None = None,
    first_turn_done: bool = True,
    seed: int = 0,
) -> tuple[OkeyGame, OkeyState]:
    """An Okey round (round 1, dealer the last seat) with these racks, ``indicator``, per-seat
    ``discards`` and stock top; the order of play is seat 0, 1, 2, …"""
    rules = rules or OkeyRules(players=len(racks))
    game = OkeyGame(rules)
    n = len(racks)
    rack_text, piles, stock = _layout(
        game.pieces, indicator, racks, discards or [""] * n, stock_top, stock_size
    )
    seats = " ".join(str(s) for s in range(n))
    head = (
        f"okey; seed {seed}; round 1; dealer {n - 1}; turn {turn}; phase {phase.value}; "
        f"indicator {indicator}; taken -; order {seats}; discarded {seats if first_turn_done else '-'}; "
        f"scores {' '.join([str(rules.start_points)] * n)}; shown -"
    )
    return game, game.from_position(_position(head, rack_text, piles, stock))


def rigged_cards(
    racks: list[str | None],
    up_card: str,
    *,
    pile: str = "",
    turn: int = 0,
    phase: Phase = Phase.DRAW,
    stock_top: str = "",
    stock_size: int | None = None,
    rules: TurkishRummyRules | None = None,
    seed: int = 0,
) -> tuple[TurkishRummyGame, TurkishRummyState]:
    """A Turkish Rummy round (round 1) with these hands, ``up_card``, the shared ``pile`` and
    stock top; the order of play is seat 0, 1, 2, …"""
    rules = rules or TurkishRummyRules(players=len(racks))
    game = TurkishRummyGame(rules)
    n = len(racks)
    rack_text, piles, stock = _layout(game.pieces, up_card, racks, [pile], stock_top, stock_size)
    seats = " ".join(str(s) for s in range(n))
    head = (
        f"turkish_rummy; seed {seed}; round 1; dealer -; turn {turn}; phase {phase.value}; up {up_card}; "
        f"taken -; order {seats}; discarded -; scores {' '.join(['0'] * n)}; draws -"
    )
    return game, game.from_position(_position(head, rack_text, piles, stock))


def play(game: ClosedHandGame[Any], state: ClosedHandState, text: str) -> list[Event]:
    """Apply ``text`` for the seat to move."""
    seat = game.current_seat(state)
    assert seat is not None
    return game.apply_text(state, seat, text)


def result_of(events: list[Event]) -> RoundResult:
    """The round's result from the round-end event among ``events`` (as JSON, read back)."""
    data = next(e.params["result"] for e in events if e.code == "round_end")
    result: RoundResult = from_jsonable(RoundResult, data)
    return result
