"""The turn and the game: playing Actions, the three phases, the end,
setting up, and the entry points that play many games (``run_games``), one
traced game (``trace_game``) or one step of a rule case (``run_step``).

The decision path (picks, conditions, the phases) and the play of a plain
Action (only "+" numbers) are inlined into the turn.  The turn's helpers
take ``traced``: ``play_game`` passes the constant False, so its inlined
turns carry no event-log code (whose checks cost untraced games time:
docs/performance.md, "Event log cost").  The hot functions first rebind z
and deck with their widths as constants (``_fixed_columns``), so a cell's
address folds to a constant offset.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from simulator.engine import cards as C
from simulator.engine.cards import Card
from simulator.engine.codes import (
    ACTION_BIT,
    ASIDE,
    BOUGHT,
    CHOICE_ARG,
    CHOICE_N,
    CHOICE_OP,
    CHOOSE_OTHERS,
    CHOOSE_ALL,
    CHOOSE_PICK,
    COUNTS_PLAYS,
    RAISES_COPPER,
    DECK_CAP,
    DECK_DTYPE,
    DISC,
    DUR,
    DURATION_CARDS,
    ENDED_PILES,
    ENDED_PROVINCES,
    ENDED_TURN_CAP,
    EXTRA_TURN,
    EV_BUY,
    EV_BUY_PHASE,
    EV_CHOOSE,
    EV_CLEANUP,
    EV_COINS,
    EV_DURATION,
    EV_END,
    EV_EXTRA_TURN,
    EV_MOVE,
    EV_NOTHING,
    EV_PLUS_ACTIONS,
    EV_PLUS_BUYS,
    EV_PLUS_COINS,
    EV_REACT,
    EV_RESOLVE,
    EV_START,
    EV_TURN,
    EV_VP,
    FST_HITS,
    GAINED,
    GS,
    GS_ACTIONS,
    GS_BUYS,
    GS_COINS,
    GS_COST_DOWN,
    GS_COPPER_UP,
    GS_EMPTY,
    GS_EMPTY_TO_END,
    GS_EXTRA_HAND,
    GS_IN_EXTRA,
    GS_MARKET_N,
    GS_MERCHANT,
    GS_PLAYED,
    GS_PLAYERS,
    GS_STACK_N,
    GS_TURN_LOG,
    GS_TURN_NO,
    GS_TURN_P,
    GS_VICTORY_BOUGHT,
    GS_VICTORY_GAINED,
    GS_HOOK_DONE,
    HAND,
    HAND_SIZE,
    HAS_BUY_END_HOOKS,
    HAS_CLEANUP_HOOKS,
    HAS_FROM_PLAY,
    HAS_GAIN_HOOKS,
    HAS_DECK_OPS,
    HAS_MATS,
    HAS_ON_TREASURE,
    HAS_PASS_OPS,
    ON_TREASURE_HITS,
    OPT_PASS,
    OPT_RESET,
    PS_HOOK_HITS,
    IN_GAME,
    IN_MARKET,
    IN_SUPPLY,
    KINDS,
    LOSS,
    MARKET,
    MAT0,
    MAXP,
    NC,
    NEXT,
    NEXT_TURN,
    NO_EXTRA,
    NO_GAIN,
    NMATS,
    NOT_ENDED,
    ON_ATTACK,
    ON_ATTACK_DO,
    NROWS,
    OPT_ACTIONS,
    OPT_BUYS,
    OPT_CARDS,
    OPT_COINS,
    OPT_DISCARD,
    OPT_GAIN,
    OPT_GAIN_HAND,
    OPT_LOOKOUT,
    OPT_VICTORY_TO_HAND,
    OPT_NAME_REVEAL,
    OPT_DECK_TO_MAT,
    OPT_GAIN_TO_MAT,
    OPT_HAND_TO_MAT,
    OPT_SMUGGLE,
    OPT_MAT_TO_HAND,
    OPT_TO_MAT,
    OPT_TRASH,
    OWN,
    P_ACTIONS,
    P_BUYS,
    P_CARDS,
    P_COINS,
    PILE_EMPTY,
    PLAY_ROW,
    PR,
    PS_DECK_N,
    PS_DISC_N,
    PS_HAND_N,
    PS_KINDS,
    PS_NEXT_N,
    PS_OWN_N,
    PS_STRAT,
    PS_TURN_COINS,
    PS_TURNS,
    PS_TYPE0,
    STACK,
    STAY,
    SUPPLY,
    T_ACTION,
    T_ATTACK,
    T_DURATION,
    TIE,
    TMP,
    TRASH_ROW,
    TREASURE_CARDS,
    TURN_GAINS,
    TYPES,
    T_TREASURE,
    VP_CARDS,
    VP_RULE,
    VP_RULE_CARDS,
    VPS,
    WHEN_BUY_END,
    WHEN_CLEANUP_START,
    WIN,
    XS,
    Z_BLACK_MARKET,
    Z_DECK,
    Z_SUPPLY,
    G,
    U,
)
from simulator.engine.decide import (
    _attacked,
    _gainable,
    _buy_needs,
    _list,
    _pick_held,
    _pick_supply,
    choose_option,
    chooses,
    gain_choice,
    pick_call,
    required_discard,
    required_trash,
    topdeck_from_hand,
)
from simulator.engine.jit import (
    MECH_CHOOSE,
    MECH_FROM_PLAY,
    MECH_GAINED,
    MECH_KEEP,
    MECH_REACT,
    MECH_START,
    MECH_STAY,
    MECH_TREASURE,
    MECH_TREASURE_PLAY,
    _call_effect,
    _call_mechanism,
    _check_shapes,
    _deck_fixed,
    _effect_at,
    _quick_load,
    _z_fixed,
    call_if_loaded,
    kernel_fn,
    mechanism,
)
from simulator.engine.from_play import from_play_hooks  # noqa: F401  (its mechanism)
from simulator.engine.gains import bought_code, gain, gain_option
from simulator.engine.deck_answers import deck_option
from simulator.engine.mats import mat_option
from simulator.engine.passes import pass_option
from simulator.engine.program import (
    BUY,
    FLAG_TURN_LOG,
    GAIN,
    P_FLAGS,
    PLAY,
    TRASH,
)
from simulator.engine.rng import below, seed_game
from simulator.engine.zones import (
    _draw,
    _gain,
    _own,
    _ps,
    _push,
    _record,
    _traced,
    cost,
    discard_all,
    draw,
    emit,
    keep_durations,
    move,
    stay,
    stay_check,
    trash_from,
    rule_vp,
    victory_points,
)

# ============================================================ playing cards

@njit(cache=True, inline="always", _nrt=False)
def _plus(z, p, c, traced):
    """The card table's "+ Actions", "+ Buys" and "+ $" of Action c (its
    "+ Cards" are drawn first, by the caller)."""
    if P_ACTIONS[c]:
        z[GS, GS_ACTIONS] += P_ACTIONS[c]
        if traced:
            _record(z, EV_PLUS_ACTIONS, p, c, P_ACTIONS[c], 0, 0)
    if P_BUYS[c]:
        z[GS, GS_BUYS] += P_BUYS[c]
        if traced:
            _record(z, EV_PLUS_BUYS, p, c, P_BUYS[c], 0, 0)
    if P_COINS[c]:
        z[GS, GS_COINS] += P_COINS[c]
        if traced:
            _record(z, EV_PLUS_COINS, p, c, P_COINS[c], 0, 0)


HAS_EFFECT = C.EFFECT          # cards whose text needs code (cards.py)


@kernel_fn('void')
def resolve(z, deck, rng, fst, prog, p, c):
    """Do the text of Action c once (c is already in play)."""
    z = _z_fixed(z)
    deck = _deck_fixed(deck)
    emit(z, EV_RESOLVE, p, c, 1, PLAY_ROW, PLAY_ROW)
    if COUNTS_PLAYS:                        # each resolution is a play (Conspirator)
        z[GS, GS_PLAYED] += 1
    if TYPES[c] & T_ATTACK and len(ON_ATTACK):
        at = _effect_at(MECH_REACT)         # loaded when a player may own one
        if at:
            _call_mechanism(at, z, deck, rng, fst, prog, p, c)
    if P_CARDS[c]:
        draw(z, deck, rng, p, P_CARDS[c])
    _plus(z, p, c, _traced(z))
    idle = IDLE_NO_HAND[c] & (z[_ps(p), PS_HAND_N] == 0)     # Tactician, Haven
    at = _effect_at(c)
    if at:
        _call_effect(at, z, deck, rng, fst, prog, p)
    elif c == Card.MERCHANT:          # too short for a call
        if z[p * PR + PLAY_ROW, Card.SILVER] == 0:    # else its Silver came already
            z[GS, GS_MERCHANT] += XS[Card.MERCHANT]
    elif HAS_EFFECT[c]:
        raise RuntimeError("a card's effect is not loaded: call "
                           "load_effects(ownable_cards(...)) before the games")
    if CHOOSE_PICK[c]:                  # by address: compiled only for a game with one
        _call_mechanism(_loaded(MECH_CHOOSE), z, deck, rng, fst, prog, p, c)
    if HAS_ON_TREASURE and ON_TREASURE_HITS[c, 0] >= 0:     # Corsair: passes.py
        _call_mechanism(_loaded(MECH_TREASURE), z, deck, rng, fst, prog, p, c)
    if idle:                            # nothing to do next turn: not a stay
        emit(z, EV_NOTHING, p, c, 0, HAND_SIZE, 0)
    elif TYPES[c] & T_DURATION:
        _call_mechanism(_loaded(MECH_STAY), z, deck, rng, fst, prog, p, c)



@njit(cache=True, inline="always", _nrt=False)
def _loaded(slot):
    """The address of a mechanism a card of this game needs."""
    at = _effect_at(slot)
    if not at:
        raise RuntimeError("a card's effect is not loaded: call "
                           "load_effects(ownable_cards(...)) before the games")
    return at


@mechanism(MECH_STAY)
def duration_played(z, deck, rng, fst, prog, p, c):
    """Duration c was played: "at the start of your next turn ...", it stays
    in play until then, if it still has something to do (an Outpost that
    gives no turn has not).  A Tactician or a Haven whose play found the
    hand empty has not either, and ``resolve`` does not call this
    (IDLE_NO_HAND): Tactician's official FAQ, "If you have no cards in
    hand, then Tactician does nothing more and is discarded in the same
    turn's Clean-up"; Haven's, "If you have no card in your hand to set
    aside when you play Haven, you set aside nothing, and clean up Haven at
    the end of that turn; it does not stay out".  A Tactician with cards
    discards them all first.  By address, as every Duration step: a game
    without Duration cards compiles none of them."""
    if DISCARDS_HAND[c]:
        discard_all(z, p, HAND)
    if EXTRA_TURN[c] == 0 or give_extra_turn(z, p, c):
        z[p * PR + NEXT, c] += 1
        stay(z, p, c)


@mechanism(MECH_KEEP)
def keep_in_play(z, deck, rng, fst, prog, p, c):
    """Clean-up's first step when a Duration stays (``keep_durations``)."""
    keep_durations(z, p)


