"""Kalooki rules (``kalooki.md``), one test or more per rule, with the issue's cases from
tests/data/issue5_cases.toml. Positions are built as position text (:func:`setup`)."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import cards, retracting_turn_lists_alike
from rummykit.core.melds import CARD_JOKERS
from rummykit.core.notation import format_face
from rummykit.core.pieces import JOKER, N_FACES, Kind
from rummykit.engine.events import Event
from rummykit.errors import IllegalActionError, NotationError, RulesError
from rummykit.variants.kalooki.actions import KVerb
from rummykit.variants.kalooki.game import KalookiGame, faces
from rummykit.variants.kalooki.rules import KalookiRules, MatchMode
from rummykit.variants.kalooki.state import KalookiState, KPhase

CASES = tomllib.loads((Path(__file__).parent / "data" / "issue5_cases.toml").read_text("utf-8"))
FILL = "2C 3D 5S 6C 8D 9S JC"  # seven loose cards
DECK = [format_face(Kind.CARDS, f) for f in range(N_FACES)] * 2 + ["JK", "JK"]


def setup(
    hands: list[str | None],
    *,
    table: list[tuple[int, str]] | None = None,
    opened: set[int] | None = None,
    turn: int = 0,
    phase: KPhase = KPhase.PLAY,
    pile: str = "4C",
    stock_size: int | None = None,
    rules: KalookiRules | None = None,
) -> tuple[KalookiGame, KalookiState]:
    """A Kalooki round (seed 0, round 1) with these hands (``None``: 13 cards from what is left),
    table melds ``(owner, "5H 6H JK[7H] 8H")`` numbered from 1, the seats that have opened, the
    pile (bottom first); the rest is the stock (``stock_size`` moves the excess under the pile).
    Written as position text and read by ``from_position``."""
    game = KalookiGame(rules or KalookiRules(players=len(hands)))
    left = Counter(DECK)
    for text in [t for _, t in table or []] + [h or "" for h in hands] + [pile]:
        left.subtract(c.partition("[")[0] for c in text.split())
    rest = []
    for c in DECK:
        if left[c] > 0:
            rest.append(c)
            left[c] -= 1
    full = [h.split() if h is not None else [rest.pop() for _ in range(13)] for h in hands]
    piled = pile.split()
    if stock_size is not None:
        piled = rest[stock_size:] + piled
        rest = rest[:stock_size]
    opened = opened or set()

    def listed(items: list[str]) -> str:
        return " ".join(items) or "-"

    melds = " ~ ".join(f"{owner} : {text}" for owner, text in table or [])
    n = len(hands)
    text = (
        f"kalooki; seed 0; round 1; dealer {(turn - 1) % n}; turn {turn}; phase {phase.value}; "
        f"active {listed([str(s) for s in range(n)])}; scores {listed(['0'] * n)}; reshuffles 0; "
        f"opened {listed([str(s) for s in sorted(opened)])}; pending -; next {len(table or []) + 1}; "
        f"laid_off 0; open_at_start {int(turn in opened)}; retracted 0; released -; "
        f"hands {' / '.join(listed(h) for h in full)}; known {' / '.join(['-'] * n)}; table {melds or '-'}; "
        f"discards {listed(piled)}; stock {listed(rest)}; results -"
    )
    return game, game.from_position(text)


def refused(game: KalookiGame, state: KalookiState, text: str, code: str) -> None:
    """``text`` by the seat to move is refused with ``code`` (an illegal action's, or a notation
    error's: why the text can't be read) and changes nothing."""
    before = state.clone()
    seat = game.current_seat(state)
    assert seat is not None
    with pytest.raises((IllegalActionError, NotationError)) as caught:
        game.apply_text(state, seat, text)
    assert caught.value.code == code, str(caught.value)
    assert state == before


def play(game: KalookiGame, state: KalookiState, *texts: str) -> list[Event]:
    """Apply ``texts`` in turn, each by the seat to move; the events of the last."""
    events: list[Event] = []
    for text in texts:
        seat = game.current_seat(state)
        assert seat is not None
        events = game.apply_text(state, seat, text)
    return events


def round_result(events: list[Event]) -> dict[str, Any]:
    """The round result (JSON) carried by the round-end event."""
    result: dict[str, Any] = next(e.params["result"] for e in events if e.code == "kalooki_round_end")
    return result


def hand_faces(state: KalookiState, seat: int) -> list[int]:
    return faces(state.hands[seat])


# ---------------------------------------------------------------- the deal and the turn
def test_deal_thirteen_each_and_a_face_up_card() -> None:
    game = KalookiGame(KalookiRules())
    state = game.new_state(3)
    assert [len(h) for h in state.hands] == [13] * 4
    assert len(state.pile) == 1 and len(state.stock) == 106 - 52 - 1
    assert state.turn == (state.dealer + 1) % 4 and state.phase is KPhase.DRAW


def test_a_turn_is_draw_optional_melds_then_a_discard() -> None:
    game = KalookiGame(KalookiRules())
    state = game.new_state(3)
    seat = state.turn
    refused(game, state, "discard " + "AS", "kalooki_draw_first")
    play(game, state, "draw")
    assert len(state.hands[seat]) == 14 and state.phase is KPhase.PLAY
    refused(game, state, "draw", "kalooki_drawn_already")
    play(game, state, "discard " + format_face(Kind.CARDS, hand_faces(state, seat)[0]))
    assert state.turn == (seat + 1) % 4 and game.observe(state, seat)["phase"] == "draw"


def test_take_the_top_discard() -> None:
    game, state = setup(["7H 8H 9H " + FILL + " KC KD KS", None, None, None], phase=KPhase.DRAW, pile="TH")
    play(game, state, "take")
    assert cards("TH")[0] in hand_faces(state, 0)


# ---------------------------------------------------------------- opening
@pytest.mark.parametrize("case", CASES["opening"], ids=[" + ".join(c["melds"]) for c in CASES["opening"]])
def test_opening_threshold(case: dict[str, Any]) -> None:
    hand = " ".join(case["melds"]) + " KC QD"
    game, state = setup([hand, None, None, None])
    play(game, state, "meld " + " | ".join(case["melds"]))
    assert (0 in state.opened) is case["opens"]
    if case["opens"]:
        play(game, state, "discard KC")
        assert state.turn == 1
    else:
        assert state.pending
        refused(game, state, "discard KC", "kalooki_under_opening")
        play(game, state, "retract")
        assert not state.table and len(state.hands[0]) == len(hand.split())
        play(game, state, "discard KC")
        assert 0 not in state.opened and state.turn == 1


def test_opening_melds_may_come_one_action_at_a_time() -> None:
    game, state = setup(["QS KS AS 7D 7H 7C KC", None, None, None])
    play(game, state, "meld QS KS AS")
    assert 0 not in state.opened and state.pending == [1]
    play(game, state, "meld 7D 7H 7C")
    assert 0 in state.opened and state.pending == []


def test_layoffs_come_only_after_opening_and_dont_count() -> None:
    game, state = setup(["TD TH TC 8S KC QD", None, None, None], table=[(1, "5S 6S 7S")])
    refused(game, state, "layoff 1 8S", "kalooki_layoff_closed_hand")
    play(game, state, "meld TD TH TC")
    refused(game, state, "layoff 1 8S", "kalooki_layoff_closed_hand")  # 30 is not an opening yet
    opened, after = setup(["8S KC QD", None, None, None], table=[(1, "5S 6S 7S")], opened={0})
    play(opened, after, "layoff 1 8S")
    assert after.table[0].meld.stands_for == tuple(cards("5S 6S 7S 8S"))


def test_open_min_zero_removes_the_threshold() -> None:
    game, state = setup(["AS 2S 3S KC", None, None, None], rules=KalookiRules(open_min=0))
    play(game, state, "meld AS 2S 3S")
    assert 0 in state.opened


# ---------------------------------------------------------------- laying off
def test_lay_off_onto_anyones_meld_keeping_it_valid() -> None:
    game, state = setup(
        ["9H 4S 7D KC", None, None, None], table=[(2, "6H 7H 8H"), (3, "7S 7C 7H")], opened={0}
    )
    play(game, state, "layoff 1 9H", "layoff 2 7D")
    refused(game, state, "layoff 1 4S", "kalooki_no_fit")
    assert len(state.table[1].pieces) == 4


def test_lay_off_a_joker_with_its_declared_card() -> None:
    game, state = setup(["JK KC QD", None, None, None], table=[(1, "6H 7H 8H")], opened={0})
    play(game, state, "layoff 1 JK[9H]")
    assert state.table[0].meld.stands_for[-1] == cards("9H")[0]


@pytest.mark.parametrize(("declared", "lies"), [("JK[7D]", "7S 7H JK[7D] 7C"), ("JK", "7S 7H 7C JK[7D]")])
def test_a_joker_laid_off_onto_a_set_keeps_its_place_through_position_text(declared: str, lies: str) -> None:
    """A joker declared as a set's missing suit lies in that suit's place (``7S 7H JK 7C``), one
    laid off undeclared at the end; the position text keeps each where it lies (the declared one
    used to move to the end when read back, and the observation's table with it)."""
    game, state = setup(["JK KC QD", None], table=[(1, "7S 7H 7C")], opened={0})
    play(game, state, f"layoff 1 {declared}")
    text = game.position(state)
    assert f"; table 1 : {lies};" in text
    back = game.from_position(text)
    assert back.table[0].meld == state.table[0].meld
    assert game.observe(back, None) == game.observe(state, None) and game.position(back) == text


# ---------------------------------------------------------------- joker release
@pytest.mark.parametrize(
    "case", CASES["release"], ids=[f"{c['meld']} + {c['cards']}" for c in CASES["release"]]
)
def test_joker_release(case: dict[str, Any]) -> None:
    hand = case["cards"] + " KC QD"
    game, state = setup([hand, None, None, None], table=[(1, case["meld"])], opened={0})
    jokers_before = hand_faces(state, 0).count(JOKER)
    if case["frees"]:
        play(game, state, f"release 1 {case['cards']}")
        assert hand_faces(state, 0).count(JOKER) - jokers_before == case["frees"]
        assert (JOKER in state.table[0].meld.faces) is case.get("joker_left", False)
    else:
        refused(game, state, f"release 1 {case['cards']}", case["refused"])


def test_one_missing_suit_closes_the_set_for_ever() -> None:
    game, state = setup(["7C KC QD", "7D 2S 3S", None, None], table=[(2, "7H 7S JK")], opened={0, 1})
    play(game, state, "layoff 1 7C")
    assert len(state.table[0].pieces) == 4 and game.observe(state, 0)["table"][0]["closed"]
    play(game, state, "discard QD", "draw")
    refused(game, state, "release 1 7D", "kalooki_closed_set")  # seat 1 holds the last suit: still no release
    assert all(a.verb is not KVerb.RELEASE for a in game.legal_actions(state, 1))


def test_release_needs_an_opened_player() -> None:
    game, state = setup(["7H KC QD", None, None, None], table=[(1, "5H 6H JK[7H] 8H")])
    refused(game, state, "release 1 7H", "kalooki_release_closed_hand")


def test_released_joker_goes_to_the_hand_and_may_be_kept() -> None:
    game, state = setup(["7H KC QD", None, None, None], table=[(1, "5H 6H JK[7H] 8H")], opened={0})
    play(game, state, "release 1 7H", "discard QD")
    assert JOKER in hand_faces(state, 0)


def test_released_joker_must_be_used_by_option() -> None:
    rules = KalookiRules(released_joker_must_be_used=True)
    game, state = setup(
        ["7H KC QD", None, None, None], table=[(1, "5H 6H JK[7H] 8H")], opened={0}, rules=rules
    )
    play(game, state, "release 1 7H")
    refused(game, state, "discard QD", "kalooki_use_released_joker")
    refused(game, state, "discard JK", "kalooki_use_released_joker")
    play(game, state, "layoff 1 JK[9H]", "discard QD")


def test_a_release_that_must_be_used_leaves_a_card_besides_the_joker() -> None:
    """Under ``released_joker_must_be_used`` a release may not take the last card: the joker alone
    could be neither laid off (a lay-off keeps a card) nor discarded, and no action would be legal
    (found by the random-playout round trip, seed 83915). Without the option the joker may be
    discarded to go out."""
    rules = KalookiRules(released_joker_must_be_used=True)
    game, state = setup(["7H", None, None, None], table=[(1, "5H 6H JK[7H] 8H")], opened={0}, rules=rules)
    refused(game, state, "release 1 7H", "kalooki_keep_one")
    assert all(a.verb is not KVerb.RELEASE for a in game.legal_actions(state, 0))
    assert game.legal_actions(state, 0)
    game, state = setup(["7H", None, None, None], table=[(1, "5H 6H JK[7H] 8H")], opened={0})
    play(game, state, "release 1 7H")
    assert hand_faces(state, 0) == [JOKER] and game.legal_actions(state, 0)


def test_melds_are_never_rearranged_otherwise() -> None:
    game, state = setup(["4H KC QD", None, None, None], table=[(1, "5H 6H JK[7H] 8H")], opened={0})
    refused(game, state, "release 1 4H", "kalooki_no_joker_for")
    play(game, state, "layoff 1 4H")
    assert state.table[0].meld.stands_for == tuple(cards("4H 5H 6H 7H 8H"))


# ---------------------------------------------------------------- going out
def test_going_out_needs_a_final_discard() -> None:
    game, state = setup(["7H 7D 7C", None, None, None], opened={0})
    refused(game, state, "meld 7H 7D 7C", "kalooki_keep_one")
    game2, state2 = setup(["7H 7D 7C KC", None, None, None], opened={0}, table=[(1, "2S 3S 4S")])
    events = play(game2, state2, "meld 7H 7D 7C", "discard KC")
    assert round_result(events)["winner"] == 0


def test_going_out_scores_the_other_hands() -> None:
    game, state = setup(["7H 7D 7C KC", "AS JK 5D", None, None], opened={0}, table=[(1, "2S 3S 4S")])
    result = round_result(play(game, state, "meld 7H 7D 7C", "discard KC"))
    assert result["winner"] == 0 and result["kind"] == "out"
    assert result["deltas"][0] == 0 and result["deltas"][1] == 11 + 25 + 5


def test_okey_yapmak_adds_25_for_each_other_player() -> None:
    """13 cards melded at once from a closed hand, the 14th discarded (the issue's case)."""
    game, state = setup(
        ["AH 2H 3H 4H 5H 6H 7H 8H 9H TH TC TD TS", "AS JK 5D", None, None], phase=KPhase.DRAW, pile="2D"
    )
    play(game, state, "take")
    assert len(state.hands[0]) == 14
    result = round_result(play(game, state, "meld AH 2H 3H 4H 5H 6H 7H 8H 9H TH | TC TD TS", "discard 2D"))
    assert result["kind"] == "hunt" and result["winner"] == 0
    assert result["deltas"][1] == 11 + 25 + 5 + 25
    values = KalookiRules().values()
    for seat in (2, 3):
        held = sum(values.hand_value(f, CARD_JOKERS) for f in result["hands"][seat])
        assert result["deltas"][seat] == held + 25


def test_okey_yapmak_one_meld_per_action() -> None:
    """The same going out laid one meld per action (the action space's way) is Okey yapmak too."""
    game, state = setup(
        ["AH 2H 3H 4H 5H 6H 7H 8H 9H TH TC TD TS", None, None, None], phase=KPhase.DRAW, pile="2D"
    )
    events = play(game, state, "take", "meld AH 2H 3H 4H 5H 6H 7H 8H 9H TH", "meld TC TD TS", "discard 2D")
    assert round_result(events)["kind"] == "hunt"


def test_no_hunt_after_an_earlier_meld_or_a_layoff() -> None:
    game, state = setup(["7H 7D 7C 2D", None, None, None], opened={0}, table=[(1, "TC TD TS")])
    assert round_result(play(game, state, "meld 7H 7D 7C", "discard 2D"))["kind"] == "out"


# ---------------------------------------------------------------- the stock running out
def test_reshuffles_then_the_round_ends_with_every_hand_scored() -> None:
    game, state = setup(["7H 8D KC", "AS JK 5D", "2C 3C", "4D"], stock_size=0, pile="9S TS JS QS")
    events = play(game, state, "discard KC")
    assert state.reshuffles == 1 and len(state.pile) == 1  # the top card stays
    assert [e.code for e in events][-1] == "kalooki_reshuffle"
    assert len(state.stock) + len(state.pile) + sum(map(len, state.hands)) == 106
    seen = {1}
    while state.round_no == 1:
        seen.add(state.reshuffles)
        play(game, state, "draw")
        play(game, state, "discard " + format_face(Kind.CARDS, hand_faces(state, state.turn)[-1]))
    result = state.results[0]
    assert seen == {1, 2, 3}
    assert result.kind == "exhausted" and result.winner is None
    assert all(d > 0 for d in result.deltas)
    assert "3 reshuffles" in result.explanation[0]


# ---------------------------------------------------------------- scoring and the match
def test_hand_values() -> None:
    game, state = setup(["AS JK KD 5C", None, None, None])
    assert game.hand_value(state, 0) == 11 + 25 + 10 + 5


def test_elimination_above_the_limit() -> None:
    rules = KalookiRules(players=3, elimination_limit=30)
    game, state = setup(
        ["7H 7D 7C KC", "AS JK 5D", "2S 3D"], opened={0}, table=[(1, "TC TD TS")], rules=rules
    )
    events = play(game, state, "meld 7H 7D 7C", "discard KC")
    assert state.active == [0, 2] and not game.is_terminal(state)
    assert [e.text() for e in events if e.code == "kalooki_eliminated"] == ["is out of the match with 41"]


def test_elimination_limit_is_not_negative() -> None:
    with pytest.raises(RulesError):
        KalookiRules(elimination_limit=-1)


def test_single_round_and_fixed_rounds() -> None:
    game, single = setup(
        ["7H 7D 7C KC", None, None, None], opened={0}, rules=KalookiRules(match=MatchMode.SINGLE_ROUND)
    )
    events = play(game, single, "meld 7H 7D 7C", "discard KC")
    outcome = game.outcome(single)
    assert game.is_terminal(single) and outcome is not None and outcome.winners == (0,)
    assert events[-1].code == "match_over" and game.returns(single) == [1.0, 0.0, 0.0, 0.0]
    rounds_game, rounds = setup(
        ["7H 7D 7C KC", None, None, None], opened={0}, rules=KalookiRules(match=MatchMode.ROUNDS, rounds=2)
    )
    play(rounds_game, rounds, "meld 7H 7D 7C", "discard KC")
    assert not rounds_game.is_terminal(rounds) and rounds.round_no == 2
    assert rounds_game.returns(rounds) == [0.0] * 4


def test_release_may_take_the_last_card_for_the_joker() -> None:
    game, state = setup(["KS", None, None, None], table=[(1, "QS JK[KS] AS")], opened={0})
    play(game, state, "release 1 KS")
    assert hand_faces(state, 0) == [JOKER]


SHORT = "TH JH QH AC 2C 3C 5D 7S 9D KS 4H 6S 8C 9H"
"""Two melds worth 36, short of the 51 opening, and loose cards (the tester's turn)."""


def test_retract_is_once_a_turn_and_then_a_meld_must_keep_the_opening_in_reach() -> None:
    # the report: meld, meld (short of 51), retract, again and again, a turn without end
    game, state = setup([SHORT, None, None], rules=KalookiRules(players=3))
    play(game, state, "meld TH JH QH", "meld AC 2C 3C")
    assert [a.verb for a in game.legal_actions(state, 0)] == [KVerb.RETRACT]
    play(game, state, "retract")
    assert state.retracted and game.observe(state, 1)["retracted"] is True
    # 30, and the rest of the hand adds at most 6: the turn could not end with it on the table
    refused(game, state, "meld TH JH QH", "kalooki_retracted_out_of_reach")
    refused(game, state, "meld TH JH QH | AC 2C 3C", "kalooki_retracted_out_of_reach")
    refused(game, state, "retract", "kalooki_nothing_to_retract")
    legal = game.legal_actions(state, 0)
    assert {a.verb for a in legal} == {KVerb.DISCARD}
    play(game, state, "discard KS")
    assert state.turn == 1 and not state.retracted


REACH = "QS KS AS 7D 7H 7C 5C 6C 2D 9S JD 4H 8S TD"
"""QS KS AS (31) and 7D 7H 7C (21) open together at 52; 5C 6C 7C (18) takes the 7C they need."""


def offered(game: KalookiGame, state: KalookiState, text: str) -> bool:
    """Whether the action written ``text`` is one of the listed legal actions of the seat to move
    (what the browser offers for the selected cards, and an environment's mask)."""
    seat = game.current_seat(state)
    assert seat is not None
    wanted = game.action_id(state, game.parse_action(text))
    return wanted in {game.action_id(state, a) for a in game.legal_actions(state, seat)}


def test_after_a_retract_melds_that_reach_the_opening_together_go_down_one_at_a_time() -> None:
    game, state = setup([REACH, None, None], rules=KalookiRules(players=3))
    play(game, state, "meld 5C 6C 7C", "meld QS KS AS", "retract")  # 49: short, taken back
    assert offered(game, state, "meld QS KS AS") and offered(game, state, "meld 7D 7H 7C")
    assert not offered(game, state, "meld 5C 6C 7C")
    # 18, and QS KS AS is all the rest can add: 49, never 51, and the hand can't go out
    refused(game, state, "meld 5C 6C 7C", "kalooki_retracted_out_of_reach")
    refused(game, state, "meld 5C 6C 7C | QS KS AS", "kalooki_retracted_out_of_reach")
    play(game, state, "meld QS KS AS")  # 31, with 7D 7H 7C still in hand
    assert state.pending and 0 not in state.opened
    assert offered(game, state, "meld 7D 7H 7C")
    refused(game, state, "retract", "kalooki_retract_once")
    play(game, state, "meld 7D 7H 7C")
    assert 0 in state.opened and not state.pending


def test_after_a_retract_an_opening_or_a_going_out_goes_down_in_one_action_or_several() -> None:
    game, state = setup(["QS KS AS 7D 7H 7C KC", None, None, None])
    play(game, state, "meld QS KS AS", "retract")
    refused(game, state, "retract", "kalooki_nothing_to_retract")
    play(game, state, "meld QS KS AS | 7D 7H 7C")
    assert 0 in state.opened

    game, state = setup(["2C 3C 4C 5D 5H 5S KC", None, None, None])  # worth 21: going out
    play(game, state, "meld 2C 3C 4C", "retract")
    play(game, state, "meld 2C 3C 4C | 5D 5H 5S")
    assert state.pending and len(state.hands[0]) == 1
    refused(game, state, "retract", "kalooki_retract_once")
    events = play(game, state, "discard KC")
    assert round_result(events)["winner"] == 0

    game, state = setup(["2C 3C 4C 5D 5H 5S KC", None, None, None])  # the same, meld by meld
    play(game, state, "meld 2C 3C 4C", "retract", "meld 5D 5H 5S", "meld 2C 3C 4C")
    events = play(game, state, "discard KC")
    assert round_result(events)["winner"] == 0


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), data=st.data())
def test_random_play_of_a_turn_ends_within_a_bound(seed: int, data: st.DataObject) -> None:
    """A player who puts off the discard as long as it can, choosing at random among the other
    legal actions, still ends its turn within 13 / 3 melds, a retract, a meld, a few lay-offs
    and releases and a discard: far below 30 actions."""
    hand = SHORT.split()[: 13 if seed % 2 else 14]
    game, state = setup([" ".join(hand), None, None], rules=KalookiRules(players=3))
    if seed % 2:
        state = game.new_state(seed)
    seat = state.turn
    for _ in range(30):
        legal = game.legal_actions(state, seat)
        legal = [a for a in legal if a.verb is not KVerb.DISCARD] or legal
        game.apply(state, seat, legal[data.draw(st.integers(0, len(legal) - 1))])
        if state.turn != seat or game.is_terminal(state):
            return
    pytest.fail(f"seat {seat}'s turn did not end in 30 actions: {game.position(state)}")


