"""Play many games: strategies and a kingdom in, a ``Results`` out.

The runner is the only bridge between the friendly Python side (names,
files, pandas) and the kernel (integer arrays).  Who sits where is decided
here, not in the kernel (``simulator.runs.seating``): by default every distinct
seating is played equally often; two-player runs rotate the seats with the
game number, as they always have.
"""
from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from collections.abc import Callable, Sequence

import numba
import numpy as np

from simulator.engine import cards as C
from simulator.engine import effects as FX, kernel as K
from simulator.engine import codes as S, program as PG
from simulator.runs.chunking import chunks
from simulator.engine.kingdom import black_market_deck, kingdom_notes, resolve_kingdom, supply_mask
from simulator.runs.records import MAX_GAMES, MAX_TURN_CAP, record_dtype
from simulator.runs.results import Results, Tally, new_records, unique_names
from simulator.runs.provenance import definition
from simulator.runs.seating import plan_seating
from simulator.language.strategy import Strategy, compile_program, load_strategy, rule_notes, rule_warnings

STATS_TURNS = 60           # per-turn VP and coins are kept for turns 1..60
PARTS_PER_THREAD = 4       # parts each kernel call is split into, per thread
OUT_FIELDS = ("vp", "turns", "outcome", "cards", "curses", "provinces")   # run_games' order


def resolve_strategies(strategies: Sequence[str | Strategy]) -> list[Strategy]:
    return [s if isinstance(s, Strategy) else load_strategy(s) for s in strategies]


def check_players(players: int, n_strategies: int) -> None:
    if not C.MIN_PLAYERS <= players <= C.MAX_PLAYERS:
        raise ValueError(f"{players} player{'s' * (players != 1)}: Dominion is played by "
                         f"{C.MIN_PLAYERS} to {C.MAX_PLAYERS} players")
    if n_strategies > players:
        raise ValueError(f"{n_strategies} strategies but {players} players: "
                         "give --players at least the number of strategies")
    if n_strategies < 1:
        raise ValueError("give at least one strategy")


def prepare(strategies: Sequence[str | Strategy], players: int | None,
            kingdom, seed: int = 0, edition: int | None = None, sets=None
            ) -> tuple[list[Strategy], int, list[int], np.ndarray]:
    """Validate the inputs; return strategies, players, kingdom, packed program."""
    strats, players, cards, program = _compile(strategies, players, kingdom, seed, edition,
                                               sets)
    return strats, players, cards, PG.pack_program(program, setup_mask(cards, edition, sets))


def played_kingdom(strats: Sequence[Strategy], kingdom):
    """The kingdom a run plays: the one given, else the one the strategy
    files name (``kingdom = ...``); None when neither does."""
    if kingdom is not None:
        return kingdom
    named = {s.kingdom for s in strats if s.kingdom is not None}
    if len(named) > 1:
        which = "; ".join(f"{s.name}: {s.kingdom}" for s in strats if s.kingdom is not None)
        raise ValueError(f"the strategies name different kingdoms ({which}): "
                         "give --kingdom to choose one")
    return next(iter(named), None)


def kingdom_source_notes(strats: Sequence[Strategy], kingdom) -> list[str]:
    """Where a run's kingdom came from, when a strategy file names one."""
    notes = []
    for s in strats:
        if s.kingdom is None:
            continue
        if kingdom is None:
            notes.append(f"kingdom {s.kingdom}: the one {s.name} names")
        elif str(kingdom).casefold() != s.kingdom.casefold():
            notes.append(f"{s.name} was made for kingdom {s.kingdom}; --kingdom "
                         f"{kingdom} is played instead")
    return list(dict.fromkeys(notes))


def _compile(strategies, players, kingdom, seed, edition=None, sets=None):
    # a game of one edition reads card names as that edition's printings
    # (Treasury's first in a first-edition game): the strategies and kingdom too
    strats = [s.in_edition(edition) for s in resolve_strategies(strategies)]
    with C.edition_names(edition):
        return _compile_names(strats, players, kingdom, seed, edition, sets)


