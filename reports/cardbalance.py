"""The report of ``domsim report balance --optimized``: every kingdom card
ranked by how strong it is played well (the optimiser's strategy that uses
only that card) beside its Big-Money-plus-one ranking, with 95% CIs; a
chart of both, the ranking as CSV and each card's strategy file.

Built from ``simulator.search.cardbalance.BalanceOptimized``; written into
its folder atomically like the balance report (``reports.balance.write``).
"""
from __future__ import annotations

from pathlib import Path

import pandas as pd

from simulator.output.files import write_atomic
from simulator.output.termtable import counted

from .text import Table, count, pp_ci, rate_ci

STRATEGIES = "strategies"


def _how(r) -> str:
    if not isinstance(r.get("chosen"), str):
        return ""
    if r["chosen"] == "search":
        never = "" if r.get("buys", True) else ", never buys it"
        return f"search ({r['template']}{never})"
    return f"shipped {r['chosen']}"


def ranking_table(df: pd.DataFrame) -> Table:
    head = ["rank", "card", "played well [95% CI]", "by", "BM+1 rank",
            "BM+1 [95% CI]", "gain [95% CI]", "rank change", "games"]
    rows = []
    for r in df.to_dict("records"):
        if pd.isna(r.get("score")):
            rows.append(["-", r["card"], "skipped: " + str(r.get("skipped", "")), "",
                         "", "", "", "", ""])
            continue
        has_bm = pd.notna(r.get("bm_score"))
        change = r.get("rank_change")
        rows.append([
            str(int(r["rank"])), r["card"], rate_ci(r["score"], r["low"], r["high"], 1),
            _how(r),
            str(int(r["bm_rank"])) if has_bm else "-",
            rate_ci(r["bm_score"], r["bm_low"], r["bm_high"], 1) if has_bm else "no bot",
            pp_ci(r["gain"], r["gain_low"], r["gain_high"], 1) if has_bm else "-",
            (f"{int(change):+d}" if change else "0") if has_bm and pd.notna(change) else "-",
            count(r["games"])])
    return Table(head, rows, align="rl" + "l" * 2 + "r" * 5, optional=[8, 3, 6, 7],
                 notes=[
        "Score against Big Money Ultimate: a win 1, a tie 1/2, per game, % [95% Wilson "
        "CI]; 50% = even. Played well: the strongest strategy that buys no kingdom card "
        "but this one, found by domsim optimize (or a shipped bot of its field that "
        "buys this card and no other, where it scored higher on deals of their own; under "
        "50%: buying the card at all is a handicap, as ignoring it scores 50%; 'never buys "
        "it': the search found nothing better than leaving the card alone); BM+1: the "
        "shipped bm-<card> bot. Both play the same seeded deals, which the search "
        "never used. Gain: played well minus BM+1 (percentage points; the interval "
        "treats the two as independent, so it is wider than needed, and is 0 where the "
        "bm-<card> bot itself was chosen: the same games). Rank change: BM+1 "
        "rank minus played-well rank (+ = the card climbs when played well)."])


def movers(df: pd.DataFrame, n: int = 5) -> pd.DataFrame:
    """The cards whose rank changed most (both ways)."""
    if "rank_change" not in df:
        return df.iloc[0:0]
    d = df[df["rank_change"].notna()]
    order = d["rank_change"].abs().sort_values(ascending=False, kind="stable").index
    return d.loc[order].head(n)


PAIRS = "pairs"


