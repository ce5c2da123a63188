"""The deck's decisions whose answer is a card, a place or an order
(``spec.DECK_OPS``): options a card does, as data the kernel interprets.

Each asks its own list kind of the player's strategy (``spec.ANSWERS``):
``naming`` (the card Wishing Well names), ``position`` (which hand card
Secret Passage puts where in the deck) and ``order`` (the order Patrol and
Lookout put cards back); without a rule that applies, the default written
at each op.  ``choose_and_do`` calls ``deck_option`` only when a card uses
one (``HAS_DECK_OPS``), so the base game compiles none of this.

The draw pile keeps only its top PS_KNOWN cards in order (``codes``); a card
put below that known part needs the cards above it in order: ``put_at``
draws their order at random first (the same as the shuffle that made the
pile), and so changes no one's odds.
"""

from __future__ import annotations

import numpy as np

from simulator.engine.codes import (
    COL_BITS,
    COL_MASK,
    DISC,
    EV_MOVE,
    EV_NAME,
    EV_NOTHING,
    EV_PLACE,
    HAND,
    KINDS,
    NO_CARDS,
    OPT_GREEN_TO_HAND,
    OPT_INTO_DECK,
    OPT_LOOKOUT,
    OPT_NAME_REVEAL,
    OPT_ONTO_DECK,
    OPT_VICTORY_TO_HAND,
    PR,
    PS_DECK_N,
    PS_HAND_N,
    PS_KINDS,
    PS_KNOWN,
    T_ACTION,
    T_CURSE,
    T_TREASURE,
    T_VICTORY,
    TMP,
    TYPES,
    Z_DECK,
    Z_LOOK,
    Z_REVEAL,
)
from simulator.engine.decide import (
    DISCARD_ORDER,
    TRASH_ORDER,
    _fired,
    _list,
    default_topdeck,
    dearest_in,
    first_in,
    pick_call,
    rule_holds,
    topdeck_from_hand,
)
from simulator.engine.jit import _deck_fixed, _z_fixed, kernel_fn
from simulator.engine.program import (
    DISCARD,
    NAMING,
    ORDER,
    PLACE_BOTTOM,
    POSITION,
    TOPDECK,
    TRASH,
)
from simulator.engine.rng import below
from simulator.engine.zones import (
    _discard_revealed,
    _ps,
    _reveal,
    _trash_revealed,
    cost,
    emit,
    reveal_top,
    revealed_to_hand,
)

ALL_TYPES = 0xFFFF


@kernel_fn('void')
def put_at(z, deck, rng, p, c, k, src):
    """Put c (from zone src, for the log) into p's deck as the k-th card from
    the top; k past the deck's size + 1: at the bottom.  The cards above it
    that were in no known order are given one first, each a uniform pick of
    the unordered rest (a shuffled pile's order), so that the known part of
    the pile reaches down to c."""
    deck = _deck_fixed(deck)
    ps = _ps(p)
    n = z[ps, PS_DECK_N]
    above = min(k - 1, n)
    known = z[ps, PS_KNOWN]
    while known < above:                     # the next card under the known part
        i = below(rng, n - known)
        j = n - known - 1
        t = deck[p, i]
        deck[p, i] = deck[p, j]
        deck[p, j] = t
        known += 1
    for i in range(n, n - above, -1):        # the cards above c move up one
        deck[p, i] = deck[p, i - 1]
    deck[p, n - above] = c
    z[ps, PS_DECK_N] = n + 1
    z[ps, PS_KNOWN] = known + 1
    emit(z, EV_PLACE, p, c, above + 1, src, Z_DECK)


@kernel_fn('i8')
def answer(z, fst, prog, p, k, card, row):
    """The card of the first rule of ``card`` in answer list k (NAMING,
    ORDER) whose condition holds and, for row >= 0, whose card has a copy
    in z[row]; -1 if none.  Its fire is counted."""
    start, end, _ = _list(prog, z, p, k)
    for r in range(start, end, 3):
        code = prog[r]
        if code >> COL_BITS == card:
            t = code & COL_MASK
            if (row < 0 or z[row, t] > 0) and rule_holds(z, fst, prog, p, r):
                _fired(fst, prog, r)
                return np.int64(t)
    return np.int64(-1)


