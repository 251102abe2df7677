"""Malformed action objects, in every game of the registry: values that are no well-formed action of
the game (``None``, a string, a number, another game's action, one of the game's own actions with a
field that doesn't fit its verb) are refused by ``apply``, ``is_legal`` and ``refusal`` with the code
``malformed_action``, and nothing changes.

The objects are made generically, from the game's own legal actions and the other games' ones, at a
few states of a seeded random play (the start, after a draw, deeper into the round).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from rummykit.engine.game import Game
from rummykit.errors import MalformedActionError
from rummykit.variants.registry import VARIANTS

GAMES = list(VARIANTS)
PLIES = (0, 1, 6)
"""The states checked: after this many random moves from a seeded deal."""
SAMPLED = 3
"""Legal actions per state that are corrupted field by field."""


@cache
def game_of(name: str) -> Game[Any, Any]:
    """The game ``name`` under its preset rules."""
    info = VARIANTS[name]
    return info.game(info.load_rules())


def states(name: str) -> Iterator[tuple[Any, int]]:
    """(state, seat to move) after each of :data:`PLIES` random moves of a seeded deal."""
    game = game_of(name)
    rng = random.Random(name)
    state = game.new_state(7)
    for ply in range(max(PLIES) + 1):
        seat = game.current_seat(state)
        assert seat is not None
        if ply in PLIES:
            yield state, seat
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))


@cache
def sample_actions(name: str) -> tuple[Any, ...]:
    """A few legal actions of ``name``'s game from each state of :func:`states`."""
    game = game_of(name)
    out: list[Any] = []
    for state, seat in states(name):
        out += random.Random(len(out)).sample(game.legal_actions(state, seat), k=1)
        out += game.legal_actions(state, seat)[:SAMPLED]
    return tuple(out)


def plain_values() -> list[object]:
    """Values that are no game's action."""
    return [None, "draw", "discard R5", 0, 3, 1.5, True, object(), (), [], {"verb": "draw"}]


def foreign_actions(name: str) -> list[object]:
    """Other games' actions that ``name``'s game could not have made: of another class, or of the
    same class (a family's shared actions) with pieces of another kind."""
    game = game_of(name)
    own = {type(a) for a in sample_actions(name)}
    out: list[object] = []
    for other in GAMES:
        if other == name:
            continue
        other_game = game_of(other)
        for action in sample_actions(other):
            if type(action) not in own or (
                other_game.kind is not game.kind and other_game.action_parts(action)["pieces"]
            ):
                out.append(action)
    return out


def _bad_ints(value: object, bad: int) -> object:
    """``value`` with every int inside it (through tuples) replaced by ``bad``."""
    if type(value) is int:
        return bad
    if isinstance(value, tuple):
        return tuple(_bad_ints(v, bad) for v in value)
    return value


def corrupted(name: str) -> list[object]:
    """The game's own sampled actions with one field spoiled: a value of no expected type, the
    verb as a plain string, every number in it out of range."""
    out: list[object] = []
    for action in sample_actions(name):
        for f in dataclasses.fields(action):
            value = getattr(action, f.name)
            spoilt = [object(), 10**6 + 0.5]
            if isinstance(value, str):
                spoilt.append(str(value))
            for bad in (999, -1):
                if _bad_ints(value, bad) != value:
                    spoilt.append(_bad_ints(value, bad))
            out += [dataclasses.replace(action, **{f.name: v}) for v in spoilt]
    return out


MAKERS = {"plain values": lambda name: plain_values(), "foreign": foreign_actions, "corrupted": corrupted}


@pytest.mark.parametrize("family", list(MAKERS))
@pytest.mark.parametrize("name", GAMES)
def test_malformed_objects_are_refused_with_a_code_and_change_nothing(name: str, family: str) -> None:
    game = game_of(name)
    bad = MAKERS[family](name)
    assert bad, f"no {family} malformed objects for {name}"
    for state, seat in states(name):
        before = state.to_json()
        for action in bad:
            shown = repr(action)[:80]
            with pytest.raises(MalformedActionError) as caught:
                game.apply(state, seat, action)
            assert caught.value.code == "malformed_action", shown
            assert str(caught.value).startswith(repr(action)[:20]), shown
            assert caught.value.params["reason"], shown
            assert not game.is_legal(state, seat, action), shown
            refusal = game.refusal(state, seat, action)
            assert refusal is not None and refusal.code == "malformed_action", shown
            assert game.action_id(state, action) is None, shown
            assert state.to_json() == before, shown


@pytest.mark.parametrize("name", GAMES)
def test_the_games_own_actions_are_well_formed(name: str) -> None:
    """The check refuses only what is malformed: every action the game lists or reads is well
    formed (so the refusals above are about the spoilt fields)."""
    game = game_of(name)
    for state, seat in states(name):
        for action in game.legal_actions(state, seat):
            assert game.action_problem(action) is None, action
            assert game.action_problem(game.parse_action(game.action_text(action))) is None, action
