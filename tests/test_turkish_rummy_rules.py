"""Turkish Rummy rules (``turkish-rummy.md``), one test or more per rule, with the issue's cases
from tests/data/issue4_cases.toml."""

from __future__ import annotations

import itertools
import random
import tomllib
from pathlib import Path
from typing import Any

import pytest

from helpers import cards
from rig import play, result_of, rigged_cards
from rummykit.core.melds import CARD_JOKERS, MeldKind, is_meld, validate_meld
from rummykit.core.pieces import JOKER, rank_of
from rummykit.errors import IllegalActionError, MeldError, NotationError, RulesError
from rummykit.solvers.report import analyse
from rummykit.variants.closed_hand.actions import Verb
from rummykit.variants.closed_hand.state import Phase
from rummykit.variants.turkish_rummy.game import DECKS, TurkishRummyGame, draw_for_order
from rummykit.variants.turkish_rummy.rules import TurkishRummyRules
from rummykit.variants.turkish_rummy.state import TurkishRummyState

CASES = tomllib.loads((Path(__file__).parent / "data" / "issue4_cases.toml").read_text("utf-8"))
RULES = TurkishRummyRules()
MELDS = RULES.meld_rules()

WIN = "AH 2H 3H 4H QS KS AS 7D 7C 7H 9C 9D 9S 5C"  # 5C is the spare
PAIRS = "AH AH 2C 2C 5D 5D 9S 9S TH TH KC KC 4D 4D 8S"  # 8S is the spare


def finishing(
    hand: str, up: str = "3D", rules: TurkishRummyRules | None = None, players: int = 4
) -> tuple[TurkishRummyGame, TurkishRummyState]:
    rules = rules or TurkishRummyRules(players=players)
    # the up card's twin lies in the discard pile, so nobody holds it
    return rigged_cards([hand] + [None] * (rules.players - 1), up, pile=up, phase=Phase.DISCARD, rules=rules)


# ---------------------------------------------------------------- the cases
@pytest.mark.parametrize("case", CASES["pair"], ids=[c["hand"] for c in CASES["pair"]])
def test_pairs(case: dict[str, Any]) -> None:
    if case["pair"]:
        assert validate_meld(cards(case["hand"]), MELDS, CARD_JOKERS, allow_pair=True).kind is MeldKind.PAIR
    else:
        with pytest.raises(MeldError):
            validate_meld(cards(case["hand"]), MELDS, CARD_JOKERS, allow_pair=True)


@pytest.mark.parametrize("case", CASES["meld"], ids=[c["hand"] for c in CASES["meld"]])
def test_melds(case: dict[str, Any]) -> None:
    assert is_meld(cards(case["hand"]), MELDS, CARD_JOKERS) is case["meld"]


@pytest.mark.parametrize("case", CASES["winning"], ids=[c["hand"] for c in CASES["winning"]])
def test_winning_hands(case: dict[str, Any]) -> None:
    report = analyse(RULES.hand_profile(), cards(case["hand"]), CARD_JOKERS)
    assert [k.value for k in report.win_kinds] == case["win_kinds"]


def test_repeated_suits_in_sets_by_option() -> None:
    loose = TurkishRummyRules(set_distinct_suits=False).meld_rules()
    assert is_meld(cards("7H 7H 7S"), loose, CARD_JOKERS)
    assert is_meld(cards("7H 7H 7S 7S 7D"), loose, CARD_JOKERS)
    assert not is_meld(cards("7H 7H 7S"), MELDS, CARD_JOKERS)


def test_only_printed_jokers_are_wild_unless_the_up_card_sets_them() -> None:
    up = cards("6H")[0]
    assert RULES.wilds(up) == CARD_JOKERS
    wild = TurkishRummyRules(up_card_sets_wild=True).wilds(up)
    assert wild.is_wild(cards("7H")[0]) and wild.is_wild(JOKER)
    assert TurkishRummyRules(up_card_sets_wild=True).wilds(cards("KS")[0]).is_wild(cards("AS")[0])


