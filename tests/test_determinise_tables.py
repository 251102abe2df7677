""":meth:`Game.determinise` of the table games (Kalooki, Carousel): a state rebuilt from a seat's
observation looks the same to that seat, offers the seat to move the same legal actions, plays on
as the true state does, deals the unseen cards afresh for each random stream and depends on
nothing but the observation; observations it can't rebuild from are refused with a clear error.

Positions come from seeded matches of random and greedy bots, every action of every phase
(Carousel's drafts mid-turn and last turns, Kalooki's melds pending under the opening, the
draw and play phases, the match's end), seen from every seat.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummykit
from helpers import cards
from rummykit.bots.registry import make_bot
from rummykit.engine.game import Game
from rummykit.engine.position import fields_of, position_text
from rummykit.variants.carousel.actions import CVerb
from rummykit.variants.kalooki.actions import KVerb

GAMES = [
    ("kalooki", {"players": 2, "match": "rounds", "rounds": 2}),
    ("kalooki", {"players": 4, "match": "rounds", "rounds": 2}),
    ("kalooki", {"players": 3, "elimination_limit": 60}),
    ("carousel", {"players": 2, "target": 150}),
    ("carousel", {"players": 4, "target": 30}),
    ("okey_101", {"players": 2, "rounds": 2}),
    ("okey_101", {"players": 4, "rounds": 2, "take_discard": "free"}),
]
MAX_ACTIONS = 3000


def play(game: Game[Any, Any], seed: int, actions: int = MAX_ACTIONS) -> Iterator[tuple[Any, int]]:
    """(state, seat to move) before each of up to ``actions`` actions of a match of random bots
    (even seats) and greedy bots (odd seats) dealt from ``seed``, then the last state (seat
    ``None`` once the match is over); each state a copy."""
    state = game.new_state(seed)
    bots = [make_bot("random" if s % 2 == 0 else "greedy", game, seed * 10 + s) for s in range(game.players)]
    for _ in range(actions):
        seat = game.current_seat(state)
        if seat is None:
            break
        yield state.clone(), seat
        game.apply(state, seat, bots[seat].choose(game.observe(state, seat), game.legal_actions(state, seat)))
    yield state, game.current_seat(state)


def check_view(game: Game[Any, Any], state: Any, viewer: int, rng: random.Random, legal: bool = True) -> Any:
    """Determinise ``viewer``'s view of ``state`` and check the copy: the same view, every piece
    once, a new seed, and (with ``legal``) the same legal actions when ``viewer`` is to move;
    returns the copy."""
    view = game.observe(state, viewer)
    world = game.determinise(view, rng)
    assert game.observe(world, viewer) == view
    assert sorted(game.piece_places(world).elements()) == list(range(game.pieces.size))
    assert world.seed != state.seed
    if legal:
        assert game.legal_actions(world, viewer) == game.legal_actions(state, viewer)
    return world


def features(game: Game[Any, Any], state: Any) -> set[str]:
    """The kinds of position ``state`` is, to check the positions tested cover them."""
    view = game.observe(state, 0)
    found = {view["phase"]}
    if game.variant == "kalooki":
        found |= {"pending"} if view["pending"] else set()
        found |= {"later round"} if view["round"] > 1 else set()
        found |= {"known"} if any(view["known"]) else set()
        found |= {"eliminated"} if len(view["active"]) < game.players else set()
    elif game.variant == "okey_101":
        found |= {"pending"} if view["pending"] else set()
        found |= {"later round"} if view["round"] > 1 else set()
        found |= {"known"} if any(view["known"]) else set()
        found |= {"opened"} if any(o != "none" for o in view["opened"]) else set()
    else:
        draft = view["draft"]
        found |= {"draft changed"} if draft["changed"] else set()
        found |= {"undo after reset"} if draft["can_undo"] and not draft["changed"] else set()
        found |= {"last turns"} if view["last_turns"] else set()
        found |= {"drawn"} if view["draws"] else set()
        found |= {"later round"} if view["round"] > 1 else set()
    return found


KALOOKI_SEEN = {"draw", "play", "over", "pending", "later round", "known"}
CAROUSEL_SEEN = {"turn", "over", "draft changed", "undo after reset", "last turns", "drawn"}
WANTED = {
    ("kalooki", 2): KALOOKI_SEEN,
    ("kalooki", 3): KALOOKI_SEEN | {"eliminated"},
    ("kalooki", 4): KALOOKI_SEEN,
    ("carousel", 2): CAROUSEL_SEEN | {"later round"},
    ("carousel", 4): CAROUSEL_SEEN,
    ("okey_101", 2): {"draw", "play", "over", "pending", "later round", "known", "opened"},
    ("okey_101", 4): {"draw", "play", "over", "pending", "known", "opened"},
}
"""The kinds of position each game of :data:`GAMES` must reach in the positions tested (the
three-seat Kalooki match plays on after a seat is out; the four-seat Carousel match, kept short,
ends in its first round, as do most four-seat 101 Okey rounds' first deal)."""


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_every_position_looks_the_same_from_every_seat(name: str, options: dict[str, Any]) -> None:
    game = rummykit.load(name, **options)
    rng = random.Random(5)
    seen: set[str] = set()
    for seed in (1, 2):
        for state, _ in play(game, seed):
            seen |= features(game, state)
            for viewer in range(game.players):
                check_view(game, state, viewer, rng)
    assert WANTED[name, game.players] <= seen


@pytest.mark.parametrize(("name", "options"), GAMES)
@given(
    seed=st.integers(0, 10**6), actions=st.integers(0, 400), viewer=st.integers(0, 5), stream=st.integers()
)
@settings(max_examples=15, deadline=None)
def test_any_position_looks_the_same(
    name: str, options: dict[str, Any], seed: int, actions: int, viewer: int, stream: int
) -> None:
    game = rummykit.load(name, **options)
    *_, (state, _) = play(game, seed, actions)
    check_view(game, state, viewer % game.players, random.Random(stream))


def hidden_part(game: Game[Any, Any], world: Any, viewer: int) -> tuple[tuple[int, ...], ...]:
    """The places ``viewer`` can't see in ``world`` (the other hands, the stock), as card ids."""
    hands = [tuple(sorted(h)) for s, h in enumerate(world.hands) if s != viewer]
    return (*hands, tuple(world.stock))


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_the_unseen_cards_are_dealt_afresh(name: str, options: dict[str, Any]) -> None:
    game = rummykit.load(name, **options)
    for state, seat in list(play(game, 3, 40))[10::10]:
        view = game.observe(state, seat)
        worlds = [game.determinise(view, random.Random(i)) for i in range(6)]
        assert len({hidden_part(game, w, seat) for w in worlds}) == len(worlds)
        assert len({w.seed for w in worlds}) == len(worlds)
        for other in range(game.players):
            if other != seat:
                assert len({tuple(sorted(w.hands[other])) for w in worlds}) > 1
        assert game.determinise(view, random.Random(1)) == worlds[1]


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_determinise_reads_nothing_the_seat_cant_see(name: str, options: dict[str, Any]) -> None:
    game = rummykit.load(name, **options)
    for state, seat in list(play(game, 4))[::13]:
        for viewer in {seat if seat is not None else 0, 1}:
            view = game.observe(state, viewer)
            twin = game.resample(state, viewer, random.Random(8))
            frozen = copy.deepcopy(view)
            assert game.observe(twin, viewer) == view
            assert game.determinise(view, random.Random(1)) == game.determinise(
                game.observe(twin, viewer), random.Random(1)
            )
            assert view == frozen


def draws(action: Any) -> bool:
    """Whether ``action`` takes an unseen card (its face differs between the truth and a copy)."""
    return action.verb in (KVerb.DRAW, CVerb.DRAW)


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_the_copy_plays_on_as_the_truth_does(name: str, options: dict[str, Any]) -> None:
    """The mover's next action (any listed one but a draw, and Carousel's undo, whose earlier
    drafts a copy can't know) does the same to the mover's view of both while its turn goes on,
    unless it drew an unseen piece after all (its events have a private part)."""
    game = rummykit.load(name, **options)
    rng = random.Random(6)
    compared = 0
    for state, seat in list(play(game, 7))[:-1]:
        world = game.determinise(game.observe(state, seat), rng)
        legal = [a for a in game.legal_actions(state, seat) if not draws(a) and a.verb is not CVerb.UNDO]
        for action in rng.sample(legal, min(3, len(legal))):
            truth, copied = state.clone(), world.clone()
            events = game.apply(truth, seat, action)
            game.apply(copied, seat, action)
            unseen = any(e.private for e in events)  # 101 Okey: a retract gives a take back and draws
            if game.current_seat(truth) == seat and truth.round_no == state.round_no and not unseen:
                assert game.observe(copied, seat) == game.observe(truth, seat)
                compared += 1
    assert compared > 50


def test_kalooki_released_jokers_are_not_marked() -> None:
    """Under released_joker_must_be_used the copy lets the mover discard while holding a joker it
    released this turn (the observation doesn't say which of its known jokers those are): its
    legal actions are the true ones plus those discards, and only then."""
    game = rummykit.load("kalooki", players=2, released_joker_must_be_used=True)
    rng = random.Random(2)
    differ = 0
    for seed in (1, 2, 3):
        for state, seat in play(game, seed):
            if seat is None:
                continue
            world = check_view(game, state, seat, rng, legal=False)
            truth, copied = game.legal_actions(state, seat), game.legal_actions(world, seat)
            holding = any(p in state.hands[seat] for p in state.released)
            if holding:
                extra = [a for a in copied if a not in truth]
                assert extra and all(a.verb is KVerb.DISCARD for a in extra)
                assert [a for a in copied if a in truth] == truth
                differ += 1
            else:
                assert copied == truth
    assert differ


def test_a_kalooki_set_of_two_jokers_out_of_suit_order_is_rebuilt() -> None:
    """``7S 7H JK`` (the joker a 7D) with a joker laid off as 7C lies ``7S 7H JK[7C] JK[7D]``:
    neither the undeclared nor the declared reading of its view puts the jokers in that order,
    and determinise used to refuse the observation; it now rebuilds the meld as shown."""
    game = rummykit.load("kalooki", players=2)
    fields = fields_of(game.position(game.new_state(1)), "kalooki")
    places = ["stock", "discards", "hands"]
    for card in ("7S", "7H", "JK", "JK"):
        key = next(k for k in places if f" {card} " in f" {fields[k]} ")
        fields[key] = f" {fields[key]} ".replace(f" {card} ", " ", 1).strip() or "-"
    fields.update(table="0 : 7S 7H JK[7C] JK[7D]", opened="0", next="2")
    state = game.from_position(position_text("kalooki", fields.items()))
    assert game.observe(state, None)["table"][0]["stands_for"] == cards("7S 7H 7C 7D")
    check_view(game, state, 1, random.Random(0))


@pytest.mark.parametrize("name", ["kalooki", "carousel"])
def test_observations_it_cant_rebuild_from_are_refused(name: str) -> None:
    game = rummykit.load(name, players=2)
    state = game.new_state(1)
    rng = random.Random(0)
    with pytest.raises(ValueError, match=f"a seat's observation of {name}, not a spectator's"):
        game.determinise(game.observe(state, None), rng)
    other_name = "carousel" if name == "kalooki" else "kalooki"
    other = rummykit.load(other_name, players=2)
    with pytest.raises(ValueError, match=f"a seat's observation of {name} with 2 players"):
        game.determinise(other.observe(other.new_state(1), 0), rng)
    okey = rummykit.load("okey", rounds=1)
    with pytest.raises(ValueError, match=f"a seat's observation of {name}"):
        game.determinise(okey.observe(okey.new_state(1), 0), rng)
    bigger = rummykit.load(name, players=3)
    with pytest.raises(ValueError, match="with 2 players"):
        game.determinise(bigger.observe(bigger.new_state(1), 0), rng)
    view = game.observe(state, 0)
    with pytest.raises(ValueError, match="more copies of"):
        game.determinise({**view, "hand": view["hand"] + [view["hand"][0]] * 2}, rng)
    with pytest.raises(ValueError, match="counts don't match"):
        game.determinise({**view, "stock_count": view["stock_count"] + 1}, rng)
    assert game.observe(state, 0) == view
