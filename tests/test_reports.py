"""reports/: table computations on hand-made results with answers known by
hand, store round trips, exports, text rendering and charts.  No kernel."""
from __future__ import annotations

import dataclasses
import json
import math

import numpy as np
import pandas as pd
import pytest

from reports import balance as BAL
from reports import charts
from reports import sweep as S
from reports import tables as T
from reports import tournament as TR
from reports.export import export_tables, json_document, table_paths
from simulator.runs.store import Run, StoreError, concat_results, load_runs, save_runs
from reports.text import Table, pp_ci, rate_ci
from simulator.runs.records import (ENDED_PILES, ENDED_PROVINCES, ENDED_TURN_CAP, LOSS,
                               TIE, WIN)
from simulator.runs.results import Results
from simulator.runs.stats import (Z95, paired_difference, wilson)

W, Ti, L = WIN, TIE, LOSS
P, X, C = ENDED_PROVINCES, ENDED_PILES, ENDED_TURN_CAP


# ================================================================ one matchup
def test_matchup_stats_known_answers(two_player_results):
    """conftest's five games: Big Money 3 wins, 1 tie, 1 loss against Smithy."""
    row = T.matchup_stats(two_player_results, kingdom="K")
    assert row["kingdom"] == "K"
    assert (row["a"], row["b"], row["games"]) == ("Big Money", "Smithy", 5)
    assert (row["a_wins"], row["ties"], row["b_wins"]) == (3, 1, 1)
    assert row["a_win_rate"] == pytest.approx(0.6)
    assert (row["a_win_rate_low"], row["a_win_rate_high"]) == pytest.approx(wilson(3, 5))
    assert row["a_win_rate_low"] == pytest.approx(0.2307, abs=1e-4)
    assert (row["b_win_rate_low"], row["b_win_rate_high"]) == pytest.approx(wilson(1, 5))
    assert row["tie_rate"] == pytest.approx(0.2)
    assert row["a_score"] == pytest.approx(0.7)
    # exact sign test of wins against losses: 2 * P(X <= 1), X ~ Bin(4, 1/2)
    assert row["a_vs_b_p"] == pytest.approx(2 * (1 + 4) / 16)
    assert row["a_vs_b_significant"] is False
    assert row["piles_share"] == pytest.approx(0.2)
    assert row["turn_cap_share"] == pytest.approx(0.2)
    # game length = most turns in the game: 15, 17, 20, 100, 14
    assert row["avg_length"] == pytest.approx(166 / 5)
    x = np.array([15, 17, 20, 100, 14.0])
    half = Z95 * x.std(ddof=1) / math.sqrt(5)
    assert row["avg_length_low"] == pytest.approx(166 / 5 - half)
    # seat 0 (moved first) won g0, g1, g4; seat 1 won g3; g2 tied
    assert row["seat1_win_rate"] == pytest.approx(0.6)
    assert row["seat2_win_rate"] == pytest.approx(0.2)
    assert row["first_seat_adv"] == pytest.approx(0.4)
    # Newcombe's paired interval, inside [-1, 1] (tests/test_stats.py)
    assert (row["first_seat_adv_low"], row["first_seat_adv_high"]) == pytest.approx(
        paired_difference(3, 1, 5)[1:])
    assert (row["a_score_low"], row["a_score_high"]) == pytest.approx(wilson(3.5, 5))
    assert row["seed"] == 7


def test_matchup_needs_two_entries(build_records):
    rec = build_records(3, [dict(entry=[0, 0, 0], outcome=[W, L, L], turns=[10, 10, 9])])
    r = Results(rec, ["BM"], seed=0, players=3, kingdom=[], turn_cap=100, seconds=0)
    with pytest.raises(ValueError, match="two strategies"):
        T.matchup_stats(r)


