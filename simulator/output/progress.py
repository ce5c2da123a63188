"""A progress display for runs made of jobs: one live line with the run
(setup) that just advanced, a bar, runs done / total, games per second and
the time left, drawn with ``rich`` on stderr and fitted to the terminal.

On stderr so ``--json -`` output stays one clean object; by default only on
a terminal so logs and pipes collect no control codes; transient, so it is
gone when the run ends or fails.  Reusable by any command that runs jobs::

    with JobProgress(total_jobs, total_games, description="sweep") as bar:
        for result in batch:
            bar.advance(games_of_that_job)
"""
from __future__ import annotations

from rich.console import Console
from rich.progress import (BarColumn, Progress, ProgressColumn, TaskProgressColumn,
                           TextColumn, TimeRemainingColumn)
from rich.text import Text


class _Rate(ProgressColumn):
    """Games per second over the last half minute."""

    def render(self, task) -> Text:
        speed = task.speed
        return Text(f"{speed:,.0f} games/s" if speed else "", style="progress.data.speed")


def _fixed(width: int):
    """A table column of at most ``width`` cells whose text is cut with '…'."""
    from rich.table import Column
    return Column(max_width=width, no_wrap=True, overflow="ellipsis")


class JobProgress:
    """``enabled``: None draws only on a terminal, True always, False never.
    Jobs finished before (a resumed run) count as done but not towards the
    speed, so the time left is not flattered by them."""

    def __init__(self, total_jobs: int, total_games: int, *, done_jobs: int = 0,
                 done_games: int = 0, description: str = "", enabled: bool | None = None,
                 runs: dict | None = None):
        """``runs``: job key -> (run label, jobs of that run still to do), for
        the per-run part of the line; without it the line counts jobs."""
        self.total_jobs = total_jobs
        self.done_jobs = done_jobs
        self.description = description
        self._runs = dict(runs or {})
        self._left: dict[str, int] = {}
        for label, _ in self._runs.values():
            self._left[label] = self._left.get(label, 0) + 1
        self.total_runs = len(self._left)
        self.done_runs = 0
        console = Console(stderr=True)
        self.enabled = console.is_terminal if enabled is None else bool(enabled)
        self._progress = None
        if self.enabled:
            self._progress = Progress(
                TextColumn("{task.description}", table_column=_fixed(24)),
                BarColumn(bar_width=None), TaskProgressColumn(),
                TextColumn("{task.fields[jobs]}"), _Rate(),
                TimeRemainingColumn(), TextColumn("left"),
                console=console, transient=True, expand=True)
            self._task = self._progress.add_task(description, total=max(total_games, 1),
                                                 completed=done_games, jobs=self._jobs())

    def _jobs(self) -> str:
        if self.total_runs:
            return f"runs {self.done_runs:,}/{self.total_runs:,}"
        return f"jobs {self.done_jobs:,}/{self.total_jobs:,}"

    def advance(self, games: int, key: str | None = None) -> None:
        """One more job finished, of ``games`` games (``key``: the job's)."""
        self.done_jobs += 1
        description = self.description
        if key in self._runs:
            label, total = self._runs[key]
            self._left[label] -= 1
            if self._left[label] == 0:
                self.done_runs += 1
            description = f"{label} {total - self._left[label]}/{total}"
        if self._progress is not None:
            self._progress.update(self._task, advance=games, jobs=self._jobs(),
                                  description=description)

    def __enter__(self) -> JobProgress:
        if self._progress is not None:
            self._progress.start()
        return self

    def __exit__(self, *exc) -> None:
        if self._progress is not None:
            self._progress.stop()
