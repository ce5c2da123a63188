"""What a gain triggers, as data the kernel interprets: the registry's gain
hooks (``WhenGain``: Monkey draws, Blockade's Curses, Sailor's play), the
record of the cards each player gained on its last turn (Smugglers), and the
two options that gain with them ("gain to mat", "smuggle").

``gain`` and ``gain_from`` are the calls every card effect gains through:
``zones._gain`` moves the card and keeps every count, then ``gain_hooks``
does what that gain triggers (the Buy phase calls it after its own inlined
``_gain``).  ``gain_hooks`` is a mechanism called by address, loaded only
for a game where some card has a hook or needs the record (``effects``'
``_slots``): a game without one compiles and runs none of it, and no turn
keeps the record.

A hook fires right after its gain, before the card that gained goes on
(Monkey's FAQ: a Curse the player to your right gains from your Witch
draws you a card), with one exception: a card Sailor plays is put into play
at once but resolves when the card being resolved (if any) has finished, as
Vassal's play does (a play from inside a play would need the kernel's
resolution to recurse).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from simulator.engine.cards import Card
from simulator.engine.codes import (
    DISC,
    EMBARGO,
    EV_EMBARGO,
    EV_NOTHING,
    EV_WHEN_GAIN,
    GAIN_HOOK,
    GAIN_HOOK_CARDS,
    GS,
    GS_EMBARGO_CLEAN,
    GS_HOOK_PLAYS,
    GS_PLAYERS,
    GS_TURN_P,
    HOOK_CURSE,
    HOOK_DRAW,
    HOOK_OTHERS,
    HOOK_PLAY,
    HOOK_PLAY_THIS,
    DUR,
    HAND,
    PS_NEXT_N,
    HOOK_RIGHT,
    IN_GAME,
    KINDS,
    MAT0,
    MAT_OF,
    NC,
    NEXT,
    NO_GAIN,
    OPT_SMUGGLE,
    PILE_EMPTY,
    PLAY_ROW,
    PR,
    PS_HIT,
    PS_KINDS,
    SUPPLY,
    TMP,
    TURN_GAINS,
    TYPES,
    Z_SUPPLY,
)
from simulator.engine.decide import _attacked, chooses, gain_choice
from simulator.engine.jit import (MECH_GAINED, _deck_fixed, _z_fixed, call_if_loaded,
                                  kernel_fn, mechanism)
from simulator.engine.zones import _gain, _ps, _push, _traced, cost, draw, emit, move_n, stay

# A mat's set-aside cards curse their gainers once, whichever cards with a
# "curse" hook share that mat (Blockade, and the tests' Test Blockade with the
# same mat): only the last such card in card order acts for the mat.
CURSES_FOR_MAT = np.array([not any(GAIN_HOOK[v, 1] == HOOK_CURSE and MAT_OF[v] == MAT_OF[w]
                                   for v in GAIN_HOOK_CARDS if v > w)
                           for w in range(NC)], dtype=np.bool_)


@njit(cache=True, inline="always", _nrt=False)
def gained_code(c, dst):
    """The one number ``gain_hooks`` gets for "c was gained to dst" (a
    mechanism's call carries one card; dst is a row, or -1: the deck)."""
    return c + NC * (dst + 1)


# A buy's code is its gain's plus BUY_MARK (the Buy phase's call: Embargo's
# tokens act on buys only); rows and the deck stay below 63.
BUY_MARK = NC * 64


@njit(cache=True, inline="always", _nrt=False)
def bought_code(c):
    """``gained_code`` of "c was bought" (to the discard pile)."""
    return gained_code(c, DISC) + BUY_MARK


@kernel_fn('void')
def clean_tokens(z):
    """Zero the Embargo tokens of an earlier game in this z, once a game
    (``codes``: the EMBARGO row is not cleared with the others, so that no
    base-set game's set-up grows)."""
    if z[GS, GS_EMBARGO_CLEAN] == 0:
        z[GS, GS_EMBARGO_CLEAN] = 1
        for c in range(NC):
            z[EMBARGO, c] = 0


@kernel_fn('b1')
def gain(z, deck, rng, fst, prog, p, c, dst):
    """p gains c from the supply to dst (``_gain``), then what that triggers."""
    return gain_from(z, deck, rng, fst, prog, p, c, Z_SUPPLY, dst, False)


@kernel_fn('b1')
def gain_from(z, deck, rng, fst, prog, p, c, src, dst, bought):
    """``gain`` from another zone (Thief's trash, Black Market's revealed card)."""
    z = _z_fixed(z)
    deck = _deck_fixed(deck)
    if not _gain(z, deck, p, c, src, dst, bought, _traced(z)):
        return False
    call_if_loaded(MECH_GAINED, z, deck, rng, fst, prog, p, gained_code(c, dst))
    return True


@mechanism(MECH_GAINED)
def gain_hooks(z, deck, rng, fst, prog, p, c):
    """c >= 0: a card was gained (``gained_code``) or bought
    (``bought_code``), ``when_gained``; -1: p's turn starts,
    ``start_turn_gains``."""
    if c < 0:
        start_turn_gains(z, p)
    else:
        bought = c >= BUY_MARK
        if bought:
            c -= BUY_MARK
        when_gained(z, deck, rng, fst, prog, p, c % NC, c // NC - 1, bought)


@kernel_fn('void')
def when_gained(z, deck, rng, fst, prog, p, c, dst, bought):
    """What p's gain of c (to dst) triggers, then what the Curses it gave
    trigger, one gain at a time (a loop, not a recursion).  A gain on p's
    own turn goes into p's TURN_GAINS (Smugglers' "gained on their last
    turn": bought or otherwise, not on another player's turn).  A buy
    (``bought``) from a pile with Embargo tokens gives p a Curse per token
    first (Embargo, first edition: "When a player buys a card, he gains a
    Curse card per Embargo token on that pile"; its FAQ: "Embargo tokens do
    not do anything if a card is gained without being bought ... or if the
    Curse pile is empty"; the tokens of a Curse pile act on a bought Curse
    too).  Then each watching card (GAIN_HOOK_CARDS, in card order),
    ``count`` times:

    - "+cards", who "right" (Monkey): the player whose right p is draws,
      once per play since its last turn.  Monkey's FAQ (Seaside 2022):
      "This includes cards that the player gains on other players' turns,
      such as a Curse they gain on your turn via Witch"; each play of it,
      Throne Room's too, is its own "until your next turn" ability.
    - "curse", who "others on their turn" (Blockade): on p's own turn, each
      other player, from p's left, whose mat holds copies of c and whose
      Attack hit p gives p a Curse per copy.  Blockade's FAQ: "until then,
      when other players gain the card on their own turns, they also gain
      a Curse"; a Moat revealed or a Lighthouse in play when Blockade was
      played keeps p out (the Curse is that Attack's; the wiki's rulings:
      "Like all Duration Attacks, you have to reveal your Moat as soon as
      another player plays a Blockade").
    - "play this", who "any" (Pirate): ``play_from_hands``.
    - "play", who "self on own turn" (Sailor): a Duration p gains on its
      own turn may be played (its ``may``), once per play of the card this
      turn.  Sailor's FAQ: "if you play two Sailors, you can play up to two
      gained Duration cards. However two Sailors cannot play the same
      gained Duration card twice"; "If you gain a Duration card in your
      Buy phase, Sailor can play it"; it plays a card gained elsewhere than
      the discard pile (Blockade's mat) too, if it is still there.
    """
    z = _z_fixed(z)
    n = z[GS, GS_PLAYERS]
    traced = _traced(z)
    own_turn = z[GS, GS_TURN_P] == p + 1
    todo = 1
    while todo > 0:
        todo -= 1
        if own_turn:
            z[p * PR + TURN_GAINS, c] += 1
        if bought and z[EMBARGO, c] > 0 and z[GS, GS_EMBARGO_CLEAN] != 0:
            k = z[EMBARGO, c]
            emit(z, EV_EMBARGO, p, c, k, 1, 0)
            for _ in range(k):
                if not _gain(z, deck, p, Card.CURSE, Z_SUPPLY, DISC, False, traced):
                    emit(z, EV_NOTHING, p, Card.CURSE, 0, PILE_EMPTY, 0)
                    break
                todo += 1
        bought = False
        for i in range(len(GAIN_HOOK_CARDS)):
            w = GAIN_HOOK_CARDS[i]
            who, does, amount, types = GAIN_HOOK[w, 0], GAIN_HOOK[w, 1], GAIN_HOOK[w, 2], \
                GAIN_HOOK[w, 3]
            if types != 0 and not TYPES[c] & types:
                continue
            if who == HOOK_RIGHT:
                q = (p + 1) % n                  # p sits to q's right
                k = z[q * PR + NEXT, w]
                if k > 0 and does == HOOK_DRAW:
                    emit(z, EV_WHEN_GAIN, q, w, k, p, c)
                    draw(z, deck, rng, q, k * amount)
            elif who == HOOK_OTHERS:
                if not own_turn or not CURSES_FOR_MAT[w]:
                    continue
                for j in range(1, n):
                    q = (p + j) % n
                    k = z[q * PR + MAT0 + MAT_OF[w], c]
                    if k <= 0 or not (z[_ps(q), PS_HIT] >> p) & 1:
                        continue
                    emit(z, EV_WHEN_GAIN, q, w, k, p, c)
                    for _ in range(k * amount):
                        if not _gain(z, deck, p, Card.CURSE, Z_SUPPLY, DISC, False, traced):
                            emit(z, EV_NOTHING, p, Card.CURSE, 0, PILE_EMPTY, 0)
                            break
                        todo += 1
            elif does == HOOK_PLAY_THIS:             # who: any (Pirate)
                play_from_hands(z, fst, prog, w, p, c)
            elif own_turn and does == HOOK_PLAY:      # who: self on own turn
                if (z[p * PR + NEXT, w] > z[GS, GS_HOOK_PLAYS] and dst >= 0
                        and z[p * PR + dst, c] > 0 and chooses(z, fst, prog, p, w, True)):
                    z[GS, GS_HOOK_PLAYS] += 1
                    emit(z, EV_WHEN_GAIN, p, w, 1, p, c)
                    move_n(z, p, dst, PLAY_ROW, c, 1, traced)
                    _push(z, c)
        c = Card.CURSE                           # what the loop does next: a Curse given
        dst = DISC


@kernel_fn('void')
def play_from_hands(z, fst, prog, w, p, c):
    """Pirate's "When any player gains a Treasure, you may play this from
    your hand": each player holding w, from the player whose turn it is in
    turn order, plays each copy its ``may`` wants.  Played on its owner's
    turn it stays in play as a Duration played then; on another's turn it
    goes straight to DUR, in play until its owner's next turn, whose
    clean-up discards it (its text is its next turn).  Pirate's FAQ (Seaside
    2022): "you can play Pirate from your hand when any player gains a
    Treasure, including you"; the wiki's rulings: a Pirate a Monkey just
    drew may react to the same gain (Monkey comes first in card order)."""
    n = z[GS, GS_PLAYERS]
    traced = _traced(z)
    first = z[GS, GS_TURN_P] - 1
    for j in range(n):
        q = (first + j) % n
        while z[q * PR + HAND, w] > 0 and chooses(z, fst, prog, q, w, True):
            emit(z, EV_WHEN_GAIN, q, w, 1, p, c)
            z[q * PR + NEXT, w] += 1
            if q == first:
                move_n(z, q, HAND, PLAY_ROW, w, 1, traced)
                stay(z, q, w)
            else:
                move_n(z, q, HAND, DUR, w, 1, traced)
                z[_ps(q), PS_NEXT_N] += 1


@kernel_fn('void')
def start_turn_gains(z, p):
    """At the start of p's turn (GS_TURN_P is p's already): no gained card
    was played yet; p's record of its last turn's gains is cleared (the
    kinds p has owned are all it can have gained); p's Attacks that act
    later stop (Blockade's cards go to the hand at this turn's start); the
    game's first turn zeroes an earlier game's Embargo tokens."""
    z[GS, GS_HOOK_PLAYS] = 0
    clean_tokens(z)
    kinds = z[p * PR + KINDS]
    for i in range(z[_ps(p), PS_KINDS]):
        z[p * PR + TURN_GAINS, kinds[i]] = 0
    z[_ps(p), PS_HIT] = 0


@kernel_fn('void')
def gain_option(z, deck, rng, fst, prog, p, c, op, n):
    """Do option ``op`` (a GAIN_OPS option of CHOICE_OPS) of card c for p."""
    z = _z_fixed(z)
    deck = _deck_fixed(deck)
    players = z[GS, GS_PLAYERS]
    if op == OPT_SMUGGLE:
        # Smugglers: "Gain a copy of a card costing up to $6 that the player
        # to your right gained on their last turn."  Its FAQ: the cost is
        # read when Smugglers is played; "This looks at the most recent turn
        # of the player to your right, even if you have taken multiple turns
        # in a row"; "If they gained multiple cards costing $6 or less, you
        # choose between them; if they gained no such cards, you do not gain
        # anything"; "This is not an Attack".  The choice: the gain list
        # among the legal ones (TMP), else a gain's default pick.
        r = (p + players - 1) % players
        for g in range(NC):
            if z[r * PR + TURN_GAINS, g] > 0 and z[SUPPLY, g] > 0 and z[IN_GAME, g] != 0 \
                    and cost(z, g) <= n:
                z[TMP, g] += 1
        g = gain_choice(z, fst, prog, p, n, 0, TMP)
        for t in range(NC):
            if z[r * PR + TURN_GAINS, t] > 0:
                z[TMP, t] = 0
        if g < 0:
            emit(z, EV_NOTHING, p, c, 0, NO_GAIN, 0)
        else:
            gain(z, deck, rng, fst, prog, p, g, DISC)
        return
    # "gain to mat" (Blockade): the Attack's hits first (a Moat is revealed
    # as it is played), then "Gain a card costing up to $4, setting it
    # aside" on the card's mat; its FAQ: "The gained card comes from the
    # Supply and is set aside"
    for j in range(1, players):
        v = (p + j) % players
        if _attacked(z, v):
            z[_ps(p), PS_HIT] |= 1 << v
    g = gain_choice(z, fst, prog, p, n, 0, -1)
    if g < 0:
        emit(z, EV_NOTHING, p, c, 0, NO_GAIN, 0)
    else:
        gain(z, deck, rng, fst, prog, p, g, MAT0 + MAT_OF[c])

