"""101 Okey's engine interface beyond its rules: the action notation and its integer ids, position
text, the observation (what it hides), determinisation, malformed actions and the message codes."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from coded import assert_coded, codes_in
from okey_101_rig import legal_texts, play, setup
from rummykit.core.notation import parse_face
from rummykit.core.pieces import Kind
from rummykit.engine.position import fields_of, position_text
from rummykit.errors import IllegalActionError, NotationError
from rummykit.messages import CATALOG
from rummykit.variants.okey_101 import actions
from rummykit.variants.okey_101.actions import (
    DISCARD_BASE,
    LAYOFF_BASE,
    LAYOFF_CODES,
    MELD_BASE,
    NUM_ACTIONS,
    PAIR_BASE,
    SHAPES,
    SWAP_BASE,
    Okey101Action,
    Verb,
)
from rummykit.variants.okey_101.game import Okey101Game
from rummykit.variants.okey_101.rules import DiscardHistory, Okey101Rules
from rummykit.variants.okey_101.state import Fine, FineKind

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "rummykit" / "variants" / "okey_101"


def face(text: str) -> int:
    return parse_face(Kind.TILES, text)


# ---------------------------------------------------------------- notation
@pytest.mark.parametrize(
    "text",
    [
        "draw",
        "take",
        "retract",
        "discard R7",
        "discard F",
        "meld R5 R6 R7",
        "meld B8 B9 K13[B10]",
        "meld R4 Y4 K13",
        "pair B4 B4",
        "pair F K13",
        "open R1 R2 R3 | Y9 B9 K9",
        "open B4 B4 | R2 R2",
        "layoff 3 B10",
        "layoff 3 K13[B11]",
        "layoff 12 B10 B11",
        "swap 2 F",
    ],
)
def test_action_text_round_trips(text: str) -> None:
    action = actions.parse_action(text)
    assert action.text() == text
    assert actions.parse_action(action.text()) == action


@pytest.mark.parametrize(
    ("text", "code", "needle"),
    [
        ("", "notation.no_action", "empty action"),
        ("finish R7", "notation.unknown_action", "unknown action"),
        ("draw R7", "notation.takes_nothing", "takes nothing more"),
        ("discard R7 R8", "okey_101.notation_discard", "exactly one tile"),
        ("meld R1 R2", "okey_101.notation_meld_size", "three tiles or more"),
        ("meld R1 R2 R3 | Y1 B1 K1", "okey_101.notation_one_at_a_time", "one at a time"),
        ("pair R1", "okey_101.notation_pair_size", "two tiles"),
        ("open R1 R2 R3 | B2", "okey_101.notation_open", "split by |"),
        ("layoff x R7", "okey_101.notation_number_then_tiles", "a meld number then tiles"),
        ("layoff 54 R7", "notation.meld_number", "1..53"),
        ("layoff 5", "okey_101.notation_layoff_tiles", "tiles after the number"),
        ("swap 3 R7 R8", "okey_101.notation_swap_one", "one tile"),
        ("discard R14", "notation.tile_number", "1-13"),
    ],
)
def test_malformed_text_is_refused(text: str, code: str, needle: str) -> None:
    with pytest.raises(NotationError, match=re.escape(needle)) as caught:
        actions.parse_action(text)
    assert code in codes_in(caught.value)
    assert_coded(caught.value)


def test_the_id_space() -> None:
    assert len(SHAPES) == 9153 and NUM_ACTIONS == 17688
    game, state = setup(["R5 R6 R7 K13 B2 B2 F", None, None, None], opened={0: "melds"})
    assert game.num_actions == NUM_ACTIONS
    for text, number in [("draw", 0), ("take", 1), ("retract", 2), ("discard R1", DISCARD_BASE)]:
        assert game.action_id(state, game.parse_action(text)) == number
    assert game.action_id(state, game.parse_action("discard F")) == DISCARD_BASE + 52
    assert game.action_id(state, game.parse_action("pair B2 B2")) == PAIR_BASE + face("B2")
    assert game.action_id(state, game.parse_action("pair B2 K13")) == PAIR_BASE + 52 + face("B2")
    assert game.action_id(state, game.parse_action("pair K13 K13")) == PAIR_BASE + 104
    layoff = game.action_id(state, game.parse_action("layoff 2 K13[B10]"))
    assert layoff == LAYOFF_BASE + LAYOFF_CODES + 53 + face("B10")
    assert game.action_id(state, game.parse_action("swap 1 R8")) == SWAP_BASE + face("R8")
    # shortcuts and whole openings have no id
    for text in ("open R5 R6 R7 | B2 B2", "layoff 1 R8 R9"):
        assert game.action_id(state, game.parse_action(text)) is None
    # a declared tile that is not the okey has no lay-off id
    assert game.action_id(state, game.parse_action("layoff 1 R8[R9]")) is None


def test_meld_ids_follow_the_meld_the_tiles_make() -> None:
    game, state = setup(["B8 B9 K13 R4 Y4", None, None, None], opened={0: "melds"})
    declared = game.action_id(state, game.parse_action("meld B8 B9 K13[B10]"))
    assert declared is not None and MELD_BASE <= declared < PAIR_BASE
    # an okey left undeclared in a run stands above it, as the canonical form says
    assert game.action_id(state, game.parse_action("meld B8 B9 K13")) == declared
    assert game.action_from_id(state, 0, declared) == game.parse_action("meld B8 B9 K13[B10]")
    assert game.action_id(state, game.parse_action("meld B8 B9 R4")) is None
    # the same id under another okey is played with that okey
    other, later = setup(["B8 B9 R6 R4 Y4", None, None, None], opened={0: "melds"}, indicator="R5")
    assert other.action_text(other.action_from_id(later, 0, declared)) == "meld B8 B9 R6[B10]"


def test_every_listed_action_has_its_id_and_applies() -> None:
    game, state = setup(
        ["R5 R6 R7 K13 B2 B2 F R8 Y8 B8"] + [None] * 3,
        opened={0: "melds", 1: "pairs"},
        table=[(1, "R9 K13[R10] R11"), (1, "Y5 B5 K5"), (1, "Y3 Y3")],
    )
    legal = game.legal_actions(state, 0)
    wanted = {
        "layoff 1 R8",
        "layoff 2 R5",
        "layoff 1 K13[R12]",
        "pair B2 B2",
        "meld R5 R6 R7",
        "meld R8 Y8 B8",
    }
    assert wanted <= set(map(game.action_text, legal))
    ids = game.legal_ids(state, 0)
    assert ids == sorted(i for a in legal if (i := game.action_id(state, a)) is not None)
    for action in legal:
        game.apply(state.clone(), 0, action)


def test_a_lay_off_of_several_tiles_is_a_shortcut() -> None:
    game, state = setup(["R8 R9 B1", None, None, None], opened={0: "melds"}, table=[(1, "R5 R6 R7")])
    assert "layoff 1 R8 R9" not in legal_texts(game, state)
    play(game, state, "layoff 1 R8 R9")
    assert len(state.table[0].pieces) == 5 and state.layoffs == 2


def test_actions_built_wrong_are_refused_with_a_reason() -> None:
    game, state = setup(["R5 R6 R7 B2", None, None, None], opened={0: "melds"})
    bad = [
        Okey101Action(Verb.DISCARD),
        Okey101Action(Verb.DISCARD, face=99),
        Okey101Action(Verb.MELD, melds=((("R5", None),),)),  # type: ignore[arg-type]
        Okey101Action(Verb.LAYOFF, target=0, tiles=((1, None),)),
        Okey101Action(Verb.SWAP, target=1, tiles=((1, None), (2, None))),
        Okey101Action(Verb.DRAW, face=3),
        "discard R5",
    ]
    for action in bad:
        with pytest.raises(IllegalActionError) as caught:
            game.apply(state, 0, action)  # type: ignore[arg-type]
        assert caught.value.code == "malformed_action"
        assert game.action_id(state, action) is None  # type: ignore[arg-type]


# ---------------------------------------------------------------- position text and views
def test_position_text_round_trips_mid_turn() -> None:
    game, state = setup(
        ["R10 R11 R12 R13 Y10 Y11 Y12 Y13 Y3 B3 K5 B1", None, None, None],
        phase="draw",
        piles=["", "", "K9", "R3"],
        scores=[101, 0, 0, 0],
        extra={"fines": "2 K9"},
    )
    play(game, state, "take", "meld R3 Y3 B3")
    text = game.position(state)
    assert "; taken R3 : 1;" in text and "; pending 1;" in text and "; fines 2 K9;" in text
    assert state.fines == [Fine(2, FineKind.PLAYABLE, face("K9"), 101)]
    again = game.from_position(text)
    assert game.position(again) == text
    for viewer in [0, 1, None]:
        assert game.observe(again, viewer) == game.observe(state, viewer)
    play(game, again, "retract")
    assert "; taken -;" in game.position(again) and "; retracted 1;" in game.position(again)
    assert game.observe(again, 1)["must_place"] == []


def test_past_rounds_are_read_back_with_their_scores_and_notes() -> None:
    """A finish, a round the stock ended and a void round, written as the facts their scores
    follow from, read back to the same results (the notes worked out again under the rules)."""
    game, state = setup(["R1 R2 R3 K5", None, None, None])
    play(game, state, "meld R1 R2 R3", "discard K5")
    finished = state.results[-1]
    text = game.position(state)
    assert "; results hand 0 : K12 : K5 : melds none none none : - : - / " in text
    assert game.from_position(text).results == [finished]
    for how in ("stock", "void stock", "void pairs 1"):
        parts = text.split("; results ")[1].split(" : ")
        parts[:5] = [how, "K12", "-", "-" if how.startswith("void") else "none none melds none", "-"]
        back = game.from_position(text.split("; results ")[0] + "; results " + " : ".join(parts))
        (result,) = back.results
        assert result.kind == ("void" if how.startswith("void") else "stock") and result.winner is None
        assert game.position(game.from_position(game.position(back))) == game.position(back)


def test_the_melds_a_match_ended_on_stay_pending_and_read_back() -> None:
    """The last round's finisher went out with melds laid this turn toward an opening (CI's fuzz
    test, seed 3866: a finish from the hand ends the match): the match over, its position keeps
    them pending and reads back to the same state."""
    game, state = setup(["R1 R2 R3 K5", None, None, None], rules=Okey101Rules(players=4, rounds=1))
    play(game, state, "meld R1 R2 R3", "discard K5")
    text = game.position(state)
    assert "; phase over;" in text and "; pending 1;" in text
    back = game.from_position(text)
    assert game.position(back) == text
    for viewer in [None, *range(4)]:
        assert game.observe(back, viewer) == game.observe(state, viewer)
    drawing = text.replace("; phase over;", "; phase draw;")
    with pytest.raises(NotationError) as caught:
        game.from_position(drawing)
    assert "okey_101.position_pending" in codes_in(caught.value)


VOID = "void pairs 1 : K12 : - : - : - : - / - / - / -"
"""A past round voided by seat 1's late pairs, as a position's ``results`` write it."""
SCORED = " : K12 : R1 : none none none none : - : - / - / - / -"
"""A past scored round after its ``how`` (``out 1``), as a position's ``results`` write it."""


