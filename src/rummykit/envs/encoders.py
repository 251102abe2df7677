"""One observation encoder per game: a seat's view as a fixed-shape ``float32`` array.

An encoder is built once per game (its shape follows the rules: the number of players) and turns
``game.observe(state, seat)`` (nothing else) into an array of shape ``(rows, 53)``
(:meth:`Encoder.encode`); :meth:`Encoder.encode_state` gives the same array from the state, reading
only that seat's view (the closed-hand games read the engine's ``seat_view``, the part of
``observe`` the array needs, without building the rest of the dict); see
:mod:`rummykit.envs.encoding` for the conventions and ``docs/envs.md`` for every row.
:meth:`Encoder.describe` lists the rows of an encoder's layout.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from operator import truediv
from typing import Any, ClassVar, cast

import numpy as np

from rummykit.core.pieces import JOKER
from rummykit.engine.game import Game
from rummykit.envs.encoding import WIDTH, Array, Planes, RowBuilder
from rummykit.variants.closed_hand.game import ClosedHandGame, SeatView

ROUND_SCALE = 10.0
"""The round number is written divided by this."""


class Encoder(ABC):
    """A game's observation layout; ``score_scale`` (points) divides the scores written,
    ``hand_size`` the hand sizes."""

    hand_size: ClassVar[float]

    def __init__(self, game: Game[Any, Any], score_scale: float) -> None:
        self.game = game
        self.players = game.players
        self.score_scale = score_scale
        self.layout = RowBuilder()
        self._declare()
        self._size = self.layout.height * WIDTH
        self._scalars_at = self.layout.index["scalars"] * WIDTH
        n = self.players
        common = [self.hand_size] * n + [game.pieces.size] + [score_scale] * n + [ROUND_SCALE] + [1.0] * n
        self._divisor_list = [float(d) for d in common + self._divisors_after_common()]

    @property
    def shape(self) -> tuple[int, int]:
        """``(rows, 53)``."""
        return (self.layout.height, WIDTH)

    def describe(self) -> list[str]:
        """The layout, one line per row group."""
        return self.layout.describe()

    def encode(self, view: Mapping[str, Any]) -> Array:
        """The array of ``view`` (a ``game.observe`` dict): the face rows counted at once
        (:func:`rummykit.envs.encoding.count_faces`), the scalar row's numbers divided by their
        scales."""
        seat = view["seat"]
        return self._array(*self._fill(view, 0 if seat is None else seat))

    def encode_state(self, state: Any, seat: int | None) -> Array:
        """The array of ``game.observe(state, seat)`` (exactly :meth:`encode`'s), made from the
        seat's view without the whole observation where the game offers one."""
        return self.encode(self.game.observe(state, seat))

    def _array(self, out: Array, numbers: Sequence[float]) -> Array:
        """``out`` (flat face rows) with the scalar row's ``numbers`` divided by their scales
        (one float64 division each, as ``numpy.divide`` does), shaped ``(rows, 53)``."""
        at = self._scalars_at
        out[at : at + len(numbers)] = list(map(truediv, numbers, self._divisor_list))
        return out.reshape(self.layout.height, WIDTH)

    def _common_numbers(
        self,
        counts: Sequence[int],
        stock: int,
        scores: Sequence[int],
        round_no: int,
        to_move: int | None,
        viewer: int,
    ) -> list[float]:
        """The scalar row's first numbers: hand sizes and scores (relative), the stock's size, the
        round and who is to move (relative one-hot); their scales are ``hand_size``, pieces,
        ``score_scale``, 10 and 1."""
        moving = [0] * self.players
        if to_move is not None:
            moving[(to_move - viewer) % self.players] = 1
        return [
            *counts[viewer:],
            *counts[:viewer],
            stock,
            *scores[viewer:],
            *scores[:viewer],
            round_no,
            *moving,
        ]

    def _view_numbers(self, view: Mapping[str, Any], viewer: int) -> list[float]:
        """:meth:`_common_numbers` of an observation dict."""
        return self._common_numbers(
            view["hand_counts"], view["stock_count"], view["scores"], view["round"], view["to_move"], viewer
        )

    def _seat_flags(self, seats: Iterable[int], viewer: int) -> list[int]:
        """One flag per relative position: whether its seat is among ``seats``."""
        flags = [0] * self.players
        for seat in seats:
            flags[(seat - viewer) % self.players] = 1
        return flags

    @abstractmethod
    def _declare(self) -> None:
        """Declare the rows (``self.layout.rows``)."""

    @abstractmethod
    def _divisors_after_common(self) -> list[float]:
        """The scales of the scalar row's numbers after the common ones (:meth:`_common_numbers`)."""

    @abstractmethod
    def _fill(self, view: Mapping[str, Any], viewer: int) -> tuple[Array, list[float]]:
        """``view``'s face rows as a flat array (``rows * WIDTH``, the scalar row zero) and the
        scalar row's numbers, each to be divided by its scale."""


def closed_hand_scale(game: Game[Any, Any]) -> float:
    """The points of a reward of 1 in Okey and Turkish Rummy: the game's ``returns_scale``."""
    return float(cast(ClosedHandGame[Any], game).returns_scale)


CLOSED_PHASES = ("opening", "draw", "discard", "last_chance", "finish_only", "over")


class ClosedHandEncoder(Encoder):
    """Okey and Turkish Rummy (:mod:`rummykit.variants.closed_hand.game`): one discard pile per seat
    (Okey) or one shared pile (Turkish Rummy). Every face row is one group of a fixed list (one
    precomputed offset each)."""

    hand_size = 15.0

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
        at = self.layout.index
        group_rows = [
            at["hand"],
            *range(at["discards"], at["discards"] + self.piles),
            *range(at["tops"], at["tops"] + self.piles),
            at["takeable"],
            *range(at["known"], at["known"] + n - 1),
            at["wilds"],
            at["joker_as"],
            at["aside"],
        ]
        self._offsets = np.multiply(group_rows, WIDTH, dtype=np.intp)
        """The flat index of each face group's row, in order."""

    def _divisors_after_common(self) -> list[float]:
        n = self.players
        return [1.0] * (len(CLOSED_PHASES) + 1 + n) + [float(n)] * n

    def encode_state(self, state: Any, seat: int | None) -> Array:
        """The array of ``game.observe(state, seat)``, made from the engine's ``seat_view``."""
        return self._encode_seen(cast(ClosedHandGame[Any], self.game).seat_view(state, seat))

    def _fill(self, view: Mapping[str, Any], viewer: int) -> tuple[Array, list[float]]:
        seen = SeatView(
            view["seat"],
            view["round"],
            view["to_move"],
            view["phase"],
            view["scores"],
            bytes(view["hand"]),
            view["hand_counts"],
            view["stock_count"],
            list(map(bytes, view["known"])),
            view["order"],
            bytes(view["wilds"]),
            view["joker_as"],
            list(map(bytes, view["discards"])),
            view["takeable"],
            view["first_turn"],
            view.get("indicator", view.get("up_card")),
            view.get("shown", []),
        )
        return self._fill_seen(seen, viewer)

    def _encode_seen(self, seen: SeatView) -> Array:
        return self._array(*self._fill_seen(seen, 0 if seen.seat is None else seen.seat))

    def _fill_seen(self, seen: SeatView, viewer: int) -> tuple[Array, list[float]]:
        """The face rows of ``seen`` (faces as bytes, joined and read by numpy at once, each
        shifted by its group's row and all counted by one ``numpy.bincount``) and the scalar row's
        numbers."""
        n = self.players
        known, piles = seen.known, seen.discards
        if viewer:
            known = known[viewer:] + known[:viewer]
            if self.piles > 1:
                piles = piles[viewer:] + piles[:viewer]
        takeable, joker_as = seen.takeable, seen.joker_as
        groups = [
            seen.hand,
            *piles,
            *[pile[-1:] for pile in piles],
            b"" if takeable is None else bytes((takeable,)),
            *known[1:],
            seen.wilds,
            b"" if joker_as is None else bytes((joker_as,)),
            bytes((seen.aside,)),
        ]
        index = self._offsets.repeat(list(map(len, groups)))
        index += np.frombuffer(b"".join(groups), np.uint8)
        out = np.bincount(index, minlength=self._size).astype(np.float32)
        phase = [0] * len(CLOSED_PHASES)
        phase[CLOSED_PHASES.index(seen.phase)] = 1
        places = [0] * n
        for place, seat in enumerate(seen.order):
            places[(seat - viewer) % n] = place
        numbers = [
            *self._common_numbers(
                seen.hand_counts, seen.stock_count, seen.scores, seen.round, seen.to_move, viewer
            ),
            *phase,
            bool(seen.first_turn),
            *self._seat_flags(seen.shown, viewer),
            *places,
        ]
        return out, numbers


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

    def _divisors_after_common(self) -> list[float]:
        n = self.players
        return [1.0] * (len(KALOOKI_PHASES) + 2 * n) + [self.game.rules.max_reshuffles + 1.0]

    def _fill(self, view: Mapping[str, Any], viewer: int) -> tuple[Array, list[float]]:
        n, at = self.players, self.layout.index
        planes = Planes()
        planes.add(at["hand"], view["hand"])
        planes.add(at["discards"], view["discards"])
        planes.one(at["takeable"], view["takeable"])
        known = view["known"]
        planes.add_rows(at["known"], [*known[viewer + 1 :], *known[:viewer]])
        cards, jokers, owner = at["meld_cards"] - 1, at["meld_jokers"] - 1, at["meld_owner"]
        flags = at["meld_flags"]
        numbers, runs, closed = [], [], []
        for m in view["table"]:
            number = m["number"]
            numbers.append(number - 1)
            planes.add(cards + number, m["stands_for"])
            if JOKER in m["faces"]:
                planes.add(
                    jokers + number,
                    [s for f, s in zip(m["faces"], m["stands_for"], strict=True) if f == JOKER],
                )
            planes.one(owner + (m["owner"] - viewer) % n, number - 1)
            if m["kind"] == "run":
                runs.append(number - 1)
            if m["closed"]:
                closed.append(number - 1)
        planes.add(flags, numbers)
        planes.add(flags + 1, runs)
        planes.add(flags + 2, closed)
        planes.add(flags + 3, [p - 1 for p in view["pending"]])
        phase = [0] * len(KALOOKI_PHASES)
        phase[KALOOKI_PHASES.index(view["phase"])] = 1
        scalars = [
            *self._view_numbers(view, viewer),
            *phase,
            *self._seat_flags(view["opened"], viewer),
            *self._seat_flags(view["active"], viewer),
            view["reshuffles"],
        ]
        return planes.counts(self._size), scalars


DRAFT_MELDS = 40
"""Carousel's draft meld numbers are 1..40 (one row each)."""
CAROUSEL_PHASES = ("turn", "over")
EDITS_SCALE = 100.0
"""Carousel's draft edit count is written divided by this."""


class CarouselEncoder(Encoder):
    """Carousel: the hand, the table as it is, and the draft (the table being rearranged this
    turn) meld by meld, row ``i`` for draft meld ``i + 1`` as the edit ids number them."""

    hand_size = 25.0

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

    def _divisors_after_common(self) -> list[float]:
        n = self.players
        return [1.0] * (len(CAROUSEL_PHASES) + n) + [ROUND_SCALE] * n + [3.0] + [1.0] * 5 + [EDITS_SCALE]

    def _fill(self, view: Mapping[str, Any], viewer: int) -> tuple[Array, list[float]]:
        at = self.layout.index
        planes = Planes()
        planes.add(at["hand"], view["hand"])
        table_row, jokers_row = at["table"], at["table_jokers"]
        for m in view["table"]:
            planes.add(table_row, m["stands_for"])
            if JOKER in m["faces"]:
                planes.add(
                    jokers_row,
                    [s for f, s in zip(m["faces"], m["stands_for"], strict=True) if f == JOKER],
                )
        draft = view["draft"]
        cards_row, draft_jokers_row = at["draft_cards"], at["draft_jokers"]
        for i, meld in enumerate(draft["melds"]):
            planes.add(cards_row + i, [face if said is None else said for face, said in meld])
            said_faces = [said for _, said in meld if said is not None]
            if said_faces:
                planes.add(draft_jokers_row + i, said_faces)
        planes.add(at["draft_played"], draft["played"])
        rounds_won = view["rounds_won"]
        phase = [0] * len(CAROUSEL_PHASES)
        phase[CAROUSEL_PHASES.index(view["phase"])] = 1
        numbers = [
            *self._view_numbers(view, viewer),
            *phase,
            *self._seat_flags(view["melded"], viewer),
            *rounds_won[viewer:],
            *rounds_won[:viewer],
            view["draws"],
            bool(view["melded_this_turn"]),
            bool(view["last_turns"]),
            draft["floating"],
            bool(draft["changed"]),
            bool(draft["can_undo"]),
            draft["edits"],
        ]
        return planes.counts(self._size), numbers
