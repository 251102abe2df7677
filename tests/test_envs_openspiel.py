"""The OpenSpiel games (rummykit.envs.openspiel): OpenSpiel's random simulation test and IS-MCTS on
every game, the seed chance node, parameters, and views that leak nothing: a player's observation,
information state and tensor are the same in every state resampled from its information state."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pyspiel")
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

import rummykit
from rummykit.envs import openspiel as rummy_openspiel
from rummykit.errors import NotationError

SHORT: dict[str, dict[str, Any]] = {
    "okey": {"rounds": 1},
    "turkish_rummy": {"rounds": 1},
    "kalooki": {"match": "single_round"},
    "carousel": {"target": 30},
    "okey_101": {"rounds": 1},
}
"""Parameters that make a short match."""
GAMES = [name.removeprefix(rummy_openspiel.PREFIX) for name in rummy_openspiel.REGISTERED]


def load(variant: str, **params: Any) -> Any:
    return pyspiel.load_game(rummy_openspiel.PREFIX + variant, {**SHORT[variant], **params})


def test_every_v2_game_is_registered() -> None:
    assert {"okey", "turkish_rummy", "kalooki"} <= set(GAMES)
    assert set(rummy_openspiel.register()) == set(rummy_openspiel.REGISTERED)


@pytest.mark.parametrize("variant", GAMES)
def test_random_simulation(variant: str) -> None:
    pyspiel.random_sim_test(load(variant), num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("variant", GAMES)
def test_ismcts_plays_legal_moves(variant: str) -> None:
    game = load(variant)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, max_simulations=4, random_state=np.random.RandomState(0))
    state = dealt(game, 5)
    for _ in range(2):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def dealt(game: Any, seed: int) -> Any:
    """A new match of ``game`` past its chance nodes, dealt from ``seed`` (below 256)."""
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(seed if len(state.history()) == game.get_parameters()["seed_bytes"] - 1 else 0)
    return state


def played(game: Any, seed: int, steps: int) -> Any:
    state = dealt(game, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("variant", GAMES)
def test_resampling_keeps_every_view_of_the_player(variant: str) -> None:
    game = load(variant)
    state = played(game, 3, 40)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    changed = False
    for player in range(game.num_players()):
        other = state.resample_from_infostate(player, sampler)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.observation_string(player) == state.observation_string(player)
        assert other.observation_tensor(player) == state.observation_tensor(player)
        assert (
            sorted(other.legal_actions()) == sorted(state.legal_actions()) or player != state.current_player()
        )
        changed |= str(other) != str(state)
    assert changed


@pytest.mark.parametrize("variant", GAMES)
def test_chance_picks_the_seed_byte_by_byte(variant: str) -> None:
    game = load(variant)
    state = game.new_initial_state()
    for byte in (1, 0, 0, 2):
        assert state.is_chance_node()
        assert state.chance_outcomes() == [(b, 1 / 256) for b in range(256)]
        state.apply_action(byte)
    assert not state.is_chance_node()
    engine = rummykit.load(variant, **SHORT[variant])
    assert str(state) == engine.position(engine.new_state(2**24 + 2))
    short = load(variant, seed_bytes=1).new_initial_state()
    short.apply_action(7)
    assert str(short) == engine.position(engine.new_state(7))


@pytest.mark.parametrize("action", [256, 99999])
def test_a_chance_node_refuses_an_outcome_it_does_not_offer(action: int) -> None:
    """At once, as a player's node refuses an id, and the state unchanged."""
    state = load("okey").new_initial_state()
    state.apply_action(1)
    with pytest.raises(NotationError, match=r"an action id is 0\.\.255") as error:
        state.apply_action(action)
    assert error.value.code == "notation.action_id"
    assert state.history() == [1] and state.is_chance_node() and str(state) == "chance: seed bytes [1]"
    for byte in (0, 0, 2):
        state.apply_action(byte)
    assert not state.is_chance_node()


def test_public_observer_shows_no_hand() -> None:
    game = load("okey")
    state = played(game, 1, 5)
    public = make_observation(
        game, pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    )
    public.set_from(state, 0)
    assert '"hand": []' in public.string_from(state, 0)
    assert not public.dict["observation"][0].any()
    private = make_observation(game)
    private.set_from(state, 0)
    assert private.dict["observation"][0].sum() >= 14


def test_information_state_is_the_players_event_log() -> None:
    game = load("turkish_rummy")
    state = played(game, 2, 12)
    lines = state.information_state_string(0).splitlines()
    assert len(lines) == 13
    assert all("drew" not in line or "private" not in line for line in lines)


def test_an_option_has_one_type_in_every_game() -> None:
    """``rounds`` is an int in Okey (default none) as in Turkish Rummy (default 10); none is an int
    no rule takes."""
    types: dict[str, set[type]] = {}
    for variant in GAMES:
        for name, value in rummy_openspiel.default_parameters(variant).items():
            types.setdefault(name, set()).add(type(value))
    assert {name: kinds for name, kinds in types.items() if len(kinds) > 1} == {}
    assert types["rounds"] == {int}
    assert load("okey", rounds=2).engine.rules.rounds == 2
    assert load("okey", rounds=0).engine.rules.rounds is None
    assert load("okey_101", pair_layoff_limit=0).engine.rules.pair_layoff_limit == 0
    assert load("okey_101", pair_layoff_limit=-1).engine.rules.pair_layoff_limit is None
    assert load("turkish_rummy", penalty_limit=-50).engine.rules.penalty_limit == -50


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(Exception, match=r"(?i)unknown parameter"):
        load("okey", colour="red")
    with pytest.raises(Exception, match="seed_bytes"):
        load("okey", seed_bytes=0)


@pytest.mark.parametrize("variant", GAMES)
def test_observation_tensor_is_the_environments_array(variant: str) -> None:
    """The same views: OpenSpiel's observation tensor is the PettingZoo observation, flattened."""
    env_module = pytest.importorskip(f"rummykit.envs.{variant}_v0")
    game = load(variant)
    state = played(game, 4, 30)
    env = env_module.raw_env(**SHORT[variant])
    env.reset(seed=4)
    env.state = rummykit.load(variant, **SHORT[variant]).from_position(str(state))
    env.steps += 1
    for player in range(game.num_players()):
        expected = env.observe(env.possible_agents[player])["observation"].reshape(-1)
        assert np.array_equal(np.asarray(state.observation_tensor(player), dtype=np.float32), expected)
