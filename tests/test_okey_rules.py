"""Okey rules (``okey.md``), one test or more per rule."""

from __future__ import annotations

from collections import Counter

import pytest

from helpers import tiles
from rig import play, result_of, rigged
from rummykit.core.pieces import JOKER
from rummykit.errors import IllegalActionError, NotationError
from rummykit.variants.closed_hand.actions import NUM_ACTIONS, HandAction, Verb
from rummykit.variants.closed_hand.state import Phase
from rummykit.variants.okey.game import OkeyGame
from rummykit.variants.okey.rules import FalseJoker, IndicatorBonus, OkeyRules
from rummykit.variants.okey.state import OkeyState
from rummykit.variants.tiles.options import Direction, DiscardHistory

WIN_MELDS = "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 K13 R9"  # R9 is the spare
WIN_PAIRS = "R1 R1 Y2 Y2 B3 B3 K4 K4 R5 R5 Y6 Y6 B7 B7 K9"  # K9 is the spare
FILLER: list[str | None] = [None, None, None]


def finishing_game(
    hand: str, indicator: str = "K5", rules: OkeyRules | None = None
) -> tuple[OkeyGame, OkeyState]:
    return rigged([hand, *FILLER], indicator, phase=Phase.DISCARD, rules=rules)


def legal(game: OkeyGame, state: OkeyState) -> list[HandAction]:
    return game.legal_actions(state, state.turn)


# ---------------------------------------------------------------- dealing
def test_deal_gives_14_and_15_to_the_starter_and_the_dealer_moves_on() -> None:
    game = OkeyGame(OkeyRules(rounds=3))
    state = game.new_state(7)
    assert state.dealer is not None
    starter = game.next_seat(state, state.dealer)
    assert [len(r) for r in state.racks] == [15 if s == starter else 14 for s in range(4)]
    assert len(state.stock) == 106 - 57 - 1
    assert state.turn == starter and state.phase is Phase.OPENING
    first_dealer = state.dealer
    game._end_round(state, None, game._score_no_winner(state))
    assert state.dealer == game.next_seat(state, first_dealer)


def test_direction_clockwise_reverses_the_next_seat() -> None:
    ccw, cw = OkeyGame(OkeyRules()), OkeyGame(OkeyRules(direction=Direction.CW))
    assert ccw.next_seat(ccw.new_state(1), 0) == 1 and cw.next_seat(cw.new_state(1), 0) == 3


@pytest.mark.parametrize("seed", range(300))
def test_false_joker_is_never_the_indicator(seed: int) -> None:
    game = OkeyGame(OkeyRules(players=2))
    assert game.indicator_face(game.new_state(seed)) != JOKER


def test_the_seed_decides_everything() -> None:
    game = OkeyGame(OkeyRules())
    assert game.new_state(11) == game.new_state(11)
    assert game.new_state(12) != game.new_state(11)


# ---------------------------------------------------------------- turns
def test_starter_discards_without_drawing_on_the_first_turn() -> None:
    game = OkeyGame(OkeyRules())
    state = game.new_state(3)
    verbs = {a.verb for a in legal(game, state)}
    assert Verb.DRAW not in verbs and Verb.TAKE not in verbs and Verb.DISCARD in verbs


def test_the_starter_is_told_the_first_turn_has_no_draw_when_taking() -> None:
    game = OkeyGame(OkeyRules())
    state = game.new_state(3)
    for text in ("draw", "take"):
        with pytest.raises(
            IllegalActionError, match="the starter's first turn has no draw: discard a tile"
        ) as err:
            play(game, state, text)
        assert err.value.code == "first_turn_no_draw"


def test_starter_may_finish_on_the_first_turn() -> None:
    game, state = rigged([WIN_MELDS, *FILLER], "K5", phase=Phase.OPENING, first_turn_done=False)
    assert HandAction(Verb.FINISH, tiles("R9")[0]) in legal(game, state)
    assert result_of(play(game, state, "finish R9")).winner == 0


def test_take_only_the_previous_players_last_discard() -> None:
    game, state = rigged(
        ["R1 R5 R9 Y2 Y6 Y10 B3 B7 B11 K4 K8 K12 R13 Y13", *FILLER],
        "K5",
        turn=0,
        discards=["", "", "", "B13 B6"],
    )
    play(game, state, "take")
    assert tiles("B6")[0] in game.faces(state.racks[0])
    assert state.phase is Phase.DISCARD


