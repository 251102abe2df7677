"""Factored actions (rummykit.envs.factored; ``factored=True`` of the Kalooki and Carousel
environments): from any state the complete step sequences the masks allow give exactly the
mover's legal ids, each once; a value a mask forbids is refused; a factored match plays the
engine's ids (the same records as the flat environment)."""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("pettingzoo")

from rummykit.envs.factored import FactoredChoice
from rummykit.envs.specs import env_specs
from rummykit.errors import IllegalActionError

FACTORED = sorted(spec.name for spec in env_specs().values() if spec.factoring is not None)


def paths(choice: FactoredChoice) -> list[int]:
    """The id each complete sequence of allowed values from ``choice`` leads to (one entry per
    sequence), each branch a fresh choice replayed from the same legal ids."""
    found: list[int] = []
    for value in np.flatnonzero(choice.mask()).tolist():
        branch = FactoredChoice(choice.factoring, choice.ids.tolist())
        branch.ids, branch.table, branch.step = choice.ids, choice.table, choice.step
        done = branch.choose(value)
        found += [done] if done is not None else paths(branch)
    return found


def advance(env: Any, steps: int, rng: np.random.Generator) -> None:
    """``steps`` random factored steps (fewer if the match ends)."""
    for _ in range(steps):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            return
        env.step(int(rng.choice(np.flatnonzero(env.observe(agent)["action_mask"]))))


def test_the_games_with_factored_actions() -> None:
    assert FACTORED == ["carousel_v0", "kalooki_v0"]


@pytest.mark.parametrize("name", FACTORED)
def test_the_factoring_is_one_to_one(name: str) -> None:
    env = importlib.import_module(f"rummykit.envs.{name}").raw_env(factored=True)
    factoring = env.factoring
    values = factoring.values(np.arange(env.game.num_actions, dtype=np.int64))
    sizes = np.array([size for _, size in factoring.steps])
    radix = np.cumprod([1, *(sizes[:-1] + 1)])
    assert len(np.unique((values + 1) @ radix)) == env.game.num_actions
    assert ((values >= -1) & (values < sizes)).all()
    assert (values[:, 0] >= 0).all()
    # whether a step applies depends on the type alone
    for kind in np.unique(values[:, 0]).tolist():
        applies = values[values[:, 0] == kind] >= 0
        assert (applies == applies[0]).all()


@pytest.mark.parametrize("name", FACTORED)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**16), steps=st.integers(0, 400))
def test_factored_paths_are_the_legal_ids(name: str, seed: int, steps: int) -> None:
    env = importlib.import_module(f"rummykit.envs.{name}").raw_env(factored=True, players=2)
    env.reset(seed=seed)
    advance(env, steps, np.random.default_rng(seed))
    agent = env.agent_selection
    if env.terminations[agent]:
        return
    env.observe(agent)
    legal = env.game.legal_ids(env.state, env._seat_of[agent])
    fresh = FactoredChoice(env.factoring, legal)
    assert sorted(paths(fresh)) == sorted(legal)
    # a value the mask forbids is refused and changes nothing
    obs = env.observe(agent)
    forbidden = np.flatnonzero(obs["action_mask"] == 0)
    if len(forbidden):
        before = obs["choice"].copy()
        with pytest.raises(IllegalActionError):
            env.step(int(forbidden[0]))
        assert (env.observe(agent)["choice"] == before).all()


@pytest.mark.parametrize("name", FACTORED)
def test_a_factored_match_plays_the_engines_ids(name: str) -> None:
    """Only the last step of a choice moves the engine, and it plays a legal id: the factored
    environment's state is the one the engine reaches by those ids."""
    module = importlib.import_module(f"rummykit.envs.{name}")
    env = module.raw_env(factored=True, players=2)
    env.reset(seed=3)
    game = env.game
    replay = game.new_state(3)
    rng = np.random.default_rng(3)
    for _ in range(600):
        agent = env.agent_selection
        if env.terminations[agent]:
            break
        seat = env._seat_of[agent]
        before = env.steps
        legal = set(game.legal_ids(replay, seat))
        obs = env.observe(agent)
        assert obs["action_mask"].any()
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if env.steps != before:
            played = env._choice[1].ids.tolist() if env._choice else []
            assert len(played) == 1 and played[0] in legal
            game.apply_id(replay, seat, played[0])
            assert game.observe(replay, None) == game.observe(env.state, None)


