"""Run the benchmark families and write ``latest.md`` and ``latest.json``.

``main`` is the entry point of ``domsim bench`` and of
``python -m benchmarks.run``.  Each family returns plain dicts; this module
only orders them, survives a family that fails (its error is recorded in
place of its figures) and renders the Markdown table.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import tempfile
import time
from pathlib import Path

from .common import HERE, load_average, machine, snapshot

FAMILIES = ("limit", "throughput", "minimal", "scaling", "startup", "trace", "memory",
            "peer")
DEFAULT_OUT = HERE / "results"


# ============================================================ running

def _family(name: str, args, log, env=None):
    quick, runs = args.quick, args.runs
    if name == "limit":
        from . import limit
        return limit.run(max(runs, 5), limit_games=500_000 if quick else 2_000_000,
                         engine_games=100_000 if quick else 500_000, env=env, log=log)
    if name == "throughput":
        from . import throughput
        return throughput.run(runs, target_seconds=0.25 if quick else 1.0, log=log)
    if name == "minimal":
        from . import minimal
        return minimal.benchmark(runs, games=50_000 if quick else 200_000, log=log)
    if name == "scaling":
        from . import scaling
        return scaling.run(runs, quick=quick, log=log)
    if name == "startup":
        from . import startup
        return startup.run(min(runs, 2) if quick else runs, env=env, log=log)
    if name == "trace":
        from . import trace
        return trace.run(runs, games=100_000 if quick else 300_000, env=env, log=log)
    if name == "memory":
        from . import memory
        return memory.run(quick=quick, env=env, log=log)
    if name == "peer":
        from . import peer
        return peer.run(runs, pyminion_games=1000 if quick else 10_000,
                        domsim_games=20_000 if quick else 200_000, log=log)
    raise ValueError(name)


def collect(args, log=print) -> dict:
    wanted = [f for f in FAMILIES if f in args.only] if args.only else list(FAMILIES)
    if args.skip_peer and "peer" in wanted:
        wanted.remove("peer")
    results = {"machine": machine(), "mode": "quick" if args.quick else "full",
               "runs": args.runs, "families": {}}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="domsim-bench-") as tmp:
        import simulator.runs.runner  # noqa: F401  (the engine this process measures)
        env = snapshot(Path(tmp))
        results["children"] = ("start-up and memory children run on a copy of "
                               "simulator/ and strategies/ taken at the start")
        _collect(wanted, args, log, env, results)
    results["elapsed_s"] = time.perf_counter() - started
    if args.skip_peer:
        results["families"].setdefault("peer", {"skipped": "--skip-peer"})
    return results


def _collect(wanted, args, log, env, results) -> None:
    for name in wanted:
        log(f"{name} ...")
        t, load = time.perf_counter(), load_average()
        try:
            results["families"][name] = _family(name, args, log, env)
        except Exception as exc:            # one broken family must not hide the rest
            results["families"][name] = {"error": f"{type(exc).__name__}: {exc}"}
            log(f"  {name} failed: {exc}")
        results["families"][name]["elapsed_s"] = time.perf_counter() - t
        results["families"][name]["load"] = [load, load_average()]


def write(results: dict, out: Path) -> tuple[Path, Path]:
    out.mkdir(parents=True, exist_ok=True)
    md, js = out / "latest.md", out / "latest.json"
    js.write_text(json.dumps(results, indent=2, default=_json_default) + "\n",
                  encoding="utf-8")
    md.write_text(render(results), encoding="utf-8")
    return md, js


def _json_default(x):
    if hasattr(x, "item"):                  # numpy scalars
        return x.item()
    if isinstance(x, Path):
        return str(x)
    raise TypeError(f"not JSON serialisable: {type(x).__name__}")


def parse_args(argv):
    p = argparse.ArgumentParser(prog="domsim bench", description=(
        "Measure domsim: throughput, overhead against a minimal kernel, scaling, "
        "start-up, memory, and a comparison with pyminion."))
    p.add_argument("--quick", action="store_true",
                   help="smaller runs; scaling and memory stop at 10^6 games")
    p.add_argument("--skip-peer", action="store_true",
                   help="leave out the pyminion comparison")
    p.add_argument("--out", type=Path, default=DEFAULT_OUT,
                   help=f"folder for latest.md and latest.json (default {DEFAULT_OUT})")
    p.add_argument("--runs", type=int, default=5,
                   help="timed runs per figure, after a warm-up (default 5)")
    p.add_argument("--only", type=lambda s: [x.strip() for x in s.split(",") if x.strip()],
                   default=None, help=f"comma-separated families: {', '.join(FAMILIES)}")
    args = p.parse_args(argv)
    if args.runs < 1:
        p.error("--runs must be at least 1")
    if args.only:
        bad = [f for f in args.only if f not in FAMILIES]
        if bad:
            p.error(f"unknown family {', '.join(bad)}; choose from {', '.join(FAMILIES)}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    log = lambda s: print(s, file=sys.stderr, flush=True)   # noqa: E731
    results = collect(args, log)
    md, js = write(results, args.out)
    print(md.read_text(encoding="utf-8"))
    log(f"wrote {md} and {js}")
    failed = [n for n, f in results["families"].items() if "error" in f]
    return 1 if failed else 0


# ============================================================ rendering

def _n(x, digits: int = 0) -> str:
    if x is None or (isinstance(x, float) and not math.isfinite(x)):
        return "–"
    return f"{x:,.{digits}f}"


def _spread(s: dict | None, digits: int = 0, unit: str = "") -> str:
    """'median (min–max)'."""
    if not s or s.get("median") is None:
        return "–"
    if s.get("n", 0) <= 1:
        return f"{_n(s['median'], digits)}{unit}"
    return (f"{_n(s['median'], digits)}{unit} "
            f"({_n(s['min'], digits)}–{_n(s['max'], digits)})")


def _pct(x, digits: int = 1) -> str:
    return "–" if x is None else f"{100 * x:.{digits}f}%"


def _rate(rate, ci) -> str:
    return f"{100 * rate:.2f}% [{100 * ci[0]:.2f}, {100 * ci[1]:.2f}]"


def _yes(b) -> str:
    return "yes" if b else "**no**"


def _table(head: list[str], rows: list[list[str]], left: int = 1) -> list[str]:
    """A Markdown table: the first ``left`` columns (text) left-aligned, the
    numbers right-aligned."""
    lines = ["| " + " | ".join(head) + " |",
             "|" + "|".join("---" if i < left else "---:" for i in range(len(head))) + "|"]
    lines += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return lines


def _problem(f: dict | None) -> str | None:
    if f is None:
        return "not run"
    if "error" in f:
        return f"failed: {f['error']}"
    if "skipped" in f:
        return f"skipped: {f['skipped']}"
    return None


def render(results: dict) -> str:
    m = results["machine"]
    fam = results["families"]
    out = ["# domsim benchmarks", ""]
    out.append(f"{m['date']} · {m['cpu']}, {m['cores']} cores "
               f"({m['numba_threads']} numba threads) · Python {m['python']}, "
               f"numba {m['numba']}, numpy {m['numpy']} · git {m.get('git') or '?'} · "
               f"{results['mode']} mode")
    load = m.get("load_at_start")
    out.append("")
    out.append(f"Each figure is the median of {results['runs']} timed runs after a "
               "warm-up, with (min–max); the machine is shared"
               + (f" (1-minute load average {load:.2f} at start)" if load is not None
                  else "") + "; each section gives the load average before → after it."
               + (f"  The {results['children']}." if results.get("children") else ""))
    out.append("")
    out += _headline(fam)
    for title, fn, key in (
            ("1. The speed limit: the engine against the shared limit kernel",
             _limit, "limit"),
            ("2. Throughput", _throughput, "throughput"),
            ("3. Overhead of generality: the engine against a minimal kernel",
             _minimal, "minimal"),
            ("4. Scaling", _scaling, "scaling"),
            ("5. Start-up", _startup, "startup"),
            ("6. Cost of the event log", _trace, "trace"),
            ("7. Memory", _memory, "memory"),
            ("8. Peer comparison: pyminion", _peer, "peer")):
        out += ["", f"## {title}", ""]
        problem = _problem(fam.get(key))
        out += [problem] if problem else fn(fam[key], results)
        load = (fam.get(key) or {}).get("load")
        if load and None not in load:
            out += ["", f"_Load average {load[0]:.2f} → {load[1]:.2f}; "
                    f"{fam[key]['elapsed_s']:.0f} s._"]
    out.append("")
    return "\n".join(out)


def _headline(fam: dict) -> list[str]:
    lines = []
    lim = fam.get("limit")
    if lim and not _problem(lim):
        lines.append(
            f"- **Engine speed: {_pct(lim['ratio']['median'])} of the speed limit** — "
            f"Big Money vs Smithy on one thread at "
            f"{_n(lim['engine_games_per_cpu_s']['median'])} games per CPU-second, "
            f"against {_n(lim['limit_games_per_cpu_s']['median'])} for the shared "
            f"hand-tuned kernel that plays only those two bots ({lim['cpu']}).")
    mini = fam.get("minimal")
    if mini and not _problem(mini):
        one = mini["threads"]["1"]
        lines.append(
            f"- **Engine speed: {_pct(one['ratio'])} of the minimal kernel** — "
            f"Big Money vs Smithy at {_n(one['engine_kernel_games_per_s']['median'])} "
            f"games/s on one thread, against {_n(one['minimal_games_per_s']['median'])} "
            "games/s for a kernel that hard-codes those two bots (same process, same "
            f"rules and generator; {mini['identical_games']['identical']:,} of "
            f"{mini['identical_games']['games']:,} games identical).")
    peer = fam.get("peer")
    if peer and not _problem(peer):
        lines.append(
            f"- **{_n(peer['speed_ratio'])}× pyminion** per CPU-second "
            f"({_n(peer['domsim']['games_per_cpu_s']['median'])} vs "
            f"{_n(peer['pyminion']['games_per_cpu_s']['median'], 1)} games); "
            f"win and tie rates agree: {_yes(peer['agree'])}.")
    return lines


def _limit(lm: dict, results: dict) -> list[str]:
    head = ["", "games per run", "games per CPU-second"]
    rows = [["shared limit kernel", _n(lm["limit_games"]),
             _spread(lm["limit_games_per_cpu_s"])],
            ["engine: big-money vs smithy", _n(lm["engine_games"]),
             _spread(lm["engine_games_per_cpu_s"])]]
    r = lm["ratio"]
    return _table(head, rows) + [
        "", f"Engine / limit: **{_pct(r['median'])}** (per run {_pct(r['min'])}–"
        f"{_pct(r['max'])}), one thread, {r['n']} runs; each run starts the limit "
        f"kernel (`{Path(lm['kernel']).name}`) and then the engine in fresh processes, "
        "so the two interleave.  The two games are close, not identical (the engine's "
        "`smithy` and `big-money` differ slightly from the limit kernel's bots); the "
        "ratio compares games per second."]


def _throughput(t: dict, results: dict) -> list[str]:
    threads = t["threads"]
    head = ["matchup", "kingdom", "players", "games/run"] + \
        [f"{k} thread{'s' if k > 1 else ''}, games/s" for k in threads]
    if len(threads) > 1:
        head.append(f"{threads[-1]} thr / 1 thr")
    rows, notes = [], []
    for r in t["matchups"]:
        row = [r["label"], r["kingdom_label"], r["players"], _n(r["games_per_run"])]
        row += [_spread(r["threads"][str(k)]["games_per_s"]) for k in threads]
        if len(threads) > 1:
            row.append(f"{r['speedup']:.2f}×")
        rows.append(row)
        if r.get("note"):
            notes.append(f"- {r['label']}: {r['note']}.")
    lines = _table(head, rows, left=2)
    load, cores = (t.get("load") or [None])[0], results["machine"].get("cores")
    if len(threads) > 1 and load is not None and cores and load >= cores - 0.5:
        lines += ["", f"The machine was busy (load average {load:.1f} on {cores} cores): "
                  "other processes held the second core, so the multi-thread column "
                  "shows sharing, not scaling."]
    lines += ["", "Whole `simulate(..., threads=T)` calls timed with `perf_counter` "
              "(strategy compilation and record assembly included); kernel-only rates "
              "are in latest.json."]
    return lines + ([""] + notes if notes else [])


def _minimal(mn: dict, results: dict) -> list[str]:
    head = ["threads", "engine (kernel), games/s", "minimal kernel, games/s",
            "engine / minimal"]
    rows = [[k, _spread(v["engine_kernel_games_per_s"]), _spread(v["minimal_games_per_s"]),
             f"**{_pct(v['ratio'])}** ({_pct(v['ratio_per_run']['min'])}–"
             f"{_pct(v['ratio_per_run']['max'])})"]
            for k, v in mn["threads"].items()]
    lines = _table(head, rows)
    lines += ["", f"Big Money vs Smithy (strategies/big-money.toml, smithy.toml), "
              f"{mn['games_per_run']:,} games per run, engine and kernel runs "
              "interleaved in one process; kernel time only for both "
              "(`Results.seconds`), ratio of medians with the per-run range.", ""]
    head = ["strategy", "engine win [95% CI]", "minimal win [95% CI]",
            "engine tie", "minimal tie", "p (win)", "agree"]
    rows = [[a["strategy"], _rate(a["engine"]["win_rate"], a["engine"]["win_ci"]),
             _rate(a["minimal"]["win_rate"], a["minimal"]["win_ci"]),
             _rate(a["engine"]["tie_rate"], a["engine"]["tie_ci"]),
             _rate(a["minimal"]["tie_rate"], a["minimal"]["tie_ci"]),
             f"{a['win_p']:.2f}", _yes(a["agree"])] for a in mn["agreement"]]
    lines += _table(head, rows)
    same = mn["identical_games"]
    lines += ["", f"Independent seeds for the two (one-thread runs pooled), so the "
              "rates are two samples; \"agree\" = win and tie CIs overlap; p = "
              "two-proportion z-test on the win rates.  On the same "
              f"seed the two played {same['identical']:,} of {same['games']:,} games "
              "identically (VP, turns, outcome, ending)."]
    return lines


def _scaling(sc: dict, results: dict) -> list[str]:
    head = ["games", "runs", "wall s", "µs/game", "kernel µs/game", "games/s"]
    rows = [[_n(r["games"]), r["runs"], _spread(r["wall_s"], 3),
             _n(r["us_per_game"], 2), _n(r["kernel_us_per_game"], 2),
             _n(r["games_per_s"])] for r in sc["sizes"]]
    lines = [f"Big Money vs Smithy on {sc['threads']} threads, whole `simulate` calls:",
             ""] + _table(head, rows)
    tp = results["families"].get("throughput")
    if tp and not _problem(tp) and len(tp["threads"]) > 1:
        k = tp["threads"][-1]
        lines += ["", f"Threads: {k} threads against 1, per matchup (section 1): " +
                  ", ".join(f"{r['label']} {r['speedup']:.2f}×" for r in tp["matchups"])
                  + "."]
    return lines


def _startup(st: dict, results: dict) -> list[str]:
    rows = [["empty (fresh `NUMBA_CACHE_DIR`)", st["runs"], _spread(st["cold_s"], 2)],
            ["warm (same folder again)", st["runs"], _spread(st["warm_s"], 2)]]
    lines = [f"`{st['command']}` as a whole process, wall time to exit:", ""] + \
        _table(["numba cache", "runs", "seconds"], rows)
    return lines


def _trace(tr: dict, results: dict) -> list[str]:
    rows = [["as shipped (log checks in)", _spread(tr["shipped_games_per_cpu_s"])],
            ["log compiled out (`DOMSIM_TRACE=0`)", _spread(tr["without_log_games_per_cpu_s"])]]
    c = tr["cost"]
    return _table(["kernel", "games per CPU-second"], rows) + [
        "", f"Cost of the event log to untraced games: **{_pct(c['median'])}** "
        f"(per run {_pct(c['min'])} to {_pct(c['max'])}); big-money vs smithy, one thread, "
        f"{_n(tr['games'])} games a run, separate processes, interleaved."]


def _memory(me: dict, results: dict) -> list[str]:
    head = ["games", "per-game records", "peak RSS MB", "baseline MB", "growth MB",
            "bytes/game", "seconds"]
    rows = []
    for r in me["rows"]:
        if "error" in r:
            rows.append([_n(r["games"]), "yes" if r["records"] else "no",
                         f"failed: {r['error'][-120:]}", "", "", "", ""])
            continue
        rows.append([_n(r["games"]), "yes" if r["records"] else "no (keep_records=False)",
                     _n(r["peak_mb"]), _n(r["base_mb"]), _n(r["growth_mb"]),
                     _n(r["bytes_per_game"], 1), _n(r["seconds"], 1)])
    lines = ["Big Money vs Smithy, one fresh process per row (numba cache warm); "
             "baseline = RSS after loading the kernel, peak = highest RSS during the "
             "run plus `summary()` (peak reset before it), growth = peak − baseline.",
             ""] + _table(head, rows, left=2)
    if not me["keep_records_available"]:
        lines += ["", "Aggregate-only runs (`simulate(..., keep_records=False)`): not "
                  "yet available in the runner."]
    cmp = me.get("compare")
    if cmp:
        rows = [[_n(r["games"]), f"failed: {r['error'][-120:]}" if "error" in r
                 else _n(r["peak_mb"]), "" if "error" in r else _n(r["seconds"], 1)]
                for r in cmp["rows"]]
        verdict = ("not measured" if cmp["spread"] is None else
                   f"peaks differ by {cmp['spread']:.1%}: "
                   + ("**flat**" if cmp["flat"] else "**NOT flat**")
                   + f" (tolerance {cmp['tolerance']:.0%})")
        lines += ["", "`domsim compare big-money smithy --json` as a whole process "
                  "(peak RSS from wait4, numba cache warm):", ""] + \
            _table(["games", "peak RSS MB", "seconds"], rows) + ["", verdict]
    return lines


def _peer(pe: dict, results: dict) -> list[str]:
    head = ["simulator", "games", "CPU s", "games per CPU-second"]
    rows = [["domsim (1 thread)", _n(pe["domsim"]["games"]), _n(pe["domsim"]["cpu_s"], 1),
             _spread(pe["domsim"]["games_per_cpu_s"])],
            [f"pyminion {pe['pyminion_version']}", _n(pe["pyminion"]["games"]),
             _n(pe["pyminion"]["cpu_s"], 1),
             _spread(pe["pyminion"]["games_per_cpu_s"], 1)]]
    lines = _table(head, rows)
    lines += ["", f"Speed ratio (medians): **{_n(pe['speed_ratio'])}×**.", ""]
    head = ["bot", "domsim win [95% CI]", "pyminion win [95% CI]", "domsim tie",
            "pyminion tie", "p (win)", "agree"]
    rows = [[b["strategy"], _rate(b["domsim"]["win_rate"], b["domsim"]["win_ci"]),
             _rate(b["pyminion"]["win_rate"], b["pyminion"]["win_ci"]),
             _rate(b["domsim"]["tie_rate"], b["domsim"]["tie_ci"]),
             _rate(b["pyminion"]["tie_rate"], b["pyminion"]["tie_ci"]),
             f"{b['win_p']:.2f}", _yes(b["win_agree"] and b["tie_agree"])]
            for b in pe["bots"]]
    lines += _table(head, rows)
    lines += ["", "Bots: Big Money (Province $8, Gold $6, Silver $3) vs Smithy-BM (the "
              "same plus one Smithy at $4–5 while it owns none), "
              "benchmarks/peer_*.toml on domsim; starting player alternates on both. "
              "Ties are frequent because neither bot buys Duchies: a 4–4 Province "
              "split with equal turns is a shared win.  \"agree\" = win and tie "
              "95% Wilson CIs overlap; p = two-proportion z-test on the win rates."]
    return lines


if __name__ == "__main__":
    sys.exit(main())
