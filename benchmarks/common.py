"""Helpers shared by the benchmark families: repeat statistics, machine facts,
optional strategies.

The machine is shared, so every figure is a median over repeated runs with
its min and max, never a single run.
"""
from __future__ import annotations

import datetime as _dt
import os
import platform
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def spread(values) -> dict:
    """Median, min and max of repeated measurements (and the values)."""
    vals = [float(v) for v in values]
    if not vals:
        return {"median": None, "min": None, "max": None, "n": 0, "values": []}
    return {"median": statistics.median(vals), "min": min(vals), "max": max(vals),
            "n": len(vals), "values": vals}


def threads_available() -> int:
    import numba
    return int(numba.config.NUMBA_NUM_THREADS)


def thread_counts() -> list[int]:
    """One thread and all of them (once if the machine has one core)."""
    return sorted({1, threads_available()})


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def git_commit() -> str | None:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                             capture_output=True, text=True, timeout=10)
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               cwd=ROOT, capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    if out.returncode != 0:
        return None
    return out.stdout.strip() + ("+changes" if dirty.stdout.strip() else "")


def load_average() -> float | None:
    """1-minute load average: how busy the shared machine was."""
    try:
        return os.getloadavg()[0]
    except OSError:
        return None


def machine() -> dict:
    import numba
    import numpy
    load = load_average()
    return {
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "numba_threads": threads_available(),
        "python": platform.python_version(),
        "numba": numba.__version__,
        "numpy": numpy.__version__,
        "platform": platform.platform(),
        "date": _dt.datetime.now().astimezone().isoformat(timespec="seconds"),
        "git": git_commit(),
        "load_at_start": load,
    }


def snapshot(dest: Path) -> dict:
    """Copy the engine and the shipped strategies to ``dest``; return an
    environment whose Python imports them from there.

    The families that start processes (start-up, memory) run on this copy,
    taken when the in-process families import the engine, so all families
    measure the same code even while the working tree is being edited.
    """
    import shutil
    dest = Path(dest)
    for pkg in ("simulator", "strategies"):
        shutil.copytree(ROOT / pkg, dest / pkg,
                        ignore=shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc"))
    path = os.environ.get("PYTHONPATH")
    return {**os.environ, "PYTHONPATH": str(dest) + (os.pathsep + path if path else "")}


def child_cwd(env: dict | None) -> Path:
    """Where a child process starts: the snapshot (``python -c`` puts the
    working directory first on sys.path), else the project root."""
    if env and env.get("PYTHONPATH"):
        return Path(env["PYTHONPATH"].split(os.pathsep)[0])
    return ROOT


def domsim_command() -> list[str]:
    """How to start the CLI: the installed ``domsim`` script beside this
    Python, else ``python -m simulator``."""
    script = Path(sys.executable).parent / "domsim"
    if script.is_file() and os.access(script, os.X_OK):
        return [str(script)]
    return [sys.executable, "-m", "simulator"]


def round_games(games: float, multiple: int, lo: int, hi: int) -> int:
    """A game count near ``games``, a multiple of ``multiple`` (seat balance)."""
    g = int(min(max(games, lo), hi))
    return max(multiple, g - g % multiple)
