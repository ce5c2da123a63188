"""The Python API of the multi-run commands: ``tournament``, ``sweep`` and
``balance`` take the options of ``domsim tournament``, ``domsim sweep`` and
``domsim report balance`` and return the same tables, as pandas DataFrames.

Each call plans jobs (``simulator.runs.experiments``), runs them on an executor
(``simulator.runs.executors``: this process by default, or Dask), optionally
checkpointed in a run folder (``simulator.runs.rundir``), and merges them::

    from simulator import sweep
    s = sweep("recommended", ["bm-witch", "bm-smithy"], games=20_000, seed=1)
    s.frame                       # one row per (kingdom, matchup), as `--csv` writes
    s.tables["skipped"]           # every table of `--json`, by name
    s.to_json()                   # the `--json` document

Where the games run: ``cluster="local:4"`` (Dask worker processes on this
machine), ``scheduler="tcp://host:8786"`` (an existing Dask cluster; also
from ``DOMSIM_SCHEDULER``) or ``executor=`` an executor you keep open across
calls.  ``run_dir=`` keeps every finished job on disk; ``resume(run_dir)``
(or ``resume=`` of the same function) finishes an interrupted run with the
same results as an uninterrupted one.
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path

from simulator.runs import experiments as X

_TIMING = ("seconds", "date", "simulated", "generated", "version", "threads")


class ExperimentResult:
    """A finished multi-run command: its report object, tables and runs.

    ``tables`` are the tables of the command's ``--json``/``--csv`` output,
    the main one first; ``frame`` is the main one.  ``runs`` hold every
    setup's ``Results``.  Attributes of the report object (e.g. ``ranking``
    of a tournament) are available directly.
    """
    command = ""

    def __init__(self, report, runs: list, meta: dict, run_dir: Path | None = None):
        self.report = report
        self.runs = runs
        self.meta = meta
        self.run_dir = run_dir

    @property
    def tables(self) -> dict:
        """The report's tables, and "strategies": every strategy's full
        definition, its hash and the domsim version (to rerun a posted result)."""
        out = dict(self.report.tables())
        if self.meta.get("definitions") and "strategies" not in out:
            from simulator.runs.provenance import definitions_frame
            out["strategies"] = definitions_frame(self.meta["definitions"])
        return out

    @property
    def frame(self):
        return next(iter(self.report.tables().values()))

    def json_meta(self) -> dict:
        return dict(self.meta)

    def to_json(self) -> dict:
        """The document ``--json`` writes: {"meta": ..., "tables": {...}}."""
        from reports.export import json_document
        return json_document(self.tables, self.json_meta())

    def save_records(self, path) -> None:
        """Save the runs for ``from_records`` / the CLI's ``--from``."""
        from simulator.runs.store import save_runs
        save_runs(path, self.runs, self.meta)

    def __getattr__(self, name):
        if name.startswith("_") or name in ("report", "runs", "meta", "run_dir"):
            raise AttributeError(name)
        return getattr(self.report, name)

    def __repr__(self) -> str:
        games = sum(r.results.games for r in self.runs)
        from simulator.output.termtable import counted
        return (f"<{type(self).__name__}: {counted(len(self.runs), 'run')}, "
                f"{counted(games, 'game')}>")


class _Charted(ExperimentResult):
    _module = ""                       # the reports module that renders this result

    def _reports(self):
        import importlib
        return importlib.import_module(self._module)

    def text(self, width: int | None = None) -> str:
        """The text the command prints, fitted to ``width`` columns (None: full)."""
        return self._reports().text(self.report, width)

    def write_charts(self, out) -> list[Path]:
        """Write the command's charts (PNG + SVG) into ``out``."""
        return self._reports().write_charts(self.report, out)


class TournamentResult(_Charted):
    """Tables: matrix (the main one), ranking, pairs, seats, skipped."""
    command = "tournament"
    _module = "reports.tournament"


