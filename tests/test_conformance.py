"""Every rule case, shared and our own, as its own test.

The shared suite (``../shared/conformance``) is written independently of the
code; ``tests/scenarios`` holds this project's scenario tests in the same
format (one per card and per "often forgotten" rule the shared suite leaves
out).  Both run through the kernel's own step functions.
"""
from pathlib import Path

import pytest

from simulator.conformance import load_cases, run_case

HERE = Path(__file__).parent
SHARED = HERE.parent.parent / "shared" / "conformance"
OWN = HERE / "scenarios"


def _params(folder: Path):
    if not folder.is_dir():
        return [pytest.param(None, marks=pytest.mark.skip(
            reason=f"the shared rule suite lives in {folder} (absent in this checkout)"))]
    return [pytest.param(case, id=case.id,
                         marks=[pytest.mark.xfail(reason=case.xfail, strict=True)]
                         if case.xfail else [])
            for case in load_cases(folder)]


@pytest.mark.parametrize("case", _params(SHARED))
def test_shared_case(case):
    assert run_case(case) == []


@pytest.mark.parametrize("case", _params(OWN))
def test_own_scenario(case):
    assert run_case(case) == []
