"""What a closed-hand seat's session shows beyond the observation (Okey, Turkish Rummy): the rack is
arranged by the rules' hand profile and the round's wilds, and the hint is the exact solver's best
move for the seat's hand: before drawing, take or draw (or pass); with a finish, the best finish;
else the discard that leaves the fewest pieces out of melds; with the best arrangement of what is
kept (:func:`closed_hand_hint`, as data, which the terminal and the browser word).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from rummykit.core.melds import Wilds
from rummykit.session.assist import SeatAssist, arrangement_view
from rummykit.session.messages import SessionError
from rummykit.session.session import SeatSession
from rummykit.solvers.arrange import Arrangement
from rummykit.solvers.report import HandProfile, best_arrangement, finishes, whole_hand_kinds
from rummykit.variants.closed_hand.actions import Verb
from rummykit.variants.closed_hand.game import ClosedHandGame


class Move(StrEnum):
    """The move a closed-hand hint suggests."""

    TAKE_TO_FINISH = "take_to_finish"
    TAKE = "take"
    DRAW = "draw"
    PASS = "pass"
    FINISH = "finish"
    DISCARD = "discard"


@dataclass(frozen=True)
class ClosedHandHint:
    """A closed-hand game's hint.

    ``move`` and ``piece`` (the piece taken, finished with or discarded; ``None`` for draw and
    pass); ``finishes``: after :attr:`Move.TAKE_TO_FINISH`, the discards that finish; ``left_out``:
    pieces out of melds after a :attr:`Move.TAKE` or :attr:`Move.DISCARD`; ``kinds``: how a
    finish lays down (``melds``, ``pairs``) and whether it discards a wild (``wild``);
    ``arrangement``: the best arrangement of the pieces kept (before drawing: of the rack; after
    :attr:`Move.TAKE`: of the rack with the piece taken, less the best discard, the arrangement
    ``left_out`` counts).
    ``show``: the indicator whose twin may be shown now (Okey), else ``None``.
    """

    move: Move
    piece: int | None
    arrangement: Arrangement
    finishes: tuple[int, ...] = ()
    left_out: int | None = None
    kinds: tuple[str, ...] = ()
    show: int | None = None


def left_out(profile: HandProfile, faces: Sequence[int], wilds: Wilds) -> int:
    """How many of ``faces`` the best arrangement leaves out of melds (or pairs)."""
    return len(best_arrangement(profile, faces, wilds).ungrouped)


def best_discard(
    profile: HandProfile, rack: Sequence[int], wilds: Wilds, choices: Sequence[int]
) -> tuple[int, int]:
    """(pieces left out after the best discard, that discard) among ``choices``: the fewest left
    out, a natural before a wild, then the highest face."""
    scored = []
    for face in choices:
        rest = list(rack)
        rest.remove(face)
        scored.append((left_out(profile, rest, wilds), wilds.is_wild(face), -face, face))
    fewest, _, _, face = min(scored)
    return fewest, face


def finish_kinds(profile: HandProfile, rest: Sequence[int], face: int, wilds: Wilds) -> tuple[str, ...]:
    """How the ``rest`` lays down after finishing with ``face``: ``melds``/``pairs``, and ``wild``
    when ``face`` is wild (a wild finish)."""
    kinds = [str(k) for k in whole_hand_kinds(profile, rest, wilds)]
    if wilds.is_wild(face):
        kinds.append("wild")
    return tuple(kinds)


def _finish_value(profile: HandProfile, rack: Sequence[int], face: int, wilds: Wilds) -> int:
    """A finish's weight as the games score it: pairs and wild finishes count double."""
    rest = list(rack)
    rest.remove(face)
    kinds = finish_kinds(profile, rest, face, wilds)
    return (2 if "pairs" in kinds else 1) * (2 if "wild" in kinds else 1)


