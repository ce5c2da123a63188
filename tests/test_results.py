"""Results and stats on hand-made records whose answers are worked out by hand."""
from __future__ import annotations

import json
import math

import numpy as np
import pandas as pd
import pytest

from simulator.runs.records import (ENDED_PILES, ENDED_PROVINCES, ENDED_TURN_CAP,
                               LOSS, TIE, WIN, record_dtype)
from simulator.runs.results import Results, unique_names
from simulator.runs.stats import mean_ci, two_proportion_test, wilson

W, T, L = WIN, TIE, LOSS
P, X, C = ENDED_PROVINCES, ENDED_PILES, ENDED_TURN_CAP


# ---------------------------------------------------------------- stats
def test_wilson_known_values():
    assert wilson(50, 100) == pytest.approx((0.4038, 0.5962), abs=1e-4)
    assert wilson(3, 5) == pytest.approx((0.2307, 0.8824), abs=1e-4)
    # all-or-nothing: the interval stays inside [0, 1] and is not degenerate
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    assert isinstance(wilson(1, 2)[0], float)


def test_wilson_vectorised():
    low, high = wilson(np.array([50, 0, 3]), np.array([100, 0, 5]))
    assert isinstance(low, np.ndarray) and low.shape == (3,)
    np.testing.assert_allclose(low, [0.4038, 0.0, 0.2307], atol=1e-4)
    np.testing.assert_allclose(high, [0.5962, 1.0, 0.8824], atol=1e-4)


def test_wilson_narrows_with_n():
    lo1, hi1 = wilson(5_000, 10_000)
    lo2, hi2 = wilson(500_000, 1_000_000)
    assert hi2 - lo2 == pytest.approx((hi1 - lo1) / 10, rel=1e-3)


def test_mean_ci():
    mean, low, high = mean_ci([1, 2, 3, 4])
    half = 1.959964 * np.std([1, 2, 3, 4], ddof=1) / 2
    assert (mean, low, high) == pytest.approx((2.5, 2.5 - half, 2.5 + half))
    assert mean_ci([7])[0] == 7 and math.isnan(mean_ci([7])[1])
    assert all(math.isnan(v) for v in mean_ci([]))


def test_two_proportion_test():
    z, p = two_proportion_test(60, 100, 40, 100)
    assert z == pytest.approx(2.8284, abs=1e-4)
    assert p == pytest.approx(0.004678, abs=1e-5)
    assert two_proportion_test(40, 100, 60, 100)[0] == pytest.approx(-z)
    assert two_proportion_test(50, 100, 500, 1000) == pytest.approx((0.0, 1.0))
    assert two_proportion_test(0, 0, 5, 10) == (0.0, 1.0)
    assert two_proportion_test(0, 10, 0, 10) == (0.0, 1.0)
    zs, ps = two_proportion_test(np.array([60, 50]), 100, np.array([40, 50]), 100)
    np.testing.assert_allclose(ps, [0.004678, 1.0], atol=1e-5)


# ---------------------------------------------------------------- summary
def test_summary_two_players(two_player_results):
    s = two_player_results.summary()
    assert list(s.columns) == [
        "strategy", "games", "copies", "seat_games", "wins", "ties", "losses", "win_rate",
        "win_rate_low", "win_rate_high", "game_win_rate", "game_win_rate_low",
        "game_win_rate_high", "tie_rate", "score", "score_low", "score_high", "avg_vp",
        "avg_turns",
        "ended_provinces", "ended_piles", "ended_turn_cap"]
    assert list(s["strategy"]) == ["Big Money", "Smithy"]
    assert list(s["games"]) == [5, 5] and list(s["seat_games"]) == [5, 5]
    np.testing.assert_allclose(s["game_win_rate"], s["win_rate"])   # one copy each
    np.testing.assert_allclose(s["score"], [0.7, 0.3])
    np.testing.assert_allclose(s["score_low"], [wilson(3.5, 5)[0], wilson(1.5, 5)[0]])
    assert list(s["wins"]) == [3, 1]
    assert list(s["ties"]) == [1, 1]
    assert list(s["losses"]) == [1, 3]
    np.testing.assert_allclose(s["win_rate"], [0.6, 0.2])
    np.testing.assert_allclose(s["tie_rate"], [0.2, 0.2])
    np.testing.assert_allclose(s["win_rate_low"], [0.2307, wilson(1, 5)[0]], atol=1e-4)
    np.testing.assert_allclose(s["win_rate_high"], [0.8824, wilson(1, 5)[1]], atol=1e-4)
    np.testing.assert_allclose(s["avg_vp"], [113 / 5, 104 / 5])
    np.testing.assert_allclose(s["avg_turns"], [33.0, 33.0])
    np.testing.assert_allclose(s["ended_provinces"], [0.6, 0.6])
    np.testing.assert_allclose(s["ended_piles"], [0.2, 0.2])
    np.testing.assert_allclose(s["ended_turn_cap"], [0.2, 0.2])


