"""Invariants over thousands of random games at 2-6 players.

After every turn of every game: each card is conserved across supply, every
zone and the trash; each player's owned counts equal its zones; no count is
negative; and a finished game ended by a valid condition, its z left so that
the next game's clearing (``_clear_played``) zeroes it.
"""
import numpy as np
import pytest
from numba import njit

from simulator.engine import cards as C
from simulator.engine import effects as FX, kernel as K
from simulator.engine import codes as S, program as PG
from simulator.engine.kingdom import black_market_deck, supply_mask
from simulator.language.strategy import Strategy, compile_program

OK = 0


# the count zones a card owned may be in besides the deck: the mats too
ZONE_ROWS = np.array([S.HAND, S.PLAY_ROW, S.DISC, S.ASIDE, S.DUR,
                      *range(S.MAT0, S.MAT0 + S.NMATS)], dtype=np.int64)


@njit(cache=True)
def _check(z, deck, n, start):
    """0 if the state is consistent, else a code saying what broke."""
    for c in range(S.NC):
        total = z[S.SUPPLY, c] + z[S.TRASH_ROW, c]
        for i in range(z[S.GS, S.GS_MARKET_N]):
            total += z[S.MARKET, i] == c
        if z[S.SUPPLY, c] < 0 or z[S.TRASH_ROW, c] < 0:
            return 1
        for p in range(n):
            ps = p * S.PR + S.PS
            in_deck = 0
            for i in range(z[ps, S.PS_DECK_N]):
                if deck[p, i] == c:
                    in_deck += 1
            owned = in_deck
            for row in ZONE_ROWS:
                k = z[p * S.PR + row, c]
                if k < 0:
                    return 2
                owned += k
            if owned != z[p * S.PR + S.OWN, c]:
                return 3
            total += owned
        if total != start[c]:
            return 4
    for p in range(n):
        ps = p * S.PR + S.PS
        if z[ps, S.PS_HAND_N] != z[p * S.PR + S.HAND].sum():
            return 5
        if z[ps, S.PS_DISC_N] != z[p * S.PR + S.DISC].sum():
            return 6
        if z[ps, S.PS_OWN_N] != z[p * S.PR + S.OWN].sum():
            return 7
        for m in range(S.NMATS):
            if z[ps, S.PS_MAT_N0 + m] != z[p * S.PR + S.MAT0 + m].sum():
                return 14     # a mat's size scalar (the <mat>_mat.size word) is off
        if not 0 <= z[ps, S.PS_KNOWN] <= z[ps, S.PS_DECK_N]:
            return 8
        money = 0
        for c in range(S.NC):
            if S.TYPES[c] & S.T_TREASURE:
                money += z[p * S.PR + S.OWN, c] * S.P_COINS[c]
        if money != z[ps, S.PS_MONEY]:
            return 11
        for i in range(S.NTYPES):
            n_type = 0
            for c in range(S.NC):
                if S.TYPES[c] & (1 << i):
                    n_type += z[p * S.PR + S.OWN, c]
            if n_type != z[ps, S.PS_TYPE0 + i]:
                return 12
        if z[p * S.PR + S.ASIDE].sum() != 0 or z[p * S.PR + S.PLAY_ROW].sum() != 0:
            return 9          # between turns nothing is set aside or in play (but Durations)
        for c in range(S.NC):
            if z[p * S.PR + S.NEXT, c] > 0 and z[p * S.PR + S.DUR, c] == 0:
                return 13     # a next-turn effect of a card no longer in play
    empty = 0
    for c in range(S.NC):
        if z[S.IN_GAME, c] and z[S.SUPPLY, c] == 0:
            empty += 1
    if empty != z[S.GS, S.GS_EMPTY]:
        return 10
    return OK


@njit(cache=True)
def _cleared_to_zero(z):
    """Whether ``_clear_played`` leaves a finished game's z zeroed where
    ``_deal`` needs it: everywhere but the rows it writes whole (SUPPLY,
    IN_GAME), those read below a length (STACK, MARKET) and the Embargo
    tokens, which the next game's first turn zeroes (``gains.clean_tokens``:
    GS_EMBARGO_CLEAN, in the GS row, is zero again)."""
    K._clear_played(z)
    for row in range(S.NROWS):
        if row not in (S.SUPPLY, S.IN_GAME, S.STACK, S.MARKET, S.EMBARGO):
            for c in range(S.NC):
                if z[row, c] != 0:
                    return False
    return True


