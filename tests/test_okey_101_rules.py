"""101 Okey rules (``okey-101.md``), one test or more per rule and each option set both ways, with
the spec's scoring example from tests/data/issue29_cases.toml. Positions are position text
(:func:`okey_101_rig.setup`); the rigged rounds' indicator is K12, so the okey is K13 and the false
jokers (``F``) stand for K13."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import retracting_turn_lists_alike
from okey_101_rig import legal_texts, play, refused, round_result, setup
from rummykit.core.notation import format_face, parse_face
from rummykit.core.pieces import JOKER, Kind
from rummykit.errors import RulesError
from rummykit.variants.okey_101.actions import Verb
from rummykit.variants.okey_101.game import Okey101Game
from rummykit.variants.okey_101.rules import (
    Direction,
    DiscardHistory,
    HandFinishDouble,
    LastPairsOpen,
    Okey101Rules,
    OnStockEmpty,
    TakeDiscard,
)
from rummykit.variants.okey_101.state import Okey101State, Opened, Phase
from rummykit.variants.registry import variant

CASES = tomllib.loads((Path(__file__).parent / "data" / "issue29_cases.toml").read_text("utf-8"))
OPEN_101 = "R10 R11 R12 R13 | Y10 Y11 Y12 Y13 | R3 Y3 B3"
"""Sets and runs worth exactly 101."""
OPEN_100 = "R10 R11 R12 R13 | Y9 Y10 Y11 Y12 | R4 Y4 B4"
"""Sets and runs worth 100."""
FIVE_PAIRS = "R2 R2 | Y5 Y5 | B7 B7 | K9 K9 | R12 R12"


def tiles(text: str) -> list[int]:
    return [parse_face(Kind.TILES, t) for t in text.split()]


def faces_in_hand(game: Okey101Game, state: Okey101State, seat: int) -> list[int]:
    return sorted(game.pieces.face(p) for p in state.hands[seat])


def opening_hand(melds: str, *rest: str) -> str:
    return " ".join([*melds.replace("|", " ").split(), *rest])


# ---------------------------------------------------------------- equipment and the deal
def test_deal_21_each_22_to_the_starter_and_20_in_the_stock() -> None:
    game = Okey101Game(Okey101Rules())
    state = game.new_state(3)
    starter = game.next_seat(state.dealer)
    assert state.turn == starter and state.phase is Phase.PLAY
    assert [len(h) for h in state.hands] == [22 if s == starter else 21 for s in range(4)]
    assert len(state.stock) == 20
    assert game.pieces.face(state.indicator) != JOKER
    view = game.observe(state, starter)
    assert view["okey"] == game.okey(state)
    # the starter takes nothing on the first turn: no draw or take is legal
    assert not {"draw", "take"} & set(legal_texts(game, state))
    refused(game, state, "draw", "okey_101.no_take_now")


@pytest.mark.parametrize(("players", "stock"), [(2, 62), (3, 41), (4, 20)])
def test_players_two_to_four(players: int, stock: int) -> None:
    game = Okey101Game(Okey101Rules(players=players))
    state = game.new_state(5)
    assert len(state.hands) == players and len(state.stock) == stock
    with pytest.raises(RulesError):
        Okey101Rules(players=5)


def test_okey_is_the_indicators_colour_one_higher_and_13_makes_the_1() -> None:
    game, state = setup(["R1 R2 R3", None, None, None], indicator="R13")
    assert game.okey(state) == parse_face(Kind.TILES, "R1")
    game, state = setup(["R1 R2 R3", None, None, None], indicator="B5")
    assert game.okey(state) == parse_face(Kind.TILES, "B6")


def test_false_joker_stands_for_the_okeys_face_and_is_not_wild() -> None:
    # okey K13: F is K13 itself, in a run K11 K12 F, never a wild
    game, state = setup(["K11 K12 F R5 R7 B2", None, None, None], opened={0: "melds"})
    play(game, state, "meld K11 K12 F")
    assert state.table[0].meld.stands_for == tuple(tiles("K11 K12 K13"))
    game, state = setup(["R5 F R7 B2", None, None, None], opened={0: "melds"})
    refused(game, state, "meld R5 F R7", "okey_101.not_a_meld")


@pytest.mark.parametrize(("direction", "after"), [(Direction.CCW, 1), (Direction.CW, 3)])
def test_direction_of_play(direction: Direction, after: int) -> None:
    game, state = setup(["R1 R5 B9", None, None, None], rules=Okey101Rules(direction=direction))
    play(game, state, "discard B9")
    assert state.turn == after and state.phase is Phase.DRAW
    # the previous player's discard is the one to take
    assert game.observe(state, after)["takeable"] == parse_face(Kind.TILES, "B9")


def test_first_dealer_at_random_and_the_deal_passes_each_round() -> None:
    dealers = {Okey101Game(Okey101Rules()).new_state(seed).dealer for seed in range(12)}
    assert len(dealers) > 1
    game, state = setup(["K1", None, None, None], opened={0: "melds"}, rules=Okey101Rules(rounds=2), dealer=3)
    play(game, state, "discard K1")
    assert state.round_no == 2 and state.dealer == 0 and state.turn == 1


# ---------------------------------------------------------------- melds
def test_sets_of_three_or_four_colours() -> None:
    game, state = setup(["R7 Y7 B7 K7 R7 B2", None, None, None], opened={0: "melds"})
    refused(game, state, "meld R7 Y7 R7", "okey_101.not_a_meld")
    play(game, state, "meld R7 Y7 B7 K7")
    assert state.table[0].kind.value == "set"


@pytest.mark.parametrize("allow", [False, True])
def test_the_1_is_low_unless_allow_13_1(allow: bool) -> None:
    rules = Okey101Rules(allow_13_1=allow)
    game, state = setup(["R12 R13 R1 R1 R2 R2 R3 B5", None, None, None], opened={0: "melds"}, rules=rules)
    play(game, state, "meld R1 R2 R3")
    if allow:
        assert "meld R12 R13 R1" in legal_texts(game, state)
    else:
        refused(game, state, "meld R12 R13 R1", "okey_101.not_a_meld")
    refused(game, state, "meld R13 R1 R2", "okey_101.not_a_meld")


def test_pairs_of_identical_tiles_an_okey_completes() -> None:
    game, state = setup(["R4 R4 Y9 K13 K13 B3 F F R7"] + [None] * 3, opened={0: "pairs"})
    legal = legal_texts(game, state)
    assert {"pair R4 R4", "pair Y9 K13", "pair K13 K13", "pair F F", "pair F K13"} <= set(legal)
    refused(game, state, "pair R4 Y4")
    refused(game, state, "pair R4 B3")


def test_an_okey_counts_as_the_tile_it_stands_for() -> None:
    # K13[R12] is worth 12: 10 + 11 + 12 + 13 + 46 (Y10..Y13) + 9 (the 3s) = 101
    game, state = setup(["R10 R11 K13 R13 Y10 Y11 Y12 Y13 R3 Y3 B3 B8", None, None, None])
    play(game, state, "open R10 R11 K13[R12] R13 | Y10 Y11 Y12 Y13 | R3 Y3 B3")
    assert state.opened[0] is Opened.MELDS
    assert state.table[0].meld.stands_for == tuple(tiles("R10 R11 R12 R13"))
    # in a set an okey stands for a colour the set lacks
    game, state = setup(["R8 Y8 K13 B1", None, None, None], opened={0: "melds"})
    play(game, state, "meld R8 Y8 K13")
    assert state.table[0].meld.stands_for == tuple(tiles("R8 Y8 B8"))


# ---------------------------------------------------------------- a turn: taking
def test_draw_the_top_of_the_stock() -> None:
    game, state = setup(["R1 R5 B9", None, None, None], phase="draw", piles=["", "", "", "K5"])
    top = state.stock[-1]
    play(game, state, "draw")
    assert state.hands[0][-1] == top and state.phase is Phase.PLAY
    refused(game, state, "take", "okey_101.no_take_now")


def test_take_use_now_only_when_the_tile_goes_on_the_table() -> None:
    # the previous player (seat 3) discarded B9, which extends the table's B6 B7 B8 for seat 0
    game, state = setup(
        ["R1 R5 K2", None, None, None],
        phase="draw",
        opened={0: "melds", 1: "melds"},
        table=[(1, "B6 B7 B8")],
        piles=["", "", "", "B9"],
    )
    play(game, state, "take")
    assert state.taken is not None and game.observe(state, 1)["must_place"] == tiles("B9")
    assert legal_texts(game, state) == ["retract", "layoff 1 B9"]
    refused(game, state, "discard R1", "okey_101.use_first")
    play(game, state, "layoff 1 B9", "discard R1")
    assert state.turn == 1
    # a discard that fits nowhere is refused
    game, state = setup(
        ["R1 R5 K2", None, None, None],
        phase="draw",
        opened={0: "melds"},
        table=[(1, "B6 B7 B8")],
        piles=["", "", "", "Y9"],
    )
    assert "take" not in legal_texts(game, state)
    refused(game, state, "take", "okey_101.take_unusable")


def test_take_before_opening_only_for_an_opening_that_holds_it() -> None:
    hand = opening_hand("R10 R11 R12 R13 | Y10 Y11 Y12 Y13 | R3 Y3", "K5 B1")
    game, state = setup([hand, None, None, None], phase="draw", piles=["", "", "", "B3"])
    play(game, state, "take")
    # the first play puts B3 on the table: only melds holding it are listed
    assert all("B3" in t for t in legal_texts(game, state) if t.startswith("meld"))
    refused(game, state, "meld R10 R11 R12 R13", "okey_101.use_first")
    play(game, state, "meld R3 Y3 B3", "meld R10 R11 R12 R13", "meld Y10 Y11 Y12 Y13")
    assert state.opened[0] is Opened.MELDS
    play(game, state, "discard K5")
    # a tile the opening can't use is refused: B9 goes nowhere
    game, state = setup([hand, None, None, None], phase="draw", piles=["", "", "", "B9"])
    refused(game, state, "take", "okey_101.take_unusable")


def test_take_free_puts_the_tile_in_the_hand() -> None:
    game, state = setup(
        ["R1 R5 K2", None, None, None],
        phase="draw",
        piles=["", "", "", "Y9"],
        rules=Okey101Rules(take_discard=TakeDiscard.FREE),
    )
    play(game, state, "take", "discard Y9")
    assert state.turn == 1
    assert game.observe(state, 2)["known"][0] == []


# ---------------------------------------------------------------- opening
def test_opening_with_melds_worth_101_in_one_turn() -> None:
    game, state = setup([opening_hand(OPEN_101, "K5 B1"), None, None, None])
    events = play(game, state, "open " + OPEN_101)
    assert state.opened[0] is Opened.MELDS and not state.pending
    assert any(e.code == "okey_101.opens_melds" and e.params["value"] == 101 for e in events)
    play(game, state, "discard K5")


def test_melds_under_101_are_pending_and_taken_back() -> None:
    game, state = setup([opening_hand(OPEN_100, "K5 B1"), None, None, None])
    refused(game, state, "open " + OPEN_100, "okey_101.open_short")
    play(game, state, "meld R10 R11 R12 R13", "meld Y9 Y10 Y11 Y12", "meld R4 Y4 B4")
    assert state.opened[0] is Opened.NONE and state.pending == [1, 2, 3]
    refused(game, state, "discard K5", "okey_101.under_opening")
    refused(game, state, "layoff 3 K4", "okey_101.layoff_unopened")
    play(game, state, "retract")
    assert not state.table and len(state.hands[0]) == 13
    assert sorted(game.observe(state, 1)["known"][0]) == sorted(tiles(opening_hand(OPEN_100)))
    play(game, state, "discard K5")


def test_after_a_retract_melds_go_down_while_the_opening_is_in_reach() -> None:
    """After a retract an opening is laid again meld by meld (as the browser offers it): a meld
    goes down while it and the best opening the rest of the rack holds still make 101; one that
    can't lead to 101 is refused, listed or not, and changes nothing. ``open`` is judged on its
    total as before."""
    game, state = setup([opening_hand(OPEN_101, "K5 B1"), None, None, None])
    play(game, state, "meld R10 R11 R12 R13", "meld Y10 Y11 Y12 Y13", "retract")
    assert state.retracted and game.observe(state, 1)["retracted"]
    # R11 R12 R13 strands R10: 36 + 46 + 9 = 91, short of 101
    refused(game, state, "meld R11 R12 R13", "okey_101.retracted_out_of_reach")
    assert "meld R11 R12 R13" not in legal_texts(game, state)
    assert "meld R10 R11 R12 R13" in legal_texts(game, state)
    play(game, state, "meld R10 R11 R12 R13")
    assert state.pending == [1]
    refused(game, state, "meld Y11 Y12 Y13", "okey_101.retracted_out_of_reach")
    play(game, state, "meld Y10 Y11 Y12 Y13")
    assert state.opened[0] is Opened.NONE and state.pending == [1, 2]
    play(game, state, "meld R3 Y3 B3")
    assert state.opened[0] is Opened.MELDS
    play(game, state, "discard K5")
    game, state = setup([opening_hand(OPEN_100, "K5 B1"), None, None, None])
    play(game, state, "meld R10 R11 R12 R13", "retract")
    assert not [t for t in legal_texts(game, state) if not t.startswith("discard")]
    refused(game, state, "meld R10 R11 R12 R13", "okey_101.retracted_out_of_reach")
    refused(game, state, "open " + OPEN_100, "okey_101.open_short")
    game, state = setup([opening_hand(OPEN_101, "K5 B1"), None, None, None])
    play(game, state, "meld R3 Y3 B3", "retract", "open " + OPEN_101)
    assert state.opened[0] is Opened.MELDS


def test_after_a_retract_a_hand_finish_goes_down_meld_by_meld() -> None:
    """Melds far from 101 still go down after a retract when the rest of the rack finishes with
    them (every tile but one, worth hand_finish_min)."""
    game, state = setup(["R1 R2 R3 Y7 Y8 Y9 K5", None, None, None])
    play(game, state, "meld R1 R2 R3", "retract", "meld Y7 Y8 Y9")
    assert "meld R1 R2 R3" in legal_texts(game, state)
    play(game, state, "meld R1 R2 R3", "discard K5")
    assert state.results[-1].winner == 0


def test_after_a_retract_pairs_go_down_while_the_pairs_opening_is_in_reach() -> None:
    game, state = setup([opening_hand(FIVE_PAIRS, "K5 B1"), None, None, None])
    play(game, state, "pair R2 R2", "pair Y5 Y5", "retract")
    for pair in ("R2 R2", "Y5 Y5", "B7 B7", "K9 K9"):
        assert "pair " + pair in legal_texts(game, state)
        play(game, state, "pair " + pair)
        assert state.opened[0] is Opened.NONE
    play(game, state, "pair R12 R12")
    assert state.opened[0] is Opened.PAIRS
    # four pairs only: none can lead to five once the retract is spent
    game, state = setup(["R2 R2 Y5 Y5 B7 B7 K9 K9 R12 K5 B1", None, None, None])
    play(game, state, "pair R2 R2", "retract")
    refused(game, state, "pair R2 R2", "okey_101.retracted_out_of_reach")
    assert not [t for t in legal_texts(game, state) if not t.startswith("discard")]


def test_a_retract_is_once_a_turn() -> None:
    """After a retract, a hand finish laid at once is pending (under 101) and can't be taken back:
    the turn ends with the last tile's discard."""
    game, state = setup(["R1 R2 R3 Y7 Y8 Y9 K5", None, None, None])
    play(game, state, "meld R1 R2 R3", "retract")
    refused(game, state, "pair R1 R1", None)
    play(game, state, "open R1 R2 R3 | Y7 Y8 Y9")
    assert state.pending == [1, 2]
    refused(game, state, "retract", "okey_101.retract_once")
    assert legal_texts(game, state) == ["discard K5"]
    result = round_result(play(game, state, "discard K5"))
    assert result["winner"] == 0 and "hand" in result["kind"]