class SweepResult(_Charted):
    """Tables: sweep (the main one), best-card, skipped."""
    command = "sweep"
    _module = "reports.sweep"


class BalanceResult(ExperimentResult):
    """Tables: cards (the main one), seats, seat-advantage, game-length,
    turn-curves, kingdoms, best-card."""
    command = "report balance"

    def json_meta(self) -> dict:
        return {k: v for k, v in self.meta.items() if k != "sweep_skipped"}

    def write(self, out) -> Path:
        """Write the HTML + Markdown report with its charts and CSV tables."""
        from reports import balance as BAL
        BAL.check_out_dir(out)
        return BAL.write(out, self.report)

    def text(self, out=None, width: int | None = None) -> str:
        from reports import balance as BAL
        return BAL.summary_text(self.report, Path(out) if out is not None else Path("."),
                                width)


_RESULTS = {c.command: c for c in (TournamentResult, SweepResult, BalanceResult)}


def build_result(command: str, runs: list, meta: dict, run_dir=None) -> ExperimentResult:
    if command == "tournament":
        from reports import tournament as TR
        report = TR.build(runs, meta["strategies"], meta.get("skipped", []), meta,
                          seat_table=meta.get("all_seat_orders", False))
    elif command == "sweep":
        from reports import sweep as SW
        report = SW.build(runs, meta["kingdoms"], meta.get("skipped"), meta,
                          best_card=meta.get("best_card", False))
    elif command == "report balance":
        from reports import balance as BAL
        meta = {**meta, "generated": meta.get("generated") or meta.get("simulated")}
        report = BAL.build(runs, meta)
    else:
        raise ValueError(f"unknown command {command!r}")
    return _RESULTS[command](report, runs, meta, run_dir)


# ============================================================ running

def _notice(text: str) -> None:
    print(text, file=sys.stderr)


