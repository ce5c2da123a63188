"""Where the multi-run commands write, used correctly: chart folders
(``--out``, ``--force``), tables on stdout and on streams, report folders'
modes and paths.  The refusals themselves are rows of
tests/test_bad_inputs.py."""
from __future__ import annotations

import io
import os
import stat
import subprocess
import sys
import threading

import pandas as pd
import pytest

from simulator.cli import app as cli
from simulator.output.files import MARKER
from cli_runner import cli_runner

TOUR = ["tournament", "big-money", "smithy", "--games", "20"]


def run(args, ok=True, cwd=None):
    runner = cli_runner()
    here = os.getcwd()
    try:
        if cwd is not None:
            os.chdir(cwd)
        res = runner.invoke(cli.app, [str(a) for a in args])
    finally:
        os.chdir(here)
    if ok:
        assert res.exit_code == 0, (res.stdout[-2000:], res.stderr[-2000:], res.exception)
    return res


def _shell(args, cwd, **kw):
    return subprocess.run([sys.executable, "-m", "simulator", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, timeout=600, **kw)


# ============================================================ --out chart folders

@pytest.mark.slow
def test_a_new_chart_folder_is_marked_and_written_again(tmp_path):
    out = tmp_path / "charts"
    run([*TOUR, "--out", out])
    assert (out / MARKER).is_file() and (out / "index.html").is_file()
    assert stat.S_IMODE(out.stat().st_mode) == 0o777 & ~_umask()
    run([*TOUR, "--seed", "1", "--out", out])          # domsim's own folder: no --force


@pytest.mark.slow
def test_force_replaces_only_domsims_files_and_leaves_the_folder_unmarked(tmp_path):
    out = tmp_path / "site"
    out.mkdir()
    (out / "index.html").write_text("<p>my page</p>")
    (out / "thesis.tex").write_text("my thesis")
    res = run([*TOUR, "--out", out], ok=False)
    assert res.exit_code == 2 and "it would replace index.html" in res.stderr
    assert (out / "index.html").read_text() == "<p>my page</p>"
    run([*TOUR, "--out", out, "--force"])
    assert (out / "thesis.tex").read_text() == "my thesis"
    assert "Tournament" in (out / "index.html").read_text()
    assert not (out / MARKER).exists()                  # still the user's folder
    assert run([*TOUR, "--out", out], ok=False).exit_code == 2


@pytest.mark.slow
def test_an_empty_folder_is_written_into(tmp_path):
    out = tmp_path / "empty"
    out.mkdir()
    run(["sweep", "--best-card", "--kingdoms", "recommended", "--games", "20", "--out", out])
    assert {p.name for p in out.iterdir()} == {"kingdoms.png", "kingdoms.svg", "index.html",
                                               MARKER}


# ============================================================ tables on stdout, streams

def test_csv_dash_prints_the_main_table_instead_of_the_text(tmp_path):
    res = run([*TOUR, "--csv", "-"], cwd=tmp_path)
    matrix = pd.read_csv(io.StringIO(res.stdout))
    assert list(matrix.columns[:3]) == ["row", "column", "games"] and len(matrix) == 2
    assert "note: --csv - gets the main table (matrix) only; the others (ranking, pairs, " \
           "strategies)" in res.stderr
    assert list(tmp_path.iterdir()) == []                # no file named '-'
    res = run(["compare", "big-money", "smithy", "--games", "10", "--csv", "-"],
              cwd=tmp_path)
    assert res.stdout.startswith("strategy,games,") and res.stderr == ""
    assert list(tmp_path.iterdir()) == []


def test_a_fifo_gets_the_main_table_and_nothing_is_made_beside_it(tmp_path):
    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()))
    reader.start()
    res = run([*TOUR, "--csv", fifo])
    reader.join(timeout=60)
    assert got and got[0].startswith("row,column,games")
    assert "gets the main table (matrix) only" in res.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["pipe.csv"]


