"""Runs on a real Dask cluster: a ``distributed.LocalCluster`` of two worker
processes (one per module), small game counts.  Same seed, same numbers as
the embedded executor, also when a worker dies mid-run."""
from __future__ import annotations

import json
import logging
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time

import pytest

distributed = pytest.importorskip("distributed")

from simulator import api                                        # noqa: E402
from simulator.runs.executors import DaskExecutor                     # noqa: E402

from test_experiments import STRATS, app, assert_same, cli       # noqa: E402,F401

pytestmark = [pytest.mark.dask, pytest.mark.slow]


@pytest.fixture(scope="module")
def dask_executor():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address="127.0.0.1:0",
                                       silence_logs=logging.ERROR)
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


# ============================================================ where Dask listens, what it says

def _listening(pid: int) -> list[str]:
    """The local addresses (hex, as /proc/net shows them) that process ``pid``
    listens on."""
    inodes = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            link = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if link.startswith("socket:["):
            inodes.add(link[8:-1])
    found = []
    for table in ("tcp", "tcp6"):
        with open(f"/proc/{pid}/net/{table}") as f:
            for line in f.read().splitlines()[1:]:
                cols = line.split()
                if cols[3] == "0A" and cols[9] in inodes:          # LISTEN
                    found.append(cols[1].split(":")[0])
    return found


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/proc/self/net/tcp"), reason="needs Linux /proc")
def test_a_local_cluster_listens_on_this_machine_only_and_names_its_dashboard():
    with DaskExecutor.local(1, threads=1) as ex:
        for pid in [os.getpid(), *ex.worker_pids().values()]:
            hosts = _listening(pid)
            assert hosts and not any(set(h) == {"0"} for h in hosts), (pid, hosts)
        assert "0100007F" in _listening(os.getpid())               # 127.0.0.1
        [note] = [n for n in ex.notes if "dashboard" in n]
        assert "http://127.0.0.1:" in note


def _domsim(*args, env=None, timeout=300):
    return subprocess.run([sys.executable, "-m", "simulator", *map(str, args)],
                          capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, **(env or {})})


@pytest.mark.slow
def test_dask_deprecation_warnings_do_not_reach_the_user(tmp_path):
    # a deprecated key in the user's Dask configuration: Dask warns in every process
    res = _domsim("sweep", "--strategies", "bm-smithy,big-money-ultimate", "-n", 100,
                  "--cluster", "local:1", env={"DASK_FUSE_AVE_WIDTH": "1"})
    assert res.returncode == 0, res.stderr[-2000:]
    assert "Warning" not in res.stderr and "deprecated" not in res.stderr, res.stderr


@pytest.mark.slow
def test_a_scheduler_that_never_answers_is_given_up_after_the_timeout():
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    held = []
    threading.Thread(target=lambda: held.extend(server.accept() for _ in range(8)),
                     daemon=True).start()
    address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
    try:
        started = time.monotonic()
        res = _domsim("sweep", "--strategies", STRATS, "-n", 100, "--scheduler", address,
                      "--scheduler-timeout", 2, timeout=120)
        took = time.monotonic() - started
        res_env = _domsim("tournament", "big-money", "smithy", "-n", 20,
                          env={"DOMSIM_SCHEDULER": address}, timeout=120)
    finally:
        server.close()
    assert res.returncode == 2 and res.stderr.splitlines() == [
        f"error: the Dask scheduler at {address} (from --scheduler) took the connection but "
        "did not answer within 2 s (is it a Dask scheduler, and not hung?); "
        "--scheduler-timeout sets the wait"]
    assert took < 60
    assert res_env.returncode == 2 and f"{address} (from DOMSIM_SCHEDULER)" in res_env.stderr