def _compile_names(strats, players, kingdom, seed, edition, sets):
    players = len(strats) if players is None else int(players)
    check_players(players, len(strats))
    kingdom = played_kingdom(strats, kingdom)
    # what a Black Market bot names, no other bot names: it buys it from the
    # Black Market deck, so it is not asked for in the supply
    market = [s.cards() for s in strats if s.cards() & C.MARKET_CARDS]
    others = [s.cards() for s in strats if not s.cards() & C.MARKET_CARDS]
    from_market = set().union(*market) - set().union(*others) - C.MARKET_CARDS
    required = sorted(set().union(*(s.required_cards() for s in strats)) - from_market)
    wanted = sorted(set().union(*(s.cards() for s in strats)) - from_market)
    cards = resolve_kingdom(kingdom, required, seed, wanted=wanted, edition=edition,
                            sets=sets)
    # a strategy may name the cards of the Black Market deck too
    present = frozenset(cards) | frozenset(black_market_deck(cards, edition, sets))
    return strats, players, cards, compile_program(strats, present)


def setup_mask(cards: Sequence[int], edition: int | None = None, sets=None) -> np.ndarray:
    """The kernel's kingdom mask: the supply, and the Black Market deck."""
    return supply_mask(cards, black_market_deck(cards, edition, sets))


def absent_cards_notes(strats: Sequence[Strategy], cards: Sequence[int],
                       edition: int | None = None, sets=None) -> list[str]:
    """One line per strategy whose optional ('Card?') cards are not in the kingdom
    (nor in its Black Market deck)."""
    notes = []
    present = set(cards) | set(black_market_deck(cards, edition, sets))
    for s in strats:
        missing = sorted(s.cards() - present)
        if missing:
            names = ", ".join(C.NAMES[c] for c in missing)
            notes.append(f"{s.name}: {names} not in the kingdom; its rules for "
                         f"{'it' if len(missing) == 1 else 'them'} are skipped")
    return notes


def simulate(strategies: Sequence[str | Strategy], games: int, seed: int = 0, *,
             players: int | None = None, kingdom=None, turn_cap: int = 100,
             edition: int | None = None, threads: int | None = None,
             keep_records: bool = True,
             progress: Callable[[int, int], None] | None = None,
             first: int = 0, seating: str = "all", sets=None) -> Results:
    """Play ``games`` games and return their results.

    ``strategies`` are names, file paths or ``Strategy`` objects; with more
    players than strategies the list is repeated to fill the seats.  The
    same seed gives bit-identical results for any ``threads``.  With
    ``keep_records=False`` only the aggregates are kept, so memory stays flat
    however many games are played.  ``edition`` (1 or 2) keeps the kingdom to
    one edition of each set; by default every card may be used.  ``sets``
    ('base,intrigue' or a list; the base set by default) are the sets random
    kingdoms, filler and the Black Market deck come from
    (``simulator.engine.kingdom.parse_sets``).

    ``first`` plays games ``first .. first + games - 1`` of the run instead
    (a job of a larger run): every game depends only on the seed and its
    index, so the parts of a run add up to the whole run, bit for bit.

    ``seating``: "all" (default) plays every distinct order of the seats
    equally often; "rotate" only rotates the listed order (the same thing
    at two players).  See ``simulator.runs.seating``.
    """
    check_games(games)
    if not 0 <= first <= MAX_GAMES - games:
        raise ValueError(f"the first game index must be between 0 and "
                         f"{MAX_GAMES - games:,}, not {first:,}")
    _check_run(seed, turn_cap)
    strats, players, cards, program = _compile(strategies, players, kingdom, seed, edition,
                                               sets)
    mask = setup_mask(cards, edition, sets)
    prog = PG.pack_program(program, mask)
    threads = _set_threads(threads)
    FX.load_effects(PG.ownable_cards(prog, mask))
    n_entries = len(strats)
    plan = plan_seating(players, n_entries, seed, seating)
    dtype = record_dtype(players)
    records = new_records(games, players) if keep_records else None
    tally = Tally.empty(n_entries, players)
    # sums per part of a kernel call (PARTS_PER_THREAD parts per thread, so
    # a slow part does not leave the other threads idle); they add up exactly
    per_turn = np.zeros((PARTS_PER_THREAD * threads, n_entries,
                         min(turn_cap, STATS_TURNS), 3), np.int64)
    hits = np.zeros((len(per_turn), PG.n_rules(prog)), np.int64)   # rule fires per part

    started = time.perf_counter()
    for offset, count in chunks(games, least=threads):
        start = first + offset
        out = [np.zeros((count, players), dtype[f].base) for f in OUT_FIELDS]
        ended = np.zeros(count, dtype["ended_by"])
        bounds = np.linspace(0, count, min(count, len(per_turn)) + 1).astype(np.int64)

        def part(i, bounds=bounds, start=start, out=out, ended=ended):
            for entries, g, n in plan.segments(start + bounds[i], bounds[i + 1] - bounds[i]):
                a, b = g - start, g - start + n
                K.run_games(prog, mask, entries, players, seed, g, n, turn_cap,
                            per_turn[i], hits[i], *(o[a:b] for o in out), ended[a:b])

        _run_parts(part, len(bounds) - 1, threads)
        entry = plan.entries_of(np.arange(start, start + count))
        if keep_records:
            chunk = records[start - first:start - first + count]
            chunk["entry"] = entry
            for field, arr in zip(OUT_FIELDS, out):
                chunk[field] = arr
            chunk["ended_by"] = ended
        else:                 # from the kernel's own arrays: no records built
            cols = dict(zip(OUT_FIELDS, out))
            tally = tally + Tally.of_columns(entry, cols["outcome"], ended, cols["vp"],
                                             cols["turns"], n_entries, players)
        if progress is not None:
            progress(start - first + count, games)
    seconds = time.perf_counter() - started

    return run_results(strats, cards, program, kingdom, seed, edition, players, turn_cap,
                       plan.describe(), records, None if keep_records else tally,
                       per_turn.sum(axis=0), hits.sum(axis=0), seconds, sets)