MELDY = (
    [f"{c}{n}" for c in "RYB" for n in range(8, 14)] * 2 + [f"K{n}" for n in range(8, 12)] * 2 + ["K13", "F"]
)
"""Tiles that meld and pair often (high sets and runs, an okey and a false joker): hands with
openings and five pairs in reach, short of them, and hand finishes."""


@settings(max_examples=150, deadline=None)
@given(
    hand=st.lists(st.sampled_from(range(len(MELDY))), min_size=8, max_size=22, unique=True),
    data=st.data(),
)
def test_a_turn_always_has_a_legal_action_and_ends(hand: list[int], data: st.DataObject) -> None:
    """Random legal play of a turn from a rack rich in melds and pairs, the discard put off while
    anything else is legal: every position has a legal action (never melds or pairs pending short
    of the opening with no retract left and nothing to lay) and the turn ends within 40 actions."""
    game, state = setup([" ".join(MELDY[i] for i in hand), None, None, None])
    for _ in range(40):
        legal = game.legal_actions(state, 0)
        assert legal, game.position(state)
        legal = [a for a in legal if a.verb is not Verb.DISCARD] or legal
        game.apply(state, 0, legal[data.draw(st.integers(0, len(legal) - 1))])
        if state.turn != 0 or state.results:
            return
    pytest.fail(f"the turn did not end in 40 actions: {game.position(state)}")


