"""The seat session (rummykit.session): rack order in slots, the event log, what-can-I-do-now, hints
and Carousel's draft planner, fed only with a seat's observation, events and legal actions."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from play_helpers import load_game
from rummykit.core.melds import Meld, Wilds, build_run
from rummykit.core.notation import format_face, parse_declared, parse_faces
from rummykit.core.pieces import JOKER, Kind
from rummykit.errors import IllegalActionError
from rummykit.session import EventLog, Rack, SeatSession, SessionError, groups
from rummykit.session.assist import arrangement_view
from rummykit.solvers.arrange import Arrangement, WinKind
from rummykit.solvers.report import best_arrangement
from rummykit.variants.carousel.actions import CarouselAction, CVerb
from rummykit.variants.carousel.planner import DraftPlanner, cards_of, meld_cards, table_of
from rummykit.variants.carousel.rules import CAROUSEL_VALUES
from rummykit.variants.closed_hand.assist import Move, closed_hand_hint
from rummykit.variants.okey.rules import OkeyRules


def tiles(text: str) -> list[int]:
    return parse_faces(Kind.TILES, text)


def names(faces: list[int]) -> str:
    return " ".join(format_face(Kind.TILES, f) for f in faces)


# ---------------------------------------------------------------------- the rack
def test_a_new_round_starts_sorted_then_pieces_leave_from_the_right_and_arrive_at_the_right() -> None:
    rack = Rack(Kind.TILES)
    assert rack.sync(tiles("K1 R5 R3 Y2 R5"), 1) == []
    assert names(rack.order) == "R3 R5 R5 Y2 K1"
    rack.move(4, 0)
    assert names(rack.order) == "K1 R3 R5 R5 Y2"
    assert rack.sync(tiles("K1 R3 R5 Y2 B9"), 1) == tiles("B9")
    assert names(rack.order) == "K1 R3 R5 Y2 B9"  # the rightmost R5 left; B9 arrived at the right
    rack.sync(tiles("B1 B2"), 2)
    assert names(rack.order) == "B1 B2"


def test_slots_keep_gaps_and_new_pieces_land_in_a_free_slot() -> None:
    rack = Rack(Kind.TILES, capacity=6)
    rack.sync(tiles("R1 R2 R3"), 1)
    assert rack.slots[3:] == [None, None, None]
    rack.move(0, 5)
    assert [names([f]) if f is not None else "." for f in rack.slots] == [".", "R2", "R3", ".", ".", "R1"]
    rack.sync(tiles("R1 R2 R3 Y7"), 1)  # no free slot right of the last piece: the first gap
    assert rack.slots[0] == tiles("Y7")[0]
    rack.move(5, 2)  # onto a piece: it shifts right into the next gap
    assert names(rack.order) == "Y7 R2 R1 R3" and rack.slots[4] is None
    with pytest.raises(SessionError, match=r"there is no position 7: the rack has 1\.\.6"):
        rack.move(0, 6)
    with pytest.raises(SessionError, match="position 5 is empty"):
        rack.move(4, 0)
    with pytest.raises(IllegalActionError, match="you don't hold K9"):
        rack.slot_of(tiles("K9")[0])


def test_a_move_onto_a_piece_makes_room_within_its_row_or_swaps() -> None:
    """Rows of 4 slots (the browser's rack has 2 of 14): a piece moved onto an occupied slot makes
    room within that row, and a full row swaps the two pieces; nothing spills into the other row
    (issue 28, defect 2)."""

    def shown(rack: Rack) -> str:
        return " ".join(names([f]) if f is not None else "." for f in rack.slots)

    rack = Rack(Kind.TILES, capacity=8)
    rack.slots = [*tiles("R1 R2 R3 R4"), None, *tiles("B1 B2 B3")]
    rack.move(5, 1, width=4)  # the top row is full: B1 and R2 change places
    assert shown(rack) == "R1 B1 R3 R4 . R2 B2 B3"
    rack.move(0, 5, width=4)  # onto R2 in the bottom row: R2 shifts left into its row's gap
    assert shown(rack) == ". B1 R3 R4 R2 R1 B2 B3"
    rack.move(7, 2, width=4)  # onto R3, no gap right of it in its row: B1 and R3 shift left
    assert shown(rack) == "B1 R3 B3 R4 R2 R1 B2 ."
    rack.move(1, 3, width=4)  # within its own row: the piece's old slot is the gap
    assert shown(rack) == "B1 B3 R4 R3 R2 R1 B2 ."


def test_sorting_puts_the_solvers_melds_side_by_side() -> None:
    profile = OkeyRules().hand_profile()
    wilds = Wilds()
    rack = Rack(Kind.TILES)
    rack.sync(tiles("K13 R1 Y5 R2 B5 R3 K5 Y9"), 1)
    rack.sort("runs", profile, wilds)
    assert names(rack.order) == "R1 R2 R3 Y5 B5 K5 Y9 K13"
    rack.sort("sets", profile, wilds)
    assert names(rack.order) == "Y5 B5 K5 R1 R2 R3 Y9 K13"
    assert groups(rack.order, profile.meld_rules, wilds, pairs=False) == [(0, 3), (3, 6)]
    rack.sort("rank", profile, wilds)
    assert names(rack.order)[:8] == "R1 R2 R3"
    with pytest.raises(SessionError, match="there is no sort"):
        rack.sort("colour", profile, wilds)
    slotted = Rack(Kind.TILES, capacity=12)
    slotted.sync(rack.order, 1)
    slotted.sort("runs", profile, wilds)
    assert slotted.slots[3] is None and slotted.slots[7] is None  # a gap after each meld


# ---------------------------------------------------------------------- the session on a real game
def test_a_session_follows_one_seat_from_its_view_only() -> None:
    game = load_game("okey", [])
    state = game.new_state(3)
    session = SeatSession(game, 0)
    rng = random.Random(0)
    for _ in range(40):
        seat = game.current_seat(state)
        assert seat is not None
        events = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        session.update(game.observe(state, 0), game.events_for(events, 0), game.legal_actions(state, 0))
        assert Counter(session.order) == Counter(game.observe(state, 0)["hand"])
        if session.my_turn:
            choices = session.choices()
            assert sum(len(v) for v in choices.values()) == len(game.legal_actions(state, 0))
            assert all(text.split()[0] == verb for verb, texts in choices.items() for text in texts)
        else:
            assert session.choices() == {}
    assert len(session.log.events) > 10
    texts = session.log.texts()
    assert any(t.startswith("discards ") for t in texts)
    assert any("draws from the stock" in t for t in texts)


def test_the_event_log_keeps_its_limit_and_renders_english() -> None:
    load_game("kalooki", [])  # registers Kalooki's messages
    log = EventLog(limit=2)
    log.extend([{"code": "kalooki_take", "seat": 1, "params": {"card": "7H"}}] * 3)
    assert len(log.events) == 2 and log.texts(last=1) == ["takes 7H"]


def test_a_closed_hand_hint_finishes_when_it_can() -> None:
    profile = OkeyRules().hand_profile()
    rack = tiles("R1 R2 R3 Y7 Y8 Y9 B10 B11 B12 B13 K1 K2 K3 K4 K9")
    hint = closed_hand_hint(
        profile, rack, Wilds(), None, {"discard": [], "finish": []}, [tiles("K9")[0]], rack
    )
    assert hint.move is Move.FINISH and hint.piece == tiles("K9")[0] and hint.kinds == ("melds",)
    hint = closed_hand_hint(profile, rack[:-1], Wilds(), tiles("K9")[0], {"draw": ["draw"]}, [], [])
    assert hint.move is Move.TAKE_TO_FINISH and hint.finishes


def test_a_hints_run_reads_in_order_with_what_its_wilds_stand_for() -> None:
    """A hint's meld is written in the order of the ranks its pieces take, each wild and false
    joker with what it stands for (issue 28, defect 13: "F B3 B2 B5 B6" read out of order)."""
    run = build_run(2, [2, 3, 4, 5, 6], [JOKER, *tiles("B3 B2 B5 B6")])
    shuffled = Meld(run.kind, run.faces[::-1], run.stands_for[::-1], run.positions[::-1])
    for meld in (run, shuffled):
        view = arrangement_view(Kind.TILES, Arrangement((meld,), (), 5))
        assert view == {"melds": [["F[B2]", "B3", "B2[B4]", "B5", "B6"]], "out": [], "kind": "melds"}


def test_a_seven_pairs_hint_says_its_pieces_are_left_out_of_pairs() -> None:
    """The discard hint of a hand going for seven pairs counts the pieces left out of pairs, and
    its arrangement says it is pairs (so that it is not worded "out of melds")."""
    profile = OkeyRules().hand_profile()
    rack = tiles("R1 R1 Y3 Y3 B5 B5 K7 K7 R9 R9 Y11 B13 K2 R4 Y6")
    hint = closed_hand_hint(profile, rack, Wilds(), None, {"discard": []}, [], rack)
    view = arrangement_view(Kind.TILES, hint.arrangement)
    assert hint.move is Move.DISCARD and view["kind"] == "pairs"
    assert hint.left_out == len(view["out"]) == 4


def test_a_take_hint_shows_the_arrangement_its_count_is_of() -> None:
    """The tester's Okey hint (2026-12-07): "take K13 (then 10 out of melds)" beside the rack's best
    arrangement K2 K3 K4, 11 out, where the 10 was of pairs after the take (K3 K3, K13 K13): a
    take's arrangement is the one after taking and the best discard, whose pieces out it counts."""
    profile = OkeyRules().hand_profile()
    rack = tiles("K2 K3 K4 K3 K13 R1 R5 R9 Y2 Y6 Y10 B3 B7 B11")
    before = arrangement_view(Kind.TILES, best_arrangement(profile, rack, Wilds()))
    assert before["kind"] == "melds" and len(before["out"]) == 11
    hint = closed_hand_hint(profile, rack, Wilds(), tiles("K13")[0], {"draw": ["draw"]}, [], [])
    view = arrangement_view(Kind.TILES, hint.arrangement)
    assert hint.move is Move.TAKE and hint.piece == tiles("K13")[0]
    assert hint.left_out == len(view["out"]) == 10
    assert view["kind"] == "pairs" and sorted(view["melds"]) == [["K13", "K13"], ["K3", "K3"]]


def test_a_hints_pieces_left_out_read_in_face_order() -> None:
    """The pieces a hint leaves out are listed by colour, then number, whatever order the
    partition found them in (the phone round of issue 28 read "Y9 B8 Y11 Y3 R3 R4" for pairs)."""
    out = tiles("Y9 B8 Y11 Y3 R3 R4")
    for kind in ("melds", "pairs"):
        arrangement = Arrangement((), tuple(out), 0, WinKind(kind))
        assert arrangement_view(Kind.TILES, arrangement)["out"] == ["R3", "R4", "Y3", "Y9", "Y11", "B8"]


# ---------------------------------------------------------------------- Carousel's draft
@pytest.mark.parametrize("seed", range(12))
def test_hint_use_makes_the_solvers_table_the_draft_in_one_edit(seed: int) -> None:
    game = load_game("carousel", ["players=3"])
    state = game.new_state(seed)
    rng = random.Random(seed)
    planner = DraftPlanner(game.rules.joker_replace_from_table)
    built = 0
    while built < 3 and not game.is_terminal(state):
        seat = game.current_seat(state)
        assert seat is not None
        view = game.observe(state, seat)
        move = game.solver.solve(table_of(view), view["hand"], CAROUSEL_VALUES, True)
        legal = game.legal_actions(state, seat)
        edits = [a for a in legal if a.verb in (CVerb.NEW, CVerb.ADD, CVerb.PULL)]
        if move.played and edits:
            if built % 2:  # a draft changed already is replaced as a whole
                first = rng.choice(edits)
                game.apply(state, seat, first)
                planner.done([first])
            before = cards_of(game.observe(state, seat)["draft"]["melds"])
            target = [meld_cards(m) for m in move.table]
            actions = planner.plan_draft(game.observe(state, seat), target)
            assert [a.verb for a in actions] == [CVerb.DRAFT]
            for action in actions:
                game.apply(state, seat, action)
            planner.done(actions)
            draft = game.observe(state, seat)["draft"]
            assert Counter(tuple(map(tuple, m)) for m in draft["melds"]) == Counter(tuple(m) for m in target)
            assert Counter(draft["played"]) == Counter(move.played)
            undo = planner.plan_undo(game.observe(state, seat))
            assert undo == [CarouselAction(CVerb.UNDO)]
            game.apply(state, seat, undo[0])
            planner.done(undo)
            assert cards_of(game.observe(state, seat)["draft"]["melds"]) == before
            game.apply(state, seat, game.parse_action(actions[0].text()))
            game.apply(state, seat, game.parse_action("commit"))
            built += 1
            continue
        draws = [a for a in legal if a.verb in (CVerb.DRAW, CVerb.END, CVerb.KNOCK)]
        game.apply(state, seat, rng.choice(draws or legal))
    assert built > 0


def test_the_planner_names_a_melds_only_joker_and_undoes_whole_commands() -> None:
    planner = DraftPlanner(True)
    five, nine, ten = parse_faces(Kind.CARDS, "5S 9S TS")
    view = {
        "hand": [five, nine, JOKER],
        "table": [],
        "draft": {
            "melds": [
                [[f, d] for f, d in [*((f, None) for f in parse_faces(Kind.CARDS, "3S 4S")), (JOKER, five)]]
            ],
            "played": [],
            "floating": 0,
            "changed": False,
            "can_undo": False,
        },
    }
    assert planner.named(view, 1, (JOKER, None)) == (JOKER, five)
    add = planner.plan_add(view, 1, [(five, None)])
    assert [a.text() for a in add] == ["add 1 5S"]
    planner.done(add)
    new = planner.plan_new(view, [(nine, None), (JOKER, ten)])
    assert [a.text() for a in new] == ["new 9S", "add 2 JK[TS]"]
    planner.done(new)
    assert [a.verb for a in planner.plan_undo(view)] == [CVerb.UNDO, CVerb.UNDO]
    with pytest.raises(IllegalActionError, match="you don't hold 7H"):
        planner.plan_new(view, [(parse_faces(Kind.CARDS, "7H")[0], None)])
    with pytest.raises(IllegalActionError, match="you don't hold 9S \\(it is in the draft already\\)"):
        planner.plan_new(view, [(nine, None), (nine, None)])


def test_the_planner_pulls_a_card_out_of_a_runs_middle() -> None:
    planner = DraftPlanner(True)
    run = parse_declared(Kind.CARDS, "3S 4S JK[5S] 6S 7S")
    sevens = parse_declared(Kind.CARDS, "7H 7D 7C")
    draft = {"melds": [[list(c) for c in run], [list(c) for c in sevens]], "played": [], "floating": 0}
    view = {"hand": [], "table": [], "draft": {**draft, "changed": False, "can_undo": False}}
    assert [a.text() for a in planner.plan_pull(view, 1, (JOKER, None), None)] == ["pull 1 JK[5S] new"]
    six = parse_declared(Kind.CARDS, "6S")[0]
    assert [a.text() for a in planner.plan_pull(view, 1, six, 2)] == ["pull 1 6S 2"]
    with pytest.raises(IllegalActionError, match="3S ends meld 1: move it instead"):
        planner.plan_pull(view, 1, run[0], None)
    with pytest.raises(IllegalActionError, match="meld 2 is not a run: move the card instead"):
        planner.plan_pull(view, 2, sevens[1], None)
    with pytest.raises(IllegalActionError, match="meld 1 holds no 7H"):
        planner.plan_pull(view, 1, sevens[0], 2)
