"""Kalooki as a learning environment: its observation encoder (rows in ``docs/envs.md``) and its
environment spec (``kalooki_v0``; penalty points, the match's result paid at its end)."""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter
from typing import Any, cast

from rummykit.core.pieces import JOKER
from rummykit.engine.game import Game
from rummykit.envs.encoder import Encoder
from rummykit.envs.encoding import ONE_HOT, ZERO_ROW, Array, TableRows, face_row
from rummykit.envs.factored import Block, Factoring
from rummykit.envs.specs import EnvSpec
from rummykit.variants.kalooki import actions
from rummykit.variants.kalooki.game import KalookiGame, KalookiSeatView

MAX_MELDS = 35
"""Kalooki's table meld numbers are 1..35 (one column each in the meld rows)."""


KALOOKI_PHASES = ("draw", "play", "over")
PHASE_FLAGS = {phase: [int(p == phase) for p in KALOOKI_PHASES] for phase in KALOOKI_PHASES}
"""Each phase's one-hot flags, in :data:`KALOOKI_PHASES`' order."""
MELD_ROW = bytes((i - 1) % 256 for i in range(256))
"""``bytes.translate`` table: a meld number to its column (number - 1)."""


class KalookiEncoder(Encoder):
    """Kalooki: the hand, the discard pile, and the table meld by meld (rows indexed by meld
    number, so the lay-off and release ids' meld numbers line up with them). The rows follow one
    another in a fixed order, each one group of faces: the hand, the pile, the takeable card, the
    known cards, the table's block (:class:`~rummykit.envs.encoding.TableRows`), the pending
    melds."""

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
        self._table = TableRows(MAX_MELDS, n, itemgetter("closed"))
        self._seat_view = cast(KalookiGame, self.game).seat_view
        """The game's ``seat_view``, bound once."""
        assert self.layout.index["meld_cards"] + self._table.height == self.layout.index["meld_flags"] + 3

    def _divisors_after_common(self) -> list[float]:
        n = self.players
        return [1.0] * (len(KALOOKI_PHASES) + 2 * n) + [self.game.rules.max_reshuffles + 1.0]

    def encode_state(self, state: Any, seat: int | None) -> Array:
        """The array of ``game.observe(state, seat)``, made from the engine's ``seat_view``,
        read-only."""
        viewer = 0 if seat is None else seat
        return self._array(*self._fill_seen(self._seat_view(state, seat), viewer), read_only=True)

    def _fill(self, view: Mapping[str, Any], viewer: int) -> tuple[list[bytes], list[float]]:
        seen = KalookiSeatView(
            view["seat"],
            view["round"],
            view["dealer"],
            view["to_move"],
            view["phase"],
            view["scores"],
            bytes(view["hand"]),
            view["hand_counts"],
            view["stock_count"],
            list(map(bytes, view["known"])),
            view["table"],
            bytes(view["discards"]),
            view["opened"],
            view["pending"],
            view["retracted"],
            view["active"],
            view["reshuffles"],
            view["takeable"],
        )
        return self._fill_seen(seen, viewer)

    def _fill_seen(self, seen: KalookiSeatView, viewer: int) -> tuple[list[bytes], list[float]]:
        """The face rows of ``seen`` (:data:`face_row` of each group of faces, found in its cache
        when unchanged since the last observations; the table's block kept while the table is
        unchanged) and the scalar row's numbers."""
        (
            _,
            round_no,
            _,
            to_move,
            phase,
            scores,
            hand,
            counts,
            stock,
            known,
            table,
            discards,
            opened,
            pending,
            _,
            active,
            reshuffles,
            takeable,
        ) = seen
        rows = [
            face_row(hand),
            face_row(discards),
            ONE_HOT[takeable],
            *map(face_row, known[viewer + 1 :]),
            *map(face_row, known[:viewer]),
            *self._table.of(table, JOKER, viewer),
            face_row(bytes(pending).translate(MELD_ROW)) if pending else ZERO_ROW,
        ]
        numbers = [
            *self._common_numbers(counts, stock, scores, round_no, to_move, viewer),
            *PHASE_FLAGS[phase],
            *self._seat_flags(opened, viewer),
            *self._seat_flags(active, viewer),
            reshuffles,
        ]
        return rows, numbers


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
