"""What a seat's session shows beyond the observation, per game: the interface each game package
implements in its ``assist`` module (named in its declaration,
:attr:`rummykit.variants.declaration.GamePackage.assist`), which the server and the clients ask
without knowing the game.

Three things, each computed from what the seat may see (its observation and legal actions, or
parts of the state that seat sees: its hand and the table):

- :meth:`SeatAssist.hand_logic`: what arranges the seat's hand on a rack (the rules' hand profile
  and the round's wilds), or ``None`` where the game has no rack to arrange;
- :meth:`SeatAssist.hint`: the hint, as data a client words (``docs/protocol.md``, "Helping a
  seat");
- :meth:`SeatAssist.extras`: what a ``state`` message carries besides the observation and the
  legal actions (Kalooki's opening total, Carousel's draft checks), by key.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from rummykit.core.melds import Meld, MeldKind, Wilds
from rummykit.core.notation import format_face
from rummykit.core.pieces import Kind
from rummykit.engine.game import Game
from rummykit.solvers.arrange import Arrangement
from rummykit.solvers.report import HandProfile

G = TypeVar("G", bound=Game[Any, Any])


class SeatAssist(ABC, Generic[G]):
    """A game's help for its seats, for ``game`` (one per table or client). ``state`` arguments
    are states of that game."""

    def __init__(self, game: G) -> None:
        self.game = game

    def hand_logic(self, observation: dict[str, Any]) -> tuple[HandProfile, Wilds] | None:
        """What arranges the hand of ``observation`` on a rack: the rules' hand profile and this
        round's wilds; ``None`` (the default) where the game has no rack to arrange."""
        return None

    @abstractmethod
    def hint(self, state: Any, seat: int) -> dict[str, Any]:
        """The hint for ``seat`` in ``state``, computed from what that seat may see only; raises
        :class:`rummykit.session.messages.SessionError` ``no_hint`` when ``seat`` is not to
        move."""

    def extras(
        self,
        state: Any,
        viewer: int | None,
        observation: dict[str, Any],
        legal: list[dict[str, Any]],
        actions: Sequence[Any],
    ) -> dict[str, Any]:
        """What a ``state`` message for ``viewer`` (``None``: a spectator) carries besides the
        observation and the legal actions, by key; it may add to each entry of ``legal`` (the
        message's offers of ``actions``, in order). The default adds nothing."""
        return {}


def arrangement_view(kind: Kind, arrangement: Arrangement) -> dict[str, Any]:
    """An arrangement of a hint as a client shows it: ``melds`` (each a list of pieces in
    notation, a run's in the order of the ranks they stand for, a wild or a joker followed by
    what it stands for in brackets: ``F[B2] B3 B2[B4] B5``), ``out`` (the pieces left out, in face
    order: by colour or suit, then rank, whatever order the partition found them in) and
    ``kind`` (``melds``, or ``pairs`` for a seven-pairs partition: its ``out`` are left out of
    pairs)."""
    return {
        "melds": [meld_pieces(kind, meld) for meld in arrangement.melds],
        "out": [format_face(kind, f) for f in sorted(arrangement.ungrouped)],
        "kind": str(arrangement.kind),
    }


def meld_pieces(kind: Kind, meld: Meld) -> list[str]:
    """A meld's pieces as :func:`arrangement_view` writes them: a run by the positions its pieces
    take, a piece standing for another face with that face in brackets."""
    pieces = list(zip(meld.positions, meld.faces, meld.stands_for, strict=True))
    if meld.kind is MeldKind.RUN:
        pieces.sort(key=lambda p: p[0])
    return [
        format_face(kind, face)
        if face == stands
        else f"{format_face(kind, face)}[{format_face(kind, stands)}]"
        for _, face, stands in pieces
    ]
