"""Rule cases: set up a position, run one kernel step, compare with the rules.

The case format is defined in tests/conformance/README.md (the shared suite's).  A case
runs through the same kernel functions that play the millions of games
(``kernel.run_step``), on a state built here from the case's zones; the
project's own scenario tests in ``tests/scenarios/`` use the same format.
"""
from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from simulator.engine import cards as C
from simulator.engine import effects as FX, kernel as K
from simulator.engine import codes as S, program as PG, zones as Z
from simulator.engine.kingdom import black_market_deck, complete_kingdom, parse_kingdom, supply_mask
from simulator.language.strategy import (PYTHON_SOURCE, Strategy, StrategyError, compile_program,
                       read_small_text)

STEPS = {"play": 0, "turn": 1, "end_of_turn": 2}
ZONES = {"hand": S.HAND, "discard": S.DISC, "in_play": S.PLAY_ROW, "set_aside": S.ASIDE,
         "durations": S.DUR}
# "durations" (a domsim extension): cards in play since an earlier turn, a
# Duration card among them with its next-turn effect still to come (a
# Duration Attack with a lasting effect, Corsair, hit every other player).
# "mats" (a domsim extension): a table of the player's mats by name
# (``mats = { "island" = ["Test Island", "Estate"] }``), each a multiset;
# the mats a case names are set up, or checked, and no others
# "extra_turn" (p0, a domsim extension): true when this turn is an extra
# turn (the previous turn was p0's); "takes_extra_turn" (expect, p0): a card
# gave p0 an extra turn after this one.
# "gained" (a domsim extension): the cards the player gained on its own
# turn, this one so far (p0) or its last (Smugglers reads the player to its
# right's); "hits": the seats the player's Attacks that act later (Blockade)
# hit since its last turn.
# "embargo" (a domsim extension, case and expect): the Embargo tokens on
# Supply piles, a table of pile = tokens (``embargo = { Smithy = 2 }``);
# expected: exactly those piles have tokens.
# "pirate_ship_tokens" (a domsim extension): the Coin tokens on the player's
# Pirate Ship mat (a count, not cards).
# "edition" (a domsim extension, case level): 1 plays the case as a game of
# ``--edition 1``: its card names are their first printings (Treasury's).
MATS = {name: S.MAT0 + m for m, name in enumerate(C.MAT_NAMES)}
SETUP_KEYS = {"hand", "deck", "discard", "in_play", "set_aside", "durations", "turns",
              "actions", "buys", "coins", "strategy", "cost_reduction", "extra_turn",
              "mats", "gained", "hits", "pirate_ship_tokens"}
EXPECT_PLAYER_KEYS = {"hand", "deck", "discard", "in_play", "set_aside", "durations",
                      "deck_count", "hand_count", "discard_count", "actions", "buys",
                      "coins", "vp", "turns", "takes_extra_turn", "mats", "gained", "hits",
                      "pirate_ship_tokens"}
EXPECT_GAME_KEYS = {"trash", "supply", "game_over", "winners", "ended_by", "black_market",
                    "embargo"}
CASE_KEYS = {"id", "rule", "about", "players", "kingdom", "supply", "embargo", "seed", "step",
             "expect", "xfail", "black_market", "edition"} | {f"p{i}" for i in
                                                            range(C.MAX_PLAYERS)}
NO_BUY = ["Province if false"]       # "buy nothing" for players without a strategy


class CaseError(ValueError):
    """A malformed case; the message names the file and the case."""


@dataclass
class Case:
    id: str
    file: str
    data: dict
    about: str = ""
    xfail: str | None = None       # reason, when a case is believed wrong
    players: int = 2
    step: dict = field(default_factory=dict)