@mechanism(MECH_REACT)
def react_to_attack(z, deck, rng, fst, prog, p, c):
    """Before an Attack p plays does anything, each other player in turn
    order reveals the Reactions (ON_ATTACK, card order) its ``may`` table
    wants, from a hand large enough, each doing its draw and discard; again
    while the hand is still large enough (Diplomat's FAQ: "If you still have
    at least 5 cards in hand after doing that, you can reveal Diplomat
    again"; a reveal shrinks the hand, so this ends), or once per Attack
    when its row says so (Secret Chamber: its reveal leaves the hand's size
    as it was).  The answers are the revealing player's own strategy's."""
    n = z[GS, GS_PLAYERS]
    for j in range(1, n):
        v = (p + j) % n
        for i in range(len(ON_ATTACK)):
            r = ON_ATTACK[i]
            while (z[v * PR + HAND, r] > 0 and z[_ps(v), PS_HAND_N] >= ON_ATTACK_DO[r, 0]
                   and chooses(z, fst, prog, v, r, True)):
                emit(z, EV_REACT, v, r, 1, HAND, HAND)
                draw(z, deck, rng, v, ON_ATTACK_DO[r, 1])
                required_discard(z, fst, prog, v, ON_ATTACK_DO[r, 2])
                for _ in range(ON_ATTACK_DO[r, 3]):
                    topdeck_from_hand(z, deck, fst, prog, v)
                if not ON_ATTACK_DO[r, 4]:
                    break


