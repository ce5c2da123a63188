"""Benchmarks: the minimal kernel plays the same bots as the engine, and the
report assembles.  No test here times anything: speed is what the
benchmarks measure, not what tests assert."""
import json

import numpy as np
import pytest

from benchmarks import minimal, run
from simulator.runs.runner import simulate
from simulator.runs.stats import wilson
from simulator.language.strategy import load_strategy

GAMES = 4000


def _ci(k, n):
    return wilson(k, n)


def _overlap(a, b):
    return a[0] <= b[1] and b[0] <= a[1]


@pytest.mark.slow
def test_minimal_kernel_agrees_with_the_engine():
    # independent seeds: the two are samples of the same matchup
    m = minimal.play(GAMES, seed=101, threads=None)
    r = simulate(list(minimal.ENGINE_BOTS), GAMES, seed=7, threads=1)
    mine = minimal.tally(m["entry"], m["outcome"])
    theirs = minimal.tally(r.records["entry"], r.records["outcome"])
    for a, b in zip(mine, theirs):
        assert a["games"] == b["games"] == GAMES
        assert _overlap(_ci(a["wins"], GAMES), _ci(b["wins"], GAMES))
        assert _overlap(_ci(a["ties"], GAMES), _ci(b["ties"], GAMES))
    assert mine[1]["wins"] > mine[0]["wins"]          # Smithy beats Big Money


def test_minimal_kernel_records_are_sane():
    m = minimal.play(200, seed=3, threads=None)
    assert m["entry"][0].tolist() == [0, 1] and m["entry"][1].tolist() == [1, 0]
    assert set(np.unique(m["outcome"])) <= {0, 1, 2}
    assert (m["outcome"] > 0).any(axis=1).all()       # every game has a winner
    assert (m["turns"] >= 10).all() and (m["turns"] <= 100).all()
    assert (np.abs(m["turns"][:, 0] - m["turns"][:, 1]) <= 1).all()
    again = minimal.play(200, seed=3, threads=None)
    assert all((m[k] == again[k]).all() for k in ("vp", "turns", "outcome"))


def test_benchmark_strategy_files_load():
    for name in ("peer_big_money", "peer_smithy"):
        s = load_strategy(f"{run.HERE}/{name}.toml")
        assert s.lists["buy"]
    r = simulate([f"{run.HERE}/peer_big_money.toml", f"{run.HERE}/peer_smithy.toml"],
                 200, seed=1, threads=1)
    assert r.summary()["games"].tolist() == [200, 200]


def test_pyminion_bots_play():
    pytest.importorskip("pyminion")
    from benchmarks import peer
    out = peer.play_pyminion(4, seed=1)
    assert [t["games"] for t in out["tally"]] == [4, 4]
    assert out["cpu_s"] >= 0


# ---------------------------------------------------------------- the report

def _spread(median, lo=None, hi=None, n=5):
    return {"median": median, "min": lo if lo is not None else median,
            "max": hi if hi is not None else median, "n": n, "values": []}


