"""The balance report: single-card strength, seat advantage, game length,
per-turn curves and the recommended kingdoms, as Markdown and HTML with
PNG + SVG charts, built from finished runs (see ``report_commands`` for how
they are played, ``store`` for how they are saved and reloaded).

Runs it reads, by ``Run.kind``:

- ``card``:   a single-card bot (Big Money plus exactly one kingdom card,
              entry 0) against the base bot (entry 1); ``info["card"]``;
              optional ``arrays["per_turn_batches"]``.
- ``combo``:  a ``bm-<card>`` bot that also buys a partner card, the same
              way; ranked apart under its full name ("Throne Room + Smithy").
- ``mirror``: the base bot in every seat; ``info["players"]``.
- ``main``:   another bot against the base bot, for the per-turn curves.
- ``sweep``:  a ``bm-<card>`` bot against the base bot in a named kingdom;
              ``info["kingdom"]``, ``info["card"]``.
"""
from __future__ import annotations

import html
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from simulator.output.files import MARKER, temp_folder, write_atomic
from simulator.output.termtable import counted
from simulator.runs.experiments import MAIN_BOTS
from simulator.runs.stats import wilson

from . import charts
from . import sweep as S
from . import tables as T
from simulator.runs.store import Run
from .text import Table, count, num, num_ci, pct, pp_ci, pvalue, rate_ci

BASE = "big-money-ultimate"
CURVE_TURNS = (5, 10, 15, 20, 25)


# ============================================================ computation

@dataclass
class Balance:
    cards: pd.DataFrame               # single-card bots, by score
    combos: pd.DataFrame              # bm-<card> bots with a partner card, by score
    seats: pd.DataFrame
    seat_adv: pd.DataFrame
    lengths: pd.DataFrame
    length_dist: pd.DataFrame
    length_dist_players: pd.DataFrame
    curves: pd.DataFrame
    sweep: S.Sweep
    meta: dict = field(default_factory=dict)
    base_name: str = "Big Money Ultimate"
    baseline: dict = field(default_factory=dict)   # the base bot's 2-player mirror

    def tables(self) -> dict[str, pd.DataFrame]:
        out = {"cards": self.cards, "combinations": self.combos, "seats": self.seats,
               "seat-advantage": self.seat_adv,
               "game-length": self.lengths, "turn-curves": self.curves,
               "kingdoms": self.sweep.rows, "best-card": self.sweep.best}
        if self.meta.get("definitions"):
            from simulator.runs.provenance import definitions_frame
            out["strategies"] = definitions_frame(self.meta["definitions"])
        return out


def _label(run: Run, base_name: str) -> str:
    r = run.results
    if run.kind == "mirror":
        return f"{r.entries[0]} mirror, {r.players} players"
    return f"{r.entries[0]} vs {r.entries[1]}" if len(r.entries) == 2 else r.entries[0]