def test_first_seat_advantage_from_by_seat_frame():
    """1000 games: seat 0 won 550, seat 1 won 400, 50 tied."""
    by_seat = pd.DataFrame({"entry": [0, 0, 1, 1], "seat": [0, 1, 0, 1],
                            "games": [500, 500, 500, 500],
                            "wins": [300, 180, 250, 220]})
    fs = T.first_seat_advantage(by_seat)
    assert fs["seat1_win_rate"] == pytest.approx(0.55)
    assert fs["seat2_win_rate"] == pytest.approx(0.40)
    se = math.sqrt((0.95 - 0.15 ** 2) / 1000)
    assert fs["first_seat_adv"] == pytest.approx(0.15)
    # with many games Newcombe's interval is close to the normal one
    assert fs["first_seat_adv_low"] == pytest.approx(0.15 - Z95 * se, abs=1e-3)
    assert fs["first_seat_adv_high"] == pytest.approx(0.15 + Z95 * se, abs=1e-3)
    assert fs["first_seat_significant"]
    # equal seats: no advantage, not significant
    even = T.first_seat_advantage(pd.DataFrame({"seat": [0, 1], "games": [100, 100],
                                                "wins": [45, 45]}))
    assert even["first_seat_adv"] == 0 and not even["first_seat_significant"]
    assert even["first_seat_p"] == pytest.approx(1.0)


def test_seat_table_for_a_mirror(build_records):
    """Three players, one strategy in every seat, six games."""
    games = [dict(entry=[0, 0, 0], outcome=o, turns=[12, 12, 11], ended_by=P)
             for o in ([W, L, L], [W, L, L], [L, W, L], [Ti, Ti, L], [W, L, L], [L, L, W])]
    r = Results(build_records(3, games), ["BMU"], seed=0, players=3, kingdom=[],
                turn_cap=100, seconds=0)
    st = T.seat_table(r)
    assert list(st["seat"]) == [1, 2, 3]
    assert list(st["games"]) == [6, 6, 6]
    assert list(st["wins"]) == [3, 1, 1]
    assert list(st["ties"]) == [1, 1, 0]
    np.testing.assert_allclose(st["win_rate"], [0.5, 1 / 6, 1 / 6])
    low, high = wilson(np.array([3, 1, 1]), 6)
    np.testing.assert_allclose(st["win_rate_low"], low)
    np.testing.assert_allclose(st["win_rate_high"], high)
    # 5 of 6 games had a sole winner: fair share 5 / 18 per seat
    assert st["fair_share"].iloc[0] == pytest.approx(5 / 18)
    np.testing.assert_allclose(st["vs_fair"], [0.5 - 5 / 18, 1 / 6 - 5 / 18, 1 / 6 - 5 / 18])
    # the seat's Wilson interval shifted by the fair share
    np.testing.assert_allclose(st["vs_fair_low"], low - 5 / 18)
    np.testing.assert_allclose(st["vs_fair_high"], high - 5 / 18)


def test_length_stats_and_distribution(two_player_results):
    ls = T.length_stats(two_player_results)
    assert ls["median_length"] == 17
    d = T.length_distribution(two_player_results, "x")
    assert list(d["length"]) == [14, 15, 17, 20, 100]
    assert d["games"].sum() == 5 and d["share"].sum() == pytest.approx(1.0)


def test_length_stats_without_records(two_player_results):
    # aggregates carry the game-length histogram: the same statistics as records
    r = two_player_results
    agg = Results(None, r.entries, seed=0, players=2, kingdom=[], turn_cap=100, seconds=0,
                  tally=r._tally)
    assert T.length_stats(agg) == T.length_stats(r)
    assert T.length_stats(agg)["avg_length"] == (15 + 17 + 20 + 100 + 14) / 5
    # a tally without the histogram (records saved by an older domsim): the
    # mean from the average turns, no interval
    old = Results(None, r.entries, seed=0, players=2, kingdom=[], turn_cap=100, seconds=0,
                  tally=dataclasses.replace(r._tally, lengths=None))
    ls = T.length_stats(old)
    assert ls["avg_length"] == pytest.approx(r.summary()["avg_turns"].mean())
    assert math.isnan(ls["avg_length_low"])


# ================================================================ tournaments
def _pairs(rows):
    """Matchup rows from (a, b, a_wins, ties, b_wins)."""
    return pd.DataFrame([dict(a=a, b=b, a_wins=w, ties=t, b_wins=l, games=w + t + l)
                         for a, b, w, t, l in rows])