def load_cases(path: str | Path) -> list[Case]:
    """Every case of a .toml file, or of every .toml file in a folder.

    A folder without ``*.toml`` files, a file whose tables are not
    ``[[case]]`` (a misspelt ``[[cases]]``), or no case at all is an error:
    a suite that runs nothing must not pass.
    """
    path = Path(path)
    files = sorted(path.glob("*.toml")) if path.is_dir() else [path]
    if not files:
        raise CaseError(f"{path}: no *.toml case files in this folder")
    cases: list[Case] = []
    seen: dict[str, str] = {}
    for f in files:
        try:
            doc = tomllib.loads(read_small_text(f, "rule-case file", CaseError))
        except tomllib.TOMLDecodeError as e:
            raise CaseError(f"{f}: not valid TOML: {e}") from None
        for key in doc:
            if key != "case":
                raise CaseError(f"{f}: unknown table or key {key!r}{C.suggest(key, ['case'])}"
                                "; cases are [[case]] tables")
        if not isinstance(doc.get("case", []), list):
            raise CaseError(f"{f}: cases are [[case]] tables (an array), not [case]")
        if not doc.get("case"):
            raise CaseError(f"{f}: no [[case]] tables in this file")
        for i, data in enumerate(doc["case"]):
            case = _check(data, f"{f.name}: case {i + 1}")
            if case.id in seen:
                raise CaseError(f"{f.name}: case id {case.id!r} also in {seen[case.id]}")
            seen[case.id] = f.name
            case.file = str(f)
            cases.append(case)
    return cases


def _check(data: dict, where: str) -> Case:
    cid = data.get("id")
    if not isinstance(cid, str) or not cid:
        raise CaseError(f"{where}: every case needs an `id` string")
    where = f"{where} ({cid})"
    unknown = set(data) - CASE_KEYS
    if unknown:
        raise CaseError(f"{where}: unknown key(s) {sorted(unknown)}")
    step = data.get("step")
    if not isinstance(step, dict) or step.get("kind") not in STEPS:
        raise CaseError(f"{where}: [case.step] kind must be one of {sorted(STEPS)}")
    if step["kind"] == "play" and not isinstance(step.get("card"), str):
        raise CaseError(f"{where}: a play step needs `card`")
    if data.get("edition", 2) not in C.EDITIONS:
        raise CaseError(f"{where}: edition must be 1 or 2, not {data['edition']!r}")
    players = data.get("players", 2)
    if not isinstance(players, int) or not C.MIN_PLAYERS <= players <= C.MAX_PLAYERS:
        raise CaseError(f"{where}: players must be 2 to 6, not {players!r}")
    for key in ("supply", "embargo", "expect",
                *(k for k in data if k.startswith("p") and k[1:].isdigit())):
        if key in data and not isinstance(data[key], dict):
            raise CaseError(f"{where}: {key} must be a table ([case.{key}] or "
                            f"{key} = {{ ... }}), not {data[key]!r}")
    for key in (k for k in data if k.startswith("p") and k[1:].isdigit()):
        if int(key[1:]) >= players:
            raise CaseError(f"{where}: [{key}] but only {players} players")
        bad = set(data[key]) - SETUP_KEYS
        if bad:
            raise CaseError(f"{where}: [case.{key}] unknown key(s) {sorted(bad)}")
    expect = data.get("expect", {})
    for key, val in expect.items():
        if key.startswith("p") and key[1:].isdigit():
            bad = set(val) - EXPECT_PLAYER_KEYS
        else:
            bad = {key} - EXPECT_GAME_KEYS
        if bad:
            raise CaseError(f"{where}: [case.expect] unknown key(s) {sorted(bad)}")
    return Case(id=cid, file="", data=data, about=data.get("about", ""),
                xfail=data.get("xfail"), players=players, step=step)


def expand(cards: list[str], where: str) -> list[int]:
    """Card ids of a list like ["Copper*3", "Estate"], in order; ``where``
    names the case and field in errors."""
    if not isinstance(cards, list):
        raise CaseError(f"{where}: a list of card names is needed, like [\"Copper*3\", "
                        f"\"Estate\"], not {cards!r}")
    out = []
    for item in cards:
        if not isinstance(item, str):
            raise CaseError(f"{where}: card names are strings, not {item!r}")
        name, _, times = item.partition("*")
        try:
            c = C.card_id(name)
        except C.UnknownCardError as e:
            raise CaseError(f"{where}: {e}") from None
        count = _count(times, f"{where}: {item!r}") if times else 1
        out += [c] * count
    return out


