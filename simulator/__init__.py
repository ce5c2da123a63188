"""domsim: a numba-compiled Dominion simulator driven by declarative strategies."""
import hashlib
import os
import sys
from pathlib import Path

# numba's on-disk cache notices a change to a function's own file only, not to
# the files it calls or whose constants it freezes (the card table).  Keying
# the cache folder on the engine's sources makes a stale kernel impossible;
# keying it on DOMSIM_TRACE=0 keeps the kernel without its event log apart.


def _cache_dir() -> str:
    from simulator.engine import engine_sources       # imports no numba
    engine = Path(__file__).parent / "engine"
    digest = hashlib.sha256()
    for path in engine_sources():
        digest.update(str(path.relative_to(engine) if path.is_relative_to(engine)
                          else path.name).encode())
        digest.update(path.read_bytes())
    if os.environ.get("DOMSIM_TRACE") == "0":
        digest.update(b"without the event log")
    root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return str(root / "domsim" / digest.hexdigest()[:16])


if "NUMBA_CACHE_DIR" not in os.environ:
    os.environ["NUMBA_CACHE_DIR"] = _cache_dir()
    if "numba" in sys.modules:
        sys.modules["numba"].config.reload_config()


def simulate(*args, **kwargs):
    """See ``simulator.runs.runner.simulate`` (imported lazily: it loads numba)."""
    from .runner import simulate as _simulate
    return _simulate(*args, **kwargs)


def tournament(*args, **kwargs):
    """See ``simulator.api.tournament``."""
    from .api import tournament as _tournament
    return _tournament(*args, **kwargs)


def sweep(*args, **kwargs):
    """See ``simulator.api.sweep``."""
    from .api import sweep as _sweep
    return _sweep(*args, **kwargs)


def balance(*args, **kwargs):
    """See ``simulator.api.balance``."""
    from .api import balance as _balance
    return _balance(*args, **kwargs)