def test_basic_facts(two_player_results):
    r = two_player_results
    assert r.games == len(r) == 5
    assert r.ended_by == {"provinces": 3, "piles": 1, "turn_cap": 1}
    assert r.games_per_second == pytest.approx(10.0)


def test_by_seat(two_player_results):
    b = two_player_results.by_seat()
    got = {(row.strategy, row.seat): (row.games, row.wins, row.ties)
           for row in b.itertuples()}
    assert got == {("Big Money", 0): (3, 2, 1), ("Big Money", 1): (2, 1, 0),
                   ("Smithy", 0): (2, 1, 0), ("Smithy", 1): (3, 0, 1)}
    row = b[(b.entry == 0) & (b.seat == 0)].iloc[0]
    assert row.win_rate == pytest.approx(2 / 3)
    assert (row.win_rate_low, row.win_rate_high) == pytest.approx(wilson(2, 3))


def test_three_way_tie_and_turn_cap(build_records):
    games = [
        dict(entry=[0, 1, 2], outcome=[T, T, T], vp=[10, 10, 10],
             turns=[100, 100, 100], ended_by=C),
        dict(entry=[1, 2, 0], outcome=[L, W, L], vp=[20, 30, 25],
             turns=[20, 20, 19], ended_by=P),
        dict(entry=[2, 0, 1], outcome=[W, L, L], vp=[40, 5, 5],
             turns=[18, 18, 17], ended_by=X),
    ]
    r = Results(build_records(3, games), ["A", "B", "C"], seed=1, players=3,
                kingdom=[], turn_cap=100, seconds=0.0)
    s = r.summary().set_index("strategy")
    assert s.loc[["A", "B", "C"], "wins"].tolist() == [0, 0, 2]
    assert s.loc[["A", "B", "C"], "ties"].tolist() == [1, 1, 1]   # a tie is never a win
    assert s.loc[["A", "B", "C"], "losses"].tolist() == [2, 2, 0]
    assert s["games"].tolist() == [3, 3, 3]
    np.testing.assert_allclose(s["ended_turn_cap"], [1 / 3] * 3)
    assert r.ended_by == {"provinces": 1, "piles": 1, "turn_cap": 1}
    assert math.isnan(r.games_per_second)
    text = r.table()
    assert "1 game (33.33%) hit the turn cap of 100 turns" in text
    assert "games/s" not in text                  # speed unknown: no made-up number
    assert r.to_json_dict()["games_per_second"] is None


def test_more_seats_than_entries(build_records):
    """An entry sitting in two seats of one game counts once per seat."""
    games = [dict(entry=[0, 1, 0], outcome=[W, L, L], ended_by=P),
             dict(entry=[1, 0, 1], outcome=[T, L, T], ended_by=P)]
    r = Results(build_records(3, games), ["BMU", "BMU"], seed=0, players=3,
                kingdom=[], turn_cap=100, seconds=1.0)
    s = r.summary()
    assert list(s["strategy"]) == ["BMU (1)", "BMU (2)"]
    assert list(s["games"]) == [2, 2]               # games played, not seats
    assert list(s["seat_games"]) == [3, 3]          # ... which count once per seat
    assert list(s["copies"]) == [1.5, 1.5]
    assert list(s["wins"]) == [1, 0]
    assert list(s["ties"]) == [0, 2]
    assert list(s["losses"]) == [2, 1]
    b = r.by_seat()
    assert b["games"].sum() == 6
    assert len(b) == 6


def test_unique_names():
    assert unique_names(["A", "B", "A", "A"]) == ["A (1)", "B", "A (2)", "A (3)"]
    assert unique_names(["A", "B"]) == ["A", "B"]