def pairs_table(df: pd.DataFrame) -> Table:
    """One row per pair, the strongest synergy first."""
    head = ["pair", "pair [95% CI]", "by", "better single", "synergy [95% CI]", "games"]
    rows = []
    order = (df.sort_values("synergy", ascending=False, na_position="last", kind="stable")
             if "synergy" in df else df)
    for r in order.to_dict("records"):
        name = f"{r['card_a']} + {r['card_b']}"
        if pd.isna(r.get("score")):
            rows.append([name, "skipped: " + str(r.get("skipped", "")), "", "", "", ""])
            continue
        how = (f"search ({r['template']})" if r["chosen"] == "search"
               else f"as {r['chosen'][7:]} alone" if r["chosen"].startswith("single ")
               else f"shipped {r['chosen']}")
        if r.get("buys") != f"{r['card_a']}, {r['card_b']}":
            how += f", buys {r['buys'] or 'neither'}"
        has = pd.notna(r.get("synergy"))
        rows.append([name, rate_ci(r["score"], r["low"], r["high"], 1), how,
                     f"{r['best_card']} {r['best_single'] * 100:.1f}%" if has else "-",
                     pp_ci(r["synergy"], r["synergy_low"], r["synergy_high"], 1)
                     if has else "-", count(r["games"])])
    return Table(head, rows, align="lll" + "r" * 3, optional=[5, 2], notes=[
        "Pair: the strongest strategy that buys no kingdom card but these two, "
        "against Big Money Ultimate (% [95% Wilson CI], fresh deals). Better single: "
        "the stronger of the two cards played well (by the ranking above), played on "
        "the pair's deals. Synergy: the pair's score minus it, in percentage points "
        "(0 where the pair is best played as that card; the interval treats the two "
        "as independent, so it is wider than needed). A positive synergy: the two "
        "together beat either alone."])


def pair_slug(pair) -> str:
    from simulator.search.cardbalance import set_slug
    return set_slug(pair)


def budget_line(b) -> str:
    o = b.options
    replayed = (f" ({count(b.played)} played now, the rest replayed from the run folder)"
                if b.played < b.games else "")
    pairs = (f"; {len(b.pairs)} pairs, {counted(o.pair_evaluations, 'candidate')} and "
             f"{count(o.pair_games)} score games per pair ({count(b.pair_games)} games, "
             f"{b.pair_seconds / 60:.1f} min wall)" if o.pairs else "")
    return (f"{len(b.searches)} cards, {counted(o.evaluations, 'candidate')} per card "
            f"({o.players} players, seed {o.seed}){pairs}, {count(b.games)} games"
            f"{replayed} in {b.seconds / 60:.1f} min wall ({b.cpu_seconds / 60:.1f} min "
            f"CPU in this process) on {counted(b.cores, 'core')}")


def text(b, width: int | None = None) -> str:
    from simulator.output.termtable import wrap
    lines = wrap("Kingdom cards played well (the optimiser, this card only) beside Big "
                 "Money plus the card, against Big Money Ultimate:", width)
    lines.append(ranking_table(b.ranking).text(width))
    moved = [f"{r['card']} {int(r['bm_rank'])} -> {int(r['rank'])}"
             for r in movers(b.ranking).to_dict("records") if r["rank_change"]]
    if moved:
        lines.append("")
        lines += wrap("Rank changed most (with Big Money -> played well): "
                      + "; ".join(moved), width)
    if b.options.pairs and len(b.pair_table):
        lines.append("")
        lines += wrap("Pairs played well, and their synergy (the pair minus the better "
                      "single card):", width)
        lines.append(pairs_table(b.pair_table).text(width))
    lines.append("")
    lines += wrap(budget_line(b), width)
    return "\n".join(lines)


