"""tournament, sweep and report balance end to end against the real engine
(a few thousand games each), plus the orchestration helpers."""
from __future__ import annotations

import json
import re

import numpy as np
import pandas as pd
import pytest
import typer

from simulator.runs import experiments as X
from simulator.cli import report_commands as RC
from cli_runner import cli_runner




@pytest.fixture(scope="module")
def app():
    a = typer.Typer(no_args_is_help=True, pretty_exceptions_enable=False)

    @a.callback()
    def _main() -> None:
        """test app"""

    RC.register(a)
    return a


def run(app, *args, ok=True):
    res = cli_runner().invoke(app, [str(a) for a in args])
    if ok:
        assert res.exit_code == 0, (res.stdout, res.stderr, res.exception)
    return res


def _png_ok(path):
    from PIL import Image
    with Image.open(path) as im:
        im.load()
        assert im.size[0] > 300 and im.size[1] > 200


# ================================================================ helpers
def test_derive_seed_is_stable_and_distinct():
    a = X.derive_seed(0, "pair", "smithy", "big-money")
    assert a == X.derive_seed(0, "pair", "smithy", "big-money")
    assert a != X.derive_seed(1, "pair", "smithy", "big-money")
    assert a != X.derive_seed(0, "pair", "big-money", "smithy")
    assert 0 <= a < 2**63


def test_kingdom_file_text_and_toml(tmp_path):
    f = tmp_path / "k.txt"
    f.write_text("# comment\n\nMine: Witch, smithy , Village\nFull: Cellar, Chapel, Moat, "
                 "Harbinger, Merchant, Vassal, Village, Workshop, Bureaucrat, Gardens\n")
    k = X.parse_kingdom_file(f)
    assert list(k) == ["Mine", "Full"]
    assert k["Mine"][:3] == ["Witch", "Smithy", "Village"] and len(k["Mine"]) == 10
    t = tmp_path / "k.toml"
    t.write_text('Mine = ["Witch", "Smithy"]\n"Other one" = "Moat, Cellar"\n')
    assert X.parse_kingdom_file(t)["Other one"][:2] == ["Moat", "Cellar"]
    bad = tmp_path / "bad.txt"
    bad.write_text("Mine: Witch, Smithe\n")
    with pytest.raises(ValueError, match=r"bad.txt:1: .*Smithe.*Smithy"):
        X.parse_kingdom_file(bad)
    bad.write_text("no colon here\n")
    with pytest.raises(ValueError, match="expected 'Name: card"):
        X.parse_kingdom_file(bad)


def test_resolve_kingdoms():
    from simulator.engine.kingdom import RECOMMENDED
    rec = X.resolve_kingdoms("recommended", 0)     # every set's, once their cards exist
    assert rec == {k: list(v) for k, v in RECOMMENDED.items()}
    assert len(rec) >= 6 and all(len(v) == 10 for v in rec.values())
    r = X.resolve_kingdoms("random:3", 5)
    assert list(r) == ["Random 1", "Random 2", "Random 3"]
    assert r == X.resolve_kingdoms("random:3", 5) and r != X.resolve_kingdoms("random:3", 6)
    with pytest.raises(ValueError, match="random:K"):
        X.resolve_kingdoms("random:x", 0)


def test_bm_stems_and_cards():
    from simulator.language.strategy import load_strategy
    stems = X.bm_stems()
    assert "bm-witch" in stems and all(s.startswith("bm-") for s in stems)
    assert X.bm_card(load_strategy("bm-council-room")) == "Council Room"
    assert X.bm_info(load_strategy("bm-village")) == {"card": "Village", "also": "Smithy"}


def test_register_adds_the_commands(app):
    res = run(app, "--help")
    for cmd in ("tournament", "sweep", "report"):
        assert cmd in res.stdout
    assert "balance" in run(app, "report", "--help").stdout