def test_a_retract_gives_a_taken_discard_back() -> None:
    """The take was only for the opening: with the retract the tile goes back on the pile and the
    mover draws from the stock instead (seen by the mover only); the turn ends with a discard."""
    hand = opening_hand("R10 R11 R12 R13 | Y10 Y11 Y12 Y13 | R3 Y3", "K5 B1")
    game, state = setup([hand, None, None, None], phase="draw", piles=["", "", "", "B3"])
    top = state.stock[-1]
    play(game, state, "take", "meld R3 Y3 B3", "meld R10 R11 R12 R13")
    events = play(game, state, "retract")
    assert [e.code for e in events] == ["okey_101.retract", "okey_101.give_back", "okey_101.draw"]
    assert state.taken is None and [game.pieces.face(p) for p in state.piles[3]] == tiles("B3")
    assert state.hands[0][-1] == top and len(state.hands[0]) == 13
    assert game.events_for(events, 1)[-1]["params"] == {}
    assert game.events_for(events, 0)[-1]["params"] == {
        "tile": format_face(Kind.TILES, game.pieces.face(top))
    }
    assert game.observe(state, 1)["known"][0] == sorted(tiles("R3 Y3 R10 R11 R12 R13"))
    assert game.observe(state, 0)["must_place"] == []
    play(game, state, "discard K5")
    assert state.turn == 1