def test_draw_then_discard_passes_the_turn() -> None:
    game, state = rigged(["R1 R5 R9 Y2 Y6 Y10 B3 B7 B11 K4 K8 K12 R13 Y13", *FILLER], "K5", stock_top="B9")
    play(game, state, "draw")
    assert tiles("B9")[0] in game.faces(state.racks[0])
    with pytest.raises(IllegalActionError):
        play(game, state, "draw")
    play(game, state, "discard B9")
    assert state.turn == 1 and state.phase is Phase.DRAW
    assert game.observe(state, 1)["takeable"] == tiles("B9")[0]


def test_rediscarding_the_taken_tile_is_allowed_by_default_and_forbidden_by_option() -> None:
    hand = "R1 R5 R9 Y2 Y6 Y10 B3 B7 B11 K4 K8 K12 R13 Y13"
    for forbid in (False, True):
        game, state = rigged(
            [hand, *FILLER], "K5", discards=["", "", "", "B6"], rules=OkeyRules(forbid_rediscard_taken=forbid)
        )
        play(game, state, "take")
        allowed = HandAction(Verb.DISCARD, tiles("B6")[0]) in legal(game, state)
        assert allowed is not forbid


def test_the_taken_copy_stays_the_known_one_through_position_text() -> None:
    """With forbid_rediscard_taken, a rack holding B6 that takes the other B6 discards its own
    copy and keeps the taken one known; read back from position text it does the same (the known
    copy used to be read as the first B6, and the discard then forgot it)."""
    hand = "R1 R5 R9 Y2 Y6 B6 B3 B7 B11 K4 K8 K12 R13 Y13"
    rules = OkeyRules(forbid_rediscard_taken=True)
    game, state = rigged([hand, *FILLER], "K5", discards=["", "", "", "B6"], rules=rules)
    play(game, state, "take")
    back = game.from_position(game.position(state))
    for copy in (state, back):
        play(game, copy, "discard B6")
        assert game.observe(copy, None)["known"][0] == tiles("B6")
    assert game.position(back) == game.position(state)


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
    game, state = finishing_game(hand, indicator)
    result = result_of(play(game, state, f"finish {discard}"))
    assert result.kind == kind
    assert result.deltas == (0, -loss, -loss, -loss)
    assert state.scores == [20, 20 - loss, 20 - loss, 20 - loss]


def test_okey_finish_with_seven_pairs_is_8_and_4_without_stacking() -> None:
    hand = WIN_PAIRS.replace("K9", "Y13")  # Y13 is the okey with indicator Y12
    game, state = finishing_game(hand, "Y12")
    result = result_of(play(game, state, "finish Y13"))
    assert result.kind == "okey+pairs" and result.deltas[1] == -8
    game, state = finishing_game(hand, "Y12", OkeyRules(stack_multipliers=False))
    assert result_of(play(game, state, "finish Y13")).deltas[1] == -4


def test_colour_double_for_red_or_black_indicator() -> None:
    rules = OkeyRules(colour_double=True)
    game, state = finishing_game(WIN_MELDS, "K5", rules)
    assert result_of(play(game, state, "finish R9")).deltas[1] == -4
    game, state = finishing_game(WIN_MELDS, "Y5", rules)
    assert result_of(play(game, state, "finish R9")).deltas[1] == -2


def test_finish_explanation_names_every_factor() -> None:
    game, state = finishing_game(WIN_PAIRS.replace("K9", "Y13"), "Y12", OkeyRules(stack_multipliers=False))
    events = play(game, state, "finish Y13")
    line = "seat 1 finishes (okey+pairs): every other player loses 2 x2 for finishing with an okey x2 for"
    line += " seven pairs (multipliers don't stack: the larger applies) = 4"
    assert result_of(events).explanation == (line,)
    assert events[1].code == "round_end" and events[1].text() == line


def test_invalid_finish_is_refused_and_changes_nothing() -> None:
    game, state = finishing_game(WIN_MELDS, "K5")
    before = state.clone()
    for text in (
        "finish R1",
        "finish R9 : R1 R2 R3 | Y4 Y5 Y6 | B7 B8 B9 | K10 K11 K12",
        "finish R9 : R1 R2 | R3 Y4 Y5 Y6 | B7 B8 B9 | K10 K11 K12 K13",
    ):
        with pytest.raises(IllegalActionError):
            play(game, state, text)
        assert state == before