# ================================================================ tournament
@pytest.mark.slow
def test_tournament_end_to_end(app, tmp_path):
    # A and B need 11 kingdom cards together: that pair is skipped with a note
    (tmp_path / "a.toml").write_text(
        'name = "Many A"\nbuy = ["Province", "Gold", "Cellar", "Chapel", "Moat", '
        '"Harbinger", "Merchant", "Vassal", "Silver"]\n')
    (tmp_path / "b.toml").write_text(
        'name = "Many B"\nbuy = ["Province", "Gold", "Village", "Workshop", "Bureaucrat", '
        '"Gardens", "Militia", "Silver"]\n')
    out = tmp_path / "tour"
    res = run(app, "tournament", "big-money-ultimate", "smithy", "bm-witch",
              tmp_path / "a.toml", tmp_path / "b.toml", "-n", 1000, "--seed", 3,
              "--out", out, "--csv", tmp_path / "t.csv", "--parquet", tmp_path / "t.parquet",
              "--json-out", tmp_path / "t.json", "--save-records", tmp_path / "t.npz")
    text = res.stdout
    assert "Head" not in text and "row vs column" in text
    assert "Many A vs Many B: needs 11 kingdom cards" in text
    assert "BT rating" in text and "Ranking:" in text
    _png_ok(out / "heatmap.png")
    assert (out / "heatmap.svg").exists() and (out / "ratings.png").exists()

    # the tables written equal the tables rebuilt from the saved records
    from reports import tournament as TR
    from simulator.runs.store import load_runs
    runs, meta = load_runs(tmp_path / "t.npz")
    assert len(runs) == 9 and meta["skipped"][0]["a"] == "Many A"
    t = TR.build(runs, meta["strategies"], meta["skipped"], meta)
    for name, df in t.tables().items():
        suffix = "" if name == "matrix" else f"-{name}"
        csv = pd.read_csv(tmp_path / f"t{suffix}.csv")
        pq = pd.read_parquet(tmp_path / f"t{suffix}.parquet")
        pd.testing.assert_frame_equal(csv, df, check_dtype=False)
        pd.testing.assert_frame_equal(pq, df, check_dtype=False)
    doc = json.loads((tmp_path / "t.json").read_text())
    assert set(doc["tables"]) == {"matrix", "ranking", "pairs", "skipped", "strategies"}
    # every strategy's full definition and its hash travel with the results
    defs = {d["strategy"]: d for d in doc["tables"]["strategies"]}
    assert set(defs) == {"Big Money Ultimate", "Smithy", "BM Witch", "Many A", "Many B"}
    assert json.loads(defs["Many A"]["definition"])["buy"][2] == "Cellar"
    assert len(defs["Many A"]["definition_hash"]) == 16 and doc["meta"]["version"]
    strategies_csv = pd.read_csv(tmp_path / "t-strategies.csv")
    assert list(strategies_csv["definition_hash"]) == [d["definition_hash"]
                                                       for d in doc["tables"]["strategies"]]
    assert doc["meta"]["seed"] == 3

    # Bradley-Terry and the average agree that the Witch bot is best here
    rk = t.ranking
    assert rk.iloc[0]["strategy"] == "BM Witch" and rk.iloc[0]["bt_rank"] == 1
    # each pair's numbers come from its own derived seed and add up
    assert (t.pairs["a_wins"] + t.pairs["ties"] + t.pairs["b_wins"] == 1000).all()

    # --from rebuilds the same text without playing
    again = run(app, "tournament", "--from", tmp_path / "t.npz", "--out", tmp_path / "t2")
    assert again.stdout.split("\nwrote")[0] == text.split("\nwrote")[0]


@pytest.mark.slow
def test_tournament_all_seat_orders_and_json_stdout(app, tmp_path):
    res = run(app, "tournament", "big-money-ultimate", "smithy", "-n", 1000,
              "--all-seat-orders", "--out", tmp_path, "--json")
    doc = json.loads(res.stdout)
    pairs = pd.DataFrame(doc["tables"]["pairs"])
    assert len(pairs) == 2 and pairs["games"].sum() == 1000
    assert set(pairs["a"]) == {"Big Money Ultimate", "Smithy"}
    seats = pd.DataFrame(doc["tables"]["seats"])
    assert len(seats) == 4 and set(seats["seat"]) == {1, 2}
    assert seats.groupby("strategy")["games"].sum().tolist() == [1000, 1000]


_RATE_CI = re.compile(r"(-?[\d.]+)% \[(-?[\d.]+), (-?[\d.]+)\]")


