"""The effects of Intrigue's cards: what each text does beyond the card
table's "+" numbers and the options the registry gives as data (``choose``,
``does``).

Registered like the base set's (``effects/base.py``): each is compiled on
its own and called by address, only in a game where a player may own it.
Each effect states the Intrigue 2E rulebook's FAQ ruling it follows
(paraphrased where no copy of the FAQ was found).
"""

from __future__ import annotations

import numpy as np

from simulator.engine.cards import Card
from simulator.engine.codes import (
    DISC,
    EV_MOVE,
    EV_NOTHING,
    EV_PLUS_ACTIONS,
    EV_PLUS_COINS,
    GS,
    GS_ACTIONS,
    GS_COINS,
    GS_COPPER_UP,
    GS_COST_DOWN,
    GS_EMPTY,
    GS_FROM_TRASH,
    GS_PLAYED,
    GS_PLAYERS,
    GS_SELF_GONE,
    GS_STACK_N,
    HAND,
    HAND_SIZE,
    NC,
    NO_CARDS,
    NO_COST,
    NO_GAIN,
    PILE_EMPTY,
    PLAY_ROW,
    PR,
    PS_HAND_N,
    STACK,
    SUPPLY,
    TRASH_ROW,
    TYPES,
    T_ACTION,
    T_TREASURE,
    T_VICTORY,
    XS,
    Z_SUPPLY,
    Z_TRASH,
    Z_REVEAL,
)
from simulator.engine.decide import (
    TRASH_ORDER,
    _attacked,
    _fired,
    _gainable,
    _list,
    chooses,
    dearest_in,
    first_in,
    gain_choice,
    hand_coins,
    pick_call,
    required_discard,
    required_trash,
    rule_holds,
    would_pick,
)
from simulator.engine.effects.base import _tmp_to_discard, remodel_choice
from simulator.engine.gains import gain, gain_from
from simulator.engine.jit import effect, kernel_fn
from simulator.engine.kernel import choose_and_do
from simulator.engine.program import BUY, DISCARD, GAIN, LIST_KEYS, TRASH
from simulator.engine.zones import (_add_kind, _ps, _reveal, _traced, _trash_revealed, cost, draw,
                                    emit, move, trash_from)

# ============================================================ i30b: Shanty Town ... Diplomat


@effect(Card.SHANTY_TOWN)
def effect_shanty_town(z, deck, rng, fst, prog, p):
    # "+2 Actions. Reveal your hand. If you have no Action cards in hand,
    # +2 Cards."  The Shanty Town played is no longer in the hand, so it
    # does not count (FAQ, Intrigue 2E).
    if dearest_in(z, p * PR + HAND, T_ACTION) < 0:
        draw(z, deck, rng, p, XS[Card.SHANTY_TOWN])


@effect(Card.CONSPIRATOR)
def effect_conspirator(z, deck, rng, fst, prog, p):
    # "+$2. If you've played 3 or more Actions this turn (counting this),
    # +1 Card and +1 Action."  FAQ (Intrigue 2E): it counts Actions played
    # this turn, each play of one (a Throne Room played on a Conspirator:
    # the Throne Room and the Conspirator twice, so the second play gets
    # the bonus), not the Action cards in play; the turn counts every
    # resolution (GS_PLAYED, kernel.resolve).
    if z[GS, GS_PLAYED] >= XS[Card.CONSPIRATOR]:
        draw(z, deck, rng, p, 1)
        z[GS, GS_ACTIONS] += 1
        emit(z, EV_PLUS_ACTIONS, p, Card.CONSPIRATOR, 1, 0, 0)


@kernel_fn('b1')
def _plus_coins_buy_more(z, fst, prog, p, plus):
    """Whether ``plus`` more coins make this turn's buy list take another
    card than the hand's money does (Mining Village's default)."""
    m = hand_coins(z, p)
    return would_pick(z, fst, prog, p, BUY, -1, m + plus, 0) != \
        would_pick(z, fst, prog, p, BUY, -1, m, 0)


