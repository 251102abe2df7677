"""The closed-hand expert at a fixed number of sampled draws and no time cap, for strength trials
of its budget (issue 32): does more search win more rounds? Not a test and not a registered bot:
classes for ``bench/policy_trial.py``, each built as ``Class(game, seed)`` like any bot, whose
moves are the same on any machine (no CPU-time cap). Run, for each of ``Expert8``, ``Expert20``
and ``Expert64``::

    PYTHONPATH=bench python bench/policy_trial.py okey expert_budget:Expert64 \
        --players 4 --rounds 1 --deals 100 --seed 8484

The results are in ``docs/bots.md`` ("Strength against the budget").
"""

from __future__ import annotations

from typing import Any

from rummykit.variants.closed_hand.expert import ExpertBot
from rummykit.variants.closed_hand.game import ClosedHandGame


class _Fixed(ExpertBot):
    """:class:`ExpertBot` at :attr:`draws` sampled draws a decision, uncapped."""

    draws = 1

    def __init__(self, game: ClosedHandGame[Any], seed: int = 0) -> None:
        super().__init__(game, seed, iterations=self.draws, seconds=None)


class Expert8(_Fixed):
    """Eight sampled draws a decision (what ``hard`` samples)."""

    draws = 8


class Expert20(_Fixed):
    """Twenty: about what the expert's 0.1 s of CPU time samples on this machine."""

    draws = 20


class Expert64(_Fixed):
    """Sixty-four: about three times the expert's default budget."""

    draws = 64
