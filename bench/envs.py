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
both sides run on the same core, one after the other. Ratios are rummykit / gin_rummy_v4.

Every timing (the loop's budget and its result, on both sides, ``mask µs`` and ``pick µs``) is
the CPU time of the process (``time.process_time``), not elapsed time, as in
``bench/okey_solver.py``: on a machine shared with other work, time spent waiting for the core is
not counted against either side. The budget ``--seconds`` is CPU seconds too.

The loop's own ``np.flatnonzero(obs["action_mask"])`` grows with the action space (an ``int8``
mask, as gymnasium's ``Discrete.sample(mask)`` requires: numpy's ``nonzero`` is about 15 times
slower on ``int8`` than on ``bool``): 110 ids for gin rummy and the closed-hand games, 19,254 for
Kalooki, 434,830 for Carousel, 17,688 for 101 Okey. The column ``mask µs`` times that call alone
on a mask of the environment's size, and ``pick µs`` the loop's whole pick of an action (that call and
``rng.choice``), so a line's time per step can be split between the environment and the loop
(both sides pay the pick; it bounds the ratio any environment can reach).

The factored lines (``factored=True``, Kalooki and Carousel) pick each step's value from a small
mask; a step is one ``env.step`` as everywhere, and ``steps/action`` says how many steps make one
engine action under random play (so a factored line's engine actions per second are its steps per
second divided by it).

Run: ``python bench/envs.py [--seconds S] [--only LINE] [--peer-python PATH] [--json]`` (needs the
``rl`` extra).
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import subprocess
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
    return done / max(1, env.unwrapped.steps)


def mask_cost(size: int, repeat: int = 200) -> tuple[float, float]:
    """Microseconds of the loop's ``np.flatnonzero`` on an ``int8`` mask of ``size`` ids (20 set),
    and of its whole pick (``int(rng.choice(np.flatnonzero(mask)))``), CPU time."""
    import time

    import numpy as np

    rng = np.random.default_rng(0)
    mask = np.zeros(size, dtype=np.int8)
    mask[np.linspace(0, size - 1, 20).astype(np.intp)] = 1
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time budget per line")
    parser.add_argument("--only", choices=LINES, help="one line")
    parser.add_argument("--peer-python", type=Path, default=Path("/tmp/pz126/bin/python"))
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    pinned = pin_one_core()
    rows: dict[str, dict[str, Any]] = {}
    for name in (args.only,) if args.only else LINES:
        module_name, kwargs = LINES[name]
        module = importlib.import_module(f"rummykit.envs.{module_name}")
        make = functools.partial(module.env, **kwargs)
        run_loop(make, min(1.0, args.seconds))
        steps, matches, elapsed = run_loop(make, args.seconds)
        mask_us, pick_us = mask_cost(make().unwrapped.num_choices)
        rows[name] = {
            "steps": steps,
            "matches": matches,
            "seconds": elapsed,
            "mask_us": mask_us,
            "pick_us": pick_us,
            "steps_per_action": steps_per_action(make),
        }
    gin = peer(args.peer_python, args.seconds)
    if args.json:
        print(json.dumps({"pinned": pinned, "rummykit": rows, "gin_rummy_v4": gin}, indent=2))
        return
    print(f"{pinned}; random legal actions through the AEC loop, {args.seconds:g} s per line")
    gin_rate = gin["steps"] / gin["seconds"] if isinstance(gin, dict) else None
    head = f"{'environment':22} {'steps/s':>9} {'matches':>8} {'vs gin_rummy_v4':>16}"
    print(f"{head} {'mask µs':>8} {'pick µs':>8} {'steps/action':>13}")
    for name, row in rows.items():
        rate = row["steps"] / row["seconds"]
        ratio = f"{rate / gin_rate:.2f}x" if gin_rate else "-"
        line = f"{name:22} {rate:9.0f} {row['matches']:8d} {ratio:>16}"
        print(f"{line} {row['mask_us']:8.1f} {row['pick_us']:8.1f} {row['steps_per_action']:13.2f}")
    if isinstance(gin, dict):
        assert gin_rate is not None
        gin_mask, gin_pick = mask_cost(110)
        line = f"{'gin_rummy_v4 1.26':22} {gin_rate:9.0f} {gin['matches']:8d} {'1.00x':>16}"
        print(f"{line} {gin_mask:8.1f} {gin_pick:8.1f} {1.0:13.2f}")
    else:
        print(gin)


if __name__ == "__main__":
    main()
