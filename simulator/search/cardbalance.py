"""``domsim report balance --optimized``: how strong each kingdom card is
when it is played well, not just bought once by Big Money.

For every card ranked (by default the base set's 26)::

    search   ``simulator.search.optimize`` in the card's kingdom (the card
             filled to 10 with filler, as ``compare`` does), restricted to
             that card (``Options.use``): no candidate names another kingdom
             card, and the field is Big Money Ultimate plus the shipped bots
             that need no other card (``bm-<card>``, ``big-money`` ...);
             ``evaluations`` candidates per card, the same seed replays
    choose   the search's winner and the best shipped bot of its field that
             buys this card and no other play ``final_games`` games each
             against the baseline on deals of their own, and the better is
             chosen (a short search that finds nothing better than a shipped
             bot does not rank the card below it); a score under 0.5 says
             that buying the card at all is a handicap on its own (ignoring
             it is the baseline: 0.5)
    score    the chosen strategy and the card's ``bm-<card>`` bot each play
             ``games`` games against the baseline, on the same seeded deals
             (common random numbers) that the search never used

With ``--pairs`` (``Options.pairs``) every pair of the cards follows, by
the same code (``run_set``: a set of two cards instead of one): a search
restricted to the pair (``pair_evaluations`` candidates), its choice
measured beside the two cards' own strategies (the step ``choose``), the
best scored with ``pair_games`` games on fresh deals, and beside it, on the
same deals, the better of its two cards' strategies; the pair's synergy is
the difference (``synergy_matrix``): 0 where the pair is best played as one
of its cards.
A run folder keeps each pair's search in ``DIR/pairs/<a>+<b>/``.

The baseline is Big Money Ultimate, the shipped money-only bot (it beats
``big-money`` by far: the search's field measures it every time) and the
opponent of the Big-Money-plus-one ranking of ``report balance``, so the
two rankings are on one scale.

Every match is a job of ``simulator.runs.experiments`` played by the
executor (this process, or Dask with ``--scheduler``/``--cluster``); with a
run folder each card keeps an optimize run folder of its own in
``DIR/cards/<card>/`` and a resumed run replays what was finished.
"""
from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from simulator.runs import experiments as X
from simulator.search import optimize as O

FORMAT = "domsim-balance-optimized"
STATE = "balance-optimized.json"
CARDS = "cards"
SCORE = "score"
CHOOSE = "choose"
# per-card budget defaults: 26 base cards at 2 players in about 30 minutes on
# 2 shared cores (docs/optimize.md, "Balance of cards played well")
EVALUATIONS = 64
GAMES = 100_000
# --pairs: per-pair budget defaults (325 base pairs within 2 hours on a local
# Dask cluster of 2 workers; docs/optimize.md, "Pairs: the synergy matrix")
PAIR_EVALUATIONS = 64
PAIR_GAMES = 100_000
PAIRS = "pairs"
TUNING = dict(round_size=O.ROUND_SIZE, rung_games=O.RUNG_GAMES, final_games=10_000,
              field_games=4000)


@dataclass(frozen=True)
class Options:
    cards: tuple[str, ...]              # the kingdom cards ranked, in card order
    players: int = 2
    seed: int = 0
    evaluations: int = EVALUATIONS      # candidates per card
    games: int = GAMES                  # score games per strategy and card
    sampler: str = "tpe"
    turn_cap: int = 100
    round_size: int = TUNING["round_size"]
    rung_games: int = TUNING["rung_games"]
    final_games: int = TUNING["final_games"]
    field_games: int = TUNING["field_games"]
    sets: tuple[str, ...] | None = None  # as given (None: the cards were named)
    pairs: bool = False                 # also every pair of the cards (--pairs)
    pair_evaluations: int = PAIR_EVALUATIONS   # candidates per pair
    pair_games: int = PAIR_GAMES        # score games per pair

    def to_dict(self) -> dict:
        d = dict(self.__dict__)
        d["cards"] = list(self.cards)
        d["sets"] = None if self.sets is None else list(self.sets)
        return d

    @classmethod
    def from_dict(cls, d: dict) -> Options:
        d = dict(d)
        d["cards"] = tuple(d["cards"])
        d["sets"] = None if d.get("sets") is None else tuple(d["sets"])
        return cls(**d)


