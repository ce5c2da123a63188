"""What Dask costs: the same sweep on the embedded executor and on a local
Dask cluster of two worker processes (``--cluster local:2``).

The sweep: the six recommended kingdoms x 5 matchups x 100,000 games (each
kingdom's first five cards, alphabetically, as ``bm-<card>`` bots against
big-money-ultimate): 30 jobs of 100,000 games, 3 million games.  Both
executors use every core: embedded runs one job at a time on all threads,
the cluster one single-threaded job per worker.

Figures (medians with min-max, on a shared machine):
- ``embedded_s`` / ``dask_s``: the sweep (plan -> jobs -> merge) on each
  executor, alternating ABBA on one started cluster; ``overhead_run``: the
  paired ratio dask / embedded - 1 (serialisation, scheduling, the tail
  where one worker waits for the other), also in CPU time of every process
  involved (``overhead_run_cpu``); ``worker_time_not_playing``: the share of
  the workers' wall time not spent inside jobs (Dask's own cost, measured
  within each run, so the machine's changing load cancels out);
- ``cluster_cold_cost_s``: what ``--cluster local:2`` adds once per
  command: starting the workers, their first load of the compiled kernel,
  stopping them;
- ``identical``: the merged results of every run are the same bits.

Run: ``python -m benchmarks.distributed [--runs N] [--games G]``.
"""
from __future__ import annotations

import argparse
import json
import time

from .common import HERE, machine, spread

BASE = "big-money-ultimate"
MATCHUPS = 5


def sweep_plan(games: int, seed: int = 0):
    """The measured sweep as one plan."""
    from simulator.runs import experiments as X
    from simulator.engine.kingdom import RECOMMENDED
    parts = []
    for name, cards in RECOMMENDED.items():
        if {X.card_set(c) for c in cards} != {"base"}:
            continue                    # the base rulebook's six, as measured before Intrigue
        bots = [f"bm-{c.lower().replace(' ', '-')}" for c in sorted(cards)[:MATCHUPS]]
        parts.append(X.plan_sweep({name: list(cards)}, bots, vs=BASE, games=games, seed=seed))
    plan = parts[0]
    for part in parts[1:]:
        plan.setups += part.setups
        plan.strategies.update(part.strategies)
        plan.meta["kingdoms"].update(part.meta["kingdoms"])
    return plan


def _cpu() -> float:
    """CPU seconds this process has used (all its threads)."""
    import resource
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _cluster_cpu(executor) -> float:
    """CPU seconds of this process (client and, for a local cluster, the
    scheduler) plus every worker process."""
    workers = executor.client.run(_cpu) if hasattr(executor, "client") else {}
    return _cpu() + sum(workers.values())


def _timed(plan, executor):
    """(wall seconds, CPU seconds, runs, job results) of one run of the plan."""
    from simulator.runs import experiments as X
    cpu = _cluster_cpu(executor)
    started = time.perf_counter()
    results = X.execute(plan, executor, progress=False)
    runs = X.merge(plan, results)
    wall = time.perf_counter() - started
    return wall, _cluster_cpu(executor) - cpu, runs, results


def _same(a, b) -> bool:
    import numpy as np
    for ra, rb in zip(a, b):
        ta, tb = ra.results._tally, rb.results._tally
        for f in ("outcome", "ended", "vp", "turns", "ended_games", "lengths"):
            if not np.array_equal(getattr(ta, f), getattr(tb, f)):
                return False
        if not np.array_equal(ra.results.per_turn, rb.results.per_turn):
            return False
    return len(a) == len(b)


