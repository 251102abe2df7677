"""101 Okey's seat help (``variants/okey_101/assist.py``) against the engine, along greedy matches:
each offered discard's ``fine`` is the fine the engine charges for it, each offered meld's
``opening`` the opening the engine counts once it is laid, each pair's ``pairs`` the pairs laid;
the pile a take comes from; the hint's move is legal and its opening counts this turn's melds."""

from __future__ import annotations

from typing import Any

import pytest

from rummykit.variants.okey_101.assist import Okey101Assist
from rummykit.variants.okey_101.bots import GreedyBot
from rummykit.variants.okey_101.game import Okey101Game
from rummykit.variants.okey_101.rules import Okey101Rules
from rummykit.variants.okey_101.state import Okey101State

GAME = Okey101Game(Okey101Rules(rounds=1))
ASSIST = Okey101Assist(GAME)


def offers(state: Okey101State, seat: int) -> tuple[dict[str, Any], list[dict[str, Any]], list[Any]]:
    """The extras of ``seat``'s state message, its legal entries (as the server lists them, with
    what the extras add) and the actions."""
    actions = GAME.legal_actions(state, seat)
    legal = [{"text": a.text(), "parts": a.parts()} for a in actions]
    extras = ASSIST.extras(state, seat, GAME.observe(state, seat), legal, actions)
    return extras, legal, actions


def check(state: Okey101State, seat: int) -> None:
    """Every promise of the extras for ``seat`` to move, tried on a copy of ``state``."""
    observation = GAME.observe(state, seat)
    extras, legal, actions = offers(state, seat)
    previous = GAME.previous_seat(seat)
    assert extras["takeable_from"] == (previous if observation["phase"] == "draw" else None)
    opening = extras["opening"]
    assert (opening is None) == (observation["opened"][seat] != "none")
    for entry, action in zip(legal, actions, strict=True):
        verb = action.verb.value
        if verb not in ("discard", "meld", "pair"):
            continue
        after = state.clone()
        events = GAME.apply(after, seat, action)
        if verb == "discard":
            fined = [e.params["points"] for e in events if e.code.startswith("okey_101.fined_")]
            assert fined == ([entry["fine"]["points"]] if "fine" in entry else []), entry
            if entry.get("fine", {}).get("kind") == "playable":
                assert entry["parts"]["pieces"][0] in extras["islek"]
        elif opening is not None and verb == "meld":
            opened = [e.params["value"] for e in events if e.code == "okey_101.opens_melds"]
            view = GAME.observe(after, seat)
            laid = sum(m["value"] for m in view["table"] if m["number"] in view["pending"])
            assert entry["opening"] == (opened[0] if opened else laid), entry
        elif opening is not None and verb == "pair":
            view = GAME.observe(after, seat)
            paired = [e.params["count"] for e in events if e.code == "okey_101.opens_pairs"]
            pairs = sum(1 for m in view["table"] if m["number"] in view["pending"] and m["kind"] == "pair")
            assert entry["pairs"] == (paired[0] if paired else pairs), entry


@pytest.mark.parametrize("seed", [1, 4, 33])
def test_the_extras_keep_their_promises_along_a_greedy_match(seed: int) -> None:
    state = GAME.new_state(seed)
    bots = [GreedyBot(GAME) for _ in range(GAME.players)]
    checked = 0
    while GAME.outcome(state) is None:
        seat = GAME.current_seat(state)
        assert seat is not None
        if seat == 0:
            check(state, seat)
            hint = ASSIST.hint(state, seat)
            assert hint["action"] in {a.text() for a in GAME.legal_actions(state, seat)}
            assert hint["opening"]["total"] >= hint["opening"]["value"]
            checked += 1
        observation = GAME.observe(state, seat)
        GAME.apply(state, seat, bots[seat].choose(observation, GAME.legal_actions(state, seat)))
    assert checked


def test_a_spectator_gets_the_pile_a_take_comes_from_only() -> None:
    state = GAME.new_state(2)
    for _ in range(2):
        observation = GAME.observe(state, None)
        mover = observation["to_move"]
        expected = GAME.previous_seat(mover) if observation["phase"] == "draw" else None
        assert ASSIST.extras(state, None, observation, [], []) == {"takeable_from": expected}
        seat = GAME.current_seat(state)
        assert seat is not None
        GAME.apply(
            state, seat, GreedyBot(GAME).choose(GAME.observe(state, seat), GAME.legal_actions(state, seat))
        )


def test_the_rack_is_arranged_with_the_rounds_okeys_wild() -> None:
    state = GAME.new_state(5)
    observation = GAME.observe(state, 0)
    profile, wilds = ASSIST.hand_logic(observation)
    assert wilds.faces == frozenset({observation["okey"]})
    assert profile.pairs_win
