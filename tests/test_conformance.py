"""The conformance suite: every game against the interface of ``docs/engine.md``, at every step of
random and greedy self-play (eight random deals, two greedy matches per game).

At each step (the state ``s``, the seat ``p`` to move):

- a clone equals ``s`` and evolves independently (the next action applied to the clone only);
- ``to_json``/``from_json`` (through JSON text) and the position text round-trip; the position
  read back shows every seat the same;
- every legal action's text parses back to it, every id maps back through ``action_from_id``, ids
  are unique, ``legal_ids``/``legal_mask`` match the list, every listed action applies (to a clone);
  other seats have no legal action;
- sampled illegal ids and wrong-seat moves raise :class:`IllegalActionError` and change nothing;
- for every seat and the spectator: ``resample`` keeps that seat's observation (and ``s``
  unchanged), and so does an independent shuffle of the other seats' hidden pieces and the stock
  written into the state's JSON; the events and observation that follow the mover's action are the
  same in the resampled state wherever that action is legal there and does not end the round (an
  action that ends a round reveals hands, which differ there by design; the observations after it
  are compared at the next step);
- observations are JSON values (exactly), a spectator holds no hand; pieces are conserved;
- matches terminate, with an outcome and returns; returns are zeros before the end (greedy
  matches are played to the end; random ones to a step limit, or their end if sooner).

And one seeded golden playthrough per game, to the end of its first round (``tests/golden/``, written
by ``scripts/regen_golden.py``), replays line for line.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from helpers import load_script
from rummykit.bots.registry import make_bot
from rummykit.engine.game import Game
from rummykit.engine.state import State
from rummykit.errors import IllegalActionError, NotYourTurnError
from rummykit.variants.registry import VARIANTS, variant

GAMES = list(VARIANTS)
MAX_STEPS = 3_000
ILLEGAL_SAMPLES = 4

SHORT_MATCH: dict[str, dict[str, object]] = {
    "okey": {"rounds": 1},
    "turkish_rummy": {"rounds": 1},
    "kalooki": {"match": "rounds", "rounds": 1},
    "carousel": {"target": 30},
    "okey_101": {"rounds": 1},
}
"""Options for a match of about one round."""

RUNS = [("random", seed) for seed in range(1, 9)] + [("greedy", 3), ("greedy", 4)]
"""(bot, seed) of each self-play run per game: eight random deals checked over their first steps, and
two greedy matches played to their end."""

RANDOM_STEPS = {"carousel": 50}
"""Steps checked of a random match (default :data:`RANDOM_STEPS_DEFAULT`): random bots take long to
end a Carousel round (its table edits wander), and every step checks every legal edit."""
RANDOM_STEPS_DEFAULT = 120


def short_game(name: str) -> Game[Any, Any]:
    """The game ``name`` on short-match rules (:data:`SHORT_MATCH`)."""
    info = variant(name)
    return info.game(info.load_rules(None, SHORT_MATCH[name]))


def as_json(value: Any) -> Any:
    """``value`` through JSON text."""
    return json.loads(json.dumps(value))


def self_play(
    game: Game[Any, Any], bot: str, seed: int, limit: int | None = None
) -> Iterator[tuple[State, int, Any]]:
    """(state, seat to move, the action its bot chooses) at every step until the end, or until
    ``limit`` steps; the caller may check the state before the action is applied. Without a limit
    the match must end within :data:`MAX_STEPS`."""
    state = game.new_state(seed)
    bots = [make_bot(bot, game, seed * 10 + s) for s in range(game.players)]
    for _ in range(MAX_STEPS if limit is None else limit):
        seat = game.current_seat(state)
        if seat is None:
            return
        action = bots[seat].choose(game.observe(state, seat), game.legal_actions(state, seat))
        yield state, seat, action
        game.apply(state, seat, action)
    if limit is None:
        raise AssertionError(f"the match did not end in {MAX_STEPS} actions")


# ---------------------------------------------------------------------- the checks of one step
def check_copies(game: Game[Any, Any], state: State, seat: int, action: Any) -> None:
    clone = state.clone()
    assert clone == state and clone is not state
    before = state.to_json()
    game.apply(clone, seat, action)
    assert state.to_json() == before, "applying to a clone changed the original"
    assert type(state).from_json(as_json(before)) == state
    text = game.position(state)
    assert "\n" not in text
    again = game.from_position(text)
    assert game.position(again) == text
    for viewer in [*range(game.players), None]:
        assert game.observe(again, viewer) == game.observe(state, viewer), (
            f"position text loses seat {viewer}'s view"
        )


def check_actions(game: Game[Any, Any], state: State, seat: int, rng: random.Random) -> None:
    legal = game.legal_actions(state, seat)
    assert legal, "the seat to move has no legal action"
    ids = []
    for action in legal:
        text = game.action_text(action)
        assert game.parse_action(text) == action, text
        assert game.action_text(game.parse_action(text)) == text
        action_id = game.action_id(state, action)
        if action_id is not None:
            assert 0 <= action_id < game.num_actions
            assert game.action_from_id(state, seat, action_id) == action, text
            ids.append(action_id)
        game.apply(state.clone(), seat, action)
    assert len(ids) == len(set(ids)), "two legal actions share an id"
    assert game.legal_ids(state, seat) == sorted(ids)
    mask = game.legal_mask(state, seat)
    assert len(mask) == game.num_actions
    assert [i for i, flag in enumerate(mask) if flag] == sorted(ids)
    before = state.to_json()
    legal_ids = set(ids)
    for _ in range(ILLEGAL_SAMPLES):
        action_id = rng.randrange(game.num_actions)
        if action_id in legal_ids:
            continue
        with pytest.raises(IllegalActionError):
            game.apply(state, seat, game.action_from_id(state, seat, action_id))
        assert state.to_json() == before, f"a refused action (id {action_id}) changed the state"
    for other in range(game.players):
        if other != seat:
            assert game.legal_actions(state, other) == []
            with pytest.raises(NotYourTurnError):
                game.apply(state, other, legal[0])
            assert state.to_json() == before, "a wrong-seat move changed the state"


def check_views(game: Game[Any, Any], state: State) -> None:
    for viewer in [*range(game.players), None]:
        view = game.observe(state, viewer)
        assert as_json(view) == view, "an observation holds values that are not JSON"
        assert view["seat"] == viewer and view["variant"] == game.variant
    spectator = game.observe(state, None)
    assert spectator["hand"] == []
    places = game.piece_places(state)
    assert places == Counter(range(game.pieces.size)), "pieces are lost, doubled or foreign"
    if not game.is_terminal(state):
        assert game.returns(state) == [0] * game.players


def check_hidden(game: Game[Any, Any], state: State, seat: int, action: Any, rng: random.Random) -> None:
    """Each seat's and the spectator's view of the state, and what the mover's action shows a
    seat other than the mover, don't depend on what that seat can't see."""
    before = state.to_json()
    real_events = game.apply(after := state.clone(), seat, action)
    assert as_json(game.events_for(real_events, None)) == game.events_for(real_events, None)
    ends_round = any("result" in e.params for e in real_events)
    spectator = game.observe(state, None)
    for viewer in range(game.players):
        view = game.observe(state, viewer)
        other = game.resample(state, viewer, rng)
        assert state.to_json() == before, "resample changed the state"
        assert game.piece_places(other) == game.piece_places(state)
        assert game.observe(other, viewer) == view, f"resample changes seat {viewer}'s view"
        assert game.observe(other, None) == spectator, (
            f"resample for seat {viewer} changes the spectator's view"
        )
        shuffled = shuffled_hidden(game, state, viewer, rng)
        if shuffled is not None:
            assert game.observe(shuffled, viewer) == view, f"hidden pieces show in seat {viewer}'s view"
        if viewer == seat or ends_round or not game.is_legal(other, seat, action):
            continue
        events = game.apply(other, seat, action)
        for who in (viewer, None):
            assert game.events_for(events, who) == game.events_for(real_events, who), f"events leak to {who}"
        assert game.observe(other, viewer) == game.observe(after, viewer)


def _hand_field(game: Game[Any, Any], data: dict[str, Any], state: State) -> str | None:
    """The key of the JSON field holding every seat's hand (matched against the observations)."""
    counts = game.observe(state, None)["hand_counts"]
    for key, value in data.items():
        if (
            isinstance(value, list)
            and len(value) == game.players
            and all(isinstance(h, list) and all(type(p) is int for p in h) for h in value)
            and [len(h) for h in value] == counts
            and all(
                sorted(game.pieces.face(p) for p in value[s]) == sorted(game.observe(state, s)["hand"])
                for s in range(game.players)
            )
        ):
            return key
    return None