@kernel_fn('b1')
def give_extra_turn(z, p, c):
    """c's "take an extra turn after this one, and you only draw EXTRA_TURN[c]
    cards for your next hand", if this is the first such card this turn and
    the previous turn was not p's (Outpost's text since the 2022 Seaside
    edition; the FAQ: "Outpost only does anything the first time you play it
    in a turn, and only if the previous turn was another player's")."""
    if z[GS, GS_IN_EXTRA] or z[GS, GS_EXTRA_HAND]:
        emit(z, EV_NOTHING, p, c, 0, NO_EXTRA, 0)
        return False
    z[GS, GS_EXTRA_HAND] = EXTRA_TURN[c]
    emit(z, EV_EXTRA_TURN, p, c, EXTRA_TURN[c], 0, 0)
    return True


@mechanism(MECH_CHOOSE)
def do_choices(z, deck, rng, fst, prog, p, c):
    """c's "choose one" (or "choose two, different"), taken by p, or, when
    its registry row says ``who="others"`` (Torturer), by each other player
    from p's left, each answering from its own strategy file; an Attack
    asks only the players it hits (a Moat revealed: not asked).  Torturer's
    official FAQ (Intrigue 2E): "the other players choose what happens to
    them (and resolve that) in turn order, starting to your left"."""
    if not CHOOSE_OTHERS[c]:
        choose_and_do(z, deck, rng, fst, prog, p, c, CHOOSE_PICK[c])
        return
    n = z[GS, GS_PLAYERS]
    for j in range(1, n):
        v = (p + j) % n
        if not TYPES[c] & T_ATTACK or _attacked(z, v):
            choose_and_do(z, deck, rng, fst, prog, v, c, CHOOSE_PICK[c])


@kernel_fn('void')
def choose_and_do(z, deck, rng, fst, prog, p, c, picks):
    """p takes c's decision, ``picks`` different options (the row's pick;
    Courtier's effect: one per type of the revealed card): the options are
    all chosen first, then done in the order the card lists them (the
    rulings of Pawn and Courtier); each option is data (CHOICE_OP,
    CHOICE_ARG).  An option that cannot be done is still chosen and does
    what it can (Torturer's FAQ: "A player can choose to gain a Curse even
    with no Curses left (and thus not gain one), or to discard 2 cards even
    with one or zero cards in hand (discarding their only card if they have
    one)")."""
    taken = (1 << CHOICE_N[c]) - 1 if CHOOSE_ALL[c] else 0   # a card that does all (Island)
    for _ in range(0 if CHOOSE_ALL[c] else picks):
        o = choose_option(z, fst, prog, p, c, taken)
        if o < 0:
            break
        taken |= 1 << o
    for o in range(CHOICE_N[c]):
        if not (taken >> o) & 1:
            continue
        emit(z, EV_CHOOSE, p, c, o, 0, 0)
        op, n = CHOICE_OP[c, o], CHOICE_ARG[c, o]
        if op == OPT_CARDS:
            draw(z, deck, rng, p, n)
        elif op == OPT_ACTIONS:
            z[GS, GS_ACTIONS] += n
        elif op == OPT_BUYS:
            z[GS, GS_BUYS] += n
        elif op == OPT_COINS:
            z[GS, GS_COINS] += n
        elif op == OPT_TRASH:
            required_trash(z, fst, prog, p, n)
        elif op == OPT_DISCARD:
            required_discard(z, fst, prog, p, n)
        elif op == OPT_GAIN or op == OPT_GAIN_HAND:
            if not gain(z, deck, rng, fst, prog, p, n, DISC if op == OPT_GAIN else HAND):
                emit(z, EV_NOTHING, p, n, 0, PILE_EMPTY, 0)
        elif HAS_MATS and (OPT_DECK_TO_MAT <= op <= OPT_TO_MAT
                           or op == OPT_HAND_TO_MAT):           # simulator/engine/mats.py
            mat_option(z, deck, rng, fst, prog, p, c, op, n)
        elif HAS_PASS_OPS and OPT_PASS <= op <= OPT_RESET:      # simulator/engine/passes.py
            pass_option(z, deck, rng, fst, prog, p, c, op, n)
        elif HAS_DECK_OPS and (OPT_NAME_REVEAL <= op <= OPT_LOOKOUT
                               or op == OPT_VICTORY_TO_HAND):    # engine/deck_answers.py
            deck_option(z, deck, rng, fst, prog, p, c, op, n)
        elif HAS_GAIN_HOOKS and OPT_GAIN_TO_MAT <= op <= OPT_SMUGGLE:   # engine/gains.py
            gain_option(z, deck, rng, fst, prog, p, c, op, n)


# PLAIN[c]: an Action whose text is only its "+" numbers (Smithy, Village):
# the Action phase plays it without a call
PLAIN = (((C.TYPES & C.ACTION) != 0) & ~C.EFFECT & (C.CHOOSE_PICK == 0)
         & ((C.TYPES & C.DURATION) == 0))




