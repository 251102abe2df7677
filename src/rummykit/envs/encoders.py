"""One observation encoder per game: a seat's view as a fixed-shape ``float32`` array.

An encoder is built once per game (its shape follows the rules: the number of players) and turns
``game.observe(state, seat)`` (nothing else) into an array of shape ``(rows, 53)``; see
:mod:`rummykit.envs.encoding` for the conventions and ``docs/envs.md`` for every row.
:meth:`Encoder.describe` lists the rows of an encoder's layout.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from itertools import chain
from typing import Any, cast

import numpy as np

from rummykit.core.pieces import JOKER
from rummykit.engine.closed_hand import ClosedHandGame
from rummykit.engine.game import Game
from rummykit.envs.encoding import (
    Array,
    Planes,
    RowBuilder,
    declared_faces,
    group_rows,
    one_hot,
    relative,
    seat_flags,
)

ROUND_SCALE = 10.0
"""The round number is written divided by this."""


class Encoder(ABC):
    """A game's observation layout; ``score_scale`` (points) divides the scores written."""

    def __init__(self, game: Game[Any, Any], score_scale: float) -> None:
        self.game = game
        self.players = game.players
        self.score_scale = score_scale
        self.layout = RowBuilder()
        self._declare()

    @property
    def shape(self) -> tuple[int, int]:
        """``(rows, 53)``."""
        return (self.layout.height, 53)

    def describe(self) -> list[str]:
        """The layout, one line per row group."""
        return self.layout.describe()

    def encode(self, view: Mapping[str, Any]) -> Array:
        """The array of ``view`` (a ``game.observe`` dict)."""
        planes = Planes()
        viewer = view["seat"] if view["seat"] is not None else 0
        others = relative(view["known"], viewer)[1:]
        scalars = self._fill(planes, view, viewer, others)
        out = planes.array(self.layout.height)
        out[self.layout.index["scalars"], : len(scalars)] = scalars
        return out

    def _common_scalars(self, view: Mapping[str, Any], viewer: int, hand_size: float) -> list[float]:
        """Hand sizes (relative, / ``hand_size``), the stock's size (/ pieces), scores (relative,
        / ``score_scale``), the round (/ 10) and who is to move (relative one-hot)."""
        n = self.players
        to_move = view["to_move"]
        return [
            *(c / hand_size for c in relative(view["hand_counts"], viewer)),
            view["stock_count"] / self.game.pieces.size,
            *(s / self.score_scale for s in relative(view["scores"], viewer)),
            view["round"] / ROUND_SCALE,
            *one_hot(None if to_move is None else (to_move - viewer) % n, n),
        ]

    def _add_known(self, planes: Planes, first: int, known: Sequence[Sequence[int]]) -> None:
        """Face counts of the known faces of relative seats 1.. on rows from ``first``."""
        planes.add_rows(first, known)

    @abstractmethod
    def _declare(self) -> None:
        """Declare the rows (``self.layout.rows``)."""

    @abstractmethod
    def _fill(
        self, planes: Planes, view: Mapping[str, Any], viewer: int, known: Sequence[Sequence[int]]
    ) -> list[float]:
        """Add ``view``'s face rows to ``planes``; returns the ``scalars`` row."""


def closed_hand_scale(game: Game[Any, Any]) -> float:
    """The points of a reward of 1 in Okey and Turkish Rummy: the game's ``returns_scale``."""
    return float(cast(ClosedHandGame[Any], game).returns_scale)


CLOSED_PHASES = ("opening", "draw", "discard", "last_chance", "finish_only", "over")