PAIRS = _pairs([("A", "B", 60, 10, 30), ("A", "C", 80, 0, 20), ("B", "C", 55, 5, 40)])


def test_win_matrix_long_and_square():
    m = T.win_matrix(PAIRS, ["A", "B", "C"])
    assert len(m) == 6
    ab = m[(m["row"] == "A") & (m["column"] == "B")].iloc[0]
    ba = m[(m["row"] == "B") & (m["column"] == "A")].iloc[0]
    assert (ab.wins, ab.ties, ab.losses, ab.games) == (60, 10, 30, 100)
    assert (ba.wins, ba.ties, ba.losses) == (30, 10, 60)
    assert ab.win_rate == pytest.approx(0.6)
    assert (ab.win_rate_low, ab.win_rate_high) == pytest.approx(wilson(60, 100))
    assert ab.score == pytest.approx(0.65)
    assert ab.p == pytest.approx(binomial_two_sided(60, 30))
    sq = T.matrix_view(m, ["A", "B", "C"])
    assert math.isnan(sq.loc["A", "A"])
    assert sq.loc["C", "B"] == pytest.approx(0.40)


def test_win_matrix_unplayed_pair():
    m = T.win_matrix(_pairs([("A", "B", 6, 0, 4)]), ["A", "B", "C"])
    ac = m[(m["row"] == "A") & (m["column"] == "C")].iloc[0]
    assert ac.games == 0 and math.isnan(ac.win_rate) and not ac.significant


def test_average_ranking():
    r = T.average_ranking(PAIRS, ["C", "B", "A"])
    assert list(r["strategy"]) == ["A", "B", "C"]
    assert list(r["rank"]) == [1, 2, 3]
    a = r.iloc[0]
    assert a.avg_win_rate == pytest.approx((0.6 + 0.8) / 2)
    # equal game counts: Wilson's interval of the pooled counts, 140 of 200
    assert (a.avg_win_rate_low, a.avg_win_rate_high) == pytest.approx(wilson(140, 200))
    assert a.avg_score == pytest.approx((0.65 + 0.8) / 2)
    assert (a.avg_score_low, a.avg_score_high) == pytest.approx(wilson(145, 200))
    assert a.opponents == 2 and a.games == 200


def test_bradley_terry_recovers_known_strengths():
    p = np.array([8.0, 4.0, 2.0, 1.0, 0.5])
    n = np.full((5, 5), 10_000.0)
    np.fill_diagonal(n, 0)
    wins = n * p[:, None] / (p[:, None] + p[None, :])
    theta, cov, it = T.bradley_terry(wins, n)
    expected = np.log(p) - np.log(p).mean()
    np.testing.assert_allclose(theta, expected, atol=1e-8)
    assert it > 1
    assert np.all(np.diag(cov) > 0)
    np.testing.assert_allclose(cov.sum(axis=1), 0, atol=1e-10)    # sum-zero constraint


def test_bradley_terry_standard_error_two_players():
    """Two players: var(theta_a - theta_b) = 1 / (n p (1 - p))."""
    n = np.array([[0, 1000.0], [1000.0, 0]])
    w = np.array([[0, 700.0], [300.0, 0]])
    theta, cov, _ = T.bradley_terry(w, n)
    assert theta[0] - theta[1] == pytest.approx(math.log(700 / 300))
    var_diff = cov[0, 0] + cov[1, 1] - 2 * cov[0, 1]
    assert var_diff == pytest.approx(1 / (1000 * 0.7 * 0.3))


def test_bradley_terry_needs_strong_connection():
    n = np.array([[0, 10.0], [10.0, 0]])
    w = np.array([[0, 10.0], [0.0, 0]])
    with pytest.raises(ValueError, match="no finite solution"):
        T.bradley_terry(w, n)
    theta, _, _ = T.bradley_terry(w, n, prior=1.0)          # 10.5 : 0.5
    assert theta[0] - theta[1] == pytest.approx(math.log(10.5 / 0.5))


