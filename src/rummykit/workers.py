"""Work spread over worker processes that Ctrl-C stops at once, or over a Ray cluster: the one
executor of ``simulate`` and ``tournament``.

The workers ignore SIGINT (a Ctrl-C in a terminal reaches the whole process group); the parent
takes it, terminates the pool, waits for the workers to exit and lets the interrupt go on, so no
worker is left behind and no worker prints a traceback.

On Ray (:class:`RayCluster`, the optional extra ``rummykit[ray]``, imported only when asked for)
each chunk is one task of one CPU; an exception or a Ctrl-C cancels the tasks not yet finished,
and a local instance started for the run is shut down after it.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import socket
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from rummykit.errors import RummykitError

T = TypeVar("T")
C = TypeVar("C")

CONNECT_TIMEOUT = 5.0
"""Seconds a Ray cluster's address is given to accept a connection before the run gives up."""

LOCAL_RAY_ENV = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"
"""Ray's switch that, set to ``0`` before ``ray`` is imported, makes a node take 127.0.0.1 as its
address (without it, Ray resolves even ``127.0.0.1`` to the machine's network address)."""


@dataclass(frozen=True)
class RayCluster:
    """Run on Ray: the cluster at ``address`` (as ``ray.init`` takes it: ``auto``,
    ``ray://head:10001``, ``head:6379``; every node needs this rummykit installed), or, with
    ``None``, a new instance on this machine reachable on 127.0.0.1 only (no dashboard), shut down
    when the run ends. When this process has already called ``ray.init``, that connection is used
    as it is and left open."""

    address: str | None = None


def _ignore_interrupts() -> None:
    """A worker's start: Ctrl-C is the parent's to handle (it stops the workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_chunks(
    work: Callable[[C], Iterable[T]],
    chunks: Sequence[C],
    workers: int,
    progress: Callable[[int], None] | None = None,
    ray: RayCluster | None = None,
) -> list[T]:
    """``work(chunk)`` for every chunk: on the Ray cluster ``ray`` when given (``workers``
    unused); else in this process, in order, when ``workers`` is 1; else on
    ``min(workers, len(chunks))`` spawned processes. ``work`` must be picklable for processes and
    Ray (a module-level function or a ``functools.partial`` of one); the results come in the
    order the chunks finish (sort them when order matters). ``progress`` gets the number of
    results of each chunk as it finishes. An exception in a worker (raised as it was raised
    there), or a ``KeyboardInterrupt`` in the parent, stops the rest of the work and is raised
    again. Raises :class:`RummykitError` when Ray is asked for but not installed, or can't be
    reached."""
    if ray is not None:
        return _run_on_ray(work, chunks, progress, ray)
    if workers == 1:
        return _gather(map(work, chunks), progress)
    pool = multiprocessing.get_context("spawn").Pool(
        max(1, min(workers, len(chunks))), initializer=_ignore_interrupts
    )
    try:
        results = _gather(pool.imap_unordered(work, chunks), progress)
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


def _gather(parts: Iterable[Iterable[T]], progress: Callable[[int], None] | None) -> list[T]:
    """Every part's results, in the order the parts come; ``progress`` gets each part's count."""
    results: list[T] = []
    for part in parts:
        done = list(part)
        results.extend(done)
        if progress is not None:
            progress(len(done))
    return results


def _apply(work: Callable[[C], Iterable[T]], chunk: C) -> list[T]:
    """One chunk's results as a list (a Ray task)."""
    return list(work(chunk))


def check_ray_address(address: str, timeout: float = CONNECT_TIMEOUT) -> None:
    """Raise :class:`RummykitError` unless ``address`` is ``auto`` or ``local`` (for ``ray.init``
    to resolve) or a ``host:port`` or ``ray://host:port`` that accepts a TCP connection within
    ``timeout`` seconds: Ray itself retries an address where nothing listens for minutes."""
    if address in ("auto", "local"):
        return
    target = address.removeprefix("ray://")
    host, colon, port = target.rpartition(":")
    host = host.removeprefix("[").removesuffix("]")
    if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise RummykitError(
            f"a Ray address is auto, host:port or ray://host:port (ray://head:10001), not {address[:60]!r}"
        )
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except OSError as exc:
        raise RummykitError(
            f"could not reach Ray at {address[:60]!r}: {exc.strerror or exc or 'no answer'}"
        ) from None


def _import_ray(local: bool) -> Any:
    """The ``ray`` module; for a ``local`` instance, imported with :data:`LOCAL_RAY_ENV` at 0.
    Raises :class:`RummykitError` when it isn't installed, or for a local instance when it was
    imported before without that switch (it would listen on the network)."""
    if local:
        if "ray" in sys.modules and os.environ.get(LOCAL_RAY_ENV) != "0":
            raise RummykitError(
                f"ray was imported before {LOCAL_RAY_ENV}=0 was set, so a local instance would listen "
                "on the network: set it before ray is imported, or give the cluster's address"
            )
        os.environ[LOCAL_RAY_ENV] = "0"
    try:
        import ray
    except ImportError:
        raise RummykitError("--ray needs Ray: pip install 'rummykit[ray]'") from None
    return ray


def _run_on_ray(
    work: Callable[[C], Iterable[T]],
    chunks: Sequence[C],
    progress: Callable[[int], None] | None,
    cluster: RayCluster,
) -> list[T]:
    """:func:`run_chunks` on Ray, one task per chunk."""
    if cluster.address is not None:
        check_ray_address(cluster.address)
    ray = _import_ray(cluster.address is None)
    started = not ray.is_initialized()
    if started:
        options: dict[str, Any] = {"logging_level": logging.WARNING, "log_to_driver": False}
        if cluster.address is None:
            options.update(_node_ip_address="127.0.0.1", include_dashboard=False)
        try:
            ray.init(address="local" if cluster.address is None else cluster.address, **options)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            where = "start Ray here" if cluster.address is None else f"reach Ray at {cluster.address[:60]!r}"
            raise RummykitError(f"could not {where}: {exc}") from None
    pending: list[Any] = []

    def finished() -> Iterator[list[T]]:
        while pending:
            ready, pending[:] = ray.wait(pending, num_returns=1)
            try:
                yield ray.get(ready[0])
            except ray.exceptions.RayTaskError as exc:
                raise exc.cause from None

    try:
        task = ray.remote(num_cpus=1)(_apply)
        shared = ray.put(work)
        pending += [task.remote(shared, chunk) for chunk in chunks]
        results = _gather(finished(), progress)
    except BaseException:
        for ref in pending:
            ray.cancel(ref, force=True)
        raise
    finally:
        if started:
            ray.shutdown()
    return results
