"""A deliberately minimal kernel: Big Money against Smithy, nothing else.

It is the yardstick for the general engine's speed ("overhead of
generality"): the same two bots (the buy rules of strategies/big-money.toml
and strategies/smithy.toml hard-coded), the same rules (2 players, 8
Provinces, three-pile and turn-cap endings, fewer-turns tie-break, shared
wins), the same generator (xoroshiro128+ seeded per (seed, game)), the same
swap-remove draw from an unordered deck and the same seat rotation.  Because
the engine refills its deck in card-id order, as this kernel does, both play
the very same games from the same seed; the benchmark counts how many.

Everything hot lives in one function on purpose (PERFORMANCE.md: helpers
taking arrays cost up to 2x in numba), and deck indices are unsigned.
"""
from __future__ import annotations

import statistics
import time

import numba
import numpy as np
from numba import njit, prange, uint64

from simulator.engine.rng import below_u, seed_game

# Local card ids, in the engine's card-id order (the deck refill order).
CU, AG, AU, ES, DU, PR, SM = range(7)
NCARD = 7
BIG_MONEY, SMITHY = 0, 1                    # strategy codes
START_SUPPLY = np.array([46, 40, 30, 8, 8, 8, 10], dtype=np.int32)  # 2 players
DECK_CAP = 128                              # > 10 + one card a turn for 100 turns
ENDED_PROVINCES, ENDED_PILES, ENDED_TURN_CAP = 0, 1, 2


@njit(cache=True)
def play_block(seed, first, lo, hi, entries, turn_cap,
               out_vp, out_turns, out_outcome, out_end):
    """Play games first+lo .. first+hi-1 (seat k of game g plays
    entries[(k + g) % 2]); results of game first+i go to row i.

    The whole game loop is this one function; the parallel entry point only
    hands out blocks, so a call costs nothing per game.
    """
    deck = np.zeros((2, DECK_CAP), dtype=np.uint8)
    hand = np.zeros((2, NCARD), dtype=np.int32)
    disc = np.zeros((2, NCARD), dtype=np.int32)
    own = np.zeros((2, NCARD), dtype=np.int32)
    sup = np.zeros(NCARD, dtype=np.int32)
    deck_n = np.zeros(2, dtype=np.uint64)
    disc_n = np.zeros(2, dtype=np.int32)
    turns = np.zeros(2, dtype=np.int32)
    strat = np.zeros(2, dtype=np.int32)
    vp = np.zeros(2, dtype=np.int32)
    rng = np.zeros(2, dtype=np.uint64)
    for i in range(lo, hi):
        g = first + i
        seed_game(rng, seed, g)
        strat[0] = entries[g % 2]
        strat[1] = entries[(g + 1) % 2]
        for c in range(NCARD):
            sup[c] = START_SUPPLY[c]
        empty = 0
        for p in range(2):
            hand[p, :] = 0
            disc[p, :] = 0
            own[p, :] = 0
            own[p, CU] = 7
            own[p, ES] = 3
            for j in range(10):
                deck[p, j] = CU if j < 7 else ES
            deck_n[p] = 10
            disc_n[p] = 0
            turns[p] = 0
        # setup draws 5 for each player in seat order, then turns begin;
        # ``todo`` counts the cards still to draw for player ``p``
        p = 0
        todo = 5
        phase = 0          # 0 setup p0, 1 setup p1, 2 Smithy, 3 clean-up
        smithy_played = 0
        ended = -1
        while True:
            while todo > 0:
                n = deck_n[p]
                if n == 0:
                    if disc_n[p] == 0:
                        break
                    for c in range(NCARD):
                        for _ in range(disc[p, c]):
                            deck[p, n] = c
                            n += uint64(1)
                        disc[p, c] = 0
                    disc_n[p] = 0
                n -= uint64(1)
                j = below_u(rng, n + uint64(1))
                c = deck[p, j]
                deck[p, j] = deck[p, n]
                deck_n[p] = n
                hand[p, c] += 1
                todo -= 1
            todo = 0
            if phase == 0:
                p = 1
                todo = 5
                phase = 1
                continue
            if phase == 1:
                p = 0
            if phase == 3:                 # the turn is over
                turns[p] += 1
                if sup[PR] == 0:
                    ended = ENDED_PROVINCES
                    break
                if empty >= 3:
                    ended = ENDED_PILES
                    break
                if p == 1 and turns[p] >= turn_cap:
                    ended = ENDED_TURN_CAP
                    break
                p = 1 - p
            if phase != 2:                 # a new turn: the Action phase
                phase = 2
                if strat[p] == SMITHY and hand[p, SM] > 0:
                    hand[p, SM] -= 1       # into play, where its own draw
                    smithy_played = 1      # cannot shuffle it in
                    todo = 3
                    continue
            # Buy phase: every Treasure, then one buy by the bot's list
            coins = hand[p, CU] + 2 * hand[p, AG] + 3 * hand[p, AU]
            buy = -1
            if strat[p] == BIG_MONEY:
                if coins >= 8 and sup[PR] > 0:
                    buy = PR
                elif coins >= 6 and sup[AU] > 0:
                    buy = AU
                elif coins >= 3 and sup[AG] > 0:
                    buy = AG
            else:
                money = own[p, CU] + 2 * own[p, AG] + 3 * own[p, AU]
                if coins >= 8 and sup[PR] > 0 and money > 15:
                    buy = PR
                elif coins >= 5 and sup[DU] > 0 and sup[PR] <= 4:
                    buy = DU
                elif coins >= 2 and sup[ES] > 0 and sup[PR] <= 2:
                    buy = ES
                elif coins >= 6 and sup[AU] > 0:
                    buy = AU
                elif coins >= 5 and sup[DU] > 0 and sup[PR] <= 6:
                    buy = DU
                elif coins >= 4 and sup[SM] > 0 and \
                        11 * own[p, SM] < own[p, CU] + own[p, AG] + own[p, AU]:
                    buy = SM
                elif coins >= 3 and sup[AG] > 0:
                    buy = AG
            if buy >= 0:
                sup[buy] -= 1
                if sup[buy] == 0:
                    empty += 1
                own[p, buy] += 1
                disc[p, buy] += 1
                disc_n[p] += 1
            # Clean-up: play and hand to the discard pile, draw 5
            disc[p, SM] += smithy_played
            disc_n[p] += smithy_played
            smithy_played = 0
            for c in range(NCARD):
                k = hand[p, c]
                disc[p, c] += k
                disc_n[p] += k
                hand[p, c] = 0
            todo = 5
            phase = 3
        best = -(1 << 30)
        for k in range(2):
            vp[k] = own[k, ES] + 3 * own[k, DU] + 6 * own[k, PR]
            best = max(best, vp[k])
        fewest = 1 << 30
        for k in range(2):
            if vp[k] == best:
                fewest = min(fewest, turns[k])
        winners = 0
        for k in range(2):
            won = 1 if vp[k] == best and turns[k] == fewest else 0
            out_outcome[i, k] = won
            winners += won
        for k in range(2):
            if winners > 1:
                out_outcome[i, k] *= 2
            out_vp[i, k] = vp[k]
            out_turns[i, k] = turns[k]
        out_end[i] = ended