@pytest.mark.parametrize("opened", [{}, {0: "melds", 1: "melds"}])
def test_a_retract_gives_back_a_taken_discard_before_anything_is_laid(opened: dict[int, str]) -> None:
    """A player who took the discard and laid nothing yet may retract too: the tile goes back on
    its pile and the mover draws from the stock instead (the take was only for a play this turn),
    with nothing shown from the hand; it is the turn's one retract. Before opening and after."""
    if opened:
        hand, table, pile = "R1 R5 K2", [(1, "B6 B7 B8")], "B9"
    else:
        hand, table, pile = opening_hand("R10 R11 R12 R13 | Y10 Y11 Y12 Y13 | R3 Y3", "K5 B1"), [], "B3"
    game, state = setup(
        [hand, None, None, None], phase="draw", table=table, opened=opened, piles=["", "", "", pile]
    )
    refused(game, state, "retract", "okey_101.draw_first")
    play(game, state, "draw")
    refused(game, state, "retract", "okey_101.nothing_to_retract")
    game, state = setup(
        [hand, None, None, None], phase="draw", table=table, opened=opened, piles=["", "", "", pile]
    )
    top, before = state.stock[-1], list(state.hands[0])
    play(game, state, "take")
    assert "retract" in legal_texts(game, state)
    public = game.observe(state, None)
    events = play(game, state, "retract")
    assert [e.code for e in events] == ["okey_101.give_back", "okey_101.draw"]
    assert state.hands[0] == [*before, top] and state.taken is None and state.retracted
    assert [game.pieces.face(p) for p in state.piles[3]] == tiles(pile)
    after = game.observe(state, None)
    assert after["table"] == public["table"] and after["known"][0] == []
    assert game.events_for(events, 1)[-1]["params"] == {}
    assert game.observe(state, 0)["must_place"] == []
    assert "retract" not in legal_texts(game, state)
    refused(game, state, "retract", "okey_101.nothing_to_retract")
    play(game, state, "discard R1" if opened else "discard K5")
    assert state.turn == 1


def test_after_a_give_back_melds_go_down_while_the_opening_is_in_reach() -> None:
    """The give-back is the turn's retract: a meld then goes down toward the opening only while
    the rest of the rack can still bring it to 101, as after any retract."""
    hand = opening_hand("R10 R11 R12 R13 | Y10 Y11 Y12 Y13 | R3 Y3", "K5 B1")
    game, state = setup([hand, None, None, None], phase="draw", piles=["", "", "B3", "B3"])
    play(game, state, "take", "retract")
    refused(game, state, "meld R10 R11 R12 R13", "okey_101.retracted_out_of_reach")
    assert [t for t in legal_texts(game, state) if not t.startswith("discard")] == []


@pytest.mark.parametrize(("open_min", "opens"), [(101, False), (100, True)])
def test_open_min(open_min: int, opens: bool) -> None:
    game, state = setup(
        [opening_hand(OPEN_100, "K5 B1"), None, None, None], rules=Okey101Rules(open_min=open_min)
    )
    play(game, state, "meld R10 R11 R12 R13", "meld Y9 Y10 Y11 Y12", "meld R4 Y4 B4")
    assert (state.opened[0] is Opened.MELDS) is opens


def test_layoffs_after_opening_that_turn_dont_count() -> None:
    game, state = setup(
        [opening_hand(OPEN_101, "B11 K5"), None, None, None], opened={1: "melds"}, table=[(1, "B8 B9 B10")]
    )
    play(game, state, "meld R10 R11 R12 R13", "meld Y10 Y11 Y12 Y13")
    refused(game, state, "layoff 1 B11", "okey_101.layoff_unopened")  # 92 + 11 would not open
    events = play(game, state, "meld R3 Y3 B3")
    assert any(e.code == "okey_101.opens_melds" and e.params["value"] == 101 for e in events)
    play(game, state, "layoff 1 B11", "discard K5")