@effect(Card.MINING_VILLAGE)
def effect_mining_village(z, deck, rng, fst, prog, p):
    # "+1 Card, +2 Actions. You may trash this for +$2."  FAQ (Intrigue
    # 2E): Throne Room on a Mining Village gives +1 Card +2 Actions twice,
    # but it can trash itself only once, for +$2 once.
    # The plays still to come of a Mining Village that trashed itself are
    # the Mining Village entries right below it on the stack (a Throne Room
    # pushes its card's plays together, and this card pushes none), counted
    # in GS_SELF_GONE.  Default: trash when the +$2 changes this turn's buy.
    if z[GS, GS_SELF_GONE] > 0:
        z[GS, GS_SELF_GONE] -= 1
        return
    mv = Card.MINING_VILLAGE
    if z[p * PR + PLAY_ROW, mv] == 0 or not chooses(
            z, fst, prog, p, mv, _plus_coins_buy_more(z, fst, prog, p, XS[mv])):
        return
    trash_from(z, p, PLAY_ROW, mv)
    z[GS, GS_COINS] += XS[mv]
    emit(z, EV_PLUS_COINS, p, mv, XS[mv], 0, 0)
    i = z[GS, GS_STACK_N] - 1
    while i >= 0 and z[STACK, i] == mv:
        z[GS, GS_SELF_GONE] += 1
        i -= 1


@kernel_fn('i8')
def _dead_in_hand(z, p):
    """Cards in p's hand that can make nothing this turn: neither an Action
    nor a Treasure (Victory cards, Curses)."""
    h = p * PR + HAND
    n = 0
    for c in range(NC):
        if z[h, c] and not TYPES[c] & (T_ACTION | T_TREASURE):
            n += z[h, c]
    return n


@effect(Card.MILL)
def effect_mill(z, deck, rng, fst, prog, p):
    # "+1 Card, +1 Action. You may discard 2 cards. If you do, +$2."  FAQ
    # (Intrigue 2E): "You can choose to discard 2 cards even if you only
    # have one card in hand, but you only get +$2 if you actually discarded
    # 2 cards."  Which cards: the discard list, then the default order
    # (required_discard).  Default: discard when it gains money, with 2
    # dead cards (Victory cards, Curses) in hand, or one and a Copper.
    n = z[_ps(p), PS_HAND_N]
    dead = _dead_in_hand(z, p)
    gains = dead >= 2 or (dead == 1 and z[p * PR + HAND, Card.COPPER] > 0)
    if n == 0 or not chooses(z, fst, prog, p, Card.MILL, gains):
        return
    k = min(n, XS[Card.MILL])
    required_discard(z, fst, prog, p, k)
    if k == XS[Card.MILL]:
        z[GS, GS_COINS] += XS[Card.MILL]
        emit(z, EV_PLUS_COINS, p, Card.MILL, XS[Card.MILL], 0, 0)


@effect(Card.BARON)
def effect_baron(z, deck, rng, fst, prog, p):
    # "+1 Buy. You may discard an Estate for +$4. If you don't, gain an
    # Estate."  FAQ (Intrigue 2E): discarding an Estate is never required,
    # even with one in hand; without the discard an Estate is gained, if
    # any are left.
    # Default: discard one when there is one.
    if z[p * PR + HAND, Card.ESTATE] > 0 and chooses(z, fst, prog, p, Card.BARON, True):
        move(z, p, HAND, DISC, Card.ESTATE, _traced(z))
        z[GS, GS_COINS] += XS[Card.BARON]
        emit(z, EV_PLUS_COINS, p, Card.BARON, XS[Card.BARON], 0, 0)
    elif not gain(z, deck, rng, fst, prog, p, Card.ESTATE, DISC):
        emit(z, EV_NOTHING, p, Card.ESTATE, 0, PILE_EMPTY, 0)


@effect(Card.BRIDGE)
def effect_bridge(z, deck, rng, fst, prog, p):
    # "+1 Buy, +$1. This turn, cards (everywhere) cost $1 less."  FAQ
    # (Intrigue 2E): the reduction is cumulative (two Bridges, or one under
    # Throne Room: $2 less), lasts the turn, applies to every cost (in the
    # supply, in hands, in decks) and never takes a cost below $0.  Every cost is read through zones.cost
    # (the printed cost less GS_COST_DOWN, never below 0); the turn's start
    # clears it.
    z[GS, GS_COST_DOWN] += XS[Card.BRIDGE]