def _mats(table, where: str) -> dict[str, list[int]]:
    """A case's ``mats = { "<mat>" = [cards] }``: card ids by mat name."""
    if not isinstance(table, dict):
        raise CaseError(f"{where}: mats must be a table like {{ \"island\" = [\"Estate\"] }}, "
                        f"not {table!r}")
    for mat in table:
        if mat not in MATS:
            raise CaseError(f"{where}: mats: unknown mat {mat!r}{C.suggest(mat, MATS)} "
                            f"(mats: {', '.join(MATS)})")
    return {mat: expand(cards, f"{where}: mats.{mat}") for mat, cards in table.items()}


def _count(text, where: str) -> int:
    """A whole number of at least 1 (``Copper*3``)."""
    try:
        n = int(text)
    except (TypeError, ValueError):
        n = 0
    if n < 1 or isinstance(text, bool):
        raise CaseError(f"{where}: the count after '*' must be a whole number of at "
                        "least 1")
    return n


def _number(value, where: str) -> int:
    """A count or amount given in a case: a whole number of at least 0."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1 << 15:
        raise CaseError(f"{where}: a whole number from 0 to 32767 is needed, not {value!r}")
    return value


# ------------------------------------------------------------------ state

@dataclass
class Position:
    z: np.ndarray
    deck: np.ndarray
    rng: np.ndarray
    fst: np.ndarray
    prog: np.ndarray


def _strategy_error(where: str, field: str, e: StrategyError) -> CaseError:
    """A strategy's mistake, named by the case and field (a case's strategy
    is built in Python, so its own message starts '<python>: ')."""
    msg = str(e)
    if msg.startswith(PYTHON_SOURCE + ": "):
        msg = msg[len(PYTHON_SOURCE) + 2:]
    return CaseError(f"{where}: {field}: {msg}")


def build(case: Case) -> Position:
    """The kernel state a case describes, with its players' strategies.

    Every mistake is a CaseError naming the case's file, id and field."""
    with C.edition_names(case.data.get("edition")):
        return _build(case)