def _fake_results():
    rate = {"games": 1000, "wins": 500, "ties": 20, "win_rate": 0.5,
            "win_ci": [0.47, 0.53], "tie_rate": 0.02, "tie_ci": [0.013, 0.03],
            "avg_turns": 16.2}
    return {
        "machine": {"cpu": "Test CPU 9000", "cores": 2, "numba_threads": 2,
                    "python": "3.11.0", "numba": "0.68.1", "numpy": "2.4.6",
                    "platform": "Linux", "date": "2030-01-01T00:00:00+00:00",
                    "git": "abc1234", "load_at_start": 0.25},
        "mode": "quick", "runs": 5,
        "families": {
            "limit": {"kernel": "/x/shared/limit/dom_nb.py", "cpu": "Test CPU 9000",
                      "strategies": ["big-money", "smithy"], "limit_games": 2000000,
                      "engine_games": 500000,
                      "limit_games_per_cpu_s": _spread(1800000, 1700000, 1900000),
                      "engine_games_per_cpu_s": _spread(720000, 700000, 740000),
                      "ratio": _spread(0.4, 0.38, 0.42)},
            "throughput": {"threads": [1, 2], "runs": 5, "load": [2.5, 2.4],
                           "elapsed_s": 60.0, "matchups": [{
                "id": "bm-smithy", "label": "big-money vs smithy",
                "strategies": ["big-money", "smithy"], "players": 2, "kingdom": None,
                "kingdom_label": "strategies' cards + filler", "note": "a note",
                "games_per_run": 123456, "speedup": 1.8,
                "threads": {"1": {"games_per_s": _spread(400000, 390000, 410000),
                                  "kernel_games_per_s": _spread(420000)},
                            "2": {"games_per_s": _spread(720000, 700000, 730000),
                                  "kernel_games_per_s": _spread(750000)}}}]},
            "minimal": {"games_per_run": 200000, "runs": 5, "threads": {
                "1": {"engine_games_per_s": _spread(400000),
                      "engine_kernel_games_per_s": _spread(420000),
                      "minimal_games_per_s": _spread(900000),
                      "ratio": 420000 / 900000, "ratio_per_run": _spread(0.46, 0.45, 0.48)}},
                "agreement": [{"strategy": "Big Money", "engine": rate, "minimal": rate,
                               "win_p": 0.5, "tie_p": 0.9, "agree": True},
                              {"strategy": "Smithy", "engine": rate, "minimal": rate,
                               "win_p": 0.01, "tie_p": 0.9, "agree": False}],
                "identical_games": {"games": 200000, "identical": 200000, "seed": 1}},
            "scaling": {"threads": 2, "strategies": ["big-money", "smithy"], "sizes": [
                {"games": 1000, "runs": 5, "wall_s": _spread(0.01), "kernel_s": _spread(0.009),
                 "us_per_game": 10.0, "kernel_us_per_game": 9.0, "games_per_s": 100000}]},
            "startup": {"command": "domsim compare big-money smithy --games 10000",
                        "runs": 5, "cold_s": _spread(25.5, 24.0, 27.0),
                        "warm_s": _spread(1.25, 1.2, 1.3)},
            "trace": {"strategies": ["big-money", "smithy"], "games": 300000,
                      "shipped_games_per_cpu_s": _spread(196000, 190000, 200000),
                      "without_log_games_per_cpu_s": _spread(198000, 194000, 201000),
                      "cost": _spread(0.01, -0.004, 0.02)},
            "memory": {"strategies": ["big-money", "smithy"],
                       "keep_records_available": False, "rows": [
                {"games": 1000000, "records": True, "peak_mb": 700.0, "base_mb": 480.0,
                 "growth_mb": 220.0, "bytes_per_game": 230.7, "rss_after_mb": 650.0,
                 "seconds": 3.0},
                {"games": 10000000, "records": True, "error": "MemoryError"}],
                "compare": {"rows": [{"games": 10**6, "played": 10**6, "peak_mb": 250.0,
                                      "seconds": 2.0},
                                     {"games": 10**8, "played": 10**8, "peak_mb": 262.5,
                                      "seconds": 200.0}],
                            "spread": 0.05, "tolerance": 0.1, "flat": True}},
            "peer": {"error": "RuntimeError: boom"},
        },
    }


def test_report_renders_every_family(tmp_path):
    results = _fake_results()
    md_path, json_path = run.write(results, tmp_path)
    md = md_path.read_text()
    assert json.loads(json_path.read_text()) == results
    assert "Test CPU 9000" in md and "numba 0.68.1" in md and "2030-01-01" in md
    assert "**Engine speed: 40.0% of the speed limit**" in md
    assert "| shared limit kernel | 2,000,000 | 1,800,000 (1,700,000–1,900,000) |" in md
    assert "Engine / limit: **40.0%** (per run 38.0%–42.0%)" in md
    assert "**Engine speed: 46.7% of the minimal kernel**" in md
    assert "200,000 of 200,000 games identical" in md
    assert "| big-money vs smithy | strategies' cards + filler | 2 | 123,456 | " \
           "400,000 (390,000–410,000) | 720,000 (700,000–730,000) | 1.80× |" in md
    assert "- big-money vs smithy: a note." in md
    assert "the multi-thread column shows sharing" in md       # load 2.5 on 2 cores
    assert "| Smithy |" in md and "**no**" in md                # disagreement is loud
    assert "25.50 (24.00–27.00)" in md and "1.25 (1.20–1.30)" in md
    assert "230.7" in md and "failed: MemoryError" in md
    assert "| 100,000,000 | 262 |" in md or "| 100,000,000 | 263 |" in md
    assert "peaks differ by 5.0%: **flat** (tolerance 10%)" in md
    assert "keep_records=False)`): not yet available" in md
    assert "failed: RuntimeError: boom" in md
    assert "| log compiled out (`DOMSIM_TRACE=0`) | 198,000 (194,000–201,000) |" in md
    assert "event log to untraced games: **1.0%** (per run -0.4% to 2.0%)" in md
    for section in ("1. The speed limit", "2. Throughput", "3. Overhead", "4. Scaling",
                    "5. Start-up", "6. Cost of the event log", "7. Memory", "8. Peer"):
        assert f"## {section}" in md


