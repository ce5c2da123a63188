"""Charts for tables and reports: matplotlib with the Agg backend.

Colours are the Okabe-Ito palette (safe for the common colour-vision
deficiencies); lines also differ by style and marker, and heatmaps use
ColorBrewer's PuOr, a diverging map that stays readable without red-green.
Every chart has a title, axis labels with units and, where several series
share it, a legend; the figure size is fixed so the PNG is figsize x dpi.
"""
from __future__ import annotations

import functools
import textwrap
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from matplotlib.colors import TwoSlopeNorm  # noqa: E402
from matplotlib.ticker import MaxNLocator  # noqa: E402

from simulator.runs.results import atomic_open  # noqa: E402

OKABE_ITO = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00",
             "#CC79A7", "#000000")
# order for series: strong contrasts first, yellow last (weak on white)
SERIES = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9",
          "#000000", "#F0E442")
LINESTYLES = ("-", "--", "-.", ":", (0, (5, 1, 1, 1)), (0, (3, 1)), "-", "--")
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
GREY = "#999999"
DPI = 150

STYLE = {
    "font.size": 10.5,
    "axes.titlesize": 12.5,
    "axes.titleweight": "bold",
    "axes.labelsize": 11,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.color": "#dddddd",
    "grid.linewidth": 0.7,
    "legend.fontsize": 9.5,
    "legend.frameon": False,
    "figure.facecolor": "white",
    "savefig.facecolor": "white",
    "svg.fonttype": "none",
}


def _fig(w: float, h: float, **kw):
    return plt.subplots(figsize=(w, h), layout="constrained", **kw)


def styled(func):
    """Build the chart inside the house style (fonts, grid, spines)."""
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        with plt.rc_context(STYLE):
            return func(*args, **kwargs)
    return wrapper


def save(fig, directory, name: str, formats=("png", "svg"), dpi: int = DPI) -> list[Path]:
    """Save ``fig`` as ``directory/name.<fmt>`` for each format, each file
    atomically; closes the figure."""
    directory = Path(directory)
    out = []
    try:
        for fmt in formats:
            path = directory / f"{name}.{fmt}"
            with atomic_open(path, "wb") as f, plt.rc_context(STYLE):
                fig.savefig(f, format=fmt, dpi=dpi)
            out.append(path)
    finally:
        plt.close(fig)
    return out


def _err(value, low, high) -> np.ndarray:
    """Error-bar lengths from an interval, never negative (rounding)."""
    value, low, high = (np.asarray(v, np.float64) for v in (value, low, high))
    return np.maximum(np.vstack([value - low, high - value]), 0.0)


def _text_colour(rgba) -> str:
    r, g, b = rgba[:3]
    return "black" if 0.299 * r + 0.587 * g + 0.114 * b > 0.5 else "white"


def _titles(ax_or_fig, title: str, subtitle: str = "") -> None:
    """Bold title and grey subtitle at the top left of the figure.

    Both are figure texts kept out of the layout engine; the subtitle is
    wrapped to the figure's width, and the layout keeps the band they take
    free, so a long subtitle never squeezes or overlaps the axes."""
    fig = getattr(ax_or_fig, "figure", ax_or_fig)
    w, h = fig.get_size_inches()
    lines = textwrap.wrap(subtitle, max(30, int(w * 15.5))) if subtitle else []
    top_in = 0.08                                   # inches from the top edge
    t = fig.text(0.012, 1 - top_in / h, title, ha="left", va="top",
                 fontsize=STYLE["axes.titlesize"], fontweight="bold")
    t.set_in_layout(False)
    used = top_in + 0.27
    if lines:
        st = fig.text(0.012, 1 - used / h, "\n".join(lines), ha="left", va="top",
                      fontsize=9, color="#444444", linespacing=1.25)
        st.set_in_layout(False)
        used += 0.165 * len(lines)
    fig.get_layout_engine().set(rect=(0, 0, 1, 1 - (used + 0.06) / h))


# ============================================================ tournament

