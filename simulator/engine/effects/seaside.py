"""Seaside's effects: what a Seaside card's text does beyond its "+" numbers
and the registry data the kernel interprets (``NextTurn``, mats, ``WhenGain``).

Each ruling is quoted at its effect from the Seaside second-edition rulebook
and the official FAQ.
"""
from __future__ import annotations

import numpy as np

from simulator.engine.cards import Card
from simulator.engine.codes import (DISC, EMBARGO, EV_CHOOSE, EV_EMBARGO, EV_MOVE, EV_NOTHING,
                                    EV_PLUS_COINS, EV_TOKEN, GS, GS_ACTIONS, GS_COINS, GS_EMPTY,
                                    GS_PLAYERS, HAND, HAND_SIZE, IN_GAME, MONEY, NC, NO_CARDS,
                                    NO_SUPPLY, NO_TYPE, OWN, P_COINS, PILE_EMPTY, PLAY_ROW, PR,
                                    PS_DECK_N, PS_DISC_N, PS_HAND_N, PS_KNOWN, PS_MONEY,
                                    PS_OWN_N, PS_PIRATE_SHIP, SUPPLY, TMP, TYPES, T_ACTION,
                                    T_TREASURE, XS, Z_DECK, Z_LOOK, Z_REVEAL, Z_SUPPLY)
from simulator.engine.decide import (DISCARD_ORDER, TRASH_ORDER, _attacked, _list,
                                     cheapest_in, choose_option, chooses, dearest_in, first_in,
                                     hand_coins, names, pick_call, would_pick)
from simulator.engine.deck_answers import ALL_TYPES, back_in_order, put_at
from simulator.engine.effects.base import _tmp_to_discard, effect_witch
from simulator.engine.gains import clean_tokens, gain
from simulator.engine.jit import effect, kernel_fn
from simulator.engine.program import BUY, LIST_KEYS, TOPDECK, TRASH
from simulator.engine.rng import below
from simulator.engine.zones import (_discard_revealed, _own, _ps, _reveal, _traced,
                                    _trash_revealed, cost, discard_top, emit, move, put_top,
                                    reveal_top, revealed_to_hand, shuffle_discard, trash_from)

# Durations whose next turn is "+" numbers, and Bazaar

# Sea Witch: "+2 Cards. Each other player gains a Curse." now, Witch's text
# and code (each player hit gains a Curse, in turn order from the left; none
# left: nothing); its next turn is registry data (NextTurn: +2 Cards, then
# discard 2).
effect_sea_witch = effect(Card.SEA_WITCH)(effect_witch.py_func)


# hooks on gains and on other players' Treasures


@effect(Card.CUTPURSE)
def effect_cutpurse(z, deck, rng, fst, prog, p):
    # "+$2. Each other player discards a Copper (or reveals a hand with no
    # Copper)."  An Attack: each other player, in turn order from the
    # player's left, unless a Moat revealed or a Lighthouse in play keeps it
    # out; the discard is required, no choice (every Copper is alike).  A
    # hand without one is revealed: the "nothing" event names the card
    # (NO_TYPE with a card: no such card in hand, as Bureaucrat's names a type).
    n = z[GS, GS_PLAYERS]
    for j in range(1, n):
        v = (p + j) % n
        if _attacked(z, v):
            if z[v * PR + HAND, Card.COPPER] > 0:
                move(z, v, HAND, DISC, Card.COPPER, _traced(z))
            else:
                emit(z, EV_NOTHING, v, Card.COPPER, 0, NO_TYPE, 0)


# ============================================================ the first edition's eight


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
        discard_top(z, deck, rng, v)
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


# ============================================================ decisions on the hand and the deck's top


@kernel_fn('i8')
def _salvage_best(z, fst, prog, p):
    """The hand card whose trash for +$ its cost leaves p's buy list taking
    the dearest card, the cheapest such card, among the Treasures and the
    Actions no Action is left to play (a Gold into a Province; a Silver, not
    a Copper, when the Copper's $1 is what the buy needs; a second Salvager
    for its $4); -1 with none of them in hand."""
    h = p * PR + HAND
    m = hand_coins(z, p)
    dead_actions = z[GS, GS_ACTIONS] == 0
    best, best_cost = -1, -2
    for t in range(NC):
        if z[h, t] == 0:
            continue
        if TYPES[t] & T_TREASURE:
            now = P_COINS[t]
        elif TYPES[t] & T_ACTION and dead_actions:
            now = 0
        else:
            continue
        g = would_pick(z, fst, prog, p, BUY, -1, m - now + cost(z, t), 0)
        k = cost(z, g) if g >= 0 else -1
        if k > best_cost or k == best_cost and cost(z, t) < cost(z, best):
            best, best_cost = t, k
    return best