def run_results(strats, cards, program, kingdom, seed, edition, players, turn_cap, seating,
                records, tally, per_turn, hits, seconds, sets=None) -> Results:
    """A run's Results from its games' records or sums, with all it says of
    itself (notes, seats, rule fires, definitions): one place for simulate
    and for compare played as jobs (``experiments.run_compare``), so both
    print the same."""
    names = unique_names([s.name for s in strats])
    res = Results(records, names, seed=seed, players=players,
                  kingdom=[C.NAMES[c] for c in cards], turn_cap=turn_cap,
                  seconds=seconds, tally=tally, per_turn=per_turn, seating=seating,
                  notes=kingdom_source_notes(strats, kingdom)
                  + kingdom_notes(played_kingdom(strats, kingdom), seed, edition, sets)
                  + absent_cards_notes(strats, cards, edition, sets)
                  + rule_notes(strats, cards),
                  rule_hits=(program.sources, hits, rule_warnings(strats, cards)))
    res.definitions = [definition(s, n) for s, n in zip(strats, names)]
    return res


@dataclass
class Trace:
    """One game's event log, recorded by the kernel that plays every game.

    ``events`` rows are [turn, player, code, card, count, from zone, to zone]
    (codes and zones: ``kernel.EV_*``, ``kernel.Z_*`` and the count-zone rows
    HAND, PLAY_ROW, DISC, ASIDE).  Seats are in turn order; ``entry[k]``
    indexes ``names``.
    """
    events: np.ndarray
    names: list[str]
    entry: list[int]
    kingdom: list[int]
    players: int
    seed: int
    game: int
    turn_cap: int
    ended_by: int
    vp: list[int]
    outcome: list[int]
    turns: list[int]
    supply: np.ndarray           # pile counts at the end, by card id
    trash: np.ndarray            # trash counts at the end, by card id
    owned: np.ndarray            # [seat, card] cards owned at the end


class TraceOverflow(ValueError):
    """A game logs more events than the capacity asked for."""

    def __init__(self, game: int, capacity: int, needed: int):
        super().__init__(f"game {game} logs {needed:,} events, more than the capacity "
                         f"of {capacity:,}; ask for at least {needed:,}")
        self.needed = needed