@styled
def win_heatmap(long: pd.DataFrame, strategies: list[str], *, title: str,
                subtitle: str = ""):
    """Row strategy's win rate against the column strategy, with its 95% CI
    in each cell; pairs not played are grey and say so."""
    k = len(strategies)
    idx = {s: i for i, s in enumerate(strategies)}
    rate = np.full((k, k), np.nan)
    low = np.full((k, k), np.nan)
    high = np.full((k, k), np.nan)
    for r in long.itertuples(index=False):
        if r.games > 0:
            i, j = idx[r.row], idx[r.column]
            rate[i, j], low[i, j], high[i, j] = r.win_rate, r.win_rate_low, r.win_rate_high
    size = max(5.5, 1.0 * k + 2.8)
    fig, ax = _fig(size + 1.2, size)
    ax.grid(False)
    cmap = plt.get_cmap("PuOr").with_extremes(bad="#e6e6e6")
    im = ax.imshow(np.ma.masked_invalid(rate * 100), cmap=cmap,
                   norm=TwoSlopeNorm(vcenter=50, vmin=0, vmax=100))
    font = 10.5 if k <= 6 else (9.5 if k <= 10 else 8)
    for i in range(k):
        for j in range(k):
            if i == j:
                ax.text(j, i, "—", ha="center", va="center", color="#666666", fontsize=font)
            elif np.isnan(rate[i, j]):
                ax.text(j, i, "not\nplayed", ha="center", va="center", color="#555555",
                        fontsize=font - 1)
            else:
                colour = _text_colour(im.cmap(im.norm(rate[i, j] * 100)))
                ax.text(j, i, f"{rate[i, j] * 100:.1f}%", ha="center", va="center",
                        color=colour, fontsize=font, fontweight="bold")
                ax.text(j, i + 0.28, f"[{low[i, j] * 100:.1f}, {high[i, j] * 100:.1f}]",
                        ha="center", va="center", color=colour, fontsize=font - 1.5)
    ax.set_xticks(range(k), strategies, rotation=35, ha="right")
    ax.set_yticks(range(k), strategies)
    ax.set_xlabel("opponent (column)")
    ax.set_ylabel("strategy (row)")
    _titles(ax, title, subtitle)
    cb = fig.colorbar(im, ax=ax, shrink=0.8)
    cb.set_label("row strategy's win rate (%)")
    return fig


@styled
def synergy_heatmap(matrix: pd.DataFrame, *, title: str, subtitle: str = ""):
    """``report balance --optimized --pairs``: the synergy of each pair of
    cards (pair score minus the better single, percentage points) in a
    symmetric card x card grid; the diagonal and skipped pairs are grey."""
    cards = list(matrix.index)
    k = len(cards)
    values = matrix.to_numpy(dtype=np.float64) * 100
    size = max(5.5, 0.42 * k + 2.8)
    fig, ax = _fig(size + 1.2, size)
    ax.grid(False)
    cmap = plt.get_cmap("PuOr").with_extremes(bad="#e6e6e6")
    finite = values[np.isfinite(values)]
    span = max(1.0, float(np.abs(finite).max())) if finite.size else 1.0
    # a symmetric log scale: one combo of +30 points leaves the +-1..5 of the
    # rest visible (linear within +-1 point, the usual CI)
    from matplotlib.colors import SymLogNorm
    im = ax.imshow(np.ma.masked_invalid(values), cmap=cmap,
                   norm=SymLogNorm(linthresh=1.0, vmin=-span, vmax=span, base=10))
    font = 10 if k <= 6 else (8.5 if k <= 10 else 5.5)
    for i in range(k):
        for j in range(k):
            if i == j:
                ax.text(j, i, "—", ha="center", va="center", color="#666666", fontsize=font)
            elif np.isfinite(values[i, j]):
                colour = _text_colour(im.cmap(im.norm(values[i, j])))
                digits = 0 if k > 10 else 1
                v = round(values[i, j], digits) + 0.0       # no "-0.0"
                ax.text(j, i, f"{v:+.{digits}f}" if v else f"{0:.{digits}f}",
                        ha="center", va="center", color=colour, fontsize=font)
    ax.set_xticks(range(k), cards, rotation=45 if k > 6 else 30, ha="right")
    ax.set_yticks(range(k), cards)
    _titles(ax, title, subtitle)
    cb = fig.colorbar(im, ax=ax, shrink=0.8)
    cb.set_label("synergy, percentage points (log scale)")
    return fig


