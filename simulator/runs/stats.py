"""Small statistics helpers for win rates, in plain numpy (no scipy).

Wilson's interval rather than the normal approximation because win rates
near 0 or 1 (a strong bot against a weak one) and small game counts are
common here, and there the normal interval leaves [0, 1] or collapses to 0.
Every interval of a rate or score that domsim prints or exports comes from
:func:`wilson` or one of the helpers built on it below (:func:`score_wilson`,
:func:`mean_wilson`, :func:`paired_difference`), so it stays inside [0, 1]
and has a positive width whenever the sample is finite.
"""
from __future__ import annotations

import math

import numpy as np

Z95 = 1.959964

_erfc = np.vectorize(math.erfc, otypes=[np.float64])


def wilson(successes, n, z: float = Z95):
    """Wilson score interval for successes/n; ``(0.0, 1.0)`` when n == 0.

    With no successes the lower bound is exactly 0, with all successes the
    upper bound exactly 1 (the interval always holds the observed rate).

    Scalars in give floats out; arrays in give arrays out (broadcast).
    """
    scalar = np.ndim(successes) == 0 and np.ndim(n) == 0
    k = np.asarray(successes, dtype=np.float64)
    m = np.asarray(n, dtype=np.float64)
    k, m = np.broadcast_arrays(k, m)
    empty = m <= 0
    m_safe = np.where(empty, 1.0, m)
    p = k / m_safe
    z2 = z * z
    denom = 1.0 + z2 / m_safe
    centre = (p + z2 / (2.0 * m_safe)) / denom
    half = (z / denom) * np.sqrt(np.maximum(p * (1.0 - p) / m_safe
                                            + z2 / (4.0 * m_safe * m_safe), 0.0))
    # exact at the edges: rounding would give 0 wins a lower bound of ~1e-19
    low = np.where(empty | (k <= 0), 0.0, np.clip(centre - half, 0.0, 1.0))
    high = np.where(empty | (k >= m), 1.0, np.clip(centre + half, 0.0, 1.0))
    if scalar:
        return float(low), float(high)
    return low, high


def score_wilson(wins, ties, n, z: float = Z95):
    """(score, low, high) of the score (a win 1, a tie 1/2, a loss 0 per
    game): Wilson's interval on wins + ties/2 points out of n games.

    Ties make a game's score less variable than a win-or-loss, so this is
    slightly conservative; unlike the normal interval it stays inside
    [0, 1] and is not zero-width at 0 or n points.  All NaN when n == 0
    (no games: no score).  Vectorised like :func:`wilson`.
    """
    scalar = all(np.ndim(v) == 0 for v in (wins, ties, n))
    w, t, m = np.broadcast_arrays(*(np.asarray(v, dtype=np.float64)
                                    for v in (wins, ties, n)))
    points = w + t / 2.0
    played = m > 0
    score = np.where(played, points / np.where(played, m, 1.0), np.nan)
    low, high = wilson(points, m, z)
    low, high = np.where(played, low, np.nan), np.where(played, high, np.nan)
    if scalar:
        return float(score), float(low), float(high)
    return score, low, high