def _in_range(flag: str, value, low: int, high: int, what: str = "") -> None:
    if not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{flag} must be between {low:,} and {high:,}{what}, not {value}")


def check_options(cards=None, sets=None, players=None, seed: int = 0,
                  evaluations=None, games=None, sampler: str = "tpe",
                  turn_cap: int = 100, pairs: bool = False, pair_evaluations=None,
                  pair_games=None, **tuning) -> Options:
    """The options, or a one-line ValueError for bad input (before playing)."""
    from simulator.engine import cards as C
    from simulator.engine.kingdom import parse_kingdom, parse_sets
    players = 2 if players is None else players
    if isinstance(players, str):
        if "," in players or not players.strip().isdigit():
            raise ValueError(f"--players {players}: --optimized plays one player count "
                             "(e.g. --players 2)")
        players = int(players)
    if not C.MIN_PLAYERS <= players <= C.MAX_PLAYERS:
        raise ValueError(f"--players {players}: Dominion is played by {C.MIN_PLAYERS} to "
                         f"{C.MAX_PLAYERS}")
    X.check_seed(seed)
    evaluations = EVALUATIONS if evaluations is None else evaluations
    games = GAMES if games is None else games
    _in_range("--evaluations-per-card", evaluations, 1, 100_000)
    _in_range("--games", games, 2, 10**9, " with --optimized (score games per card)")
    if not pairs and (pair_evaluations is not None or pair_games is not None):
        raise ValueError("--evaluations-per-pair and --pair-games go with --pairs")
    pair_evaluations = PAIR_EVALUATIONS if pair_evaluations is None else pair_evaluations
    pair_games = PAIR_GAMES if pair_games is None else pair_games
    _in_range("--evaluations-per-pair", pair_evaluations, 1, 100_000)
    _in_range("--pair-games", pair_games, 2, 10**9, " (score games per pair)")
    if sampler not in O.SAMPLERS:
        raise ValueError(f"--sampler {sampler!r}: use one of {', '.join(O.SAMPLERS)}")
    if turn_cap < 1:
        raise ValueError(f"--turn-cap must be at least 1, not {turn_cap}")
    unknown = set(tuning) - set(TUNING)
    if unknown:
        raise TypeError(f"unexpected options {sorted(unknown)}")
    tune = {**TUNING, **tuning}
    for name, value in tune.items():
        if value < 2:
            raise ValueError(f"{name.replace('_', ' ')} must be at least 2, not {value}")
    if cards is not None and sets is not None:
        raise ValueError("give either --cards or --sets with --optimized, not both")
    if cards is not None:
        ids = parse_kingdom(cards if isinstance(cards, str) else ", ".join(cards))
        if not ids:
            raise ValueError("--cards: give one or more kingdom card names with commas")
        chosen = None
    else:
        # the second edition's cards of the sets, no promos: the base set's 26
        from simulator.engine.kingdom import random_pool
        chosen = tuple(parse_sets(sets if sets is not None else "base"))
        ids = list(random_pool(None, chosen))
        if not ids:
            raise ValueError(f"--sets {sets}: no kingdom card")
    names = tuple(C.NAMES[c] for c in sorted(set(ids), key=list(C.KINGDOM_CARDS).index))
    if pairs and len(names) < 2:
        raise ValueError("--pairs needs two or more cards")
    return Options(cards=names, players=players, seed=seed, evaluations=evaluations,
                   games=games, sampler=sampler, turn_cap=turn_cap, sets=chosen,
                   pairs=bool(pairs), pair_evaluations=pair_evaluations,
                   pair_games=pair_games, **tune)


