"""Table computations on finished runs: pandas and numpy only, no simulation.

Every function here reads ``Results`` (or rows already computed from them)
and returns a DataFrame; nothing reaches back to the kernel or the runner.

Conventions, the same in every table:

- A *win* is a sole win.  Ties are their own column and never count as wins,
  except where a column says ``score`` (ties count half) and in the
  Bradley-Terry fit, which also counts a tie as half a win for each side.
- Rates and scores carry a 95% Wilson interval in ``<rate>_low`` /
  ``<rate>_high`` (a score: Wilson on wins + ties/2 points; a mean over
  opponents: Wilson at the effective game count; a difference of two seats'
  rates: Newcombe's paired interval), so no interval leaves [0, 1] or is
  zero-width on few games; see simulator/stats.py.
- Means carry a 95% normal interval (``mean_ci``) when the per-game values are
  there, or a batch-means t interval for the per-turn curves.
- ``significant`` columns are two-sided tests at the 5% level; a note in the
  printed table says when a difference is not significant.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np
import pandas as pd

from simulator.runs.stats import (Z95, sign_test, mean_ci, mean_wilson, paired_difference,
                             score_wilson, wilson)

ALPHA = 0.05
ELO = 400.0 / math.log(10.0)        # Bradley-Terry log-strength -> Elo points

# two-sided 97.5% quantiles of Student's t, df = 1..30 (batch-means intervals)
_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
         2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
         2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def t975(df: int) -> float:
    if df < 1:
        return math.nan
    return _T975[df - 1] if df <= len(_T975) else Z95


def _erfc_p(z: float) -> float:
    """Two-sided normal p-value of a z statistic."""
    return math.erfc(abs(z) / math.sqrt(2.0)) if math.isfinite(z) else math.nan


# ============================================================ scores

def score_ci(wins, ties, n):
    """Score (a win 1, a tie 1/2, a loss 0 per game) with its 95% Wilson
    interval (``stats.score_wilson``); vectorised.  Returns (score, low, high)."""
    return score_wilson(wins, ties, n)


def score_vs_even_p(wins, losses):
    """Two-sided p of a score differing from 50%, the exact even point
    (a strategy against itself scores 50% whatever its tie rate): a sign
    test of wins against losses, ties left out."""
    return sign_test(np.asarray(wins, np.int64), np.asarray(losses, np.int64))


def score_diff_p(w1, t1, n1, w2, t2, n2):
    """Two-sided p of two independent runs' scores differing (normal test
    with each run's per-game variance)."""
    def var(w, t, n):
        w, t, n = (np.asarray(v, np.float64) for v in (w, t, n))
        with np.errstate(invalid="ignore", divide="ignore"):
            s = (w + t / 2) / n
            return s, np.maximum((w + t / 4) / n - s * s, 0.0) / n
    s1, v1 = var(w1, t1, n1)
    s2, v2 = var(w2, t2, n2)
    se = np.sqrt(v1 + v2)
    with np.errstate(invalid="ignore", divide="ignore"):
        z = np.where(se > 0, (s1 - s2) / np.where(se > 0, se, 1.0), 0.0)
    return np.vectorize(_erfc_p, otypes=[np.float64])(z)


# ============================================================ game lengths

def game_lengths(results) -> np.ndarray | None:
    """Length of each game in rounds (the most turns any player took),
    shortest first: from the run's length histogram, so the statistics are
    the same bits however the run was split.  None when the run has none."""
    counts = results.length_counts()
    if counts is None:
        return None
    return np.repeat(np.arange(counts.size, dtype=np.int64), counts)