def run(plan: X.Plan | None = None, *, resume=None, run_dir=None, executor=None,
        scheduler: str | None = None, cluster: str | None = None,
        threads: int | None = None, scheduler_timeout: float | None = None,
        progress: bool | None = None,
        on_result: Callable | None = None, notice: Callable[[str], None] = _notice,
        command: str | None = None) -> ExperimentResult:
    """Run a plan (or continue the run in ``resume``) and build its report.

    ``run_dir``: a new folder to keep finished jobs in; "auto" makes one
    under ./domsim-runs when the run should last over a minute (removed when
    the run completes).  ``executor``: one you keep open (else one is made
    from ``scheduler`` / ``cluster`` / ``threads`` and closed at the end).
    ``scheduler_timeout``: seconds to wait for the scheduler's answer.
    ``progress``: None draws it on a terminal only; ``on_result(job_result)``
    is called as each job finishes; ``notice(text)`` prints notes (stderr).
    ``command``: the command ``resume`` must hold.
    """
    from simulator.runs.executors import make_executor
    from simulator.runs.rundir import RunDir
    if resume is not None and plan is not None:
        raise ValueError("give either a new run or --resume, not both")
    if resume is not None and run_dir is not None:
        raise ValueError("give either --run-dir (a new run) or --resume (continue one)")
    own = executor is None
    if resume is not None:
        rd = RunDir.open(resume)
        plan = rd.plan
        if command is not None and plan.command != command:
            raise ValueError(f"{resume} holds a run of '{plan.command}', not of '{command}'")
    if own:
        executor = make_executor(scheduler=scheduler, cluster=cluster, threads=threads,
                                 timeout=scheduler_timeout)
    done = None
    try:
        for note in executor.notes:
            notice(note)
        if resume is None:
            rd = None
            if run_dir == "auto":
                if plan.estimated_seconds(executor.cores) > 60:
                    path = RunDir.default_path(plan.command)
                    try:
                        rd = RunDir.create(path, plan, default=True)
                    except OSError as e:
                        notice(f"note: no checkpoints for this run ({path}: {e.strerror})")
                    else:
                        notice(f"checkpoints in {path} (continue an interrupted run with "
                               f"--resume {path})")
            elif run_dir is not None:
                rd = RunDir.create(run_dir, plan)
        else:
            jobs = plan.jobs()
            done = rd.finished(jobs)
            from simulator.output.termtable import counted
            notice(f"resuming {rd.path}: {len(done):,} of {counted(len(jobs), 'job')} "
                   "already done")
        try:
            runs, meta = X.run_plan(plan, executor, run_dir=rd, done=done, progress=progress,
                                    on_result=on_result)
        except KeyboardInterrupt:
            if rd is not None:
                raise Interrupted(rd.path) from None
            raise
        result = build_result(plan.command, runs, meta, rd.path if rd is not None else None)
    finally:
        if own:
            executor.close()
    if rd is not None and rd.default:
        rd.remove()
        result.run_dir = None
    return result


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during a checkpointed run: the finished jobs are in ``path``."""

    def __init__(self, path):
        super().__init__(str(path))
        self.path = Path(path)


def tournament(strategies=None, games: int = 20000, *, kingdom=None, seed: int = 0,
               all_seat_orders: bool = False, turn_cap: int = 100,
               keep_records: bool = False, job_games: int | None = None, resume=None,
               run_dir=None, executor=None, scheduler: str | None = None,
               cluster: str | None = None, threads: int | None = None,
               scheduler_timeout: float | None = None,
               progress: bool | None = None,
               on_result: Callable | None = None, sets=None) -> TournamentResult:
    """Round robin: every pair of ``strategies`` (names, .toml paths or
    ``Strategy`` objects) plays ``games`` games.  ``keep_records`` keeps the
    per-game records (for ``save_records``); ``job_games`` sets the games per
    job; ``sets`` ('base,intrigue' or a list) where a random kingdom and the
    filler come from (the base set by default); the other options are
    ``run``'s."""
    options = dict(run_dir=run_dir, executor=executor, scheduler=scheduler, cluster=cluster,
                   threads=threads, scheduler_timeout=scheduler_timeout, progress=progress,
                   on_result=on_result)
    if resume is not None:
        return run(resume=resume, command="tournament", **options)
    plan = X.plan_tournament(strategies or [], games, kingdom=kingdom, seed=seed,
                             all_seat_orders=all_seat_orders, turn_cap=turn_cap,
                             records=keep_records, job_games=job_games, sets=sets)
    return run(plan, **options)


def sweep(kingdoms="recommended", strategies=None, *, vs=None, best_card: bool = False,
          games: int = 10000, seed: int = 0, turn_cap: int = 100,
          keep_records: bool = False, job_games: int | None = None, resume=None,
          run_dir=None, executor=None, scheduler: str | None = None,
          cluster: str | None = None, threads: int | None = None,
          scheduler_timeout: float | None = None,
          progress: bool | None = None, on_result: Callable | None = None,
          optimize: bool = False, sets=None) -> SweepResult:
    """Every matchup in every kingdom that has its cards.  ``kingdoms``:
    'recommended', 'random:K', a kingdom file or {name: [cards]};
    ``strategies``: a list or 'a,b,c'; ``optimize``: each kingdom's shipped
    opt-<kingdom> strategy against the field; ``sets``: where 'random:K'
    kingdoms and the filler come from.  Other options as ``tournament``."""
    options = dict(run_dir=run_dir, executor=executor, scheduler=scheduler, cluster=cluster,
                   threads=threads, scheduler_timeout=scheduler_timeout, progress=progress,
                   on_result=on_result)
    if resume is not None:
        return run(resume=resume, command="sweep", **options)
    if optimize:
        if best_card:
            raise ValueError("give either --optimize or --best-card, not both")
        from simulator.search.optimize import plan_sweep_optimize
        plan = plan_sweep_optimize(kingdoms, strategies, vs=vs, games=games, seed=seed,
                                   turn_cap=turn_cap, records=keep_records,
                                   job_games=job_games, sets=sets)
    else:
        plan = X.plan_sweep(kingdoms, strategies, vs=vs, best_card=best_card, games=games,
                            seed=seed, turn_cap=turn_cap, records=keep_records,
                            job_games=job_games, sets=sets)
    return run(plan, **options)


