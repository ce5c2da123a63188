"""Round-robin tournaments: tables, text and charts from finished pair runs."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from simulator.output.files import domsims_folder
from simulator.runs.stats import wilson

from . import charts
from . import tables as T
from .store import Run
from .text import Table, count, num_ci, pp_ci, pvalue, rate_ci


@dataclass
class Tournament:
    strategies: list[str]              # display labels, the user's order
    pairs: pd.DataFrame                # one row per run (matchup_stats)
    matrix: pd.DataFrame               # one row per ordered pair (win_matrix)
    ranking: pd.DataFrame              # average win rate + Bradley-Terry
    seats: pd.DataFrame                # per run and seat (with --all-seat-orders)
    skipped: pd.DataFrame              # pairs not played and why
    note: str = ""
    meta: dict = field(default_factory=dict)

    def tables(self) -> dict[str, pd.DataFrame]:
        """Every table, the main one (the matrix, long form) first."""
        out = {"matrix": self.matrix, "ranking": self.ranking, "pairs": self.pairs}
        if len(self.seats):
            out["seats"] = self.seats
        if len(self.skipped):
            out["skipped"] = self.skipped
        return out


def seat_rows(results) -> pd.DataFrame:
    """Each entry's win rate by seat in one run (seat 1 moved first)."""
    b = results.by_seat()
    opp = {0: results.entries[1], 1: results.entries[0]} if len(results.entries) == 2 else {}
    return pd.DataFrame({
        "strategy": b["strategy"].astype(str).to_numpy(),
        "opponent": [opp.get(int(e), "") for e in b["entry"]],
        "seat": b["seat"].to_numpy() + 1, "games": b["games"].to_numpy(),
        "wins": b["wins"].to_numpy(), "ties": b["ties"].to_numpy(),
        "win_rate": b["win_rate"].to_numpy(), "win_rate_low": b["win_rate_low"].to_numpy(),
        "win_rate_high": b["win_rate_high"].to_numpy(),
    })


def build(runs: list[Run], strategies: list[str], skipped: list[dict] | None = None,
          meta: dict | None = None, seat_table: bool = False) -> Tournament:
    pairs = T.matchup_frame(T.matchup_stats(r.results) for r in runs)
    matrix = T.win_matrix(pairs, strategies)
    ranking, note = T.tournament_ranking(pairs, strategies)
    seats = pd.DataFrame()
    if seat_table and runs:
        raw = pd.concat([seat_rows(r.results) for r in runs], ignore_index=True)
        seats = (raw.groupby(["strategy", "opponent", "seat"], sort=False)
                 [["games", "wins", "ties"]].sum().reset_index())
        seats["win_rate"] = seats["wins"] / seats["games"]
        seats["win_rate_low"], seats["win_rate_high"] = wilson(
            seats["wins"].to_numpy(), seats["games"].to_numpy())
    skipped_df = pd.DataFrame(skipped or [], columns=["a", "b", "reason"])
    return Tournament(strategies, pairs, matrix, ranking, seats, skipped_df, note,
                      meta or {})


def matrix_table(t: Tournament) -> Table:
    head = ["row vs column"] + t.strategies
    rows = []
    lookup = {(r.row, r.column): r for r in t.matrix.itertuples(index=False)}
    any_ns = False
    for a in t.strategies:
        cells = [a]
        for b in t.strategies:
            if a == b:
                cells.append("—")
                continue
            r = lookup.get((a, b))
            if r is None or r.games == 0:
                cells.append("not played")
                continue
            mark = "" if r.significant else " ~"
            any_ns |= not r.significant
            cells.append(rate_ci(r.win_rate, r.win_rate_low, r.win_rate_high) + mark)
        rows.append(cells)
    notes = ["Cell: the row strategy's win rate against the column strategy, "
             "% [95% Wilson CI]. Ties are not wins (tie rates in the pair table)."]
    if any_ns:
        notes.append("~ = the two strategies' win rates in that pair do not differ "
                     "significantly (sign test of wins against losses, p >= 0.05).")
    return Table(head, rows, notes=notes)


def pair_table(t: Tournament) -> Table:
    head = ["strategy A", "strategy B", "games", "A wins", "ties", "B wins",
            "A win rate [95% CI]", "tie rate [95% CI]", "A vs B", "avg length (rounds) [CI]",
            "piles", "first-seat adv. [CI]"]
    rows = []
    for r in t.pairs.itertuples(index=False):
        rows.append([r.a, r.b, count(r.games), count(r.a_wins), count(r.ties),
                     count(r.b_wins), rate_ci(r.a_win_rate, r.a_win_rate_low,
                                              r.a_win_rate_high),
                     rate_ci(r.tie_rate, r.tie_rate_low, r.tie_rate_high),
                     "p " + pvalue(r.a_vs_b_p)
                     + ("" if r.a_vs_b_significant else " (n.s.)"),
                     num_ci(r.avg_length, r.avg_length_low, r.avg_length_high),
                     rate_ci(r.piles_share, r.piles_share_low, r.piles_share_high),
                     pp_ci(r.first_seat_adv, r.first_seat_adv_low, r.first_seat_adv_high)
                     + ("" if r.first_seat_significant else " (n.s.)")])
    notes = ["first-seat adv.: win rate of whoever moved first minus that of the "
             "second player, in percentage points; n.s. = not significant (p >= 0.05)."]
    # to fit: drop piles, length, counts, tie rate, first-seat, A vs B in that order
    return Table(head, rows, align="ll" + "r" * 10, notes=notes,
                 optional=[10, 9, 3, 5, 4, 7, 11, 8])


