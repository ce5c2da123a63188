"""Peer comparison: the same two bots on domsim and on pyminion.

Big Money (Province at $8, Gold at $6, Silver at $3) against Smithy-BM (the
same plus one Smithy at $4-5 while it owns none, played whenever in hand).
domsim reads them from peer_big_money.toml / peer_smithy.toml beside this
file; the pyminion bots below are written against pyminion's ``Bot`` /
``BotDecider`` API.  Speed is games per CPU-second (process time, domsim on
one thread), so the figure does not depend on the machine's other load or
core count.  Both simulators alternate who starts, so seats are balanced.

pyminion's rules for this matchup, read from its source (0.4.0): shuffle
only when a card is needed from an empty deck; game over after any turn
that empties Provinces or a third pile; ties go to the player with fewer
turns, else shared; 8 Victory cards per pile at 2 players; no turn limit.
These match domsim's, so the win and tie rates must agree.
"""
from __future__ import annotations

import random
import time

from .common import HERE, spread
from .minimal import overlap

DOMSIM_BOTS = (HERE / "peer_big_money.toml", HERE / "peer_smithy.toml")
BOT_NAMES = ("Big Money", "Smithy-BM")


def pyminion_version() -> str | None:
    try:
        from importlib.metadata import version
        return version("pyminion")
    except Exception:
        return None


def _pyminion_bots():
    """(Big Money, Smithy-BM) as pyminion players."""
    from pyminion.bots.bot import Bot, BotDecider
    from pyminion.expansions.base import gold, province, silver, smithy

    class MoneyDecider(BotDecider):
        def action_priority(self, player, game):
            return iter(())

        def buy_priority(self, player, game):
            coins = player.state.money
            if coins >= 8:
                yield province
            if coins >= 6:
                yield gold
            if coins >= 3:
                yield silver

    class SmithyDecider(BotDecider):
        def action_priority(self, player, game):
            yield smithy

        def buy_priority(self, player, game):
            coins = player.state.money
            if coins >= 8:
                yield province
            if coins >= 6:
                yield gold
            if coins >= 4 and player.get_card_count(smithy) == 0:
                yield smithy
            if coins >= 3:
                yield silver

    return (Bot(decider=MoneyDecider(), player_id="big_money"),
            Bot(decider=SmithyDecider(), player_id="smithy_bm"))


def play_pyminion(games: int, seed: int) -> dict:
    """Play ``games`` games, the two bots starting in turn; tallies per bot."""
    from pyminion.expansions.base import base_set, smithy
    from pyminion.game import Game

    random.seed(seed)
    bots = _pyminion_bots()
    t = [{"games": 0, "wins": 0, "ties": 0, "turns": 0} for _ in bots]
    started = time.process_time()
    for g in range(games):
        order = list(bots) if g % 2 == 0 else list(reversed(bots))
        game = Game(players=order, expansions=[base_set], kingdom_cards=[smithy],
                    random_order=False, log_stdout=False)
        winners = game.play().winners
        for i, bot in enumerate(bots):
            t[i]["games"] += 1
            t[i]["turns"] += bot.turns
            if bot in winners:
                t[i]["wins" if len(winners) == 1 else "ties"] += 1
    return {"cpu_s": time.process_time() - started, "tally": t}


def play_domsim(games: int, seed: int) -> dict:
    from simulator.runs.runner import simulate
    started = time.process_time()
    r = simulate([str(p) for p in DOMSIM_BOTS], games, seed, threads=1)
    cpu = time.process_time() - started
    s = r.summary()
    t = [{"games": int(row.games), "wins": int(row.wins), "ties": int(row.ties),
          "turns": float(row.avg_turns) * int(row.games)} for row in s.itertuples()]
    return {"cpu_s": cpu, "tally": t}


def _pool(parts: list[dict]) -> list[dict]:
    total = [{"games": 0, "wins": 0, "ties": 0, "turns": 0.0} for _ in BOT_NAMES]
    for p in parts:
        for tot, t in zip(total, p["tally"]):
            for k in tot:
                tot[k] += t[k]
    return total


def _rates(t: dict) -> dict:
    from simulator.runs.stats import wilson
    n = t["games"]
    return {"games": n, "wins": t["wins"], "ties": t["ties"],
            "win_rate": t["wins"] / n, "win_ci": list(wilson(t["wins"], n)),
            "tie_rate": t["ties"] / n, "tie_ci": list(wilson(t["ties"], n)),
            "avg_turns": t["turns"] / n}


def run(runs: int = 5, pyminion_games: int = 6000, domsim_games: int = 200_000,
        log=print) -> dict:
    version = pyminion_version()
    if version is None:
        return {"skipped": "pyminion is not installed (pip install 'domsim[bench]')"}
    from simulator.runs.stats import two_proportion_test

    play_domsim(2000, 0)                         # compile / load the kernel
    play_pyminion(20, 0)
    py_games = max(2, pyminion_games // runs // 2 * 2)
    dm_games = max(2, domsim_games // runs // 2 * 2)
    py_parts, dm_parts = [], []
    for r in range(runs):                        # interleaved: same load on both
        py_parts.append(play_pyminion(py_games, 1 + r))
        dm_parts.append(play_domsim(dm_games, 1 + r))
    py_speed = spread(py_games / p["cpu_s"] for p in py_parts)
    dm_speed = spread(dm_games / p["cpu_s"] for p in dm_parts)
    py_total, dm_total = _pool(py_parts), _pool(dm_parts)
    bots = []
    for i, name in enumerate(BOT_NAMES):
        d, p = _rates(dm_total[i]), _rates(py_total[i])
        bots.append({
            "strategy": name, "domsim": d, "pyminion": p,
            "win_p": two_proportion_test(d["wins"], d["games"], p["wins"], p["games"])[1],
            "tie_p": two_proportion_test(d["ties"], d["games"], p["ties"], p["games"])[1],
            "win_agree": overlap(d["win_ci"], p["win_ci"]),
            "tie_agree": overlap(d["tie_ci"], p["tie_ci"]),
        })
    out = {
        "pyminion_version": version,
        "runs": runs,
        "pyminion": {"games": py_games * runs, "games_per_cpu_s": py_speed,
                     "cpu_s": sum(p["cpu_s"] for p in py_parts)},
        "domsim": {"games": dm_games * runs, "games_per_cpu_s": dm_speed,
                   "cpu_s": sum(p["cpu_s"] for p in dm_parts), "threads": 1},
        "speed_ratio": dm_speed["median"] / py_speed["median"],
        "bots": bots,
        "agree": all(b["win_agree"] and b["tie_agree"] for b in bots),
    }
    log(f"  peer: domsim {dm_speed['median']:,.0f} vs pyminion "
        f"{py_speed['median']:,.0f} games/CPU-s ({out['speed_ratio']:,.0f}x); "
        f"rates agree: {out['agree']}")
    return out
