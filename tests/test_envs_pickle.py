"""The PettingZoo environments pickle and deep-copy (issue #31: vector environments in
subprocesses, ``multiprocessing``, Ray): every game's ``env()`` and ``raw_env()`` (factored and with
macro actions where the game has them), copied before a reset, at the deal and mid-match (mid-way
through a factored choice too) and a few steps before the match's end, play on exactly as the
original does; a pickled environment plays on in a ``spawn`` child process; the OpenSpiel games
and states pickle and deep-copy too."""

from __future__ import annotations

import copy
import importlib
import multiprocessing
import pickle
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import rummykit
from rummykit.envs import ENV_MODULES
from test_envs import SHORT


def _available() -> list[str]:
    names = []
    for name in ENV_MODULES:
        try:
            rummykit.load(name.removesuffix("_v0"))
        except (AttributeError, ImportError):
            continue
        names.append(name)
    return names


AVAILABLE = _available()


EXTRA: dict[str, list[dict[str, Any]]] = {
    "kalooki_v0": [{"factored": True}],
    "carousel_v0": [{"factored": True}, {"factored": True, "macros": 2}],
}
"""The factored forms of the games that have them."""

CASES = [
    pytest.param(name, make, kwargs, id=f"{name}-{make}-{'-'.join(kwargs) or 'flat'}")
    for name in AVAILABLE
    for kwargs in [{}, *EXTRA.get(name, [])]
    for make in ("env", "raw_env")
]

COPIES: dict[str, Callable[[Any], Any]] = {
    "pickle": lambda env: pickle.loads(pickle.dumps(env)),
    "deepcopy": copy.deepcopy,
}

BEFORE = 37
"""Random steps played before the copy mid-match."""

AFTER = 30
"""Steps played on both after a copy (fewer once the match ends)."""

CHILD_TIMEOUT = 120
"""Seconds the spawned process is given (it imports the package first)."""

MATCH = 10_000
"""More steps than any random match here plays."""

PAYING_SEED = 26
"""A seed (deal and random actions) whose match pays rewards in every game and form here (most
random Okey matches end when the stock runs out, a round that pays nothing)."""

NEAR_END = 6
"""Steps before the match's end at which :func:`test_a_copy_near_the_end_pays_the_same_rewards`
copies: the last round's end among them."""


def make_env(name: str, make: str, kwargs: dict[str, Any]) -> Any:
    module = importlib.import_module(f"rummykit.envs.{name}")
    return getattr(module, make)(**SHORT[name], **kwargs)


def snapshot(env: Any) -> dict[str, Any]:
    """Everything a learner reads after a step: each agent's observation (its arrays as bytes),
    the agent to move and the turn data."""
    observations = {
        agent: {key: (array.dtype, array.shape, array.tobytes()) for key, array in env.observe(agent).items()}
        for agent in env.possible_agents
    }
    return {
        "observations": observations,
        "agent": env.agent_selection,
        "agents": list(env.agents),
        "rewards": dict(env.rewards),
        "cumulative": dict(env._cumulative_rewards),
        "terminations": dict(env.terminations),
        "truncations": dict(env.truncations),
    }


def random_action(env: Any, rng: random.Random) -> int | None:
    """A legal action of the agent to move (``None`` once it is done): one of its legal ids, or
    factored, of its mask's values."""
    agent = env.agent_selection
    if env.terminations[agent] or env.truncations[agent]:
        return None
    raw = env.unwrapped
    if raw.factoring is None:
        return rng.choice(raw.game.legal_ids(raw.state, raw.game.current_seat(raw.state)))
    return rng.choice(np.flatnonzero(env.observe(agent)["action_mask"]).tolist())


def play(env: Any, steps: int, rng: random.Random) -> list[int | None]:
    """Play up to ``steps`` random legal actions (fewer once every agent is out); the actions."""
    actions = []
    while env.agents and len(actions) < steps:
        action = random_action(env, rng)
        env.step(action)
        actions.append(action)
    return actions


def play_both(original: Any, twin: Any, rng: random.Random, steps: int) -> None:
    """Step ``original`` and ``twin`` with the same random actions (chosen for the original) up
    to ``steps`` times (fewer once the match ends), checking after every step that they read the
    same."""
    assert snapshot(twin) == snapshot(original)
    played = 0
    while original.agents and played < steps:
        action = random_action(original, rng)
        original.step(action)
        twin.step(action)
        played += 1
        assert snapshot(twin) == snapshot(original), f"step {played} after the copy"


@pytest.mark.parametrize("how", COPIES)
@pytest.mark.parametrize(("name", "make", "kwargs"), CASES)
def test_a_copy_mid_match_plays_on_as_the_original(
    name: str, make: str, kwargs: dict[str, Any], how: str
) -> None:
    original = make_env(name, make, kwargs)
    original.reset(seed=11)
    rng = random.Random(5)
    play(original, BEFORE, rng)
    twin = COPIES[how](original)
    assert twin.unwrapped is not original.unwrapped
    assert twin.unwrapped.state is not original.unwrapped.state
    play_both(original, twin, rng, AFTER)


