"""``domsim optimize``: search the strategy language for the strongest bot
in a kingdom.

::

    field      BMU + the strongest shipped bots playable here (chosen by a
               short round robin) + the best candidates found so far
    rounds     optuna asks for ROUND_SIZE candidates (templates and their
               parameters: ``simulator.search.optspace``); they race by successive
               halving: every candidate of a rung plays the same seeded deals
               against each field member (common random numbers; an even game
               count, so each sits in each seat equally often), the better
               half goes on with twice the games; optuna is told each
               candidate's score over all its games
    champions  each round's winner is ranked by its worst score against the
               fixed part of the field (BMU, shipped bots, the kingdom's
               previous winner), then its mean, the same opponents in every
               round; the best CHAMPIONS join the field
    playoff    the best FINALISTS round winners play the final field with
               many games; the best worst score against the fixed field wins

Fitness is the score (wins + ties/2) / games against each field member,
averaged with equal weight over the field.  The candidate holds one seat and
the member every other one, so an even match scores 1/players (about: ties
count half); every interval is Wilson's on the score.

Every match is a job of ``simulator.runs.experiments`` played by an executor
(this process, or Dask with ``--scheduler``/``--cluster``), so the search
scales like ``sweep``.  Steps are named by what they are (field, round and
rung, playoff); with a run folder each step keeps its plan and finished jobs
in ``DIR/steps/<step>/``, and a resumed search replays the same steps from
there (optuna with the same seed asks the same candidates when told the same
scores), so it plays only what is missing and ends with the same result.

Same seed, same search: with ``evaluations`` the result is the same bits on
any executor; with ``minutes`` the number of rounds depends on the machine's
speed (a resumed run repeats the rounds it had finished, then continues
until the total time is used).
"""
from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from simulator.runs import experiments as X
from simulator.runs.rundir import check_new_folder
from simulator.output.termtable import counted

ROUND_SIZE = 16          # candidates optuna asks for per round
MUTANTS = 4              # of them: one-parameter neighbours of the best so far (tpe)
RUNG_GAMES = 1000        # games per field member in a round's first rung (``first_rung``)
SHORT_MINUTES = 5        # a shorter --minutes budget races from RUNG_GAMES / 4
ETA = 2                  # successive halving: keep 1/ETA, play ETA x the games
CHAMPIONS = 2            # best candidates so far that join the field
SHIPPED_IN_FIELD = 3     # strongest shipped bots in the field
FIELD_GAMES = 6000       # games per pair when choosing the shipped bots
FINALISTS = 6            # round winners in the playoff
FINAL_GAMES = 20000      # games per field member in the playoff
TUNING = dict(round_size=ROUND_SIZE, rung_games=RUNG_GAMES, final_games=FINAL_GAMES,
              field_games=FIELD_GAMES)  # the defaults of the options only Python sets
STATE = "search.json"
STEPS = "steps"
FORMAT = "domsim-optimize"
SAMPLERS = ("tpe", "random")


# ============================================================ candidates and scores

@dataclass
class Score:
    """Half-points (2 per win, 1 per tie) and games against one opponent."""
    points2: int = 0
    games: int = 0

    def add(self, points2: int, games: int) -> None:
        self.points2 += int(points2)
        self.games += int(games)

    @property
    def rate(self) -> float:
        return self.points2 / (2 * self.games) if self.games else math.nan

    def ci(self) -> tuple[float, float]:
        """95% Wilson interval of the score (ties counted as half a win)."""
        from simulator.runs.stats import wilson
        return wilson(self.points2 / 2, self.games)


@dataclass
class Candidate:
    """One strategy of the search: its keys, where it came from, its scores."""
    id: str
    keys: dict
    template: str
    params: dict
    trial: int
    round: int
    scores: dict[str, Score] = field(default_factory=dict)   # opponent label -> Score
    rung: int = 0                                              # last rung reached
    dists: dict = field(default_factory=dict)                  # its optuna distributions

    def score(self, opponents: Sequence[str]) -> float:
        """Mean score over ``opponents`` it has played (equal weights)."""
        rates = [self.scores[o].rate for o in opponents if o in self.scores
                 and self.scores[o].games]
        return sum(rates) / len(rates) if rates else math.nan

    def games(self) -> int:
        return sum(s.games for s in self.scores.values())

    def rank(self, opponents: Sequence[str]) -> tuple[float, float]:
        """Sort key, best first: the worst score against ``opponents`` (the
        fixed field: a winner must beat each), then the mean."""
        rates = [self.scores[o].rate for o in opponents if o in self.scores
                 and self.scores[o].games]
        return (-min(rates), -sum(rates) / len(rates)) if rates else (math.inf, math.inf)


def mutants(params: dict, dists: dict, n: int, rng) -> list[dict]:
    """``n`` neighbours of a parameter point, each with one parameter moved
    (a whole number by 1 or 2, a choice to another one; never the template),
    the rest kept. TPE models the good region as a whole and rarely tries
    the one-step changes that settle a close race; these do, and TPE is
    told their scores like any other's. A choice that makes the template
    ask other parameters leaves those to the sampler."""
    from optuna.distributions import CategoricalDistribution
    names = sorted(k for k in params if k != "template" and k in dists)
    out = []
    for _ in range(n if names else 0):
        name = rng.choice(names)
        d, value = dists[name], params[name]
        if isinstance(d, CategoricalDistribution):
            others = [c for c in d.choices if c != value]
            if not others:
                continue
            new = rng.choice(others)
        else:
            steps = [v for v in (value - 2, value - 1, value + 1, value + 2)
                     if d.low <= v <= d.high]
            if not steps:
                continue
            new = rng.choice(steps)
        out.append({**params, name: new})
    return out


def mean_ci(scores: Sequence[Score]) -> tuple[float, float, float]:
    """Mean of per-opponent scores (equal weights) with the 95% Wilson
    interval of the score over all their games.  Every opponent gets the same
    games (a rung, the playoff), so the mean is that pooled score; Wilson's
    interval, unlike the normal one, stays inside [0, 1] and is never
    zero-wide (mixing opponents makes it slightly conservative)."""
    played = [s for s in scores if s.games]
    if not played:
        return math.nan, math.nan, math.nan
    total = Score()
    for s in played:
        total.add(s.points2, s.games)
    low, high = total.ci()
    return sum(s.rate for s in played) / len(played), low, high


