"""Benchmark: rummykit's exact Okey hand solver against the PyPI package ``okey-solver-py`` 0.6.0.

Not a test: it builds one set of hands, times both solvers on exactly those hands, checks every
answer against an independent brute force and prints hands/s and the speed ratios.

Workloads (all from one seeded ``random.Random``):

* ``random``: 14-tile hands dealt from a full 106-tile set after drawing an indicator (never a
  false joker) and removing it from the set; each hand has its own random indicator. Such hands
  almost never win.
* ``winning, k okeys`` (k = 0, 1, 2): hands built winning. ``round(N * --pairs-share)`` of them
  (default 10%) are seven identical pairs, the rest a random all-melds arrangement (sets of 3-4
  distinct colours, runs of 3-13 with ``12 13 1`` allowed) drawn from the tiles left after the
  indicator, with false jokers standing in for the okey's face. Then ``k`` random tiles of the hand
  are replaced by the ``k`` okey tiles (the two copies of the okey face, which the natural part never
  uses), so every face appears at most twice, the indicator's face at most once and F at most twice.

What is timed on each workload (one pinned core, inputs prepared first): the CPU time of the
process doing the work by default (``time.process_time``; for the command line, the child
process's user and system time), so that other work on a shared machine slows neither side; with
``--clock wall``, elapsed time (``time.perf_counter``), as on an idle machine both are the same.

* ``arrange``: the full arrangement, ``HandSolver.arrange(faces, wilds)`` - fewest ungrouped tiles
  with every piece's meld and every wild's assignment - against the peer's
  ``find_best_arrangement(tiles, OkeyMeta(okey))``.
* ``score``: rummykit's score-only search, ``HandSolver.score`` (how many tiles the best
  arrangement melds, no melds built), against the same peer call (the peer has no score-only entry).
* ``solve --json --batch -``: the whole command line, ``python -m rummykit solve okey --json
  --batch -`` fed one ``INDICATOR: TILES`` line per hand in one process; its rate is taken over the
  hands after the first and the wall time less the time of the same command on the first hand
  alone (start-up: the interpreter, the imports and one answer), which is also printed.
  Each line's JSON is the full report (arrangement or seven pairs, win kinds, wild assignments).
* ``win check``: ``HandSolver.win_kinds`` (melds and seven pairs) against the peer's
  ``find_best_arrangement`` plus ``find_best_pairs`` (a hand wins on the peer's side when either
  leaves no tile).

The peer is ``create_standard_okey_solver(strategy="backtracking")``: the package's default and its
only exhaustive strategy besides ``"ilp"`` (PuLP/CBC, one subprocess per hand); the others are
heuristics. Its ``OkeyMeta`` is the okey itself (its tiles are the wildcards), not the indicator; a
false joker is ``Tile(color=JOKER, value=0)``. As read in its source, it maximises the sum of melded
tile values rather than the number of melded tiles, generates every one-wildcard meld with the
first wildcard's id (so two one-okey melds never coexist) and takes a false joker, once read as the
okey's face, as a wildcard too; its misses and false wins below come from these. It is slow on
two-okey hands, so by default it runs on the first 400 of them only (``--peer-limit-two-okeys``);
every ratio is taken on the hands both sides ran.

The independent check (written here, sharing nothing with rummykit's solver: explicit sets and
full-length runs of the lowest natural left, not rummykit's 3-5 piece templates, and a count-based
seven-pairs test) gives every hand's fewest ungrouped tiles and its win kinds. Every rummykit answer
is checked against it on every hand: ``arrange``'s ungrouped count and its melds meld by meld (valid
melds using exactly the hand's tiles), ``score``, the command line's ungrouped count and winning
flag, and the win check. The peer's answers are compared with it too, as counts.

With ``--repeat R`` every timing, rummykit's and the peer's alike, runs ``R`` times on the same
hands (each of rummykit's runs with a fresh solver, each command line run in a fresh process) and
the fastest run counts: on a busy shared machine one slow run moves a ratio less.

Run: ``python bench/okey_solver.py [--random N] [--winning N] [--seed S] [--skip-peer] [--skip-cli]
[--clock cpu|wall] [--repeat R]``
(needs ``pip install okey-solver-py==0.6.0`` for the peer side; a few minutes with the defaults).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import resource
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from benchtools import pin_one_core
from rummykit.core.melds import HIGH_ACE, MeldRules, Wilds, okey_face, okey_wilds
from rummykit.core.notation import format_face, format_faces
from rummykit.core.pieces import JOKER, N_FACES, OKEY_TILES, Kind, make_face, rank_of, suit_of
from rummykit.solvers.arrange import Arrangement, HandSolver, WinKind

HAND_SIZE = 14
PEER_STRATEGY = "backtracking"


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


def ref_pairs_left(faces: Sequence[int], okey: int) -> int:
    """Tiles left out of the most pairs: identical naturals pair up, each okey completes one single
    or pairs another okey."""
    naturals, wild = _split(faces, okey)
    singles = sum(n % 2 for n in Counter(naturals).values())
    completed = min(wild, singles)
    return singles - completed + (wild - completed) % 2


def ref_pairs(faces: Sequence[int], okey: int) -> bool:
    """Seven pairs: all 14 tiles in pairs."""
    return len(faces) == HAND_SIZE and ref_pairs_left(faces, okey) == 0


def _ref_candidates(anchor: int) -> list[list[int]]:
    """The other spots of every meld holding ``anchor``: sets of 3-4 distinct colours of its number,
    runs of 3-13 through its position (1, or 14 after 13)."""
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
                candidates.append(
                    [make_face(suit, 1 if p == HIGH_ACE else p) for p in range(lo, hi + 1) if p != spot]
                )
    return candidates


def ref_most_melded(faces: Sequence[int], okey: int) -> int:
    """The most tiles of ``faces`` that go into disjoint sets and runs, by exhaustive search over
    explicit melds of the lowest natural left.

    The lowest natural left is either left out or in some meld: a set of 3-4 of its number, or a run
    of 3-13 through its position. Other spots take a natural when one is left (swapping a wild and an
    equal natural, between two melds or with the tiles left out, keeps every meld valid and the
    count) and a wild otherwise. Wilds left at the end meld on their own when there are three.
    """
    naturals, wild = _split(faces, okey)
    counts = [0] * N_FACES
    for f in naturals:
        counts[f] += 1
    seen: dict[tuple[tuple[int, ...], int], int] = {}

    def take(spots: Sequence[int], w: int) -> int:
        """Remove the naturals at ``spots`` where present; the wilds left (negative: too few)."""
        for f in spots:
            if counts[f]:
                counts[f] -= 1
            else:
                w -= 1
        return w

    def solve(w: int, left: int) -> int:
        """Most tiles melded from ``counts`` (``left`` naturals) and ``w`` wilds."""
        key = (tuple(counts), w)
        if key in seen:
            return seen[key]
        anchor = next((f for f in range(N_FACES) if counts[f]), None)
        if anchor is None:
            return w if w >= 3 else 0
        counts[anchor] -= 1
        best = solve(w, left - 1)
        for melded in _ref_candidates(anchor):
            if best == left + w:
                break
            before = [counts[f] for f in melded]
            wilds_left = take(melded, w)
            if wilds_left >= 0:
                used = len(melded) - (w - wilds_left)
                best = max(best, 1 + len(melded) + solve(wilds_left, left - 1 - used))
            for f, n in zip(melded, before, strict=True):
                counts[f] = n
        counts[anchor] += 1
        seen[key] = best
        return best

    return solve(wild, len(naturals))


def ref_meldable(faces: Sequence[int], okey: int) -> bool:
    """All tiles in sets and runs."""
    return ref_most_melded(faces, okey) == len(faces)


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


# ---------------------------------------------------------------------------------------- truth
@dataclass(frozen=True)
class Truth:
    """The independent check's answers for one hand."""

    melds_left: int
    """Fewest tiles left out of sets and runs."""
    pairs_left: int
    """Tiles left out of the most pairs."""

    @property
    def fewest_left(self) -> int:
        """What ``solve --json`` reports ungrouped: melds, or seven pairs when they leave fewer."""
        return min(self.melds_left, self.pairs_left)

    @property
    def kinds(self) -> tuple[bool, bool]:
        """(wins with melds, wins with seven pairs)."""
        return self.melds_left == 0, self.pairs_left == 0


