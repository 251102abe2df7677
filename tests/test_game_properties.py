"""Invariants of every game over random table sizes and seeds, parametrised over the games.

Pieces are conserved after every action and matches terminate at every table size; a written
record replays to the same final state and outcome; greedy bots finish their matches. (The
per-step checks of the interface, hidden information included, are the conformance suite's:
``tests/test_conformance.py``.)
"""

from __future__ import annotations

import io
from collections import Counter
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rummykit.bots.base import RandomBot
from rummykit.bots.registry import make_bot
from rummykit.engine.game import Game
from rummykit.engine.match import play_match
from rummykit.engine.records import RecordWriter, replay
from rummykit.variants.registry import VARIANTS, game_from_record

PLAYABLE = list(VARIANTS)
MAX_ACTIONS = 20_000


def new_game(name: str, players: int = 4, rounds: int = 2) -> Game[Any, Any]:
    """The game ``name`` for ``players`` with a match of about ``rounds`` rounds."""
    info = VARIANTS[name]
    options = {
        "kalooki": {"match": "rounds", "rounds": rounds},
        "carousel": {"target": 20 * rounds},
    }.get(name, {"rounds": rounds})
    return info.game(info.load_rules(None, {"players": players, **options}))


@pytest.mark.parametrize("name", PLAYABLE)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
@example(seed=69728, players=3)  # 101 Okey: meld, meld, retract went round for ever (a turn is finite)
@settings(max_examples=10, deadline=None)
def test_pieces_conserved_and_matches_terminate(name: str, seed: int, players: int) -> None:
    game = new_game(name, players, rounds=1)
    state = game.new_state(seed)
    bots = [RandomBot(game, seed + i) for i in range(players)]
    every_piece = Counter(range(game.pieces.size))
    steps = 0
    while (seat := game.current_seat(state)) is not None:
        game.apply(state, seat, bots[seat].choose(game.observe(state, seat), game.legal_actions(state, seat)))
        assert game.piece_places(state) == every_piece
        steps += 1
        assert steps < MAX_ACTIONS
    assert game.outcome(state) is not None
    assert all(game.legal_actions(state, s) == [] for s in range(players))


@pytest.mark.parametrize("name", PLAYABLE)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_records_replay_to_the_same_outcome(name: str, seed: int) -> None:
    game = new_game(name, rounds=1)
    state = game.new_state(seed)
    buffer = io.StringIO()
    writer = RecordWriter(buffer, game, state, [f"bot{i}" for i in range(game.players)])
    outcome = play_match(game, state, [RandomBot(game, seed * 10 + i) for i in range(game.players)], writer)
    lines = buffer.getvalue().splitlines()
    replayed = replay(lines, game_from_record)
    assert replayed.complete and replayed.actions == len(lines) - 2
    assert replayed.state == state and replayed.game.outcome(replayed.state) == outcome
    assert len(replayed.results) == outcome.rounds


@pytest.mark.parametrize("name", PLAYABLE)
@pytest.mark.parametrize("seed", [11, 12])
def test_greedy_bots_finish_their_matches(name: str, seed: int) -> None:
    """Self-play smoke test: greedy against random, every piece conserved, the match ends."""
    game = new_game(name, rounds=2)
    state = game.new_state(seed)
    bots = [make_bot("greedy" if s % 2 == 0 else "random", game, seed * 10 + s) for s in range(game.players)]
    steps = Counter[str]()

    def count(seat: int, events: list[Any]) -> None:
        steps["actions"] += 1
        assert steps["actions"] < MAX_ACTIONS, "the match does not end"

    outcome = play_match(game, state, bots, on_step=count)
    assert game.piece_places(state) == Counter(range(game.pieces.size))
    assert outcome.rounds >= 1 and game.is_terminal(state)
