"""Carousel's whole tables from the table solver (:mod:`rummykit.solvers.table_dp` through
:class:`rummykit.solvers.rearrange.TableSolver`) as the bots, the hint and the learning
environments' macro actions ask for them: :func:`table_move`, the best table within a bounded
search, made from a seat's observation only.

:func:`best_table` lays the best new table that uses only the given hand cards;
:func:`candidate_tables` lists up to ``k`` distinct new tables, best first: the best for the whole
hand, then the best without each card that one plays (fewest points left first).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummykit.engine.game import Game
from rummykit.solvers.rearrange import DeclaredFace, TableMove, TableSolver
from rummykit.solvers.table_dp import SearchLimitError
from rummykit.variants.carousel import actions
from rummykit.variants.carousel.actions import CarouselAction, CVerb
from rummykit.variants.carousel.game import CarouselGame, declared_cards
from rummykit.variants.carousel.manipulation import simple_meld
from rummykit.variants.carousel.rules import CAROUSEL_VALUES, CarouselRules

SEARCH_LIMIT = 500_000
"""The most states the table search may make for a bot's or a hint's table
(:func:`rummykit.solvers.table_dp.plan_table`): under a second and some 100 MB. Every position of
the recorded greedy play (``bench/data/carousel_positions.jsonl``, 2,178) needs fewer (at most
about 270,000); a table of most of two decks with freed jokers to place can need hundreds of
millions (minutes and gigabytes: a server's hint and its bots must not wait for that)."""


def table_move(
    solver: TableSolver,
    table: Sequence[Sequence[DeclaredFace]],
    hand: Sequence[int],
    replace_from_table: bool,
    limit: int = SEARCH_LIMIT,
) -> TableMove:
    """The solver's best new table for ``hand`` (faces) on ``table`` (melds of (face, declared)
    cards) within ``limit`` states; past it, the table with one simple meld
    (:func:`~rummykit.variants.carousel.manipulation.simple_meld`: three hand cards, or one card
    laid off), or the table as it is (nothing played)."""
    try:
        return solver.solve(table, list(hand), CAROUSEL_VALUES, replace_from_table, limit=limit)
    except SearchLimitError:
        simple = simple_meld(tuple(map(tuple, table)), hand, replace_from_table)
        return solver.laid(table, table if simple is None else simple, hand, CAROUSEL_VALUES)


def meld_action(move: TableMove) -> CarouselAction:
    """The whole-table ``meld`` action laying the solver's new table ``move.table``."""
    return CarouselAction(CVerb.MELD, tuple(declared_cards(m.faces, m.stands_for) for m in move.table))


def best_table(
    solver: TableSolver, rules: CarouselRules, observation: dict[str, Any], cards: Sequence[int]
) -> TableMove:
    """``solver``'s best new table (fewest points left in ``cards``) for the observed table,
    playing only from ``cards`` (faces, a sub-multiset of the observed hand); ``played`` empty
    when none of them can be played."""
    table = [declared_cards(m["faces"], m["stands_for"]) for m in observation["table"]]
    return table_move(solver, table, cards, rules.joker_replace_from_table)


def candidate_tables(
    game: Game[Any, Any], observation: dict[str, Any], legal: Sequence[int], k: int
) -> list[CarouselAction]:
    """Up to ``k`` whole-table ``meld`` actions (module docstring) for the seat whose
    ``observation`` and legal ids ``legal`` these are; none unless the draft may be edited (an
    edit's id is legal: the whole-table meld is legal then) and some card can be played."""
    assert isinstance(game, CarouselGame)
    if not any(i >= actions.NEW_BASE for i in legal):
        return []
    hand = list(observation["hand"])
    first = best_table(game.solver, game.rules, observation, hand)
    if not first.played:
        return []
    moves = {first.table: first}
    for face in dict.fromkeys(first.played):
        rest = list(hand)
        rest.remove(face)
        move = best_table(game.solver, game.rules, observation, rest)
        if move.played:
            moves.setdefault(move.table, move)
    ranked = sorted(moves.values(), key=lambda m: (m is not first, m.points_left))
    return [meld_action(m) for m in ranked[:k]]
