"""Where the kernel's time goes: a sampling profile by source function and line.

    python -m benchmarks.profile [--games N] [--matchup bm-smithy] [--lines 25]

The kernel inlines most of a turn into ``play_game``, so a profile by
compiled function says little.  This one builds the kernel with debug line
tables (``NUMBA_DEBUGINFO=1``, in a cache folder of its own, so a normal
run never loads that build), samples one thread's games with ``perf``, and
maps every sample in the kernel's machine code through the line tables to
the innermost ``kernel.py`` function and line it came from, inlined or not.
The machine code comes from numba's own cache entry for ``run_games``; the
child reports where each of its functions was loaded.

Needs Linux ``perf``, ``nm`` and ``addr2line`` (binutils); says so and
stops otherwise.  Shares are of the samples that fell in the kernel;
"outside" counts the rest (Python, start-up).  Sampling is statistical and
skews toward the instruction after a slow one, so read lines as regions.
"""
from __future__ import annotations

import argparse
import bisect
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .common import ROOT, cpu_model
from .throughput import matchups

KERNEL = ROOT / "simulator" / "kernel.py"
TOOLS = ("perf", "nm", "addr2line")


def _child(out: Path, games: int, matchup: dict) -> None:
    """Play the games (the second call is the one sampled), then write the
    kernel's object code and the runtime address of each of its functions."""
    from simulator import kernel as K
    from simulator.runner import simulate
    kw = dict(players=matchup["players"], kingdom=matchup["kingdom"], threads=1,
              keep_records=False)
    simulate(matchup["strategies"], 2000, 1, **kw)
    started = time.process_time()
    simulate(matchup["strategies"], games, 2, **kw)
    rate = games / (time.process_time() - started)
    d = K.run_games
    cache = d._cache
    state = cache._cache_file.load(cache._index_key(d.signatures[0], d.targetctx.codegen()))
    obj = state[0][2][0]                   # (name, 'object', (object code, bitcode))
    (out / "kernel.o").write_bytes(obj)
    engine = next(iter(d.overloads.values())).library._codegen._engine
    nm = subprocess.run(["nm", "-S", "--defined-only", str(out / "kernel.o")],
                        capture_output=True, text=True, check=True).stdout
    functions = []
    for line in nm.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "TtWw":
            value, size, _, sym = parts
            functions.append((sym, int(value, 16), int(size, 16),
                              engine.get_function_address(sym)))
    (out / "functions.json").write_text(json.dumps(
        {"games_per_cpu_s": rate, "functions": functions}))


def _samples(perf_data: Path) -> list[int]:
    out = subprocess.run(["perf", "script", "-i", str(perf_data), "-F", "ip"],
                         capture_output=True, text=True, check=True).stdout
    return [int(x, 16) for x in out.split()]


def _in_object(ips: list[int], functions: list) -> tuple[collections.Counter, int]:
    """Sample counts by offset in the object's text, and the samples outside it."""
    loaded = [(addr - value) for _, value, _, addr in functions if addr]
    base = collections.Counter(loaded).most_common(1)[0][0]    # one text section
    spans = sorted((base + value, base + value + size) for _, value, size, _ in functions)
    starts = [s for s, _ in spans]
    counts, outside = collections.Counter(), 0
    for ip in ips:
        i = bisect.bisect_right(starts, ip) - 1
        if i >= 0 and ip < spans[i][1]:
            counts[ip - base] += 1
        else:
            outside += 1
    return counts, outside


def _lines(obj: Path, offsets: list[int]) -> dict[int, int | None]:
    """The innermost kernel.py line of each offset (inlined frames resolved)."""
    section = ".ltext" if b".ltext" in obj.read_bytes() else ".text"
    out = subprocess.run(["addr2line", "-j", section, "-e", str(obj), "-i", "-a"]
                         + [hex(o) for o in offsets],
                         capture_output=True, text=True, check=True).stdout.splitlines()
    found: dict[int, int | None] = {}
    at = None
    for line in out:
        if line.startswith("0x"):
            at = int(line, 16)
            found[at] = None
        elif at is not None and found[at] is None:      # the first frame: innermost
            m = re.search(r"kernel\.py:(\d+)", line)
            found[at] = int(m.group(1)) if m else None
    return found


