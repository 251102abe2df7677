"""What the solver says about one hand: the arrangement, the winning check, finishes and values.

This is the single place that combines the :class:`HandSolver` answers into a report for bots and
interfaces. A :class:`HandProfile` (built by each variant from its rules) says which answers apply.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rummykit.core.melds import CardValues, Meld, MeldRules, Wilds
from rummykit.solvers.arrange import Arrangement, HandSolver, Objective, WinKind, solver_for

SEVEN_PAIRS = 14


@dataclass(frozen=True)
class HandProfile:
    """The solver questions a variant asks about a hand.

    ``hand_size``: pieces held between turns (14 Okey/Turkish Rummy, 13 Kalooki, 10 Carousel).
    ``pairs_win``: seven pairs lay down (Okey, Turkish Rummy). ``finish_discard``: laying down ends
    with a discard, so a hand of ``hand_size + 1`` is asked for its finishes. ``max_value``: report
    Kalooki's maximum meld value.
    """

    meld_rules: MeldRules
    objective: Objective
    hand_size: int
    values: CardValues | None = None
    pairs_win: bool = False
    finish_discard: bool = True
    max_value: bool = False

    def solver(self) -> HandSolver:
        """The exact solver for this profile (templates are cached per meld rules); looked up once
        per profile, as a batch or a bot asks for it on every hand."""
        solver: HandSolver | None = self.__dict__.get("_solver")
        if solver is None:
            solver = solver_for(self.meld_rules, self.values)
            object.__setattr__(self, "_solver", solver)
        return solver

    def __getstate__(self) -> dict[str, object]:
        """The profile's fields without the solver it looked up (which pickles its memo)."""
        return {k: v for k, v in self.__dict__.items() if k != "_solver"}


@dataclass(frozen=True)
class HandReport:
    """The answers for one hand (faces throughout).

    ``arrangement``: best partition (seven pairs when that leaves fewer pieces out). ``win_kinds``:
    how the whole hand lays down (14 pieces) or, for ``hand_size + 1`` pieces with a finishing
    discard, the kinds of the best finish. ``finishes``: discards leaving a winning hand.
    ``deadwood_points``: points left in hand (card values). ``max_meld``: Kalooki's melds of largest
    value.
    """

    arrangement: Arrangement
    win_kinds: tuple[WinKind, ...]
    finishes: tuple[int, ...] | None
    deadwood_points: int | None
    max_meld: Arrangement | None

    @property
    def winning(self) -> bool:
        """Whether the hand lays down whole, or (with a finishing discard due) has a finish."""
        return bool(self.win_kinds)

    @property
    def win_kind(self) -> WinKind | None:
        """The best way to win: seven pairs (scores more) over melds; ``None`` if not winning."""
        if WinKind.PAIRS in self.win_kinds:
            return WinKind.PAIRS
        return WinKind.MELDS if self.win_kinds else None

    @property
    def melds(self) -> tuple[Meld, ...]:
        """The melds of the best arrangement."""
        return self.arrangement.melds


def whole_hand_kinds(profile: HandProfile, faces: Sequence[int], wilds: Wilds) -> list[WinKind]:
    """How ``faces`` lays down whole: ``MELDS``, ``PAIRS`` (seven pairs, 14 pieces), or neither."""
    solver = profile.solver()
    pairs = profile.pairs_win and len(faces) == SEVEN_PAIRS
    return solver.win_kinds(faces, wilds, pairs=pairs)


def finishes(profile: HandProfile, faces: Sequence[int], wilds: Wilds) -> dict[int, list[WinKind]]:
    """For each distinct face whose discard leaves a whole hand: how that hand lays down (in
    order of first appearance). One search finds every discard that leaves sets and runs
    (:meth:`HandSolver.meld_finishes`); seven pairs are counted per discard."""
    solver = profile.solver()
    melds = set(solver.meld_finishes(faces, wilds))
    pairs = profile.pairs_win and len(faces) == SEVEN_PAIRS + 1
    out: dict[int, list[WinKind]] = {}
    for face in dict.fromkeys(faces):
        kinds = [WinKind.MELDS] if face in melds else []
        if pairs:
            rest = list(faces)
            rest.remove(face)
            if not solver.pairs_left(rest, wilds):
                kinds.append(WinKind.PAIRS)
        if kinds:
            out[face] = kinds
    return out


def fewest_left(profile: HandProfile, faces: Sequence[int], wilds: Wilds) -> int:
    """How many pieces :func:`best_arrangement` leaves out, counted without building melds (the
    score-only search when every piece counts one)."""
    if profile.objective is not Objective.PIECES:
        return len(best_arrangement(profile, faces, wilds).ungrouped)
    return profile.solver().left_out(faces, wilds, profile.pairs_win)


def best_arrangement(profile: HandProfile, faces: Sequence[int], wilds: Wilds) -> Arrangement:
    """The best partition under the profile's objective; with ``pairs_win``, seven-pairs style
    pairs instead when they leave fewer pieces out."""
    return _best_and_melds(profile.solver(), profile, faces, wilds)[0]


def _best_and_melds(
    solver: HandSolver, profile: HandProfile, faces: Sequence[int], wilds: Wilds
) -> tuple[Arrangement, bool, int | None]:
    """(:func:`best_arrangement`, whether sets and runs take every piece, the pieces the most pairs
    leave out or None without ``pairs_win``) by the profile's ``solver``; only the arrangement
    returned is built."""
    if not profile.pairs_win:
        arrangement = solver.arrange(faces, wilds, profile.objective)
        return arrangement, not arrangement.ungrouped, None
    return solver.arrange_or_pairs(faces, wilds, profile.objective)


def analyse(profile: HandProfile, faces: Sequence[int], wilds: Wilds) -> HandReport:
    """The full report on ``faces``; raises :class:`rummykit.errors.MeldError` for a meaningless
    joker (``F`` with no indicator)."""
    solver = profile.solver()
    arrangement, meldable, pairs_left = _best_and_melds(solver, profile, faces, wilds)
    found: tuple[int, ...] | None = None
    if profile.finish_discard and len(faces) == profile.hand_size + 1:
        table = finishes(profile, faces, wilds)
        found = tuple(table)
        kinds = sorted({k for ks in table.values() for k in ks})
    elif profile.objective is Objective.MELD_VALUE:
        kinds = whole_hand_kinds(profile, faces, wilds)
    else:
        # every piece counts (one each, or its points): the best partition melds every piece
        # exactly when the hand goes wholly into melds
        kinds = [WinKind.MELDS] if meldable else []
        if len(faces) == SEVEN_PAIRS and pairs_left == 0:
            kinds.append(WinKind.PAIRS)
    deadwood = None
    if profile.values is not None:
        total = sum(profile.values.hand_value(f, wilds) for f in faces)
        melded_points = arrangement.score if profile.objective is Objective.DEADWOOD else 0
        deadwood = total - melded_points
    max_meld = solver.max_meld_value(faces, wilds) if profile.max_value else None
    return HandReport(arrangement, tuple(kinds), found, deadwood, max_meld)
