"""The report of ``domsim optimize``: text for the terminal, a Markdown +
HTML folder with charts and CSV tables, and a JSON document.

It reads only what ``simulator.search.optimize`` measured (an ``OptimizeResult``);
it never plays a game.
"""
from __future__ import annotations

import math
import re
import os
import shutil
import tempfile
from pathlib import Path

import pandas as pd

from reports.balance import Doc, check_out_dir
from reports.export import frame_records
from reports.text import Table

MARKER = ".domsim-report"


def check_report_dir(path, *outputs) -> Path:
    """``--report``'s folder can take the report (see ``check_out_dir``), and
    a new folder can really be made beside it: permission bits do not say so
    for root, a read-only mount or /proc.  Tried with a temporary folder that
    is removed at once."""
    out = check_out_dir(path, *outputs, flag="--report")
    parent = Path(os.path.realpath(out)).parent
    try:
        shutil.rmtree(tempfile.mkdtemp(dir=parent, prefix=f".{out.name}.", suffix=".tmp"))
    except OSError as e:
        raise ValueError(f"cannot write --report {out}: {parent} takes no new folder "
                         f"({e.strerror or e}); give a folder elsewhere") from None
    return out


def _pct(x) -> str:
    return "—" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.3f}"


def tables(result) -> dict[str, pd.DataFrame]:
    """The report's tables by name (the CSV files and the JSON document)."""
    history = pd.DataFrame(result.history)
    if len(history):
        history = history.drop(columns=["field"])
    out = {
        "field": pd.DataFrame(result.field),
        "final": pd.DataFrame(result.final),
        "history": history,
        "shipped": pd.DataFrame(result.shipped),
        "rules": pd.DataFrame(result.rules),
    }
    if getattr(result, "validation", None):          # domsim optimize --validate N
        out["validation"] = pd.DataFrame(result.validation)
    return out


def summary_lines(result) -> list[str]:
    from simulator.search.optimize import is_random
    from simulator.output.termtable import counted
    o = result.options
    drawn = f", drawn from seed {o['seed']}" if is_random(result.kingdom) else ""
    return [
        f"kingdom: {result.kingdom} ({', '.join(result.cards)}{drawn})",
        f"search: {counted(result.evaluations, 'candidate')} in "
        f"{counted(result.rounds, 'round')}, {counted(result.games, 'game')} "
        f"({result.search_games:,} in the rounds), {counted(o['players'], 'player')} a game, "
        f"{result.seconds / 60:.1f} min wall, {result.cpu_seconds / 60:.1f} min CPU, "
        f"{counted(result.cores, 'core')}, sampler {o['sampler']}, seed {o['seed']}",
        f"a naive search giving every candidate the winner's games would play "
        f"{result.naive_games:,} games ({result.naive_games / max(result.games, 1):.1f}x)",
        f"best shipped bot here: {result.best_shipped}",
        f"winner: {result.strategy['name']} ({result.template} template), score "
        f"{result.score:.3f} ({result.low:.3f}-{result.high:.3f}, 95% Wilson) against the "
        "field",
        score_note(result),
    ]


def kingdom_title(result) -> str:
    """The kingdom as given, or 'random kingdom of seed S' for a drawn one."""
    from simulator.search.optimize import is_random
    if is_random(result.kingdom):
        return f"random kingdom of seed {result.options['seed']}"
    return result.kingdom


def score_note(result) -> str:
    from simulator.search.optimize import score_meaning
    return score_meaning(result.options["players"])


def warning_lines(result) -> list[str]:
    """``warning: ...`` lines (the winner weaker than a bot of its field), or none."""
    return [f"warning: {w}" for w in getattr(result, "warnings", None) or []]


def text(result) -> str:
    lines = summary_lines(result)
    if warning_lines(result):
        lines += ["", *warning_lines(result)]
    lines += ["", "final field (the winner's score against each):"]
    w = max(len(f["opponent"]) for f in result.field) if result.field else 8
    for f in result.field:
        lines.append(f"  {f['opponent']:<{w}}  {f['kind']:<8}  {f['score']:.3f} "
                     f"({f['low']:.3f}-{f['high']:.3f})  {f['games']:,} games")
    lines += ["", "winning strategy:", result.toml.rstrip()]
    return "\n".join(lines)