@pytest.mark.parametrize(("pairs", "opens"), [(FIVE_PAIRS, True), ("R2 R2 | Y5 Y5 | B7 B7 | K9 K9", False)])
def test_opening_with_five_pairs(pairs: str, opens: bool) -> None:
    game, state = setup([opening_hand(pairs, "K5 B1"), None, None, None])
    for pair in pairs.split("|"):
        play(game, state, "pair " + pair.strip())
    assert (state.opened[0] is Opened.PAIRS) is opens
    if not opens:
        refused(game, state, "discard K5", "okey_101.under_opening")


def test_pairs_open_min_zero_forbids_pairs() -> None:
    game, state = setup(
        [opening_hand(FIVE_PAIRS, "K5 B1"), None, None, None], rules=Okey101Rules(pairs_open_min=0)
    )
    refused(game, state, "pair R2 R2", "okey_101.pairs_off")
    assert not any(t.startswith("pair") for t in legal_texts(game, state))


def test_an_opening_is_one_kind() -> None:
    game, state = setup([opening_hand(FIVE_PAIRS, "R3 R4 R5 K5"), None, None, None])
    play(game, state, "meld R3 R4 R5")
    refused(game, state, "pair Y5 Y5", "okey_101.one_kind")
    game, state = setup([opening_hand(FIVE_PAIRS, "R3 R4 R5 K5"), None, None, None])
    play(game, state, "pair Y5 Y5")
    refused(game, state, "meld R3 R4 R5", "okey_101.one_kind")


@pytest.mark.parametrize("rule", [LastPairsOpen.FORBID, LastPairsOpen.VOID])
def test_last_pairs_open(rule: LastPairsOpen) -> None:
    others = {1: "pairs", 2: "pairs", 3: "pairs"}
    game, state = setup(
        [opening_hand(FIVE_PAIRS, "K5 B1"), None, None, None],
        opened=others,
        rules=Okey101Rules(last_pairs_open=rule),
    )
    if rule is LastPairsOpen.FORBID:
        refused(game, state, "pair R2 R2", "okey_101.last_pairs")
        return
    events = play(game, state, "open " + FIVE_PAIRS)
    result = round_result(events)
    assert result["kind"] == "void" and result["deltas"] == [0, 0, 0, 0]
    assert state.round_no == 2 and state.dealer == 3 and game.counted_rounds(state) == 0


# ---------------------------------------------------------------- after opening
@pytest.mark.parametrize("allowed", [True, False])
def test_meld_openers_add_pairs_once_someone_opened_with_pairs(allowed: bool) -> None:
    rules = Okey101Rules(meld_openers_add_pairs=allowed)
    game, state = setup(["R2 R2 B5 B6 B7 K1", None, None, None], opened={0: "melds"}, rules=rules)
    refused(game, state, "pair R2 R2", "okey_101.meld_opener_no_pairs")
    play(game, state, "meld B5 B6 B7")  # any value once opened
    game, state = setup(["R2 R2 K1", None, None, None], opened={0: "melds", 2: "pairs"}, rules=rules)
    if allowed:
        play(game, state, "pair R2 R2")
    else:
        refused(game, state, "pair R2 R2", "okey_101.meld_opener_no_pairs")


@pytest.mark.parametrize("limit", [None, 2])
def test_pair_openers_lay_pairs_and_lay_off_never_melds(limit: int | None) -> None:
    game, state = setup(
        ["B5 B6 B7 Y2 Y2 R4 R5 R6 K1"] + [None] * 3,
        opened={0: "pairs", 1: "melds"},
        table=[(1, "R7 R8 R9")],
        rules=Okey101Rules(pair_layoff_limit=limit),
    )
    refused(game, state, "meld B5 B6 B7", "okey_101.pair_opener_no_melds")
    play(game, state, "pair Y2 Y2", "layoff 1 R6", "layoff 1 R5")
    if limit is None:
        play(game, state, "layoff 1 R4")
    else:
        refused(game, state, "layoff 1 R4", "okey_101.layoff_limit")
        assert not any(t.startswith("layoff") for t in legal_texts(game, state))


def test_lay_off_on_anyones_set_or_run_keeping_it_valid() -> None:
    game, state = setup(
        ["R6 B10 Y7 K7 B1 B2"] + [None] * 3,
        opened={0: "melds", 1: "melds", 2: "pairs"},
        table=[(1, "R7 R8 R9"), (1, "R10 Y10 K10"), (2, "Y2 Y2")],
    )
    play(game, state, "layoff 1 R6", "layoff 2 B10")
    assert state.table[0].meld.stands_for == tuple(tiles("R6 R7 R8 R9"))
    refused(game, state, "layoff 2 Y7")  # the set holds four colours now
    refused(game, state, "layoff 3 B2", "okey_101.pair_no_layoff")
    refused(game, state, "layoff 1 K7", "okey_101.not_a_meld")


def test_an_okey_laid_off_on_a_run_says_what_it_stands_for() -> None:
    game, state = setup(["K13 B1 B2", None, None, None], opened={0: "melds"}, table=[(1, "R7 R8 R9")])
    assert {"layoff 1 K13[R6]", "layoff 1 K13[R10]"} <= set(legal_texts(game, state))
    refused(game, state, "layoff 1 K13", "okey_101.declare_okey")
    play(game, state, "layoff 1 K13[R10]")
    assert state.table[0].meld.stands_for[-1] == parse_face(Kind.TILES, "R10")


