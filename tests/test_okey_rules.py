"""Okey rules (``okey.md``), one test or more per rule."""

from __future__ import annotations

from collections import Counter

import pytest

from helpers import tiles
from rig import rigged, snapshot
from rummykit.core.pieces import JOKER, OKEY_TILES
from rummykit.engine.closed_hand import Phase
from rummykit.engine.hand_actions import NUM_ACTIONS, HandAction, Verb
from rummykit.errors import IllegalActionError, NotationError
from rummykit.variants.okey.rules import Direction, DiscardHistory, IndicatorBonus, OkeyRules
from rummykit.variants.okey.state import OkeyGame

WIN_MELDS = "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 K13 R9"  # R9 is the spare
WIN_PAIRS = "R1 R1 Y2 Y2 B3 B3 K4 K4 R5 R5 Y6 Y6 B7 B7 K9"  # K9 is the spare
FILLER: list[str | None] = [None, None, None]


def finishing_game(hand: str, indicator: str = "K5", rules: OkeyRules | None = None) -> OkeyGame:
    return rigged([hand, *FILLER], indicator, phase=Phase.DISCARD, rules=rules)


# ---------------------------------------------------------------- dealing
def test_deal_gives_14_and_15_to_the_starter_and_the_dealer_moves_on() -> None:
    rules = OkeyRules(rounds=3)
    game = OkeyGame(rules, seed=7)
    starter = game.next_seat(game.dealer)
    assert [len(r) for r in game.racks] == [15 if s == starter else 14 for s in range(4)]
    assert len(game.stock) == 106 - 57 - 1
    assert game.turn == starter and game.phase is Phase.OPENING
    first_dealer = game.dealer
    game._end_round(None, game._score_no_winner())
    assert game.dealer == game.next_seat(first_dealer)


def test_direction_clockwise_reverses_the_next_seat() -> None:
    ccw = OkeyGame(OkeyRules(), seed=1)
    cw = OkeyGame(OkeyRules(direction=Direction.CW), seed=1)
    assert ccw.next_seat(0) == 1 and cw.next_seat(0) == 3


@pytest.mark.parametrize("seed", range(300))
def test_false_joker_is_never_the_indicator(seed: int) -> None:
    game = OkeyGame(OkeyRules(players=2), seed=seed)
    assert game.indicator_face != JOKER


def test_the_seed_decides_everything() -> None:
    a, b = OkeyGame(OkeyRules(), seed=11), OkeyGame(OkeyRules(), seed=11)
    assert snapshot(a) == snapshot(b) and a.indicator == b.indicator
    assert snapshot(OkeyGame(OkeyRules(), seed=12)) != snapshot(a)


# ---------------------------------------------------------------- turns
def test_starter_discards_without_drawing_on_the_first_turn() -> None:
    game = OkeyGame(OkeyRules(), seed=3)
    verbs = {a.verb for a in game.legal_actions()}
    assert Verb.DRAW not in verbs and Verb.TAKE not in verbs and Verb.DISCARD in verbs


def test_starter_may_finish_on_the_first_turn() -> None:
    game = rigged([WIN_MELDS, *FILLER], "K5", phase=Phase.OPENING, first_turn_done=False)
    assert HandAction(Verb.FINISH, tiles("R9")[0]) in game.legal_actions()
    events = game.apply_text("finish R9")
    assert events[0].result is not None and events[0].result.winner == 0


def test_take_only_the_previous_players_last_discard() -> None:
    game = rigged(
        ["R1 R5 R9 Y2 Y6 Y10 B3 B7 B11 K4 K8 K12 R13 Y13", *FILLER],
        "K5",
        turn=0,
        discards=["", "", "", "B13 B6"],
    )
    game.apply_text("take")
    assert tiles("B6")[0] in game.faces(game.racks[0])
    assert game.phase is Phase.DISCARD


def test_draw_then_discard_passes_the_turn() -> None:
    game = rigged(["R1 R5 R9 Y2 Y6 Y10 B3 B7 B11 K4 K8 K12 R13 Y13", *FILLER], "K5", stock_top="B9")
    game.apply_text("draw")
    assert tiles("B9")[0] in game.faces(game.racks[0])
    with pytest.raises(IllegalActionError):
        game.apply_text("draw")
    game.apply_text("discard B9")
    assert game.turn == 1 and game.phase is Phase.DRAW
    assert game.observation(1).takeable == tiles("B9")[0]


