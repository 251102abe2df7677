"""The greedy Kalooki bot on the v2 interface (positions from position text)."""

from __future__ import annotations

import random

from helpers import cards
from rummykit.core.pieces import JOKER
from rummykit.solvers.arrange import Objective
from rummykit.variants.kalooki.actions import KalookiAction, KVerb
from rummykit.variants.kalooki.bots import KalookiGreedyBot
from rummykit.variants.kalooki.game import KalookiGame
from rummykit.variants.kalooki.rules import KalookiRules
from rummykit.variants.kalooki.state import KalookiState, KPhase
from test_kalooki_rules import setup


def choose(game: KalookiGame, state: KalookiState) -> KalookiAction:
    seat = game.current_seat(state)
    assert seat is not None
    legal = game.legal_actions(state, seat)
    action = KalookiGreedyBot(game, 0).choose(game.observe(state, seat), legal)
    assert action in legal
    return action


def test_kalooki_greedy_opens_at_51_and_not_below() -> None:
    game, state = setup(["QS KS AS 7D 7H 7C 2C 4D 9H", None, None, None])
    action = choose(game, state)
    assert action.verb is KVerb.MELD
    game.apply(state, 0, action)
    game.apply(state, 0, choose(game, state))
    assert 0 in state.opened
    game, low = setup(["AS 2S 3S TD TH TC 2C 4D 9H", None, None, None])
    assert choose(game, low).verb is KVerb.DISCARD


def test_kalooki_greedy_lays_off_releases_and_discards_its_highest_deadwood() -> None:
    game, layoff = setup(["9H 2C KD", None, None, None], table=[(1, "6H 7H 8H")], opened={0})
    assert choose(game, layoff).verb is KVerb.LAYOFF
    game, release = setup(["7H 2C KD", None, None, None], table=[(1, "5H 6H JK[7H] 8H")], opened={0})
    assert choose(game, release).verb is KVerb.RELEASE
    game, discard = setup(["2C KD 5S", None, None, None], opened={0})
    action = choose(game, discard)
    assert action.verb is KVerb.DISCARD and action.face == cards("KD")[0]


def test_kalooki_greedy_lays_a_joker_on_a_run_at_its_low_end_first() -> None:
    game, state = setup(["JK 2C KD", None, None, None], table=[(1, "6H 7H 8H")], opened={0})
    assert choose(game, state).text() == "layoff 1 JK[5H]"


def test_kalooki_greedy_takes_when_the_discard_lowers_its_deadwood() -> None:
    game, state = setup(["7H 8H KD QC", None, None, None], phase=KPhase.DRAW, pile="9H")
    assert choose(game, state).verb is KVerb.TAKE


def test_kalooki_greedy_goes_out_in_one_move_below_51() -> None:
    """Melding every card but one below 51 is going out in one move: it discards, never retracts."""
    game, state = setup(["2S 2D 2C 3H 4H 5H 2H", None, None, None])
    for _ in range(4):
        action = choose(game, state)
        assert action.verb is not KVerb.RETRACT
        events = game.apply(state, 0, action)
        if any(e.code == "kalooki_round_end" for e in events):
            break
    assert state.results and state.results[0].winner == 0


def test_deadwood_without_a_card_is_the_search_of_the_hand_without_it() -> None:
    """The shortcut (a card the best arrangement leaves out costs only its points) against the
    score-only search of the smaller hand, on random hands with jokers."""
    game = KalookiGame(KalookiRules())
    bot, plain = KalookiGreedyBot(game), KalookiGreedyBot(game)
    deck = [f for f in range(JOKER) for _ in range(2)] + [JOKER, JOKER]
    rng = random.Random(3)
    for _ in range(1500):
        hand = rng.sample(deck, rng.randint(2, 15))
        face = rng.choice(hand)
        rest = list(hand)
        rest.remove(face)
        assert bot.deadwood_without(hand, face) == plain.deadwood(rest)


def test_short_of_opening_only_when_the_meld_value_search_neither_opens_nor_goes_out() -> None:
    """The deadwood bound that spares the meld value search (no melds worth more than the points
    they take from the hand; a hand going out leaves at most one card's points) against that
    search, on random hands with jokers and values laid this turn."""
    game = KalookiGame(KalookiRules())
    bot = KalookiGreedyBot(game)
    assert bot._deadwood_bounds
    deck = [f for f in range(JOKER) for _ in range(2)] + [JOKER, JOKER]
    rng = random.Random(5)
    spared = 0
    for _ in range(1500):
        hand = rng.sample(deck, rng.randint(2, 15))
        laid = rng.choice([0, 0, 10, 30, 45])
        if not bot._short_of_opening(hand, laid):
            continue
        spared += 1
        best = bot._keeping_one(hand, Objective.MELD_VALUE)
        going_out = len(hand) - sum(len(m.faces) for m in best.melds) == 1
        assert not going_out and laid + best.score < game.rules.open_min
    assert spared > 300
    low_aces = KalookiGreedyBot(KalookiGame(KalookiRules(ace_penalty=1)))
    assert not low_aces._deadwood_bounds


def test_kalooki_greedy_opens_meld_by_meld_after_a_retract() -> None:
    # after a retract a meld that keeps the opening in reach is listed: greedy lays it, then the next
    game, state = setup(["QS KS AS 7D 7H 7C 2C 4D 9H", None, None, None])
    game.apply_text(state, 0, "meld 7D 7H 7C")
    game.apply_text(state, 0, "retract")
    game.apply(state, 0, choose(game, state))
    assert state.pending and 0 not in state.opened
    game.apply(state, 0, choose(game, state))
    assert 0 in state.opened