# ---------------------------------------------------------------- freeing okeys
def test_free_an_okey_from_a_run_with_its_tile_and_from_a_set_with_a_lacking_colour() -> None:
    game, state = setup(
        ["R8 K6 B1 Y2"] + [None] * 3,
        opened={0: "melds", 1: "melds"},
        table=[(1, "R7 K13[R8] R9"), (1, "R6 Y6 K13")],
    )
    assert {"swap 1 R8", "swap 2 K6"} <= set(legal_texts(game, state))
    refused(game, state, "swap 1 R9", "okey_101.no_okey_for")
    play(game, state, "swap 1 R8")
    assert tiles("K13")[0] in faces_in_hand(game, state, 0)
    assert state.table[0].meld.faces == tuple(tiles("R7 R8 R9"))
    play(game, state, "swap 2 K6")
    assert faces_in_hand(game, state, 0).count(tiles("K13")[0]) == 2
    assert game.observe(state, 1)["known"][0] == tiles("K13 K13")
    play(game, state, "discard B1")  # a freed okey may be kept


def test_only_an_opened_player_frees_okeys_and_false_jokers_stay() -> None:
    game, state = setup(
        ["R8 K13 K11 B1"] + [None] * 3, opened={1: "melds"}, table=[(1, "R7 K13[R8] R9"), (1, "K11 K12 F")]
    )
    refused(game, state, "swap 1 R8", "okey_101.layoff_unopened")
    game, state = setup(
        ["R8 K13 B1 Y5"] + [None] * 3, opened={0: "melds"}, table=[(1, "R7 K13[R8] R9"), (1, "K11 K12 F")]
    )
    refused(game, state, "swap 2 K13", "okey_101.swap_okey")
    assert not any(t.startswith("swap 2") for t in legal_texts(game, state))


def test_okey_swap_off() -> None:
    game, state = setup(
        ["R8 B1 Y2"] + [None] * 3,
        opened={0: "melds"},
        table=[(1, "R7 K13[R8] R9")],
        rules=Okey101Rules(okey_swap=False),
    )
    refused(game, state, "swap 1 R8", "okey_101.swap_off")


def test_swapped_okey_must_be_used() -> None:
    rules = Okey101Rules(swapped_okey_must_be_used=True)
    game, state = setup(
        ["R8 B1 Y2 B3"] + [None] * 3, opened={0: "melds"}, table=[(1, "R7 K13[R8] R9")], rules=rules
    )
    play(game, state, "swap 1 R8")
    refused(game, state, "discard B1", "okey_101.use_first")
    assert all("K13" in t for t in legal_texts(game, state))
    play(game, state, "meld B1 K13 B3", "discard Y2")
    # a swap whose okey would fit nowhere is refused: the set becomes four, two tiles in hand
    for must, listed in ((True, False), (False, True)):
        rules = Okey101Rules(swapped_okey_must_be_used=must)
        game, state = setup(
            ["R6 Y9"] + [None] * 3, opened={0: "melds"}, table=[(1, "Y6 B6 K6 K13")], rules=rules
        )
        assert ("swap 1 R6" in legal_texts(game, state)) is listed
        if not listed:
            refused(game, state, "swap 1 R6", "okey_101.swap_stuck")


# ---------------------------------------------------------------- finishing
def test_finish_by_discarding_the_last_tile_keeping_one() -> None:
    game, state = setup(["R5 R6 R7 B2", None, None, None], opened={0: "melds"})
    refused(game, state, "open R5 R6 R7 | B2")
    play(game, state, "meld R5 R6 R7")
    refused(game, state, "meld B2")
    events = play(game, state, "discard B2")
    result = round_result(events)
    assert result["winner"] == 0 and result["kind"] == "normal"


def test_keep_one_tile_for_the_discard() -> None:
    game, state = setup(["R5 R6 R7", None, None, None], opened={0: "melds"})
    refused(game, state, "meld R5 R6 R7", "okey_101.keep_one")


@pytest.mark.parametrize("rule", [HandFinishDouble.NOBODY_OPENED, HandFinishDouble.ALWAYS])
def test_hand_finish_below_101(rule: HandFinishDouble) -> None:
    hand = "R1 R2 R3 Y1 B1 K1 B5 B6 B7 K9"
    rules = Okey101Rules(hand_finish_double=rule)
    game, state = setup([hand, None, None, None], rules=rules)
    result = round_result(play(game, state, "open R1 R2 R3 | Y1 B1 K1 | B5 B6 B7", "discard K9"))
    assert result["kind"] == "hand" and result["deltas"][0] == -202
    # someone had opened: doubled only when always
    game, state = setup([hand, None, None, None], rules=rules, opened={2: "melds"})
    result = round_result(play(game, state, "meld R1 R2 R3", "meld Y1 B1 K1", "meld B5 B6 B7", "discard K9"))
    doubled = rule is HandFinishDouble.ALWAYS
    assert result["kind"] == ("hand" if doubled else "normal")
    assert result["deltas"][0] == (-202 if doubled else -101)


@pytest.mark.parametrize(("minimum", "finishes"), [(0, True), (40, False)])
def test_hand_finish_min(minimum: int, finishes: bool) -> None:
    game, state = setup(
        ["R1 R2 R3 Y1 B1 K1 B5 B6 B7 K9", None, None, None], rules=Okey101Rules(hand_finish_min=minimum)
    )
    play(game, state, "meld R1 R2 R3", "meld Y1 B1 K1", "meld B5 B6 B7")
    if finishes:
        play(game, state, "discard K9")
        assert state.round_no == 2
    else:
        refused(game, state, "discard K9", "okey_101.hand_finish_short")


