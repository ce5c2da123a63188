"""Small statistics helpers for win rates, in plain numpy (no scipy).

Wilson's interval rather than the normal approximation because win rates
near 0 or 1 (a strong bot against a weak one) and small game counts are
common here, and there the normal interval leaves [0, 1] or collapses to 0.
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


def mean_ci(values, z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high): normal-approximation CI of the mean.

    Fine for the sample sizes a simulator produces; with fewer than two
    values the interval is undefined (NaN).
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