@pytest.mark.parametrize(
    ("field", "value", "code"),
    [
        ("phase", "dance", "position.word"),
        ("indicator", "F", "meld.false_joker_indicator"),
        ("taken", "R3 : 9", "okey_101.position_taken_place"),
        ("opened", "none none none", "position.per_seat_words"),
        ("pending", "1", "okey_101.position_pending_last"),
        ("freed", "R1", "okey_101.position_freed"),
        ("fines", "0 R3 1", "okey_101.position_fines"),
        ("results", "out x" + SCORED, "position.whole"),
        ("results", "won 1" + SCORED, "okey_101.position_round_end"),
        ("results", VOID.replace("void pairs 1", "void 1"), "okey_101.position_void"),
        ("results", VOID.replace(": K12 : - :", ": K12 : R1 :"), "okey_101.position_void_extras"),
        ("results", "stock" + SCORED, "okey_101.position_stock_discard"),
        ("results", "out 1" + SCORED.replace("R1", "-"), "okey_101.position_finished"),
    ],
)
def test_bad_position_text_is_refused_with_its_code(field: str, value: str, code: str) -> None:
    game, state = setup(["R1 R5 B9", None, None, None])
    fields = fields_of(game.position(state), "okey_101")
    fields[field] = value
    with pytest.raises(NotationError) as caught:
        game.from_position(position_text("okey_101", fields.items()))
    assert code in codes_in(caught.value), codes_in(caught.value)
    assert_coded(caught.value)


