"""The state of one game and every code shared by the kernel, the records,
the game log, the rule cases and the tests: plain numpy, no numba.

Layout of one game (all int32 unless noted)::

    z[row, card]   counts per card; scalars in the PS and GS rows
      player p, rows p*PR + ...
        HAND    cards in hand          PLAY   cards in play
        DISC    discard pile           ASIDE  set aside (Library)
        OWN     every card p owns      PS     player scalars (HAND_N ...)
        KINDS   the card ids p has owned, ascending (PS_KINDS of them):
                a shuffle walks these few instead of every card
        DUR     Duration cards (and the cards that played them) staying
                in play between turns: back in PLAY at p's next turn
        NEXT    pending next-turn effects, per Duration card
        STAY    copies in play to keep out at this clean-up
        MAT0 + m  cards on p's mat m (C.MAT_NAMES[m]: Island, Native
                Village ...), owned, out of the deck for good or until a
                card takes them back; no shuffle or clean-up touches them
        TURN_GAINS  the cards p gained on its own turn, this one or its last
                (Smugglers reads them); kept only when C.HAS_GAIN_HOOKS
        (PS_PIRATE_SHIP, a column of PS: the Coin tokens on p's Pirate
                Ship mat: tokens, not cards; only Pirate Ship's effect
                writes it, for the whole game)
      game rows, from G
        SUPPLY  pile counts            IN_GAME 1 where the pile is in the supply
        TRASH   trash counts           GS      game scalars (ACTIONS ...)
        TMP     scratch counts         STACK   cards waiting to be resolved
                                       (a negative entry: ``zones.stay_check``)
        GAINED  cards gained this turn by the player whose turn it is, and
        BOUGHT  cards bought; kept only for programs with FLAG_TURN_LOG
        MARKET  the Black Market deck, top first (GS_MARKET_N cards)
        EMBARGO Embargo tokens on each Supply pile (first edition), zeroed
                by ``gains.clean_tokens`` (GS_EMBARGO_CLEAN: done) at the
                start of a game's first turn by the gain hooks, which a
                game where a player may own Embargo loads, or as a rule
                case's first token is put: no base-set game's set-up grows.
                Tokens are not cards (no count of cards includes them)
    deck[p, i]     uint16 draw pile of p, deck[p, n-1] on top.  The top
                   PS_KNOWN cards are in known order; below them the cards
                   are unordered and a draw picks one uniformly at random,
                   which is the same as shuffling when the discard is shuffled
                   in, and costs nothing until a card is needed.
    rng[2]         uint64 xoroshiro128+ state of this game
    fst[]          float64 scratch: the stack for strategy conditions, then
                   (past FST_HITS, when it is that long) how often each rule
                   fired, one counter per rule row
    prog[]         int32 packed strategy program (``program.pack_program``)

The card table's columns are here too, frozen as arrays numba reads as
constants.
"""

from __future__ import annotations

import os

import numpy as np

from simulator.engine import cards as C

# DOMSIM_TRACE=0 compiles the event log out everywhere, for benchmarks/trace.py
# only: it measures what the log's remaining checks (outside play_game's
# turns) cost untraced games.  The package keys its numba cache folder on
# this too, so no other run loads that code.
TRACE = os.environ.get("DOMSIM_TRACE", "1") != "0"

NC = C.NCARDS
# A condition word names a cell of z as row << COL_BITS | column: card ids,
# and so the columns of z, stay below 1 << COL_BITS.
COL_BITS = 10
COL_MASK = (1 << COL_BITS) - 1
if NC > 1 << COL_BITS:
    raise ValueError(f"{NC} cards: a condition word addresses {1 << COL_BITS} columns")
MAXP = C.MAX_PLAYERS
DECK_CAP = 512            # more than all the cards of a 6-player game
DECK_DTYPE = np.uint16    # a draw pile holds card ids: any of up to 1 << COL_BITS

