"""simulator/stats.py: every interval of a rate or a score stays inside
[0, 1], holds the estimate and has a positive width on few games (issue 28:
a tournament of 4 games printed '87.5% [66.3, 108.7]' and '0.0% [0.0, 0.0]'),
and covers about 95% where it should."""
from __future__ import annotations

import math

import numpy as np
import pytest

from simulator.runs.stats import mean_wilson, paired_difference, score_wilson, wilson

# (successes, n) at the edges: 0 of n, n of n, n = 1, half points (ties)
EDGES = [(0, 1), (1, 1), (0.5, 1), (0, 4), (4, 4), (2, 4), (3.5, 4), (0, 2), (1, 2),
         (0, 1000), (1000, 1000)]


@pytest.mark.parametrize("k,n", EDGES)
def test_wilson_inside_unit_and_never_zero_width(k, n):
    low, high = wilson(k, n)
    assert 0.0 <= low <= k / n <= high <= 1.0
    assert high - low > 0.0


def test_wilson_known_values():
    # textbook values: 0 of 10 -> [0, 27.75%], 3 of 5 -> [23.07, 88.24]
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(3, 5) == pytest.approx((0.2307, 0.8824), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("w,t,n", [(0, 0, 1), (1, 0, 1), (0, 1, 1), (0, 0, 4), (4, 0, 4),
                                   (0, 4, 4), (3, 1, 4), (0, 1, 8), (2, 2, 5)])
def test_score_interval_inside_unit_and_never_zero_width(w, t, n):
    s, low, high = score_wilson(w, t, n)
    assert s == pytest.approx((w + t / 2) / n)
    assert 0.0 <= low <= s <= high <= 1.0
    assert high - low > 0.0
    assert (low, high) == pytest.approx(wilson(w + t / 2, n))


def test_score_interval_vectorised_and_empty():
    s, low, high = score_wilson(np.array([0, 4, 0]), np.array([0, 0, 0]), np.array([4, 4, 0]))
    assert s[:2].tolist() == [0.0, 1.0] and np.isnan(s[2])
    assert low[0] == 0.0 and high[1] == 1.0 and high[0] > 0 and low[1] < 1
    assert np.isnan(low[2]) and np.isnan(high[2])


def test_mean_over_opponents():
    # equal game counts: exactly the pooled counts' Wilson interval
    assert mean_wilson([4, 3], [4, 4]) == pytest.approx((0.875, *wilson(7, 8)))
    # the tournament's Big Money: no win against either opponent, 4 games each
    mean, low, high = mean_wilson([0, 0], [4, 4])
    assert (mean, low) == (0.0, 0.0) and 0.0 < high < 1.0
    mean, low, high = mean_wilson([4, 4], [4, 4])
    assert high == 1.0 and 0.0 < low < 1.0
    # unequal counts: the effective count k^2 / sum(1/n) is below the total
    mean, low, high = mean_wilson([1, 90], [1, 100])
    assert mean == pytest.approx(0.95)
    n_eff = 4 / (1 + 1 / 100)
    assert (low, high) == pytest.approx(wilson(0.95 * n_eff, n_eff))
    assert 0.0 <= low < mean < high <= 1.0
    # opponents never played are left out; none at all is undefined
    assert mean_wilson([3, 0], [4, 0]) == pytest.approx((0.75, *wilson(3, 4)))
    assert all(math.isnan(x) for x in mean_wilson([0], [0]))


@pytest.mark.parametrize("k1,k2,n", [(1, 0, 1), (0, 1, 1), (0, 0, 1), (4, 0, 4), (0, 4, 4),
                                     (2, 2, 4), (0, 0, 4), (3, 1, 5), (1000, 0, 1000)])
def test_paired_difference_inside_and_never_zero_width(k1, k2, n):
    d, low, high = paired_difference(k1, k2, n)
    assert d == pytest.approx((k1 - k2) / n)
    assert -1.0 <= low <= d <= high <= 1.0
    assert high - low > 0.0


def test_paired_difference_near_normal_on_many_games():
    d, low, high = paired_difference(550, 400, 1000)
    se = math.sqrt((0.95 - 0.15 ** 2) / 1000)
    assert (low, high) == pytest.approx((0.15 - 1.959964 * se, 0.15 + 1.959964 * se),
                                        abs=1e-3)
    assert all(math.isnan(x) for x in paired_difference(0, 0, 0))


def _coverage(n, probs, interval):
    """Exact coverage of ``interval`` over every outcome of n games with
    win probabilities (seat 1, seat 2), the rest ties."""
    p1, p2 = probs
    total = 0.0
    for k1 in range(n + 1):
        for k2 in range(n + 1 - k1):
            logp = (math.lgamma(n + 1) - math.lgamma(k1 + 1) - math.lgamma(k2 + 1)
                    - math.lgamma(n - k1 - k2 + 1))
            prob = math.exp(logp + (k1 * math.log(p1) if k1 else 0)
                            + (k2 * math.log(p2) if k2 else 0)
                            + ((n - k1 - k2) * math.log(1 - p1 - p2) if n - k1 - k2 else 0))
            low, high = interval(k1, k2, n)
            total += prob * (low <= p1 - p2 <= high)
    return total


@pytest.mark.parametrize("n", [10, 30])
@pytest.mark.parametrize("probs", [(0.5, 0.4), (0.7, 0.2), (0.9, 0.05), (0.3, 0.3)])
def test_paired_difference_covers_about_95_percent(n, probs):
    cover = _coverage(n, probs, lambda a, b, m: paired_difference(a, b, m)[1:])
    assert 0.92 <= cover <= 0.995


@pytest.mark.parametrize("n", [10, 40])
@pytest.mark.parametrize("p", [0.05, 0.3, 0.5, 0.9])
def test_wilson_covers_about_95_percent(n, p):
    cover = sum(math.comb(n, k) * p ** k * (1 - p) ** (n - k)
                for k in range(n + 1) if wilson(k, n)[0] <= p <= wilson(k, n)[1])
    assert 0.90 <= cover <= 0.995         # Wilson's known dips near the edges: ~0.91


# ============================================================ the sign test

def test_sign_test_is_exact_on_few_games():
    from simulator.runs.stats import sign_test
    assert sign_test(4, 0) == pytest.approx(0.125)          # 2 * (1/2)**4
    assert sign_test(0, 4) == pytest.approx(0.125)
    assert sign_test(10, 0) == pytest.approx(2 / 1024)
    assert sign_test(8, 2) == pytest.approx(2 * (1 + 10 + 45) / 1024)
    assert sign_test(0, 0) == 1.0 and sign_test(3, 3) == 1.0
    assert sign_test(5, 4) == pytest.approx(1.0)          # 2 * P(X <= 4 | 9) = 1


def test_sign_test_beyond_the_exact_range_agrees_with_the_exact_one():
    from simulator.runs import stats
    k1, k2 = 1060, 940                                    # 2,000 decided: exact
    exact = stats.sign_test(k1, k2)
    approx = stats.sign_test(k1 * 10, k2 * 10) ** 0       # just a float
    assert approx == 1.0
    z = (abs(k1 - k2) - 1) / math.sqrt(k1 + k2)
    assert exact == pytest.approx(math.erfc(z / math.sqrt(2)), rel=0.02)
    assert stats.sign_test([4, 1060], [0, 940]).tolist() == pytest.approx([0.125, exact])


def test_a_four_game_tournament_is_not_significant():
    """4 wins to 0 is no evidence at the 5% level (the normal test said 0.046)."""
    from reports.tables import matchup_stats
    from simulator.runs.results import Results
    from simulator.runs.records import record_dtype, WIN, LOSS
    rec = np.zeros(4, record_dtype(2))
    rec["entry"] = [[0, 1], [1, 0], [0, 1], [1, 0]]
    rec["outcome"] = [[WIN, LOSS], [LOSS, WIN], [WIN, LOSS], [LOSS, WIN]]
    row = matchup_stats(Results(rec, ["A", "B"], seed=0, players=2, kingdom=[],
                                turn_cap=100, seconds=0.0))
    assert row["a_wins"] == 4 and row["a_vs_b_p"] == pytest.approx(0.125)
    assert not row["a_vs_b_significant"]