@kernel_fn('void')
def play_action(z, deck, rng, fst, prog, p, c):
    """Play Action c from p's hand and resolve it and all it plays, in order;
    c < 0: resolve what is waiting (a card Sailor played in the Buy phase)."""
    z = _z_fixed(z)
    deck = _deck_fixed(deck)
    if c >= 0:
        move(z, p, HAND, PLAY_ROW, c, _traced(z))
        _push(z, c)
    while z[GS, GS_STACK_N] > 0:              # Throne Room and Vassal push plays
        z[GS, GS_STACK_N] -= 1
        e = z[STACK, z[GS, GS_STACK_N]]
        if e >= 0:
            resolve(z, deck, rng, fst, prog, p, e)
        else:                                 # after a Throne Room's Duration plays
            stay_check(z, p, e)


@njit(cache=True, inline="always", _nrt=False)
def action_phase(z, deck, rng, fst, prog, p, traced):
    h = p * PR + HAND
    while z[GS, GS_ACTIONS] > 0:
        c = _pick_held(z, fst, prog, p, PLAY, h, T_ACTION, True)
        if c < 0:
            return
        z[GS, GS_ACTIONS] -= 1
        if PLAIN[c] and not traced:          # no call: Smithy, Village ...
            move(z, p, HAND, PLAY_ROW, c, False)
            if COUNTS_PLAYS:
                z[GS, GS_PLAYED] += 1
            if P_CARDS[c]:
                _draw(z, deck, rng, p, P_CARDS[c], False)
            _plus(z, p, c, False)
        else:
            play_action(z, deck, rng, fst, prog, p, c)


@kernel_fn('void')
def _log_treasures(z, p):
    """Log the Buy phase's start and the Treasures about to be played."""
    hand = z[p * PR + HAND]
    _record(z, EV_BUY_PHASE, p, -1, z[GS, GS_COINS], 0, 0)
    for i in range(TREASURE_CARDS.shape[0]):
        c = TREASURE_CARDS[i]
        if hand[c]:
            _record(z, EV_MOVE, p, c, hand[c], HAND, PLAY_ROW)


DISCARDS_HAND = C.DISCARDS_HAND      # Tactician: due next turn only if it discarded a hand
IDLE_NO_HAND = C.IDLE_NO_HAND        # Tactician, Haven: an empty hand, nothing next turn
# TREASURE_MORE[c]: a Treasure that does more than its $ when played: +Buys,
# or a Duration that stays in play (Astrolabe: "Now and at the start of your
# next turn: $1, +1 Buy"); HAS_TREASURE_MORE: some card is one (else the
# Buy phase's call is compiled out)
TREASURE_MORE = ((C.TYPES & C.TREASURE) != 0) & (((C.TYPES & C.DURATION) != 0) | (P_BUYS > 0))
HAS_TREASURE_MORE = bool(TREASURE_MORE.any())


@mechanism(MECH_TREASURE_PLAY)
def treasure_more(z, deck, rng, fst, prog, p, c):
    """A copy of Treasure c played in the Buy phase: its +Buys, and a
    Duration's stay in play until its next turn (the Duration step
    ``duration_played``, as an Action Duration's).  By address: compiled
    only for a game where a player may own such a Treasure."""
    z[GS, GS_BUYS] += P_BUYS[c]
    if TYPES[c] & T_DURATION:
        _call_mechanism(_loaded(MECH_STAY), z, deck, rng, fst, prog, p, c)


@njit(cache=True, inline="always", _nrt=False)
def buy_phase(z, deck, rng, fst, prog, p, traced):
    """Play every Treasure, then buy by the buy list, one rule per Buy; what
    a buy triggers (``gains.when_gained``) before the next (a Duration
    Sailor plays resolves at once: its +$ can pay for the next buy)."""
    hand, play = z[p * PR + HAND], z[p * PR + PLAY_ROW]
    if traced:
        _log_treasures(z, p)
    coins = 0
    if RAISES_COPPER:                        # Coppersmith's bonus, for the Coppers played now
        coins = hand[Card.COPPER] * z[GS, GS_COPPER_UP]
    played = 0
    for i in range(TREASURE_CARDS.shape[0]):
        c = TREASURE_CARDS[i]
        k = hand[c]
        coins += k * P_COINS[c]
        play[c] += k
        hand[c] = 0
        played += k
        if HAS_TREASURE_MORE and TREASURE_MORE[c]:           # Astrolabe, by address
            for _ in range(k):
                _call_mechanism(_loaded(MECH_TREASURE_PLAY), z, deck, rng, fst, prog, p, c)
    z[_ps(p), PS_HAND_N] -= played
    # Merchant's +$1 for the first Silver, as a product: whether a Silver was
    # drawn is a coin toss, so a branch would be mispredicted half the time
    # (min, not > 0: LLVM turns a product with a comparison back into one)
    merchant = z[GS, GS_MERCHANT] * min(play[Card.SILVER], 1)
    z[GS, GS_COINS] += coins + merchant
    if HAS_FROM_PLAY:                        # Treasury 2E: "gain a Victory card in it"
        z[GS, GS_VICTORY_GAINED] = 0
    z[_ps(p), PS_TURN_COINS] = z[GS, GS_COINS]
    if traced:
        if merchant:
            _record(z, EV_PLUS_COINS, p, Card.MERCHANT, merchant, 0, 0)
    if HAS_ON_TREASURE and played:           # compiled out when no card has the hook
        call_if_loaded(MECH_TREASURE, z, deck, rng, fst, prog, p, -1)
    if traced:
        _record(z, EV_COINS, p, -1, z[GS, GS_COINS], 0, 0)
    while z[GS, GS_BUYS] > 0:
        c = _pick_supply(z, fst, prog, p, BUY, z[GS, GS_COINS], 0, True)
        if c < 0:
            return
        if traced:
            _record(z, EV_BUY, p, c, cost(z, c), 0, 0)
        _gain(z, deck, p, c, Z_SUPPLY, DISC, True, traced)
        z[GS, GS_COINS] -= cost(z, c)
        z[GS, GS_BUYS] -= 1
        call_if_loaded(MECH_GAINED, z, deck, rng, fst, prog, p, bought_code(c))
        if z[GS, GS_STACK_N] > 0:            # a Duration Sailor played
            play_action(z, deck, rng, fst, prog, p, -1)


