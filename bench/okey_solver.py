"""Benchmark: rummykit's exact Okey hand solver against the PyPI package ``okey-solver-py`` 0.6.0.

Not a test: it builds one set of hands, times both solvers on exactly those hands and prints hands/s,
the speed ratio and how often each side finds a win.

Workloads (all from one seeded ``random.Random``):

* ``random``: 14-tile hands dealt from a full 106-tile set after drawing an indicator (never a
  false joker) and removing it from the set. Such hands almost never win, so this measures how
  fast a non-winning hand is rejected.
* ``winning, k okeys`` (k = 0, 1, 2): hands built winning. ``round(N * --pairs-share)`` of them
  (default 10%) are seven identical pairs, the rest a random all-melds arrangement (sets of 3-4
  distinct colours, runs of 3-13 with ``12 13 1`` allowed) drawn from the tiles left after the
  indicator, with false jokers standing in for the okey's face. Then ``k`` random tiles of the hand
  are replaced by the ``k`` okey tiles (the two copies of the okey face, which the natural part never
  uses), so every face appears at most twice, the indicator's face at most once and F at most twice.

Winning check on each side:

* rummykit: ``HandSolver(MeldRules(Kind.TILES)).win_kinds(faces, okey_wilds(indicator))``.
* peer: ``create_standard_okey_solver(strategy="backtracking")`` - the package's default strategy and
  its only exhaustive one besides ``"ilp"`` (PuLP/CBC, one subprocess per hand); the others
  (greedy, hybrid with a 50 ms timeout, beam, genetic, annealing, MCTS) are heuristics. A hand wins
  on the peer side if ``find_best_arrangement(tiles, OkeyMeta(okey))`` leaves no
  ``remainingTiles`` (all melds) or ``find_best_pairs(tiles, OkeyMeta(okey))`` leaves none (seven
  pairs). The peer's ``OkeyMeta`` is the okey itself (its tiles are the wildcards), not the indicator;
  a false joker is ``Tile(color=JOKER, value=0)``. As read in its source, the peer's backtracking
  maximises the sum of melded tile values rather than the number of melded tiles, every meld with a
  single wildcard is generated with the first wildcard's id (so two one-okey melds never coexist),
  and a false joker, once read as the okey's face, is also taken as a wildcard. Its misses and false
  wins below come from these.

The peer is slow on two-okey hands, so by default it runs on the first 400 of them only
(``--peer-limit-two-okeys``); the ratio is always taken on the hands both sides ran.

Inputs are prepared before timing (rummykit: face tuples and ``Wilds``; peer: pydantic ``Tile``
lists and ``OkeyMeta``), so only the solver calls are timed, with ``time.perf_counter`` on one
pinned core. A separate exhaustive search written here (explicit sets and full-length runs of the
lowest natural left, not rummykit's 3-5 piece templates, and a count-based seven-pairs test) is the
ground truth for every hand, and rummykit's ``arrange`` output is checked meld by meld on
melds-winning hands.

Run: ``python bench/okey_solver.py [--random N] [--winning N] [--seed S] [--skip-peer]``
(needs ``pip install okey-solver-py==0.6.0`` for the peer side; about two minutes with defaults).
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from benchtools import pin_one_core
from rummykit.core.melds import HIGH_ACE, MeldRules, Wilds, okey_face, okey_wilds
from rummykit.core.notation import format_face, format_faces
from rummykit.core.pieces import JOKER, N_FACES, OKEY_TILES, Kind, make_face, rank_of, suit_of
from rummykit.solvers.arrange import HandSolver, WinKind

HAND_SIZE = 14
PEER_STRATEGY = "backtracking"
RANDOM_TARGET = 20_000.0
TWO_OKEY_TARGET = 5_000.0


# --------------------------------------------------------------------------------------------- hands
@dataclass(frozen=True)
class Hand:
    """A 14-tile hand (faces, F = ``JOKER``), its indicator and how it was built."""

    faces: tuple[int, ...]
    indicator: int
    origin: str
    """``random``, ``melds`` (built as sets and runs) or ``pairs`` (built as seven pairs)."""

    @property
    def okey(self) -> int:
        return okey_face(self.indicator)

    def describe(self) -> str:
        shown = format_faces(Kind.TILES, sorted(self.faces))
        ind, okey = format_face(Kind.TILES, self.indicator), format_face(Kind.TILES, self.okey)
        return f"indicator {ind} (okey {okey}): {shown}"


def full_set() -> list[int]:
    """The faces of the 106 Okey tiles."""
    return [OKEY_TILES.face(piece) for piece in range(OKEY_TILES.size)]


def legal(hand: Hand) -> bool:
    """Whether the hand can come from one 106-tile set with the indicator face shown."""
    counts = Counter(hand.faces)
    counts[hand.indicator] += 1
    return len(hand.faces) == HAND_SIZE and all(n <= 2 for n in counts.values())


def deal_random(rng: random.Random, count: int) -> list[Hand]:
    tiles = full_set()
    naturals = [i for i, face in enumerate(tiles) if face != JOKER]
    hands = []
    for _ in range(count):
        indicator_at = rng.choice(naturals)
        rest = tiles[:indicator_at] + tiles[indicator_at + 1 :]
        hands.append(Hand(tuple(rng.sample(rest, HAND_SIZE)), tiles[indicator_at], "random"))
    return hands


def _pool(indicator: int) -> list[int]:
    """Tiles available to the natural part of a built hand, by face (index ``JOKER`` = F).

    The okey face has none: its two tiles are the okeys, added afterwards; F stands in for it.
    """
    pool = [2] * (N_FACES + 1)
    pool[indicator] -= 1
    pool[okey_face(indicator)] = 0
    return pool


def _tile_for(face: int, okey: int) -> int:
    return JOKER if face == okey else face


_SIZE_WEIGHTS = {3: 5, 4: 5, 5: 3}


def _random_meld(rng: random.Random, size: int) -> list[int]:
    if size <= 4 and rng.random() < 0.5:
        rank = rng.randint(1, 13)
        return [make_face(s, rank) for s in rng.sample(range(4), size)]
    suit = rng.randrange(4)
    lo = rng.randint(1, HIGH_ACE - size + 1)
    return [make_face(suit, 1 if p == HIGH_ACE else p) for p in range(lo, lo + size)]


def _melds_part(rng: random.Random, indicator: int) -> list[int]:
    okey = okey_face(indicator)
    while True:
        pool = _pool(indicator)
        tiles: list[int] = []
        for _ in range(200):
            left = HAND_SIZE - len(tiles)
            if not left:
                return tiles
            sizes = [n for n in range(3, min(13, left) + 1) if left - n == 0 or left - n >= 3]
            size = rng.choices(sizes, [_SIZE_WEIGHTS.get(n, 1) for n in sizes])[0]
            meld = [_tile_for(face, okey) for face in _random_meld(rng, size)]
            need = Counter(meld)
            if all(pool[t] >= n for t, n in need.items()):
                for t in meld:
                    pool[t] -= 1
                tiles += meld
        # too many failed draws: start the hand again


def _pairs_part(rng: random.Random, indicator: int) -> list[int]:
    pool = _pool(indicator)
    faces = [f for f in range(N_FACES + 1) if pool[f] >= 2]
    return [f for f in rng.sample(faces, HAND_SIZE // 2) for _ in range(2)]


def build_winning(rng: random.Random, count: int, okeys: int, pairs_share: float) -> list[Hand]:
    n_pairs = round(count * pairs_share)
    hands = []
    for i in range(count):
        indicator = rng.randrange(N_FACES)
        pairs = i < n_pairs
        tiles = _pairs_part(rng, indicator) if pairs else _melds_part(rng, indicator)
        for at in rng.sample(range(HAND_SIZE), okeys):
            tiles[at] = okey_face(indicator)
        rng.shuffle(tiles)
        hand = Hand(tuple(tiles), indicator, "pairs" if pairs else "melds")
        assert legal(hand), hand.describe()
        hands.append(hand)
    rng.shuffle(hands)
    return hands


# -------------------------------------------------------------------- independent reference check
def _split(faces: Sequence[int], okey: int) -> tuple[list[int], int]:
    """(natural faces, F read as the okey's face; number of okeys)."""
    naturals = [okey if f == JOKER else f for f in faces if f != okey]
    return naturals, len(faces) - len(naturals)


def ref_pairs(faces: Sequence[int], okey: int) -> bool:
    """Seven pairs: identical naturals pair up, each okey completes one single or pairs an okey."""
    naturals, wild = _split(faces, okey)
    singles = sum(n % 2 for n in Counter(naturals).values())
    return len(faces) == HAND_SIZE and singles <= wild


def ref_meldable(faces: Sequence[int], okey: int) -> bool:
    """All pieces in sets and runs, by exhaustive search over explicit melds of the lowest natural.

    The lowest natural left is in some meld: a set of 3-4 of its number, or a run of 3-13 through
    its position (1, or 14 after 13). Other spots take a natural when one is left (swapping a wild
    and an equal natural between two melds keeps both valid) and a wild otherwise.
    """
    naturals, wild = _split(faces, okey)
    counts = [0] * N_FACES
    for f in naturals:
        counts[f] += 1
    seen: dict[tuple[tuple[int, ...], int], bool] = {}

    def take(spots: Sequence[int], w: int) -> int:
        """Remove the naturals at ``spots`` where present; the wilds left (negative: too few)."""
        for f in spots:
            if counts[f]:
                counts[f] -= 1
            else:
                w -= 1
        return w

    def put_back(spots: Sequence[int], before: Sequence[int]) -> None:
        for f, n in zip(spots, before, strict=True):
            counts[f] = n

    def solve(w: int) -> bool:
        key = (tuple(counts), w)
        if key in seen:
            return seen[key]
        anchor = next((f for f in range(N_FACES) if counts[f]), None)
        if anchor is None:
            return w == 0 or w >= 3
        counts[anchor] -= 1
        suit, rank = suit_of(anchor), rank_of(anchor)
        candidates: list[list[int]] = []
        others = [s for s in range(4) if s != suit]
        for size in (3, 4):
            for mask in range(1 << 3):
                chosen = [s for j, s in enumerate(others) if mask >> j & 1]
                if len(chosen) == size - 1:
                    candidates.append([make_face(s, rank) for s in chosen])
        spots = [rank, HIGH_ACE] if rank == 1 else [rank]
        for spot in spots:
            for length in range(3, 14):
                for lo in range(max(1, spot - length + 1), spot + 1):
                    hi = lo + length - 1
                    if hi > HIGH_ACE:
                        break
                    run = [make_face(suit, 1 if p == HIGH_ACE else p) for p in range(lo, hi + 1) if p != spot]
                    candidates.append(run)
        result = False
        for melded in candidates:
            before = [counts[f] for f in melded]
            left = take(melded, w)
            if left >= 0 and solve(left):
                result = True
            put_back(melded, before)
            if result:
                break
        counts[anchor] += 1
        seen[key] = result
        return result

    return solve(wild)


def ref_is_meld(faces: Sequence[int], okey: int) -> bool:
    """Whether ``faces`` alone form a set or a run."""
    naturals, _ = _split(faces, okey)
    size = len(faces)
    if not naturals:
        return 3 <= size <= 13
    ranks = [rank_of(f) for f in naturals]
    suits = [suit_of(f) for f in naturals]
    if 3 <= size <= 4 and len(set(ranks)) == 1 and len(set(suits)) == len(suits):
        return True
    if not 3 <= size <= 13 or len(set(suits)) > 1 or len(set(ranks)) < len(ranks):
        return False
    modes = [ranks] + ([[HIGH_ACE if r == 1 else r for r in ranks]] if 1 in ranks else [])
    for positions in modes:
        lo, hi = min(positions), max(positions)
        # some window [a, a + size - 1] inside 1..14 holds every position
        if hi - lo + 1 <= size and max(1, hi - size + 1) <= min(lo, HIGH_ACE - size + 1):
            return True
    return False


# ---------------------------------------------------------------------------------------- sides
@dataclass
class Outcome:
    """One side's answers on a list of hands: (melds win, pairs win) per hand, and the time taken."""

    seconds: float
    answers: list[tuple[bool, bool]]
    errors: list[tuple[int, str]] = field(default_factory=list)
    worst: tuple[float, int] = (0.0, -1)
    """Slowest hand: (seconds, index), when measured."""

    @property
    def rate(self) -> float:
        return len(self.answers) / self.seconds if self.seconds else float("inf")


def run_rummykit(solver: HandSolver, hands: Sequence[Hand]) -> Outcome:
    wilds_of: dict[int, Wilds] = {}
    prepared = [(h.faces, wilds_of.setdefault(h.indicator, okey_wilds(h.indicator))) for h in hands]
    win_kinds = solver.win_kinds
    raw: list[list[WinKind]] = []
    append = raw.append
    start = time.perf_counter()
    for faces, wilds in prepared:
        append(win_kinds(faces, wilds))
    seconds = time.perf_counter() - start
    return Outcome(seconds, [(WinKind.MELDS in k, WinKind.PAIRS in k) for k in raw])


def import_peer() -> Any:
    """The peer's ``okey_solver`` package, not this file (which shares its name and whose folder
    is first on ``sys.path`` when run as a script)."""
    here = os.path.dirname(os.path.abspath(__file__))
    saved = list(sys.path)
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != here]
    try:
        return importlib.import_module("okey_solver")
    finally:
        sys.path[:] = saved