@pytest.mark.slow
def test_dev_stdout_gets_the_main_table_and_dev_gets_no_files(tmp_path):
    before = set(os.listdir("/dev"))
    with open(tmp_path / "out.txt", "w") as f:
        res = subprocess.run([sys.executable, "-m", "simulator", *TOUR, "--csv",
                              "/dev/stdout", "--parquet", "/dev/stderr"], cwd=tmp_path,
                             stdout=f, stderr=subprocess.PIPE, timeout=600)
    assert res.returncode == 0, res.stderr[-2000:]
    assert set(os.listdir("/dev")) == before             # no /dev/stdout-pairs.csv
    assert "\nrow,column,games" in (tmp_path / "out.txt").read_text()
    assert b"--parquet /dev/stderr gets the main table (matrix) only" in res.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


@pytest.mark.slow
def test_parquet_dash_writes_the_main_table_to_stdout(tmp_path):
    out = tmp_path / "m.parquet"
    with open(out, "wb") as f:
        res = subprocess.run([sys.executable, "-m", "simulator", *TOUR, "--parquet", "-"],
                             cwd=tmp_path, stdout=f, stderr=subprocess.PIPE, timeout=600)
    assert res.returncode == 0, res.stderr[-2000:]
    assert list(pd.read_parquet(out).columns[:2]) == ["row", "column"]


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


# ============================================================ report folders

@pytest.mark.slow
def test_reports_name_strategy_files_relative_to_themselves(tmp_path):
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "mine.toml").write_text(
        'name = "Mine"\nbuy = ["Province", "Gold", "Silver"]\n')
    (tmp_path / "site").mkdir()
    run([*TOUR[:1], "bots/mine.toml", "big-money", "--games", "20", "--out",
         "site/t"], cwd=tmp_path)
    page = (tmp_path / "site" / "t" / "index.html").read_text()
    assert "# Mine (../../bots/mine.toml)" in page
    assert "# Big Money (shipped: big-money.toml)" in page
    assert str(tmp_path) not in page and os.sep + "strategies" + os.sep not in page


@pytest.mark.slow
def test_balance_report_holds_no_absolute_paths(tmp_path, build_records):
    from reports import balance as BAL
    from simulator.runs.provenance import definition
    from simulator.language.strategy import load_strategy
    from tests.test_reports import _balance_runs
    mine = tmp_path / "mine.toml"
    mine.write_text('name = "Mine"\nbuy = ["Province", "Gold", "Silver"]\n')
    defs = [definition(load_strategy(mine)), definition(load_strategy("smithy"))]
    b = BAL.build(_balance_runs(build_records), {"definitions": defs})
    out = BAL.write(tmp_path / "rep", b)
    for name in ("index.html", "report.md", "strategies.csv"):
        text = (out / name).read_text()
        assert str(tmp_path) not in text and "/strategies/" not in text, name
        assert "../mine.toml" in text and "shipped: smithy.toml" in text, name


@pytest.mark.slow
def test_an_optimize_report_folder_gets_the_umask_mode(tmp_path, monkeypatch):
    from simulator.search import optimize as O
    for name, value in dict(ROUND_SIZE=2, RUNG_GAMES=16, FINAL_GAMES=40,
                            FIELD_GAMES=20).items():
        monkeypatch.setattr(O, name, value)
    old = os.umask(0o022)
    try:
        run(["optimize", "--kingdom", "First Game", "--evaluations", "2", "--quiet",
             "--out", tmp_path / "w.toml", "--report", tmp_path / "rep"])
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "rep").stat().st_mode) == 0o755    # was 0700


# ============================================================ saved records read back

def _balance_file(path, build_records, **meta):
    from simulator.runs.store import save_runs
    from tests.test_reports import _balance_runs
    runs = _balance_runs(build_records)
    save_runs(path, runs, {"command": "report balance", "simulated": "2020-01-02 03:04 UTC",
                           "total_games": sum(r.results.games for r in runs), **meta})
    return sum(r.results.games for r in runs)


@pytest.mark.slow
def test_balance_from_records_says_read_not_simulated(tmp_path, build_records):
    games = _balance_file(tmp_path / "b.npz", build_records)
    res = run(["report", "balance", "--out", "rep", "--from", "b.npz"], cwd=tmp_path)
    assert res.stdout.rstrip().endswith(
        f"{games} games read from b.npz (simulated 2020-01-02 03:04 UTC by domsim "
        f"{_version()})")
    assert "simulated in" not in res.stdout and res.stderr == ""


