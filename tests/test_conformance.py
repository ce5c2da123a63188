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


# ---------------------------------------------------------------- the command

def _invoke(*args):
    import typer.testing
    from simulator import cli
    return typer.testing.CliRunner().invoke(cli.app, ["conformance", *map(str, args)])


BROKEN = '''
[[case]]
id = "smithy-draws-three-wrongly"
rule = "test"
kingdom = ["Smithy"]
[case.p0]
hand = ["Smithy"]
deck = ["Silver", "Gold", "Estate", "Copper"]
[case.step]
kind = "play"
card = "Smithy"
[case.expect.p0]
hand = ["Silver", "Gold", "Copper"]
deck = ["Estate"]
'''


def test_command_reports_first_difference_and_fails(tmp_path):
    (tmp_path / "broken.toml").write_text(BROKEN)
    res = _invoke(tmp_path)
    assert res.exit_code == 1
    assert "FAIL smithy-draws-three-wrongly (broken.toml): p0.hand: expected" in res.output
    assert res.output.strip().endswith("0 passed, 1 failed")


def test_command_passes_own_scenarios():
    res = _invoke(OWN)
    assert res.exit_code == 0, res.output
    cases = load_cases(OWN)
    xfail = sum(1 for c in cases if c.xfail)
    summary = f"{len(cases) - xfail} passed, 0 failed"
    assert res.output.strip().endswith(
        summary + (f", {xfail} expected failures" if xfail else ""))


@pytest.mark.parametrize("text, message", [
    ('[[case]]\nid = "x"\nrule = "r"\n[case.step]\nkind = "dance"\n', "kind must be one of"),
    ('[[case]]\nrule = "r"\n', "needs an `id`"),
    ('[[case]]\nid = "x"\nplayers = 9\n[case.step]\nkind = "turn"\n', "players must be 2 to 6"),
    ('[[case]]\nid = "x"\n[case.p0]\nhand = ["Smithee"]\n[case.step]\nkind = "turn"\n',
     "did you mean 'Smithy'"),
    ('[[case]]\nid = "x"\n[case.step]\nkind = "turn"\n[case.expect]\nscore = 3\n',
     "unknown key"),
    ('[[case]\n', "bad.toml"),
])
def test_malformed_case_named(tmp_path, text, message):
    (tmp_path / "bad.toml").write_text(text)
    res = _invoke(tmp_path)
    assert res.exit_code == 2
    assert message in res.output and "bad.toml" in res.output
    assert "Traceback" not in res.output