def _short(symbol: str) -> str:
    """A numba symbol's Python name (_ZN9simulator6kernel9play_gameB3v26... -> play_game)."""
    m = re.search(r"kernel(\d+)(\w+)", symbol)
    return m.group(2)[:int(m.group(1))] if m else symbol[:40]


def _function_of(source: list[str]):
    defs = [(i + 1, m.group(1)) for i, text in enumerate(source)
            for m in [re.match(r"def (\w+)", text)] if m]
    starts = [n for n, _ in defs]

    def of(line: int) -> str:
        i = bisect.bisect_right(starts, line) - 1
        return defs[i][1] if i >= 0 else "(module)"
    return of


def profile(games: int, matchup: dict, top: int, log=print) -> dict:
    missing = [t for t in TOOLS if shutil.which(t) is None]
    if missing:
        log(f"profile: needs {', '.join(missing)} (Linux perf and binutils); not run")
        return {}
    with tempfile.TemporaryDirectory(prefix="domsim-profile-") as tmp:
        tmp = Path(tmp)
        env = {**os.environ, "NUMBA_DEBUGINFO": "1", "NUMBA_NUM_THREADS": "1",
               "NUMBA_CACHE_DIR": str(tmp / "cache"), "PYTHONPATH": str(ROOT)}
        child = [sys.executable, "-m", "benchmarks.profile", "--child", str(tmp),
                 "--games", str(games), "--matchup", matchup["id"]]
        log("  compiling the kernel with line tables (a cold start) …")
        subprocess.run(child[:-4] + ["--games", "1", "--matchup", matchup["id"]],
                       env=env, check=True, cwd=ROOT)
        log(f"  sampling {games:,} games of {matchup['label']} …")
        perf = tmp / "perf.data"
        subprocess.run(["perf", "record", "-q", "-F", "4999", "-o", str(perf), "--"] + child,
                       env=env, check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
        facts = json.loads((tmp / "functions.json").read_text())
        counts, outside = _in_object(_samples(perf), facts["functions"])
        lines = _lines(tmp / "kernel.o", sorted(counts))
    source = KERNEL.read_text().splitlines()
    function_of = _function_of(source)
    compiled = sorted((value, _short(sym)) for sym, value, _, _ in facts["functions"])
    by_line, by_function = collections.Counter(), collections.Counter()
    for offset, n in counts.items():
        line = lines.get(offset)
        by_line[line] += n
        if line:
            by_function[function_of(line)] += n
        else:                              # prologues, spills: name the compiled function
            i = bisect.bisect_right(compiled, (offset, "\uffff")) - 1
            by_function[f"(no line, in {compiled[i][1]})"] += n
    total = sum(counts.values())
    log(f"\n{cpu_model()}; {facts['games_per_cpu_s']:,.0f} games/CPU-s (debug build); "
        f"{total:,} samples in the kernel, {outside:,} outside\n")
    log("share  kernel.py function (innermost, inlined code included)")
    for name, n in by_function.most_common(top):
        log(f"{n / total:6.1%}  {name}")
    log("\nshare  kernel.py line")
    for line, n in by_line.most_common(top):
        text = source[line - 1].strip()[:80] if line else "(no line table entry)"
        log(f"{n / total:6.1%}  {line or '':>5}  {text}")
    return {"games_per_cpu_s": facts["games_per_cpu_s"], "samples": total,
            "outside": outside,
            "functions": {k: v / total for k, v in by_function.most_common()},
            "lines": {str(k): v / total for k, v in by_line.most_common(top)}}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=400_000)
    ap.add_argument("--matchup", default="bm-smithy",
                    help="an id from benchmarks.throughput.matchups()")
    ap.add_argument("--lines", type=int, default=25, help="rows of each table")
    ap.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    by_id = {m["id"]: m for m in matchups()}
    if args.matchup not in by_id:
        ap.error(f"unknown matchup {args.matchup!r}; choose from {', '.join(by_id)}")
    if args.child:
        _child(args.child, args.games, by_id[args.matchup])
    else:
        profile(args.games, by_id[args.matchup], args.lines)


if __name__ == "__main__":
    main()