# ---- rows of z
HAND, PLAY_ROW, DISC, ASIDE, OWN, PS, KINDS, DUR, NEXT, STAY = range(10)
MAT0 = 10                                    # one row per mat, in C.MAT_NAMES order
NMATS = len(C.MAT_NAMES)
TURN_GAINS = MAT0 + NMATS
PR = TURN_GAINS + 1                          # rows per player
G = MAXP * PR
SUPPLY, IN_GAME, TRASH_ROW, GS, TMP, STACK = G, G + 1, G + 2, G + 3, G + 4, G + 5
GAINED, BOUGHT, MARKET, EMBARGO = G + 6, G + 7, G + 8, G + 9
NROWS = G + 10

# ---- player scalars (columns of row p*PR + PS)
PS_HAND_N, PS_DISC_N, PS_DECK_N, PS_KNOWN, PS_TURNS, PS_OWN_N, PS_MONEY, \
    PS_STRAT, PS_ASIDE_N, PS_TURN_COINS = range(10)
MAX_TYPES = 16    # types the layout has room for (the base set uses 6)
PS_TYPE0 = 10     # PS_TYPE0 + i: cards owned with type bit 1 << i (MAX_TYPES columns)
PS_VP = PS_TYPE0 + MAX_TYPES   # VP of the cards owned, VP rules not counted (kept on gain/trash)
PS_KINDS = PS_VP + 1           # length of the KINDS row's list
PS_NEXT_N = PS_KINDS + 1       # Duration plays whose next-turn effect is pending
PS_MAT_N0 = PS_NEXT_N + 1      # PS_MAT_N0 + m: cards on mat m
# bit q set: player q is subject to the lasting effect of this player's hook
# cards on Treasures (Corsair), hit when one was played; cleared at the start
# of this player's turn ("until then")
PS_HOOK_HITS = PS_MAT_N0 + NMATS
# the players p's Attacks that act later (Blockade's set-aside card) hit
# since p's last turn, a bit each (a Moat revealed or a Lighthouse in play
# when the Attack was played: not hit)
PS_HIT = PS_HOOK_HITS + 1
# the Coin tokens on the player's Pirate Ship mat (its attack adds one, its
# other option gives +$1 each; they stay all game): a count, not cards
PS_PIRATE_SHIP = PS_HIT + 1
# the size scalar of each count zone by its row (HAND, PLAY_ROW, DISC, ASIDE
# ... DUR ... the mats), -1: none kept
ZONE_SIZE = np.array([PS_HAND_N, -1, PS_DISC_N, PS_ASIDE_N, -1, -1, -1, -1, -1, -1]
                     + [PS_MAT_N0 + m for m in range(NMATS)], dtype=np.int64)

# ---- game scalars (columns of row GS)
GS_ACTIONS, GS_BUYS, GS_COINS, GS_MERCHANT, GS_PLAYERS, GS_EMPTY, GS_EMPTY_TO_END, \
    GS_STACK_N, GS_TURN_NO, GS_TRACE_N, GS_TRACE_LOST, GS_TURN_LOG, GS_MARKET_N, \
    GS_FROM_TRASH, GS_LEAVING, GS_COST_DOWN, GS_EXTRA_HAND, GS_IN_EXTRA, \
    GS_HOOK_DONE, GS_TURN_P, GS_HOOK_PLAYS, GS_PLAYED, GS_SELF_GONE, \
    GS_VICTORY_BOUGHT, GS_VICTORY_GAINED, GS_COPPER_UP, GS_EMBARGO_CLEAN, \
    GS_WANT, GS_WANT_COST = range(29)
