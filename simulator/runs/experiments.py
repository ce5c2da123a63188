"""Experiments as data: every multi-run command is a plan of small jobs.

::

    plan_tournament / plan_sweep / plan_balance / plan_compare ──► Plan (setups)
    Plan.jobs() ──► Job (strategies as data, kingdom, players, turn cap,
                         seating, seed, a range of game indices)
    executor (simulator.runs.executors) runs run_job(job) ──► JobResult (sums)
    merge(plan, results) ──► one simulator.runs.store.Run per setup ──► reports

A *setup* is one thing the command measures (a pair of strategies in a
kingdom, a mirror at N players ...), played in one or more batches of
independent seeds; each batch is cut into jobs of consecutive game indices.
A job is plain data that a worker on another machine can run without the
user's files: strategies travel as their rules (``strategy_data``), the
kingdom as its 10 card names, resolved when planning.

Same seed, same numbers: every game's randomness comes from (seed, game
index) alone and a job's results are integer sums (``results.Tally``,
per-turn sums, the game-length histogram), so the merged results are the
same bits whatever the executor, the number of workers, the job size and
the order in which jobs finish.

Seeds: every setup gets its own seed derived from the command's seed and
what the setup is (kind, strategies, kingdom, players, batch), so adding a
strategy to a tournament or a kingdom to a sweep leaves the other setups'
games unchanged.  Each table row shows the seed of its run; ``domsim compare
A B --seed <that seed>`` replays it.

This module imports no engine code at the top (``domsim --help`` stays
instant); numba, numpy and pandas load when a plan is made or run.
"""
from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from simulator.runs.jobs import (JOB_SEAT_GAMES, Job, JobResult, domsim_version,
                                 now_utc, strategy_data, strategy_id)

BASE = "big-money-ultimate"
REPORT_BATCHES = 10            # independent batches per balance-report setup (per-turn CIs)
# The recommended-kingdom cells of the balance report play games / SWEEP_SHARE
# each: 10,000 at the default 100,000.  Measured (seed 0, single-card bots
# against Big Money Ultimate): 10,000 games per cell resolve the best card's
# lead over the runner-up (p < 0.05) in 6 of the 6 recommended kingdoms
# (closest p = 0.007) and in 19 of 20 random kingdoms; 40,000-50,000 resolve
# no more (issue 16 found 4 of 6 leads unresolved with 200 games a cell).
SWEEP_SHARE = 10

# For "runs over a minute get a run folder": seat-games per second per core,
# on the slow side of the shipped bots (300,000-560,000 on an idle core).
SEAT_GAMES_PER_CORE_SECOND = 200_000

PLAN_FORMAT = "domsim-plan"
PLAN_VERSION = 1
COMMANDS = ("tournament", "sweep", "report balance")


# ============================================================ small helpers

def derive_seed(seed: int, *keys) -> int:
    """A run seed from the command seed and what the run is (0 <= s < 2**63)."""
    text = json.dumps([int(seed), *[str(k) for k in keys]])
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "little") & ((1 << 63) - 1)


def check_seed(seed: int) -> None:
    if not 0 <= seed < 2**63:
        raise ValueError(f"the seed must be between 0 and 2**63 - 1, not {seed}")


def card_names(cards) -> str:
    from simulator.engine import cards as C
    return ", ".join(C.NAMES[c] for c in sorted(cards))


def _labels(strats) -> list[str]:
    """Display names, or file stems where two strategies share a name."""
    names = [s.name for s in strats]
    return [s.name if names.count(s.name) == 1 else s.stem for s in strats]


def distinct_strategies(strats) -> list:
    """Strategies in order, each (file, name) once."""
    out = []
    for s in strats:
        if all(s.source != t.source or s.name != t.name for t in out):
            out.append(s)
    return out


# ============================================================ plans

@dataclass
class Setup:
    """One thing a command measures, e.g. a pair of strategies in a kingdom."""
    kind: str                      # "pair", "sweep", "card", "mirror", "main"
    stems: list[str]               # strategy stems, entry order
    labels: list[str]              # entry names in the tables
    strategies: list[str]         # strategy ids (Plan.strategies), entry order
    players: int
    kingdom: list[str]             # the 10 cards, resolved
    turn_cap: int
    seed: int                      # the setup's seed (batch seeds derive from it)
    batch_seeds: list[int]
    batch_games: int               # games per batch
    label: str = ""                # for the progress display
    info: dict = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    seating: str = "all"           # as Job's: a plan written before reads as played
    edition: int | None = None
    sets: list[str] | None = None  # the sets drawn from (None: the base set)

    @property
    def games(self) -> int:
        return self.batch_games * len(self.batch_seeds)