def test_tournament_intervals_on_four_games(app):
    """Issue 28: 4 games printed '87.5% [66.3, 108.7]' and '0.0% [0.0, 0.0]'.
    Every interval of a rate or score, printed or in the JSON tables, stays
    inside [0, 100]% and has a positive width."""
    args = ("tournament", "big-money", "smithy", "big-money-ultimate", "--games", 4)
    text = run(app, *args, "--wide").stdout
    found = _RATE_CI.findall(text)
    assert len(found) >= 15, text
    for rate, low, high in found:
        assert 0 <= float(low) <= float(rate) <= float(high) <= 100, (rate, low, high)
        assert float(low) < float(high), (rate, low, high)
    doc = json.loads(run(app, *args, "--json").stdout)
    checked = 0
    for name, rows in doc["tables"].items():
        for row in rows:
            for col in row:
                if not col.endswith("_low") or col.startswith(("rating", "avg_length")):
                    continue
                base = col[:-4]
                low, high, x = row[col], row[base + "_high"], row.get(base)
                if low is None:
                    continue
                floor = -1.0 if base == "first_seat_adv" else 0.0
                assert floor <= low < high <= 1.0, (name, col, row)
                if x is not None:
                    assert low <= x <= high, (name, col, row)
                checked += 1
    assert checked >= 20


def test_tournament_errors(app, tmp_path):
    res = run(app, "tournament", "smithy", "-n", 100, "--out", tmp_path, ok=False)
    assert res.exit_code == 2 and "at least two" in res.stderr
    res = run(app, "tournament", "smithy", "nosuchbot", "--out", tmp_path, ok=False)
    assert res.exit_code == 2 and res.stderr.startswith("error:")
    res = run(app, "tournament", "smithy", "big-money", "--csv",
              tmp_path / "missing" / "x.csv", ok=False)
    assert res.exit_code == 2 and "does not exist" in res.stderr


# ================================================================ sweep
def test_sweep_pairs_on_recommended(app, tmp_path):
    res = run(app, "sweep", "--strategies", "big-money-ultimate,smithy,bm-witch", "-n", 600,
              "--csv", tmp_path / "s.csv", "--parquet", tmp_path / "s.parquet",
              "--save-records", tmp_path / "s.npz")
    rows = pd.read_csv(tmp_path / "s.csv")
    # Smithy is in First Game and Sleight of Hand, Witch in Size Distortion and
    # Improvements: each pair plays only where both strategies' cards are present
    played = {(r.kingdom, r.a, r.b) for r in rows.itertuples()}
    assert ("First Game", "Big Money Ultimate", "Smithy") in played
    assert ("Size Distortion", "Big Money Ultimate", "BM Witch") in played
    assert not any(k == "Deck Top" for k, _, _ in played)
    assert len(rows) == 4
    assert "Deck Top" in res.stdout and "no matchup could be played here" in res.stdout
    for col in ("a_win_rate_low", "avg_length", "piles_share", "first_seat_adv_low",
                "first_seat_adv_high", "tie_rate"):
        assert rows[col].notna().all()
    pd.testing.assert_frame_equal(pd.read_parquet(tmp_path / "s.parquet"), rows,
                                  check_dtype=False)
    skipped = pd.read_csv(tmp_path / "s-skipped.csv")
    from simulator.engine.kingdom import RECOMMENDED      # every set's, Grand Scheme too
    assert len(skipped) == len(RECOMMENDED) * 3 - 4
    again = run(app, "sweep", "--from", tmp_path / "s.npz", "--csv", tmp_path / "s2.csv")
    pd.testing.assert_frame_equal(pd.read_csv(tmp_path / "s2.csv"), rows)
    assert again.stdout == res.stdout


@pytest.mark.slow
def test_sweep_best_card_with_a_kingdom_file(app, tmp_path):
    f = tmp_path / "k.txt"
    f.write_text("Cursed: Witch, Smithy, Moat, Market, Festival, Cellar, Chapel, Mine, "
                 "Remodel, Workshop\nQuiet: Moat, Festival\n")
    res = run(app, "sweep", "--kingdoms", f, "--best-card", "-n", 400, "--out",
              tmp_path / "charts", "--json-out", tmp_path / "s.json")
    doc = json.loads((tmp_path / "s.json").read_text())
    best = pd.DataFrame(doc["tables"]["best-card"])
    assert list(best["kingdom"]) == ["Cursed", "Quiet"]
    assert best.iloc[0]["best_card"] == "Witch"
    rows = pd.DataFrame(doc["tables"]["sweep"])
    assert set(rows["b"]) == {"Big Money Ultimate"}
    assert set(rows[rows["kingdom"] == "Quiet"]["card"]) <= set(doc["meta"]["kingdoms"]["Quiet"])
    assert "Best single card per kingdom" in res.stdout
    _png_ok(tmp_path / "charts" / "kingdoms.png")


