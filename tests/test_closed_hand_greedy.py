"""The closed-hand greedy bot (Okey, Turkish Rummy) on the v2 interface: it chooses from the
observation dict and the legal actions, and follows its documented policy."""

from __future__ import annotations

import random

from helpers import tiles
from rig import rigged
from rummykit.solvers.report import best_arrangement
from rummykit.variants.closed_hand.actions import HandAction, Verb
from rummykit.variants.closed_hand.bots import GreedyBot
from rummykit.variants.closed_hand.state import Phase
from rummykit.variants.okey.game import OkeyGame
from rummykit.variants.okey.state import OkeyState
from rummykit.variants.turkish_rummy.game import TurkishRummyGame
from rummykit.variants.turkish_rummy.rules import TurkishRummyRules

WIN = "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 K13 R9"


def choice(game: OkeyGame, state: OkeyState) -> HandAction:
    return GreedyBot(game, 0).choose(game.observe(state, state.turn), game.legal_actions(state, state.turn))


def test_greedy_finishes_when_it_can() -> None:
    action = choice(*rigged([WIN, None, None, None], "K5", phase=Phase.DISCARD))
    assert action.verb is Verb.FINISH and action.face == tiles("R9")[0]


def test_greedy_prefers_the_okey_finish() -> None:
    hand = "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 K13 K6"  # K6 is the okey
    action = choice(*rigged([hand, None, None, None], "K5", phase=Phase.DISCARD))
    assert action.verb is Verb.FINISH and action.face == tiles("K6")[0]


def test_greedy_shows_the_indicator_on_its_first_turn() -> None:
    hand = "K5 R1 R5 R9 Y2 Y6 Y10 B3 B7 B11 K8 K12 R13 Y13"
    assert choice(*rigged([hand, None, None, None], "K5", first_turn_done=False)).verb is Verb.SHOW


def test_greedy_takes_a_discard_that_helps_and_draws_otherwise() -> None:
    hand = "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 R13 Y13 B1"
    assert choice(*rigged([hand, None, None, "K12"], "K5", discards=["", "", "", "K12"])).verb is Verb.TAKE
    assert choice(*rigged([hand, None, None, None], "K5", discards=["", "", "", "Y1"])).verb is Verb.DRAW


def test_greedy_discards_the_tile_that_leaves_the_best_arrangement() -> None:
    """The exact solver's best arrangement after each discard leaves Y13 or B1 as the one piece
    out (K6, the okey, completes K10 K11 K12); the bot takes the higher of the two (its tie
    order: fewest left out, not a wild, the highest face)."""
    hand = "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 Y13 B1 K6"
    game, state = rigged([hand, None, None, None], "K5", phase=Phase.DISCARD)
    rack = game.faces(state.racks[0])
    left = {
        face: len(best_arrangement(game.solver_profile, without(rack, face), state.wilds).ungrouped)
        for face in set(rack)
    }
    best = sorted(face for face, n in left.items() if n == min(left.values()))
    assert best == sorted(tiles("Y13 B1")) and min(left.values()) == 1
    assert choice(game, state) == HandAction(Verb.DISCARD, max(best), kind=game.pieces.kind)


def without(faces: list[int], face: int) -> list[int]:
    """``faces`` less one copy of ``face``."""
    rest = list(faces)
    rest.remove(face)
    return rest


def test_greedy_plays_a_turkish_rummy_match_to_its_end() -> None:
    game = TurkishRummyGame(TurkishRummyRules(rounds=1))
    state = game.new_state(4)
    bot = GreedyBot(game, 0)
    rng = random.Random(4)
    while not game.is_terminal(state):
        seat = game.current_seat(state)
        assert seat is not None
        legal = game.legal_actions(state, seat)
        action = bot.choose(game.observe(state, seat), legal) if seat == 0 else rng.choice(legal)
        assert action in legal
        game.apply(state, seat, action)
    assert game.outcome(state) is not None