def _build(case: Case) -> Position:
    d = case.data
    where = f"{Path(case.file).name}: {case.id}"
    n = case.players
    try:
        chosen = parse_kingdom(d.get("kingdom", []))
    except ValueError as e:
        raise CaseError(f"{where}: kingdom: {e}") from None
    market = expand(d.get("black_market", []), f"{where}: black_market")     # top first
    if market and not set(chosen) & C.MARKET_CARDS:
        raise CaseError(f"{where}: black_market without Black Market in the kingdom")
    base = [C.NAMES[c] for c in market if c not in C.KINGDOM_CARDS]
    if base:
        raise CaseError(f"{where}: black_market: {', '.join(base)} "
                        f"{'is a base card' if len(base) == 1 else 'are base cards'}; the "
                        "Black Market deck holds kingdom cards only")
    if set(market) & set(chosen) or len(set(market)) < len(market):
        raise CaseError(f"{where}: black_market: the Black Market deck holds one copy "
                        "of cards not in the kingdom")
    # the kingdom's filler never takes a Black Market card
    kingdom = complete_kingdom(chosen, filler=[c for c in C.card_pool(d.get("edition"))
                                               if c not in market])
    # cards a position holds can be played even if their pile is not in the supply
    zones = {(p, zone): expand(d.get(f"p{p}", {}).get(zone, []), f"{where}: p{p}.{zone}")
             for p in range(n) for zone in (*ZONES, "deck")}
    for p in range(n):
        for mat, cards in _mats(d.get(f"p{p}", {}).get("mats", {}), f"{where}: p{p}").items():
            zones[p, mat] = cards
    held = {c for cards in zones.values() for c in cards}
    # with Black Market a strategy may name any card of the pool, as in a game
    present = frozenset(kingdom) | held | set(market) | set(black_market_deck(kingdom))
    strategies = []
    for p in range(n):
        spec = d.get(f"p{p}", {}).get("strategy", {"buy": NO_BUY})
        if not isinstance(spec, dict):
            raise CaseError(f"{where}: p{p}.strategy must be a table like "
                            f"{{ buy = [\"Province\"] }}, not {spec!r}")
        spec = {"name": f"{case.id} p{p}", "buy": NO_BUY, **spec}
        try:
            strategies.append(Strategy.from_rules(**spec))
            compile_program(strategies[-1:], present)
        except StrategyError as e:
            raise _strategy_error(where, f"p{p}.strategy", e) from None
    _check_step(case, where, zones)
    prog = PG.pack_program(compile_program(strategies, present))

    z = np.zeros((S.NROWS, S.NC), dtype=np.int32)
    deck = np.zeros((S.MAXP, S.DECK_CAP), dtype=S.DECK_DTYPE)
    z[S.IN_GAME] = supply_mask(kingdom)
    z[S.SUPPLY] = np.where(z[S.IN_GAME] == 1, K.PILE[n], 0)
    for name, count in d.get("supply", {}).items():
        c = expand([name], f"{where}: supply")[0]
        if not z[S.IN_GAME, c]:
            raise CaseError(f"{where}: supply.{name}: {C.NAMES[c]} is not in the kingdom "
                            "(nor a base card)")
        z[S.SUPPLY, c] = _number(count, f"{where}: supply.{name}")
    for name, count in d.get("embargo", {}).items():
        c = expand([name], f"{where}: embargo")[0]
        if not z[S.IN_GAME, c]:
            raise CaseError(f"{where}: embargo.{name}: {C.NAMES[c]} is not a Supply pile")
        z[S.EMBARGO, c] = _number(count, f"{where}: embargo.{name}")
    z[S.GS, S.GS_EMBARGO_CLEAN] = 1                 # the tokens are this game's
    z[S.MARKET, :len(market)] = market
    z[S.GS, S.GS_MARKET_N] = len(market)
    z[S.GS, S.GS_PLAYERS] = n
    z[S.GS, S.GS_EMPTY_TO_END] = C.empty_piles_to_end(n)
    z[S.GS, S.GS_EMPTY] = int(np.sum((z[S.IN_GAME] == 1) & (z[S.SUPPLY] == 0)))
    for p in range(n):
        spec = d.get(f"p{p}", {})
        ps = p * S.PR + S.PS
        z[ps, S.PS_STRAT] = p
        z[ps, S.PS_TURNS] = _number(spec.get("turns", 0), f"{where}: p{p}.turns")
        rows = {**ZONES, **MATS}
        for zone, row in rows.items():
            for c in zones.get((p, zone), ()):
                z[p * S.PR + row, c] += 1
        for m in range(S.NMATS):
            z[ps, S.PS_MAT_N0 + m] = z[p * S.PR + S.MAT0 + m].sum()
        top_first = zones[p, "deck"]
        for i, c in enumerate(reversed(top_first)):
            deck[p, i] = c
        z[ps, S.PS_DECK_N] = z[ps, S.PS_KNOWN] = len(top_first)
        z[ps, S.PS_HAND_N] = z[p * S.PR + S.HAND].sum()
        z[ps, S.PS_DISC_N] = z[p * S.PR + S.DISC].sum()
        z[ps, S.PS_ASIDE_N] = z[p * S.PR + S.ASIDE].sum()
        owned = sum(z[p * S.PR + row] for row in rows.values()) + np.bincount(
            np.asarray(top_first, dtype=np.int64), minlength=S.NC)
        z[p * S.PR + S.OWN] = owned
        Z.recount(z, p)
        for c in expand(spec.get("gained", []), f"{where}: p{p}.gained"):
            z[p * S.PR + S.TURN_GAINS, c] += 1
        z[ps, S.PS_HIT] = _seats(spec.get("hits", []), n, f"{where}: p{p}.hits")
        z[ps, S.PS_PIRATE_SHIP] = _number(spec.get("pirate_ship_tokens", 0),
                                          f"{where}: p{p}.pirate_ship_tokens")
        for c in zones[p, "durations"]:             # their effects are still to come
            if C.TYPES[c] & C.DURATION:
                z[p * S.PR + S.NEXT, c] += 1
            z[ps, S.PS_NEXT_N] += 1
            if C.ON_TREASURE_HITS[c, 0] >= 0:       # played hitting every other player
                z[ps, S.PS_HOOK_HITS] |= sum(1 << q for q in range(n) if q != p)
    p0 = d.get("p0", {})
    for key, default, row in (("actions", 1, S.GS_ACTIONS), ("buys", 1, S.GS_BUYS),
                              ("coins", 0, S.GS_COINS), ("cost_reduction", 0, S.GS_COST_DOWN)):
        z[S.GS, row] = _number(p0.get(key, default), f"{where}: p0.{key}")
    # the Actions p0 has in play were played this turn (Conspirator counts them)
    z[S.GS, S.GS_PLAYED] = int(sum(k for c, k in enumerate(z[S.PLAY_ROW])
                                   if C.TYPES[c] & C.ACTION))
    extra = p0.get("extra_turn", False)
    if not isinstance(extra, bool):
        raise CaseError(f"{where}: p0.extra_turn: true or false, not {extra!r}")
    z[S.GS, S.GS_IN_EXTRA] = extra
    z[S.GS, S.GS_TURN_P] = 1                        # p0's turn
    rng = np.zeros(2, dtype=np.uint64)
    K.seed_game(rng, int(d.get("seed", 1)), 0)
    return Position(z, deck, rng, np.zeros(64), prog)