def closed_hand_hint(
    profile: HandProfile,
    rack: Sequence[int],
    wilds: Wilds,
    takeable: int | None,
    verbs: dict[str, list[str]],
    finish_faces: Sequence[int],
    discard_faces: Sequence[int],
    show: int | None = None,
) -> ClosedHandHint:
    """The hint for ``rack`` (faces, in the player's order) with ``wilds``; ``takeable`` is the
    discard the seat may take; ``verbs`` the legal action texts by verb (see
    :meth:`rummykit.session.SeatSession.choices`); ``finish_faces`` and ``discard_faces`` the pieces
    of the legal finishes and discards; ``show`` the indicator when showing its twin is legal."""
    if "draw" in verbs or "pass" in verbs:
        arrangement = best_arrangement(profile, rack, wilds)
        if takeable is not None:
            wins = finishes(profile, [*rack, takeable], wilds)
            if wins:
                return ClosedHandHint(Move.TAKE_TO_FINISH, takeable, arrangement, tuple(wins), show=show)
            with_take, discard = best_discard(profile, [*rack, takeable], wilds, rack)
            if with_take < len(arrangement.ungrouped):
                kept = [*rack, takeable]
                kept.remove(discard)
                after = best_arrangement(profile, kept, wilds)
                return ClosedHandHint(Move.TAKE, takeable, after, left_out=with_take, show=show)
        move = Move.PASS if "pass" in verbs else Move.DRAW
        return ClosedHandHint(move, None, arrangement, show=show)
    if finish_faces:
        face = max(finish_faces, key=lambda f: _finish_value(profile, rack, f, wilds))
        rest = list(rack)
        rest.remove(face)
        kinds = finish_kinds(profile, rest, face, wilds)
        return ClosedHandHint(
            Move.FINISH, face, best_arrangement(profile, rest, wilds), kinds=kinds, show=show
        )
    fewest, face = best_discard(profile, rack, wilds, discard_faces)
    rest = list(rack)
    rest.remove(face)
    arrangement = best_arrangement(profile, rest, wilds)
    return ClosedHandHint(Move.DISCARD, face, arrangement, left_out=fewest, show=show)


def wilds_of(observation: dict[str, Any]) -> Wilds:
    """The round's wilds from a closed-hand observation (``wilds`` faces, ``joker_as``)."""
    return Wilds(frozenset(observation["wilds"]), observation["joker_as"])


class ClosedHandAssist(SeatAssist[ClosedHandGame[Any]]):
    """A closed-hand game's seat help: the rack's hand logic and :func:`closed_hand_hint`."""

    def hand_logic(self, observation: dict[str, Any]) -> tuple[HandProfile, Wilds]:
        """The rules' hand profile and the round's wilds (:func:`wilds_of`)."""
        return self.game.rules.hand_profile(), wilds_of(observation)

    def hint(self, state: Any, seat: int) -> dict[str, Any]:
        """:func:`closed_hand_hint` for the seat's hand and legal actions, pieces in notation:
        ``move`` (``take_to_finish``, ``take``, ``draw``, ``pass``, ``finish``, ``discard``),
        ``piece``, ``finishes``, ``left_out``, ``kinds``, ``show`` and the ``arrangement``
        (``melds``, ``out``). Raises ``no_hint`` when the seat is not to move."""
        game = self.game
        observation = game.observe(state, seat)
        legal = game.legal_actions(state, seat)
        session = SeatSession(game, seat)
        session.update(observation, (), legal)
        if not session.my_turn or not legal:
            raise SessionError("no_hint")
        finishes = [a.face for a in legal if a.verb is Verb.FINISH and a.face is not None]
        discards = [a.face for a in legal if a.verb is Verb.DISCARD and a.face is not None]
        show = observation.get("indicator") if session.can("show") else None
        hint = closed_hand_hint(
            game.rules.hand_profile(),
            session.hand,
            wilds_of(observation),
            observation["takeable"],
            session.choices(),
            finishes,
            discards,
            show,
        )

        def piece(face: int | None) -> str | None:
            return None if face is None else game.name(face)

        return {
            "move": hint.move.value,
            "piece": piece(hint.piece),
            "finishes": [game.name(f) for f in hint.finishes],
            "left_out": hint.left_out,
            "kinds": list(hint.kinds),
            "show": piece(hint.show),
            "arrangement": arrangement_view(game.kind, hint.arrangement),
        }
