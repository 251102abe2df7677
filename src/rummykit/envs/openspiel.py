"""The games as OpenSpiel Python games (extra ``openspiel``): importing this module registers
``python_rummykit_<game>`` for every game with an environment (``python_rummykit_okey``,
``python_rummykit_turkish_rummy``, ``python_rummykit_kalooki``, ``python_rummykit_carousel``,
``python_rummykit_okey_101``; each one only if its game loads) with ``pyspiel.register_game``;
then ``pyspiel.load_game("python_rummykit_okey", {"rounds": 2})``.

- **Chance**: ``seed_bytes`` chance nodes at the start (a game parameter, default 4) each pick one
  byte of the match's seed, most significant first, uniformly among 256: the seed is uniform over
  ``0 .. 256**seed_bytes - 1`` (every seed below 2**32 by default) and the deal is
  ``game.new_state(seed)``; every later shuffle (each round's deal) follows from it, as in the
  engine.
- **Actions**: the engine's integer ids, ``0..game.num_actions-1``; ``legal_actions`` are
  ``game.legal_ids``.
- **Parameters**: every rule option of the variant, default as in its preset, typed as its values
  are: a word (an enum) as text, a number as a number. An option that is a whole number or none
  (``rounds``, ``penalty_limit``, ``pair_layoff_limit``) is an int whatever its default, with
  :func:`none_value` (0, or -1 where 0 is a value: ``pair_layoff_limit``) standing for none, so
  the same option has the same type in every game (``{"rounds": 3}``).
- **Observations** come from ``game.observe(state, player)`` only: the tensor is the
  environments' array (:mod:`rummykit.envs.encoder`, shape ``(rows, 53)``), the observation
  string the view as JSON. The public observer (``private_info=NONE``) uses the spectator's view.
  The information state string is the player's perfect-recall log: the JSON of every event the
  player was told (``game.events_for(events, player)``: its own draws included, nobody else's)
  followed by its current view. No state field is read.
- **Returns**: ``game.returns`` (zero-sum normalised scores for Okey and Turkish Rummy, a win
  share for Kalooki, Carousel and 101 Okey), terminal only.
- **resample_from_infostate(player, sampler)**: ``game.resample`` (the pieces the player can't see
  re-dealt, and a fresh seed, so the rounds to come are re-dealt too); the other players' logs
  are replaced by the public log, since their private events belonged to the true deal.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import random
import typing
from enum import Enum
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found, unused-ignore]

import rummykit
from rummykit.engine.game import Game
from rummykit.envs.encoder import Encoder
from rummykit.envs.specs import EnvSpec, env_specs
from rummykit.errors import NotationError, RummykitError

PREFIX = "python_rummykit_"
DEFAULT_SEED_BYTES = 4
MAX_SEED_BYTES = 8
BYTE_OUTCOMES = [(b, 1.0 / 256) for b in range(256)]
"""The outcomes of each chance node: one byte of the seed, uniform."""
MAX_GAME_LENGTH = 10**7
"""A bound on the actions of a match, for OpenSpiel's game info (no rule bounds it exactly)."""

Param = bool | int | float | str


def none_value(rules: Any, name: str) -> int:
    """The int that stands for none in OpenSpiel for the option ``name`` (a whole number or
    ``None``) of ``rules``: 0, or -1 where 0 is one of its values."""
    for candidate in (0, -1):
        try:
            dataclasses.replace(rules, **{name: candidate})
        except RummykitError:
            return candidate
    raise AssertionError(f"{name}: 0 and -1 are both values; no int is left to stand for none")


def _param(value: Any) -> Param:
    """A rule value as an OpenSpiel parameter: enums as text."""
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, bool | int | float | str):
        return value
    return str(value)


@functools.cache
def optional_ints(variant: str) -> dict[str, int]:
    """The variant's options that are a whole number or none, each with its :func:`none_value`."""
    rules = rummykit.load(variant).rules
    hints = typing.get_type_hints(type(rules))
    return {
        f.name: none_value(rules, f.name) for f in dataclasses.fields(rules) if hints[f.name] == int | None
    }


def default_parameters(variant: str) -> dict[str, Param]:
    """The variant's rule options with their default values (a default of none as its
    :func:`none_value`), plus ``seed_bytes``."""
    rules = rummykit.load(variant).rules
    nones = optional_ints(variant)
    params = {
        f.name: nones[f.name] if getattr(rules, f.name) is None else _param(getattr(rules, f.name))
        for f in dataclasses.fields(rules)
    }
    return {**params, "seed_bytes": DEFAULT_SEED_BYTES}