def balance(games: int | None = None, players=None, *, seed: int | None = None,
            turn_cap: int | None = None, out=None, keep_records: bool = False,
            job_games: int | None = None, resume=None, run_dir=None, executor=None,
            scheduler: str | None = None, cluster: str | None = None,
            threads: int | None = None, scheduler_timeout: float | None = None,
            progress: bool | None = None,
            on_result: Callable | None = None, sets=None, optimized: bool = False,
            cards=None, evaluations_per_card: int | None = None,
            sampler: str | None = None, notice: Callable[[str], None] | None = None,
            pairs: bool = False, evaluations_per_pair: int | None = None,
            pair_games: int | None = None, **tuning):
    """The balance report's runs and tables; ``result.write(DIR)`` writes the
    HTML + Markdown report (``out`` only names it in the report's
    "regenerate" command).  Defaults: 100,000 games, players "2,3,4,5,6",
    seed 0, turn cap 100.  ``sets``: rank only the bm-<card> bots of these
    sets and play only their recommended kingdoms (default: every set whose
    cards have bots).  Other options as ``tournament``.

    ``optimized=True``: each kingdom card played well instead
    (``simulator.search.cardbalance``): a search of ``evaluations_per_card``
    candidates (default 64) that may buy only that card, scored with
    ``games`` games (default 100,000) against Big Money Ultimate beside the
    card's bm-<card> bot; ``cards`` ('Smithy, Witch') or ``sets`` (default
    base) say which cards; ``players`` one count (default 2); ``run_dir`` /
    ``resume`` keep and continue it, ``scheduler``/``cluster`` play it on
    Dask; ``tuning``: round_size, rung_games, final_games, field_games of each
    search.  ``pairs=True`` (with optimized): every pair of the cards too,
    searched with ``evaluations_per_pair`` candidates (default 64) and scored
    with ``pair_games`` games (default 100,000); the result's ``synergy`` is
    the card x card matrix of pair score minus that of the better card's
    strategy played on the pair's deals.
    Returns a ``BalanceOptimizedResult``."""
    if optimized or (resume is not None and _is_optimized_run(resume)):
        return _balance_optimized(
            games=games, players=players, seed=seed, turn_cap=turn_cap, resume=resume,
            run_dir=run_dir, executor=executor, scheduler=scheduler, cluster=cluster,
            threads=threads, sets=sets, cards=cards, evaluations=evaluations_per_card,
            sampler=sampler, notice=notice, pairs=pairs,
            pair_evaluations=evaluations_per_pair, pair_games=pair_games, **tuning)
    given = dict(cards=cards, evaluations_per_card=evaluations_per_card, sampler=sampler,
                 evaluations_per_pair=evaluations_per_pair, pair_games=pair_games,
                 pairs=pairs or None, **tuning)
    extra = [k for k, v in given.items() if v is not None]
    if extra:
        raise ValueError(f"{', '.join(extra)}: only with optimized=True (--optimized)")
    games = 100_000 if games is None else games
    players = "2,3,4,5,6" if players is None else players
    seed = 0 if seed is None else seed
    turn_cap = 100 if turn_cap is None else turn_cap
    options = dict(run_dir=run_dir, executor=executor, scheduler=scheduler, cluster=cluster,
                   threads=threads, scheduler_timeout=scheduler_timeout, progress=progress,
                   on_result=on_result)
    if resume is not None:
        return run(resume=resume, command="report balance", **options)
    plan = X.plan_balance(games, players, seed=seed, turn_cap=turn_cap, out=out,
                          records=keep_records, job_games=job_games, sets=sets)
    return run(plan, **options)


