"""Experiments as data: plans, jobs, merging, run folders, the Python API.

The claim under test is "same seed, same numbers": a run cut into jobs of
any size, finished in any order, interrupted and resumed, gives the same
bits as one uninterrupted run.  Dask executors: tests/test_distributed.py.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from simulator import api
from simulator.runs import experiments as X
from simulator.runs import jobs as J
from simulator.runs.executors import EmbeddedExecutor, make_executor, parse_cluster

from test_report_commands import app, run as cli                 # noqa: F401 (fixture)

STRATS = "big-money-ultimate,bm-smithy,bm-witch"


def assert_same(a, b) -> None:
    """Two results are the same bits: every table and every run's sums."""
    assert list(a.tables) == list(b.tables)
    for name in a.tables:
        pd.testing.assert_frame_equal(a.tables[name], b.tables[name], check_exact=True)
    assert len(a.runs) == len(b.runs)
    for ra, rb in zip(a.runs, b.runs):
        ta, tb = ra.results._tally, rb.results._tally
        for f in ("outcome", "ended", "vp", "turns", "ended_games", "lengths"):
            np.testing.assert_array_equal(getattr(ta, f), getattr(tb, f))
        np.testing.assert_array_equal(ra.results.per_turn, rb.results.per_turn)
        assert (ra.kind, ra.strategies, ra.info.keys()) == (rb.kind, rb.strategies, rb.info.keys())


def no_timing(meta: dict) -> dict:
    return {k: v for k, v in meta.items() if k not in ("seconds", "date", "simulated",
                                                        "generated", "version", "threads")}


# ================================================================ jobs
def test_strategy_data_rebuilds_the_same_program():
    from simulator.language.strategy import Strategy, compile_program, load_strategy
    from simulator.engine.kingdom import RECOMMENDED, parse_kingdom
    mine = Strategy.from_rules("Mine", ["Province if my.Gold > 0", "Witch if my.Witch < 2",
                                        "Gold", "Silver"], play=["Witch", "Village"])
    words = Strategy.from_rules("Words", ["Province if not ends_game or lead_after > 0",
                                          "Gold if density < 1.5", "Silver"],
                                let={"density": "my.money / my.cards * 1.0"},
                                may={"Moneylender": "my.Copper > 3"},
                                extends="big-money-ultimate", penultimate_province=True)
    strats = [load_strategy("bm-witch"), load_strategy("big-money-ultimate"), mine, words,
              load_strategy("double-witch")]
    texts = tuple(json.dumps(J.strategy_data(s)) for s in strats)
    again = J._rebuild(texts)
    kingdom = frozenset(parse_kingdom(list(RECOMMENDED["Improvements"])))
    want, got = compile_program(strats, kingdom), compile_program(list(again), kingdom)
    for field in ("code", "rules", "lists"):        # may and let included
        np.testing.assert_array_equal(getattr(want, field), getattr(got, field))
    assert [s.name for s in again] == [s.name for s in strats]


def test_jobs_cut_every_batch_into_consecutive_ranges():
    plan = X.plan_balance(300, "2,3", seed=1, job_games=7)
    jobs = plan.jobs()
    assert len({j.key for j in jobs}) == len(jobs)
    covered: dict[tuple, list] = {}
    for j in jobs:
        covered.setdefault((j.strategies, j.players, j.kingdom, j.seed), []).append(j)
    for s in plan.setups:
        assert len(s.batch_seeds) == X.REPORT_BATCHES
        assert s.batch_games % s.players == 0
        assert s.games >= (100 if s.kind == "sweep" else 300)
    for parts in covered.values():
        parts.sort(key=lambda j: j.first)
        assert parts[0].first == 0 and all(j.count <= 7 for j in parts)
        assert all(a.first + a.count == b.first for a, b in zip(parts, parts[1:]))
    # the default size: about 2**18 seat-games per job
    size = J.JOB_SEAT_GAMES // 2
    plan = X.plan_sweep("recommended", STRATS, games=2 * size + 1000)
    assert [j.count for j in plan.jobs()[:4]] == [size, size, 1000, size]


