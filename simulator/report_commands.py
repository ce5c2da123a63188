"""``domsim tournament``, ``domsim sweep`` and ``domsim report balance``.

This module plays the games (through ``simulator.runner.simulate``) and hands
the finished ``Results`` to ``reports``, which only reads them.  ``register``
adds the commands to the main typer app.

Seeds: every run gets its own seed derived from the command's ``--seed`` and
what the run is (kind, strategies, kingdom, players, batch), so runs are
independent of each other, and adding a strategy to a tournament or a kingdom
to a sweep leaves the other runs' games unchanged.  Each table row shows the
seed of its run; ``domsim compare A B --seed <that seed>`` replays it.

The shared command helpers (one-line errors, the progress line) come from
``simulator.cli_common``.  Like ``simulator.cli``, engine modules (numba, pandas, matplotlib) are
imported inside the commands so ``--help`` answers at once.
"""
from __future__ import annotations

import hashlib
import json
import math
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Annotated, Optional

import typer

from simulator.cli_common import Progress, fail, isatty, note_ignored, user_errors

BASE = "big-money-ultimate"
REPORT_BATCHES = 10            # independent batches per report run (per-turn CIs)
KEEP_RECORDS_UP_TO = 5_000_000  # games: above this a tournament/sweep keeps aggregates only

# report balance defaults (measured: see DEFAULT_GAMES_NOTE in the report help)
DEFAULT_REPORT_GAMES = 100_000
DEFAULT_REPORT_PLAYERS = "2,3,4,5,6"


# ============================================================ helpers

def derive_seed(seed: int, *keys) -> int:
    """A run seed from the command seed and what the run is (0 <= s < 2**63)."""
    text = json.dumps([int(seed), *[str(k) for k in keys]])
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "little") & ((1 << 63) - 1)


def domsim_version() -> str:
    try:
        from importlib.metadata import version
        return version("domsim")
    except Exception:
        return "unknown"


def now_utc() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def _errors():
    from reports.store import StoreError
    return (*user_errors(), StoreError, OSError)


def _fail(message: str, code: int = 2):
    return fail(message, code)


def _message(exc: BaseException) -> str:
    if isinstance(exc, OSError) and not isinstance(exc, FileNotFoundError):
        where = f"{exc.filename}: " if getattr(exc, "filename", None) else ""
        return f"{where}{exc.strerror or exc}"
    if isinstance(exc, FileNotFoundError):
        return f"{exc.filename}: no such file or directory"
    return str(exc)


class _Session:
    """A command's progress line and its error handling: bad input and Ctrl-C
    become one ``error:`` line, and the progress line is always cleared, also
    when a run fails half-way."""

    def __init__(self):
        self.progress = None

    def start(self, total_work: float, n_runs: int):
        self.progress = make_progress(total_work, n_runs)
        return self.progress

    def close(self) -> None:
        if self.progress is not None:
            self.progress.close()
            self.progress = None

    def __enter__(self) -> "_Session":
        return self

    def __exit__(self, kind, exc, tb) -> bool:
        self.close()
        if kind is not None and issubclass(kind, KeyboardInterrupt):
            raise _fail("interrupted", code=130)
        if kind is not None and issubclass(kind, _errors()):
            raise _fail(_message(exc))
        return False


def make_progress(total_work: float, n_runs: int):
    """A progress line on stderr (only on a terminal) that spans many runs:
    overall bar, which run and what it is, games/s and an ETA for the whole
    command.  Work is counted in seat-games (games x players)."""
    class MultiProgress(Progress):
        def __init__(self):
            super().__init__(sys.stderr, enabled=isatty(sys.stderr))
            self.total_work = max(total_work, 1.0)
            self.base = 0.0
            self.weight = 1.0
            self.index = 0
            self.label = ""

        def begin(self, label: str, players: int, games: int) -> None:
            self.index += 1
            self.label = label
            self.weight = players
            self.last = 0.0                      # redraw now with the new label
            self(0, games)

        def finish(self, games: int) -> None:
            self.base += games * self.weight

        def __call__(self, done: int, total: int) -> None:
            if not self.enabled:
                return
            now = time.monotonic()
            elapsed = now - self.start
            if elapsed < self.delay or now - self.last < 0.1:
                return
            self.last = now
            work = self.base + done * self.weight
            frac = min(work / self.total_work, 1.0)
            rate = work / elapsed if elapsed > 0 else 0.0
            eta = ((self.total_work - work) / rate) if rate > 0 else math.nan
            eta_text = _duration(eta) + " left" if math.isfinite(eta) else ""
            label = self.label if len(self.label) <= 48 else self.label[:47] + "…"
            text = (f"[{'#' * int(frac * 24):<24}] {frac:6.1%}  run {self.index}/{n_runs}"
                    f"  {label}  {done:,}/{total:,} games  {eta_text}")
            self.width = max(self.width, len(text))
            self.stream.write("\r" + text.ljust(self.width))
            self.stream.flush()

    return MultiProgress()


