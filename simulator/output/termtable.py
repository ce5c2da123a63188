"""Text tables that fit the terminal, drawn with ``rich``.

Every command's table goes through ``render``: columns are measured in
terminal cells (so Japanese card names, two cells a character, line up),
separated by two spaces, with a dashed line under the header; plain text,
no colour or box characters, so pipes and files get the same text.

Fitting: with a ``width`` (the terminal's, see ``output_width``) the
columns a table marks as optional are dropped, least important first, until
it fits, and a last line says which were left out; if it still does not
fit, rich wraps the widest cells.  ``width=None`` (``--wide``) shows every
column at its full width.
"""
from __future__ import annotations

import io
import os
import shutil
from collections.abc import Sequence

from rich import box
from rich.cells import cell_len
from rich.console import Console
from rich.table import Table

# header line: dashes under each column; no edges, no vertical lines
_DASHED = box.Box("    \n    \n -  \n    \n    \n    \n    \n    \n", ascii=True)
GAP = 2
WIDE = 100_000


def counted(n: int, word: str, many: str | None = None) -> str:
    """``n`` with its noun: '1 round', '2 rounds', '1,000 games' (``many``: an
    irregular plural)."""
    return f"{n:,} {word if n == 1 else many or word + 's'}"


def output_width(wide: bool = False) -> int | None:
    """The width tables must fit: None with ``--wide``, else the terminal's
    (``$COLUMNS`` when set; 80 when stdout is not a terminal)."""
    if wide:
        return None
    env = os.environ.get("COLUMNS", "")
    if env.isdigit() and int(env) > 0:
        return int(env)
    return shutil.get_terminal_size((80, 24)).columns


def natural_width(head: Sequence[str], rows: Sequence[Sequence[str]],
                  keep: Sequence[int] | None = None) -> int:
    cols = range(len(head)) if keep is None else keep
    widths = [max([cell_len(str(head[i]))] + [cell_len(str(r[i])) for r in rows])
              for i in cols]
    return sum(widths) + GAP * max(len(widths) - 1, 0)


def render(head: Sequence[str], rows: Sequence[Sequence[str]], *, align: str = "",
           width: int | None = None, optional: Sequence[int] = (),
           notes: Sequence[str] = ()) -> str:
    """The table as text.  ``align``: one 'l'/'r' per column (default: first
    left, the rest right); ``optional``: column indices that may be dropped
    to fit ``width``, the first dropped first; ``notes`` follow the table
    (wrapped to ``width``)."""
    head = [str(h) for h in head]
    rows = [[str(c) for c in r] for r in rows]
    align = align or ("l" + "r" * (len(head) - 1))
    keep = list(range(len(head)))
    dropped: list[str] = []
    if width is not None:
        for i in optional:
            if natural_width(head, rows, keep) <= width:
                break
            keep.remove(i)
            dropped.append(head[i])
    table = Table(box=_DASHED, show_edge=False, pad_edge=False, padding=(0, 1, 0, 0),
                  collapse_padding=True, show_header=True, header_style=None)
    for n, i in enumerate(keep):         # the first column (names) never wraps
        table.add_column(head[i], justify="left" if align[i] == "l" else "right",
                         overflow="fold", no_wrap=n == 0)
    for r in rows:
        table.add_row(*(r[i] for i in keep))
    console = Console(file=io.StringIO(), width=width or WIDE, color_system=None,
                      force_terminal=False, highlight=False, emoji=False, markup=False)
    console.print(table, soft_wrap=False, crop=False)
    lines = [line.rstrip() for line in console.file.getvalue().splitlines()]
    extra = list(notes)
    if dropped:
        extra.append(f"({len(dropped)} {'column' if len(dropped) == 1 else 'columns'} "
                     f"left out to fit {width} columns: {', '.join(dropped)}; "
                     "--wide shows all)")
    for n in extra:
        lines += wrap(n, width)
    return "\n".join(lines)


def wrap(text: str, width: int | None, indent: str = "") -> list[str]:
    """``text`` wrapped to ``width`` cells (None: one line)."""
    if width is None:
        return [indent + text]
    console = Console(file=io.StringIO(), width=width, color_system=None,
                      force_terminal=False, highlight=False, emoji=False, markup=False)
    console.print(indent + text, overflow="fold")
    return [line.rstrip() for line in console.file.getvalue().splitlines()]


def pad(text: str, width: int, align: str = "l") -> str:
    """``text`` padded to ``width`` terminal cells."""
    space = " " * max(width - cell_len(text), 0)
    return text + space if align == "l" else space + text