def test_a_job_sends_back_sums_not_records():
    plan = X.plan_sweep("recommended", STRATS, games=1000)
    job = plan.jobs()[0]
    res = J.run_job(job, threads=1)
    assert res.records is None
    size = sum(a.nbytes for a in res.arrays().values())
    assert size < 8_000                      # a few kB, whatever the games
    assert int(res.tally.ended_games.sum()) == job.count == int(res.tally.lengths.sum())


def test_merged_jobs_equal_one_whole_run_bit_for_bit():
    """Records merged from jobs of 77 games, in reverse finishing order, equal
    the records of simulate() playing the setup in one go."""
    from simulator.runs.runner import simulate
    plan = X.plan_sweep("recommended", "bm-smithy,big-money-ultimate", games=1000,
                        records=True, job_games=77)
    results = {}
    for job in reversed(plan.jobs()):
        results[job.key] = J.run_job(job)
    runs = X.merge(plan, results)
    for setup, run in zip(plan.setups, runs):
        whole = simulate(["bm-smithy", "big-money-ultimate"], 1000, setup.seed,
                         kingdom=setup.kingdom)
        np.testing.assert_array_equal(run.results.records, whole.records)
        np.testing.assert_array_equal(run.results.per_turn, whole.per_turn)


@pytest.mark.parametrize("strats, run", [
    (["big-money", "smithy"], dict(players=4, seating="all")),
    (["big-money", "smithy", "bm-witch"], dict(players=4, seating="rotate", turn_cap=40)),
    (["bm-witch", "smithy"], dict(edition=1, kingdom="random", turn_cap=30)),
])
def test_compare_as_jobs_is_simulate_bit_for_bit(strats, run):
    """compare on an executor: its jobs (carrying the seating) merge into
    simulate's Results, with its notes (the edition's pool) and rule fires;
    only the time differs."""
    from simulator.runs.runner import simulate
    whole = simulate(strats, 1500, 6, keep_records=False, **run)
    plan = X.plan_compare(strats, 1500, 6, job_games=211, **run)
    assert len(plan.jobs()) == 8
    merged = X.run_compare(plan, EmbeddedExecutor(1), strats, progress=False)
    timeless = lambda r: {k: v for k, v in r.to_json_dict().items() if k != "games_per_second"}
    assert timeless(merged) == timeless(whole)
    pd.testing.assert_frame_equal(merged.rule_stats(), whole.rule_stats(), check_exact=True)
    assert merged.explain() == whole.explain()
    assert merged.seconds > 0


def test_job_results_keep_rule_fires_and_old_plans_still_read():
    plan = X.plan_compare(["bm-witch", "big-money"], 300, 2, players=3, job_games=100)
    job = plan.jobs()[1]
    res = J.run_job(job, threads=1)
    assert res.hits.sum() > 0
    again = X.JobResult.from_arrays(job.key, res.arrays())
    np.testing.assert_array_equal(again.hits, res.hits)
    old = {k: v for k, v in res.arrays().items() if k != "hits"}        # a job file of before
    assert X.JobResult.from_arrays(job.key, old).hits is None
    doc = plan.to_dict()
    for s in doc["setups"]:                 # a plan written before jobs had a seating
        del s["seating"], s["edition"]
    [old_job] = [j for j in X.Plan.from_dict(doc).jobs() if j.key == job.key]
    assert (old_job.seating, old_job.edition) == ("all", None)


def test_results_do_not_depend_on_job_size_threads_or_order():
    a = api.sweep("recommended", STRATS, games=2000, seed=4, progress=False)
    b = api.sweep("recommended", STRATS, games=2000, seed=4, job_games=333, threads=1,
                  progress=False)
    assert_same(a, b)
    # and aggregates-only runs agree with runs that kept the records
    c = api.sweep("recommended", STRATS, games=2000, seed=4, keep_records=True,
                  job_games=1001, progress=False)
    assert c.runs[0].results.records is not None
    assert_same(a, c)


