"""Benchmark: instructions an environment step, counted by callgrind (``valgrind --tool=callgrind``).

Not a test. Wall time on the shared machine moves by several per cent from run to run
(``bench/envs.py``); instructions do not, so a change of a few per cent shows here first. The
loop is ``bench/envs.py``'s (random legal actions through the AEC loop of ``env()``, ``rng``
seeded 0, matches from seed 0 on), for a fixed number of steps instead of a time budget, after a
warm-up of ``--warmup`` steps on other deals (seeds from 1,000 on, so that the first exact
searches and the kept rows of the imports fall outside the count). A run of ``--small`` steps is
taken from a run of ``--large`` steps (the same steps first: the imports, the warm-up and the
first ``--small`` steps cancel), over ``--large - --small`` steps. Each run is made with
``PYTHONHASHSEED=0`` (set ordering, and so some counts, follow the hash seed) and
``OPENBLAS_NUM_THREADS=1`` (idle BLAS threads add a few thousand instructions of noise).

Run: ``python bench/env_instructions.py [--line okey_v0] [--small 2000] [--large 6000]
[--warmup 800]`` (needs ``valgrind`` and the ``rl`` extra); prints the instructions a step. With
``--steps N`` it plays the loop alone for N steps (what each callgrind run does).
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

WARMUP_SEEDS = 1000
"""The warm-up's matches are dealt from this seed on (the counted steps' from 0)."""


def play(make: Any, steps: int, first_seed: int) -> None:
    """``steps`` steps of the loop of ``bench/envs.py`` on ``make()``, matches dealt from
    ``first_seed`` on, the actions drawn from ``numpy.random.default_rng(0)``."""
    import numpy as np

    rng = np.random.default_rng(0)
    env = make()
    seed, done = first_seed, 0
    while done < steps:
        env.reset(seed=seed)
        seed += 1
        for _agent in env.agent_iter():
            obs, _, termination, truncation, _ = env.last()
            if termination or truncation:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            env.step(action)
            done += 1
            if done >= steps:
                return


def instructions(line: str, steps: int, warmup: int) -> int:
    """The instructions (callgrind's total, ``Ir``) of this script's process playing ``warmup``
    then ``steps`` steps of ``line``."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        command = [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={out}",
            sys.executable,
            __file__,
            "--line",
            line,
            "--steps",
            str(steps),
            "--warmup",
            str(warmup),
        ]
        env = {**os.environ, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"}
        subprocess.run(command, env=env, check=True, capture_output=True)
        totals = re.search(r"^(?:summary|totals): (\d+)", out.read_text(), re.MULTILINE)
        if totals is None:
            raise RuntimeError(f"no instruction total in {out}")
        return int(totals.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--line", default="okey_v0", help="an environment module of rummykit.envs")
    parser.add_argument("--small", type=int, default=2000, help="steps of the run taken away")
    parser.add_argument("--large", type=int, default=6000, help="steps of the run taken from")
    parser.add_argument("--warmup", type=int, default=800, help="steps on other deals first")
    parser.add_argument("--steps", type=int, help="play this many steps alone (no callgrind)")
    args = parser.parse_args()
    if args.steps is not None:
        make = importlib.import_module(f"rummykit.envs.{args.line}").env
        play(make, args.warmup, WARMUP_SEEDS)
        play(make, args.steps, 0)
        return
    if not 0 <= args.small < args.large:
        parser.error("--small must be from 0 and below --large")
    small = instructions(args.line, args.small, args.warmup)
    large = instructions(args.line, args.large, args.warmup)
    per_step = (large - small) / (args.large - args.small)
    print(
        f"{args.line}: {per_step:,.0f} instructions a step (steps {args.small:,}-{args.large:,}, "
        f"{args.warmup:,} warm-up steps; runs of {small:,} and {large:,})"
    )


if __name__ == "__main__":
    main()