def truth_of(hand: Hand) -> Truth:
    return Truth(
        len(hand.faces) - ref_most_melded(hand.faces, hand.okey), ref_pairs_left(hand.faces, hand.okey)
    )


# ---------------------------------------------------------------------------------------- timing
@dataclass
class Timed:
    """One side's answers on a list of hands and the seconds they took."""

    seconds: float
    answers: list[Any]
    errors: list[tuple[int, str]] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return len(self.answers) / self.seconds if self.seconds else float("inf")


def _prepared(hands: Sequence[Hand]) -> list[tuple[tuple[int, ...], Wilds]]:
    wilds_of: dict[int, Wilds] = {}
    return [(h.faces, wilds_of.setdefault(h.indicator, okey_wilds(h.indicator))) for h in hands]


class _Run(Protocol):
    seconds: float


_T = TypeVar("_T", bound=_Run)


@dataclass
class Clock:
    """The clock of every timing: CPU time (the default) or, with ``wall``, elapsed time; each
    timing is run ``repeat`` times and the fastest run kept (the same for both sides)."""

    wall: bool = False
    repeat: int = 1

    def fastest(self, run: Callable[[], _T]) -> _T:
        """The fastest of ``repeat`` calls of ``run`` (by their ``seconds``)."""
        return min((run() for _ in range(self.repeat)), key=lambda done: done.seconds)

    def now(self) -> float:
        """This process's CPU time (``time.process_time``), or ``time.perf_counter``."""
        return time.perf_counter() if self.wall else time.process_time()

    def children(self) -> float:
        """The user and system time of the finished child processes (the command-line runs), or
        ``time.perf_counter``."""
        if self.wall:
            return time.perf_counter()
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        return used.ru_utime + used.ru_stime


