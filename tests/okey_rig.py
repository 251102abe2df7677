"""Build Okey positions for rule tests: chosen racks, indicator, discards and stock top."""

from __future__ import annotations

import random

from rummykit.core.notation import parse_faces
from rummykit.core.pieces import OKEY_TILES, Kind
from rummykit.engine.closed_hand import Phase
from rummykit.variants.okey.rules import OkeyRules
from rummykit.variants.okey.state import OkeyGame


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
    """A game whose round holds exactly these pieces: racks in notation (``None``: 14 tiles dealt
    from what is left), discard piles, the indicator; the rest of the 106 tiles form the stock with
    ``stock_top`` drawn first. ``stock_size`` moves all but that many stock tiles to the bottom of
    the last seat's discard pile, so every tile is still in exactly one place."""
    rules = rules or OkeyRules(players=len(racks))
    game = OkeyGame(rules, seed=0)
    free = {
        face: [OKEY_TILES.piece(face, c) for c in range(OKEY_TILES.copies_of(face))] for face in range(53)
    }

    def take(text: str) -> list[int]:
        return [free[f].pop() for f in parse_faces(Kind.TILES, text)]

    game.indicator = take(indicator)[0]
    game.wilds = rules.wilds(OKEY_TILES.face(game.indicator))
    explicit = [take(r) if r is not None else [] for r in racks]
    game.discards = [take(d) for d in (discards or [""] * len(racks))]
    top = take(stock_top)
    rest = [p for pieces in free.values() for p in pieces]
    random.Random(0).shuffle(rest)
    game.racks = [
        rack if r is not None else [rest.pop() for _ in range(14)]
        for rack, r in zip(explicit, racks, strict=True)
    ]
    if stock_size is not None:
        keep = max(0, stock_size - len(top))
        game.discards[-1] = rest[keep:] + game.discards[-1]
        rest = rest[:keep]
    game.stock = rest + list(reversed(top))
    game.turn = turn
    game.phase = phase
    game.taken = None
    game.discarded = set(range(len(racks))) if first_turn_done else set()
    game.shown = set()
    game._legal = None
    return game
