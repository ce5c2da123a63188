"""The engine: the card registry, the numba kernel that plays the rules,
its program format and kingdoms.  It knows nothing of strategy files,
runs or reports."""
import importlib.util
import os
from pathlib import Path


def engine_sources() -> list[Path]:
    """Every source file of the engine: what the compiled kernel is made of
    and reads (the numba cache folder and the engine fingerprint key on it),
    the extra card sets of DOMSIM_EXTRA_SETS included (found, not imported)."""
    files = sorted(Path(__file__).parent.rglob("*.py"))
    for name in os.environ.get("DOMSIM_EXTRA_SETS", "").split(","):
        spec = importlib.util.find_spec(name.strip()) if name.strip() else None
        if spec is not None and spec.origin:
            files.append(Path(spec.origin))
    return files
