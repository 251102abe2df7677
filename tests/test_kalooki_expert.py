"""Kalooki's expert: the shipped leaf nets (small, their features, one for heads-up), the expert's
moves legal, seeded and read from the seat's observation alone (its worlds from ``determinise``),
its rollouts cut short valued by the net, and its time: a decision ends within its cap, the
determinisation the time interrupts dropped for every candidate."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import rummykit
from play_helpers import greedy_positions, play_beside_twin
from rummykit.bots import registry
from rummykit.bots.budget import Deadline
from rummykit.bots.table_search import WIN_VALUE
from rummykit.variants.kalooki.expert import SECONDS, KalookiExpertBot
from rummykit.variants.kalooki.game import KalookiGame
from rummykit.variants.kalooki.state import KalookiState
from rummykit.variants.kalooki.value import FEATURES, position_features, value_net, weights_path

FOUR = {"match": "rounds", "rounds": 1}
HEADS_UP = {"players": 2, "match": "rounds", "rounds": 1}


def _game(options: dict[str, Any]) -> KalookiGame:
    game = rummykit.load("kalooki", **options)
    assert isinstance(game, KalookiGame)
    return game


def _positions(game: KalookiGame, seed: int, every: int) -> list[tuple[KalookiState, int]]:
    """(state, seat to move) every ``every`` actions of a greedy match dealt from ``seed``."""
    return greedy_positions(game, seed, every)


def _choices(game: KalookiGame, seed: int) -> list[tuple[dict[str, Any], list[Any], int]]:
    """(view, legal, candidates) at the decisions of a greedy match where the expert searches."""
    bot = KalookiExpertBot(game, 0)
    out = []
    for state, seat in _positions(game, seed, 1):
        view, legal = game.observe(state, seat), game.legal_actions(state, seat)
        found = len(bot.candidates(view, legal))
        if found > 1:
            out.append((view, legal, found))
    return out


@pytest.mark.parametrize("players", [2, 4])
def test_the_shipped_nets_load_and_are_small(players: int) -> None:
    assert weights_path(players).stat().st_size < 50_000
    net = value_net(players)
    assert net.features == FEATURES and value_net(players) is net
    assert value_net(2) is not value_net(4) and value_net(3) is value_net(4)


def _row(**values: float) -> list[float]:
    base = {
        "deadwood": 40.0,
        "left_out": 5.0,
        "cards": 14.0,
        "melded": 30.0,
        "opened": 0.0,
        "jokers": 0.0,
        "draws_left": 8.0,
        "turns_away": 1.0,
        "rival_left_out": 5.0,
        "rival_cards": 14.0,
        "rivals_opened": 0.0,
    }
    base.update(values)
    return [base[name] for name in FEATURES]


@pytest.mark.parametrize("players", [2, 4])
def test_the_net_prefers_hands_nearer_going_out(players: int) -> None:
    net = value_net(players)
    near, far = net(
        np.array([_row(left_out=1.0, deadwood=5.0, melded=60.0), _row(left_out=8.0, deadwood=70.0)])
    )
    assert near > far
    ahead, behind = net(np.array([_row(rival_left_out=8.0), _row(rival_left_out=1.0)]))
    assert ahead > behind


def test_position_features_read_each_hand() -> None:
    game = _game(FOUR)
    state, _ = _positions(game, 3, 10)[2]
    expert = KalookiExpertBot(game, 0)
    rows = position_features(state, expert.greedy)
    assert sorted(rows) == state.active and all(len(r) == len(FEATURES) for r in rows.values())
    cards = FEATURES.index("cards")
    assert [rows[s][cards] for s in state.active] == [len(state.hands[s]) for s in state.active]
    assert sorted(rows[s][FEATURES.index("turns_away")] for s in state.active) == [0, 1, 2, 3]


def test_a_rollout_cut_short_is_valued_by_the_net() -> None:
    """Each seat's share of the win is the net's chance normalised over the seats, and its penalty
    its deadwood times its chance of losing."""
    game = _game(FOUR)
    expert = KalookiExpertBot(game, 0)
    for state, seat in _positions(game, 3, 7)[1:5]:
        shares = [expert.cut_short(state, s)[0] for s in state.active]
        assert sum(shares) == pytest.approx(1.0) and all(0 < s < 1 for s in shares)
        deadwood = expert.plan.in_hand(state)
        for at, share in zip(state.active, shares, strict=True):
            won, deltas = expert.cut_short(state, at)
            assert won == share
            assert deltas == pytest.approx([d * (1 - s) for d, s in zip(deadwood, shares, strict=True)])
        # a rollout of one step after the move: valued as the net values the world it reaches
        short = KalookiExpertBot(game, 0, horizon=1)
        action = short.plan.step(state, seat, True)
        world = state.clone()
        game.apply(world, seat, action)
        mover = game.current_seat(world)
        assert mover is not None
        game.apply(world, mover, short.plan.step(world, mover, mover == seat))
        won, deltas = short.cut_short(world, seat)
        others = [d for s, d in enumerate(deltas) if s != seat]
        expected = WIN_VALUE * won - (deltas[seat] - sum(others) / len(others))
        assert short.rollout(state.clone(), seat, action) == pytest.approx(expected)


@pytest.mark.parametrize("options", [FOUR, HEADS_UP])
def test_expert_plays_legal_seeded_moves(options: dict[str, Any]) -> None:
    game = _game(options)
    state = game.new_state(21)
    bots = [
        KalookiExpertBot(game, 1, iterations=2, seconds=None, horizon=8),
        *(registry.make_bot("greedy", game, s) for s in range(1, game.players)),
    ]
    twin = KalookiExpertBot(game, 1, iterations=2, seconds=None, horizon=8)
    assert play_beside_twin(game, state, bots, twin) > 5


@pytest.mark.parametrize("options", [FOUR, HEADS_UP])
def test_expert_reads_only_its_observation(options: dict[str, Any]) -> None:
    """Every world it searches is made by ``determinise`` from its observation (and played on a
    copy), and worlds the seat can't tell apart (the hidden hands and the stock resampled) get the
    same move."""
    game = _game(options)
    checked = 0
    for state, seat in _positions(game, 4, 4):
        view, legal = game.observe(state, seat), game.legal_actions(state, seat)
        bot = KalookiExpertBot(game, 3, iterations=4, seconds=None, horizon=8)
        if len(bot.candidates(view, legal)) < 2:
            continue
        worlds: list[KalookiState] = []
        determinise, rollout = game.determinise, bot.rollout

        def spied_determinise(observation: dict[str, Any], rng: random.Random) -> KalookiState:
            assert observation == view  # noqa: B023
            worlds.append(determinise(observation, rng))  # noqa: B023
            return worlds[-1]  # noqa: B023

        def spied_rollout(
            world: KalookiState, at: int, action: Any, deadline: Deadline | None = None
        ) -> float | None:
            assert at == seat and any(world == w for w in worlds) and all(world is not w for w in worlds)  # noqa: B023
            return rollout(world, at, action, deadline)  # noqa: B023

        game.determinise = spied_determinise  # type: ignore[method-assign]
        bot.rollout = spied_rollout  # type: ignore[method-assign]
        try:
            chosen = bot.choose(view, legal)
        finally:
            del game.determinise
        assert len(worlds) == 4
        twin = game.resample(state, seat, random.Random(8))
        assert game.observe(twin, seat) == view and twin.hands != state.hands
        again = KalookiExpertBot(game, 3, iterations=4, seconds=None, horizon=8)
        assert again.choose(game.observe(twin, seat), game.legal_actions(twin, seat)) == chosen
        checked += 1
        if checked == 3:
            break
    assert checked == 3


class _ClockedExpert(KalookiExpertBot):
    """The expert on the test's clock, which advances ``tick`` seconds at every reading and an
    hour as the ``jump_at``-th rollout begins."""

    def __init__(
        self, game: KalookiGame, seed: int, tick: float = 0.0, jump_at: int = 0, **options: Any
    ) -> None:
        self.now = 0.0
        self.tick, self.jump_at = tick, jump_at
        self.rollouts = 0
        super().__init__(game, seed, clock=self.read, **options)

    def read(self) -> float:
        self.now += self.tick
        return self.now

    def rollout(self, state: Any, seat: int, action: Any, deadline: Deadline | None = None) -> float | None:
        self.rollouts += 1
        if self.rollouts == self.jump_at:
            self.now += 3600.0
        return super().rollout(state, seat, action, deadline)


@pytest.mark.parametrize("options", [FOUR, HEADS_UP])
def test_expert_ends_every_decision_within_its_time(options: dict[str, Any]) -> None:
    """On a clock that advances 1/1024 s at each reading (the time is read before every rollout
    step), a decision of 0.125 s with determinisations enough for much more ends within it but
    for a step, having rolled out more than a few steps."""
    game = _game(options)
    for view, legal, _ in _choices(game, 5)[:4]:
        bot = _ClockedExpert(game, 2, tick=1 / 1024, iterations=10_000, seconds=0.125)
        assert bot.choose(view, legal) in legal
        assert 0.06 < bot.now <= 0.125 + 2 / 1024 and bot.rollouts > 2


@pytest.mark.parametrize("options", [FOUR, HEADS_UP])
def test_an_interrupted_determinisation_is_dropped_for_every_candidate(options: dict[str, Any]) -> None:
    """The time passes as the second candidate of the sixth determinisation is rolled out: the
    expert chooses as the same bot does with five determinisations and no time limit."""
    game = _game(options)
    for view, legal, found in _choices(game, 5)[:4]:
        jump = 5 * found + 2
        bot = _ClockedExpert(game, 6, jump_at=jump, iterations=10_000, seconds=0.1, horizon=8)
        action = bot.choose(view, legal)
        assert bot.rollouts == jump
        assert action == KalookiExpertBot(game, 6, iterations=5, seconds=None, horizon=8).choose(view, legal)


def test_the_expert_level_is_kalookis_own() -> None:
    game = _game({})
    expert = registry.make_bot("expert", game, 0)
    assert isinstance(expert, KalookiExpertBot) and expert.seconds == SECONDS and expert.capped
    assert isinstance(registry.make_bot("expert:3", game, 0), KalookiExpertBot)
    assert registry.make_bot("expert:0.05s", game, 0).seconds == 0.05  # type: ignore[attr-defined]
    assert not registry.make_bot("hard", game, 0).capped  # type: ignore[attr-defined]