# ---------------------------------------------------------------- order of play and the deal
@pytest.mark.parametrize("seed", range(40))
def test_order_by_card_draw_highest_first(seed: int) -> None:
    order, draws = draw_for_order(random.Random(seed), 4)
    assert sorted(order) == [0, 1, 2, 3]
    first_card = {}
    for seat, face in draws:
        if face != JOKER and seat not in first_card:
            first_card[seat] = rank_of(face)
    # a seat's first real card decides against every seat it did not tie with (K high, A low)
    for a, b in itertools.pairwise(order):
        assert first_card[a] >= first_card[b]


def test_jokers_and_ties_draw_again() -> None:
    seen_joker = seen_tie = False
    for seed in range(400):
        _, draws = draw_for_order(random.Random(seed), 4)
        seats = [s for s, _ in draws]
        if any(f == JOKER for _, f in draws):
            seen_joker = True
        if len(seats) > len(set(seats)) and not any(f == JOKER for _, f in draws):
            seen_tie = True
    assert seen_joker and seen_tie


def test_deal_fourteen_each_face_up_card_and_up_card() -> None:
    game = TurkishRummyGame(TurkishRummyRules())
    state = game.new_state(5)
    assert [len(r) for r in state.racks] == [14] * 4
    assert len(state.discards) == 1 and len(state.discards[0]) == 1
    assert len(state.stock) == 106 - 56 - 2
    assert game.face(state.up_card) != JOKER
    assert state.turn == state.order[0] and state.phase is Phase.DRAW
    assert game.observe(state, state.turn)["takeable"] == game.face(state.discards[0][0])


def test_first_player_may_take_the_initial_face_up_card() -> None:
    game = TurkishRummyGame(TurkishRummyRules())
    state = game.new_state(9)
    first = state.turn
    card = state.discards[0][0]
    play(game, state, "take")
    assert card in state.racks[first] and state.discards[0] == []


def test_the_up_card_is_out_of_play() -> None:
    game = TurkishRummyGame(TurkishRummyRules())
    state = game.new_state(2)
    assert state.up_card not in state.stock and all(state.up_card not in r for r in state.racks)
    places = game.piece_places(state)
    assert len(places) == DECKS.size and set(places.values()) == {1}


# ---------------------------------------------------------------- laying down and scores
@pytest.mark.parametrize(
    ("hand", "discard", "penalty", "kind"),
    [
        (WIN, "5C", -2, "hunt"),
        (PAIRS, "8S", -4, "pairs"),
        (WIN.replace("5C", "JK"), "JK", -4, "joker"),
        (PAIRS.replace("8S", "JK"), "JK", -8, "pairs+joker"),
    ],
)
def test_lay_down_penalties(hand: str, discard: str, penalty: int, kind: str) -> None:
    game, state = finishing(hand)
    result = result_of(play(game, state, f"finish {discard}"))
    assert result.kind == kind and result.winner == 0
    assert result.deltas[1:] == (penalty,) * 3 and result.deltas[0] == 0


def test_pairs_and_joker_not_stacked_take_the_larger() -> None:
    game, state = finishing(PAIRS.replace("8S", "JK"), rules=TurkishRummyRules(stack_bonuses=False))
    assert result_of(play(game, state, "finish JK")).deltas[1] == -4


def test_up_card_penalty_whoever_wins() -> None:
    game, holder = rigged_cards(
        [WIN, "3D 4C 6C 8C TC JC QC KC 2D 6D 8D TD JD QD", None, None], "3D", phase=Phase.DISCARD
    )
    result = result_of(play(game, holder, "finish 5C"))
    # seat 0 hunts: others -2; seat 1 holds the up card's twin 3D: everyone but seat 1 loses 1 more
    assert result.deltas == (-1, -2, -3, -3)
    assert any("up card" in line for line in result.explanation)


def test_up_card_penalty_on_a_stalemate() -> None:
    hands = [
        "2S 4S 6S 8S TS QS 2H 4H 6H 8H TH QH 2D 4D",
        "3D 3C 5C 7C 9C JC KC 3H 5H 9H JH KH 6C 8C",
        None,
        None,
    ]
    game, state = rigged_cards(hands, "3S", pile="3S", stock_top="AD", stock_size=1)
    play(game, state, "draw")
    result = result_of(play(game, state, "discard AD"))
    assert result.kind == "stalemate" and result.deltas == (-1, -1, -1, -1)
    game, held = rigged_cards(hands, "3D", stock_top="AD", stock_size=1)
    play(game, held, "draw")
    result = result_of(play(game, held, "discard AD"))
    assert result.kind == "stalemate"
    assert result.deltas == (-2, -1, -2, -2)  # seat 1 holds 3D