class ClosedHandEncoder(Encoder):
    """Okey and Turkish Rummy (:mod:`rummykit.engine.closed_hand`): one discard pile per seat
    (Okey) or one shared pile (Turkish Rummy)."""

    def _declare(self) -> None:
        n, rows = self.players, self.layout.rows
        self.piles = len(self.game.new_state(0).discards)
        rows("hand", 1, "own hand, count of each face")
        rows(
            "discards",
            self.piles,
            "each discard pile as the view shows it (Okey: the pile of relative "
            "seat k, the whole history or only the top with discard_history=top_only; Turkish Rummy: "
            "the one pile), face counts",
        )
        rows("tops", self.piles, "the top of each pile, one-hot")
        rows("takeable", 1, "the piece the seat to move may take now, one-hot")
        rows("known", n - 1, "relative seats 1..n-1: pieces everyone saw them take and still held, counts")
        rows("wilds", 1, "faces wild this round, flags")
        rows("joker_as", 1, "the face a non-wild joker stands for (Okey's false jokers), one-hot")
        rows("aside", 1, "the indicator (Okey) or up card (Turkish Rummy), one-hot")
        rows(
            "scalars",
            1,
            f"hand sizes /15 ({n}), stock size /pieces (1), scores /score_scale ({n}), "
            f"round /10 (1), to move ({n}), phase one-hot {CLOSED_PHASES} (6), first turn (1), "
            f"seats that showed the indicator's twin ({n}), each seat's place in the order of play /players "
            f"({n}); seats relative to the viewer",
        )

    def _fill(
        self, planes: Planes, view: Mapping[str, Any], viewer: int, known: Sequence[Sequence[int]]
    ) -> list[float]:
        n, at = self.players, self.layout.index
        planes.add(at["hand"], view["hand"])
        piles = view["discards"] if self.piles == 1 else relative(view["discards"], viewer)
        planes.add_rows(at["discards"], piles)
        planes.add_rows(at["tops"], [pile[-1:] for pile in piles])
        planes.one(at["takeable"], view["takeable"])
        self._add_known(planes, at["known"], known)
        planes.add(at["wilds"], view["wilds"])
        planes.one(at["joker_as"], view["joker_as"])
        planes.one(at["aside"], view.get("indicator", view.get("up_card")))
        order = view["order"]
        return [
            *self._common_scalars(view, viewer, 15.0),
            *one_hot(CLOSED_PHASES.index(view["phase"]), len(CLOSED_PHASES)),
            float(bool(view["first_turn"])),
            *seat_flags(view.get("shown", ()), viewer, n),
            *(order.index(s) / n for s in relative(list(range(n)), viewer)),
        ]


MAX_MELDS = 35
"""Kalooki's table meld numbers are 1..35 (one column each in the meld rows)."""
KALOOKI_PHASES = ("draw", "play", "over")


class KalookiEncoder(Encoder):
    """Kalooki: the hand, the discard pile, and the table meld by meld (rows indexed by meld
    number, so the lay-off and release ids' meld numbers line up with them)."""

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

    def _fill(
        self, planes: Planes, view: Mapping[str, Any], viewer: int, known: Sequence[Sequence[int]]
    ) -> list[float]:
        n, at = self.players, self.layout.index
        planes.add(at["hand"], view["hand"])
        planes.add(at["discards"], view["discards"])
        planes.one(at["takeable"], view["takeable"])
        self._add_known(planes, at["known"], known)
        table = view["table"]
        flags, numbers = at["meld_flags"], [m["number"] - 1 for m in table]
        for m, col in zip(table, numbers, strict=True):
            planes.add(at["meld_cards"] + col, m["stands_for"])
            planes.one(at["meld_owner"] + (m["owner"] - viewer) % n, col)
        if table:
            rows = np.asarray(numbers, dtype=np.intp)[group_rows([m["faces"] for m in table])]
            faces = np.fromiter(chain.from_iterable(m["faces"] for m in table), dtype=np.intp)
            stands = np.fromiter(chain.from_iterable(m["stands_for"] for m in table), dtype=np.intp)
            jokers = faces == JOKER
            planes.add_array(at["meld_jokers"] + rows[jokers], stands[jokers])
        planes.add(flags, numbers)
        planes.add(flags + 1, [col for m, col in zip(table, numbers, strict=True) if m["kind"] == "run"])
        planes.add(flags + 2, [col for m, col in zip(table, numbers, strict=True) if m["closed"]])
        planes.add(flags + 3, [p - 1 for p in view["pending"]])
        return [
            *self._common_scalars(view, viewer, 14.0),
            *one_hot(KALOOKI_PHASES.index(view["phase"]), len(KALOOKI_PHASES)),
            *seat_flags(view["opened"], viewer, n),
            *seat_flags(view["active"], viewer, n),
            view["reshuffles"] / (self.game.rules.max_reshuffles + 1),
        ]


