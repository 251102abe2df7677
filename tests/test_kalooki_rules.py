"""Kalooki rules (``kalooki.md``), one test or more per rule, with the issue's cases from
tests/data/issue5_cases.toml."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from helpers import cards
from rig import rigged_kalooki
from rummykit.core.melds import CARD_JOKERS
from rummykit.core.notation import format_face
from rummykit.core.pieces import JOKER, Kind
from rummykit.errors import IllegalActionError, NotationError
from rummykit.variants.kalooki.actions import KVerb
from rummykit.variants.kalooki.rules import KalookiRules, MatchMode
from rummykit.variants.kalooki.state import KalookiGame, KPhase

CASES = tomllib.loads((Path(__file__).parent / "data" / "issue5_cases.toml").read_text("utf-8"))
FILL = "2C 3D 5S 6C 8D 9S JC"  # seven loose cards


def state(game: KalookiGame) -> tuple[object, ...]:
    return (
        [sorted(h) for h in game.hands],
        [(m.number, m.pieces, m.meld.stands_for) for m in game.table],
        list(game.stock),
        list(game.pile),
        sorted(game.opened),
        list(game.pending),
        game.phase,
        game.turn,
        list(game.scores),
    )


def refused(game: KalookiGame, text: str) -> None:
    before = state(game)
    with pytest.raises((IllegalActionError, NotationError)):
        game.apply_text(text)
    assert state(game) == before


# ---------------------------------------------------------------- the deal and the turn
def test_deal_thirteen_each_and_a_face_up_card() -> None:
    game = KalookiGame(KalookiRules(), seed=3)
    assert [len(h) for h in game.hands] == [13] * 4
    assert len(game.pile) == 1 and len(game.stock) == 106 - 52 - 1
    assert game.turn == (game.dealer + 1) % 4 and game.phase is KPhase.DRAW


def test_a_turn_is_draw_optional_melds_then_a_discard() -> None:
    game = KalookiGame(KalookiRules(), seed=3)
    seat = game.turn
    refused(game, "discard " + "AS")
    game.apply_text("draw")
    assert len(game.hands[seat]) == 14 and game.phase is KPhase.PLAY
    refused(game, "draw")
    game.apply_text("discard " + format_face(Kind.CARDS, game.faces(game.hands[seat])[0]))
    assert game.turn == (seat + 1) % 4 and game.phase is KPhase.DRAW


def test_take_the_top_discard() -> None:
    game = rigged_kalooki(["7H 8H 9H " + FILL + " KC KD KS", None, None, None], phase=KPhase.DRAW, pile="TH")
    game.apply_text("take")
    assert cards("TH")[0] in game.faces(game.hands[0])


# ---------------------------------------------------------------- opening
@pytest.mark.parametrize("case", CASES["opening"], ids=[" + ".join(c["melds"]) for c in CASES["opening"]])
def test_opening_threshold(case: dict[str, Any]) -> None:
    hand = " ".join(case["melds"]) + " KC QD"
    game = rigged_kalooki([hand, None, None, None])
    game.apply_text("meld " + " | ".join(case["melds"]))
    assert (0 in game.opened) is case["opens"]
    if case["opens"]:
        game.apply_text("discard KC")
        assert game.turn == 1
    else:
        assert game.pending
        refused(game, "discard KC")
        game.apply_text("retract")
        assert not game.table and len(game.hands[0]) == len(hand.split())
        game.apply_text("discard KC")
        assert 0 not in game.opened and game.turn == 1


def test_opening_melds_may_come_one_action_at_a_time() -> None:
    game = rigged_kalooki(["QS KS AS 7D 7H 7C KC", None, None, None])
    game.apply_text("meld QS KS AS")
    assert 0 not in game.opened and game.pending == [1]
    game.apply_text("meld 7D 7H 7C")
    assert 0 in game.opened and game.pending == []


def test_layoffs_come_only_after_opening_and_dont_count() -> None:
    game = rigged_kalooki(["TD TH TC 8S KC QD", None, None, None], table=[(1, "5S 6S 7S")])
    refused(game, "layoff 1 8S")
    game.apply_text("meld TD TH TC")
    refused(game, "layoff 1 8S")  # 30 is not an opening yet
    opened = rigged_kalooki(["8S KC QD", None, None, None], table=[(1, "5S 6S 7S")], opened={0})
    opened.apply_text("layoff 1 8S")
    assert opened.table[0].meld.stands_for == tuple(cards("5S 6S 7S 8S"))


def test_open_min_zero_removes_the_threshold() -> None:
    game = rigged_kalooki(["AS 2S 3S KC", None, None, None], rules=KalookiRules(open_min=0))
    game.apply_text("meld AS 2S 3S")
    assert 0 in game.opened


# ---------------------------------------------------------------- laying off
def test_lay_off_onto_anyones_meld_keeping_it_valid() -> None:
    game = rigged_kalooki(
        ["9H 4S 7D KC", None, None, None], table=[(2, "6H 7H 8H"), (3, "7S 7C 7H")], opened={0}
    )
    game.apply_text("layoff 1 9H")
    game.apply_text("layoff 2 7D")
    refused(game, "layoff 1 4S")
    assert len(game.table[1].pieces) == 4


def test_lay_off_a_joker_with_its_declared_card() -> None:
    game = rigged_kalooki(["JK KC QD", None, None, None], table=[(1, "6H 7H 8H")], opened={0})
    game.apply_text("layoff 1 JK[9H]")
    assert game.table[0].meld.stands_for[-1] == cards("9H")[0]


# ---------------------------------------------------------------- joker release
@pytest.mark.parametrize(
    "case", CASES["release"], ids=[f"{c['meld']} + {c['cards']}" for c in CASES["release"]]
)
def test_joker_release(case: dict[str, Any]) -> None:
    hand = case["cards"] + " KC QD"
    game = rigged_kalooki([hand, None, None, None], table=[(1, case["meld"])], opened={0})
    jokers_before = sum(1 for f in game.faces(game.hands[0]) if f == JOKER)
    if case["frees"]:
        game.apply_text(f"release 1 {case['cards']}")
        jokers = sum(1 for f in game.faces(game.hands[0]) if f == JOKER)
        assert jokers - jokers_before == case["frees"]
        assert (JOKER in game.table[0].meld.faces) is case.get("joker_left", False)
    else:
        refused(game, f"release 1 {case['cards']}")


def test_one_missing_suit_closes_the_set_for_ever() -> None:
    game = rigged_kalooki(["7C KC QD", "7D 2S 3S", None, None], table=[(2, "7H 7S JK")], opened={0, 1})
    game.apply_text("layoff 1 7C")
    assert len(game.table[0].pieces) == 4 and game.observation(0).table[0].closed
    game.apply_text("discard QD")
    game.apply_text("draw")
    refused(game, "release 1 7D")  # seat 1 holds the last suit: still no release
    assert all(a.verb is not KVerb.RELEASE for a in game.legal_actions())


def test_release_needs_an_opened_player() -> None:
    game = rigged_kalooki(["7H KC QD", None, None, None], table=[(1, "5H 6H JK[7H] 8H")])
    refused(game, "release 1 7H")


def test_released_joker_goes_to_the_hand_and_may_be_kept() -> None:
    game = rigged_kalooki(["7H KC QD", None, None, None], table=[(1, "5H 6H JK[7H] 8H")], opened={0})
    game.apply_text("release 1 7H")
    game.apply_text("discard QD")
    assert JOKER in game.faces(game.hands[0])


def test_released_joker_must_be_used_by_option() -> None:
    rules = KalookiRules(released_joker_must_be_used=True)
    game = rigged_kalooki(
        ["7H KC QD", None, None, None], table=[(1, "5H 6H JK[7H] 8H")], opened={0}, rules=rules
    )
    game.apply_text("release 1 7H")
    refused(game, "discard QD")
    refused(game, "discard JK")
    game.apply_text("layoff 1 JK[9H]")
    game.apply_text("discard QD")


def test_melds_are_never_rearranged_otherwise() -> None:
    game = rigged_kalooki(["4H KC QD", None, None, None], table=[(1, "5H 6H JK[7H] 8H")], opened={0})
    refused(game, "release 1 4H")
    game.apply_text("layoff 1 4H")
    assert game.table[0].meld.stands_for == tuple(cards("4H 5H 6H 7H 8H"))


# ---------------------------------------------------------------- going out
def test_going_out_needs_a_final_discard() -> None:
    game = rigged_kalooki(["7H 7D 7C", None, None, None], opened={0})
    refused(game, "meld 7H 7D 7C")
    game2 = rigged_kalooki(["7H 7D 7C KC", None, None, None], opened={0}, table=[(1, "2S 3S 4S")])
    game2.apply_text("meld 7H 7D 7C")
    events = game2.apply_text("discard KC")
    assert any(e.result is not None and e.result.winner == 0 for e in events)


def test_going_out_scores_the_other_hands() -> None:
    game = rigged_kalooki(["7H 7D 7C KC", "AS JK 5D", None, None], opened={0}, table=[(1, "2S 3S 4S")])
    game.apply_text("meld 7H 7D 7C")
    events = game.apply_text("discard KC")
    result = next(e.result for e in events if e.result is not None)
    assert result.winner == 0 and result.kind == "out"
    assert result.deltas[0] == 0 and result.deltas[1] == 11 + 25 + 5


def test_okey_yapmak_adds_25_for_each_other_player() -> None:
    """13 cards melded at once from a closed hand, the 14th discarded (the issue's case)."""
    hand_game = rigged_kalooki(
        ["AH 2H 3H 4H 5H 6H 7H 8H 9H TH TC TD TS", "AS JK 5D", None, None], phase=KPhase.DRAW, pile="2D"
    )
    hand_game.apply_text("take")
    assert len(hand_game.hands[0]) == 14
    hand_game.apply_text("meld AH 2H 3H 4H 5H 6H 7H 8H 9H TH | TC TD TS")
    events = hand_game.apply_text("discard 2D")
    result = next(e.result for e in events if e.result is not None)
    assert result.kind == "hunt" and result.winner == 0
    assert result.deltas[1] == 11 + 25 + 5 + 25
    values = KalookiRules().values()
    for seat in (2, 3):
        held = sum(values.hand_value(f, CARD_JOKERS) for f in result.hands[seat])
        assert result.deltas[seat] == held + 25


def test_no_hunt_after_an_earlier_meld_or_a_layoff() -> None:
    game = rigged_kalooki(["7H 7D 7C 2D", None, None, None], opened={0}, table=[(1, "TC TD TS")])
    game.apply_text("meld 7H 7D 7C")
    events = game.apply_text("discard 2D")
    assert next(e.result for e in events if e.result is not None).kind == "out"


# ---------------------------------------------------------------- the stock running out
def test_reshuffles_then_the_round_ends_with_every_hand_scored() -> None:
    game = rigged_kalooki(["7H 8D KC", "AS JK 5D", "2C 3C", "4D"], stock_size=0, pile="9S TS JS QS")
    game.apply_text("discard KC")
    assert game.reshuffles == 1 and len(game.pile) == 1  # the top card stays
    assert len(game.stock) + len(game.pile) + sum(map(len, game.hands)) == 106
    seen = {1}
    while game.round_no == 1:
        seen.add(game.reshuffles)
        game.apply_text("draw")
        game.apply_text("discard " + format_face(Kind.CARDS, game.faces(game.hands[game.turn])[-1]))
    result = game.results[0]
    assert seen == {1, 2, 3}
    assert result.kind == "exhausted" and result.winner is None
    assert all(d > 0 for d in result.deltas)
    assert "3 reshuffles" in result.explanation[0]


# ---------------------------------------------------------------- scoring and the match
def test_hand_values() -> None:
    game = rigged_kalooki(["AS JK KD 5C", None, None, None])
    assert game.hand_value(0) == 11 + 25 + 10 + 5


def test_elimination_above_the_limit() -> None:
    rules = KalookiRules(players=3, elimination_limit=30)
    game = rigged_kalooki(
        ["7H 7D 7C KC", "AS JK 5D", "2S 3D"], opened={0}, table=[(1, "TC TD TS")], rules=rules
    )
    game.apply_text("meld 7H 7D 7C")
    game.apply_text("discard KC")
    assert game.active == [0, 2] and not game.is_terminal()


def test_single_round_and_fixed_rounds() -> None:
    single = rigged_kalooki(
        ["7H 7D 7C KC", None, None, None], opened={0}, rules=KalookiRules(match=MatchMode.SINGLE_ROUND)
    )
    single.apply_text("meld 7H 7D 7C")
    single.apply_text("discard KC")
    assert single.is_terminal() and single.outcome() is not None and single.outcome().winners == (0,)  # type: ignore[union-attr]
    rounds = rigged_kalooki(
        ["7H 7D 7C KC", None, None, None], opened={0}, rules=KalookiRules(match=MatchMode.ROUNDS, rounds=2)
    )
    rounds.apply_text("meld 7H 7D 7C")
    rounds.apply_text("discard KC")
    assert not rounds.is_terminal() and rounds.round_no == 2


def test_release_may_take_the_last_card_for_the_joker() -> None:
    game = rigged_kalooki(["KS", None, None, None], table=[(1, "QS JK[KS] AS")], opened={0})
    game.apply_text("release 1 KS")
    assert game.faces(game.hands[0]) == [JOKER]


def test_retracted_meld_numbers_are_given_again() -> None:
    game = rigged_kalooki(["QS QH QD 4S 4D 4C KC", None, None, None], table=[(1, "2S 3S 4S")])
    game.apply_text("meld QS QH QD")
    game.apply_text("retract")
    game.apply_text("meld 4S 4D 4C | QS QH QD")
    assert [m.number for m in game.table] == [1, 2, 3]


def test_single_round_is_settled_per_point() -> None:
    rules = KalookiRules(match=MatchMode.SINGLE_ROUND, point_value=0.5)
    game = rigged_kalooki(["7H 7D 7C KC", "AS JK 5D", None, None], opened={0}, rules=rules)
    game.apply_text("meld 7H 7D 7C")
    events = game.apply_text("discard KC")
    result = next(e.result for e in events if e.result is not None)
    assert any(
        line.startswith("settled at 0.5 a point") and "seat 1 pays 20.5" in line
        for line in result.explanation
    )


def test_a_natural_card_is_never_declared() -> None:
    game = rigged_kalooki(["7H 7D 7C KC", None, None, None], opened={0})
    refused(game, "meld 7H[7H] 7D 7C")
