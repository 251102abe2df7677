"""What the table games (Kalooki, Carousel) share to rebuild a state from a seat's observation
(:meth:`rummykit.engine.game.Game.determinise`): checking that the observation is a seat's view of
the game, handing out piece ids by face, the table's melds from their public views, and the past
rounds' results.

Every error here is a ``ValueError`` naming what doesn't fit (an observation of another game or
table size, a spectator's, more copies of a face than the set holds, counts that don't add up).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from rummykit.core.melds import MeldKind, MeldRules, Wilds
from rummykit.core.notation import format_face
from rummykit.core.pieces import JOKER, N_FACES, PieceSet
from rummykit.engine.codec import from_jsonable
from rummykit.engine.game import Game, RoundResult
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


class FacePool:
    """Piece ids of ``pieces`` handed out by face, copy after copy; :meth:`unused` lists the rest."""

    def __init__(self, pieces: PieceSet) -> None:
        self.pieces = pieces
        self.used: Counter[int] = Counter()

    def take(self, faces: Iterable[int]) -> list[int]:
        """One unused id per face of ``faces``, in order; raises ``ValueError`` when a face has no
        copy left."""
        out = []
        for face in faces:
            copy = self.used[face]
            if type(face) is not int or not 0 <= face <= JOKER or copy >= self.pieces.copies_of(face):
                raise ValueError(
                    f"the observation shows more copies of {_name(self.pieces, face)} than the set holds"
                )
            self.used[face] = copy + 1
            out.append(self.pieces.piece(face, copy))
        return out

    def unused(self) -> list[int]:
        """The ids not handed out yet, by face then copy."""
        pieces, used = self.pieces, self.used
        return [pieces.piece(f, c) for f in range(N_FACES + 1) for c in range(used[f], pieces.copies_of(f))]

    def deal(self, hands: list[list[int]], counts: Sequence[int], stock_count: int, rng: Any) -> list[int]:
        """Shuffle the unused ids with ``rng`` (a ``random.Random``), top every hand up to its count
        (seat by seat) and return the rest, which must number ``stock_count``, as the stock; raises
        ``ValueError`` when the counts don't add up."""
        unseen = self.unused()
        rng.shuffle(unseen)
        missing = [count - len(hand) for hand, count in zip(hands, counts, strict=True)]
        if min(missing, default=0) < 0 or sum(missing) + stock_count != len(unseen):
            raise ValueError(
                "the observation's hand and stock counts don't match the pieces it leaves unseen"
            )
        for hand, more in zip(hands, missing, strict=True):
            hand += [unseen.pop() for _ in range(more)]
        return unseen


def pick(held: Sequence[int], face_of: Callable[[int], int], wanted: Iterable[int]) -> list[int]:
    """Distinct ids of ``held`` with the faces ``wanted``, in that order; raises ``ValueError`` if
    ``held`` lacks one."""
    left = list(held)
    out = []
    for face in wanted:
        piece = next((p for p in left if face_of(p) == face), None)
        if piece is None:
            raise ValueError("the observation shows a known piece that is not in the seat's hand")
        left.remove(piece)
        out.append(piece)
    return out


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


def _name(pieces: PieceSet, face: object) -> str:
    return format_face(pieces.kind, face) if type(face) is int and 0 <= face <= JOKER else repr(face)[:20]