def card_slug(card: str) -> str:
    return O.kingdom_slug(card)


def set_slug(cards) -> str:
    """``smithy`` for one card, ``smithy+witch`` for a pair (a folder name)."""
    return "+".join(card_slug(c) for c in cards)


def pairs_of(cards) -> list[tuple[str, str]]:
    """Every pair of ``cards``, in their order (n*(n-1)/2)."""
    cards = list(cards)
    return [(a, b) for i, a in enumerate(cards) for b in cards[i + 1:]]


def set_options(opts: Options, cards: tuple[str, ...]) -> O.Options:
    """The optimize options of the search restricted to ``cards`` (one card,
    or a pair with --pairs): the set filled to 10 with filler, its own seed,
    the per-card or per-pair budget."""
    from simulator.engine import cards as C
    from simulator.engine.kingdom import complete_kingdom
    cards = tuple(cards)
    kingdom = tuple(C.NAMES[c] for c in complete_kingdom([C.card_id(c) for c in cards]))
    if len(cards) == 1:
        seed = X.derive_seed(opts.seed, "balance-optimized", cards[0])
        evaluations = opts.evaluations
    else:
        seed = X.derive_seed(opts.seed, "balance-optimized-set", *cards)
        evaluations = opts.pair_evaluations
    return O.Options(kingdom=", ".join(cards), cards=kingdom, use=cards,
                     players=opts.players, seed=seed,
                     evaluations=evaluations, sampler=opts.sampler,
                     turn_cap=opts.turn_cap, round_size=opts.round_size,
                     rung_games=opts.rung_games, final_games=opts.final_games,
                     field_games=opts.field_games)


def card_options(opts: Options, card: str) -> O.Options:
    """The optimize options of one card's search (its own seed)."""
    return set_options(opts, (card,))


def bm_bot(card: str):
    """The shipped Big-Money-plus-one bot of ``card`` (``bm-<card>``, or
    ``bm-<card>-only`` where ``bm-<card>`` takes a partner), or None."""
    from simulator.engine import cards as C
    from simulator.language.strategy import shipped_strategies
    want = {C.card_id(card)}
    bots = {s.stem: s for s in shipped_strategies()}
    for stem in (f"bm-{card_slug(card)}", f"bm-{card_slug(card)}-only"):
        s = bots.get(stem)
        if s is not None and s.cards() == want:
            return s
    return None


def card_playable(card: str) -> str | None:
    """Why the optimiser has nothing to try with ``card`` alone, or None."""
    return set_playable((card,))


def set_playable(cards) -> str | None:
    """Why the optimiser has nothing to try with only ``cards``, or None."""
    from simulator.search.optspace import Space
    if not Space(list(cards)).templates:
        return ("no template plays it alone (not an Action, not a Gardens)"
                if len(cards) == 1 else "no template plays these cards")
    return None


# ============================================================ state

def _save_state(root: Path, opts: Options) -> None:
    from simulator.output.files import write_atomic
    write_atomic(root / STATE, json.dumps({"format": FORMAT, "version": 1,
                                           "options": opts.to_dict()}, indent=1))


def is_run_folder(path) -> bool:
    return path is not None and (Path(path) / STATE).is_file()


def new_root(path, opts: Options) -> Path:
    from simulator.runs.rundir import check_new_folder
    path = Path(path)
    check_new_folder(path, STATE, "a balance --optimized run")
    path.mkdir(parents=True, exist_ok=True)
    _save_state(path, opts)
    return path