class Peer:
    """``okey-solver-py`` with its default (backtracking) strategy."""

    def __init__(self) -> None:
        self.lib: Any = import_peer()
        self.engine: Any = self.lib.create_standard_okey_solver(strategy=PEER_STRATEGY)
        colour = self.lib.TileColor
        self.colours = [colour.RED, colour.YELLOW, colour.BLUE, colour.BLACK]

    def prepare(self, hand: Hand) -> tuple[list[Any], Any]:
        tile, joker = self.lib.Tile, self.lib.TileColor.JOKER
        tiles = [
            tile(id=f"t{i}", color=joker, value=0)
            if f == JOKER
            else tile(id=f"t{i}", color=self.colours[suit_of(f)], value=rank_of(f))
            for i, f in enumerate(hand.faces)
        ]
        meta = self.lib.OkeyMeta(color=self.colours[suit_of(hand.okey)], value=rank_of(hand.okey))
        return tiles, meta

    def run(self, hands: Sequence[Hand]) -> Outcome:
        prepared = [self.prepare(h) for h in hands]
        arrange, pairs = self.engine.find_best_arrangement, self.engine.find_best_pairs
        answers: list[tuple[bool, bool]] = []
        errors: list[tuple[int, str]] = []
        clock = time.perf_counter
        worst = (0.0, -1)
        start = last = clock()
        for i, (tiles, meta) in enumerate(prepared):
            try:
                melds_win = not arrange(tiles, meta).remainingTiles
                pairs_win = not pairs(tiles, meta)["remainingTiles"]
            except Exception as exc:  # the peer's failure is a result, not a bench error
                errors.append((i, f"{type(exc).__name__}: {exc}"))
                melds_win = pairs_win = False
            answers.append((melds_win, pairs_win))
            now = clock()
            worst = max(worst, (now - last, i))
            last = now
        seconds = clock() - start
        return Outcome(seconds, answers, errors, worst)


