"""The architecture, as a test: every import goes down the layers, never up.

    output -> engine -> language -> runs -> search -> reports -> benchmarks
           -> API (simulator.api) -> CLI (simulator.cli) -> entry points
              (simulator/__init__.py's shortcuts, python -m simulator)

A module may import its own layer and any layer below it.  Imports inside
functions count as much as those at the top of a module: a lazy import is
still a dependency.  No exceptions are listed.
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from source_trees import parse

ROOT = Path(__file__).resolve().parents[1]

# the layer of a module, by its dotted-name prefix (longest prefix wins)
LAYERS = {
    "simulator.output": 0,
    "simulator.engine": 1,
    "simulator.language": 2,
    "simulator.runs": 3,
    "simulator.search": 4,
    "reports": 5,
    "benchmarks": 6,
    "simulator.api": 7,
    "simulator.cli": 8,
    "simulator": 9,                 # simulator/__init__.py and __main__.py
}
NAMES = {n: name for name, n in LAYERS.items()}


def layer_of(module: str) -> int | None:
    best = None
    for prefix, n in LAYERS.items():
        if module == prefix or module.startswith(prefix + "."):
            if best is None or len(prefix) > len(best[0]):
                best = (prefix, n)
    return best and best[1]


def modules() -> dict[str, Path]:
    out = {}
    for top in ("simulator", "reports", "benchmarks"):
        for path in (ROOT / top).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def imports(module: str, path: Path) -> list[tuple[int, str]]:
    """(line, imported module) of every import in the file, resolved."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(parse(path)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            # 'from simulator.engine import kernel' imports simulator.engine
            # (its __init__ runs) and simulator.engine.kernel
            found += [(node.lineno, base)] + [(node.lineno, f"{base}.{a.name}")
                                              for a in node.names]
    return found


def _known(name: str, mods: dict) -> str:
    while name and name not in mods:
        name = name.rpartition(".")[0]
    return name


def upward_imports() -> list[str]:
    mods = modules()
    bad = []
    for mod, path in sorted(mods.items()):
        mine = layer_of(mod)
        for line, target in imports(mod, path):
            target = _known(target, mods)
            theirs = layer_of(target) if target else None
            if theirs is not None and mine is not None and theirs > mine:
                bad.append(f"{path.relative_to(ROOT)}:{line}: {mod} ({NAMES[mine]}) "
                           f"imports {target} ({NAMES[theirs]})")
    return bad


def test_every_module_has_a_layer():
    assert [m for m in modules() if layer_of(m) is None] == []


def test_no_import_goes_up_a_layer():
    assert upward_imports() == []


def test_the_check_sees_an_upward_import(monkeypatch):
    """The test above can fail: an engine module importing the runner is seen."""
    path = ROOT / "simulator" / "engine" / "cards" / "__init__.py"
    found = imports("simulator.engine.cards", path)
    found.append((1, "simulator.runs.runner"))
    monkeypatch.setattr(sys.modules[__name__], "imports", lambda m, p: found
                        if m == "simulator.engine.cards" else [])
    assert any("simulator.engine.cards (simulator.engine) imports simulator.runs.runner"
               in b for b in upward_imports())


@pytest.mark.skipif(not (ROOT.parent / "shared" / "tools" / "import_cycles.py").exists(),
                    reason="../shared/tools is not beside this checkout")
def test_no_import_cycle_between_folders():
    import subprocess
    done = subprocess.run([sys.executable, str(ROOT.parent / "shared" / "tools" /
                                               "import_cycles.py"), str(ROOT)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout
