"""The CLI against a fake engine: output shapes and error paths, no kernel needed."""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from simulator.cli import app as cli
from simulator.cli import common as cli_common
from cli_runner import cli_runner




@pytest.fixture
def engine(monkeypatch, two_player_results):
    """A fake ``simulate`` returning hand-made results; records every call."""
    from simulator.runs import runner
    from simulator.language.strategy import StrategyError
    fake = types.SimpleNamespace(calls=[], error=None, StrategyError=StrategyError)

    def simulate(strategies, games, seed=0, *, players=None, kingdom=None,
                 turn_cap=100, edition=None, threads=None, keep_records=True,
                 progress=None, seating="all", sets=None):
        assert not keep_records         # compare keeps aggregates only: flat memory
        assert seating == "all"         # every seating, unless --seating rotate
        fake.calls.append(dict(strategies=strategies, games=games, seed=seed,
                               players=players, kingdom=kingdom, turn_cap=turn_cap,
                               threads=threads))
        if fake.error is not None:
            raise fake.error
        if progress is not None:
            progress(games // 2, games)
            progress(games, games)
        return two_player_results

    monkeypatch.setattr(runner, "simulate", simulate)
    return fake


def test_compare_table(engine):
    res = cli_runner().invoke(cli.app, ["compare", "big-money", "smithy", "--games", "5"])
    assert res.exit_code == 0, res.output
    assert "Big Money" in res.stdout and "Smithy" in res.stdout
    assert "60.00%" in res.stdout and "20.00%" in res.stdout
    assert "hit the turn cap" in res.stdout
    assert "\r" not in res.stdout and "\r" not in res.stderr   # not a TTY: no bar
    assert engine.calls == [dict(strategies=["big-money", "smithy"], games=5, seed=0,
                                 players=None, kingdom=None, turn_cap=100,
                                 threads=None)]


def test_compare_passes_options(engine):
    res = cli_runner().invoke(cli.app, [
        "compare", "a", "b", "c", "-n", "123", "--seed", "9", "--players", "4",
        "--kingdom", "Smithy, witch,Village ", "--turn-cap", "60", "--threads", "2"])
    assert res.exit_code == 0, res.output
    assert engine.calls[-1] == dict(strategies=["a", "b", "c"], games=123, seed=9,
                                    players=4, kingdom="Smithy, witch,Village ",
                                    turn_cap=60, threads=2)


def test_compare_defaults(engine):
    res = cli_runner().invoke(cli.app, ["compare", "a", "b"])
    assert res.exit_code == 0, res.output
    assert engine.calls[-1]["games"] == 10000
    assert engine.calls[-1]["seed"] == 0


def test_compare_json(engine):
    res = cli_runner().invoke(cli.app, ["compare", "big-money", "smithy", "--json"])
    assert res.exit_code == 0, res.output
    d = json.loads(res.stdout)                      # stdout is exactly one object
    assert set(d) == {"games", "seed", "players", "kingdom", "turn_cap", "ended_by",
                      "games_per_second", "strategies", "notes", "domsim_version",
                      "seating", "definitions"}
    assert [s["name"] for s in d["strategies"]] == ["Big Money", "Smithy"]
    assert d["strategies"][0]["win_rate"] == pytest.approx(0.6)
    assert d["ended_by"]["turn_cap"] == 1


@pytest.mark.parametrize("kind", ["strategy", "value"])
def test_compare_user_error(engine, kind):
    engine.error = (engine.StrategyError("unknown strategy 'nope' "
                                         "(did you mean 'big-money'?)")
                    if kind == "strategy" else ValueError("players must be 2 to 6"))
    res = cli_runner().invoke(cli.app, ["compare", "nope", "smithy"])
    assert res.exit_code == 2
    assert res.stderr.startswith("error: ")
    assert ("nope" if kind == "strategy" else "players must be") in res.stderr
    assert "Traceback" not in res.stderr + res.stdout
    assert res.stdout == ""


def test_compare_unknown_card_error(engine):
    from simulator.engine.cards import card_id
    try:
        card_id("Smithee")
    except ValueError as exc:
        engine.error = exc
    res = cli_runner().invoke(cli.app, ["compare", "a", "b", "--kingdom", "Smithee"])
    assert res.exit_code == 2
    assert res.stderr.startswith("error: unknown card 'Smithee'")


def test_compare_csv(engine, tmp_path, two_player_results):
    import pandas as pd
    out = tmp_path / "summary.csv"
    res = cli_runner().invoke(cli.app, ["compare", "a", "b", "--csv", str(out)])
    assert res.exit_code == 0, res.output
    assert "Big Money" in res.stdout                # the table is still printed
    back = pd.read_csv(out)
    summary = two_player_results.summary()
    pd.testing.assert_frame_equal(back[list(summary.columns)], summary, check_dtype=False)


def test_compare_csv_bad_directory_fails_before_running(engine, tmp_path):
    res = cli_runner().invoke(cli.app, ["compare", "a", "b", "--csv",
                                     str(tmp_path / "missing" / "s.csv")])
    assert res.exit_code == 2
    assert res.stderr.startswith("error: ")
    assert engine.calls == []


def test_bad_option_is_usage_error(engine):
    res = cli_runner().invoke(cli.app, ["compare", "a", "b", "--games", "0"])
    assert res.exit_code == 2
    assert engine.calls == []


def test_strategies_command():
    res = cli_runner().invoke(cli.app, ["strategies"])
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    assert lines[0].split() == ["stem", "name", "description"]
    assert set(lines[1]) <= {"-", " "}              # the rule under the header
    assert max(map(len, lines)) <= 80               # not a terminal: 80 columns
    stems = [line.split()[0] for line in lines[2:] if not line.startswith(" ")]
    assert stems == sorted(stems) and {"big-money", "smithy", "bm-witch"} <= set(stems)
    d = json.loads(cli_runner().invoke(cli.app, ["strategies", "--json"]).stdout)
    smithy = next(row for row in d if row["stem"] == "smithy")
    assert smithy["name"] == "Smithy" and "Smithies" in smithy["description"]


def test_progress_rendering():
    buf = io.StringIO()
    p = cli_common.Progress(buf, enabled=True, delay=0.0)
    p(500, 1000)
    p(1000, 1000)
    p.close()
    text = buf.getvalue()
    assert "500/1000" in text and "100%" in text
    assert text.count("\n") == text.count("\x1b[1A")      # one live line, then undone
    assert text.endswith("\x1b[2K")                 # line cleared for the table
    quiet = io.StringIO()
    q = cli_common.Progress(quiet, enabled=True, delay=60.0)   # a short run: no bar
    q(1000, 1000)
    q.close()
    assert quiet.getvalue() == ""


def test_help_does_not_load_the_engine():
    code = ("import sys, simulator.cli.app; "
            "print(sorted(m for m in ('numba', 'pandas', 'numpy') if m in sys.modules))")
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(root), *filter(None, [os.environ.get("PYTHONPATH")])])}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=root, env=env).stdout
    assert out.strip() == "[]"
    res = cli_runner().invoke(cli.app, ["--help"])
    assert res.exit_code == 0
    assert "compare" in res.stdout and "strategies" in res.stdout


def test_cards_and_kingdoms_commands():
    from simulator.engine.cards import NCARDS
    from simulator.engine.kingdom import RECOMMENDED
    res = cli_runner().invoke(cli.app, ["cards", "--lang", "nl", "--wide"])   # one line a card
    assert res.exit_code == 0
    lines = res.stdout.split("\n\n")[0].splitlines()[2:]                  # under the header
    assert len(lines) == NCARDS
    assert any(line.startswith("Council Room (Raadszaal)") and "$5" in line
               and "+4 Cards, +1 Buy" in line for line in lines)
    assert cli_runner().invoke(cli.app, ["cards", "--lang", "xx"]).exit_code == 2
    res = cli_runner().invoke(cli.app, ["kingdoms", "--wide"])
    assert res.exit_code == 0
    for name, cards in RECOMMENDED.items():
        assert any(line.startswith(name) and ", ".join(cards) in line
                   for line in res.stdout.splitlines())