def length_stats(results) -> dict:
    """Mean game length (rounds) with its 95% CI, median and 10th/90th
    percentiles; the interval and percentiles are NaN without the histogram."""
    lengths = game_lengths(results)
    if lengths is None or lengths.size == 0:
        s = results.summary()
        g = s["games"].to_numpy(np.float64)
        mean = float((s["avg_turns"] * g).sum() / g.sum()) if g.sum() else math.nan
        return dict(length_games=results.games, avg_length=mean,
                    avg_length_low=math.nan, avg_length_high=math.nan,
                    median_length=math.nan, p10_length=math.nan, p90_length=math.nan)
    mean, low, high = mean_ci(lengths)
    p10, med, p90 = np.percentile(lengths, [10, 50, 90])
    return dict(length_games=int(lengths.size), avg_length=mean, avg_length_low=low,
                avg_length_high=high, median_length=float(med),
                p10_length=float(p10), p90_length=float(p90))


def length_distribution(results, label: str) -> pd.DataFrame:
    """Games per length (rounds): label, length, games, share."""
    lengths = game_lengths(results)
    if lengths is None:
        raise ValueError("game-length distributions need the run's length histogram")
    counts = np.bincount(lengths)
    nz = np.flatnonzero(counts)
    return pd.DataFrame({"label": label, "length": nz, "games": counts[nz],
                         "share": counts[nz] / max(int(lengths.size), 1)})


# ============================================================ seats

def first_seat_advantage(by_seat: pd.DataFrame) -> dict:
    """Seat-1 win rate minus seat-2 win rate (seat 0 moved first), with CI.

    ``by_seat`` is ``Results.by_seat()``: rows per (entry, seat).  Summed over
    entries, seat k's games are all the games, so both rates come from the same
    games.  The interval is Newcombe's for two exclusive outcomes of the same
    games (``stats.paired_difference``: inside [-1, 1], never zero-width); the
    test uses the variance of the difference of two multinomial shares,
    (p0 + p1 - (p0 - p1)^2) / n.
    """
    per_seat = by_seat.groupby("seat")[["games", "wins"]].sum()
    if not {0, 1} <= set(per_seat.index):
        return dict(seat1_win_rate=math.nan, seat2_win_rate=math.nan,
                    first_seat_adv=math.nan, first_seat_adv_low=math.nan,
                    first_seat_adv_high=math.nan, first_seat_p=math.nan,
                    first_seat_significant=False)
    n = float(per_seat.loc[0, "games"])
    p0 = per_seat.loc[0, "wins"] / n
    p1 = per_seat.loc[1, "wins"] / n
    d = p0 - p1
    se = math.sqrt(max(p0 + p1 - d * d, 0.0) / n) if n > 0 else math.nan
    z = d / se if se > 0 else 0.0
    p = _erfc_p(z) if se > 0 else 1.0
    _, low, high = paired_difference(per_seat.loc[0, "wins"], per_seat.loc[1, "wins"], n)
    return dict(seat1_win_rate=float(p0), seat2_win_rate=float(p1),
                first_seat_adv=float(d), first_seat_adv_low=low,
                first_seat_adv_high=high, first_seat_p=float(p),
                first_seat_significant=bool(p < ALPHA))


def seat_table(results, **extra) -> pd.DataFrame:
    """Win rate per seat, for a run where every seat is the same strategy
    (or summed over strategies): players, seat (1 = moved first), games,
    wins, ties, win_rate and CI, fair share and the difference from it.

    The fair share is the win rate every seat would have with no seat effect:
    the share of games with a sole winner divided by the number of seats.
    """
    b = results.by_seat().groupby("seat")[["games", "wins", "ties"]].sum()
    players = results.players
    games = b["games"].to_numpy()
    wins = b["wins"].to_numpy()
    low, high = wilson(wins, games)
    n = int(games.max()) if len(games) else 0
    fair = wins.sum() / (players * n) if n else math.nan
    df = pd.DataFrame({
        "players": players, "seat": b.index.to_numpy() + 1, "games": games,
        "wins": wins, "ties": b["ties"].to_numpy(),
        "win_rate": wins / np.maximum(games, 1), "win_rate_low": low,
        "win_rate_high": high, "fair_share": fair,
    })
    df["vs_fair"] = df["win_rate"] - fair
    # each seat against the fair share: the seat's Wilson interval shifted by
    # the fair share, taken as fixed (ignores its small covariance with the seat)
    df["vs_fair_low"] = low - fair
    df["vs_fair_high"] = high - fair
    for k, v in extra.items():
        df.insert(0, k, v)
    return df