def test_finish_with_an_explicit_arrangement() -> None:
    game, state = finishing_game(WIN_MELDS, "K5")
    events = play(game, state, "finish R9 : R1 R2 R3 | Y4 Y5 Y6 | B7 B8 B9 | K10 K11 K12 K13")
    assert result_of(events).winner == 0


def test_pairs_and_melds_are_never_mixed() -> None:
    hand = "R1 R1 Y2 Y2 B3 B3 K4 K4 R5 R6 R7 Y9 Y10 Y11 K9"
    game, state = finishing_game(hand, "K12")
    assert HandAction(Verb.FINISH, tiles("K9")[0]) not in legal(game, state)
    with pytest.raises(IllegalActionError):
        play(game, state, "finish K9 : R1 R1 | Y2 Y2 | B3 B3 | K4 K4 | R5 R6 R7 | Y9 Y10 Y11")
    game, runs = finishing_game("R1 R2 R3 R1 R2 R3 Y4 Y5 Y6 Y7 B7 B8 B9 B10 K9", "K12")
    before = runs.clone()
    with pytest.raises(IllegalActionError, match="mixed"):
        play(game, runs, "finish K9 : R1 R1 | R2 R2 | R3 R3 | Y4 Y5 Y6 Y7 | B7 B8 B9 B10")
    assert runs == before


def test_a_ready_hand_does_not_finish_by_itself() -> None:
    game, state = finishing_game(WIN_MELDS, "K5")
    play(game, state, "discard R9")
    assert state.results == [] and state.turn == 1


# ---------------------------------------------------------------- okeys in pairs (defect a)
OKEY_PAIR = "R1 R1 Y2 Y2 B3 B3 K4 K4 R5 R5 Y7 Y7 K6 K6 B12"  # K6 is the okey (indicator K5)


@pytest.mark.parametrize(
    ("hand", "indicator", "rules"),
    [
        (OKEY_PAIR, "K5", OkeyRules(okey_in_pairs=False)),
        (
            OKEY_PAIR.replace("K6 K6", "F F"),
            "K5",
            OkeyRules(okey_in_pairs=False, false_joker=FalseJoker.WILD),
        ),
    ],
)
def test_without_okeys_in_pairs_two_wilds_are_no_pair(hand: str, indicator: str, rules: OkeyRules) -> None:
    """One rule, one answer: the finish search and the validator agree that two wilds don't pair."""
    game, state = finishing_game(hand, indicator, rules)
    assert HandAction(Verb.FINISH, tiles("B12")[0]) not in legal(game, state)
    wilds = hand.split()[-3:-1]
    arrangement = "R1 R1 | Y2 Y2 | B3 B3 | K4 K4 | R5 R5 | Y7 Y7 | " + " ".join(wilds)
    before = state.clone()
    for text in ("finish B12", f"finish B12 : {arrangement}"):
        with pytest.raises(IllegalActionError, match=r"is not a pair|not possible"):
            play(game, state, text)
        assert state == before


def test_with_okeys_in_pairs_two_okeys_pair_by_search_and_by_hand() -> None:
    arrangement = "R1 R1 | Y2 Y2 | B3 B3 | K4 K4 | R5 R5 | Y7 Y7 | K6 K6"
    for text in ("finish B12", f"finish B12 : {arrangement}"):
        game, state = finishing_game(OKEY_PAIR, "K5")
        assert result_of(play(game, state, text)).kind == "pairs"


# ---------------------------------------------------------------- indicator bonus
def test_indicator_bonus_on_the_first_turn_with_the_twin() -> None:
    game, state = rigged(
        ["K5 R1 R5 R9 Y2 Y6 Y10 B3 B7 B11 K8 K12 R13 Y13", *FILLER], "K5", first_turn_done=False
    )
    assert HandAction(Verb.SHOW, tiles("K5")[0]) in legal(game, state)
    play(game, state, "show K5")
    assert state.scores == [20, 19, 19, 19]
    assert HandAction(Verb.SHOW, tiles("K5")[0]) not in legal(game, state)  # only once