def test_bt_ranking_order_ties_half_and_notes():
    # A beats everyone, C loses to everyone; B-C tie a lot (ties count half)
    pairs = _pairs([("A", "B", 70, 0, 30), ("A", "C", 75, 10, 15), ("B", "C", 40, 40, 20)])
    bt, note = T.bt_ranking(pairs, ["C", "B", "A"])
    assert list(bt["strategy"]) == ["A", "B", "C"]
    assert note == ""
    assert bt["rating"].sum() == pytest.approx(0, abs=1e-9)
    assert (bt["rating_se"] > 0).all()
    assert bt["rating_low"].iloc[0] < bt["rating"].iloc[0] < bt["rating_high"].iloc[0]
    assert math.isnan(bt["p_vs_next"].iloc[-1])
    # the fit equals the MM fit on points = wins + ties / 2
    w, t, n = T.pair_counts(pairs, ["A", "B", "C"])
    theta, _, _ = T.bradley_terry(w + t / 2, n)
    np.testing.assert_allclose(bt["rating"].to_numpy(), T.ELO * np.sort(theta)[::-1])


def test_bt_ranking_prior_and_left_out():
    pairs = _pairs([("A", "B", 10, 0, 0)])
    bt, note = T.bt_ranking(pairs, ["A", "B", "C"])
    assert list(bt["strategy"]) == ["A", "B"]
    assert "C" in note and "drawn game" in note


def test_tournament_ranking_joins_both():
    r, note = T.tournament_ranking(PAIRS, ["A", "B", "C"])
    assert list(r["strategy"]) == ["A", "B", "C"]
    assert list(r["bt_rank"]) == [1, 2, 3]
    assert {"avg_win_rate", "rating", "rating_se", "bt_p_vs_next"} <= set(r.columns)


# ================================================================ single cards
CARD_ROWS = pd.DataFrame({
    "card": ["Smithy", "Witch", "Moat", "Market"], "a": ["BM Smithy", "BM Witch", "BM Moat",
                                                         "BM Market"],
    "b": ["BMU"] * 4, "games": [1000, 1000, 1000, 1000], "a_wins": [700, 950, 520, 515],
    "ties": [50, 10, 60, 60], "b_wins": [250, 40, 420, 425],
    "also": ["", "", "", "Smithy"]})


def test_card_ranking_order_ci_and_significance():
    r = T.card_ranking(CARD_ROWS)
    assert list(r["card"]) == ["Witch", "Smithy", "Moat", "Market"]   # by score
    assert list(r["rank"]) == [1, 2, 3, 4]
    assert r["score"].iloc[0] == pytest.approx(0.955)                 # ties count half
    assert r["win_rate"].iloc[0] == pytest.approx(0.95)
    assert (r["win_rate_low"].iloc[0], r["win_rate_high"].iloc[0]) == pytest.approx(
        wilson(950, 1000))
    # score CI: Wilson on the points, wins + ties/2
    assert (r["score_low"].iloc[0], r["score_high"].iloc[0]) == pytest.approx(
        wilson(955, 1000))
    assert r["p_vs_next"].iloc[0] == pytest.approx(
        float(T.score_diff_p(950, 10, 1000, 700, 50, 1000)))
    assert bool(r["significant_vs_next"].iloc[1])          # 72.5% vs 55%
    assert not bool(r["significant_vs_next"].iloc[2])      # 55.0% vs 54.5%
    assert math.isnan(r["p_vs_next"].iloc[3])
    assert r["label"].iloc[3] == "Market + Smithy"          # a combination: full name
    # against the exact even point (50%): sign test of wins against losses
    assert list(r["vs_even"]) == ["above"] * 4
    w = (940 + 100) // 2
    assert r["p_vs_even"].iloc[2] == pytest.approx(binomial_two_sided(w, 940 - w))
    assert list(r["losses"]) == [40, 250, 420, 425]


def test_card_ranking_even_is_fifty_percent_score_not_win_rate():
    """A bot that wins 46% and ties 8% is even (the mirror's rates), not below."""
    rows = pd.DataFrame({"card": ["Cellar"], "a": ["BM Cellar"], "b": ["BMU"],
                         "games": [10000], "a_wins": [4600], "ties": [800],
                         "b_wins": [4600]})
    r = T.card_ranking(rows)
    assert r["score"].iloc[0] == pytest.approx(0.5)
    assert r["vs_even"].iloc[0] == "n.s." and r["p_vs_even"].iloc[0] == pytest.approx(1.0)