# ============================================================ one matchup

MATCHUP_COLUMNS = (
    "a", "b", "games", "a_wins", "ties", "b_wins",
    "a_win_rate", "a_win_rate_low", "a_win_rate_high",
    "b_win_rate", "b_win_rate_low", "b_win_rate_high",
    "tie_rate", "tie_rate_low", "tie_rate_high", "a_score", "a_score_low", "a_score_high",
    "a_vs_b_p", "a_vs_b_significant",
    "avg_length", "avg_length_low", "avg_length_high",
    "piles_share", "piles_share_low", "piles_share_high",
    "turn_cap_share",
    "seat1_win_rate", "seat2_win_rate", "first_seat_adv", "first_seat_adv_low",
    "first_seat_adv_high", "first_seat_p", "first_seat_significant", "seed",
)


def matchup_stats(results, **extra) -> dict:
    """One head-to-head run (2 entries, 2 players) as one table row.

    a/b are the two entries in the order given.  ``a_vs_b_p`` tests whether
    a's win rate differs from b's: within one run a win for one is a loss for
    the other, so it is a sign test of a's wins against b's wins (ties left
    out; ``stats.sign_test``: exact on few games).
    """
    if len(results.entries) != 2 or results.players != 2:
        raise ValueError("a matchup is two strategies in two-player games; got "
                         f"{len(results.entries)} entries, {results.players} players")
    s = results.summary()
    n = results.games
    wa, wb = int(s.loc[0, "wins"]), int(s.loc[1, "wins"])
    ties = int(s.loc[0, "ties"])
    (al, ah), (bl, bh), (tl, th) = (wilson(k, n) for k in (wa, wb, ties))
    p = sign_test(wa, wb)
    ended = results.ended_by
    pl, ph = wilson(ended["piles"], n)
    row = dict(a=s.loc[0, "strategy"], b=s.loc[1, "strategy"], games=n,
               a_wins=wa, ties=ties, b_wins=wb,
               a_win_rate=wa / n if n else math.nan, a_win_rate_low=al,
               a_win_rate_high=ah,
               b_win_rate=wb / n if n else math.nan, b_win_rate_low=bl,
               b_win_rate_high=bh,
               tie_rate=ties / n if n else math.nan, tie_rate_low=tl, tie_rate_high=th,
               a_score=(wa + ties / 2) / n if n else math.nan,
               a_score_low=score_wilson(wa, ties, n)[1] if n else math.nan,
               a_score_high=score_wilson(wa, ties, n)[2] if n else math.nan,
               a_vs_b_p=p, a_vs_b_significant=bool(p < ALPHA),
               piles_share=ended["piles"] / n if n else math.nan,
               piles_share_low=pl, piles_share_high=ph,
               turn_cap_share=ended["turn_cap"] / n if n else math.nan,
               seed=results.seed)
    ls = length_stats(results)
    row.update({k: ls[k] for k in ("avg_length", "avg_length_low", "avg_length_high")})
    row.update(first_seat_advantage(results.by_seat()))
    row = {k: row[k] for k in MATCHUP_COLUMNS}
    return {**extra, **row}


def matchup_frame(rows: Iterable[dict]) -> pd.DataFrame:
    rows = list(rows)
    if not rows:
        return pd.DataFrame(columns=list(MATCHUP_COLUMNS))
    return pd.DataFrame(rows)


# ============================================================ tournaments

def pair_counts(pairs: pd.DataFrame, strategies: Sequence[str]):
    """Square arrays (wins, ties, games) indexed like ``strategies`` from the
    matchup rows; wins[i, j] are i's wins over j."""
    idx = {s: i for i, s in enumerate(strategies)}
    k = len(strategies)
    wins = np.zeros((k, k), np.int64)
    ties = np.zeros((k, k), np.int64)
    games = np.zeros((k, k), np.int64)
    for r in pairs.itertuples(index=False):
        i, j = idx[r.a], idx[r.b]
        wins[i, j] += r.a_wins
        wins[j, i] += r.b_wins
        ties[i, j] += r.ties
        ties[j, i] += r.ties
        games[i, j] += r.games
        games[j, i] += r.games
    return wins, ties, games


