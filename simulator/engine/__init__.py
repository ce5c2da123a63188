"""The engine: the card registry, the numba kernel that plays the rules,
its program format and kingdoms.  It knows nothing of strategy files,
runs or reports."""
from pathlib import Path


def engine_sources() -> list[Path]:
    """Every source file of the engine: what the compiled kernel is made of
    and reads (the numba cache folder and the engine fingerprint key on it)."""
    return sorted(Path(__file__).parent.rglob("*.py"))