def build(runs: list[Run], meta: dict | None = None) -> Balance:
    meta = dict(meta or {})
    card_runs = [r for r in runs if r.kind == "card"]
    mirrors = sorted((r for r in runs if r.kind == "mirror"),
                     key=lambda r: r.results.players)
    base_name = (mirrors[0].results.entries[0] if mirrors else
                 card_runs[0].results.entries[1] if card_runs else "Big Money Ultimate")

    # single cards, and bots with a partner card apart
    def ranking(kind):
        rows = T.matchup_frame(T.matchup_stats(r.results, card=r.info.get("card"),
                                               also=r.info.get("also", ""),
                                               stem=r.strategies[0])
                               for r in runs if r.kind == kind)
        ranked = T.card_ranking(rows) if len(rows) else pd.DataFrame()
        if len(ranked):                 # which set each card is of (--sets)
            from simulator.runs.experiments import card_set
            ranked["set"] = [card_set(c) for c in ranked["card"]]
        return ranked
    cards, combos = ranking("card"), ranking("combo")

    # seats
    seat_parts, adv = [], []
    for r in mirrors:
        st = T.seat_table(r.results)
        seat_parts.append(st)
        fs = T.first_seat_advantage(r.results.by_seat())
        first = st.iloc[0]
        adv.append(dict(players=r.results.players, games=r.results.games,
                        seat1_win_rate=first["win_rate"],
                        seat1_win_rate_low=first["win_rate_low"],
                        seat1_win_rate_high=first["win_rate_high"],
                        fair_share=first["fair_share"], seat1_vs_fair=first["vs_fair"],
                        seat1_vs_fair_low=first["vs_fair_low"],
                        seat1_vs_fair_high=first["vs_fair_high"],
                        last_seat_win_rate=st.iloc[-1]["win_rate"],
                        first_seat_adv=fs["first_seat_adv"],
                        first_seat_adv_low=fs["first_seat_adv_low"],
                        first_seat_adv_high=fs["first_seat_adv_high"],
                        first_seat_p=fs["first_seat_p"],
                        tie_rate=1.0 - st["wins"].sum() / max(r.results.games, 1),
                        tie_rate_low=wilson(r.results.games - st["wins"].sum(),
                                            r.results.games)[0],
                        tie_rate_high=wilson(r.results.games - st["wins"].sum(),
                                             r.results.games)[1]))
    seats = pd.concat(seat_parts, ignore_index=True) if seat_parts else pd.DataFrame()
    seat_adv = pd.DataFrame(adv)

    # game lengths: the base mirror and the main bots against the base (2 players),
    # and the mirror at every player count
    by_stem = {r.strategies[0]: r for r in runs if r.kind in ("card", "combo", "main")}
    length_runs = []
    two = next((r for r in mirrors if r.results.players == 2), None)
    for stem in MAIN_BOTS:
        if stem == BASE and two is not None:
            length_runs.append(two)
        elif stem in by_stem:
            length_runs.append(by_stem[stem])
    lrows, dists = [], []
    for r in length_runs + [m for m in mirrors if m is not two]:
        label = _label(r, base_name)
        ls = T.length_stats(r.results)
        ended = r.results.ended_by
        n = r.results.games
        pl, ph = wilson(ended["piles"], n)
        cl, ch = wilson(ended["turn_cap"], n)
        lrows.append(dict(label=label, players=r.results.players, games=n, **ls,
                          piles_share=ended["piles"] / n, piles_share_low=pl,
                          piles_share_high=ph, turn_cap_share=ended["turn_cap"] / n,
                          turn_cap_share_low=cl, turn_cap_share_high=ch))
        if r.results.length_counts() is not None:
            d = T.length_distribution(r.results, label)
            d["players"] = r.results.players
            d["kind"] = "mirror" if r.kind == "mirror" else "matchup"
            dists.append(d)
    lengths = pd.DataFrame(lrows)
    dist = pd.concat(dists, ignore_index=True) if dists else pd.DataFrame(
        columns=["label", "length", "games", "share", "players", "kind"])
    dist_2p = dist[(dist["players"] == 2)]
    dist_players = dist[dist["kind"] == "mirror"]

    # per-turn curves
    curves = []
    for stem in MAIN_BOTS:
        run = two if stem == BASE else by_stem.get(stem)
        if run is None or run.results.per_turn is None:
            continue
        label = (f"{run.results.entries[0]} (mirror)" if run is two
                 else f"{run.results.entries[0]} (vs {run.results.entries[1]})")
        c = T.turn_curve(run.results.per_turn, 0, run.arrays.get("per_turn_batches"),
                         label=label)
        c.insert(1, "strategy", run.results.entries[0])
        curves.append(c)
    curves_df = pd.concat(curves, ignore_index=True) if curves else pd.DataFrame()

    sweep_runs = [r for r in runs if r.kind == "sweep"]
    kingdoms = {}
    for r in sweep_runs:
        kingdoms.setdefault(r.info.get("kingdom", ""), list(r.results.kingdom))
    sw = S.build(sweep_runs, kingdoms, meta.get("sweep_skipped"),
                 meta={"games": meta.get("games_sweep", 0), "seed": meta.get("seed"),
                       "turn_cap": meta.get("turn_cap")}, best_card=True)
    baseline = {}
    if two is not None:
        s2 = two.results.summary().iloc[0]
        baseline = dict(games=int(s2["games"]), win_rate=float(s2["win_rate"]),
                        win_rate_low=float(s2["win_rate_low"]),
                        win_rate_high=float(s2["win_rate_high"]),
                        tie_rate=float(s2["tie_rate"]), score=float(s2["score"]))
    return Balance(cards, combos, seats, seat_adv, lengths, dist_2p, dist_players, curves_df,
                   sw, meta, base_name, baseline)