def win_matrix(pairs: pd.DataFrame, strategies: Sequence[str]) -> pd.DataFrame:
    """Long table with one row per ordered pair (row strategy, column
    strategy): games, wins, ties, losses, win rate and its Wilson CI, and
    whether the win rate differs from the column's (sign test, ties left out).
    Pairs that were not played have games 0 and NaN rates."""
    wins, ties, games = pair_counts(pairs, strategies)
    out = []
    for i, a in enumerate(strategies):
        for j, b in enumerate(strategies):
            if i == j:
                continue
            n = int(games[i, j])
            w, t, l = int(wins[i, j]), int(ties[i, j]), int(wins[j, i])
            low, high = wilson(w, n) if n else (math.nan, math.nan)
            out.append(dict(row=a, column=b, games=n, wins=w, ties=t, losses=l,
                            win_rate=w / n if n else math.nan, win_rate_low=low,
                            win_rate_high=high, tie_rate=t / n if n else math.nan,
                            score=(w + t / 2) / n if n else math.nan,
                            p=sign_test(w, l) if n else math.nan,
                            significant=bool(n and sign_test(w, l) < ALPHA)))
    return pd.DataFrame(out)


def matrix_view(long: pd.DataFrame, strategies: Sequence[str],
                value: str = "win_rate") -> pd.DataFrame:
    """The square matrix of one column of ``win_matrix`` (NaN on the diagonal
    and for pairs not played)."""
    m = long.pivot(index="row", columns="column", values=value)
    return m.reindex(index=list(strategies), columns=list(strategies))


def average_ranking(pairs: pd.DataFrame, strategies: Sequence[str]) -> pd.DataFrame:
    """Rank by the mean of a strategy's scores (a tie counts half) against
    each opponent it played (each opponent weighs the same, whatever its
    game count): a score has an exact even point, 50%, which a win rate
    lacks when ties happen.

    The CIs are Wilson's at the effective game count of the mean of
    independent per-opponent rates (``stats.mean_wilson``; the pooled counts'
    Wilson interval when every pair played as many games), so they stay in
    [0, 1].  ``avg_score`` counts ties half.
    """
    wins, ties, games = pair_counts(pairs, strategies)
    rows = []
    for i, s in enumerate(strategies):
        played = games[i] > 0
        k = int(played.sum())
        if k == 0:
            rows.append(dict(strategy=s, opponents=0, games=0, avg_win_rate=math.nan,
                             avg_win_rate_low=math.nan, avg_win_rate_high=math.nan,
                             avg_tie_rate=math.nan, avg_score=math.nan,
                             avg_score_low=math.nan, avg_score_high=math.nan))
            continue
        n = games[i, played].astype(np.float64)
        w, t = wins[i, played], ties[i, played]
        mean, low, high = mean_wilson(w, n)
        s_mean, s_low, s_high = mean_wilson(w + t / 2, n)
        rows.append(dict(strategy=s, opponents=k, games=int(n.sum()), avg_win_rate=mean,
                         avg_win_rate_low=low, avg_win_rate_high=high,
                         avg_tie_rate=float((t / n).mean()), avg_score=s_mean,
                         avg_score_low=s_low, avg_score_high=s_high))
    df = pd.DataFrame(rows)
    df = df.sort_values("avg_score", ascending=False, na_position="last",
                        kind="stable").reset_index(drop=True)
    df.insert(0, "rank", np.arange(1, len(df) + 1))
    return df


# ---- Bradley-Terry

def strongly_connected(beats: np.ndarray) -> bool:
    """Whether every strategy reaches every other through 'scored at least
    something against' edges: the condition for the BT fit to exist."""
    k = len(beats)
    if k <= 1:
        return True
    adj = beats > 0
    for graph in (adj, adj.T):
        seen = np.zeros(k, bool)
        seen[0] = True
        stack = [0]
        while stack:
            i = stack.pop()
            for j in np.flatnonzero(graph[i] & ~seen):
                seen[j] = True
                stack.append(j)
        if not seen.all():
            return False
    return True


