"""The Carousel engine on the v2 interface: copies, JSON and position text, what each seat sees,
the integer action space, the draft's atomic edits and commit, automatic turn ends, bad input."""

from __future__ import annotations

import json
import random

import pytest

from rummykit.core.notation import format_faces
from rummykit.core.pieces import JOKER, N_FACES, Kind
from rummykit.engine.events import events_for
from rummykit.errors import IllegalActionError, NotationError, NotYourTurnError
from rummykit.messages import render
from rummykit.variants.carousel.actions import (
    ADD_BASE,
    MOVE_BASE,
    NEW_BASE,
    NUM_ACTIONS,
    PULL_BASE,
    REPLACE_BASE,
    SPLIT_BASE,
    TARGETS,
    TOKENS,
    CarouselAction,
    CVerb,
    action_id,
    action_of_id,
    card_text,
    token_of,
)
from rummykit.variants.carousel.bots import CarouselGreedyBot
from rummykit.variants.carousel.game import CarouselGame
from rummykit.variants.carousel.rules import CarouselRules
from rummykit.variants.carousel.state import CarouselState
from test_carousel_rules import play, refused, rig

HUGE = "9" * 5000


def table_texts(game: CarouselGame, state: CarouselState) -> list[str]:
    return [
        " ".join(f"{f}:{s}" for f, s in zip(m.meld.faces, m.meld.stands_for, strict=True))
        for m in state.table
    ]


def started() -> tuple[CarouselGame, CarouselState]:
    """A mid-turn position with a declared joker on the table and a draft open."""
    game, state = rig(["5H 2C KD 8S 9S TS", "2D 3C"], table=["4H JK[5H] 6H", "9H 9D 9C"])
    play(game, state, "draw")
    play(game, state, "replace 1 5H")
    play(game, state, "new 8S")
    return game, state


# ---------------------------------------------------------------- copies and text
def test_clone_is_equal_and_independent() -> None:
    game, state = started()
    clone = state.clone()
    assert clone == state and clone is not state
    play(game, clone, "add 3 9S")
    assert clone != state and state.draft is not None and len(state.draft.melds) == 3
    assert len(state.draft_history) == 2 and len(clone.draft_history) == 3


def test_json_and_position_round_trips_with_a_draft_open() -> None:
    game, state = started()
    assert CarouselState.from_json(json.loads(json.dumps(state.to_json()))) == state
    text = game.position(state)
    assert "\n" not in text and "draft" in text and "history" in text and "JK[5H]" in text
    again = game.from_position(text)
    assert game.position(again) == text
    assert game.observe(again, 0) == game.observe(state, 0)
    play(game, again, "undo")
    play(game, again, "undo")
    assert again.draft is None and "draft -; history -" in game.position(again)


def test_position_of_a_new_match_replays_the_same_deals() -> None:
    game = CarouselGame(CarouselRules(players=3, target=40))
    state = game.new_state(11)
    again = game.from_position(game.position(state))
    for s in (state, again):
        while not game.is_terminal(s) and s.round_no < 3:
            seat = game.current_seat(s)
            assert seat is not None
            legal = game.legal_actions(s, seat)
            game.apply(
                s, seat, CarouselAction(CVerb.DRAW) if CarouselAction(CVerb.DRAW) in legal else legal[0]
            )
    assert game.position(again) == game.position(state)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "kalooki; seed 1",
        "carousel; seed 1",
        "carousel; seed x; round 1; dealer 0; phase turn; turn 0; draws 0; melded_turn 0; melded -; "
        "last off; scores 0 0; won 0 0; hands - / -; stock -; table -; draft -; history -; edits 0; "
        "results -; before_bonuses -",
        "carousel; seed " + HUGE,
    ],
)
def test_bad_position_text_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        CarouselGame(CarouselRules(players=2)).from_position(text)


def test_position_with_a_card_missing_or_doubled_is_refused() -> None:
    game, state = rig(["7H 7D 7C", "2C"])
    text = game.position(state)
    with pytest.raises(NotationError, match="missing"):
        game.from_position(text.replace("7H 7D 7C", "7H 7D", 1))
    with pytest.raises(NotationError, match="copies"):
        game.from_position(text.replace("7H 7D 7C", "7H 7H 7H 7D 7C", 1))