def json_document(result) -> dict:
    from simulator.search.optimize import even_score
    meta = {k: v for k, v in result.__dict__.items()
            if k in ("kingdom", "cards", "options", "template", "params", "score", "low",
                     "high", "best_shipped", "games", "search_games", "naive_games",
                     "evaluations", "rounds", "seconds", "cpu_seconds", "cores",
                     "strategy", "runners_up", "warnings")}
    meta["even_score"] = even_score(result.options["players"])
    meta["score_meaning"] = score_note(result)
    return {"meta": meta, "tables": {k: frame_records(v) for k, v in tables(result).items()}}


# ============================================================ charts

def history_chart(result):
    from reports.charts import _fig, _titles, styled

    @styled
    def draw():
        h = pd.DataFrame(result.history)
        fig, ax = _fig(8, 4.2)
        ax.errorbar(h["round"], h["score"], yerr=[h["score"] - h["low"], h["high"] - h["score"]],
                    fmt="o", ms=3, lw=0.8, capsize=0, label="round winner, whole field")
        ax.plot(h["round"], h["fixed"], ".", ms=3, color="#c44e52",
                label="round winner, BMU + shipped bots")
        ax.plot(h["round"], h["fixed"].cummax(), "-", lw=1, color="#c44e52")
        even = 1 / result.options["players"]
        ax.axhline(even, color="grey", lw=0.8)
        ax.set_xlabel("round")
        ax.set_ylabel("score (wins + ties/2) / games")
        ax.legend(loc="lower right")
        _titles(fig, f"Best fitness per round: {kingdom_title(result)}",
                "Error bars: 95% Wilson CI over the round's field; the line is the best so "
                f"far against the fixed field; grey: even ({even:.3f})")
        return fig
    return draw()


def field_chart(result):
    from reports.charts import _err, _fig, _titles, styled

    @styled
    def draw():
        f = pd.DataFrame(result.field)
        fig, ax = _fig(8, 0.5 + 0.45 * max(len(f), 1))
        y = range(len(f))
        ax.barh(list(y), f["score"], color="#4c72b0")
        ax.errorbar(f["score"], list(y), xerr=_err(f["score"], f["low"], f["high"]),
                    fmt="none", ecolor="black", lw=1)
        ax.axvline(1 / result.options["players"], color="grey", lw=0.8)
        ax.set_yticks(list(y), f["opponent"])
        ax.invert_yaxis()
        ax.set_xlim(0, 1)
        ax.set_xlabel("the winner's score against it")
        _titles(fig, f"{result.strategy['name']} against the final field",
                f"{int(f['games'].iloc[0]) if len(f) else 0:,} games each, 95% Wilson CI; "
                f"grey: even ({1 / result.options['players']:.3f})")
        return fig
    return draw()


# ============================================================ the folder

def write(out_dir, result) -> Path:
    """Write the report into ``out_dir`` (replaced as a whole, atomically)."""
    from reports.charts import save
    from simulator.output.files import temp_folder, write_atomic
    out = check_out_dir(out_dir, flag="--report")
    real = Path(os.path.realpath(out))
    tmp = temp_folder(real)                     # the umask's mode, not mkdtemp's 0700
    try:
        for name, df in tables(result).items():
            write_atomic(tmp / f"{name}.csv", df.to_csv(index=False))
        write_atomic(tmp / "winner.toml", result.toml)
        save(history_chart(result), tmp, "history")
        save(field_chart(result), tmp, "field")
        doc = _document(result)
        write_atomic(tmp / "README.md", doc.markdown())
        write_atomic(tmp / "index.html", doc.html(f"domsim optimize: {kingdom_title(result)}"))
        (tmp / MARKER).write_text("This folder was written by domsim optimize, which "
                                  "replaces it as a whole.\n", encoding="utf-8")
        if real.exists():
            shutil.rmtree(real)
        os.replace(tmp, real)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return out


