"""Play many games: strategies and a kingdom in, a ``Results`` out.

The runner is the only bridge between the friendly Python side (names,
files, pandas) and the kernel (integer arrays).  Seats rotate with the game
number, so with a game count that is a multiple of the player count every
strategy entry sits in every seat equally often.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import numba
import numpy as np

from . import cards as C
from . import kernel as K
from .kingdom import resolve_kingdom, supply_mask
from .records import record_dtype
from .results import Results
from .strategy import Strategy, compile_program, load_strategy

CHUNK = 1 << 17            # games per kernel call, between progress reports


def resolve_strategies(strategies: Sequence[str | Strategy]) -> list[Strategy]:
    return [s if isinstance(s, Strategy) else load_strategy(s) for s in strategies]


def check_players(players: int, n_strategies: int) -> None:
    if not C.MIN_PLAYERS <= players <= C.MAX_PLAYERS:
        raise ValueError(f"{players} players: Dominion is played by "
                         f"{C.MIN_PLAYERS} to {C.MAX_PLAYERS} players")
    if n_strategies > players:
        raise ValueError(f"{n_strategies} strategies but {players} players: "
                         "give --players at least the number of strategies")
    if n_strategies < 1:
        raise ValueError("give at least one strategy")


def entry_names(strategies: Sequence[Strategy]) -> list[str]:
    """Display names, numbered where one strategy is entered twice."""
    names = [s.name for s in strategies]
    return [f"{n} ({names[:i].count(n) + 1})" if names.count(n) > 1 else n
            for i, n in enumerate(names)]


def seat_entries(games: np.ndarray, players: int, n_entries: int) -> np.ndarray:
    """[game, seat] -> strategy entry, the kernel's rotation made explicit."""
    seats = np.arange(players)
    return ((seats[None, :] + games[:, None] % players) % players) % n_entries


def prepare(strategies: Sequence[str | Strategy], players: int | None,
            kingdom, seed: int = 0) -> tuple[list[Strategy], int, list[int], np.ndarray]:
    """Validate the inputs; return strategies, players, kingdom, packed program."""
    strats = resolve_strategies(strategies)
    players = len(strats) if players is None else int(players)
    check_players(players, len(strats))
    needed = sorted(set().union(*(s.cards() for s in strats)))
    cards = resolve_kingdom(kingdom, needed, seed)
    prog = K.pack_program(compile_program(strats, frozenset(cards)))
    return strats, players, cards, prog


def simulate(strategies: Sequence[str | Strategy], games: int, seed: int = 0, *,
             players: int | None = None, kingdom=None, turn_cap: int = 100,
             threads: int | None = None,
             progress: Callable[[int, int], None] | None = None) -> Results:
    """Play ``games`` games and return their per-game records.

    ``strategies`` are names, file paths or ``Strategy`` objects; with more
    players than strategies the list is repeated to fill the seats.  The
    same seed gives bit-identical records for any ``threads``.
    """
    if games < 1:
        raise ValueError(f"--games must be at least 1, not {games}")
    if turn_cap < 1:
        raise ValueError(f"--turn-cap must be at least 1, not {turn_cap}")
    if not 0 <= seed < 2**63:
        raise ValueError(f"the seed must be between 0 and 2**63 - 1, not {seed}")
    strats, players, cards, prog = prepare(strategies, players, kingdom, seed)
    threads = _set_threads(threads)
    mask = supply_mask(cards)
    entries = (np.arange(players) % len(strats)).astype(np.int32)

    out = _allocate(games, players)
    started = time.perf_counter()
    for first in range(0, games, CHUNK):
        count = min(CHUNK, games - first)
        rows = slice(first, first + count)
        K.run_games(prog, mask, entries, players, seed, first, count, turn_cap,
                    min(count, 16 * threads),
                    out["vp"][rows], out["turns"][rows], out["outcome"][rows],
                    out["cards"][rows], out["curses"][rows], out["provinces"][rows],
                    out["ended_by"][rows])
        if progress is not None:
            progress(first + count, games)
    seconds = time.perf_counter() - started

    records = np.empty(games, dtype=record_dtype(players))
    records["entry"] = seat_entries(np.arange(games), players, len(strats))
    for field, arr in out.items():
        records[field] = arr
    return Results(records, entry_names(strats), seed=seed, players=players,
                   kingdom=[C.NAMES[c] for c in cards], turn_cap=turn_cap,
                   seconds=seconds)


def _allocate(games: int, players: int) -> dict[str, np.ndarray]:
    dt = record_dtype(players)
    out = {}
    for field in ("vp", "turns", "outcome", "cards", "curses", "provinces"):
        out[field] = np.zeros((games, players), dtype=dt[field].base)
    out["ended_by"] = np.zeros(games, dtype=dt["ended_by"])
    return out


def _set_threads(threads: int | None) -> int:
    most = numba.config.NUMBA_NUM_THREADS
    threads = most if threads is None else int(threads)
    if threads < 1:
        raise ValueError(f"--threads must be at least 1, not {threads}")
    threads = min(threads, most)
    numba.set_num_threads(threads)
    return threads