def ranking_table(t: Tournament) -> Table:
    head = ["rank", "strategy", "opponents", "avg score [95% CI]", "avg win rate [95% CI]",
            "BT rating ± SE [95% CI]", "BT rank", "BT vs next"]
    rows = []
    for r in t.ranking.itertuples(index=False):
        if pd.notna(r.rating):
            bt = (f"{r.rating:+.0f} ± {r.rating_se:.0f} "
                  f"[{r.rating_low:+.0f}, {r.rating_high:+.0f}]")
            nxt = ("-" if pd.isna(r.bt_p_vs_next) else "p " + pvalue(r.bt_p_vs_next)
                   + ("" if r.bt_significant_vs_next else " (n.s.)"))
            bt_rank = str(int(r.bt_rank))
        else:
            bt, nxt, bt_rank = "-", "-", "-"
        rows.append([str(r.rank), r.strategy, str(r.opponents),
                     rate_ci(r.avg_score, r.avg_score_low, r.avg_score_high),
                     rate_ci(r.avg_win_rate, r.avg_win_rate_low, r.avg_win_rate_high),
                     bt, bt_rank,
                     nxt])
    notes = ["Ranked by avg score: mean over opponents of the score against each, "
             "a win 1, a tie 1/2 (50% = even); avg win rate counts sole wins only.",
             "BT rating: Bradley-Terry strength fitted to all pairs (ties half a win), "
             "Elo scale (+100 = 64% expected score), 0 = field average; SE from the "
             "Hessian. BT vs next: test against the next-ranked strategy, "
             "n.s. = not significant (p >= 0.05)."]
    if t.note:
        notes.append(t.note)
    # to fit: never the avg score it ranks by; opponents, then the BT columns
    return Table(head, rows, align="rl" + "r" * 6, notes=notes, optional=[2, 6, 7, 5, 4])


def seats_table(t: Tournament) -> Table:
    head = ["strategy", "opponent", "seat", "games", "wins", "ties", "win rate [95% CI]"]
    rows = [[r.strategy, r.opponent, "1st" if r.seat == 1 else "2nd", count(r.games),
             count(r.wins), count(r.ties), rate_ci(r.win_rate, r.win_rate_low,
                                                   r.win_rate_high)]
            for r in t.seats.itertuples(index=False)]
    return Table(head, rows, align="ll" + "r" * 5, optional=[5, 4],
                 notes=["seat 1st = moved first. Each pair was played in both entry "
                        "orders; seats alternate game by game within each run."])


def header(t: Tournament) -> str:
    m = t.meta
    played = len(t.pairs)
    lines = [f"Tournament: {len(t.strategies)} strategies, {played} "
             f"{'run' if played == 1 else 'runs'} of {count(m.get('games', 0))} games "
             f"each (2 players, seats alternate), seed {m.get('seed', '?')}, "
             f"turn cap {m.get('turn_cap', '?')}",
             "kingdom: " + m.get("kingdom_note", "each pair's own cards, filled to 10")]
    return "\n".join(lines)


def text(t: Tournament, width: int | None = None) -> str:
    from simulator.output.termtable import wrap
    head = [w for line in header(t).split("\n") for w in wrap(line, width)]
    parts = ["\n".join(head), "", matrix_table(t).text(width), "", "Pairs:",
             pair_table(t).text(width), "", "Ranking:", ranking_table(t).text(width)]
    if len(t.seats):
        parts += ["", "By seat:", seats_table(t).text(width)]
    if len(t.skipped):
        parts += ["", "Skipped pairs:"]
        parts += [w for r in t.skipped.itertuples(index=False)
                  for w in wrap(f"  {r.a} vs {r.b}: {r.reason}", width)]
    return "\n".join(parts)


def write_charts(t: Tournament, out_dir) -> list[Path]:
    out_dir = Path(out_dir)
    mark = domsims_folder(out_dir)       # before writing: empty, new or domsim's
    out_dir.mkdir(parents=True, exist_ok=True)
    m = t.meta
    sub = (f"{count(m.get('games', 0))} games per pair, 2 players, seats alternating, "
           f"seed {m.get('seed', '?')}; 95% Wilson CI below each rate")
    written = charts.save(charts.win_heatmap(t.matrix, t.strategies,
                                             title="Head-to-head win rates", subtitle=sub),
                          out_dir, "heatmap")
    if t.ranking["rating"].notna().sum() >= 2:
        written += charts.save(charts.rating_chart(
            t.ranking, title="Bradley–Terry ratings",
            subtitle=f"fitted to all pairs (ties count half); 95% CI; "
                     f"{count(m.get('games', 0))} games per pair"), out_dir, "ratings")
    from .page import write_page
    images = [(p.stem, p.stem) for p in written if p.suffix == ".png"]
    tables = [("Win rates", matrix_table(t)), ("Ranking", ranking_table(t)),
              ("Pairs", pair_table(t))]
    if len(t.seats):
        tables.append(("By seat", seats_table(t)))
    written.append(write_page(out_dir, "Tournament", header(t).split("\n"), images, tables, m,
                              command="tournament", mark=mark))
    return written