@njit(cache=True, inline="always", _nrt=False)
def cleanup(z, deck, rng, fst, prog, p, traced):
    if traced:
        _record(z, EV_CLEANUP, p, -1, 0, 0, 0)
    if HAS_CLEANUP_HOOKS:                    # compiled out when no card has one
        call_if_loaded(MECH_FROM_PLAY, z, deck, rng, fst, prog, p, WHEN_CLEANUP_START)
    if z[_ps(p), PS_NEXT_N] > 0:             # Durations stay in play
        _call_mechanism(_loaded(MECH_KEEP), z, deck, rng, fst, prog, p, -1)
    if traced:                               # log each card moved
        discard_all(z, p, PLAY_ROW)
        discard_all(z, p, HAND)
    else:                                    # the kinds p owns: all it can hold
        play, hand, disc = z[p * PR + PLAY_ROW], z[p * PR + HAND], z[p * PR + DISC]
        kinds = z[p * PR + KINDS]
        n = 0
        for i in range(U(z[_ps(p), PS_KINDS])):
            c = U(kinds[i])
            k = play[c] + hand[c]
            disc[c] += k
            play[c] = 0
            hand[c] = 0
            n += k
        z[_ps(p), PS_DISC_N] += n
        z[_ps(p), PS_HAND_N] = 0
    z[GS, GS_ACTIONS] = 0
    z[GS, GS_BUYS] = 0
    z[GS, GS_COINS] = 0
    z[GS, GS_MERCHANT] = 0
    extra = z[GS, GS_EXTRA_HAND]               # Outpost: a smaller next hand
    _draw(z, deck, rng, p, extra if extra > 0 else 5, traced)


@kernel_fn('void')
def start_turn_log(z, p):
    """Count p's gains and buys from now on (for gained.* and bought.*)."""
    z[GS, GS_TURN_LOG] = p + 1
    for c in range(NC):
        z[GAINED, c] = 0
        z[BOUGHT, c] = 0


@njit(cache=True, inline="always", _nrt=False)
def begin_turn(z, deck, rng, fst, prog, p):
    # an extra turn has the number of the turn before it (not counted)
    z[GS, GS_TURN_NO] = z[_ps(p), PS_TURNS] + 1 - z[GS, GS_IN_EXTRA]
    if prog[P_FLAGS] & FLAG_TURN_LOG:
        start_turn_log(z, p)
    z[GS, GS_ACTIONS] = 1
    z[GS, GS_BUYS] = 1
    z[GS, GS_COINS] = 0
    z[GS, GS_MERCHANT] = 0
    z[GS, GS_COST_DOWN] = 0
    if COUNTS_PLAYS:
        z[GS, GS_PLAYED] = 0
    if RAISES_COPPER:
        z[GS, GS_COPPER_UP] = 0
    # the turn's record for the hooks (stores: cheaper than a test)
    z[GS, GS_TURN_P] = p + 1
    z[_ps(p), PS_HOOK_HITS] = 0              # Corsair: "until then"; once a turn
    z[GS, GS_HOOK_DONE] = 0
    z[GS, GS_VICTORY_BOUGHT] = 0             # Treasury's conditions
    call_if_loaded(MECH_GAINED, z, deck, rng, fst, prog, p, -1)    # gains.start_turn_gains


@mechanism(MECH_START)
def start_of_turn(z, deck, rng, fst, prog, p, c):
    """The start of p's turn, before anything else: each Duration card in
    play since an earlier turn does its next-turn effect ("+" numbers, once
    per play of it), then returns to PLAY, to leave at this clean-up unless
    played again.  (A player with several orders them as they like; "+"
    numbers do not depend on the order, so card order is used.)  The count
    of what stays is reset first: a Duration played meanwhile (a Pirate
    reacting to the Treasure a Pirate gains here) stays at this turn's
    clean-up.  Such a play is due next turn because its card's count was
    zeroed before its effects ran (Pirate after Pirate); a card that gains
    at the start of a turn and comes before the card it triggers, in card
    order, would need the counts taken first (no such card yet).  By
    address (``duration_played``); c, a mechanism's card, is unused."""
    z[_ps(p), PS_NEXT_N] = 0
    for i in range(len(DURATION_CARDS)):
        c = DURATION_CARDS[i]
        k = z[p * PR + NEXT, c]
        if k <= 0:
            continue
        z[p * PR + NEXT, c] = 0
        emit(z, EV_DURATION, p, c, k, 0, 0)
        for _ in range(k):
            if NEXT_TURN[c, 0]:
                draw(z, deck, rng, p, NEXT_TURN[c, 0])
            z[GS, GS_ACTIONS] += NEXT_TURN[c, 1]
            z[GS, GS_BUYS] += NEXT_TURN[c, 2]
            z[GS, GS_COINS] += NEXT_TURN[c, 3]
            if _traced(z):                   # the log shows them, as a play's
                for code, j in ((EV_PLUS_ACTIONS, 1), (EV_PLUS_BUYS, 2), (EV_PLUS_COINS, 3)):
                    if NEXT_TURN[c, j]:
                        _record(z, code, p, c, NEXT_TURN[c, j], 0, 0)
            if NEXT_TURN_MORE:
                next_turn_more(z, deck, rng, fst, prog, p, c)
    for c in range(NC):                      # back into this turn's play
        k = z[p * PR + DUR, c]
        if k > 0:
            z[p * PR + DUR, c] = 0
            z[p * PR + PLAY_ROW, c] += k