@styled
def rating_chart(ranking: pd.DataFrame, *, title: str, subtitle: str = ""):
    """Bradley-Terry ratings (Elo scale) with 95% CI error bars."""
    df = ranking.dropna(subset=["rating"]).sort_values("rating")
    k = len(df)
    fig, ax = _fig(8, max(3.6, 0.45 * k + 1.8))
    y = np.arange(k)
    err = _err(df["rating"], df["rating_low"], df["rating_high"])
    ax.barh(y, df["rating"], color=SERIES[0], height=0.6)
    ax.errorbar(df["rating"], y, xerr=err, fmt="none", ecolor="black", capsize=3, lw=1)
    ax.axvline(0, color="black", lw=0.8)
    span = float(df["rating_high"].max() - df["rating_low"].min()) or 1.0
    for yi, r, lo, hi in zip(y, df["rating"], df["rating_low"], df["rating_high"]):
        right = r >= 0
        ax.text(hi + 0.015 * span if right else lo - 0.015 * span, yi, f"{r:+.0f}",
                va="center", ha="left" if right else "right", fontsize=9)
    ax.margins(x=0.12)
    ax.set_yticks(y, df["strategy"])
    ax.grid(axis="y", visible=False)
    ax.set_xlabel("Bradley–Terry rating (Elo points; 0 = field average)")
    _titles(ax, title, subtitle)
    return fig


# ============================================================ single cards

@styled
def card_bars(ranking: pd.DataFrame, *, title: str, subtitle: str = "",
              baseline: str = ""):
    """Horizontal bars of each bot's score (a tie 1/2) against the common
    opponent, 95% CI whiskers, a line at 50%: the exact even point, what the
    opponent scores against itself (``baseline`` says what the mirror's
    wins and ties were); colour: significantly above / below it (sign test
    of wins against losses, ``vs_even``) or not."""
    df = ranking.iloc[::-1]
    k = len(df)
    fig, ax = _fig(8.5, max(3.4, 0.32 * k + 2.3))
    y = np.arange(k)
    rate = df["score"].to_numpy() * 100
    low = df["score_low"].to_numpy() * 100
    high = df["score_high"].to_numpy() * 100
    vs = df["vs_even"].to_numpy() if "vs_even" in df else np.where(
        low > 50, "above", np.where(high < 50, "below", "n.s."))
    colours = np.where(vs == "above", SERIES[0], np.where(vs == "below", SERIES[1], GREY))
    ax.barh(y, rate, color=colours, height=0.65)
    ax.errorbar(rate, y, xerr=_err(rate, low, high), fmt="none", ecolor="black",
                capsize=2.5, lw=0.9)
    ax.axvline(50, color="black", lw=0.9, ls="--")
    ax.text(50, k - 0.35, " 50%: even" + (f" ({baseline})" if baseline else ""),
            fontsize=8.5, va="bottom", ha="left")
    for yi, r, h in zip(y, rate, high):
        ax.text(h + 0.8, yi, f"{r:.1f}%", va="center", fontsize=8.5,
                bbox=dict(boxstyle="square,pad=0.1", fc="white", ec="none", alpha=0.85))
    labels = (df["label"] if "label" in df else df["card"]).astype(str).to_numpy()
    ax.set_yticks(y, labels)
    ax.grid(axis="y", visible=False)
    ax.set_xlim(0, min(100, max(60.0, np.nanmax(high) + 8)))
    ax.set_xlabel("score against the opponent (%): a win 1, a tie 1/2; 95% CI")
    ax.set_ylabel("card added to Big Money")
    from matplotlib.patches import Patch
    handles = [Patch(color=SERIES[0], label="above even (significant)"),
               Patch(color=GREY, label="not significantly different from even"),
               Patch(color=SERIES[1], label="below even (significant)")]
    fig.legend(handles=handles, loc="outside lower center", ncols=3, fontsize=9)
    _titles(ax, title, subtitle)
    return fig


