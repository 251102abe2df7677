"""The PettingZoo environments (rummykit.envs.*_v0): PettingZoo's API and seed tests for every game
under its preset and non-default options, exact seeded deals, rewards, truncation, rendering, the
observation arrays (no hidden information) and the training example of docs/envs.md."""

from __future__ import annotations

import importlib
import json
import random
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, render_test, seed_test

import rummykit
from rummykit.envs import ENV_MODULES

ROOT = Path(__file__).resolve().parents[1]
VARIANTS_DIR = ROOT / "src" / "rummykit" / "variants"


def _available() -> list[str]:
    names = []
    for name in ENV_MODULES:
        variant = name.removesuffix("_v0")
        try:
            rummykit.load(variant)
        except (AttributeError, ImportError):
            continue
        names.append(name)
    return names


AVAILABLE = _available()

OPTIONS: dict[str, list[dict[str, Any]]] = {
    "okey_v0": [
        {"preset": VARIANTS_DIR / "okey" / "preset.toml"},
        {"players": 2, "rounds": 1},
        {"discard_history": "top_only", "forbid_rediscard_taken": True, "rounds": 2},
    ],
    "turkish_rummy_v0": [
        {"preset": VARIANTS_DIR / "turkish_rummy" / "preset.toml"},
        {"players": 3, "rounds": 2},
        {"up_card_sets_wild": True, "rounds": 1},
    ],
    "kalooki_v0": [
        {"preset": VARIANTS_DIR / "kalooki" / "preset.toml"},
        {"players": 3, "match": "rounds", "rounds": 2},
        {"players": 6, "match": "single_round", "released_joker_must_be_used": True},
    ],
    "carousel_v0": [
        {"preset": VARIANTS_DIR / "carousel" / "preset.toml"},
        {"players": 2, "target": 50},
        {"must_meld_if_able": True, "knock_max": 3},
    ],
    "okey_101_v0": [
        {"preset": VARIANTS_DIR / "okey_101" / "preset.toml"},
        {"players": 2, "rounds": 1, "pairs_open_min": 0},
        {"players": 3, "discard_history": "top_only", "take_discard": "free", "rounds": 2},
    ],
}
SHORT: dict[str, dict[str, Any]] = {
    "okey_v0": {"rounds": 1},
    "turkish_rummy_v0": {"rounds": 1},
    "kalooki_v0": {"match": "single_round"},
    "carousel_v0": {"target": 30},
    "okey_101_v0": {"rounds": 1},
}
"""Options that make a short match."""


def module(name: str) -> ModuleType:
    return importlib.import_module(f"rummykit.envs.{name}")


CASES = [(name, i) for name in AVAILABLE for i in range(len(OPTIONS[name]))]


CYCLES = {"carousel_v0": (100, 40)}
"""API and seed test cycles where the default (300, 100) is slow: a Carousel step asks the table
solver."""


@pytest.mark.parametrize(("name", "case"), CASES)
def test_pettingzoo_api_and_seed_tests(name: str, case: int) -> None:
    options = OPTIONS[name][case]
    api_cycles, seed_cycles = CYCLES.get(name, (300, 100))
    api_test(module(name).env(**options), num_cycles=api_cycles)
    seed_test(lambda: module(name).env(**options), num_cycles=seed_cycles)


def random_match(env: Any, rng: random.Random) -> dict[str, float]:
    """Play ``env`` (reset already) with random legal actions; the rewards each agent collected
    through ``last()``."""
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        action = None if term or trunc else rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
        env.step(action)
    return total


@pytest.mark.parametrize("name", AVAILABLE)
def test_seeded_reset_deals_the_engines_deal(name: str) -> None:
    env = module(name).raw_env()
    env.reset(seed=11)
    state = env.game.new_state(11)
    assert env.state == state
    seat = env.game.current_seat(state)
    obs = env.observe(env.agent_selection)
    view = env.game.observe(state, seat)
    assert (obs["observation"][0] == np.bincount(view["hand"], minlength=53)).all()
    assert np.flatnonzero(obs["action_mask"]).tolist() == env.game.legal_ids(state, seat)


@pytest.mark.parametrize("name", AVAILABLE)
def test_rewards_are_reset_with_the_seed(name: str) -> None:
    """PettingZoo issue #1312: a seeded reset after a match starts from zero rewards."""
    env = module(name).env(**SHORT[name])
    seed = 0
    env.reset(seed=seed)
    first = random_match(env, random.Random(0))
    while not any(first.values()):
        seed += 1
        env.reset(seed=seed)
        first = random_match(env, random.Random(0))
    env.reset(seed=seed)
    assert all(v == 0.0 for v in env.unwrapped.rewards.values())
    assert all(v == 0.0 for v in env.unwrapped._cumulative_rewards.values())
    assert random_match(env, random.Random(0)) == first


