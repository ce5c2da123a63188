"""Where a cold start goes: one compile of the kernel, split by numba phase.

    python -m benchmarks.compile_profile [--matchup bm-smithy] [--top 12]

A cold start is one long numba compile, with nested compiles inside it (a
caller's type inference compiles each function it calls).  This runs
``simulate`` once in a child process with an empty numba cache and times
every compiler pass and every LLVM step, each time counted once: a nested
step's time is taken off the step it ran inside.  It prints the time per
numba pass and per LLVM step, and the LLVM time per compiled function.
The LLVM time of a function includes the functions it calls: numba links
a copy of each callee's code into the caller's module, then optimises and
emits machine code for the whole module again.

It wraps numba internals (``PassManager._runPass`` and three methods of
numba's code libraries), so it says which one is missing after a numba
upgrade instead of measuring something else.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile
import time

from .common import ROOT, cpu_model
from .throughput import matchups

LLVM_STEPS = (("CPUCodeLibrary", "_optimize_functions", "LLVM: function passes"),
              ("CPUCodeLibrary", "_optimize_final_module", "LLVM: module passes"),
              ("JITCodeLibrary", "_finalize_specific", "LLVM: machine code"))


class ExclusiveTimer:
    """Times nested calls, each counted once: what a call spends inside
    another timed call is its own, not its caller's."""

    def __init__(self, clock=time.perf_counter):
        self.clock = clock
        self.total = collections.Counter()
        self.calls = collections.Counter()
        self._inner = []                  # per open call: time of its timed calls

    def call(self, key, fn, *args, **kwargs):
        started = self.clock()
        self._inner.append(0.0)
        try:
            return fn(*args, **kwargs)
        finally:
            spent = self.clock() - started
            inner = self._inner.pop()
            self.total[key] += spent - inner
            self.calls[key] += 1
            if self._inner:
                self._inner[-1] += spent


def _library_function(name: str) -> str:
    """The Python function a numba code library was made for."""
    return re.sub(r"\$\d+|<.*", "", name).split(".")[-1] or "(wrapper)"


def _child(matchup: dict) -> dict:
    from numba.core import codegen, compiler_machinery
    timer = ExclusiveTimer()
    per_function = collections.Counter()
    for cls, method, key in LLVM_STEPS:
        klass = getattr(codegen, cls, None)
        if klass is None or not hasattr(klass, method):
            raise SystemExit(f"numba has no {cls}.{method} any more: update "
                             "benchmarks/compile_profile.py for this numba")
        original = getattr(klass, method)

        def timed(self, *a, _original=original, _key=key, **kw):
            before = timer.total[_key]
            try:
                return timer.call(_key, _original, self, *a, **kw)
            finally:
                per_function[_library_function(self.name)] += timer.total[_key] - before
        setattr(klass, method, timed)
    manager = compiler_machinery.PassManager
    if not hasattr(manager, "_runPass"):
        raise SystemExit("numba has no PassManager._runPass any more: update "
                         "benchmarks/compile_profile.py for this numba")
    run_pass = manager._runPass
    manager._runPass = lambda self, i, p, state: timer.call(
        "numba: " + p.name(), run_pass, self, i, p, state)

    from simulator.runs.runner import simulate
    started = time.perf_counter()
    simulate(matchup["strategies"], 200, 1, players=matchup["players"],
             kingdom=matchup["kingdom"], threads=1, keep_records=False)
    wall = time.perf_counter() - started
    return {"wall": wall, "steps": dict(timer.total), "calls": dict(timer.calls),
            "functions": dict(per_function)}


def run(matchup_id: str = "bm-smithy") -> dict:
    """Compile the kernel for ``matchup_id`` in a child with an empty cache."""
    matchup = {m["id"]: m for m in matchups()}[matchup_id]
    with tempfile.TemporaryDirectory(prefix="domsim-compile-profile-") as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache, "PYTHONPATH": str(ROOT)}
        code = ("import json, sys; from benchmarks.compile_profile import _child; "
                f"print(json.dumps(_child({matchup!r})))")
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                             capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(out.stderr.strip().splitlines()[-1] if out.stderr else
                         f"the compile child failed ({out.returncode})")
    return json.loads(out.stdout.strip().splitlines()[-1])


def report(result: dict, top: int = 12) -> str:
    steps = collections.Counter(result["steps"])
    accounted = sum(steps.values())
    lines = [f"{cpu_model()}; cold compile and first games: {result['wall']:.1f} s "
             f"({accounted:.1f} s in numba's passes and LLVM)", "",
             "seconds  runs  step (own time: nested compiles taken off)"]
    for key, seconds in steps.most_common(top):
        lines.append(f"{seconds:7.1f} {result['calls'][key]:5d}  {key}")
    functions = collections.Counter(result["functions"])
    llvm = sum(functions.values())
    lines += ["", f"LLVM seconds per compiled function ({llvm:.1f} s in all; "
              "each includes the callees linked into it)"]
    for name, seconds in functions.most_common(top):
        lines.append(f"{seconds:7.2f}  {name}")
    return "\n".join(lines)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matchup", default="bm-smithy",
                        choices=[m["id"] for m in matchups()])
    parser.add_argument("--top", type=int, default=12, help="rows per table")
    args = parser.parse_args(argv)
    print("  compiling the kernel with an empty cache (a cold start) …", flush=True)
    print(report(run(args.matchup), args.top))


if __name__ == "__main__":
    main()
