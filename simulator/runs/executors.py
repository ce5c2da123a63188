"""Where jobs run: in this process, or on a Dask distributed cluster.

Every executor has the same small interface, made for a whole plan as well
as for a search that races candidates::

    with make_executor(cluster="local:2") as ex:
        batch = ex.submit(jobs)          # many jobs at once
        for result in batch:             # JobResults, as they finish
            ...
            if enough:
                batch.cancel()           # drop the jobs not finished yet

- ``EmbeddedExecutor`` (the default) plays the jobs one after the other in
  this process, each on all cores (numba threads): no server, today's speed.
- ``DaskExecutor`` sends them to a Dask cluster: an existing one
  (``--scheduler tcp://HOST:PORT`` or ``DOMSIM_SCHEDULER``) or a local
  cluster of N worker processes started for the run (``--cluster local:N``).
  A job whose worker dies is played again by another (Dask reschedules it).

Dask is the optional extra ``dist``; it is imported only when a Dask
executor is asked for.  Results do not depend on the executor: see
``simulator.runs.experiments``.
"""
from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterable, Iterator

from simulator.runs.jobs import JOB_SEAT_GAMES, Job, JobResult, engine_fingerprint, run_job
from simulator.output.termtable import counted

SCHEDULER_ENV = "DOMSIM_SCHEDULER"
CONNECT_TIMEOUT = 10.0         # seconds to wait for a --scheduler's answer
LOCALHOST = "127.0.0.1"
# warning filters for the worker processes of a local cluster (PYTHONWARNINGS)
_QUIET_WORKERS = ("ignore::DeprecationWarning,ignore::PendingDeprecationWarning,"
                  "ignore::FutureWarning")
MISSING_DASK = ("{what} needs Dask, the optional 'dist' extra: pip install -e '.[dist]' "
                "(or pip install 'dask[distributed]')")


class ExecutorError(RuntimeError):
    """A run the executor could not finish (cluster trouble, a worker with
    another engine): reported as one line, not a traceback."""


class Batch:
    """Jobs handed to an executor: iterate to get their results as they
    finish (in no fixed order); ``cancel`` drops those not finished."""

    def __iter__(self) -> Iterator[JobResult]:
        raise NotImplementedError

    def cancel(self) -> None:
        raise NotImplementedError


class Executor:
    """Runs jobs.  Use as a context manager, or call ``close``."""
    cores = 1                  # cores the executor plays on (for estimates)
    description = ""
    notes: list[str] = []      # things the user should know about the set-up

    def submit(self, jobs: Iterable[Job]) -> Batch:
        raise NotImplementedError

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


# ============================================================ embedded

# Seat-games a thread should have before a job is spread over more threads:
# waking a thread costs about 1 ms on an idle machine, 10 ms on a busy one.
MIN_SEAT_GAMES_PER_THREAD = 4096


class _EmbeddedBatch(Batch):
    def __init__(self, jobs: Iterable[Job], threads: int):
        self._todo = deque(jobs)
        self._threads = threads

    def __iter__(self) -> Iterator[JobResult]:
        while self._todo:
            job = self._todo.popleft()
            enough = job.count * job.players // MIN_SEAT_GAMES_PER_THREAD
            yield run_job(job, max(1, min(self._threads, enough)))

    def cancel(self) -> None:
        self._todo.clear()


class EmbeddedExecutor(Executor):
    """Jobs in this process, one at a time, each on ``threads`` numba
    threads (default: all cores; small jobs on fewer, which is faster and
    changes no result).  An interruption loses the running job only."""

    def __init__(self, threads: int | None = None):
        import numba
        most = numba.config.NUMBA_NUM_THREADS
        if threads is not None and threads < 1:
            raise ValueError(f"--threads must be at least 1, not {threads}")
        self.cores = min(threads or most, most)
        self.description = f"this process, {counted(self.cores, 'thread')}"

    def submit(self, jobs: Iterable[Job]) -> Batch:
        return _EmbeddedBatch(jobs, self.cores)


# ============================================================ Dask

# Small jobs travel in tasks of about this many seat-games (a job's default
# size), so a plan of many small jobs does not drown in per-task costs.
TASK_SEAT_GAMES = JOB_SEAT_GAMES


