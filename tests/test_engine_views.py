"""What every game shows about other hands and what its resampled states carry: ``known`` in
``observe`` (the pieces everyone saw a seat take and that it still holds, as faces), the round
result's shared view, and a new seed in every resampled state."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import rummykit
from rummykit.engine.game import Game

SHORT: dict[str, dict[str, Any]] = {
    "okey": {"rounds": 2},
    "turkish_rummy": {"rounds": 2},
    "kalooki": {"match": "rounds", "rounds": 2},
    "carousel": {"players": 2, "target": 30},
    "okey_101": {"rounds": 2},
}


def random_steps(game: Game[Any, Any], seed: int, steps: int) -> list[Any]:
    """States along a random match (at most ``steps``)."""
    state = game.new_state(seed)
    rng = random.Random(seed)
    states: list[Any] = []
    while len(states) < steps and (seat := game.current_seat(state)) is not None:
        states.append(state.clone())
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return states


@pytest.mark.parametrize("variant", list(SHORT))
def test_known_is_in_the_hand_and_the_same_for_every_viewer(variant: str) -> None:
    game = rummykit.load(variant, **SHORT[variant])
    taken_seen = False
    for state in random_steps(game, 3, 400):
        spectator = game.observe(state, None)
        known = spectator["known"]
        assert len(known) == game.players
        for seat in range(game.players):
            view = game.observe(state, seat)
            assert view["known"] == known
            assert not Counter(known[seat]) - Counter(view["hand"]), "a known piece is not in the hand"
        taken_seen = taken_seen or any(known)
    if variant != "carousel":
        assert taken_seen, "random play never took a piece in view of all"


@pytest.mark.parametrize("variant", list(SHORT))
def test_resample_replaces_the_seed(variant: str) -> None:
    game = rummykit.load(variant, **SHORT[variant])
    state = random_steps(game, 5, 30)[-1]
    rng = random.Random(1)
    seeds = {game.resample(state, seat, rng).seed for seat in range(game.players) for _ in range(3)}
    assert state.seed not in seeds
    assert len(seeds) == 3 * game.players


@pytest.mark.parametrize("variant", list(SHORT))
def test_last_result_view_is_made_once(variant: str) -> None:
    """Observations share the last round's result view (read-only): one object, made once, whoever
    observes."""
    game = rummykit.load(variant, **SHORT[variant])
    state = game.new_state(2)
    rng = random.Random(2)
    while not state.results and (seat := game.current_seat(state)) is not None:
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    first = game.observe(state, 0)["last_result"]
    second = game.observe(state, None)["last_result"]
    assert first is not None and first is second, "each observation made its own view"
    assert first["round_no"] == 1 and len(first["deltas"]) == game.players
