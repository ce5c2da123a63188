"""What a short ``domsim compare`` does not pay for at start: pandas (half a
second to import) unless a CSV or Parquet file is asked for."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

_COMPARE = """
import sys
from simulator.cli import app as cli
for extra in {runs!r}:
    cli.app(["compare", "big-money", "smithy", "--games", "20", *extra],
            standalone_mode=False)
print("pandas" in sys.modules)
"""


def _pandas_imported(tmp_path, runs) -> bool:
    """Run compare once per argument list in one fresh interpreter (the real
    engine); whether pandas got imported."""
    out = subprocess.run([sys.executable, "-c", _COMPARE.format(runs=runs)], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    return out.stdout.splitlines()[-1] == "True"


@pytest.mark.slow
def test_compare_table_and_json_do_not_import_pandas(tmp_path):
    assert not _pandas_imported(tmp_path, [[], ["--json"],
                                           ["--json-out", str(tmp_path / "r.json")]])
    assert (tmp_path / "r.json").exists()


@pytest.mark.slow
def test_compare_csv_still_writes_the_summary(tmp_path):
    """The summary table is still made when asked for (and the check above
    does see pandas when it is imported)."""
    csv = tmp_path / "r.csv"
    assert _pandas_imported(tmp_path, [["--csv", str(csv)]])
    assert csv.read_text().startswith("strategy,games,copies,")