class RummyGame(pyspiel.Game):  # type: ignore[misc]
    """One variant under fixed rules as an OpenSpiel game; subclasses set ``spec``."""

    spec: EnvSpec

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        defaults = default_parameters(self.spec.variant)
        merged = {**defaults, **(params or {})}
        self.seed_bytes = int(merged.pop("seed_bytes"))
        if not 1 <= self.seed_bytes <= MAX_SEED_BYTES:
            raise ValueError(f"seed_bytes is 1..{MAX_SEED_BYTES}")
        nones = optional_ints(self.spec.variant)
        options = {k: None if nones.get(k) == v else v for k, v in merged.items() if v != defaults[k]}
        self.engine: Game[Any, Any] = rummykit.load(self.spec.variant, **options)
        self.encoder: Encoder = self.spec.encoder(self.engine, self.spec.score_scale(self.engine))
        low, high = self.spec.returns_bounds
        info = pyspiel.GameInfo(
            num_distinct_actions=self.engine.num_actions,
            max_chance_outcomes=len(BYTE_OUTCOMES),
            num_players=self.engine.players,
            min_utility=low,
            max_utility=high,
            utility_sum=self.spec.returns_sum,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(self.spec), info, {**merged, "seed_bytes": self.seed_bytes})

    def __reduce__(self) -> tuple[type[RummyGame], tuple[dict[str, Any]]]:
        """The game made again from its parameters (for ``pickle`` and ``copy``; OpenSpiel's own
        copy of a game would skip ``__init__``)."""
        return (type(self), (self.get_parameters(),))

    def new_initial_state(self) -> RummyState:
        """The first chance node of the seed."""
        return RummyState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> RummyObserver:
        """An observer of the given type (default: one player's, no perfect recall)."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return RummyObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


def _game_type(spec: EnvSpec) -> Any:
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=PREFIX + spec.variant,
        long_name=f"Python rummykit {spec.variant}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if spec.returns_sum == 0.0 else utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=default_parameters(spec.variant),
    )


class RummyState(pyspiel.State):  # type: ignore[misc]
    """A match: ``seed`` the bytes of the seed drawn so far, ``state`` the engine's state (``None``
    until the seed is drawn), ``logs`` each player's event log (JSON lines) and ``public`` the
    spectator's."""

    def __init__(self, game: RummyGame) -> None:
        super().__init__(game)
        self.seed: list[int] = []
        self.state: Any = None
        self.logs: list[list[str]] = [[] for _ in range(game.engine.players)]
        self.public: list[str] = []

    @property
    def rgame(self) -> RummyGame:
        """The game (shared by every clone)."""
        game: RummyGame = self.get_game()
        return game

    def current_player(self) -> int:
        """The seat to move; chance first, terminal at the end."""
        if self.state is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.rgame.engine.current_seat(self.state)
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        return self.rgame.engine.legal_ids(self.state, player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The 256 values of the seed's next byte, equally likely."""
        return BYTE_OUTCOMES

    def _apply_action(self, action: int) -> None:
        engine = self.rgame.engine
        if self.state is None:
            if not 0 <= action < len(BYTE_OUTCOMES):
                raise NotationError(str(action), "notation.action_id", last=len(BYTE_OUTCOMES) - 1)
            self.seed.append(int(action))
            if len(self.seed) == self.rgame.seed_bytes:
                self.state = engine.new_state(int.from_bytes(bytes(self.seed), "big"))
            return
        events = engine.apply_id(self.state, self.current_player(), int(action))
        for seat, log in enumerate(self.logs):
            log.append(json.dumps(engine.events_for(events, seat)))
        self.public.append(json.dumps(engine.events_for(events, None)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        engine = self.rgame.engine
        return engine.action_text(engine.action_from_id(self.state, player, int(action)))

    def is_terminal(self) -> bool:
        """Whether the match is over."""
        return self.state is not None and self.rgame.engine.is_terminal(self.state)

    def returns(self) -> list[float]:
        """``game.returns`` (zeros before the end)."""
        if self.state is None:
            return [0.0] * self.rgame.engine.players
        return list(self.rgame.engine.returns(self.state))

    def view(self, player: int | None) -> dict[str, Any] | None:
        """``game.observe`` for ``player`` (``None``: a spectator); ``None`` before the deal."""
        return None if self.state is None else self.rgame.engine.observe(self.state, player)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> RummyState:
        """A state ``player_id`` can't tell from this one: the unseen pieces re-dealt
        (``game.resample``), a fresh seed for the rounds to come, the others' logs public only."""
        new: RummyState = self.clone()
        if self.state is None:
            return new
        rng = random.Random(probability_sampler())
        new.state = self.rgame.engine.resample(self.state, player_id, rng)
        new.logs = [list(log) if s == player_id else list(self.public) for s, log in enumerate(self.logs)]
        return new

    def __str__(self) -> str:
        return (
            f"chance: seed bytes {self.seed}"
            if self.state is None
            else self.rgame.engine.position(self.state)
        )


class RummyObserver:
    """OpenSpiel's observer: ``tensor`` (flat float32) and ``dict`` (``{"observation": (rows,
    53)}``) from the player's view (the spectator's for a public observer)."""

    def __init__(self, game: RummyGame, iig_obs_type: Any) -> None:
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observer of every player's private information is not offered")
        self.game = game
        self.public_only = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        shape = game.encoder.shape
        self.tensor = np.zeros(shape[0] * shape[1], np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: RummyState, player: int) -> None:
        """Write ``player``'s view of ``state`` into ``tensor``."""
        view = state.view(None if self.public_only else player)
        if view is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = self.game.encoder.encode(view).reshape(-1)

    def string_from(self, state: RummyState, player: int) -> str:
        """``player``'s view as JSON; with perfect recall, its event log first."""
        view = json.dumps(state.view(None if self.public_only else player), sort_keys=True)
        if not self.perfect_recall:
            return view
        log = state.public if self.public_only else state.logs[player]
        return "\n".join([*log, view])


def register() -> list[str]:
    """Register every variant that loads (idempotent); returns the registered short names. Each
    game's class (a :class:`RummyGame` with its spec: ``OkeyGame``, ``KalookiGame``..) is made an
    attribute of this module, where ``pickle`` finds it (:meth:`RummyGame.__reduce__`)."""
    names = []
    registered = set(pyspiel.registered_names())
    for variant, spec in env_specs().items():
        name = PREFIX + variant
        if name not in registered:
            try:
                rummykit.load(variant)
            except (RummykitError, AttributeError, ImportError):
                continue
            game_class = type(f"{variant.title().replace('_', '')}Game", (RummyGame,), {"spec": spec})
            globals()[game_class.__name__] = game_class
            pyspiel.register_game(_game_type(spec), game_class)
        names.append(name)
    return names


REGISTERED = register()
"""The short names registered at import."""
