"""The hand solver's plain search, kept as the slow reference for the fast one's differential tests.

One loop per template over its faces, counts packed face by face (two bits each), no mask tests, no
isolated pieces set aside and no score-only shortcut: the search the fast solver replaced. Its
choices follow the same order (the lowest face left is the anchor; its templates in order, the first
of the best score kept; left out when that scores as well; the first to meld everything ends the
search of a state), so the arrangement it rebuilds must be the fast solver's own, piece for piece.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from rummykit.core.melds import Meld, MeldKind, Wilds, build_run, merge_runs
from rummykit.core.pieces import N_FACES, rank_of
from rummykit.solvers.arrange import Arrangement, HandSolver, Objective

Choice = tuple[int, tuple[int, ...]] | None


def _unit(face: int) -> int:
    return 1 << (2 * face)


def _count(key: int, face: int) -> int:
    return (key >> (2 * face)) & 3


def _lowest(key: int) -> int:
    return ((key & -key).bit_length() - 1) >> 1


def reference_arrange(
    solver: HandSolver, faces: Sequence[int], wilds: Wilds, objective: Objective = Objective.PIECES
) -> Arrangement:
    """The best arrangement of ``faces`` by the plain search, with ``solver``'s rules, values and
    templates."""
    key = 0
    wild: list[int] = []
    shown: dict[int, int] = {}
    for face in faces:
        if wilds.is_wild(face):
            wild.append(face)
            continue
        natural = wilds.natural(face, solver.rules.kind)
        shown[natural] = face
        key += _unit(natural)
    values = solver.values
    if objective is Objective.PIECES:
        weight, wild_score = [1] * N_FACES, 1
    elif objective is Objective.DEADWOOD:
        assert values is not None
        weight, wild_score = [values.rank_value(rank_of(f)) for f in range(N_FACES)], values.joker
    else:
        weight, wild_score = [0] * N_FACES, 0
    templates = solver._templates
    bonus: list[list[int]] | None = None
    if objective is Objective.MELD_VALUE:
        assert values is not None
        bonus = [
            [sum(values.position_value(t.kind, p) for p in t.positions) for t in row] for row in templates
        ]
    memo: dict[tuple[int, int], tuple[int, Choice]] = {}
    top = solver.rules.top

    def all_wild(w: int) -> int:
        if w < 3:
            return 0
        score = w * wild_score
        if bonus is not None:
            assert values is not None
            score += sum(values.position_value(MeldKind.RUN, p) for p in range(top - w + 1, top + 1))
        return score

    def best(k: int, w: int, room: int) -> int:
        if (k, w) in memo:
            return memo[k, w][0]
        if k == 0:
            memo[k, w] = (all_wild(w), None)
            return memo[k, w][0]
        anchor = _lowest(k)
        ceiling = room + w * wild_score if bonus is None else -1
        top_score, top_choice = -1, None
        for index, t in enumerate(templates[anchor]):
            k2, need, gained, avail = k - _unit(anchor), 0, weight[anchor], []
            for g in t.others:
                if _count(k2, g):
                    k2 -= _unit(g)
                    gained += weight[g]
                    avail.append(g)
                else:
                    need += 1
            if need > w:
                continue
            rest_room = room - gained
            gained += need * wild_score + (bonus[anchor][index] if bonus else 0)
            swaps: list[tuple[int, ...]] = [()]
            if objective is Objective.DEADWOOD and w > need:
                swaps += [c for n in range(1, w - need + 1) for c in combinations(avail, n)]
            for swap in swaps:
                back = sum(weight[g] for g in swap)
                score = (
                    gained
                    + len(swap) * wild_score
                    - back
                    + best(k2 + sum(_unit(g) for g in swap), w - need - len(swap), rest_room + back)
                )
                if score > top_score:
                    top_score, top_choice = score, (index, swap)
            if top_score == ceiling:
                memo[k, w] = (top_score, top_choice)
                return top_score
        alone = best(k - _unit(anchor), w, room - weight[anchor])
        if alone >= top_score:
            top_score, top_choice = alone, None
        memo[k, w] = (top_score, top_choice)
        return top_score

    total = best(key, len(wild), sum(weight[f] * _count(key, f) for f in shown))
    spare, melds, ungrouped, w = list(wild), [], [], len(wild)
    while key:
        anchor = _lowest(key)
        choice = memo[key, w][1]
        if choice is None:
            ungrouped.append(shown[anchor])
            key -= _unit(anchor)
            continue
        index, swap = choice
        t = templates[anchor][index]
        played, left, rest = [], list(swap), key - _unit(anchor)
        for i, g in enumerate(t.faces):
            if i == t.anchor_index:
                played.append(shown[g])
            elif g in left:
                left.remove(g)
                played.append(spare.pop())
            elif _count(rest, g):
                rest -= _unit(g)
                played.append(shown[g])
            else:
                played.append(spare.pop())
        key, w = rest, len(spare)
        if t.kind is MeldKind.RUN:
            melds.append(build_run(t.suit, t.positions, played))
        else:
            melds.append(Meld(MeldKind.SET, tuple(played), t.faces, t.positions))
    if spare and w >= 3:
        melds.append(build_run(0, range(top - w + 1, top + 1), spare))
    elif spare:
        ungrouped.extend(spare)
    return Arrangement(tuple(merge_runs(melds)), tuple(ungrouped), total)


def reference_meldable(solver: HandSolver, faces: Sequence[int], wilds: Wilds) -> bool:
    """Whether every piece goes into a meld, by the plain search (no score kept)."""
    return not reference_arrange(solver, faces, wilds).ungrouped