def _document(result) -> Doc:
    doc = Doc()
    doc.h(1, f"Strongest strategy found: {kingdom_title(result)}")
    doc.ul(summary_lines(result))
    if getattr(result, "warnings", None):
        doc.p("**Warning: the winner is weaker than a bot of its own field.**")
        doc.ul(result.warnings)
    doc.h(2, "Best fitness per round")
    doc.img("history", "best fitness per round")
    doc.table(Table(["round", "template", "score [95% CI]", "vs BMU + shipped", "games so far"],
                    [[str(h["round"]), h["template"],
                      f"{h['score']:.3f} [{h['low']:.3f}, {h['high']:.3f}]",
                      _pct(h["fixed"]), f"{h['games']:,}"] for h in result.history],
                    align="rlrrr"), "history.csv")
    doc.h(2, "Final field")
    doc.img("field", "the winner against the final field")
    doc.table(Table(["opponent", "kind", "games", "score [95% CI]"],
                    [[f["opponent"], f["kind"], f"{f['games']:,}",
                      f"{f['score']:.3f} [{f['low']:.3f}, {f['high']:.3f}]"]
                     for f in result.field], align="llrr"), "field.csv")
    if getattr(result, "validation", None):
        doc.h(2, "Validation")
        doc.p("The winner against Big Money Ultimate and every shipped bot that can play "
              "here, on seeds the search never used (`--validate`).")
        doc.table(Table(["opponent", "strategy", "games", "score [95% CI]"],
                        [[v["opponent"], v["stem"], f"{v['games']:,}",
                          f"{v['score']:.3f} [{v['low']:.3f}, {v['high']:.3f}]"]
                         for v in result.validation], align="llrr"), "validation.csv")
    doc.h(2, "Playoff")
    doc.p("The best round winners (by their score against BMU and the shipped bots) "
          "played the final field; the best mean score won.")
    doc.table(Table(["candidate", "template", "round", "score [95% CI]"],
                    [[r["candidate"], r["template"], str(r["round"]),
                      f"{r['score']:.3f} [{r['low']:.3f}, {r['high']:.3f}]"]
                     for r in result.final], align="llrr"), "final.csv")
    doc.h(2, "The winning strategy")
    doc.code(result.toml.rstrip(), "toml")
    doc.h(2, "Which rules fired")
    doc.p("Fires per game of the winner against Big Money Ultimate; default rules "
          "that never fired are left out.")
    doc.table(Table(["list", "rule", "per game"],
                    [[f"{r['list']}[{r['rule']}]" + (" (default)" if r["default"] else ""),
                      r["text"], f"{r['per_game']:.3f}" if r["per_game"] else "never fired"]
                     for r in result.rules], align="llr"), "rules.csv")
    doc.h(2, "Runners-up")
    from simulator.search.optimize import to_toml
    for keys in result.runners_up[:3]:
        doc.code(to_toml(keys).rstrip(), "toml")
    doc.h(2, "Shipped bots playable here")
    doc.table(Table(["strategy", "vs BMU", "round robin of the best four"],
                    [[s["strategy"], _pct(s["vs_bmu"]), _pct(s["round_robin"])]
                     for s in result.shipped], align="lrr"), "shipped.csv")
    return doc


# ============================================================ shipped winners

_VS = re.compile(r"^#\s+vs (?P<name>.+?) \((?P<stem>[\w.-]+)(?P<best>, the best shipped bot "
                 r"here)?\): (?P<score>[0-9.]+) \((?P<low>[0-9.]+)-(?P<high>[0-9.]+)\)")
_SEARCH = re.compile(r"^# Search: (?P<cands>[\d,]+) candidates? in (?P<rounds>[\d,]+) rounds?, "
                     r"(?P<games>[\d,]+) games?, (?P<wall>[0-9.]+) min wall, "
                     r"(?P<cpu>[0-9.]+) min CPU")
_TEMPLATE = re.compile(r"^# Template: (?P<template>\w+)")


