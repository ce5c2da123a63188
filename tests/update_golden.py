"""Rewrite the golden game logs (tests/golden/) from the current engine and
print what changed.  Review every changed line against RULES.md before
committing: the tests only compare, they never write.

    python tests/update_golden.py
"""
from __future__ import annotations

import difflib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from test_gamelog import golden_texts  # noqa: E402


def main() -> int:
    changed = 0
    for path, text in golden_texts().items():
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        if old == text:
            print(f"{path.name}: unchanged")
            continue
        changed += 1
        sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), text.splitlines(True),
                                                   f"{path.name} (before)", f"{path.name} (now)"))
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    print(f"{changed} golden file(s) rewritten: review the diff above")
    return 0


if __name__ == "__main__":
    sys.exit(main())