@pytest.mark.slow
def test_records_of_another_version_are_read_with_a_note(tmp_path, build_records):
    _balance_file(tmp_path / "old.npz", build_records, version="0.0.1")
    res = run(["report", "balance", "--out", "rep", "--from", "old.npz"], cwd=tmp_path)
    assert res.stderr == (f"note: old.npz holds games played by domsim 0.0.1 (this is domsim "
                          f"{_version()}); the tables show them as that version played them\n")
    assert "by domsim 0.0.1)" in res.stdout
    report = (tmp_path / "rep" / "report.md").read_text()
    assert f"with domsim {_version()}" in report and "by domsim 0.0.1" in report


def test_records_missing_games_are_refused(tmp_path, build_records):
    games = _balance_file(tmp_path / "b.npz", build_records, total_games=10**6)
    res = run(["report", "balance", "--out", "rep", "--from", "b.npz"], cwd=tmp_path,
              ok=False)
    assert res.exit_code == 2 and res.stderr == (
        f"error: b.npz: not a domsim records file ({games} games where its metadata says "
        "1,000,000: runs or records are missing)\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.npz"]


def _version() -> str:
    from simulator.runs.provenance import domsim_version
    return domsim_version()


# ============================================================ cosmetics

def test_counts_of_one_read_singular():
    from simulator.output.termtable import counted
    assert [counted(1, "round"), counted(2, "round"), counted(1000, "game")] == \
        ["1 round", "2 rounds", "1,000 games"]
    res = run(["compare", "big-money", "smithy", "--games", "4", "--turn-cap", "1"])
    assert "hit the turn cap of 1 turn;" in res.stdout


def test_a_sweep_of_one_kingdom_says_one(tmp_path):
    (tmp_path / "k.txt").write_text("Solo: Smithy, Village, Market, Moat, Cellar, Chapel, "
                                    "Mine, Remodel, Workshop, Witch\n")
    res = run(["sweep", "--kingdoms", tmp_path / "k.txt", "--strategies",
               "big-money,smithy", "--games", "10"])
    assert res.stdout.startswith("Kingdom sweep: 1 kingdom, 1 matchup played,")


def test_a_one_turn_chart_has_a_whole_number_axis():
    import numpy as np
    from reports import charts
    from reports import tables as T
    b = np.ones((3, 1, 1, 3), np.int64)              # 3 batches, 1 bot, 1 turn
    curves = T.turn_curve(b.sum(axis=0), 0, b, label="bot")
    fig = charts.turn_chart(curves, title="t")
    for ax in fig.axes[:3]:
        low, high = ax.get_xlim()
        assert high - low >= 2
        ticks = [t for t in ax.get_xticks() if low <= t <= high]
        assert ticks and all(float(t).is_integer() for t in ticks), ticks
    charts.plt.close(fig)


def _header(text: str) -> str:
    """The header of the first table in ``text``: its lines (long headers
    wrap) above the dashed line, up to a blank or a "Title:" line, joined."""
    lines = text.splitlines()
    end = start = next(i for i, line in enumerate(lines) if line.startswith("-"))
    while start > 0 and lines[start - 1].strip() and not lines[start - 1].endswith(":"):
        start -= 1
    return " ".join(lines[start:end])


@pytest.mark.slow
def test_a_narrow_compare_keeps_ties_longest(two_player_results):
    for width in range(40, 200, 3):
        head = _header(two_player_results.table(width))
        if "ties" not in head:
            assert not any(c in head for c in ("wins", "losses", "avg VP", "avg turns")), \
                (width, head)
        seat_head = _header(two_player_results.table(width).split("by seat")[1])
        if "ties" not in seat_head:
            assert "wins" not in seat_head and "games" not in seat_head, (width, seat_head)


@pytest.mark.slow
def test_a_narrow_tournament_keeps_the_score_it_ranks_by():
    from simulator import api
    t = api.tournament(["big-money", "smithy", "bm-witch"], 20, progress=False)
    for width in range(50, 200, 5):
        ranking = t.text(width).split("Ranking:")[1]
        assert "avg score" in _header(ranking), width
