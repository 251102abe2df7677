"""The experts at a fixed budget and no time cap, for strength trials of the budget (issue 32): does
more search win more rounds? Okey's and Turkish Rummy's expert at a number of sampled draws a
decision, Kalooki's at a number of determinisations. Not a test and not a registered bot: classes
for ``bench/policy_trial.py``, each built as ``Class(game, seed)`` like any bot, whose moves are the
same on any machine (no CPU-time cap). Run, for each of ``Expert8``, ``Expert20`` and
``Expert64``, and of ``KalookiExpert8`` and ``KalookiExpert32`` (``kalooki``, ``--deals 50``,
``--seed 9191`` and ``9192``)::

    PYTHONPATH=bench python bench/policy_trial.py okey expert_budget:Expert64 \
        --players 4 --rounds 1 --deals 100 --seed 8484

``KalookiExpert12`` and its variants ``KalookiMargin1`` and ``KalookiWide4`` (the search's caution
and width) were run with ``kalooki``, ``--deals 200 --seed 9393``. The results are in
``docs/bots.md`` ("Strength against the budget"; "The search's caution and width").
"""

from __future__ import annotations

from typing import Any

from rummykit.variants.closed_hand.expert import ExpertBot
from rummykit.variants.closed_hand.game import ClosedHandGame
from rummykit.variants.kalooki.expert import KalookiExpertBot
from rummykit.variants.kalooki.game import KalookiGame


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


class _KalookiFixed(KalookiExpertBot):
    """:class:`KalookiExpertBot` at :attr:`worlds` determinisations a decision, uncapped."""

    worlds = 1

    def __init__(self, game: KalookiGame, seed: int = 0) -> None:
        super().__init__(game, seed, iterations=self.worlds, seconds=None)


class KalookiExpert8(_KalookiFixed):
    """Eight determinisations a decision (what ``hard`` plays)."""

    worlds = 8


class KalookiExpert32(_KalookiFixed):
    """Thirty-two: about three times what the expert's 0.1 s begins on this machine (a median of
    12)."""

    worlds = 32


class KalookiExpert12(_KalookiFixed):
    """Twelve: the median number of determinisations the expert's 0.1 s begins on this machine."""

    worlds = 12


class KalookiMargin1(KalookiExpert12):
    """Twelve determinisations, another candidate played at a lead of one standard error (not
    two): does the search's caution hold back what its rollouts find?"""

    def __init__(self, game: KalookiGame, seed: int = 0) -> None:
        KalookiExpertBot.__init__(self, game, seed, iterations=self.worlds, seconds=None, margin=1.0)


class KalookiWide4(KalookiExpert12):
    """Twelve determinisations, four discards searched beside the policy's (not two)."""

    def __init__(self, game: KalookiGame, seed: int = 0) -> None:
        KalookiExpertBot.__init__(self, game, seed, iterations=self.worlds, seconds=None, width=4)