def open_state(path) -> Options:
    path = Path(path)
    try:
        doc = json.loads((path / STATE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"--resume {path}: not a report balance --optimized run folder "
                         f"(no {STATE})") from None
    except (OSError, json.JSONDecodeError) as e:
        raise ValueError(f"{path / STATE}: cannot read: {e}") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueError(f"{path / STATE}: not a report balance --optimized run folder")
    return Options.from_dict(doc["options"])


# ============================================================ the run

@dataclass
class CardResult:
    card: str
    row: dict                    # the ranking's row (scores, CIs, what was chosen)
    toml: str | None             # the chosen strategy's file
    search: object | None        # the OptimizeResult (None: skipped)
    keys: dict | None = None     # the chosen strategy's data
    beside: O.Score | None = None  # run_set's ``beside``, scored on the same deals
    diff: tuple | None = None    # score minus beside's, with its 95% CI (``_difference``)
    games: int = 0               # games of its choose and score steps


def _score_row(s: O.Score, prefix: str) -> dict:
    low, high = s.ci()
    return {f"{prefix}score": s.rate, f"{prefix}low": low, f"{prefix}high": high,
            f"{prefix}games": s.games}


def _search(opts: Options, cards: tuple[str, ...], executor, sub: Path | None):
    """The search restricted to ``cards``, kept in (and resumed from) ``sub``."""
    copts = set_options(opts, cards)
    resumed = None
    if sub is not None:
        if (sub / O.STATE).is_file():
            saved, resumed = O.open_state(sub)
            if saved != copts:
                what = "card's" if len(cards) == 1 else "pair's"
                raise ValueError(f"{sub}: this {what} search was started with other "
                                 "options; resume with the options the run was started "
                                 "with, or start a new run")
        else:
            if sub.exists():                # cut short while being created
                import shutil
                shutil.rmtree(sub)
            sub.parent.mkdir(parents=True, exist_ok=True)
            O.new_root(sub, copts)
    return copts, O.run_search(copts, executor, root=sub, resumed=resumed)


def run_set(opts: Options, cards: tuple[str, ...], executor, sub: Path | None,
            games: int, beside: dict | None = None,
            also: tuple[CardResult, ...] = ()) -> CardResult:
    """Search, choose and score the strategies that may buy only ``cards``
    (one card, or a pair): see the module's docstring.

    Choose: the search's winner, the shipped bot of its field that buys these
    cards and no other with the best score against the baseline there, and
    ``also`` (the chosen strategies of a pair's two cards) play
    ``final_games`` games each against the baseline on deals of their own,
    and the best of them is scored.  The search's own score of its winner is
    the best of many noisy ones (it was chosen by it), so comparing it with a
    shipped bot's score would favour the winner: Chapel's search winner beat
    bm-chapel there by chance and lost to it by 1.5 points on fresh deals.

    ``beside``: a strategy scored on the same deals (the card's bm-<card> bot,
    a pair's better card played well); the result's ``beside`` is its score,
    the very same one where it is the choice, and ``diff`` the difference."""
    from simulator.engine import cards as C
    from simulator.language.strategy import Strategy
    from simulator.runs.runner import resolve_strategies
    cards = tuple(cards)
    label = " + ".join(cards)
    base = resolve_strategies([X.BASE])[0]
    row = dict(card=label, set=X.card_set(cards[0]) if len(cards) == 1 else "")
    why = set_playable(cards)
    if why is not None:
        row.update(skipped=why)
        return CardResult(label, row, None, None)
    copts, result = _search(opts, cards, executor, sub)
    O.finish(result, name=f"{label}, played well", rule_games=2000)
    found = {f["opponent"]: f["score"] for f in result.field}.get(base.name, math.nan)
    # (a bot that buys none of the cards, big-money, says nothing of them: not one;
    # ignoring the cards is Big Money Ultimate itself, 50%)
    ids = {C.card_id(c) for c in cards}
    uses = [r for r in result.shipped if r["stem"] != X.BASE
            and ids & resolve_strategies([r["stem"]])[0].cards()]
    best = max(uses, key=lambda r: r["vs_bmu"], default=None)
    # (keys, source, how it is described in the chosen file's header)
    options = [(dict(result.strategy), "search", None)]
    if best is not None:
        s = resolve_strategies([best["stem"]])[0]
        options.append((dict(s.data), best["stem"],
                        f"The shipped bot {best['stem']} ({s.name})"))
    options += [(dict(c.keys), f"single {c.card}",
                 f"{c.card}'s strategy played well ({c.row.get('chosen')})")
                for c in also if c.keys is not None]
    arena = O.Arena(copts, executor, sub)
    chosen_keys, source, _ = options[0]
    chosen_text = result.toml
    if len(options) > 1:
        vs = arena.play(CHOOSE, [(k, dict(base.data), opts.final_games, CHOOSE)
                                 for k, _, _ in options])
        i = max(range(len(vs)), key=lambda i: vs[i].rate)       # ties: the search's
        if i:
            chosen_keys, source, who = options[i]
            chosen_text = O.to_toml(chosen_keys, header=[
                f"{who}: it scored {vs[i].rate:.3f} against {base.name} in "
                f"{vs[i].games:,} games, the winner of the search of {label} "
                f"{vs[0].rate:.3f}, so it is the strongest known way to play {label} "
                "alone.",
                "The search's winner, for comparison:",
                *[f"  {line}" for line in result.toml.splitlines()
                  if not line.startswith("#")]])
    same = beside == chosen_keys
    matches = [(chosen_keys, dict(base.data), games, SCORE)]
    if beside is not None and not same:
        matches.append((dict(beside), dict(base.data), games, SCORE))
    scores = arena.play(SCORE, matches)
    row.update(_score_row(scores[0], ""))
    # a search's winner may never buy the card (its rule pruned as never firing,
    # Artisan under Gold): then the card is worth no more than ignoring it
    bought = Strategy.from_rules(**chosen_keys).cards() & ids
    row.update(chosen=source,
               buys=bool(bought) if len(cards) == 1 else
               ", ".join(c for c in cards if C.card_id(c) in bought),
               template=(result.template if source == "search" else
                         "single" if source.startswith("single ") else "shipped"),
               search_vs_base=found, strategy=chosen_keys.get("name", ""),
               search_games=result.games, evaluations=result.evaluations,
               seconds=result.seconds)
    result.played_now = result.played + arena.played    # not replayed from the run folder
    return CardResult(label, row, chosen_text, result, chosen_keys,
                      beside=None if beside is None else scores[-1], games=arena.games,
                      diff=None if beside is None else _difference(scores[0], scores[-1], same))


def _difference(score: O.Score, beside: O.Score, same: bool) -> tuple[float, float, float]:
    """``score`` minus ``beside`` (played on the same deals) with a 95% CI.
    The shared deals make the two correlated, so the interval of two
    independent scores is wider than needed (conservative); it is 0 where
    they are the same strategy (the same games)."""
    d = score.rate - beside.rate
    se = 0.0 if same else math.sqrt(sum(s.rate * (1 - s.rate) / s.games
                                        for s in (score, beside)))
    return d, d - 1.96 * se, d + 1.96 * se


def run_card(opts: Options, card: str, executor, root: Path | None,
             notice: Callable[[str], None]) -> CardResult:
    """Search, choose and score one card (see the module's docstring); its
    bm-<card> bot is scored on the same deals."""
    sub = None if root is None else root / CARDS / card_slug(card)
    bm = bm_bot(card)
    r = run_set(opts, (card,), executor, sub, opts.games,
                beside=None if bm is None else dict(bm.data))
    r.row["bm_bot"] = bm.stem if bm else ""
    if r.beside is not None:
        r.row.update(_score_row(r.beside, "bm_"))
        r.row.update(zip(("gain", "gain_low", "gain_high"), r.diff))
    return r


@dataclass
class PairResult:
    cards: tuple[str, str]
    row: dict                    # the pair's row (its score, the singles', the synergy)
    toml: str | None             # the found strategy's file
    search: object | None        # the OptimizeResult (None: skipped)
    games: int = 0               # games of its choose and score steps


def run_pair(opts: Options, pair: tuple[str, str], singles: dict, executor,
             root: Path | None) -> PairResult:
    """One pair: searched and scored as a card is (``run_set``), against
    Big Money Ultimate on fresh deals, its choice measured beside the two
    cards' own strategies.  Its synergy = the pair's score minus the better
    of its two cards' strategies (by their own scores, ``singles``: card ->
    CardResult) played on the same deals: exactly 0 where the pair's best
    is that card's strategy, never a difference of two samples of one bot."""
    a, b = pair
    sub = None if root is None else root / PAIRS / set_slug(pair)
    sa, sb = (singles[c].row if c in singles else {} for c in pair)
    better = None
    if "score" in sa and "score" in sb:
        better = singles[a] if sa["score"] >= sb["score"] else singles[b]
    r = run_set(opts, pair, executor, sub, opts.pair_games,
                beside=None if better is None else better.keys,
                also=tuple(singles[c] for c in pair if c in singles))
    row = dict(card_a=a, card_b=b, **{k: v for k, v in r.row.items() if k != "card"})
    row.update(single_a=sa.get("score", math.nan), single_b=sb.get("score", math.nan))
    if "score" in row and better is not None:
        row.update(best_single=r.beside.rate, best_card=better.card,
                   **dict(zip(("synergy", "synergy_low", "synergy_high"), r.diff)))
    return PairResult(pair, row, r.toml, r.search, r.games)


class BalanceOptimized:
    """What ``report balance --optimized`` found: ``ranking`` (a DataFrame,
    one row per card: the played-well score and the bm-<card> score with 95%
    CIs, their ranks), ``files`` (card -> the chosen strategy's TOML text),
    ``searches`` (card -> OptimizeResult), ``options``."""

    def __init__(self, opts: Options, cards: list[CardResult], seconds: float,
                 cpu_seconds: float, cores: int, run_dir: Path | None,
                 pairs: list[PairResult] | None = None, pair_seconds: float = 0.0):
        import pandas as pd
        self.options = opts
        self.cards = cards
        self.files = {c.card: c.toml for c in cards if c.toml}
        self.searches = {c.card: c.search for c in cards if c.search is not None}
        self.seconds, self.cpu_seconds, self.cores = seconds, cpu_seconds, cores
        self.run_dir = run_dir
        df = pd.DataFrame([c.row for c in cards])
        played = df[df["score"].notna()] if "score" in df else df.iloc[0:0]
        rank = played["score"].rank(ascending=False, method="min")
        df["rank"] = rank.reindex(df.index)
        if "bm_score" in df:
            df["bm_rank"] = df["bm_score"].rank(ascending=False, method="min")
            df["rank_change"] = df["bm_rank"] - df["rank"]
        self.ranking = df.sort_values(["rank", "card"], na_position="last",
                                      ignore_index=True)
        searched = [c for c in cards if c.search is not None]
        self.games = int(sum(c.search.games + c.games for c in searched))
        self.played = int(sum(c.search.played_now for c in searched))
        # --pairs: one row per pair, the synergy matrix (card x card, symmetric,
        # the diagonal empty), each pair's strategy file
        self.pairs = pairs or []
        self.pair_seconds = pair_seconds
        self.pair_table = pd.DataFrame([p.row for p in self.pairs])
        self.pair_files = {p.cards: p.toml for p in self.pairs if p.toml}
        self.pair_searches = {p.cards: p.search for p in self.pairs
                              if p.search is not None}
        self.synergy = synergy_matrix(opts.cards, self.pairs) if opts.pairs else None
        done = [p for p in self.pairs if p.search is not None]
        self.pair_games = int(sum(p.search.games + p.games for p in done))
        self.games += self.pair_games
        self.played += int(sum(p.search.played_now for p in done))

    def __repr__(self) -> str:
        return (f"<BalanceOptimized: {len(self.searches)} cards, {self.games:,} games, "
                f"{self.seconds / 60:.1f} min>")

    def tables(self) -> dict:
        if not self.options.pairs:
            return {"cards-optimized": self.ranking}
        return {"cards-optimized": self.ranking, "pairs": self.pair_table,
                "synergy": self.synergy.reset_index(names="card")}

    def meta(self) -> dict:
        from simulator.runs.jobs import now_utc
        return dict(command="report balance --optimized", options=self.options.to_dict(),
                    baseline=X.BASE, games=self.games, seconds=self.seconds,
                    cpu_seconds=self.cpu_seconds, cores=self.cores, generated=now_utc(),
                    regenerate=command_line(self.options))


def synergy_matrix(cards, pairs: list[PairResult]):
    """card x card DataFrame of the pairs' synergies (NaN on the diagonal and
    where a pair or one of its cards was skipped); symmetric."""
    import pandas as pd
    m = pd.DataFrame(math.nan, index=list(cards), columns=list(cards), dtype=float)
    for p in pairs:
        a, b = p.cards
        m.loc[a, b] = m.loc[b, a] = p.row.get("synergy", math.nan)
    return m


def command_line(o: Options, out=None) -> str:
    what = (f"--cards \"{', '.join(o.cards)}\"" if o.sets is None
            else f"--sets {','.join(o.sets)}")
    line = (f"domsim report balance --optimized {what} --players {o.players} "
            f"--seed {o.seed} --evaluations-per-card {o.evaluations} --games {o.games}")
    if o.pairs:
        line += (f" --pairs --evaluations-per-pair {o.pair_evaluations} "
                 f"--pair-games {o.pair_games}")
    if out is not None:
        line = line.replace("balance --optimized", f"balance --out {out} --optimized")
    tuned = [f"{k}={getattr(o, k)}" for k, v in TUNING.items() if getattr(o, k) != v]
    if o.sampler != "tpe":
        tuned.insert(0, f"sampler={o.sampler}")
    if o.turn_cap != 100:
        tuned.insert(0, f"turn_cap={o.turn_cap}")
    if tuned:
        line += f" (from Python, with {', '.join(tuned)})"
    return line


def run(opts: Options, executor, *, root: Path | None = None,
        notice: Callable[[str], None] = lambda s: None) -> BalanceOptimized:
    """Every card of ``opts`` in turn (see the module's docstring)."""
    import time
    started, cpu0 = time.perf_counter(), time.process_time()
    out = []
    for i, card in enumerate(opts.cards, 1):
        c = run_card(opts, card, executor, root, notice)
        r = c.row
        if "score" in r:
            bm = (f"; {r['bm_bot']} {r['bm_score']:.3f}" if r.get("bm_bot") else "")
            notice(f"card {i}/{len(opts.cards)} {card}: {r['score']:.3f} "
                   f"({r['low']:.3f}-{r['high']:.3f}) vs {X.BASE} ({r['chosen']}){bm}")
        else:
            notice(f"card {i}/{len(opts.cards)} {card}: skipped, {r['skipped']}")
        out.append(c)
    pairs = []
    pair_started = time.perf_counter()
    if opts.pairs:
        singles = {c.card: c for c in out}
        todo = pairs_of(opts.cards)
        for i, pair in enumerate(todo, 1):
            p = run_pair(opts, pair, singles, executor, root)
            r = p.row
            if "synergy" in r:
                notice(f"pair {i}/{len(todo)} {' + '.join(pair)}: {r['score']:.3f} "
                       f"({r['chosen']}), synergy {r['synergy']:+.3f} "
                       f"({r['synergy_low']:+.3f} to {r['synergy_high']:+.3f})")
            else:
                notice(f"pair {i}/{len(todo)} {' + '.join(pair)}: "
                       f"{r.get('skipped', 'a card of it was skipped')}")
            pairs.append(p)
    return BalanceOptimized(opts, out, time.perf_counter() - started,
                            time.process_time() - cpu0, executor.cores, root,
                            pairs=pairs, pair_seconds=time.perf_counter() - pair_started)
