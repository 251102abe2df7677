"""Position text (``docs/engine.md`` "Position text"): every reachable position of every game
round-trips exactly, and text that isn't a position is refused with a :class:`NotationError`.

The reachable positions are those of random, greedy and "eager" playouts (an eager player melds,
lays off, releases and edits its draft whenever it can, so tables fill up) under drawn rules. At
every step the position is written and read back, and the copy must write the same text, show
every seat and a spectator the same observation (the table's melds in the same order, the last
round's result with its notes), offer every seat the same legal actions, and then play on
identically: a few random moves applied to both give the same events and positions.

The fuzz test mutates such positions at random (characters cut, tokens inserted, replaced or
swapped, fields repeated): reading one back either raises :class:`NotationError` or gives a state
that writes a position which reads back to itself and can be observed and played.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from coded import assert_coded
from helpers import cards
from rummykit.bots.registry import make_bot
from rummykit.core.melds import CARD_JOKERS, MeldRules, meld_as_written
from rummykit.core.pieces import Kind
from rummykit.engine.game import Game
from rummykit.engine.position import MAX_NUMBER, PositionReader, fields_of, position_text
from rummykit.engine.state import State
from rummykit.errors import MeldError, NotationError
from rummykit.variants.registry import VARIANTS

GAMES = list(VARIANTS)
BUSY = frozenset(
    {
        "meld",
        "pair",
        "layoff",
        "swap",
        "release",
        "retract",
        "new",
        "add",
        "split",
        "move",
        "replace",
        "pull",
        "commit",
        "undo",
        "show",
    }
)
"""The verbs an eager player prefers: those that change the table or the draft."""
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "okey": [
        {"rounds": 2},
        {"rounds": 2, "false_joker": "wild", "forbid_rediscard_taken": True, "colour_double": True},
        {"rounds": 1, "discard_history": "top_only", "indicator_bonus_points": 3},
    ],
    "turkish_rummy": [
        {"rounds": 2},
        {"rounds": 2, "up_card_sets_wild": True, "set_distinct_suits": False},
    ],
    "kalooki": [
        {"match": "rounds", "rounds": 2},
        {"match": "rounds", "rounds": 2, "open_min": 0, "released_joker_must_be_used": True},
        {"match": "single_round", "open_min": 20, "max_reshuffles": 0},
        {"match": "elimination", "elimination_limit": 40, "open_min": 0},
    ],
    "carousel": [{"target": 40}, {"target": 30, "knock_max": 40, "knock_requires_prior_meld": False}],
    "okey_101": [
        {"rounds": 2},
        {
            "rounds": 2,
            "take_discard": "free",
            "discard_history": "top_only",
            "swapped_okey_must_be_used": True,
            "pair_layoff_limit": 2,
        },
        {
            "rounds": 2,
            "open_min": 40,
            "last_pairs_open": "void",
            "on_stock_empty": "void",
            "allow_13_1": True,
        },
    ],
}
"""Rules to play each game under (the option changes from its defaults)."""
MAX_STEPS = 700
FUTURE = 3
NO_SHRINKING = [Phase.explicit, Phase.reuse, Phase.generate]
"""A playout's example is its seed and rules, reported as drawn: shrinking replays whole
playouts and gains nothing."""
"""Random moves both copies play after each step."""


def new_game(name: str, players: int, choice: int) -> Game[Any, Any]:
    info = VARIANTS[name]
    options = OPTIONS[name][choice % len(OPTIONS[name])]
    return info.game(info.load_rules(None, {"players": players, **options}))


class Eager:
    """Picks an action that changes the table or the draft when it has one (mostly), else any."""

    def __init__(self, game: Game[Any, Any], seed: int) -> None:
        self.game = game
        self.rng = random.Random(seed)

    def choose(self, observation: dict[str, Any], legal: list[Any]) -> Any:
        busy = [a for a in legal if self.game.action_text(a).split()[0] in BUSY]
        return self.rng.choice(busy if busy and self.rng.random() < 0.85 else legal)


def players_for(game_name: str, data: int) -> int:
    return 2 + data % (4 if game_name == "carousel" else 3)


def assert_same(game: Game[Any, Any], state: State, back: State, text: str) -> None:
    """``back`` writes ``text``, shows every seat what ``state`` shows and allows the same."""
    assert game.position(back) == text
    for seat in [None, *range(game.players)]:
        assert game.observe(back, seat) == game.observe(state, seat), f"seat {seat}'s view differs"
    for seat in range(game.players):
        assert game.legal_ids(back, seat) == game.legal_ids(state, seat), f"seat {seat}'s legal ids differ"
    assert game.outcome(back) == game.outcome(state) and game.returns(back) == game.returns(state)


def play_on(game: Game[Any, Any], state: State, back: State, rng: random.Random) -> None:
    """A few random moves on copies of both: the same events for everyone, the same positions."""
    first, second = state.clone(), back.clone()
    for _ in range(FUTURE):
        seat = game.current_seat(first)
        assert game.current_seat(second) == seat
        if seat is None:
            break
        action = rng.choice(game.legal_actions(first, seat))
        events = game.apply(first, seat, action), game.apply(second, seat, action)
        for viewer in [None, *range(game.players)]:
            assert game.events_for(events[1], viewer) == game.events_for(events[0], viewer)
    assert game.position(second) == game.position(first)


def playout(name: str, kind: str, seed: int, players: int, choice: int) -> tuple[Game[Any, Any], list[str]]:
    """Play a match of ``name`` with ``kind`` players (``random``, ``greedy``, ``eager``), checking
    the round trip at every step; the positions met, for the fuzz test."""
    game = new_game(name, players, choice)
    state = game.new_state(seed)
    rng = random.Random(seed)
    bots = [
        Eager(game, seed * 10 + s) if kind == "eager" else make_bot(kind, game, seed * 10 + s)
        for s in range(game.players)
    ]
    texts = []
    for _ in range(MAX_STEPS):
        text = game.position(state)
        back = game.from_position(text)
        assert_same(game, state, back, text)
        play_on(game, state, back, rng)
        texts.append(text)
        seat = game.current_seat(state)
        if seat is None:
            break
        game.apply(state, seat, bots[seat].choose(game.observe(state, seat), game.legal_actions(state, seat)))
    return game, texts


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("kind", ["random", "eager"])
@given(seed=st.integers(0, 10**6), data=st.integers(0, 11))
@settings(max_examples=4, deadline=None, phases=NO_SHRINKING)
def test_every_position_of_a_random_playout_round_trips(name: str, kind: str, seed: int, data: int) -> None:
    playout(name, kind, seed, players_for(name, data), data)


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(0, 10**6), data=st.integers(0, 11))
@settings(max_examples=2, deadline=None, phases=NO_SHRINKING)
def test_every_position_of_a_greedy_playout_round_trips(name: str, seed: int, data: int) -> None:
    playout(name, "greedy", seed, players_for(name, data), data)


@pytest.mark.parametrize("name", GAMES)
def test_a_finished_round_is_kept_with_its_notes(name: str) -> None:
    """The last round's result (its hands, notes and scores) is in every observation: the
    position keeps every round played, and reading works its scores out again."""
    game = new_game(name, 3, 0)
    state = game.new_state(5)
    bots = [make_bot("greedy", game, s) for s in range(game.players)]
    while game.observe(state, None)["last_result"] is None:
        seat = game.current_seat(state)
        assert seat is not None
        game.apply(state, seat, bots[seat].choose(game.observe(state, seat), game.legal_actions(state, seat)))
    text = game.position(state)
    assert_same(game, state, game.from_position(text), text)
    assert game.observe(game.from_position(text), None)["last_result"]["notes"]


# ---------------------------------------------------------------------- text that is no position
VOCABULARY = [
    ";",
    "~",
    ":",
    "/",
    "|",
    "-",
    " ",
    "0",
    "1",
    "3",
    "7",
    "-3",
    "99999999999999999999999999999999",
    "JK",
    "JK[7H]",
    "JK[XX]",
    "JK[",
    "7H",
    "7H[8H]",
    "QS",
    "R5",
    "F",
    "F[R6]",
    "R6[R1]",
    "K13",
    "seed",
    "round",
    "hands",
    "table",
    "results",
    "draft",
    "over",
    "draw",
    "off",
    "exhausted 2",
    "knock 0",
    "out 9",
    "hand 1",
    "void pairs 2",
    "none",
    "pairs",
    "stock",
    "٣",
    "\n",
]
"""Tokens the fuzz test inserts."""
_POSITIONS: dict[str, tuple[Game[Any, Any], list[str]]] = {}


def positions_of(name: str) -> tuple[Game[Any, Any], list[str]]:
    """The positions of an eager two-round playout of ``name`` (made once)."""
    if name not in _POSITIONS:
        game = new_game(name, 3, 1)
        state = game.new_state(7)
        bot = Eager(game, 7)
        texts = []
        while (seat := game.current_seat(state)) is not None and len(texts) < MAX_STEPS:
            texts.append(game.position(state))
            game.apply(state, seat, bot.choose({}, game.legal_actions(state, seat)))
        texts.append(game.position(state))
        _POSITIONS[name] = (game, texts)
    return _POSITIONS[name]


NUMBERS = ["0", "1", "2", "3", "4", "7", "35", "-1"]
"""Numbers the fuzz test writes in place of another."""


@st.composite
def mutated(draw: st.DrawFn, game: str, text: str) -> str:
    """``text`` changed in one to three places: mostly in its fields' values (a token replaced,
    cut, repeated, swapped, a piece moved to another field, a value swapped with another field's),
    else in its characters (a stretch cut, a token inserted anywhere)."""
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["token", "number", "cut", "repeat", "swap", "move", "value", "chars"]))
        if how == "chars":
            at = draw(st.integers(0, len(text)))
            cut = draw(st.integers(0, 8))
            text = text[:at] + draw(st.sampled_from(["", *VOCABULARY])) + text[at + cut :]
            continue
        try:
            fields = fields_of(text, game)
        except NotationError:
            continue
        keys = list(fields)
        key = draw(st.sampled_from(keys))
        tokens = fields[key].split(" ")
        at = draw(st.integers(0, len(tokens) - 1))
        if how == "token":
            tokens[at] = draw(st.sampled_from(VOCABULARY))
        elif how == "number":
            tokens[at] = draw(st.sampled_from(NUMBERS))
        elif how == "cut":
            del tokens[at]
        elif how == "repeat":
            tokens.insert(at, tokens[at])
        elif how == "swap":
            other = draw(st.integers(0, len(tokens) - 1))
            tokens[at], tokens[other] = tokens[other], tokens[at]
        elif how == "move":
            target = draw(st.sampled_from(keys))
            moved = tokens.pop(at)
            if target == key:
                tokens.insert(draw(st.integers(0, len(tokens))), moved)
            else:
                there = fields[target].split(" ")
                there.insert(draw(st.integers(0, len(there))), moved)
                fields[target] = " ".join(there)
        else:
            tokens = fields[draw(st.sampled_from(keys))].split(" ")
        fields[key] = " ".join(tokens) or "-"
        text = position_text(game, fields.items())
    return text


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_mutated_position_reads_back_or_is_refused_with_a_code(name: str, data: st.DataObject) -> None:
    game, texts = positions_of(name)
    text = data.draw(mutated(name, data.draw(st.sampled_from(texts))))
    try:
        state = game.from_position(text)
    except NotationError as exc:
        assert_coded(exc)
        return
    again = game.position(state)
    assert game.position(game.from_position(again)) == again
    for seat in [None, *range(game.players)]:
        game.observe(state, seat)
    rng = random.Random(0)
    for _ in range(FUTURE):
        seat = game.current_seat(state)
        legal = [] if seat is None else game.legal_actions(state, seat)
        if not legal:
            break
        game.apply(state, seat, rng.choice(legal))


def test_a_reader_names_the_bad_token() -> None:
    """Errors name the token at fault: the field, the value or the piece."""
    game, texts = positions_of("kalooki")
    text = texts[40]
    for bad, token in [
        (text.replace("; round ", "; round x", 1), "x"),
        (text.replace("; turn ", "; colour red; turn ", 1), "colour"),
        (text.replace("; stock ", "; stock JK JK JK ", 1), "JK"),
        (text.replace("kalooki;", "okey;", 1), "okey"),
        (text + "; seed 3", "seed"),
    ]:
        with pytest.raises(NotationError) as caught:
            game.from_position(bad)
        assert caught.value.token.startswith(token), (caught.value.token, token)
    reader = PositionReader("x; a 1", "x", ["a"], new_game("kalooki", 2, 0).pieces, 2)
    with pytest.raises(NotationError, match="seats"):
        reader.per_seat("1 / 2 / 3", "hands")
    with pytest.raises(MeldError):
        meld_as_written([(c, None) for c in cards("7H 5H 6H")], MeldRules(Kind.CARDS), CARD_JOKERS)


@pytest.mark.parametrize("name", GAMES)
def test_a_number_no_match_reaches_is_refused_and_a_long_seed_is_kept(name: str) -> None:
    """Every game's scores (and counts) stay within ``MAX_NUMBER`` of 0: ``99999999999999999999``
    is ``position.bounds``; a seed is any whole number of up to 30 digits."""
    game, texts = positions_of(name)
    fields = fields_of(texts[0], name)
    for value in ("99999999999999999999", f"-{MAX_NUMBER + 1}"):
        scores = " ".join([value, *fields["scores"].split()[1:]])
        with pytest.raises(NotationError) as caught:
            game.from_position(position_text(name, {**fields, "scores": scores}.items()))
        assert caught.value.code == "position.bounds" and caught.value.token == value
    top = " ".join([str(MAX_NUMBER), *fields["scores"].split()[1:]])
    assert game.from_position(position_text(name, {**fields, "scores": top}.items())).scores[0] == MAX_NUMBER
    seed = "9" * 30
    assert game.from_position(position_text(name, {**fields, "seed": seed}.items())).seed == int(seed)