def bradley_terry(wins: np.ndarray, games: np.ndarray, *, prior: float = 0.0,
                  tol: float = 1e-12, max_iter: int = 200_000):
    """Bradley-Terry strengths by Hunter's (2004) MM algorithm.

    ``wins[i, j]``: points i scored against j (a tie is half a point for each
    side), ``games[i, j] = games[j, i]``: games between them.  ``prior`` adds
    that many drawn games to every pair that was played, which keeps the fit
    finite when one strategy won or lost every game.

    Returns ``(theta, cov, iterations)``: log-strengths centred on zero
    (P(i beats j) = 1 / (1 + exp(theta_j - theta_i))) and their covariance,
    the pseudo-inverse of the Fisher information under the sum-zero
    constraint (standard errors from the Hessian).
    """
    w = np.asarray(wins, np.float64)
    n = np.asarray(games, np.float64)
    if w.shape != n.shape or w.ndim != 2 or w.shape[0] != w.shape[1]:
        raise ValueError("wins and games must be square matrices of one shape")
    if not np.allclose(n, n.T):
        raise ValueError("games must be symmetric")
    played = n > 0
    w = w + prior / 2 * played
    n = n + prior * played
    np.fill_diagonal(n, 0.0)
    k = len(w)
    total = w.sum(axis=1)
    if np.any(total <= 0) and k > 1:
        raise ValueError("a strategy scored nothing: the Bradley-Terry fit has no "
                         "finite solution (use a prior)")
    if not strongly_connected(w * (1 - np.eye(k))):
        raise ValueError("the results are not strongly connected: the Bradley-Terry "
                         "fit has no finite solution (use a prior)")
    p = np.ones(k)
    it = 0
    for it in range(1, max_iter + 1):
        denom = (n / (p[:, None] + p[None, :])).sum(axis=1)
        new = total / denom
        new /= math.exp(np.log(new).mean())
        done = np.max(np.abs(np.log(new) - np.log(p))) < tol
        p = new
        if done:
            break
    theta = np.log(p)
    theta -= theta.mean()
    pi = 1.0 / (1.0 + np.exp(theta[None, :] - theta[:, None]))     # P(i beats j)
    v = n * pi * pi.T
    info = np.diag(v.sum(axis=1)) - v
    cov = np.linalg.pinv(info)
    return theta, cov, it


def bt_ranking(pairs: pd.DataFrame, strategies: Sequence[str]) -> tuple[pd.DataFrame, str]:
    """Bradley-Terry ratings on the Elo scale (400 log10 odds), centred on 0,
    with standard errors, 95% CIs and a test against the next-ranked strategy.

    Returns the table and a note ('' or why a prior was used / who was left
    out).  Strategies with no games at all are left out of the fit.
    """
    wins, ties, games = pair_counts(pairs, strategies)
    keep = np.flatnonzero(games.sum(axis=1) > 0)
    note = ""
    names = [strategies[i] for i in keep]
    if len(keep) < 2:
        return pd.DataFrame(columns=["rank", "strategy", "rating", "rating_se",
                                     "rating_low", "rating_high", "p_vs_next",
                                     "significant_vs_next"]), "too few games for a rating"
    left = [s for i, s in enumerate(strategies) if i not in set(keep)]
    if left:
        note = "no games for " + ", ".join(left) + "; left out of the rating. "
    sub = np.ix_(keep, keep)
    points = wins[sub] + ties[sub] / 2.0
    n = games[sub]
    prior = 0.0
    if not strongly_connected(points * (1 - np.eye(len(keep)))) or np.any(points.sum(1) <= 0):
        prior = 1.0
        note += ("some strategy never scored against a part of the field, so one "
                 "drawn game was added to every pair to keep the fit finite. ")
    theta, cov, _ = bradley_terry(points, n, prior=prior)
    se = np.sqrt(np.maximum(np.diag(cov), 0.0))
    order = np.argsort(-theta, kind="stable")
    rows = []
    for rank, i in enumerate(order, start=1):
        if rank < len(order):
            j = order[rank]
            var = cov[i, i] + cov[j, j] - 2 * cov[i, j]
            z = (theta[i] - theta[j]) / math.sqrt(var) if var > 0 else math.inf
            p = _erfc_p(z) if math.isfinite(z) else 0.0
        else:
            p = math.nan
        rows.append(dict(rank=rank, strategy=names[i], rating=ELO * theta[i],
                         rating_se=ELO * se[i], rating_low=ELO * (theta[i] - Z95 * se[i]),
                         rating_high=ELO * (theta[i] + Z95 * se[i]), p_vs_next=p,
                         significant_vs_next=bool(p < ALPHA) if math.isfinite(p) else False))
    return pd.DataFrame(rows), note.strip()


