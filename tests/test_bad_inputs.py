"""Bad inputs, end to end: one ``error:`` line, the right exit code, and not
a byte of the user's files written or deleted.

The table's workspace holds what a careless command could destroy: a FIFO,
symlinks, a folder of unrelated files (one of them an ``index.html``, as a
report would have), damaged records files.  Every row runs in it and
compares a snapshot of it (names, types, link targets, contents, modes)
before and after.  Below the table: the same paths used correctly (written
through, never renamed over), a full stdout, and Ctrl-C during endless games.
"""
from __future__ import annotations

import hashlib
import json
import os
import pty
import random
import re
import select
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from simulator.cli import app as cli
from cli_runner import cli_runner

ROOT = os.geteuid() == 0             # root ignores file permissions
IDLE = 'name = "Idle"\ndescription = "never buys"\nbuy = ["Province if false"]\n'




@pytest.fixture(scope="module")
def ws(tmp_path_factory):
    """The workspace: every row's cwd and everything it must leave alone."""
    from simulator.runs.store import Run, save_runs
    from simulator.runs.records import record_dtype
    from simulator.runs.results import Results
    d = tmp_path_factory.mktemp("ws")
    (d / "unrelated").mkdir()
    (d / "unrelated" / "thesis.tex").write_text("my thesis")
    (d / "unrelated" / "index.html").write_text("<p>my homepage</p>")
    (d / "empty").mkdir()
    (d / "misspelt").mkdir()
    (d / "misspelt" / "cases.toml").write_text('[[cases]]\nid = "a"\n')
    (d / "keep.csv").write_text("precious\n")
    (d / "notes.txt").write_text("not a folder\n")
    os.mkfifo(d / "fifo")
    with open(d / "huge.toml", "wb") as f:       # 64 MB, sparse: over the 1 MB limit
        f.truncate(64 << 20)
    os.symlink("unrelated", d / "link-dir")
    os.symlink("keep.csv", d / "link.csv")
    os.symlink("missing/x.csv", d / "dangling.csv")
    (d / "ro.csv").write_text("read-only\n")
    os.chmod(d / "ro.csv", 0o444)
    (d / "ro-dir").mkdir()
    os.chmod(d / "ro-dir", 0o555)
    for name, expr in [("deep-not", "not " * 500 + "true"),
                       ("deep-neg", "-" * 500 + "my.money > 1"),
                       ("deep-plus", "my.money" + " + 0" * 500 + " > 1")]:
        (d / f"{name}.toml").write_text(f'name = "{name}"\nbuy = ["Gold if {expr}"]\n')
    # records files: a good one, then damaged copies of it
    res = Results(np.zeros(6, record_dtype(2)), ["A", "B"], seed=1, players=2,
                  kingdom=[], turn_cap=100, seconds=0.1)
    save_runs(d / "good.npz", [Run(res, "pair", ("a", "b"))], {"command": "report balance"})
    good = (d / "good.npz").read_bytes()
    (d / "truncated.npz").write_bytes(good[:len(good) // 2])
    import zipfile
    with zipfile.ZipFile(d / "good.npz") as z:           # a bit inside the records
        info = z.getinfo("r0.records.npy")
    at = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    flipped = bytearray(good)
    flipped[at + info.compress_size // 2] ^= 0x40
    (d / "flipped.npz").write_bytes(bytes(flipped))
    (d / "random.npz").write_bytes(random.Random(5).randbytes(4000))
    with np.load(d / "good.npz") as z:
        np.savez(d / "incomplete.npz", **{k: z[k] for k in z.files if k != "r0.records"})
    np.savez(d / "objects.npz", __meta__=np.array([{"a": 1}], dtype=object))
    # outputs (issue 28): records cut short, an unknown compression method, format 2
    with np.load(d / "good.npz") as z:
        arrays = {k: z[k] for k in z.files}
    np.savez(d / "short.npz", **{**arrays, "r0.records": arrays["r0.records"][:3]})
    doc = json.loads(bytes(arrays["__meta__"]))
    np.savez(d / "v2.npz", **{**arrays, "__meta__": np.frombuffer(
        json.dumps({**doc, "version": 2}).encode(), np.uint8)})
    method = bytearray(good)
    for at, size in ((good.find(b"PK\x01\x02") + 10, 2), (8, 2)):   # central + local header
        method[at:at + size] = (99).to_bytes(2, "little")
    (d / "method.npz").write_bytes(bytes(method))
    # Geronimoo bot files (issue 34): a good one, a broken one, one with a DTD; a
    # folder holding a strategy file of the name an imported bot would get
    bot = '<player name="Smithy"><buy name="Smithy"/><buy name="Young_Witch"/></player>\n'
    (d / "bots.xml").write_text(f"<playerCollection>\n{bot}</playerCollection>\n")
    (d / "broken.xml").write_text('<playerCollection>\n<player name="x">\n</buy>\n')
    (d / "dtd.xml").write_text('<!DOCTYPE p [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n'
                               '<player name="&e;"/>\n')
    (d / "mine").mkdir()
    (d / "mine" / "smithy.toml").write_text(IDLE)
    return d


def snapshot(root: Path) -> dict:
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            p = Path(dirpath) / name
            st = p.lstat()
            if stat.S_ISLNK(st.st_mode):
                what = ("link", os.readlink(p))
            elif stat.S_ISREG(st.st_mode):
                what = ("file", hashlib.sha1(p.read_bytes()).hexdigest())
            else:
                what = (stat.S_IFMT(st.st_mode), "")
            out[str(p.relative_to(root))] = (*what, stat.S_IMODE(st.st_mode), st.st_ino)
    return out


def not_root(reason="root may write read-only files"):
    return pytest.mark.skipif(ROOT, reason=reason)


G = ["--games", "10"]                       # keeps a regression cheap
R = ["--games", "100", "--players", "2"]    # same for report balance
BAL = ["report", "balance"]
CMP = ["compare", "big-money", "smithy"]
LOG = ["log", "big-money", "smithy"]
OPT = ["optimize", "--kingdom", "First Game", "--evaluations", "1"]

# (command, exit code, the one error line: a regex searched in it)
ROWS = [
    # report balance --out: only a folder domsim wrote is ever replaced
    ([*BAL, "--out", "unrelated", *R], 2, r"--out unrelated is a non-empty folder that domsim did not write"),
    ([*BAL, "--out", "link-dir", *R], 2, r"--out link-dir is a non-empty folder that domsim did not write"),
    ([*BAL, "--out", ".", *R], 2, r"--out \. is the current folder"),
    ([*BAL, "--out", "..", *R], 2, r"--out \.\. is the current folder or one above it"),
    ([*BAL, "--out", "rep", "--csv", "rep/t.csv", *R], 2, r"rep/t\.csv is inside --out rep"),
    ([*BAL, "--out", "rep", "--save-records", "rep/s.npz", *R], 2, r"rep/s\.npz is inside --out rep"),
    ([*BAL, "--out", "missing/rep", *R], 2, r"cannot write missing/rep: directory missing does not exist"),
    ([*BAL, "--out", "notes.txt/rep", *R], 2, r"cannot write notes\.txt/rep: directory notes\.txt does not exist"),
    ([*BAL, "--out", "keep.csv", *R], 2, r"'--out'.*is a file"),
    pytest.param([*BAL, "--out", "ro-dir/rep", *R], 2, r"cannot write ro-dir/rep: .*ro-dir is read-only",
                 marks=not_root()),
    # damaged records
    ([*BAL, "--out", "rep", "--from", "truncated.npz", *R], 2, r"truncated\.npz: not a domsim records file \("),
    ([*BAL, "--out", "rep", "--from", "flipped.npz", *R], 2, r"flipped\.npz: not a domsim records file \("),
    ([*BAL, "--out", "rep", "--from", "random.npz", *R], 2, r"random\.npz: not a domsim records file \("),
    ([*BAL, "--out", "rep", "--from", "incomplete.npz", *R], 2, r"incomplete\.npz: not a domsim records file \(run 0: 'r0\.records' is missing\)"),
    (["tournament", "--from", "objects.npz", "--out", "charts"], 2, r"objects\.npz: not a domsim records file \(it holds Python objects"),
    (["sweep", "--from", "keep.csv"], 2, r"keep\.csv: not a domsim records file"),
    (["tournament", "--from", "nope.npz", "--out", "charts"], 2, r"nope\.npz: no such file"),
    # output paths of compare / log
    ([*CMP, *G, "--csv", "unrelated"], 2, r"'--csv': file 'unrelated' is a directory"),
    ([*CMP, *G, "--csv", "link-dir"], 2, r"'--csv': file 'link-dir' is a directory"),
    ([*CMP, *G, "--csv", "missing/s.csv"], 2, r"cannot write missing/s\.csv: directory missing does not exist"),
    ([*CMP, *G, "--csv", "dangling.csv"], 2, r"cannot write dangling\.csv: directory .*missing does not exist"),
    pytest.param([*CMP, *G, "--csv", "ro.csv"], 2, r"cannot write ro\.csv: the file is read-only",
                 marks=not_root()),
    (["compare", "nope", "big-money", *G, "--csv", "fifo"], 2, r"unknown strategy 'nope'"),
    ([*LOG, "--seed", "-1", "--out", "fifo"], 2, r"the seed must be between 0 and 2\*\*63 - 1, not -1"),
    ([*LOG, "--seed", "1", "--out", "missing/log.html"], 2, r"directory missing does not exist"),
    # numbers out of range
    ([*CMP, *G, "--turn-cap", "32768"], 2, r"--turn-cap must be between 1 and 32767 .* not 32768"),
    ([*CMP, *G, "--turn-cap", str(10**20)], 2, r"--turn-cap must be between 1 and 32767"),
    ([*CMP, "--games", str(10**20)], 2, r"--games must be between 1 and 9,223,372,036,854,775,807"),
    ([*CMP, "--games", "0"], 2, r"Invalid value for '--games'"),
    ([*CMP, "--games", "many"], 2, r"Invalid value for '--games'.*see 'domsim compare --help'"),
    ([*CMP, *G, "--seed", str(2**64)], 2, r"the seed must be between 0 and 2\*\*63 - 1"),
    ([*CMP, *G, "--players", str(10**30)], 2, r"players: Dominion is played by 2 to 6"),
    ([*LOG, "--seed", "1", "--game", str(2**63)], 2, r"--game must be between 0 and 2\*\*63 - 2"),
    ([*LOG, "--seed", "1", "--turn-cap", "40000"], 2, r"--turn-cap must be between 1 and 32767"),
    (["tournament", "big-money", "smithy", "--games", "10", "--turn-cap", "99999",
      "--out", "charts"], 2, r"--turn-cap must be between 1 and 32767"),
    (["sweep", "--strategies", "big-money,smithy", "--games", "10", "--turn-cap", "0"], 2,
     r"Invalid value for '--turn-cap'"),
    ([*BAL, "--out", "rep", *R, "--turn-cap", "50000"], 2, r"--turn-cap must be between 1 and 32767"),
    # kingdoms and strategies
    ([*CMP, *G, "--kingdom", ","], 2, r"kingdom ',' has an empty card name"),
    ([*CMP, *G, "--kingdom", "Smithy,,Witch"], 2, r"kingdom 'Smithy,,Witch' has an empty card name"),
    ([*CMP, *G, "--kingdom", ""], 2, r"unknown kingdom ''"),
    (["compare", "deep-not.toml", "big-money", *G], 2, r"condition nested too deeply"),
    (["compare", "deep-neg.toml", "big-money", *G], 2, r"condition nested too deeply"),
    (["compare", "deep-plus.toml", "big-money", *G], 2, r"condition nested too deeply"),
    ([*CMP, *G, "--frobnicate"], 2, r"No such option: --frobnicate"),
    # outputs: chart folders, stdout and streams, run folders, records, Dask (issue 28)
    (["tournament", "big-money", "smithy", *G, "--out", "unrelated"], 2,
     r"--out unrelated is a non-empty folder that domsim did not write \(no \.domsim-report file\); it would replace index\.html: choose another --out, or add --force"),
    (["tournament", "big-money", "smithy", *G, "--out", "link-dir"], 2, r"--out link-dir is a non-empty folder that domsim did not write .*index\.html"),
    (["tournament", "big-money", "smithy", *G, "--out", "misspelt"], 2, r"--out misspelt is a non-empty folder .*domsim would add heatmap\.png, .*--force"),
    (["tournament", "big-money", "smithy", *G, "--out", "missing/charts"], 2, r"cannot write missing/charts: directory missing does not exist"),
    (["tournament", "big-money", "smithy", *G, "--out", "keep.csv"], 2, r"'--out'.*is a file"),
    (["sweep", "--best-card", *G, "--out", "unrelated"], 2, r"--out unrelated is a non-empty folder that domsim did not write .*index\.html.*--force"),
    (["tournament", "big-money", "smithy", *G, "--csv", "-", "--json"], 2, r"--json and --csv - would both print on stdout"),
    ([*CMP, *G, "--csv", "-", "--parquet", "-"], 2, r"--csv - and --parquet - would both print on stdout"),
    ([*CMP, *G, "--json-out", "-"], 2, r"--json-out needs a file name \(--json prints JSON on stdout\)"),
    (["tournament", "big-money", "smithy", *G, "--save-records", "-"], 2, r"--save-records needs a file name"),
    ([*BAL, "--out", "rep", "--from", "short.npz", *R], 2, r"short\.npz: not a domsim records file \(run 0: 3 games where its index says 6: records cut short\)"),
    ([*BAL, "--out", "rep", "--from", "method.npz", *R], 2, r"method\.npz: not a domsim records file \(That compression method is not supported\)"),
    (["tournament", "--from", "v2.npz"], 2, r"v2\.npz: not a domsim records file \(records file version 2, this domsim reads version 1\)"),
    (["compare", "big-money", *G], 2, r"^error: 1 player: Dominion is played by 2 to 6 players$"),
    ([*BAL, "--out", "rep", "--games", "100", "--players", "1"], 2, r"--players: 1 player; Dominion is played by 2 to 6$"),
    # strategy and rule-case files (stats helper): at most 1 MB, regular files only
    (["compare", "huge.toml", "big-money", *G], 2, r"huge\.toml: 67,108,864 bytes; a strategy file may hold at most 1 MB"),
    (["compare", "./fifo", "big-money", *G], 2, r"fifo is a FIFO, not a strategy file"),
    (["compare", "/dev/zero", "big-money", *G], 2, r"/dev/zero is a device, not a strategy file"),
    (["compare", "./unrelated", "big-money", *G], 2, r"unrelated is a folder, not a strategy file"),
    (["conformance", "huge.toml"], 2, r"huge\.toml: 67,108,864 bytes; a rule-case file may hold at most 1 MB"),
    (["conformance", "fifo"], 2, r"fifo is a FIFO, not a rule-case file"),
    # optimize: every output is checked before a game is played (a search is long)
    ([*OPT, "--out", "/proc/version"], 2, r"cannot write /proc/version: /proc takes no new file"),
    ([*OPT, "--out", "/dev/full"], 2, r"cannot write /dev/full: the device is always full"),
    ([*OPT, "--json-out", "/dev/full"], 2, r"cannot write /dev/full: the device is always full"),
    ([*OPT, "--out", "unrelated"], 2, r"'--out': file 'unrelated' is a directory"),
    ([*OPT, "--out", "missing/w.toml"], 2, r"cannot write missing/w\.toml: directory missing does not exist"),
    ([*OPT, "--report", "unrelated"], 2, r"--report unrelated is a non-empty folder that domsim did not write .*choose another --report$"),
    ([*OPT, "--report", "/proc/rep"], 2, r"cannot write --report /proc/rep: /proc takes no new folder"),
    ([*OPT, "--report", "rep", "--out", "rep/w.toml"], 2, r"rep/w\.toml is inside --report rep"),
    ([*OPT, "--report", "rep", "--json-out", "rep/w.json"], 2, r"rep/w\.json is inside --report rep"),
    pytest.param([*OPT, "--out", "ro-dir/w.toml"], 2, r"cannot write ro-dir/w\.toml: .*ro-dir is read-only",
                 marks=not_root()),
    pytest.param([*OPT, "--report", "ro-dir/rep"], 2, r"cannot write ro-dir/rep: .*ro-dir is read-only",
                 marks=not_root()),
    # compare on Dask (issue 28): the executor options checked before a plan or a cluster
    ([*CMP, *G, "--cluster", "garbage"], 2, r"^error: --cluster 'garbage': give local:N \(N worker processes on this machine\)"),
    ([*CMP, *G, "--cluster", "local:0"], 2, r"--cluster 'local:0': N must be between 1 and 1024$"),
    ([*CMP, *G, "--cluster", "local:2", "--scheduler", "tcp://127.0.0.1:9"], 2, r"give either --scheduler or --cluster, not both$"),
    ([*CMP, *G, "--scheduler-timeout", "0"], 2, r"--scheduler-timeout must be a positive number of seconds, not 0$"),
    ([*CMP, *G, "--job-games", "0", "--cluster", "local:2"], 2, r"Invalid value for '--job-games'"),
    (["compare", "nope", "big-money", *G, "--cluster", "local:2"], 2, r"unknown strategy 'nope'"),
    ([*CMP, *G, "--seating", "sideways", "--cluster", "local:2"], 2, r"unknown --seating 'sideways': use all or rotate$"),
    ([*CMP, *G, "--players", "7", "--cluster", "local:2"], 2, r"^error: 7 players: Dominion is played by 2 to 6 players$"),
    # import / export geronimoo (issue 34): the file read, the folder written, the bots named
    (["import", "geronimoo", "nope.xml"], 2, r"^error: nope\.xml: no such Geronimoo bot file$"),
    (["import", "geronimoo", "huge.toml"], 2, r"huge\.toml: 67,108,864 bytes; a Geronimoo bot file may hold at most 1 MB"),
    (["import", "geronimoo", "fifo"], 2, r"fifo is a FIFO, not a Geronimoo bot file: give the path of a \.xml file$"),
    (["import", "geronimoo", "unrelated"], 2, r"unrelated is a folder, not a Geronimoo bot file"),
    (["import", "geronimoo", "broken.xml"], 2, r"^error: broken\.xml:3: not well-formed XML: mismatched tag \(column 3\)$"),
    (["import", "geronimoo", "dtd.xml"], 2, r"^error: dtd\.xml:1: a DOCTYPE is not allowed in a bot file"),
    (["import", "geronimoo", "keep.csv"], 2, r"keep\.csv:1: not well-formed XML: syntax error"),
    (["import", "geronimoo", "bots.xml", "--only", "Smithee"], 2, r"bots\.xml: no bot named 'Smithee' \(did you mean 'Smithy'\?\) \(--list shows them\)$"),
    (["import", "geronimoo", "bots.xml", "--strict"], 2, r"bot 'Smithy' \(line 2\) does not convert fully: buy rule 2 \(line 2\): domsim has no card Young_Witch"),
    (["import", "geronimoo", "bots.xml", "--out", "keep.csv"], 2, r"'--out'.*is a file"),
    (["import", "geronimoo", "bots.xml", "--out", "missing/bots"], 2, r"cannot write missing/bots: directory missing does not exist$"),
    (["import", "geronimoo", "bots.xml", "--out", "mine"], 2, r"^error: mine/smithy\.toml exists and was not written by domsim import geronimoo: choose another --out \(nothing was written\)$"),
    pytest.param(["import", "geronimoo", "bots.xml", "--out", "ro-dir/bots"], 2, r"cannot write ro-dir/bots: ro-dir is read-only",
                 marks=not_root()),
    (["export", "geronimoo", "nope"], 2, r"unknown strategy 'nope'"),
    (["export", "geronimoo", "smithy", "--out", "unrelated"], 2, r"'--out': file 'unrelated' is a directory"),
    (["export", "geronimoo", "smithy", "--out", "missing/b.xml"], 2, r"cannot write missing/b\.xml: directory missing does not exist$"),
    # conformance suites that would test nothing
    (["conformance", "empty"], 2, r"empty: no \*\.toml case files in this folder"),
    (["conformance", "misspelt"], 2, r"cases\.toml: unknown table or key 'cases' \(did you mean 'case'\?\)"),
]


@pytest.mark.slow
@pytest.mark.parametrize("args, code, line", ROWS)
def test_bad_input(ws, monkeypatch, args, code, line):
    monkeypatch.chdir(ws)
    before = snapshot(ws)
    res = cli_runner().invoke(cli.app, args)
    assert res.exit_code == code, (res.stdout[-500:], res.stderr[-500:], res.exception)
    lines = res.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), res.stderr
    assert re.search(line, lines[0]), lines[0]
    assert res.stdout == ""
    assert snapshot(ws) == before                      # nothing written or deleted


# ============================================================ the same paths, used

def _compare(ws, *extra):
    return subprocess.run([sys.executable, "-m", "simulator", "compare", "big-money",
                           "smithy", "--games", "10", *extra], cwd=ws,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.slow
def test_fifo_is_written_through(tmp_path):
    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()))
    reader.start()
    res = _compare(tmp_path, "--csv", str(fifo))
    reader.join(timeout=60)
    assert res.returncode == 0, res.stderr
    assert stat.S_ISFIFO(fifo.lstat().st_mode)         # still a FIFO
    assert got and got[0].startswith("strategy,games,copies,seat_games,wins")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.csv"]


@pytest.mark.slow
def test_symlink_stays_a_link_and_its_target_is_replaced(tmp_path):
    (tmp_path / "data").mkdir()
    target = tmp_path / "data" / "summary.csv"
    target.write_text("old\n")
    os.chmod(target, 0o640)
    link = tmp_path / "latest.csv"
    os.symlink("data/summary.csv", link)
    res = _compare(tmp_path, "--csv", "latest.csv")
    assert res.returncode == 0, res.stderr
    assert link.is_symlink() and os.readlink(link) == "data/summary.csv"
    assert target.read_text().startswith("strategy,games,copies,seat_games,wins")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640      # its mode is kept
    assert sorted(p.name for p in (tmp_path / "data").iterdir()) == ["summary.csv"]


@pytest.mark.slow
def test_terminal_device_is_written_through(tmp_path):
    master, slave = pty.openpty()                # a device made for this test
    device = os.ttyname(slave)
    try:
        res = _compare(tmp_path, "--csv", device)
        assert res.returncode == 0, res.stderr
        ready, _, _ = select.select([master], [], [], 10)
        assert ready and b"strategy,games" in os.read(master, 4096)
        assert stat.S_ISCHR(os.stat(device).st_mode)
    finally:
        os.close(slave)
        os.close(master)


@pytest.mark.slow
def test_own_stdout_file_gets_the_csv_appended(tmp_path):
    out = tmp_path / "out.txt"
    with open(out, "w") as f:
        inode = os.fstat(f.fileno()).st_ino
        res = subprocess.run([sys.executable, "-m", "simulator", "compare", "big-money",
                              "smithy", "--games", "10", "--csv", "/dev/stdout"],
                             cwd=tmp_path, stdout=f, stderr=subprocess.PIPE, text=True,
                             timeout=300)
    assert res.returncode == 0, res.stderr
    assert out.stat().st_ino == inode                  # the same file, not replaced
    text = out.read_text()
    assert "win rate" in text and "\nstrategy,games,copies,seat_games,wins" in text


@pytest.mark.slow
def test_bom_strategy_file_is_accepted(tmp_path):
    (tmp_path / "bom.toml").write_bytes("\ufeff".encode() + IDLE.encode())
    res = subprocess.run([sys.executable, "-m", "simulator", "compare", "bom.toml",
                          "big-money", "--games", "10", "--json"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    d = json.loads(res.stdout)
    idle, bm = d["strategies"]
    assert idle["name"] == "Idle" and idle["wins"] == 0 and bm["wins"] == bm["games"]
    # Wilson bounds are exact at the edges, not 2e-19 or 0.9999999999999998
    assert idle["win_rate_ci"][0] == 0.0 and bm["win_rate_ci"][1] == 1.0


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_full_stdout_is_one_error_line(tmp_path):
    with open("/dev/full", "w") as full:               # the shell's '> /dev/full'
        res = subprocess.run([sys.executable, "-m", "simulator", "compare", "big-money",
                              "smithy", "--games", "10", "--json"], cwd=tmp_path,
                             stdout=full, stderr=subprocess.PIPE, text=True, timeout=300)
    assert res.returncode == 2
    assert res.stderr.splitlines() == [
        "error: cannot write the output: No space left on device"]


@pytest.mark.slow
def test_ctrl_c_is_answered_within_about_a_second(tmp_path):
    """Endless games (bots that never buy, the largest turn cap): the run is
    interrupted soon after Ctrl-C, not after the kernel's next 10^5 games."""
    (tmp_path / "idle.toml").write_text(IDLE)
    master, slave = pty.openpty()                      # a terminal: progress shows
    p = subprocess.Popen([sys.executable, "-m", "simulator", "compare", "idle.toml",
                          "idle.toml", "--games", str(10**9), "--turn-cap", "32767"],
                         cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    seen = b""
    try:
        deadline = time.monotonic() + 240
        while b"games/s" not in seen and time.monotonic() < deadline:
            if select.select([master], [], [], 1)[0]:
                seen += os.read(master, 4096)
        assert b"games/s" in seen, "the run never started"
        sent = time.monotonic()
        p.send_signal(signal.SIGINT)
        while b"interrupted" not in seen and time.monotonic() < sent + 30:
            if select.select([master], [], [], 0.05)[0]:
                seen += os.read(master, 4096)
        answered = time.monotonic() - sent
        assert p.wait(timeout=30) == 130
    finally:
        if p.poll() is None:
            p.kill()
        os.close(master)
    assert b"error: interrupted" in seen
    assert answered < 3.0, f"Ctrl-C answered after {answered:.1f} s"
