"""Benchmark: rummykit's table solver against the PyPI package ``rummikub-solver`` 1.0.0.

Not a test: it deals one set of positions, times both solvers on exactly those positions in one run,
prints the median and worst solve time of each side per table size, and prints every position where
the two answers differ (or either answer is wrong), with an independent check of which answer is
legal and which plays more.

Rules compared: only what both solvers can express. Two 52-card decks and two jokers (the peer's
default ``RuleSet``: 4 colours = the 4 suits, numbers 1-13 = ranks A-K, 2 copies, 2 jokers, melds of
3+); groups of 3-4 distinct suits; runs of 3-13 of one suit, ace low only (``A 2 3``, never
``Q K A``); jokers on the table are free (the peer's table is a bag of tiles, so a table joker may
be declared anew anywhere); the objective is the most cards played from the hand (the peer's
``SolverMode.TILE_COUNT``), a joker from the hand counting as one card.

Positions (one seeded ``random.Random``): tables of exactly ``--sizes`` cards (default 30 and 60)
built from random valid groups and runs of two decks, then 0, 1 or 2 jokers replacing a random card
of a random meld (declared as that card); hands of 10-14 random cards from what is left (the jokers
not on the table included).

Sides, each timed on the same prepared input with ``time.perf_counter`` (elapsed time, not CPU time:
the peer's backend may solve in more than one thread) on one pinned core, position by position in
turn (rummykit's solve, then the peer's, of each position), so that load on a shared machine
reaches both sides alike:

* rummykit: ``TableSolver(2, ace_high=False).solve(table, hand, objective="cards",
  free_jokers=True)``.
* peer: ``RuleSet().solve(state, SolverMode.TILE_COUNT)`` with the package's default MILP backend
  (HiGHS through cvxpy when ``highspy`` is installed, as it is with rummykit, else SciPy;
  ``--peer-backend`` picks another).

Checks:

* legality, written here and independent of both solvers: every meld of the new table is a group
  or an ace-low run (with the jokers' declarations, where the answer gives them), and the new
  table holds exactly the old table's cards plus the cards played, all of them from the hand;
* optimality, against a referee: the peer's own integer program with its set family completed by
  every joker placement (the peer generates a joker at the end of a 4-5 card run or in a 4-card
  group nowhere, so it drops those legal moves). The referee shares no code with rummykit.

Run: ``python bench/table_solver.py [--positions N] [--sizes 30,60] [--hands 10-14] [--seed S]
[--peer-backend HIGHS|SCIPY|...] [--no-referee]``
(needs ``pip install rummikub-solver==1.0.0``, or ``pip install -e ".[bench]"``; about 30 s with the
defaults, 3 min with ``--positions 400``).
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from benchtools import pin_one_core
from rummykit.core.melds import MAX_RUN
from rummykit.core.notation import format_declared, format_faces
from rummykit.core.pieces import JOKER, N_FACES, N_RANKS, N_SUITS, Kind, make_face, rank_of, suit_of
from rummykit.solvers.rearrange import DeclaredFace, TableObjective, TableSolver
from rummykit.variants.carousel.rules import CAROUSEL_VALUES

DECKS = 2
JOKERS = 2
HAND_SIZES = (10, 14)
"""Default hand sizes, inclusive (``--hands``)."""
SPEED_TARGET = 2.0
"""rummykit's median must be at least this many times faster than the peer's."""

Meld = tuple[DeclaredFace, ...]


# ----------------------------------------------------------------------------------------- positions
@dataclass(frozen=True)
class Position:
    """A table (melds of (face, declared) cards, jokers declared) and a hand (faces)."""

    index: int
    table: tuple[Meld, ...]
    hand: tuple[int, ...]

    def cards(self) -> Counter[int]:
        """The table's cards by face, jokers as :data:`JOKER`."""
        return Counter(face for meld in self.table for face, _ in meld)

    def describe(self) -> str:
        melds = " | ".join(_meld_text(m) for m in self.table)
        hand = format_faces(Kind.CARDS, sorted(self.hand))
        size = sum(map(len, self.table))
        return f"#{self.index}: table ({size}) {melds}\n      hand ({len(self.hand)}) {hand}"


def _meld_text(meld: Meld) -> str:
    return " ".join(format_declared(Kind.CARDS, f, d if f == JOKER else None) for f, d in meld)


_SIZE_WEIGHTS = {3: 6, 4: 5, 5: 4, 6: 2, 7: 2}


