"""The closed-hand games' observation encoder (Okey, Turkish Rummy; rows in ``docs/envs.md``)
and their rewards' scale."""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter
from typing import Any, cast

from rummykit.engine.game import Game
from rummykit.envs.encoder import Encoder
from rummykit.envs.encoding import ONE_HOT, Array, LastRow, face_row
from rummykit.variants.closed_hand.game import ClosedHandGame, SeatView


def closed_hand_scale(game: Game[Any, Any]) -> float:
    """The points of a reward of 1 in Okey and Turkish Rummy: the game's ``returns_scale``."""
    return float(cast(ClosedHandGame[Any], game).returns_scale)


CLOSED_PHASES = ("opening", "draw", "discard", "last_chance", "finish_only", "over")
TOP = itemgetter(slice(-1, None))
"""The top of a pile of faces (``bytes``): its last face, or nothing."""
PHASE_FLAGS = {phase: [float(p == phase) for p in CLOSED_PHASES] for phase in CLOSED_PHASES}
"""Each phase's one-hot flags, in :data:`CLOSED_PHASES`' order (``float``: the scalar row packs
them undivided)."""


class ClosedHandEncoder(Encoder):
    """Okey and Turkish Rummy (:mod:`rummykit.variants.closed_hand.game`): one discard pile per seat
    (Okey) or one shared pile (Turkish Rummy). Every face row is one group of a fixed list (one
    row of its own)."""

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

        self._places: dict[tuple[int, ...], list[float]] = {}
        """By viewer and order of play: each relative seat's place in that order over the players
        (the scalar row's last numbers, divided here once: their scales are 1)."""
        self._seat_view = cast(ClosedHandGame[Any], self.game).seat_view
        """The game's ``seat_view``, bound once."""
        self._no_seats = [0.0] * n
        """The seat flags of no seat (:meth:`_seat_flags` of none)."""
        self._hands = [LastRow().of for _ in range(n)]
        """By viewer: the row of its hand, made from the row of the hand it last saw."""

    def _divisors_after_common(self) -> list[float]:
        n = self.players
        return [1.0] * (len(CLOSED_PHASES) + 1 + 2 * n)

    def encode_state(self, state: Any, seat: int | None) -> Array:
        """The array of ``game.observe(state, seat)``, made from the engine's ``seat_view``,
        read-only."""
        viewer = 0 if seat is None else seat
        return self._array(*self._fill_seen(self._seat_view(state, seat), viewer), read_only=True)

    def _fill(self, view: Mapping[str, Any], viewer: int) -> tuple[list[bytes], list[float]]:
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

    def _fill_seen(self, seen: SeatView, viewer: int) -> tuple[list[bytes], list[float]]:
        """The face rows of ``seen`` (:data:`face_row` of each group of faces, found in its cache
        when unchanged since the last observations) and the scalar row's numbers."""
        n = self.players
        (
            _,
            round_no,
            to_move,
            phase,
            scores,
            hand,
            counts,
            stock,
            known,
            order,
            wilds,
            joker_as,
            piles,
            takeable,
            first_turn,
            aside,
            shown,
        ) = seen
        if viewer:
            known = known[viewer:] + known[:viewer]
            if self.piles > 1:
                piles = piles[viewer:] + piles[:viewer]
        rows = [
            self._hands[viewer](hand),
            *map(face_row, piles),
            *map(face_row, map(TOP, piles)),
            ONE_HOT[takeable],
            *map(face_row, known[1:]),
            face_row(wilds),
            ONE_HOT[joker_as],
            ONE_HOT[aside],
        ]
        key = (viewer, *order)
        places = self._places.get(key)
        if places is None:
            places = self._places[key] = [0.0] * n
            for place, seat in enumerate(order):
                places[(seat - viewer) % n] = place / n
        numbers = [
            *self._common_numbers(counts, stock, scores, round_no, to_move, viewer),
            *PHASE_FLAGS[phase],
            1.0 if first_turn else 0.0,
            *(self._seat_flags(shown, viewer) if shown else self._no_seats),
            *places,
        ]
        return rows, numbers