MELDY = [c for c in DECK if c[0] in "789TJQKA"] + ["2C", "3C", "4C", "2D", "3D", "4D"]
"""Cards that meld often (high sets and runs, jokers, a few low runs): hands with openings in
reach, short of them, and going out."""


@settings(max_examples=150, deadline=None)
@given(
    hand=st.lists(st.sampled_from(range(len(MELDY))), min_size=14, max_size=14, unique=True), data=st.data()
)
def test_a_turn_always_has_a_legal_action_and_ends(hand: list[int], data: st.DataObject) -> None:
    """Random legal play of a turn from a hand rich in melds, the discard put off while anything
    else is legal: every position has a legal action (never melds pending short of 51 with no
    retract left and no meld to lay) and the turn ends within 30 actions."""
    game, state = setup([" ".join(MELDY[i] for i in hand), None, None], rules=KalookiRules(players=3))
    for _ in range(30):
        legal = game.legal_actions(state, 0)
        assert legal, game.position(state)
        legal = [a for a in legal if a.verb is not KVerb.DISCARD] or legal
        game.apply(state, 0, legal[data.draw(st.integers(0, len(legal) - 1))])
        if state.turn != 0 or game.is_terminal(state):
            return
    pytest.fail(f"the turn did not end in 30 actions: {game.position(state)}")