def _random_meld(rng: random.Random, size: int) -> list[int]:
    if size <= N_SUITS and rng.random() < 0.5:
        rank = rng.randint(1, N_RANKS)
        return [make_face(s, rank) for s in rng.sample(range(N_SUITS), size)]
    suit = rng.randrange(N_SUITS)
    lo = rng.randint(1, N_RANKS - size + 1)
    return [make_face(suit, rank) for rank in range(lo, lo + size)]


def deal(rng: random.Random, index: int, table_size: int, hands: tuple[int, int] = HAND_SIZES) -> Position:
    """A random legal position with exactly ``table_size`` cards on the table and a hand of
    ``hands[0]`` to ``hands[1]`` cards."""
    while True:
        pool = Counter(dict.fromkeys(range(N_FACES), DECKS))
        melds: list[list[int]] = []
        total = 0
        for _ in range(1000):
            left = table_size - total
            if not left:
                break
            sizes = [n for n in range(3, min(MAX_RUN, left) + 1) if left - n == 0 or left - n >= 3]
            size = rng.choices(sizes, [_SIZE_WEIGHTS.get(n, 1) for n in sizes])[0]
            meld = _random_meld(rng, size)
            if all(pool[f] >= n for f, n in Counter(meld).items()):
                pool.subtract(meld)
                melds.append(meld)
                total += size
        if total != table_size:
            continue  # too many failed draws: deal again
        table: list[list[DeclaredFace]] = [[(f, None) for f in m] for m in melds]
        jokers = rng.randint(0, JOKERS)
        for _ in range(jokers):
            # a joker replaces a real card (which goes back to the pool); every meld keeps a real card
            meld_at = rng.choice([m for m in table if sum(f != JOKER for f, _ in m) >= 2])
            spot = rng.choice([i for i, (f, _) in enumerate(meld_at) if f != JOKER])
            face = meld_at[spot][0]
            meld_at[spot] = (JOKER, face)
            pool[face] += 1
        rest = [*pool.elements(), *[JOKER] * (JOKERS - jokers)]
        hand = rng.sample(rest, rng.randint(*hands))
        return Position(index, tuple(tuple(m) for m in table), tuple(hand))


# ---------------------------------------------------------------------------------- answers, checks
@dataclass(frozen=True)
class Answer:
    """One side's answer: the faces ``played`` from the hand and the new table (``melds``; a joker's
    declared face where the side gives one, else ``None``); no move: nothing played, no melds."""

    played: tuple[int, ...]
    melds: tuple[Meld, ...]
    seconds: float

    def describe(self) -> str:
        if not self.played:
            return "plays nothing"
        played = format_faces(Kind.CARDS, sorted(self.played))
        return f"plays {len(self.played)}: {played}\n          table " + " | ".join(
            _meld_text(m) for m in self.melds
        )


def _meld_kind(naturals: Sequence[int], wild: int) -> str | None:
    """``group`` or ``run`` when ``naturals`` plus ``wild`` free jokers form one (ace low only)."""
    size = len(naturals) + wild
    ranks = [rank_of(f) for f in naturals]
    suits = [suit_of(f) for f in naturals]
    if 3 <= size <= N_SUITS and naturals and len(set(ranks)) == 1 and len(set(suits)) == len(suits):
        return "group"
    # a run: some window of ``size`` consecutive ranks inside 1..13 holds them all (size <= 13)
    one_suit = len(set(suits)) <= 1 and len(set(ranks)) == len(ranks)
    if 3 <= size <= MAX_RUN and one_suit and (not ranks or max(ranks) - min(ranks) + 1 <= size):
        return "run"
    return None


def meld_problem(meld: Meld) -> str | None:
    """Why ``meld`` is not a valid group or ace-low run, or None."""
    naturals = [f for f, _ in meld if f != JOKER]
    said = [d for f, d in meld if f == JOKER]
    text = _meld_text(meld)
    if _meld_kind(naturals, len(said)) is None:
        return f"{text} is not a group or an ace-low run"
    if said and all(d is not None for d in said):
        stands = [*naturals, *(d for d in said if d is not None)]
        if _meld_kind(stands, 0) is None:
            return f"{text}: the jokers' declarations don't complete the meld"
    return None