def write_into(d: Path, b) -> None:
    """The report's files into the folder ``d`` (see ``reports.balance.write``)."""
    from . import charts
    from .balance import Doc
    from simulator.search.cardbalance import card_slug, command_line
    from simulator.runs.provenance import domsim_version
    meta = b.meta()
    (d / STRATEGIES).mkdir()
    for card, toml in b.files.items():
        write_atomic(d / STRATEGIES / f"{card_slug(card)}.toml", toml)
    df = b.ranking
    write_atomic(d / "cards-optimized.csv", df.to_csv(index=False))
    played = df[df["score"].notna()] if "score" in df else df.iloc[0:0]
    if len(played):
        charts.save(charts.paired_card_bars(
            played, title="Kingdom cards played well, and with Big Money",
            subtitle=f"against Big Money Ultimate; {count(b.options.games)} games per bar, "
                     f"seats alternating; {counted(b.options.evaluations, 'candidate')} searched "
                     "per card; bars: 95% CI"), d, "cards-optimized")
    doc = Doc()
    title = "Dominion balance: cards played well"
    doc.h(1, title)
    doc.ul([f"Generated {meta['generated']} with domsim {domsim_version()}.",
            budget_line(b) + ".",
            "Every score is given with its game count and a 95% Wilson interval; a tie "
            "counts half a win."])
    doc.p("Regenerate with:")
    doc.code(command_line(b.options, getattr(b, "out", None)))
    doc.h(2, "Ranking")
    doc.p("For each card, `domsim optimize` searched the strategies that buy no "
          "kingdom card but this one (its money, attack or Gardens templates; the "
          "engine template needs a village and a draw card) against Big Money "
          "Ultimate and the shipped bots that need only this card; the best of the "
          "search's winner and the best of those bots (by their scores against Big Money "
          "Ultimate on deals of their own, not the search's) then played Big Money "
          "Ultimate, as did the card's bm-<card> bot, on the same fresh deals.")
    doc.table(ranking_table(df), "cards-optimized.csv")
    if len(played):
        doc.img("cards-optimized", "Score played well and with Big Money, per card")
    m = movers(df)
    m = m[m["rank_change"] != 0] if len(m) else m
    if len(m):
        doc.h(2, "Cards whose rank changed most")
        doc.ul([f"**{r['card']}**: rank {int(r['bm_rank'])} with Big Money, "
                f"{int(r['rank'])} played well ({_how(r)}; "
                f"{rate_ci(r['bm_score'], r['bm_low'], r['bm_high'], 1)} -> "
                f"{rate_ci(r['score'], r['low'], r['high'], 1)}); its strategy: "
                f"`{STRATEGIES}/{card_slug(r['card'])}.toml`"
                for r in m.to_dict("records") if r["rank_change"]])
    if b.options.pairs:
        _pairs_into(d, b, doc)
    doc.h(2, "Strategies")
    doc.p(f"Each card's strategy is a strategy file in `{STRATEGIES}/` (its header says "
          "how it was found and what it scored against its search field); play one "
          "with `domsim compare FILE big-money-ultimate --kingdom CARD`.")
    write_atomic(d / "report.md", doc.markdown())
    write_atomic(d / "index.html", doc.html(title))


def _pairs_into(d: Path, b, doc) -> None:
    """--pairs: the synergy matrix (CSV and heatmap), the pairs' table and
    each pair's strategy file in ``pairs/``."""
    from . import charts
    (d / PAIRS).mkdir()
    for pair, toml in b.pair_files.items():
        write_atomic(d / PAIRS / f"{pair_slug(pair)}.toml", toml)
    write_atomic(d / "pairs.csv", b.pair_table.to_csv(index=False))
    write_atomic(d / "synergy.csv", b.synergy.to_csv(index_label="card"))
    o = b.options
    if b.synergy.notna().to_numpy().any():
        charts.save(charts.synergy_heatmap(
            b.synergy, title="Synergy of pairs of kingdom cards played well",
            subtitle=f"pair minus its better card (points) vs Big Money Ultimate; "
                     f"{count(o.pair_games)} games, "
                     f"{counted(o.pair_evaluations, 'candidate')} per pair"),
            d, "synergy")
    doc.h(2, "Pairs: synergy")
    doc.p("For each pair of cards, the same search restricted to the two cards "
          "(plus Treasures and Victory cards), scored against Big Money Ultimate on "
          "fresh deals; the synergy is the pair's score minus that of the better of its "
          "two cards played well (as ranked above), played on the same deals. The "
          "matrix is `synergy.csv`; each pair's "
          f"strategy file is in `{PAIRS}/`.")
    if (d / "synergy.png").exists():
        doc.img("synergy", "Synergy of each pair of cards, percentage points")
    doc.table(pairs_table(b.pair_table), "pairs.csv")


def write(out, b) -> Path:
    from .balance import write as write_report
    b.out = out                     # named in the report's "regenerate" command
    return write_report(out, b, into=write_into)