@effect(Card.SALVAGER)
def effect_salvager(z, deck, rng, fst, prog, p):
    # "+1 Buy. Trash a card from your hand. +$ equal to its cost."  The
    # trash is required: an explicit trash list, then a Curse or an Estate,
    # then the Treasure (or Action it cannot play) whose trash leaves this
    # turn's buy the dearest (_salvage_best), then TRASH_ORDER (the
    # cheapest card: a hand of Victory cards).  The Seaside FAQ, in
    # substance (not checked word for word): with no card in hand, nothing
    # is trashed and there is no +$ (the +1 Buy still comes); the +$ is the
    # card's cost now (a Bridge played before lowers it: ``cost``).
    # Measured: the row's comment (simulator/engine/cards/seaside.py).
    h = p * PR + HAND
    _, _, explicit = _list(prog, z, p, TRASH)
    t = pick_call(z, fst, prog, p, TRASH, h, 0, 0) if explicit else -1
    if t < 0:
        t = first_in(z, h, TRASH_ORDER, 0)
        if t >= 0 and t != Card.CURSE and t != Card.ESTATE:
            best = _salvage_best(z, fst, prog, p)
            if best >= 0:
                t = best
    if t < 0:
        return                                    # no card in hand
    k = cost(z, t)
    trash_from(z, p, HAND, t)
    if k:
        z[GS, GS_COINS] += k
        emit(z, EV_PLUS_COINS, p, Card.SALVAGER, k, 0, 0)


@effect(Card.SEA_CHART)
def effect_sea_chart(z, deck, rng, fst, prog, p):
    # "+1 Card, +1 Action. Reveal the top card of your deck. If you have a
    # copy of it in play, put it into your hand."  Nothing to decide.  The
    # Seaside FAQ (2E), in substance (not checked word for word): the Sea
    # Chart played counts (another Sea Chart revealed goes into the hand),
    # as do Durations still in play from the last turn; a card not put into
    # the hand stays on top; an empty deck is shuffled to reveal.
    t = reveal_top(z, deck, rng, p)
    if t >= 0:
        revealed_to_hand(z, deck, p, t, z[p * PR + PLAY_ROW, t] > 0)


# Treasure Map and the named strategies


@effect(Card.TREASURE_MAP)
def effect_treasure_map(z, deck, rng, fst, prog, p):
    # "Trash this and a Treasure Map from your hand. If you trashed two
    # Treasure Maps, gain 4 Golds onto your deck."  Both trashes are
    # required.  The official FAQ of the second edition (Dominion Strategy
    # wiki, "Official FAQ"): "If you did not have another copy of Treasure
    # Map in hand, then you just trash the one Treasure Map and nothing else
    # happens. If you Throne Room a Treasure Map, you will only trash the
    # first Treasure Map once, and will gain no Golds."  The first
    # edition's rulebook is explicit about Throne Room with more Maps in
    # hand: "You have to actually trash two copies of Treasure Map to gain
    # the Golds; so for example if you Throne Room a Treasure Map, with two
    # more Treasure Maps in hand, then the first time Treasure Map resolves
    # you trash it and another one and gain 4 Golds, and the second time it
    # resolves you trash your other Treasure Map but gain nothing (since you
    # didn't actually trash the played Treasure Map that time)."  Read
    # together, and with the 2E text ("If you trashed two"): the 2E
    # sentence is the lone Map's case (Throne Room cannot make one Map count
    # as two: it is trashed once, no Golds); a play that trashed itself and
    # a Map from the hand gains the Golds, the first play under a Throne
    # Room too; the second play cannot trash it again, trashes a Map from
    # the hand if there is one and gains nothing.  Both editions play the
    # same.  With fewer than 4 Golds left it gains those.  A Treasure Map
    # in play is this one exactly on its first play (Feast's reasoning: it
    # always trashes itself, so no other Map stays in play).
    tm = Card.TREASURE_MAP
    both = z[p * PR + PLAY_ROW, tm] > 0
    if both:
        trash_from(z, p, PLAY_ROW, tm)
    if z[p * PR + HAND, tm] == 0:
        return
    trash_from(z, p, HAND, tm)
    if both:
        for _ in range(XS[tm]):
            if not gain(z, deck, rng, fst, prog, p, Card.GOLD, -1):
                emit(z, EV_NOTHING, p, Card.GOLD, 0, PILE_EMPTY, 0)
                return


# Embargo

EMBARGO_LIST = LIST_KEYS["embargo"]     # Embargo's own list: the pile it embargoes