def check(position: Position, answer: Answer) -> list[str]:
    """Why ``answer`` is not a legal move for ``position`` (empty: legal)."""
    if not answer.played:
        return [] if not answer.melds else ["a new table without a card played"]
    problems = [p for p in map(meld_problem, answer.melds) if p]
    new = Counter(face for meld in answer.melds for face, _ in meld)
    want = position.cards() + Counter(answer.played)
    if new != want:
        parts = [
            f"{what} {format_faces(Kind.CARDS, sorted(diff.elements()))}"
            for what, diff in (("missing", want - new), ("extra", new - want))
            if diff
        ]
        problems.append("cards not conserved: " + ", ".join(parts))
    short = Counter(answer.played) - Counter(position.hand)
    if short:
        problems.append(f"plays {format_faces(Kind.CARDS, sorted(short.elements()))}, not in the hand")
    return problems


# ------------------------------------------------------------------------------------------ rummykit
class RummykitSide:
    """rummykit's solver in the compared mode: ace low only, free table jokers, most cards."""

    how = 'TableSolver(2, ace_high=False).solve(..., objective="cards", free_jokers=True)'

    def __init__(self) -> None:
        self.solver = TableSolver(DECKS, ace_high=False)

    def solve(self, position: Position) -> Answer:
        start = time.perf_counter()
        move = self.solver.solve(
            position.table, position.hand, CAROUSEL_VALUES, objective=TableObjective.CARDS, free_jokers=True
        )
        seconds = time.perf_counter() - start
        melds = tuple(
            tuple((f, s if f == JOKER else None) for f, s in zip(m.faces, m.stands_for, strict=True))
            for m in move.table
        )
        return Answer(tuple(move.played), melds if move.played else (), seconds)


# ---------------------------------------------------------------------------------------------- peer
def _tile(face: int) -> int:
    """The peer's tile number of a face: colours are suits in order, numbers are ranks, joker last."""
    return face + 1


def _face(tile: int) -> int:
    return tile - 1


def _all_joker_placements(
    self: Any, sets: Iterable[Sequence[Any]], runs: bool = False
) -> set[tuple[Any, ...]]:
    """The referee's set family: every subset of every group and run (3-5 long) with jokers in the
    places left, where the peer's ``RuleSet._combine_with_jokers`` keeps jokers inside 4-5 runs and
    out of 4-groups."""
    jokers = [self._joker] * self._jokers if self._joker else []
    return {combo for s in sets for combo in itertools.combinations([*s, *jokers], len(s))}


class PeerSide:
    """``rummikub-solver``'s ``RuleSet`` (default: 4 colours, 13 numbers, 2 copies, 2 jokers) in
    its most-tiles mode; ``full_jokers`` gives the referee (every joker placement)."""

    def __init__(self, lib: Any, backend: str | None, full_jokers: bool = False) -> None:
        self.lib = lib
        rule_set = lib.RuleSet
        if full_jokers:
            rule_set = type(
                "FullJokerRuleSet", (lib.RuleSet,), {"_combine_with_jokers": _all_joker_placements}
            )
        self.rules = rule_set(solver_backend=lib.MILPSolver(backend) if backend else None)
        self.mode = lib.SolverMode.TILE_COUNT
        rules = self.rules
        assert (rules.numbers, rules.colours, rules.repeats, rules.jokers, rules.min_len) == (
            N_RANKS,
            N_SUITS,
            DECKS,
            JOKERS,
            3,
        )
        for face in range(N_FACES):
            tile = rules.tiles[_tile(face) - 1]
            assert int(tile) == _tile(face) and tile.value == rank_of(face), tile
            assert tile.colour == rules.tiles[_tile(make_face(suit_of(face), 1)) - 1].colour
        assert isinstance(rules.tiles[_tile(JOKER) - 1], lib.Joker)
        self.family = {tuple(sorted(map(int, s))) for s in rules.sets}
        """Every set the peer can form, as sorted tile numbers."""

    @property
    def backend(self) -> str:
        return str(self.rules.backend)

    def prepare(self, position: Position) -> Any:
        state = self.rules.new_game()
        state.add_table(*(_tile(face) for meld in position.table for face, _ in meld))
        state.add_rack(*map(_tile, position.hand))
        state.initial = False
        return state

    def solve(self, state: Any) -> Answer:
        start = time.perf_counter()
        proposal = self.rules.solve(state, self.mode)
        seconds = time.perf_counter() - start
        if proposal is None:
            return Answer((), (), seconds)
        melds = tuple(tuple((_face(int(t)), None) for t in s) for s in proposal.sets)
        return Answer(tuple(_face(int(t)) for t in proposal.tiles), melds, seconds)

    def outside_family(self, melds: Iterable[Meld]) -> list[Meld]:
        """The melds (with declared jokers) that no cut into the peer's sets can express."""
        return [m for m in melds if not self._expressible(m)]

    def _expressible(self, meld: Meld) -> bool:
        stands = [d if f == JOKER and d is not None else f for f, d in meld]
        if len({rank_of(s) for s in stands}) == 1:
            return tuple(sorted(_tile(f) for f, _ in meld)) in self.family  # a group
        ordered = [_tile(f) for _, f in sorted(zip(map(rank_of, stands), (f for f, _ in meld), strict=True))]
        ok = [True] + [False] * len(ordered)  # ok[i]: the first i cards cut into peer sets
        for end in range(3, len(ordered) + 1):
            ok[end] = any(
                ok[start] and tuple(sorted(ordered[start:end])) in self.family
                for start in range(max(0, end - 5), end - 2)
            )
        return ok[-1]