def test_small_jobs_travel_in_packs():
    from simulator.runs.executors import pack
    plan = X.plan_sweep("recommended", STRATS, games=1000, job_games=300)
    jobs = plan.jobs()                       # 2-player jobs of 300, 300, 300, 100 games
    tasks = pack(jobs, 1000)
    assert [j for t in tasks for j in t] == jobs
    assert all(sum(j.count * j.players for j in t) >= 1000 for t in tasks[:-1])
    assert all(sum(j.count * j.players for j in t[:-1]) < 1000 for t in tasks)
    assert pack(jobs, 1) == [(j,) for j in jobs]


def test_embedded_executor_submits_and_cancels():
    plan = X.plan_sweep("recommended", "bm-smithy,big-money-ultimate", games=400, job_games=50)
    jobs = plan.jobs()
    with EmbeddedExecutor(threads=1) as ex:
        batch = ex.submit(jobs)
        got = []
        for res in batch:
            got.append(res.key)
            if len(got) == 3:
                batch.cancel()
        assert got == [j.key for j in jobs[:3]]


# ================================================================ the API and the CLI
@pytest.mark.slow
def test_api_returns_the_tables_of_the_cli_json(app, tmp_path):
    doc = json.loads(cli(app, "sweep", "--strategies", STRATS, "-n", 600, "--seed", 2,
                         "--json").stdout)
    res = api.sweep("recommended", STRATS.split(","), games=600, seed=2, progress=False)
    assert res.to_json()["tables"] == doc["tables"]
    assert no_timing(res.to_json()["meta"]) == no_timing(doc["meta"])
    pd.testing.assert_frame_equal(res.frame, pd.DataFrame(doc["tables"]["sweep"]),
                                  check_dtype=False)

    doc = json.loads(cli(app, "tournament", "bm-smithy", "bm-witch", "big-money", "-n", 500,
                         "--seed", 5, "--all-seat-orders", "--out", tmp_path / "t",
                         "--json").stdout)
    res = api.tournament(["bm-smithy", "bm-witch", "big-money"], 500, seed=5,
                         all_seat_orders=True, progress=False)
    assert res.to_json()["tables"] == doc["tables"]
    assert no_timing(res.to_json()["meta"]) == no_timing(doc["meta"])
    assert res.ranking.iloc[0]["strategy"] == "BM Witch"        # the report's attributes

    out = tmp_path / "bal"             # the base set's cards: the same tables, a third the games
    doc = json.loads(cli(app, "report", "balance", "-n", 100, "--players", "2", "--seed", 3,
                         "--sets", "base", "--out", out, "--json").stdout)
    res = api.balance(100, "2", seed=3, out=out, progress=False, sets="base")
    assert res.to_json()["tables"] == doc["tables"]
    assert no_timing(res.to_json()["meta"]) == no_timing(doc["meta"])
    assert set(res.tables) == {"cards", "combinations", "seats", "seat-advantage",
                               "game-length", "turn-curves", "kingdoms", "best-card",
                               "strategies"}


def test_api_bad_input_raises_value_error():
    with pytest.raises(ValueError, match="at least two different"):
        api.tournament(["smithy"], 100)
    with pytest.raises(ValueError, match="--job-games"):
        api.sweep("recommended", STRATS, games=100, job_games=0)
    with pytest.raises(ValueError, match="7 players"):
        api.balance(100, [2, 7])


# ================================================================ run folders
def _files(path: Path) -> dict[str, tuple[int, int]]:
    return {p.name: (p.stat().st_ino, p.stat().st_mtime_ns)
            for p in (path / "jobs").glob("*.npz")}


@pytest.mark.slow
def test_interrupted_run_resumes_to_the_same_bits(tmp_path):
    args = ("recommended", STRATS)
    opts = dict(games=3000, seed=8, job_games=250, progress=False)
    whole = api.sweep(*args, **opts)

    seen = []

    def stop_after_three(res):
        seen.append(res.key)
        if len(seen) == 3:
            raise KeyboardInterrupt

    d = tmp_path / "run"
    with pytest.raises(api.Interrupted) as e:
        api.sweep(*args, **opts, run_dir=d, on_result=stop_after_three)
    assert e.value.path == d
    before = _files(d)
    assert sorted(before) == sorted(f"{k}.npz" for k in seen)

    replayed = []
    again = api.sweep(resume=d, progress=False, on_result=lambda r: replayed.append(r.key))
    assert not set(replayed) & set(seen)                   # no finished job played again
    assert len(replayed) + 3 == len(X.plan_sweep(*args, games=3000, job_games=250).jobs())
    assert {k: v for k, v in _files(d).items() if k in before} == before
    assert_same(whole, again)
    # a finished run folder is kept (the user asked for it) and resumes at once
    assert api.resume(d, on_result=replayed.append, progress=False).tables.keys() == \
        whole.tables.keys()


