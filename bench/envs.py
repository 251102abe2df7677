"""Benchmark: environment steps per second of rummykit's PettingZoo environments, against PettingZoo
1.26's ``gin_rummy_v4``.

Not a test. For each environment (``okey_v0``, ``turkish_rummy_v0``, ``kalooki_v0``,
``carousel_v0``, ``okey_101_v0``, default rules, ``env()`` with its wrappers) it plays uniformly random legal
actions through the AEC loop for a time budget: ``for agent in env.agent_iter(): obs, ... =
env.last(); action = random choice among np.flatnonzero(obs["action_mask"]); env.step(action)``,
resetting with the next seed when a match ends. One step is one ``env.step`` call (the dead steps
at a match's end included, as PettingZoo counts them). The same loop, word for word, runs on
``gin_rummy_v4.env()`` in a subprocess of the venv ``--peer-python`` (default
``/tmp/pz126/bin/python``, holding ``pettingzoo[classic]==1.26.*`` and ``rlcard``; PettingZoo 1.27
removed gin rummy). The process is pinned to one core first; the subprocess inherits the pin, so
both sides run on the same core, one after the other.

The timing is paired: each line's timed run sits between two runs of the peer, made right before
and right after it (after a warm-up of the line: peer, line, peer, line, ..., peer with
``--repeat K``, so ``K`` timed runs of the line and ``K + 1`` of the peer), and a run's ratio is
its rate over the mean of the rates of its two neighbouring peer runs. The machine these figures
come from is shared, and its load drifts: a peer run made once, after every line, is up to a
minute away from the first lines, and a change of load in between moves their ratios (by a third
and more, the six runs of ``docs/envs.md`` before this method), while a line and the peer runs
around it, seconds apart, mostly see the same load. Each line prints the median of its ``K``
rates and ratios and their range; the peer's line, the median and range of all its runs.

Every timing (the loop's budget and its result, on both sides, ``mask µs`` and ``pick µs``) is
the CPU time of the process (``time.process_time``), not elapsed time, as in
``bench/okey_solver.py``: on a machine shared with other work, time spent waiting for the core is
not counted against either side. The budget ``--seconds`` is CPU seconds too.

The loop's own ``np.flatnonzero(obs["action_mask"])`` grows with the action space (an ``int8``
mask, as gymnasium's ``Discrete.sample(mask)`` requires: numpy's ``nonzero`` is about 15 times
slower on ``int8`` than on ``bool``): 110 ids for gin rummy and the closed-hand games, 19,254 for
Kalooki, 434,830 for Carousel, 17,688 for 101 Okey. The environments hand out masks of 512 ids
or more as ``rummykit.envs.aec.ActionMask``, an ``int8`` array whose ``nonzero`` reads a ``bool``
copy (the same ids, about 5 µs instead of 34 over Kalooki's); ``gin_rummy_v4``'s is a plain
array. The column ``mask µs`` times that call alone on a mask of the environment's size and kind,
and ``pick µs`` the loop's whole pick of an action (that call and ``rng.choice``), so a line's time
per step can be split between the environment and the loop (both sides pay the pick; it bounds the
ratio any environment can reach).

The factored lines (``factored=True``, Kalooki and Carousel) pick each step's value from a small
mask; a step is one ``env.step`` as everywhere, and ``steps/action`` says how many steps make one
engine action under random play (so a factored line's engine actions per second are its steps per
second divided by it).

Run: ``python bench/envs.py [--seconds S] [--repeat K] [--only LINE] [--peer-python PATH] [--json]``
(needs the ``rl`` extra; ``--seconds`` is the CPU budget of each timed run, the line's and the
peer's alike; ``--json`` gives every run's figures). Without the peer venv the lines are timed
alone and printed without ratios.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import statistics
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchtools import pin_one_core

LOOP = """
def run(make, seconds):
    import time
    import numpy as np
    rng = np.random.default_rng(0)
    env = make()
    steps = matches = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        env.reset(seed=matches)
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            if termination or truncation:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            env.step(action)
            steps += 1
            if time.process_time() - start >= seconds:
                break
        else:
            matches += 1
    return steps, matches, time.process_time() - start