def pack(jobs: Iterable[Job], seat_games: int = TASK_SEAT_GAMES) -> list[tuple[Job, ...]]:
    """Consecutive jobs grouped into tasks of at least ``seat_games`` seat-games
    (a larger job is a task of its own)."""
    tasks, group, work = [], [], 0
    for job in jobs:
        group.append(job)
        work += job.count * job.players
        if work >= seat_games:
            tasks.append(tuple(group))
            group, work = [], 0
    if group:
        tasks.append(tuple(group))
    return tasks


def _run_on_worker(jobs: tuple[Job, ...], threads: int, engine: str) -> list[JobResult]:
    """The task a Dask worker runs (this module is imported there by name,
    so workers need the same domsim installed)."""
    if engine_fingerprint() != engine:
        raise ExecutorError(f"this worker runs another domsim engine ({engine_fingerprint()}, "
                            f"the client's is {engine}); install the same domsim version "
                            "on every machine")
    return [run_job(job, threads) for job in jobs]


class _DaskBatch(Batch):
    def __init__(self, client, futures: list):
        from distributed import as_completed
        self._client = client
        self._futures = futures
        self._done = as_completed(futures)

    def __iter__(self) -> Iterator[JobResult]:
        from distributed.scheduler import KilledWorker
        for fut in self._done:
            try:
                yield from fut.result()
            except KilledWorker as e:
                raise ExecutorError(f"a job killed every worker that tried it ({e}); "
                                   "the workers may be out of memory") from None

    def cancel(self) -> None:
        pending = [f for f in self._futures if not f.done()]
        if pending:
            try:
                self._client.cancel(pending)
            except Exception:           # the cluster may be gone (Ctrl-C, shutdown)
                pass