@pytest.mark.parametrize("how", COPIES)
@pytest.mark.parametrize(("name", "make", "kwargs"), CASES)
def test_a_copy_at_the_deal_plays_on_and_deals_the_same_next_match(
    name: str, make: str, kwargs: dict[str, Any], how: str
) -> None:
    original = make_env(name, make, kwargs)
    original.reset(seed=3)
    twin = COPIES[how](original)
    play_both(original, twin, random.Random(8), AFTER)
    original.reset()  # unseeded: the seed comes from the copied generator
    twin.reset()
    play_both(original, twin, random.Random(9), AFTER // 3)


@pytest.mark.parametrize(("name", "make", "kwargs"), CASES)
def test_a_copy_before_reset_is_a_new_environment(name: str, make: str, kwargs: dict[str, Any]) -> None:
    original = make_env(name, make, kwargs)
    twin = pickle.loads(pickle.dumps(original))
    original.reset(seed=4)
    twin.reset(seed=4)
    play_both(original, twin, random.Random(4), AFTER // 3)


@pytest.mark.parametrize(("name", "make", "kwargs"), [case for case in CASES if case.values[1] == "raw_env"])
def test_a_copy_near_the_end_pays_the_same_rewards(name: str, make: str, kwargs: dict[str, Any]) -> None:
    """The match played to its end, then again from the deal to :data:`NEAR_END` actions before
    it, pickled, and both played on with the same actions to the end (the last round's rewards
    among them)."""
    played = make_env(name, make, kwargs)
    played.reset(seed=PAYING_SEED)
    actions = play(played, MATCH, random.Random(PAYING_SEED))
    assert not played.agents, "the match ends"
    original = make_env(name, make, kwargs)
    original.reset(seed=PAYING_SEED)
    for action in actions[:-NEAR_END]:
        original.step(action)
    twin = COPIES["pickle"](original)
    assert snapshot(twin) == snapshot(original)
    paid = []
    for action in actions[-NEAR_END:]:
        original.step(action)
        twin.step(action)
        assert snapshot(twin) == snapshot(original)
        paid.append(any(original.rewards.values()))
    assert any(paid), "a round's rewards are paid after the copy"
    assert twin.rewards == played.rewards


@pytest.mark.parametrize("name", AVAILABLE)
def test_a_copys_observation_arrays_are_read_only(name: str) -> None:
    env = make_env(name, "raw_env", {})
    env.reset(seed=2)
    env.observe(env.agent_selection)  # the original's arrays, kept for the next call
    twin = pickle.loads(pickle.dumps(env))
    for array in twin.observe(twin.agent_selection).values():
        with pytest.raises(ValueError, match="read-only"):
            array[0] = 1


def continue_in_child(blob: bytes, actions: list[int | None]) -> list[dict[str, Any]]:
    """Run in a spawned process: unpickle the environment, play ``actions``, and return the
    snapshot after each."""
    env = pickle.loads(blob)
    snapshots = []
    for action in actions:
        env.step(action)
        snapshots.append(snapshot(env))
    return snapshots


def test_a_pickled_environment_plays_on_in_a_spawned_process() -> None:
    name = "kalooki_v0" if "kalooki_v0" in AVAILABLE else AVAILABLE[0]
    env = make_env(name, "env", {})
    env.reset(seed=6)
    rng = random.Random(6)
    play(env, BEFORE, rng)
    blob = pickle.dumps(env)
    expected, actions = [], []
    for _ in range(10):
        actions.append(random_action(env, rng))
        env.step(actions[-1])
        expected.append(snapshot(env))
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        assert pool.apply_async(continue_in_child, (blob, actions)).get(timeout=CHILD_TIMEOUT) == expected


def spiel_views(state: Any) -> tuple[Any, ...]:
    """What OpenSpiel shows of ``state``: its history, text, returns, and every player's
    observation tensor and information state string."""
    players = range(state.get_game().num_players())
    return (
        state.history(),
        str(state),
        state.returns(),
        [state.observation_tensor(p) for p in players],
        [state.information_state_string(p) for p in players],
    )


@pytest.mark.parametrize("how", COPIES)
@pytest.mark.parametrize("name", AVAILABLE)
def test_an_openspiel_game_and_state_copy_plays_on_as_the_original(name: str, how: str) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    pytest.importorskip("rummykit.envs.openspiel")
    game = pyspiel.load_game(f"python_rummykit_{name.removesuffix('_v0')}", {"seed_bytes": 2})
    twin_game = COPIES[how](game)
    assert type(twin_game) is type(game)
    assert str(twin_game) == str(game)
    assert twin_game.engine.rules == game.engine.rules
    state = game.new_initial_state()
    rng = random.Random(7)
    for _ in range(BEFORE):
        state.apply_action(rng.choice(state.legal_actions()))
    twin = COPIES[how](state)
    for _ in range(AFTER):
        assert spiel_views(twin) == spiel_views(state)
        if state.is_terminal():
            break
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        twin.apply_action(action)