def test_stalemate_last_chance_take_only_to_lay_down() -> None:
    waiting = "AH 2H 3H 4H 5H QS KS AS 7D 7C 7H 9C 9D 5C"  # needs a 9: takes 9S, lays down, discards 5C
    game, state = rigged_cards(
        ["2S 4S 6S 8S TS QS 2H 4H 6H 8H TH QH 2D 4D", waiting, None, None], "3S", stock_top="9S", stock_size=1
    )
    play(game, state, "draw")
    play(game, state, "discard 9S")
    assert state.phase is Phase.LAST_CHANCE
    play(game, state, "take")
    assert {a.verb for a in game.legal_actions(state, 1)} == {Verb.FINISH}


def test_wrong_lay_down_is_refused_and_changes_nothing() -> None:
    game, state = finishing(WIN)
    before = state.clone()
    for text in (
        "finish AH",
        "finish 5C : AH 2H 3H 4H | QS KS AS | 7D 7C 7H | 9C 9D",
        "finish 5C : KS AS 2H | 3H 4H AH | QS 7D 7C | 7H 9C 9D 9S",
    ):
        with pytest.raises((IllegalActionError, NotationError)):
            play(game, state, text)
        assert state == before


def test_lay_down_with_an_explicit_arrangement() -> None:
    game, state = finishing(WIN)
    result = result_of(play(game, state, "finish 5C : AH 2H 3H 4H | QS KS AS | 7D 7C 7H | 9C 9D 9S"))
    assert result.winner == 0


def test_no_show_action_in_turkish_rummy() -> None:
    game = TurkishRummyGame(TurkishRummyRules())
    state = game.new_state(1)
    with pytest.raises(NotationError):
        play(game, state, "show 7H")
    assert all(a.verb is not Verb.SHOW for a in game.legal_actions(state, state.turn))


# ---------------------------------------------------------------- the match
def test_match_of_fixed_rounds_from_zero() -> None:
    game, state = finishing(WIN, rules=TurkishRummyRules(rounds=2))
    assert state.scores == [0, 0, 0, 0]
    play(game, state, "finish 5C")
    assert not game.is_terminal(state) and state.round_no == 2


def test_penalty_limit_ends_the_match() -> None:
    game, state = finishing(WIN, rules=TurkishRummyRules(penalty_limit=-2))
    play(game, state, "finish 5C")
    assert game.is_terminal(state)
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
    assert game.returns(state) == [0.15, -0.05, -0.05, -0.05]


def test_lay_down_with_a_declared_joker_keeps_the_players_arrangement() -> None:
    hand = "AH 2H 3H 4H QS KS AS 7D 7C 7H 9C 9D JK 5C"
    game, state = finishing(hand)
    result = result_of(play(game, state, "finish 5C : AH 2H 3H 4H | QS KS AS | 7D 7C 7H | 9C 9D JK[9S]"))
    assert result.winner == 0
    assert len(result.laid) == 4
    assert any(sorted(m.stands_for) == sorted(cards("9C 9D 9S")) for m in result.laid)


def test_penalty_limit_is_a_negative_total() -> None:
    with pytest.raises(RulesError, match="penalty_limit"):
        TurkishRummyRules(penalty_limit=0)
    assert TurkishRummyRules(penalty_limit=-20).penalty_limit == -20


@pytest.mark.parametrize(
    "name", ["hunt_penalty", "pairs_penalty", "joker_discard_penalty", "up_card_penalty", "stalemate_penalty"]
)
def test_penalties_are_never_positive(name: str) -> None:
    positive: dict[str, Any] = {name: 3}
    with pytest.raises(RulesError, match=name):
        TurkishRummyRules(**positive)
    zero: dict[str, Any] = {name: 0}
    assert getattr(TurkishRummyRules(**zero), name) == 0