def tournament_ranking(pairs: pd.DataFrame, strategies: Sequence[str]) -> tuple[pd.DataFrame, str]:
    """Average-win-rate ranking joined with the Bradley-Terry rating."""
    avg = average_ranking(pairs, strategies)
    bt, note = bt_ranking(pairs, strategies)
    bt = bt.rename(columns={"rank": "bt_rank", "p_vs_next": "bt_p_vs_next",
                            "significant_vs_next": "bt_significant_vs_next"})
    out = avg.merge(bt, on="strategy", how="left")
    return out, note


# ============================================================ single-card ranking

def card_ranking(rows: pd.DataFrame) -> pd.DataFrame:
    """Rank ``bm-<card>`` bots by score against the common opponent.

    Score: a win 1, a tie 1/2 (``score_low``/``score_high``: 95% CI).  Its
    even point is exactly 50%, what the opponent scores against itself, so
    ``vs_even`` says whether a bot is significantly above or below that
    baseline (``p_vs_even``: sign test of wins against losses); a win rate
    has no such fixed point (the mirror wins under 50% because of ties).
    ``rows`` are matchup rows (a = the bot, b = the opponent) with a
    ``card`` column; ``p_vs_next`` compares each bot's score with the next
    one down (independent runs against the same opponent).
    """
    df = pd.DataFrame({
        "card": rows["card"].to_numpy(), "strategy": rows["a"].to_numpy(),
        "opponent": rows["b"].to_numpy(), "games": rows["games"].to_numpy(),
        "wins": rows["a_wins"].to_numpy(), "ties": rows["ties"].to_numpy(),
        "losses": rows["b_wins"].to_numpy(),
    })
    for extra in ("stem", "also", "seed"):
        if extra in rows:
            df[extra] = rows[extra].to_numpy()
    also = df["also"].fillna("") if "also" in df else pd.Series("", index=df.index)
    df["label"] = [" + ".join([str(c), *[x.strip() for x in a.split(",")]]) if a else str(c)
                   for c, a in zip(df["card"], also)]
    n = df["games"].to_numpy(np.float64)
    df["score"], df["score_low"], df["score_high"] = score_ci(df["wins"], df["ties"], n)
    df["win_rate"] = df["wins"] / n
    df["win_rate_low"], df["win_rate_high"] = wilson(df["wins"].to_numpy(), n)
    df["tie_rate"] = df["ties"] / n
    df["tie_rate_low"], df["tie_rate_high"] = wilson(df["ties"].to_numpy(), n)
    df["p_vs_even"] = score_vs_even_p(df["wins"], df["losses"])
    sig = df["p_vs_even"] < ALPHA
    df["vs_even"] = np.where(sig & (df["score"] > 0.5), "above",
                             np.where(sig & (df["score"] < 0.5), "below", "n.s."))
    df = df.sort_values(["score", "card"], ascending=[False, True],
                        kind="stable").reset_index(drop=True)
    df.insert(0, "rank", np.arange(1, len(df) + 1))
    p = np.full(len(df), np.nan)
    if len(df) > 1:
        w, t, g = (df[c].to_numpy(np.float64) for c in ("wins", "ties", "games"))
        p[:-1] = score_diff_p(w[:-1], t[:-1], g[:-1], w[1:], t[1:], g[1:])
    df["p_vs_next"] = p
    df["significant_vs_next"] = np.where(np.isfinite(p), p < ALPHA, False)
    return df