CLOCK = Clock()


def time_calls(call: Any, inputs: Sequence[tuple[Any, ...]]) -> Timed:
    answers: list[Any] = []
    append = answers.append
    start = CLOCK.now()
    for args in inputs:
        append(call(*args))
    return Timed(CLOCK.now() - start, answers)


def fresh_solver() -> HandSolver:
    """A new solver (empty memo), so a workload never reuses states the previous one left behind."""
    return HandSolver(MeldRules(Kind.TILES))


@dataclass
class CliRun:
    """The command line's answers (one JSON object per hand), its time and its start-up."""

    seconds: float
    startup: float
    answers: list[dict[str, Any]]

    @property
    def rate(self) -> float:
        """Hands per second after start-up (the hands after the first, over the time beyond a
        run of the first alone); the rate with start-up when the run took no longer than a
        start-up (a busy machine can slow one start-up past a short run)."""
        if self.seconds <= self.startup or len(self.answers) < 2:
            return self.rate_with_startup
        return (len(self.answers) - 1) / (self.seconds - self.startup)

    @property
    def rate_with_startup(self) -> float:
        return len(self.answers) / self.seconds


CLI = [sys.executable, "-m", "rummykit", "solve", "okey", "--json", "--batch", "-"]


def _run_cli(text: str) -> tuple[float, str]:
    start = CLOCK.children()
    done = subprocess.run(CLI, input=text, capture_output=True, text=True, check=True)
    return CLOCK.children() - start, done.stdout


