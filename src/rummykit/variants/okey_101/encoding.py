"""101 Okey as a learning environment (``okey_101_v0``): its observation encoder (rows in
``docs/envs.md``) and its environment spec (penalty points, the match's result paid at its end).

The array is made from the seat's view (``Okey101Game.observe``) only: its own rack, the discard
piles as the view shows them (whole, or only the tops with ``discard_history=top_only``), the tiles
everyone saw the others take, the indicator and the okey, and the public table meld by meld (rows
indexed by meld number, so the lay-off and swap ids' meld numbers line up with their columns).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rummykit.engine.game import Game
from rummykit.envs.encoder import Encoder
from rummykit.envs.encoding import MeldView, Planes, TableRows
from rummykit.envs.specs import EnvSpec
from rummykit.variants.okey_101.actions import MAX_MELDS
from rummykit.variants.okey_101.rules import HAND_SIZE

PHASES = ("draw", "play", "over")
"""The phases of a turn as the view names them, in the scalar row's one-hot order."""
MELD_FLAGS = ("on the table", "a run", "a pair", "laid this turn and not yet opening (pending)")
"""The flags of the ``meld_flags`` rows, one row each, column ``n-1`` for meld ``n``."""
FREED_SCALE = 2.0
"""The freed okeys still to be used are written divided by this (a round has two okeys)."""


class Okey101Encoder(Encoder):
    """101 Okey: the rack, the discard piles and their tops, the indicator and okey, the tiles that
    must go on the table this turn, and the table meld by meld (:data:`MAX_MELDS` columns, one per
    meld number)."""

    hand_size = float(HAND_SIZE + 1)

    def _declare(self) -> None:
        n, rows = self.players, self.layout.rows
        rows("hand", 1, "own rack, count of each face")
        rows("discards", n, "the discard pile of relative seat k as the view shows it, counts")
        rows("tops", n, "the top of the discard pile of relative seat k, one-hot")
        rows("takeable", 1, "the previous player's discard while the seat to move may take it, one-hot")
        rows("known", n - 1, "relative seats 1..n-1: tiles everyone saw them take and still held, counts")
        rows("aside", 1, "the indicator, one-hot")
        rows("okey", 1, "the okey's face (wild), one-hot")
        rows("must_place", 1, "tiles of the mover's rack that must go on the table this turn, counts")
        rows("taken", 1, "the tile taken from the discard pile this turn while it must be used, one-hot")
        rows(
            "meld_tiles",
            MAX_MELDS,
            "row n-1: table meld n, the tile each of its tiles stands for (an okey or a false joker "
            "as the tile it stands for), counts",
        )
        rows("meld_okeys", MAX_MELDS, "row n-1: table meld n, where its okeys are (the tile each stands for)")
        rows("meld_owner", n, "row k: flags (column n-1) of the table melds laid by relative seat k")
        rows("meld_flags", len(MELD_FLAGS), f"flags per table meld (column n-1): {', '.join(MELD_FLAGS)}")
        rows(
            "scalars",
            1,
            f"rack sizes /{HAND_SIZE + 1} ({n}), stock size /pieces (1), scores /score_scale ({n}), "
            f"round /10 (1), to move ({n}), phase one-hot {PHASES} (3), seats opened with melds ({n}), "
            f"seats opened with pairs ({n}), the mover had opened when the turn began (1), laid off "
            f"this turn (1), melds taken back this turn (1), tiles laid off this turn "
            f"/{HAND_SIZE + 1} (1), freed okeys still to be used /{FREED_SCALE:g} (1), rounds played "
            f"/rounds (1); seats relative to the viewer",
        )
        self._table = TableRows(MAX_MELDS, n, _is_pair)

    def _divisors_after_common(self) -> list[float]:
        n = self.players
        return [1.0] * (len(PHASES) + 2 * n + 3) + [
            self.hand_size,
            FREED_SCALE,
            float(self.game.rules.rounds),
        ]

    def _fill(self, view: Mapping[str, Any], viewer: int) -> tuple[list[bytes], list[float]]:
        at = self.layout.index
        planes = Planes(self.layout.height - 1)
        planes.add(at["hand"], view["hand"])
        piles = view["discards"]
        relative = [*piles[viewer:], *piles[:viewer]]
        planes.add_rows(at["discards"], relative)
        tops = at["tops"]
        for k, pile in enumerate(relative):
            planes.one(tops + k, pile[-1] if pile else None)
        planes.one(at["takeable"], view["takeable"])
        known = view["known"]
        planes.add_rows(at["known"], [*known[viewer + 1 :], *known[:viewer]])
        okey = view["okey"]
        planes.one(at["aside"], view["indicator"])
        planes.one(at["okey"], okey)
        planes.add(at["must_place"], view["must_place"])
        planes.one(at["taken"], view["taken"])
        planes.put(at["meld_tiles"], self._table.of(view["table"], okey, viewer))
        planes.add(at["meld_flags"] + 3, [p - 1 for p in view["pending"]])
        phase = [0] * len(PHASES)
        phase[PHASES.index(view["phase"])] = 1
        opened = view["opened"]
        scalars = [
            *self._view_numbers(view, viewer),
            *phase,
            *self._seat_flags((s for s, how in enumerate(opened) if how == "melds"), viewer),
            *self._seat_flags((s for s, how in enumerate(opened) if how == "pairs"), viewer),
            view["open_at_start"],
            view["laid_off"],
            view["retracted"],
            view["layoffs"],
            view["freed"],
            view["rounds_played"],
        ]
        return planes.rows(), scalars


def _is_pair(meld: MeldView) -> bool:
    return bool(meld["kind"] == "pair")


def _score_scale(game: Game[Any, Any]) -> float:
    """The points of a reward of 1: the finisher's bonus (101 by default)."""
    return float(abs(game.rules.finish_bonus) or 101)


ENV = EnvSpec("okey_101_v0", "okey_101", Okey101Encoder, _score_scale, -1.0, True, 1.0, (0.0, 1.0), 4)
"""101 Okey's environment: penalty points (a reward of 1 per ``finish_bonus`` points, 101 by
default; 101 when it is 0), the match's result (a win share) paid at its end, up to four players."""