def test_card_ranking_single_row():
    r = T.card_ranking(CARD_ROWS.iloc[:1])
    assert len(r) == 1 and math.isnan(r["p_vs_next"].iloc[0])


def test_best_cards():
    rows = CARD_ROWS.rename(columns={"a_wins": "a_wins"}).copy()
    rows["kingdom"] = ["K1", "K1", "K2", "K2"]
    rows["a_win_rate"] = rows["a_wins"] / rows["games"]
    rows["a_win_rate_low"], rows["a_win_rate_high"] = wilson(rows["a_wins"].to_numpy(), 1000)
    rows["a_score"], rows["a_score_low"], rows["a_score_high"] = T.score_ci(
        rows["a_wins"], rows["ties"], rows["games"])
    best = T.best_cards(rows)
    assert list(best["kingdom"]) == ["K1", "K2"]
    assert list(best["best_card"]) == ["Witch", "Moat"]
    assert list(best["runner_up"]) == ["Smithy", "Market"]
    assert bool(best["significant"].iloc[0]) and not bool(best["significant"].iloc[1])
    assert best["p_vs_runner_up"].iloc[1] == pytest.approx(
        float(T.score_diff_p(520, 60, 1000, 515, 60, 1000)))
    text = S.best_table(best).text()
    assert "no clear best (Moat leads)" in text and "not significant" in text


# ================================================================ per-turn curves
def test_turn_curve_batch_means_interval():
    # 4 batches, 1 entry, 2 turns; turn 1: VP means 2, 4, 6, 8 (10 seat-games each)
    b = np.zeros((4, 1, 2, 3), np.int64)
    for i, m in enumerate([2, 4, 6, 8]):
        b[i, 0, 0] = [m * 10, 30 + i * 10, 10]
        b[i, 0, 1] = [50, 50, 10]
    total = b.sum(axis=0)
    c = T.turn_curve(total, 0, b, label="bot")
    assert list(c["turn"]) == [1, 2]
    assert list(c["games"]) == [40, 40]
    assert c["avg_vp"].iloc[0] == pytest.approx(5.0)
    half = T.t975(3) * np.std([2, 4, 6, 8], ddof=1) / 2
    assert c["avg_vp_low"].iloc[0] == pytest.approx(5 - half)
    assert c["avg_vp_high"].iloc[0] == pytest.approx(5 + half)
    assert c["avg_vp_low"].iloc[1] == pytest.approx(5.0)     # no spread, no width
    no_ci = T.turn_curve(total, 0, None)
    assert no_ci["avg_vp_low"].isna().all()


def test_t975():
    assert T.t975(9) == pytest.approx(2.262)
    assert T.t975(1000) == pytest.approx(Z95)
    assert math.isnan(T.t975(0))


# ================================================================ store
def _with_turns(r: Results) -> Results:
    per_turn = np.arange(2 * 3 * 3, dtype=np.int64).reshape(2, 3, 3)
    return Results(r.records, r.entries, seed=r.seed, players=r.players, kingdom=r.kingdom,
                   turn_cap=r.turn_cap, seconds=r.seconds, per_turn=per_turn)