def load_peer() -> Peer | None:
    try:
        return Peer()
    except ImportError:
        return None


# ------------------------------------------------------------------------------------- reporting
def check_arrangement(solver: HandSolver, hand: Hand) -> str | None:
    """Why rummykit's ``arrange`` is wrong for a hand that wins with melds, or None if it is right."""
    arrangement = solver.arrange(hand.faces, okey_wilds(hand.indicator))
    if arrangement.ungrouped:
        return f"arrange leaves {format_faces(Kind.TILES, arrangement.ungrouped)} ungrouped"
    used = Counter(f for meld in arrangement.melds for f in meld.faces)
    if used != Counter(hand.faces):
        return "arrange's melds are not the hand's pieces"
    for meld in arrangement.melds:
        if not ref_is_meld(meld.faces, hand.okey):
            return f"arrange plays {format_faces(Kind.TILES, meld.faces)}, not a meld"
    return None


def _rate(outcome: Outcome) -> str:
    return f"{len(outcome.answers):>6} hands in {outcome.seconds:8.3f} s = {outcome.rate:>10,.0f} hands/s"


def slowest(solver: HandSolver, hands: Sequence[Hand]) -> tuple[float, Hand]:
    """rummykit's slowest hand, in a separate pass: every hand timed once, then the five slowest
    re-timed three times each keeping the best (so a GC pause or a scheduler hiccup is not blamed
    on a hand)."""

    def once(hand: Hand) -> float:
        wilds = okey_wilds(hand.indicator)
        start = time.perf_counter()
        solver.win_kinds(hand.faces, wilds)
        return time.perf_counter() - start

    first = sorted(((once(h), i) for i, h in enumerate(hands)), reverse=True)[:5]
    best = [(min(once(hands[i]) for _ in range(3)), i) for _, i in first]
    seconds, index = max(best)
    return seconds, hands[index]