@styled
def paired_card_bars(ranking: pd.DataFrame, *, title: str, subtitle: str = ""):
    """Two bars per card, in the order of ``ranking`` (best first): its
    score played well (``score`` with ``low``/``high``) and its
    Big-Money-plus-one bot's (``bm_score`` with ``bm_low``/``bm_high``),
    both against the same opponent; 95% CI whiskers, a line at 50%."""
    df = ranking.iloc[::-1]
    k = len(df)
    fig, ax = _fig(8.5, max(3.6, 0.42 * k + 2.3))
    y = np.arange(k)
    h = 0.38
    for off, col, low, high, colour, label in (
            (h / 2, "score", "low", "high", SERIES[0], "played well (optimised, this card only)"),
            (-h / 2, "bm_score", "bm_low", "bm_high", SERIES[4], "Big Money plus this card (bm-<card>)")):
        if col not in df:
            continue
        rate = df[col].to_numpy(dtype=float) * 100
        lo = df[low].to_numpy(dtype=float) * 100
        hi = df[high].to_numpy(dtype=float) * 100
        ax.barh(y + off, rate, color=colour, height=h, label=label)
        ax.errorbar(rate, y + off, xerr=_err(rate, lo, hi), fmt="none", ecolor="black",
                    capsize=2, lw=0.8)
        for yi, r, top in zip(y + off, rate, hi):
            if np.isfinite(r):
                ax.text(top + 0.8, yi, f"{r:.1f}%", va="center", fontsize=7.5)
    ax.axvline(50, color="black", lw=0.9, ls="--")
    ax.set_yticks(y, df["card"].astype(str).to_numpy())
    ax.grid(axis="y", visible=False)
    top = np.nanmax(df[[c for c in ("high", "bm_high") if c in df]].to_numpy(dtype=float))
    ax.set_xlim(0, min(100, max(60.0, top * 100 + 9)))
    ax.set_xlabel("score against the opponent (%): a win 1, a tie 1/2; 95% CI; "
                  "50% = even")
    ax.set_ylabel("kingdom card")
    fig.legend(loc="outside lower center", ncols=2, fontsize=9)
    _titles(ax, title, subtitle)
    return fig


# ============================================================ seats

@styled
def seat_chart(seats: pd.DataFrame, *, title: str, subtitle: str = ""):
    """Win rate per seat, grouped by player count, 95% Wilson CI whiskers;
    a black bar marks each group's fair share (no seat effect)."""
    counts = sorted(seats["players"].unique())
    max_seats = int(seats["seat"].max())
    fig, ax = _fig(9, 5.2)
    width = 0.8 / max_seats
    for s in range(1, max_seats + 1):
        d = seats[seats["seat"] == s]
        group = np.array([counts.index(p) for p in d["players"]])
        x = group + (s - 1 - (d["players"].to_numpy() - 1) / 2) * width
        rate = d["win_rate"].to_numpy() * 100
        err = _err(rate, d["win_rate_low"].to_numpy() * 100,
                   d["win_rate_high"].to_numpy() * 100)
        ax.bar(x, rate, width * 0.92, color=SERIES[(s - 1) % len(SERIES)],
               label=f"seat {s}" + (" (moves first)" if s == 1 else ""))
        ax.errorbar(x, rate, yerr=err, fmt="none", ecolor="black", capsize=2, lw=0.8)
    for i, p in enumerate(counts):
        fair = seats.loc[seats["players"] == p, "fair_share"].iloc[0] * 100
        half = p * width / 2
        ax.plot([i - half, i + half], [fair, fair], color="black", lw=1.6,
                label="fair share (no seat effect)" if i == 0 else None)
    ax.set_xticks(range(len(counts)), [f"{p} players" for p in counts])
    ax.grid(axis="x", visible=False)
    ax.set_ylabel("win rate (%), 95% Wilson CI")
    ax.set_xlabel("players in the game")
    ax.legend(ncols=min(4, max_seats + 1), loc="upper right")
    ax.set_ylim(0, max(60, float(seats["win_rate_high"].max()) * 100 + 12))
    _titles(ax, title, subtitle)
    return fig


