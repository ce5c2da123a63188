"""Runs on a real Dask cluster: a ``distributed.LocalCluster`` of two worker
processes (one per module), small game counts.  Same seed, same numbers as
the embedded executor, also when a worker dies mid-run."""
from __future__ import annotations

import json
import logging
import os
import signal

import pytest

distributed = pytest.importorskip("distributed")

from simulator import api                                        # noqa: E402
from simulator.executors import DaskExecutor                     # noqa: E402

from test_experiments import STRATS, app, assert_same, cli       # noqa: E402,F401


@pytest.fixture(scope="module")
def dask_executor():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=":0", silence_logs=logging.ERROR)
    client = distributed.Client(cluster)
    ex = DaskExecutor(client, cluster=cluster, threads=1)
    yield ex
    ex.close()


def test_a_real_cluster_of_two_worker_processes(dask_executor):
    pids = dask_executor.worker_pids()
    assert len(pids) == 2 and os.getpid() not in pids.values()
    assert len(set(pids.values())) == 2
    assert "2 workers" in dask_executor.description


def test_sweep_and_tournament_match_the_embedded_executor(dask_executor):
    embedded = api.sweep("recommended", STRATS, games=1200, seed=11, progress=False)
    on_dask = api.sweep("recommended", STRATS, games=1200, seed=11, job_games=150,
                        executor=dask_executor, progress=False)
    assert_same(embedded, on_dask)

    strats = ["bm-smithy", "bm-witch", "big-money-ultimate"]
    embedded = api.tournament(strats, 900, seed=12, all_seat_orders=True, progress=False)
    on_dask = api.tournament(strats, 900, seed=12, all_seat_orders=True, job_games=100,
                             executor=dask_executor, progress=False)
    assert_same(embedded, on_dask)


def test_a_killed_worker_still_gives_the_same_results(dask_executor):
    opts = dict(games=6000, seed=13, progress=False)
    embedded = api.sweep("recommended", STRATS, **opts)
    killed = []

    def kill_one(_):
        if not killed:                       # after the first result, mid-run
            pid = next(iter(dask_executor.worker_pids().values()))
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)

    on_dask = api.sweep("recommended", STRATS, **opts, job_games=200, executor=dask_executor,
                        on_result=kill_one)
    assert killed
    assert_same(embedded, on_dask)
    dask_executor.client.wait_for_workers(2, timeout=60)        # the nanny restarted it
    assert killed[0] not in dask_executor.worker_pids().values()


def test_the_command_line_uses_a_scheduler(app, dask_executor, monkeypatch):
    address = dask_executor.client.scheduler.address
    args = ["sweep", "--strategies", STRATS, "-n", 400, "--seed", 14, "--json"]
    embedded = json.loads(cli(app, *args).stdout)
    on_dask = json.loads(cli(app, *args, "--scheduler", address, "--job-games", 100).stdout)
    assert on_dask["tables"] == embedded["tables"]
    monkeypatch.setenv("DOMSIM_SCHEDULER", address)
    from_env = json.loads(cli(app, *args, "--job-games", 150).stdout)
    assert from_env["tables"] == embedded["tables"]


def test_local_cluster_option(app):
    """--cluster local:N starts (and stops) its own cluster of worker processes."""
    args = ["sweep", "--strategies", "bm-smithy,big-money-ultimate", "-n", 300, "--seed", 15,
            "--json"]
    embedded = json.loads(cli(app, *args).stdout)
    on_dask = json.loads(cli(app, *args, "--cluster", "local:1", "--job-games", 100).stdout)
    assert on_dask["tables"] == embedded["tables"]


def test_an_unreachable_scheduler_is_one_clear_error():
    with pytest.raises(ValueError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        DaskExecutor.connect("tcp://127.0.0.1:9", timeout=1)


def test_optimize_on_dask_finds_what_the_embedded_executor_finds(dask_executor):
    pytest.importorskip("optuna")
    tiny = dict(evaluations=4, seed=5, round_size=2, rung_games=16, final_games=40,
                field_games=20)
    embedded = api.optimize("First Game", **tiny)
    on_dask = api.optimize("First Game", executor=dask_executor, **tiny)
    assert on_dask.strategy == embedded.strategy
    assert on_dask.history == embedded.history and on_dask.games == embedded.games