def test_a_layoff_makes_it_no_hand_finish() -> None:
    rules = Okey101Rules(hand_finish_double=HandFinishDouble.ALWAYS)
    game, state = setup([opening_hand(OPEN_101, "B11 B12 B13 K5"), None, None, None], rules=rules)
    result = round_result(play(game, state, "open " + OPEN_101, "meld B11 B12 B13", "discard K5"))
    assert result["kind"] == "hand"
    game, state = setup(
        [opening_hand(OPEN_101, "B11 K5"), None, None, None], table=[(1, "B8 B9 B10")], rules=rules
    )
    result = round_result(play(game, state, "open " + OPEN_101, "layoff 1 B11", "discard K5"))
    assert result["kind"] == "normal"


# ---------------------------------------------------------------- the stock running out
@pytest.mark.parametrize("rule", [OnStockEmpty.SCORE_HANDS, OnStockEmpty.VOID])
def test_stock_running_out(rule: OnStockEmpty) -> None:
    game, state = setup(
        ["R1 R5 Y9", "B2 B3 B4 K13", "R5 K7 K13", None],
        phase="draw",
        opened={1: "melds", 2: "pairs"},
        stock=1,
        rules=Okey101Rules(on_stock_empty=rule),
        piles=["", "", "", "Y1"],
    )
    play(game, state, "draw")
    assert state.stock == []
    result = round_result(play(game, state, "discard Y9"))
    if rule is OnStockEmpty.VOID:
        assert result["kind"] == "void" and result["deltas"] == [0, 0, 0, 0]
        assert state.dealer == 3 and game.counted_rounds(state) == 0 and state.round_no == 2
        return
    assert result["kind"] == "stock" and result["winner"] is None
    assert result["deltas"] == [202, 2 + 3 + 4 + 13 + 101, (5 + 7 + 13) * 2 + 101, 202]


# ---------------------------------------------------------------- scoring
def test_the_specs_scoring_example() -> None:
    case = CASES["scoring_example"]
    game, state = setup(
        [case["finisher"], None, case["meld_opener"], case["pair_opener"]],
        opened={0: "pairs", 2: "melds", 3: "pairs"},
        table=[(3, "B4 B4")],
    )
    result = round_result(play(game, state, "discard K13"))
    assert result["kind"] == "pairs+okey"
    assert result["deltas"] == case["deltas"]


@pytest.mark.parametrize(("stack", "factor"), [(True, 4), (False, 2)])
def test_stack_multipliers(stack: bool, factor: int) -> None:
    game, state = setup(
        ["K13", None, "R5 K7", None],
        opened={0: "pairs", 2: "melds"},
        rules=Okey101Rules(stack_multipliers=stack),
    )
    result = round_result(play(game, state, "discard K13"))
    assert result["deltas"][0] == -101 * factor and result["deltas"][1] == 202 * factor
    assert result["deltas"][2] == 12 * factor


def test_multipliers_and_penalties_are_options() -> None:
    rules = Okey101Rules(
        okey_finish_multiplier=3,
        finish_bonus=-50,
        unopened_penalty=100,
        okey_in_hand_penalty=20,
        pairs_penalty_multiplier=5,
        pairs_finish_multiplier=7,
        hand_finish_multiplier=11,
    )
    game, state = setup(
        ["K13", None, "R5 K13", "R5 K7"], opened={0: "melds", 2: "melds", 3: "pairs"}, rules=rules
    )
    result = round_result(play(game, state, "discard K13"))
    assert result["deltas"] == [-150, 300, 18 * 3 + 20, 12 * 3 * 5]
    game, state = setup(["B1", None, None, None], opened={0: "pairs"}, rules=rules)
    assert round_result(play(game, state, "discard B1"))["deltas"][0] == -50 * 7


@pytest.mark.parametrize("pairs_penalty", [2, 1])
def test_each_multiplied_score_names_its_reasons(pairs_penalty: int) -> None:
    """Every seat's note carries the factors its points were multiplied by, each with its reason:
    the finish's (the largest, as they don't stack here) and a pair opener's own doubling; a factor
    of 1 multiplies nothing and is no reason."""
    rules = Okey101Rules(
        stack_multipliers=False, okey_finish_multiplier=3, pairs_penalty_multiplier=pairs_penalty
    )
    game, state = setup(
        ["K13", None, "R5 K7", "R5 K7"], opened={0: "pairs", 2: "melds", 3: "pairs"}, rules=rules
    )
    result = round_result(play(game, state, "discard K13"))
    okey = {"code": "okey_101.x_okey", "params": {"factor": 3}}
    paired = [{"code": "okey_101.x_pairs_opener", "params": {"factor": 2}}] if pairs_penalty == 2 else []
    seats = {n["params"]["seat"]: n["params"] for n in result["notes"] if n["code"].endswith("_points")}
    assert [seats[s]["factors"] for s in range(4)] == [[okey], [okey], [okey], [okey, *paired]]
    assert [seats[s]["factor"] for s in range(4)] == [3, 3, 3, 3 * pairs_penalty]
    assert seats[0]["bonus"] == -101 and result["deltas"][3] == 12 * 3 * pairs_penalty
    assert game.from_position(game.position(state)).results[-1].notes == tuple(result["notes"])


# ---------------------------------------------------------------- penalties during play
def test_a_playable_discard_costs_101() -> None:
    game, state = setup(
        ["R6 R10 B1 B2"] + [None] * 3, opened={1: "melds"}, table=[(1, "R7 R8 R9"), (1, "Y6 B6 K13")]
    )
    events = play(game, state, "discard R10")
    assert any(e.code == "okey_101.fined_playable" for e in events)
    assert state.scores[0] == 101 and game.observe(state, 2)["fines"][0]["points"] == 101
    # a tile that could only free an okey is not playable
    game, state = setup(["R8 B1 B2"] + [None] * 3, opened={1: "melds"}, table=[(1, "R7 K13[R8] R9")])
    play(game, state, "discard R8")
    assert state.scores[0] == 0