# GS_WANT: 1 + the first card the buy list of the player taking a "choose"
# decision wants now, whatever the coins (0: none), GS_WANT_COST what it costs
# (0: none); the words want.<Card> and want.cost, worked out as the choice
# is asked (decide.choose_option), only for a program with FLAG_WANT
# GS_EMBARGO_CLEAN: 1 once this game's EMBARGO row was zeroed (the gain
# hooks, at the start of a turn: the row is not cleared with the others)
# GS_VICTORY_BOUGHT: Victory cards the turn's player bought this turn;
# GS_VICTORY_GAINED: ... gained since its Buy phase began (both, and
# GS_TURN_P, kept only when C.HAS_FROM_PLAY: Treasury's conditions)
# GS_COPPER_UP: the $ each Copper played from now on this turn produces more
# (Coppersmith: +1 a play); kept only when a card raises it (RAISES_COPPER)
# GS_PLAYED: Actions played this turn, each play counted (Throne Room's card
# twice, Throne Room too); kept only when a card reads it (COUNTS_PLAYS:
# Conspirator)
# GS_SELF_GONE: plays still to resolve of a card that trashed itself from
# play (Mining Village under Throne Room): they cannot trash it again
# GS_HOOK_DONE: 1 once a hook on Treasures (Corsair) trashed this turn's
# first hit Treasure (one a turn, however many such cards are in play)
# GS_TURN_P: 1 + the player whose turn it is (kept when C.HAS_GAIN_HOOKS or
# C.HAS_FROM_PLAY); GS_HOOK_PLAYS: gained cards a "play" gain hook (Sailor)
# played this turn (kept when C.HAS_GAIN_HOOKS)
# GS_EXTRA_HAND: > 0 when a card gave the player whose turn it is an extra
# turn after this one: the size of the hand its clean-up draws (Outpost: 3)
# GS_IN_EXTRA: 1 during an extra turn (the previous turn was this player's)
# GS_COST_DOWN: what cards cost less this turn ("cards cost $1 less"), in $
# GS_TURN_LOG: 1 + the player whose gains and buys GAINED/BOUGHT count, 0: none
# While a gain is being chosen (the words ``ends_game``, ``lead_after``):
# GS_FROM_TRASH 1 when it comes from the trash (Thief: no pile empties),
# GS_LEAVING 1 + the card the same choice trashes (Remodel), else 0.
# a setup's kingdom mask: IN_SUPPLY for a supply pile, IN_MARKET for a card of
# the Black Market deck
IN_SUPPLY, IN_MARKET = 1, 2
NOT_ENDED = -1
ENDED_PROVINCES, ENDED_PILES, ENDED_TURN_CAP = 0, 1, 2      # how a game ended
ENDED_NAMES = ("provinces", "piles", "turn_cap")                # by those codes
# a seat's outcome: a tie is a shared win, counted for every tied player
LOSS, WIN, TIE = 0, 1, 2

# ---- the trace: a traced game's z has extra rows, one event each:
#   [turn, player, code, card, count, from zone, to zone]
# (turn 0 is the setup).  ``play_traced_game`` plays them; the games of
# ``play_game`` pay one shape test per event site outside their turns' inlined
# code (in the card effects, a shuffle, the setup).
EV_TURN, EV_MOVE, EV_SHUFFLE, EV_RESOLVE, EV_BUY, EV_COINS, EV_PLUS_ACTIONS, \
    EV_PLUS_BUYS, EV_PLUS_COINS, EV_MOAT, EV_END = range(11)