@pytest.mark.parametrize("name", AVAILABLE)
def test_rewards_are_the_normalised_scores(name: str) -> None:
    env = module(name).env(**SHORT[name])
    env.reset(seed=5)
    total = random_match(env, random.Random(1))
    raw = env.unwrapped
    spec, game, state = raw.spec, raw.game, raw.state
    rounds = [r.deltas for r in state.results]
    expected = np.zeros(game.players)
    for deltas in rounds:
        d = np.asarray(deltas, dtype=float)
        expected += spec.score_sign * (d - d.mean()) / raw.scale
    if spec.match_reward:
        expected += game.returns(state)
    else:
        assert np.allclose(expected, game.returns(state))
    assert np.allclose([total[a] for a in raw.possible_agents], expected)


@pytest.mark.parametrize("name", AVAILABLE)
def test_max_steps_truncates(name: str) -> None:
    env = module(name).env(max_steps=7)
    env.reset(seed=1)
    steps = 0
    for _agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            assert trunc and not term
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 7


@pytest.mark.parametrize("name", AVAILABLE)
def test_the_wrapper_is_one_layer_with_pettingzoos_checks(name: str) -> None:
    """``env()`` is one wrapper over the raw environment (PettingZoo's order enforcing, out-of-bounds
    and illegal-move checks in one layer): before ``reset`` nothing may be read or played, an id
    outside the space is refused without changing anything, an illegal id ends the match with -1
    for the mover, 0 for the others, every agent done."""
    env = module(name).env(**SHORT[name])
    assert env.env is env.unwrapped
    with pytest.raises(AttributeError):
        _ = env.agents
    with pytest.raises(AssertionError):
        env.step(0)
    env.reset(seed=3)
    mover = env.agent_selection
    mask = env.last()[0]["action_mask"]
    for outside in (len(mask), -1, None):
        with pytest.raises(AssertionError):
            env.step(outside)
    assert env.agent_selection == mover and not any(env.terminations.values())
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(env.terminations.values()) and all(env.truncations.values())
    collected = {}
    for agent in env.agent_iter():
        collected[agent] = env.last()[1]
        env.step(None)
    assert collected == {a: -1.0 if a == mover else 0.0 for a in env.possible_agents}


def test_agent_iter_enforces_the_order_as_pettingzoo_does() -> None:
    """``agent_iter`` (a generator over the raw environment's turn) refuses before ``reset``,
    yields the agent to move, refuses a turn without a ``step`` in between, stops after
    ``max_iter`` turns, and each ``iter`` of it starts its own count, as PettingZoo's iterator does."""
    env = module("okey_v0").env()
    with pytest.raises(AssertionError):
        env.agent_iter()
    env.reset(seed=1)
    turns = env.agent_iter(3)
    seen = iter(turns)
    assert next(seen) == env.agent_selection
    with pytest.raises(AssertionError, match="need to call step"):
        next(seen)
    env.reset(seed=1)
    first = env.agent_selection
    played = []
    for agent in turns:
        played.append(agent)
        env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
    assert len(played) == 3 and played[0] == first