# ---------------------------------------------------------------- what a seat sees
def test_observe_hides_other_hands_and_the_stock() -> None:
    game, state = rig(["7H 7D 7C 2S", "2C 3C KD", "4H"], players=3)
    view = game.observe(state, 1)
    assert json.loads(json.dumps(view)) == view
    assert sorted(view["hand"]) == sorted(game.faces(state.hands[1]))
    assert view["hand_counts"] == [len(h) for h in state.hands] and view["stock_count"] == len(state.stock)
    assert game.observe(state, None)["hand"] == []
    shuffled = state.clone()
    pool = state.hands[0] + state.hands[2] + state.stock
    random.Random(3).shuffle(pool)
    first, second = len(state.hands[0]), len(state.hands[0]) + len(state.hands[2])
    shuffled.hands[0], shuffled.hands[2], shuffled.stock = pool[:first], pool[first:second], pool[second:]
    assert game.observe(shuffled, 1) == view
    assert game.observe(shuffled, None) == game.observe(state, None)


def test_the_drawn_card_is_private() -> None:
    game, state = rig(["7H 7D 2S", "2C 3C"], draws="KS")
    events = play(game, state, "draw")
    mine = events_for(events, 0)[0]
    assert mine["code"] == "carousel.drew" and mine["params"]["card"] == "KS"
    for viewer in (1, None):
        assert "card" not in events_for(events, viewer)[0]["params"]
    assert events[0].text(1) == "seat 1 draws a card"


def test_resample_keeps_the_seat_view_and_the_draft_cards_in_the_movers_hand() -> None:
    game, state = started()
    for seat in (0, 1):
        other = game.resample(state, seat, random.Random(seat))
        assert game.observe(other, seat) == game.observe(state, seat)
        assert game.piece_places(other) == game.piece_places(state)
        assert [len(h) for h in other.hands] == [len(h) for h in state.hands]
    other = game.resample(state, 1, random.Random(9))
    assert {"5H", "8S"} <= set(format_faces(Kind.CARDS, game.faces(other.hands[0])).split())


def test_returns_are_zero_until_the_end_then_zero_sum() -> None:
    game, state = rig(
        ["7H 7D 7C", "KC KD KS QH QD", "KH JD JS QS TD"], players=3, drawn=1, scores=[140, 0, 0]
    )
    assert game.returns(state) == [0.0, 0.0, 0.0]
    play(game, state, "meld 7H 7D 7C")
    assert game.returns(state) == [1.0, -0.5, -0.5]


# ---------------------------------------------------------------- seats and bad input
def test_wrong_seat_moves_change_nothing() -> None:
    game, state = rig(["7H 7D 7C 2S", "2C 3C"])
    before = state.to_json()
    with pytest.raises(NotYourTurnError, match="seat 1's turn"):
        game.apply_text(state, 1, "draw")
    with pytest.raises(NotYourTurnError):
        game.apply_text(state, 7, "draw")
    assert game.legal_actions(state, 1) == [] and state.to_json() == before


@pytest.mark.parametrize(
    "text",
    [
        f"add {HUGE} 7H",
        f"split {HUGE} 7H",
        f"move 1 7H {HUGE}",
        f"move {HUGE} 7H new",
        f"replace {HUGE} 5H",
        f"replace 1 5H from {HUGE}",
        "add 41 7H",
        "add 0 7H",
        "add x 7H",
        "add 1 JK",
        "new 7H[5H]",
        "replace 1 JK",
        "move 1 7H",
        "pull 1 7H",
        "pull 1 7H here",
        "draft",
        "draft 4H 5H |",
        "commit now",
    ],
)
def test_bad_action_text_is_a_notation_error(text: str) -> None:
    game = CarouselGame(CarouselRules())
    with pytest.raises(NotationError):
        game.parse_action(text)