@kernel_fn('i8')
def embargo_default(z, p):
    """The pile Embargo embargoes when its list takes none: the kingdom pile
    in the Supply whose cards the opponents own the most copies of beyond
    p's own (a card they want more than p does; ties: the dearest), else
    Province (every Big Money player's target)."""
    n = z[GS, GS_PLAYERS]
    best, most = Card.PROVINCE, 0
    for c in range(Card.CURSE + 1, NC):
        if z[IN_GAME, c] == 0:
            continue
        lead = -(n - 1) * z[p * PR + OWN, c]
        for j in range(1, n):
            lead += z[((p + j) % n) * PR + OWN, c]
        if lead > most or lead == most and lead > 0 and cost(z, c) > cost(z, best):
            best, most = c, lead
    return best


@effect(Card.EMBARGO)
def effect_embargo(z, deck, rng, fst, prog, p):
    # "+$2. Trash this card. Put an Embargo token on top of a Supply pile.
    # When a player buys a card, he gains a Curse card per Embargo token on
    # that pile."  The Seaside (first edition) rulebook's FAQ: "The token
    # can go on any Supply pile"; "anyone buying a card from that pile gains
    # a Curse. This even affects the player who placed the Embargo token";
    # "This is cumulative"; "Embargo tokens do not do anything if a card is
    # gained without being bought, such as with Smugglers, or if the Curse
    # pile is empty"; "If you Throne Room an Embargo, you place two Embargo
    # tokens and they do not have to go on the same Supply pile" (the first
    # printing's ruling, for its text; the later wording "Trash this to add
    # an Embargo token" places one).  The trash is required; a Throne
    # Room's second play finds it gone (Feast's test: a copy in play is
    # this one exactly on its first play) and still gives +$2 and a token.
    # The pile: the embargo list's first rule that holds and names a pile
    # in the Supply (an empty one too), else ``embargo_default``.  The
    # Curses on a buy: gains.when_gained.
    em = Card.EMBARGO
    if z[p * PR + PLAY_ROW, em] > 0:
        trash_from(z, p, PLAY_ROW, em)
    c = pick_call(z, fst, prog, p, EMBARGO_LIST, IN_GAME, 0, 0)
    if c < 0:
        c = embargo_default(z, p)
    clean_tokens(z)
    z[EMBARGO, c] += 1
    emit(z, EV_EMBARGO, p, c, z[EMBARGO, c], 0, 0)


# ============================================================ Ghost Ship and Ambassador


@effect(Card.GHOST_SHIP)
def effect_ghost_ship(z, deck, rng, fst, prog, p):
    # "+2 Cards. Each other player with 4 or more cards in hand puts cards
    # from their hand onto their deck until they have 3 cards in hand."
    # Seaside FAQ (Dominion Strategy wiki, Ghost Ship, "Official FAQ"): each
    # other player keeps putting cards from the hand onto the deck, in any
    # order it chooses, until it has 3; a player with 3 or fewer puts none.
    # An Attack: in turn order, a Moat or a Lighthouse keeps a player out.
    # The victim picks by its own topdeck list, else its dearest Treasure,
    # else the default discard order (dead cards, Copper, the cheapest),
    # each card onto the one before: the money goes back for one strong
    # hand next turn, not the dead cards (measured: the row's comment).
    n = z[GS, GS_PLAYERS]
    for j in range(1, n):
        v = (p + j) % n
        if not _attacked(z, v):
            continue
        h = v * PR + HAND
        if z[_ps(v), PS_HAND_N] <= XS[Card.GHOST_SHIP]:
            emit(z, EV_NOTHING, v, -1, z[_ps(v), PS_HAND_N], HAND_SIZE, 0)
        while z[_ps(v), PS_HAND_N] > XS[Card.GHOST_SHIP]:
            c = pick_call(z, fst, prog, v, TOPDECK, h, 0, 0)
            if c < 0:
                c = dearest_in(z, h, T_TREASURE)
            if c < 0:
                c = first_in(z, h, DISCARD_ORDER, 0)
            z[h, c] -= 1
            z[_ps(v), PS_HAND_N] -= 1
            put_top(z, deck, v, c)
            emit(z, EV_MOVE, v, c, 1, HAND, Z_DECK)


AMBASSADOR = LIST_KEYS["ambassador"]   # Ambassador's own list: the hand card it reveals


