"""Build positions for rule tests: chosen racks or hands, the piece set aside (indicator or up
card), discard piles, the stock's top, and (Kalooki) the table."""

from __future__ import annotations

import random
from typing import Any

from rummykit.core.melds import CARD_JOKERS
from rummykit.core.notation import parse_declared
from rummykit.core.pieces import N_FACES, PieceSet
from rummykit.engine.closed_hand import ClosedHandGame, Phase
from rummykit.engine.table import table_meld
from rummykit.variants.kalooki.rules import KalookiRules
from rummykit.variants.kalooki.state import DECKS, KalookiGame, KPhase
from rummykit.variants.okey.rules import OkeyRules
from rummykit.variants.okey.state import OkeyGame
from rummykit.variants.turkish_rummy.rules import TurkishRummyRules
from rummykit.variants.turkish_rummy.state import TurkishRummyGame


def snapshot(game: ClosedHandGame[Any]) -> tuple[object, ...]:
    """Everything an illegal action must leave as it was, in an Okey or Turkish Rummy game."""
    return (
        [list(r) for r in game.racks],
        [list(d) for d in game.discards],
        list(game.stock),
        list(game.scores),
        game.turn,
        game.phase,
        game.taken,
        sorted(game.discarded),
        sorted(getattr(game, "shown", set())),
        game.round_no,
    )


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


def _place(
    game: ClosedHandGame[Any],
    aside: str,
    racks: list[str | None],
    discards: list[str],
    stock_top: str,
    stock_size: int | None,
) -> int:
    """Put the pieces in place; returns the piece id set aside. Every id ends in one place:
    racks given as ``None`` get 14 pieces from what is left, the rest is the stock with
    ``stock_top`` drawn first; ``stock_size`` moves all but that many stock pieces to the bottom of
    the last discard pile."""
    pool = PiecePool(game.pieces)
    set_aside = pool.ids(aside)[0]
    explicit = [pool.ids(r) if r is not None else [] for r in racks]
    game.discards = [pool.ids(d) for d in discards]
    top = pool.ids(stock_top)
    rest = pool.rest()
    game.racks = [
        rack if r is not None else [rest.pop() for _ in range(14)]
        for rack, r in zip(explicit, racks, strict=True)
    ]
    if stock_size is not None:
        keep = max(0, stock_size - len(top))
        game.discards[-1] = rest[keep:] + game.discards[-1]
        rest = rest[:keep]
    game.stock = rest + list(reversed(top))
    game.taken = None
    game._legal = None
    return set_aside


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
) -> OkeyGame:
    """An Okey round with these racks, ``indicator``, per-seat ``discards`` and stock top."""
    rules = rules or OkeyRules(players=len(racks))
    game = OkeyGame(rules, seed=0)
    game.indicator = _place(game, indicator, racks, discards or [""] * len(racks), stock_top, stock_size)
    game.wilds = rules.wilds(game.indicator_face)
    game.order = list(range(len(racks)))
    game.turn, game.phase = turn, phase
    game.discarded = set(range(len(racks))) if first_turn_done else set()
    game.shown = set()
    return game


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
) -> TurkishRummyGame:
    """A Turkish Rummy round with these hands, ``up_card``, the shared ``pile`` and stock top; the
    order of play is seat 0, 1, 2, …"""
    rules = rules or TurkishRummyRules(players=len(racks))
    game = TurkishRummyGame(rules, seed=0)
    game.up_card = _place(game, up_card, racks, [pile], stock_top, stock_size)
    game.wilds = rules.wilds(game.up_face)
    game.order = list(range(len(racks)))
    game.turn, game.phase = turn, phase
    game.discarded = set()
    return game


def rigged_kalooki(
    hands: list[str | None],
    *,
    table: list[tuple[int, str]] | None = None,
    opened: set[int] | None = None,
    turn: int = 0,
    phase: KPhase = KPhase.PLAY,
    pile: str = "4C",
    stock_size: int | None = None,
    rules: KalookiRules | None = None,
) -> KalookiGame:
    """A Kalooki round with these hands (``None``: 13 cards from what is left), table melds
    ``(owner, "5H 6H JK[7H] 8H")`` numbered from 1, the seats that have opened, and the pile; the
    rest is the stock (``stock_size`` moves the excess under the pile)."""
    rules = rules or KalookiRules(players=len(hands))
    game = KalookiGame(rules, seed=0)
    pool = PiecePool(DECKS)
    game.table = [
        table_meld(i + 1, owner, pool.take(text), DECKS, rules.meld_rules(), CARD_JOKERS)
        for i, (owner, text) in enumerate(table or [])
    ]
    game.next_number = len(game.table) + 1
    explicit = [pool.ids(h) if h is not None else [] for h in hands]
    game.pile = pool.ids(pile)
    rest = pool.rest()
    game.hands = [
        h if text is not None else [rest.pop() for _ in range(13)]
        for h, text in zip(explicit, hands, strict=True)
    ]
    if stock_size is not None:
        game.pile = rest[stock_size:] + game.pile
        rest = rest[:stock_size]
    game.stock = rest
    game.opened = set(opened or set())
    game.turn = turn
    game._begin_turn(check_stock=False)
    game.phase = phase
    return game