@njit(cache=True)
def _play_checked(prog, kingdom, n, seed, games, turn_cap, start, ends):
    z = np.zeros((S.NROWS, S.NC), dtype=np.int32)
    deck = np.zeros((S.MAXP, S.DECK_CAP), dtype=S.DECK_DTYPE)
    rng = np.zeros(2, dtype=np.uint64)
    fst = np.zeros(64)
    strat = np.arange(S.MAXP).astype(np.int32)
    for g in range(games):
        K.seed_game(rng, seed, g)
        K.setup_game(z, deck, rng, kingdom, n, strat)
        err = _check(z, deck, n, start)
        if err:
            return g, err
        p = 0
        while True:
            K.take_turn(z, deck, rng, fst, prog, p)
            err = _check(z, deck, n, start)
            if err:
                return g, err
            ended = K.game_over(z, p, turn_cap)
            if ended != S.NOT_ENDED:
                break
            p = (p + 1) % n
        valid = (
            (ended == S.ENDED_PROVINCES and z[S.SUPPLY, C.Card.PROVINCE] == 0)
            or (ended == S.ENDED_PILES and z[S.GS, S.GS_EMPTY] >= z[S.GS, S.GS_EMPTY_TO_END])
            or (ended == S.ENDED_TURN_CAP and z[(n - 1) * S.PR + S.PS, S.PS_TURNS] >= turn_cap))
        if not valid:
            return g, 20
        if not _cleared_to_zero(z.copy()):
            return g, 21
        ends[ended] += 1
    return -1, OK


def _random_bot(rng, kingdom, i):
    """A bot that buys and plays every card of the kingdom now and then."""
    names = [C.NAMES[c] for c in rng.permutation(kingdom)]
    buy = ["Province if my.money > 12", "Gold", "Duchy if supply.Province <= 4"]
    buy += [f"{n} if my.{n.replace(' ', '')} < {rng.integers(1, 4)}" for n in names]
    buy += ["Silver", "Estate if supply.Province <= 2", "Copper if my.turn > 30"]
    lists = {}
    if rng.random() < 0.5:
        lists["trash"] = ["Curse", "Estate", "Copper if my.money > 5"]
    if rng.random() < 0.5:
        lists["discard"] = ["Curse", "Estate", "Copper"]
    return Strategy.from_rules(f"random {i}", buy, **lists)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_cards_conserved_in_random_games(players):
    rng = np.random.default_rng(players)
    ends = np.zeros(3, dtype=np.int64)
    # with DOMSIM_EXTRA_SETS (tests/test_mechanisms.py) the test-only cards
    # join every kingdom; without them the draws are as they always were
    tests_only = [c for c in C.KINGDOM_CARDS if C.TABLE[c].set == "test"]
    # names resolve to a card's second edition here: no first printing (Treasury's)
    others = [c for c in C.card_pool() if c not in tests_only]
    for round_ in range(8):
        # more test cards than a kingdom holds: 8 of them a round, at random
        chosen = (tests_only if len(tests_only) <= 8
                  else rng.choice(tests_only, 8, replace=False).tolist())
        kingdom = sorted(chosen + rng.choice(others, 10 - len(chosen),
                                             replace=False).tolist())
        if round_ == 0 and C.Card.BLACK_MARKET not in kingdom:
            kingdom = sorted([C.Card.BLACK_MARKET, *kingdom[1:]])
        market = black_market_deck(kingdom)      # bots buy some of it too
        bots = [_random_bot(rng, kingdom + market[:4], i) for i in range(players)]
        prog = PG.pack_program(compile_program(bots, frozenset(kingdom) | set(market)))
        mask = supply_mask(kingdom, market)
        start = np.array([K.PILE[players, c] if mask[c] == 1 else int(mask[c] == 2)
                          for c in range(S.NC)])
        start[C.Card.COPPER] += 7 * players
        start[C.Card.ESTATE] += 3 * players
        FX.load_effects(PG.ownable_cards(prog, mask))
        game, err = _play_checked(prog, mask, players, round_, 60, 60, start, ends)
        assert err == OK, f"kingdom {kingdom}: game {game} broke invariant {err}"
    assert ends.sum() == 8 * 60
    assert ends[S.ENDED_PROVINCES] + ends[S.ENDED_PILES] > 0


def test_every_gain_goes_through_one_primitive():
    """Only ``_gain`` gives a player a card (the starting cards and
    ``recount`` of a built position aside), so every way of gaining, a buy,
    a Black Market buy, Thief's gain from the trash, keeps the owned
    counts, ``gained.*``, ``bought.*`` and the supply true.  A passed card
    (``pass_left``, Masquerade) changes owner without being gained: its
    official FAQ says passed cards are not gained."""
    import ast
    from simulator.engine import engine_sources
    from source_trees import parse
    adders = set()
    functions = (n for path in engine_sources() for n in ast.walk(parse(path))
                 if isinstance(n, ast.FunctionDef))
    for fn in functions:
        for call in (n for n in ast.walk(fn) if isinstance(n, ast.Call)):
            k = call.args[3] if len(call.args) > 3 else None
            if getattr(call.func, "id", "") == "_own" and not (
                    isinstance(k, ast.UnaryOp) and isinstance(k.op, ast.USub)):
                adders.add(fn.name)               # p owns more (k not negative)
        for node in ast.walk(fn):                 # z[GAINED, c] += ...
            if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Subscript) \
                    and isinstance(node.target.slice, ast.Tuple) \
                    and getattr(node.target.slice.elts[0], "id", "") in ("GAINED", "BOUGHT"):
                adders.add(fn.name)
    assert adders == {"_gain", "_deal", "recount", "pass_left"}, adders