def test_sweep_errors(app, tmp_path):
    res = run(app, "sweep", "-n", 100, ok=False)
    assert res.exit_code == 2 and "--strategies" in res.stderr
    res = run(app, "sweep", "--kingdoms", tmp_path / "none.txt", "--best-card", ok=False)
    assert res.exit_code == 2 and "no such kingdom file" in res.stderr
    res = run(app, "sweep", "--kingdoms", "random:2", "--strategies", "smithy", ok=False)
    assert res.exit_code == 2 and "at least two" in res.stderr


# ================================================================ report balance
@pytest.mark.slow
def test_report_balance_end_to_end(app, tmp_path):
    out = tmp_path / "bal"
    res = run(app, "report", "balance", "--out", out, "--games", 300, "--players", "2,3",
              "--seed", 9, "--save-records", tmp_path / "bal.npz",
              "--csv", tmp_path / "b.csv")
    assert "Single cards with Big Money" in res.stdout
    html = (out / "index.html").read_text()
    md = (out / "report.md").read_text()
    imgs = re.findall(r'<img src="([^"]+)"', html)
    assert {"cards.png", "seats.png", "length.png", "length_players.png", "turns.png",
            "kingdoms.png"} <= set(imgs)
    for img in imgs:
        _png_ok(out / img)
        assert (out / img.replace(".png", ".svg")).exists()
    assert "Seed 9" in md and "domsim report balance --out" in md
    assert "--games 300 --players 2,3 --seed 9" in md
    assert re.search(r"Generated \d{4}-\d\d-\d\d \d\d:\d\d UTC with domsim \S+", md)
    for section in ("Single cards", "First-seat advantage", "Game length",
                    "Victory points and coins by turn", "recommended kingdoms"):
        assert section in md and section in html
    cards = pd.read_csv(out / "cards.csv")
    assert (cards["games"] == 300).all() and cards["win_rate_low"].notna().all()
    assert cards["score"].is_monotonic_decreasing                  # ranked by score
    assert (cards["stem"].str.endswith("-only") | ~cards["stem"].isin(
        ["bm-throne-room", "bm-village", "bm-workshop", "bm-black-market"])).all()
    assert {"bm-throne-room-only", "bm-village-only"} <= set(cards["stem"])
    combos = pd.read_csv(out / "combinations.csv")
    assert "Throne Room + Smithy" in set(combos["label"])          # listed apart, full name
    assert "Throne Room + Smithy" in md and "Strategies" in md
    assert "definition hash" in md
    assert "Witch" in set(cards["card"])
    seats = pd.read_csv(out / "seats.csv")
    assert sorted(seats["players"].unique()) == [2, 3]
    pd.testing.assert_frame_equal(pd.read_csv(tmp_path / "b.csv"), cards)
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]

    # rebuild from the saved records: same tables, no games played
    res = run(app, "report", "balance", "--out", tmp_path / "again", "--from",
              tmp_path / "bal.npz", "--seed", 9, "--turn-cap", 80)
    assert res.stderr.splitlines()[0] == (f"note: --seed, --turn-cap are ignored with "
                                          f"--from {tmp_path / 'bal.npz'}: its records "
                                          "are used")
    for name in ("cards", "seats", "seat-advantage", "game-length", "turn-curves",
                 "kingdoms", "best-card"):
        pd.testing.assert_frame_equal(pd.read_csv(out / f"{name}.csv"),
                                      pd.read_csv(tmp_path / "again" / f"{name}.csv"))
    assert "--from" in (tmp_path / "again" / "report.md").read_text()


def test_report_balance_errors(app, tmp_path):
    (tmp_path / "busy").mkdir()
    (tmp_path / "busy" / "notes.txt").write_text("mine")
    res = run(app, "report", "balance", "--out", tmp_path / "busy", "--games", 100,
              "--players", "2", ok=False)
    assert res.exit_code == 2 and "domsim did not write" in res.stderr
    assert (tmp_path / "busy" / "notes.txt").read_text() == "mine"
    res = run(app, "report", "balance", "--players", "2,7", ok=False)
    assert res.exit_code == 2 and "7 players" in res.stderr
    np.savez(tmp_path / "x.npz", a=np.arange(2))
    res = run(app, "report", "balance", "--from", tmp_path / "x.npz", ok=False)
    assert res.exit_code == 2 and "not a domsim records file" in res.stderr
