"""Write tables as CSV, JSON or Parquet (safely: see ``simulator.output.files``).

A command that prints several tables writes its first (main) table to the
file given and each further table next to it, its name added before the
suffix: ``--csv out.csv`` writes ``out.csv`` and ``out-ranking.csv``.  JSON
holds every table in one object (``{"meta": ..., "tables": {name: [rows]}}``);
``--json -`` prints that object on stdout instead of the text tables.

A stream (``--csv -`` for stdout, a device such as ``/dev/stdout``, a FIFO)
gets the main table only, and a note on stderr names the others and how to
get them: nothing is ever created beside a device.
"""
from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import numpy as np
import pandas as pd

from simulator.output.files import atomic_open, is_stream, write_atomic


def table_paths(path, names: list[str]) -> dict[str, Path]:
    """Where each table goes: the first at ``path``, the rest beside it."""
    path = Path(path)
    out = {}
    for i, name in enumerate(names):
        out[name] = path if i == 0 else path.with_name(f"{path.stem}-{name}{path.suffix}")
    return out


def _plain(x):
    """JSON-safe scalar: numpy types to Python, NaN/inf to None."""
    if isinstance(x, (np.integer,)):
        return int(x)
    if isinstance(x, (np.bool_, bool)):
        return bool(x)
    if isinstance(x, (np.floating, float)):
        x = float(x)
        return x if math.isfinite(x) else None
    if x is None or x is pd.NA or (isinstance(x, float) and math.isnan(x)):
        return None
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    if isinstance(x, dict):
        return {str(k): _plain(v) for k, v in x.items()}
    if isinstance(x, np.ndarray):
        return [_plain(v) for v in x.tolist()]
    return x


def frame_records(df: pd.DataFrame) -> list[dict]:
    return [{str(k): _plain(v) for k, v in row.items()}
            for row in df.to_dict(orient="records")]


def json_document(tables: dict[str, pd.DataFrame], meta: dict | None = None) -> dict:
    return {"meta": _plain(meta or {}),
            "tables": {name: frame_records(df) for name, df in tables.items()}}


def write_csv_atomic(path, df: pd.DataFrame) -> None:
    write_atomic(path, df.to_csv(index=False), stdout_ok=True)


def write_parquet_atomic(path, df: pd.DataFrame) -> None:
    with atomic_open(path, "wb", stdout_ok=True) as f:
        df.to_parquet(f, index=False)


def _note(text: str) -> None:
    print(text, file=sys.stderr)


def export_tables(tables: dict[str, pd.DataFrame], *, csv=None, json_path=None,
                  parquet=None, meta: dict | None = None, notice=_note) -> list[Path]:
    """Write the tables in each requested format; returns the files written
    (``json_path == "-"`` is left to the caller, who prints the document).
    ``-`` is stdout; a stream gets the main table, and ``notice`` says so."""
    written: list[Path] = []
    names = list(tables)
    for flag, path, ext, write in (("--csv", csv, "csv", write_csv_atomic),
                                   ("--parquet", parquet, "parquet", write_parquet_atomic)):
        if path is None:
            continue
        chosen = names
        if is_stream(path) and len(names) > 1:
            chosen = names[:1]
            notice(f"note: {flag} {path} gets the main table ({names[0]}) only; the "
                   f"others ({', '.join(names[1:])}) are in --json, or give {flag} a "
                   f"file name to write each beside it (NAME-<table>.{ext})")
        for name, p in table_paths(path, chosen).items():
            write(p, tables[name])
            written.append(p)
    if json_path is not None and str(json_path) != "-":
        write_atomic(json_path, json.dumps(json_document(tables, meta), indent=2) + "\n")
        written.append(Path(json_path))
    return written