@pytest.mark.parametrize(
    "action",
    [
        CarouselAction(CVerb.ADD, number=0, card=(5, None)),
        CarouselAction(CVerb.ADD, number=1, card=(52, None)),
        CarouselAction(CVerb.MOVE, number=1, card=(5, 7)),
        CarouselAction(CVerb.MELD),
        CarouselAction(CVerb.DRAFT),
        CarouselAction(CVerb.DRAFT, table=(((5, 7),),)),
        CarouselAction(CVerb.PULL, number=1, card=(5, None), table=(((5, None),),)),
        CarouselAction(CVerb.DRAW, number=3),
        CarouselAction(CVerb.REPLACE, number=1, card=(52, 5)),
    ],
)
def test_malformed_action_objects_are_refused(action: CarouselAction) -> None:
    game, state = rig(["7H 7D 7C 2S", "2C 3C"], drawn=1)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="not a well-formed") as caught:
        game.apply(state, 0, action)
    assert caught.value.code == "malformed_action"
    assert state.to_json() == before and game.action_id(state, action) is None


# ---------------------------------------------------------------- the id space
def test_every_id_round_trips_through_its_action_and_text() -> None:
    game = CarouselGame(CarouselRules())
    assert game.num_actions == NUM_ACTIONS == 434_830
    for i in range(NUM_ACTIONS):
        action = action_of_id(i)
        assert action_id(action) == i
        assert game.parse_action(action.text()) == action
    with pytest.raises(NotationError):
        game.action_from_id(CarouselState.from_json(rig(["2C"], players=2)[1].to_json()), 0, NUM_ACTIONS)


@pytest.mark.parametrize("drawn", [0, 1])
def test_mask_matches_the_legal_list_and_every_legal_id_applies(drawn: int) -> None:
    game, state = started() if drawn else rig(["7H 7D 7C 2S", "2C 3C"])
    legal = game.legal_actions(state, 0)
    ids = [i for a in legal if (i := game.action_id(state, a)) is not None]
    assert len(ids) == len(legal) and ids == sorted(ids)
    mask = game.legal_mask(state, 0)
    assert [i for i, ok in enumerate(mask) if ok] == ids
    for i in ids:
        game.apply_id(state.clone(), 0, i)


def test_edits_wait_for_a_draw_and_a_possible_meld() -> None:
    game, state = rig(["7H 7D 7C 2S", "2C 3C"])
    assert [a.verb for a in game.legal_actions(state, 0)] == [CVerb.DRAW]
    assert str(refused(game, state, "new 7H")) == "draw first"
    game, state = rig(["7H 9D JC 2S", "2C 3C"], draws="KS")
    play(game, state, "draw")
    assert [a.text() for a in game.legal_actions(state, 0)] == ["draw"]
    assert "no meld is possible" in str(refused(game, state, "new 7H"))


# ---------------------------------------------------------------- the draft
def test_an_invalid_draft_is_not_committed_and_says_why() -> None:
    game, state = rig(["7H 7D 7C 2S", "2C 3C"], drawn=1)
    play(game, state, "new 7H")
    play(game, state, "add 1 7D")
    assert CarouselAction(CVerb.COMMIT) not in game.legal_actions(state, 0)
    error = refused(game, state, "commit")
    why = {"code": "carousel.meld_short", "params": {"count": 2}}
    assert error.to_json() == {"code": "carousel.invalid_meld", "params": {"number": 1, "why": why}}
    assert str(error) == "meld 1 is not a valid meld: a meld holds at least 3 cards, this one 2"
    assert "draw" not in [a.text() for a in game.legal_actions(state, 0)]
    assert str(refused(game, state, "draw")).startswith("finish the draft first")
    play(game, state, "add 1 7C")
    assert CarouselAction(CVerb.COMMIT) in game.legal_actions(state, 0)
    events = play(game, state, "commit")
    assert events[0].code == "carousel.melded" and sorted(events[0].params["played"]) == ["7C", "7D", "7H"]
    assert state.melded_turn and len(state.hands[0]) == 1 and state.draft is None  # 2S: it may knock