@settings(max_examples=150, deadline=None)
@given(
    hand=st.lists(st.sampled_from(range(len(MELDY))), min_size=14, max_size=14, unique=True), data=st.data()
)
def test_the_hands_reach_after_a_retract_rules_out_no_legal_meld(
    hand: list[int], data: st.DataObject
) -> None:
    """After a retract the legal melds are listed from the whole hand's reach first
    (``_hand_may_still_end``, one answer for every candidate): the list is the same as asking each
    meld's plan alone, at every position of random play that takes its melds back as soon as it
    may."""
    rules = KalookiRules(players=3)
    game, state = setup([" ".join(MELDY[i] for i in hand), None, None], rules=rules)
    unbounded = KalookiGame(rules)
    unbounded._hand_may_still_end = lambda *_: True  # type: ignore[method-assign]
    retracting_turn_lists_alike(
        game,
        unbounded,
        state,
        lambda n: data.draw(st.integers(0, n - 1)),
        lambda: state.turn != 0 or game.is_terminal(state),
        30,
    )


def test_retracted_meld_numbers_are_given_again() -> None:
    game, state = setup(["QS QH QD 4S 4D 4C KC", None, None, None], table=[(1, "2S 3S 4S")])
    play(game, state, "meld QS QH QD", "retract", "meld 4S 4D 4C | QS QH QD")
    assert [m.number for m in state.table] == [1, 2, 3]