@njit(cache=True, parallel=True)
def minimal_games(seed, first, count, blocks, entries, turn_cap,
                  out_vp, out_turns, out_outcome, out_end):
    """Play games first .. first+count-1 in ``blocks`` blocks over the threads."""
    per = (count + blocks - 1) // blocks
    for b in prange(blocks):
        play_block(seed, first, b * per, min(count, (b + 1) * per), entries, turn_cap,
                   out_vp, out_turns, out_outcome, out_end)


def play(games: int, seed: int = 0, threads: int | None = 1, turn_cap: int = 100,
         entries=(BIG_MONEY, SMITHY)) -> dict:
    """Play ``games`` games; per-game arrays shaped like the engine's records
    (seat order, outcome 0 loss / 1 win / 2 shared win) plus the kernel time.

    ``threads=None`` calls the serial block function directly, which skips
    compiling the parallel entry point (the tests use it).
    """
    vp = np.zeros((games, 2), dtype=np.int16)
    turns = np.zeros((games, 2), dtype=np.int16)
    outcome = np.zeros((games, 2), dtype=np.int8)
    ended = np.zeros(games, dtype=np.int8)
    ent = np.asarray(entries, dtype=np.int32)
    if threads is not None:
        threads = min(int(threads), numba.config.NUMBA_NUM_THREADS)
        numba.set_num_threads(threads)
    started = time.perf_counter()
    if threads is None:
        play_block(seed, 0, 0, games, ent, turn_cap, vp, turns, outcome, ended)
    else:
        minimal_games(seed, 0, games, min(games, 16 * threads), ent, turn_cap,
                      vp, turns, outcome, ended)
    seconds = time.perf_counter() - started
    seat_entry = ent[(np.arange(2)[None, :] + np.arange(games)[:, None]) % 2]
    return {"vp": vp, "turns": turns, "outcome": outcome, "ended_by": ended,
            "entry": seat_entry, "seconds": seconds}


