"""The PettingZoo AEC environment every game shares, over the engine's :class:`Game` API.

:class:`RummyEnv` plays one match of a game (``rummykit.load(variant, **options)``): agents
``player_0``.. are the seats; the observation is ``{"observation": float32 array (rows, 53),
"action_mask": int8 array (num_actions,)}``; the action space is ``Discrete(game.num_actions)``,
the engine's complete integer action space. Rewards are the game's real scores, normalised (see
:class:`rummykit.envs.specs.EnvSpec` and ``docs/envs.md``); ``terminations`` at the match's end;
``truncations`` only when ``max_steps`` actions have been played. ``reset(seed=s)`` deals
exactly ``game.new_state(s)``. Requires the ``rl`` extra (``pettingzoo``, ``gymnasium``).
"""

from __future__ import annotations

import numbers
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces  # type: ignore[import-not-found, unused-ignore]
from pettingzoo import AECEnv  # type: ignore[import-untyped, import-not-found, unused-ignore]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped, import-not-found, unused-ignore]
from pettingzoo.utils.env_logger import EnvLogger  # type: ignore[import-untyped, import-not-found, unused-ignore]
from pettingzoo.utils.wrappers.order_enforcing import (  # type: ignore[import-untyped, import-not-found, unused-ignore]
    AECOrderEnforcingIterable,
)

import rummykit
from rummykit.engine.game import Game
from rummykit.envs.factored import FactoredChoice
from rummykit.envs.specs import EnvSpec
from rummykit.envs.text import text_view

Observation = dict[str, npt.NDArray[Any]]
"""``{"observation": float32 (rows, 53), "action_mask": int8 (num_actions,)}``."""

SEED_BITS = 63
"""A reset without a seed deals from a seed of this many random bits."""


BOOL_NONZERO_FROM = 512
"""Masks of at least this many ids are an :class:`ActionMask` (below, its ``nonzero``'s Python call
costs more than numpy's per-element test: 0.6 µs more over 110 ids, 0.8 µs less over 1,000)."""


class ActionMask(np.ndarray):
    """An ``int8`` mask (any ``numpy.ndarray`` of this class: slices and results of arithmetic on
    it keep it) whose ``nonzero`` (and so ``numpy.nonzero`` and ``numpy.flatnonzero``) finds its
    non-zero elements through a ``bool`` copy, the same indices: numpy's ``nonzero`` calls the
    dtype's test once an element on any dtype but ``bool``, about 1.7 ns an id, and on ``bool``
    runs a vectorised count and scan (Kalooki's 19,254 ids: 34 µs against 5 µs, the copy
    included). ``int8`` stays the dtype: gymnasium's ``Discrete.sample(mask)`` requires it."""

    def nonzero(self) -> tuple[npt.NDArray[np.intp], ...]:
        """The indices of the non-zero elements, one array per dimension (``numpy.nonzero``'s)."""
        return np.ndarray.view(self, np.ndarray).astype(np.bool_).nonzero()


def legal_mask(legal: list[int], size: int) -> npt.NDArray[np.int8]:
    """A fresh read-only ``int8`` mask of ``size`` ids, 1 at each of ``legal`` (ids in
    ``0..size-1``), 0 elsewhere: set in a ``bytearray`` (a byte store per id, no list converted to
    an index array) and read by numpy without a copy through a read-only ``memoryview`` (read-only
    from the start: setting ``flags.writeable`` afterwards costs more); an :class:`ActionMask` from
    :data:`BOOL_NONZERO_FROM` ids."""
    mask = bytearray(size)
    for i in legal:
        mask[i] = 1
    if size < BOOL_NONZERO_FROM:
        return np.frombuffer(memoryview(mask).toreadonly(), np.int8)
    return ActionMask(size, np.int8, memoryview(mask).toreadonly())


