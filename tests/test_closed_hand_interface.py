"""The v2 interface of the closed-hand games (Okey, Turkish Rummy): copies, JSON and position
round trips, what a seat and a spectator see, wrong-seat moves, events, resample and returns."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from rig import play, rigged
from rummykit.errors import IllegalActionError, NotationError, NotYourTurnError
from rummykit.variants.closed_hand.game import ClosedHandGame
from rummykit.variants.closed_hand.state import Phase
from rummykit.variants.okey.game import OkeyGame
from rummykit.variants.okey.rules import OkeyRules
from rummykit.variants.turkish_rummy.game import TurkishRummyGame
from rummykit.variants.turkish_rummy.rules import TurkishRummyRules

GAMES: list[ClosedHandGame[Any]] = [
    OkeyGame(OkeyRules(rounds=2)),
    TurkishRummyGame(TurkishRummyRules(rounds=2)),
]
IDS = ["okey", "turkish_rummy"]


def midgame(game: ClosedHandGame[Any], seed: int = 3, steps: int = 40) -> Any:
    """A state after ``steps`` random actions from ``seed``."""
    state = game.new_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = game.current_seat(state)
        assert seat is not None
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return state


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_clone_is_equal_and_independent(game: ClosedHandGame[Any]) -> None:
    state = midgame(game)
    copy = state.clone()
    assert copy == state
    before = state.to_json()
    seat = copy.turn
    game.apply(copy, seat, game.legal_actions(copy, seat)[0])
    copy.racks[0].append(999)
    copy.discarded.add(99)
    assert state.to_json() == before and copy != state


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_json_round_trip(game: ClosedHandGame[Any]) -> None:
    state = midgame(game, steps=150)
    text = json.dumps(state.to_json())
    assert game.state_type.from_json(json.loads(text)) == state


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@pytest.mark.parametrize("seed", [1, 2])
def test_position_round_trip_plays_on_identically(game: ClosedHandGame[Any], seed: int) -> None:
    state = midgame(game, seed, steps=130)
    text = game.position(state)
    assert "\n" not in text
    copy = game.from_position(text)
    assert game.position(copy) == text
    rng = random.Random(seed)
    while not game.is_terminal(state):
        seat = game.current_seat(state)
        assert seat is not None and game.current_seat(copy) == seat
        assert game.observe(copy, seat) == game.observe(state, seat)
        action = rng.choice(game.legal_actions(state, seat))
        assert [e.view(seat) for e in game.apply(copy, seat, action)] == [
            e.view(seat) for e in game.apply(state, seat, action)
        ]
    assert copy.scores == state.scores and game.is_terminal(copy)


@pytest.mark.parametrize(
    "bad",
    [
        "kalooki; seed 1",
        "okey; seed 1; hands -; discards -; stock -; known -; results -",
        "okey; seed x; round 1; hands; discards; stock; known; results -",
    ],
)
def test_a_bad_position_is_refused(bad: str) -> None:
    with pytest.raises(NotationError):
        OkeyGame(OkeyRules()).from_position(bad)


def test_a_position_must_place_every_piece_once() -> None:
    game = OkeyGame(OkeyRules())
    text = game.position(game.new_state(1))
    with pytest.raises(NotationError, match="places all 106"):
        head, stock = text.split("; stock ")
        game.from_position(head + "; stock " + stock.split(" ", 1)[1])
    with pytest.raises(NotationError, match="copies"):
        game.from_position(text.replace("; stock ", "; stock R1 R1 R1 ", 1))


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_observe_hides_other_racks_and_the_stock(game: ClosedHandGame[Any]) -> None:
    state = midgame(game)
    hidden = state.clone()
    for seat in range(game.players):
        if seat != 1:
            hidden.racks[seat].reverse()
    hidden.stock.reverse()
    seat_view = game.observe(state, 1)
    assert seat_view == game.observe(hidden, 1)
    assert seat_view["hand"] == game.faces(state.racks[1])
    spectator = game.observe(state, None)
    assert spectator["hand"] == [] and spectator["seat"] is None and spectator["first_turn"] is None
    text = json.dumps(spectator)
    assert 'stock"' not in text.replace("stock_count", "") and "racks" not in text


def test_round_end_hands_are_hidden_unless_revealed() -> None:
    for reveal in (False, True):
        game, state = rigged(
            ["R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 K13 R9", None, None, None],
            "K5",
            phase=Phase.DISCARD,
            rules=OkeyRules(),
        )
        game = OkeyGame(game.rules, reveal_hands=reveal)
        events = play(game, state, "finish R9")
        result = next(e for e in events if e.code == "round_end").params["result"]
        assert result["hands"][0] is not None and len(result["laid"]) == 4
        assert all((h is not None) is reveal for h in result["hands"][1:])
        assert game.observe(state, None)["last_result"] == result


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_wrong_seat_move_raises_and_changes_nothing(game: ClosedHandGame[Any]) -> None:
    state = midgame(game)
    before = state.clone()
    other = (state.turn + 1) % game.players
    assert game.legal_actions(state, other) == []
    action = game.legal_actions(state, state.turn)[0]
    with pytest.raises(NotYourTurnError) as err:
        game.apply(state, other, action)
    assert err.value.code == "not_your_turn" and state == before
    with pytest.raises(NotYourTurnError):
        game.apply(state, 7, action)
    assert state == before


def test_the_drawn_piece_is_private() -> None:
    game, state = rigged(
        ["R1 R5 R9 Y2 Y6 Y10 B3 B7 B11 K4 K8 K12 R13 Y13", None, None, None], "K5", stock_top="B9"
    )
    events = play(game, state, "draw")
    assert game.events_for(events, 0) == [{"code": "drew", "seat": 0, "params": {"piece": "B9"}}]
    assert game.events_for(events, 1) == [{"code": "drew", "seat": 0, "params": {}}]
    assert events[0].text() == "draws from the stock"
    assert play(game, state, "discard B9")[0].text() == "discards B9"


def test_errors_have_codes_and_never_list_the_rack() -> None:
    game, state = rigged(["R1 R5 R9 Y2 Y6 Y10 B3 B7 B11 K4 K8 K12 R13 Y13", None, None, None], "K5")
    with pytest.raises(IllegalActionError) as err:
        play(game, state, "discard R1")
    assert err.value.code == "draw_first" and str(err.value) == "draw or take a tile first"
    with pytest.raises(IllegalActionError) as err:
        play(game, state, "take")
    assert err.value.code == "nothing_to_take"


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_resample_keeps_what_the_seat_saw(game: ClosedHandGame[Any]) -> None:
    state = midgame(game, steps=120)
    before = state.clone()
    rng = random.Random(0)
    for seat in range(game.players):
        new = game.resample(state, seat, rng)
        assert game.observe(new, seat) == game.observe(state, seat)
        assert [len(r) for r in new.racks] == [len(r) for r in state.racks]
        for other, known in enumerate(state.known):
            assert all(p in new.racks[other] for p in known)
        assert sorted(game.piece_places(new)) == list(range(game.pieces.size))
    assert state == before


def test_pieces_taken_from_a_discard_are_known() -> None:
    game, state = rigged(
        ["R1 R5 R9 Y2 Y6 Y10 B3 B7 B11 K4 K8 K12 R13 Y13", None, None, None],
        "K5",
        discards=["", "", "", "B6"],
    )
    play(game, state, "take")
    assert game.faces(state.known[0]) == [game.parse_action("discard B6").face]
    play(game, state, "discard R1")
    assert "; known B6 / - / - / -;" in game.position(state)
    play(game, state, "draw")
    play(game, state, "discard " + game.name(game.face(state.racks[1][-1])))
    assert game.faces(state.known[0]) == [game.parse_action("discard B6").face]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_returns_are_zero_until_the_end_and_sum_to_zero(game: ClosedHandGame[Any]) -> None:
    state = game.new_state(5)
    assert game.returns(state) == [0.0] * game.players
    rng = random.Random(5)
    while not game.is_terminal(state):
        seat = game.current_seat(state)
        assert seat is not None
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert abs(sum(game.returns(state))) < 1e-9
    outcome = game.outcome(state)
    assert outcome is not None and outcome.rounds == 2


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_applying_a_legal_id_unchecked_is_applying_it(game: ClosedHandGame[Any]) -> None:
    """``apply_legal_id`` (no checks again) changes the state and reports the events exactly as
    ``apply_id`` does, for every legal id along random matches."""
    for seed in range(3):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not game.is_terminal(state):
            seat = game.current_seat(state)
            assert seat is not None
            for action_id in game.legal_ids(state, seat):
                checked, unchecked = state.clone(), state.clone()
                assert game.apply_id(checked, seat, action_id) == game.apply_legal_id(
                    unchecked, seat, action_id
                )
                assert checked == unchecked
            game.apply_id(state, seat, rng.choice(game.legal_ids(state, seat)))