@effect(Card.AMBASSADOR)
def effect_ambassador(z, deck, rng, fst, prog, p):
    # "Reveal a card from your hand. Return up to 2 copies of it from your
    # hand to the Supply. Then each other player gains a copy of it."
    # Seaside FAQ (Dominion Strategy wiki, Ambassador, "Official FAQ"): put
    # 0, 1 or 2 copies on their Supply pile, then each other player gains a
    # copy, dealt out in turn order from the player's left when too few are
    # left; with no other card in hand it does nothing.  Its rules
    # clarifications there: a card not from the Supply (a Black Market card)
    # can be revealed, and Ambassador does nothing (none returned, none
    # gained: no pile to gain from); a pile it refills no longer counts as
    # empty for the end.
    # Moat (an Attack) keeps a player from gaining only.  The card: the
    # ambassador list's, returning each copy while a rule naming it holds;
    # no rule applies: the cheapest hand card, returning none.
    h = p * PR + HAND
    c = pick_call(z, fst, prog, p, AMBASSADOR, h, 0, 0)
    back = c >= 0
    if not back:
        c = cheapest_in(z, h, ALL_TYPES, -1)
    if c < 0:
        emit(z, EV_NOTHING, p, Card.AMBASSADOR, 0, HAND_SIZE, 0)
        return
    k = 0
    while back and z[IN_GAME, c] and k < XS[Card.AMBASSADOR] and z[h, c] > 0:
        if k and not names(z, fst, prog, p, AMBASSADOR, c):
            break
        z[h, c] -= 1
        z[_ps(p), PS_HAND_N] -= 1
        _own(z, p, c, -1)
        if z[SUPPLY, c] == 0:
            z[GS, GS_EMPTY] -= 1
        z[SUPPLY, c] += 1
        emit(z, EV_MOVE, p, c, 1, HAND, Z_SUPPLY)
        k += 1
    n = z[GS, GS_PLAYERS]
    for j in range(1, n):
        v = (p + j) % n
        if not _attacked(z, v):
            continue
        if not z[IN_GAME, c]:           # no pile: the log says so, not "none left"
            emit(z, EV_NOTHING, v, c, 0, NO_SUPPLY, 0)
        elif not gain(z, deck, rng, fst, prog, v, c, DISC):
            emit(z, EV_NOTHING, v, c, 0, PILE_EMPTY, 0)


# Pirate Ship

PIRATE_SHIP = LIST_KEYS["pirate_ship"]  # its own list: the Treasure each victim trashes


@effect(Card.PIRATE_SHIP)
def effect_pirate_ship(z, deck, rng, fst, prog, p):
    # "Choose one: +$1 per Coin token on your Pirate Ship mat; or each other
    # player reveals the top 2 cards of their deck, trashes one of those
    # Treasures that you choose, and discards the rest, and then if anyone
    # trashed a Treasure, you add a Coin token to your Pirate Ship mat."
    # The Seaside FAQ (1st edition; Dominion Strategy wiki, "Official FAQ",
    # and the rulebook's text in translation): you get at most one Coin
    # token per play, however many players trashed a Treasure; the tokens
    # stay on the mat all game (the +$ does not use them up); a player with
    # fewer than 2 cards in the deck reveals them and shuffles for the rest,
    # and one that still has fewer reveals what there is; you choose which
    # revealed Treasure each player trashes (the pirate_ship list, else the
    # dearest).  Moat and Lighthouse keep a player out of the attack; the
    # FAQ has a Moat revealed before the choice, here when the attack is
    # chosen (no strategy word reads it: the order changes nothing).
    # Throne Room: two plays, each choosing anew (the choose table reads
    # the tokens each time).
    o = choose_option(z, fst, prog, p, Card.PIRATE_SHIP, 0)
    emit(z, EV_CHOOSE, p, Card.PIRATE_SHIP, o, 0, 0)
    ps = _ps(p)
    if o == 0:                                     # +$1 per Coin token
        k = z[ps, PS_PIRATE_SHIP]
        if k:
            z[GS, GS_COINS] += k
            emit(z, EV_PLUS_COINS, p, Card.PIRATE_SHIP, k, 0, 0)
        return
    n = z[GS, GS_PLAYERS]
    trashed = False
    for j in range(1, n):
        v = (p + j) % n
        if not _attacked(z, v):
            continue
        if _reveal(z, deck, rng, v, Z_REVEAL) < 0:
            emit(z, EV_NOTHING, v, -1, 0, NO_CARDS, 0)
            continue
        _reveal(z, deck, rng, v, Z_REVEAL)
        c = pick_call(z, fst, prog, p, PIRATE_SHIP, TMP, 0, T_TREASURE)
        if c < 0:
            c = dearest_in(z, TMP, T_TREASURE)
        if c >= 0:
            _trash_revealed(z, v, c, Z_REVEAL)
            trashed = True
        _tmp_to_discard(z, v)
    if trashed:
        z[ps, PS_PIRATE_SHIP] += 1
        emit(z, EV_TOKEN, p, Card.PIRATE_SHIP, 1, z[ps, PS_PIRATE_SHIP], 0)