def test_rediscarding_the_taken_tile_is_allowed_by_default_and_forbidden_by_option() -> None:
    hand = "R1 R5 R9 Y2 Y6 Y10 B3 B7 B11 K4 K8 K12 R13 Y13"
    for forbid in (False, True):
        game = rigged(
            [hand, *FILLER], "K5", discards=["", "", "", "B6"], rules=OkeyRules(forbid_rediscard_taken=forbid)
        )
        game.apply_text("take")
        legal = HandAction(Verb.DISCARD, tiles("B6")[0]) in game.legal_actions()
        assert legal is not forbid


# ---------------------------------------------------------------- finishing and scores
@pytest.mark.parametrize(
    ("hand", "indicator", "discard", "loss", "kind"),
    [
        (WIN_MELDS, "K5", "R9", 2, "normal"),  # -2
        (WIN_MELDS.replace("R9", "K6"), "K5", "K6", 4, "okey"),  # K6 is the okey: -4
        (WIN_PAIRS, "Y12", "K9", 4, "pairs"),  # okey Y13 not held: -4
    ],
)
def test_finish_scores(hand: str, indicator: str, discard: str, loss: int, kind: str) -> None:
    game = finishing_game(hand, indicator)
    events = game.apply_text(f"finish {discard}")
    result = events[0].result
    assert result is not None and result.kind == kind
    assert result.deltas == (0, -loss, -loss, -loss)
    assert game.scores == [20, 20 - loss, 20 - loss, 20 - loss]


def test_okey_finish_with_seven_pairs_is_8_and_4_without_stacking() -> None:
    hand = WIN_PAIRS.replace("K9", "Y13")  # Y13 is the okey with indicator Y12
    game = finishing_game(hand, "Y12")
    result = game.apply_text("finish Y13")[0].result
    assert result is not None and result.kind == "okey+pairs" and result.deltas[1] == -8
    game = finishing_game(hand, "Y12", OkeyRules(stack_multipliers=False))
    assert game.apply_text("finish Y13")[0].result.deltas[1] == -4  # type: ignore[union-attr]


def test_colour_double_for_red_or_black_indicator() -> None:
    rules = OkeyRules(colour_double=True)
    assert finishing_game(WIN_MELDS, "K5", rules).apply_text("finish R9")[0].result.deltas[1] == -4  # type: ignore[union-attr]
    assert finishing_game(WIN_MELDS, "Y5", rules).apply_text("finish R9")[0].result.deltas[1] == -2  # type: ignore[union-attr]


def test_invalid_finish_is_refused_and_changes_nothing() -> None:
    game = finishing_game(WIN_MELDS, "K5")
    before = snapshot(game)
    for text in (
        "finish R1",
        "finish R9 : R1 R2 R3 | Y4 Y5 Y6 | B7 B8 B9 | K10 K11 K12",
        "finish R9 : R1 R2 | R3 Y4 Y5 Y6 | B7 B8 B9 | K10 K11 K12 K13",
    ):
        with pytest.raises(IllegalActionError):
            game.apply_text(text)
        assert snapshot(game) == before


def test_finish_with_an_explicit_arrangement() -> None:
    game = finishing_game(WIN_MELDS, "K5")
    events = game.apply_text("finish R9 : R1 R2 R3 | Y4 Y5 Y6 | B7 B8 B9 | K10 K11 K12 K13")
    assert events[0].result is not None and events[0].result.winner == 0


def test_pairs_and_melds_are_never_mixed() -> None:
    hand = "R1 R1 Y2 Y2 B3 B3 K4 K4 R5 R6 R7 Y9 Y10 Y11 K9"
    game = finishing_game(hand, "K12")
    assert HandAction(Verb.FINISH, tiles("K9")[0]) not in game.legal_actions()
    with pytest.raises(IllegalActionError):
        game.apply_text("finish K9 : R1 R1 | Y2 Y2 | B3 B3 | K4 K4 | R5 R6 R7 | Y9 Y10 Y11")
    runs = finishing_game("R1 R2 R3 R1 R2 R3 Y4 Y5 Y6 Y7 B7 B8 B9 B10 K9", "K12")
    before = snapshot(runs)
    with pytest.raises(IllegalActionError, match="mixed"):
        runs.apply_text("finish K9 : R1 R1 | R2 R2 | R3 R3 | Y4 Y5 Y6 Y7 | B7 B8 B9 B10")
    assert snapshot(runs) == before


