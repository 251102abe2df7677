"""Carousel's help for a seat in the server: each draft meld checked with a code and parameters,
why a commit or a knock is refused, the hand's value, and the table solver's hint."""

from __future__ import annotations

import pytest

from rummykit.core.notation import parse_declared
from rummykit.core.pieces import Kind
from rummykit.messages import render
from rummykit.session.messages import SessionError
from rummykit.variants.carousel.actions import card_text
from rummykit.variants.carousel.assist import carousel_draft, carousel_hint_answer
from rummykit.variants.carousel.manipulation import meld_problem
from test_carousel_rules import play, rig


@pytest.mark.parametrize(
    ("meld", "code", "params"),
    [
        ("4H 5H 6H", None, None),
        ("7S 7D JK[7C]", None, None),
        ("4H 5H", "carousel.meld_short", {"count": 2}),
        ("4H 5S 6H", "carousel.meld_mixed", {}),
        ("7S 7D JK[7S]", "carousel.set_suits", {"cards": ["7S", "JK[7S]"]}),
        ("4H 5H 5H 6H", "carousel.run_twice", {"cards": ["5H", "5H"]}),
        ("4H 5H 7H", "carousel.run_gap", {}),
        ("KH AH 2H", "carousel.run_gap", {}),
    ],
)
def test_meld_problem_says_why_with_a_code(meld: str, code: str | None, params: dict[str, object]) -> None:
    problem = meld_problem(parse_declared(Kind.CARDS, meld))
    assert problem == (None if code is None else (code, params))
    if problem is not None:
        assert "{" not in render(*problem)


def test_draft_entry_checks_each_meld_and_says_why_commit_and_knock_are_refused() -> None:
    game, state = rig(["4S 7H 9C KD", "2C"], table=["4H 5H 6H"], drawn=1)
    entry = carousel_draft(game, state, 0)
    assert entry == {
        "melds": [None],
        "points": 4 + 7 + 9 + 10,
        "commit": None,
        "knock": {"code": "carousel.knock_at_turn_end", "params": {}},
    }
    play(game, state, "new 4S")
    entry = carousel_draft(game, state, 0)
    assert entry["melds"] == [None, {"code": "carousel.meld_short", "params": {"count": 1}}]
    # the hand's points without the card placed in the draft (issue 28, defect 8)
    assert entry["points"] == 7 + 9 + 10
    why = {"code": "carousel.meld_short", "params": {"count": 1}}
    assert entry["commit"] == {"code": "carousel.invalid_meld", "params": {"number": 2, "why": why}}
    assert entry["commit"] == game.refusal(state, 0, game.parse_action("commit")).to_json()  # type: ignore[union-attr]
    said = render(entry["commit"]["code"], entry["commit"]["params"])
    assert "meld 2 is not a valid meld: a meld holds at least 3 cards, this one 1" in said
    seen = carousel_draft(game, state, None)
    assert seen["melds"] == entry["melds"]
    assert seen["points"] is None and seen["commit"] is None and seen["knock"] is None
    play(game, state, "undo")
    play(game, state, "add 1 4S")
    entry = carousel_draft(game, state, 0)
    assert entry["melds"] == [{"code": "carousel.meld_mixed", "params": {}}]


def test_hint_is_the_solvers_table_as_a_legal_meld() -> None:
    game, state = rig(["4H 7S 7D 7C KD", "2C"], table=["5H 6H 7H"], drawn=1)
    hint = carousel_hint_answer(game, state, 0)
    assert hint["move"] == "carousel" and hint["step"] is None
    assert sorted(hint["played"]) == sorted(["4H", "7S", "7D", "7C"])
    assert hint["points_left"] == 10
    assert hint["action"] is not None
    play(game, state, hint["action"])
    assert 0 in state.melded and len(state.hands[0]) == 1
    with pytest.raises(SessionError, match="hint is given on your turn"):
        carousel_hint_answer(game, state, 0)


def test_hints_draft_makes_its_table_the_draft_to_change_and_commit() -> None:
    game, state = rig(["4H 7S 7D 7C KD", "2C"], table=["5H 6H 7H"], drawn=1)
    play(game, state, "new KD")
    hint = carousel_hint_answer(game, state, 0)
    assert hint["draft"] == "draft " + " | ".join(hint["table"])
    shortcut = state.clone()
    play(game, shortcut, hint["action"])
    play(game, state, hint["draft"])
    draft = game.draft(state)
    assert [" ".join(card_text(c) for c in m) for m in draft.melds] == hint["table"]
    assert carousel_draft(game, state, 0)["commit"] is None
    play(game, state, "undo")
    assert [" ".join(card_text(c) for c in m) for m in game.draft(state).melds] == ["5H 6H 7H", "KD"]
    play(game, state, hint["draft"])
    play(game, state, "commit")
    assert game.table_cards(state) == game.table_cards(shortcut) and state.hands == shortcut.hands


def test_hint_says_to_draw_first_before_the_draw() -> None:
    """Issue 28: before the turn's draw the hint says to draw, and shows no table."""
    game, state = rig(["4H 7S 7D 7C KD", "2C"], table=["5H 6H 7H"])
    hint = carousel_hint_answer(game, state, 0)
    assert hint["step"] == "draw"
    assert hint["table"] == [] and hint["played"] == [] and hint["action"] is None and hint["draft"] is None


@pytest.mark.parametrize(
    ("hands", "drawn", "step"),
    [
        # nothing plays, a draw is left: draw again
        (["4S 9C KD", "2C 3D 4C 8S"], 1, "draw"),
        # nothing plays and no draw is left: end the turn
        (["4S 9C KD", "2C 3D 4C 8S"], 3, "end"),
        # the turn over, 4 points in hand, fewer than the opponent has cards: knock
        (["2S 2C", "2D 3D 4C 8S 9S"], 3, "knock"),
    ],
)
def test_hint_says_to_draw_end_or_knock_when_nothing_better_plays(
    hands: list[str], drawn: int, step: str
) -> None:
    """Issue 28: when nothing from the hand plays (or knocking is best), the hint says what to do
    instead of listing the table as it is."""
    game, state = rig(hands, table=["5H 6H 7H"], drawn=drawn, melded={0})
    hint = carousel_hint_answer(game, state, 0)
    assert hint["step"] == step, hint
    assert hint["table"] == [] and hint["action"] is None and hint["draft"] is None
    assert hint["points_left"] == game.points(state, 0)
