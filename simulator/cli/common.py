"""What every ``domsim`` command shares: one-line errors, the progress line.

Engine modules are imported inside functions so that ``domsim --help``
answers instantly.
"""
from __future__ import annotations

import errno
import json
import os
import sys
import time
from contextlib import suppress
from pathlib import Path
from typing import Annotated, Callable, Optional

import typer
from typer.core import TyperGroup

try:                                   # typer >= 0.16 ships its own copy of click
    from typer._click.exceptions import ClickException
except ImportError:                    # pragma: no cover
    from click.exceptions import ClickException


HELP_OPTIONS = ["-h", "--help"]

# ---- the output options, the same on every command that produces tables:
# --json prints one JSON object on stdout (instead of the text), --json-out,
# --csv and --parquet write files (the text is still printed).
JsonFlag = Annotated[bool, typer.Option(
    "--json", help="Print the results as one JSON object on stdout instead of the text.")]
JsonOut = Annotated[Optional[Path], typer.Option(
    "--json-out", help="Also write the results as one JSON object to this file.",
    dir_okay=False, show_default=False)]
CsvOut = Annotated[Optional[Path], typer.Option(
    "--csv", help="Also write the tables as CSV: the main one here, the others beside "
                  "it (FILE-<table>.csv). '-' prints the main table on stdout instead "
                  "of the text; a device or FIFO also gets the main table only.",
    dir_okay=False, show_default=False)]
ParquetOut = Annotated[Optional[Path], typer.Option(
    "--parquet", help="Also write the tables as Parquet, named like --csv ('-': the main "
                      "table on stdout).", dir_okay=False, show_default=False)]
Edition = Annotated[Optional[int], typer.Option(
    help="Use only the cards of this edition (1 or 2) of each set (--sets) for "
         "random kingdoms, filler and the Black Market deck; default: random kingdoms "
         "from the second edition, any card when named.  With 1, a card whose meaning "
         "changed is its first printing (Treasury).",
    show_default=False)]
Sets = Annotated[Optional[str], typer.Option(
    help="The sets random kingdoms, filler and the Black Market deck come from: "
         "base (default; the promos come with it), intrigue, seaside, or several with "
         "commas (base,intrigue). Named "
         "cards may come from any set.", show_default=False)]
Wide = Annotated[bool, typer.Option(
    "--wide", help="Show every table column at full width instead of fitting the "
                   "terminal.")]


def check_outputs(*, as_json: bool = False, json_out=None, csv=None, parquet=None,
                  save_records=None) -> bool:
    """Check every output path before the run (ValueError names the bad one)
    and return whether the tables take stdout instead of the text (``--csv
    -`` or ``--parquet -``)."""
    from simulator.output.files import check_writable, is_stdout
    for flag, path in (("--json-out", json_out), ("--save-records", save_records)):
        if is_stdout(path):
            raise ValueError(f"{flag} needs a file name"
                             + (" (--json prints JSON on stdout)" if flag == "--json-out"
                                else ""))
    on_stdout = [flag for flag, on in (("--json", as_json), ("--csv -", is_stdout(csv)),
                                       ("--parquet -", is_stdout(parquet))) if on]
    if len(on_stdout) > 1:
        raise ValueError(f"{' and '.join(on_stdout)} would "
                         f"{'both' if len(on_stdout) == 2 else 'all'} print on stdout: keep "
                         "one and write the others to files")
    if is_stdout(parquet) and isatty(sys.stdout):
        raise ValueError("--parquet - would print binary Parquet on the terminal: "
                         "redirect stdout or give a file name")
    for path in (json_out, csv, parquet, save_records):
        check_writable(path, stdout_ok=True)
    return bool(on_stdout) and not as_json


def write_outputs(tables: dict | Callable[[], dict], doc, *, csv=None, json_out=None,
                  parquet=None) -> None:
    """Write ``tables`` (name -> DataFrame) as CSV/Parquet and ``doc`` as JSON
    where asked; an unwritable file is one ``error:`` line.  ``tables`` may be
    a function that makes them, called only when a table is written, so a
    command without --csv/--parquet need not import pandas."""
    from simulator.output.files import write_atomic
    try:
        if csv is not None or parquet is not None:
            from reports.export import export_tables
            export_tables(tables() if callable(tables) else tables, csv=csv,
                          parquet=parquet)
        if json_out is not None:
            write_atomic(json_out, json.dumps(doc, indent=2) + "\n")
    except OSError as exc:
        where = exc.filename or csv or json_out or parquet
        raise fail(f"cannot write {where}: {exc.strerror or exc}")