def _is_optimized_run(path) -> bool:
    from simulator.search.cardbalance import is_run_folder
    return is_run_folder(path)


class BalanceOptimizedResult:
    """``balance(optimized=True)``: ``ranking`` (one row per card: the score
    played well and the bm-<card> bot's, with 95% CIs and ranks), ``files``
    (card -> the chosen strategy's TOML text), ``searches`` (card ->
    ``OptimizeResult``), ``tables``, ``text()``, ``write(DIR)`` (the report
    folder: HTML + Markdown, chart, CSV, one strategy file per card)."""
    command = "report balance --optimized"

    def __init__(self, report):
        self.report = report
        self.run_dir = report.run_dir

    @property
    def tables(self) -> dict:
        return self.report.tables()

    @property
    def frame(self):
        return self.report.ranking

    def json_meta(self) -> dict:
        return self.report.meta()

    def to_json(self) -> dict:
        from reports.export import json_document
        return json_document(self.tables, self.json_meta())

    def text(self, width: int | None = None) -> str:
        from reports import cardbalance as R
        return R.text(self.report, width)

    def write(self, out) -> Path:
        from reports import balance as BAL
        from reports import cardbalance as R
        BAL.check_out_dir(out)
        return R.write(out, self.report)

    def __getattr__(self, name):
        if name.startswith("_") or name == "report":
            raise AttributeError(name)
        return getattr(self.report, name)

    def __repr__(self) -> str:
        return repr(self.report).replace("<BalanceOptimized", "<BalanceOptimizedResult")


@contextmanager
def _searching(executor, root, notice, scheduler, cluster, threads):
    """The executor a search runs on (made here, and closed after, unless
    given), its notes said first; an interrupted search that keeps a run
    folder raises ``Interrupted`` naming it, so the user can resume."""
    from simulator.runs.executors import make_executor
    own = executor is None
    if own:
        executor = make_executor(scheduler=scheduler, cluster=cluster, threads=threads)
    try:
        for note in executor.notes:
            notice(note)
        try:
            yield executor
        except KeyboardInterrupt:
            if root is not None:
                raise Interrupted(root) from None
            raise
    finally:
        if own:
            executor.close()


def _balance_optimized(*, games, players, seed, turn_cap, resume, run_dir, executor,
                       scheduler, cluster, threads, sets, cards, evaluations, sampler,
                       notice, pairs=False, pair_evaluations=None, pair_games=None,
                       **tuning) -> BalanceOptimizedResult:
    from simulator.search import cardbalance as CB
    from simulator.search.optimize import _import_optuna
    _import_optuna()
    notice = notice or (lambda s: None)
    if resume is not None:
        if run_dir is not None:
            raise ValueError("give either --run-dir (a new run) or --resume (continue one)")
        opts = CB.open_state(resume)
        given = dict(games=games, players=players, seed=seed, turn_cap=turn_cap,
                     evaluations=evaluations, sampler=sampler,
                     pairs=pairs or None, pair_evaluations=pair_evaluations,
                     pair_games=pair_games, **tuning)
        flags = dict(evaluations="--evaluations-per-card", turn_cap="--turn-cap",
                     pair_evaluations="--evaluations-per-pair")
        for k, v in given.items():
            if v is None:
                continue
            have = getattr(opts, k)
            if k == "pairs" and not have:
                raise ValueError(f"--resume {resume}: the run was started without --pairs; "
                                 "start a new run (--run-dir) for the pairs")
            if (str(v) if k == "players" else v) != (str(have) if k == "players" else have):
                flag = flags.get(k, f"--{k.replace('_', '-')}")
                raise ValueError(f"--resume {resume}: the run was started with {flag} "
                                 f"{have}, not {v}; leave {flag} out to continue it")
        if cards is not None or sets is not None:
            again = CB.check_options(cards=cards, sets=sets, players=opts.players)
            if again.cards != opts.cards:
                raise ValueError(f"--resume {resume}: the run was started with the cards "
                                 f"{', '.join(opts.cards)}; leave --cards and --sets out to "
                                 "continue it")
        root = Path(resume)
    else:
        opts = CB.check_options(cards=cards, sets=sets, players=players,
                                seed=0 if seed is None else seed, evaluations=evaluations,
                                games=games, sampler="tpe" if sampler is None else sampler,
                                turn_cap=100 if turn_cap is None else turn_cap,
                                pairs=pairs, pair_evaluations=pair_evaluations,
                                pair_games=pair_games, **tuning)
        root = CB.new_root(run_dir, opts) if run_dir is not None else None
    with _searching(executor, root, notice, scheduler, cluster, threads) as executor:
        report = CB.run(opts, executor, root=root, notice=notice)
    return BalanceOptimizedResult(report)