DRAFT_MELDS = 40
"""Carousel's draft meld numbers are 1..40 (one row each)."""
CAROUSEL_PHASES = ("turn", "over")
EDITS_SCALE = 100.0
"""Carousel's draft edit count is written divided by this."""


class CarouselEncoder(Encoder):
    """Carousel: the hand, the table as it is, and the draft (the table being rearranged this
    turn) meld by meld, row ``i`` for draft meld ``i + 1`` as the edit ids number them."""

    def _declare(self) -> None:
        n, rows = self.players, self.layout.rows
        rows("hand", 1, "own hand, count of each face")
        rows("table", 1, "the table as it is: the card each card stands for (a joker as its card), counts")
        rows("table_jokers", 1, "the table's jokers, by the card each stands for, counts")
        rows("draft_cards", DRAFT_MELDS, "row i: draft meld i+1, the card each card stands for, counts")
        rows("draft_jokers", DRAFT_MELDS, "row i: draft meld i+1, its jokers by the card each stands for")
        rows("draft_played", 1, "the mover's hand cards placed in the draft, counts")
        rows(
            "scalars",
            1,
            f"hand sizes /25 ({n}), stock size /pieces (1), scores /target ({n}), round /10 "
            f"(1), to move ({n}), phase one-hot {CAROUSEL_PHASES} (2), seats that have melded ({n}), rounds "
            f"won /10 ({n}), draws this turn /3 (1), melded this turn (1), last turns (1), freed jokers "
            f"to place (1), draft changed (1), can undo (1), draft edits /100 (1)",
        )

    def _fill(
        self, planes: Planes, view: Mapping[str, Any], viewer: int, known: Sequence[Sequence[int]]
    ) -> list[float]:
        n, at = self.players, self.layout.index
        planes.add(at["hand"], view["hand"])
        table = view["table"]
        for m in table:
            planes.add(at["table"], m["stands_for"])
        if table:
            faces = np.fromiter(chain.from_iterable(m["faces"] for m in table), dtype=np.intp)
            stands = np.fromiter(chain.from_iterable(m["stands_for"] for m in table), dtype=np.intp)
            jokers = stands[faces == JOKER]
            planes.add_array(np.full(jokers.size, at["table_jokers"], dtype=np.intp), jokers)
        draft = view["draft"]
        melds = draft["melds"]
        stands, declared = declared_faces(list(chain.from_iterable(melds)))
        rows = group_rows(melds)
        planes.add_array(at["draft_cards"] + rows, stands)
        planes.add_array(at["draft_jokers"] + rows[declared], stands[declared])
        planes.add(at["draft_played"], draft["played"])
        return [
            *self._common_scalars(view, viewer, 25.0),
            *one_hot(CAROUSEL_PHASES.index(view["phase"]), len(CAROUSEL_PHASES)),
            *seat_flags(view["melded"], viewer, n),
            *(w / ROUND_SCALE for w in relative(view["rounds_won"], viewer)),
            view["draws"] / 3,
            float(view["melded_this_turn"]),
            float(view["last_turns"]),
            float(draft["floating"]),
            float(draft["changed"]),
            float(draft["can_undo"]),
            draft["edits"] / EDITS_SCALE,
        ]
