"""A small web page for a folder of charts (``tournament --out``, ``sweep
--best-card --out``): the charts, the tables as the terminal shows them at
full width, and the strategies' definitions, so the folder can be posted
or opened in a browser as it is.  Rendered by ``balance.Doc``, the balance
report's HTML, so all pages look alike."""
from __future__ import annotations

from pathlib import Path

from simulator.files import write_atomic


def write_page(out_dir, title: str, intro: list[str], images: list[tuple[str, str]],
               tables: list[tuple[str, object]], meta: dict) -> Path:
    """``images``: (file stem, alt text); ``tables``: (heading, reports.text.Table)."""
    from reports.balance import Doc
    from simulator.provenance import definition_text
    doc = Doc()
    doc.h(1, title)
    doc.ul(intro + [f"domsim {meta.get('version', 'unknown')}"
                    + (f", {meta['date']}" if meta.get("date") else "")])
    for stem, alt in images:
        doc.img(stem, alt)
    for heading, table in tables:
        doc.h(2, heading)
        doc.table(table)
    if meta.get("definitions"):
        doc.h(2, "Strategies")
        doc.p("The full definition of every strategy, with a hash of it.")
        doc.code("\n\n".join(definition_text(d) for d in meta["definitions"]))
    path = Path(out_dir) / "index.html"
    write_atomic(path, doc.html(title))
    return path
