"""The greedy Okey bot: every decision from the exact solver, one move deep.

It shows the indicator's twin when it may; finishes whenever it can, preferring the finish that
scores most (okey finish, seven pairs); takes the previous discard when that leaves a better best
14 than its current rack; discards the tile whose removal leaves the best arrangement (fewest tiles
out of melds or pairs), never an okey unless it must.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from rummykit.core.melds import Wilds
from rummykit.solvers.report import HandProfile, best_arrangement, whole_hand_kinds
from rummykit.variants.okey.actions import OkeyAction, Verb
from rummykit.variants.okey.rules import OkeyRules
from rummykit.variants.okey.state import OkeyObservation


@lru_cache(maxsize=1 << 16)
def _left_out(profile: HandProfile, faces: tuple[int, ...], wilds: Wilds) -> int:
    return len(best_arrangement(profile, faces, wilds).ungrouped)


class OkeyGreedyBot:
    """Greedy Okey play from the observation and legal actions only."""

    name = "greedy"

    def __init__(self, rules: OkeyRules, seed: int = 0) -> None:
        self.rules = rules
        self.profile: HandProfile = rules.hand_profile()

    def _left_out(self, faces: Sequence[int], wilds: Wilds) -> int:
        """Tiles the best arrangement of ``faces`` leaves out (memoised: turns repeat hands)."""
        return _left_out(self.profile, tuple(sorted(faces)), wilds)

    def best_discard(self, rack: Sequence[int], wilds: Wilds, choices: Sequence[int]) -> tuple[int, int]:
        """(tiles left out after the best discard, that discard) among ``choices``."""
        scored = []
        for face in choices:
            rest = list(rack)
            rest.remove(face)
            scored.append((self._left_out(rest, wilds), wilds.is_wild(face), -face, face))
        left, _, _, face = min(scored)
        return left, face

    def choose(self, observation: OkeyObservation, legal: list[OkeyAction]) -> OkeyAction:
        """The greedy choice among ``legal``."""
        wilds = self.rules.wilds(observation.indicator)
        by_verb: dict[Verb, list[OkeyAction]] = {}
        for action in legal:
            by_verb.setdefault(action.verb, []).append(action)
        if Verb.SHOW in by_verb:
            return by_verb[Verb.SHOW][0]
        if Verb.FINISH in by_verb:
            return max(by_verb[Verb.FINISH], key=lambda a: self._finish_value(observation, a, wilds))
        if Verb.TAKE in by_verb and Verb.PASS in by_verb:
            return by_verb[Verb.TAKE][0]
        if Verb.DRAW in by_verb:
            if Verb.TAKE in by_verb and observation.takeable is not None:
                rack = list(observation.rack)
                now = self._left_out(rack, wilds)
                with_take, _ = self.best_discard([*rack, observation.takeable], wilds, rack)
                if with_take < now:
                    return by_verb[Verb.TAKE][0]
            return by_verb[Verb.DRAW][0]
        discards = by_verb.get(Verb.DISCARD, [])
        if discards:
            choices = [a.face for a in discards if a.face is not None]
            _, face = self.best_discard(list(observation.rack), wilds, choices)
            return OkeyAction(Verb.DISCARD, face)
        return legal[0]

    def _finish_value(self, observation: OkeyObservation, action: OkeyAction, wilds: Wilds) -> int:
        assert action.face is not None
        rest = list(observation.rack)
        rest.remove(action.face)
        kinds = whole_hand_kinds(self.profile, rest, wilds)
        value = 2 if "pairs" in kinds else 1
        return value * (2 if wilds.is_wild(action.face) else 1)