# ============================================================ the benchmark

ENGINE_BOTS = ("big-money", "smithy")         # the shipped files hard-coded above
BOT_NAMES = ("Big Money", "Smithy")


def tally(entry: np.ndarray, outcome: np.ndarray, n_entries: int = 2) -> list[dict]:
    """Wins, ties and seat-games per strategy entry, from [game, seat] arrays."""
    out = []
    for e in range(n_entries):
        mine = entry == e
        out.append({"games": int(mine.sum()),
                    "wins": int((mine & (outcome == 1)).sum()),
                    "ties": int((mine & (outcome == 2)).sum())})
    return out


def rates(t: dict) -> dict:
    """Win and tie rates of a tally entry with 95% Wilson intervals."""
    from simulator.runs.stats import wilson
    n = t["games"]
    return {**t,
            "win_rate": t["wins"] / n, "win_ci": list(wilson(t["wins"], n)),
            "tie_rate": t["ties"] / n, "tie_ci": list(wilson(t["ties"], n))}


def overlap(a, b) -> bool:
    return a[0] <= b[1] and b[0] <= a[1]


def _add(total: list[dict], part: list[dict]) -> None:
    for t, p in zip(total, part):
        for k in t:
            t[k] += p[k]


def identical_games(records, m: dict) -> int:
    """Games the engine and the minimal kernel played exactly alike."""
    same = (records["entry"] == m["entry"]).all(1)
    for field in ("vp", "turns", "outcome"):
        same &= (records[field] == m[field]).all(1)
    same &= records["ended_by"] == m["ended_by"]
    return int(same.sum())


def benchmark(runs: int = 5, games: int = 200_000, log=print) -> dict:
    """The engine's speed as a fraction of the minimal kernel's, same process,
    same games count, runs interleaved; plus agreement of the two.

    The engine plays seeds 1.. and the kernel seeds 1001.., so the pooled win
    rates are independent samples; one extra kernel run on the engine's
    first seed checks that both play identical games.
    """
    from simulator.runs.runner import simulate
    from simulator.runs.stats import two_proportion_test

    from .common import spread, thread_counts

    games -= games % 2
    threads = thread_counts()
    simulate(list(ENGINE_BOTS), 2000, 0, threads=1)       # compile / load
    play(2000, 0, threads=1)
    out = {"games_per_run": games, "runs": runs, "threads": {}}
    eng_total = [{"games": 0, "wins": 0, "ties": 0} for _ in range(2)]
    min_total = [{"games": 0, "wins": 0, "ties": 0} for _ in range(2)]
    first_records = None
    for t in threads:
        eng_wall, eng_kernel, mini = [], [], []
        for r in range(runs):
            started = time.perf_counter()
            res = simulate(list(ENGINE_BOTS), games, 1 + r, threads=t)
            eng_wall.append(games / (time.perf_counter() - started))
            eng_kernel.append(games / res.seconds)
            m = play(games, 1001 + r, threads=t)
            mini.append(games / m["seconds"])
            if t == 1:
                _add(eng_total, tally(res.records["entry"], res.records["outcome"]))
                _add(min_total, tally(m["entry"], m["outcome"]))
                if r == 0:
                    first_records = res.records
        ratios = [e / k for e, k in zip(eng_kernel, mini)]
        out["threads"][str(t)] = {
            "engine_games_per_s": spread(eng_wall),
            "engine_kernel_games_per_s": spread(eng_kernel),
            "minimal_games_per_s": spread(mini),
            "ratio": (statistics.median(eng_kernel) / statistics.median(mini)),
            "ratio_per_run": spread(ratios),
        }
        log(f"  minimal kernel, {t} thr: engine {statistics.median(eng_kernel):,.0f} "
            f"vs minimal {statistics.median(mini):,.0f} games/s "
            f"= {out['threads'][str(t)]['ratio']:.1%}")
    same = identical_games(first_records, play(games, 1, threads=threads[-1]))
    agree = []
    for e in range(2):
        a, b = rates(eng_total[e]), rates(min_total[e])
        agree.append({
            "strategy": BOT_NAMES[e], "engine": a, "minimal": b,
            "win_p": two_proportion_test(a["wins"], a["games"], b["wins"], b["games"])[1],
            "tie_p": two_proportion_test(a["ties"], a["games"], b["ties"], b["games"])[1],
            "agree": overlap(a["win_ci"], b["win_ci"]) and overlap(a["tie_ci"], b["tie_ci"]),
        })
    out["agreement"] = agree
    out["identical_games"] = {"games": games, "identical": same, "seed": 1}
    return out