def test_the_view_hides_other_hands_and_the_stock() -> None:
    game = Okey101Game(Okey101Rules())
    state = game.new_state(4)
    seat = state.turn
    view = game.observe(state, seat)
    assert view["hand"] == [game.pieces.face(p) for p in state.hands[seat]]
    assert game.observe(state, None)["hand"] == []
    assert view["hand_counts"] == [len(h) for h in state.hands] and view["stock_count"] == 20
    # nothing else in the view depends on the other hands or on the order of the stock
    twin = state.clone()
    pool = [p for s in range(4) if s != seat for p in twin.hands[s]] + twin.stock
    random.Random(1).shuffle(pool)
    for s in range(4):
        if s != seat:
            twin.hands[s] = [pool.pop() for _ in state.hands[s]]
    twin.stock = pool
    assert game.observe(twin, seat) == view


def test_determinise_with_only_the_piles_tops_shown() -> None:
    rules = Okey101Rules(players=3, discard_history=DiscardHistory.TOP_ONLY, rounds=2)
    game = Okey101Game(rules)
    state = game.new_state(8)
    rng = random.Random(3)
    steps = 0
    while (seat := game.current_seat(state)) is not None and steps < 400:
        view = game.observe(state, seat)
        world = game.determinise(view, rng)
        assert game.observe(world, seat) == view
        assert game.legal_actions(world, seat) == game.legal_actions(state, seat)
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        steps += 1
    assert steps == 400 or game.is_terminal(state)