def run_cli(hands: Sequence[Hand]) -> CliRun:
    """``rummykit solve okey --json --batch -`` on every hand in one process (this process's
    core pinning is inherited); start-up is the best of three batches of the first hand alone."""
    lines = [f"{format_face(Kind.TILES, h.indicator)}: {format_faces(Kind.TILES, h.faces)}\n" for h in hands]
    startup = min(_run_cli(lines[0])[0] for _ in range(3))
    seconds, out = min((_run_cli("".join(lines)) for _ in range(CLOCK.repeat)), key=lambda run: run[0])
    answers = [json.loads(line) for line in out.splitlines()]
    return CliRun(seconds, startup, answers)


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

    def _timed(self, hands: Sequence[Hand], call: Any) -> Timed:
        prepared = [self.prepare(h) for h in hands]
        answers: list[Any] = []
        errors: list[tuple[int, str]] = []
        start = CLOCK.now()
        for i, (tiles, meta) in enumerate(prepared):
            try:
                answers.append(call(tiles, meta))
            except Exception as exc:  # the peer's failure is a result, not a bench error
                errors.append((i, f"{type(exc).__name__}: {exc}"))
                answers.append(None)
        return Timed(CLOCK.now() - start, answers, errors)

    def arrange(self, hands: Sequence[Hand]) -> Timed:
        """``find_best_arrangement``; each answer is the number of tiles it leaves out (None: raised)."""
        arrange = self.engine.find_best_arrangement
        return self._timed(hands, lambda tiles, meta: len(arrange(tiles, meta).remainingTiles))

    def win_check(self, hands: Sequence[Hand]) -> Timed:
        """``find_best_arrangement`` and ``find_best_pairs``; answers (melds win, pairs win)."""
        arrange, pairs = self.engine.find_best_arrangement, self.engine.find_best_pairs

        def both(tiles: list[Any], meta: Any) -> tuple[bool, bool]:
            return not arrange(tiles, meta).remainingTiles, not pairs(tiles, meta)["remainingTiles"]

        return self._timed(hands, both)


def load_peer() -> Peer | None:
    try:
        return Peer()
    except ImportError:
        return None


# ------------------------------------------------------------------------------------- checking
def arrangement_error(hand: Hand, arrangement: Arrangement, truth: Truth) -> str | None:
    """Why rummykit's ``arrange`` answer is wrong for ``hand``, or None if it is right: it leaves
    the fewest tiles out, uses exactly the hand's tiles and every meld is valid."""
    if len(arrangement.ungrouped) != truth.melds_left:
        return f"arrange leaves {len(arrangement.ungrouped)} out, the fewest is {truth.melds_left}"
    used = Counter(f for meld in arrangement.melds for f in meld.faces) + Counter(arrangement.ungrouped)
    if used != Counter(hand.faces):
        return "arrange's melds and ungrouped tiles are not the hand's tiles"
    for meld in arrangement.melds:
        if not ref_is_meld(meld.faces, hand.okey):
            return f"arrange plays {format_faces(Kind.TILES, meld.faces)}, not a meld"
    return None


def cli_error(hand: Hand, data: dict[str, Any], truth: Truth) -> str | None:
    """Why one line of ``solve --json`` is wrong for ``hand``, or None if it is right."""
    if "error" in data:
        return f"the command refused the hand: {data['error']}"
    if len(data["ungrouped"]) != truth.fewest_left:
        return f"solve --json leaves {len(data['ungrouped'])} out, the fewest is {truth.fewest_left}"
    if data["winning"] != any(truth.kinds):
        return f"solve --json says winning={data['winning']}"
    return None


def first_errors(label: str, hands: Sequence[Hand], errors: Sequence[str | None]) -> list[str]:
    wrong = [i for i, e in enumerate(errors) if e]
    line = f"    {label}: {len(errors) - len(wrong)}/{len(errors)} agree"
    if not wrong:
        return [line]
    return [line + f"  WRONG on {len(wrong)}, e.g. {hands[wrong[0]].describe()}: {errors[wrong[0]]}"]


def _rate(rate: float) -> str:
    return f"{rate:>10,.0f} hands/s"


def _ratio(ours: float, theirs: float) -> str:
    return f"{ours / theirs:8,.1f}x" if theirs else "     n/a"