def _disagreements(
    label: str, hands: Sequence[Hand], truth: Sequence[bool], got: Sequence[bool], name: str
) -> list[str]:
    missed = [i for i, (t, g) in enumerate(zip(truth, got, strict=False)) if t and not g]
    false = [i for i, (t, g) in enumerate(zip(truth, got, strict=False)) if g and not t]
    lines = [f"    {label}: {name} misses {len(missed)}, {name} wrongly wins {len(false)}"]
    if missed:
        lines.append(f"      missed e.g. {hands[missed[0]].describe()}")
    if false:
        lines.append(f"      false win e.g. {hands[false[0]].describe()}")
    return lines


def report(
    title: str,
    hands: list[Hand],
    solver: HandSolver,
    peer: Peer | None,
    peer_limit: int,
    verify: bool,
) -> dict[str, float]:
    print(f"\n== {title}: {len(hands)} hands ==")
    ours = run_rummykit(solver, hands)
    print(f"  rummykit          {_rate(ours)}")
    worst, hand = slowest(solver, hands)
    print(f"  rummykit slowest hand {worst * 1e3:.2f} ms: {hand.describe()}")
    ref: list[tuple[bool, bool]] | None = None
    if verify:
        ref = [(ref_meldable(h.faces, h.okey), ref_pairs(h.faces, h.okey)) for h in hands]
    built = hands[0].origin != "random"
    any_ours = [m or p for m, p in ours.answers]
    if built:
        missed = print_found("rummykit", hands, any_ours)
        if missed:
            print(f"  RUMMYKIT MISSES {len(missed)}, e.g. {hands[missed[0]].describe()}")
        if ref is not None:
            confirmed = sum(m or p for m, p in ref)
            print(f"  independent brute force confirms {confirmed}/{len(hands)} built hands win")
    else:
        wins = Counter(ours.answers)
        print(
            f"  rummykit: {sum(any_ours)} winning ({wins[(True, False)] + wins[(True, True)]} melds, "
            f"{wins[(False, True)] + wins[(True, True)]} seven pairs)"
        )
    if ref is not None:
        lines = _disagreements(
            "melds", hands, [r[0] for r in ref], [a[0] for a in ours.answers], "rummykit"
        ) + _disagreements("pairs", hands, [r[1] for r in ref], [a[1] for a in ours.answers], "rummykit")
        print("  rummykit vs independent brute force:")
        print("\n".join(lines))
        bad = []
        for i, hand in enumerate(hands):
            if ref[i][0]:
                why = check_arrangement(solver, hand)
                if why:
                    bad.append((i, why))
        checked = sum(r[0] for r in ref)
        print(f"  rummykit arrange() checked meld by meld on {checked} melds-winning hands: {len(bad)} wrong")
        if bad:
            print(f"      e.g. {hands[bad[0][0]].describe()}: {bad[0][1]}")
    rates = {"rummykit": ours.rate}
    if peer is None:
        return rates
    sample = hands[:peer_limit] if peer_limit else hands
    theirs = peer.run(sample)
    note = "" if len(sample) == len(hands) else f"  (first {len(sample)} hands only)"
    print(f"  peer ({PEER_STRATEGY})  {_rate(theirs)}{note}")
    ours_sample = run_rummykit(solver, sample)  # same hands as the peer, for the ratio
    ratio = ours_sample.rate / theirs.rate if theirs.rate else float("inf")
    print(f"  ratio rummykit/peer on the same {len(sample)} hands: {ratio:,.1f}x")
    if theirs.worst[1] >= 0:
        print(f"  peer slowest hand {theirs.worst[0] * 1e3:.1f} ms: {sample[theirs.worst[1]].describe()}")
    if theirs.errors:
        i, message = theirs.errors[0]
        print(f"  peer raised on {len(theirs.errors)} hands, e.g. {message} on {sample[i].describe()}")
    any_theirs = [m or p for m, p in theirs.answers]
    if built:
        missed = print_found("peer", sample, any_theirs)
        if missed:
            print(f"  peer misses e.g. {sample[missed[0]].describe()}")
    truth = ref[: len(sample)] if ref is not None else ours.answers[: len(sample)]
    source = "independent brute force" if ref is not None else "rummykit (exact)"
    print(f"  peer vs ground truth ({source}):")
    lines = (
        _disagreements("any  ", sample, [m or p for m, p in truth], any_theirs, "peer")
        + _disagreements("melds", sample, [t[0] for t in truth], [a[0] for a in theirs.answers], "peer")
        + _disagreements("pairs", sample, [t[1] for t in truth], [a[1] for a in theirs.answers], "peer")
    )
    print("\n".join(lines))
    rates["peer"] = theirs.rate
    return rates