def test_a_joker_replaced_and_placed_again_by_atomic_edits() -> None:
    game, state = rig(["5H 2C KD", "2D 3C"], table=["4H JK[5H] 6H", "9S 9D 9C"], drawn=1)
    events = play(game, state, "replace 1 5H")
    assert events[0].text() == "seat 1 replaces the joker declared 5H in meld 1 by a real 5H"
    assert state.draft is not None and state.draft.floating == 1
    assert refused(game, state, "commit").code == "carousel.joker_left_table"
    play(game, state, "add 1 JK[7H]")
    assert state.draft is not None and state.draft.floating == 0
    events = play(game, state, "commit")
    assert (
        events[0].params["freed"] == ["JK[5H]"] and events[0].params["text"] == "4H 5H 6H JK[7H] | 9S 9D 9C"
    )
    assert len(state.hands[0]) == 2


def test_a_turn_built_from_ids_equals_the_whole_table_shortcut() -> None:
    game, start = rig(["8S 9S TS 2C", "2D 3C"], table=["4H JK[5H] 6H", "5H 5S 5D 5C"], drawn=1)
    shortcut = start.clone()
    play(game, shortcut, "meld 4H 5H 6H JK[7H] | 5S 5D 5C | 8S 9S TS")
    built = start.clone()
    for text in ("replace 1 5H from 2", "add 1 JK[7H]", "new 8S", "add 3 9S", "add 3 TS", "commit"):
        action = game.parse_action(text)
        i = game.action_id(built, action)
        assert i is not None and i in game.legal_ids(built, 0)
        game.apply_id(built, 0, i)
    assert built == shortcut and game.position(built) == game.position(shortcut)


def test_split_move_undo_and_reset() -> None:
    game, state = rig(["7S 2C KD", "2D 3C", "4D"], table=["4S 5S 6S 7S 8S 9S"], drawn=1)
    refused(game, state, "split 1 4S")  # nothing to split off
    play(game, state, "split 1 7S")
    assert state.draft is not None and state.draft.melds[1][0] == (game.parse_action("new 7S").card)
    play(game, state, "move 2 9S new")
    play(game, state, "move 3 9S 2")
    assert str(refused(game, state, "move 1 4S 1")) == "the cards are in that meld already"
    assert str(refused(game, state, "add 3 7S")) == "there is no meld 3: the draft has melds 1..2"
    play(game, state, "reset")
    assert not game.draft_changed(state) and state.draft_history
    play(game, state, "undo")
    assert game.draft_changed(state)
    assert str(refused(game, state, "new 7D")) == "you don't hold 7D"
    play(game, state, "new 7S")
    assert str(refused(game, state, "add 3 7S")) == "you don't hold 7S (it is in the draft already)"


def melds_of(game: CarouselGame, state: CarouselState) -> list[str]:
    draft = game.draft(state)
    return [" ".join(card_text(c) for c in m) for m in draft.melds]


def test_pull_takes_a_card_out_of_a_runs_middle_and_the_run_splits() -> None:
    game, state = rig(["TS 2C KD", "2D 3C"], table=["4S 5S 6S 7S 8S 9S", "7H 7D 7C"], drawn=1)
    legal = {a.text() for a in game.legal_actions(state, 0)}
    pulls = {t for t in legal if t.startswith("pull ")}
    middle = ["5S", "6S", "7S", "8S"]
    assert pulls == {f"pull 1 {c} {to}" for c in middle for to in ("2", "new")}
    events = play(game, state, "pull 1 7S new")
    assert events[0].text() == "seat 1 takes 7S out of run 1 to meld 4: the run splits around it"
    assert melds_of(game, state) == ["4S 5S 6S", "7H 7D 7C", "8S 9S", "7S"]
    play(game, state, "undo")
    play(game, state, "pull 1 7S 2")
    assert melds_of(game, state) == ["4S 5S 6S", "7S 7H 7D 7C", "8S 9S"]
    assert str(refused(game, state, "pull 1 4S new")) == "4S ends meld 1: move it instead"
    assert str(refused(game, state, "pull 2 7D new")) == "meld 2 is not a run: move the card instead"
    assert str(refused(game, state, "pull 1 5S 1")) == "the cards are in that meld already"
    assert refused(game, state, "pull 1 5S 4").code == "carousel.no_such_meld"
    play(game, state, "add 3 TS")
    events = play(game, state, "commit")
    assert events[0].params["text"] == "4S 5S 6S | 7S 7H 7D 7C | 8S 9S TS"