def test_frame(two_player_results):
    f = two_player_results.frame
    assert list(f.columns) == ["game", "seat", "entry", "strategy", "vp", "turns",
                               "outcome", "cards", "curses", "provinces", "ended_by"]
    assert len(f) == 10
    assert f["game"].tolist() == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]
    assert f["seat"].tolist() == [0, 1] * 5
    assert f["strategy"].astype(str).tolist()[:4] == ["Big Money", "Smithy",
                                                      "Smithy", "Big Money"]
    assert f["outcome"].astype(str).tolist() == [
        "win", "loss", "win", "loss", "tie", "tie", "loss", "win", "win", "loss"]
    assert f["ended_by"].astype(str).tolist()[::2] == [
        "provinces", "provinces", "piles", "turn_cap", "provinces"]
    assert f.loc[2, "vp"] == 33 and f.loc[2, "provinces"] == 5
    assert f.loc[4, "curses"] == 1 and f.loc[5, "cards"] == 31


def test_summary_agrees_with_frame(build_records):
    """The bincount path and a plain groupby on the long frame must agree."""
    rng = np.random.default_rng(3)
    n = 20_000
    rec = np.zeros(n, dtype=record_dtype(3))
    rec["entry"] = rng.integers(0, 2, (n, 3))
    rec["outcome"] = rng.integers(0, 3, (n, 3))
    rec["vp"] = rng.integers(-5, 60, (n, 3))
    rec["turns"] = rng.integers(10, 101, (n, 3))
    rec["ended_by"] = rng.integers(0, 3, n)
    r = Results(rec, ["X", "Y"], seed=0, players=3, kingdom=[], turn_cap=100,
                seconds=1.0)
    s = r.summary()
    g = r.frame.groupby("entry")
    np.testing.assert_array_equal(s["seat_games"], g.size())
    assert (s["games"] == n).all()
    np.testing.assert_array_equal(s["wins"], g["outcome"].apply(lambda o: (o == "win").sum()))
    np.testing.assert_allclose(s["avg_vp"], g["vp"].mean())
    np.testing.assert_allclose(s["avg_turns"], g["turns"].mean())
    np.testing.assert_allclose(
        s["ended_piles"], g["ended_by"].apply(lambda e: (e == "piles").mean()))


def test_summary_chunked(build_records, monkeypatch):
    """Aggregation in chunks gives the same answer as in one piece."""
    import simulator.runs.results as results_mod
    games = [dict(entry=[i % 2, 1 - i % 2], outcome=[W, L] if i % 3 else [T, T],
                  vp=[i, 2 * i], turns=[i % 7, i % 5], ended_by=i % 3) for i in range(50)]
    rec = build_records(2, games)
    whole = Results(rec, ["A", "B"], 0, 2, [], 100, 1.0).summary()
    monkeypatch.setattr(results_mod, "_CHUNK", 7)
    chunked = Results(rec, ["A", "B"], 0, 2, [], 100, 1.0).summary()
    pd.testing.assert_frame_equal(whole, chunked)


def test_empty_results():
    r = Results(np.zeros(0, dtype=record_dtype(2)), ["A", "B"], 0, 2, [], 100, 0.0)
    s = r.summary()
    assert list(s["games"]) == [0, 0]
    assert r.ended_by == {"provinces": 0, "piles": 0, "turn_cap": 0}
    assert len(r.by_seat()) == 0
    d = r.to_json_dict()
    assert d["strategies"][0]["win_rate"] is None
    json.dumps(d, allow_nan=False)
    assert "0 games" in r.table()


def test_bad_records_rejected(build_records):
    with pytest.raises(ValueError, match="dtype"):
        Results(np.zeros(3, dtype=record_dtype(3)), ["A", "B"], 0, 2, [], 100, 1.0)
    rec = build_records(2, [dict(entry=[0, 5], outcome=[W, L], ended_by=P)])
    with pytest.raises(ValueError, match="entry"):
        Results(rec, ["A", "B"], 0, 2, [], 100, 1.0).summary()


# ---------------------------------------------------------------- output
def _plain(x):
    """True when x holds only JSON-native Python types."""
    if isinstance(x, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in x.items())
    if isinstance(x, list):
        return all(_plain(v) for v in x)
    return x is None or type(x) in (int, float, str, bool)