@dataclass
class Plan:
    """A command's whole run: what to play (setups) and the facts its report
    needs (``meta``, JSON-able).  ``Plan.jobs()`` cuts it into jobs."""
    command: str
    setups: list[Setup]
    meta: dict
    strategies: dict[str, dict]    # id -> strategy_data: each strategy once
    job_games: int | None = None   # games per job; None: JOB_SEAT_GAMES / players
    records: bool = False          # keep per-game records (for --save-records)

    def games_per_job(self, setup: Setup) -> int:
        return self.job_games or max(1, JOB_SEAT_GAMES // setup.players)

    def cut(self):
        """(setup index, batch index, job) for every job, in plan order."""
        texts = {k: json.dumps(d, sort_keys=True) for k, d in self.strategies.items()}
        for i, s in enumerate(self.setups):
            strats = tuple(texts[k] for k in s.strategies)
            size = self.games_per_job(s)
            for b, seed in enumerate(s.batch_seeds):
                for first in range(0, s.batch_games, size):
                    yield i, b, Job(f"s{i:06d}-b{b:02d}-g{first:010d}", strats,
                                    tuple(s.kingdom), s.players, s.turn_cap, seed, first,
                                    min(size, s.batch_games - first), self.records,
                                    s.seating, s.edition,
                                    tuple(s.sets) if s.sets is not None else None)

    def jobs(self) -> list[Job]:
        return [job for _, _, job in self.cut()]

    @property
    def games(self) -> int:
        return sum(s.games for s in self.setups)

    def estimated_seconds(self, cores: int) -> float:
        work = sum(s.games * s.players for s in self.setups)
        return work / (SEAT_GAMES_PER_CORE_SECOND * max(cores, 1))

    def to_dict(self) -> dict:
        return {"format": PLAN_FORMAT, "version": PLAN_VERSION, "command": self.command,
                "job_games": self.job_games, "records": self.records, "meta": self.meta,
                "strategies": self.strategies, "setups": [asdict(s) for s in self.setups]}

    @classmethod
    def from_dict(cls, d: dict) -> Plan:
        if d.get("format") != PLAN_FORMAT:
            raise ValueError("not a domsim plan")
        if d.get("version") != PLAN_VERSION:
            raise ValueError(f"plan version {d.get('version')}; this domsim reads "
                             f"version {PLAN_VERSION}")
        return cls(d["command"], [Setup(**s) for s in d["setups"]], d["meta"],
                   d["strategies"], d.get("job_games"), bool(d.get("records")))


def check_job_games(job_games: int | None) -> None:
    if job_games is not None and job_games < 1:
        raise ValueError(f"--job-games must be at least 1, not {job_games}")


def make_setup(table: dict, kind, strats, labels, games, seed, *, players=None, kingdom=None,
               turn_cap, batches=1, label="", info=None, edition=None,
               seating="all", sets=None) -> Setup:
    """A setup, validated now (strategies compile against the kingdom) so a bad
    input fails before any game is played, never on a worker.  Its
    strategies' data go into ``table`` (the plan's), by id."""
    from simulator.engine import cards as C
    from simulator.engine.kingdom import parse_sets
    from simulator.runs.runner import _check_run, absent_cards_notes, prepare
    from simulator.runs.results import unique_names
    _check_run(seed, turn_cap)
    strats, p, cards, _ = prepare(strats, players, kingdom, seed, edition, sets)
    if batches <= 1:
        seeds, per = [seed], games
    else:
        per = -(-games // (batches * p)) * p          # rounded up to a multiple of p
        seeds = [derive_seed(seed, "batch", b) for b in range(batches)]
    ids = []
    for s in strats:
        data = strategy_data(s)
        ids.append(strategy_id(data))
        table[ids[-1]] = data
    return Setup(kind=kind, stems=[s.stem for s in strats],
                 labels=unique_names(labels or [s.name for s in strats]),
                 strategies=ids, players=p,
                 kingdom=[C.NAMES[c] for c in cards], turn_cap=turn_cap, seed=seed,
                 batch_seeds=seeds, batch_games=per, label=label, info=dict(info or {}),
                 notes=absent_cards_notes(strats, cards, edition, sets), seating=seating,
                 edition=edition, sets=None if sets is None else list(parse_sets(sets)))


# ============================================================ tournament

def plan_tournament(strategies: Sequence, games: int = 20000, *, kingdom=None, seed: int = 0,
                    all_seat_orders: bool = False, turn_cap: int = 100,
                    records: bool = False, job_games: int | None = None,
                    sets=None) -> Plan:
    """Every pair of strategies plays ``games`` games; ``sets``: where a random
    kingdom and the filler come from (``kingdom.parse_sets``)."""
    from simulator.engine import cards as C
    from simulator.engine.kingdom import (KINGDOM_SIZE, RANDOM, _set_key, parse_kingdom,
                                   random_kingdom, random_pool_name)
    from simulator.runs.runner import resolve_strategies
    check_job_games(job_games)
    if games < 2:
        raise ValueError(f"--games must be at least 2, not {games}")
    strats = distinct_strategies(resolve_strategies(strategies))
    if len(strats) < 2:
        raise ValueError("a tournament needs at least two different strategies")
    check_seed(seed)
    labels = _labels(strats)
    is_random = isinstance(kingdom, str) and _set_key(kingdom) == RANDOM
    chosen = [] if kingdom is None or is_random else parse_kingdom(kingdom)
    setups, skipped, table = [], [], {}
    for i in range(len(strats)):
        for j in range(i + 1, len(strats)):
            a, b = strats[i], strats[j]
            needed = a.cards() | b.cards()
            together = needed | set(chosen)
            if len(together) > KINGDOM_SIZE:
                extra = " with the given kingdom" if chosen else ""
                skipped.append(dict(a=labels[i], b=labels[j],
                                    reason=f"needs {len(together)} kingdom cards together"
                                           f"{extra} ({card_names(together)}); a "
                                           f"kingdom holds {KINGDOM_SIZE}"))
                continue
            if kingdom is None:
                cards = None                     # the pair's own cards, filled to 10
            elif is_random:
                cards = [C.NAMES[c] for c in random_kingdom(seed, needed, sets=sets)]
            else:
                cards = [C.NAMES[c] for c in dict.fromkeys([*chosen, *sorted(needed)])]
            orders = [(i, j, games)]
            if all_seat_orders:
                orders = [(i, j, games - games // 2), (j, i, games // 2)]
            for x, y, n in orders:
                sa, sb = strats[x], strats[y]
                setups.append(make_setup(table, "pair", [sa, sb], [labels[x], labels[y]], n,
                                     derive_seed(seed, "pair", sa.stem, sb.stem),
                                     kingdom=cards, turn_cap=turn_cap, sets=sets,
                                     label=f"{labels[x]} vs {labels[y]}"))
    if kingdom is None:
        note = "each pair's own cards, filled to 10 with cards nobody buys"
    elif is_random:
        note = (f"random (seed {seed}): the pair's own cards, then cards drawn from "
                f"the seed out of {random_pool_name(sets=sets)}, 10 in all")
    else:
        note = (", ".join(C.NAMES[c] for c in chosen)
                + " (plus each pair's own cards if missing, filled to 10)")
    meta = dict(command="tournament", strategies=labels,
                stems=[s.stem for s in strats], games=games, seed=seed,
                kingdom=kingdom, kingdom_note=note, turn_cap=turn_cap,
                all_seat_orders=all_seat_orders, skipped=skipped)
    return Plan("tournament", setups, meta, table, job_games, records)


# ============================================================ sweep

def parse_kingdom_file(path) -> dict[str, list[str]]:
    """Kingdoms from a file.

    Text (any suffix but .toml): one kingdom per line, ``Name: card, card, …``;
    blank lines and lines starting with ``#`` are ignored.  TOML: a table of
    ``Name = ["Card", …]`` (or a comma-separated string).  Fewer than 10 cards
    are filled to 10 with the first unused cards of the card table.
    """
    from simulator.engine.kingdom import complete_kingdom, parse_kingdom
    from simulator.engine import cards as C
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise ValueError(f"{path}: no such kingdom file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError(f"{path}: cannot read: {e}") from None
    raw: list[tuple[str, object, str]] = []
    if path.suffix.lower() == ".toml":
        import tomllib
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise ValueError(f"{path}: not valid TOML: {e}") from None
        for name, cards in data.items():
            if not isinstance(cards, (list, str)):
                raise ValueError(f"{path}: kingdom {name!r} must be a list of card names")
            raw.append((str(name), cards, f"{path}: kingdom {name!r}"))
    else:
        for no, line in enumerate(text.splitlines(), start=1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if ":" not in line:
                raise ValueError(f"{path}:{no}: expected 'Name: card, card, …', "
                                 f"got {line!r}")
            name, cards = line.split(":", 1)
            if not name.strip():
                raise ValueError(f"{path}:{no}: the kingdom has no name")
            raw.append((name.strip(), cards, f"{path}:{no}"))
    out: dict[str, list[str]] = {}
    for name, cards, where in raw:
        if name in out:
            raise ValueError(f"{where}: kingdom {name!r} is named twice")
        try:
            ids = parse_kingdom(cards if isinstance(cards, list) else str(cards))
            if not ids:
                raise ValueError("no cards given")
            out[name] = [C.NAMES[c] for c in complete_kingdom(ids)]
        except ValueError as e:
            raise ValueError(f"{where}: {e}") from None
    if not out:
        raise ValueError(f"{path}: no kingdoms in the file")
    return out


def resolve_kingdoms(spec, seed: int, sets=None) -> dict[str, list[str]]:
    """``recommended``, ``random:K`` (drawn from ``sets``), a kingdom file, or a
    mapping {name: cards} -> {name: 10 card names}."""
    from simulator.engine import cards as C
    from simulator.engine.kingdom import RECOMMENDED, complete_kingdom, parse_kingdom, random_kingdom
    if isinstance(spec, Mapping):
        out = {}
        for name, cards in spec.items():
            try:
                out[str(name)] = [C.NAMES[c] for c in complete_kingdom(parse_kingdom(cards))]
            except ValueError as e:
                raise ValueError(f"kingdom {name!r}: {e}") from None
        if not out:
            raise ValueError("no kingdoms given")
        return out
    key = str(spec).strip().lower()
    if key == "recommended":
        return {name: list(cards) for name, cards in RECOMMENDED.items()}
    if key.startswith("random"):
        _, _, k = key.partition(":")
        try:
            k = int(k) if k else 1
        except ValueError:
            raise ValueError(f"--kingdoms {spec!r}: give random:K with K a number") from None
        if not 1 <= k <= 1000:
            raise ValueError(f"--kingdoms random:K needs 1 <= K <= 1000, not {k}")
        return {f"Random {i + 1}": [C.NAMES[c] for c in
                                    random_kingdom(derive_seed(seed, "kingdom", i),
                                                   sets=sets)]
                for i in range(k)}
    return parse_kingdom_file(spec)


def bm_stems(kind: str = "all") -> list[str]:
    """The shipped ``bm-<card>`` bots, by file stem: "all", "single" (Big
    Money plus exactly one kingdom card, e.g. ``bm-throne-room-only``) or
    "combo" (plus a partner card, e.g. ``bm-throne-room`` with Smithy)."""
    from simulator.language.strategy import shipped_strategies
    bots = [s for s in shipped_strategies() if s.stem.startswith("bm-")]
    if kind == "single":
        bots = [s for s in bots if len(s.cards()) == 1]
    elif kind == "combo":
        bots = [s for s in bots if len(s.cards()) > 1]
    return [s.stem for s in bots]


def bm_info(strategy) -> dict:
    """``card`` of a ``bm-<card>`` bot and the other cards it needs (``also``)."""
    from simulator.engine import cards as C
    card = bm_card(strategy)
    also = sorted(C.NAMES[c] for c in strategy.cards() if C.NAMES[c] != card)
    return dict(card=card, also=", ".join(also))


def bm_card(strategy) -> str | None:
    """The card of a ``bm-<card>`` bot: from its stem, else its only card."""
    from simulator.engine import cards as C
    stem = strategy.stem
    if stem.startswith("bm-"):
        try:
            return C.NAMES[C.card_id(stem[3:])]
        except ValueError:
            pass
    cards = strategy.cards()
    return C.NAMES[next(iter(cards))] if len(cards) == 1 else None


def strategy_refs(strategies) -> list:
    if strategies is None:
        return []
    if isinstance(strategies, str):
        return [s.strip() for s in strategies.split(",") if s.strip()]
    return list(strategies)


def plan_sweep(kingdoms="recommended", strategies=None, *, vs=None, best_card: bool = False,
               games: int = 10000, seed: int = 0, turn_cap: int = 100,
               records: bool = False, job_games: int | None = None, sets=None) -> Plan:
    """Every matchup plays ``games`` games in every kingdom that has its cards
    (``random:K`` kingdoms and the filler drawn from ``sets``)
    (``sweep --optimize`` plans with ``simulator.search.optimize.plan_sweep_optimize``)."""
    from simulator.engine import cards as C
    from simulator.runs.runner import resolve_strategies
    check_job_games(job_games)
    if games < 2:
        raise ValueError(f"--games must be at least 2, not {games}")
    check_seed(seed)
    kingdom_cards = resolve_kingdoms(kingdoms, seed, sets)
    refs = strategy_refs(strategies)
    # --best-card's own field (every bm-<card> bot) holds a bot for each card
    # of every set: a kingdom plays the few of its own cards, and the rest
    # are not worth a "skipped" line each (about 90 per kingdom)
    listed_skips = not (best_card and not refs)
    if best_card:
        vs = vs or BASE
        if not refs:
            refs = bm_stems("single")
            if not refs:
                raise ValueError("no bm-<card> strategies are shipped")
    elif not refs:
        raise ValueError("give --strategies S1,S2,… or --best-card")
    strats = distinct_strategies(resolve_strategies(refs))
    base = resolve_strategies([vs])[0] if vs else None
    if base is not None:
        strats = [s for s in strats if (s.source, s.name) != (base.source, base.name)]
        everyone = strats + [base]
    else:
        everyone = strats
    labels = dict(zip([id(s) for s in everyone], _labels(everyone)))
    if base is not None:
        matchups = [(s, base) for s in strats]
        if not matchups:
            raise ValueError("nothing to play: every strategy is the --vs strategy")
    else:
        if len(strats) < 2:
            raise ValueError("give at least two strategies (or one with --vs)")
        matchups = [(strats[i], strats[j]) for i in range(len(strats))
                    for j in range(i + 1, len(strats))]
    setups, skipped, table = [], [], {}
    for kname, kcards in kingdom_cards.items():
        ids = {C.card_id(c) for c in kcards}
        for a, b in matchups:
            la, lb = labels[id(a)], labels[id(b)]
            missing = (a.cards() | b.cards()) - ids
            if missing:
                if listed_skips:
                    skipped.append(dict(kingdom=kname, a=la, b=lb,
                                        reason="needs " + card_names(missing)))
                continue
            info = dict(kingdom=kname)
            if best_card:
                info["card"] = bm_card(a)
            setups.append(make_setup(table, "sweep", [a, b], [la, lb], games,
                                 derive_seed(seed, "sweep", kname, a.stem, b.stem),
                                 kingdom=list(kcards), turn_cap=turn_cap, sets=sets,
                                 label=f"{kname}: {la} vs {lb}", info=info))
    if str(kingdoms).strip().lower().startswith("random"):
        from simulator.engine.kingdom import random_pool_name
        meta_note = dict(kingdom_note=f"kingdoms drawn from the seed out of "
                                      f"{random_pool_name(sets=sets)}, promos only "
                                      "when named")
    else:
        meta_note = {}
    meta = dict(command="sweep", kingdoms=kingdom_cards, **meta_note, games=games, seed=seed,
                turn_cap=turn_cap, best_card=best_card, vs=vs,
                strategies=[labels[id(s)] for s in everyone], skipped=skipped)
    return Plan("sweep", setups, meta, table, job_games, records)


# ============================================================ balance report

def parse_players(players) -> list[int]:
    """'2,3,4' or [2, 3, 4] -> sorted distinct player counts, checked."""
    from simulator.engine import cards as C
    try:
        if isinstance(players, str):
            counts = sorted({int(p) for p in players.split(",") if p.strip()})
        else:
            counts = sorted({int(p) for p in players})
    except (TypeError, ValueError):
        raise ValueError(f"--players {players!r}: give player counts like 2,3,4") from None
    if not counts:
        raise ValueError("--players: give at least one player count")
    bad = [p for p in counts if not C.MIN_PLAYERS <= p <= C.MAX_PLAYERS]
    if bad:
        raise ValueError(f"--players: {bad[0]} player{'s' * (bad[0] != 1)}; Dominion is "
                         f"played by {C.MIN_PLAYERS} to {C.MAX_PLAYERS}")
    return counts


# the bots the balance report follows at every player count
MAIN_BOTS = ("big-money-ultimate", "smithy", "bm-witch", "bm-laboratory", "bm-gardens")


def card_set(name: str) -> str:
    """The set a card belongs to for ``--sets``: its registry set, the promos
    counted with the base set."""
    from simulator.engine import cards as C
    s = C.TABLE[C.card_id(name)].set
    return "base" if s == "promo" else s


def plan_balance(games: int = 100_000, players="2,3,4,5,6", *, seed: int = 0,
                 turn_cap: int = 100, out=None, records: bool = False,
                 job_games: int | None = None, sets=None) -> Plan:
    """The balance report's runs: each bm-<card> bot and the main bots against
    Big Money Ultimate, mirrors at each player count, and the bm-<card> bots
    in the recommended kingdoms (a tenth of the games), each in
    ``REPORT_BATCHES`` batches (the per-turn curves' CIs come from them).
    ``sets`` ('base,intrigue', a list; ``kingdom.parse_sets``) keeps the
    bm-<card> bots whose card is of those sets and the recommended kingdoms
    all of whose cards are; None (the default) keeps every one, so the
    cards of every set with bots are ranked together."""
    from simulator.engine import cards as C
    from simulator.engine.kingdom import RECOMMENDED
    from simulator.language.strategy import shipped_strategies
    check_job_games(job_games)
    if games < 100:
        raise ValueError(f"--games must be at least 100, not {games}")
    counts = parse_players(players)
    check_seed(seed)
    shipped = {s.stem: s for s in shipped_strategies()}
    if BASE not in shipped:
        raise ValueError(f"the shipped strategy {BASE} is missing")
    base = shipped[BASE]
    chosen = None
    if sets is not None:
        from simulator.engine.kingdom import parse_sets
        chosen = set(parse_sets(sets))
    kept = lambda names: chosen is None or {card_set(n) for n in names} <= chosen  # noqa: E731
    bms = [shipped[s] for s in bm_stems("single") if kept([bm_card(shipped[s])])]
    combos = [shipped[s] for s in bm_stems("combo") if kept([bm_card(shipped[s])])]
    if not bms:
        raise ValueError(f"no bm-<card> bot of the sets {', '.join(sorted(chosen))} is "
                         "shipped")
    games_sweep = max(games // SWEEP_SHARE, 100)
    todo = []       # (kind, strats, games, players, kingdom, info, label)
    for s in bms:
        todo.append(("card", [s, base], games, None, None, bm_info(s),
                     f"{s.name} vs {base.name}"))
    for s in combos:
        todo.append(("combo", [s, base], games, None, None, bm_info(s),
                     f"{s.name} vs {base.name}"))
    for p in counts:
        todo.append(("mirror", [base], games, p, None, dict(players=p),
                     f"{base.name} mirror, {p} players"))
    for stem in MAIN_BOTS:
        if stem != BASE and stem in shipped and not stem.startswith("bm-"):
            todo.append(("main", [shipped[stem], base], games, None, None, {},
                         f"{shipped[stem].name} vs {base.name}"))
    skipped = []
    for kname, kcards in RECOMMENDED.items():
        if not kept(kcards):
            continue
        ids = {C.card_id(c) for c in kcards}
        for s in bms:
            missing = s.cards() - ids
            if missing:
                skipped.append(dict(kingdom=kname, a=s.name, b=base.name,
                                    reason="needs " + card_names(missing)))
                continue
            todo.append(("sweep", [s, base], games_sweep, None, list(kcards),
                         dict(kingdom=kname, **bm_info(s)), f"{kname}: {s.name} vs {base.name}"))
    setups, table = [], {}
    for kind, strats, n, p, kingdom, info, label in todo:
        stems = [s.stem for s in strats]
        run_seed = derive_seed(seed, "balance", kind, *stems, p or 2, info.get("kingdom", ""))
        setups.append(make_setup(table, kind, strats, None, n, run_seed, players=p,
                             kingdom=kingdom, turn_cap=turn_cap, batches=REPORT_BATCHES,
                             label=label, info=info))
    players_text = ",".join(str(p) for p in counts)
    command = (f"domsim report balance{f' --out {out}' if out is not None else ''} "
               f"--games {games} --players {players_text} --seed {seed}"
               + (f" --turn-cap {turn_cap}" if turn_cap != 100 else "")
               + (f" --sets {','.join(sorted(chosen))}" if chosen is not None else ""))
    meta = dict(command="report balance", regenerate=command, seed=seed, games=games,
                games_cards=games, games_mirror=games, games_sweep=games_sweep,
                players=counts, turn_cap=turn_cap, batches=REPORT_BATCHES,
                sets=None if chosen is None else sorted(chosen),
                total_games=sum(s.games for s in setups), sweep_skipped=skipped)
    return Plan("report balance", setups, meta, table, job_games, records)


# ============================================================ compare

# compare on Dask: jobs of at most JOB_SEAT_GAMES seat-games, about COMPARE_JOBS
# of them (at least MIN_JOB_GAMES games each) so every worker of a small
# cluster gets some; the Dask executor packs small jobs into tasks again.
COMPARE_JOBS = 64
MIN_JOB_GAMES = 1024


def plan_compare(strategies: Sequence, games: int, seed: int = 0, *, players=None,
                 kingdom=None, turn_cap: int = 100, edition: int | None = None,
                 seating: str = "all", job_games: int | None = None, sets=None) -> Plan:
    """``domsim compare`` as one setup cut into jobs, to play on Dask
    (``run_compare`` merges them); its inputs are checked now, as
    ``runner.simulate`` checks them."""
    from simulator.runs.runner import check_games
    from simulator.runs.seating import plan_seating
    check_job_games(job_games)
    check_games(games)
    table: dict = {}
    s = make_setup(table, "compare", list(strategies), None, games, seed, players=players,
                   kingdom=kingdom, turn_cap=turn_cap, edition=edition, seating=seating,
                   sets=sets)
    plan_seating(s.players, len(s.strategies), seed, seating)
    size = job_games or min(JOB_SEAT_GAMES // s.players,
                            max(MIN_JOB_GAMES, -(-games // COMPARE_JOBS)))
    meta = dict(command="compare", kingdom=kingdom, games=games, seed=seed)
    return Plan("compare", [s], meta, table, size)


def run_compare(plan: Plan, executor, strategies: Sequence, *, progress=None):
    """Play ``plan_compare``'s plan (of ``strategies``) on ``executor`` and
    merge its jobs into the ``Results`` that ``runner.simulate`` gives for the
    same arguments: the same bits (sums of integers, the rule fires too) but
    ``seconds``, here the wall time."""
    from simulator.runs.results import Tally
    from simulator.runs.runner import _compile, run_results
    from simulator.runs.seating import plan_seating
    started = time.perf_counter()
    done = execute(plan, executor, progress=progress)
    seconds = time.perf_counter() - started
    [s], kingdom = plan.setups, plan.meta["kingdom"]
    strats, players, cards, program = _compile(strategies, s.players, kingdom, s.seed,
                                               s.edition, s.sets)
    got = [done[job.key] for job in plan.jobs()]
    tally = Tally.empty(len(strats), players)
    for r in got:
        tally = tally + r.tally
    seating = plan_seating(players, len(strats), s.seed, s.seating).describe()
    return run_results(strats, cards, program, kingdom, s.seed, s.edition, players,
                       s.turn_cap, seating, None, tally, sum(r.per_turn for r in got),
                       sum(r.hits for r in got), seconds, s.sets)


# ============================================================ running a plan

def execute(plan: Plan, executor, *, run_dir=None, done: dict | None = None,
            progress=None, on_result: Callable[[JobResult], None] | None = None
            ) -> dict[str, JobResult]:
    """Run the plan's jobs that are not ``done`` (default: the results saved
    in ``run_dir``); return every job's result by key.  Each result is saved
    to ``run_dir`` as it arrives, so an interruption loses at most the jobs
    that were running.

    ``progress``: None shows a progress display on a terminal only, False
    never, True always; ``on_result`` is called after each new result.
    """
    from simulator.output.progress import JobProgress
    jobs = plan.jobs()
    if done is None:
        done = run_dir.finished(jobs) if run_dir is not None else {}
    done = dict(done)
    todo = [j for j in jobs if j.key not in done]
    by_key = {j.key: j for j in todo}
    games_done = sum(j.count for j in jobs if j.key in done)
    runs, per_setup = {}, {}
    for i, _, job in plan.cut():
        per_setup[i] = per_setup.get(i, 0) + 1
    for i, _, job in plan.cut():
        if job.key not in done:
            s = plan.setups[i]
            runs[job.key] = (s.label or f"run {i + 1}", per_setup[i])
    with JobProgress(len(jobs), plan.games, done_jobs=len(done), done_games=games_done,
                     description=plan.command, enabled=progress, runs=runs) as bar:
        batch = executor.submit(todo)
        try:
            for res in batch:
                if run_dir is not None:
                    run_dir.save(res)
                done[res.key] = res
                bar.advance(by_key[res.key].count, res.key)
                if on_result is not None:
                    on_result(res)
        finally:
            batch.cancel()
    return done


def merge(plan: Plan, results: Mapping[str, JobResult]) -> list:
    """One ``simulator.runs.store.Run`` per setup, from its jobs' results.  Sums of
    integers and records in game order: the same bits in any finishing order."""
    import numpy as np
    from simulator.runs.store import Run, concat_results
    from simulator.runs.results import Results
    by_batch: dict[tuple[int, int], list[tuple[int, JobResult]]] = {}
    for i, b, job in plan.cut():
        if job.key not in results:
            raise ValueError(f"job {job.key} has no result: the run is not complete")
        by_batch.setdefault((i, b), []).append((job.first, results[job.key]))
    runs = []
    for i, s in enumerate(plan.setups):
        parts = []
        for b, seed in enumerate(s.batch_seeds):
            got = [r for _, r in sorted(by_batch[(i, b)], key=lambda x: x[0])]
            tally = got[0].tally
            per_turn = np.array(got[0].per_turn, dtype=np.int64)
            for r in got[1:]:
                tally = tally + r.tally
                per_turn = per_turn + r.per_turn
            records = (np.concatenate([r.records for r in got]) if plan.records else None)
            parts.append(Results(records, list(s.labels), seed=seed, players=s.players,
                                 kingdom=list(s.kingdom), turn_cap=s.turn_cap,
                                 seconds=sum(r.seconds for r in got),
                                 tally=None if plan.records else tally,
                                 per_turn=per_turn, notes=list(s.notes)))
        info, arrays = dict(s.info), {}
        if len(parts) == 1:
            res = parts[0]
        else:
            res = concat_results(parts, seed=s.seed)
            res.notes = list(s.notes)
            info["batch_seeds"] = list(s.batch_seeds)
            arrays["per_turn_batches"] = np.stack([r.per_turn for r in parts])
        runs.append(Run(res, s.kind, tuple(s.stems), info, arrays))
    return runs


def plan_definitions(plan: Plan) -> list[dict]:
    """Every strategy of the plan once, by its label: full definition and
    hash (``simulator.runs.provenance``), for reports and exports."""
    from simulator.runs.provenance import from_data
    out: dict[str, dict] = {}
    for s in plan.setups:
        for label, sid in zip(s.labels, s.strategies):
            out.setdefault(label, from_data(label, plan.strategies[sid]))
    return list(out.values())


def finished_meta(plan: Plan, seconds: float, cores: int) -> dict:
    """The plan's facts plus how this run went (time, version, date)."""
    meta = dict(plan.meta, seconds=seconds, version=domsim_version(),
                definitions=plan_definitions(plan))
    if plan.command == "report balance":
        meta.update(threads=cores, simulated=now_utc())
    else:
        meta["date"] = now_utc()
    return meta


def run_plan(plan: Plan, executor, *, run_dir=None, done=None, progress=None,
             on_result=None) -> tuple[list, dict]:
    """Execute and merge: the runs and the report's metadata."""
    started = time.perf_counter()
    results = execute(plan, executor, run_dir=run_dir, done=done, progress=progress,
                      on_result=on_result)
    seconds = time.perf_counter() - started
    return merge(plan, results), finished_meta(plan, seconds, executor.cores)
