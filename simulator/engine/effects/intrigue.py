"""The effects of Intrigue's cards: what each text does beyond the card
table's "+" numbers and the options the registry gives as data.

Registered like the base set's (``effects/base.py``): each is compiled on
its own and called by address, only in a game where a player may own it.
Each effect states the Intrigue 2E rulebook's FAQ ruling it follows
(paraphrased, as the issue's list of rulings gives it).
"""

from __future__ import annotations

from simulator.engine.cards import Card
from simulator.engine.codes import (
    DISC,
    EV_NOTHING,
    EV_PLUS_ACTIONS,
    EV_PLUS_COINS,
    GS,
    GS_ACTIONS,
    GS_COINS,
    GS_COST_DOWN,
    GS_PLAYED,
    GS_SELF_GONE,
    GS_STACK_N,
    HAND,
    NC,
    PILE_EMPTY,
    PLAY_ROW,
    PR,
    PS_HAND_N,
    STACK,
    T_ACTION,
    T_TREASURE,
    TYPES,
    XS,
)
from simulator.engine.decide import (
    chooses,
    dearest_in,
    hand_coins,
    required_discard,
    would_pick,
)
from simulator.engine.jit import effect, kernel_fn
from simulator.engine.program import BUY
from simulator.engine.gains import gain
from simulator.engine.zones import _ps, _traced, draw, emit, move, trash_from

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