class RummyEnv(AECEnv):  # type: ignore[misc]
    """One match of ``spec``'s game under ``options`` (rule name -> value) as an AEC environment.

        ``render_mode``: ``None``, ``"ansi"`` (:meth:`render` returns the text view of the seat to
        move) or ``"human"`` (printed after every step). ``max_steps``: truncate after that many
        actions (``None``: never; a match always ends by the rules). ``preset``: a rules TOML file
    (``rummykit.load``), changed by ``options``. ``game`` and ``state`` are open
        for inspection; agents should read only their observation. An illegal action raises
        :class:`rummykit.errors.IllegalActionError` and changes nothing (``env()`` wraps the raw
        environment so that it ends the match with a reward of -1 instead, as PettingZoo's classic
        environments do).
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        spec: EnvSpec,
        render_mode: str | None = None,
        max_steps: int | None = None,
        preset: str | Path | None = None,
        factored: bool = False,
        macros: int = 0,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            modes = self.metadata["render_modes"]
            raise ValueError(f"render_mode is one of {modes} or None, not {render_mode!r}")
        if max_steps is not None and (type(max_steps) is not int or max_steps < 1):
            raise ValueError(f"max_steps is a positive whole number or None, not {max_steps!r}")
        if factored and spec.factoring is None:
            raise ValueError(f"{spec.name} has no factored actions")
        self.metadata = {**self.metadata, "name": spec.name}
        if macros and (not factored or spec.macros is None):
            raise ValueError(f"{spec.name} has macro actions only factored, where its game has them")
        self.factoring = spec.factoring if factored else None
        self.macros = macros
        if self.factoring is not None and macros:
            self.factoring = self.factoring.with_macros(macros)
        self._offered: list[Any] = []
        """The macro actions offered in the choice under way (macro ``i`` is the pseudo id
        ``factoring.end - macros + i``)."""
        self.spec = spec
        self.game: Game[Any, Any] = rummykit.load(spec.variant, preset, **options)
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.scale = spec.score_scale(self.game)
        self.encoder = spec.encoder(self.game, self.scale)
        n = self.game.players
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self._seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        self._agent_of: dict[int | None, str] = {None: "player_0", **dict(enumerate(self.possible_agents))}
        """The agent of each seat to move (``None``, the match over: the first)."""
        self.num_choices = self.game.num_actions if self.factoring is None else self.factoring.width
        """The size of the action space: the engine's ids, or the largest factored step."""
        obs_spaces: dict[str, spaces.Space[Any]] = {
            "observation": spaces.Box(-np.inf, np.inf, self.encoder.shape, np.float32),
            "action_mask": spaces.Box(0, 1, (self.num_choices,), np.int8),
        }
        if self.factoring is not None:
            obs_spaces["choice"] = spaces.Box(0, 1, (self.factoring.choice_size,), np.float32)
        self.observation_spaces = dict.fromkeys(self.possible_agents, spaces.Dict(obs_spaces))
        self.action_spaces = {a: spaces.Discrete(self.num_choices) for a in self.possible_agents}
        self._rng = random.Random()
        self.state: Any = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The ``Dict`` space of ``observation`` and ``action_mask``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(game.num_actions)``."""
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ episode
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new match: ``game.new_state(seed)`` when ``seed`` is given (a whole number from
        0, ``int`` or numpy's; the following unseeded resets draw their seeds from it), else from a
        fresh random seed. Raises ``TypeError`` for a seed of another type, ``ValueError`` for a
        negative one (nothing changed)."""
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
                raise TypeError(f"seed is a whole number (int or a numpy integer) or None, not {seed!r}")
            if seed < 0:
                raise ValueError(f"seed is a whole number from 0, not {seed!r}")
            deal = int(seed)
            self._rng = random.Random(deal)
        else:
            deal = self._rng.getrandbits(SEED_BITS)
        self.state = self.game.new_state(deal)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._paid = False
        """Whether ``rewards`` may hold a non-zero reward (paid by the last step)."""
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.steps = 0
        self._cache: tuple[int, str, Observation] | None = None
        self._legal: tuple[int, int, list[int]] | None = None
        """(step, seat, legal ids) of the last observation: :meth:`step` applies an id found there
        without the engine checking it again."""
        self._choice: tuple[int, FactoredChoice] | None = None
        """(step, the mover's factored choice) when factored."""
        self.agent_selection = self._agent_of[self.game.current_seat(self.state)]

    def __getstate__(self) -> dict[str, Any]:
        """The attributes, for ``pickle`` and ``copy``, but the last observation (its arrays would
        come back writable; :meth:`observe` makes it again)."""
        state = dict(self.__dict__)
        if "_cache" in state:
            state["_cache"] = None
        return state

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation: its view encoded, and its legal actions as a mask (all zeros
        when it is not to move); a ``ValueError`` naming the agents for another name. Its arrays
        are read-only (the environment hands the same ones out again until the next step): copy
        one to change it."""
        cache = self._cache
        if cache is not None and cache[0] == self.steps and cache[1] == agent:
            return cache[2] if self.factoring is None else self._factored(agent, cache[2])
        seat = self._seat_of.get(agent)
        if seat is None:
            raise ValueError(f"there is no agent {agent!r}: the agents are {', '.join(self.possible_agents)}")
        game = self.game
        legal = game.legal_ids(self.state, seat)
        self._legal = (self.steps, seat, legal)
        array = self.encoder.encode_state(self.state, seat)  # read-only: handed out again from the cache
        if self.factoring is None:
            mask = legal_mask(legal, game.num_actions)  # read-only: Guarded.step reads it for illegal actions
            obs: Observation = {"observation": array, "action_mask": mask}
        else:
            obs = {"observation": array}
        self._cache = (self.steps, agent, obs)
        return obs if self.factoring is None else self._factored(agent, obs)

    def _factored(self, agent: str, obs: Observation) -> Observation:
        """The factored observation of ``agent``: ``obs``'s array, the mask of the step to choose
        (an :class:`ActionMask` from :data:`BOOL_NONZERO_FROM` values) and the choice so far (both
        all zeros for an agent not to move)."""
        assert self.factoring is not None
        choice = self._choice_of(agent)
        if choice is None:
            mask = np.zeros(self.factoring.width, dtype=np.int8)
            encoded = np.zeros(self.factoring.choice_size, dtype=np.float32)
        else:
            mask, encoded = choice.mask(), choice.encode()
        if mask.size >= BOOL_NONZERO_FROM:
            mask = mask.view(ActionMask)
        mask.flags.writeable = encoded.flags.writeable = False
        return {"observation": obs["observation"], "action_mask": mask, "choice": encoded}

    def _choice_of(self, agent: str) -> FactoredChoice | None:
        """The factored choice under way of ``agent`` when it is to move (begun from its legal
        ids on the first call of this turn), else ``None``."""
        assert self.factoring is not None
        if agent != self.agent_selection:
            return None
        if self._choice is not None and self._choice[0] == self.steps:
            return self._choice[1]
        seat = self._seat_of[agent]
        kept = self._legal
        legal = kept[2] if kept and kept[0] == self.steps and kept[1] == seat else None
        if legal is None:
            legal = self.game.legal_ids(self.state, seat)
        if not legal:
            return None
        if self.macros:
            assert self.spec.macros is not None
            observation = self.game.observe(self.state, seat)
            self._offered = self.spec.macros(self.game, observation, legal, self.macros)
            first = self.factoring.end - self.macros
            legal = [*legal, *range(first, first + len(self._offered))]
        self._choice = (self.steps, FactoredChoice(self.factoring, legal))
        return self._choice[1]

    def step(self, action: int) -> None:
        """Play ``action`` for the agent to move: an id, or factored, the value of the step to
        choose (the engine plays the id once the choice is complete); rewards at a round's and
        the match's end. Raises :class:`rummykit.errors.IllegalActionError` for an illegal action
        or value (nothing changed)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game, state = self.game, self.state
        round_before = state.round_no
        seat, action = self._seat_of[agent], int(action)
        legal = self._legal
        if self.factoring is not None:
            choice = self._choice_of(agent)
            assert choice is not None, "the agent to move has legal actions"
            done = choice.choose(action)
            if done is None:
                self._begin_rewards(agent)
                return
            macro = done - (self.factoring.end - self.macros)
            if macro >= 0:
                game.apply(state, seat, self._offered[macro])
            else:
                game.apply_legal_id(state, seat, done)
        elif legal is not None and legal[0] == self.steps and legal[1] == seat and action in legal[2]:
            game.apply_legal_id(state, seat, action)
        else:
            game.apply_id(state, seat, action)
        self.steps += 1
        self._begin_rewards(agent)
        to_move = game.current_seat(state)
        over = to_move is None  # the engine's is_terminal
        if over or state.round_no != round_before:
            self._pay_round(over)
        if over:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
            if not self._paid:
                self.rewards = dict.fromkeys(self.agents, 0.0)
        self.agent_selection = self._agent_of[to_move]
        if self.render_mode == "human":
            self.render()

    def _begin_rewards(self, agent: str) -> None:
        """A step's rewards start from zero: the mover's cumulative reward, collected by its
        ``last()``, is reset, and ``rewards`` is a fresh all-zero dict if the last step paid
        anything (else the all-zero one is kept: adding its zeros to the cumulative rewards would
        change none of them)."""
        self._cumulative_rewards[agent] = 0.0
        if self._paid:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._paid = False

    def _pay_round(self, over: bool) -> None:
        """The rewards of the round just ended (and of the match, ``over``): a fresh ``rewards``
        dict, added to the cumulative rewards."""
        result = self.game.observe(self.state, None)["last_result"]
        deltas = np.asarray(result["deltas"], dtype=np.float64)
        paid = self.spec.score_sign * (deltas - deltas.mean()) / self.scale
        if over and self.spec.match_reward:
            paid = paid + np.asarray(self.game.returns(self.state))
        self.rewards = dict(zip(self.agents, paid.tolist(), strict=True))
        self._paid = True
        self._accumulate_rewards()

    # ------------------------------------------------------------------ rendering
    def render(self) -> str | None:
        """The text view of the seat to move (of seat 0 once the match is over): returned for
        ``ansi``, printed for ``human``; ``None`` without a render mode."""
        if self.render_mode is None:
            return None
        seat = self.game.current_seat(self.state)
        text = text_view(
            self.game.pieces.kind, self.game.observe(self.state, seat if seat is not None else 0)
        )
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