def test_store_round_trip(tmp_path, two_player_results):
    r = _with_turns(two_player_results)
    agg = Results(None, r.entries, seed=3, players=2, kingdom=["Witch"], turn_cap=50,
                  seconds=1.5, tally=r._tally)
    extra = np.ones((2, 2, 3, 3), np.int64)
    runs = [Run(r, "pair", ("big-money", "smithy"), {"card": None, "x": [1, 2]},
                {"per_turn_batches": extra}),
            Run(agg, "mirror", ("big-money",), {"players": 2})]
    path = tmp_path / "runs.npz"
    save_runs(path, runs, {"command": "test", "seed": 1})
    back, meta = load_runs(path)
    from simulator.runs.jobs import domsim_version, engine_fingerprint
    assert meta == {"command": "test", "seed": 1, "version": domsim_version(),
                    "engine": engine_fingerprint()}       # who played the games
    assert [b.kind for b in back] == ["pair", "mirror"]
    assert back[0].strategies == ("big-money", "smithy")
    assert back[0].info == {"card": None, "x": [1, 2]}
    np.testing.assert_array_equal(back[0].results.records, r.records)
    np.testing.assert_array_equal(back[0].results.per_turn, r.per_turn)
    np.testing.assert_array_equal(back[0].arrays["per_turn_batches"], extra)
    pd.testing.assert_frame_equal(back[0].results.summary(), r.summary())
    pd.testing.assert_frame_equal(back[0].results.turn_stats(), r.turn_stats())
    assert back[1].results.records is None
    pd.testing.assert_frame_equal(back[1].results.summary(), agg.summary())
    assert (back[1].results.seed, back[1].results.turn_cap) == (3, 50)
    assert back[1].results.kingdom == ["Witch"]
    assert not list(tmp_path.glob(".*tmp"))


def test_store_rejects_other_files(tmp_path):
    np.savez(tmp_path / "other.npz", a=np.arange(3))
    with pytest.raises(StoreError, match="not a domsim records file"):
        load_runs(tmp_path / "other.npz")
    (tmp_path / "text.npz").write_text("hello")
    with pytest.raises(StoreError):
        load_runs(tmp_path / "text.npz")
    with pytest.raises(StoreError, match="no such file"):
        load_runs(tmp_path / "missing.npz")


def test_concat_results(two_player_results):
    r = _with_turns(two_player_results)
    both = concat_results([r, r], seed=11)
    assert both.games == 10 and both.seed == 11
    assert list(both.summary()["wins"]) == [6, 2]
    np.testing.assert_array_equal(both.per_turn, 2 * r.per_turn)
    agg = Results(None, r.entries, seed=0, players=2, kingdom=r.kingdom, turn_cap=100,
                  seconds=0, tally=r._tally)
    mixed = concat_results([r, agg])
    assert mixed.records is None and list(mixed.summary()["wins"]) == [6, 2]
    other = Results(r.records, ["X", "Y"], seed=0, players=2, kingdom=r.kingdom,
                    turn_cap=100, seconds=0)
    with pytest.raises(ValueError, match="one setup"):
        concat_results([r, other])


# ================================================================ exports
def test_table_paths():
    p = table_paths("out/t.csv", ["matrix", "ranking"])
    assert str(p["matrix"]) == "out/t.csv"
    assert str(p["ranking"]) == "out/t-ranking.csv"


def test_export_round_trips(tmp_path):
    df = T.win_matrix(PAIRS, ["A", "B", "C"])
    rk = T.average_ranking(PAIRS, ["A", "B", "C"])
    tables = {"matrix": df, "ranking": rk}
    export_tables(tables, csv=tmp_path / "t.csv", parquet=tmp_path / "t.parquet",
                  json_path=tmp_path / "t.json", meta={"seed": 1, "x": float("nan")})
    pd.testing.assert_frame_equal(pd.read_csv(tmp_path / "t.csv"), df, check_dtype=False)
    pd.testing.assert_frame_equal(pd.read_csv(tmp_path / "t-ranking.csv"), rk,
                                  check_dtype=False)
    pd.testing.assert_frame_equal(pd.read_parquet(tmp_path / "t.parquet"), df,
                                  check_dtype=False)
    pd.testing.assert_frame_equal(pd.read_parquet(tmp_path / "t-ranking.parquet"), rk,
                                  check_dtype=False)
    doc = json.loads((tmp_path / "t.json").read_text())
    assert doc["meta"] == {"seed": 1, "x": None}
    assert pd.DataFrame(doc["tables"]["matrix"]).shape == df.shape
    assert not list(tmp_path.glob(".*tmp"))


def test_json_document_nan_is_null():
    doc = json_document({"t": pd.DataFrame({"a": [1.0, float("nan")], "b": [True, False]})})
    assert doc["tables"]["t"] == [{"a": 1.0, "b": True}, {"a": None, "b": False}]
    json.dumps(doc, allow_nan=False)