@pytest.mark.slow
def test_sigint_then_resume_from_the_command_line(tmp_path):
    """A real Ctrl-C (SIGINT) to `domsim sweep --run-dir`, then `--resume`."""
    d = tmp_path / "run"
    common = ["--strategies", STRATS, "-n", 40000, "--seed", 6, "--job-games", 2000]
    cmd = [sys.executable, "-m", "simulator", "sweep", *map(str, common)]
    proc = subprocess.Popen([*cmd, "--run-dir", str(d), "--json-out", str(tmp_path / "x.json")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=tmp_path)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if d.exists() and len(_files(d)) >= 3:
            break
        time.sleep(0.02)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert f"--resume {d}" in err and "Traceback" not in err
    assert not (tmp_path / "x.json").exists()
    before = _files(d)
    total = len(X.plan_sweep("recommended", STRATS, games=40000, job_games=2000).jobs())
    assert 3 <= len(before) < total
    assert not [p for p in (d / "jobs").iterdir() if p.name.startswith(".")]   # no partial file

    res = subprocess.run([*cmd[:4], "--resume", str(d), "--json"], capture_output=True,
                         text=True, cwd=tmp_path, timeout=300)
    assert res.returncode == 0, res.stderr
    assert f"{len(before)} of {total} jobs already done" in res.stderr
    assert {k: v for k, v in _files(d).items() if k in before} == before
    whole = api.sweep("recommended", STRATS, games=40000, seed=6, progress=False)
    doc = json.loads(res.stdout)
    assert doc["tables"] == whole.to_json()["tables"]


def test_run_folder_errors(app, tmp_path):
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "mine.txt").write_text("keep")
    res = cli(app, "sweep", "--strategies", STRATS, "-n", 100, "--run-dir", busy, ok=False)
    assert res.exit_code == 2 and "not empty" in res.stderr
    assert (busy / "mine.txt").read_text() == "keep"

    done = tmp_path / "done"
    cli(app, "sweep", "--strategies", STRATS, "-n", 100, "--run-dir", done)
    assert (done / "plan.json").exists()             # kept: the user named it
    res = cli(app, "sweep", "--strategies", STRATS, "-n", 100, "--run-dir", done, ok=False)
    assert res.exit_code == 2 and f"--resume {done}" in res.stderr
    res = cli(app, "tournament", "--resume", done, "--out", tmp_path / "t", ok=False)
    assert res.exit_code == 2 and "holds a run of 'sweep'" in res.stderr
    res = cli(app, "sweep", "--strategies", STRATS, "--resume", done, ok=False)
    assert res.exit_code == 2 and "give no strategies" in res.stderr
    res = cli(app, "sweep", "--resume", tmp_path / "nothing", ok=False)
    assert res.exit_code == 2 and "no such run folder" in res.stderr
    (done / "plan.json").write_text("{")
    res = cli(app, "sweep", "--resume", done, ok=False)
    assert res.exit_code == 2 and "cannot read the plan" in res.stderr


