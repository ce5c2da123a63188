"""Formatting: numbers with their intervals, and one table shape rendered as
terminal text, Markdown or HTML."""
from __future__ import annotations

import html
import math
from dataclasses import dataclass, field


def finite(x) -> bool:
    try:
        return x is not None and math.isfinite(float(x))
    except (TypeError, ValueError):
        return False


def pct(x, digits: int = 1) -> str:
    return f"{float(x) * 100:.{digits}f}%" if finite(x) else "-"


def rate_ci(rate, low, high, digits: int = 1) -> str:
    """'72.4% [71.5, 73.3]' (percent)."""
    if not finite(rate):
        return "-"
    if not (finite(low) and finite(high)):
        return pct(rate, digits)
    return f"{rate * 100:.{digits}f}% [{low * 100:.{digits}f}, {high * 100:.{digits}f}]"


def pp_ci(diff, low, high, digits: int = 1) -> str:
    """A difference of rates in percentage points: '+3.2 pp [+2.1, +4.3]'."""
    if not finite(diff):
        return "-"
    if not (finite(low) and finite(high)):
        return f"{diff * 100:+.{digits}f} pp"
    return (f"{diff * 100:+.{digits}f} pp [{low * 100:+.{digits}f}, "
            f"{high * 100:+.{digits}f}]")


def num_ci(x, low, high, digits: int = 1) -> str:
    if not finite(x):
        return "-"
    if not (finite(low) and finite(high)):
        return f"{x:.{digits}f}"
    return f"{x:.{digits}f} [{low:.{digits}f}, {high:.{digits}f}]"


def num(x, digits: int = 1) -> str:
    return f"{x:.{digits}f}" if finite(x) else "-"


def count(n) -> str:
    return f"{int(n):,}" if finite(n) else "-"


def pvalue(p) -> str:
    if not finite(p):
        return "-"
    return "<0.001" if p < 0.001 else f"{p:.3f}"



@dataclass
class Table:
    """Cells already formatted; ``align`` is one 'l' or 'r' per column
    (default: first column left, the rest right)."""
    head: list[str]
    rows: list[list[str]]
    align: str = ""
    notes: list[str] = field(default_factory=list)
    optional: list[int] = field(default_factory=list)   # dropped first to fit a width

    def _align(self) -> str:
        return self.align or ("l" + "r" * (len(self.head) - 1))

    def text(self, width: int | None = None) -> str:
        """Terminal text fitted to ``width`` columns (None: full width);
        see ``simulator.output.termtable``."""
        from simulator.output.termtable import render
        return render(self.head, self.rows, align=self._align(), width=width,
                      optional=self.optional, notes=self.notes)

    def markdown(self) -> str:
        align = self._align()

        def esc(c):
            return str(c).replace("|", "\\|")

        lines = ["| " + " | ".join(esc(h) for h in self.head) + " |",
                 "|" + "|".join(":---" if a == "l" else "---:" for a in align) + "|"]
        lines += ["| " + " | ".join(esc(c) for c in r) + " |" for r in self.rows]
        if self.notes:
            lines.append("")
            lines += [f"*{n}*  " for n in self.notes]
        return "\n".join(lines)

    def html(self) -> str:
        align = self._align()
        cls = ["" if a == "l" else ' class="r"' for a in align]
        out = ["<table>", "<thead><tr>" + "".join(
            f"<th{c}>{html.escape(str(h))}</th>" for h, c in zip(self.head, cls))
            + "</tr></thead>", "<tbody>"]
        for r in self.rows:
            out.append("<tr>" + "".join(f"<td{c}>{html.escape(str(v))}</td>"
                                        for v, c in zip(r, cls)) + "</tr>")
        out.append("</tbody></table>")
        for n in self.notes:
            out.append(f'<p class="note">{html.escape(n)}</p>')
        return "\n".join(out)
