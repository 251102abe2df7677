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

from rummykit.core.melds import MeldKind, MeldRules, Wilds
from rummykit.engine.codec import from_jsonable
from rummykit.engine.game import Game, RoundResult
from rummykit.engine.piece_pool import FacePool
from rummykit.engine.table import TableMeld, table_meld
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
    views: Iterable[Mapping[str, Any]], pool: FacePool, rules: MeldRules, wilds: Wilds, fixed_sets: bool
) -> list[TableMeld]:
    """The table melds an observation shows (each view's ``number``, ``owner``, ``kind``,
    ``faces`` and ``stands_for``), ids from ``pool``. A run's wilds are declared as what they stand
    for, and so are a set's when ``fixed_sets`` (Carousel) or when the validator would assign them
    otherwise (Kalooki: a set's wilds stand for the missing suits in suit order unless declared).
    Raises ``ValueError`` for a view that is no such meld."""
    melds = []
    for view in views:
        faces, stands = view["faces"], view["stands_for"]
        played = pool.take(faces)
        wild = [wilds.is_wild(f) for f in faces]
        said = [s if w else None for s, w in zip(stands, wild, strict=True)]
        tries = [said] if fixed_sets or view["kind"] != MeldKind.SET.value else [[None] * len(faces), said]
        for declared in tries:
            try:
                meld = table_meld(
                    view["number"],
                    view["owner"],
                    list(zip(played, declared, strict=True)),
                    pool.pieces,
                    rules,
                    wilds,
                )
            except MeldError:
                continue
            if list(meld.meld.faces) == faces and list(meld.meld.stands_for) == stands:
                melds.append(meld)
                break
        else:
            raise ValueError(f"the observation's table meld {view['number']} is not a meld as shown")
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