@pytest.mark.parametrize("laid", ["R5 Y5 K13[K5]", "R5 K13[B5] Y5", "R8 K13[R9] R10 R11", "K13[B7] B7"])
def test_determinise_keeps_every_okey_as_declared(laid: str) -> None:
    """A table meld's okeys stand for what they were declared as, a set's for a colour other than
    the first one missing too: every seat's world shows the same table, and a malformed view is
    refused with a reason."""
    opened = {0: "pairs" if len(laid.split()) == 2 else "melds", 1: "melds"}
    game, state = setup(["R1 R2 B9", None, None, None], opened=opened, table=[(0, laid), (1, "Y1 Y2 Y3")])
    for seat in range(4):
        view = game.observe(state, seat)
        world = game.determinise(view, random.Random(seat))
        assert game.observe(world, seat) == view
        assert game.legal_actions(world, seat) == game.legal_actions(state, seat)
    view = game.observe(state, 0)
    view["table"][0] = {**view["table"][0], "stands_for": view["table"][0]["faces"]}  # K13 as K13
    with pytest.raises(NotationError, match="not a meld as shown"):
        game.determinise(view, random.Random(0))


def test_every_code_the_package_raises_has_its_english_text() -> None:
    codes = set()
    for path in PACKAGE.glob("*.py"):
        if path.name != "messages.py":
            codes |= set(re.findall(r'"(okey_101\.[a-z_]+)"', path.read_text("utf-8")))
    assert codes and codes <= set(CATALOG)