def read_header(path) -> dict:
    """What a shipped opt-<kingdom>.toml says about itself in its header
    comment: the search (games, minutes) and its validation matches."""
    out: dict = {"validation": []}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        if m := _VS.match(line):
            out["validation"].append(dict(opponent=m["name"], stem=m["stem"],
                                          best=bool(m["best"]), score=float(m["score"]),
                                          low=float(m["low"]), high=float(m["high"])))
        elif m := _SEARCH.match(line):
            out.update(games=int(m["games"].replace(",", "")), minutes=float(m["wall"]),
                       cpu_minutes=float(m["cpu"]))
        elif m := _TEMPLATE.match(line):
            out["template"] = m["template"]
    return out


def shipped_table(kingdoms=None, sets=None) -> pd.DataFrame:
    """One row per recommended kingdom with a shipped opt-<kingdom> strategy:
    its validated scores against BMU and the best shipped bot (from the
    file's header; nothing is played).  ``sets``: only the kingdoms whose
    cards are all of those sets (the balance report's ``--sets``)."""
    from simulator.engine.kingdom import RECOMMENDED
    from simulator.runs.experiments import card_set
    from simulator.search.optimize import shipped_optimized
    rows = []
    for kingdom in kingdoms or RECOMMENDED:
        if sets is not None and not {card_set(c) for c in RECOMMENDED[kingdom]} <= set(sets):
            continue
        s = shipped_optimized(kingdom)
        if s is None:
            continue
        h = read_header(s.source)
        base = next((v for v in h["validation"] if v["stem"] == "big-money-ultimate"), None)
        best = next((v for v in h["validation"] if v["best"]), None)
        rows.append(dict(kingdom=kingdom, strategy=s.name, stem=s.stem,
                         template=h.get("template"),
                         vs_bmu=base and base["score"], vs_bmu_low=base and base["low"],
                         vs_bmu_high=base and base["high"],
                         best_shipped=best and best["opponent"],
                         vs_best=best and best["score"], vs_best_low=best and best["low"],
                         vs_best_high=best and best["high"],
                         search_games=h.get("games"), search_minutes=h.get("minutes")))
    return pd.DataFrame(rows)


def _ci(x, lo, hi) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "—"
    return f"{x:.3f} [{lo:.3f}, {hi:.3f}]"


def shipped_section(doc: Doc, folder: Path | None = None, heading: str = "6. ",
                    sets=None) -> None:
    """The balance report's section "strongest strategy found per recommended
    kingdom", from the shipped opt-*.toml files (and their CSV if ``folder``);
    ``sets``: only the kingdoms of those sets (``--sets``)."""
    df = shipped_table(sets=sets)
    if not len(df):
        return
    doc.h(2, f"{heading}Strongest strategy found per recommended kingdom")
    doc.p("Each `opt-<kingdom>` strategy was found by `domsim optimize` and checked in "
          "separate paired matches (seats alternating, another seed) against Big Money "
          "Ultimate and the strongest shipped bot playable in the kingdom; the numbers "
          "are the score (wins + ties/2) / games with 95% CIs, as written in each file's "
          "header.")
    doc.table(Table(["kingdom", "strategy", "template", "vs BMU [95% CI]", "best shipped bot",
                     "vs it [95% CI]", "search games", "minutes"],
                    [[r.kingdom, f"`{r.stem}`", r.template or "—",
                      _ci(r.vs_bmu, r.vs_bmu_low, r.vs_bmu_high), r.best_shipped or "—",
                      _ci(r.vs_best, r.vs_best_low, r.vs_best_high),
                      f"{int(r.search_games):,}" if r.search_games == r.search_games
                      and r.search_games is not None else "—",
                      f"{r.search_minutes:.1f}" if r.search_minutes == r.search_minutes
                      and r.search_minutes is not None else "—"]
                     for r in df.itertuples(index=False)], align="lllrlrrr"),
              "optimized.csv" if folder is not None else None)
    if folder is not None:
        from simulator.output.files import write_atomic
        write_atomic(Path(folder) / "optimized.csv", df.to_csv(index=False))