@kernel_fn('i8')
def likeliest_top(z, deck, p):
    """Wishing Well's default name: the card most likely on top of p's deck
    from what p knows, the counts of its draw pile (of its discard pile when
    the draw pile is empty: the reveal shuffles it); the dearer on a tie
    (the higher card number on equal cost); -1 when both are empty."""
    deck = _deck_fixed(deck)
    ps = _ps(p)
    n = z[ps, PS_DECK_N]
    row = p * PR + DISC
    if n > 0:                                # count the draw pile in TMP
        row = TMP
        for i in range(n):
            z[TMP, deck[p, i]] += 1
    best = -1
    kinds = z[p * PR + KINDS]
    for i in range(z[ps, PS_KINDS]):         # the cards p owns, ascending
        t = kinds[i]
        m = z[row, t]
        if m > 0 and (best < 0 or m > z[row, best]
                      or m == z[row, best] and cost(z, t) >= cost(z, best)):
            best = t
    if n > 0:
        for i in range(z[ps, PS_KINDS]):
            z[TMP, kinds[i]] = 0
    return np.int64(best)


@kernel_fn('void')
def back_in_order(z, deck, rng, fst, prog, p, c, zone):
    """Put every card in TMP (p's, revealed or looked at: ``zone``) back on
    p's deck "in any order": the first back on top is the first card of
    c's order rules in TMP, then the next below it ...; a card no rule
    names (default) the dearest left, so the dearest ends on top (Sentry's
    default)."""
    k = 1
    while True:
        t = answer(z, fst, prog, p, ORDER, c, TMP)
        if t < 0:
            t = dearest_in(z, TMP, ALL_TYPES)
        if t < 0:
            return
        z[TMP, t] -= 1
        put_at(z, deck, rng, p, t, k, zone)
        k += 1


@kernel_fn('void')
def name_and_reveal(z, deck, rng, fst, prog, p, c):
    """Wishing Well: "Name a card, then reveal the top card of your deck. If
    you named it, put it into your hand."  The naming rules of c, else
    ``likeliest_top``.  A card not named stays on top; an empty deck is
    shuffled first, as for a draw (RULES.md, "Drawing and shuffling": a
    card needed to reveal); with no cards at all nothing is revealed.  (The
    search tool found no copy of the Intrigue FAQ for this card: the rulings
    are the card text's and the rulebook's shuffle rule.)"""
    named = answer(z, fst, prog, p, NAMING, c, -1)
    if named < 0:
        named = likeliest_top(z, deck, p)
    if named >= 0:
        emit(z, EV_NAME, p, named, 1, 0, 0)
    t = reveal_top(z, deck, rng, p)
    if t >= 0:
        revealed_to_hand(z, deck, p, t, t == named)


@kernel_fn('void')
def hand_into_deck(z, deck, rng, fst, prog, p, c):
    """Secret Passage: "Take a card from your hand and put it anywhere in
    your deck."  The first of c's position rules whose card is in the hand
    and whose condition holds: that card, at its place (a place below the
    deck's bottom is the bottom); none (default): a dead card (Curse,
    Victory) to the bottom, where it is drawn last, else Artisan's choice
    (the topdeck list, then ``default_topdeck``) on top (measured: docs/strategies.md).  Anywhere
    is any of the deck's size + 1 places, top to bottom; an empty deck: the
    card becomes its only card (RULES.md: "A card put on an empty draw pile
    becomes its only card"); an empty hand: nothing."""
    h = p * PR + HAND
    if z[_ps(p), PS_HAND_N] == 0:
        return
    t = -1
    k = 1
    start, end, _ = _list(prog, z, p, POSITION)
    for r in range(start, end, 3):
        code = prog[r]
        if code >> 2 * COL_BITS == c and z[h, code & COL_MASK] > 0 \
                and rule_holds(z, fst, prog, p, r):
            _fired(fst, prog, r)
            t = code & COL_MASK
            place = (code >> COL_BITS) & COL_MASK
            k = place if place != PLACE_BOTTOM else 1 << COL_BITS
            break
    if t < 0:
        t = first_in(z, h, DISCARD_ORDER, 0)
        if TYPES[t] & (T_ACTION | T_TREASURE):
            t = pick_call(z, fst, prog, p, TOPDECK, h, 0, 0)
            if t < 0:
                t = default_topdeck(z, fst, prog, p)
        else:
            k = 1 << COL_BITS
    z[h, t] -= 1
    z[_ps(p), PS_HAND_N] -= 1
    put_at(z, deck, rng, p, t, k, HAND)