def _duration(seconds: float) -> str:
    seconds = int(round(seconds))
    if seconds < 60:
        return f"{seconds}s"
    m, s = divmod(seconds, 60)
    if m < 60:
        return f"{m}m{s:02d}s"
    h, m = divmod(m, 60)
    return f"{h}h{m:02d}m"


def _check_outputs(csv, json_path, parquet, save_records) -> None:
    from reports.export import check_writable
    check_writable(csv, json_path, parquet, save_records)
    if save_records is not None and str(save_records) == "-":
        raise ValueError("--save-records needs a file name")


def _export(tables, csv, json_path, parquet, meta) -> None:
    from reports.export import export_tables, json_document
    export_tables(tables, csv=csv, json_path=json_path, parquet=parquet, meta=meta)
    if json_path is not None and str(json_path) == "-":
        typer.echo(json.dumps(json_document(tables, meta), indent=2))


def _labels(strats) -> list[str]:
    """Display names, or file stems where two strategies share a name."""
    names = [s.name for s in strats]
    return [s.name if names.count(s.name) == 1 else s.stem for s in strats]


def _card_names(cards) -> str:
    from simulator import cards as C
    return ", ".join(C.NAMES[c] for c in sorted(cards))


def _play(strats, labels, games, seed, *, players=None, kingdom=None, turn_cap, threads,
          keep_records, progress, label, batches: int = 1):
    """Run one setup, in ``batches`` independent batches when asked (seeds
    derived from ``seed``); returns (Results, per-batch per-turn sums or None,
    batch seeds)."""
    from reports.store import concat_results
    from simulator.runner import simulate
    p = players or len(strats)
    if batches <= 1:
        seeds = [seed]
        sizes = [games]
    else:
        per = -(-games // (batches * p)) * p          # rounded up to a multiple of p
        sizes = [per] * batches
        seeds = [derive_seed(seed, "batch", b) for b in range(batches)]
    progress.begin(label, p, sum(sizes))
    parts = []
    done = 0
    for n, s in zip(sizes, seeds):
        def cb(d, t, done=done):
            progress(done + d, sum(sizes))
        parts.append(simulate(strats, n, s, players=players, kingdom=kingdom,
                              turn_cap=turn_cap, threads=threads,
                              keep_records=keep_records, progress=cb))
        done += n
    progress.finish(sum(sizes))
    res = parts[0] if len(parts) == 1 else concat_results(parts, seed=seed)
    if len(labels) == len(res.entries):
        res.entries = list(labels)
    batch_turns = None
    if len(parts) > 1 and all(r.per_turn is not None for r in parts):
        import numpy as np
        batch_turns = np.stack([r.per_turn for r in parts])
    return res, batch_turns, seeds


# ============================================================ tournament

def tournament_cmd(
    strategies: Annotated[Optional[list[str]], typer.Argument(
        help="Two or more strategies (shipped names or .toml paths); every pair plays.",
        show_default=False)] = None,
    games: Annotated[int, typer.Option(
        "--games", "-n", min=2, help="Games per pair.")] = 20000,
    kingdom: Annotated[Optional[str], typer.Option(
        help="One kingdom for every pair: a recommended set, 'random' (drawn from "
             "the seed) or card names. Default: each pair's own cards, filled to 10. "
             "A pair whose cards do not fit with it in 10 is skipped.",
        show_default=False)] = None,
    seed: Annotated[int, typer.Option(help="Random seed.")] = 0,
    all_seat_orders: Annotated[bool, typer.Option(
        "--all-seat-orders",
        help="Also play each pair with the entry order swapped (half the games each) "
             "and print every strategy's win rate in each seat.")] = False,
    turn_cap: Annotated[int, typer.Option(min=1, help="Turn cap per game.")] = 100,
    threads: Annotated[Optional[int], typer.Option(
        min=1, help="Worker threads (default: all cores).", show_default=False)] = None,
    out: Annotated[Path, typer.Option(
        help="Directory for the heatmap and rating charts (PNG + SVG).",
        file_okay=False)] = Path("tournament"),
    csv: Annotated[Optional[Path], typer.Option(
        help="Write the tables as CSV: the win matrix (long form) here, the others "
             "beside it (FILE-ranking.csv, FILE-pairs.csv …).", dir_okay=False,
        show_default=False)] = None,
    json_out: Annotated[Optional[str], typer.Option(
        "--json", help="Write every table as one JSON object to this file ('-': "
                       "stdout, instead of the text tables).", show_default=False)] = None,
    parquet: Annotated[Optional[Path], typer.Option(
        help="Write the tables as Parquet, named like --csv.", dir_okay=False,
        show_default=False)] = None,
    save_records: Annotated[Optional[Path], typer.Option(
        help="Save every run's per-game records (.npz) to rebuild the tables with "
             "--from.", dir_okay=False, show_default=False)] = None,
    from_file: Annotated[Optional[Path], typer.Option(
        "--from", help="Rebuild the tables and charts from records saved with "
                       "--save-records instead of playing.", dir_okay=False,
        show_default=False)] = None,
) -> None:
    """Round robin: every pair of strategies plays; win-rate matrix, rankings
    (average win rate and Bradley-Terry) and a heatmap."""
    with _Session() as session:
        _check_outputs(csv, json_out, parquet, save_records)
        from reports import tournament as TR
        from reports.store import load_runs, save_runs
        if from_file is not None:
            if strategies:
                raise ValueError("give either strategies or --from, not both")
            runs, meta = load_runs(from_file)
            if meta.get("command") != "tournament":
                raise ValueError(f"{from_file} holds records of "
                                 f"'{meta.get('command', '?')}', not of a tournament")
            note_ignored(["games", "kingdom", "seed", "all_seat_orders", "turn_cap",
                          "threads"], f"with --from {from_file}: its records are used")
            labels, skipped = meta["strategies"], meta.get("skipped", [])
        else:
            runs, meta, labels, skipped = _play_tournament(
                session, strategies or [], games, kingdom, seed, all_seat_orders,
                turn_cap, threads, keep=save_records is not None)
            if save_records is not None:
                save_runs(save_records, runs, meta)
        t = TR.build(runs, labels, skipped, meta, seat_table=meta.get("all_seat_orders", False))
        session.close()
        if json_out != "-":
            typer.echo(TR.text(t))
        written = TR.write_charts(t, out)
        _export(t.tables(), csv, json_out, parquet, meta)
    if json_out != "-":
        typer.echo("\nwrote " + ", ".join(str(p) for p in written if p.suffix == ".png"))


def _play_tournament(session, refs, games, kingdom, seed, all_seat_orders, turn_cap,
                     threads, keep):
    from reports.store import Run
    from simulator import cards as C
    from simulator.kingdom import (KINGDOM_SIZE, RANDOM, _set_key, parse_kingdom,
                                   random_kingdom)
    from simulator.runner import resolve_strategies
    strats = []
    for s in resolve_strategies(refs):
        if all(s.source != t.source or s.name != t.name for t in strats):
            strats.append(s)
    if len(strats) < 2:
        raise ValueError("a tournament needs at least two different strategies")
    if not 0 <= seed < 2**63:
        raise ValueError(f"the seed must be between 0 and 2**63 - 1, not {seed}")
    labels = _labels(strats)
    is_random = isinstance(kingdom, str) and _set_key(kingdom) == RANDOM
    chosen = [] if kingdom is None or is_random else parse_kingdom(kingdom)
    plan, skipped = [], []
    for i in range(len(strats)):
        for j in range(i + 1, len(strats)):
            a, b = strats[i], strats[j]
            needed = a.cards() | b.cards()
            together = needed | set(chosen)
            if len(together) > KINGDOM_SIZE:
                extra = " with the given kingdom" if chosen else ""
                skipped.append(dict(a=labels[i], b=labels[j],
                                    reason=f"needs {len(together)} kingdom cards together"
                                           f"{extra} ({_card_names(together)}); a "
                                           f"kingdom holds {KINGDOM_SIZE}"))
                continue
            if kingdom is None:
                cards = None                     # the runner fills the pair's cards to 10
            elif is_random:
                cards = [C.NAMES[c] for c in random_kingdom(seed, needed)]
            else:
                cards = [C.NAMES[c] for c in dict.fromkeys([*chosen, *sorted(needed)])]
            orders = [(i, j, games)]
            if all_seat_orders:
                orders = [(i, j, games - games // 2), (j, i, games // 2)]
            plan += [(x, y, n, cards) for x, y, n in orders]
    total_games = sum(n for _, _, n, _ in plan)
    keep = keep or total_games <= KEEP_RECORDS_UP_TO
    progress = session.start(2.0 * total_games, len(plan))
    runs = []
    started = time.perf_counter()
    for x, y, n, cards in plan:
        a, b = strats[x], strats[y]
        res, _, _ = _play([a, b], [labels[x], labels[y]], n,
                          derive_seed(seed, "pair", a.stem, b.stem), kingdom=cards,
                          turn_cap=turn_cap, threads=threads, keep_records=keep,
                          progress=progress, label=f"{labels[x]} vs {labels[y]}")
        runs.append(Run(res, "pair", (a.stem, b.stem)))
    if kingdom is None:
        note = "each pair's own cards, filled to 10 with cards nobody buys"
    elif is_random:
        note = (f"random (seed {seed}): the pair's own cards, then cards drawn from "
                "the seed, 10 in all")
    else:
        note = (", ".join(C.NAMES[c] for c in chosen)
                + " (plus each pair's own cards if missing, filled to 10)")
    meta = dict(command="tournament", strategies=labels,
                stems=[s.stem for s in strats], games=games, seed=seed,
                kingdom=kingdom, kingdom_note=note, turn_cap=turn_cap,
                all_seat_orders=all_seat_orders, skipped=skipped,
                seconds=time.perf_counter() - started, version=domsim_version(),
                date=now_utc())
    return runs, meta, labels, skipped


# ============================================================ sweep

def parse_kingdom_file(path) -> dict[str, list[str]]:
    """Kingdoms from a file.

    Text (any suffix but .toml): one kingdom per line, ``Name: card, card, …``;
    blank lines and lines starting with ``#`` are ignored.  TOML: a table of
    ``Name = ["Card", …]`` (or a comma-separated string).  Fewer than 10 cards
    are filled to 10 with the first unused cards of the card table.
    """
    from simulator.kingdom import complete_kingdom, parse_kingdom
    from simulator import cards as C
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise ValueError(f"{path}: no such kingdom file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError(f"{path}: cannot read: {e}") from None
    raw: list[tuple[str, object, str]] = []
    if path.suffix.lower() == ".toml":
        import tomllib
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise ValueError(f"{path}: not valid TOML: {e}") from None
        for name, cards in data.items():
            if not isinstance(cards, (list, str)):
                raise ValueError(f"{path}: kingdom {name!r} must be a list of card names")
            raw.append((str(name), cards, f"{path}: kingdom {name!r}"))
    else:
        for no, line in enumerate(text.splitlines(), start=1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if ":" not in line:
                raise ValueError(f"{path}:{no}: expected 'Name: card, card, …', "
                                 f"got {line!r}")
            name, cards = line.split(":", 1)
            if not name.strip():
                raise ValueError(f"{path}:{no}: the kingdom has no name")
            raw.append((name.strip(), cards, f"{path}:{no}"))
    out: dict[str, list[str]] = {}
    for name, cards, where in raw:
        if name in out:
            raise ValueError(f"{where}: kingdom {name!r} is named twice")
        try:
            ids = parse_kingdom(cards if isinstance(cards, list) else str(cards))
            if not ids:
                raise ValueError("no cards given")
            out[name] = [C.NAMES[c] for c in complete_kingdom(ids)]
        except ValueError as e:
            raise ValueError(f"{where}: {e}") from None
    if not out:
        raise ValueError(f"{path}: no kingdoms in the file")
    return out


def resolve_kingdoms(spec: str, seed: int) -> dict[str, list[str]]:
    """``recommended``, ``random:K`` or a kingdom file -> {name: 10 card names}."""
    from simulator import cards as C
    from simulator.kingdom import RECOMMENDED, random_kingdom
    key = spec.strip().lower()
    if key == "recommended":
        return {name: list(cards) for name, cards in RECOMMENDED.items()}
    if key.startswith("random"):
        _, _, k = key.partition(":")
        try:
            k = int(k) if k else 1
        except ValueError:
            raise ValueError(f"--kingdoms {spec!r}: give random:K with K a number") from None
        if not 1 <= k <= 1000:
            raise ValueError(f"--kingdoms random:K needs 1 <= K <= 1000, not {k}")
        return {f"Random {i + 1}": [C.NAMES[c] for c in
                                    random_kingdom(derive_seed(seed, "kingdom", i))]
                for i in range(k)}
    return parse_kingdom_file(spec)


def bm_stems() -> list[str]:
    """The shipped ``bm-<card>`` bots, by file stem."""
    from simulator.strategy import shipped_strategies
    return [s.stem for s in shipped_strategies() if s.stem.startswith("bm-")]


def bm_info(strategy) -> dict:
    """``card`` of a ``bm-<card>`` bot and the other cards it needs (``also``)."""
    from simulator import cards as C
    card = bm_card(strategy)
    also = sorted(C.NAMES[c] for c in strategy.cards() if C.NAMES[c] != card)
    return dict(card=card, also=", ".join(also))


def bm_card(strategy) -> str | None:
    """The card of a ``bm-<card>`` bot: from its stem, else its only card."""
    from simulator import cards as C
    stem = strategy.stem
    if stem.startswith("bm-"):
        try:
            return C.NAMES[C.card_id(stem[3:])]
        except ValueError:
            pass
    cards = strategy.cards()
    return C.NAMES[next(iter(cards))] if len(cards) == 1 else None


def sweep_cmd(
    kingdoms: Annotated[str, typer.Option(
        help="'recommended' (the six rulebook sets), 'random:K' (K kingdoms drawn "
             "from the seed) or a FILE with one kingdom per line, 'Name: card, card, …' "
             "(or a .toml file: one key per kingdom, its value a list of card names).")
    ] = "recommended",
    strategies: Annotated[Optional[str], typer.Option(
        help="Comma-separated strategies; every pair plays in every kingdom that has "
             "the cards both need (with --vs: each against that one).",
        show_default=False)] = None,
    vs: Annotated[Optional[str], typer.Option(
        help="Play each strategy against this one instead of every pair.",
        show_default=False)] = None,
    best_card: Annotated[bool, typer.Option(
        "--best-card", help=f"Every shipped bm-<card> bot whose card is in the kingdom "
                            f"plays against --vs (default {BASE}); reports the "
                            "strongest single card of each kingdom.")] = False,
    games: Annotated[int, typer.Option(
        "--games", "-n", min=2, help="Games per matchup and kingdom.")] = 10000,
    seed: Annotated[int, typer.Option(help="Random seed.")] = 0,
    turn_cap: Annotated[int, typer.Option(min=1, help="Turn cap per game.")] = 100,
    threads: Annotated[Optional[int], typer.Option(
        min=1, help="Worker threads (default: all cores).", show_default=False)] = None,
    out: Annotated[Optional[Path], typer.Option(
        help="Also write a kingdoms x cards heatmap (with --best-card) here.",
        file_okay=False, show_default=False)] = None,
    csv: Annotated[Optional[Path], typer.Option(
        help="Write the sweep table as CSV (best-card and skipped tables beside it).",
        dir_okay=False, show_default=False)] = None,
    json_out: Annotated[Optional[str], typer.Option(
        "--json", help="Write every table as one JSON object to this file ('-': stdout).",
        show_default=False)] = None,
    parquet: Annotated[Optional[Path], typer.Option(
        help="Write the tables as Parquet, named like --csv.", dir_okay=False,
        show_default=False)] = None,
    save_records: Annotated[Optional[Path], typer.Option(
        help="Save every run's per-game records (.npz) for --from.", dir_okay=False,
        show_default=False)] = None,
    from_file: Annotated[Optional[Path], typer.Option(
        "--from", help="Rebuild the tables from records saved with --save-records.",
        dir_okay=False, show_default=False)] = None,
) -> None:
    """Play strategies on many kingdoms: win rates, game length, pile endings
    and first-seat advantage per (kingdom, matchup)."""
    with _Session() as session:
        _check_outputs(csv, json_out, parquet, save_records)
        from reports import sweep as SW
        from reports.store import load_runs, save_runs
        if from_file is not None:
            runs, meta = load_runs(from_file)
            if meta.get("command") != "sweep":
                raise ValueError(f"{from_file} holds records of "
                                 f"'{meta.get('command', '?')}', not of a sweep")
            note_ignored(["kingdoms", "strategies", "vs", "best_card", "games", "seed",
                          "turn_cap", "threads"], f"with --from {from_file}: its records are used")
        else:
            runs, meta = _play_sweep(session, kingdoms, strategies, vs, best_card, games,
                                     seed, turn_cap, threads,
                                     keep=save_records is not None)
            if save_records is not None:
                save_runs(save_records, runs, meta)
        s = SW.build(runs, meta["kingdoms"], meta.get("skipped"), meta,
                     best_card=meta.get("best_card", False))
        session.close()
        if json_out != "-":
            typer.echo(SW.text(s))
        written = SW.write_charts(s, out) if out is not None else []
        _export(s.tables(), csv, json_out, parquet, meta)
    if written and json_out != "-":
        typer.echo("\nwrote " + ", ".join(str(p) for p in written if p.suffix == ".png"))


def _play_sweep(session, kingdom_spec, strategy_list, vs, best_card, games, seed,
                turn_cap, threads, keep):
    from simulator.runner import resolve_strategies
    from reports.store import Run
    from simulator import cards as C
    if not 0 <= seed < 2**63:
        raise ValueError(f"the seed must be between 0 and 2**63 - 1, not {seed}")
    kingdoms = resolve_kingdoms(kingdom_spec, seed)
    refs = [s.strip() for s in (strategy_list or "").split(",") if s.strip()]
    if best_card:
        vs = vs or BASE
        if not refs:
            refs = bm_stems()
            if not refs:
                raise ValueError("no bm-<card> strategies are shipped")
    elif not refs:
        raise ValueError("give --strategies S1,S2,… or --best-card")
    strats = []
    for s in resolve_strategies(refs):
        if all(s.source != t.source or s.name != t.name for t in strats):
            strats.append(s)
    base = resolve_strategies([vs])[0] if vs else None
    if base is not None:
        strats = [s for s in strats if (s.source, s.name) != (base.source, base.name)]
        everyone = strats + [base]
    else:
        everyone = strats
    labels = dict(zip([id(s) for s in everyone], _labels(everyone)))
    if base is not None:
        matchups = [(s, base) for s in strats]
        if not matchups:
            raise ValueError("nothing to play: every strategy is the --vs strategy")
    else:
        if len(strats) < 2:
            raise ValueError("give at least two strategies (or one with --vs)")
        matchups = [(strats[i], strats[j]) for i in range(len(strats))
                    for j in range(i + 1, len(strats))]
    plan, skipped = [], []
    for kname, kcards in kingdoms.items():
        ids = {C.card_id(c) for c in kcards}
        for a, b in matchups:
            missing = (a.cards() | b.cards()) - ids
            if missing:
                skipped.append(dict(kingdom=kname, a=labels[id(a)], b=labels[id(b)],
                                    reason="needs " + _card_names(missing)))
                continue
            plan.append((kname, kcards, a, b))
    keep = keep or games * len(plan) <= KEEP_RECORDS_UP_TO
    progress = session.start(2.0 * games * len(plan), len(plan))
    runs = []
    started = time.perf_counter()
    for kname, kcards, a, b in plan:
        la, lb = labels[id(a)], labels[id(b)]
        res, _, _ = _play([a, b], [la, lb], games,
                          derive_seed(seed, "sweep", kname, a.stem, b.stem),
                          kingdom=list(kcards), turn_cap=turn_cap, threads=threads,
                          keep_records=keep, progress=progress,
                          label=f"{kname}: {la} vs {lb}")
        info = dict(kingdom=kname)
        if best_card:
            info["card"] = bm_card(a)
        runs.append(Run(res, "sweep", (a.stem, b.stem), info))
    meta = dict(command="sweep", kingdoms=kingdoms, games=games, seed=seed,
                turn_cap=turn_cap, best_card=best_card, vs=vs,
                strategies=[labels[id(s)] for s in everyone], skipped=skipped,
                seconds=time.perf_counter() - started, version=domsim_version(),
                date=now_utc())
    return runs, meta


# ============================================================ report balance

def balance_cmd(
    out: Annotated[Path, typer.Option(
        help="Directory to write index.html, report.md, charts and CSV tables to "
             "(replaced as a whole when the report is complete).",
        file_okay=False)] = Path("balance-report"),
    games: Annotated[int, typer.Option(
        "--games", "-n", min=100,
        help="Games per bm-<card> bot and per mirror player count; each recommended-"
             "kingdom matchup plays a tenth of it.")] = DEFAULT_REPORT_GAMES,
    players: Annotated[str, typer.Option(
        help="Player counts for the first-seat section, comma-separated.")
    ] = DEFAULT_REPORT_PLAYERS,
    seed: Annotated[int, typer.Option(help="Random seed.")] = 0,
    turn_cap: Annotated[int, typer.Option(min=1, help="Turn cap per game.")] = 100,
    threads: Annotated[Optional[int], typer.Option(
        min=1, help="Worker threads (default: all cores).", show_default=False)] = None,
    csv: Annotated[Optional[Path], typer.Option(
        help="Also write the report's tables as CSV: the card ranking here, the others "
             "beside it.", dir_okay=False, show_default=False)] = None,
    json_out: Annotated[Optional[str], typer.Option(
        "--json", help="Also write every table as one JSON object ('-': stdout).",
        show_default=False)] = None,
    parquet: Annotated[Optional[Path], typer.Option(
        help="Also write the tables as Parquet, named like --csv.", dir_okay=False,
        show_default=False)] = None,
    save_records: Annotated[Optional[Path], typer.Option(
        help="Save every run's per-game records (.npz) to rebuild the report with "
             "--from.", dir_okay=False, show_default=False)] = None,
    from_file: Annotated[Optional[Path], typer.Option(
        "--from", help="Rebuild the report from records saved with --save-records "
                       "instead of playing.", dir_okay=False, show_default=False)] = None,
) -> None:
    """Balance report: single-card bots against Big Money Ultimate, first-seat
    advantage at 2-6 players, game lengths, VP and coins by turn, and the six
    recommended kingdoms (HTML + Markdown with PNG/SVG charts).

    At the defaults it plays about 3.8 million games: about 3 minutes on two
    cores shared with other work."""
    with _Session() as session:
        from reports import balance as BAL
        BAL.check_out_dir(out, csv, json_out, parquet, save_records)
        _check_outputs(csv, json_out, parquet, save_records)
        from reports.store import load_runs, save_runs
        if from_file is not None:
            runs, meta = load_runs(from_file)
            if meta.get("command") != "report balance":
                raise ValueError(f"{from_file} holds records of "
                                 f"'{meta.get('command', '?')}', not of a balance report")
            note_ignored(["games", "players", "seed", "turn_cap", "threads"],
                         f"with --from {from_file}: its records are used")
            meta = {**meta, "generated": now_utc(),
                    "regenerate": meta.get("regenerate", "domsim report balance")
                    + "\n# or, from the saved records, without playing again:\n"
                    + f"domsim report balance --out {out} --from {from_file}"}
        else:
            counts = _parse_players(players)
            runs, meta = _play_balance(session, games, counts, seed, turn_cap, threads, out)
            if save_records is not None:
                save_runs(save_records, runs, meta)
            meta = {**meta, "generated": meta["simulated"]}
        b = BAL.build(runs, meta)
        session.close()
        path = BAL.write(out, b)
        _export({k: v for k, v in b.tables().items()}, csv, json_out, parquet,
                {k: v for k, v in meta.items() if k != "sweep_skipped"})
    if json_out != "-":
        typer.echo(BAL.summary_text(b, path))
        if meta.get("seconds"):
            typer.echo(f"\n{meta['total_games']:,} games simulated in "
                       f"{meta['seconds']:.0f} s")


def _parse_players(text: str) -> list[int]:
    from simulator import cards as C
    try:
        counts = sorted({int(p) for p in text.split(",") if p.strip()})
    except ValueError:
        raise ValueError(f"--players {text!r}: give player counts like 2,3,4") from None
    if not counts:
        raise ValueError("--players: give at least one player count")
    bad = [p for p in counts if not C.MIN_PLAYERS <= p <= C.MAX_PLAYERS]
    if bad:
        raise ValueError(f"--players: {bad[0]} players; Dominion is played by "
                         f"{C.MIN_PLAYERS} to {C.MAX_PLAYERS}")
    return counts


def _play_balance(session, games, counts, seed, turn_cap, threads, out):
    from reports.balance import MAIN_BOTS
    from reports.store import Run
    from simulator import cards as C
    from simulator.kingdom import RECOMMENDED
    from simulator.strategy import shipped_strategies
    if not 0 <= seed < 2**63:
        raise ValueError(f"the seed must be between 0 and 2**63 - 1, not {seed}")
    shipped = {s.stem: s for s in shipped_strategies()}
    if BASE not in shipped:
        raise ValueError(f"the shipped strategy {BASE} is missing")
    base = shipped[BASE]
    bms = [shipped[s] for s in bm_stems()]
    games_sweep = max(games // 10, 100)
    jobs = []       # (kind, strats, labels, games, players, kingdom, info, label)
    for s in bms:
        jobs.append(("card", [s, base], None, games, None, None,
                     bm_info(s), f"{s.name} vs {base.name}"))
    for p in counts:
        jobs.append(("mirror", [base], None, games, p, None, dict(players=p),
                     f"{base.name} mirror, {p} players"))
    for stem in MAIN_BOTS:
        if stem != BASE and stem in shipped and not stem.startswith("bm-"):
            jobs.append(("main", [shipped[stem], base], None, games, None, None, {},
                         f"{shipped[stem].name} vs {base.name}"))
    skipped = []
    for kname, kcards in RECOMMENDED.items():
        ids = {C.card_id(c) for c in kcards}
        for s in bms:
            missing = s.cards() - ids
            if missing:
                skipped.append(dict(kingdom=kname, a=s.name, b=base.name,
                                    reason="needs " + _card_names(missing)))
                continue
            jobs.append(("sweep", [s, base], None, games_sweep, None, list(kcards),
                         dict(kingdom=kname, **bm_info(s)),
                         f"{kname}: {s.name} vs {base.name}"))

    def work(j):
        p = j[4] or 2
        per = -(-j[3] // (REPORT_BATCHES * p)) * p
        return per * REPORT_BATCHES * p

    progress = session.start(sum(work(j) for j in jobs), len(jobs))
    runs = []
    started = time.perf_counter()
    for kind, strats, _, n, p, kingdom, info, label in jobs:
        stems = tuple(s.stem for s in strats)
        run_seed = derive_seed(seed, "balance", kind, *stems, p or 2, info.get("kingdom", ""))
        res, batches, seeds = _play(strats, [s.name for s in strats], n, run_seed,
                                    players=p, kingdom=kingdom, turn_cap=turn_cap,
                                    threads=threads, keep_records=True,
                                    progress=progress, label=label,
                                    batches=REPORT_BATCHES)
        arrays = {} if batches is None else {"per_turn_batches": batches}
        runs.append(Run(res, kind, stems, {**info, "batch_seeds": seeds}, arrays))
    seconds = time.perf_counter() - started
    players_text = ",".join(str(p) for p in counts)
    command = (f"domsim report balance --out {out} --games {games} "
               f"--players {players_text} --seed {seed}"
               + (f" --turn-cap {turn_cap}" if turn_cap != 100 else ""))
    import numba
    meta = dict(command="report balance", regenerate=command, seed=seed, games=games,
                games_cards=games, games_mirror=games, games_sweep=games_sweep,
                players=counts, turn_cap=turn_cap, batches=REPORT_BATCHES,
                total_games=int(sum(r.results.games for r in runs)), seconds=seconds,
                threads=threads or numba.config.NUMBA_NUM_THREADS,
                sweep_skipped=skipped, version=domsim_version(), simulated=now_utc())
    return runs, meta


# ============================================================ registration

def register(app: typer.Typer) -> None:
    """Add ``tournament``, ``sweep`` and ``report balance`` to ``app``."""
    app.command("tournament")(tournament_cmd)
    app.command("sweep")(sweep_cmd)
    report_app = typer.Typer(name="report", no_args_is_help=True,
                             help="Write reports (HTML + Markdown with charts).")

    @report_app.callback()
    def _report() -> None:
        """Write reports (HTML + Markdown with charts)."""

    report_app.command("balance")(balance_cmd)
    app.add_typer(report_app, name="report")