# NEXT_TURN_MORE: some Duration's next turn does more than "+" numbers
NEXT_TURN_MORE = bool(NEXT_TURN[:, 4:].any())


@kernel_fn('void')
def next_turn_more(z, deck, rng, fst, prog, p, c):
    """Duration c's next-turn effect beyond its "+" numbers, once per play:
    "discard 2 cards", after its draws (Tide Pools; Sea Witch: "+2 Cards,
    then discard 2 cards"; required: the discard list, then the default
    order, as Militia's victims), "you may trash a card from your hand"
    (Sailor: the trash list, as
    Chapel's; with no list given, a Treasure a buy of $5 or more needs is
    kept), then its mat into the hand (Blockade: "At the start of your
    next turn, put it into your hand"; every card on it was set aside by a
    play since p's last turn), then "gain a Treasure costing up to $6 to
    your hand" (Pirate: an explicit gain list's first Treasure, else, as
    Mine's default, the dearest Treasure it may gain)."""
    if NEXT_TURN[c, 7]:
        required_discard(z, fst, prog, p, NEXT_TURN[c, 7])
    h = p * PR + HAND
    _, _, explicit = _list(prog, z, p, TRASH)
    for _ in range(NEXT_TURN[c, 4]):
        t = pick_call(z, fst, prog, p, TRASH, h, 0, 0)
        if t < 0 or not explicit and TYPES[t] & T_TREASURE and _buy_needs(z, fst, prog, p, t):
            break
        trash_from(z, p, HAND, t)
    if NEXT_TURN[c, 5]:
        mat_option(z, deck, rng, fst, prog, p, c, OPT_MAT_TO_HAND, 1)
    if NEXT_TURN[c, 6]:
        _, _, explicit = _list(prog, z, p, GAIN)
        g = gain_choice(z, fst, prog, p, NEXT_TURN[c, 6], T_TREASURE, -1)
        if not explicit:                     # as Mine's: the dearest Treasure allowed
            for i in range(len(TREASURE_CARDS)):
                t = TREASURE_CARDS[i]
                if _gainable(z, t, NEXT_TURN[c, 6], 0) and (g < 0 or cost(z, t) >= cost(z, g)):
                    g = t
        if g < 0:
            emit(z, EV_NOTHING, p, c, 0, NO_GAIN, 0)
        else:
            gain(z, deck, rng, fst, prog, p, g, HAND)


# A turn is written out twice, here and in ``play_game``, where it is
# untraced: an inlined helper holding the three phases would be copied
# whole, with all they inline, into its caller, which cost seconds of every
# cold compile (numba's inliner; docs/performance.md, "Start-up").  The
# trace = simulate tests (tests/test_gamelog.py) play the same games both ways.
@kernel_fn('void')
def take_turn(z, deck, rng, fst, prog, p):
    """One whole turn of p, logged if the game is traced: the turn of traced
    games and of conformance steps."""
    traced = _traced(z)
    begin_turn(z, deck, rng, fst, prog, p)
    if traced:
        _record(z, EV_TURN, p, -1, z[GS, GS_TURN_NO], z[GS, GS_IN_EXTRA], 0)
    if z[_ps(p), PS_NEXT_N] > 0:
        _call_mechanism(_loaded(MECH_START), z, deck, rng, fst, prog, p, -1)
    if z[_ps(p), PS_TYPE0 + ACTION_BIT] > 0:      # owns an Action card
        action_phase(z, deck, rng, fst, prog, p, traced)
    buy_phase(z, deck, rng, fst, prog, p, traced)
    if HAS_BUY_END_HOOKS:                    # compiled out when no card has one
        call_if_loaded(MECH_FROM_PLAY, z, deck, rng, fst, prog, p, WHEN_BUY_END)
    cleanup(z, deck, rng, fst, prog, p, traced)
    z[_ps(p), PS_TURNS] += 1 - z[GS, GS_IN_EXTRA]


@njit(cache=True, inline="always", _nrt=False)
def next_seat(z, p, n):
    """Who takes the next turn: p again when a card gave p an extra turn,
    else the player to p's left.  PS_TURNS counts only a player's own turns:
    "extra turns do not count towards the tiebreaker" (Seaside FAQ, 2022),
    nor towards the turn cap."""
    extra = z[GS, GS_EXTRA_HAND] > 0
    z[GS, GS_EXTRA_HAND] = 0
    z[GS, GS_IN_EXTRA] = extra
    if extra:
        return p
    return p + 1 if p + 1 < n else 0


@njit(cache=True, inline="always", _nrt=False)
def game_over(z, p, turn_cap):
    """After p's turn: ENDED_* or NOT_ENDED."""
    if z[SUPPLY, Card.PROVINCE] == 0:
        return ENDED_PROVINCES
    if z[GS, GS_EMPTY] >= z[GS, GS_EMPTY_TO_END]:
        return ENDED_PILES
    if p == z[GS, GS_PLAYERS] - 1 and z[_ps(p), PS_TURNS] >= turn_cap:
        return ENDED_TURN_CAP
    return NOT_ENDED


@kernel_fn('void')
def score(z, vp, outcome):
    """Fill vp[p] and outcome[p] (LOSS, WIN: the sole winner, TIE: a shared win)."""
    n = z[GS, GS_PLAYERS]
    best = -(1 << 30)
    for p in range(n):
        vp[p] = victory_points(z, p)
        best = max(best, vp[p])
    fewest = 1 << 30
    for p in range(n):
        if vp[p] == best:
            fewest = min(fewest, z[_ps(p), PS_TURNS])
    winners = 0
    for p in range(n):
        outcome[p] = WIN if vp[p] == best and z[_ps(p), PS_TURNS] == fewest else LOSS
        winners += outcome[p] == WIN
    if winners > 1:
        for p in range(n):
            if outcome[p] == WIN:
                outcome[p] = TIE


