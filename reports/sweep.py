"""Kingdom sweeps: one row per (kingdom, matchup), and the best single card
of each kingdom, from finished runs."""
from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from simulator.output.files import domsims_folder
from simulator.output.termtable import counted

from . import charts
from . import tables as T
from .store import Run
from .text import Table, count, num_ci, pp_ci, pvalue, rate_ci


@dataclass
class Sweep:
    rows: pd.DataFrame                 # one row per (kingdom, matchup)
    best: pd.DataFrame                 # best card per kingdom (best-card mode)
    skipped: pd.DataFrame              # (kingdom, matchup, reason)
    kingdoms: dict[str, list[str]]     # name -> the 10 cards
    meta: dict = field(default_factory=dict)

    def tables(self) -> dict[str, pd.DataFrame]:
        out = {"sweep": self.rows}
        if len(self.best):
            out["best-card"] = self.best
        if len(self.skipped):
            out["skipped"] = self.skipped
        return out


def sweep_rows(runs: list[Run]) -> pd.DataFrame:
    """Matchup rows with the kingdom (name and cards) and, for ``bm-<card>``
    bots, the card."""
    rows = []
    for r in runs:
        info = r.info
        rows.append(T.matchup_stats(r.results, kingdom=info.get("kingdom", ""),
                                    kingdom_cards=", ".join(r.results.kingdom),
                                    card=info.get("card")))
    df = T.matchup_frame(rows)
    if "card" in df and df["card"].isna().all():
        df = df.drop(columns="card")          # no bm-<card> bots in this sweep
    return df


def build(runs: list[Run], kingdoms: dict[str, list[str]], skipped: list[dict] | None = None,
          meta: dict | None = None, best_card: bool = False) -> Sweep:
    rows = sweep_rows(runs)
    best = T.best_cards(rows) if best_card and len(rows) else pd.DataFrame()
    skipped_df = pd.DataFrame(skipped or [], columns=["kingdom", "a", "b", "reason"])
    return Sweep(rows, best, skipped_df, kingdoms, meta or {})


def kingdom_table(rows: pd.DataFrame) -> Table:
    head = ["matchup (A vs B)", "games", "A win [95% CI]", "ties [95% CI]", "B win [95% CI]",
            "avg length [CI]", "piles [CI]", "first-seat adv. [CI]"]
    out = []
    for r in rows.itertuples(index=False):
        out.append([f"{r.a} vs {r.b}", count(r.games),
                    rate_ci(r.a_win_rate, r.a_win_rate_low, r.a_win_rate_high)
                    + ("" if r.a_vs_b_significant else " ~"),
                    rate_ci(r.tie_rate, r.tie_rate_low, r.tie_rate_high),
                    rate_ci(r.b_win_rate, r.b_win_rate_low, r.b_win_rate_high),
                    num_ci(r.avg_length, r.avg_length_low, r.avg_length_high),
                    rate_ci(r.piles_share, r.piles_share_low, r.piles_share_high),
                    pp_ci(r.first_seat_adv, r.first_seat_adv_low, r.first_seat_adv_high)
                    + ("" if r.first_seat_significant else " n.s.")])
    return Table(head, out, optional=[6, 5, 7, 3])


NOTES = [
    "A/B win: sole wins, % [95% Wilson CI]; ties are their own column. "
    "~ = A's and B's win rates do not differ significantly (p >= 0.05).",
    "avg length: rounds (turns of the first player), mean [95% CI]; piles: share "
    "of games ended by empty supply piles.",
    "first-seat adv.: win rate of the first player minus the second's, "
    "percentage points [95% CI]; n.s. = not significant (p >= 0.05).",
]


