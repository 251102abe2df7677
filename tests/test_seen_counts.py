"""The count of pieces seen (``Game.seen_counts``, the ``seen_count`` table option) of Okey, Turkish
Rummy and 101 Okey, over random playouts: at every step, from the deal through round ends to the
match's end, it is the faces lying in the open as the state holds them (counted here from the state
itself, not the view), the same from every seat's view and a spectator's, and unchanged when the
hidden pieces are dealt again (a resample), so it never counts a hidden piece.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.bots.base import RandomBot
from rummykit.core.pieces import JOKER
from rummykit.engine.game import Game, face_counts
from rummykit.variants.registry import VARIANTS

COUNTED = ["okey", "turkish_rummy", "okey_101"]
MAX_ACTIONS = 5_000


def public_pieces(game: Game[Any, Any], state: Any) -> Iterable[int]:
    """The pieces lying in the open, read from the state: the discard piles as the rules show
    them, the piece set aside, 101's table melds, and the pieces each seat is known to hold."""
    whole = getattr(game.rules, "discard_history", "visible") == "visible"
    if game.variant == "okey_101":
        piles, aside = state.piles, state.indicator
        melds = [piece for meld in state.table for piece in meld.pieces]
    else:
        piles, melds = state.discards, []
        aside = state.indicator if game.variant == "okey" else state.up_card
    for pile in piles:
        yield from pile if whole else pile[-1:]
    yield aside
    yield from melds
    for known in state.known:
        yield from known


def face_of(game: Game[Any, Any], piece: int) -> int:
    face: int = game.pieces.face(piece)
    return face


@pytest.mark.parametrize("name", COUNTED)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 4),
    top_only=st.booleans(),
)
@settings(max_examples=8, deadline=None)
def test_seen_counts_are_the_public_pieces(name: str, seed: int, players: int, top_only: bool) -> None:
    info = VARIANTS[name]
    options: dict[str, object] = {"players": players, "rounds": 2}
    if top_only and "discard_history" in info.option_names():
        options["discard_history"] = "top_only"
    game = info.game(info.load_rules(None, options))
    state = game.new_state(seed)
    bots = [RandomBot(game, seed + i) for i in range(players)]
    rng = random.Random(seed)
    phases = set()
    for _ in range(MAX_ACTIONS):
        public = game.observe(state, None)
        counts = game.seen_counts(public)
        assert counts == face_counts(face_of(game, p) for p in public_pieces(game, state))
        assert len(counts) == JOKER + 1 and max(counts) <= 2
        assert all(game.seen_counts(game.observe(state, s)) == counts for s in range(players))
        phases.add((public["phase"], public["round"]))
        seat = game.current_seat(state)
        if seat is None:
            break
        hidden_again = game.resample(state, seat, rng)
        assert game.seen_counts(game.observe(hidden_again, None)) == counts
        game.apply(state, seat, bots[seat].choose(game.observe(state, seat), game.legal_actions(state, seat)))
    assert game.outcome(state) is not None
    assert len({phase for phase, _ in phases}) >= 2


@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_packages_that_offer_the_count_are_those_that_count(name: str) -> None:
    info = VARIANTS[name]
    game = info.game(info.load_rules())
    counts = game.seen_counts(game.observe(game.new_state(1), None))
    assert (counts is not None) is info.seen_count is (name in COUNTED)
