"""Throughput of the general engine on representative matchups, 1 thread and
all cores.

Each run times the whole ``simulate`` call (what a user waits for, strategy
compilation and record assembly included) and also keeps the kernel-only
time ``Results.seconds``.  Runs of the different thread counts are
interleaved so that load from other users of the shared machine falls on
both alike.
"""
from __future__ import annotations

import time

from .common import round_games, spread, thread_counts

# No recommended set holds both Witch and Militia (First Game has Militia,
# Improvements and Size Distortion have Witch), so the Witch/Militia matchup
# plays First Game with Witch in place of Workshop, which neither bot buys.
FIRST_GAME_WITH_WITCH = ("Cellar", "Market", "Merchant", "Militia", "Mine", "Moat",
                         "Remodel", "Smithy", "Village", "Witch")


def matchups() -> list[dict]:
    """The standard benchmark matchups (issue 6)."""
    return [
        {"id": "bm-smithy", "label": "big-money vs smithy",
         "strategies": ["big-money", "smithy"], "players": 2, "kingdom": None,
         "note": ""},
        {"id": "bmu-mirror", "label": "big-money-ultimate mirror",
         "strategies": ["big-money-ultimate", "big-money-ultimate"], "players": 2,
         "kingdom": None, "note": ""},
        {"id": "witch-militia", "label": "bm-witch vs bm-militia",
         "strategies": ["bm-witch", "bm-militia"], "players": 2,
         "kingdom": ",".join(FIRST_GAME_WITH_WITCH),
         "kingdom_label": "First Game, Witch for Workshop",
         "note": "kingdom: First Game with Witch in place of Workshop (no "
                 "recommended set has both Witch and Militia)"},
        {"id": "4p", "label": "4 players: bmu, smithy, bm-witch, bm-council-room",
         "strategies": ["big-money-ultimate", "smithy", "bm-witch", "bm-council-room"],
         "players": 4, "kingdom": None, "note": ""},
        {"id": "engine-mirror", "label": "festival-library mirror (an engine)",
         "strategies": ["festival-library", "festival-library"], "players": 2,
         "kingdom": None, "note": ""},
    ]


def _one(m: dict, games: int, threads: int, seed: int) -> tuple[float, float]:
    """(wall seconds of the simulate call, kernel seconds)."""
    from simulator.runs.runner import simulate
    started = time.perf_counter()
    r = simulate(m["strategies"], games, seed, players=m["players"],
                 kingdom=m["kingdom"], threads=threads)
    return time.perf_counter() - started, r.seconds


def run(runs: int = 5, target_seconds: float = 1.0, max_games: int = 2_000_000,
        log=print) -> dict:
    """games/s per matchup and thread count: median, min and max of ``runs``
    runs after a warm-up run that also sizes the runs to ``target_seconds``
    at one thread."""
    threads = thread_counts()
    rows = []
    for m in matchups():
        probe = 4000 if m["players"] == 2 else 2000
        _one(m, probe, 1, 0)                       # compile / load the cache
        wall, kernel = _one(m, probe, 1, 0)        # size the runs
        games = round_games(target_seconds * probe / wall, 16 * m["players"],
                            1000, max_games)
        wall_gps = {t: [] for t in threads}
        kernel_gps = {t: [] for t in threads}
        for r in range(runs):
            for t in threads:
                wall, kernel = _one(m, games, t, seed=1 + r)
                wall_gps[t].append(games / wall)
                kernel_gps[t].append(games / kernel)
        row = {k: m[k] for k in ("id", "label", "strategies", "players", "kingdom",
                                 "note")}
        row["kingdom_label"] = m.get("kingdom_label") or (
            "strategies' cards + filler" if m["kingdom"] is None else m["kingdom"])
        row["games_per_run"] = games
        row["threads"] = {str(t): {"games_per_s": spread(wall_gps[t]),
                                   "kernel_games_per_s": spread(kernel_gps[t])}
                          for t in threads}
        if len(threads) > 1:
            one = row["threads"]["1"]["games_per_s"]["median"]
            most = row["threads"][str(threads[-1])]["games_per_s"]["median"]
            row["speedup"] = most / one
        rows.append(row)
        log(f"  throughput {m['id']}: " + ", ".join(
            f"{t} thr {row['threads'][str(t)]['games_per_s']['median']:,.0f} games/s"
            for t in threads))
    return {"threads": threads, "runs": runs, "matchups": rows}
