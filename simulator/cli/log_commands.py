"""``domsim log``: play one game of a run and show everything that happened.

    domsim log A B [C ...] [--seed S] [--game K] [--kingdom ...] [--players N]
               [--turn-cap N] [--edition 1|2] [--sets S] [--seating all|rotate]
               [--lang en|nl|de|ja] [--format text|json|html] [--out FILE]

Game K with seed S is the same game as game K of ``domsim compare A B ...
--seed S`` (same strategies, kingdom, players, turn cap, edition and sets), played
again by the same kernel with its event log on.  Text goes to stdout unless ``--out``
is given; HTML goes to a file (default ``domsim-log-seed{S}-game{K}.html``)
unless ``--out -``.  Files are written as ``simulator.output.files`` says: atomically,
or through for devices, pipes and symlinks.

``cli.py`` calls ``register(app)``; engine modules are imported inside the
command so that ``domsim --help`` stays instant.
"""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from simulator.cli.common import Edition, Sets, Wide, fail, user_errors
from simulator.output.termtable import output_width

FORMATS = ("text", "json", "html")


def default_out(seed: int, game: int) -> Path:
    return Path(f"domsim-log-seed{seed}-game{game}.html")


def log(
    strategies: Annotated[list[str], typer.Argument(
        help="Strategy names (shipped, e.g. big-money) or paths to .toml files, "
             "in seat order for game 0.", show_default=False)],
    seed: Annotated[int, typer.Option(
        help="Seed of the run the game belongs to (as in compare).")] = 0,
    game: Annotated[int, typer.Option(
        help="Which game of the run to log (0-based; seats change with it).")] = 0,
    kingdom: Annotated[Optional[str], typer.Option(
        help="A recommended set ('First Game'), 'random', or comma-separated "
             "card names ('Smithy,Witch'); filled up to 10 cards.",
        show_default=False)] = None,
    players: Annotated[Optional[int], typer.Option(
        help="Players in the game (default: number of strategies).",
        show_default=False)] = None,
    turn_cap: Annotated[int, typer.Option(
        help="Stop the game after this many turns and score it as it stands "
             "(at most 32767).")] = 100,
    edition: Edition = None,
    sets: Sets = None,
    seating: Annotated[str, typer.Option(
        help="Seating of the run, as in compare: all or rotate.")] = "all",
    lang: Annotated[str, typer.Option(
        help="Language of the card names: en, nl, de or ja.")] = "en",
    wide: Wide = False,
    fmt: Annotated[str, typer.Option(
        "--format", help="text (readable log), json (every event) or html "
                         "(a page with one collapsible block per turn).")] = "text",
    out: Annotated[Optional[Path], typer.Option(
        help="Write the log to this file, '-' for stdout (html: default "
             "domsim-log-seed{S}-game{K}.html).", dir_okay=False,
        show_default=False)] = None,
) -> None:
    """Log one game turn by turn: hands, plays, buys, shuffles and the score."""
    from simulator.engine.cards import LANGUAGES      # numpy: not for --help
    if lang not in LANGUAGES:
        raise fail(f"unknown language {lang!r}; use one of {', '.join(LANGUAGES)}")
    if fmt not in FORMATS:
        raise fail(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    if seating not in ("all", "rotate"):
        raise fail(f"unknown --seating {seating!r}: use all or rotate")
    if fmt == "html" and out is None:
        out = default_out(seed, game)

    errors = user_errors()
    from reports import gamelog
    from simulator.output.files import check_writable, is_stdout, write_atomic
    from simulator.runs.runner import trace_game

    try:
        check_writable(out, stdout_ok=True)
        trace = trace_game(list(strategies), seed, game, players=players,
                           kingdom=kingdom, turn_cap=turn_cap, edition=edition,
                           seating=seating, sets=sets)
    except errors as exc:
        raise fail(str(exc))
    try:
        text = gamelog.render(trace, fmt, lang)
    except gamelog.LogError as exc:         # a kernel bug, not bad input
        raise fail(f"the game's event log cannot be read: {exc}", code=1)

    if out is None or is_stdout(out):
        if fmt == "text":
            text = gamelog.fit(text, output_width(wide))
        typer.echo(text, nl=False)
        return
    try:
        write_atomic(out, text)
    except OSError as exc:
        raise fail(f"cannot write {out}: {exc.strerror or exc}")
    typer.echo(f"wrote {out}", err=True)


def register(app: typer.Typer) -> None:
    """Add the ``log`` command to ``app`` (once; registering again is a no-op)."""
    for info in app.registered_commands:
        if info.name == "log" or info.callback is log:
            return
    app.command("log")(log)