# ------------------------------------------------------------------------------------- reporting
def report(title: str, hands: list[Hand], peer: Peer | None, peer_limit: int, cli: bool) -> dict[str, float]:
    """Time and check one workload; returns the rates by name."""
    print(f"\n== {title}: {len(hands)} hands ==")
    prepared = _prepared(hands)
    arranged = CLOCK.fastest(lambda: time_calls(fresh_solver().arrange, prepared))
    scored = CLOCK.fastest(lambda: time_calls(fresh_solver().score, prepared))
    checked = CLOCK.fastest(lambda: time_calls(fresh_solver().win_kinds, prepared))
    cli_run = run_cli(hands) if cli else None
    truths = [truth_of(h) for h in hands]

    rates = {"arrange": arranged.rate, "score": scored.rate, "win": checked.rate}
    print(f"  rummykit arrange (full arrangement)   {_rate(arranged.rate)}")
    print(f"  rummykit score (score-only search)    {_rate(scored.rate)}")
    if cli_run is not None:
        rates["cli"] = cli_run.rate
        print(
            f"  rummykit solve --json --batch -       {_rate(cli_run.rate)}"
            f"  (start-up {cli_run.startup * 1e3:.0f} ms off; {cli_run.rate_with_startup:,.0f}/s with it)"
        )
    print(f"  rummykit win check (win_kinds)        {_rate(checked.rate)}")

    print("  independent brute force, every hand:")
    lines = first_errors(
        "arrange (count, melds meld by meld)",
        hands,
        [arrangement_error(h, a, t) for h, a, t in zip(hands, arranged.answers, truths, strict=True)],
    )
    lines += first_errors(
        "score",
        hands,
        [
            None
            if s == len(h.faces) - t.melds_left
            else f"score {s}, the most melded is {len(h.faces) - t.melds_left}"
            for h, s, t in zip(hands, scored.answers, truths, strict=True)
        ],
    )
    if cli_run is not None:
        answers = cli_run.answers
        if len(answers) != len(hands):
            lines.append(f"    solve --json: {len(answers)} lines for {len(hands)} hands")
        else:
            lines += first_errors(
                "solve --json (ungrouped, winning)",
                hands,
                [cli_error(h, d, t) for h, d, t in zip(hands, answers, truths, strict=True)],
            )
    win_answers = [(WinKind.MELDS in k, WinKind.PAIRS in k) for k in checked.answers]
    lines += first_errors(
        "win check (melds, pairs)",
        hands,
        [
            None if w == t.kinds else f"win kinds {w}, truly {t.kinds}"
            for w, t in zip(win_answers, truths, strict=True)
        ],
    )
    print("\n".join(lines))
    built = hands[0].origin != "random"
    if built:
        found = sum(any(w) for w in win_answers)
        by_arrange = sum(not a.ungrouped for a in arranged.answers)
        pairs_only = sum(1 for h in hands if h.origin == "pairs")
        print(
            f"  winning hands found: win check {found}/{len(hands)}; arrange melds all of "
            f"{by_arrange}/{len(hands) - pairs_only} built as melds"
        )
    else:
        print(f"  hands that win (independent check): {sum(any(t.kinds) for t in truths)}")

    if peer is None:
        return rates
    sample = hands[:peer_limit] if peer_limit else hands
    n = len(sample)
    note = "" if n == len(hands) else f" (first {n} hands only)"
    theirs_arrange = CLOCK.fastest(lambda: peer.arrange(sample))
    theirs_win = CLOCK.fastest(lambda: peer.win_check(sample))
    ours_arrange = CLOCK.fastest(lambda: time_calls(fresh_solver().arrange, prepared[:n]))
    ours_score = CLOCK.fastest(lambda: time_calls(fresh_solver().score, prepared[:n]))
    ours_win = CLOCK.fastest(lambda: time_calls(fresh_solver().win_kinds, prepared[:n]))
    rates["peer_arrange"] = theirs_arrange.rate
    rates["peer_win"] = theirs_win.rate
    rates["ratio_arrange"] = ours_arrange.rate / theirs_arrange.rate
    rates["ratio_score"] = ours_score.rate / theirs_arrange.rate
    rates["ratio_win"] = ours_win.rate / theirs_win.rate
    if cli_run is not None:
        rates["ratio_cli"] = cli_run.rate / theirs_arrange.rate
    print(f"  peer find_best_arrangement            {_rate(theirs_arrange.rate)}{note}")
    print(f"  peer arrangement + pairs (win check)  {_rate(theirs_win.rate)}{note}")
    print(f"  ratios rummykit/peer on the same {n} hands:")
    print(f"    arrange / find_best_arrangement      {_ratio(ours_arrange.rate, theirs_arrange.rate)}")
    print(f"    score / find_best_arrangement        {_ratio(ours_score.rate, theirs_arrange.rate)}")
    if cli_run is not None:
        print(f"    solve --json --batch / find_best_arrangement {_ratio(cli_run.rate, theirs_arrange.rate)}")
    print(f"    win check / arrangement + pairs      {_ratio(ours_win.rate, theirs_win.rate)}")
    for timed in (theirs_arrange, theirs_win):
        if timed.errors:
            i, message = timed.errors[0]
            print(f"  peer raised on {len(timed.errors)} hands, e.g. {message} on {sample[i].describe()}")
    exact = sum(a == t.melds_left for a, t in zip(theirs_arrange.answers, truths, strict=False))
    print(f"  peer find_best_arrangement leaves the fewest tiles out on {exact}/{n} hands")
    peer_kinds = theirs_win.answers
    missed = sum(any(t.kinds) and not (k and any(k)) for k, t in zip(peer_kinds, truths, strict=False))
    false = sum(bool(k and any(k)) and not any(t.kinds) for k, t in zip(peer_kinds, truths, strict=False))
    print(f"  peer win check: misses {missed} wins, reports {false} false wins")
    return rates


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--random", type=int, default=5_000, help="random dealt hands (default 5000)")
    parser.add_argument("--winning", type=int, default=1_000, help="built winning hands per okey count")
    parser.add_argument("--seed", type=int, default=20240601, help="RNG seed")
    parser.add_argument("--skip-peer", action="store_true", help="time rummykit only")
    parser.add_argument("--skip-cli", action="store_true", help="don't time the command line")
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
    parser.add_argument(
        "--clock",
        choices=("cpu", "wall"),
        default="cpu",
        help="cpu: CPU time of the timed process (default; robust on a busy machine); wall: elapsed time",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="run every timing (rummykit's and the peer's) this many times and keep the fastest",
    )
    args = parser.parse_args(argv)
    CLOCK.wall = args.clock == "wall"
    CLOCK.repeat = max(1, args.repeat)

    print(
        f"Python {sys.version.split()[0]}, {pin_one_core()}, seed {args.seed}, {args.clock} time, "
        f"fastest of {CLOCK.repeat}"
    )
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

    results: dict[str, dict[str, float]] = {}
    cli = not args.skip_cli
    if random_hands:
        results["random"] = report(
            "random dealt hands, random indicators", random_hands, peer, args.peer_limit, cli
        )
    for k, hands in winning.items():
        if not hands:
            continue
        limits = [n for n in (args.peer_limit, args.peer_limit_two_okeys if k == 2 else 0) if n]
        title = f"built winning hands, {k} okey{'s' if k != 1 else ''}"
        results[f"win{k}"] = report(title, hands, peer, min(limits, default=0), cli)

    print("\n== summary: rummykit hands/s (ratio to okey-solver-py on the same hands) ==")
    names = [
        ("arrange", "arrange"),
        ("score", "score"),
        ("cli", "solve --json --batch"),
        ("win", "win check"),
    ]
    print(f"  {'workload':<10}" + "".join(f"{label:>24}" for _, label in names) + f"{'peer arrange':>14}")
    for key, rates in results.items():
        cells = []
        for name, _ in names:
            rate = rates.get(name)
            ratio = rates.get(f"ratio_{name}")
            cells.append(
                "-" if rate is None else f"{rate:,.0f}" + ("" if ratio is None else f" ({ratio:,.1f}x)")
            )
        print(
            f"  {key:<10}" + "".join(f"{c:>24}" for c in cells) + f"{rates.get('peer_arrange', 0.0):>14,.0f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