def load_peer() -> Any | None:
    try:
        return importlib.import_module("rummikub_solver")
    except ImportError:
        return None


# ------------------------------------------------------------------------------------------- running
@dataclass
class Outcome:
    """Both sides' answers on one table size (and the referee's cards played, when run)."""

    size: int
    hands: tuple[int, int]
    positions: list[Position]
    ours: list[Answer]
    theirs: list[Answer]
    best: list[int] | None


def run(
    size: int,
    hands: tuple[int, int],
    positions: list[Position],
    ours: RummykitSide,
    peer: PeerSide,
    referee: PeerSide | None,
) -> Outcome:
    states = [peer.prepare(p) for p in positions]
    # warm-up (model building and cvxpy's first compile are not solve time)
    ours.solve(positions[0])
    peer.solve(states[0])
    mine: list[Answer] = []
    theirs: list[Answer] = []
    for position, state in zip(positions, states, strict=True):
        mine.append(ours.solve(position))
        theirs.append(peer.solve(state))
    best = None
    if referee is not None:
        best = [len(referee.solve(referee.prepare(p)).played) for p in positions]
    return Outcome(size, hands, positions, mine, theirs, best)


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:7.2f} ms"


def _times(label: str, answers: Sequence[Answer], positions: Sequence[Position]) -> float:
    times = [a.seconds for a in answers]
    median = statistics.median(times)
    worst = max(range(len(times)), key=times.__getitem__)
    print(
        f"  {label:<28} median {_ms(median)}, worst {_ms(times[worst])} (position #{positions[worst].index})"
    )
    return median