# ============================================================ whole games

def _pile_table() -> np.ndarray:
    t = np.zeros((MAXP + 1, NC), dtype=np.int32)
    for n in range(C.MIN_PLAYERS, MAXP + 1):
        for c in range(NC):
            t[n, c] = C.pile_size(c, n)
    return t


PILE = _pile_table()

@kernel_fn('void')
def setup_black_market(z, rng, kingdom):
    """The Black Market deck: one copy of each card marked IN_MARKET (the
    pool's kingdom cards not in the supply), shuffled from the game's seed."""
    n = 0
    for c in range(NC):
        if kingdom[c] == IN_MARKET:
            i = below(rng, n + 1)            # insert at a random place: a shuffle
            z[MARKET, n] = z[MARKET, i]
            z[MARKET, i] = c
            n += 1
    z[GS, GS_MARKET_N] = n
    for i in range(n):
        emit(z, EV_START, 0, z[MARKET, i], 1, 0, Z_BLACK_MARKET)


@kernel_fn('void')
def setup_game(z, deck, rng, kingdom, n, strat):
    """A fresh game from any z: supply for n players, 7 Copper + 3 Estate
    each, draw 5."""
    if _traced(z):                           # the event rows too
        z[:, :] = 0
    else:                                    # only the rows n players use
        z[:n * PR, :] = 0
        z[G:, :] = 0
    _deal(z, deck, rng, kingdom, n, strat)


@njit(cache=True, inline="always", _nrt=False)
def _clear_played(z):
    """Zero what an untraced game wrote, leaving z as zeroed for ``_deal``.

    Zeroing whole rows was a thirtieth of a game (docs/performance.md,
    "Kernel steps").  A card is counted in a
    zone, the trash, TMP, GAINED or BOUGHT only if some player owned it, so
    those rows are cleared at the columns of the KINDS lists.  SUPPLY and
    IN_GAME are written whole by ``_deal``; STACK and MARKET are read only
    below their lengths (GS row).  Only the last game's players have rows
    to clear: the rows of others are as zero as before it."""
    for p in range(z[GS, GS_PLAYERS]):
        kinds = z[p * PR + KINDS]
        for i in range(U(z[_ps(p), PS_KINDS])):
            c = U(kinds[i])
            for row in (HAND, PLAY_ROW, DISC, ASIDE, OWN, DUR, NEXT, STAY, TURN_GAINS):
                z[U(p * PR + row), c] = 0
            if HAS_MATS:                     # compiled out when no card uses a mat
                for m in range(NMATS):
                    z[U(p * PR + MAT0 + m), c] = 0
            for row in (TRASH_ROW, TMP, GAINED, BOUGHT):
                z[row, c] = 0
            kinds[i] = 0
        for col in range(NC):
            z[_ps(p), col] = 0
    for col in range(NC):
        z[GS, col] = 0


@kernel_fn('void')
def _deal(z, deck, rng, kingdom, n, strat):
    """``setup_game`` on a zeroed z (SUPPLY and IN_GAME may hold anything)."""
    z = _z_fixed(z)
    for c in range(NC):
        in_supply = kingdom[c] == IN_SUPPLY
        z[IN_GAME, c] = in_supply
        z[SUPPLY, c] = PILE[n, c] if in_supply else 0
    z[GS, GS_PLAYERS] = n
    z[GS, GS_EMPTY_TO_END] = 4 if n >= 5 else 3
    for p in range(n):
        ps = _ps(p)
        z[ps, PS_STRAT] = strat[p]
        for i in range(10):
            deck[p, i] = Card.COPPER if i < 7 else Card.ESTATE
        z[ps, PS_DECK_N] = 10
        _own(z, p, Card.COPPER, 7)
        _own(z, p, Card.ESTATE, 3)
        emit(z, EV_START, p, Card.COPPER, 7, 0, Z_DECK)
        emit(z, EV_START, p, Card.ESTATE, 3, 0, Z_DECK)
        draw(z, deck, rng, p, 5)
    if kingdom[Card.BLACK_MARKET] == IN_SUPPLY:
        setup_black_market(z, rng, kingdom)


@njit(cache=True, inline="always", _nrt=False)
def seat_strategies(strat, entries, n, g):
    """Seats of game g: the entries rotated by g, so each sits everywhere."""
    for k in range(n):
        strat[k] = entries[(k + g % n) % n]


@kernel_fn('i8')
def play_game(z, deck, rng, fst, prog, kingdom, n, strat, turn_cap, per_turn):
    """Play one game that is not traced; return how it ended.

    Its turns are ``take_turn``'s, inlined, with the event log compiled out
    (a traced game is played by ``play_traced_game``, each turn a call).
    per_turn[s, t] accumulates, for strategy s's t-th turn (from 0), the VP
    after it, the coins it had to spend, and how many such turns there were;
    a per_turn with no turn axis (shape (s, 0, 3)) collects nothing.
    z must be zeros or as the last ``play_game`` left it (``_clear_played``).
    """
    z = _z_fixed(z)
    deck = _deck_fixed(deck)
    _clear_played(z)
    _deal(z, deck, rng, kingdom, n, strat)
    p = 0
    while True:
        begin_turn(z, deck, rng, fst, prog, p)   # take_turn, untraced
        if z[_ps(p), PS_NEXT_N] > 0:
            _call_mechanism(_loaded(MECH_START), z, deck, rng, fst, prog, p, -1)
        if z[_ps(p), PS_TYPE0 + ACTION_BIT] > 0:
            action_phase(z, deck, rng, fst, prog, p, False)
        buy_phase(z, deck, rng, fst, prog, p, False)
        if HAS_BUY_END_HOOKS:
            call_if_loaded(MECH_FROM_PLAY, z, deck, rng, fst, prog, p, WHEN_BUY_END)
        cleanup(z, deck, rng, fst, prog, p, False)
        t = z[_ps(p), PS_TURNS]                  # this turn of p's, from 0
        # an extra turn is not counted: its gains show in p's next turn
        if z[GS, GS_IN_EXTRA] == 0:
            z[_ps(p), PS_TURNS] = t + 1
            if t < per_turn.shape[1]:
                sums = per_turn[U(strat[p]), U(t)]
                sums[0] += victory_points(z, p)
                sums[1] += z[_ps(p), PS_TURN_COINS]
                sums[2] += 1
        ended = game_over(z, p, turn_cap)
        if ended != NOT_ENDED:
            return ended
        p = next_seat(z, p, n)