# ============================================================ the search's options

@dataclass(frozen=True)
class Options:
    kingdom: str                       # as given (a set name or cards)
    cards: tuple[str, ...]             # the 10 cards
    players: int = 2
    seed: int = 0
    minutes: float | None = None
    evaluations: int | None = None     # candidates to try
    against: tuple[str, ...] = ()      # extra field members (strategy refs)
    sampler: str = "tpe"
    turn_cap: int = 100
    round_size: int = ROUND_SIZE
    rung_games: int = RUNG_GAMES
    final_games: int = FINAL_GAMES
    field_games: int = FIELD_GAMES
    # the kingdom cards a candidate may name and a shipped bot of the field
    # may need (report balance --optimized: one card); () = all the cards
    use: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        d = dict(self.__dict__)
        d["cards"] = list(self.cards)
        d["against"] = list(self.against)
        if self.use:
            d["use"] = list(self.use)
        else:
            del d["use"]            # a whole-kingdom search's files stay as they were
        return d

    @property
    def first_rung(self) -> int:
        """Games per field member in a round's first rung, sized from the
        budget: a quarter of ``rung_games`` for a search of under
        SHORT_MINUTES, else ``rung_games`` (and for an ``evaluations``
        budget: a count of candidates, not of games).  A short search then
        screens more candidates (a job's fixed cost does not shrink with its
        games: a quarter of the games gave about twice the rounds).
        Measured in the engine kingdom (docs/optimize.md), winners in a
        round robin of 10,000 games a pair: 2-minute searches, 3 seeds each,
        from 250 games scored 0.531 against 0.469 from 1,000 (each seed
        higher; 320-416 candidates against 160-176), and in a kingdom with
        Courtyard, Swindler, Village, Smithy, Market, Moat, Bureaucrat,
        Festival, Library and Remodel 0.500 against 0.500 (0.936-0.937
        against Big Money Ultimate, from 1,000 0.916-0.935); 5-minute
        searches, 2 seeds each, from 500 games scored 0.426 against 0.574
        from 1,000, so from 5 minutes on a search races from 1,000.  Depends
        on the options only, so a resumed search races as it did."""
        if self.minutes is None or self.minutes >= SHORT_MINUTES:
            return self.rung_games
        return max(2, self.rung_games // 4)

    @property
    def usable(self) -> tuple[str, ...]:
        """The kingdom cards candidates may name (and the field's bots need)."""
        return self.use or self.cards


def check_options(kingdom, players: int, seed: int, minutes, evaluations, sampler: str,
                  round_size: int, rung_games: int, final_games: int,
                  field_games: int, sets=None) -> tuple[str, ...]:
    """One-line errors for bad input, before anything is played; the kingdom's cards
    (a random one drawn from ``sets``, ``kingdom.parse_sets``)."""
    from simulator.engine import cards as C
    from simulator.engine.kingdom import complete_kingdom, parse_kingdom, resolve_kingdom
    if kingdom is None or not str(kingdom).strip():
        raise ValueError("give --kingdom: a recommended set ('First Game'; see domsim "
                         "kingdoms), 'random' or card names with commas")
    if not C.MIN_PLAYERS <= players <= C.MAX_PLAYERS:
        raise ValueError(f"--players {players}: Dominion is played by {C.MIN_PLAYERS} to "
                         f"{C.MAX_PLAYERS}")
    if not 0 <= seed < 2**63:
        raise ValueError(f"the seed must be between 0 and 2**63 - 1, not {seed}")
    if is_random(kingdom):          # drawn from the seed, as compare --kingdom random is
        cards = tuple(C.NAMES[c] for c in resolve_kingdom(kingdom, (), seed, sets=sets))
    else:
        cards = parse_kingdom(str(kingdom) if isinstance(kingdom, str) else kingdom)
        cards = tuple(C.NAMES[c] for c in complete_kingdom(cards))
    if minutes is not None and evaluations is not None:
        raise ValueError("give either --minutes or --evaluations, not both")
    if minutes is None and evaluations is None:
        raise ValueError("give a budget: --minutes M (wall time) or --evaluations E "
                         "(candidates to try)")
    if minutes is not None and not (0 < minutes <= 7 * 24 * 60):
        raise ValueError(f"--minutes must be more than 0 and at most a week, not {minutes}")
    if evaluations is not None and not 1 <= evaluations <= 10_000_000:
        raise ValueError(f"--evaluations must be between 1 and 10,000,000, not {evaluations}")
    if sampler not in SAMPLERS:
        raise ValueError(f"--sampler {sampler!r}: use one of {', '.join(SAMPLERS)}")
    for name, value, low in (("round size", round_size, 2), ("rung games", rung_games, 2),
                             ("final games", final_games, 2), ("field games", field_games, 2)):
        if value < low:
            raise ValueError(f"{name} must be at least {low}, not {value}")
    return cards


def kingdom_key(kingdom, cards) -> str | list[str]:
    """What the winner's file says it was made for (``kingdom = ...``): a
    recommended set by name, else its cards (a random kingdom as drawn)."""
    from simulator.engine.kingdom import RECOMMENDED
    if isinstance(kingdom, str) and not is_random(kingdom):
        named = {k.casefold(): k for k in RECOMMENDED}.get(kingdom.strip().casefold())
        if named:
            return named
    return list(cards)


def is_random(kingdom) -> bool:
    from simulator.engine.kingdom import RANDOM, _set_key
    return isinstance(kingdom, str) and _set_key(kingdom) == RANDOM


def kingdom_place(kingdom: str) -> str:
    """How a winner's name says where it was found: the set's own name, or
    what kind of kingdom it was (its cards are in the file's header)."""
    from simulator.engine.kingdom import _SETS, _set_key
    if is_random(kingdom):
        return "a random kingdom"
    if "," not in kingdom and _set_key(kingdom) in _SETS:
        return _SETS[_set_key(kingdom)]
    return "a given kingdom"


# ============================================================ playing matches

def _even(games: int, players: int) -> int:
    """Games rounded up to a multiple of the players (every seat equally often)."""
    return -(-int(games) // players) * players


def _distinct_labels(names: Sequence[str]) -> list[str]:
    """Entry labels of a match: a name's second copy is 'Name (2)', and so on."""
    seen: dict[str, int] = {}
    out = []
    for n in names:
        seen[n] = seen.get(n, 0) + 1
        out.append(n if seen[n] == 1 else f"{n} ({seen[n]})")
    return out


def even_score(players: int) -> float:
    """What a strategy scores against its equal: its one seat of ``players``."""
    return 1 / players


def score_meaning(players: int) -> str:
    """One line saying what the optimiser's scores are, at this player count."""
    if players == 2:
        return ("Score = (wins + ties/2) / games, seats alternating; 0.500 is an even "
                "match; 95% Wilson intervals.")
    return (f"Score = (wins + ties/2) / games of the candidate's one seat, the other "
            f"{players - 1} seats holding copies of the opponent (the candidate in each seat "
            f"equally often); an even match scores about 1/{players} = "
            f"{even_score(players):.3f}; "
            "95% Wilson intervals.")


class Arena:
    """Plays matches (strategy A against B, n games, a named seed) through the
    experiments layer: one plan per step, saved in the run folder if any.

    A holds one seat and B every other one (at 3 players: A, B, B), so A's
    score says how it fares against B's kind of table whatever the player
    count.  The seats rotate game by game (``simulator.runs.seating``) and the
    game count is a multiple of the players, so A sits in each seat equally
    often.  At 2 players this is the plain A-against-B match."""

    def __init__(self, opts: Options, executor, root: Path | None = None,
                 on_games: Callable[[int], None] | None = None):
        self.opts = opts
        self.executor = executor
        self.root = root
        self.games = 0                 # games played or replayed from the run folder
        self.played = 0                # games played now (not replayed)
        self.on_games = on_games

    def play(self, step: str, matches: Sequence[tuple[dict, dict, int, str]]) -> list[Score]:
        """``matches``: (A's strategy data, B's, games, seed key).  A's score in each."""
        plan = self._plan(step, matches)
        results = self._execute(step, plan)
        totals = [Score() for _ in plan.setups]
        from simulator.runs.results import TIE, WIN
        for i, _, job in plan.cut():
            t = results[job.key].tally
            outcome = t.outcome[0].sum(axis=0)          # entry 0 (A): [loss, win, tie]
            totals[i].add(2 * int(outcome[WIN]) + int(outcome[TIE]), int(outcome.sum()))
        self.games += plan.games
        return totals

    def _plan(self, step: str, matches) -> X.Plan:
        table, setups = {}, []
        for n, (a, b, games, key) in enumerate(matches):
            ids = []
            for d in (a, b):
                data = {"source": "optimize", "keys": d}
                sid = X.strategy_id(data)
                table[sid] = data
                ids.append(sid)
            seed = X.derive_seed(self.opts.seed, "optimize", key)
            players = self.opts.players
            games = _even(games, players)
            names = [a["name"]] + [b["name"]] * (players - 1)
            setups.append(X.Setup(kind="optimize", stems=names, labels=_distinct_labels(names),
                                  strategies=ids[:1] + ids[1:] * (players - 1),
                                  players=players,
                                  kingdom=list(self.opts.cards), turn_cap=self.opts.turn_cap,
                                  seed=seed, batch_seeds=[seed], batch_games=games,
                                  label=f"{step}: {a['name']} vs {b['name']}"))
        meta = dict(command="optimize", step=step)
        return X.Plan("optimize", setups, meta, table)

    def _execute(self, step: str, plan: X.Plan) -> dict:
        from simulator.runs.rundir import PLAN_FILE, RunDir
        rd, done = None, {}
        if self.root is not None:
            path = self.root / STEPS / step
            if (path / PLAN_FILE).exists():
                rd = RunDir.open(path)
                if json.dumps(rd.plan.to_dict(), sort_keys=True) != \
                        json.dumps(json.loads(json.dumps(plan.to_dict())), sort_keys=True):
                    raise ValueError(f"{path}: this step of the run folder was planned "
                                     "differently; resume with the options it was started "
                                     "with, or start a new run")
                done = rd.finished(plan.jobs())
            else:
                if path.exists():               # a step cut short while being created
                    import shutil
                    shutil.rmtree(path)
                rd = RunDir.create(path, plan)
        jobs = plan.jobs()
        todo = [j for j in jobs if j.key not in done]
        for res in _submit(self.executor, todo):
            if rd is not None:
                rd.save(res)
            done[res.key] = res
        self.played += sum(j.count for j in todo)
        if self.on_games is not None:
            self.on_games(self.games + plan.games)
        return done


def _submit(executor, jobs):
    """Results of ``jobs``.  In this process, small jobs run side by side on
    a pool of threads (one numba thread each: the kernel releases Python's
    lock), since a search plays many jobs too small to split; results are
    the same bits as one after the other."""
    from simulator.runs.executors import EmbeddedExecutor
    from simulator.runs.jobs import run_job
    if not jobs:
        return []
    if isinstance(executor, EmbeddedExecutor) and executor.cores > 1 and len(jobs) > 1:
        from concurrent.futures import ThreadPoolExecutor
        with ThreadPoolExecutor(executor.cores) as pool:
            return list(pool.map(lambda j: run_job(j, 1), jobs))
    batch = executor.submit(jobs)
    try:
        return list(batch)
    finally:
        batch.cancel()


# ============================================================ the field

@dataclass
class FieldMember:
    label: str
    keys: dict
    stem: str = ""
    kind: str = "shipped"          # "base", "shipped", "given", "champion", "previous"


def playable_shipped(cards: Sequence[str]) -> list:
    """Shipped strategies whose every card (optional ones too) is in the kingdom."""
    from simulator.engine import cards as C
    from simulator.language.strategy import shipped_strategies
    have = {C.card_id(c) for c in cards}
    return [s for s in shipped_strategies() if s.cards() <= have and not s.stem.startswith("opt-")]


def choose_field(arena: Arena, against: Sequence[str] = ()) -> tuple[list[FieldMember], dict]:
    """BMU + the SHIPPED_IN_FIELD strongest playable shipped bots (+ ``against``).

    Stage 1: every playable shipped bot against BMU; stage 2: the best four
    play a round robin with BMU; their mean score ranks them.  Returns the
    field and a table of what was measured (the best shipped bot first)."""
    from simulator.runs.runner import resolve_strategies
    opts = arena.opts
    bots = {s.stem: s for s in playable_shipped(opts.usable)}
    base = bots.pop(X.BASE, None) or resolve_strategies([X.BASE])[0]
    bmu = FieldMember(base.name, dict(base.data), X.BASE, "base")
    shipped = [FieldMember(s.name, dict(s.data), stem) for stem, s in sorted(bots.items())]
    games = opts.field_games
    vs_base = arena.play("field-1", [(m.keys, bmu.keys, games, f"field-1/{m.stem}")
                                     for m in shipped])
    ranked = sorted(zip(shipped, vs_base), key=lambda x: -x[1].rate)
    vs_bmu = {m.label: s.rate for m, s in ranked}
    top = [m for m, _ in ranked[:SHIPPED_IN_FIELD + 1]]
    pairs = [(a, b) for i, a in enumerate(top) for b in top[i + 1:]]
    if opts.players > 2:
        # one seat against the rest is not the rest against one seat: both ways
        pairs += [(b, a) for a, b in pairs]
    rr = arena.play("field-2", [(a.keys, b.keys, games, f"field-2/{a.stem}/{b.stem}")
                                for a, b in pairs])
    mean = {m.label: [vs_bmu[m.label]] for m in top}
    for (a, b), s in zip(pairs, rr):
        mean[a.label].append(s.rate)
        if opts.players == 2:
            mean[b.label].append(1 - s.rate)
    order = sorted(top, key=lambda m: -sum(mean[m.label]) / len(mean[m.label]))
    members = [bmu, *order[:SHIPPED_IN_FIELD]]
    for ref in against:
        s = resolve_strategies([ref])[0]
        if all(m.label != s.name for m in members):
            members.append(FieldMember(s.name, dict(s.data), s.stem, "given"))
    table = [dict(strategy=m.label, stem=m.stem, vs_bmu=vs_bmu[m.label],
                  round_robin=sum(mean[m.label]) / len(mean[m.label]))
             for m in order] + [dict(strategy=m.label, stem=m.stem,
                                     vs_bmu=s.rate, round_robin=math.nan)
                                for m, s in ranked[SHIPPED_IN_FIELD + 1:]]
    return members, dict(shipped=table, best=order[0].stem if order else None)


# ============================================================ racing

def race(arena: Arena, cands: list[Candidate], field: Sequence[FieldMember],
         rung_games: int, key: str) -> list[Candidate]:
    """Successive halving: every candidate still in the race plays
    ``rung_games`` games against each field member, on the same seeded deals
    per member (common random numbers: the seed depends on the round, rung
    and opponent, not on the candidate); the better half (by mean score over
    all its games) goes on with ETA times the games, until one is left.
    Returns the survivors of the last rung, best first; every candidate's
    ``scores`` and ``rung`` say how far it got."""
    labels = [m.label for m in field]
    alive, rung, games = list(cands), 0, rung_games
    while alive:
        matches = [(c.keys, m.keys, games, f"{key}/g{rung}/{m.label}")
                   for c in alive for m in field]
        scores = arena.play(f"{key}-g{rung}", matches)
        for i, c in enumerate(alive):
            for j, m in enumerate(field):
                s = scores[i * len(field) + j]
                c.scores.setdefault(m.label, Score()).add(s.points2, s.games)
            c.rung = rung
        alive.sort(key=lambda c: -c.score(labels))
        if len(alive) == 1:
            break
        alive = alive[:max(1, len(alive) // ETA)]
        rung += 1
        games *= ETA
    return alive


# ============================================================ the search

@dataclass
class Round:
    round: int
    best: str                   # candidate id
    template: str
    score: float                # vs the whole field of the round
    low: float
    high: float
    fixed: float                # vs the fixed field
    field: list[str]
    games: int


class OptimizeResult:
    """What ``optimize`` found: ``strategy`` (keys of a strategy file),
    ``toml`` (the file's text), ``final`` (the playoff table), ``history``
    (best fitness per round), ``runners_up``, ``field``, games and times."""

    def __init__(self, **kw):
        self.__dict__.update(kw)

    def __repr__(self) -> str:
        return (f"<OptimizeResult {self.kingdom}: {self.strategy['name']}, score "
                f"{self.score:.3f} over {self.games:,} games>")

    def frames(self) -> dict:
        import pandas as pd
        return {"final": pd.DataFrame(self.final), "history": pd.DataFrame(self.history),
                "shipped": pd.DataFrame(self.shipped), "rules": pd.DataFrame(self.rules)}


def _sampler(name: str, seed: int):
    """TPE over the conditional space (multivariate, grouped by the
    parameters each template asks), or uniform random sampling."""
    import warnings
    import optuna
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    if name == "random":
        return optuna.samplers.RandomSampler(seed=seed % 2**32)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return optuna.samplers.TPESampler(seed=seed % 2**32, n_startup_trials=24,
                                          multivariate=True, group=True)


HISTORY = 320            # trials TPE learns from (its asks slow down with more)
KEEP_BEST = 160          # ... of which the best; the rest are the latest


def _window(study, opts: Options):
    """A study that remembers at most HISTORY trials: the KEEP_BEST best and
    the latest ones.  TPE's cost per ask grows with the trials it has seen
    (0.1 s at 600 trials), which would eat a time budget; the best trials
    keep it near the good region, the latest ones near the current field."""
    import optuna
    trials = [t for t in study.trials if t.value is not None]
    if len(trials) <= HISTORY:
        return study
    best = sorted(trials, key=lambda t: -t.value)[:KEEP_BEST]
    chosen = {t.number for t in best}
    latest = [t for t in trials if t.number not in chosen][-(HISTORY - KEEP_BEST) // 2:]
    keep = sorted(best + latest, key=lambda t: t.number)
    fresh = optuna.create_study(direction="maximize",
                                sampler=_sampler(opts.sampler, opts.seed + len(trials)))
    fresh.add_trials(keep)
    return fresh


def _import_optuna():
    try:
        import optuna  # noqa: F401
    except ImportError:
        raise ValueError("domsim optimize needs optuna, the optional 'optimize' extra: "
                         "pip install -e '.[optimize]' (or pip install optuna)") from None


def run_search(opts: Options, executor, *, root: Path | None = None,
               notice: Callable[[str], None] = lambda s: None,
               resumed: dict | None = None) -> OptimizeResult:
    """The search itself (see the module's docstring)."""
    import optuna
    from simulator.search.optspace import Space
    from simulator.language.strategy import Strategy
    from simulator.runs.runner import prepare
    started, cpu0 = time.perf_counter(), time.process_time()
    before = (resumed or {}).get("seconds", 0.0)
    rounds_before = (resumed or {}).get("rounds", 0)
    arena = Arena(opts, executor, root)
    space = Space(opts.usable)
    if not space.templates:
        raise ValueError(f"{opts.kingdom}: the kingdom has no Action card; there is "
                         "nothing to optimise beyond Big Money")
    members, shipped = choose_field(arena, opts.against)
    previous = _previous_winner(opts)
    if previous is not None and all(m.label != previous.name for m in members):
        # the kingdom's shipped winner: the new one must beat it
        members.append(FieldMember(previous.name, dict(previous.data), previous.stem,
                                   "previous"))
    fixed = [m.label for m in members]
    study = optuna.create_study(direction="maximize", sampler=_sampler(opts.sampler, opts.seed))
    for point in space.seeds() + _previous_params(previous):   # where players start
        study.enqueue_trial(point, skip_if_exists=True)
    cands: dict[str, Candidate] = {}
    champions: list[Candidate] = []
    history: list[Round] = []
    winners: list[Candidate] = []
    n_trials = 0
    round_seconds: list[float] = []

    def elapsed() -> float:
        return before + time.perf_counter() - started

    def final_cost() -> float:
        """Seconds the playoff will take, from the games per second so far."""
        rate = arena.games / max(time.perf_counter() - started, 1e-3)
        return FINALISTS * (len(fixed) + CHAMPIONS) * opts.final_games / max(rate, 1.0) + 5

    def more() -> bool:
        if opts.evaluations is not None:
            return n_trials < opts.evaluations
        r = len(history)
        if r < rounds_before:
            return True
        per_round = (sum(round_seconds[-5:]) / len(round_seconds[-5:])) if round_seconds else 0
        return elapsed() + per_round + final_cost() < opts.minutes * 60 or r == 0

    r = 0
    while more():
        r += 1
        field = [*members, *[FieldMember(c.keys["name"], c.keys, kind="champion")
                             for c in champions]]
        labels = [m.label for m in field]
        t0 = time.perf_counter()
        size = opts.round_size
        if opts.evaluations is not None:
            size = min(size, opts.evaluations - n_trials)
        batch = []
        if opts.sampler == "tpe" and champions and size > MUTANTS:
            import random
            best_so_far = champions[0]
            for point in mutants(best_so_far.params, best_so_far.dists, MUTANTS,
                                 random.Random(f"{opts.seed}/{r}")):
                study.enqueue_trial(point, skip_if_exists=True)
        for _ in range(size):
            trial = study.ask()
            n_trials += 1
            name = f"Candidate {n_trials}"
            keys = space.suggest(trial, name)
            strat = Strategy.from_rules(**keys)
            prepare([strat], opts.players, list(opts.cards), opts.seed)   # it must play here
            cid = X.strategy_id({k: v for k, v in keys.items() if k != "name"})
            c = Candidate(cid, keys, trial.params["template"], dict(trial.params),
                          n_trials, r, dists=dict(trial.distributions))
            batch.append((trial, c))
        alive = race(arena, [c for _, c in batch], field, opts.first_rung, f"r{r:05d}")
        for trial, c in batch:
            study.tell(trial, c.score(labels))
            cands[c.id] = cands.get(c.id, c)
        study = _window(study, opts)
        best = alive[0]
        s = mean_ci([best.scores[l] for l in labels])
        history.append(Round(r, best.id, best.template, s[0], s[1], s[2],
                             best.score(fixed), labels, arena.games))
        if all(w.id != best.id for w in winners):
            winners.append(best)
        champions = sorted(winners, key=lambda c: c.rank(fixed))[:CHAMPIONS]
        round_seconds.append(time.perf_counter() - t0)
        if root is not None:
            _save_state(root, opts, dict(rounds=len(history), seconds=elapsed(),
                                         cpu=(resumed or {}).get("cpu", 0.0)
                                         + time.process_time() - cpu0))
        notice(f"round {r}: best {best.template} {s[0]:.3f} ({s[1]:.3f}-{s[2]:.3f}) "
               f"vs {len(field)} field members; {arena.games:,} games, "
               f"{elapsed() / 60:.1f} min")
    search_games = arena.games

    # ---- playoff: the best round winners against the final field
    finalists = sorted(winners, key=lambda c: c.rank(fixed))[:FINALISTS]
    final_field = [*members, *[FieldMember(c.keys["name"], c.keys, kind="champion")
                               for c in champions]]
    matches, index = [], []
    for c in finalists:
        for m in final_field:
            if m.label == c.keys["name"]:
                continue
            matches.append((c.keys, m.keys, opts.final_games, f"final/{m.label}"))
            index.append((c, m))
    scores = arena.play("final", matches)
    table: dict[str, dict[str, Score]] = {}
    for (c, m), s in zip(index, scores):
        table.setdefault(c.id, {})[m.label] = s
    # the winner is the finalist whose worst score against the fixed field
    # is best (then the best mean): it must beat every bot there, and the mean
    # let a bot that crushes weak members win while losing to the strongest
    # (Improvements: 0.955 against Big Money Ultimate and 0.944 against BM
    # Market, but 0.446 against the shipped opt-improvements)
    ranked = sorted(finalists, key=lambda c: (
        -min(table[c.id][m].rate for m in fixed if m in table[c.id]),
        -mean_ci(list(table[c.id].values()))[0]))
    win = ranked[0]
    final_rows = []
    for c in ranked:
        mean, low, high = mean_ci(list(table[c.id].values()))
        row = dict(candidate=c.keys["name"], template=c.template, score=mean,
                   low=low, high=high, round=c.round)
        for label, s in table[c.id].items():
            row[f"vs {label}"] = s.rate
        final_rows.append(row)
    field_rows = []
    for m in final_field:
        if m.label in table[win.id]:
            s = table[win.id][m.label]
            lo, hi = s.ci()
            field_rows.append(dict(opponent=m.label, kind=m.kind, games=s.games,
                                   score=s.rate, low=lo, high=hi))
    score, low, high = mean_ci(list(table[win.id].values()))
    per_candidate = max(win.games(), 1)
    naive = n_trials * (per_candidate + sum(s.games for s in table[win.id].values()))
    seconds = elapsed()
    return OptimizeResult(
        kingdom=opts.kingdom, cards=list(opts.cards), options=opts.to_dict(),
        candidate=win, params=win.params, template=win.template,
        score=score, low=low, high=high, field=field_rows, final=final_rows,
        history=[h.__dict__ for h in history], shipped=shipped["shipped"],
        best_shipped=shipped["best"], runners_up=[c.keys for c in ranked[1:]],
        runner_up_params=[c.params for c in ranked[1:]],
        games=arena.games, search_games=search_games, played=arena.played,
        naive_games=naive, evaluations=n_trials, rounds=len(history),
        seconds=seconds, cpu_seconds=(resumed or {}).get("cpu", 0.0)
        + time.process_time() - cpu0, cores=executor.cores, rules=[],
        raw_strategy=win.keys)


# ============================================================ the winner as a file

def finish(result: OptimizeResult, name: str | None = None, rule_games: int = 20000) -> None:
    """Name the winner, write its TOML text (with the header comment), say
    whether it is weaker than a bot of the field, and count which of its
    rules fire (against BMU, in this process)."""
    from simulator.search.optsimplify import simplify
    from simulator.runs.runner import simulate
    from simulator.language.strategy import Strategy
    players = result.options["players"]
    keys, result.pruned = prune(dict(result.raw_strategy), result.cards)
    keys, result.simplified = simplify(keys)
    keys["name"] = name or winner_name(result.kingdom, keys, result.cards)
    keys["description"] = (f"Found by domsim optimize in {kingdom_place(result.kingdom)} "
                           f"({result.template} template); scores {result.score:.3f} "
                           f"against its search field, where {even_score(players):.3f} "
                           "is even")
    keys["kingdom"] = kingdom_key(result.kingdom, result.cards)
    result.strategy = keys
    result.weaker = [f for f in result.field if f["kind"] != "champion"
                     and f["score"] < even_score(players)]
    result.warnings = weakness(result.weaker, players)
    result.toml = to_toml(keys, header=header_lines(result))
    strat = Strategy.from_rules(**keys)
    res = simulate([strat] + [X.BASE] * (players - 1), rule_games,
                   X.derive_seed(result.options["seed"], "rules"),
                   players=players, kingdom=list(result.cards),
                   turn_cap=result.options["turn_cap"], keep_records=False)
    df = res.rule_stats()
    df = df[df["strategy"] == res.entries[0]]
    result.rules = [dict(list=r.list, rule=int(r.rule), text=r.text, default=bool(r.default),
                         per_game=float(r.per_game)) for r in df.itertuples(index=False)
                    if r.fires or not r.default]


VALIDATE = "validate"


def validate(result: OptimizeResult, games: int, executor, root: Path | None = None) -> None:
    """Play the winner against Big Money Ultimate, every shipped bot that can
    play in the kingdom and the kingdom's shipped ``opt-`` file, ``games``
    each with a seed the search never used, and put the scores in the
    file's header: a search's own final scores are measured against the
    field it was tuned on, so they flatter it."""
    from simulator.runs.runner import resolve_strategies
    opts = Options(**{k: v for k, v in result.options.items() if k not in ("cards", "use")},
                   cards=tuple(result.cards), use=tuple(result.options.get("use") or ()))
    bots = {s.stem: s for s in playable_shipped(opts.usable)}
    bots.setdefault(X.BASE, resolve_strategies([X.BASE])[0])
    opt = shipped_optimized(result.kingdom) if isinstance(result.kingdom, str) else None
    if opt is not None:
        bots[opt.stem] = opt
    order = [X.BASE] + sorted(s for s in bots if s != X.BASE)
    games = _even(games, opts.players)
    scores = Arena(opts, executor, root).play(VALIDATE, [
        (result.strategy, dict(bots[s].data), games, f"{VALIDATE}/{s}") for s in order])
    result.validation = []
    for stem, s in zip(order, scores):
        low, high = s.ci()
        result.validation.append(dict(opponent=bots[stem].name, stem=stem, games=s.games,
                                      score=s.rate, low=low, high=high))
    result.toml = to_toml(result.strategy, header=header_lines(result))


def validation_lines(result: OptimizeResult) -> list[str]:
    rows = getattr(result, "validation", None)
    if not rows:
        return []
    best = getattr(result, "best_shipped", None)
    even = even_score(result.options["players"])
    lines = [f"Validation: {rows[0]['games']:,} games each, seeds of their own (not the "
             f"search's), seats rotating game by game (score with 95% Wilson CI; "
             f"{even:.3f} is even):"]
    for r in rows:
        what = ", the best shipped bot here" if r["stem"] == best else ""
        verdict = ("weaker" if r["high"] < even else "stronger" if r["low"] > even
                   else "not told apart")
        lines.append(f"  vs {r['opponent']} ({r['stem']}{what}): {r['score']:.3f} "
                     f"({r['low']:.3f}-{r['high']:.3f}), {verdict}")
    return lines


def winner_name(kingdom: str, keys: dict, cards: Sequence[str], most: int = 3) -> str:
    """'Optimised for First Game: Militia, Market': where it was found and the
    kingdom cards its buy and gain lists take, in their order (at most
    ``most``, then '…'); the whole kingdom is in the file's header."""
    from simulator.engine import cards as C
    from simulator.search.optsimplify import _IF
    have = {C.card_id(c) for c in cards}
    used = []
    for k in ("buy", "gain"):
        for text in keys.get(k) or []:
            head = _IF.split(text, maxsplit=1)[0].strip().rstrip("?").rstrip()
            card = C.card_id(head)
            if card in have and C.NAMES[card] not in used:
                used.append(C.NAMES[card])
    shown = ", ".join(used[:most]) + (" …" if len(used) > most else "")
    return f"Optimised for {kingdom_place(kingdom)}" + (f": {shown}" if shown else "")


def weakness(rows: Sequence[dict], players: int) -> list[str]:
    """Warnings for a winner that scores below even against bots of its field
    (the baseline, shipped bots, bots given with --against): one line each,
    then what to do."""
    what = {"base": "the baseline", "shipped": "a shipped bot", "given": "given with --against"}
    lines = [f"the winner is weaker than {r['opponent']} ({what.get(r['kind'], r['kind'])}): "
             f"it scores {r['score']:.3f} ({r['low']:.3f}-{r['high']:.3f}, 95% Wilson, "
             f"{r['games']:,} games) where {even_score(players):.3f} is even" for r in rows]
    if rows:
        best = min(rows, key=lambda r: r["score"])["opponent"]
        lines.append(f"search longer (--minutes, --evaluations), or play {best} instead")
    return lines


def prune(keys: dict, cards: Sequence[str]) -> tuple[dict, list[str]]:
    """The keys without the rules the compiler says can never fire here (a
    template may put "Artisan if ..." under "Gold"), so the shipped file
    reads as what it does; the rules removed, with why."""
    from simulator.engine import cards as C
    from simulator.language.strategy import Strategy, rule_warnings
    keys = {k: (list(v) if isinstance(v, list) else v) for k, v in keys.items()}
    kingdom = [C.card_id(c) for c in cards]
    removed = []
    for _ in range(8):
        warnings = rule_warnings([Strategy.from_rules(**keys)], kingdom)
        doomed = sorted(((k, n, why) for (_, k, n), why in warnings.items()
                         if isinstance(keys.get(k), list) and n <= len(keys[k])),
                        key=lambda x: (x[0], -x[1]))
        if not doomed:
            break
        for k, n, why in doomed:
            removed.append(f"{k}: \"{keys[k][n - 1]}\" ({why})")
            del keys[k][n - 1]
        for k in [k for k in ("play", "gain", "trash", "remodel") if keys.get(k) == []]:
            del keys[k]
    return keys, removed


def command_line(o: dict) -> str:
    """The ``domsim optimize`` command that repeats a search (its options)."""
    budget = (f"--minutes {o['minutes']:g}" if o.get("minutes") is not None
              else f"--evaluations {o['evaluations']}")
    line = (f"domsim optimize --kingdom {_shown(o['kingdom'])} --players {o['players']} "
            f"--seed {o['seed']} {budget} --sampler {o['sampler']}")
    if o.get("against"):
        line += f" --against {_shown(','.join(o['against']))}"
    tuned = [f"{k}={o[k]}" for k, v in TUNING.items() if o.get(k, v) != v]
    if o.get("turn_cap", 100) != 100:
        tuned.insert(0, f"turn_cap={o['turn_cap']}")
    if tuned:
        line += f" (from Python, with {', '.join(tuned)})"
    return line


def header_lines(result: OptimizeResult) -> list[str]:
    o = result.options
    drawn = f" (drawn from seed {o['seed']})" if is_random(result.kingdom) else ""
    lines = [f"Found by: {command_line(o)}",
             f"Kingdom: {', '.join(result.cards)}{drawn}",
             f"Search: {counted(result.evaluations, 'candidate')} in "
             f"{counted(result.rounds, 'round')}, {counted(result.games, 'game')}, "
             f"{result.seconds / 60:.1f} min wall, {result.cpu_seconds / 60:.1f} min CPU on "
             f"{counted(result.cores, 'core')}",
             f"Template: {result.template}; final score {result.score:.3f} "
             f"({result.low:.3f}-{result.high:.3f}, 95% CI) against the field:"]
    for f in result.field:
        lines.append(f"  {f['opponent']} ({f['kind']}): {f['score']:.3f} "
                     f"({f['low']:.3f}-{f['high']:.3f}), {f['games']:,} games")
    lines.append(score_meaning(o["players"]))
    lines.append(PARAMS + json.dumps(result.params, sort_keys=True))
    lines += validation_lines(result)
    lines += [f"Warning: {w}" for w in getattr(result, "warnings", None) or []]
    for rule in getattr(result, "pruned", None) or []:
        lines.append(f"Removed, as it can never fire here: {rule}")
    for rule in getattr(result, "simplified", None) or []:
        lines.append(f"Simplified (the same games): {rule}")
    return lines


def _toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        if not v:
            return "[]"
        return "[\n" + "".join(f"  {_toml_value(x)},\n" for x in v) + "]"
    raise TypeError(f"cannot write {v!r} as TOML")


def to_toml(keys: dict, header: Sequence[str] = ()) -> str:
    """A strategy's keys as a strategy file (tables last, as TOML wants)."""
    out = [f"# {line}".rstrip() for line in header]
    order = ["name", "description", "kingdom", "penultimate_province", "buy", "play", "gain", "trash",
             "remodel", "discard", "topdeck", "skip"]
    for k in order + sorted(set(keys) - set(order) - {"let", "may"}):
        if k in keys and not isinstance(keys[k], dict):
            out.append(f"{k} = {_toml_value(keys[k])}")
    for table in ("let", "may"):
        if keys.get(table):
            out.append(f"\n[{table}]")
            for name, value in keys[table].items():
                out.append(f"{json.dumps(name)} = {_toml_value(value)}"
                           if not name.replace('_', '').isalnum() else
                           f"{name} = {_toml_value(value)}")
    return "\n".join(out) + "\n"


# ============================================================ run folder state

def _save_state(root: Path, opts: Options, progress: dict) -> None:
    from simulator.output.files import write_atomic
    doc = {"format": FORMAT, "version": 1, "options": opts.to_dict(), "progress": progress}
    write_atomic(root / STATE, json.dumps(doc, indent=1))


def open_state(path) -> tuple[Options, dict]:
    path = Path(path)
    try:
        doc = json.loads((path / STATE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"--resume {path}: not an optimize run folder (no {STATE})") from None
    except (OSError, json.JSONDecodeError) as e:
        raise ValueError(f"{path / STATE}: cannot read: {e}") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueError(f"{path / STATE}: not a domsim optimize run folder")
    o = dict(doc["options"])
    o["cards"] = tuple(o["cards"])
    o["against"] = tuple(o["against"])
    o["use"] = tuple(o.get("use") or ())
    return Options(**o), dict(doc.get("progress") or {})


_FLAGS = dict(seed="--seed", players="--players", sampler="--sampler", kingdom="--kingdom",
              minutes="--minutes", evaluations="--evaluations", against="--against",
              turn_cap="turn_cap", round_size="round_size", rung_games="rung_games",
              final_games="final_games", field_games="field_games")


def resume_options(path, given: dict) -> tuple[Options, dict]:
    """The options and progress of the search in ``path``.  A search option
    given again must agree with the folder's (a resumed search replays its
    steps, which the options decide): one that does not is an error naming
    both values, never silently ignored."""
    opts, progress = open_state(path)
    for name, flag in _FLAGS.items():
        value = given.get(name)
        if value is None:
            continue
        folder = getattr(opts, name)
        if name == "kingdom":
            try:
                same = check_options(value, opts.players, opts.seed, None, 1, opts.sampler,
                                     2, 2, 2, 2) == opts.cards
            except ValueError:
                same = False
            value = str(value) if isinstance(value, str) else ",".join(value)
        elif name == "against":
            value = tuple(X.strategy_refs(value))
            same = value == folder
            value, folder = ",".join(value), ",".join(folder) or None
        else:
            same = value == folder
        if not same:
            started = (f"with {flag} {_shown(folder)}" if folder is not None
                       else f"without {flag}")
            raise ValueError(f"--resume {path}: the search was started {started}, not "
                             f"{flag} {_shown(value)}; leave {flag} out to continue it, or "
                             "start a new search with --run-dir")
    return opts, progress


def _shown(value) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, str) and (not value or " " in value or "," in value):
        return f'"{value}"'
    return str(value)


def new_root(path, opts: Options) -> Path:
    path = Path(path)
    check_new_folder(path, STATE, "a search")
    path.mkdir(parents=True, exist_ok=True)
    _save_state(path, opts, dict(rounds=0, seconds=0.0))
    return path


# ============================================================ shipped winners

def kingdom_slug(name: str) -> str:
    """'Silver & Gold' -> 'silver-gold' (the stem of its opt-<slug>.toml)."""
    import re
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


PARAMS = "Parameters: "       # the header line a next search starts from


def _previous_winner(opts: Options):
    """The kingdom's shipped ``opt-`` file, to join the field so a new search
    must beat the last one's winner (a whole recommended kingdom only: a
    card's or a random kingdom's search has none)."""
    if opts.use or is_random(opts.kingdom):
        return None
    prev = shipped_optimized(opts.kingdom)
    from simulator.engine import cards as C
    if prev is None or not prev.cards() <= {C.card_id(c) for c in opts.cards}:
        return None
    return prev


def _previous_params(prev) -> list[dict]:
    """The template parameters the previous winner's header records (its
    ``# Parameters:`` line), to start the search from it; none for a file
    written before the line existed."""
    try:
        text = Path(prev.source).read_text(encoding="utf-8") if prev is not None else ""
    except (OSError, TypeError):
        return []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        if line.startswith("# " + PARAMS):
            try:
                params = json.loads(line[len("# " + PARAMS):])
            except ValueError:
                return []
            return [params] if isinstance(params, dict) else []
    return []


def shipped_optimized(kingdom: str):
    """The shipped ``opt-<slug>`` strategy of a kingdom, or None."""
    from simulator.language.strategy import shipped_strategies
    stem = f"opt-{kingdom_slug(kingdom)}"
    return next((s for s in shipped_strategies() if s.stem == stem), None)


def plan_sweep_optimize(kingdoms="recommended", strategies=None, *, vs=None,
                        games: int = 10000, seed: int = 0, turn_cap: int = 100,
                        records: bool = False, job_games: int | None = None,
                        sets=None) -> X.Plan:
    """``domsim sweep --optimize``: in every kingdom that has a shipped
    ``opt-<kingdom>`` strategy, it plays against ``vs`` (default BMU) and
    every shipped bot playable there (or the given ``strategies``); ``sets``
    as ``plan_sweep``'s."""
    from simulator.engine import cards as C
    from simulator.runs.runner import resolve_strategies
    X.check_job_games(job_games)
    if games < 2:
        raise ValueError(f"--games must be at least 2, not {games}")
    X.check_seed(seed)
    kingdom_cards = X.resolve_kingdoms(kingdoms, seed, sets)
    base = resolve_strategies([vs or X.BASE])[0]
    given = X.distinct_strategies(resolve_strategies(X.strategy_refs(strategies)))
    setups, skipped, table, names = [], [], {}, {base.name}
    for kname, kcards in kingdom_cards.items():
        opt = shipped_optimized(kname)
        if opt is None:
            skipped.append(dict(kingdom=kname, a=f"opt-{kingdom_slug(kname)}", b="",
                                reason=f"no optimised strategy is shipped for it: run "
                                       f"domsim optimize --kingdom \"{kname}\""))
            continue
        others = given or playable_shipped(kcards)
        rivals = X.distinct_strategies([base, *[s for s in others if s.stem != opt.stem]])
        for b in rivals:
            missing = b.cards() - {C.card_id(c) for c in kcards}
            if missing:
                skipped.append(dict(kingdom=kname, a=opt.name, b=b.name,
                                    reason="needs " + X.card_names(missing)))
                continue
            names |= {opt.name, b.name}
            setups.append(X.make_setup(table, "sweep", [opt, b], [opt.name, b.name], games,
                                   X.derive_seed(seed, "sweep", kname, opt.stem, b.stem),
                                   kingdom=list(kcards), turn_cap=turn_cap, sets=sets,
                                   label=f"{kname}: {opt.name} vs {b.name}",
                                   info=dict(kingdom=kname)))
    if not setups:
        raise ValueError("no kingdom given has a shipped opt-<kingdom> strategy "
                         "(strategies/opt-*.toml); --optimize plays those")
    meta = dict(command="sweep", kingdoms=kingdom_cards, games=games, seed=seed,
                turn_cap=turn_cap, best_card=False, vs=vs, optimize=True,
                strategies=sorted(names), skipped=skipped)
    return X.Plan("sweep", setups, meta, table, job_games, records)
