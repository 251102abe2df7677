"""The bots' thinking, off the event loop: a pool of worker processes (or, with no workers, one
thread of the server's process) asked for one move at a time.

A bot gets exactly what a seat gets: its observation and the texts of its legal actions; it
answers with the text of its choice. Each worker keeps one bot per (variant, rules, level), built
with :func:`rummykit.bots.registry.make_bot` as ``simulate`` builds them (the bots hold no memory
of a match, so one bot serves every table with those rules). A greedy Okey move takes a few
milliseconds, a ``hard`` bot's search tenths of a second (:mod:`rummykit.bots.levels`); neither
holds the loop, so people's actions at every table go on meanwhile. Moves wait for a free worker: with ``N``
workers, ``N`` bots think at once.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from rummykit.engine.game import Game
from rummykit.engine.match import Bot
from rummykit.variants.registry import game_from_record

_BOTS: dict[tuple[str, str, str], tuple[Game[Any, Any], Bot]] = {}
"""The bots of this process, by (variant, rules as JSON text, level)."""


def choose(variant: str, rules: str, level: str, observation: dict[str, Any], legal: list[str]) -> str:
    """The text of the move the ``level`` bot of ``variant`` under ``rules`` (JSON text) chooses
    from ``observation`` and the legal actions' texts ``legal``."""
    from rummykit.bots.registry import make_bot

    key = (variant, rules, level)
    if key not in _BOTS:
        game, _ = game_from_record(variant, json.loads(rules))
        _BOTS[key] = (game, make_bot(level, game, 0))
    game, bot = _BOTS[key]
    return game.action_text(bot.choose(observation, [game.parse_action(text) for text in legal]))


def _worker_start(parent: int) -> None:
    """In a worker: leave Ctrl-C to the server (which stops the workers; a Ctrl-C in the terminal
    reaches every process of the group), and exit as soon as the server process ``parent`` is gone
    (even killed with ``kill -9``), checked every second."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


class BotRunner:
    """Runs :func:`choose` in ``workers`` processes (0: in one thread of this process, which
    shares the interpreter with the loop but lets it run between the bot's bytecodes)."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self.pool: Executor
        if workers > 0:
            self.pool = ProcessPoolExecutor(
                workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_worker_start,
                initargs=(os.getpid(),),
            )
        else:
            self.pool = ThreadPoolExecutor(1, thread_name_prefix="bots")

    async def choose(
        self, variant: str, rules: dict[str, Any], level: str, observation: dict[str, Any], legal: list[str]
    ) -> str:
        """The text of the bot's move (see :func:`choose`)."""
        rules_text = json.dumps(rules, sort_keys=True)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.pool, choose, variant, rules_text, level, observation, legal)

    async def warm(self) -> None:
        """Start the workers now rather than at the first bot's move, and wait until they are up
        (a worker ignores Ctrl-C once it is: the server stops it)."""
        started = [self.pool.submit(os.getpid) for _ in range(self.workers)]
        await asyncio.gather(*(asyncio.wrap_future(future) for future in started))

    def close(self) -> None:
        """Stop the workers, waiting for them (at most one move each): a pool left to stop by
        itself can print an error as the interpreter exits."""
        self.pool.shutdown(wait=True, cancel_futures=True)
