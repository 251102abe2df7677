"""Work spread over worker processes that Ctrl-C stops at once: the one pool of ``simulate`` and
``tournament``.

The workers ignore SIGINT (a Ctrl-C in a terminal reaches the whole process group); the parent
takes it, terminates the pool, waits for the workers to exit and lets the interrupt go on, so no
worker is left behind and no worker prints a traceback.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

T = TypeVar("T")
C = TypeVar("C")


def _ignore_interrupts() -> None:
    """A worker's start: Ctrl-C is the parent's to handle (it stops the workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_chunks(
    work: Callable[[C], Iterable[T]],
    chunks: Sequence[C],
    workers: int,
    progress: Callable[[int], None] | None = None,
) -> list[T]:
    """``work(chunk)`` for every chunk: in this process, in order, when ``workers`` is 1; else on
    ``min(workers, len(chunks))`` spawned processes (``work`` must be picklable: a module-level
    function or a ``functools.partial`` of one), the results in the order the chunks finish (sort
    them when order matters). ``progress`` gets the number of results of each chunk as it
    finishes. An exception in a worker, or a ``KeyboardInterrupt`` in the parent, terminates the
    pool and is raised again."""
    results: list[T] = []
    if workers == 1:
        for chunk in chunks:
            done = list(work(chunk))
            results.extend(done)
            if progress is not None:
                progress(len(done))
        return results
    pool = multiprocessing.get_context("spawn").Pool(
        max(1, min(workers, len(chunks))), initializer=_ignore_interrupts
    )
    try:
        for part in pool.imap_unordered(work, chunks):
            done = list(part)
            results.extend(done)
            if progress is not None:
                progress(len(done))
    except BaseException:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            pool.terminate()
            pool.join()
        finally:
            signal.signal(signal.SIGINT, previous)
        raise
    pool.close()
    pool.join()
    return results
