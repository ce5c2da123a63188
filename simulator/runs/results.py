"""What a simulation run hands back: the per-game records plus how they were made.

Aggregates (``summary``, ``by_seat``, ``ended_by``, JSON, the text table)
come from one chunked ``bincount`` pass over the raw records, so a run of
10^7 games summarises in well under a second without building the long
per-seat DataFrame; ``frame`` is built only when asked for.  The numbers
are numpy columns, wrapped in DataFrames only by the methods that return
one, so the terminal table and JSON never import pandas (half a second).
"""
from __future__ import annotations

import math
from collections import Counter, namedtuple
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

from simulator.output.files import atomic_open, write_atomic  # noqa: F401  (re-exported)
from simulator.runs.records import ENDED_NAMES, LOSS, TIE, WIN, record_dtype
from simulator.runs.stats import score_wilson, wilson
from simulator.output.termtable import counted

if TYPE_CHECKING:
    import pandas as pd

OUTCOME_NAMES = ("win", "tie", "loss")          # category order in ``frame``
_OUTCOME_TO_CAT = np.zeros(3, dtype=np.int8)
_OUTCOME_TO_CAT[[WIN, TIE, LOSS]] = [0, 1, 2]

_CHUNK = 1 << 20                                 # games per aggregation step

SUMMARY_COLUMNS = ("strategy", "games", "copies", "seat_games", "wins", "ties", "losses",
                   "win_rate", "win_rate_low", "win_rate_high",
                   "game_win_rate", "game_win_rate_low", "game_win_rate_high",
                   "tie_rate", "score", "score_low", "score_high", "avg_vp",
                   "avg_turns", "ended_provinces", "ended_piles", "ended_turn_cap")


def unique_names(names) -> list[str]:
    """Number repeated names "X (1)", "X (2)" so every entry can be told apart."""
    names = [str(n) for n in names]
    counts = Counter(names)
    seen: Counter[str] = Counter()
    out = []
    for n in names:
        if counts[n] > 1:
            seen[n] += 1
            out.append(f"{n} ({seen[n]})")
        else:
            out.append(n)
    return out


@dataclass(frozen=True)
class Tally:
    """Everything the tables need, summed over games: a run that keeps no
    per-game records keeps only this, so its memory does not grow.

    Every field is an integer count or sum, so adding tallies of parts of a
    run gives the same bits in any order (how distributed runs merge).
    """
    outcome: np.ndarray      # int64 [entries, seats, 3]  indexed by LOSS/WIN/TIE
    ended: np.ndarray        # int64 [entries, 3]         seat-instances by ENDED_*
    vp: np.ndarray           # int64 [entries]            sum over seat-instances
    turns: np.ndarray        # int64 [entries]
    ended_games: np.ndarray  # int64 [3]                  games by ENDED_*
    lengths: np.ndarray | None = None   # int64 [rounds + 1]: games by length (None: unknown)

    @classmethod
    def empty(cls, n_entries: int, seats: int) -> Tally:
        return cls(np.zeros((n_entries, seats, 3), np.int64), np.zeros((n_entries, 3), np.int64),
                   np.zeros(n_entries, np.int64), np.zeros(n_entries, np.int64),
                   np.zeros(3, np.int64), np.zeros(0, np.int64))

    @classmethod
    def of(cls, records: np.ndarray, n_entries: int, seats: int) -> Tally:
        total = cls.empty(n_entries, seats)
        for start in range(0, records.shape[0], _CHUNK):
            r = records[start:start + _CHUNK]
            total = total + cls.of_columns(r["entry"], r["outcome"], r["ended_by"], r["vp"],
                                           r["turns"], n_entries, seats)
        return total

    @classmethod
    def of_columns(cls, entry, outcome, ended_by, vp, turns, n_entries: int,
                   seats: int) -> Tally:
        """The tally of games given as the records' columns ([game, seat],
        ended_by [game]): the runner's own arrays, with no records built."""
        seat = np.arange(seats, dtype=np.intp)
        e = entry.astype(np.intp)
        o = outcome.astype(np.intp)
        eb = ended_by.astype(np.intp)
        _check_range("entry", e, n_entries)
        _check_range("outcome", o, 3)
        _check_range("ended_by", eb, 3)
        flat = e.ravel()
        return cls(
            np.bincount(((e * seats + seat) * 3 + o).ravel(),
                        minlength=n_entries * seats * 3).reshape(n_entries, seats, 3),
            np.bincount((e * 3 + eb[:, None]).ravel(),
                        minlength=n_entries * 3).reshape(n_entries, 3),
            _int_sums(flat, vp.ravel(), n_entries),
            _int_sums(flat, turns.ravel(), n_entries),
            np.bincount(eb, minlength=3),
            np.bincount(turns.max(axis=1).astype(np.intp)))

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.outcome + other.outcome, self.ended + other.ended,
                     self.vp + other.vp, self.turns + other.turns,
                     self.ended_games + other.ended_games,
                     _add_counts(self.lengths, other.lengths))