# ================================================================ text
def test_formatting():
    assert rate_ci(0.7243, 0.7151, 0.7333) == "72.4% [71.5, 73.3]"
    assert rate_ci(float("nan"), 0, 1) == "-"
    assert pp_ci(0.032, 0.021, 0.043) == "+3.2 pp [+2.1, +4.3]"


def test_table_renderers():
    t = Table(["name", "rate"], [["a|b", "1.0%"], ["c", "20.0%"]], notes=["note"])
    text = t.text().splitlines()
    assert text[0].startswith("name") and text[2].endswith(" 1.0%")
    md = t.markdown()
    assert "| a\\|b | 1.0% |" in md and "|:---|---:|" in md
    html = Table(["<x>"], [["&"]]).html()
    assert "&lt;x&gt;" in html and "&amp;" in html


def test_tournament_text_marks_ties_and_skips():
    runs = []
    t = TR.build(runs, ["A", "B"], skipped=[dict(a="A", b="B", reason="needs 11")],
                 meta={"games": 10, "seed": 0})
    assert "not played" in TR.text(t)
    assert "A vs B: needs 11" in TR.text(t)


# ================================================================ charts
def _png_size(path):
    from PIL import Image
    with Image.open(path) as im:
        im.load()
        return im.size


def _expected(fig, dpi=charts.DPI):
    w, h = fig.get_size_inches()
    return round(w * dpi), round(h * dpi)


@pytest.mark.slow
def test_charts_write_png_and_svg_of_the_expected_size(tmp_path):
    m = T.win_matrix(PAIRS, ["A", "B", "C"])
    rank, _ = T.tournament_ranking(PAIRS, ["A", "B", "C"])
    cards = T.card_ranking(CARD_ROWS)
    seats = pd.concat([pd.DataFrame({"players": p, "seat": np.arange(1, p + 1),
                                     "win_rate": 1 / p, "win_rate_low": 0.9 / p,
                                     "win_rate_high": 1.1 / p, "fair_share": 0.95 / p})
                       for p in (2, 3)], ignore_index=True)
    dist = pd.DataFrame({"label": ["x"] * 3 + ["y"] * 3, "length": [15, 16, 17, 16, 18, 20],
                         "share": [0.2, 0.5, 0.3, 0.5, 0.25, 0.25]})
    b = np.ones((3, 1, 30, 3), np.int64)
    b[:, :, :, 0] = np.arange(30)
    curves = T.turn_curve(b.sum(axis=0), 0, b, label="bot")
    krows = pd.DataFrame({"kingdom": ["K1", "K1", "K2"], "card": ["Witch", "Moat", "Moat"],
                          "a": ["BM Witch", "BM Moat", "BM Moat"], "b": ["BMU"] * 3,
                          "games": [100] * 3, "a_wins": [90, 50, 40], "ties": [2, 4, 4],
                          "a_win_rate": [0.9, 0.5, 0.4]})
    krows["a_score"], krows["a_score_low"], krows["a_score_high"] = T.score_ci(
        krows["a_wins"], krows["ties"], krows["games"])
    figs = {
        "heatmap": charts.win_heatmap(m, ["A", "B", "C"], title="t", subtitle="s"),
        "ratings": charts.rating_chart(rank, title="t"),
        "cards": charts.card_bars(cards, title="t", subtitle="s"),
        "seats": charts.seat_chart(seats, title="t"),
        "length": charts.length_chart(dist, title="t"),
        "turns": charts.turn_chart(curves, title="t", subtitle="s"),
        "kingdoms": charts.kingdom_heatmap(krows, title="t"),
    }
    for name, fig in figs.items():
        size = _expected(fig)
        paths = charts.save(fig, tmp_path, name)
        assert [p.suffix for p in paths] == [".png", ".svg"]
        assert _png_size(paths[0]) == size, name
        import matplotlib.image
        assert matplotlib.image.imread(paths[0]).shape[:2] == (size[1], size[0])
        assert paths[1].read_text().lstrip().startswith("<?xml")
    assert not list(tmp_path.glob(".*tmp"))


def test_matplotlib_backend_is_agg():
    import matplotlib
    assert matplotlib.get_backend().lower() == "agg"