@pytest.mark.parametrize("points", [101, 0])
def test_playable_discard_penalty(points: int) -> None:
    game, state = setup(
        ["R10 B1 B2"] + [None] * 3,
        opened={1: "melds"},
        table=[(1, "R7 R8 R9")],
        rules=Okey101Rules(playable_discard_penalty=points),
    )
    play(game, state, "discard R10")
    assert state.scores[0] == points


def test_a_finishing_discard_is_never_fined() -> None:
    game, state = setup(["R10"] + [None] * 3, opened={0: "melds"}, table=[(1, "R7 R8 R9")])
    result = round_result(play(game, state, "discard R10"))
    assert result["deltas"][0] == -101


@pytest.mark.parametrize("points", [101, 0])
def test_an_okey_discard_costs_101_and_is_not_also_playable(points: int) -> None:
    game, state = setup(
        ["K13 B1 B2"] + [None] * 3,
        opened={1: "melds"},
        table=[(1, "R7 R8 R9")],
        rules=Okey101Rules(okey_discard_penalty=points),
    )
    events = play(game, state, "discard K13")
    assert state.scores[0] == points
    assert not any(e.code == "okey_101.fined_playable" for e in events)


def test_fines_join_the_rounds_score() -> None:
    game, state = setup(
        ["R10 B1 B2", "Y5"] + [None] * 2,
        opened={1: "melds"},
        table=[(1, "R7 R8 R9")],
        stock=1,
    )
    play(game, state, "discard R10", "draw")
    result = round_result(play(game, state, "discard Y5"))
    assert result["deltas"][0] == 202 + 101 and state.scores[0] == 303


# ---------------------------------------------------------------- the match
def test_a_match_of_rounds_lowest_total_wins_void_rounds_dont_count() -> None:
    rules = Okey101Rules(rounds=1, on_stock_empty=OnStockEmpty.VOID)
    game, state = setup(["R1 R5 Y9", None, None, None], phase="draw", stock=1, rules=rules)
    play(game, state, "draw", "discard Y9")
    assert not game.is_terminal(state) and game.counted_rounds(state) == 0
    game, state = setup(["B1", None, None, None], opened={0: "melds"}, rules=Okey101Rules(rounds=1))
    play(game, state, "discard B1")
    outcome = game.outcome(state)
    assert game.is_terminal(state) and outcome is not None and outcome.winners == (0,)
    assert game.returns(state) == [1.0, 0.0, 0.0, 0.0]


def test_ties_share_the_match() -> None:
    game, state = setup(
        ["B1", None, None, None], opened={0: "melds"}, rules=Okey101Rules(rounds=1), scores=[303, 0, 0, 0]
    )
    play(game, state, "discard B1")
    outcome = game.outcome(state)
    assert outcome is not None and outcome.scores == (202, 202, 202, 202)
    assert outcome.winners == (0, 1, 2, 3) and game.returns(state) == [0.25] * 4


@pytest.mark.parametrize("history", [DiscardHistory.VISIBLE, DiscardHistory.TOP_ONLY])
def test_discard_history(history: DiscardHistory) -> None:
    game, state = setup(
        ["R1 R5 Y9", None, None, None],
        piles=["", "B2 B3", "", "K4 K5"],
        rules=Okey101Rules(discard_history=history),
    )
    view = game.observe(state, 2)
    shown = tiles("K4 K5") if history is DiscardHistory.VISIBLE else tiles("K5")
    assert view["discards"][3] == shown and view["pile_counts"][3] == 2


@pytest.mark.parametrize(("factor", "stack", "points"), [(2, True, -202), (3, True, -303), (3, False, -303)])
def test_hand_finish_multiplier(factor: int, stack: bool, points: int) -> None:
    rules = Okey101Rules(hand_finish_multiplier=factor, stack_multipliers=stack)
    game, state = setup(["R1 R2 R3 Y1 B1 K1 B5 B6 B7 K9", None, None, None], rules=rules)
    result = round_result(play(game, state, "open R1 R2 R3 | Y1 B1 K1 | B5 B6 B7", "discard K9"))
    assert result["kind"] == "hand" and result["deltas"][0] == points
    assert result["deltas"][1] == 202 * factor


@pytest.mark.parametrize(
    "option",
    [
        "players=1",
        "open_min=-1",
        "pairs_open_min=11",
        "pair_layoff_limit=-1",
        "okey_finish_multiplier=0",
        "rounds=0",
    ],
)
def test_out_of_range_options_are_refused(option: str) -> None:
    with pytest.raises(RulesError, match=option.partition("=")[0]):
        variant("okey_101").load_rules(options=[option])


@settings(max_examples=150, deadline=None)
@given(
    hand=st.lists(st.sampled_from(range(len(MELDY))), min_size=8, max_size=22, unique=True),
    data=st.data(),
)
def test_the_racks_reach_after_a_retract_rules_out_no_legal_meld(
    hand: list[int], data: st.DataObject
) -> None:
    """After a retract the legal melds and pairs are listed from the whole rack's reach first
    (``_rack_may_still_end``, one answer for every candidate): the list is the same as asking each
    candidate's plan alone, at every position of random play that takes its melds back as soon as
    it may."""
    game, state = setup([" ".join(MELDY[i] for i in hand), None, None, None])
    unbounded = setup([" ".join(MELDY[i] for i in hand), None, None, None])[0]
    unbounded._rack_may_still_end = lambda *_: (True, True)  # type: ignore[method-assign]
    retracting_turn_lists_alike(
        game,
        unbounded,
        state,
        lambda n: data.draw(st.integers(0, n - 1)),
        lambda: state.turn != 0 or bool(state.results),
        40,
    )
