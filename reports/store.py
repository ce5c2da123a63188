"""Save and reload finished runs, so a report can be rebuilt without playing
the games again.

A store file is one ``.npz`` archive (``numpy.savez_compressed``; no pickle):

- ``__meta__``: UTF-8 JSON, ``{"format": "domsim-runs", "version": 1,
  "meta": {...command-level facts...}, "runs": [{...}, ...]}``; each run
  entry holds the ``Results`` metadata (entries, seed, players, kingdom,
  turn cap, seconds), what the run was for (``kind``, strategy stems,
  ``info``) and which arrays it has;
- ``r<i>.records``: the per-game records (``simulator.runs.records.record_dtype``);
- ``r<i>.per_turn``: the per-turn VP/coins sums (``Results.per_turn``);
- ``r<i>.tally.<field>``: the aggregate ``Tally`` when the run kept no records
  (``lengths``, the game-length histogram, is optional);
- ``r<i>.x.<name>``: extra arrays of the run (e.g. per-batch per-turn sums).

Loading trusts nothing in the file: a truncated, damaged or foreign file
(or one holding pickled objects, which are never unpickled) is refused with
"FILE: not a domsim records file (why)", and every run is checked (shapes,
record values, and its number of games against the index: records cut
short are refused) before a report is built from it.

Another store format version is refused.  Games played by another domsim
version or engine (``meta["version"]``, ``"engine"``) are read, with a note
(``foreign_note``): the file is self-consistent, the record layout is
checked, and nothing is mixed with this engine's games; the report names
the version that played them.
"""
from __future__ import annotations

import json
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from simulator.output.files import atomic_open
from simulator.runs.records import record_dtype
from simulator.output.termtable import counted
from simulator.runs.results import Results, Tally

FORMAT = "domsim-runs"
VERSION = 1
_TALLY_FIELDS = ("outcome", "ended", "vp", "turns", "ended_games")


@dataclass
class Run:
    """One simulation run and what it was for."""
    results: Results
    kind: str = ""                              # "pair", "mirror", "card", "sweep" ...
    strategies: tuple[str, ...] = ()            # strategy stems, entry order
    info: dict = field(default_factory=dict)    # JSON-able facts (kingdom name, card ...)
    arrays: dict[str, np.ndarray] = field(default_factory=dict)


class StoreError(ValueError):
    """A file that is not a readable domsim store."""


def save_runs(path, runs: list[Run], meta: dict | None = None) -> None:
    """Write ``runs`` to ``path`` atomically (temp file, then rename)."""
    path = Path(path)
    arrays: dict[str, np.ndarray] = {}
    index = []
    for i, run in enumerate(runs):
        r = run.results
        entry = dict(kind=run.kind, strategies=list(run.strategies), info=run.info,
                     games=r.games, entries=list(r.entries), seed=r.seed, players=r.players,
                     kingdom=list(r.kingdom), turn_cap=r.turn_cap, seconds=r.seconds,
                     records=r.records is not None, per_turn=r.per_turn is not None,
                     extra=sorted(run.arrays))
        if r.records is not None:
            arrays[f"r{i}.records"] = r.records
        else:
            t = r._tally
            for f in _TALLY_FIELDS:
                arrays[f"r{i}.tally.{f}"] = getattr(t, f)
            if t.lengths is not None:
                arrays[f"r{i}.tally.lengths"] = t.lengths
        if r.per_turn is not None:
            arrays[f"r{i}.per_turn"] = np.asarray(r.per_turn)
        for name, a in run.arrays.items():
            arrays[f"r{i}.x.{name}"] = np.asarray(a)
        index.append(entry)
    from simulator.runs.experiments import domsim_version, engine_fingerprint
    meta = {"version": domsim_version(), **(meta or {}), "engine": engine_fingerprint()}
    doc = {"format": FORMAT, "version": VERSION, "meta": meta, "runs": index}
    arrays["__meta__"] = np.frombuffer(json.dumps(doc).encode("utf-8"), dtype=np.uint8)

    with atomic_open(path, "wb") as f:
        np.savez_compressed(f, **arrays)


def load_runs(path) -> tuple[list[Run], dict]:
    """The runs and the command-level metadata saved by ``save_runs``."""
    path = Path(path)
    try:
        path.stat()                     # FileNotFoundError, PermissionError ...
        if not zipfile.is_zipfile(path):
            raise StoreError("not a .npz archive, or a truncated one")
        with np.load(path, allow_pickle=False) as z:
            return _read(z)
    except FileNotFoundError:
        raise StoreError(f"{path}: no such file") from None
    except StoreError as e:
        if str(e).startswith(f"{path}:"):
            raise
        raise StoreError(f"{path}: not a domsim records file ({e})") from None
    except OSError as e:
        raise StoreError(f"{path}: cannot read: {e.strerror or e}") from None
    except (ValueError, KeyError, TypeError, IndexError, AttributeError, EOFError,
            zipfile.BadZipFile, zlib.error, NotImplementedError) as e:
        raise StoreError(f"{path}: not a domsim records file ({_why(e)})") from None
    except Exception as e:              # whatever else zipfile and numpy raise on junk
        raise StoreError(f"{path}: not a domsim records file ({_why(e)})") from None


