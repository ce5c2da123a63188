"""Every rule case, shared and our own, as its own test.

The shared suite is written independently of the code; ``tests/conformance``
is its copy in this repository (so a checkout alone never skips it), kept
equal to ``../shared/conformance`` by a test wherever that folder is beside
the checkout.  ``tests/scenarios`` holds this project's scenario tests in the
same format (one per card and per "often forgotten" rule the shared suite
leaves out).  Both run through the kernel's own step functions.
"""
from pathlib import Path

import pytest

from simulator.runs.conformance import load_cases, run_case

HERE = Path(__file__).parent
SHARED = HERE / "conformance"                          # the copy
UPSTREAM = HERE.parent.parent / "shared" / "conformance"
OWN = HERE / "scenarios"


def _params(folder: Path):
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


@pytest.mark.skipif(not UPSTREAM.is_dir(), reason=f"{UPSTREAM} is not beside this checkout")
def test_the_copy_of_the_shared_suite_is_current():
    files = {p.name: p.read_bytes() for p in UPSTREAM.iterdir() if p.is_file()}
    copy = {p.name: p.read_bytes() for p in SHARED.iterdir() if p.is_file()}
    assert copy.keys() == files.keys(), "copy ../shared/conformance/* to tests/conformance/"
    stale = sorted(name for name in files if copy[name] != files[name])
    assert not stale, f"tests/conformance differs from ../shared/conformance: {stale}"


# ---------------------------------------------------------------- the command

def _invoke(*args):
    import typer.testing
    from simulator.cli import app as cli
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


def _passes(folder: Path):
    res = _invoke(folder)
    assert res.exit_code == 0, res.output
    cases = load_cases(folder)
    xfail = sum(1 for c in cases if c.xfail)
    summary = f"{len(cases) - xfail} passed, 0 failed"
    assert res.output.strip().endswith(
        summary + (f", {xfail} expected failures" if xfail else ""))


def test_command_passes_some_own_scenarios(tmp_path):
    """The quick tier: a folder of two scenario files (every case also runs
    as its own test above; the whole folder through the command is slow)."""
    for name in ("woodcutter.toml", "adventurer.toml"):
        (tmp_path / name).write_bytes((OWN / name).read_bytes())
    _passes(tmp_path)


@pytest.mark.slow
def test_command_passes_own_scenarios():
    _passes(OWN)


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


# ---------------------------------------------------------------- issue 28: case mistakes

BM_KINGDOM = ('kingdom = ["Black Market", "Smithy", "Cellar", "Chapel", "Moat", "Harbinger", '
              '"Merchant", "Vassal", "Village", "Workshop"]\n')


@pytest.mark.parametrize("body, line", [
    # a play of a card not in the hand was played anyway (a count of -1)
    ('kingdom = ["Smithy"]\n[case.p0]\nhand = ["Copper"]\n[case.step]\nkind = "play"\n'
     'card = "Smithy"\n', "x: step.card: Smithy is not in p0's hand (Copper)"),
    ('[case.p0]\nhand = ["Copper"]\n[case.step]\nkind = "play"\ncard = "Copper"\n',
     "x: step.card: Copper is not an Action card"),
    ('[case.p0]\nhand = ["Copper"]\n[case.step]\nkind = "play"\ncard = "Smithee"\n',
     "x: step.card: unknown card 'Smithee'"),
    # base cards were accepted in the Black Market deck
    (BM_KINGDOM + 'black_market = ["Copper", "Witch"]\n[case.p0]\nhand = ["Black Market"]\n'
     '[case.step]\nkind = "play"\ncard = "Black Market"\n',
     "x: black_market: Copper is a base card; the Black Market deck holds kingdom cards"),
    # a strategy error read '<python>: …'
    ('kingdom = ["Smithy"]\n[case.p0]\nhand = ["Smithy"]\nstrategy = { buy = ["Gld"] }\n'
     '[case.step]\nkind = "play"\ncard = "Smithy"\n',
     "x: p0.strategy: buy[1] \"Gld\": unknown card 'Gld'"),
    ('kingdom = ["Smithy"]\n[case.p1]\nstrategy = { buy = ["Witch"] }\n[case.p0]\n'
     'hand = ["Smithy"]\n[case.step]\nkind = "play"\ncard = "Smithy"\n',
     "x: p1.strategy: buy[1] \"Witch\": Witch is not in the kingdom"),
    ('[case.p0]\nstrategy = "Gold"\n[case.step]\nkind = "turn"\n',
     "x: p0.strategy must be a table"),
    # other fields, named
    ('[case.p0]\nhand = ["Copper*x"]\n[case.step]\nkind = "turn"\n',
     "x: p0.hand: 'Copper*x': the count after '*' must be a whole number"),
    ('[case.p0]\nhand = [3]\n[case.step]\nkind = "turn"\n', "x: p0.hand: card names are strings"),
    ('supply = { Witch = 3 }\n[case.step]\nkind = "turn"\n',
     "x: supply.Witch: Witch is not in the kingdom"),
    ('supply = { Province = "many" }\n[case.step]\nkind = "turn"\n',
     "x: supply.Province: a whole number from 0 to 32767 is needed, not 'many'"),
    ('[case.p0]\ncoins = -2\n[case.step]\nkind = "turn"\n', "x: p0.coins: a whole number"),
])
def test_case_mistakes_name_the_case_and_field(tmp_path, body, line):
    (tmp_path / "bad.toml").write_text('[[case]]\nid = "x"\n' + body)
    res = _invoke(tmp_path)
    assert res.exit_code == 2, res.output
    assert res.output == f"error: bad.toml: {line}" + res.output.split(line, 1)[1], res.output
    assert len(res.output.splitlines()) == 1 and "<python>" not in res.output


def test_a_black_market_case_strategy_may_name_any_card_of_the_pool(tmp_path):
    """With Black Market in the kingdom a rule may name any pool card (it may
    be in the Black Market deck), as in a game; cases refused such rules."""
    (tmp_path / "bm.toml").write_text(
        '[[case]]\nid = "pool"\n' + BM_KINGDOM + 'black_market = ["Witch"]\n[case.p0]\n'
        'hand = ["Black Market", "Gold", "Gold"]\n'
        'strategy = { buy = ["Laboratory", "Witch"] }\n[case.step]\nkind = "play"\n'
        'card = "Black Market"\n[case.expect.p0]\ndiscard = ["Witch"]\n'
        '[case.expect]\nblack_market = []\n')
    res = _invoke(tmp_path / "bm.toml")
    assert res.exit_code == 0, res.output
    assert res.output.strip() == "1 passed, 0 failed"