def test_json_dict(two_player_results):
    d = two_player_results.to_json_dict()
    assert set(d) == {"games", "seed", "players", "kingdom", "turn_cap", "ended_by",
                      "games_per_second", "strategies", "notes", "domsim_version",
                      "seating", "definitions"}
    assert _plain(d)
    json.dumps(d, allow_nan=False)
    assert (d["games"], d["seed"], d["players"], d["turn_cap"]) == (5, 7, 2, 100)
    assert d["kingdom"] == ["Smithy"]
    assert d["ended_by"] == {"provinces": 3, "piles": 1, "turn_cap": 1}
    assert d["games_per_second"] == pytest.approx(10.0)
    bm, smithy = d["strategies"]
    assert set(bm) == {"name", "games", "copies", "seat_games", "wins", "ties", "losses",
                       "win_rate", "win_rate_ci", "game_win_rate", "game_win_rate_ci",
                       "tie_rate", "score", "score_ci", "avg_vp", "avg_turns",
                       "by_seat"}
    assert (bm["name"], bm["games"], bm["wins"], bm["ties"], bm["losses"]) == \
        ("Big Money", 5, 3, 1, 1)
    assert bm["win_rate"] == pytest.approx(0.6)
    assert bm["win_rate_ci"] == pytest.approx([0.2307, 0.8824], abs=1e-4)
    assert bm["tie_rate"] == pytest.approx(0.2)
    assert bm["score_ci"] == pytest.approx(list(wilson(3.5, 5)))
    assert bm["avg_vp"] == pytest.approx(22.6)
    assert bm["avg_turns"] == pytest.approx(33.0)
    assert [(x["seat"], x["games"], x["wins"], x["ties"]) for x in bm["by_seat"]] == \
        [(0, 3, 2, 1), (1, 2, 1, 0)]
    assert smithy["by_seat"][1]["win_rate"] == 0.0
    assert len(smithy["by_seat"][0]["win_rate_ci"]) == 2


def test_csv_round_trip(two_player_results, tmp_path):
    path = tmp_path / "summary.csv"
    two_player_results.to_csv(path)
    back = pd.read_csv(path)
    summary = two_player_results.summary()
    pd.testing.assert_frame_equal(back[list(summary.columns)], summary, check_dtype=False)
    assert {"definition_hash", "definition", "domsim_version"} <= set(back.columns)
    assert [p.name for p in tmp_path.iterdir()] == ["summary.csv"]   # no temp left


def test_csv_failure_leaves_nothing(two_player_results, tmp_path, monkeypatch):
    import simulator.output.files as files_mod

    def boom(*a, **k):
        raise OSError("disk full")
    monkeypatch.setattr(files_mod.os, "replace", boom)
    with pytest.raises(OSError):
        two_player_results.to_csv(tmp_path / "s.csv")
    assert list(tmp_path.iterdir()) == []


def test_table(two_player_results):
    text = two_player_results.table()
    assert "Big Money" in text and "Smithy" in text
    assert "60.00% [23.07, 88.24]" in text
    assert "20.00%" in text
    assert "kingdom: Smithy" in text
    assert "by seat" in text and "1st" in text and "2nd" in text
    assert "1 game (20.00%) hit the turn cap of 100 turns" in text
    assert "VP at the moment the cap was hit" in text
    assert "5 games in 0.50 s (10 games/s)" in text
    header = next(line for line in text.splitlines() if line.startswith("strategy"))
    for col in ("games", "wins", "ties", "losses", "win rate", "avg VP", "avg turns",
                "provinces", "piles", "turn cap"):
        assert col in header


def test_table_without_turn_cap_still_says_so(build_records):
    rec = build_records(2, [dict(entry=[0, 1], outcome=[W, L], ended_by=P)])
    text = Results(rec, ["A", "B"], 0, 2, [], 80, 1.0).table()
    assert "0 games hit the turn cap of 80 turns" in text


@pytest.mark.parametrize("n", [1, 2, 5, 7, 10, 33, 100, 12345, 10**9])
def test_wilson_bounds_are_exact_at_the_edges(n):
    """0 wins: the lower bound is 0, not ~1e-19; all wins: the upper is 1."""
    assert wilson(0, n)[0] == 0.0 and wilson(n, n)[1] == 1.0
    low, high = wilson(np.array([0, n]), np.array([n, n]))
    assert low[0] == 0.0 and high[1] == 1.0
    assert 0.0 < wilson(0, n)[1] < 1.0 and 0.0 < wilson(n, n)[0] < 1.0

