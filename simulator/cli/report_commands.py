"""``domsim tournament``, ``domsim sweep`` and ``domsim report balance``.

Thin: these commands parse options, call the Python API (``simulator.api``:
plan jobs, run them on an executor, merge) and print or write what it
returns.  ``register`` adds them to the main typer app.  Seeds and the job
plan are described in ``simulator.runs.experiments``, executors (this process or
Dask) in ``simulator.runs.executors``, run folders in ``simulator.runs.rundir``.

The shared command helpers (one-line errors) come from
``simulator.cli.common``.  Like ``simulator.cli.app``, engine modules (numba,
pandas, matplotlib) are imported inside the commands so ``--help`` answers
at once.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer

from simulator.output.termtable import output_width
from simulator.cli.common import (CsvOut, JsonFlag, JsonOut, ParquetOut, Sets, Wide,
                                  check_outputs, fail, note_ignored, user_errors)
from simulator.runs.experiments import BASE

# report balance defaults (measured: see DEFAULT_GAMES_NOTE in the report help)
DEFAULT_REPORT_GAMES = 100_000
DEFAULT_REPORT_PLAYERS = "2,3,4,5,6"

# ---- options every multi-run command takes: where the jobs run, checkpoints
Threads = Annotated[Optional[int], typer.Option(
    min=1, help="Threads per job (default: all cores; with --cluster local:N, cores / N; "
                "with --scheduler, 1).", show_default=False)]
Scheduler = Annotated[Optional[str], typer.Option(
    help="Run the jobs on the Dask cluster whose scheduler is at tcp://HOST:PORT "
         "(default: $DOMSIM_SCHEDULER if set, else this process). Needs the 'dist' extra.",
    show_default=False)]
SchedulerTimeout = Annotated[Optional[float], typer.Option(
    "--scheduler-timeout", help="Seconds to wait for the Dask scheduler to answer before "
                                "giving up (default 10).", show_default=False)]
Cluster = Annotated[Optional[str], typer.Option(
    help="Start a local Dask cluster of N worker processes for the run: local:N. "
         "Needs the 'dist' extra.", show_default=False)]
RunDir = Annotated[Optional[Path], typer.Option(
    "--run-dir", help="Keep the plan and every finished job in this new folder, so an "
                      "interrupted run can continue with --resume (default: a folder "
                      "under ./domsim-runs for runs expected to last over a minute, "
                      "removed when the run completes).", file_okay=False,
    show_default=False)]
Resume = Annotated[Optional[Path], typer.Option(
    "--resume", help="Continue the interrupted run in this folder (its plan fixes what is "
                     "played; output options still apply).", file_okay=False,
    show_default=False)]
Force = Annotated[bool, typer.Option(
    "--force", help="Write --out into a folder that holds files of its own (domsim's "
                    "charts and index.html there are replaced; nothing else is touched).")]
JobGames = Annotated[Optional[int], typer.Option(
    "--job-games", min=1, help="Games per job (default: 524,288 / players, about 1-2 s "
                               "on one core). Does not change the results.",
    show_default=False)]


# ============================================================ helpers

def _errors():
    from simulator.runs.store import StoreError
    from simulator.runs.executors import ExecutorError
    return (*user_errors(), StoreError, ExecutorError, OSError)


def _message(exc: BaseException) -> str:
    if isinstance(exc, OSError) and not isinstance(exc, FileNotFoundError):
        where = f"{exc.filename}: " if getattr(exc, "filename", None) else ""
        return f"{where}{exc.strerror or exc}"
    if isinstance(exc, FileNotFoundError):
        return f"{exc.filename}: no such file or directory"
    return str(exc)


class Session:
    """A command's error handling: bad input becomes one ``error:`` line
    (exit 2), Ctrl-C one line saying how to continue (exit 130)."""

    def __init__(self, command: str):
        self.command = command

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, kind, exc, tb) -> bool:
        if kind is not None and issubclass(kind, KeyboardInterrupt):
            path = getattr(exc, "path", None)
            if path is not None:
                raise fail(f"interrupted; the finished jobs are saved: continue with "
                           f"domsim {self.command} --resume {path}", code=130)
            raise fail("interrupted", code=130)
        if kind is not None and issubclass(kind, _errors()):
            raise fail(_message(exc))
        return False




def _check_out(out, command: str, force: bool) -> None:
    """--out of tournament and sweep: a folder the charts may go into (before playing)."""
    if out is not None:
        from reports.page import FILES
        from simulator.output.files import check_output_folder
        check_output_folder(out, FILES[command], force=force)


def _note_foreign(path, meta: dict) -> None:
    from simulator.runs.store import foreign_note
    note = foreign_note(path, meta)
    if note:
        typer.echo(note, err=True)


def _check_resume(resume, run_dir, from_file, given: bool) -> None:
    if from_file is not None and (resume is not None or run_dir is not None):
        raise ValueError("--from rebuilds saved records without playing: it takes no "
                         "--run-dir or --resume")
    if resume is not None and run_dir is not None:
        raise ValueError("give either --run-dir (a new run) or --resume (continue one)")
    if resume is not None and given:
        raise ValueError("--resume continues a run as it was planned: give no strategies "
                         "with it")


def _show(result, out, wide, csv, json_out, parquet, as_json, text: bool) -> None:
    """Print a multi-run result's tables (``text``: unless --json or --csv -
    took stdout), write its charts (with --out) and exports."""
    if text:
        typer.echo(result.text(output_width(wide)))
    written = result.write_charts(out) if out is not None else []
    _export(result, csv, json_out, parquet, as_json)
    if written and text:
        typer.echo("\nwrote " + ", ".join(str(p) for p in written
                                          if p.suffix in (".png", ".html")))


def _export(result, csv, json_path, parquet, as_json: bool) -> None:
    from reports.export import export_tables
    meta = result.json_meta()
    export_tables(result.tables, csv=csv, json_path=json_path, parquet=parquet, meta=meta)
    if as_json:
        typer.echo(json.dumps(result.to_json(), indent=2))


def _where(scheduler, scheduler_timeout, cluster, threads, run_dir, resume) -> dict:
    if run_dir is None and resume is None:
        run_dir = "auto"
    return dict(scheduler=scheduler, scheduler_timeout=scheduler_timeout, cluster=cluster,
                threads=threads, resume=resume, run_dir=run_dir)


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
    sets: Sets = None,
    all_seat_orders: Annotated[bool, typer.Option(
        "--all-seat-orders",
        help="Also play each pair with the entry order swapped (half the games each) "
             "and print every strategy's win rate in each seat.")] = False,
    turn_cap: Annotated[int, typer.Option(min=1, help="Turn cap per game.")] = 100,
    threads: Threads = None,
    scheduler: Scheduler = None,
    scheduler_timeout: SchedulerTimeout = None,
    cluster: Cluster = None,
    run_dir: RunDir = None,
    resume: Resume = None,
    job_games: JobGames = None,
    out: Annotated[Optional[Path], typer.Option(
        help="Write the heatmap and rating charts (PNG + SVG) and an index.html into "
             "this folder: a new or empty one, or one domsim wrote (default: no files).",
        file_okay=False, show_default=False)] = None,
    force: Force = False,
    as_json: JsonFlag = False,
    json_out: JsonOut = None,
    csv: CsvOut = None,
    parquet: ParquetOut = None,
    wide: Wide = False,
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
    where = _where(scheduler, scheduler_timeout, cluster, threads, run_dir, resume)
    with Session("tournament"):
        text = not check_outputs(as_json=as_json, json_out=json_out, csv=csv,
                                 parquet=parquet, save_records=save_records) and not as_json
        _check_out(out, "tournament", force)
        _check_resume(resume, run_dir, from_file, bool(strategies))
        import simulator.api as api
        if from_file is not None:
            if strategies:
                raise ValueError("give either strategies or --from, not both")
            result = api.from_records(from_file, "tournament")
            _note_foreign(from_file, result.meta)
            note_ignored(["games", "kingdom", "seed", "all_seat_orders", "turn_cap",
                          "threads"], f"with --from {from_file}: its records are used")
        else:
            result = api.tournament(strategies or [], games, kingdom=kingdom, seed=seed,
                                    all_seat_orders=all_seat_orders, turn_cap=turn_cap,
                                    keep_records=save_records is not None,
                                    job_games=job_games, sets=sets,
                                    **where)
            if save_records is not None:
                result.save_records(save_records)
        _show(result, out, wide, csv, json_out, parquet, as_json, text)


# ============================================================ sweep

def sweep_cmd(
    kingdoms: Annotated[str, typer.Option(
        help="'recommended' (the rulebooks' recommended sets, of every set), 'random:K' "
             "(K kingdoms drawn from the seed out of --sets) or a FILE with one kingdom per line, 'Name: card, card, …' "
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
    optimize: Annotated[bool, typer.Option(
        "--optimize", help="Each kingdom's shipped opt-<kingdom> strategy (found by "
                           "domsim optimize) plays --vs and every shipped bot playable "
                           "there (or --strategies).")] = False,
    games: Annotated[int, typer.Option(
        "--games", "-n", min=2, help="Games per matchup and kingdom (10,000 resolve the "
                                      "best card of 19 in 20 random kingdoms).")] = 10000,
    seed: Annotated[int, typer.Option(help="Random seed.")] = 0,
    sets: Sets = None,
    turn_cap: Annotated[int, typer.Option(min=1, help="Turn cap per game.")] = 100,
    threads: Threads = None,
    scheduler: Scheduler = None,
    scheduler_timeout: SchedulerTimeout = None,
    cluster: Cluster = None,
    run_dir: RunDir = None,
    resume: Resume = None,
    job_games: JobGames = None,
    out: Annotated[Optional[Path], typer.Option(
        help="Write the kingdoms x cards heatmap (PNG + SVG) and an index.html into "
             "this folder (new, empty or written by domsim); needs --best-card.",
        file_okay=False, show_default=False)] = None,
    force: Force = False,
    as_json: JsonFlag = False,
    json_out: JsonOut = None,
    csv: CsvOut = None,
    parquet: ParquetOut = None,
    wide: Wide = False,
    save_records: Annotated[Optional[Path], typer.Option(
        help="Save every run's per-game records (.npz) for --from.", dir_okay=False,
        show_default=False)] = None,
    from_file: Annotated[Optional[Path], typer.Option(
        "--from", help="Rebuild the tables from records saved with --save-records.",
        dir_okay=False, show_default=False)] = None,
) -> None:
    """Play strategies on many kingdoms: win rates, game length, pile endings
    and first-seat advantage per (kingdom, matchup)."""
    where = _where(scheduler, scheduler_timeout, cluster, threads, run_dir, resume)
    with Session("sweep"):
        text = not check_outputs(as_json=as_json, json_out=json_out, csv=csv,
                                 parquet=parquet, save_records=save_records) and not as_json
        if out is not None and not best_card and from_file is None:
            raise ValueError("--out writes the kingdoms x cards heatmap of --best-card; "
                             "without --best-card there is no chart: drop --out or add "
                             "--best-card")
        _check_out(out, "sweep", force)
        _check_resume(resume, run_dir, from_file, bool(strategies or vs or best_card or optimize))
        import simulator.api as api
        if from_file is not None:
            result = api.from_records(from_file, "sweep")
            _note_foreign(from_file, result.meta)
            note_ignored(["kingdoms", "strategies", "vs", "best_card", "games", "seed",
                          "turn_cap", "threads"], f"with --from {from_file}: its records are used")
        else:
            result = api.sweep(kingdoms, strategies, vs=vs, best_card=best_card, games=games,
                               seed=seed, turn_cap=turn_cap, optimize=optimize, sets=sets,
                               keep_records=save_records is not None, job_games=job_games,
                               **where)
            if save_records is not None:
                result.save_records(save_records)
        _show(result, out, wide, csv, json_out, parquet, as_json, text)


# ============================================================ report balance

def balance_cmd(
    out: Annotated[Path, typer.Option(
        help="Directory to write index.html, report.md, charts and CSV tables to "
             "(replaced as a whole when the report is complete).",
        file_okay=False)] = Path("balance-report"),
    games: Annotated[Optional[int], typer.Option(
        "--games", "-n", min=100,
        help="Games per bm-<card> bot and per mirror player count; each recommended-"
             "kingdom matchup plays a tenth of it. With --optimized: games per card "
             f"for each of the two scores. (Default {DEFAULT_REPORT_GAMES:,}.)",
        show_default=False)] = None,
    players: Annotated[Optional[str], typer.Option(
        help="Player counts for the first-seat section, comma-separated (default "
             f"{DEFAULT_REPORT_PLAYERS}). With --optimized: one count (default 2).",
        show_default=False)] = None,
    seed: Annotated[Optional[int], typer.Option(
        help="Random seed (default 0).", show_default=False)] = None,
    optimized: Annotated[bool, typer.Option(
        "--optimized", help="Rank every kingdom card played well instead: for each, the "
                            "strongest strategy that buys no other kingdom card, found by "
                            "domsim optimize, against Big Money Ultimate, beside its "
                            "bm-<card> bot; writes the ranking, a chart and each card's "
                            "strategy file.")] = False,
    cards: Annotated[Optional[str], typer.Option(
        help="With --optimized: the cards to rank, comma-separated (default: the "
             "second edition's cards of --sets, the base set's 26).",
        show_default=False)] = None,
    evaluations_per_card: Annotated[Optional[int], typer.Option(
        "--evaluations-per-card", help="With --optimized: candidates the optimiser tries "
                                       "per card (the budget; 64 ranks the 26 base cards "
                                       "in about 30 minutes on 2 cores; default 64).",
        show_default=False)] = None,
    pairs: Annotated[bool, typer.Option(
        "--pairs", help="With --optimized: also every pair of the cards, searched and "
                        "scored the same way, and the synergy matrix (pair score minus "
                        "the better single) as a heatmap and CSV.")] = False,
    evaluations_per_pair: Annotated[Optional[int], typer.Option(
        "--evaluations-per-pair", help="With --pairs: candidates the optimiser tries per "
                                       "pair (the budget; default 64: the 325 base pairs "
                                       "in 68 minutes on a local Dask cluster of 2 "
                                       "workers).",
        show_default=False)] = None,
    pair_games: Annotated[Optional[int], typer.Option(
        "--pair-games", help="With --pairs: score games per pair (default 100,000).",
        show_default=False)] = None,
    sets: Annotated[Optional[str], typer.Option(
        help="Rank the bm-<card> bots of these sets only (base, intrigue, seaside, "
             "or several with commas; the promos count with base) and play only the recommended "
             "kingdoms of these sets. Default: every set whose cards have bots. With "
             "--optimized: rank the second edition's cards of these sets (default base).",
        show_default=False)] = None,
    turn_cap: Annotated[Optional[int], typer.Option(
        min=1, help="Turn cap per game (default 100).", show_default=False)] = None,
    threads: Threads = None,
    scheduler: Scheduler = None,
    scheduler_timeout: SchedulerTimeout = None,
    cluster: Cluster = None,
    run_dir: RunDir = None,
    resume: Resume = None,
    job_games: JobGames = None,
    as_json: JsonFlag = False,
    json_out: JsonOut = None,
    csv: CsvOut = None,
    parquet: ParquetOut = None,
    wide: Wide = False,
    save_records: Annotated[Optional[Path], typer.Option(
        help="Save every run's per-game records (.npz) to rebuild the report with "
             "--from.", dir_okay=False, show_default=False)] = None,
    from_file: Annotated[Optional[Path], typer.Option(
        "--from", help="Rebuild the report from records saved with --save-records "
                       "instead of playing.", dir_okay=False, show_default=False)] = None,
) -> None:
    """Balance report: single-card bots against Big Money Ultimate, first-seat
    advantage at 2-6 players, game lengths, VP and coins by turn, and the
    recommended kingdoms (HTML + Markdown with PNG/SVG charts); the cards of
    every set with bots are ranked together unless --sets keeps some.

    At the defaults it plays about 3.8 million games: about 3 minutes on two
    cores shared with other work. --optimized ranks the cards played well (a
    search per card) beside Big Money plus the card."""
    with Session("report balance"):
        import simulator.api as api
        if optimized or (resume is not None and from_file is None
                         and api._is_optimized_run(resume)):
            return _balance_optimized(
                out=out, games=games, players=players, seed=seed, sets=sets, cards=cards,
                evaluations=evaluations_per_card, turn_cap=turn_cap, threads=threads,
                pairs=pairs, evaluations_per_pair=evaluations_per_pair,
                pair_games=pair_games,
                scheduler=scheduler, cluster=cluster, run_dir=run_dir, resume=resume,
                job_games=job_games, as_json=as_json, json_out=json_out, csv=csv,
                parquet=parquet, wide=wide, save_records=save_records, from_file=from_file,
                scheduler_timeout=scheduler_timeout)
        for flag, value in (("--cards", cards),
                            ("--evaluations-per-card", evaluations_per_card),
                            ("--pairs", pairs or None),
                            ("--evaluations-per-pair", evaluations_per_pair),
                            ("--pair-games", pair_games)):
            if value is not None:
                raise ValueError(f"{flag} goes with --optimized")
    games = DEFAULT_REPORT_GAMES if games is None else games
    players = DEFAULT_REPORT_PLAYERS if players is None else players
    seed = 0 if seed is None else seed
    turn_cap = 100 if turn_cap is None else turn_cap
    where = _where(scheduler, scheduler_timeout, cluster, threads, run_dir, resume)
    with Session("report balance"):
        from reports import balance as BAL
        BAL.check_out_dir(out, csv, json_out, parquet, save_records)
        text = not check_outputs(as_json=as_json, json_out=json_out, csv=csv,
                                 parquet=parquet, save_records=save_records) and not as_json
        _check_resume(resume, run_dir, from_file, False)
        import simulator.api as api
        if from_file is not None:
            result = api.from_records(from_file, "report balance", out=out)
            _note_foreign(from_file, result.meta)
            note_ignored(["games", "players", "seed", "sets", "turn_cap", "threads"],
                         f"with --from {from_file}: its records are used")
        else:
            result = api.balance(games, players, seed=seed, turn_cap=turn_cap, out=out,
                                 sets=sets,
                                 keep_records=save_records is not None, job_games=job_games,
                                 **where)
            if save_records is not None:
                result.save_records(save_records)
        path = result.write(out)
        _export(result, csv, json_out, parquet, as_json)
    if text:
        typer.echo(result.text(path, output_width(wide)))
        meta = result.meta
        games = sum(r.results.games for r in result.runs)
        if from_file is not None:           # nothing was played
            typer.echo(f"\n{games:,} {'game' if games == 1 else 'games'} read from "
                       f"{from_file} (simulated {meta.get('simulated', '?')} by domsim "
                       f"{meta.get('version', '?')})")
        elif meta.get("seconds"):
            typer.echo(f"\n{games:,} {'game' if games == 1 else 'games'} simulated in "
                       f"{meta['seconds']:.0f} s")


def _balance_optimized(*, out, games, players, seed, sets, cards, evaluations, turn_cap,
                       threads, scheduler, cluster, run_dir, resume, job_games, as_json,
                       json_out, csv, parquet, wide, save_records, from_file,
                       scheduler_timeout, pairs=False, evaluations_per_pair=None,
                       pair_games=None) -> None:
    """``report balance --optimized`` (inside the command's Session)."""
    for flag, value in (("--from", from_file), ("--save-records", save_records),
                        ("--job-games", job_games),
                        ("--scheduler-timeout", scheduler_timeout)):
        if value is not None:
            raise ValueError(f"{flag} does not go with --optimized (its searches keep "
                             "their steps with --run-dir and continue with --resume)")
    from reports import balance as BAL
    BAL.check_out_dir(out, csv, json_out, parquet)
    text = not check_outputs(as_json=as_json, json_out=json_out, csv=csv,
                             parquet=parquet) and not as_json
    import simulator.api as api
    result = api.balance(games, players, seed=seed, turn_cap=turn_cap, optimized=True,
                         sets=sets, cards=cards, evaluations_per_card=evaluations,
                         threads=threads, scheduler=scheduler, cluster=cluster,
                         run_dir=run_dir, resume=resume, pairs=pairs,
                         evaluations_per_pair=evaluations_per_pair, pair_games=pair_games,
                         notice=lambda s: typer.echo(s, err=True))
    path = result.write(out)
    _export(result, csv, json_out, parquet, as_json)
    if text:
        typer.echo(f"wrote {path / 'index.html'}, {path / 'report.md'} and a strategy "
                   f"file per card in {path / 'strategies'}\n")
        typer.echo(result.text(output_width(wide)))


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