def resume(run_dir, *, executor=None, scheduler: str | None = None,
           cluster: str | None = None, threads: int | None = None,
           scheduler_timeout: float | None = None,
           progress: bool | None = None, on_result: Callable | None = None) -> ExperimentResult:
    """Finish the run in ``run_dir``, whatever command started it."""
    return run(resume=run_dir, executor=executor, scheduler=scheduler, cluster=cluster,
               threads=threads, scheduler_timeout=scheduler_timeout, progress=progress,
               on_result=on_result)


def from_records(path, command: str | None = None, *, out=None) -> ExperimentResult:
    """Rebuild a result from records saved with ``save_records`` /
    ``--save-records``, without playing.  A balance report rebuilt so is
    dated now, and (given its ``out``) says how to rebuild it again."""
    from simulator.runs.jobs import now_utc
    from simulator.runs.store import load_runs
    runs, meta = load_runs(path)
    found = meta.get("command", "?")
    if command is not None and found != command:
        what = "a balance report" if command == "report balance" else f"a {command}"
        raise ValueError(f"{path} holds records of '{found}', not of {what}")
    if found not in _RESULTS:
        raise ValueError(f"{path} holds records of '{found}'")
    if found == "report balance":
        meta = {**meta, "generated": now_utc()}
        if out is not None:
            meta["regenerate"] = (meta.get("regenerate", "domsim report balance")
                                  + "\n# or, from the saved records, without playing again:\n"
                                  + f"domsim report balance --out {out} --from {path}")
    return build_result(found, runs, meta)


# ============================================================ optimize