# ============================================================ game length

@styled
def length_chart(dist: pd.DataFrame, *, title: str, subtitle: str = "",
                 labels: list[str] | None = None, legend_title: str | None = None):
    """Share of games per length (rounds), one line per label."""
    labels = labels or list(dict.fromkeys(dist["label"]))
    fig, ax = _fig(9, 5.2)
    lo, hi = np.inf, -np.inf
    for i, label in enumerate(labels):
        d = dist[dist["label"] == label].sort_values("length")
        if d.empty:
            continue
        full = pd.Series(0.0, index=np.arange(d["length"].min(), d["length"].max() + 1))
        full[d["length"].to_numpy()] = d["share"].to_numpy() * 100
        ax.plot(full.index, full.to_numpy(), color=SERIES[i % len(SERIES)],
                ls=LINESTYLES[i % len(LINESTYLES)], marker=MARKERS[i % len(MARKERS)],
                ms=3.5, lw=1.6, label=label)
        # show the body of every distribution: 0.5th to 99.5th percentile
        cum = d["share"].cumsum().to_numpy()
        lo = min(lo, d["length"].to_numpy()[np.searchsorted(cum, 0.005)])
        hi = max(hi, d["length"].to_numpy()[min(np.searchsorted(cum, 0.995), len(d) - 1)])
    if np.isfinite(lo):
        ax.set_xlim(lo - 1, hi + 1)
    ax.set_ylim(bottom=0)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("game length (rounds: turns taken by the first player)")
    ax.set_ylabel("share of games (%)")
    ax.legend(loc="upper right", title=legend_title)
    _titles(ax, title, subtitle)
    return fig


# ============================================================ per turn

@styled
def turn_chart(curves: pd.DataFrame, *, title: str, subtitle: str = "",
               min_share: float = 0.05):
    """Average VP after each turn and coins available in it, one line per
    bot, shaded 95% batch-means CI, and beside them the survival curve:
    the share of the bot's games still running at each turn.  The averages
    are over the surviving games only (late turns describe long games), so
    the survival panel says how many games each point stands for; each line
    stops where fewer than ``min_share`` of its games are still running."""
    fig, axes = _fig(14, 4.8, ncols=3)
    labels = list(dict.fromkeys(curves["label"]))
    for i, label in enumerate(labels):
        d = curves[curves["label"] == label]
        start = d["games"].iloc[0]
        c = SERIES[i % len(SERIES)]
        style = dict(color=c, ls=LINESTYLES[i % len(LINESTYLES)],
                     marker=MARKERS[i % len(MARKERS)], ms=3, lw=1.5, label=label)
        axes[2].plot(d["turn"], d["games"] / start * 100, **style)
        d = d[d["games"] >= min_share * start]
        for ax, col in zip(axes, ("avg_vp", "avg_coins")):
            ax.plot(d["turn"], d[col], **style)
            if d[f"{col}_low"].notna().any():
                ax.fill_between(d["turn"], d[f"{col}_low"], d[f"{col}_high"], color=c,
                                alpha=0.2, lw=0)
    axes[0].set_ylabel("average VP at the end of the turn (VP)")
    axes[1].set_ylabel("average coins to spend in the turn ($)")
    axes[2].set_ylabel("games still running at the turn (%)")
    axes[0].set_title("Victory points (surviving games)", loc="left")
    axes[1].set_title("Buying power (surviving games)", loc="left")
    axes[2].set_title("Survival: games still running", loc="left")
    first, last = curves["turn"].min(), curves["turn"].max()
    for ax in axes:
        ax.set_xlabel("the player's own turn number")
        ax.set_ylim(bottom=0)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))     # turns: whole numbers
        if first == last:               # one turn (a turn cap of 1): not a 0.1-wide axis
            ax.set_xlim(first - 1, last + 1)
    axes[2].set_ylim(0, 102)
    axes[0].legend(loc="upper left")
    _titles(fig, title, subtitle)
    return fig