def test_no_indicator_bonus_without_the_twin_or_after_the_first_turn() -> None:
    game, no_twin = rigged(
        ["R1 R5 R9 Y2 Y6 Y10 B3 B7 B11 K4 K8 K12 R13 Y13", *FILLER], "K5", first_turn_done=False
    )
    assert all(a.verb is not Verb.SHOW for a in legal(game, no_twin))
    game, late = rigged(
        ["K5 R1 R5 R9 Y2 Y6 Y10 B3 B7 B11 K8 K12 R13 Y13", *FILLER], "K5", first_turn_done=True
    )
    assert all(a.verb is not Verb.SHOW for a in legal(game, late))
    with pytest.raises(IllegalActionError):
        play(game, late, "show K5")
    game, off = rigged(
        ["K5 R1 R5 R9 Y2 Y6 Y10 B3 B7 B11 K8 K12 R13 Y13", *FILLER],
        "K5",
        first_turn_done=False,
        rules=OkeyRules(indicator_bonus=IndicatorBonus.OFF),
    )
    assert all(a.verb is not Verb.SHOW for a in legal(game, off))


def test_a_twin_of_another_colour_is_no_indicator() -> None:
    game, state = rigged(
        ["R5 R1 R9 Y2 Y6 Y10 B3 B7 B11 K8 K12 R13 Y13 B1", *FILLER], "K5", first_turn_done=False
    )
    assert all(a.verb is not Verb.SHOW for a in legal(game, state))


# ---------------------------------------------------------------- the stock running out
def test_empty_stock_without_a_finish_voids_the_round() -> None:
    game, state = rigged(
        ["R1 R5 R9 Y2 Y6 Y10 B3 B7 B11 K4 K8 K12 R13 Y13", *FILLER], "K5", stock_top="B9", stock_size=1
    )
    play(game, state, "draw")
    assert state.stock == []
    assert result_of(play(game, state, "discard B9")).kind == "void"
    assert state.scores == [20] * 4 and state.round_no == 2


def at_last_chance() -> tuple[OkeyGame, OkeyState]:
    """Seat 0 draws the stock's last tile, K13, and discards it; seat 1 can finish only with it
    (K10 K11 K12 K13 K1, discarding R8)."""
    waiting = "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 R8 K1"
    game, state = rigged(
        ["Y1 Y3 Y9 Y11 B1 B2 B5 B12 K3 K6 K7 R11 R12 R13", waiting, *FILLER[:2]],
        "K5",
        stock_top="K13",
        stock_size=1,
    )
    play(game, state, "draw")
    play(game, state, "discard K13")
    return game, state


def test_empty_stock_previous_discard_takeable_only_to_finish() -> None:
    game, state = at_last_chance()
    assert state.phase is Phase.LAST_CHANCE and state.turn == 1
    assert {a.verb for a in legal(game, state)} == {Verb.TAKE, Verb.PASS}
    with pytest.raises(IllegalActionError):
        play(game, state, "draw")
    play(game, state, "take")
    assert {a.verb for a in legal(game, state)} == {Verb.FINISH}
    with pytest.raises(IllegalActionError):
        play(game, state, "discard R8")
    assert result_of(play(game, state, "finish R8")).winner == 1


def test_empty_stock_pass_voids_the_round() -> None:
    game, state = at_last_chance()
    result = result_of(play(game, state, "pass"))
    assert result.kind == "void" and state.scores == [20] * 4


# ---------------------------------------------------------------- the match
def test_match_ends_after_a_round_where_someone_reaches_zero() -> None:
    game, state = finishing_game(WIN_MELDS, "K5", OkeyRules(start_points=2))
    events = play(game, state, "finish R9")
    assert game.is_terminal(state) and events[-1].text() == "the match is over"
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (2, 0, 0, 0)
    assert game.returns(state) == [1.5 / 2, -0.5 / 2, -0.5 / 2, -0.5 / 2]


def test_fixed_number_of_rounds() -> None:
    game, state = finishing_game(WIN_MELDS, "K5", OkeyRules(rounds=2))
    play(game, state, "finish R9")
    assert not game.is_terminal(state) and state.round_no == 2
    assert game.returns(state) == [0.0] * 4


