"""The ``domsim`` command line.

Engine modules (numba, pandas) are imported inside the commands so that
``domsim --help`` and argument errors answer instantly.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from simulator.cli.common import (HELP_OPTIONS, CsvOut, Edition, JsonFlag, JsonOut, OneLineErrors, Sets,
                                  ParquetOut, Progress, Wide, check_outputs, fail, isatty,
                                  note_ignored, user_errors, write_outputs)
from simulator.cli.report_commands import Cluster, Scheduler, SchedulerTimeout

app = typer.Typer(
    name="domsim",
    cls=OneLineErrors,
    help="Fast Dominion simulator: play strategy files against each other.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": HELP_OPTIONS},
)


def _version(value: bool) -> None:
    if value:
        try:
            from importlib.metadata import version
            v = version("domsim")
        except Exception:
            v = "unknown (not installed)"
        typer.echo(f"domsim {v}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[Optional[bool], typer.Option(
        "--version", callback=_version, is_eager=True,
        help="Show the version and exit.")] = None,
) -> None:
    """Fast Dominion simulator: play strategy files against each other."""


@app.command()
def compare(
    strategies: Annotated[list[str], typer.Argument(
        help="Strategy names (shipped, e.g. big-money) or paths to .toml files.",
        show_default=False)],
    games: Annotated[int, typer.Option(
        "--games", "-n", min=1,
        help="Number of games to play; memory stays flat however many.")] = 10000,
    seed: Annotated[int, typer.Option(
        help="Random seed; the same seed gives the same results.")] = 0,
    players: Annotated[Optional[int], typer.Option(
        help="Players per game (default: number of strategies).",
        show_default=False)] = None,
    kingdom: Annotated[Optional[str], typer.Option(
        help="A recommended set ('First Game'), 'random', or comma-separated "
             "card names ('Smithy,Witch'); filled up to 10 cards.",
        show_default=False)] = None,
    turn_cap: Annotated[int, typer.Option(
        min=1, help="Stop a game after this many turns and score it as it stands "
                    "(at most 32767).")] = 100,
    edition: Edition = None,
    sets: Sets = None,
    threads: Annotated[Optional[int], typer.Option(
        min=1, help="Worker threads (default: all cores; per job with --cluster local:N: "
                    "cores / N, with --scheduler: 1).", show_default=False)] = None,
    seating: Annotated[str, typer.Option(
        help="all: every distinct order of the seats equally often (3+ players); "
             "rotate: only rotate the listed order. Two players: the same.")] = "all",
    as_json: JsonFlag = False,
    json_out: JsonOut = None,
    csv: CsvOut = None,
    parquet: ParquetOut = None,
    wide: Wide = False,
    explain: Annotated[bool, typer.Option(
        "--explain", help="Also show how often each rule fired per game, and the "
                          "rules that never fired.")] = False,
    scheduler: Scheduler = None,
    scheduler_timeout: SchedulerTimeout = None,
    cluster: Cluster = None,
    job_games: Annotated[Optional[int], typer.Option(
        "--job-games", min=1, help="With --scheduler or --cluster: games per job (default: "
                                   "a 64th of the games, 1,024 to 524,288 / players). "
                                   "Does not change the results.",
        show_default=False)] = None,
) -> None:
    """Play strategies against each other and report win rates."""
    from simulator.runs.executors import ExecutorError, check_options
    errors = (*user_errors(), ExecutorError)
    from simulator.runs.runner import simulate

    try:
        tables_out = check_outputs(as_json=as_json, json_out=json_out, csv=csv,
                                   parquet=parquet)
        if seating not in ("all", "rotate"):
            raise ValueError(f"unknown --seating {seating!r}: use all or rotate")
        on_dask = check_options(scheduler=scheduler, cluster=cluster, threads=threads,
                                timeout=scheduler_timeout)
    except ValueError as exc:
        raise fail(str(exc))
    if not on_dask:
        note_ignored(["job_games"], "without --scheduler or --cluster: compare plays "
                                    "in this process")
    progress = Progress(sys.stderr, enabled=isatty(sys.stderr))
    run = dict(players=players, kingdom=kingdom, turn_cap=turn_cap, edition=edition,
               seating=seating, sets=sets)
    try:                                # summaries only: no per-game records
        if on_dask:                     # one setup cut into jobs, merged: the same bits
            from simulator.runs import experiments as X
            from simulator.runs.executors import make_executor
            plan = X.plan_compare(list(strategies), games, seed, job_games=job_games, **run)
            with make_executor(scheduler=scheduler, cluster=cluster, threads=threads,
                               timeout=scheduler_timeout) as executor:
                for note in executor.notes:
                    typer.echo(note, err=True)
                results = X.run_compare(plan, executor, list(strategies))
        else:
            results = simulate(list(strategies), games, seed, threads=threads,
                               keep_records=False, progress=progress, **run)
    except errors as exc:
        progress.close()
        raise fail(str(exc))
    except KeyboardInterrupt:
        progress.close()
        raise fail("interrupted", code=130)
    progress.close()

    doc = results.to_json_dict()
    if explain:
        doc["rules"] = results.rule_stats().to_dict(orient="records")
    if as_json:
        typer.echo(json.dumps(doc, indent=2))
    elif not tables_out:
        from simulator.output.termtable import output_width
        width = output_width(wide)
        typer.echo(results.table(width) + (results.explain() if explain else ""))
    write_outputs(lambda: {"summary": results.csv_frame()}, doc,
                  csv=csv, json_out=json_out, parquet=parquet)


def _strategy_rows(shipped) -> list[tuple[str, str, str]]:
    return sorted((s.stem, s.name, s.description) for s in shipped)


@app.command("strategies")
def list_strategies(
    as_json: JsonFlag = False,
    json_out: JsonOut = None,
    csv: CsvOut = None,
    parquet: ParquetOut = None,
    wide: Wide = False,
) -> None:
    """List the shipped strategies (use the first column with `compare`)."""
    errors = user_errors()
    from simulator.language.strategy import shipped_strategies
    try:
        rows = _strategy_rows(shipped_strategies())
        tables_out = check_outputs(as_json=as_json, json_out=json_out, csv=csv,
                                   parquet=parquet)
    except errors as exc:
        raise fail(str(exc))
    records = [{"stem": a, "name": b, "description": c} for a, b, c in rows]
    if as_json:
        typer.echo(json.dumps(records, indent=2))
    elif tables_out:
        pass
    elif not rows:
        typer.echo("no shipped strategies found")
    else:
        from simulator.output.termtable import output_width, render
        typer.echo(render(["stem", "name", "description"], [list(r) for r in rows],
                          align="lll", width=output_width(wide)))
    if json_out is not None or csv is not None or parquet is not None:
        import pandas as pd
        write_outputs({"strategies": pd.DataFrame(records, columns=["stem", "name",
                                                                    "description"])},
                      records, csv=csv, json_out=json_out, parquet=parquet)


def main() -> None:
    app(prog_name="domsim")


@app.command()
def conformance(
    folder: Annotated[Path, typer.Argument(
        help="A folder of *.toml rule cases (or one case file).", show_default=False)],
    case: Annotated[Optional[str], typer.Option(
        help="Run only the case with this id.", show_default=False)] = None,
    verbose: Annotated[bool, typer.Option(
        "--verbose", "-v", help="Print every case, and every difference.")] = False,
) -> None:
    """Run rule cases through the kernel; exit 1 if any fails."""
    from simulator.runs.conformance import CaseError, load_cases, run_case
    if not folder.exists():
        raise fail(f"{folder} does not exist")
    try:
        cases = load_cases(folder)
        if case is not None:
            chosen = [c for c in cases if c.id == case]
            if not chosen:
                from simulator.engine.cards import suggest
                raise CaseError(f"no case {case!r} in {folder}"
                                f"{suggest(case, [c.id for c in cases])}")
            cases = chosen
        results = [(c, run_case(c)) for c in cases]
    except (CaseError, *user_errors()) as exc:
        raise fail(str(exc))
    failed = expected = 0
    for c, diffs in results:
        if c.xfail:
            expected += 1
            if verbose:
                typer.echo(f"xfail {c.id}: {c.xfail}")
            continue
        if diffs:
            failed += 1
            shown = diffs if verbose else diffs[:1]
            typer.echo(f"FAIL {c.id} ({Path(c.file).name}): " + "; ".join(shown))
        elif verbose:
            typer.echo(f"ok   {c.id}")
    passed = len(results) - failed - expected
    summary = f"{passed} passed, {failed} failed"
    typer.echo(summary + (f", {expected} expected failures" if expected else ""))
    if failed:
        raise typer.Exit(1)


@app.command()
def cards(
    lang: Annotated[str, typer.Option(
        help="Also show the names in this language: nl, de or ja.")] = "en",
    as_json: JsonFlag = False,
    wide: Wide = False,
) -> None:
    """List every card with its cost, types, edition and text (--json: the
    whole card registry, every fact of every card)."""
    from simulator.engine import cards as C
    from simulator.output.termtable import output_width, render, wrap
    if lang not in C.LANGUAGES:
        raise fail(f"unknown language {lang!r}: use en, nl, de or ja")
    if as_json:
        typer.echo(json.dumps(C.as_json(), indent=2, ensure_ascii=False))
        return
    editions = {(1, 2): "1st+2nd", (1,): "1st", (2,): "2nd", (): "promo"}
    rows = []
    for i, spec in enumerate(C.TABLE):
        mark = "?" if lang in spec.unsure else ""
        name = spec.name if lang == "en" else f"{spec.name} ({C.localized(i, lang)}{mark})"
        rows.append([name, f"${spec.cost}", "-".join(spec.types),
                     editions[spec.editions], spec.text])
    width = output_width(wide)
    # columns measured in terminal cells: Japanese names (two cells a character) align
    typer.echo(render(["card", "cost", "types", "edition", "text"], rows, align="lrlll",
                      width=width))
    unsure = C.unsure_names(None if lang == "en" else lang)
    if unsure:
        names = ", ".join(f"{C.NAMES[c]} ({lg}: {C.localized(c, lg)})" for c, lg in unsure)
        typer.echo("")
        typer.echo("\n".join(wrap(f"? Not confirmed by a published card, the best "
                                   f"guess: {names}", width)))


@app.command()
def kingdoms(wide: Wide = False) -> None:
    """List the recommended kingdoms (use a name with --kingdom)."""
    from simulator.engine.cards import ALL_RECOMMENDED
    from simulator.engine.kingdom import INCOMPLETE_KINGDOMS, NAMED_KINGDOMS
    from simulator.output.termtable import output_width, render, wrap
    width = output_width(wide)
    rows = [[name, ", ".join(cards_)
             + (f" (waits for {', '.join(INCOMPLETE_KINGDOMS[name])}: not in the registry "
                "yet)" if name in INCOMPLETE_KINGDOMS else "")]
            for name, cards_ in [*ALL_RECOMMENDED.items(), *NAMED_KINGDOMS.items()]]
    typer.echo(render(["kingdom", "cards"], rows, align="ll", width=width))
    typer.echo("")
    typer.echo("\n".join(wrap("Also: --kingdom random (drawn from --seed out of the second "
                               "edition's 26 cards; --edition 1: the first edition's 25; "
                               "--sets intrigue, seaside or base,intrigue: from those sets; "
                               "promos only when named), or card names with commas.",
                               width)))


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True,
                                "help_option_names": []})
def bench(ctx: typer.Context) -> None:
    """Run the standard benchmarks (options: domsim bench --help)."""
    from benchmarks.run import main
    raise typer.Exit(main(list(ctx.args)))


def _register_commands() -> None:
    from simulator.cli import import_commands
    from simulator.cli import log_commands
    from simulator.cli import optimize_commands
    from simulator.cli import report_commands
    log_commands.register(app)
    report_commands.register(app)
    optimize_commands.register(app)
    import_commands.register(app)


_register_commands()