def test_draft_lays_out_a_whole_table_as_one_edit() -> None:
    game, state = rig(["5H 8S 9S TS 2C", "2D 3C"], table=["4H JK[5H] 6H", "9H 9D 9C"], drawn=1)
    play(game, state, "new 2C")
    events = play(game, state, "draft 8S 9S TS | 9H 9D 9C | 4H 5H 6H JK[7H]")
    assert events[0].text() == "seat 1 lays out a whole new draft"
    assert melds_of(game, state) == ["8S 9S TS", "9H 9D 9C", "4H 5H 6H JK[7H]"]
    draft = game.draft(state)
    assert sorted(card_text((f, None)) for f in draft.used) == ["5H", "8S", "9S", "TS"]
    assert draft.floating == 0
    assert "commit" in {a.text() for a in game.legal_actions(state, 0)}
    play(game, state, "undo")
    assert melds_of(game, state) == ["4H JK[5H] 6H", "9H 9D 9C", "2C"]
    play(game, state, "draft 4H 5H 6H | 9H 9D 9C")
    assert game.draft(state).floating == 1
    assert refused(game, state, "commit").code == "carousel.joker_left_table"
    play(game, state, "add 1 JK[7H]")
    events = play(game, state, "commit")
    assert events[0].params["text"] == "4H 5H 6H JK[7H] | 9H 9D 9C"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("draft 4H JK[5H] 6H | 9H 9D 9C", "7H left the table: cards never go back to a hand"),
        ("draft 4H JK[5H] 6H 7H | 9H 9D 9C 9S", "you don't hold 9S"),
        ("draft 4H JK[5H] 6H 7H | 9H 9D 9C JK[9S]", "you have no joker to play"),
        ("draft " + " | ".join(["2C"] * 41), "a draft holds at most 40 melds"),
    ],
)
def test_a_draft_that_cant_be_laid_out_is_refused(text: str, said: str) -> None:
    game, state = rig(["5H 2C", "2D 3C"], table=["4H JK[5H] 6H 7H", "9H 9D 9C"], drawn=1)
    assert str(refused(game, state, text)) == said


def test_edits_run_out_then_reset_leads_on() -> None:
    game, state = rig(["7H 7D 7C 2S", "2C 3C"], drawn=1)
    budget = game.edit_budget(state)
    assert budget == 0 + 4 + 4  # nothing on the table, four cards in hand (three can be played)
    for i in range(budget - 2):
        play(game, state, "new 7H" if i % 2 == 0 else "undo")
    play(game, state, "new 7H")
    play(game, state, "add 1 7D")
    assert [a.text() for a in game.legal_actions(state, 0)] == ["reset"]
    assert "at most 8 edits" in str(refused(game, state, "new 7D"))
    play(game, state, "reset")
    assert [a.text() for a in game.legal_actions(state, 0)] == ["draw"]


def test_must_meld_if_able_lets_the_edits_run_out() -> None:
    game, state = rig(["7H 7D 7C 9C", "2C 3C KD"], drawn=1, must_meld_if_able=True)
    assert "draw" not in [a.text() for a in game.legal_actions(state, 0)]
    for i in range(game.edit_budget(state) - 1):
        play(game, state, "new 9C" if i % 2 == 0 else "undo")
    play(game, state, "add 1 7H")
    assert game.draft_changed(state)
    assert [a.text() for a in game.legal_actions(state, 0)] == ["reset"]
    play(game, state, "reset")
    assert "draw" in [a.text() for a in game.legal_actions(state, 0)]


def test_a_bots_turn_ended_by_the_engine_is_announced() -> None:
    game, state = rig(["7H 7D 2S 9D", "2C 3C"])
    play(game, state, "draw")
    play(game, state, "draw")
    events = play(game, state, "draw")
    ended = [e for e in events if e.code == "carousel.turn_ended_auto"]
    assert [e.seat for e in ended] == [0] and ended[0].text() == "seat 1 can do nothing more: the turn passes"


