"""The effects of the base set's cards (both editions and the promos):
what each text does beyond the card table's "+" numbers.

Each is registered with ``@effect(card)``, compiled on its own and called by
address from ``kernel.resolve`` (see ``simulator.engine.jit``).  The
defaults a strategy's lists cannot express are written at each effect.
"""

from __future__ import annotations

import numpy as np

from simulator.engine.cards import AFTER_DRAW, Card
from simulator.engine.codes import (
    ASIDE,
    COINS_OF,
    DISC,
    EV_BUY,
    EV_DECK_TO_DISCARD,
    EV_MOVE,
    EV_NOTHING,
    EV_PLAYS,
    EV_PLUS_COINS,
    GS,
    GS_ACTIONS,
    GS_COINS,
    GS_COPPER_UP,
    GS_EMPTY,
    GS_FROM_TRASH,
    GS_LEAVING,
    GS_MARKET_N,
    GS_MERCHANT,
    GS_PLAYERS,
    RAISES_COPPER,
    HAND,
    HAND_SIZE,
    HAS_ON_TREASURE,
    IN_GAME,
    KINDS,
    MARKET,
    NC,
    NO_BUY,
    NO_CARDS,
    NO_PLAY,
    NO_TYPE,
    OWN,
    P_COINS,
    PILE_EMPTY,
    PLAY_ROW,
    PR,
    PS_ASIDE_N,
    PS_DECK_N,
    PS_DISC_N,
    PS_HAND_N,
    PS_KINDS,
    PS_KNOWN,
    PS_OWN_N,
    SUPPLY,
    T_ACTION,
    T_DURATION,
    T_TREASURE,
    T_VICTORY,
    TMP,
    TREASURE_CARDS,
    TYPES,
    XS,
    Z_BLACK_MARKET,
    Z_DECK,
    Z_LOOK,
    Z_REVEAL,
    Z_TRASH,
)
from simulator.engine.decide import (
    TRASH_ORDER,
    UPGRADE,
    _attacked,
    _buy_needs,
    _fired,
    _gainable,
    _list,
    cheapest_in,
    chooses,
    dearest_in,
    first_in,
    gain_choice,
    hand_coins,
    names,
    pick_call,
    required_discard,
    rule_holds,
    topdeck_from_hand,
    would_pick,
)
from simulator.engine.gains import gain, gain_from
from simulator.engine.jit import effect, kernel_fn
from simulator.engine.passes import treasure_hook
from simulator.engine.program import (
    BUY,
    DISCARD,
    GAIN,
    PLAY,
    REMODEL,
    SKIP,
    TOPDECK,
    TRASH,
)
from simulator.engine.zones import (
    _discard_revealed,
    _ps,
    _reveal,
    _trash_revealed,
    _push,
    _traced,
    cost,
    discard_all,
    discard_top,
    draw,
    emit,
    move,
    move_n,
    push_stay_check,
    put_top,
    take_top,
    trash_from,
)

# ============================================================ card effects

@effect(Card.CELLAR)
def effect_cellar(z, deck, rng, fst, prog, p):
    h = p * PR + HAND
    n = 0
    while True:
        c = pick_call(z, fst, prog, p, DISCARD, h, 0, 0)
        if c < 0:
            break
        move(z, p, HAND, DISC, c, _traced(z))
        n += 1
    draw(z, deck, rng, p, n)


@effect(Card.CHAPEL)
def effect_chapel(z, deck, rng, fst, prog, p):
    h = p * PR + HAND
    _, _, explicit = _list(prog, z, p, TRASH)
    for _ in range(XS[Card.CHAPEL]):
        c = pick_call(z, fst, prog, p, TRASH, h, 0, 0)
        if c < 0:
            return
        if not explicit and TYPES[c] & T_TREASURE and _buy_needs(z, fst, prog, p, c):
            return
        trash_from(z, p, HAND, c)


@effect(Card.HARBINGER)
def effect_harbinger(z, deck, rng, fst, prog, p):
    d = p * PR + DISC
    if z[_ps(p), PS_DISC_N] == 0 or not chooses(z, fst, prog, p, Card.HARBINGER, True):
        return
    _, _, explicit = _list(prog, z, p, TOPDECK)
    if explicit:             # the strategy says what to put back (or nothing)
        c = pick_call(z, fst, prog, p, TOPDECK, d, 0, 0)
    else:                    # default: the dearest Action or Treasure
        c = dearest_in(z, d, T_ACTION | T_TREASURE)
    if c >= 0:
        z[d, c] -= 1
        z[_ps(p), PS_DISC_N] -= 1
        put_top(z, deck, p, c)
        emit(z, EV_MOVE, p, c, 1, DISC, Z_DECK)


