"""What every ``domsim`` command shares: one-line errors, the progress line.

Engine modules are imported inside functions so that ``domsim --help``
answers instantly.
"""
from __future__ import annotations

import errno
import os
import sys
import time
from contextlib import suppress

import typer
from typer.core import TyperGroup

try:                                   # typer >= 0.16 ships its own copy of click
    from typer._click.exceptions import ClickException
except ImportError:                    # pragma: no cover
    from click.exceptions import ClickException


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
    from simulator.cards import UnknownCardError
    from simulator.strategy import StrategyError
    return (StrategyError, UnknownCardError, ValueError)


class Progress:
    """Progress line on stderr for runs that last more than a second.

    Drawn only on a terminal, so logs and pipes never collect ``\\r`` junk,
    and never on stdout, so ``--json`` output stays one clean object.
    """

    def __init__(self, stream, enabled: bool, delay: float = 1.0):
        self.stream, self.enabled, self.delay = stream, enabled, delay
        self.start = time.monotonic()
        self.last = 0.0
        self.width = 0

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        elapsed = now - self.start
        if elapsed < self.delay or (now - self.last < 0.1 and done < total):
            return
        self.last = now
        frac = done / total if total else 1.0
        bar = "#" * int(frac * 30)
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = f"{(total - done) / rate:,.0f}s left" if rate > 0 else ""
        text = (f"[{bar:<30}] {frac:6.1%}  {done:,}/{total:,} games  "
                f"{rate:,.0f} games/s  {eta}")
        self.width = max(self.width, len(text))
        self.stream.write("\r" + text.ljust(self.width))
        self.stream.flush()

    def close(self) -> None:
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0


def isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
