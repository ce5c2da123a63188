"""``domsim optimize``: find the strongest strategy for a kingdom.

Thin: parses options, calls ``simulator.api.optimize`` and writes what it
returns (the winner's TOML, a report folder, JSON).  The search is
described in ``simulator.search.optimize``, its templates in
``simulator.search.optspace``.  ``register`` adds the command to the typer app.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer

from simulator.cli.common import JsonFlag, JsonOut, Sets
from simulator.cli.report_commands import Cluster, Scheduler, Session

Threads = Annotated[Optional[int], typer.Option(
    min=1, help="Cores to use in this process (default: all; the search's small jobs run "
                "side by side, one thread each).", show_default=False)]
RunDir = Annotated[Optional[Path], typer.Option(
    "--run-dir", help="Keep every step of the search (plans and finished jobs) in this new "
                      "folder, so an interrupted search can continue with --resume.",
    file_okay=False, show_default=False)]
Resume = Annotated[Optional[Path], typer.Option(
    "--resume", help="Continue the interrupted search in this folder (its options come "
                     "from the folder, and a search option given again must agree with "
                     "it; output options still apply).", file_okay=False,
    show_default=False)]


def optimize_cmd(
    kingdom: Annotated[Optional[str], typer.Option(
        help="The kingdom: a recommended set ('First Game'; see domsim kingdoms), "
             "'random' (drawn from --seed) or card names with commas (filled to 10).",
        show_default=False)] = None,
    players: Annotated[Optional[int], typer.Option(
        help="Players per game: the candidate holds one seat, each opponent the others "
             "[default: 2].", show_default=False)] = None,
    minutes: Annotated[Optional[float], typer.Option(
        help="Wall-time budget of the search, the playoff included.",
        show_default=False)] = None,
    evaluations: Annotated[Optional[int], typer.Option(
        help="Candidates to try instead of a time budget (the same seed gives the same "
             "result on any machine).", show_default=False)] = None,
    seed: Annotated[Optional[int], typer.Option(
        help="Random seed of the search and its games [default: 0].",
        show_default=False)] = None,
    sets: Sets = None,
    against: Annotated[Optional[str], typer.Option(
        help="More strategies for the field, comma-separated (names or .toml paths).",
        show_default=False)] = None,
    sampler: Annotated[Optional[str], typer.Option(
        help="The optimiser that proposes candidates: tpe (optuna's TPE) or random "
             "[default: tpe].", show_default=False)] = None,
    name: Annotated[Optional[str], typer.Option(
        help="Name of the winning strategy (default: 'Optimised for <kingdom>: <the "
             "kingdom cards it buys>').", show_default=False)] = None,
    out: Annotated[Optional[Path], typer.Option(
        help="Write the winning strategy to this .toml file.", dir_okay=False,
        show_default=False)] = None,
    report: Annotated[Optional[Path], typer.Option(
        help="Write a report (Markdown + HTML + charts + CSV) into this folder.",
        file_okay=False, show_default=False)] = None,
    validate: Annotated[Optional[int], typer.Option(
        help="Then play the winner this many games against Big Money Ultimate, each "
             "shipped bot that can play in the kingdom and its shipped opt- file, on seeds "
             "the search never used, and write the scores into the file's header "
             "(100000 makes a 95%% CI of about +-0.003).", show_default=False)] = None,
    as_json: JsonFlag = False,
    json_out: JsonOut = None,
    threads: Threads = None,
    scheduler: Scheduler = None,
    cluster: Cluster = None,
    run_dir: RunDir = None,
    resume: Resume = None,
    quiet: Annotated[bool, typer.Option(
        "--quiet", "-q", help="Do not print a line per round on stderr.")] = False,
) -> None:
    """Search the strategy language for the strongest strategy in a kingdom:
    templates (money, attack, engine, gardens) with parameters proposed by
    optuna, raced by successive halving against BMU, the best shipped bots
    and the best candidates so far."""
    with Session("optimize"):
        check_outputs(out, json_out, report)
        import simulator.api as api
        notice = (lambda s: None) if quiet else (lambda s: typer.echo(s, err=True))
        result = api.optimize(kingdom, players=players, minutes=minutes,
                              evaluations=evaluations, seed=seed, against=against, sets=sets,
                              sampler=sampler, name=name, resume=resume, run_dir=run_dir,
                              scheduler=scheduler, cluster=cluster, threads=threads,
                              notice=notice, validate=validate)
        from reports import optimize as R
        from simulator.output.files import write_atomic
        say = (lambda s: typer.echo(s, err=True)) if as_json else typer.echo
        if as_json:                    # stdout holds only the JSON object
            typer.echo(json.dumps(R.json_document(result), indent=2))
            for line in R.warning_lines(result):
                typer.echo(line, err=True)
        else:
            typer.echo(R.text(result))
        if out is not None:
            write_atomic(out, result.toml)
            say(f"\nwrote {out}")
        if report is not None:
            say(f"wrote {R.write(report, result)}")
        if json_out is not None:
            write_atomic(json_out, json.dumps(R.json_document(result), indent=2))


def check_outputs(out, json_out, report) -> None:
    """Every output can be written, checked before a game is played (a search
    takes minutes to hours): the paths as every command checks them
    (``simulator.output.files.check_writable``, the report folder's rules), then
    what only trying shows (``probe``)."""
    from simulator.output.files import check_writable
    files = (("--out", out), ("--json-out", json_out))
    for flag, path in files:
        if path is not None and str(path) == "-":
            raise ValueError(f"{flag} needs a file name (the text shows the winning "
                             "strategy; --json prints JSON on stdout)")
    if report is not None:
        from reports.optimize import check_report_dir
        check_report_dir(report, out, json_out)
    for _, path in files:
        check_writable(path)
        probe(path)


def probe(path) -> None:
    """Raise ValueError if ``path`` cannot take a file although its permission
    bits say it can: root ignores them, and a read-only mount or /proc
    refuses a new file whatever they say.  A regular file is written as a
    temporary file beside it renamed over it, so one is made there and
    removed at once; /dev/full, written through, takes no byte at all."""
    import os
    import stat
    import tempfile
    if path is None:
        return
    path = Path(path)
    try:
        st = path.stat()
    except OSError:
        st = None
    if st is not None and not stat.S_ISREG(st.st_mode):
        try:
            full = os.stat("/dev/full").st_rdev
        except OSError:
            return
        if stat.S_ISCHR(st.st_mode) and st.st_rdev == full:
            raise ValueError(f"cannot write {path}: the device is always full "
                             "(/dev/full takes no data); give a file")
        return
    target = Path(os.path.realpath(path))
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                   suffix=".tmp")
    except OSError as e:
        raise ValueError(f"cannot write {path}: {target.parent} takes no new file "
                         f"({e.strerror or e}); give a path in a folder you can "
                         "write") from None
    os.close(fd)
    os.unlink(tmp)


def register(app: typer.Typer) -> None:
    app.command("optimize")(optimize_cmd)
