"""The expert level: the learned evaluation of Okey and Turkish Rummy (the shipped nets load, give
the same output for the same input and what their layers compute, and rank hands sensibly), the
expert bot's moves legal, seeded and read from the seat's observation alone, and the level in
every game (the game's own expert where it has one, else ``hard``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import rummykit
from play_helpers import greedy_positions, play_beside_twin
from rummykit.bots import registry
from rummykit.bots.value_net import ValueNet
from rummykit.core.melds import Wilds
from rummykit.errors import RummykitError
from rummykit.variants.closed_hand.actions import HandAction, Verb
from rummykit.variants.closed_hand.bots import _wilds
from rummykit.variants.closed_hand.draw_value import unseen_counts
from rummykit.variants.closed_hand.expert import SECONDS, ExpertBot
from rummykit.variants.closed_hand.search import WIDTH
from rummykit.variants.closed_hand.value import FEATURES, hand_features, value_net, weights_path
from rummykit.variants.kalooki.expert import KalookiExpertBot

CLOSED = ("okey", "turkish_rummy")


def _row(players: int = 4, **values: float) -> list[float]:
    """A feature row: a hand with two pieces out midway through a round of ``players`` seats (the
    draws left a seat and the unseen pieces as such a round has them), changed by ``values``."""
    base = {
        "left": 2.0,
        "pairs_left": 8.0,
        "gain": 0.1,
        "finish": 0.05,
        "better": 0.1,
        "wilds_held": 0.0,
        "doubles": 1.0,
        "draws_left": 6.0 if players == 4 else 20.0,
        "unseen": 60.0 if players == 4 else 54.0,
    }
    base.update(values)
    return [base[name] for name in FEATURES]


@pytest.mark.parametrize("name", CLOSED)
def test_the_shipped_net_loads_and_is_small(name: str) -> None:
    path = weights_path(name)
    assert path.stat().st_size < 300_000
    net = value_net(name)
    assert net.features == FEATURES
    assert value_net(name) is net


@pytest.mark.parametrize("name", CLOSED)
def test_heads_up_tables_have_their_own_net(name: str) -> None:
    """Heads-up rounds run longer than four-seat ones: the expert at a two-seat table values hands
    by the net trained on heads-up rounds (its stock's draws a seat within that net's bounds); a
    seat count without its own net (three) falls back on the four-seat one."""
    heads_up, four = value_net(name, 2), value_net(name, 4)
    assert weights_path(name, 2).stat().st_size < 300_000 and heads_up is not four
    assert value_net(name, 3) is four
    long_stock = _row(2, draws_left=30.0, unseen=74.0)
    assert float(heads_up.high[FEATURES.index("draws_left")]) >= 30
    assert heads_up(np.array([long_stock]))[0] != four(np.array([long_stock]))[0]
    assert ExpertBot(rummykit.load(name, players=2), 0).net is heads_up
    assert ExpertBot(rummykit.load(name), 0).net is four


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("name", CLOSED)
def test_the_net_is_deterministic_and_computes_its_layers(name: str, players: int) -> None:
    net = value_net(name, players)
    rows = np.array([_row(), _row(left=5.0), _row(finish=0.3, left=1.0)])
    first, again = net(rows), ValueNet.load(weights_path(name, players), FEATURES)(rows)
    assert np.array_equal(first, again) and np.all((first > 0) & (first < 1))
    clipped = np.minimum(np.maximum(rows, net.low), net.high)
    hidden = np.tanh(((clipped - net.mean) / net.scale) @ net.layers[0][0] + net.layers[0][1])
    by_hand = 1 / (1 + np.exp(-(hidden @ net.layers[1][0] + net.layers[1][1])[:, 0]))
    assert np.allclose(first, by_hand, rtol=0, atol=1e-12)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("name", CLOSED)
def test_the_net_prefers_hands_nearer_going_out(name: str, players: int) -> None:
    net = value_net(name, players)
    near, far = net(
        np.array([_row(players, left=1.0, finish=0.1, better=0.1), _row(players, left=6.0, finish=0.0)])
    )
    assert near > far
    likely, unlikely = net(
        np.array([_row(players, finish=0.25, better=0.25), _row(players, finish=0.0, better=0.25)])
    )
    assert likely > unlikely


@pytest.mark.parametrize("name", CLOSED)
def test_the_net_values_inputs_beyond_its_training_as_at_their_bounds(name: str) -> None:
    """A heads-up round's stock (more draws a seat than four seats ever have) is valued as the
    longest the self-play saw, not extrapolated."""
    net = value_net(name)
    top = float(net.high[FEATURES.index("draws_left")])
    assert top >= 10
    at_bound, beyond = net(np.array([_row(draws_left=top), _row(draws_left=top * 3)]))
    assert at_bound == beyond


def test_a_net_file_must_match_its_features(tmp_path: Path) -> None:
    net = value_net("okey")
    path = tmp_path / "net.npz"
    net.save(path)
    assert np.array_equal(ValueNet.load(path, FEATURES)(np.array([_row()])), net(np.array([_row()])))
    with pytest.raises(RummykitError, match="reads"):
        ValueNet.load(path, FEATURES[::-1])
    with pytest.raises(RummykitError, match="can't read the value net"):
        ValueNet.load(tmp_path / "missing.npz", FEATURES)
    np.savez(
        path,
        features=np.array(FEATURES),
        low=net.low,
        high=net.high,
        mean=net.mean,
        scale=net.scale,
        w0=net.layers[0][0],
        b0=net.layers[0][1],
    )
    with pytest.raises(RummykitError, match="malformed"):
        ValueNet.load(path, FEATURES)
    with pytest.raises(ValueError, match="positive"):
        ValueNet(FEATURES, (net.low, net.high), net.mean, -net.scale, net.layers)
    with pytest.raises(ValueError, match="at most its high"):
        ValueNet(FEATURES, (net.high, net.low), net.mean, net.scale, net.layers)


def _match_positions(name: str, seed: int, every: int, players: int) -> list[tuple[Any, Any, int]]:
    """(game, state, seat) every ``every`` actions of a one-round match of ``players`` greedy bots."""
    game = rummykit.load(name, rounds=1, players=players)
    return [(game, state, seat) for state, seat in greedy_positions(game, seed, every)]


@pytest.mark.parametrize("name", CLOSED)
def test_expert_plays_legal_seeded_moves(name: str) -> None:
    game: Any = rummykit.load(name, rounds=1)
    state = game.new_state(21)
    bots = [
        ExpertBot(game, 1, iterations=2, seconds=None),
        *(registry.make_bot("greedy", game, s) for s in (1, 2, 3)),
    ]
    twin = ExpertBot(game, 1, iterations=2, seconds=None)
    assert play_beside_twin(game, state, bots, twin) > 5


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("name", CLOSED)
def test_expert_reads_only_its_observation(name: str, players: int) -> None:
    """Worlds that look the same to the seat (the hidden racks and stock resampled) get the same
    move, and its features come from the observation (the same for both), at four seats and
    heads-up (its own net)."""
    checked = 0
    for game, state, seat in _match_positions(name, 9, 5 if players == 4 else 7, players):
        twin = game.resample(state, seat, random.Random(3))
        view = game.observe(state, seat)
        assert game.observe(twin, seat) == view
        assert twin.racks != state.racks or twin.stock != state.stock
        legal = game.legal_actions(state, seat)
        assert ExpertBot(game, 4, iterations=2, seconds=None).choose(view, legal) == ExpertBot(
            game, 4, iterations=2, seconds=None
        ).choose(game.observe(twin, seat), game.legal_actions(twin, seat))
        if len(view["hand"]) == 15:
            bot = ExpertBot(game, 0)
            hand = view["hand"][1:]
            rows = [
                hand_features(
                    hand,
                    _wilds(v),
                    unseen_counts(v, game.pieces),
                    v["stock_count"],
                    game.players,
                    bot.left_out,
                    bot.solver,
                    bot.pairs,
                )
                for v in (view, game.observe(twin, seat))
            ]
            assert rows[0] == rows[1]
            checked += 1
    assert checked > 3


def _discard_positions(
    name: str, players: int
) -> list[tuple[Any, dict[str, Any], list[HandAction], list[int]]]:
    """(game, view, legal moves, the expert's candidate discards) at the discards of a greedy match
    where the expert has at least two candidates (and so looks ahead)."""
    out = []
    for game, state, seat in _match_positions(name, 5, 1, players):
        view, legal = game.observe(state, seat), game.legal_actions(state, seat)
        if len(view["hand"]) == 15:
            faces = {a.face for a in legal if a.verb is Verb.DISCARD}
            candidates = ExpertBot(game, 0).fewest_discards(view["hand"], _wilds(view), faces)
            if len(candidates) > 1:
                out.append((game, view, legal, candidates))
    return out


class _ClockedExpert(ExpertBot):
    """The expert on the test's clock, which advances ``tick`` seconds at each hand valued, an hour
    as the lookahead begins the ``jump_at``-th hand drawn (counted over the sampled draws and
    candidates), and, when ``late``, an hour after the decision's first reading."""

    def __init__(
        self,
        game: Any,
        seed: int,
        tick: float = 0.0,
        jump_at: int | None = None,
        late: bool = False,
        **options: Any,
    ) -> None:
        self.now = 0.0
        self.tick, self.jump_at, self.late = tick, jump_at, late
        self.hands_valued = self.drawn = 0
        super().__init__(game, seed, clock=self.read, **options)

    def read(self) -> float:
        now = self.now
        if self.late:
            self.now = 3600.0
        return now

    def value(self, hand: Sequence[int], wilds: Wilds, unseen: Sequence[int]) -> float:
        self.hands_valued += 1
        self.now += self.tick
        return super().value(hand, wilds, unseen)

    def after_draw(self, hand: list[int], wilds: Wilds, unseen: list[int]) -> float:
        self.drawn += 1
        if self.drawn == self.jump_at:
            self.now += 3600.0
        return super().after_draw(hand, wilds, unseen)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("name", CLOSED)
def test_expert_ends_every_decision_within_its_time(name: str, players: int) -> None:
    """On a clock that advances 1/1024 s at each hand valued, a decision of 0.125 s (128 hands)
    with draws enough for much more ends within it however long its sampled draws, and chooses a
    legal move among its candidates (the discards that leave the fewest pieces out)."""
    positions = _discard_positions(name, players)
    assert len(positions) > 3
    for game, view, legal, candidates in positions:
        bot = _ClockedExpert(game, 2, tick=1 / 1024, iterations=10_000, seconds=0.125)
        action = bot.choose(view, legal)
        assert action in legal and action.face in candidates
        assert 64 < bot.hands_valued <= 128 and bot.now <= 0.125


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("name", CLOSED)
def test_a_sampled_draw_the_time_interrupts_is_dropped_for_every_candidate(name: str, players: int) -> None:
    """The time passes as the second sampled draw is valued for the second candidate: the expert
    chooses as the same bot does with that one draw and no time limit (the first candidate's value
    of the second draw not counted)."""
    for game, view, legal, candidates in _discard_positions(name, players):
        compared = min(WIDTH, len(candidates))
        bot = _ClockedExpert(game, 6, jump_at=compared + 2, iterations=10_000, seconds=0.1)
        action = bot.choose(view, legal)
        assert bot.drawn == compared + 2
        assert action == ExpertBot(game, 6, iterations=1, seconds=None).choose(view, legal)


@pytest.mark.parametrize("name", CLOSED)
def test_a_decision_out_of_time_before_its_lookahead_takes_its_first_candidate(name: str) -> None:
    """The time spent before the candidates are valued (greedy's choice, the counts): the expert
    values no hand and throws the first of its candidates in greedy's order (the highest face)."""
    for game, view, legal, candidates in _discard_positions(name, 4):
        bot = _ClockedExpert(game, 0, late=True)
        assert bot.choose(view, legal) == next(a for a in legal if a.face == candidates[0])
        assert bot.hands_valued == 0


@pytest.mark.parametrize("name", ["okey", "turkish_rummy", "kalooki", "carousel", "okey_101"])
def test_the_expert_level_in_every_game(name: str) -> None:
    game = rummykit.load(name)
    expert = registry.make_bot("expert", game, 0)
    if name in CLOSED:
        assert isinstance(expert, ExpertBot) and expert.seconds == SECONDS
        assert isinstance(registry.make_bot("expert:3", game, 0), ExpertBot)
    elif name == "kalooki":
        assert isinstance(expert, KalookiExpertBot)
    else:
        assert type(expert) is type(registry.make_bot("hard", game, 0))
    registry.check_name("EXPERT")