def _int_sums(index: np.ndarray, values: np.ndarray, n: int) -> np.ndarray:
    """Per-index sums of small integers, exactly (bincount sums in float64,
    exact far beyond any chunk's total)."""
    return np.rint(np.bincount(index, weights=values, minlength=n)).astype(np.int64)


def _add_counts(a: np.ndarray | None, b: np.ndarray | None) -> np.ndarray | None:
    """Add two histograms of different lengths; None (unknown) wins."""
    if a is None or b is None:
        return None
    out = np.zeros(max(a.size, b.size), np.int64)
    out[:a.size] += a
    out[:b.size] += b
    return out


def new_records(games: int, players: int) -> np.ndarray:
    """Room for ``games`` records, or a ValueError that says how to run
    without them (numpy's own error is a traceback about array sizes)."""
    dtype = record_dtype(players)
    try:
        return np.empty(games, dtype=dtype)
    except (MemoryError, ValueError):
        need = games * dtype.itemsize
        raise ValueError(f"keeping the records of {games:,} games needs "
                         f"{need / 2**30:,.1f} GiB of memory; play them with "
                         "keep_records=False (aggregates only, flat memory)") from None


class Results:
    """Records of one run (``records.record_dtype(players)``) and its metadata.

    ``entries`` are display names, one per strategy entry the user passed;
    ``records["entry"]`` indexes into them.  Duplicate names are numbered.
    """

    def __init__(self, records: np.ndarray | None, entries: list[str], seed: int,
                 players: int, kingdom: list[str], turn_cap: int,
                 seconds: float, *, tally: Tally | None = None,
                 per_turn: np.ndarray | None = None, notes: list[str] | None = None,
                 rule_hits: tuple | None = None, seating: str = ""):
        self.entries = unique_names(entries)
        self.players = int(players)
        if records is None:
            if tally is None:
                raise ValueError("Results needs per-game records or a Tally")
        else:
            records = np.asarray(records)
            expected = record_dtype(players)
            if records.dtype != expected:
                raise ValueError(f"records have dtype {records.dtype}, expected "
                                 f"record_dtype({players}) = {expected}")
            if records.ndim != 1:
                raise ValueError("records must be a 1-d array, one record per game")
            tally = None        # computed from the records when first needed
        self.records = records
        self._given_tally = tally
        self.per_turn = per_turn      # int64 [entries, turns, (vp, coins, count)]
        self.notes = list(notes or [])  # e.g. strategies whose optional cards are absent
        self.rule_hits = rule_hits    # (RuleSource per rule row, fires per rule row,
                                      #  {(entry, list, number): never-fire note})
        self.seed = int(seed)
        self.kingdom = [str(k) for k in kingdom]
        self.turn_cap = int(turn_cap)
        self.seconds = float(seconds)
        self.seating = str(seating)   # how seats were assigned (simulator.runs.seating)
        self.definitions: list[dict] = []   # provenance.definition() per entry

    def __repr__(self) -> str:
        return (f"Results({self.games:,} games, {self.players} players, "
                f"entries={self.entries!r}, seed={self.seed})")

    def __len__(self) -> int:
        return self.games

    # ---- basic facts
    @property
    def games(self) -> int:
        if self.records is None:
            return int(self._tally.ended_games.sum())
        return int(self.records.shape[0])

    @property
    def games_per_second(self) -> float:
        """NaN when the run time was not measured (seconds <= 0)."""
        return self.games / self.seconds if self.seconds > 0 else math.nan

    def length_counts(self) -> np.ndarray | None:
        """Games by length in rounds (the most turns any player took):
        ``counts[n]`` games lasted n rounds.  None if the run kept neither
        records nor the histogram (records saved by an older domsim)."""
        lengths = self._tally.lengths
        return None if lengths is None else lengths.copy()

    @property
    def ended_by(self) -> dict[str, int]:
        """Games per end condition: provinces / piles / turn_cap."""
        return {name: int(c) for name, c in zip(ENDED_NAMES, self._tally.ended_games)}

    # ---- aggregation
    @cached_property
    def _tally(self) -> Tally:
        if self._given_tally is not None:
            return self._given_tally
        return Tally.of(self.records, len(self.entries), self.players)

    def turn_stats(self) -> pd.DataFrame:
        """Average VP after, and coins to spend in, each strategy's n-th turn.

        One row per (strategy, turn); ``games`` counts the seat-instances
        that took that turn, so late turns average over long games only.
        """
        if self.per_turn is None:
            raise ValueError("this run collected no per-turn statistics")
        import pandas as pd
        acc = self.per_turn
        n_entries, turns = acc.shape[:2]
        count = acc[:, :, 2].ravel()
        with np.errstate(invalid="ignore", divide="ignore"):
            df = pd.DataFrame({
                "strategy": np.repeat(np.array(self.entries, dtype=object), turns),
                "turn": np.tile(np.arange(1, turns + 1), n_entries),
                "games": count,
                "avg_vp": acc[:, :, 0].ravel() / count,
                "avg_coins": acc[:, :, 1].ravel() / count,
            })
        return df[df["games"] > 0].reset_index(drop=True)

    def rule_stats(self) -> pd.DataFrame:
        """How often each compiled rule fired: one row per strategy, list and
        rule, with ``per_game`` = fires per game the strategy played (per
        seat-instance when it fills several seats).  Rules for cards absent
        from the kingdom are not compiled and not listed (the run's notes
        name them); ``default`` marks rules of a default list or of the
        Actions an explicit play list leaves to the default order; ``note``
        is the compiler's note when a rule can never fire."""
        if self.rule_hits is None:
            raise ValueError("this run counted no rule fires (only runs made by "
                             "simulate in this session do)")
        import pandas as pd
        seats = self._tally.outcome.sum(axis=(1, 2))         # seat-instances per entry
        sources, fires, warnings = self.rule_hits
        rows = [(self.entries[src.strategy], src.list, src.number, src.text,
                 bool(src.default), int(n),
                 warnings.get((src.strategy, src.list, src.number), ""))
                for src, n in zip(sources, fires)]
        df = pd.DataFrame(rows, columns=["strategy", "list", "rule", "text", "default",
                                         "fires", "note"])
        played = np.array([seats[src.strategy] for src in sources], dtype=np.float64)
        with np.errstate(invalid="ignore", divide="ignore"):
            df["per_game"] = df["fires"] / played if len(df) else []
        return df

    def explain(self) -> str:
        """rule_stats as text: per strategy and list, each rule's fires per
        game; rules that never fired are marked, unused default rules left out."""
        df = self.rule_stats()
        lines = []
        for name in self.entries:
            mine = df[df["strategy"] == name]
            lines += ["", f"{name}: rules fired per game"]
            rows = [(f"{r.list}[{r.rule}]" + (" (default)" if r.default else ""), r.text,
                     f"{r.per_game:.3f}" if r.fires else "never fired", r.note)
                    for r in mine.itertuples(index=False) if r.fires or not r.default]
            if not rows:
                lines.append("  (no rule fired)")
                continue
            w0, w1, w2 = (max(len(row[i]) for row in rows) for i in range(3))
            lines += [f"  {a:<{w0}}  {b:<{w1}}  {c:>{w2}}" + (f"  ({d})" if d else "")
                      for a, b, c, d in rows]
        return "\n".join(lines)

    def copies(self) -> np.ndarray:
        """Seats each entry fills per game, on average over the run
        (``--players 4`` with two strategies: 2 each)."""
        seat_games = self._tally.outcome.sum(axis=(1, 2))
        games = self.games
        return seat_games / games if games else np.zeros(len(seat_games))

    def summary(self) -> pd.DataFrame:
        """One row per strategy entry.

        ``games`` are the games played (every entry plays in every game);
        ``copies`` the seats the entry fills in each, ``seat_games`` =
        games x copies.  Wins, ties and losses count seats (per copy):
        ``win_rate`` = wins / seat_games is the rate of one copy,
        ``game_win_rate`` = wins / games the share of games some copy won
        (a sole winner is one seat, so copies never share a win).  With one
        copy the two are the same.  ``score`` counts a tie half, per copy,
        with Wilson's interval on its points (``score_low``/``score_high``).
        """
        import pandas as pd
        return pd.DataFrame(self._summary_columns(), columns=list(SUMMARY_COLUMNS))

    def _summary_columns(self) -> dict[str, np.ndarray | list]:
        """``summary()``'s columns, numpy arrays (the names a list, whose dtype
        pandas infers), so the table and JSON need no pandas."""
        t = self._tally
        per_entry = t.outcome.sum(axis=1)                    # [entries, 3]
        seat_games = per_entry.sum(axis=1)
        copies = self.copies()
        games = np.where(seat_games > 0, self.games, 0)      # every entry plays every game
        wins, ties, losses = per_entry[:, WIN], per_entry[:, TIE], per_entry[:, LOSS]
        low, high = wilson(wins, seat_games)
        glow, ghigh = wilson(wins, games)
        _, slow, shigh = score_wilson(wins, ties, seat_games)
        with np.errstate(invalid="ignore", divide="ignore"):
            g = seat_games.astype(np.float64)
            share = t.ended / g[:, None]
            return {
                "strategy": list(self.entries),
                "games": games, "copies": copies, "seat_games": seat_games,
                "wins": wins, "ties": ties, "losses": losses,
                "win_rate": wins / g,
                "win_rate_low": np.where(seat_games > 0, low, np.nan),
                "win_rate_high": np.where(seat_games > 0, high, np.nan),
                "game_win_rate": wins / games.astype(np.float64),
                "game_win_rate_low": np.where(games > 0, glow, np.nan),
                "game_win_rate_high": np.where(games > 0, ghigh, np.nan),
                "tie_rate": ties / g, "score": (wins + ties / 2) / g,
                "score_low": slow, "score_high": shigh,
                "avg_vp": t.vp / g, "avg_turns": t.turns / g,
                "ended_provinces": share[:, 0], "ended_piles": share[:, 1],
                "ended_turn_cap": share[:, 2],
            }

    def by_seat(self) -> pd.DataFrame:
        """Win rate per (entry, seat); seat 0 moved first.  Empty pairs omitted."""
        import pandas as pd
        # dropped after building, so even an empty result has the dtypes inferred
        # from the names (an empty object column would stay object)
        df = pd.DataFrame(self._seat_columns())
        return df[df["games"] > 0].reset_index(drop=True)

    def _by_seat_rows(self) -> list:
        """``by_seat()``'s rows, for the table and JSON without pandas."""
        return [r for r in _rows(self._seat_columns()) if r.games > 0]

    def _seat_columns(self) -> dict[str, np.ndarray]:
        """Numpy columns of ``by_seat``, every (entry, seat) pair, empty ones too."""
        t = self._tally
        n_entries, seats = t.outcome.shape[:2]
        games = t.outcome.sum(axis=2).ravel()
        wins = t.outcome[:, :, WIN].ravel()
        ties = t.outcome[:, :, TIE].ravel()
        low, high = wilson(wins, games)
        with np.errstate(invalid="ignore", divide="ignore"):
            return {
                "entry": np.repeat(np.arange(n_entries), seats),
                "strategy": np.repeat(np.array(self.entries, dtype=object), seats),
                "seat": np.tile(np.arange(seats), n_entries),
                "games": games, "wins": wins, "ties": ties,
                "win_rate": wins / games.astype(np.float64),
                "win_rate_low": low, "win_rate_high": high,
            }

    @cached_property
    def frame(self) -> pd.DataFrame:
        """Long form: one row per (game, seat)."""
        if self.records is None:
            raise ValueError("this run kept aggregates only (keep_records=False); "
                             "run it again keeping records for per-game data")
        import pandas as pd
        r, seats, n = self.records, self.players, self.games
        return pd.DataFrame({
            "game": np.repeat(np.arange(n, dtype=np.int64), seats),
            "seat": np.tile(np.arange(seats, dtype=np.int8), n),
            "entry": r["entry"].ravel(),
            "strategy": pd.Categorical.from_codes(r["entry"].ravel(),
                                                  categories=self.entries),
            "vp": r["vp"].ravel(),
            "turns": r["turns"].ravel(),
            "outcome": pd.Categorical.from_codes(_OUTCOME_TO_CAT[r["outcome"].ravel()],
                                                 categories=OUTCOME_NAMES),
            "cards": r["cards"].ravel(),
            "curses": r["curses"].ravel(),
            "provinces": r["provinces"].ravel(),
            "ended_by": pd.Categorical.from_codes(np.repeat(r["ended_by"], seats),
                                                  categories=ENDED_NAMES),
        })

    # ---- output
    def to_json_dict(self) -> dict:
        """What ``compare --json`` prints: per strategy its games, copies,
        rates per copy and per game, and by seat; the run's facts, the
        domsim version and every strategy's full definition and hash."""
        from simulator.runs.provenance import domsim_version
        seat = self._by_seat_rows()
        strategies = []
        for i, row in enumerate(_rows(self._summary_columns())):
            strategies.append({
                "name": row.strategy,
                "games": int(row.games), "copies": int(row.copies),
                "seat_games": int(row.seat_games), "wins": int(row.wins),
                "ties": int(row.ties), "losses": int(row.losses),
                "win_rate": _num(row.win_rate),
                "win_rate_ci": [_num(row.win_rate_low), _num(row.win_rate_high)],
                "game_win_rate": _num(row.game_win_rate),
                "game_win_rate_ci": [_num(row.game_win_rate_low),
                                     _num(row.game_win_rate_high)],
                "tie_rate": _num(row.tie_rate), "score": _num(row.score),
                "score_ci": [_num(row.score_low), _num(row.score_high)],
                "avg_vp": _num(row.avg_vp), "avg_turns": _num(row.avg_turns),
                "by_seat": [{
                    "seat": int(b.seat), "games": int(b.games),
                    "wins": int(b.wins), "ties": int(b.ties),
                    "win_rate": _num(b.win_rate),
                    "win_rate_ci": [_num(b.win_rate_low), _num(b.win_rate_high)],
                } for b in seat if b.entry == i],
            })
        return {
            "domsim_version": domsim_version(),
            "games": self.games, "seed": self.seed, "players": self.players,
            "seating": self.seating,
            "kingdom": list(self.kingdom), "turn_cap": self.turn_cap,
            "notes": list(self.notes),
            "ended_by": self.ended_by,
            "games_per_second": _num(self.games_per_second),
            "strategies": strategies,
            "definitions": list(self.definitions),
        }

    def csv_frame(self) -> pd.DataFrame:
        """``summary()`` with each strategy's definition hash and full
        definition (JSON) and the domsim version, so a posted CSV can be rerun."""
        from simulator.runs.provenance import domsim_version
        import json
        df = self.summary()
        defs = list(self.definitions) or [{} for _ in range(len(df))]
        df["definition_hash"] = [d.get("hash", "") for d in defs]
        df["definition"] = [json.dumps(d.get("rules", {}), sort_keys=True) for d in defs]
        df["domsim_version"] = domsim_version()
        return df

    def to_csv(self, path) -> None:
        """Write ``csv_frame()``; atomically, so a failure leaves no partial file."""
        write_atomic(path, self.csv_frame().to_csv(index=False))

    def table(self, width: int | None = None) -> str:
        """Text for the terminal, fitted to ``width`` columns (None: every
        column at full width)."""
        from simulator.output.termtable import render, wrap
        s = self._summary_columns()
        lines = wrap(f"{self.games:,} {_games(self.games)}, {self.players} players, "
                     f"seed {self.seed}, turn cap {self.turn_cap}", width)
        if self.seating and self.players > 2:
            lines += wrap("seats: " + self.seating, width)
        if self.kingdom:
            lines += wrap("kingdom: " + ", ".join(self.kingdom), width)
        for n in self.notes:
            lines += wrap(f"note: {n}", width)
        lines.append("")
        multi = bool((s["copies"] > 1).any())
        # (header, cell, drop rank: lower is dropped first to fit; None: always shown).
        # Ties go last: with the wins they make the score, and no other column
        # shows them (losses and wins follow from games, ties and the win rate).
        cols = [("strategy", lambda r: r.strategy, None),
                ("games", lambda r: f"{r.games:,}", None)]
        if multi:
            cols.append(("copies", lambda r: f"{r.copies:g}", None))
        cols += [("wins", lambda r: f"{r.wins:,}", 6), ("ties", lambda r: f"{r.ties:,}", 8),
                 ("losses", lambda r: f"{r.losses:,}", 5)]
        if multi:
            cols += [("win/game [95% CI]", lambda r: _rate_ci(
                         r.game_win_rate, r.game_win_rate_low, r.game_win_rate_high), None),
                     ("win/copy [95% CI]", lambda r: _rate_ci(
                         r.win_rate, r.win_rate_low, r.win_rate_high), None)]
        else:
            cols.append(("win rate [95% CI]", lambda r: _rate_ci(
                r.win_rate, r.win_rate_low, r.win_rate_high), None))
        cols += [("avg VP", lambda r: _fmt(r.avg_vp, "{:.2f}"), 7),
                 ("avg turns", lambda r: _fmt(r.avg_turns, "{:.2f}"), 4),
                 ("provinces", lambda r: _pct(r.ended_provinces), 3),
                 ("piles", lambda r: _pct(r.ended_piles), 2),
                 ("turn cap", lambda r: _pct(r.ended_turn_cap), 1)]
        head = [c[0] for c in cols]
        rows = [[c[1](r) for c in cols] for r in _rows(s)]
        order = sorted((c[2], i) for i, c in enumerate(cols) if c[2] is not None)
        order = [i for _, i in order]
        notes = ["provinces / piles / turn cap: share of the strategy's games that ended "
                 "that way.",
                 "A tie counts as a tie for every tied player, never as a win."]
        if multi:
            notes.insert(0, "copies: seats the strategy fills in each game; wins, ties "
                            "and losses count seats. win/game = wins / games, the share "
                            "of games one of its copies won; win/copy = wins / (games x "
                            "copies), one seat's chance.")
        lines.append(render(head, rows, width=width, optional=order, notes=notes))

        b = self._by_seat_rows()
        if b:
            lines.append("")
            head = ["strategy", "seat", "games", "wins", "ties", "win rate [95% CI]"]
            rows = [[r.strategy, _ordinal(r.seat + 1), f"{r.games:,}", f"{r.wins:,}",
                     f"{r.ties:,}", _rate_ci(r.win_rate, r.win_rate_low, r.win_rate_high)]
                    for r in b]
            lines.append("by seat (1st = moved first):")
            lines.append(render(head, rows, width=width, optional=[3, 2]))   # keep ties

        lines.append("")
        capped = self.ended_by["turn_cap"]
        share = capped / self.games if self.games else 0.0
        if capped:
            lines += wrap(f"{capped:,} {_games(capped)} ({share:.2%}) hit the turn cap of "
                          f"{counted(self.turn_cap, 'turn')}; they are counted as played, "
                          "scored on each player's VP at the moment the cap was hit.", width)
        else:
            lines.append(f"0 games hit the turn cap of {counted(self.turn_cap, 'turn')}.")
        if self.seconds > 0:
            lines.append(f"{self.games:,} {_games(self.games)} in {self.seconds:.2f} s "
                         f"({self.games_per_second:,.0f} games/s)")
        return "\n".join(lines)


# ---- helpers
def _rows(columns: dict[str, np.ndarray | list]) -> list:
    """Columns as row tuples with named fields and plain Python values, as
    ``DataFrame.itertuples`` gives them (so the text and JSON match pandas')."""
    Row = namedtuple("Row", columns)
    return [Row(*values) for values in zip(*(np.asarray(c).tolist()
                                             for c in columns.values()))]


def _check_range(field: str, a: np.ndarray, bound: int) -> None:
    if a.size and (a.min() < 0 or a.max() >= bound):
        raise ValueError(f"records field {field!r} holds values outside 0..{bound - 1}")


def _num(x) -> float | None:
    """Plain float for JSON; NaN/inf (undefined) become None."""
    x = float(x)
    return x if math.isfinite(x) else None


def _fmt(x, spec: str) -> str:
    return spec.format(x) if math.isfinite(x) else "-"


def _pct(x) -> str:
    return f"{x:.1%}" if math.isfinite(x) else "-"


def _rate_ci(rate, low, high) -> str:
    if not math.isfinite(rate):
        return "-"
    return f"{rate:.2%} [{low * 100:.2f}, {high * 100:.2f}]"


def _games(n: int) -> str:
    return "game" if n == 1 else "games"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
