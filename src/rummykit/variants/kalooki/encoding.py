"""Kalooki as a learning environment: its observation encoder (rows in ``docs/envs.md``) and its
environment spec (``kalooki_v0``; penalty points, the match's result paid at its end)."""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter
from typing import Any

from rummykit.core.pieces import JOKER
from rummykit.engine.game import Game
from rummykit.envs.encoder import Encoder
from rummykit.envs.encoding import Planes, TableRows
from rummykit.envs.factored import Block, Factoring
from rummykit.envs.specs import EnvSpec
from rummykit.variants.kalooki import actions

MAX_MELDS = 35
"""Kalooki's table meld numbers are 1..35 (one column each in the meld rows)."""


KALOOKI_PHASES = ("draw", "play", "over")


class KalookiEncoder(Encoder):
    """Kalooki: the hand, the discard pile, and the table meld by meld (rows indexed by meld
    number, so the lay-off and release ids' meld numbers line up with them)."""

    hand_size = 14.0

    def _declare(self) -> None:
        n, rows = self.players, self.layout.rows
        rows("hand", 1, "own hand, count of each face")
        rows("discards", 1, "the discard pile, face counts")
        rows("takeable", 1, "the top discard while the seat to move may take it, one-hot")
        rows("known", n - 1, "relative seats 1..n-1: cards everyone knows are in that hand, counts")
        rows(
            "meld_cards",
            MAX_MELDS,
            "row n-1: table meld n, the card each of its cards stands for "
            "(a joker counted as the card it stands for), counts",
        )
        rows(
            "meld_jokers",
            MAX_MELDS,
            "row n-1: table meld n, where its jokers are (the card each stands for), counts",
        )
        rows("meld_owner", n, "row k: flags (column n-1) of the table melds laid by relative seat k")
        rows(
            "meld_flags",
            4,
            "flags per table meld (column n-1): on the table, is a run, is closed "
            "(nothing can be laid off), laid this turn and not yet opening (pending)",
        )
        rows(
            "scalars",
            1,
            f"hand sizes /14 ({n}), stock size /pieces (1), scores /score_scale ({n}), "
            f"round /10 (1), to move ({n}), phase one-hot {KALOOKI_PHASES} (3), seats that have opened "
            f"({n}), seats still in the match ({n}), reshuffles /(max_reshuffles+1) (1); seats relative "
            f"to the viewer",
        )
        at = self.layout.index
        blocks = (at["meld_cards"], at["meld_jokers"], at["meld_owner"], at["meld_flags"])
        self._table = TableRows(blocks, n, itemgetter("closed"))

    def _divisors_after_common(self) -> list[float]:
        n = self.players
        return [1.0] * (len(KALOOKI_PHASES) + 2 * n) + [self.game.rules.max_reshuffles + 1.0]

    def _fill(self, view: Mapping[str, Any], viewer: int) -> tuple[list[bytes], list[float]]:
        at = self.layout.index
        planes = Planes(self.layout.height - 1)
        planes.add(at["hand"], view["hand"])
        planes.add(at["discards"], view["discards"])
        planes.one(at["takeable"], view["takeable"])
        known = view["known"]
        planes.add_rows(at["known"], [*known[viewer + 1 :], *known[:viewer]])
        planes.put(self._table.of(view["table"], JOKER, viewer))
        planes.add(at["meld_flags"] + 3, [p - 1 for p in view["pending"]])
        phase = [0] * len(KALOOKI_PHASES)
        phase[KALOOKI_PHASES.index(view["phase"])] = 1
        scalars = [
            *self._view_numbers(view, viewer),
            *phase,
            *self._seat_flags(view["opened"], viewer),
            *self._seat_flags(view["active"], viewer),
            view["reshuffles"],
        ]
        return planes.rows(), scalars


def _kalooki_scale(game: Game[Any, Any]) -> float:
    return float(game.rules.elimination_limit or 100)


def _factoring() -> Factoring:
    """Type (draw, take, retract, discard, meld, lay-off, release) -> item (a discard's face
    0..52, a meld's index in ``MELDS`` 0..9152, a lay-off's card code 0..104, a release's code
    0..181) -> table meld (0..34: lay-off and release)."""
    table = (2, actions.MAX_MELDS)
    simple = tuple(Block(i, i) for i in range(actions.DISCARD_BASE))
    blocks = (
        Block(3, actions.DISCARD_BASE, ((1, JOKER + 1),)),
        Block(4, actions.MELD_BASE, ((1, len(actions.MELDS)),)),
        Block(5, actions.LAYOFF_BASE, (table, (1, actions.LAYOFF_CODES))),
        Block(6, actions.RELEASE_BASE, (table, (1, actions.RELEASE_CODES))),
    )
    steps = (("type", len(simple) + len(blocks)), ("item", len(actions.MELDS)), ("meld", actions.MAX_MELDS))
    return Factoring(steps, simple + blocks)


ENV = EnvSpec(
    "kalooki_v0", "kalooki", KalookiEncoder, _kalooki_scale, -1.0, True, 1.0, (0.0, 1.0), 6, _factoring()
)
"""Kalooki's environment: penalty points (a reward of 1 per ``elimination_limit``, else 100), the
match's result (a win share) paid at its end, up to six players."""