# ============================================================ document

class Doc:
    """A list of blocks rendered to Markdown and to HTML."""

    def __init__(self):
        self.blocks: list[tuple] = []

    def h(self, level: int, text: str):
        self.blocks.append(("h", level, text))

    def p(self, text: str):
        self.blocks.append(("p", text))

    def ul(self, items: list[str]):
        self.blocks.append(("ul", items))

    def table(self, t: Table, csv: str | None = None):
        self.blocks.append(("table", t, csv))

    def img(self, name: str, alt: str):
        self.blocks.append(("img", name, alt))

    def code(self, text: str, lang: str = "sh"):
        self.blocks.append(("code", text, lang))

    def markdown(self) -> str:
        out = []
        for b in self.blocks:
            kind = b[0]
            if kind == "h":
                out.append("#" * b[1] + " " + b[2])
            elif kind == "p":
                out.append(b[1])
            elif kind == "ul":
                out.append("\n".join(f"- {i}" for i in b[1]))
            elif kind == "table":
                out.append(b[1].markdown() + (f"\n\nData: [{b[2]}]({b[2]})" if b[2] else ""))
            elif kind == "img":
                out.append(f"![{b[2]}]({b[1]}.png)\n\n[SVG]({b[1]}.svg)")
            elif kind == "code":
                out.append(f"```{b[2]}\n" + b[1] + "\n```")
        return "\n\n".join(out) + "\n"

    def html(self, title: str) -> str:
        body = []
        for b in self.blocks:
            kind = b[0]
            if kind == "h":
                body.append(f"<h{b[1]}>{html.escape(b[2])}</h{b[1]}>")
            elif kind == "p":
                body.append(f"<p>{_inline(b[1])}</p>")
            elif kind == "ul":
                body.append("<ul>" + "".join(f"<li>{_inline(i)}</li>" for i in b[1])
                            + "</ul>")
            elif kind == "table":
                body.append('<div class="scroll">' + b[1].html() + "</div>")
                if b[2]:
                    body.append(f'<p class="data">Data: <a href="{html.escape(b[2])}">'
                                f"{html.escape(b[2])}</a></p>")
            elif kind == "img":
                body.append(f'<figure><img src="{b[1]}.png" alt="{html.escape(b[2])}">'
                            f'<figcaption><a href="{b[1]}.svg">SVG</a></figcaption></figure>')
            elif kind == "code":
                body.append(f"<pre><code>{html.escape(b[1])}</code></pre>")
        return _HTML.format(title=html.escape(title), body="\n".join(body))


def _inline(text: str) -> str:
    """Markdown-ish **bold** and `code` to HTML, everything else escaped."""
    import re
    t = html.escape(text)
    t = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", t)
    t = re.sub(r"`(.+?)`", r"<code>\1</code>", t)
    return t


_HTML = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ font-family: system-ui, -apple-system, "Segoe UI", sans-serif; max-width: 1100px;
       margin: 2em auto; padding: 0 1em; color: #222; line-height: 1.45; }}