class Guarded(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's usual stack of classic-environment wrappers as one layer: what
    ``OrderEnforcingWrapper(AssertOutOfBoundsWrapper(TerminateIllegalWrapper(env, illegal_reward)))``
    does, with one call between the loop and the raw environment instead of three, each reading the
    turn data through the next one's ``__getattr__``. A subclass of ``OrderEnforcingWrapper`` (so
    ``agent_iter`` and the errors before ``reset`` are PettingZoo's own); ``step`` then asserts the
    action is in the action space (``AssertionError``: ``None`` only for an agent that is done) and
    ends the match when the agent to move chose an action its mask forbids: PettingZoo's illegal-move
    warning, every agent terminated and truncated, ``illegal_reward`` for the mover and 0 for the
    others (added to the cumulative rewards, the mover's first cleared), the done agents stepped out
    first. The turn data (``agent_selection``, ``agents``, ``rewards``, ``terminations``,
    ``truncations``, ``infos``, the cumulative rewards) are read straight from the raw environment
    (before ``reset`` it has none, and the lookup falls back to the wrapper's ``__getattr__`` and its
    errors)."""

    def __init__(self, env: RummyEnv, illegal_reward: float) -> None:
        super().__init__(env)
        self._raw = env
        self._illegal_reward = float(illegal_reward)

    @property
    def agent_selection(self) -> str:
        return self._raw.agent_selection

    @property
    def agents(self) -> list[str]:
        return self._raw.agents

    @property
    def rewards(self) -> dict[str, float]:
        return self._raw.rewards

    @property
    def terminations(self) -> dict[str, bool]:
        return self._raw.terminations

    @property
    def truncations(self) -> dict[str, bool]:
        return self._raw.truncations

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        return self._raw.infos

    @property
    def _cumulative_rewards(self) -> dict[str, float]:
        return self._raw._cumulative_rewards

    def agent_iter(self, max_iter: int = 2**63) -> AECOrderEnforcingIterable:
        """PettingZoo's order-enforcing iterable of the agents to move (an error before ``reset``;
        each turn an ``AssertionError`` unless ``step`` or ``reset`` came since the last), its
        iterator a generator that reads the turn straight from the raw environment (:class:`Turns`)."""
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return Turns(self, max_iter)

    def observe(self, agent: str) -> Observation | None:
        """The raw environment's observation of ``agent`` (an ``AssertionError`` before ``reset``)."""
        if not self._has_reset:
            return super().observe(agent)  # type: ignore[no-any-return]
        return self._raw.observe(agent)

    def last(self, observe: bool = True) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """The raw environment's ``last()`` (an ``AttributeError`` before ``reset``)."""
        if not self._has_reset:
            return super().last(observe)  # type: ignore[no-any-return]
        return self._raw.last(observe)  # type: ignore[no-any-return]

    def step(self, action: Any) -> None:
        """Step the raw environment with ``action``, checked as above (a Python ``int`` in
        ``0..num_choices-1`` is in the space without asking ``Discrete.contains``, which answers the
        same, slowly)."""
        raw = self._raw
        if not self._has_reset or not raw.agents:
            super().step(action)
            return
        self._has_updated = True
        agent = raw.agent_selection
        done = raw.terminations[agent] or raw.truncations[agent]
        in_space = (type(action) is int and 0 <= action < raw.num_choices) or (action is None and done)
        assert in_space or raw.action_space(agent).contains(action), "action is not in action space"
        if done or raw.observe(agent)["action_mask"][action]:
            raw.step(action)
            return
        EnvLogger.warn_on_illegal_move()
        raw._cumulative_rewards[agent] = 0.0
        raw.terminations = dict.fromkeys(raw.agents, True)
        raw.truncations = dict.fromkeys(raw.agents, True)
        raw.rewards = dict.fromkeys(raw.agents, 0.0)
        raw.rewards[agent] = self._illegal_reward
        raw._accumulate_rewards()
        raw._deads_step_first()


class Turns(AECOrderEnforcingIterable):  # type: ignore[misc]
    """:meth:`Guarded.agent_iter`'s iterable: each iteration is :func:`turns` (what PettingZoo's
    ``AECOrderEnforcingIterator`` yields, without its two ``__next__`` frames a turn and the
    wrapper's properties)."""

    def __iter__(self) -> Iterator[str]:
        return turns(self.env, self.max_iter)


def turns(env: Guarded, max_iter: int) -> Iterator[str]:
    """The agent to move, at most ``max_iter`` times, while ``env``'s match has agents; each turn
    an ``AssertionError`` unless ``env.step`` or ``env.reset`` was called since the last one."""
    raw = env._raw
    while raw.agents and max_iter > 0:
        max_iter -= 1
        assert env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        env._has_updated = False
        yield raw.agent_selection


def make_env(raw: Callable[..., RummyEnv], **kwargs: Any) -> Any:
    """``raw(**kwargs)`` wrapped by :class:`Guarded`: an illegal action ends the match with a
    reward of -1 for the mover, actions are checked to be in the space, the call order enforced."""
    return Guarded(raw(**kwargs), illegal_reward=-1)