def test_ties_share_the_win() -> None:
    game = OkeyGame(OkeyRules(rounds=1))
    state = game.new_state(0)
    state.scores = [5, 5, 1, 0]
    game._end_round(state, None, game._score_no_winner(state))  # a void last round
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winners == (0, 1) and outcome.scores == (5, 5, 1, 0)


# ---------------------------------------------------------------- actions
def test_illegal_actions_raise_and_change_nothing() -> None:
    game = OkeyGame(OkeyRules())
    state = game.new_state(5)
    before = state.clone()
    for text in (
        "draw",
        "take",
        "pass",
        "discard F" if JOKER not in game.faces(state.racks[state.turn]) else "draw",
    ):
        with pytest.raises(IllegalActionError):
            play(game, state, text)
        assert state == before
    with pytest.raises(NotationError):
        play(game, state, "dance")
    assert state == before


@pytest.mark.parametrize(
    "text", ["draw", "take", "pass", "discard R7", "finish F", "show K13", "discard K13"]
)
def test_action_text_round_trip(text: str) -> None:
    game = OkeyGame(OkeyRules())
    assert game.parse_action(text).text() == text


def test_action_ids_and_mask() -> None:
    game = OkeyGame(OkeyRules())
    state = game.new_state(2)
    seat = state.turn
    mask = game.legal_mask(state, seat)
    assert len(mask) == NUM_ACTIONS == game.num_actions
    actions = legal(game, state)
    assert sum(mask) == len(actions)
    assert [game.action_id(state, a) for a in actions] == sorted(a.id for a in actions)
    for action in actions:
        assert game.action_from_id(state, seat, action.id) == action
    assert len({game.action_from_id(state, seat, i).id for i in range(NUM_ACTIONS)}) == NUM_ACTIONS
    with pytest.raises(NotationError):
        game.action_from_id(state, seat, NUM_ACTIONS)


def test_observation_holds_only_the_seats_own_rack() -> None:
    game = OkeyGame(OkeyRules())
    state = game.new_state(4)
    obs = game.observe(state, 2)
    assert Counter(obs["hand"]) == Counter(game.faces(state.racks[2]))
    assert obs["hand_counts"] == [len(r) for r in state.racks]
    assert obs["stock_count"] == len(state.stock)
    assert "stock" not in obs and "racks" not in obs
    assert game.face(state.indicator) == obs["indicator"]


def test_discard_history_top_only_shows_only_each_piles_top() -> None:
    piles = ["R1 R2", "Y1", "", "B1 B2 B3"]
    rules = OkeyRules(discard_history=DiscardHistory.TOP_ONLY)
    game, state = rigged([None, None, None, None], "K5", discards=piles, rules=rules)
    assert game.observe(state, 1)["discards"] == [tiles("R2"), tiles("Y1"), [], tiles("B3")]
    game, visible = rigged([None, None, None, None], "K5", discards=piles)
    assert game.observe(visible, 1)["discards"][3] == tiles("B1 B2 B3")


def test_last_chance_respects_the_rediscard_ban() -> None:
    """With forbid_rediscard_taken, a take that could only finish by re-discarding is no chance."""
    ready = "R1 R2 R3 Y7 Y8 Y9 B10 B11 B12 B13 K1 K2 K3 K4"  # already winning: needs nothing
    racks: list[str | None] = ["K9 Y1 Y3 B1 B2 B5 K6 K7 R11 R12 R13 Y11 Y12 B4", ready, None, None]
    rules = OkeyRules(forbid_rediscard_taken=True)
    game, state = rigged(racks, "K5", stock_size=0, rules=rules, phase=Phase.DISCARD)
    assert result_of(play(game, state, "discard K9")).kind == "void"
    game, loose = rigged(racks, "K5", stock_size=0, phase=Phase.DISCARD)
    play(game, loose, "discard K9")
    assert loose.phase is Phase.LAST_CHANCE
    play(game, loose, "take")
    assert [a.text() for a in legal(game, loose)] == ["finish K9"]


def test_a_wrong_own_arrangement_is_explained() -> None:
    game, state = finishing_game(WIN_MELDS, "K5")
    with pytest.raises(IllegalActionError, match="missing") as err:
        play(game, state, "finish R9 : R1 R2 R3")
    assert err.value.code == "arrangement_missing"
