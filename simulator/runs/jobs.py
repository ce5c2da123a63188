"""Jobs: the unit of work of every multi-run command (``simulator.runs.experiments``
cuts plans into them; ``simulator.runs.executors`` runs them anywhere).

A job is plain data that a worker on another machine can play without the
user's files: strategies travel as their rules (``strategy_data``), the
kingdom as its 10 card names.  What it sends back (``JobResult``) is integer
sums, so merged results are the same bits in any finishing order.  The
engine fingerprint keeps one run's jobs on one engine.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import lru_cache
from pathlib import Path

# A job's default size: 2**19 seat-games, 262,144 two-player games, about
# 1-2 s of one core (150,000-280,000 two-player games/s per core,
# docs/performance.md): long enough that a Dask task's cost (milliseconds) is noise,
# short enough that Ctrl-C loses little and many workers share a run.
JOB_SEAT_GAMES = 1 << 19


def domsim_version() -> str:
    from simulator.runs.provenance import domsim_version as v
    return v()


def now_utc() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


@lru_cache(maxsize=1)
def engine_fingerprint() -> str:
    """A digest of the code that decides a game's outcome.  Jobs of one run
    must all be played by the same engine: a resumed run or a remote worker
    with another one would mix two different sets of games."""
    from simulator.engine import engine_sources
    package = Path(__file__).parents[1]
    others = ("language/strategy.py", "runs/runner.py", "runs/seating.py",
              "runs/records.py", "runs/results.py")
    digest = hashlib.sha256()
    for path in [*engine_sources(), *(package / name for name in others)]:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


# ============================================================ strategies as data

def strategy_data(strategy) -> dict:
    """A strategy as plain data (its rules as written): all a worker needs to
    rebuild it, without the file it came from."""
    return {"source": strategy.source, "keys": strategy.data}


def strategy_id(data: dict) -> str:
    """A short name for a strategy's data, the same for the same rules."""
    text = json.dumps(data, sort_keys=True)
    return hashlib.blake2b(text.encode("utf-8"), digest_size=8).hexdigest()


@lru_cache(maxsize=256)
def _rebuild(texts: tuple[str, ...]) -> tuple:
    from simulator.language.strategy import Strategy
    out = []
    for text in texts:
        keys = dict(json.loads(text)["keys"])
        out.append(Strategy.from_rules(keys.pop("name"), **keys))
    return tuple(out)


# ============================================================ jobs

@dataclass(frozen=True)
class Job:
    """Games ``first .. first + count - 1`` of one batch of one setup."""
    key: str                       # unique in its plan; names the result file
    strategies: tuple[str, ...]    # JSON of ``strategy_data``, entry order
    kingdom: tuple[str, ...]       # the 10 kingdom cards
    players: int
    turn_cap: int
    seed: int
    first: int
    count: int
    records: bool = False          # also send back the per-game records
    seating: str = "all"           # simulator.runs.seating's mode; both defaults are what
    edition: int | None = None     # jobs of plans written before them played
    sets: tuple[str, ...] | None = None   # the sets drawn from (None: the base set)


@dataclass
class JobResult:
    """What a job sends back: integer sums (a few kB), and the per-game
    records only when they were asked for."""
    key: str
    tally: object                  # simulator.runs.results.Tally
    per_turn: object               # int64 [entries, turns, (vp, coins, n)]
    records: object = None         # record_dtype(players) [count] or None
    seconds: float = 0.0           # time spent playing
    hits: object = None            # int64 [rules]: fires per compiled rule (compare --explain)

    _TALLY = ("outcome", "ended", "vp", "turns", "ended_games", "lengths")

    def arrays(self) -> dict:
        """Plain numpy arrays (for an ``.npz`` file)."""
        import numpy as np
        out = {f"tally.{f}": getattr(self.tally, f) for f in self._TALLY}
        out["per_turn"] = self.per_turn
        out["seconds"] = np.array(self.seconds)
        out["key"] = np.array(self.key)             # which job: a copied file is refused
        if self.records is not None:
            out["records"] = self.records
        if self.hits is not None:
            out["hits"] = self.hits
        return out

    @classmethod
    def from_arrays(cls, key: str, arrays: Mapping) -> JobResult:
        from simulator.runs.results import Tally
        tally = Tally(*(arrays[f"tally.{f}"] for f in cls._TALLY))
        if "key" in arrays and str(arrays["key"]) != key:
            raise ValueError(f"it holds job {str(arrays['key'])}")
        return cls(key, tally, arrays["per_turn"],
                   arrays["records"] if "records" in arrays else None,
                   float(arrays["seconds"]), arrays["hits"] if "hits" in arrays else None)

    def check(self, job: Job) -> None:
        """Raise ValueError unless these are sums of ``job``'s games (shapes,
        game count): a job file copied from another run is refused."""
        t, entries = self.tally, len(job.strategies)
        shapes = {"tally.outcome": (t.outcome.shape, (entries, job.players, 3)),
                  "tally.ended": (t.ended.shape, (entries, 3)),
                  "tally.vp": (t.vp.shape, (entries,)), "tally.turns": (t.turns.shape,
                                                                        (entries,)),
                  "tally.ended_games": (t.ended_games.shape, (3,))}
        for name, (got, want) in shapes.items():
            if got != want:
                raise ValueError(f"{name} has shape {got}, the job needs {want}")
        if self.per_turn.ndim != 3 or self.per_turn.shape[::2] != (entries, 3):
            raise ValueError(f"per_turn has shape {self.per_turn.shape}")
        games = int(t.ended_games.sum())
        if games != job.count:
            raise ValueError(f"{games:,} game{'s' * (games != 1)}, the job has {job.count:,}")
        if job.records and (self.records is None or len(self.records) != job.count):
            raise ValueError("its per-game records are missing or incomplete")


def run_job(job: Job, threads: int | None = None) -> JobResult:
    """Play one job in this process (numba threads: ``threads``, default all)."""
    from simulator.runs.runner import simulate
    res = simulate(list(_rebuild(job.strategies)), job.count, job.seed,
                   players=job.players, kingdom=list(job.kingdom), turn_cap=job.turn_cap,
                   threads=threads, keep_records=job.records, first=job.first,
                   seating=job.seating, edition=job.edition, sets=job.sets)
    return JobResult(job.key, res._tally, res.per_turn, res.records, res.seconds,
                     res.rule_hits[1])