def trace_game(strategies: Sequence[str | Strategy], seed: int = 0, game: int = 0, *,
               players: int | None = None, kingdom=None, turn_cap: int = 100,
               edition: int | None = None, capacity: int | None = None,
               seating: str = "all", sets=None) -> Trace:
    """Replay game ``game`` of ``simulate(strategies, ..., seed=seed)`` with
    its event log.  With no ``capacity`` the log grows to fit the game; a
    given capacity that is too small raises ``TraceOverflow``."""
    if not S.TRACE:                        # a benchmark build (benchmarks/trace.py)
        raise ValueError("DOMSIM_TRACE=0 compiled the kernel without its event log; "
                         "unset it to trace a game")
    if not 0 <= game < MAX_GAMES:
        raise ValueError(f"--game must be between 0 and 2**63 - 2, not {game}")
    _check_run(seed, turn_cap)
    strats, players, cards, prog = prepare(strategies, players, kingdom, seed, edition, sets)
    plan = plan_seating(players, len(strats), seed, seating)
    entries = next(plan.segments(game, 1))[0]
    mask = setup_mask(cards, edition, sets)
    FX.load_effects(PG.ownable_cards(prog, mask))
    size = capacity or 50_000
    while True:
        z = np.zeros((S.NROWS + size, S.NC), dtype=np.int32)
        vp = np.zeros(S.MAXP, dtype=np.int32)
        outcome = np.zeros(S.MAXP, dtype=np.int32)
        ended = K.trace_game(prog, mask, entries, players, seed, game, turn_cap,
                             z, vp, outcome)
        lost = int(z[S.GS, S.GS_TRACE_LOST])
        if not lost:
            break
        if capacity is not None:
            raise TraceOverflow(game, capacity, size + lost)
        size += lost                       # the same game again, with room
    n = int(z[S.GS, S.GS_TRACE_N])
    turns = [int(z[p * S.PR + S.PS, S.PS_TURNS]) for p in range(players)]
    return Trace(events=z[S.NROWS:S.NROWS + n, :7].copy(), names=unique_names([s.name for s in strats]),
                 entry=plan.entries_of(np.array([game]))[0].tolist(),
                 kingdom=cards, players=players, seed=seed, game=game,
                 turn_cap=turn_cap, ended_by=int(ended), vp=vp[:players].tolist(),
                 outcome=outcome[:players].tolist(), turns=turns,
                 supply=z[S.SUPPLY].copy(), trash=z[S.TRASH_ROW].copy(),
                 owned=np.array([z[p * S.PR + S.OWN] for p in range(players)]))


def check_games(games: int) -> None:
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"--games must be between 1 and {MAX_GAMES:,} "
                         f"(2**63 - 1), not {games:,}")


def _check_run(seed: int, turn_cap: int) -> None:
    if not 1 <= turn_cap <= MAX_TURN_CAP:
        raise ValueError(f"--turn-cap must be between 1 and {MAX_TURN_CAP} (turns are "
                         f"stored as 16-bit numbers), not {turn_cap}")
    if not 0 <= seed < 2**63:
        raise ValueError(f"the seed must be between 0 and 2**63 - 1, not {seed}")


def _set_threads(threads: int | None) -> int:
    """The threads a run uses: all the machine's (``NUMBA_NUM_THREADS``,
    which defaults to the cores) unless fewer are asked for."""
    most = numba.config.NUMBA_NUM_THREADS
    threads = most if threads is None else int(threads)
    if threads < 1:
        raise ValueError(f"--threads must be at least 1, not {threads}")
    return min(threads, most)


_POOL: ThreadPoolExecutor | None = None


def _run_parts(part, parts: int, threads: int) -> None:
    """Call part(0 .. parts-1), on up to ``threads`` threads at once (the
    kernel holds no lock while it plays).  Python's exit joins the pool's
    threads, so an interruption cancels the parts still queued."""
    global _POOL
    if threads <= 1 or parts <= 1:
        for i in range(parts):
            part(i)
        return
    if _POOL is None or _POOL._max_workers < threads:
        _POOL = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="domsim")
    pending = [_POOL.submit(part, i) for i in range(parts)]
    try:
        for f in pending:
            f.result()
    except BaseException:           # Ctrl-C: the parts not started never run, so
        for f in pending:           # the exit waits for the running ones only
            f.cancel()
        raise