@effect(Card.VASSAL)
def effect_vassal(z, deck, rng, fst, prog, p):
    c = discard_top(z, deck, rng, p)
    if c < 0:
        return
    if TYPES[c] & T_ACTION and chooses(z, fst, prog, p, Card.VASSAL, True):   # default: play it
        move(z, p, DISC, PLAY_ROW, c, _traced(z))
        emit(z, EV_PLAYS, p, c, 1, 0, 0)
        _push(z, c)


@kernel_fn('void')
def gain_up_to(z, deck, rng, fst, prog, p, limit, dst):
    """The required gain of a card costing up to ``limit`` (Workshop, Feast):
    the gain list's first legal card, else the documented fallback."""
    c = gain_choice(z, fst, prog, p, limit, 0, -1)
    if c >= 0:
        gain(z, deck, rng, fst, prog, p, c, dst)


@effect(Card.WORKSHOP)
def effect_workshop(z, deck, rng, fst, prog, p):
    gain_up_to(z, deck, rng, fst, prog, p, XS[Card.WORKSHOP], DISC)


@effect(Card.BUREAUCRAT)
def effect_bureaucrat(z, deck, rng, fst, prog, p):
    n = z[GS, GS_PLAYERS]
    if not gain(z, deck, rng, fst, prog, p, Card.SILVER, -1):
        emit(z, EV_NOTHING, p, Card.SILVER, 0, PILE_EMPTY, 0)
    for j in range(1, n):
        v = (p + j) % n
        if _attacked(z, v):
            c = cheapest_in(z, v * PR + HAND, T_VICTORY, -1)   # default: cheapest
            if c >= 0:
                z[v * PR + HAND, c] -= 1
                z[_ps(v), PS_HAND_N] -= 1
                put_top(z, deck, v, c)
                emit(z, EV_MOVE, v, c, 1, HAND, Z_DECK)
            else:
                emit(z, EV_NOTHING, v, -1, T_VICTORY, NO_TYPE, 0)


@effect(Card.MILITIA)
def effect_militia(z, deck, rng, fst, prog, p):
    n = z[GS, GS_PLAYERS]
    for j in range(1, n):
        v = (p + j) % n
        if _attacked(z, v):
            extra = z[_ps(v), PS_HAND_N] - XS[Card.MILITIA]
            if extra > 0:
                required_discard(z, fst, prog, v, extra)
            else:
                emit(z, EV_NOTHING, v, -1, z[_ps(v), PS_HAND_N], HAND_SIZE, 0)


@effect(Card.MONEYLENDER)
def effect_moneylender(z, deck, rng, fst, prog, p):
    if z[p * PR + HAND, Card.COPPER] > 0 and chooses(z, fst, prog, p, Card.MONEYLENDER, True):
        trash_from(z, p, HAND, Card.COPPER)
        z[GS, GS_COINS] += XS[Card.MONEYLENDER]
        emit(z, EV_PLUS_COINS, p, Card.MONEYLENDER, XS[Card.MONEYLENDER], 0, 0)


@effect(Card.POACHER)
def effect_poacher(z, deck, rng, fst, prog, p):
    n = min(z[GS, GS_EMPTY], z[_ps(p), PS_HAND_N])
    if n > 0:
        required_discard(z, fst, prog, p, n)


@kernel_fn('i8')
def _upgrade_gain(z, fst, prog, p, t, count):
    """What Remodel gains for a trashed t when it can improve on t
    (``UPGRADE``): the first card of the gain list that is an upgrade it
    may gain (the rule holds), else the dearest Treasure it may gain if that
    is one (Curse into Copper, Estate into Silver); -1: none.  Asked before
    the trash, as one decision with it: the words read the deck still
    holding t, except ``lead_after``, which counts t as gone (GS_LEAVING).
    ``count``: count the gain rule's fire."""
    limit = cost(z, t) + XS[Card.REMODEL]
    z[GS, GS_LEAVING] = t + 1
    g = -1
    start, end, _ = _list(prog, z, p, GAIN)
    for r in range(start, end, 3):
        c = prog[r]
        if UPGRADE[t, c] and _gainable(z, c, limit, 0) and rule_holds(z, fst, prog, p, r):
            if count:
                _fired(fst, prog, r)
            g = c
            break
    if g < 0:
        for i in range(TREASURE_CARDS.shape[0]):
            c = TREASURE_CARDS[i]
            if _gainable(z, c, limit, 0) and (g < 0 or cost(z, c) > cost(z, g)):
                g = c
        if g >= 0 and not UPGRADE[t, g]:
            g = -1
    z[GS, GS_LEAVING] = 0
    return np.int64(g)


