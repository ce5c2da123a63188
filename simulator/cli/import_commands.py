"""``domsim import geronimoo`` and ``domsim export geronimoo``: bots of
Geronimoo's DominionSim (XML) to strategy files and back.

The converting is ``simulator.language.geronimoo``'s; here: the files.  An
import writes one ``<stem>.toml`` per bot into ``--out`` and replaces only a
file an earlier import wrote (its first line says so); every file it would
write is checked before the first is written, so a refusal writes nothing.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Annotated, Optional

import typer

from simulator.cli.common import Wide, fail, note_ignored

STATUS = {"full": "converted fully", "partial": "converted partly", "none": "not converted"}


def _errors():
    from simulator.cli.common import user_errors
    return user_errors()     # GeronimooError is a ValueError


def _targets(out: Path, bots) -> list[tuple[Path, object]]:
    """The file of each bot that converts, checked: ValueError names the
    first one that may not be written (nothing is written then)."""
    from simulator.language.geronimoo import MARKER
    from simulator.output.files import check_folder_writable
    check_folder_writable(out)
    targets = []
    for bot in bots:
        if bot.strategy is None:
            continue
        path = out / f"{bot.stem}.toml"
        try:
            st = path.stat()                       # a symlink: its target
        except (FileNotFoundError, NotADirectoryError):
            st = None
        if st is not None and stat.S_ISDIR(st.st_mode):
            raise ValueError(f"cannot write {path}: it is a folder")
        if st is not None and stat.S_ISREG(st.st_mode):
            with open(path, encoding="utf-8", errors="replace") as f:
                first = f.readline().rstrip("\n")
            if first != MARKER:
                raise ValueError(f"{path} exists and was not written by domsim import "
                                 "geronimoo: choose another --out (nothing was written)")
        targets.append((path, bot))
    return targets


def import_geronimoo_cmd(
    file: Annotated[Path, typer.Argument(
        help="A bot file of Geronimoo's simulator: its userbots.xml, an export, or "
             "one <player> copied from its editor.", show_default=False)],
    out: Annotated[Path, typer.Option(
        "--out", help="The folder for the strategy files (made if new); a file there is "
                      "replaced only if an earlier import wrote it.",
        file_okay=False)] = Path("."),
    only: Annotated[Optional[list[str]], typer.Option(
        "--only", help="Import only the bot of this name (repeat for more).",
        show_default=False)] = None,
    list_: Annotated[bool, typer.Option(
        "--list", help="Only list the bots: the cards their rules name and whether "
                       "they convert fully, partly or not.")] = False,
    strict: Annotated[bool, typer.Option(
        "--strict", help="Refuse a bot that does not convert fully instead of writing "
                         "it with those rules commented out.")] = False,
    wide: Wide = False,
) -> None:
    """Import the bots of Geronimoo's DominionSim (XML): one strategy file per bot,
    its header saying where it came from and what was not converted."""
    errors = _errors()
    from simulator.api import import_geronimoo
    try:
        bots = import_geronimoo(file, only=only)
    except errors as exc:
        raise fail(str(exc))
    if list_:
        note_ignored(["out", "strict"], "with --list: it writes nothing")
        from simulator.output.termtable import output_width, render
        from simulator.language.geronimoo import display_name
        rows = [[b.name, str(b.bot.line), {"full": "fully", "partial": "partly",
                                            "none": "no"}[b.status],
                 str(len(b.problems)), ", ".join(display_name(c) for c in b.cards)]
                for b in bots]
        typer.echo(render(["bot", "line", "converts", "left out", "cards its rules buy"],
                          rows, align="lrlrl", width=output_width(wide)))
        return
    if strict:
        for b in bots:
            if b.status != "full":
                why = b.problems[0] if b.problems else "no buy rule converts"
                raise fail(f"{file}: bot {b.name!r} (line {b.bot.line}) does not convert "
                           f"fully: {why} (without --strict it is written with its header "
                           "saying what was not converted)")
    try:
        targets = _targets(out, bots)
    except ValueError as exc:
        raise fail(str(exc))
    from simulator.output.files import write_atomic
    try:
        if targets:
            Path(os.path.realpath(out)).mkdir(exist_ok=True)
        for path, bot in targets:
            write_atomic(path, bot.toml)
    except OSError as exc:
        raise fail(f"cannot write {exc.filename or out}: {exc.strerror or exc}")
    for path, bot in targets:
        n = len(bot.problems)
        more = (f": {n} {'rule or setting' if n == 1 else 'rules or settings'} not "
                "converted, listed in its header" if n else "")
        typer.echo(f"wrote {path}  {bot.name} ({STATUS[bot.status]}{more})")
    for b in bots:
        if b.strategy is None:
            typer.echo(f"note: skipped {b.name!r} (line {b.bot.line}): none of its buy rules "
                       "converts", err=True)
    counts = {s: sum(b.status == s for b in bots) for s in STATUS}
    typer.echo(f"{len(bots)} {'bot' if len(bots) == 1 else 'bots'}: {counts['full']} converted "
               f"fully, {counts['partial']} partly, {counts['none']} not at all")


def export_geronimoo_cmd(
    strategies: Annotated[list[str], typer.Argument(
        help="Strategy names (shipped, e.g. bm-smithy) or paths to .toml files.",
        show_default=False)],
    out: Annotated[Optional[Path], typer.Option(
        "--out", help="Write the XML to this file instead of printing it.",
        dir_okay=False, show_default=False)] = None,
) -> None:
    """Export strategies as Geronimoo's DominionSim bots (XML): the buy rules that
    map back; notes on stderr say what does not."""
    errors = _errors()
    from simulator.api import export_geronimoo
    from simulator.output.files import check_writable, write_atomic
    try:
        check_writable(out)
        xml, notes = export_geronimoo(strategies)
    except errors as exc:
        raise fail(str(exc))
    if out is None:
        typer.echo(xml, nl=False)
    else:
        try:
            write_atomic(out, xml)
        except OSError as exc:
            raise fail(f"cannot write {exc.filename or out}: {exc.strerror or exc}")
        typer.echo(f"wrote {out}")
    for name, lines in notes.items():
        for line in lines:
            typer.echo(f"note: {name}: {line}", err=True)


def register(app: typer.Typer) -> None:
    """Add ``import geronimoo`` and ``export geronimoo`` to ``app``."""
    import_app = typer.Typer(name="import", no_args_is_help=True,
                             help="Bring bots from another simulator (Geronimoo's).")
    export_app = typer.Typer(name="export", no_args_is_help=True,
                             help="Write bots for another simulator (Geronimoo's).")

    @import_app.callback()
    def _import() -> None:
        """Bring bots from another simulator (Geronimoo's)."""

    @export_app.callback()
    def _export() -> None:
        """Write bots for another simulator (Geronimoo's)."""

    import_app.command("geronimoo")(import_geronimoo_cmd)
    export_app.command("geronimoo")(export_geronimoo_cmd)
    app.add_typer(import_app, name="import")
    app.add_typer(export_app, name="export")