def best_table(best: pd.DataFrame) -> Table:
    head = ["kingdom", "best card", "games", "score [95% CI]", "runner-up",
            "runner-up score [95% CI]", "lead"]
    rows = []
    for r in best.itertuples(index=False):
        if r.runner_up is None or pd.isna(r.p_vs_runner_up):
            lead, best_card = "only candidate", str(r.best_card)
        elif r.significant:
            lead, best_card = "p " + pvalue(r.p_vs_runner_up), str(r.best_card)
        else:
            lead = f"p {pvalue(r.p_vs_runner_up)}: not significant"
            best_card = f"no clear best ({r.best_card} leads)"
        rows.append([r.kingdom, best_card, count(r.games),
                     rate_ci(r.score, r.score_low, r.score_high),
                     "-" if r.runner_up is None else str(r.runner_up),
                     rate_ci(r.runner_up_score, r.runner_up_score_low,
                             r.runner_up_score_high), lead])
    return Table(head, rows, align="ll" + "r" * 5, optional=[2, 5],
                 notes=["score of Big Money + that card against the opponent in that "
                        "kingdom (a win 1, a tie 1/2; 50% = even); a best card is named "
                        "only when it beats the runner-up significantly (p < 0.05), "
                        "else: no clear best."])


def text(s: Sweep, width: int | None = None) -> str:
    m = s.meta
    from simulator.output.termtable import wrap
    lines = [f"Kingdom sweep: {counted(len(s.kingdoms), 'kingdom')}, "
             f"{counted(len(s.rows), 'matchup')} "
             f"played, {count(m.get('games', 0))} games each (2 players, seats "
             f"alternate), seed {m.get('seed', '?')}, turn cap {m.get('turn_cap', '?')}",
             "A strategy is played in a kingdom only when every kingdom card it needs "
             "is in that kingdom's 10 cards."]
    if m.get("kingdom_note"):
        lines.append(m["kingdom_note"][:1].upper() + m["kingdom_note"][1:] + ".")
    lines = [w for line in lines for w in wrap(line, width)]
    skipped = s.skipped.groupby("kingdom", sort=False) if len(s.skipped) else {}
    for name, cards in s.kingdoms.items():
        lines += [""] + wrap(f"{name}: {', '.join(cards)}", width)
        rows = s.rows[s.rows["kingdom"] == name] if len(s.rows) else s.rows
        if len(rows):
            lines.append(kingdom_table(rows).text(width))
        else:
            lines.append("  no matchup could be played here")
        if len(s.skipped) and name in skipped.groups:
            g = skipped.get_group(name)
            items = [f"{r.a} vs {r.b} ({r.reason})" for r in g.itertuples(index=False)]
            lines += textwrap.wrap(f"skipped {len(g)} {'matchup' if len(g) == 1 else 'matchups'}: "
                                   + "; ".join(items), width=min(width or 100, 100),
                                   initial_indent="  ", subsequent_indent="    ")
    lines += [""] + [w for n in NOTES for w in wrap(n, width)]
    if len(s.best):
        lines += ["", "Best single card per kingdom:", best_table(s.best).text(width)]
    return "\n".join(lines)


def write_charts(s: Sweep, out_dir) -> list[Path]:
    if not len(s.best):
        return []
    out_dir = Path(out_dir)
    mark = domsims_folder(out_dir)       # before writing: empty, new or domsim's
    out_dir.mkdir(parents=True, exist_ok=True)
    bm = s.rows[s.rows["card"].notna()] if "card" in s.rows else s.rows.iloc[:0]
    opp = bm["b"].iloc[0] if len(bm) else "the opponent"
    written = charts.save(charts.kingdom_heatmap(
        bm, title=f"Single-card bots against {opp}, by kingdom",
        subtitle=f"score (%) of Big Money + that card, a tie 1/2, ± half the 95% CI; "
                 f"{count(s.meta.get('games', 0))} games per cell; outlined: the "
                 "kingdom's best card, only where it beats the runner-up significantly"),
        out_dir, "kingdoms")
    from .page import write_page
    tables = [("Best single card per kingdom", best_table(s.best))]
    tables += [(name, kingdom_table(s.rows[s.rows["kingdom"] == name]))
               for name in s.kingdoms if len(s.rows) and (s.rows["kingdom"] == name).any()]
    intro = [f"{counted(len(s.kingdoms), 'kingdom')}, "
             f"{count(s.meta.get('games', 0))} games per "
             f"matchup, seed {s.meta.get('seed', '?')}"] + NOTES
    written.append(write_page(out_dir, "Kingdom sweep", intro,
                              [("kingdoms", "single-card scores by kingdom")], tables, s.meta,
                              command="sweep", mark=mark))
    return written