def test_every_code_renders_without_gaps() -> None:
    from rummykit.variants.carousel import messages

    for code in [*messages.ERRORS, *messages.EVENTS, *messages.NOTES]:
        assert render(code, {}) != code


def accepted_ids(game: CarouselGame, state: CarouselState, seat: int, candidates: list[int]) -> list[int]:
    """The ids among ``candidates`` that the engine accepts now (asked one by one)."""
    return [i for i in candidates if game.refusal(state, seat, game.action_from_id(state, seat, i)) is None]


def family_ids(game: CarouselGame, state: CarouselState, rng: random.Random) -> list[int]:
    """Edit ids to ask about: every ``new`` and ``add``; every ``replace`` of each meld holding a
    joker, from the hand and from every source; for one meld picked at random, ``split``, ``move``
    and ``pull`` of each of its cards (and of one card token at random) to every target."""
    melds = game.draft(state).melds
    ids = list(range(NEW_BASE, ADD_BASE + len(melds) * TOKENS))
    for n, meld in enumerate(melds):
        if any(f == JOKER for f, _ in meld):
            ids += range(REPLACE_BASE + n * N_FACES * TARGETS, REPLACE_BASE + (n + 1) * N_FACES * TARGETS)
    if not melds:
        return ids
    i = rng.randrange(len(melds))
    tokens = {token_of(card) for card in melds[i]} | {rng.randrange(TOKENS)}
    for token in sorted(tokens):
        ids.append(SPLIT_BASE + i * TOKENS + token)
        for base in (MOVE_BASE, PULL_BASE):
            start = base + (i * TOKENS + token) * TARGETS
            ids += range(start, start + TARGETS)
    return sorted(ids)


@pytest.mark.parametrize("seed", [3, 8])
def test_the_listed_edits_are_exactly_the_edits_accepted(seed: int) -> None:
    """Completeness and soundness of ``legal_ids`` for the edits, family by family, on drafts
    reached by random legal edits from the positions of a greedy match (with jokers on the table)."""
    game = CarouselGame(CarouselRules(players=2, target=30))
    state = game.new_state(seed)
    bots = [CarouselGreedyBot(game, s) for s in range(2)]
    rng = random.Random(seed)
    probes = jokers = 0
    while (seat := game.current_seat(state)) is not None and probes < 10:
        if any(i >= NEW_BASE for i in game.legal_ids(state, seat)):
            probe = state.clone()
            for _ in range(3):
                listed = game.legal_ids(probe, seat)
                asked = family_ids(game, probe, rng)
                wanted = set(asked)
                assert accepted_ids(game, probe, seat, asked) == [i for i in listed if i in wanted]
                jokers += any(f == JOKER for m in game.draft(probe).melds for f, _ in m)
                edits = [i for i in listed if i >= NEW_BASE]
                if not edits:
                    break
                game.apply_id(probe, seat, rng.choice(edits))
            probes += 1
        game.apply(state, seat, bots[seat].choose(game.observe(state, seat), game.legal_actions(state, seat)))
    assert probes == 10 and jokers > 0


@pytest.mark.parametrize("from_table", [True, False])
@pytest.mark.parametrize(
    ("hand", "table"),
    [
        ("2C KD 6S", ["4H JK[5H] 6H", "5H 5D 5C", "7S 8S 9S TS"]),
        ("9C 3D 7C", ["JK[7H] 8H 9H", "7S 7H 7D JK[7C]", "2D 3D 4D 5D"]),
    ],
)
def test_the_listed_edits_are_exactly_the_edits_accepted_with_jokers_to_free(
    hand: str, table: list[str], from_table: bool
) -> None:
    game, state = rig([hand, "2D 3C", "4C"], table=table, drawn=1, joker_replace_from_table=from_table)
    rng = random.Random(hand)
    for _ in range(4):
        listed = game.legal_ids(state, 0)
        asked = family_ids(game, state, rng)
        wanted = set(asked)
        assert accepted_ids(game, state, 0, asked) == [i for i in listed if i in wanted]
        game.apply_id(state, 0, rng.choice([i for i in listed if i >= NEW_BASE]))
