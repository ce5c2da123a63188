"""The CLI as the tests invoke it: typer's CliRunner with stderr kept apart
from stdout (older click mixed them unless told not to; click 8.2 dropped
the option and keeps them apart)."""
from __future__ import annotations

import typer.testing


def cli_runner() -> typer.testing.CliRunner:
    try:
        return typer.testing.CliRunner(mix_stderr=False)
    except TypeError:
        return typer.testing.CliRunner()
