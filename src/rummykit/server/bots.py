"""The bots' thinking, off the event loop: a pool of worker processes (or, with no workers, one
thread of the server's process) asked for one move at a time.

A bot gets exactly what a seat gets: its observation and the texts of its legal actions; it
answers with the text of its choice. Each worker keeps one bot per (variant, rules, level), built
with :func:`rummykit.bots.registry.make_bot` as ``simulate`` builds them (the bots hold no memory
of a match, so one bot serves every table with those rules). A greedy Okey move takes a few
milliseconds, a ``hard`` bot's search tenths of a second (:mod:`rummykit.bots.levels`); neither
holds the loop, so people's actions at every table go on meanwhile. Moves wait for a free worker: with ``N``
workers, ``N`` bots think at once.

A server runs for days: its solvers' memos (:mod:`rummykit.memo`), in the server's process (the
finishes of its seats' messages) and in its workers (the bots' thinking), are bounded at
:data:`SERVER_MEMO_LIMIT` states rather than the library's own bound, so that their memory stops
rising within minutes rather than hours (``docs/deploy.md``, "Memory").
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

from rummykit import memo
from rummykit.engine.game import Game
from rummykit.engine.match import Bot
from rummykit.solvers.arrange import MEMO_LIMIT
from rummykit.variants.registry import game_from_record

SERVER_MEMO_LIMIT = 20_000
"""The states a solver's search memo keeps in a server process and its bot workers (``rummykit
serve --memo-limit``), its other memos scaled alike: greedy Okey bots think as fast as with the
library's 400,000 (:data:`~rummykit.solvers.arrange.MEMO_LIMIT`), and the memos stop growing
within minutes at a few hundred actions a second (``docs/deploy.md``, "Memory")."""

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


def memo_scale(limit: int) -> float:
    """The :func:`rummykit.memo.set_scale` that bounds a solver's search memo at ``limit`` states
    (the library's own bound, :data:`~rummykit.solvers.arrange.MEMO_LIMIT`, at most); raises
    :class:`ValueError` for a limit below 1."""
    if limit < 1:
        raise ValueError(f"a memo limit is at least 1 state, not {limit}")
    return min(1.0, limit / MEMO_LIMIT)


def _worker_start(parent: int, scale: float) -> None:
    """In a worker: memos bounded by ``scale`` (:func:`rummykit.memo.set_scale`); leave Ctrl-C to
    the server (which stops the workers; a Ctrl-C in the terminal reaches every process of the
    group), and exit as soon as the server process ``parent`` is gone (even killed with ``kill
    -9``), checked every second."""
    memo.set_scale(scale)
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


class BotRunner:
    """Runs :func:`choose` in ``workers`` processes (0: in one thread of this process, which
    shares the interpreter with the loop but lets it run between the bot's bytecodes). With a
    ``memo_limit``, the memos of this process are bounded at that many states from now on
    (:func:`memo_scale`; raises :class:`ValueError` below 1); the workers' memos are bounded as
    this process's are."""

    def __init__(self, workers: int = 1, memo_limit: int | None = None) -> None:
        self.workers = workers
        self.pool: Executor
        if memo_limit is not None:
            memo.set_scale(memo_scale(memo_limit))
        scale = memo.scale()
        if workers > 0:
            self.pool = ProcessPoolExecutor(
                workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_worker_start,
                initargs=(os.getpid(), scale),
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