@effect(Card.DIPLOMAT)
def effect_diplomat(z, deck, rng, fst, prog, p):
    # "+2 Cards. If you have 5 or fewer cards in hand (after drawing), +2
    # Actions."  Its Reaction is registry data (``on_attack``:
    # kernel.react_to_attack).
    if z[_ps(p), PS_HAND_N] <= XS[Card.DIPLOMAT]:
        z[GS, GS_ACTIONS] += 2
        emit(z, EV_PLUS_ACTIONS, p, Card.DIPLOMAT, 2, 0, 0)

# ============================================================ end of i30b's block


# ============================================================ i30c: the trashers and gainers


@effect(Card.IRONWORKS)
def effect_ironworks(z, deck, rng, fst, prog, p):
    # "Gain a card costing up to $4. If the gained card is an... Action
    # card, +1 Action; Treasure card, +$1; Victory card, +1 Card."  The gain
    # is Workshop's (the gain list, then ``gain_choice``'s fallback).  The
    # FAQ (Intrigue 2E), in substance (not checked word for word): a gained
    # card of several types gives each bonus (a Mill: +1 Action and +1
    # Card); nothing gained (no card costs up to $4), no bonus.
    # Default: with an Action left in hand and no Action to play it, the
    # gain list's first Action (its +1 Action plays the one in hand), as
    # Geronimoo's IronworksCard does (docs/geronimoo.md); measured at the
    # card's row.
    g = -1
    if z[GS, GS_ACTIONS] == 0 and dearest_in(z, p * PR + HAND, T_ACTION) >= 0:
        g = pick_call(z, fst, prog, p, GAIN, -1, XS[Card.IRONWORKS], T_ACTION)
    if g < 0:
        g = gain_choice(z, fst, prog, p, XS[Card.IRONWORKS], 0, -1)
    if g < 0 or not gain(z, deck, rng, fst, prog, p, g, DISC):
        return
    if TYPES[g] & T_ACTION:
        z[GS, GS_ACTIONS] += 1
        emit(z, EV_PLUS_ACTIONS, p, Card.IRONWORKS, 1, 0, 0)
    if TYPES[g] & T_TREASURE:
        z[GS, GS_COINS] += 1
        emit(z, EV_PLUS_COINS, p, Card.IRONWORKS, 1, 0, 0)
    if TYPES[g] & T_VICTORY:
        draw(z, deck, rng, p, 1)


@effect(Card.TRADING_POST)
def effect_trading_post(z, deck, rng, fst, prog, p):
    # "Trash 2 cards from your hand. If you did, gain a Silver to your
    # hand."  The trash is required, as Steward's (``required_trash``: the
    # trash list, then Curse, Estate, Copper, the cheapest).  The FAQ
    # (Intrigue 2E), in substance (not checked word for word): with one card
    # left in hand, it is trashed and no Silver is gained; no card, nothing.
    did = z[_ps(p), PS_HAND_N] >= XS[Card.TRADING_POST]
    required_trash(z, fst, prog, p, XS[Card.TRADING_POST])
    if did and not gain(z, deck, rng, fst, prog, p, Card.SILVER, HAND):
        emit(z, EV_NOTHING, p, Card.SILVER, 0, PILE_EMPTY, 0)


@kernel_fn('i8')
def gain_exactly(z, fst, prog, p, price):
    """What a required gain of a card costing exactly $price takes (Upgrade):
    the gain list's first card of that cost, else as ``gain_choice`` falls
    back: a Treasure of that cost, else the first card of that cost that is
    not a Curse (base cards first), a Curse only when nothing else; -1: no
    supply card costs that."""
    start, end, _ = _list(prog, z, p, GAIN)
    for r in range(start, end, 3):
        c = prog[r]
        if _gainable(z, c, price, 0) and cost(z, c) == price and rule_holds(z, fst, prog, p, r):
            _fired(fst, prog, r)
            return np.int64(c)
    best = -1
    for c in range(NC):
        if _gainable(z, c, price, 0) and cost(z, c) == price and (
                best < 0 or best == Card.CURSE
                or TYPES[c] & T_TREASURE and not TYPES[best] & T_TREASURE):
            best = c
    return np.int64(best)