@pytest.mark.parametrize("name", FACTORED)
def test_pettingzoo_api_test_factored(name: str) -> None:
    from pettingzoo.test import api_test

    api_test(importlib.import_module(f"rummykit.envs.{name}").env(factored=True), num_cycles=40)


@pytest.mark.parametrize("name", FACTORED)
def test_factored_arrays_are_read_only(name: str) -> None:
    """Each sub-step hands out the same observation array: an in-place edit is refused, so it can't
    reach the next sub-step's observation."""
    env = importlib.import_module(f"rummykit.envs.{name}").raw_env(factored=True, players=2)
    env.reset(seed=4)
    obs = env.observe(env.agent_selection)
    for array in obs.values():
        assert not array.flags.writeable
    with pytest.raises(ValueError, match="read-only"):
        obs["observation"] *= 2


@pytest.mark.parametrize("name", FACTORED)
def test_a_wide_factored_mask_is_an_action_mask(name: str) -> None:
    """A factored step's mask as wide as ``BOOL_NONZERO_FROM`` or wider (Kalooki's 9,153 values)
    is an ``ActionMask``, an ``int8`` array whose ids are numpy's, for the mover and the others."""
    from rummykit.envs.aec import BOOL_NONZERO_FROM, ActionMask

    env = importlib.import_module(f"rummykit.envs.{name}").raw_env(factored=True)
    env.reset(seed=4)
    for agent in env.possible_agents:
        mask = env.observe(agent)["action_mask"]
        assert mask.dtype == np.int8 and (type(mask) is ActionMask) == (env.num_choices >= BOOL_NONZERO_FROM)
        assert np.flatnonzero(mask).tolist() == np.flatnonzero(np.array(mask)).tolist()


def test_a_game_without_factoring_refuses_it() -> None:
    flat = sorted(spec.name for spec in env_specs().values() if spec.factoring is None)
    with pytest.raises(ValueError, match="no factored actions"):
        importlib.import_module(f"rummykit.envs.{flat[0]}").raw_env(factored=True)


def test_carousel_macros_are_legal_tables_that_play_cards() -> None:
    """``macros=k``: the table solver's candidate tables are offered as one more type whose next
    step picks one; each is a legal whole-table meld playing hand cards, and laying one does."""
    from rummykit.envs import carousel_v0

    env = carousel_v0.raw_env(factored=True, macros=4, players=2)
    kinds = env.factoring.steps[0][1]
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    laid = 0
    for _ in range(400):
        agent = env.agent_selection
        if env.terminations[agent]:
            break
        obs = env.observe(agent)
        seat = env._seat_of[agent]
        if obs["choice"][0] == 1 and obs["action_mask"][kinds - 1]:
            offered = list(env._offered)
            assert 1 <= len(offered) <= 4
            assert all(env.game.is_legal(env.state, seat, a) for a in offered)
            before, round_no = len(env.game.observe(env.state, seat)["hand"]), env.state.round_no
            env.step(kinds - 1)
            assert np.flatnonzero(env.observe(agent)["action_mask"]).tolist() == list(range(len(offered)))
            env.step(0)
            after = len(env.game.observe(env.state, seat)["hand"])
            assert after < before or env.state.round_no != round_no  # cards laid, or gone out
            laid += 1
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert laid >= 3


def test_macros_need_factored_actions() -> None:
    from rummykit.envs import carousel_v0, kalooki_v0

    with pytest.raises(ValueError, match="macro"):
        carousel_v0.raw_env(macros=2)
    with pytest.raises(ValueError, match="macro"):
        kalooki_v0.raw_env(factored=True, macros=2)
    with pytest.raises(ValueError, match="macros is 1"):
        carousel_v0.raw_env(factored=True, macros=42)