# ================================================================ balance report
def _balance_runs(build_records):
    """A minimal set of hand-made runs of every kind."""
    def pair(card_wins):
        games = [dict(entry=[0, 1] if g % 2 == 0 else [1, 0],
                      outcome=([W, L] if g < card_wins else [L, W]) if g % 2 == 0 else
                      ([L, W] if g < card_wins else [W, L]),
                      turns=[15 + g % 3, 15], vp=[30, 20], ended_by=P) for g in range(10)]
        r = Results(build_records(2, games), ["BM X", "Big Money Ultimate"], seed=1,
                    players=2, kingdom=["X"], turn_cap=100, seconds=0.1,
                    per_turn=np.ones((2, 5, 3), np.int64))
        return r

    runs = [Run(pair(8), "card", ("bm-witch", "big-money-ultimate"), {"card": "Witch"}),
            Run(pair(3), "card", ("bm-moat", "big-money-ultimate"), {"card": "Moat"})]
    mirror = Results(build_records(2, [dict(entry=[0, 0], outcome=[W, L], turns=[16, 15],
                                            ended_by=P)] * 4),
                     ["Big Money Ultimate"], seed=2, players=2, kingdom=[], turn_cap=100,
                     seconds=0.1, per_turn=np.ones((1, 5, 3), np.int64))
    runs.append(Run(mirror, "mirror", ("big-money-ultimate",), {"players": 2}))
    runs.append(Run(pair(6), "sweep", ("bm-witch", "big-money-ultimate"),
                    {"kingdom": "First", "card": "Witch"}))
    return runs


@pytest.mark.slow
def test_balance_build_and_write(tmp_path, build_records):
    b = BAL.build(_balance_runs(build_records), {"seed": 5, "games_cards": 10,
                                                 "regenerate": "domsim report balance x"})
    assert list(b.cards["card"]) == ["Witch", "Moat"]
    assert b.cards["win_rate"].iloc[0] == pytest.approx(0.8)
    assert b.seat_adv["first_seat_adv"].iloc[0] == pytest.approx(1.0)
    assert list(b.sweep.best["best_card"]) == ["Witch"]
    out = BAL.write(tmp_path / "rep", b)
    html = (out / "index.html").read_text()
    md = (out / "report.md").read_text()
    for name in ("cards", "seats", "length", "turns", "kingdoms"):
        assert f'<img src="{name}.png"' in html and f"({name}.png)" in md
        assert (out / f"{name}.png").exists() and (out / f"{name}.svg").exists()
    assert "domsim report balance x" in md and "Seed 5" in md
    back = pd.read_csv(out / "cards.csv", keep_default_na=False, na_values=[""])
    pd.testing.assert_frame_equal(back.drop(columns="also"), b.cards.drop(columns="also"),
                                  check_dtype=False)
    assert (out / BAL.MARKER).is_file()          # marks the folder as domsim's
    # a second write replaces the report as a whole
    BAL.write(tmp_path / "rep", b)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rep"]


def test_balance_write_is_atomic(tmp_path, build_records, monkeypatch):
    b = BAL.build(_balance_runs(build_records), {})
    (tmp_path / "busy").mkdir()
    (tmp_path / "busy" / "thesis.tex").write_text("mine")
    (tmp_path / "busy" / "index.html").write_text("my page")   # looks like a report
    with pytest.raises(ValueError, match="domsim did not write"):
        BAL.write(tmp_path / "busy", b)
    assert (tmp_path / "busy" / "thesis.tex").read_text() == "mine"
    assert (tmp_path / "busy" / "index.html").read_text() == "my page"

    def boom(*a, **k):
        raise RuntimeError("chart failed")

    monkeypatch.setattr(charts, "seat_chart", boom)
    with pytest.raises(RuntimeError):
        BAL.write(tmp_path / "new", b)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["busy"]   # nothing half-written


def binomial_two_sided(k1: int, k2: int) -> float:
    """The exact two-sided sign test, by whole-number arithmetic."""
    n, m = k1 + k2, min(k1, k2)
    return min(1.0, 2 * sum(math.comb(n, i) for i in range(m + 1)) / 2 ** n)