def foreign_note(path, meta: dict) -> str | None:
    """A note when the games in ``path`` were played by another domsim
    version or engine than this one (see the module docstring)."""
    from simulator.runs.experiments import domsim_version, engine_fingerprint
    version, engine = meta.get("version"), meta.get("engine")
    if version == domsim_version() and engine in (None, engine_fingerprint()):
        return None
    by = f"domsim {version}" if version else "an unknown domsim version"
    if version == domsim_version():
        by += " with another engine"
    return (f"note: {path} holds games played by {by} (this is domsim {domsim_version()}); "
            "the tables show them as that version played them")


def _why(e: BaseException) -> str:
    text = str(e)
    if "pickle" in text or "Object arrays" in text:
        return "it holds Python objects, which domsim never loads"
    if isinstance(e, KeyError):          # numpy: "'x is not a file in the archive'"
        name = str(e.args[0] if e.args else "").split(" is not a file")[0]
        return f"{name!r} is missing"
    return text.splitlines()[0][:200] if text else type(e).__name__


def _read(z) -> tuple[list[Run], dict]:
    if "__meta__" not in z.files:
        raise StoreError("no __meta__")
    doc = json.loads(bytes(z["__meta__"]).decode("utf-8"))
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise StoreError(f"no {FORMAT!r} format mark")
    if doc.get("version") != VERSION:
        raise StoreError(f"records file version {doc.get('version')}, this domsim "
                         f"reads version {VERSION}")
    meta = doc.get("meta", {})
    if not isinstance(meta, dict) or not isinstance(doc.get("runs"), list):
        raise StoreError("damaged metadata")
    runs = []
    for i, e in enumerate(doc["runs"]):
        try:
            runs.append(_run(z, i, e))
        except (StoreError, ValueError, KeyError, TypeError, IndexError) as x:
            raise StoreError(f"run {i}: {_why(x)}") from None
    total = sum(r.results.games for r in runs)
    if "total_games" in meta and total != meta["total_games"]:
        raise StoreError(f"{counted(total, 'game')} where its metadata says "
                         f"{meta['total_games']:,}: runs or records are missing")
    return runs, meta


def _run(z, i: int, e: dict) -> Run:
    players, n = int(e["players"]), len(e["entries"])
    records = z[f"r{i}.records"] if e["records"] else None
    tally = None
    if records is None:
        lengths = z[f"r{i}.tally.lengths"] if f"r{i}.tally.lengths" in z.files else None
        tally = Tally(*(z[f"r{i}.tally.{f}"] for f in _TALLY_FIELDS), lengths)
        shapes = [(n, players, 3), (n, 3), (n,), (n,), (3,)]
        if [a.shape for a in (tally.outcome, tally.ended, tally.vp, tally.turns,
                              tally.ended_games)] != shapes:
            raise StoreError("its totals have the wrong shape")
        if lengths is not None and lengths.ndim != 1:
            raise StoreError("its game-length histogram has the wrong shape")
    elif records.dtype != record_dtype(players):
        raise StoreError("records of an unknown layout")
    per_turn = z[f"r{i}.per_turn"] if e["per_turn"] else None
    if per_turn is not None and (per_turn.ndim != 3 or per_turn.shape[0] != n
                                 or per_turn.shape[2] != 3):
        raise StoreError("per-turn sums of the wrong shape")
    res = Results(records, e["entries"], seed=e["seed"], players=players,
                  kingdom=e["kingdom"], turn_cap=e["turn_cap"],
                  seconds=e["seconds"], tally=tally, per_turn=per_turn)
    res._tally                          # checks every record's values now
    if "games" in e and res.games != int(e["games"]):
        raise StoreError(f"{counted(res.games, 'game')} where its index says "
                         f"{int(e['games']):,}: records cut short")
    extra = {name: z[f"r{i}.x.{name}"] for name in e.get("extra", [])}
    return Run(res, e["kind"], tuple(e["strategies"]), e.get("info", {}), extra)


def concat_results(parts: list[Results], seed: int | None = None) -> Results:
    """One ``Results`` from independent batches of the same setup: records
    concatenated (or tallies added), per-turn sums added, seconds added."""
    if not parts:
        raise ValueError("nothing to combine")
    first = parts[0]
    for r in parts[1:]:
        if (r.entries, r.players, r.kingdom, r.turn_cap) != (
                first.entries, first.players, first.kingdom, first.turn_cap):
            raise ValueError("only batches of one setup (strategies, players, kingdom, "
                             "turn cap) can be combined")
    if all(r.records is not None for r in parts):
        records, tally = np.concatenate([r.records for r in parts]), None
    else:
        records = None
        tally = parts[0]._tally
        for r in parts[1:]:
            tally = tally + r._tally
    per_turn = None
    if all(r.per_turn is not None for r in parts):
        turns = max(r.per_turn.shape[1] for r in parts)
        per_turn = np.zeros((len(first.entries), turns, 3), np.int64)
        for r in parts:
            per_turn[:, :r.per_turn.shape[1]] += r.per_turn
    return Results(records, list(first.entries), seed=first.seed if seed is None else seed,
                   players=first.players, kingdom=list(first.kingdom),
                   turn_cap=first.turn_cap, seconds=sum(r.seconds for r in parts),
                   tally=tally, per_turn=per_turn)