@kernel_fn('i8')
def remodel_choice(z, fst, prog, p, own):
    """Remodel's trash and gain, chosen as one decision (Replace's too, by
    its own list ``own``): the card to trash t and the card to gain g
    (-1: none), as t * (NC + 1) + g + 1; -1 when the hand is empty.  The
    trash: the own list if given, else an explicit trash list, else the
    own list's default; its first rule naming a hand card that can be
    improved on (``_upgrade_gain``), else its first rule naming a hand
    card, else TRASH_ORDER: the trash is not optional.  The gain is chosen
    with the trash, before it: the upgrade, else the required gain
    (``gain_choice``)."""
    h = p * PR + HAND
    _, _, mine = _list(prog, z, p, own)
    _, _, trash = _list(prog, z, p, TRASH)
    start, end, _ = _list(prog, z, p, TRASH if trash and not mine else own)
    c = -1
    first = -1                                # the first rule naming a hand card
    for r in range(start, end, 3):
        t = prog[r]
        if z[h, t] > 0 and rule_holds(z, fst, prog, p, r):
            if _upgrade_gain(z, fst, prog, p, t, 0) >= 0:
                c = t
                _fired(fst, prog, r)
                break
            if first < 0:
                first = r
    if c < 0 and first >= 0:
        c = prog[first]
        _fired(fst, prog, first)
    if c < 0:
        c = first_in(z, h, TRASH_ORDER, 0)
    if c < 0:
        return np.int64(-1)
    g = _upgrade_gain(z, fst, prog, p, c, 1)
    if g < 0:
        z[GS, GS_LEAVING] = c + 1
        g = gain_choice(z, fst, prog, p, cost(z, c) + XS[Card.REMODEL], 0, -1)
        z[GS, GS_LEAVING] = 0
    return np.int64(c * (NC + 1) + g + 1)