def test_a_ready_hand_does_not_finish_by_itself() -> None:
    game = finishing_game(WIN_MELDS, "K5")
    game.apply_text("discard R9")
    assert game.results == [] and game.turn == 1


# ---------------------------------------------------------------- indicator bonus
def test_indicator_bonus_on_the_first_turn_with_the_twin() -> None:
    game = rigged(["K5 R1 R5 R9 Y2 Y6 Y10 B3 B7 B11 K8 K12 R13 Y13", *FILLER], "K5", first_turn_done=False)
    assert HandAction(Verb.SHOW, tiles("K5")[0]) in game.legal_actions()
    game.apply_text("show K5")
    assert game.scores == [20, 19, 19, 19]
    assert HandAction(Verb.SHOW, tiles("K5")[0]) not in game.legal_actions()  # only once


def test_no_indicator_bonus_without_the_twin_or_after_the_first_turn() -> None:
    no_twin = rigged(["R1 R5 R9 Y2 Y6 Y10 B3 B7 B11 K4 K8 K12 R13 Y13", *FILLER], "K5", first_turn_done=False)
    assert all(a.verb is not Verb.SHOW for a in no_twin.legal_actions())
    late = rigged(["K5 R1 R5 R9 Y2 Y6 Y10 B3 B7 B11 K8 K12 R13 Y13", *FILLER], "K5", first_turn_done=True)
    assert all(a.verb is not Verb.SHOW for a in late.legal_actions())
    with pytest.raises(IllegalActionError):
        late.apply_text("show K5")
    off = rigged(
        ["K5 R1 R5 R9 Y2 Y6 Y10 B3 B7 B11 K8 K12 R13 Y13", *FILLER],
        "K5",
        first_turn_done=False,
        rules=OkeyRules(indicator_bonus=IndicatorBonus.OFF),
    )
    assert all(a.verb is not Verb.SHOW for a in off.legal_actions())


def test_a_twin_of_another_colour_is_no_indicator() -> None:
    game = rigged(["R5 R1 R9 Y2 Y6 Y10 B3 B7 B11 K8 K12 R13 Y13 B1", *FILLER], "K5", first_turn_done=False)
    assert all(a.verb is not Verb.SHOW for a in game.legal_actions())


# ---------------------------------------------------------------- the stock running out
def test_empty_stock_without_a_finish_voids_the_round() -> None:
    game = rigged(
        ["R1 R5 R9 Y2 Y6 Y10 B3 B7 B11 K4 K8 K12 R13 Y13", *FILLER], "K5", stock_top="B9", stock_size=1
    )
    game.apply_text("draw")
    assert game.stock == []
    events = game.apply_text("discard B9")
    assert events[-1].result is not None and events[-1].result.kind == "void"
    assert game.scores == [20] * 4 and game.round_no == 2


def at_last_chance() -> OkeyGame:
    """Seat 0 draws the stock's last tile, K13, and discards it; seat 1 can finish only with it
    (K10 K11 K12 K13 K1, discarding R8)."""
    waiting = "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 R8 K1"
    game = rigged(
        ["Y1 Y3 Y9 Y11 B1 B2 B5 B12 K3 K6 K7 R11 R12 R13", waiting, *FILLER[:2]],
        "K5",
        stock_top="K13",
        stock_size=1,
    )
    game.apply_text("draw")
    game.apply_text("discard K13")
    return game


def test_empty_stock_previous_discard_takeable_only_to_finish() -> None:
    game = at_last_chance()
    assert game.phase is Phase.LAST_CHANCE and game.turn == 1
    assert {a.verb for a in game.legal_actions()} == {Verb.TAKE, Verb.PASS}
    with pytest.raises(IllegalActionError):
        game.apply_text("draw")
    game.apply_text("take")
    assert {a.verb for a in game.legal_actions()} == {Verb.FINISH}
    with pytest.raises(IllegalActionError):
        game.apply_text("discard R8")
    result = game.apply_text("finish R8")[0].result
    assert result is not None and result.winner == 1


def test_empty_stock_pass_voids_the_round() -> None:
    game = at_last_chance()
    result = game.apply_text("pass")[0].result
    assert result is not None and result.kind == "void" and game.scores == [20] * 4


# ---------------------------------------------------------------- the match
def test_match_ends_after_a_round_where_someone_reaches_zero() -> None:
    game = finishing_game(WIN_MELDS, "K5", OkeyRules(start_points=2))
    events = game.apply_text("finish R9")
    assert game.is_terminal() and events[-1].text == "the match is over"
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (2, 0, 0, 0)