def mean_wilson(successes, n, z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high): the equal-weight mean of several rates
    successes[i] / n[i] (say a score against each opponent), with Wilson's
    interval at the effective game count.

    The mean of k rates with a common p has variance p(1-p) / n_eff with
    n_eff = k^2 / sum(1/n_i), the game count of one rate measured as
    precisely; Wilson's interval for mean x n_eff successes in n_eff games
    therefore keeps the mean's precision and [0, 1].  With equal game counts
    it is exactly Wilson's interval of the pooled counts.  Groups with no
    games are left out; with none at all the result is NaN.
    """
    k = np.asarray(successes, dtype=np.float64).ravel()
    m = np.asarray(n, dtype=np.float64).ravel()
    played = m > 0
    k, m = k[played], m[played]
    if k.size == 0:
        return math.nan, math.nan, math.nan
    mean = float((k / m).mean())
    n_eff = k.size ** 2 / float((1.0 / m).sum())
    low, high = wilson(mean * n_eff, n_eff, z)
    return mean, low, high


def paired_difference(k1, k2, n, z: float = Z95):
    """(d, low, high) for d = k1/n - k2/n, two exclusive outcomes counted in
    the same n games (the first seat won k1, the second k2): Newcombe's
    hybrid score interval for paired proportions, built from the two Wilson
    intervals and the correlation of the outcomes, -sqrt(p1 p2 / ((1-p1)(1-p2))).

    Unlike the normal interval it stays inside [-1, 1] and is not zero-width
    when one side won every game.  NaN when n == 0.  Vectorised.
    """
    scalar = all(np.ndim(v) == 0 for v in (k1, k2, n))
    a, b, m = np.broadcast_arrays(*(np.asarray(v, dtype=np.float64) for v in (k1, k2, n)))
    ok = m > 0
    ms = np.where(ok, m, 1.0)
    p1, p2 = a / ms, b / ms
    l1, u1 = wilson(a, ms, z)
    l2, u2 = wilson(b, ms, z)
    with np.errstate(invalid="ignore", divide="ignore"):
        denom = (1.0 - p1) * (1.0 - p2)
        phi = np.where(denom > 0, -np.sqrt(p1 * p2 / np.where(denom > 0, denom, 1.0)), 0.0)
    d = p1 - p2
    down = np.sqrt(np.maximum((p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2)
                              + (u2 - p2) ** 2, 0.0))
    up = np.sqrt(np.maximum((u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2)
                            + (p2 - l2) ** 2, 0.0))
    nan = np.full(d.shape, np.nan)
    d, low, high = (np.where(ok, x, nan) for x in
                    (d, np.clip(d - down, -1.0, 1.0), np.clip(d + up, -1.0, 1.0)))
    if scalar:
        return float(d), float(low), float(high)
    return d, low, high


def mean_ci(values, z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high): normal-approximation CI of the mean.

    For unbounded quantities (game length, VP), not rates: those take
    :func:`wilson` / :func:`mean_wilson`.  Fine for the sample sizes a
    simulator produces; with fewer than two values the interval is
    undefined (NaN).
    """
    x = np.asarray(values, dtype=np.float64).ravel()
    if x.size == 0:
        return math.nan, math.nan, math.nan
    mean = float(x.mean())
    if x.size < 2:
        return mean, math.nan, math.nan
    half = z * float(x.std(ddof=1)) / math.sqrt(x.size)
    return mean, mean - half, mean + half


def two_proportion_test(k1, n1, k2, n2):
    """Pooled two-proportion z-test: (z, two-sided p).

    Assumes the two samples are independent, so it fits e.g. two bots each
    measured against a common opponent, not the two sides of one head-to-head
    (there one side's win is the other's loss).  Degenerate inputs (an empty
    sample, or pooled rate 0 or 1) give z = 0, p = 1: no evidence of a
    difference.  Vectorised like :func:`wilson`.
    """
    scalar = all(np.ndim(v) == 0 for v in (k1, n1, k2, n2))
    k1, n1, k2, n2 = np.broadcast_arrays(*(np.asarray(v, dtype=np.float64)
                                           for v in (k1, n1, k2, n2)))
    ok = (n1 > 0) & (n2 > 0)
    n1s, n2s = np.where(ok, n1, 1.0), np.where(ok, n2, 1.0)
    pooled = (k1 + k2) / (n1s + n2s)
    var = pooled * (1.0 - pooled) * (1.0 / n1s + 1.0 / n2s)
    ok &= var > 0
    se = np.sqrt(np.where(ok, var, 1.0))
    z = np.where(ok, (k1 / n1s - k2 / n2s) / se, 0.0)
    p = np.where(ok, _erfc(np.abs(z) / math.sqrt(2.0)), 1.0)
    if scalar:
        return float(z), float(p)
    return z, p


SIGN_EXACT_MAX = 2000          # games decided either way, up to which the test is exact


def sign_test(k1, k2):
    """Two-sided p of a sign test: k1 successes against k2 failures (ties
    left out) under an even chance.  Exact (binomial) up to SIGN_EXACT_MAX
    decided games, where a normal approximation would be too bold on few
    games (4 wins to 0 is p = 0.125, not 0.046); above it the normal
    approximation with a continuity correction.  Vectorised like
    :func:`wilson`."""
    scalar = np.ndim(k1) == 0 and np.ndim(k2) == 0
    out = np.vectorize(_sign_p, otypes=[np.float64])(np.asarray(k1), np.asarray(k2))
    return float(out) if scalar else out


def _sign_p(k1, k2) -> float:
    k1, k2 = int(k1), int(k2)
    n, m = k1 + k2, min(k1, k2)
    if n == 0 or k1 == k2:
        return 1.0
    if n > SIGN_EXACT_MAX:
        z = (abs(k1 - k2) - 1) / math.sqrt(n)
        return math.erfc(z / math.sqrt(2.0))
    log_half = n * math.log(0.5)
    lg = math.lgamma(n + 1)
    tail = sum(math.exp(lg - math.lgamma(i + 1) - math.lgamma(n - i + 1) + log_half)
               for i in range(m + 1))
    return min(1.0, 2.0 * tail)