@effect(Card.REMODEL)
def effect_remodel(z, deck, rng, fst, prog, p):
    # "Trash a card from your hand. Gain a card costing up to $2 more than
    # it."  Both chosen by ``remodel_choice`` with the remodel list.  The
    # default play rule plays Remodel only when some hand card has an
    # upgrade (strategy.py, ``_remodel_when_useful``).
    pick = remodel_choice(z, fst, prog, p, REMODEL)
    if pick < 0:
        return                                # nothing to trash, nothing gained
    trash_from(z, p, HAND, pick // (NC + 1))
    if pick % (NC + 1):
        gain(z, deck, rng, fst, prog, p, pick % (NC + 1) - 1, DISC)


@effect(Card.THRONE_ROOM)
def effect_throne_room(z, deck, rng, fst, prog, p):
    if not chooses(z, fst, prog, p, Card.THRONE_ROOM, True):
        return
    h = p * PR + HAND
    t = would_pick(z, fst, prog, p, PLAY, h, 0, T_ACTION)
    if t >= 0 and AFTER_DRAW[t]:
        # Throne Room passes over a card that waits for the draw (Cellar)
        # while another Action in hand matches: under a Throne Room one
        # Action fewer is left, so Cellar's default rule (it waits only
        # while 2+ Actions are left) would take Smithy's place; Throne Room,
        # Smithy, Cellar plays Smithy twice, then Cellar
        n = z[h, t]
        z[h, t] = 0
        other = pick_call(z, fst, prog, p, PLAY, h, 0, T_ACTION)
        z[h, t] = n
        t = other if other >= 0 else pick_call(z, fst, prog, p, PLAY, h, 0, T_ACTION)
    else:
        t = pick_call(z, fst, prog, p, PLAY, h, 0, T_ACTION)
    if t >= 0:
        move(z, p, HAND, PLAY_ROW, t, _traced(z))
        emit(z, EV_PLAYS, p, t, XS[Card.THRONE_ROOM], 0, 0)
        # "a Throne Room that played a Duration card stays in play with it"
        # (the Seaside rules: it stays until the clean-up the Duration leaves
        # at; when the Duration does not stay, it goes too: Outpost)
        if TYPES[t] & T_DURATION:
            push_stay_check(z, p, Card.THRONE_ROOM, t)
        for _ in range(XS[Card.THRONE_ROOM]):
            _push(z, t)
    else:
        emit(z, EV_NOTHING, p, -1, 0, NO_PLAY, 0)


@kernel_fn('void')
def _tmp_to_discard(z, p):
    for c in range(NC):
        for _ in range(z[TMP, c]):
            _discard_revealed(z, p, c, Z_REVEAL)


@effect(Card.BANDIT)
def effect_bandit(z, deck, rng, fst, prog, p):
    n = z[GS, GS_PLAYERS]
    if not gain(z, deck, rng, fst, prog, p, Card.GOLD, DISC):
        emit(z, EV_NOTHING, p, Card.GOLD, 0, PILE_EMPTY, 0)
    for j in range(1, n):
        v = (p + j) % n
        if not _attacked(z, v):
            continue
        if _reveal(z, deck, rng, v, Z_REVEAL) < 0:       # reveal into TMP
            emit(z, EV_NOTHING, v, -1, 0, NO_CARDS, 0)
            continue
        for _ in range(XS[Card.BANDIT] - 1):
            _reveal(z, deck, rng, v, Z_REVEAL)
        c = cheapest_in(z, TMP, T_TREASURE, Card.COPPER)   # default: cheapest
        if c >= 0:
            _trash_revealed(z, v, c, Z_REVEAL)
        _tmp_to_discard(z, v)


@effect(Card.COUNCIL_ROOM)
def effect_council_room(z, deck, rng, fst, prog, p):
    n = z[GS, GS_PLAYERS]
    for j in range(1, n):
        draw(z, deck, rng, (p + j) % n, XS[Card.COUNCIL_ROOM])


@kernel_fn('b1')
def _library_skips(z, fst, prog, p, c):
    """Whether Library sets the drawn Action c aside: the skip list if given,
    else only when no Action is left to play it; a ``may`` condition for
    Library overrides both."""
    _, _, explicit = _list(prog, z, p, SKIP)
    if not explicit:
        return chooses(z, fst, prog, p, Card.LIBRARY, z[GS, GS_ACTIONS] == 0)
    z[TMP, c] += 1
    skip = pick_call(z, fst, prog, p, SKIP, TMP, 0, 0) >= 0
    skip = chooses(z, fst, prog, p, Card.LIBRARY, skip)
    z[TMP, c] -= 1
    return skip


@effect(Card.LIBRARY)
def effect_library(z, deck, rng, fst, prog, p):
    ps = _ps(p)
    while z[ps, PS_HAND_N] < XS[Card.LIBRARY]:
        c = take_top(z, deck, rng, p)
        if c < 0:
            break
        if TYPES[c] & T_ACTION and _library_skips(z, fst, prog, p, c):
            z[p * PR + ASIDE, c] += 1
            z[ps, PS_ASIDE_N] += 1
            emit(z, EV_MOVE, p, c, 1, Z_DECK, ASIDE)
        else:
            z[p * PR + HAND, c] += 1
            z[ps, PS_HAND_N] += 1
            emit(z, EV_MOVE, p, c, 1, Z_DECK, HAND)
    discard_all(z, p, ASIDE)


@kernel_fn('b1')
def _upgrade_exists(z, c, plus):
    for t in range(NC):
        if TYPES[t] & T_TREASURE and z[IN_GAME, t] and z[SUPPLY, t] > 0 \
                and cost(z, c) < cost(z, t) <= cost(z, c) + plus:
            return True
    return False


@effect(Card.MINE)
def effect_mine(z, deck, rng, fst, prog, p):
    h = p * PR + HAND
    plus = XS[Card.MINE]
    _, _, explicit = _list(prog, z, p, TRASH)
    if explicit:
        c = pick_call(z, fst, prog, p, TRASH, h, 0, T_TREASURE)
    else:                  # default: the cheapest Treasure that can improve
        c = -1
        for t in range(NC):
            if z[h, t] > 0 and TYPES[t] & T_TREASURE and _upgrade_exists(z, t, plus):
                if c < 0 or cost(z, t) < cost(z, c):
                    c = t
    if c < 0 or not chooses(z, fst, prog, p, Card.MINE, True):
        return
    trash_from(z, p, HAND, c)
    limit = cost(z, c) + plus
    _, _, explicit = _list(prog, z, p, GAIN)
    g = -1
    if explicit:
        g = gain_choice(z, fst, prog, p, limit, T_TREASURE, -1)
    else:                  # default: the dearest Treasure allowed
        for t in range(NC):
            if TYPES[t] & T_TREASURE and z[IN_GAME, t] and z[SUPPLY, t] > 0 \
                    and cost(z, t) <= limit and (g < 0 or cost(z, t) >= cost(z, g)):
                g = t
    if g >= 0:
        gain(z, deck, rng, fst, prog, p, g, HAND)


@effect(Card.SENTRY)
def effect_sentry(z, deck, rng, fst, prog, p):
    # look at the top cards (into TMP), trash, discard, put the rest back
    for _ in range(XS[Card.SENTRY]):
        _reveal(z, deck, rng, p, Z_LOOK)
    while True:
        c = pick_call(z, fst, prog, p, TRASH, TMP, 0, 0)
        if c < 0:
            break
        _trash_revealed(z, p, c, Z_LOOK)
    while True:
        c = pick_call(z, fst, prog, p, DISCARD, TMP, 0, 0)
        if c < 0:
            break
        _discard_revealed(z, p, c, Z_LOOK)
    _, _, explicit = _list(prog, z, p, DISCARD)
    while not explicit and z[TMP, Card.COPPER] > 0:   # default: no Copper goes back
        _discard_revealed(z, p, Card.COPPER, Z_LOOK)
    # default order back: cheapest first, so the dearest ends on top
    while True:
        c = cheapest_in(z, TMP, 0xFF, -1)
        if c < 0:
            break
        z[TMP, c] -= 1
        put_top(z, deck, p, c)
        emit(z, EV_MOVE, p, c, 1, Z_LOOK, Z_DECK)


@effect(Card.WITCH)
def effect_witch(z, deck, rng, fst, prog, p):
    n = z[GS, GS_PLAYERS]
    for j in range(1, n):
        v = (p + j) % n
        if _attacked(z, v) and not gain(z, deck, rng, fst, prog, v, Card.CURSE, DISC):
            emit(z, EV_NOTHING, v, Card.CURSE, 0, PILE_EMPTY, 0)


@effect(Card.ARTISAN)
def effect_artisan(z, deck, rng, fst, prog, p):
    g = gain_choice(z, fst, prog, p, XS[Card.ARTISAN], 0, -1)
    if g >= 0:
        gain(z, deck, rng, fst, prog, p, g, HAND)
    topdeck_from_hand(z, deck, fst, prog, p)


@kernel_fn('b1')
def _deck_is_poorer(z, deck, fst, prog, p):
    """Chancellor's default: whether p's draw pile holds fewer coins per card
    (``COINS_OF``: a Treasure's value, an Action's +$) than the rest of p's
    cards with the card this turn's buy would take (the buy list with the
    hand's money): putting the deck into the discard pile then deals the
    next hands from all of them, sooner (measured in docs/strategies.md)."""
    ps = _ps(p)
    n = z[ps, PS_DECK_N]
    dm = 0
    for i in range(n):
        dm += COINS_OF[deck[p, i]]
    total = 0
    kinds = z[p * PR + KINDS]
    for i in range(z[ps, PS_KINDS]):
        total += z[p * PR + OWN, kinds[i]] * COINS_OF[kinds[i]]
    g = would_pick(z, fst, prog, p, BUY, -1, hand_coins(z, p), 0)
    om = total - dm + (COINS_OF[g] if g >= 0 else 0)
    oc = z[ps, PS_OWN_N] - n + (1 if g >= 0 else 0)
    return dm * oc < om * n


@effect(Card.CHANCELLOR)
def effect_chancellor(z, deck, rng, fst, prog, p):
    # +$2 is the table's.  "You may immediately put your deck into your
    # discard pile": the whole pile at once, unseen (it is not discarding).
    # Default (``_deck_is_poorer``): when the draw pile is poorer in money
    # than the rest with this turn's buy.  An empty deck leaves nothing to do.
    ps = _ps(p)
    n = z[ps, PS_DECK_N]
    if n == 0 or not chooses(z, fst, prog, p, Card.CHANCELLOR,
                             _deck_is_poorer(z, deck, fst, prog, p)):
        return
    d = p * PR + DISC
    for i in range(n):
        z[d, deck[p, i]] += 1
    z[ps, PS_DISC_N] += n
    z[ps, PS_DECK_N] = 0
    z[ps, PS_KNOWN] = 0
    emit(z, EV_DECK_TO_DISCARD, p, -1, n, Z_DECK, DISC)


@effect(Card.FEAST)
def effect_feast(z, deck, rng, fst, prog, p):
    # "Trash this card. Gain a card costing up to $5."  The gain is required
    # and goes through Workshop's path.  Throne Room on Feast: trashed once,
    # gains twice.  Counts cannot tell copies apart, but none is needed: a
    # card put into play resolves before any other card is put into play,
    # and the first resolution trashes it, so a Feast in play is this one
    # exactly when this is its first resolution.
    if z[p * PR + PLAY_ROW, Card.FEAST] > 0:
        trash_from(z, p, PLAY_ROW, Card.FEAST)
    gain_up_to(z, deck, rng, fst, prog, p, XS[Card.FEAST], DISC)


@kernel_fn('void')
def _tmp_to_hand(z, p, typemask):
    """Put p's revealed cards with one of the type bits into its hand."""
    h = p * PR + HAND
    for c in range(NC):
        k = z[TMP, c]
        if k and TYPES[c] & typemask:
            z[TMP, c] = 0
            z[h, c] += k
            z[_ps(p), PS_HAND_N] += k
            emit(z, EV_MOVE, p, c, k, Z_REVEAL, HAND)


@effect(Card.ADVENTURER)
def effect_adventurer(z, deck, rng, fst, prog, p):
    # "Reveal cards from your deck until you reveal 2 Treasure cards. Put
    # those into your hand and discard the other revealed cards."  An empty
    # deck is refilled by shuffling the discard pile, as for a draw; the
    # revealed cards wait in TMP, so they are not shuffled in.  With deck
    # and discard both empty revealing stops, with fewer Treasures.
    found = 0
    revealed = 0
    while found < XS[Card.ADVENTURER]:
        c = _reveal(z, deck, rng, p, Z_REVEAL)
        if c < 0:
            break
        revealed += 1
        if TYPES[c] & T_TREASURE:
            found += 1
    if revealed == 0:
        emit(z, EV_NOTHING, p, -1, 0, NO_CARDS, 0)
    _tmp_to_hand(z, p, T_TREASURE)       # the Treasures into the hand
    _tmp_to_discard(z, p)                # then the others onto the discard pile


@effect(Card.SPY)
def effect_spy(z, deck, rng, fst, prog, p):
    n = z[GS, GS_PLAYERS]
    # +1 Card, +1 Action are the table's.  "Each player (including you)
    # reveals the top card of their deck and either discards it or puts it
    # back, your choice": you first, then the others in turn order from your
    # left, for whom it is an Attack (Moat blocks it).  Your choice: your own
    # card is discarded when a rule of your discard list names it (default:
    # green cards and Curses, and a Copper, as Sentry: a Copper on the deck is
    # a poor next card); another player's when it would help them, an
    # Action or a Treasure other than Copper.  Revealing from an empty deck
    # shuffles first; with no cards at all there is nothing to reveal.
    for j in range(n):
        v = (p + j) % n
        if j > 0 and not _attacked(z, v):
            continue
        c = _reveal(z, deck, rng, v, Z_REVEAL)
        if c < 0:
            emit(z, EV_NOTHING, v, -1, 0, NO_CARDS, 0)
            continue
        if j == 0:
            discard = pick_call(z, fst, prog, p, DISCARD, TMP, 0, 0) >= 0
            if not discard and c == Card.COPPER:      # default: a Copper too,
                _, _, explicit = _list(prog, z, p, DISCARD)  # as Sentry
                discard = not explicit
        else:
            discard = TYPES[c] & T_ACTION or (TYPES[c] & T_TREASURE and c != Card.COPPER)
        if discard:
            _discard_revealed(z, v, c, Z_REVEAL)
        else:
            z[TMP, c] -= 1
            put_top(z, deck, v, c)
            emit(z, EV_MOVE, v, c, 1, Z_REVEAL, Z_DECK)


@effect(Card.THIEF)
def effect_thief(z, deck, rng, fst, prog, p):
    n = z[GS, GS_PLAYERS]
    # "Each other player reveals the top 2 cards of their deck. If they
    # revealed any Treasure cards, they trash one of them that you choose.
    # You may gain any or all of these trashed cards. They discard the other
    # revealed cards."  Victims in turn order from your left; Moat blocks.
    # You choose each victim's dearest revealed Treasure (the first revealed
    # on a tie); you gain it from the trash when a rule of your gain list
    # names it, whatever it costs; then the victim discards the rest.  A
    # gain from the trash empties no pile (``ends_game`` knows: GS_FROM_TRASH).
    for j in range(1, n):
        v = (p + j) % n
        if not _attacked(z, v):
            continue
        best = -1
        revealed = 0
        for _ in range(XS[Card.THIEF]):
            c = _reveal(z, deck, rng, v, Z_REVEAL)
            if c < 0:
                break
            revealed += 1
            if TYPES[c] & T_TREASURE and (best < 0 or cost(z, c) > cost(z, best)):
                best = c
        if revealed == 0:
            emit(z, EV_NOTHING, v, -1, 0, NO_CARDS, 0)
            continue
        if best >= 0:
            _trash_revealed(z, v, best, Z_REVEAL)
            z[GS, GS_FROM_TRASH] = 1
            take = names(z, fst, prog, p, GAIN, best)
            z[GS, GS_FROM_TRASH] = 0
            if take:
                gain_from(z, deck, rng, fst, prog, p, best, Z_TRASH, DISC, False)
        _tmp_to_discard(z, v)


@effect(Card.ENVOY)
def effect_envoy(z, deck, rng, fst, prog, p):
    # "Reveal the top 5 cards of your deck. The player to your left chooses
    # one for you to discard. Put the rest into your hand."  Fewer than 5
    # even after shuffling: reveal what there is; one is still discarded.
    # The left neighbour's pick hurts most: the dearest revealed Action or
    # Treasure, else the dearest card, the first revealed on a tie.
    pick = -1                      # dearest Action or Treasure so far
    dearest = -1                   # dearest card so far
    revealed = 0
    for _ in range(XS[Card.ENVOY]):
        c = _reveal(z, deck, rng, p, Z_REVEAL)
        if c < 0:
            break
        revealed += 1
        if TYPES[c] & (T_ACTION | T_TREASURE) and (pick < 0 or cost(z, c) > cost(z, pick)):
            pick = c
        if dearest < 0 or cost(z, c) > cost(z, dearest):
            dearest = c
    if revealed == 0:
        emit(z, EV_NOTHING, p, -1, 0, NO_CARDS, 0)
        return
    _discard_revealed(z, p, pick if pick >= 0 else dearest, Z_REVEAL)
    _tmp_to_hand(z, p, 0xFF)


@kernel_fn('i8')
def _hand_money(z, p):
    """The coins p's Treasures in hand would make if played now."""
    h = p * PR + HAND
    money = 0
    for i in range(TREASURE_CARDS.shape[0]):
        c = TREASURE_CARDS[i]
        money += z[h, c] * P_COINS[c]
    if z[h, Card.SILVER] and z[p * PR + PLAY_ROW, Card.SILVER] == 0:
        money += z[GS, GS_MERCHANT]          # the first Silver's Merchant bonus
    if RAISES_COPPER:                        # Coppersmith's bonus
        money += z[h, Card.COPPER] * z[GS, GS_COPPER_UP]
    return money


@kernel_fn('void')
def _play_treasures(z, p):
    """Play every Treasure in p's hand now (their coins stay for the turn)."""
    h = p * PR + HAND
    first_silver = z[p * PR + PLAY_ROW, Card.SILVER] == 0 and z[h, Card.SILVER] > 0
    if RAISES_COPPER:                        # Coppersmith's bonus, for the Coppers played now
        z[GS, GS_COINS] += z[h, Card.COPPER] * z[GS, GS_COPPER_UP]
    for i in range(TREASURE_CARDS.shape[0]):
        c = TREASURE_CARDS[i]
        k = z[h, c]
        if k:
            move_n(z, p, HAND, PLAY_ROW, c, k, _traced(z))
            z[GS, GS_COINS] += k * P_COINS[c]
    if first_silver and z[GS, GS_MERCHANT]:
        z[GS, GS_COINS] += z[GS, GS_MERCHANT]
        emit(z, EV_PLUS_COINS, p, Card.MERCHANT, z[GS, GS_MERCHANT], 0, 0)
        z[GS, GS_MERCHANT] = 0
    if HAS_ON_TREASURE:                       # another player's Corsair (passes.py)
        treasure_hook(z, p)


@kernel_fn('i8')
def _market_pick(z, fst, prog, p, money):
    """What Black Market buys of the revealed cards in TMP (those ``money``
    affords), by the buy list's priorities: the first rule whose card it
    could take now, revealed or from the supply with this money.  A revealed
    card when that comes first; when a supply card does, the first revealed
    card the list takes, but only if the Buy phase still takes that supply
    card with the money left after it (the buy uses no Buy): Witch over a
    Province never, Witch and then the Province with $13.  -1: none."""
    start, end, _ = _list(prog, z, p, BUY)
    for r in range(start, end, 3):
        c = prog[r]
        if cost(z, c) > money or (z[TMP, c] <= 0 and z[SUPPLY, c] <= 0) \
                or not rule_holds(z, fst, prog, p, r):
            continue
        if z[TMP, c] > 0:
            _fired(fst, prog, r)
            return np.int64(c)
        b = would_pick(z, fst, prog, p, BUY, TMP, 0, 0)
        if b < 0:
            return np.int64(-1)
        z[GS, GS_COINS] = money - cost(z, b)
        still = would_pick(z, fst, prog, p, BUY, -1, money - cost(z, b), 0) == c
        z[GS, GS_COINS] = money
        return pick_call(z, fst, prog, p, BUY, TMP, 0, 0) if still else np.int64(-1)
    return np.int64(-1)


@effect(Card.BLACK_MARKET)
def effect_black_market(z, deck, rng, fst, prog, p):
    # +$2 is the table's.  "Reveal the top 3 cards of the Black Market deck.
    # You may buy one of them immediately. Put the unbought cards on the
    # bottom of the Black Market deck in any order."  Fewer than 3 left: what
    # there is.  The deck is not a supply pile.  Buying uses no Buy and is
    # not the Buy phase: it pays with the coins so far, and Treasures may be
    # played from hand for it now (their coins stay for the Buy phase).
    # Choice (``_market_pick``): by the buy list, with the coins plus the
    # Treasures in hand, which is also what the word ``coins`` reads while
    # it chooses (the Buy phase would have them); it plays all those
    # Treasures only when its coins are short.  The rest go under in the
    # order revealed.
    n = z[GS, GS_MARKET_N]
    k = min(XS[Card.BLACK_MARKET], n)
    r0 = z[MARKET, 0] if k > 0 else -1
    r1 = z[MARKET, 1] if k > 1 else -1
    r2 = z[MARKET, 2] if k > 2 else -1
    for i in range(n - k):
        z[MARKET, i] = z[MARKET, i + k]
    n -= k
    coins = z[GS, GS_COINS]
    money = coins + _hand_money(z, p)
    for r in (r0, r1, r2):                # revealed; TMP holds the affordable
        if r >= 0:
            emit(z, EV_MOVE, p, r, 1, Z_BLACK_MARKET, Z_REVEAL)
            if cost(z, r) <= money:
                z[TMP, r] += 1
    z[GS, GS_COINS] = money
    c = _market_pick(z, fst, prog, p, money)
    z[GS, GS_COINS] = coins
    for r in (r0, r1, r2):
        if r >= 0 and cost(z, r) <= money:
            z[TMP, r] -= 1
    if c >= 0:
        if coins < cost(z, c):
            _play_treasures(z, p)
        emit(z, EV_BUY, p, c, cost(z, c), Z_BLACK_MARKET, 0)
        z[GS, GS_COINS] -= cost(z, c)
        gain_from(z, deck, rng, fst, prog, p, c, Z_REVEAL, DISC, True)
    else:
        emit(z, EV_NOTHING, p, -1, 0, NO_BUY, 0)
    for r in (r0, r1, r2):                # the others under, in revealed order
        if r >= 0 and r != c:
            z[MARKET, n] = r
            n += 1
            emit(z, EV_MOVE, p, r, 1, Z_REVEAL, Z_BLACK_MARKET)
    z[GS, GS_MARKET_N] = n
