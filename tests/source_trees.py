"""One parse of a source file a session, shared by the tests that read the
code (tests/test_layers.py, test_registry.py, test_invariants.py)."""
from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=None)
def _parse(path: Path, mtime_ns: int) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def parse(path) -> ast.Module:
    """The file's syntax tree (parsed again only if the file changed): shared,
    so read it and never change it."""
    path = Path(path).resolve()
    return _parse(path, path.stat().st_mtime_ns)
