"""Invariants of every playable game, written once and parametrised over the games.

Pieces are conserved after every action; matches terminate; an observation of one seat does not
change when the other seats' hidden pieces are permuted; a written record replays to the same
outcome.
"""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.bots.base import RandomBot
from rummykit.bots.registry import make_bot
from rummykit.engine.match import play_match
from rummykit.engine.records import RecordWriter, replay
from rummykit.variants.registry import VARIANTS, game_from_record

PLAYABLE = list(VARIANTS)
MAX_ACTIONS = 20_000


def new_game(name: str, seed: int, players: int = 4, rounds: int = 2) -> Any:
    info = VARIANTS[name]
    overrides = {
        "kalooki": [f"players={players}", "match=rounds", f"rounds={rounds}"],
        "carousel": [f"players={players}", f"target={20 * rounds}"],
    }.get(name, [f"players={players}", f"rounds={rounds}"])
    rules = info.load_rules(overrides=overrides)
    return info.new_game(rules, seed), rules


def conserved(game: Any) -> bool:
    places = game.piece_places()
    return len(places) == game.pieces.size and set(places.values()) == {1}


@pytest.mark.parametrize("name", PLAYABLE)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
@settings(max_examples=15, deadline=None)
def test_pieces_conserved_and_matches_terminate(name: str, seed: int, players: int) -> None:
    game, _ = new_game(name, seed, players)
    bots = [RandomBot(seed + i) for i in range(players)]
    steps = 0
    while not game.is_terminal():
        seat = game.current_seat
        game.apply(bots[seat].choose(game.observation(seat), game.legal_actions()))
        assert conserved(game)
        steps += 1
        assert steps < MAX_ACTIONS
    assert game.outcome() is not None and game.legal_actions() == []


@pytest.mark.parametrize("name", PLAYABLE)
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 60), shuffle_seed=st.integers(0, 1000))
@settings(max_examples=25, deadline=None)
def test_observation_ignores_other_seats_hidden_pieces(
    name: str, seed: int, moves: int, shuffle_seed: int
) -> None:
    game, _ = new_game(name, seed)
    bots = [RandomBot(seed + i) for i in range(4)]
    for _ in range(moves):
        if game.is_terminal():
            break
        seat = game.current_seat
        game.apply(bots[seat].choose(game.observation(seat), game.legal_actions()))
    if game.is_terminal():
        return
    seat = 0
    before = game.observation(seat)
    hidden = [p for s, hand in enumerate(game.hands) if s != seat for p in hand] + list(game.stock)
    random.Random(shuffle_seed).shuffle(hidden)
    for s, hand in enumerate(game.hands):
        if s != seat:
            game.hands[s][:] = [hidden.pop() for _ in hand]
    game.stock = [hidden.pop() for _ in game.stock]
    game._legal = None
    assert game.observation(seat) == before


@pytest.mark.parametrize("name", PLAYABLE)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_records_replay_to_the_same_outcome(name: str, seed: int) -> None:
    game, rules = new_game(name, seed, rounds=1)
    buffer = io.StringIO()
    writer = RecordWriter(buffer, game, rules, [f"bot{i}" for i in range(game.players)])
    outcome = play_match(game, [RandomBot(seed * 10 + i) for i in range(game.players)], writer)
    replayed = replay(buffer.getvalue().splitlines(), game_from_record)
    assert replayed.complete and replayed.game.outcome() == outcome
    assert replayed.actions == len(buffer.getvalue().splitlines()) - 2


@pytest.mark.parametrize("name", PLAYABLE)
@pytest.mark.parametrize("seed", [11, 12])
def test_greedy_bots_finish_their_matches(name: str, seed: int) -> None:
    """Self-play smoke test: greedy against random, every card conserved, the match ends."""
    game, rules = new_game(name, seed, rounds=2)
    bots = [
        make_bot("greedy" if s % 2 == 0 else "random", name, rules, seed * 10 + s)
        for s in range(game.players)
    ]
    steps = 0
    while not game.is_terminal():
        seat = game.current_seat
        game.apply(bots[seat].choose(game.observation(seat), game.legal_actions()))
        steps += 1
        assert steps < MAX_ACTIONS, "the match does not end"
    assert conserved(game)