class DaskExecutor(Executor):
    """Jobs on a Dask distributed cluster, in tasks of about a job's default
    size (small jobs are packed together), one task per worker thread.

    ``threads`` is the numba threads each job uses.  Start workers with one
    thread each (``dask worker ADDR --nworkers N --nthreads 1``): a job holds
    Python's lock while it plays, so jobs sharing a worker process would
    take turns instead of running side by side (``notes`` says so).
    """

    def __init__(self, client, *, cluster=None, threads: int = 1):
        self.client = client
        self.cluster = cluster
        self.threads = max(1, int(threads))
        self.engine = engine_fingerprint()
        info = client.scheduler_info()
        workers = info.get("workers", {})
        self.cores = max(1, sum(w.get("nthreads", 1) for w in workers.values())) * self.threads
        where = "a local Dask cluster" if cluster is not None else f"Dask at {info.get('address')}"
        self.description = (f"{where}, {counted(len(workers), 'worker')}, "
                            f"{counted(self.threads, 'thread')} per job")
        shared = sorted(a for a, w in workers.items() if w.get("nthreads", 1) > 1)
        self.notes = [] if not shared else [
            f"note: {counted(len(shared), 'Dask worker')} with several threads "
            f"({shared[0]} …): their jobs take turns; start workers with --nthreads 1 and "
            "one process per core"]

    @classmethod
    def connect(cls, address: str, threads: int | None = None,
                timeout: float = CONNECT_TIMEOUT, source: str = "--scheduler") -> DaskExecutor:
        """Use the cluster whose scheduler listens at ``address`` (given by
        ``source``: the option or the environment variable, named in errors).
        A server that takes the connection but never answers (not a Dask
        scheduler, or a hung one) is given up after ``timeout`` seconds:
        Dask's own client would wait for ever."""
        Client = _dask_client(source)
        _probe(address, timeout, source)
        try:
            client = Client(address, timeout=timeout)
        except (OSError, TimeoutError) as e:
            raise ValueError(f"cannot reach the Dask scheduler at {address} (from {source}): "
                             f"{e}; start one with 'dask scheduler' (see docs/scaling.md)"
                             ) from None
        except ValueError as e:
            raise ValueError(f"{_given(address, source)}: {e}") from None
        return cls(client, threads=threads or 1)

    @classmethod
    def local(cls, workers: int, threads: int | None = None) -> DaskExecutor:
        """Start a cluster of ``workers`` worker processes on this machine for
        the run; each job gets an equal share of the cores."""
        Client = _dask_client("--cluster")
        import logging
        import dask
        from distributed import LocalCluster
        cores = os.cpu_count() or 1
        quiet = ",".join(filter(None, [os.environ.get("PYTHONWARNINGS"), _QUIET_WORKERS]))
        try:                        # every port on this machine only, like domsim's servers
            with dask.config.set({"distributed.nanny.pre-spawn-environ.PYTHONWARNINGS": quiet}):
                cluster = LocalCluster(n_workers=workers, threads_per_worker=1,
                                       processes=True, host=LOCALHOST,
                                       dashboard_address=f"{LOCALHOST}:0",
                                       silence_logs=logging.ERROR, preload=[__name__])
        except RuntimeError as e:
            raise ExecutorError(f"could not start a local Dask cluster ({e}); in a Python "
                                "script, start it under if __name__ == '__main__':") from None
        try:
            client = Client(cluster)
            client.wait_for_workers(workers, timeout=300)
        except BaseException:
            cluster.close()
            raise
        ex = cls(client, cluster=cluster, threads=threads or max(1, cores // workers))
        ex.notes = [*ex.notes, _dashboard_note(cluster.dashboard_link)]
        return ex

    def submit(self, jobs: Iterable[Job]) -> Batch:
        import uuid
        jobs = list(jobs)
        run = uuid.uuid4().hex[:8]
        # packed, but into at least four tasks per worker thread when there are enough jobs
        slots = max(1, self.cores // self.threads)
        work = sum(j.count * j.players for j in jobs)
        size = max(1, min(TASK_SEAT_GAMES, work // (4 * slots)))
        futures = [self.client.submit(_run_on_worker, task, self.threads, self.engine,
                                      key=f"domsim-{run}-{task[0].key}", pure=False)
                   for task in pack(jobs, size)]
        return _DaskBatch(self.client, futures)

    def worker_pids(self) -> dict[str, int]:
        """Worker address -> process id (for tests that kill a worker)."""
        return self.client.run(os.getpid)

    def close(self) -> None:
        try:
            self.client.close()
        finally:
            if self.cluster is not None:
                self.cluster.close()


def dask_setup(worker) -> None:
    """Dask's hook for a preloaded module, run in each worker of a local
    cluster: Ctrl-C in the terminal reaches the workers too, but the run is
    stopped by the client, so the workers ignore it instead of each printing
    a traceback."""
    import signal
    import threading
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def _dask_client(what: str):
    _quiet_dask()
    try:
        from distributed import Client
    except ImportError:
        raise ValueError(MISSING_DASK.format(what=what)) from None
    return Client


def _quiet_dask() -> None:
    """Dask's deprecation warnings (of its own API, or of keys in the user's
    Dask configuration) are nothing a domsim user can act on: kept out of
    this process's output, before Dask is first imported (the worker
    processes of a local cluster get ``_QUIET_WORKERS``)."""
    import warnings
    for category in (DeprecationWarning, PendingDeprecationWarning, FutureWarning):
        warnings.filterwarnings("ignore", category=category,
                                module=r"(dask|distributed|tornado|bokeh)(\.|$)")


def _given(address: str, source: str) -> str:
    """How the user gave the address: "--scheduler 'x'" or "DOMSIM_SCHEDULER='x'"."""
    return f"{source} {address!r}" if source.startswith("-") else f"{source}={address!r}"


def _probe(address: str, timeout: float, source: str) -> None:
    """Ask the scheduler at ``address`` who it is, within ``timeout`` seconds:
    first whether anything takes the connection (for tcp:// and tls://),
    then whether it answers as a Dask scheduler does."""
    import asyncio
    from distributed.comm import parse_address
    from distributed.comm.addressing import parse_host_port
    from distributed.core import rpc

    where = f"{address} (from {source})"
    unreachable = (f"cannot reach the Dask scheduler at {where}: {{}}; start one with "
                   "'dask scheduler' (see docs/scaling.md)")

    async def identity():
        async with rpc(address, timeout=timeout) as scheduler:
            return await scheduler.identity()

    async def ask():
        scheme, location = parse_address(address)
        if scheme in ("tcp", "tls"):
            host, port = parse_host_port(location)
            try:
                _, writer = await asyncio.wait_for(asyncio.open_connection(host, port),
                                                   timeout)
            except (asyncio.TimeoutError, TimeoutError):
                raise ValueError(unreachable.format(f"no answer within {timeout:g} s")
                                 ) from None
            except OverflowError as e:           # port > 65535
                raise ValueError(str(e)) from None
            except OSError as e:
                raise ValueError(unreachable.format(
                    os.strerror(e.errno) if e.errno else e)) from None
            writer.close()
        try:
            return await asyncio.wait_for(identity(), timeout)
        except (asyncio.TimeoutError, TimeoutError):
            raise ValueError(f"the Dask scheduler at {where} took the connection but did "
                             f"not answer within {timeout:g} s (is it a Dask scheduler, "
                             "and not hung?); --scheduler-timeout sets the wait") from None
        except OSError as e:
            raise ValueError(unreachable.format(e)) from None

    try:
        answer = asyncio.run(ask())
    except ValueError as e:
        if str(e).startswith(("cannot reach", "the Dask scheduler")):
            raise
        raise ValueError(f"{_given(address, source)}: {e}") from None
    except Exception:                 # it answered, but not as a Dask scheduler does
        raise ValueError(f"{where} did not answer like a Dask scheduler: is the address "
                         "right?") from None
    if not isinstance(answer, dict) or answer.get("type") != "Scheduler":
        raise ValueError(f"{where} is not a Dask scheduler")


def _dashboard_note(link: str) -> str:
    try:
        import bokeh  # noqa: F401
        extra = ""
    except ImportError:
        extra = " (its pages need bokeh: pip install bokeh)"
    return f"Dask dashboard (this machine only): {link}{extra}"


# ============================================================ choosing one

def parse_cluster(spec: str) -> int:
    """'local:N' (or 'local': one worker per core) -> N."""
    kind, _, n = str(spec).strip().partition(":")
    if kind.strip().lower() != "local":
        raise ValueError(f"--cluster {spec!r}: give local:N (N worker processes on this "
                         "machine); for other machines start a scheduler and use --scheduler")
    if not n.strip():
        return os.cpu_count() or 1
    try:
        workers = int(n)
    except ValueError:
        raise ValueError(f"--cluster {spec!r}: N in local:N must be a number") from None
    if not 1 <= workers <= 1024:
        raise ValueError(f"--cluster {spec!r}: N must be between 1 and 1024")
    return workers


def check_options(*, scheduler: str | None = None, cluster: str | None = None,
                  threads: int | None = None, timeout: float | None = None) -> bool:
    """Raise ValueError for executor options that cannot work, before anything
    is planned or started; return whether they ask for Dask: ``scheduler``,
    ``cluster`` or the ``DOMSIM_SCHEDULER`` variable (what ``make_executor``
    does with them; ``compare`` plays in-process, its fast path, otherwise)."""
    if scheduler and cluster:
        raise ValueError("give either --scheduler or --cluster, not both")
    if threads is not None and threads < 1:
        raise ValueError(f"--threads must be at least 1, not {threads}")
    if timeout is not None and not timeout > 0:
        raise ValueError(f"--scheduler-timeout must be a positive number of seconds, "
                         f"not {timeout:g}")
    if cluster:
        parse_cluster(cluster)
    return bool(scheduler or cluster or os.environ.get(SCHEDULER_ENV, "").strip())


def make_executor(*, scheduler: str | None = None, cluster: str | None = None,
                  threads: int | None = None, timeout: float | None = None) -> Executor:
    """The executor the options ask for: ``scheduler`` (else the
    ``DOMSIM_SCHEDULER`` environment variable when no ``cluster`` is given),
    ``cluster`` ('local:N'), or the embedded one.  ``timeout``: seconds to
    wait for the scheduler's answer (default ``CONNECT_TIMEOUT``)."""
    check_options(scheduler=scheduler, cluster=cluster, threads=threads, timeout=timeout)
    if cluster:
        return DaskExecutor.local(parse_cluster(cluster), threads)
    source = "--scheduler"
    if not scheduler and os.environ.get(SCHEDULER_ENV, "").strip():
        scheduler, source = os.environ[SCHEDULER_ENV].strip(), SCHEDULER_ENV
    if scheduler:
        return DaskExecutor.connect(scheduler, threads, timeout or CONNECT_TIMEOUT, source)
    return EmbeddedExecutor(threads)