def run(runs: int = 3, games: int = 100_000, log=print) -> dict:
    """Start a cluster (timed), then alternate embedded and Dask runs of the
    sweep (ABBA, so a drift in the machine's load hits both alike)."""
    from simulator.runs.executors import DaskExecutor, EmbeddedExecutor
    plan = sweep_plan(games)
    jobs = plan.jobs()
    log(f"  {len(plan.setups)} matchups, {len(jobs)} jobs, {plan.games:,} games")
    embedded = EmbeddedExecutor()
    _timed(sweep_plan(2000), embedded)                          # compile / load
    t0 = time.perf_counter()
    ex = DaskExecutor.local(2)
    start = time.perf_counter() - t0
    emb, emb_cpu, dask, dask_cpu, job_s, idle = [], [], [], [], [], []
    same = True
    try:
        first, _, ref, _ = _timed(plan, ex)                      # workers load the kernel
        log(f"  cluster start {start:.1f} s, first run {first:.1f} s")
        for r in range(runs):
            for kind in (("e", "d") if r % 2 == 0 else ("d", "e")):
                t, c, got, res = _timed(plan, embedded if kind == "e" else ex)
                same &= _same(ref, got)
                (emb if kind == "e" else dask).append(t)
                (emb_cpu if kind == "e" else dask_cpu).append(c)
                if kind == "d":
                    job_s += [x.seconds for x in res.values()]
                    # worker time not spent playing: scheduling, transfers, the tail
                    idle.append(t * 2 / sum(x.seconds for x in res.values()) - 1)
            log(f"  pair {r + 1}: embedded {emb[-1]:.1f} s ({emb_cpu[-1]:.1f} CPU-s), "
                f"Dask {dask[-1]:.1f} s ({dask_cpu[-1]:.1f} CPU-s); identical: {same}")
    finally:
        t1 = time.perf_counter()
        ex.close()
        stop = time.perf_counter() - t1
    warm = spread(dask)["median"]
    cold = start + (first - warm) + stop           # what starting a cluster adds to a run
    return {
        "machine": machine(), "games": plan.games, "jobs": len(jobs),
        "games_per_job": games, "job_seconds_on_a_worker": spread(job_s),
        "embedded_s": spread(emb), "embedded_cpu_s": spread(emb_cpu),
        "dask_s": spread(dask), "dask_cpu_s": spread(dask_cpu),
        "overhead_run": spread([d / e - 1 for d, e in zip(dask, emb)]),
        "overhead_run_cpu": spread([d / e - 1 for d, e in zip(dask_cpu, emb_cpu)]),
        "worker_time_not_playing": spread(idle),
        "cluster_start_s": start, "cluster_first_run_s": first, "cluster_stop_s": stop,
        "cluster_cold_cost_s": cold,
        "identical": bool(same),
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--games", type=int, default=100_000, help="games per matchup")
    args = ap.parse_args(argv)
    out = run(args.runs, args.games)
    dest = HERE / "results"
    dest.mkdir(exist_ok=True)
    (dest / "distributed.json").write_text(json.dumps(out, indent=1))

    def f(s):
        return f"{s['median']:.3g} ({s['min']:.3g}-{s['max']:.3g})"
    print(f"embedded: {f(out['embedded_s'])} s, {f(out['embedded_cpu_s'])} CPU-s; "
          f"local:2 started: {f(out['dask_s'])} s, {f(out['dask_cpu_s'])} CPU-s")
    print(f"Dask overhead per run: {100 * out['overhead_run']['median']:+.1f}% wall "
          f"({100 * out['overhead_run']['min']:+.1f}% to {100 * out['overhead_run']['max']:+.1f}%), "
          f"{100 * out['overhead_run_cpu']['median']:+.1f}% CPU "
          f"({100 * out['overhead_run_cpu']['min']:+.1f}% to "
          f"{100 * out['overhead_run_cpu']['max']:+.1f}%); worker time not spent playing: "
          f"{100 * out['worker_time_not_playing']['median']:.1f}% "
          f"({100 * out['worker_time_not_playing']['min']:.1f}-"
          f"{100 * out['worker_time_not_playing']['max']:.1f}%)")
    print(f"cluster: start {out['cluster_start_s']:.1f} s, first run "
          f"{out['cluster_first_run_s']:.1f} s, stop {out['cluster_stop_s']:.1f} s: "
          f"{out['cluster_cold_cost_s']:.1f} s added by --cluster local:2; "
          f"job on a worker {f(out['job_seconds_on_a_worker'])} s; "
          f"identical results: {out['identical']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
