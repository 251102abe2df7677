"""The 101 solver (``rummykit.variants.okey_101.solver``): the highest-valued opening (okeys as the
tiles they stand for, a tile kept for the discard), whether it reaches 101, an opening that must
hold a given tile, the most pairs, a hand finish, lay-offs on the table and ``işlek`` discards;
checked on chosen hands and against a brute force over every partition of small hands."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from okey_101_rig import setup
from rummykit.cli.app import app
from rummykit.core.notation import parse_face
from rummykit.core.pieces import JOKER, N_FACES, Kind, rank_of, suit_of
from rummykit.variants.okey_101.rules import Okey101Rules
from rummykit.variants.okey_101.solver import Okey101Solver, islek_discards, layoff_options

OKEY = parse_face(Kind.TILES, "K13")
RULES = Okey101Rules()
SOLVER = Okey101Solver(RULES)
WILDS = SOLVER.book.wilds(OKEY)


def tiles(text: str) -> list[int]:
    return [parse_face(Kind.TILES, t) for t in text.split()]


def group_values(group: Sequence[int], allow_13_1: bool = False) -> list[int]:
    """Every value ``group`` has as a set or a run, its okeys placed every way they may be (in a
    run: the gaps, then any split of the rest above and below); the false joker is K13. Written
    from the rules, not from the solver or the validator."""
    okeys = group.count(OKEY)
    naturals = [OKEY if f == JOKER else f for f in group if f != OKEY]
    if not naturals or len(group) < 3:
        return []
    ranks = sorted(rank_of(f) for f in naturals)
    suits = {suit_of(f) for f in naturals}
    values = []
    if len(group) <= 4 and len(set(ranks)) == 1 and len(suits) == len(naturals):
        values.append(ranks[0] * len(group))
    if len(suits) == 1 and len(set(ranks)) == len(ranks):
        top = 14 if allow_13_1 else 13
        for high in [False, True] if allow_13_1 and 1 in ranks else [False]:
            spots = sorted(14 if r == 1 and high else r for r in ranks)
            extra = okeys - (spots[-1] - spots[0] + 1 - len(spots))
            for above in range(extra + 1):
                lo, hi = spots[0] - (extra - above), spots[-1] + above
                if extra >= 0 and lo >= 1 and hi <= top:
                    values.append(sum(1 if p == 14 else p for p in range(lo, hi + 1)))
    return values


def brute_value(faces: Sequence[int], must: int | None = None, allow_13_1: bool = False) -> int:
    """The largest value of disjoint sets and runs of ``faces`` leaving a tile out (holding a tile
    of ``must`` when given), trying every partition into groups of three to five (a longer run is
    worth what its runs of three to five are); -1 when no melds hold ``must``."""
    best = -1

    def walk(rest: tuple[int, ...], total: int, left: int, held: bool) -> None:
        nonlocal best
        if not rest:
            if left and (must is None or held):
                best = max(best, total)
            return
        first, others = rest[0], rest[1:]
        walk(others, total, left + 1, held)
        for size in range(2, min(len(rest), 5)):
            for picked in combinations(range(len(others)), size):
                group = [first] + [others[i] for i in picked]
                values = group_values(group, allow_13_1)
                if values:
                    rest_of = tuple(o for i, o in enumerate(others) if i not in picked)
                    walk(rest_of, total + max(values), left, held or must in group)

    walk(tuple(faces), 0, 0, False)
    return best


def test_the_highest_opening_counts_okeys_as_what_they_stand_for() -> None:
    hand = tiles("R10 R11 K13 R13 Y10 Y11 Y12 Y13 R3 Y3 B3 B8")
    opening = SOLVER.best_opening(hand, WILDS)
    assert opening.value == 101 and opening.reaches
    assert sum(len(m.faces) for m in opening.melds) == 11
    short = SOLVER.best_opening(tiles("R10 R11 R12 R13 Y9 Y10 Y11 Y12 R4 Y4 B4 B8"), WILDS)
    assert short.value == 100 and not short.reaches


def test_an_opening_keeps_a_tile_for_the_discard() -> None:
    hand = tiles("R10 R11 R12 R13 Y10 Y11 Y12 Y13 R5 Y5 B5")  # 46 + 46 + 15, every tile melded
    opening = SOLVER.best_opening(hand, WILDS)
    assert sum(len(m.faces) for m in opening.melds) == len(hand) - 1
    assert opening.value == 46 + 46 + 15 - 10  # R10 (or Y10) left out of its run


def test_an_opening_that_must_hold_a_tile() -> None:
    hand = tiles("R10 R11 R12 R13 Y10 Y11 Y12 Y13 B2 B3 B4 R4 Y4")
    assert SOLVER.best_opening(hand, WILDS).value == 46 + 46 + 12  # the set of 4s, B2 B3 left
    b2 = parse_face(Kind.TILES, "B2")
    held = SOLVER.best_opening(hand, WILDS, must=b2)
    assert held.value == 46 + 46 + 9 and held.reaches and any(b2 in m.faces for m in held.melds)
    nowhere = SOLVER.best_opening(hand + tiles("K2"), WILDS, must=parse_face(Kind.TILES, "K2"))
    assert nowhere.melds == () and not nowhere.reaches


TILE_FACES = [f for f in range(N_FACES) if f != OKEY] + [JOKER]
"""The faces of the tiles that are not okeys (the false joker among them)."""


@given(st.lists(st.sampled_from(TILE_FACES), min_size=4, max_size=8), st.integers(0, 2), st.randoms())
@settings(max_examples=80, deadline=None)
def test_the_opening_value_is_the_brute_forces(naturals: list[int], okeys: int, rng: random.Random) -> None:
    faces = [f for i, f in enumerate(naturals) if naturals[:i].count(f) < 2] + [OKEY] * okeys
    rng.shuffle(faces)
    assert SOLVER.best_opening(faces, WILDS).value == max(brute_value(faces), 0)
    must = rng.choice(faces)
    expected = brute_value(faces, must)
    found = SOLVER.best_opening(faces, WILDS, must)
    assert (found.value if found.melds else -1) == expected
    assert not found.melds or any(must in m.faces for m in found.melds)


def test_the_most_pairs_keep_a_tile_and_may_hold_a_given_one() -> None:
    hand = tiles("R2 R2 Y5 Y5 B7 K13 F F R9")
    pairs = SOLVER.most_pairs(hand, WILDS)
    assert len(pairs) == 4  # R2 R2, Y5 Y5, F F, and B7 or R9 with the okey
    held = SOLVER.most_pairs(hand, WILDS, must=parse_face(Kind.TILES, "R9"))
    assert len(held) == 4 and any(parse_face(Kind.TILES, "R9") in p.faces for p in held)
    assert SOLVER.most_pairs(tiles("R2 R2 B7"), WILDS, must=parse_face(Kind.TILES, "B7")) == ()
    assert len(SOLVER.most_pairs(tiles("R2 R2 B7 B7"), WILDS)) == 1  # one tile kept
    assert SOLVER.pairs_reach(tiles("R2 R2 Y5 Y5 B7 B7 K9 K9 R12 R12 B1"), WILDS)
    assert not SOLVER.pairs_reach(tiles("R2 R2 Y5 Y5 B7 B7 K9 K9 B1"), WILDS)


def test_a_hand_finish_lays_every_tile_but_one() -> None:
    finish = SOLVER.hand_finish(tiles("R1 R2 R3 Y1 B1 K1 B5 B6 B7 K9"), WILDS)
    assert finish is not None and finish.discard == parse_face(Kind.TILES, "K9") and finish.value == 27
    assert SOLVER.hand_finish(tiles("R1 R2 R3 Y1 B1 K1 B5 B6 B7 K9"), WILDS, minimum=30) is None
    assert SOLVER.hand_finish(tiles("R1 R2 R3 Y1 B1 K1 B5 B6 K9 K8"), WILDS) is None
    with_okey = SOLVER.hand_finish(tiles("R1 R2 K13 Y9 B9 K9 R13"), WILDS)
    assert with_okey is not None and with_okey.value == 1 + 2 + 3 + 27


def test_layoffs_and_islek_discards_on_the_table() -> None:
    game, state = setup(
        ["R6 R10 B6 K13 F Y2"] + [None] * 3,
        opened={0: "melds", 1: "melds"},
        table=[(1, "R7 R8 R9"), (1, "Y6 K6 B6"), (1, "K10 K11 K12")],
    )
    hand = [game.pieces.face(p) for p in state.hands[0]]
    options = {(o.number, o.tile) for o in layoff_options(game.book, state.table, hand, OKEY)}
    r6, r10 = parse_face(Kind.TILES, "R6"), parse_face(Kind.TILES, "R10")
    assert {
        (1, (r6, None)),
        (1, (r10, None)),
        (2, (r6, None)),
        (3, (JOKER, None)),
        (2, (OKEY, None)),
    } <= options
    assert (1, (OKEY, r10)) in options and (3, (OKEY, parse_face(Kind.TILES, "K9"))) in options
    assert set(islek_discards(game.book, state.table, hand, OKEY)) == {r6, r10, JOKER}


@pytest.mark.parametrize("allow", [False, True])
def test_the_opening_with_12_13_1(allow: bool) -> None:
    solver = Okey101Solver(Okey101Rules(allow_13_1=allow))
    assert solver.best_opening(tiles("R12 R13 R1 B2"), WILDS).value == (26 if allow else 0)


# ---------------------------------------------------------------- rummykit solve okey_101
RUNNER = CliRunner()


def solve(*args: str) -> tuple[int, str, str]:
    result = RUNNER.invoke(app, ["solve", "okey_101", *args])
    return result.exit_code, result.stdout, result.stderr


def test_solve_a_hand() -> None:
    hand = "R10 R11 K13 R13 Y10 Y11 Y12 Y13 R3 Y3 B3 B8"
    code, out, _ = solve("--indicator", "K12", "--json", *hand.split())
    assert code == 0
    data = json.loads(out)
    assert data["okey"] == "K13" and data["opening"]["value"] == 101 and data["opening"]["reaches"]
    assert ["R10", "R11", "K13[R12]", "R13"] in [m["tiles"] for m in data["opening"]["melds"]]
    assert data["hand_finish"]["discard"] == "B8" and data["layoffs"] is None
    code, out, _ = solve("--indicator", "K12", *["R2", "R2", "Y5", "Y5", "B7"])
    assert code == 0 and "pairs:       R2 R2 | Y5 Y5 = 2 (does not open)" in out


def test_solve_a_position_names_layoffs_and_islek_tiles() -> None:
    game, state = setup(
        ["R6 R10 K13 Y2"] + [None] * 3,
        opened={0: "melds", 1: "melds"},
        table=[(1, "R7 R8 R9"), (0, "B5 Y5 K5")],  # an opened seat's melds are down
    )
    code, out, _ = solve("--position", game.position(state), "--json")
    assert code == 0
    data = json.loads(out)
    assert {"meld": 1, "tile": "R6"} in data["layoffs"] and {"meld": 1, "tile": "K13[R10]"} in data["layoffs"]
    assert data["islek"] == ["R6", "R10"]
    code, out, _ = solve("--position", game.position(state))
    assert code == 0 and "işlek:       R6 R10" in out


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("R1", "F"), "give the indicator"),
        (("--indicator", "F", "R1"), "a false joker can't be the indicator"),
        (("--indicator", "K12", "K12", "K12", "R1"), "out of play"),
        (("--indicator", "K12", "--batch", "-"), "solves one hand"),
        ((), "no tiles given"),
    ],
)
def test_solve_refuses_bad_input(args: tuple[str, ...], needle: str) -> None:
    code, _, err = solve(*args)
    assert code == 2 and needle in err
