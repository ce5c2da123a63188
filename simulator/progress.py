"""A progress display for runs made of jobs: bar, jobs done / total,
games per second and time left, drawn with ``rich`` on stderr.

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


class JobProgress:
    """``enabled``: None draws only on a terminal, True always, False never.
    Jobs finished before (a resumed run) count as done but not towards the
    speed, so the time left is not flattered by them."""

    def __init__(self, total_jobs: int, total_games: int, *, done_jobs: int = 0,
                 done_games: int = 0, description: str = "", enabled: bool | None = None):
        self.total_jobs = total_jobs
        self.done_jobs = done_jobs
        console = Console(stderr=True)
        self.enabled = console.is_terminal if enabled is None else bool(enabled)
        self._progress = None
        if self.enabled:
            self._progress = Progress(
                TextColumn("{task.description}"), BarColumn(), TaskProgressColumn(),
                TextColumn("jobs {task.fields[jobs]}"), _Rate(),
                TimeRemainingColumn(), TextColumn("left"),
                console=console, transient=True)
            self._task = self._progress.add_task(description, total=max(total_games, 1),
                                                 completed=done_games, jobs=self._jobs())

    def _jobs(self) -> str:
        return f"{self.done_jobs:,}/{self.total_jobs:,}"

    def advance(self, games: int) -> None:
        """One more job finished, of ``games`` games."""
        self.done_jobs += 1
        if self._progress is not None:
            self._progress.update(self._task, advance=games, jobs=self._jobs())

    def __enter__(self) -> JobProgress:
        if self._progress is not None:
            self._progress.start()
        return self

    def __exit__(self, *exc) -> None:
        if self._progress is not None:
            self._progress.stop()