@effect(Card.UPGRADE)
def effect_upgrade(z, deck, rng, fst, prog, p):
    # +1 Card, +1 Action are the table's.  "Trash a card from your hand.
    # Gain a card costing exactly $1 more than it."  The trash is required:
    # an explicit trash list, then Curse, Estate, Copper, the cheapest
    # (TRASH_ORDER; measured against the trash list's default, which keeps
    # Estates for Coppers after turn 10: docs/strategies.md).  The gain is
    # ``gain_exactly``'s.  The FAQ (Intrigue 2E), in substance (not
    # checked word for word): the trash is mandatory; with no card costing
    # exactly $1 more, the card is just trashed (a Copper or a Curse in the
    # base game); costs are the costs now (``cost``: a Bridge lowers both).
    h = p * PR + HAND
    _, _, explicit = _list(prog, z, p, TRASH)
    t = pick_call(z, fst, prog, p, TRASH, h, 0, 0) if explicit else -1
    if t < 0:
        t = first_in(z, h, TRASH_ORDER, 0)
    if t < 0:
        return                                # nothing to trash, nothing gained
    trash_from(z, p, HAND, t)
    k = cost(z, t) + XS[Card.UPGRADE]
    g = gain_exactly(z, fst, prog, p, k)
    if g >= 0:
        gain(z, deck, rng, fst, prog, p, g, DISC)
    else:
        emit(z, EV_NOTHING, p, -1, k, NO_COST, 0)


REPLACE = LIST_KEYS["replace"]         # Replace's own list: what it trashes