def test_fixed_number_of_rounds() -> None:
    game = finishing_game(WIN_MELDS, "K5", OkeyRules(rounds=2))
    game.apply_text("finish R9")
    assert not game.is_terminal() and game.round_no == 2


def test_ties_share_the_win() -> None:
    game = OkeyGame(OkeyRules(rounds=1), seed=0)
    game.scores = [5, 5, 1, 0]
    game._end_round(None, game._score_no_winner())  # a void last round
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (0, 1) and outcome.scores == (5, 5, 1, 0)


# ---------------------------------------------------------------- actions
def test_illegal_actions_raise_and_change_nothing() -> None:
    game = OkeyGame(OkeyRules(), seed=5)
    before = snapshot(game)
    for text in (
        "draw",
        "take",
        "pass",
        "discard F" if JOKER not in game.faces(game.racks[game.turn]) else "draw",
    ):
        with pytest.raises(IllegalActionError):
            game.apply_text(text)
        assert snapshot(game) == before
    with pytest.raises(NotationError):
        game.apply_text("dance")
    assert snapshot(game) == before


@pytest.mark.parametrize(
    "text", ["draw", "take", "pass", "discard R7", "finish F", "show K13", "discard K13"]
)
def test_action_text_round_trip(text: str) -> None:
    game = OkeyGame(OkeyRules(), seed=1)
    assert game.parse_action(text).text() == text


def test_action_ids_and_mask() -> None:
    game = OkeyGame(OkeyRules(), seed=2)
    mask = game.legal_mask()
    assert len(mask) == NUM_ACTIONS
    legal = game.legal_actions()
    assert sum(mask) == len(legal)
    for action in legal:
        assert game.action_from_id(action.id) == action
    assert len({game.action_from_id(i).id for i in range(NUM_ACTIONS)}) == NUM_ACTIONS


def test_observation_holds_only_the_seats_own_rack() -> None:
    game = OkeyGame(OkeyRules(), seed=4)
    obs = game.observation(2)
    assert Counter(obs.rack) == Counter(game.faces(game.racks[2]))
    assert obs.rack_counts == tuple(len(r) for r in game.racks)
    assert obs.stock_count == len(game.stock)
    assert not hasattr(obs, "stock") and not hasattr(obs, "racks")
    assert OKEY_TILES.face(game.indicator) == obs.indicator


def test_discard_history_top_only_shows_only_each_piles_top() -> None:
    game = rigged(
        [None, None, None, None],
        "K5",
        discards=["R1 R2", "Y1", "", "B1 B2 B3"],
        rules=OkeyRules(discard_history=DiscardHistory.TOP_ONLY),
    )
    assert game.observation(1).discards == (tuple(tiles("R2")), tuple(tiles("Y1")), (), tuple(tiles("B3")))
    visible = rigged([None, None, None, None], "K5", discards=["R1 R2", "Y1", "", "B1 B2 B3"])
    assert visible.observation(1).discards[3] == tuple(tiles("B1 B2 B3"))


def test_last_chance_respects_the_rediscard_ban() -> None:
    """With forbid_rediscard_taken, a take that could only finish by re-discarding is no chance."""
    ready = "R1 R2 R3 Y7 Y8 Y9 B10 B11 B12 B13 K1 K2 K3 K4"  # already winning: needs nothing
    rules = OkeyRules(forbid_rediscard_taken=True)
    game = rigged(
        ["K9 Y1 Y3 B1 B2 B5 K6 K7 R11 R12 R13 Y11 Y12 B4", ready, None, None],
        "K5",
        stock_top="",
        stock_size=0,
        rules=rules,
        phase=Phase.DISCARD,
    )
    events = game.apply_text("discard K9")
    assert events[-1].result is not None and events[-1].result.kind == "void"
    loose = rigged(
        ["K9 Y1 Y3 B1 B2 B5 K6 K7 R11 R12 R13 Y11 Y12 B4", ready, None, None],
        "K5",
        stock_top="",
        stock_size=0,
        phase=Phase.DISCARD,
    )
    loose.apply_text("discard K9")
    assert loose.phase is Phase.LAST_CHANCE
    loose.apply_text("take")
    assert [a.text() for a in loose.legal_actions()] == ["finish K9"]


def test_a_wrong_own_arrangement_is_explained() -> None:
    game = finishing_game(WIN_MELDS, "K5")
    with pytest.raises(IllegalActionError, match="missing"):
        game.apply_text("finish R9 : R1 R2 R3")