def test_a_bad_address_names_where_it_came_from(app, monkeypatch):
    monkeypatch.setenv("DOMSIM_SCHEDULER", "garbage")
    res = cli(app, "sweep", "--strategies", STRATS, "-n", 100, ok=False)
    assert res.exit_code == 2 and res.stderr.splitlines() == [
        "error: DOMSIM_SCHEDULER='garbage': missing port number in address 'garbage'"]
    res = cli(app, "sweep", "--strategies", STRATS, "-n", 100, "--scheduler", "nonsense",
              ok=False)
    assert res.stderr.startswith("error: --scheduler 'nonsense': missing port number")


# ============================================================ compare on Dask

CMP_CASES = [["big-money", "smithy", "-n", 3000, "--seed", 3],
             ["big-money", "smithy", "-n", 2999, "--players", 4, "--seed", 4],
             ["big-money", "smithy", "bm-witch", "-n", 2000, "--players", 4,
              "--seating", "rotate", "--kingdom", "random", "--edition", 1,
              "--turn-cap", 40]]


def _compare(*args, ok=True):
    from simulator.cli import app as C
    return cli(C.app, "compare", *args, ok=ok)


def _timeless(res) -> dict:
    doc = json.loads(res.stdout)
    assert doc.pop("games_per_second") > 0
    return doc


@pytest.mark.parametrize("args", CMP_CASES)
def test_compare_on_a_scheduler_gives_the_in_process_results(dask_executor, args):
    """compare --scheduler: one setup cut into jobs on two worker processes,
    merged: the same JSON (rule fires too), text and CSV as in this process."""
    address = dask_executor.client.scheduler.address
    on_dask = ["--scheduler", address, "--job-games", 333]
    here = _compare(*args, "--json", "--explain")
    there = _compare(*args, "--json", "--explain", *on_dask)
    assert _timeless(there) == _timeless(here)
    assert len(json.loads(here.stdout)["rules"]) > 5
    assert _compare(*args, "--csv", "-", *on_dask).stdout == _compare(*args, "--csv", "-").stdout
    timing = re.compile(r"\n[\d,]+ games in [\d.]+ s \([\d,]+ games/s\)\n")
    text = [timing.sub("\n", _compare(*args, "--explain", *extra).stdout)
            for extra in ([], on_dask)]
    assert text[0] == text[1] and "rules fired per game" in text[0]


@pytest.mark.slow
def test_compare_on_a_local_cluster_gives_the_in_process_results():
    """--cluster local:2 starts two worker processes for the run."""
    for args in CMP_CASES[:2]:
        here = _compare(*args, "--json", "--explain")
        there = _compare(*args, "--json", "--explain", "--cluster", "local:2")
        assert _timeless(there) == _timeless(here)
        assert "Dask dashboard (this machine only): http://127.0.0.1:" in there.stderr


def test_compare_honours_domsim_scheduler(dask_executor, monkeypatch):
    """The variable works as --scheduler does (no note that compare ignores it),
    and a bad address is one error line that names it."""
    args = ["big-money", "smithy", "-n", 1000, "--json", "--explain"]
    here = _compare(*args)
    monkeypatch.setenv("DOMSIM_SCHEDULER", dask_executor.client.scheduler.address)
    played = []
    monkeypatch.setattr(dask_executor.__class__, "submit",
                        lambda self, jobs, real=dask_executor.__class__.submit:
                        played.append(self) or real(self, jobs))
    there = _compare(*args)
    assert played and _timeless(there) == _timeless(here) and there.stderr == ""
    monkeypatch.setenv("DOMSIM_SCHEDULER", "garbage")
    res = _compare(*args, ok=False)
    assert res.exit_code == 2 and res.stdout == "" and res.stderr.splitlines() == [
        "error: DOMSIM_SCHEDULER='garbage': missing port number in address 'garbage'"]


def test_compare_job_games_without_dask_is_a_note():
    res = _compare("big-money", "smithy", "-n", 10, "--job-games", 5)
    assert res.stderr == ("note: --job-games is ignored without --scheduler or --cluster: "
                          "compare plays in this process\n")