def optimize(kingdom=None, *, players: int | None = None, minutes: float | None = None,
             evaluations: int | None = None, seed: int | None = None, against=None,
             sampler: str | None = None, turn_cap: int | None = None,
             name: str | None = None,
             resume=None, run_dir=None, executor=None, scheduler: str | None = None,
             cluster: str | None = None, threads: int | None = None,
             notice: Callable[[str], None] | None = None, sets=None,
             validate: int | None = None, **tuning):
    """Search for the strongest strategy in ``kingdom`` (``simulator.search.optimize``).

    Budget: ``minutes`` (wall time) or ``evaluations`` (candidates).  Returns
    an ``OptimizeResult``: ``strategy`` (the winner's keys), ``toml`` (its
    file text), ``score`` with ``low``/``high`` (95% CI) against the final
    field, ``field``, ``final``, ``history``, ``runners_up``, ``games``.
    ``run_dir`` keeps every step; ``resume=DIR`` continues an interrupted
    search (its options come from the folder; one given again must agree).
    Defaults: 2 players, seed 0, sampler "tpe", turn cap 100.  ``sets``: where
    a random kingdom is drawn from (the base set by default; a resumed search
    keeps its kingdom).  ``tuning``:
    round_size, rung_games, final_games, field_games (small values make
    quick tests).  ``validate=N`` then plays the winner N games against Big
    Money Ultimate, each shipped bot that can play in the kingdom and its
    shipped ``opt-`` file, on seeds the search never used
    (``result.validation``, and lines in the file's header).
    """
    from simulator.search import optimize as O
    if validate is not None and not 1 <= validate <= 10**9:
        raise ValueError(f"--validate takes the games per opponent, from 1 to "
                         f"1,000,000,000, not {validate:,}")
    O._import_optuna()
    notice = notice or (lambda s: None)
    resumed = None
    defaults = dict(round_size=O.ROUND_SIZE, rung_games=O.RUNG_GAMES,
                    final_games=O.FINAL_GAMES, field_games=O.FIELD_GAMES)
    unknown = set(tuning) - set(defaults)
    if unknown:
        raise TypeError(f"optimize() got unexpected options {sorted(unknown)}")
    if resume is not None:
        if run_dir is not None:
            raise ValueError("give either --run-dir (a new search) or --resume (continue one)")
        opts, resumed = O.resume_options(resume, dict(
            kingdom=kingdom, players=players, minutes=minutes, evaluations=evaluations,
            seed=seed, against=against, sampler=sampler, turn_cap=turn_cap, **tuning))
        root = Path(resume)
    else:
        players = 2 if players is None else players
        seed = 0 if seed is None else seed
        sampler = "tpe" if sampler is None else sampler
        turn_cap = 100 if turn_cap is None else turn_cap
        defaults.update(tuning)
        cards = O.check_options(kingdom, players, seed, minutes, evaluations, sampler,
                                **defaults, sets=sets)
        refs = X.strategy_refs(against)
        if refs:
            from simulator.runs.runner import prepare, resolve_strategies
            prepare(resolve_strategies(refs), players, list(cards), seed)
        opts = O.Options(kingdom=str(kingdom) if isinstance(kingdom, str) else
                         ", ".join(kingdom), cards=cards, players=players, seed=seed,
                         minutes=minutes, evaluations=evaluations, against=tuple(refs),
                         sampler=sampler, turn_cap=turn_cap, **defaults)
        root = O.new_root(run_dir, opts) if run_dir is not None else None
    with _searching(executor, root, notice, scheduler, cluster, threads) as executor:
        result = O.run_search(opts, executor, root=root, notice=notice, resumed=resumed)
        O.finish(result, name)
        if validate:
            notice(f"validating the winner: {validate:,} games against each bot "
                   "that can play here")
            O.validate(result, validate, executor, root)
    result.run_dir = root
    return result


# ============================================================ other simulators' bots

def __getattr__(name):
    """``GeronimooError`` on first use, so importing the API loads no engine."""
    if name == "GeronimooError":
        from simulator.language.geronimoo import GeronimooError
        return GeronimooError
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def import_geronimoo(path, *, only=None, strict: bool = False) -> list:
    """The bots of a Geronimoo's DominionSim XML file, converted
    (``domsim import geronimoo``): one ``Converted`` per ``<player>`` (those
    named in ``only``), with ``.strategy`` (a ``Strategy`` for ``simulate``;
    None when no buy rule converts), ``.toml`` (the file the command writes),
    ``.status`` (full, partial or none) and ``.problems`` (what was not
    converted).  ``strict`` raises GeronimooError for a bot that does not
    convert fully."""
    from simulator.language.geronimoo import GeronimooError, convert_file
    bots = convert_file(path, only=only)
    for b in bots if strict else ():
        if b.status != "full":
            why = b.problems[0] if b.problems else "no buy rule converts"
            raise GeronimooError(f"{path}: bot {b.name!r} (line {b.bot.line}) does not "
                                 f"convert fully: {why}")
    return bots


def export_geronimoo(strategies) -> tuple[str, dict]:
    """Strategies (names, paths or ``Strategy`` objects) as one Geronimoo's
    DominionSim XML file (``domsim export geronimoo``), and per strategy the
    notes on what did not map back."""
    from simulator.language.geronimoo import export_bots
    from simulator.language.strategy import Strategy, load_strategy
    return export_bots([s if isinstance(s, Strategy) else load_strategy(s)
                        for s in strategies])