# ============================================================ kingdoms

@styled
def kingdom_heatmap(rows: pd.DataFrame, *, title: str, subtitle: str = ""):
    """Each bm-<card> bot's score (a tie 1/2) against the common opponent in
    each kingdom, centred on the even 50%, with ± half its 95% CI; hatched
    where the card is not in the kingdom; the best card of each kingdom is
    outlined only where it beats the runner-up significantly (else the
    kingdom is labelled "no clear best").  Kingdoms are columns and cards rows when there
    are more cards than kingdoms (so the chart stays narrow), else the
    other way round."""
    from reports.tables import best_cards
    kingdoms = list(dict.fromkeys(rows["kingdom"]))
    cards = sorted(rows["card"].dropna().unique())
    m = np.full((len(kingdoms), len(cards)), np.nan)
    half = np.full((len(kingdoms), len(cards)), np.nan)
    for r in rows.itertuples(index=False):
        if isinstance(r.card, str):
            i, j = kingdoms.index(r.kingdom), cards.index(r.card)
            m[i, j] = r.a_score * 100
            half[i, j] = (r.a_score_high - r.a_score_low) * 50
    clear = {b.kingdom: b.best_card for b in best_cards(rows).itertuples(index=False)
             if b.significant}
    best = [cards.index(clear[k]) if k in clear else -1 for k in kingdoms]
    kingdoms_shown = [k if k in clear else f"{k} (no clear best)" for k in kingdoms]
    tall = len(cards) > len(kingdoms)
    grid = m.T if tall else m
    row_labels, col_labels = (cards, kingdoms_shown) if tall else (kingdoms_shown, cards)
    nr, nc = grid.shape
    w = max(6.5, 0.95 * nc + 3.6) if tall else max(7.0, 0.62 * nc + 3.2)
    h = max(3.8, 0.36 * nr + 2.6) if tall else max(3.8, 0.55 * nr + 2.6)
    fig, ax = _fig(w, h)
    ax.grid(False)
    cmap = plt.get_cmap("PuOr").with_extremes(bad="white")
    hgrid = half.T if tall else half
    im = ax.imshow(np.ma.masked_invalid(grid), cmap=cmap,
                   norm=TwoSlopeNorm(vcenter=50, vmin=0, vmax=100), aspect="auto")
    for k, b in enumerate(best):
        if b >= 0:
            i, j = (b, k) if tall else (k, b)
            ax.add_patch(plt.Rectangle((j - 0.45, i - 0.45), 0.9, 0.9, fill=False,
                                       ec="black", lw=1.8))
    for i in range(nr):
        for j in range(nc):
            v = grid[i, j]
            if not np.isfinite(v):
                ax.add_patch(plt.Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False,
                                           hatch="///", ec="#d9d9d9", lw=0))
                continue
            k, c = (j, i) if tall else (i, j)
            ax.text(j, i, f"{v:.0f}\n±{hgrid[i, j]:.1f}", ha="center", va="center",
                    fontsize=7.5, linespacing=0.95,
                    color=_text_colour(im.cmap(im.norm(v))),
                    fontweight="bold" if best[k] == c else "normal")
    ax.set_xticks(range(nc), col_labels, rotation=35 if tall else 45, ha="right")
    ax.set_yticks(range(nr), row_labels)
    ax.set_xticks(np.arange(-0.5, nc), minor=True)
    ax.set_yticks(np.arange(-0.5, nr), minor=True)
    ax.grid(which="minor", color="#dddddd", lw=0.6)
    ax.tick_params(which="minor", length=0)
    card_label = "card added to Big Money (hatched: not in the kingdom)"
    ax.set_xlabel("kingdom" if tall else card_label)
    ax.set_ylabel(card_label if tall else "kingdom")
    _titles(ax, title, subtitle)
    cb = fig.colorbar(im, ax=ax, shrink=0.6 if tall else 0.9)
    cb.set_label("score (%), a tie 1/2; 50 = even")
    return fig
