"""Carousel's macro actions for learning environments: whole tables from the table solver
(:mod:`rummykit.solvers.table_dp` through :class:`rummykit.solvers.rearrange.TableSolver`), made
from a seat's observation only.

:func:`best_table` lays the best new table that uses only the given hand cards;
:func:`candidate_tables` lists up to ``k`` distinct new tables, best first: the best for the whole
hand, then the best without each card that one plays (fewest points left first).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummykit.engine.game import Game
from rummykit.solvers.rearrange import TableMove, TableSolver
from rummykit.variants.carousel import actions
from rummykit.variants.carousel.actions import CarouselAction, CVerb
from rummykit.variants.carousel.game import CarouselGame, declared_cards
from rummykit.variants.carousel.rules import CAROUSEL_VALUES, CarouselRules


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
    return solver.solve(table, list(cards), CAROUSEL_VALUES, rules.joker_replace_from_table)


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