def test_single_round_is_settled_per_point() -> None:
    rules = KalookiRules(match=MatchMode.SINGLE_ROUND, point_value=0.5)
    game, state = setup(["7H 7D 7C KC", "AS JK 5D", None, None], opened={0}, rules=rules)
    play(game, state, "meld 7H 7D 7C", "discard KC")
    assert any(
        line.startswith("settled at 0.5 a point") and "seat 2 pays 20.5" in line
        for line in state.results[0].explanation
    )


def test_a_natural_card_is_never_declared() -> None:
    game, state = setup(["7H 7D 7C KC", None, None, None], opened={0})
    refused(game, state, "meld 7H[7H] 7D 7C", "notation.only_joker_declared")


def test_a_discard_is_written_without_a_declaration() -> None:
    """The tester's: ``discard JK[7H]`` said "discard takes exactly one piece", which it is; the
    refusal now names what is wrong (a declaration), and two cards are still one piece too many."""
    game, state = setup(["7H 7D 7C KC JK", None, None, None], opened={0})
    play(game, state, "meld 7H 7D 7C")
    refused(game, state, "discard JK[7H]", "notation.discard_undeclared")
    refused(game, state, "discard KC[KC]", "notation.discard_undeclared")
    refused(game, state, "discard KC JK", "notation.one_piece")
    play(game, state, "discard JK")


def test_a_lay_off_may_turn_a_one_card_set_into_a_run() -> None:
    """A set of one natural and two jokers takes a neighbouring card as a run (as the engine
    before v2 did; the greedy bot's games rely on it)."""
    game, state = setup(["9H KC QD", None, None, None], table=[(1, "TH JK JK")], opened={0})
    assert "layoff 1 9H" in [a.text() for a in game.legal_actions(state, 0)]
    play(game, state, "layoff 1 9H")
    assert state.table[0].kind.value == "run"