def test_a_damaged_job_file_stops_the_resume_before_playing(tmp_path):
    """A job file is complete once it exists, so a damaged one (garbled,
    truncated, of another job) is named, nothing is played or replaced, and
    deleting it plays that job again, to the same bits."""
    import zipfile
    d = tmp_path / "run"
    first = api.sweep("recommended", STRATS, games=500, seed=1, job_games=100, run_dir=d,
                      progress=False)
    files = sorted((d / "jobs").glob("*.npz"))
    victim, other = files[2], files[3]
    good = victim.read_bytes()
    with zipfile.ZipFile(victim) as z:
        member = z.infolist()[0]
    flipped = bytearray(good)
    flipped[member.header_offset + 30 + len(member.filename) + member.compress_size // 2] ^= 1
    for bad, why in ((b"not an npz", "not an .npz archive"),
                     (good[:len(good) // 2], "not an .npz archive, or a truncated one"),
                     (bytes(flipped), ""),
                     (other.read_bytes(), f"it holds job {other.stem}")):
        victim.write_bytes(bad)
        played = []
        with pytest.raises(ValueError, match=rf"{re.escape(str(victim))}: damaged job file "
                                             rf"\({re.escape(why)}.*delete it"):
            api.run(resume=d, progress=False, on_result=played.append)
        assert played == [] and victim.read_bytes() == bad
    victim.unlink()
    again = api.run(resume=d, progress=False)
    assert_same(first, again)


def test_a_deleted_jobs_folder_is_found_before_playing(app, tmp_path):
    d = tmp_path / "run"
    cli(app, "sweep", "--strategies", STRATS, "-n", 100, "--run-dir", d)
    shutil.rmtree(d / "jobs")
    res = cli(app, "sweep", "--resume", d, ok=False)
    assert res.exit_code == 2 and res.stderr.splitlines() == [
        f"error: {d}: the run folder's jobs/ folder is missing, and with it every finished "
        f"job; make an empty {d / 'jobs'} to play the whole run again"]
    assert sorted(p.name for p in d.iterdir()) == ["plan.json"]


def test_long_runs_get_a_default_run_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(X, "SEAT_GAMES_PER_CORE_SECOND", 1)      # every run "takes" > 1 min
    notes, folders = [], []

    def look(_):
        folders.extend(p for p in (tmp_path / "domsim-runs").iterdir())

    plan = X.plan_sweep("recommended", STRATS, games=200)
    api.run(plan, run_dir="auto", progress=False, notice=notes.append, on_result=look)
    assert folders and "checkpoints in domsim-runs/sweep-" in notes[0]
    assert "--resume" in notes[0]
    assert not (tmp_path / "domsim-runs").exists()       # made by domsim, removed when done
    monkeypatch.setattr(X, "SEAT_GAMES_PER_CORE_SECOND", 10**12)
    api.run(plan, run_dir="auto", progress=False, notice=notes.append)
    assert len(notes) == 1                                 # short runs: no folder


# ================================================================ executors
def test_dask_missing_gives_a_clear_error(app, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)     # import fails as if absent
    with pytest.raises(ValueError, match=r"pip install -e '\.\[dist\]'"):
        make_executor(cluster="local:2")
    res = cli(app, "sweep", "--strategies", STRATS, "-n", 100, "--cluster", "local:2", ok=False)
    assert res.exit_code == 2 and res.stderr.startswith("error: --cluster needs Dask")
    monkeypatch.setenv("DOMSIM_SCHEDULER", "tcp://127.0.0.1:8786")
    res = cli(app, "sweep", "--strategies", STRATS, "-n", 100, ok=False)
    assert res.exit_code == 2 and "DOMSIM_SCHEDULER needs Dask" in res.stderr


def test_executor_options():
    assert parse_cluster("local:3") == 3
    assert parse_cluster("local") == (os.cpu_count() or 1)
    for bad, msg in (("remote:2", "give local:N"), ("local:x", "must be a number"),
                     ("local:0", "between 1")):
        with pytest.raises(ValueError, match=msg):
            parse_cluster(bad)
    with pytest.raises(ValueError, match="not both"):
        make_executor(scheduler="tcp://x:1", cluster="local:2")
    assert isinstance(make_executor(), EmbeddedExecutor)


def test_help_still_does_not_load_the_engine():
    code = ("import sys, simulator.cli.app, simulator.api, simulator.runs.executors, simulator.runs.rundir; "
            "print(sorted(m for m in ('numba', 'pandas', 'numpy', 'distributed', 'dask') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=Path(__file__).parent.parent)
    assert out.stdout.strip() == "[]", out.stderr
