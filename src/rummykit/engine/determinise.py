"""What the games share to rebuild a state from a seat's observation
(:meth:`rummykit.engine.game.Game.determinise`): checking that the observation is a seat's view of
the game, the table's melds from their public views (Kalooki, Carousel), and the past rounds'
results. Piece ids are handed out by face with :class:`rummykit.engine.piece_pool.FacePool`.

Every error here is a ``ValueError`` naming what doesn't fit (an observation of another game or
table size, a spectator's, a table meld that isn't one).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rummykit.core.melds import MeldRules, Wilds
from rummykit.engine.codec import from_jsonable
from rummykit.engine.game import Game, RoundResult
from rummykit.engine.piece_pool import FacePool
from rummykit.engine.table import TableMeld, written_meld
from rummykit.errors import MeldError


def observer(game: Game[Any, Any], observation: Mapping[str, Any]) -> int:
    """The seat whose view ``observation`` is; raises ``ValueError`` for a spectator's view or one
    of another game or another number of players."""
    seat = observation.get("seat")
    if observation.get("variant") != game.variant or observation.get("players") != game.players:
        raise ValueError(
            f"determinise needs a seat's observation of {game.variant} with {game.players} players"
        )
    if type(seat) is not int or not 0 <= seat < game.players:
        raise ValueError(f"determinise needs a seat's observation of {game.variant}, not a spectator's")
    return seat


def table_from_views(
    views: Iterable[Mapping[str, Any]], pool: FacePool, rules: MeldRules, wilds: Wilds
) -> list[TableMeld]:
    """The table melds an observation shows (each view's ``number``, ``owner``, ``kind``,
    ``faces`` and ``stands_for``), ids from ``pool``, every wild declared as what it stands for
    and the pieces in the order shown (:func:`~rummykit.engine.table.written_meld`). Raises
    ``ValueError`` for a view that is no such meld."""
    melds = []
    for view in views:
        faces, stands = view["faces"], view["stands_for"]
        said = [s if wilds.is_wild(f) else None for f, s in zip(faces, stands, strict=True)]
        try:
            meld = written_meld(
                view["number"],
                view["owner"],
                list(zip(pool.take(faces), said, strict=True)),
                pool.pieces,
                rules,
                wilds,
            )
        except MeldError:
            meld = None
        if meld is None or list(meld.meld.stands_for) != stands or meld.kind.value != view["kind"]:
            raise ValueError(f"the observation's table meld {view['number']} is not a meld as shown")
        melds.append(meld)
    return melds


def past_results(last: Mapping[str, Any] | None) -> list[RoundResult]:
    """The results of the rounds played, from an observation's ``last_result``: that one as shown,
    every round before it a void result (kind ``void``, no winner, no score change, no notes),
    since an observation shows only the last (its scores are the running totals)."""
    if last is None:
        return []
    result = from_jsonable(RoundResult, last)
    players = len(result.deltas)
    return [RoundResult(r, None, "void", (0,) * players, ()) for r in range(1, result.round_no)] + [result]