# What the log needs besides moves, so that it renders events and never
# re-derives a rule (reports/gamelog.py documents every field):
#   EV_MOAT           p is unaffected by the resolving Attack because of
#                     `card`: revealed from the hand (`from` HAND: Moat) or
#                     in play since p's last turn (`from` DUR: Lighthouse)
#   EV_START          setup: p starts with `count` `card` in zone `to`
#   EV_NOTHING        p is unaffected or does nothing; `from` says why (NO_*),
#                     `card`/`count` name the pile or the number it is about
#   EV_PLAYS          the resolving card plays `card` `count` times (Throne
#                     Room, Vassal): the next resolutions of `card` are its
#   EV_DECK_TO_DISCARD p puts its whole deck (`count` cards) into its discard
#   EV_BUY_PHASE      the Buy phase starts with `count` coins from the Actions
#   EV_CLEANUP        Clean-up starts
#   EV_VP             after the end: p scores `from` VP with `count` `card`
#   EV_CHOOSE         p chooses option `count` of `card`'s "choose" decision
#                     (p another player when the card's ``who`` is "others")
#   EV_DURATION       at the start of p's turn, `card` (in play since an
#                     earlier turn) does its next-turn effect `count` times
#   EV_EXTRA_TURN     `card` gives p an extra turn after this one, which
#                     starts with a hand of `count` cards
#   EV_REACT          p reveals `card` from the hand as the resolving Attack
#                     is played, and does its reaction (the moves follow)
#   EV_PASS           p passes `card` from its hand to the hand of player
#                     `count` (Masquerade: not a gain nor a trash; the card
#                     changes owner); one event per passer, all after the picks
#   EV_HOOK           `card` of player `count` (a hook on Treasures: Corsair)
#                     hits p: `from` 0 as it is played (p is subject to it
#                     until its owner's next turn), 1 as p plays a Treasure it
#                     names (p then trashes that Treasure: the move follows)
#   EV_NAME           p names `card` (Wishing Well's "name a card")
#   EV_PLACE          p puts `card` from zone `from` into its deck as the
#                     `count`-th card from the top (1: on top; the deck's
#                     size + 1: at the bottom); the cards above it keep their
#                     places (Secret Passage; cards put back in an order)
#   EV_EMBARGO        `from` 0: p puts an Embargo token on the Supply pile of
#                     `card` (`count` tokens there now); `from` 1: p bought
#                     `card` and gains a Curse per token (`count`; the
#                     Curses' moves follow, fewer if the pile runs out)
#   EV_TOKEN          p puts `count` Coin tokens on its `card` mat (Pirate
#                     Ship's), which then holds `from` tokens
#   EV_WHEN_GAIN      p's `card` does its gain hook (C.WHEN_GAIN_DOES) `count`
#                     times because seat `from` gained the card `to`: its
#                     moves follow (p draws; `from` gains Curses; p plays `to`)
# (EV_TURN's `count` is the number of p's turn, `from` 1 for an extra turn:
# it has the number of the turn before it, as extra turns are not counted)
EV_START, EV_NOTHING, EV_PLAYS, EV_DECK_TO_DISCARD, EV_BUY_PHASE, EV_CLEANUP, \
    EV_VP, EV_CHOOSE, EV_DURATION, EV_EXTRA_TURN, EV_REACT, EV_PASS, EV_HOOK, EV_NAME, \
    EV_PLACE, EV_WHEN_GAIN, EV_EMBARGO, EV_TOKEN = range(11, 29)
# each event code's name (the game log's JSON, the rules oracle)
EVENT_NAMES = {EV_TURN: "turn", EV_MOVE: "move", EV_SHUFFLE: "shuffle",
               EV_RESOLVE: "resolve", EV_BUY: "buy", EV_COINS: "coins",
               EV_PLUS_ACTIONS: "plus_actions", EV_PLUS_BUYS: "plus_buys",
               EV_PLUS_COINS: "plus_coins", EV_MOAT: "moat", EV_END: "end",
               EV_START: "start", EV_NOTHING: "nothing", EV_PLAYS: "plays",
               EV_DECK_TO_DISCARD: "deck_to_discard", EV_BUY_PHASE: "buy_phase",
               EV_CLEANUP: "cleanup", EV_VP: "vp", EV_CHOOSE: "choose",
               EV_DURATION: "duration", EV_EXTRA_TURN: "extra_turn", EV_REACT: "react",
               EV_PASS: "pass", EV_HOOK: "hook",
               EV_NAME: "name", EV_PLACE: "place", EV_WHEN_GAIN: "when_gain",
               EV_EMBARGO: "embargo", EV_TOKEN: "token"}
# why nothing happens (EV_NOTHING's `from`); NO_EXTRA: `card` gives no extra
# turn (one was given this turn already, or the previous turn was p's);
# NO_COST: p gains nothing, no supply pile has a card costing `count` (Swindler);
# NO_GAIN: `card` has no card it may gain (Smugglers: the player to the
# right gained none costing up to its limit); NO_TYPE: p reveals a hand with
# no card of the types `count` (Bureaucrat), or with no `card` (Cutpurse);
# NO_SUPPLY: p gains no `card`, which is not in the Supply (Ambassador
# revealing a card bought from the Black Market deck: no pile to gain from)
NO_CARDS, PILE_EMPTY, HAND_SIZE, NO_TYPE, NO_PLAY, NO_BUY, NO_EXTRA, NO_COST, \
    NO_GAIN, NO_SUPPLY = range(10)