def _seats(seats, n: int, where: str) -> int:
    """A list of seats as a bit mask."""
    if not isinstance(seats, list) or any(isinstance(q, bool) or not isinstance(q, int)
                                          or not 0 <= q < n for q in seats):
        raise CaseError(f"{where}: a list of seats 0 to {n - 1} is needed, not {seats!r}")
    return sum(1 << q for q in set(seats))


def _check_step(case: Case, where: str, zones: dict) -> None:
    """A play step plays an Action card from p0's hand (the kernel would
    play one that is not there, leaving a count of -1)."""
    if case.step["kind"] != "play":
        return
    card = expand([case.step["card"]], f"{where}: step.card")[0]
    name = C.NAMES[card]
    if not C.TYPES[card] & C.ACTION:
        raise CaseError(f"{where}: step.card: {name} is not an Action card; a play "
                        "step plays an Action card from p0's hand")
    if card not in zones[0, "hand"]:
        hand = ", ".join(C.NAMES[c] for c in zones[0, "hand"]) or "empty"
        raise CaseError(f"{where}: step.card: {name} is not in p0's hand ({hand}); "
                        f"add it to [case.p0] hand")


def observe(pos: Position, n: int) -> dict:
    """The state a case can state expectations about, in the case's terms."""
    z, deck = pos.z, pos.deck
    out: dict = {"trash": _multiset(z[S.TRASH_ROW]),
                 "supply": {C.NAMES[c]: int(z[S.SUPPLY, c]) for c in range(S.NC)
                            if z[S.IN_GAME, c]},
                 "black_market": [C.NAMES[c] for c in z[S.MARKET, :z[S.GS, S.GS_MARKET_N]]],
                 "embargo": {C.NAMES[c]: int(z[S.EMBARGO, c]) for c in range(S.NC)
                             if z[S.EMBARGO, c]}}
    for p in range(n):
        ps = p * S.PR + S.PS
        view = {zone: _multiset(z[p * S.PR + row]) for zone, row in ZONES.items()}
        view["mats"] = {mat: _multiset(z[p * S.PR + row]) for mat, row in MATS.items()}
        dn = z[ps, S.PS_DECK_N]
        view["deck"] = [C.NAMES[c] for c in deck[p, :dn][::-1]]
        view["deck_count"] = int(dn)
        view["hand_count"] = int(z[ps, S.PS_HAND_N])
        view["discard_count"] = int(z[ps, S.PS_DISC_N])
        view["turns"] = int(z[ps, S.PS_TURNS])
        view["vp"] = int(Z.victory_points(z, p))
        view["gained"] = _multiset(z[p * S.PR + S.TURN_GAINS])
        view["hits"] = [q for q in range(n) if z[ps, S.PS_HIT] >> q & 1]
        view["pirate_ship_tokens"] = int(z[ps, S.PS_PIRATE_SHIP])
        out[f"p{p}"] = view
    out["p0"].update(actions=int(z[S.GS, S.GS_ACTIONS]), buys=int(z[S.GS, S.GS_BUYS]),
                     coins=int(z[S.GS, S.GS_COINS]),
                     takes_extra_turn=bool(z[S.GS, S.GS_EXTRA_HAND] > 0))
    return out


