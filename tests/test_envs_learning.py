"""The training example that learns (examples/learn_kalooki.py): a short training run beats the
uniformly random opponent by a margin chance can't give."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from helpers import load_script

pytest.importorskip("pettingzoo")

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "learn_kalooki.py"


def load_example() -> ModuleType:
    """The example script as a module."""
    return load_script(EXAMPLE, "learn_kalooki")


def test_untrained_the_learner_is_the_random_opponent() -> None:
    example = load_example()
    learner = example.KindLearner()
    mask = np.zeros(19254, dtype=np.int8)
    mask[[0, 1]] = 1
    picks = [learner.act(mask, np.random.default_rng(s), learn=False) for s in range(400)]
    assert 150 < picks.count(0) < 250


def test_training_beats_random() -> None:
    """60 training matches, then 150 evaluation deals (seeds 0..149, none trained on). Against
    random a policy no better than random wins each match with probability 1/2 (ties count half):
    150 matches give it a standard deviation of 0.041, and 0.70 is 4.9 of them above 1/2
    (P < 1e-6); the trained learner wins about 0.87 (``python examples/learn_kalooki.py``)."""
    example = load_example()
    env = example.kalooki_v0.env(**example.RULES)
    learner = example.KindLearner()
    example.train(env, learner, 60, seed=0)
    rate = example.win_rate(env, learner, 150, seed=0)
    assert rate >= 0.70, (rate, learner.kind)


def test_a_trained_learner_is_saved_and_loaded(tmp_path: Path) -> None:
    example = load_example()
    env = example.kalooki_v0.env(**example.RULES)
    learner = example.KindLearner()
    example.train(env, learner, 5, seed=0)
    learner.save(tmp_path / "learner.json")
    loaded = example.KindLearner.load(tmp_path / "learner.json")
    assert loaded.kind.tolist() == learner.kind.tolist() and loaded.kind.any()
    assert (loaded.baseline, loaded.matches) == (learner.baseline, 5)


def test_the_examples_interval_never_goes_below_zero() -> None:
    """Both examples print the tournaments' Wilson interval, whose bounds stay in [0, 1] (theirs
    printed ``-0.000`` for a win rate of 0)."""
    example = load_example()
    low, high = example.wilson(0.0, 100)
    assert low >= 0.0 and f"{low:.3f}" == "0.000" and high < 0.04
    ppo = (EXAMPLE.parent / "train_ppo.py").read_text(encoding="utf-8")
    assert "from rummykit.bots.tournament import wilson" in ppo and "def wilson" not in ppo


def run_example(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(EXAMPLE.parent / script), *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


BAD_ARGUMENTS = [
    (["--every", "0"], "argument --every: a whole number from 1, not '0'"),
    (["--eval-games", "0"], "argument --eval-games: a whole number from 1, not '0'"),
    (["--matches", "-1"], "argument --matches: a whole number from 0, not '-1'"),
    (
        ["--save", "{tmp}/no/such/folder/x.json"],
        "error: can't save to {tmp}/no/such/folder/x.json: not a file in",
    ),
    (["--load", "{tmp}/missing.json", "--matches", "0"], "No such file or directory"),
    (["--load", "{tmp}", "--matches", "0"], "error: can't load a learner from {tmp}: "),
    (["--load", "{tmp}/bad.json", "--matches", "0"], "not a saved learner (7 logits, not 1)"),
]


@pytest.mark.parametrize(("args", "message"), BAD_ARGUMENTS)
def test_bad_arguments_of_the_example_are_one_error(tmp_path: Path, args: list[str], message: str) -> None:
    """Refused before any training (an evaluation every 0 matches looped for ever, 0 evaluation
    games divided by zero, a bad file was a traceback): an error line, exit code 2."""
    (tmp_path / "bad.json").write_text('{"kind": 3, "baseline": 0, "matches": 1}', encoding="utf-8")
    done = run_example("learn_kalooki.py", *(a.replace("{tmp}", str(tmp_path)) for a in args))
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
    assert message.replace("{tmp}", str(tmp_path)) in done.stderr.splitlines()[-1], done.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--eval-every", "0"], "argument --eval-every: a number from 1, not '0'"),
        (["--eval-games", "0"], "argument --eval-games: a number from 1, not '0'"),
        (["--load", "{tmp}/bad.pt", "--minutes", "0"], "not a policy this script saved (--save)"),
        (["--save", "{tmp}/no/x.pt"], "error: can't save to {tmp}/no/x.pt: not a file in an existing folder"),
    ],
)
def test_bad_arguments_of_the_ppo_example_are_one_error(
    tmp_path: Path, args: list[str], message: str
) -> None:
    pytest.importorskip("torch")
    (tmp_path / "bad.pt").write_text("not a policy", encoding="utf-8")
    done = run_example("train_ppo.py", *(a.replace("{tmp}", str(tmp_path)) for a in args))
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
    assert message.replace("{tmp}", str(tmp_path)) in done.stderr.splitlines()[-1], done.stderr