TR_TURN, TR_PLAYER, TR_CODE, TR_CARD, TR_COUNT, TR_FROM, TR_TO = range(7)
# zones of a move: HAND, PLAY_ROW, DISC, ASIDE, DUR and the mats (MAT0 + m)
# are their own row offsets; the others are numbered above every row offset
Z_DECK, Z_SUPPLY, Z_TRASH, Z_REVEAL, Z_LOOK, Z_BLACK_MARKET = range(32, 38)
if max(HAND, PLAY_ROW, DISC, ASIDE, DUR, PR - 1) >= Z_DECK:
    raise ValueError("a count zone's row offset must stay below the other zones' codes")


FST_HITS = 64             # fst[FST_HITS + rule row]: times the rule fired

# ---- card table columns, frozen for numba
COST, TYPES, VPS, XS = C.COST, C.TYPES, C.VP, C.X
VP_RULE_CARDS, VP_RULE = C.VP_RULE_CARDS, C.VP_RULE
NEXT_TURN, DURATION_CARDS, T_DURATION = C.NEXT_TURN, C.DURATION_CARDS, C.DURATION
EXTRA_TURN = C.EXTRA_TURN
ON_ATTACK, ON_ATTACK_DO, T_ATTACK = C.ON_ATTACK, C.ON_ATTACK_DO, C.ATTACK
BLOCK_FROM_HAND, BLOCK_IN_PLAY = C.BLOCK_FROM_HAND, C.BLOCK_IN_PLAY
CHOOSE_PICK, CHOICE_N, CHOICE_OP, CHOICE_ARG = C.CHOOSE_PICK, C.CHOICE_N, C.CHOICE_OP, C.CHOICE_ARG
CHOOSE_OTHERS = C.CHOOSE_OTHERS
# what a choice option does (CHOICE_OP; the registry's CHOICE_OPS codes)
OPT_CARDS, OPT_ACTIONS, OPT_BUYS, OPT_COINS, OPT_TRASH, OPT_GAIN = (
    C.CHOICE_OPS[k][0] for k in ("+cards", "+actions", "+buys", "+coins", "trash", "gain"))
OPT_DISCARD, OPT_GAIN_HAND = (C.CHOICE_OPS[k][0] for k in ("discard", "gain to hand"))
OPT_DECK_TO_MAT, OPT_MAT_TO_HAND, OPT_TO_MAT, OPT_GAIN_TO_MAT, OPT_HAND_TO_MAT = (
    C.CHOICE_OPS[k][0] for k in C.MAT_OPS)
OPT_PASS, OPT_MAY_TRASH, OPT_SWINDLE, OPT_RESET = (C.CHOICE_OPS[k][0] for k in C.PASS_OPS)
OPT_SMUGGLE = C.CHOICE_OPS["smuggle"][0]
# gain hooks (C.GAIN_HOOK's columns): whose gains a card watches, and what it does
GAIN_HOOK_CARDS, GAIN_HOOK, HAS_GAIN_HOOKS = C.GAIN_HOOK_CARDS, C.GAIN_HOOK, C.HAS_GAIN_HOOKS
HOOK_RIGHT, HOOK_OTHERS, HOOK_SELF, HOOK_ANY = (C.WHEN_GAIN_WHO[k][0] for k in C.WHEN_GAIN_WHO)
HOOK_DRAW, HOOK_CURSE, HOOK_PLAY, HOOK_PLAY_THIS = (C.WHEN_GAIN_DOES[k][0]
                                                    for k in C.WHEN_GAIN_DOES)