"""
"""The timed loop, shared verbatim by both sides (the peer runs it from this text)."""

PEER = (
    LOOP
    + """
import json, sys
from pettingzoo.classic import gin_rummy_v4
steps, matches, elapsed = run(gin_rummy_v4.env, float(sys.argv[1]))
print(json.dumps({"steps": steps, "matches": matches, "seconds": elapsed}))
"""
)

LINES: dict[str, tuple[str, dict[str, Any]]] = {
    "okey_v0": ("okey_v0", {}),
    "turkish_rummy_v0": ("turkish_rummy_v0", {}),
    "kalooki_v0": ("kalooki_v0", {}),
    "kalooki_v0 factored": ("kalooki_v0", {"factored": True}),
    "carousel_v0": ("carousel_v0", {}),
    "carousel_v0 factored": ("carousel_v0", {"factored": True}),
    "okey_101_v0": ("okey_101_v0", {}),
}
"""Each line: the environment module and its ``env`` arguments (``factored=True``: one step per
factored choice, several a turn's engine action)."""


def steps_per_action(make: Any, steps: int = 3000) -> float:
    """Environment steps per engine action under the loop's random play (``steps`` steps from the
    deal of seed 0; 1 unless factored)."""
    import numpy as np

    rng = np.random.default_rng(0)
    env = make()
    env.reset(seed=0)
    done = 0
    for _agent in env.agent_iter(steps):
        obs, _, termination, truncation, _ = env.last()
        env.step(None if termination or truncation else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        done += 1
    return done / max(1, int(env.unwrapped.steps))


def mask_cost(size: int, own: bool, repeat: int = 200) -> tuple[float, float]:
    """Microseconds of the loop's ``np.flatnonzero`` on an ``int8`` mask of ``size`` ids (20 set),
    and of its whole pick (``int(rng.choice(np.flatnonzero(mask)))``), CPU time; ``own``: the mask
    made as the environments make theirs (``rummykit.envs.aec.legal_mask``: an ``ActionMask`` from
    ``BOOL_NONZERO_FROM`` ids), else a plain ``int8`` array (``gin_rummy_v4``'s)."""
    import time

    import numpy as np

    from rummykit.envs.aec import legal_mask

    rng = np.random.default_rng(0)
    ids = np.unique(np.linspace(0, size - 1, 20).astype(np.intp)).tolist()
    mask = legal_mask(ids, size) if own else np.zeros(size, dtype=np.int8)
    if not own:
        mask[ids] = 1
    start = time.process_time()
    for _ in range(repeat):
        np.flatnonzero(mask)
    middle = time.process_time()
    for _ in range(repeat):
        int(rng.choice(np.flatnonzero(mask)))
    end = time.process_time()
    return (middle - start) / repeat * 1e6, (end - middle) / repeat * 1e6


def run_loop(make: Any, seconds: float) -> tuple[int, int, float]:
    """The shared loop (:data:`LOOP`) on ``make()``: steps, complete matches, seconds."""
    namespace: dict[str, Any] = {}
    exec(LOOP, namespace)
    result: tuple[int, int, float] = namespace["run"](make, seconds)
    return result


def peer(python: Path, seconds: float) -> dict[str, Any] | str:
    """gin_rummy_v4's figures from the peer venv, or why there are none."""
    if not python.exists():
        return (
            f"peer missing: no {python} (make it: python3 -m venv /tmp/pz126 && "
            "/tmp/pz126/bin/pip install 'pettingzoo[classic]==1.26.*' rlcard)"
        )
    done = subprocess.run(
        [str(python), "-c", PEER, str(seconds)], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        return "peer failed: " + (done.stderr.strip().splitlines() or ["?"])[-1]
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def rate(run: dict[str, Any]) -> float:
    """Steps per CPU second of one timed run (``{"steps": int, "seconds": float, ...}``)."""
    return float(run["steps"]) / float(run["seconds"])


def paired(
    make: Any, seconds: float, repeat: int, timed_peer: Callable[[], dict[str, Any] | str]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]] | str]:
    """One line's ``repeat`` timed runs, each between two peer runs (peer, line, peer, ..., line,
    peer: ``repeat + 1`` peer runs), after a warm-up of the line; the peer runs are left out, and
    the second item is why, when ``timed_peer`` gives a reason instead of figures."""
    run_loop(make, min(1.0, seconds))
    peers: list[dict[str, Any]] | str = []
    runs: list[dict[str, Any]] = []
    for index in range(repeat + 1):
        if isinstance(peers, list):
            gin = timed_peer()
            peers = gin if isinstance(gin, str) else [*peers, gin]
        if index < repeat:
            steps, matches, elapsed = run_loop(make, seconds)
            runs.append({"steps": steps, "matches": matches, "seconds": elapsed})
    if isinstance(peers, list):
        for index, run in enumerate(runs):
            run["ratio"] = rate(run) / statistics.fmean(rate(p) for p in peers[index : index + 2])
    return runs, peers


def spread(values: list[float], form: str, unit: str = "") -> str:
    """``median (lowest-highest)`` of ``values``, each in ``form`` followed by ``unit``, or the
    value alone when there is one."""
    middle, low, high = (
        format(v, form) + unit for v in (statistics.median(values), min(values), max(values))
    )
    return middle if len(values) == 1 else f"{middle} ({low}-{high})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU time budget per timed run")
    parser.add_argument(
        "--repeat", type=int, default=1, help="timed runs per line, each between two peer runs"
    )
    parser.add_argument("--only", choices=LINES, help="one line")
    parser.add_argument("--peer-python", type=Path, default=Path("/tmp/pz126/bin/python"))
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    pinned = pin_one_core()
    timed_peer = functools.partial(peer, args.peer_python, args.seconds)
    rows: dict[str, dict[str, Any]] = {}
    why_no_peer = ""
    for name in (args.only,) if args.only else LINES:
        module_name, kwargs = LINES[name]
        module = importlib.import_module(f"rummykit.envs.{module_name}")
        make = functools.partial(module.env, **kwargs)
        runs, peers = paired(make, args.seconds, args.repeat, timed_peer)
        mask_us, pick_us = mask_cost(make().unwrapped.num_choices, own=True)
        rows[name] = {
            "runs": runs,
            "gin_rummy_v4": peers,
            "mask_us": mask_us,
            "pick_us": pick_us,
            "steps_per_action": steps_per_action(make),
        }
        if isinstance(peers, str):
            why_no_peer = peers
    if args.json:
        print(json.dumps({"pinned": pinned, "seconds": args.seconds, "rummykit": rows}, indent=2))
        return
    print(
        f"{pinned}; random legal actions through the AEC loop, {args.seconds:g} CPU s a run, "
        f"{args.repeat} run(s) a line, each between two gin_rummy_v4 runs; median (range)"
    )
    head = f"{'environment':22} {'steps/s':>22} {'matches':>8} {'vs gin_rummy_v4':>22}"
    print(f"{head} {'mask µs':>8} {'pick µs':>8} {'steps/action':>13}")
    gin_rates: list[float] = []
    for name, row in rows.items():
        runs = row["runs"]
        ratio = spread([run["ratio"] for run in runs], ".2f", "x") if "ratio" in runs[0] else "-"
        matches = sum(run["matches"] for run in runs)
        line = f"{name:22} {spread([rate(run) for run in runs], '.0f'):>22} {matches:8d} {ratio:>22}"
        print(f"{line} {row['mask_us']:8.1f} {row['pick_us']:8.1f} {row['steps_per_action']:13.2f}")
        if isinstance(row["gin_rummy_v4"], list):
            gin_rates += [rate(run) for run in row["gin_rummy_v4"]]
    if why_no_peer:
        print(why_no_peer)
        return
    gin_mask, gin_pick = mask_cost(110, own=False)
    gin_matches = sum(run["matches"] for row in rows.values() for run in row["gin_rummy_v4"])
    line = f"{'gin_rummy_v4 1.26':22} {spread(gin_rates, '.0f'):>22} {gin_matches:8d} {'1.00x':>22}"
    print(f"{line} {gin_mask:8.1f} {gin_pick:8.1f} {1.0:13.2f}")


if __name__ == "__main__":
    main()