def report(outcome: Outcome, ours: RummykitSide, peer: PeerSide) -> dict[str, Any]:
    positions = outcome.positions
    print(
        f"\n== tables of {outcome.size} cards, hands of {outcome.hands[0]}-{outcome.hands[1]}: "
        f"{len(positions)} positions =="
    )
    our_median = _times("rummykit", outcome.ours, positions)
    their_median = _times(f"rummikub-solver ({peer.backend})", outcome.theirs, positions)
    ratio = their_median / our_median
    verdict = "met" if ratio >= SPEED_TARGET else "MISSED"
    print(f"  ratio of medians (peer / rummykit): {ratio:.1f}x (target >= {SPEED_TARGET:g}x: {verdict})")

    played = [(len(a.played), len(b.played)) for a, b in zip(outcome.ours, outcome.theirs, strict=True)]
    more_ours = sum(a > b for a, b in played)
    more_theirs = sum(b > a for a, b in played)
    print(
        f"  cards played: same on {len(played) - more_ours - more_theirs}/{len(played)}, "
        f"rummykit more on {more_ours}, peer more on {more_theirs}; "
        f"total {sum(a for a, _ in played)} vs {sum(b for _, b in played)}"
    )
    our_bad = {i: check(p, a) for i, (p, a) in enumerate(zip(positions, outcome.ours, strict=True))}
    their_bad = {i: check(p, a) for i, (p, a) in enumerate(zip(positions, outcome.theirs, strict=True))}
    our_illegal = [i for i, why in our_bad.items() if why]
    their_illegal = [i for i, why in their_bad.items() if why]
    n = len(positions)
    print(
        f"  legal answers (independent check): rummykit {n - len(our_illegal)}/{n}, "
        f"peer {n - len(their_illegal)}/{n}"
    )
    our_short: list[int] = []
    their_short: list[int] = []
    if outcome.best is not None:
        our_short = [i for i, (a, b) in enumerate(zip(played, outcome.best, strict=True)) if a[0] != b]
        their_short = [i for i, (a, b) in enumerate(zip(played, outcome.best, strict=True)) if a[1] != b]
        print(
            f"  optimal (referee: the peer's program with every joker placement): "
            f"rummykit {n - len(our_short)}/{n}, peer {n - len(their_short)}/{n}"
        )

    shown = sorted(
        {i for i, (a, b) in enumerate(played) if a != b}
        | set(our_illegal)
        | set(their_illegal)
        | set(our_short)
    )
    for i in shown:
        position = positions[i]
        a, b = outcome.ours[i], outcome.theirs[i]
        print(f"\n  -- {position.describe()}")
        for name, answer, why in (("rummykit", a, our_bad[i]), ("peer", b, their_bad[i])):
            verdict = "legal" if not why else "ILLEGAL: " + "; ".join(why)
            print(f"     {name:<8} {answer.describe()}\n          -> {verdict}")
        legal = [name for name, why in (("rummykit", our_bad[i]), ("peer", their_bad[i])) if not why]
        counts = {"rummykit": len(a.played), "peer": len(b.played)}
        top = max((counts[name] for name in legal), default=None)
        winners = [name for name in legal if counts[name] == top]
        line = f"     better legal answer: {' = '.join(winners) if winners else 'none'}"
        if outcome.best is not None:
            line += f"; referee's optimum: {outcome.best[i]} played"
        print(line)
        if len(a.played) > len(b.played) and not our_bad[i]:
            outside = peer.outside_family(a.melds)
            if outside:
                text = " | ".join(_meld_text(m) for m in outside)
                print(f"     rummykit's table needs melds the peer never generates: {text}")
    return {
        "ours": our_median,
        "theirs": their_median,
        "ratio": ratio,
        "our_wrong": len(set(our_illegal) | set(our_short)),
        "their_wrong": len(set(their_illegal) | set(their_short)),
        "differ": more_ours + more_theirs,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--positions", type=int, default=50, help="positions per table size (default 50)")
    parser.add_argument(
        "--sizes", default="30,60", help="table sizes in cards, comma separated (default 30,60)"
    )
    parser.add_argument("--hands", default="10-14", help="hand sizes LO-HI, inclusive (default 10-14)")
    parser.add_argument("--seed", type=int, default=20240601, help="RNG seed")
    parser.add_argument(
        "--peer-backend", default=None, help="the peer's MILP backend (default: its own default)"
    )
    parser.add_argument("--no-referee", action="store_true", help="skip the optimality referee")
    args = parser.parse_args(argv)

    lib = load_peer()
    if lib is None:
        print("rummikub-solver is not installed: pip install rummikub-solver==1.0.0", file=sys.stderr)
        return 2
    started = time.perf_counter()
    print(f"Python {sys.version.split()[0]}, {pin_one_core()}, seed {args.seed}")
    ours = RummykitSide()
    peer = PeerSide(lib, args.peer_backend)
    referee = None if args.no_referee else PeerSide(lib, args.peer_backend, full_jokers=True)
    print(f"rummykit: {ours.how}")
    print(f"rummikub-solver {lib.__version__}: backend {peer.backend}, {len(peer.rules.sets)} candidate sets")
    if referee is not None:
        print(f"referee: {len(referee.rules.sets)} candidate sets (every joker placement)")

    rng = random.Random(args.seed)
    sizes = [int(s) for s in args.sizes.split(",")]
    low, _, high = args.hands.partition("-")
    hands = (int(low), int(high or low))
    if not 1 <= hands[0] <= hands[1]:
        parser.error(f"--hands {args.hands}: LO-HI with 1 <= LO <= HI")
    dealt = {size: [deal(rng, i, size, hands) for i in range(args.positions)] for size in sizes}
    results = {size: report(run(size, hands, dealt[size], ours, peer, referee), ours, peer) for size in sizes}

    print("\n== summary ==")
    for size, r in results.items():
        print(
            f"  {size} cards: rummykit median {_ms(r['ours'])}, peer median {_ms(r['theirs'])}, "
            f"ratio {r['ratio']:.1f}x; answers differ on {r['differ']}; "
            f"wrong (illegal or not optimal): rummykit {r['our_wrong']}, peer {r['their_wrong']}"
        )
    print(f"  total run time {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