def best_cards(sweep: pd.DataFrame) -> pd.DataFrame:
    """Per kingdom, the ``bm-<card>`` bot with the highest score against the
    common opponent, the runner-up, and whether the lead is significant
    (``significant``; test of the two independent runs' scores).  A lead
    that is not significant means the kingdom has no clear best card."""
    rows = []
    bm = sweep[sweep["card"].notna()] if "card" in sweep else sweep.iloc[:0]
    for kingdom, g in bm.groupby("kingdom", sort=False):
        g = g.sort_values("a_score", ascending=False, kind="stable")
        top = g.iloc[0]
        row = dict(kingdom=kingdom, best_card=top["card"], strategy=top["a"],
                   opponent=top["b"], games=int(top["games"]), wins=int(top["a_wins"]),
                   ties=int(top["ties"]), score=top["a_score"],
                   score_low=top["a_score_low"], score_high=top["a_score_high"],
                   win_rate=top["a_win_rate"],
                   runner_up=None, runner_up_score=math.nan,
                   runner_up_score_low=math.nan, runner_up_score_high=math.nan,
                   runner_up_games=0, p_vs_runner_up=math.nan,
                   significant=True, candidates=len(g))
        if len(g) > 1:
            nxt = g.iloc[1]
            p = float(score_diff_p(int(top["a_wins"]), int(top["ties"]), int(top["games"]),
                                   int(nxt["a_wins"]), int(nxt["ties"]), int(nxt["games"])))
            row.update(runner_up=nxt["card"], runner_up_score=nxt["a_score"],
                       runner_up_score_low=nxt["a_score_low"],
                       runner_up_score_high=nxt["a_score_high"],
                       runner_up_games=int(nxt["games"]),
                       p_vs_runner_up=p, significant=bool(p < ALPHA))
        rows.append(row)
    return pd.DataFrame(rows)


# ============================================================ per-turn curves

def turn_curve(per_turn: np.ndarray, entry: int, batches: np.ndarray | None = None,
               label: str = "") -> pd.DataFrame:
    """Average VP after and coins in each turn for one entry.

    ``per_turn`` is ``Results.per_turn`` ([entries, turns, (vp, coins, n)]);
    ``batches`` the same arrays of independent batches of the run stacked on a
    first axis, from which a batch-means 95% t interval is computed (NaN
    without batches).  ``games`` counts the seat-instances that reached the
    turn: late turns average the long games only.
    """
    acc = np.asarray(per_turn[entry], np.float64)
    count = acc[:, 2]
    with np.errstate(invalid="ignore", divide="ignore"):
        vp = acc[:, 0] / count
        coins = acc[:, 1] / count
    df = pd.DataFrame({"label": label, "turn": np.arange(1, len(acc) + 1),
                       "games": count.astype(np.int64), "avg_vp": vp, "avg_coins": coins})
    for col, f in (("avg_vp", 0), ("avg_coins", 1)):
        low = np.full(len(acc), np.nan)
        high = np.full(len(acc), np.nan)
        if batches is not None and len(batches) > 1:
            b = np.asarray(batches[:, entry], np.float64)
            with np.errstate(invalid="ignore", divide="ignore"):
                means = b[:, :, f] / b[:, :, 2]                 # [batch, turn]
            ok = np.isfinite(means)
            m = ok.sum(axis=0)
            for t in range(len(acc)):
                if m[t] >= 2:
                    x = means[ok[:, t], t]
                    half = t975(int(m[t]) - 1) * x.std(ddof=1) / math.sqrt(m[t])
                    low[t], high[t] = df[col].iat[t] - half, df[col].iat[t] + half
        df[f"{col}_low"] = low
        df[f"{col}_high"] = high
    return df[df["games"] > 0].reset_index(drop=True)
