"""A small web page for a folder of charts (``tournament --out``, ``sweep
--best-card --out``): the charts, the tables as the terminal shows them at
full width, and the strategies' definitions, so the folder can be posted
or opened in a browser as it is.  Rendered by ``balance.Doc``, the balance
report's HTML, so all pages look alike."""
from __future__ import annotations

from pathlib import Path

from simulator.output.files import mark_folder, write_atomic

# the files each command's --out writes (checked before the run: see
# simulator.output.files.check_output_folder)
FILES = {"tournament": ("heatmap.png", "heatmap.svg", "ratings.png", "ratings.svg",
                        "index.html"),
         "sweep": ("kingdoms.png", "kingdoms.svg", "index.html")}


def shown_sources(defs: list[dict], folder) -> list[dict]:
    """The strategy definitions with each file as a report in ``folder``
    shows it: a shipped strategy by name ("shipped: smithy.toml"), a user's
    file by its path relative to the report, so a posted report holds no
    path of the machine it was made on."""
    import os
    from simulator.language.strategy import _strategy_files
    shipped = {str(p.resolve()) for p in _strategy_files()}
    here = os.path.realpath(folder)
    out = []
    for d in defs:
        source = str(d.get("source", ""))
        if source.endswith(".toml") and not source.startswith("<"):
            source = os.path.abspath(source)    # relative ones: to the working folder
            if str(Path(source).resolve()) in shipped:
                source = f"shipped: {Path(source).name}"
            else:
                try:
                    source = os.path.relpath(source, here)
                except ValueError:                  # another drive (Windows)
                    source = Path(source).name
        out.append({**d, "source": source})
    return out


def write_page(out_dir, title: str, intro: list[str], images: list[tuple[str, str]],
               tables: list[tuple[str, object]], meta: dict, *, command: str,
               mark: bool) -> Path:
    """``images``: (file stem, alt text); ``tables``: (heading, reports.text.Table);
    ``mark``: the folder is domsim's (``domsims_folder`` before anything was
    written), so ``command`` marks it as such."""
    from reports.balance import Doc
    from simulator.runs.provenance import definition_text
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
        doc.code("\n\n".join(definition_text(d) for d in
                               shown_sources(meta["definitions"], out_dir)), "toml")
    path = Path(out_dir) / "index.html"
    write_atomic(path, doc.html(title))
    if mark:
        mark_folder(out_dir, command)
    return path
