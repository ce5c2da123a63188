"""Cards that may leave play for their owner's deck at a moment of the turn
(the registry's ``FromPlay``): at the end of the Buy phase (Treasury, 2E),
at the start of Clean-up (Walled Village) or when discarded from play at
clean-up (Treasury, 1E), each only if its condition holds, each copy by its
owner's ``may``.  All of them happen before clean-up draws the next hand, so
such a card is in it (the 2E rule: discard from play and hand, then draw).

The turn calls ``from_play`` by address (``from_play_hooks``), loaded only
for a game where some card has such a hook, and only when some registry
card has a hook at that moment (``HAS_BUY_END_HOOKS``,
``HAS_CLEANUP_HOOKS``): the base game's Buy phase and clean-up compile none
of this module.
"""

from __future__ import annotations

from simulator.engine.codes import (
    EV_MOVE,
    FROM_PLAY,
    FROM_PLAY_CARDS,
    GS,
    GS_VICTORY_BOUGHT,
    GS_VICTORY_GAINED,
    WHEN_CLEANUP_START,
    WHEN_DISCARD,
    IF_ACTIONS_AT_MOST,
    IF_NO_VICTORY_BOUGHT,
    IF_NO_VICTORY_GAINED,
    KINDS,
    PLAY_ROW,
    PR,
    PS_KINDS,
    T_ACTION,
    TYPES,
    Z_DECK,
)
from simulator.engine.decide import chooses
from simulator.engine.jit import MECH_FROM_PLAY, _deck_fixed, _z_fixed, kernel_fn, mechanism
from simulator.engine.zones import _ps, emit, put_top


@kernel_fn('b1')
def from_play_holds(z, p, c):
    """Whether c's condition (FROM_PLAY[c, 1]) holds for p now.  Treasury
    (1E): "if you didn't buy a Victory card this turn" (a card bought with
    Black Market counts: it is bought); Treasury (2E): "if you didn't gain a
    Victory card in it [the Buy phase]"; Walled Village: "if you have this
    and no more than one other Action card in play", read as each copy is
    put away (two Walled Villages alone: the first sees 2, the second 1)."""
    cond = FROM_PLAY[c, 1]
    if cond == IF_NO_VICTORY_BOUGHT:
        return z[GS, GS_VICTORY_BOUGHT] == 0
    if cond == IF_NO_VICTORY_GAINED:
        return z[GS, GS_VICTORY_GAINED] == 0
    if cond == IF_ACTIONS_AT_MOST:
        kinds = z[p * PR + KINDS]
        n = 0
        for i in range(z[_ps(p), PS_KINDS]):
            k = kinds[i]
            if TYPES[k] & T_ACTION:
                n += z[p * PR + PLAY_ROW, k]
        return n <= FROM_PLAY[c, 2]
    return True


@kernel_fn('void')
def from_play(z, deck, fst, prog, p, when):
    """Each card whose hook is due ``when`` (FROM_PLAY_CARDS, in card order)
    puts copies of itself from p's play onto p's deck, one at a time, while
    its condition holds and p's ``may`` wants.  A card Throne Room played
    is one copy in play: it moves once (Treasury's FAQ, Seaside 1E, a
    paraphrase: you may put any or all of the Treasuries you played on your
    deck; it is the card that moves, not its plays)."""
    z = _z_fixed(z)
    deck = _deck_fixed(deck)
    play = p * PR + PLAY_ROW
    for i in range(len(FROM_PLAY_CARDS)):
        c = FROM_PLAY_CARDS[i]
        if FROM_PLAY[c, 0] != when:
            continue
        while z[play, c] > 0 and from_play_holds(z, p, c) and chooses(z, fst, prog, p, c, True):
            z[play, c] -= 1
            put_top(z, deck, p, c)
            emit(z, EV_MOVE, p, c, 1, PLAY_ROW, Z_DECK)


@mechanism(MECH_FROM_PLAY)
def from_play_hooks(z, deck, rng, fst, prog, p, c):
    """``from_play`` at moment c; at the start of Clean-up, then also as
    the cards are discarded from play (the turn calls once for both)."""
    from_play(z, deck, fst, prog, p, c)
    if c == WHEN_CLEANUP_START:
        from_play(z, deck, fst, prog, p, WHEN_DISCARD)