def _ints(value: Any) -> Iterator[int]:
    if type(value) is int:
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _ints(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _ints(item)


def shuffled_hidden(game: Game[Any, Any], state: State, viewer: int, rng: random.Random) -> State | None:
    """The state with the other seats' hand pieces and the stock shuffled among themselves, written
    into its JSON independently of ``resample``: every piece id named anywhere else in the state
    (pieces known to be in a hand, taken this turn, ...) stays where it is. ``None`` when the state
    has no recognisable hands or stock field."""
    data = state.to_json()
    hands_key = _hand_field(game, data, state)
    stock = data.get("stock")
    if hands_key is None or not isinstance(stock, list):
        return None
    pinned = set(_ints({k: v for k, v in data.items() if k not in (hands_key, "stock")}))
    slots = [(s, i) for s in range(game.players) if s != viewer for i in range(len(data[hands_key][s]))]
    slots = [(s, i) for s, i in slots if data[hands_key][s][i] not in pinned]
    stock_slots = [i for i, p in enumerate(stock) if p not in pinned]
    pool = [data[hands_key][s][i] for s, i in slots] + [stock[i] for i in stock_slots]
    rng.shuffle(pool)
    for s, i in slots:
        data[hands_key][s][i] = pool.pop()
    for i in stock_slots:
        stock[i] = pool.pop()
    return type(state).from_json(data)


# ---------------------------------------------------------------------- the tests
@pytest.mark.parametrize(("bot", "seed"), RUNS, ids=[f"{b}-{s}" for b, s in RUNS])
@pytest.mark.parametrize("name", GAMES)
def test_conformance(name: str, bot: str, seed: int) -> None:
    game = short_game(name)
    rng = random.Random(f"conformance/{name}/{seed}")
    steps = 0
    state: State | None = None
    limit = RANDOM_STEPS.get(name, RANDOM_STEPS_DEFAULT) if bot == "random" else None
    for state, seat, action in self_play(game, bot, seed, limit):
        check_views(game, state)
        check_copies(game, state, seat, action)
        check_actions(game, state, seat, rng)
        check_hidden(game, state, seat, action, rng)
        steps += 1
    assert state is not None and steps > 0
    check_views(game, state)
    if not game.is_terminal(state):
        assert limit is not None and steps == limit
        return
    assert game.current_seat(state) is None
    assert game.outcome(state) is not None
    assert len(game.returns(state)) == game.players
    assert all(game.legal_actions(state, s) == [] for s in range(game.players))
    with pytest.raises(IllegalActionError):
        game.apply(state, 0, game.action_from_id(state, 0, 0))


def golden_script() -> ModuleType:
    """``scripts/regen_golden.py``, the one definition of the golden playthroughs."""
    return load_script(Path(__file__).resolve().parents[1] / "scripts" / "regen_golden.py", "regen_golden")


@pytest.mark.parametrize("name", GAMES)
def test_golden_playthrough(name: str) -> None:
    short_game(name)
    script = golden_script()
    path = script.path_of(name)
    assert path.exists(), f"no golden playthrough: run python scripts/regen_golden.py {name}"
    expected = path.read_text("utf-8").splitlines()
    actual = script.lines(name)
    assert len(actual) == len(expected), f"{path.name}: the playthrough's length changed"
    for number, (want, got) in enumerate(zip(expected, actual, strict=True), start=1):
        assert json.loads(got) == json.loads(want), (
            f"{path.name} line {number} differs (if meant, run python scripts/regen_golden.py {name})"
        )