def _multiset(row) -> Counter:
    return Counter({C.NAMES[c]: int(k) for c, k in enumerate(row) if k})


def run_case(case: Case) -> list[str]:
    """Differences between what the case expects and what the kernel did."""
    pos = build(case)
    kind = STEPS[case.step["kind"]]
    with C.edition_names(case.data.get("edition")):
        card = C.card_id(case.step["card"]) if kind == 0 else -1
    vp = np.zeros(S.MAXP, dtype=np.int32)
    outcome = np.zeros(S.MAXP, dtype=np.int32)
    FX.load_effects(range(S.NC))        # a position may hold any card
    ended = K.run_step(pos.z, pos.deck, pos.rng, pos.fst, pos.prog, kind, card,
                       1 << 20, vp, outcome)
    got = observe(pos, case.players)
    got["game_over"] = ended != S.NOT_ENDED
    got["ended_by"] = S.ENDED_NAMES[ended] if ended != S.NOT_ENDED else None
    got["winners"] = [p for p in range(case.players) if outcome[p]]
    return compare(case.data.get("expect", {}), got, f"{Path(case.file).name}: {case.id}")


def compare(expect: dict, got: dict, where: str) -> list[str]:
    diffs = []
    for key, want in expect.items():
        if isinstance(want, dict) and key.startswith("p"):
            for zone, w in want.items():
                g = got[key][zone]
                if zone == "mats":
                    for mat, cards in _mats(w, f"{where}: {key}").items():
                        w_mat = Counter(C.NAMES[c] for c in cards)
                        if g[mat] != w_mat:
                            diffs.append(f"{key}.mats.{mat}: expected {_show(w_mat)}, "
                                         f"got {_show(g[mat])}")
                    continue
                if isinstance(g, Counter):
                    w = Counter(C.NAMES[c] for c in expand(w, where))
                elif zone == "deck":
                    w = [C.NAMES[c] for c in expand(w, where)]
                if g != w:
                    diffs.append(f"{key}.{zone}: expected {_show(w)}, got {_show(g)}")
        elif key == "supply":
            for name, count in want.items():
                g = got["supply"].get(C.NAMES[C.card_id(name)])
                if g != count:
                    diffs.append(f"supply.{name}: expected {count}, got {g}")
        elif key == "embargo":
            w = {C.NAMES[C.card_id(name)]: count for name, count in want.items() if count}
            if got["embargo"] != w:
                diffs.append(f"embargo: expected {w!r}, got {got['embargo']!r}")
        elif key == "trash":
            w = Counter(C.NAMES[c] for c in expand(want, where))
            if got["trash"] != w:
                diffs.append(f"trash: expected {_show(w)}, got {_show(got['trash'])}")
        elif key == "black_market":
            w = [C.NAMES[c] for c in expand(want, where)]
            if got[key] != w:
                diffs.append(f"black_market: expected {w!r}, got {got[key]!r}")
        elif key == "winners":
            if sorted(want) != got["winners"]:
                diffs.append(f"winners: expected {sorted(want)}, got {got['winners']}")
        elif got[key] != want:
            diffs.append(f"{key}: expected {want!r}, got {got[key]!r}")
    return diffs


def _show(v) -> str:
    if isinstance(v, Counter):
        return "[" + ", ".join(f"{n}*{k}" if k > 1 else n for n, k in sorted(v.items())) + "]"
    return repr(v)
