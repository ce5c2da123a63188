"""What a posted result needs to be rerun: the domsim version and every
strategy's full definition with a hash of it.

A definition is ``Strategy.data``: the keys as written, ``extends``
resolved, so it rebuilds the strategy without its file
(``Strategy.from_rules(**rules)``).  The hash is of that definition
(canonical JSON), so two results made with the same bot rules carry the
same hash however the file was laid out, and a changed bot file shows as a
new hash.
"""
from __future__ import annotations

import hashlib
import json


def domsim_version() -> str:
    try:
        from importlib.metadata import version
        return version("domsim")
    except Exception:
        return "unknown"


def definition_hash(rules: dict) -> str:
    text = json.dumps(rules, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def definition(strategy, label: str | None = None) -> dict:
    """{name, stem, source, hash, rules} of one strategy."""
    rules = dict(strategy.data)
    return {"name": label or strategy.name, "stem": strategy.stem,
            "source": strategy.source, "hash": definition_hash(rules), "rules": rules}


def from_data(label: str, data: dict) -> dict:
    """The same from a plan's strategy data ({"source", "keys"})."""
    rules = dict(data.get("keys", {}))
    source = str(data.get("source", ""))
    stem = source.rsplit("/", 1)[-1][:-5] if source.endswith(".toml") else label
    return {"name": label, "stem": stem, "source": source,
            "hash": definition_hash(rules), "rules": rules}


def definitions_frame(defs: list[dict]):
    """One row per strategy: name, stem, source, hash, definition (JSON)."""
    import pandas as pd
    return pd.DataFrame([{"strategy": d["name"], "stem": d["stem"], "source": d["source"],
                          "definition_hash": d["hash"], "domsim_version": domsim_version(),
                          "definition": json.dumps(d["rules"], sort_keys=True,
                                                   ensure_ascii=False)}
                         for d in defs],
                        columns=["strategy", "stem", "source", "definition_hash",
                                 "domsim_version", "definition"])


def definition_text(d: dict) -> str:
    """A definition as TOML-like text for reports (lists one rule a line)."""
    lines = [f"# {d['name']} ({d['source']}), definition hash {d['hash']}"]
    for key, value in d["rules"].items():
        if isinstance(value, list):
            lines.append(f"{key} = [")
            lines += [f"  {json.dumps(v, ensure_ascii=False)}," for v in value]
            lines.append("]")
        else:
            lines.append(f"{key} = {json.dumps(value, ensure_ascii=False)}")
    return "\n".join(lines)