@effect(Card.REPLACE)
def effect_replace(z, deck, rng, fst, prog, p):
    # "Trash a card from your hand. Gain a card costing up to $2 more than
    # it. If the gained card is an Action or Treasure, put it onto your
    # deck; if it's a Victory card, each other player gains a Curse."  The
    # trash and the gain are chosen as Remodel's (``remodel_choice``, by the
    # replace list).  The FAQ (Intrigue 2E), in substance (not checked word
    # for word): a gained card of two types gets both (a Mill or Nobles goes
    # onto the deck and each other player gains a Curse); the Curses are the
    # Attack, in turn order, and a Moat keeps its player out (asked only
    # when a Victory card was gained).
    pick = remodel_choice(z, fst, prog, p, REPLACE)
    if pick < 0:
        return                                # nothing to trash, nothing gained
    trash_from(z, p, HAND, pick // (NC + 1))
    g = pick % (NC + 1) - 1
    if g < 0:
        return
    gain(z, deck, rng, fst, prog, p, g, -1 if TYPES[g] & (T_ACTION | T_TREASURE) else DISC)
    if TYPES[g] & T_VICTORY:
        n = z[GS, GS_PLAYERS]
        for j in range(1, n):
            v = (p + j) % n
            if _attacked(z, v) and not gain(z, deck, rng, fst, prog, v, Card.CURSE, DISC):
                emit(z, EV_NOTHING, v, Card.CURSE, 0, PILE_EMPTY, 0)


# ============================================================ i30d: Lurker, Courtier

LURKER = LIST_KEYS["lurker"]           # Lurker's own list: the Supply Action it trashes


@kernel_fn('void')
def trash_from_supply(z, p, c):
    """The top card of c's supply pile goes to the trash (Lurker): no
    player's card, so no player's count changes (it is not p's trash of its
    own card, nor a gain); an emptied pile counts for the game's end.  c
    joins p's KINDS list all the same: the next game's set-up clears the
    trash only at the columns of those lists (``kernel._clear_played``)."""
    z[SUPPLY, c] -= 1
    if z[SUPPLY, c] == 0:
        z[GS, GS_EMPTY] += 1
    z[TRASH_ROW, c] += 1
    _add_kind(z, p, c)
    emit(z, EV_MOVE, p, c, 1, Z_SUPPLY, Z_TRASH)


@effect(Card.LURKER)
def effect_lurker(z, deck, rng, fst, prog, p):
    # +1 Action is the table's.  "Choose one: Trash an Action card from the
    # Supply; or gain an Action card from the trash."  Its may decides: yes
    # gains from the trash, no trashes from the Supply; by default it gains
    # when the gain list names an Action card in the trash (measured against
    # gaining whenever the trash holds one: docs/strategies.md).  The gain:
    # the gain list's first Action in the trash, else the dearest; the
    # trash: the lurker list's first Action in the Supply, else the dearest
    # (the one a player most likely wants, and the one a later Lurker may
    # gain back).  The FAQ (Intrigue 2E), in substance (not checked word for
    # word): gaining a card from the trash is gaining it (what a gain
    # triggers happens); the Supply card trashed is gained by no one; with
    # no Action card where the chosen mode looks, nothing happens (NO_GAIN,
    # either mode).
    z[GS, GS_FROM_TRASH] = 1               # the gain list's ends_game: no pile empties
    want = would_pick(z, fst, prog, p, GAIN, TRASH_ROW, 0, T_ACTION)
    if chooses(z, fst, prog, p, Card.LURKER, want >= 0):
        g = pick_call(z, fst, prog, p, GAIN, TRASH_ROW, 0, T_ACTION)
        z[GS, GS_FROM_TRASH] = 0
        if g < 0:
            g = dearest_in(z, TRASH_ROW, T_ACTION)
        if g >= 0:
            gain_from(z, deck, rng, fst, prog, p, g, Z_TRASH, DISC, False)
        else:
            emit(z, EV_NOTHING, p, Card.LURKER, 0, NO_GAIN, 0)
        return
    z[GS, GS_FROM_TRASH] = 0
    t = pick_call(z, fst, prog, p, LURKER, -1, 1 << 20, T_ACTION)
    if t < 0:
        t = dearest_in(z, SUPPLY, T_ACTION)
    if t >= 0:
        trash_from_supply(z, p, t)
    else:
        emit(z, EV_NOTHING, p, Card.LURKER, 0, NO_GAIN, 0)
# ============================================================ i30e: Intrigue's first edition


@effect(Card.COPPERSMITH)
def effect_coppersmith(z, deck, rng, fst, prog, p):
    # "Copper produces an extra $1 this turn."  The first edition's FAQ, in
    # substance (not checked word for word): it is cumulative (two plays,
    # or one under Throne Room: each Copper +$2), and it changes only what
    # a Copper played after it produces, not a Copper already played (Black
    # Market's Treasures).  The Treasure plays read GS_COPPER_UP (kernel
    # buy_phase, effects/base.py _play_treasures); the turn's start clears it.
    z[GS, GS_COPPER_UP] += XS[Card.COPPERSMITH]


TRIBUTE_BONUS = 2          # Tribute's +2 Actions, +$2, +2 Cards


@kernel_fn('void')
def _tribute_bonus(z, deck, rng, p, t):
    """Tribute's bonuses for one revealed card t, one for each of its types."""
    if TYPES[t] & T_ACTION:
        z[GS, GS_ACTIONS] += TRIBUTE_BONUS
        emit(z, EV_PLUS_ACTIONS, p, Card.TRIBUTE, TRIBUTE_BONUS, 0, 0)
    if TYPES[t] & T_TREASURE:
        z[GS, GS_COINS] += TRIBUTE_BONUS
        emit(z, EV_PLUS_COINS, p, Card.TRIBUTE, TRIBUTE_BONUS, 0, 0)
    if TYPES[t] & T_VICTORY:
        draw(z, deck, rng, p, TRIBUTE_BONUS)


@effect(Card.TRIBUTE)
def effect_tribute(z, deck, rng, fst, prog, p):
    # "The player to your left reveals then discards the top 2 cards of
    # their deck. For each differently named card revealed, if it is an...
    # Action Card, +2 Actions; Treasure Card, +$2; Victory Card, +2 Cards."
    # The first edition's FAQ, in substance (not checked word for word): with
    # fewer than 2 cards in their deck they reveal those, shuffle their
    # discard pile and reveal the rest (fewer if they have no more); two
    # copies of one card give its bonus once; a card of two types gives both
    # (Harem: +$2 and +2 Cards); a Curse gives nothing.  Not an Attack: a
    # Moat does not stop it.
    v = (p + 1) % z[GS, GS_PLAYERS]
    a = _reveal(z, deck, rng, v, Z_REVEAL)
    if a < 0:
        emit(z, EV_NOTHING, v, -1, 0, NO_CARDS, 0)
        return
    b = -1
    for _ in range(XS[Card.TRIBUTE] - 1):
        b = _reveal(z, deck, rng, v, Z_REVEAL)
    _tmp_to_discard(z, v)
    _tribute_bonus(z, deck, rng, p, a)
    if b >= 0 and b != a:
        _tribute_bonus(z, deck, rng, p, b)


# ============================================================ i30i: Saboteur, Secret Chamber

SABOTEUR = LIST_KEYS["saboteur"]       # Saboteur's own list: what its victim gains
SABOTEUR_LESS = 2                      # "a card costing at most $2 less than it"


@effect(Card.SABOTEUR)
def effect_saboteur(z, deck, rng, fst, prog, p):
    # "Each other player reveals cards from the top of their deck until
    # revealing one costing $3 or more. They trash that card and may gain a
    # card costing at most $2 less than it. They discard the other revealed
    # cards."  The first edition's FAQ, in substance (not checked word for
    # word): in turn order from the left; costs are this turn's (Bridge);
    # a player who runs out of cards (deck, then the discard pile shuffled
    # once) discards what was revealed and trashes nothing; the victim
    # chooses the gain, from the Supply to the discard pile, and may gain
    # nothing.  A Moat or a Lighthouse keeps a player out (``_attacked``).
    # The victim's own strategy picks: its saboteur list, else what its buy
    # list would take with that much, else nothing.
    n = z[GS, GS_PLAYERS]
    for j in range(1, n):
        v = (p + j) % n
        if not _attacked(z, v):
            continue
        t = _reveal(z, deck, rng, v, Z_REVEAL)
        while t >= 0 and cost(z, t) < XS[Card.SABOTEUR]:
            t = _reveal(z, deck, rng, v, Z_REVEAL)
        if t < 0:
            emit(z, EV_NOTHING, v, -1, 0, NO_CARDS, 0)
            _tmp_to_discard(z, v)
            continue
        _trash_revealed(z, v, t, Z_REVEAL)
        _tmp_to_discard(z, v)
        limit = cost(z, t) - SABOTEUR_LESS
        g = pick_call(z, fst, prog, v, SABOTEUR, -1, limit, 0)
        if g < 0:
            g = would_pick(z, fst, prog, v, BUY, -1, limit, 0)
        if g < 0:
            emit(z, EV_NOTHING, v, -1, limit, NO_GAIN, 0)
        else:
            gain(z, deck, rng, fst, prog, v, g, DISC)


@effect(Card.SECRET_CHAMBER)
def effect_secret_chamber(z, deck, rng, fst, prog, p):
    # "Discard any number of cards. +$1 per card discarded."  Every card of
    # the hand its discard list names (by default the cards that never help
    # a hand: Curse, Victory cards), as Cellar's.  Its Reaction is registry
    # data (``on_attack``: draw 2, put 2 onto the deck by the topdeck list).
    h = p * PR + HAND
    n = 0
    while True:
        c = pick_call(z, fst, prog, p, DISCARD, h, 0, 0)
        if c < 0:
            break
        move(z, p, HAND, DISC, c, _traced(z))
        n += 1
    if n:
        z[GS, GS_COINS] += n
        emit(z, EV_PLUS_COINS, p, Card.SECRET_CHAMBER, n, 0, 0)


# ============================================================ i30h: Courtier

COURTIER = LIST_KEYS["courtier"]       # Courtier's own list: the hand card it reveals
# the number of types of each card (a bit each in TYPES)
TYPE_COUNT = np.array([bin(int(t)).count("1") for t in TYPES], dtype=np.int64)


@effect(Card.COURTIER)
def effect_courtier(z, deck, rng, fst, prog, p):
    # "Reveal a card from your hand. For each type it has (Action, Attack,
    # etc.), choose one: +1 Action; or +1 Buy; or +$3; or gain a Gold. The
    # choices must be different."  The revealed card: the courtier list's,
    # else the hand card with the most types (revealing costs nothing, and
    # every option helps).  The options are the row's choose (pick 0: this
    # effect takes one per type), chosen first, then done in the card's
    # order.  The FAQ (Intrigue 2E), in substance (not checked word for
    # word): a card with two types (Mill: Action - Victory) makes two
    # different choices; with no card in hand nothing happens; a Courtier
    # played twice (Throne Room) reveals twice, the same card again if you
    # like.
    h = p * PR + HAND
    c = pick_call(z, fst, prog, p, COURTIER, h, 0, 0)
    if c < 0:
        for k in range(NC):
            if z[h, k] > 0 and (c < 0 or TYPE_COUNT[k] > TYPE_COUNT[c]):
                c = k
    if c < 0:
        emit(z, EV_NOTHING, p, Card.COURTIER, 0, HAND_SIZE, 0)
        return
    choose_and_do(z, deck, rng, fst, prog, p, Card.COURTIER, TYPE_COUNT[c])