CHOOSE_ALL, MAT_OF, HAS_MATS = C.CHOOSE_ALL, C.MAT_OF, C.HAS_MATS
HAS_PASS_OPS, HAS_ON_TREASURE = C.HAS_PASS_OPS, C.HAS_ON_TREASURE
COUNTS_PLAYS, RAISES_COPPER = C.COUNTS_PLAYS, C.RAISES_COPPER
# "you may put this onto your deck" from play (C.FROM_PLAY's columns)
FROM_PLAY_CARDS, FROM_PLAY = C.FROM_PLAY_CARDS, C.FROM_PLAY
HAS_BUY_END_HOOKS, HAS_CLEANUP_HOOKS = C.HAS_BUY_END_HOOKS, C.HAS_CLEANUP_HOOKS
HAS_FROM_PLAY = C.HAS_FROM_PLAY
WHEN_BUY_END, WHEN_CLEANUP_START, WHEN_DISCARD = (C.FROM_PLAY_WHEN[k][0]
                                                  for k in C.FROM_PLAY_WHEN)
IF_ALWAYS, IF_NO_VICTORY_BOUGHT, IF_NO_VICTORY_GAINED, IF_ACTIONS_AT_MOST = (
    C.FROM_PLAY_IF[k][0] for k in C.FROM_PLAY_IF)
ON_TREASURE, ON_TREASURE_HITS = C.ON_TREASURE, C.ON_TREASURE_HITS
# the deck's answers (simulator/engine/deck_answers.py), in CHOICE_OPS order
OPT_NAME_REVEAL, OPT_INTO_DECK, OPT_ONTO_DECK, OPT_GREEN_TO_HAND, OPT_LOOKOUT, \
    OPT_VICTORY_TO_HAND = (C.CHOICE_OPS[k][0] for k in C.DECK_OPS)
HAS_DECK_OPS = C.HAS_DECK_OPS
P_CARDS, P_ACTIONS, P_BUYS, P_COINS = C.PLUS_CARDS, C.PLUS_ACTIONS, C.PLUS_BUYS, C.PLUS_COINS
T_ACTION, T_TREASURE, T_VICTORY, T_CURSE = C.ACTION, C.TREASURE, C.VICTORY, C.CURSE
NTYPES = len(C.TYPE_NAMES)
# short lists the hot loops walk instead of all NC cards
TREASURE_CARDS = np.flatnonzero(C.TYPES & C.TREASURE).astype(np.int64)
VP_CARDS = np.flatnonzero(C.VP).astype(np.int64)
# TYPE_BIT_INDEX[bit] = i for a single type bit 1 << i, else -1
TYPE_BIT_INDEX = np.full(1 << NTYPES, -1, dtype=np.int64)
TYPE_BIT_INDEX[[1 << i for i in range(NTYPES)]] = np.arange(NTYPES)
ACTION_BIT = int(TYPE_BIT_INDEX[C.ACTION])
# TYPE_COL[c, :TYPE_N[c]]: the PS columns counting each of c's types: a gain
# or a trash updates only those counts (a card has any number of types)
if NTYPES > MAX_TYPES:
    raise ValueError(f"{NTYPES} card types: the player rows have room for {MAX_TYPES}")
if PS_PIRATE_SHIP + 1 > NC:
    raise ValueError(f"the player scalars need {PS_PIRATE_SHIP + 1} columns, the cards give {NC}")


def type_columns(types: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(TYPE_N, TYPE_COL) of cards with these type bitmasks."""
    n = np.array([bin(int(t)).count("1") for t in types], dtype=np.int64)
    if (n == 0).any():
        raise ValueError(f"{C.NAMES[int(np.argmin(n))]} has no type")
    cols = np.full((len(types), int(n.max())), -1, dtype=np.int64)
    for c, t in enumerate(types):
        own = [PS_TYPE0 + i for i in range(MAX_TYPES) if int(t) >> i & 1]
        cols[c, :len(own)] = own
    return n, cols


TYPE_N, TYPE_COL = type_columns(C.TYPES)
# MONEY[c]: coins card c adds to my.money (a Treasure's value, else 0)
MONEY = np.where(C.TYPES & C.TREASURE, C.PLUS_COINS, 0).astype(np.int32)
# COINS_OF[c]: the coins c gives when played (a Treasure's value, an Action's +$)
COINS_OF = C.PLUS_COINS.astype(np.int32)
U = np.uint64          # hot indices are cast to it: no negative-index fix-up