@kernel_fn('void')
def green_to_hand(z, deck, rng, fst, prog, p, c, n, mask):
    """Patrol: "Reveal the top 4 cards of your deck. Put the Victory cards and
    Curses into your hand. Put the rest back in any order."  Scout (first
    edition) the same without the Curses: the types that go to the hand are
    ``mask``.  Fewer when the
    deck and discard pile run out; a deck short of cards shuffles the
    discard pile first, as for Lookout's look (its FAQ, above) and any
    draw; a card with two types, one of them Victory, is a Victory card
    (RULES.md, "Card types")."""
    revealed = 0
    for _ in range(n):
        if _reveal(z, deck, rng, p, Z_REVEAL) < 0:
            break
        revealed += 1
    if revealed == 0:
        emit(z, EV_NOTHING, p, -1, 0, NO_CARDS, 0)
        return
    h = p * PR + HAND
    for t in range(z.shape[1]):
        m = z[TMP, t]
        if m > 0 and TYPES[t] & mask:
            z[TMP, t] = 0
            z[h, t] += m
            z[_ps(p), PS_HAND_N] += m
            emit(z, EV_MOVE, p, t, m, Z_REVEAL, HAND)
    back_in_order(z, deck, rng, fst, prog, p, c, Z_REVEAL)


@kernel_fn('void')
def look_trash_discard(z, deck, rng, fst, prog, p, c, n):
    """Lookout: "Look at the top 3 cards of your deck. Trash one of them.
    Discard one of them. Put the other one back on top."  Both picks are
    required: the trash list, else TRASH_ORDER (Curse, Estate, Copper, the
    cheapest); the discard list, else DISCARD_ORDER.  Seaside's official
    FAQ: "You do the things in order - first trash one of the cards, then
    discard one, then put the last one on top of your deck. So if there is
    only one card (even after shuffling), you trash it, and if there are
    only 2 cards, you trash one then discard the other"; and "If you do not
    have 3 cards to look at from the top of your deck, look at as many as
    you can and then shuffle your discard pile to look at the remaining
    cards" (as quoted by wiki.dominionstrategy.com/index.php/Lookout)."""
    looked = 0
    for _ in range(n):
        if _reveal(z, deck, rng, p, Z_LOOK) < 0:
            break
        looked += 1
    if looked == 0:
        emit(z, EV_NOTHING, p, -1, 0, NO_CARDS, 0)
        return
    t = pick_call(z, fst, prog, p, TRASH, TMP, 0, 0)
    if t < 0:
        t = first_in(z, TMP, TRASH_ORDER, 0)
    _trash_revealed(z, p, t, Z_LOOK)
    if looked > 1:
        t = pick_call(z, fst, prog, p, DISCARD, TMP, 0, 0)
        if t < 0:
            t = first_in(z, TMP, DISCARD_ORDER, 0)
        _discard_revealed(z, p, t, Z_LOOK)
    back_in_order(z, deck, rng, fst, prog, p, c, Z_LOOK)


@kernel_fn('void')
def deck_option(z, deck, rng, fst, prog, p, c, op, n):
    """Do option ``op`` (a DECK_OPS op of CHOICE_OPS) of card c for p; n its
    amount (cards revealed or looked at, cards put into the deck)."""
    z = _z_fixed(z)
    if op == OPT_NAME_REVEAL:
        for _ in range(n):
            name_and_reveal(z, deck, rng, fst, prog, p, c)
    elif op == OPT_INTO_DECK:
        for _ in range(n):
            hand_into_deck(z, deck, rng, fst, prog, p, c)
    elif op == OPT_ONTO_DECK:
        # Courtyard: "Put a card from your hand onto your deck" (Artisan's choice)
        for _ in range(n):
            topdeck_from_hand(z, deck, fst, prog, p)
    elif op == OPT_GREEN_TO_HAND:
        green_to_hand(z, deck, rng, fst, prog, p, c, n, T_VICTORY | T_CURSE)
    elif op == OPT_VICTORY_TO_HAND:
        green_to_hand(z, deck, rng, fst, prog, p, c, n, T_VICTORY)
    elif op == OPT_LOOKOUT:
        look_trash_discard(z, deck, rng, fst, prog, p, c, n)
