"""What every ``domsim`` command shares: one-line errors, the progress line.

Engine modules are imported inside functions so that ``domsim --help``
answers instantly.
"""
from __future__ import annotations

import time

import typer


def fail(message: str, code: int = 2) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)


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
