"""Where the kernel's time goes: a sampling profile by source function and line.

    python -m benchmarks.profile [--games N] [--matchup bm-smithy] [--lines 25]

The kernel inlines most of a turn into ``play_game``, so a profile by
compiled function says little.  This one builds the kernel with debug line
tables (``NUMBA_DEBUGINFO=1``, in a cache folder of its own, so a normal
run never loads that build), samples one thread's games with ``perf``, and
maps every sample in the kernel's machine code through the line tables to
the innermost ``kernel.py`` function and line it came from, inlined or not.
The machine code comes from numba's own cache entries for ``run_games`` and
for each card effect the games called (effects are called by address); the
child reports where each was loaded.

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

KERNEL = ROOT / "simulator" / "engine" / "kernel.py"
# numba's inliner keeps an inlined helper's line numbers but files them under
# the caller: a kernel.py "line" above the first function is one of rng.py's
RNG = ROOT / "simulator" / "engine" / "rng.py"
TOOLS = ("perf", "nm", "addr2line")


def _child(out: Path, games: int, matchup: dict) -> None:
    """Play the games (the second call is the one sampled), then write the
    object code of ``run_games`` and of each card effect the games loaded,
    with where each was loaded."""
    from simulator.engine import jit as J, kernel as K
    from simulator.runs.runner import simulate
    kw = dict(players=matchup["players"], kingdom=matchup["kingdom"], threads=1,
              keep_records=False)
    simulate(matchup["strategies"], 2000, 1, **kw)
    started = time.process_time()
    simulate(matchup["strategies"], games, 2, **kw)
    rate = games / (time.process_time() - started)
    objects = []
    for i, d in enumerate([K.run_games] + [d for d in J.EFFECTS.values() if d.overloads]):
        cache = d._cache
        sig = d.signatures[0]
        key = getattr(d, "declared", sig)  # a kernel_fn is cached by its declared signature
        state = cache._cache_file.load(cache._index_key(key, d.targetctx.codegen()))
        path = out / f"kernel{i}.o"
        path.write_bytes(state[0][2][0])   # (name, 'object', (object code, bitcode))
        cres = d.overloads[sig]
        own = cres.fndesc.llvm_func_name   # its copies of callees share their names
        nm = subprocess.run(["nm", "-S", "--defined-only", str(path)],
                            capture_output=True, text=True, check=True).stdout
        rows = [ln.split() for ln in nm.splitlines()]
        functions = [(sym, int(value, 16), int(size, 16))
                     for value, size, kind, sym in (r for r in rows if len(r) == 4)
                     if kind in "TtWw"]
        offset = next(value for sym, value, _ in functions if sym == own)
        objects.append({"object": path.name, "functions": functions,
                        "base": cres.library.get_pointer_to_function(own) - offset})
    (out / "functions.json").write_text(json.dumps(
        {"games_per_cpu_s": rate, "objects": objects}))


def _samples(perf_data: Path) -> list[int]:
    out = subprocess.run(["perf", "script", "-i", str(perf_data), "-F", "ip"],
                         capture_output=True, text=True, check=True).stdout
    return [int(x, 16) for x in out.split()]


def _in_object(ips: list[int], obj: dict) -> tuple[collections.Counter, list[int]]:
    """Sample counts by offset in one object's text, and the samples outside it."""
    base = obj["base"]
    spans = sorted((base + value, base + value + size) for _, value, size in obj["functions"])
    starts = [s for s, _ in spans]
    counts, outside = collections.Counter(), []
    for ip in ips:
        i = bisect.bisect_right(starts, ip) - 1
        if i >= 0 and ip < spans[i][1]:
            counts[ip - base] += 1
        else:
            outside.append(ip)
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
        # line tables switch numba's bounds checks on unless told otherwise:
        # keep them off, as in the shipped kernel, or they skew the profile
        env = {**os.environ, "NUMBA_DEBUGINFO": "1", "NUMBA_BOUNDSCHECK": "0",
               "NUMBA_NUM_THREADS": "1",
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
        outside = _samples(perf)
        found = []                         # per object: (sample counts, lines, functions)
        for obj in facts["objects"]:
            counts, outside = _in_object(outside, obj)
            compiled = sorted((value, _short(sym)) for sym, value, _ in obj["functions"])
            found.append((counts, _lines(tmp / obj["object"], sorted(counts)), compiled))
    source = KERNEL.read_text().splitlines()
    rng_source = RNG.read_text().splitlines()
    in_kernel, in_rng = _function_of(source), _function_of(rng_source)

    def function_of(line: int) -> str:
        name = in_kernel(line)
        return f"rng.{in_rng(line)}" if name == "(module)" else name

    def text_of(line: int) -> str:
        if in_kernel(line) == "(module)" and line <= len(rng_source):
            return "rng.py: " + rng_source[line - 1].strip()
        return source[line - 1].strip()
    by_line, by_function = collections.Counter(), collections.Counter()
    for counts, lines, compiled in found:
        for offset, n in counts.items():
            line = lines.get(offset)
            by_line[line] += n
            if line:
                by_function[function_of(line)] += n
            else:                          # prologues, spills: name the compiled function
                i = bisect.bisect_right(compiled, (offset, "\uffff")) - 1
                by_function[f"(no line, in {compiled[i][1]})"] += n
    total = sum(sum(counts.values()) for counts, _, _ in found)
    outside = len(outside)
    log(f"\n{cpu_model()}; {facts['games_per_cpu_s']:,.0f} games/CPU-s (debug build); "
        f"{total:,} samples in the kernel, {outside:,} outside\n")
    log("share  kernel.py function (innermost, inlined code included)")
    for name, n in by_function.most_common(top):
        log(f"{n / total:6.1%}  {name}")
    log("\nshare  kernel.py line")
    for line, n in by_line.most_common(top):
        text = text_of(line)[:80] if line else "(no line table entry)"
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