h1 {{ margin-bottom: 0.2em; }}
h2 {{ border-bottom: 1px solid #ccc; padding-bottom: 0.2em; margin-top: 2em; }}
table {{ border-collapse: collapse; font-size: 0.9em; margin: 0.8em 0; }}
th, td {{ padding: 0.25em 0.7em; border-bottom: 1px solid #e3e3e3; white-space: nowrap; }}
th {{ background: #f3f3f3; text-align: left; }}
.r {{ text-align: right; font-variant-numeric: tabular-nums; }}
.scroll {{ overflow-x: auto; }}
.note, .data {{ font-size: 0.85em; color: #555; margin: 0.2em 0; }}
figure {{ margin: 1em 0; }}
figure img {{ max-width: 100%; height: auto; border: 1px solid #eee; }}
figcaption {{ font-size: 0.8em; }}
pre {{ background: #f6f6f6; padding: 0.6em; overflow-x: auto; }}
</style>
</head>
<body>
{body}
</body>
</html>
"""


# ============================================================ tables

def cards_table(df: pd.DataFrame, what: str = "card") -> Table:
    head = ["rank", what, "bot", "games", "score [95% CI]", "vs even",
            "wins", "ties", "losses", "win rate [95% CI]", "tie rate [95% CI]", "vs next", "set"]
    rows = []
    for r in df.itertuples(index=False):
        nxt = "-" if pd.isna(r.p_vs_next) else (
            "p " + pvalue(r.p_vs_next) + ("" if r.significant_vs_next else " (n.s.)"))
        even = {"above": "above", "below": "below"}.get(r.vs_even, "n.s.")
        rows.append([str(r.rank), r.label, r.strategy, count(r.games),
                     rate_ci(r.score, r.score_low, r.score_high, 2),
                     f"{even} (p {pvalue(r.p_vs_even)})",
                     count(r.wins), count(r.ties), count(r.losses),
                     rate_ci(r.win_rate, r.win_rate_low, r.win_rate_high, 2),
                     rate_ci(r.tie_rate, r.tie_rate_low, r.tie_rate_high, 2), nxt,
                     getattr(r, "set", "")])
    return Table(head, rows, align="rll" + "r" * 9 + "l",
                 optional=[12, 2, 6, 7, 8, 10, 9, 11, 3],
                 notes=[
        "Score: a win 1, a tie 1/2, per game, % [95% CI]; ranked by score. 50% is "
        "exactly even: what the opponent scores against itself. vs even: sign test of "
        "wins against losses (above / below = significant at p < 0.05). Win and tie "
        "rates are shown too; vs next: test of the score against the next one down, "
        "n.s. = not significantly different (p >= 0.05)."])


def seats_table(df: pd.DataFrame) -> Table:
    head = ["players", "seat", "games", "wins", "ties", "win rate [95% CI]",
            "fair share", "vs fair share [95% CI]"]
    rows = [[str(r.players), str(r.seat) + (" (first)" if r.seat == 1 else ""),
             count(r.games), count(r.wins), count(r.ties),
             rate_ci(r.win_rate, r.win_rate_low, r.win_rate_high, 2), pct(r.fair_share, 2),
             pp_ci(r.vs_fair, r.vs_fair_low, r.vs_fair_high, 2)]
            for r in df.itertuples(index=False)]
    return Table(head, rows, align="rl" + "r" * 6, notes=[
        "Fair share: the win rate every seat would have without a seat effect (share "
        "of games with a sole winner / players), estimated from the same games. "
        "Ties are not wins."])


def seat_adv_table(df: pd.DataFrame) -> Table:
    head = ["players", "games", "1st seat win rate [95% CI]", "fair share",
            "1st minus 2nd seat [95% CI]", "p", "games tied [95% CI]"]
    rows = [[str(r.players), count(r.games),
             rate_ci(r.seat1_win_rate, r.seat1_win_rate_low, r.seat1_win_rate_high, 2),
             pct(r.fair_share, 2),
             pp_ci(r.first_seat_adv, r.first_seat_adv_low, r.first_seat_adv_high, 2),
             pvalue(r.first_seat_p) + ("" if r.first_seat_p < T.ALPHA else " (n.s.)"),
             rate_ci(r.tie_rate, r.tie_rate_low, r.tie_rate_high, 2)]
            for r in df.itertuples(index=False)]
    return Table(head, rows, align="r" * len(head), notes=[
        "1st minus 2nd seat: difference of the two win rates in the same games "
        "(multinomial variance); n.s. = not significant (p >= 0.05). Games tied: "
        "games without a sole winner."])


def lengths_table(df: pd.DataFrame) -> Table:
    head = ["games of", "players", "games", "mean length [95% CI]", "median",
            "10th–90th pct", "ended on piles [95% CI]", "hit turn cap [95% CI]"]
    rows = [[r.label, str(r.players), count(r.games),
             num_ci(r.avg_length, r.avg_length_low, r.avg_length_high, 2),
             num(r.median_length, 0), f"{num(r.p10_length, 0)}–{num(r.p90_length, 0)}",
             rate_ci(r.piles_share, r.piles_share_low, r.piles_share_high, 2),
             rate_ci(r.turn_cap_share, r.turn_cap_share_low, r.turn_cap_share_high, 2)]
            for r in df.itertuples(index=False)]
    return Table(head, rows, notes=["Length in rounds: the turns taken by the player "
                                    "who moved first."])


def curves_table(df: pd.DataFrame) -> Table:
    head = ["bot", "turn", "seat-games reaching it", "still running",
            "avg VP of those [95% CI]", "avg coins of those [95% CI]"]
    rows = []
    for label, g in df.groupby("label", sort=False):
        start = g["games"].iloc[0]
        for t in CURVE_TURNS:
            r = g[g["turn"] == t]
            if r.empty:
                continue
            r = r.iloc[0]
            rows.append([label, str(t), count(r["games"]), pct(r["games"] / start, 1),
                         num_ci(r["avg_vp"], r["avg_vp_low"], r["avg_vp_high"], 2),
                         num_ci(r["avg_coins"], r["avg_coins_low"], r["avg_coins_high"], 2)])
    return Table(head, rows, notes=[
        "VP at the end of the bot's own turn; coins: money available in that turn's "
        "buy phase; both averaged over the games still running at that turn (still "
        "running: their share of the bot's games). 95% CI by batch means (independent "
        "batches of the run, t interval)."])


# ============================================================ writing

def check_out_dir(out_dir, *outputs, flag: str = "--out") -> Path:
    """Raise ValueError, naming the user's path, unless ``out_dir`` can take
    a report: a new folder, an empty one or one holding domsim's ``MARKER``,
    in a folder we may write; ``outputs`` (other files the command writes)
    must not be inside it, since it is replaced as a whole.  ``flag`` is
    the option that named the folder, for the messages."""
    out = Path(out_dir)
    real = Path(os.path.realpath(out))          # a symlink's target is replaced
    here = Path.cwd().resolve()
    if real == here or real in here.parents:
        raise ValueError(f"{flag} {out} is the current folder or one above it; the "
                         "report replaces its folder as a whole: give a new folder")
    if real.exists():
        if not real.is_dir():
            raise ValueError(f"{flag} {out} exists and is not a folder")
        if any(real.iterdir()) and not (real / MARKER).is_file():
            raise ValueError(f"{flag} {out} is a non-empty folder that domsim did not "
                             f"write (no {MARKER} file): choose another {flag}")
    parent = real.parent
    if not parent.is_dir():
        shown = parent if out.is_symlink() else out.parent
        raise ValueError(f"cannot write {out}: directory {shown} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK) or (
            real.exists() and not os.access(real, os.W_OK | os.X_OK)):
        raise ValueError(f"cannot write {out}: {'it' if real.exists() else parent} "
                         "is read-only")
    for p in outputs:
        if p is not None and str(p) != "-" and \
                real in Path(os.path.realpath(p)).parents:
            raise ValueError(f"{p} is inside {flag} {out}, which the report replaces "
                             "as a whole: write it elsewhere")
    return out


def write(out_dir, b: Balance, into=None) -> Path:
    """Write the report into ``out_dir`` atomically: everything goes into a
    temporary sibling folder that replaces ``out_dir`` only when complete.
    An existing ``out_dir`` is replaced only if it is empty or domsim wrote
    it (``MARKER``); errors name ``out_dir``, never the temporary folder.
    ``into(folder, b)`` writes the files (default: this report's; the
    --optimized report, ``reports.cardbalance``, gives its own)."""
    into = into or _write_into
    out = check_out_dir(out_dir)
    real = Path(os.path.realpath(out))
    try:
        tmp = temp_folder(real)
    except OSError as e:
        raise OSError(e.errno, e.strerror, str(out)) from None
    try:
        into(tmp, b)
        (tmp / MARKER).write_text("This folder was written by domsim report balance, "
                                  "which replaces it as a whole.\n", encoding="utf-8")
        if real.exists():
            old = Path(tempfile.mkdtemp(dir=real.parent, prefix=f".{real.name}.",
                                        suffix=".old"))
            os.rmdir(old)
            os.replace(real, old)
            os.replace(tmp, real)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(tmp, real)
    except OSError as e:
        shutil.rmtree(tmp, ignore_errors=True)
        raise OSError(e.errno, e.strerror, str(out)) from None
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return out


def _write_into(d: Path, b: Balance) -> None:
    m = b.meta
    from .page import shown_sources
    defs = shown_sources(m.get("definitions") or [], d)     # no paths of this machine
    for name, df in b.tables().items():
        if name == "strategies":
            df = df.assign(source=[x["source"] for x in defs])
        write_atomic(d / f"{name}.csv", df.to_csv(index=False))
    doc = Doc()
    title = "Dominion balance report"
    doc.h(1, title)
    total = m.get("total_games", 0)
    from simulator.runs.provenance import domsim_version
    now, played = domsim_version(), m.get("version", "unknown")
    doc.ul([
        f"Generated {m.get('generated', '?')} with domsim {now}"
        + (f"; games simulated {m.get('simulated', '?')} by domsim {played}"
           if m.get("simulated", m.get("generated")) != m.get("generated") or played != now
           else ""),
        f"Seed {m.get('seed', '?')}; {count(total)} games in all, "
        f"{num(m.get('seconds', float('nan')), 0)} s of simulation"
        + (f" on {counted(m['threads'], 'thread')}" if m.get("threads") else "")
        + f"; turn cap {m.get('turn_cap', '?')}.",
        "Every rate is given with its game count and a 95% confidence interval "
        "(Wilson for rates); a tie is never counted as a win.",
    ])
    doc.p("Regenerate with:")
    doc.code(m.get("regenerate", "domsim report balance"))

    # summary
    findings = []
    if len(b.cards):
        top, bottom = b.cards.iloc[0], b.cards.iloc[-1]
        findings.append(f"Strongest single card with Big Money: **{top['card']}**, score "
                        f"{rate_ci(top.score, top.score_low, top.score_high, 2)} "
                        f"against {top.opponent} over {count(top.games)} games (50% = "
                        f"even); weakest: **{bottom['card']}**, "
                        f"{rate_ci(bottom.score, bottom.score_low, bottom.score_high, 2)}"
                        f" over {count(bottom.games)} games.")
    if b.baseline:
        bl = b.baseline
        findings.append(f"Baseline: {b.base_name} against itself wins "
                        f"{rate_ci(bl['win_rate'], bl['win_rate_low'], bl['win_rate_high'], 2)}"
                        f" of {count(bl['games'])} two-player games and ties "
                        f"{pct(bl['tie_rate'], 2)}, so its score is exactly 50%: cards are "
                        "ranked by score, where 50% means even.")
    if len(b.seat_adv):
        r = b.seat_adv.iloc[0]
        seat1 = rate_ci(r.seat1_win_rate, r.seat1_win_rate_low, r.seat1_win_rate_high, 2)
        findings.append(f"In the {b.base_name} mirror with {int(r.players)} players the first "
                        f"player wins {seat1} of {count(r.games)} games, "
                        f"{pp_ci(r.first_seat_adv, r.first_seat_adv_low, r.first_seat_adv_high, 2)}"
                        " more than the second player.")
    if findings:
        doc.h(2, "Summary")
        doc.ul(findings)

    g = m.get
    if len(b.cards):
        doc.h(2, "1. Single cards: Big Money plus one card")
        doc.p(f"Each single-card bot (Big Money Ultimate buying exactly one kingdom card "
              f"by a simple rule, and no other; e.g. `bm-throne-room-only`) plays "
              f"{count(g('games_cards', 0))} two-player games against {b.base_name}, "
              "seats alternating; the kingdom holds the card and filler cards nobody "
              "buys. Ranked by **score** (a win 1, a tie 1/2): 50% is exactly even, "
              f"what {b.base_name} scores against itself"
              + (f" (it wins {pct(b.baseline['win_rate'], 1)} and ties "
                 f"{pct(b.baseline['tie_rate'], 1)} of its mirror games)"
                 if b.baseline else "") + ". Colours: significantly above or below "
              "even, or not (sign test of wins against losses).")
        doc.img("cards", "score of each single-card bot with 95% CI")
        doc.table(cards_table(b.cards), "cards.csv")
    if len(b.combos):
        doc.h(3, "Combinations: Big Money plus a card and its partner")
        doc.p("Bots that need a second kingdom card to use theirs (Throne Room with "
              "Smithy, Workshop with Gardens ...), measured the same way; listed apart "
              "under their full names, not as the single card.")
        doc.table(cards_table(b.combos, "cards"), "combinations.csv")
    if len(b.seat_adv):
        doc.h(2, f"2. First-seat advantage in {b.base_name} mirrors")
        doc.p(f"Every seat plays {b.base_name}; {count(g('games_mirror', 0))} games per "
              "player count, the strategy in all seats, turn order as seated (seat 1 "
              "moves first).")
        doc.img("seats", "win rate by seat and player count")
        doc.table(seat_adv_table(b.seat_adv))
        doc.table(seats_table(b.seats), "seats.csv")
    if len(b.lengths):
        doc.h(2, "3. Game length")
        doc.p("Distribution of game length in rounds (turns taken by the first player), "
              "from the per-game records.")
        if len(b.length_dist):
            doc.img("length", "distribution of game length, two players")
        if len(b.length_dist_players):
            doc.img("length_players", "distribution of game length by player count")
        doc.table(lengths_table(b.lengths), "game-length.csv")
    if len(b.curves):
        doc.h(2, "4. Victory points and coins by turn")
        doc.p("Average VP after each of the bot's turns and coins it has to spend, in "
              f"its games against {b.base_name} (for {b.base_name}, the two-player "
              "mirror). **These are averages over the games still running at that "
              "turn**: late turns describe long games only. The third panel is the "
              "survival curve, the share of games still running, and the table gives "
              "the share for each turn; each line stops where fewer than 5% of its "
              "games reach the turn.")
        doc.img("turns", "average VP and coins by turn")
        doc.table(curves_table(b.curves), "turn-curves.csv")
    if len(b.sweep.rows):
        doc.h(2, "5. The recommended kingdoms")
        doc.p(f"In each of the rulebook's recommended kingdoms every single-card bot whose "
              f"card is in the kingdom plays {count(g('games_sweep', 0))} games against "
              f"{b.base_name}; cells show the score (50% = even) ± half its 95% CI. A "
              "kingdom's best card is named (and outlined) only when its score beats the "
              "runner-up's significantly; otherwise the kingdom has no clear best card.")
        doc.img("kingdoms", "single-card scores by kingdom")
        doc.table(S.best_table(b.sweep.best), "best-card.csv")
        for name, cards in b.sweep.kingdoms.items():
            rows = b.sweep.rows[b.sweep.rows["kingdom"] == name]
            doc.h(3, name)
            doc.p("Cards: " + ", ".join(cards))
            doc.table(S.kingdom_table(rows))
        doc.p(" ".join(S.NOTES))
        doc.p("Data: [kingdoms.csv](kingdoms.csv)")
    from reports.optimize import shipped_section
    shipped_section(doc, d, sets=m.get("sets"))
    if m.get("definitions"):
        from simulator.runs.provenance import definition_text
        doc.h(2, "Strategies")
        doc.p("The full definition of every bot in this report, with a hash of it "
              "(also in strategies.csv), so the results can be rerun after a bot file "
              f"changes; domsim {m.get('version', 'unknown')}.")
        doc.code("\n\n".join(definition_text(x) for x in defs), "toml")
    doc.h(2, "Method")
    doc.ul([
        "Seats rotate game by game, so each strategy sits in each seat equally often "
        "(game counts are rounded up to a multiple of the batches times the players); "
        "in the mirrors every seat holds the same bot, so every seating is played.",
        "Scores count a win 1 and a tie 1/2 (95% Wilson CI on the points, wins + "
        "ties/2); 50% is the exact even point, what a bot scores against itself.",
        "Each run is played in independent batches with seeds derived from the report "
        "seed; the batches give the confidence intervals of the per-turn averages.",
        "Wilson score intervals for rates; normal intervals for mean game length; "
        "differences of two seats' rates from one run: Newcombe's paired interval "
        "(their test uses the multinomial variance).",
        "Games that reach the turn cap are scored as they stand; their share is shown.",
    ])

    _charts(d, b)
    write_atomic(d / "report.md", doc.markdown())
    write_atomic(d / "index.html", doc.html(title))


def _charts(d: Path, b: Balance) -> None:
    m = b.meta
    if len(b.cards):
        bl = b.baseline
        charts.save(charts.card_bars(
            b.cards, title=f"Big Money plus one card, against {b.base_name}",
            subtitle=f"score: a win 1, a tie 1/2; {count(m.get('games_cards', 0))} "
                     f"two-player games per card, seats alternating; seed "
                     f"{m.get('seed', '?')}; bars: 95% CI",
            baseline=(f"the mirror: {bl['win_rate'] * 100:.1f}% wins, "
                      f"{bl['tie_rate'] * 100:.1f}% ties" if bl else "")),
            d, "cards")
    if len(b.seats):
        charts.save(charts.seat_chart(
            b.seats, title=f"Win rate by seat, {b.base_name} in every seat",
            subtitle=f"{count(m.get('games_mirror', 0))} games per player count; "
                     "bars: 95% Wilson CI; seat 1 moves first"), d, "seats")
    if len(b.length_dist):
        charts.save(charts.length_chart(
            b.length_dist, title="How long two-player games last",
            subtitle=f"{count(m.get('games_cards', 0))} games per line (mirror: "
                     f"{count(m.get('games_mirror', 0))})"), d, "length")
    if len(b.length_dist_players):
        dp = b.length_dist_players.copy()
        dp["label"] = dp["players"].map(lambda p: f"{p} players")
        charts.save(charts.length_chart(
            dp, title=f"Game length by player count, {b.base_name} in every seat",
            subtitle=f"{count(m.get('games_mirror', 0))} games per player count",
            legend_title="players in the game"), d, "length_players")
    if len(b.curves):
        charts.save(charts.turn_chart(
            b.curves, title="Victory points and buying power by turn",
            subtitle=f"each bot against {b.base_name} ({count(m.get('games_cards', 0))} "
                     "games; the mirror for the base bot); averages over the games still "
                     "running (survival at right); shaded: 95% CI"), d, "turns")
    if len(b.sweep.rows) and "card" in b.sweep.rows and b.sweep.rows["card"].notna().any():
        charts.save(charts.kingdom_heatmap(
            b.sweep.rows[b.sweep.rows["card"].notna()],
            title=f"Single cards by kingdom, against {b.base_name}",
            subtitle=f"score (%), a tie 1/2, 50 = even, ± half the 95% CI; "
                     f"{count(m.get('games_sweep', 0))} games per cell; outlined: the "
                     "kingdom's best card where it beats the runner-up significantly; "
                     "hatched: card not in the kingdom"),
            d, "kingdoms")


def summary_text(b: Balance, out: Path, width: int | None = None) -> str:
    from simulator.output.termtable import wrap
    lines = [f"wrote {out / 'index.html'} and {out / 'report.md'}"]
    if len(b.cards):
        lines.append("")
        t = cards_table(pd.concat([b.cards.head(5), b.cards.tail(5)]).drop_duplicates(
            subset=["card"]))
        lines += wrap("Single cards with Big Money, by score (top 5 and bottom 5):", width)
        lines.append(t.text(width))
    return "\n".join(lines)