def test_report_marks_skipped_and_missing_families(tmp_path):
    results = _fake_results()
    results["families"] = {"peer": {"skipped": "--skip-peer"}}
    md = run.render(results)
    assert "skipped: --skip-peer" in md
    assert md.count("not run") == 7
    assert "Engine speed" not in md


def test_arguments():
    a = run.parse_args(["--quick", "--skip-peer", "--runs", "1", "--out", "x",
                        "--only", "minimal,peer"])
    assert a.quick and a.skip_peer and a.runs == 1 and str(a.out) == "x"
    assert a.only == ["minimal", "peer"]
    assert run.parse_args([]).out == run.DEFAULT_OUT
    for bad in (["--runs", "0"], ["--only", "nope"]):
        with pytest.raises(SystemExit):
            run.parse_args(bad)


def test_skip_peer_collects_nothing_from_pyminion(monkeypatch):
    called = []
    monkeypatch.setattr(run, "_family", lambda name, args, log, env=None: called.append(name) or {})
    results = run.collect(run.parse_args(["--skip-peer", "--only", "minimal,peer"]),
                          log=lambda s: None)
    assert called == ["minimal"]
    assert results["families"]["peer"] == {"skipped": "--skip-peer"}
    assert results["mode"] == "full" and results["machine"]["cores"]


def test_limit_family_says_when_the_shared_kernel_is_absent(monkeypatch, tmp_path):
    from benchmarks import limit
    monkeypatch.setenv("DOMSIM_LIMIT_KERNEL", str(tmp_path / "missing.py"))
    assert limit.limit_kernel() is None
    assert "not here" in limit.run(runs=1)["skipped"]


def test_kernel_without_its_log_has_a_cache_of_its_own(monkeypatch):
    # DOMSIM_TRACE=0 (benchmarks/trace.py) must never write code that logs
    # nothing where `domsim log` would later load it.
    import simulator
    monkeypatch.delenv("DOMSIM_TRACE", raising=False)
    shipped = simulator._cache_dir()
    monkeypatch.setenv("DOMSIM_TRACE", "1")
    assert simulator._cache_dir() == shipped
    monkeypatch.setenv("DOMSIM_TRACE", "0")
    assert simulator._cache_dir() != shipped


def test_profile_maps_samples_to_the_kernel_objects_functions_and_lines():
    from benchmarks.profile import _function_of, _in_object, _short
    base = 0x7F0000001000                       # where the object's text was loaded
    obj = {"base": base, "functions": [("play", 0x0, 0x10), ("draw", 0x10, 0x8),
                                        ("gap", 0x40, 0x4)]}
    counts, outside = _in_object([base + 5, base + 0x15, base + 0x15, base + 0x18,
                                  base + 0x42, 42], obj)
    assert counts == {5: 1, 0x15: 2, 0x42: 1}
    assert outside == [base + 0x18, 42]         # 0x18: past draw's end; left for the next object
    of = _function_of(["import os", "def play(z):", "    x = 1", "", "def draw(z):",
                       "    return z"])
    assert [of(1), of(3), of(4), of(6)] == ["(module)", "play", "play", "draw"]
    assert _short("_ZN9simulator6kernel9play_gameB3v26B40c8tJTIeFIjxB2IKSg") == "play_game"
    # the sources it maps lines to (they moved once, and the tool broke unseen)
    from benchmarks.profile import KERNEL, RNG
    assert KERNEL.is_file() and RNG.is_file()
    assert "def play_game(" in KERNEL.read_text() and "def below(" in RNG.read_text()


def test_compile_profile_counts_a_nested_steps_time_once():
    from benchmarks.compile_profile import ExclusiveTimer, _library_function
    now = [0.0]
    timer = ExclusiveTimer(clock=lambda: now[0])

    def wait(seconds, then=None):
        now[0] += seconds
        if then:
            then()
        return "done"

    # a 9 s outer pass: 6 s its own, then a 3 s inner pass with a 1 s LLVM step inside
    assert timer.call("outer", wait, 6, lambda: timer.call(
        "inner", wait, 2, lambda: timer.call("llvm", wait, 1))) == "done"
    assert timer.total == {"outer": 6, "inner": 2, "llvm": 1}
    assert timer.calls == {"outer": 1, "inner": 1, "llvm": 1}
    timer.call("llvm", wait, 0.5)
    assert timer.total["llvm"] == 1.5 and timer.calls["llvm"] == 2
    with pytest.raises(ZeroDivisionError):                  # a failing step still counts
        timer.call("bad", lambda: (wait(2), 1 / 0))
    assert timer.total["bad"] == 2 and not timer._inner
    assert _library_function("simulator.engine.kernel.play_game$24") == "play_game"