def print_found(side: str, hands: Sequence[Hand], wins: Sequence[bool]) -> list[int]:
    """Print how many built winning hands ``side`` found a win in, by how they were built;
    returns the indices of the hands it missed."""
    by_origin = Counter(h.origin for h in hands)
    found_by = Counter(h.origin for h, w in zip(hands, wins, strict=True) if w)
    parts = ", ".join(f"{o} {found_by[o]}/{by_origin[o]}" for o in sorted(by_origin))
    print(f"  {side} finds a win in {sum(wins)}/{len(hands)} winning hands ({parts})")
    return [i for i, w in enumerate(wins) if not w]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--random", type=int, default=10_000, help="random dealt hands (default 10000)")
    parser.add_argument("--winning", type=int, default=2_000, help="built winning hands per okey count")
    parser.add_argument("--seed", type=int, default=20240601, help="RNG seed")
    parser.add_argument("--skip-peer", action="store_true", help="time rummykit only")
    parser.add_argument("--pairs-share", type=float, default=0.1, help="share of seven-pairs built hands")
    parser.add_argument(
        "--peer-limit",
        type=int,
        default=0,
        help="run the peer on the first N hands of each workload only (0: all)",
    )
    parser.add_argument(
        "--peer-limit-two-okeys",
        type=int,
        default=400,
        help="peer sample on the two-okey winning hands, where it is slow (default 400; 0: --peer-limit)",
    )
    parser.add_argument("--no-verify", action="store_true", help="skip the independent brute force")
    args = parser.parse_args(argv)

    print(f"Python {sys.version.split()[0]}, {pin_one_core()}, seed {args.seed}")
    rng = random.Random(args.seed)
    random_hands = deal_random(rng, args.random)
    winning = {k: build_winning(rng, args.winning, k, args.pairs_share) for k in (0, 1, 2)}

    peer = None
    if args.skip_peer:
        print("peer skipped (--skip-peer): timing rummykit only")
    else:
        peer = load_peer()
        if peer is None:
            print("note: okey-solver-py is not installed (pip install okey-solver-py==0.6.0); rummykit only")

    solver = HandSolver(MeldRules(Kind.TILES))
    verify = not args.no_verify
    results: dict[str, dict[str, float]] = {}
    if random_hands:
        results["random"] = report("random dealt hands", random_hands, solver, peer, args.peer_limit, verify)
    for k, hands in winning.items():
        if not hands:
            continue
        limits = [n for n in (args.peer_limit, args.peer_limit_two_okeys if k == 2 else 0) if n]
        limit = min(limits, default=0)
        title = f"built winning hands, {k} okey{'s' if k != 1 else ''}"
        results[f"win{k}"] = report(title, hands, solver, peer, limit, verify)

    print("\n== rummykit targets (one core) ==")
    checks: list[tuple[str, str, float]] = [("random", "random hands", RANDOM_TARGET)]
    checks.append(("win2", "winning hands with two okeys", TWO_OKEY_TARGET))
    for key, label, target in checks:
        if key in results:
            rate = results[key]["rummykit"]
            verdict = "met" if rate >= target else "MISSED"
            print(f"  {label}: {rate:,.0f} hands/s (target >= {target:,.0f}): {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
