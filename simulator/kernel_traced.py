"""The rules kernel with its event log compiled in, for ``trace_game``.

kernel.py's own source, run a second time as this module with ``TRACE``
on, so that the kernel runs use carries no log checks at all (they cost
untraced games 8.5%: benchmarks/trace.py).  Its functions have kernel.py's
file, names and lines, so numba caches this build in a folder of its own.
"""
from pathlib import Path

import numba

from . import kernel as _plain

_DOC = __doc__
TRACE = True
_SOURCE = Path(_plain.__file__)
_CACHE = numba.config.CACHE_DIR           # set by simulator/__init__.py
if not _CACHE:
    raise RuntimeError("simulator.kernel_traced needs numba's cache folder "
                       "(NUMBA_CACHE_DIR), which importing simulator sets")
numba.config.CACHE_DIR = str(Path(_CACHE) / "traced")
try:
    exec(compile(_SOURCE.read_text(encoding="utf-8"), str(_SOURCE), "exec"), globals())
finally:
    numba.config.CACHE_DIR = _CACHE
__doc__ = _DOC
assert TRACE, "kernel.py must read TRACE from its namespace"