@kernel_fn('i8')
def play_traced_game(z, deck, rng, fst, prog, kingdom, n, strat, turn_cap):
    """``play_game`` for a traced z, logging every event (no per-turn sums)."""
    setup_game(z, deck, rng, kingdom, n, strat)
    p = 0
    while True:
        take_turn(z, deck, rng, fst, prog, p)
        ended = game_over(z, p, turn_cap)
        if ended != NOT_ENDED:
            emit(z, EV_END, p, -1, ended, 0, 0)
            return ended
        p = next_seat(z, p, n)


@_quick_load
@njit(cache=True, nogil=True)
def run_games(prog, kingdom, entries, n, seed, first, count, turn_cap, per_turn, hits,
              out_vp, out_turns, out_outcome, out_cards, out_curses, out_prov, out_end):
    """Play games first .. first+count-1; game g seats entries rotated by g % n.

    Results of game first+i go to row i of the out_* arrays; the per-turn
    sums (see ``play_game``) and the rule fire counts ``hits[rule row]`` are
    added to.  It holds no lock (``nogil``): the runner plays parts of a run
    on as many threads at once, each part with its own sums, which add up
    to the same totals whatever the parts.
    """
    z = np.zeros((NROWS, NC), dtype=np.int32)
    deck = np.zeros((MAXP, DECK_CAP), dtype=DECK_DTYPE)
    rng = np.zeros(2, dtype=np.uint64)
    fst = np.zeros(FST_HITS + hits.shape[0], dtype=np.float64)
    strat = np.zeros(MAXP, dtype=np.int32)
    vp = np.zeros(MAXP, dtype=np.int32)
    outcome = np.zeros(MAXP, dtype=np.int32)
    for i in range(count):
        g = first + i
        seat_strategies(strat, entries, n, g)
        seed_game(rng, seed, g)
        out_end[i] = play_game(z, deck, rng, fst, prog, kingdom, n, strat, turn_cap, per_turn)
        score(z, vp, outcome)
        for k in range(n):
            out_vp[i, k] = vp[k]
            out_turns[i, k] = z[_ps(k), PS_TURNS]
            out_outcome[i, k] = outcome[k]
            out_cards[i, k] = z[_ps(k), PS_OWN_N]
            out_curses[i, k] = z[k * PR + OWN, Card.CURSE]
            out_prov[i, k] = z[k * PR + OWN, Card.PROVINCE]
    for r in range(hits.shape[0]):
        hits[r] += np.int64(fst[FST_HITS + r])


@kernel_fn('void')
def emit_score(z):
    """Log each player's VP per Victory card and Curse (after the end event)."""
    for p in range(z[GS, GS_PLAYERS]):
        o = p * PR + OWN
        for i in range(VP_CARDS.shape[0]):
            c = VP_CARDS[i]
            if z[o, c]:
                emit(z, EV_VP, p, c, z[o, c], z[o, c] * VPS[c], 0)
        for i in range(VP_RULE_CARDS.shape[0]):     # the VP rules, after the fixed VP
            r = VP_RULE_CARDS[i]
            k = z[o, r]
            if k:
                emit(z, EV_VP, p, r, k,
                     k * rule_vp(r, z[_ps(p), PS_OWN_N], z[o, max(VP_RULE[r, 0], 0)]), 0)


@_quick_load
@njit(cache=True)
def trace_game(prog, kingdom, entries, n, seed, g, turn_cap, z, vp, outcome):
    """Play game g of a run exactly as ``run_games`` does, logging its events
    into the rows of z past NROWS; returns how it ended."""
    deck = np.zeros((MAXP, DECK_CAP), dtype=DECK_DTYPE)
    rng = np.zeros(2, dtype=np.uint64)
    fst = np.zeros(64, dtype=np.float64)
    strat = np.zeros(MAXP, dtype=np.int32)
    _check_shapes(z, deck)
    seat_strategies(strat, entries, n, g)
    seed_game(rng, seed, g)
    ended = play_traced_game(z, deck, rng, fst, prog, kingdom, n, strat, turn_cap)
    score(z, vp, outcome)
    emit_score(z)
    return ended


@kernel_fn('i8')
def run_step(z, deck, rng, fst, prog, kind, card, turn_cap, vp, outcome):
    """One conformance step for player 0 on a position built by the caller.

    kind 0: play ``card`` from hand as the turn's Action; 1: a whole turn;
    2: only the end-of-game check.  Returns ENDED_* or NOT_ENDED, and fills
    vp/outcome whatever the result.
    """
    _check_shapes(z, deck)
    ended = NOT_ENDED
    if kind == 0:
        if prog[P_FLAGS] & FLAG_TURN_LOG:
            z[GS, GS_TURN_LOG] = 1             # the position is p0's turn so far
        z[GS, GS_ACTIONS] -= 1
        play_action(z, deck, rng, fst, prog, 0, card)
    elif kind == 1:
        take_turn(z, deck, rng, fst, prog, 0)
        ended = game_over(z, 0, turn_cap)
    else:
        ended = game_over(z, 0, turn_cap)
    score(z, vp, outcome)
    return ended