@pytest.mark.parametrize("name", AVAILABLE)
def test_a_large_mask_finds_its_ids_through_bool(name: str) -> None:
    """A mask of ``BOOL_NONZERO_FROM`` ids or more is an ``ActionMask`` (still an ``int8`` numpy
    array of the space's shape, which gymnasium samples from), whose ``nonzero`` gives numpy's
    indices for it and for what is made from it (a comparison, a slice, a 2-D reshape, other values
    than 0 and 1); a smaller mask is a plain array."""
    from rummykit.envs.aec import BOOL_NONZERO_FROM, ActionMask

    env = module(name).env(**SHORT[name])
    env.reset(seed=2)
    mask = env.last()[0]["action_mask"]
    assert mask.dtype == np.int8 and mask.shape == (env.unwrapped.num_choices,)
    assert (type(mask) is ActionMask) == (mask.size >= BOOL_NONZERO_FROM)
    raw = env.unwrapped
    assert np.flatnonzero(mask).tolist() == raw.game.legal_ids(raw.state, raw.game.current_seat(raw.state))
    env.action_space(env.agent_selection).sample(mask)
    plain = np.array(mask, dtype=np.int8)
    plain[: 3 * (plain.size // 3)].reshape(3, -1)[1, ::7] = 5
    made = plain.view(ActionMask)
    for array in (made, made == 0, made[::3], made[: 3 * (made.size // 3)].reshape(3, -1), made * 2):
        expected = np.asarray(array).view(np.ndarray)
        assert [a.tolist() for a in np.nonzero(array)] == [a.tolist() for a in np.nonzero(expected)]
    assert np.flatnonzero(made).tolist() == np.flatnonzero(plain).tolist()


@pytest.mark.parametrize("name", AVAILABLE)
def test_the_arrays_handed_out_are_read_only(name: str) -> None:
    """The observation and the mask are the environment's own (handed out again until the next
    step): an agent editing them in place gets numpy's error, and an illegal id through the wrapper
    is still the documented end of the match, not an engine error."""
    env = module(name).env(**SHORT[name])
    env.reset(seed=3)
    mover = env.agent_selection
    obs = env.observe(mover)
    before = {key: array.copy() for key, array in obs.items()}
    for array in obs.values():
        with pytest.raises(ValueError, match="read-only"):
            array[...] = 1
    again = env.observe(mover)
    assert all(np.array_equal(again[key], before[key]) for key in before)
    env.step(int(np.flatnonzero(before["action_mask"] == 0)[0]))
    assert all(env.terminations.values()) and env.rewards[mover] == -1.0


def test_seeds_are_whole_numbers_from_zero() -> None:
    """A numpy integer deals as the same int; a seed of another type, or negative, is refused and
    the match under way is left as it was."""
    env = module("okey_v0").raw_env()
    env.reset(seed=3)
    dealt = env.observe(env.agent_selection)["observation"].copy()
    env.reset(seed=np.int64(3))
    assert np.array_equal(env.observe(env.agent_selection)["observation"], dealt)
    state = env.state
    for bad, error in (("abc", TypeError), (1.5, TypeError), (True, TypeError), (-1, ValueError)):
        with pytest.raises(error, match="seed is a whole number"):
            env.reset(seed=bad)
        assert env.state is state


def test_an_unknown_agent_is_a_clear_error() -> None:
    env = module("okey_v0").raw_env()
    env.reset(seed=1)
    with pytest.raises(
        ValueError, match="no agent 'player_9': the agents are player_0, player_1, player_2, player_3"
    ):
        env.observe("player_9")


def test_bad_arguments_are_refused() -> None:
    okey = module("okey_v0")
    with pytest.raises(ValueError, match="render_mode"):
        okey.raw_env(render_mode="rgb_array")
    with pytest.raises(ValueError, match="max_steps"):
        okey.raw_env(max_steps=0)
    with pytest.raises(rummykit.errors.RummykitError):
        okey.raw_env(no_such_rule=1)


@pytest.mark.parametrize("name", AVAILABLE)
def test_render_ansi_shows_the_hand(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    render_test(module(name).env)
    env = module(name).env(render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert "hand:" in text and "scores" in text
    human = module(name).env(render_mode="human")
    human.reset(seed=2)
    obs = human.last()[0]
    human.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert "hand:" in capsys.readouterr().out


@pytest.mark.parametrize("name", AVAILABLE)
def test_observation_hides_what_the_seat_cannot_see(name: str) -> None:
    """The array of a seat is the same in every state the seat can't tell apart (resampled)."""
    env = module(name).raw_env()
    env.reset(seed=9)
    rng = random.Random(4)
    game = env.game
    for _ in range(60):
        seat = game.current_seat(env.state)
        game.apply_id(env.state, seat, rng.choice(game.legal_ids(env.state, seat)))
    env.steps += 1
    for agent in env.possible_agents:
        seat = env._seat_of[agent]
        before = env.observe(agent)["observation"].copy()
        true_state = env.state
        env.state = game.resample(true_state, seat, random.Random(seat))
        env.steps += 1
        assert (env.observe(agent)["observation"] == before).all()
        env.state = true_state
        env.steps += 1


@pytest.mark.parametrize(("name", "case"), CASES)
def test_the_arrays_from_the_state_are_those_of_the_observation(name: str, case: int) -> None:
    """``encode_state`` (the closed-hand games read the engine's seat view) gives exactly the
    array of ``encode(game.observe(...))``, for every seat and a spectator, and so does the view
    read back from JSON (new objects: no row kept for the engine's shared meld views applies, so
    kept rows are never stale); the array is read-only; and the mask the environment builds is the
    engine's legal ids, through a whole random match."""
    env = module(name).raw_env(**OPTIONS[name][case])
    game, encoder = env.game, env.encoder
    env.reset(seed=case)
    rng = random.Random(case)
    checked = 0
    while not game.is_terminal(env.state) and checked < 150:
        state = env.state
        for seat in (*range(game.players), None):
            array = encoder.encode_state(state, seat)
            assert array.dtype == np.float32
            assert not array.flags.writeable
            view = game.observe(state, seat)
            assert (array == encoder.encode(view)).all()
            assert (array == encoder.encode(json.loads(json.dumps(view)))).all()
        obs = env.observe(env.agent_selection)
        seat = game.current_seat(state)
        assert np.flatnonzero(obs["action_mask"]).tolist() == game.legal_ids(state, seat)
        env.step(rng.choice(game.legal_ids(state, seat)))
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("name", AVAILABLE)
def test_encoder_layout_is_documented(name: str) -> None:
    env = module(name).raw_env()
    doc = (ROOT / "docs" / "envs.md").read_text()
    for line in env.encoder.describe():
        group = line.split()[2].rstrip(":")
        assert f"`{group}`" in doc, f"{name}: row group {group} is not in docs/envs.md"


def test_training_example_in_the_docs_runs() -> None:
    doc = (ROOT / "docs" / "envs.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", doc, re.S)
    example = next(b for b in blocks if "# training example" in b)
    assert len(example.strip().splitlines()) <= 40
    namespace: dict[str, Any] = {}
    exec(compile(example, "docs/envs.md", "exec"), namespace)
    assert namespace["episodes"] > 0


def test_face_rows_are_the_counts_and_kept_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A face row is the count of each face as ``float32``, whether found or counted, and no more
    than ``FACE_ROWS_KEPT`` rows are kept (all forgotten at once when full)."""
    from rummykit.envs import encoding

    monkeypatch.setattr(encoding, "FACE_ROWS_KEPT", 8)
    rows = encoding.FaceRows()
    rng = random.Random(3)
    groups = [bytes(rng.choice(range(encoding.WIDTH)) for _ in range(rng.randrange(20))) for _ in range(40)]
    prefixes = [faces[:k] for faces in groups[:5] for k in range(len(faces) + 1)]  # counted from the last
    crowded = [bytes([7]) * 255 + bytes([52]) * 200, bytes(range(encoding.WIDTH)) * 4]  # counts to 255
    for faces in groups + groups[::-1] + prefixes + crowded:
        expected = np.bincount(np.frombuffer(faces, np.uint8), minlength=encoding.WIDTH).astype(np.float32)
        assert rows[faces] == expected.tobytes()
        assert rows[faces] is rows[faces]
        assert 1 <= len(rows) <= 8


def test_last_row_is_the_counts_of_what_it_is_asked() -> None:
    """A ``LastRow`` gives ``face_row``'s row of whatever faces it is asked, in any order of asks:
    a face appended, one taken out anywhere (twins and runs of one face among them), the same
    faces again, the faces reordered, others altogether."""
    from rummykit.envs import encoding

    rng = random.Random(5)
    last = encoding.LastRow()
    faces = b""
    made = {"appended": 0, "taken out": 0}
    for _ in range(3000):
        roll = rng.random()
        if roll < 0.4 or not faces:
            faces += bytes([rng.choice([0, 1, 2, 52, rng.randrange(encoding.WIDTH)])])
            made["appended"] += 1
        elif roll < 0.8:
            at = rng.randrange(len(faces))
            faces = faces[:at] + faces[at + 1 :]
            made["taken out"] += 1
        elif roll < 0.9:
            faces = bytes(rng.sample(faces, len(faces)))
        elif roll < 0.95:
            faces = bytes(rng.randrange(encoding.WIDTH) for _ in range(rng.randrange(16)))
        expected = np.bincount(np.frombuffer(faces, np.uint8), minlength=encoding.WIDTH).astype(np.float32)
        assert last.of(faces) == expected.tobytes()
        assert last.of(faces) == encoding.face_row(faces)
    assert min(made.values()) > 1000


def test_whole_scales_divide_as_floats() -> None:
    """The scalar row's scales kept as ints where whole give every quotient the float division
    gives (and a scale that is not whole stays a float)."""
    from rummykit.envs.encoder import _exact_int

    scales = [1.0, 3.0, 10.0, 14.0, 15.0, 20.0, 22.0, 25.0, 101.0, 104.0, 106.0, 150.0, 2.5, 0.75]
    assert [type(_exact_int(s)) for s in scales] == [int] * 12 + [float] * 2
    for scale in scales:
        exact = _exact_int(scale)
        for number in [*range(-400, 401), True, False, 0.5, -3.25]:
            assert number / exact == number / scale, (number, scale)