def fail(message: str, code: int = 2) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)


class OneLineErrors(TyperGroup):
    """The ``domsim`` group: every error a user can cause ends as one
    ``error: ...`` line on stderr, never a usage box or a traceback.

    Bad options (click's usage errors) exit 2 like every other bad input;
    an output that fails while printing (a full disk: ``> /dev/full``) exits
    2 with one line; a closed pipe (``| head``) exits quietly with 1, as
    click does.
    """

    def main(self, *args, standalone_mode: bool = True, **kwargs):
        if not standalone_mode:
            return super().main(*args, standalone_mode=False, **kwargs)
        try:
            code = super().main(*args, standalone_mode=False, **kwargs)
        except ClickException as e:
            if type(e).__name__ == "NoArgsIsHelpError":     # the help is printed
                sys.exit(e.exit_code)
            ctx = getattr(e, "ctx", None)
            hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
            _stderr(f"error: {' '.join(e.format_message().split())}{hint}")
            sys.exit(e.exit_code)
        except typer.Abort:
            _stderr("error: aborted")
            sys.exit(1)
        except OSError as e:
            sys.exit(_output_failed(e))
        sys.exit(code if isinstance(code, int) else 0)


def _stderr(line: str) -> None:
    with suppress(OSError, ValueError):
        typer.echo(line, err=True)


def _output_failed(e: OSError) -> int:
    """Report an OSError no command caught (in practice: stdout failed)."""
    if e.filename:
        _stderr(f"error: {e.filename}: {e.strerror or e}")
        return 2
    # what is still buffered for stdout would fail again at exit: drop it
    with suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    if e.errno == errno.EPIPE:
        return 1
    _stderr(f"error: cannot write the output: {e.strerror or e}")
    return 2


def note_ignored(names: list[str], why: str) -> None:
    """Say on stderr which of the options ``names`` (parameter names) the
    user gave although ``why`` makes them meaningless, e.g. --seed with --from."""
    try:
        from typer._click.globals import get_current_context
    except ImportError:                # pragma: no cover
        from click import get_current_context
    ctx = get_current_context(silent=True)
    if ctx is None:
        return
    flags = []
    for param in ctx.command.params:
        source = ctx.get_parameter_source(param.name) if param.name in names else None
        if source is not None and source.name in ("COMMANDLINE", "ENVIRONMENT"):
            flags.append(max(param.opts, key=len))
    if flags:
        verb = "is" if len(flags) == 1 else "are"
        _stderr(f"note: {', '.join(flags)} {verb} ignored {why}")


def user_errors() -> tuple[type[BaseException], ...]:
    """Exceptions that mean "bad input", reported as one line, never a traceback."""
    from simulator.engine.cards import UnknownCardError
    from simulator.language.strategy import StrategyError
    return (StrategyError, UnknownCardError, ValueError)


class Progress:
    """One live progress bar on stderr (rich) for runs over a second: games
    done, games/s and the time left, fitted to the terminal's width.

    Drawn only on a terminal, so logs and pipes never collect control codes,
    and never on stdout, so ``--json`` output stays one clean object;
    transient: gone when the run ends.
    """

    def __init__(self, stream, enabled: bool, delay: float = 1.0, label: str = "games"):
        self.stream, self.enabled, self.delay = stream, enabled, delay
        self.start = time.monotonic()
        self.label = label
        self._bar = None
        self._task = None

    def _open(self, total: int) -> None:
        from rich.console import Console
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress as Bar,
                                   TaskProgressColumn, TimeRemainingColumn)
        from simulator.output.progress import _Rate
        console = Console(file=self.stream, force_terminal=True)
        self._bar = Bar(BarColumn(bar_width=None), TaskProgressColumn(),
                        MofNCompleteColumn(), _Rate(), TimeRemainingColumn(),
                        console=console, transient=True, expand=True)
        self._bar.start()
        self._task = self._bar.add_task(self.label, total=max(total, 1))

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled or (time.monotonic() - self.start < self.delay
                                and self._bar is None):
            return
        if self._bar is None:
            if done >= total:
                return
            self._open(total)
        self._bar.update(self._task, completed=done)
        self._bar.refresh()             # calls come per chunk of games: draw each

    def close(self) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None


def isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
