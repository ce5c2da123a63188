"""Seaside's effects: what a Seaside card's text does beyond its "+" numbers
and the registry data the kernel interprets (``NextTurn``, mats, ``WhenGain``).

Each ruling is quoted at its effect from the Seaside second-edition rulebook
and the official FAQ.
"""
from __future__ import annotations

# ============================================================ the first edition's eight
# (the imports of this block with it: each block of the module stands alone)
import numpy as np
from simulator.engine.cards import Card
from simulator.engine.codes import (DISC, EV_MOVE, EV_NOTHING, GS, GS_PLAYERS, HAND, MONEY, NC,
                                    NO_CARDS, PILE_EMPTY, PR, PS_DECK_N, PS_DISC_N, PS_KNOWN,
                                    PS_MONEY, PS_OWN_N, SUPPLY, T_ACTION, T_TREASURE, TMP,
                                    TYPES, XS, Z_DECK, Z_LOOK)
from simulator.engine.decide import _attacked, _list, chooses, pick_call
from simulator.engine.deck_answers import back_in_order, put_at
from simulator.engine.gains import gain
from simulator.engine.jit import effect, kernel_fn
from simulator.engine.program import TOPDECK
from simulator.engine.rng import below
from simulator.engine.zones import (_discard_revealed, _ps, _reveal, emit, shuffle_discard,
                                    take_top)


@kernel_fn('b1')
def _pearl_diver_tops(z, fst, prog, p, c):
    """Whether Pearl Diver puts the bottom card c on top: the topdeck list
    if given (it names c), else an Action or a Treasure other than Copper
    (measured: the row's comment); a ``may`` condition overrides both."""
    _, _, explicit = _list(prog, z, p, TOPDECK)
    if explicit:
        z[TMP, c] += 1
        tops = pick_call(z, fst, prog, p, TOPDECK, TMP, 0, 0) >= 0
        z[TMP, c] -= 1
    else:
        tops = TYPES[c] & (T_ACTION | T_TREASURE) != 0 and c != Card.COPPER
    return chooses(z, fst, prog, p, Card.PEARL_DIVER, tops)


@effect(Card.PEARL_DIVER)
def effect_pearl_diver(z, deck, rng, fst, prog, p):
    # "+1 Card, +1 Action. Look at the bottom card of your deck. You may put
    # it on top."  Seaside FAQ (Dominion Strategy wiki, "Official FAQ"): the
    # card is drawn first; with no card left to look at, shuffle first; a
    # deck of one card: its bottom is its top.  The pile keeps only its top
    # PS_KNOWN cards in order, so its bottom is a uniform pick of the rest
    # (all known: the lowest); taken out, it goes back by ``put_at`` on top
    # or at the bottom (which orders the cards above it at random, as the
    # shuffle did, so a card left there is drawn last).
    ps = _ps(p)
    if z[ps, PS_DECK_N] == 0:
        if z[ps, PS_DISC_N] == 0:
            return
        shuffle_discard(z, deck, p)
    n = z[ps, PS_DECK_N]
    known = z[ps, PS_KNOWN]
    if known < n:                            # the bottom of the unordered part
        i = below(rng, n - known)
        t = deck[p, i]
        deck[p, i] = deck[p, 0]
        deck[p, 0] = t
    c = np.int64(deck[p, 0])
    for j in range(n - 1):                   # take it out; the known top stays in order
        deck[p, j] = deck[p, j + 1]
    z[ps, PS_DECK_N] = n - 1
    if known == n:
        z[ps, PS_KNOWN] = known - 1
    put_at(z, deck, rng, p, c, 1 if _pearl_diver_tops(z, fst, prog, p, c) else n, Z_DECK)


@effect(Card.SEA_HAG)
def effect_sea_hag(z, deck, rng, fst, prog, p):
    # "Each other player discards the top card of their deck, then gains a
    # Curse onto their deck."  Seaside FAQ (Dominion Strategy wiki, Sea
    # Hag, "Official FAQ"): a player with no cards left in the deck
    # shuffles first; still none, it discards nothing; the Curses go out in
    # turn order from the player's left; a player who discarded its last
    # card has the Curse as its deck's only card; with no Curse left the
    # top card is still discarded.  Moat and Lighthouse keep a player out.
    n = z[GS, GS_PLAYERS]
    for j in range(1, n):
        v = (p + j) % n
        if not _attacked(z, v):
            continue
        c = take_top(z, deck, rng, v)
        if c >= 0:
            z[v * PR + DISC, c] += 1
            z[_ps(v), PS_DISC_N] += 1
            emit(z, EV_MOVE, v, c, 1, Z_DECK, DISC)
        if not gain(z, deck, rng, fst, prog, v, Card.CURSE, -1):
            emit(z, EV_NOTHING, v, Card.CURSE, 0, PILE_EMPTY, 0)


@effect(Card.EXPLORER)
def effect_explorer(z, deck, rng, fst, prog, p):
    # "You may reveal a Province from your hand. If you do, gain a Gold to
    # your hand. If you don't, gain a Silver to your hand."  Seaside FAQ, in
    # substance (Dominion Strategy wiki): revealing is optional even with a
    # Province in hand; the card gained goes into the hand, playable this
    # turn; revealing with no Gold left gains nothing (not a Silver).  The
    # may's default reveals while a Gold is left.
    c = Card.SILVER
    if z[p * PR + HAND, Card.PROVINCE] > 0 and chooses(z, fst, prog, p, Card.EXPLORER,
                                                       z[SUPPLY, Card.GOLD] > 0):
        c = Card.GOLD
    if not gain(z, deck, rng, fst, prog, p, c, HAND):
        emit(z, EV_NOTHING, p, c, 0, PILE_EMPTY, 0)


@effect(Card.NAVIGATOR)
def effect_navigator(z, deck, rng, fst, prog, p):
    # "+$2. Look at the top 5 cards of your deck. Either discard them all, or
    # put them back in any order."  Seaside FAQ, in substance (Dominion
    # Strategy wiki): with fewer than 5 cards in the deck, look at those and
    # shuffle the discard pile for the rest (fewer if both run out); the
    # cards are discarded all or none; put back, in any order (the order
    # table; default: the dearest on top).  The may's default discards when
    # the five hold less Treasure money per card than the cards its player
    # owns (the hand they would make is below the deck's average).
    looked = 0
    money = 0
    for _ in range(XS[Card.NAVIGATOR]):
        c = _reveal(z, deck, rng, p, Z_LOOK)
        if c < 0:
            break
        looked += 1
        money += MONEY[c]
    if looked == 0:
        emit(z, EV_NOTHING, p, -1, 0, NO_CARDS, 0)
        return
    ps = _ps(p)
    if chooses(z, fst, prog, p, Card.NAVIGATOR,
               money * z[ps, PS_OWN_N] < looked * z[ps, PS_MONEY]):
        for t in range(NC):
            while z[TMP, t] > 0:
                _discard_revealed(z, p, t, Z_LOOK)
    else:
        back_in_order(z, deck, rng, fst, prog, p, Card.NAVIGATOR, Z_LOOK)
