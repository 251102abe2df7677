"""The greedy bot of the closed-hand games (Okey, Turkish Rummy): every decision from the exact
solver, one move deep.

It shows the indicator's twin when it may (Okey); finishes whenever it can, preferring the finish
that scores most (a wild as the final discard, seven pairs); takes the discard it may take when that
leaves a better best 14 than its current rack; discards the piece whose removal leaves the best
arrangement (fewest pieces out of melds or pairs), never a wild unless it must. It reads the
observation's ``hand``, ``wilds``, ``joker_as`` and ``takeable`` and the game's rules only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummykit.core.melds import Wilds
from rummykit.memo import keep
from rummykit.solvers.arrange import WinKind
from rummykit.solvers.report import HandProfile, fewest_left, whole_hand_kinds
from rummykit.variants.closed_hand.actions import HandAction, Verb

LEFT_OUT_KEPT = 1 << 16
"""Hands whose pieces left out :func:`_left_out` keeps (a bounded memo, :mod:`rummykit.memo`)."""
_left_outs: dict[tuple[HandProfile, tuple[int, ...], Wilds], int] = {}


def _left_out(profile: HandProfile, faces: tuple[int, ...], wilds: Wilds) -> int:
    """:func:`fewest_left` of the sorted ``faces``, memoised for every bot of the process."""
    key = (profile, faces, wilds)
    known = _left_outs.get(key)
    if known is None:
        known = keep(_left_outs, key, fewest_left(profile, faces, wilds), LEFT_OUT_KEPT)
    return known


class GreedyBot:
    """Greedy play from the observation and legal actions only; ``game.rules`` gives the hand
    profile. ``seed`` is unused: the bot is deterministic."""

    name = "greedy"

    def __init__(self, game: Any, seed: int = 0) -> None:
        self.profile: HandProfile = game.rules.hand_profile()

    def left_out(self, faces: Sequence[int], wilds: Wilds) -> int:
        """Pieces the best arrangement of ``faces`` leaves out (memoised: turns repeat hands)."""
        return _left_out(self.profile, tuple(sorted(faces)), wilds)

    def best_discard(self, rack: Sequence[int], wilds: Wilds, choices: Sequence[int]) -> tuple[int, int]:
        """(pieces left out after the best discard, that discard) among ``choices``: fewest left
        out, then not a wild, then the highest face.

        No discard leaves fewer than one piece less out than the whole rack (a partition of what is
        left is one of the rack), and a discard does that exactly when some best partition into
        melds leaves it out (:meth:`HandSolver.spare_faces`, one search) or it is a single of the
        most pairs (when pairs leave no more out): the first such choice in tie order is the
        answer. Otherwise every choice is counted.
        """
        order = sorted(set(choices), key=lambda f: (wilds.is_wild(f), -f))
        if not order:
            raise ValueError("no discard to choose from")
        solver = self.profile.solver()
        melded, spare = solver.spare_faces(rack, wilds)
        melds_left = len(rack) - melded
        pairs_left = solver.pairs_left(rack, wilds) if self.profile.pairs_win else melds_left
        floor = min(melds_left, pairs_left) - 1
        spared = set(spare) if melds_left - 1 == floor else set()
        for face in order:
            if face in spared or (pairs_left - 1 == floor and self._pairs_after(rack, wilds, face) == floor):
                return floor, face
        best: tuple[int, int] | None = None
        for face in order:
            left = self.left_out(_without(rack, face), wilds)
            if best is None or left < best[0]:
                best = (left, face)
        assert best is not None
        return best

    def _pairs_after(self, rack: Sequence[int], wilds: Wilds, face: int) -> int:
        return self.profile.solver().pairs_left(_without(rack, face), wilds)

    def choose(self, observation: dict[str, Any], legal: list[HandAction]) -> HandAction:
        """The greedy choice among ``legal`` (``observation``: the game's ``observe`` dict)."""
        wilds = _wilds(observation)
        rack: list[int] = observation["hand"]
        takeable: int | None = observation["takeable"]
        by_verb: dict[Verb, list[HandAction]] = {}
        for action in legal:
            by_verb.setdefault(action.verb, []).append(action)
        if Verb.SHOW in by_verb:
            return by_verb[Verb.SHOW][0]
        if Verb.FINISH in by_verb:
            return max(by_verb[Verb.FINISH], key=lambda a: self._finish_value(rack, wilds, a))
        if Verb.TAKE in by_verb and (Verb.PASS in by_verb or Verb.DRAW not in by_verb):
            return by_verb[Verb.TAKE][0]
        if Verb.DRAW in by_verb:
            if Verb.TAKE in by_verb and takeable is not None:
                now = self.left_out(rack, wilds)
                with_take, _ = self.best_discard([*rack, takeable], wilds, rack)
                if with_take < now:
                    return by_verb[Verb.TAKE][0]
            return by_verb[Verb.DRAW][0]
        discards = by_verb.get(Verb.DISCARD, [])
        if discards:
            choices = [a.face for a in discards if a.face is not None]
            _, face = self.best_discard(rack, wilds, choices)
            return next(a for a in discards if a.face == face)
        return legal[0]

    def _finish_value(self, rack: Sequence[int], wilds: Wilds, action: HandAction) -> int:
        assert action.face is not None
        kinds = whole_hand_kinds(self.profile, _without(rack, action.face), wilds)
        value = 2 if WinKind.PAIRS in kinds else 1
        return value * (2 if wilds.is_wild(action.face) else 1)


def _without(rack: Sequence[int], face: int) -> list[int]:
    """``rack`` less one piece of ``face``."""
    rest = list(rack)
    rest.remove(face)
    return rest


def _wilds(observation: dict[str, Any]) -> Wilds:
    """The round's wilds as the observation gives them (``wilds`` faces, ``joker_as``)."""
    return Wilds(frozenset(observation["wilds"]), observation["joker_as"])
