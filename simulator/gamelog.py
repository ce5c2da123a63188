"""Game logs: replay a kernel trace in pure Python, check it, and render it.

``runner.trace_game`` returns the kernel's event rows ``[turn, player, code,
card, count, from, to]`` (see ``kernel.EV_*`` and ``kernel.Z_*``).  This
module knows nothing about how the kernel plays; it rebuilds the game from
the events alone on a fresh table and checks every step against the rules
(RULES.md), so a log is also an independent audit of the kernel:

- ``replay(trace) -> ReplayState``: every player's hand, draw pile, discard
  pile, play area, set-aside and revealed cards as multisets, the supply and
  the trash, then the score with a breakdown per Victory card and Curse and
  the winners with the tie-break.  An event that does not fit (a card moved
  from a zone that does not hold it, a draw from an empty deck without a
  shuffle, a shuffle while the deck still has cards, a buy beyond the coins,
  a Throne Room that does not resolve its card twice, a game that goes on
  after it should have ended ...) raises ``ReplayError`` naming the event.
  Card texts are checked too (Chapel trashes at most 4, Remodel/Mine/
  Workshop/Artisan gain within their limits, Militia leaves 3 cards, Witch
  gives only Curses, Library draws to 7, Poacher discards per empty pile,
  attacks hit in turn order and skip nobody without a reason ...).
- ``render_text(trace, lang)``: a readable log.  Per turn: "Turn N: name
  (seat k)", the hand at its start (with deck and discard sizes), one line
  per Action played with what it did (cards Throne Room and Vassal play are
  indented under it, other players' effects are indented under the card, in
  turn order), the Treasures played and the $ total, each buy, and the
  clean-up draw with any reshuffle; at the end why the game ended, each
  player's VP per Victory card and Curse, turns, and the winner(s) with the
  tie-break spelled out when it decided.
- ``render_json(trace)``: the events with names instead of codes, one event
  per line.
- ``render_html(trace, lang)``: the text log as one self-contained page, one
  colour per seat (Okabe-Ito palette) and one ``<details>`` per turn.

Card names are English, or Dutch/German/Japanese with ``lang`` = nl/de/ja
(the JSON always uses the English names, which ``cards.card_id`` reads).

JSON schema (``render_json``; one object)::

    {
      "format": "domsim-log", "version": 1,
      "game": {"seed": int, "game": int, "players": int, "turn_cap": int,
               "kingdom": [card name, ...],           # the 10 kingdom cards
               "seats": [{"seat": int, "name": str, "entry": int}, ...]},
      "events": [                                     # one per kernel event
        {"i": int,             # index of the event in trace.events (0-based)
         "turn": int,          # the turn number of the player whose turn it
                               # is (0 = setup); for "end" the last turn
         "player": int,        # seat (0-based, turn order) the event is about:
                               # an attack's victim, a Council Room drawer ...
         "seat_name": str,     # strategy name at that seat
         "event": str,         # turn | move | shuffle | resolve | buy | coins |
                               # plus_actions | plus_buys | plus_coins | moat | end
         "card": str | null,   # English card name; null for turn/shuffle/coins/end
         "count": int,         # turn: the player's turn number; move: copies
                               # moved; shuffle: cards shuffled; buy: cost;
                               # coins: $ available at the first buy; plus_*:
                               # the N of +N; resolve/moat: 1; end: the
                               # ended_by code (0 provinces, 1 piles, 2 turn cap)
         "from": str | null,   # zone, for move and shuffle only:
         "to": str | null},    # hand | play | discard | aside | deck | supply |
                               # trash | revealed
        ...],
      "summary": {
        "ended_by": "provinces" | "piles" | "turn_cap",
        "empty_piles": [card name, ...],
        "turns": int,                                 # turns played in all
        "winners": [seat, ...],
        "tie_break": "none" | "fewer_turns" | "shared",
        "players": [{"seat": int, "name": str, "vp": int, "turns": int,
                     "cards": int,                    # cards owned at the end
                     "outcome": "win" | "shared_win" | "loss",
                     "vp_breakdown": [{"card": str, "count": int, "vp": int}, ...]},
                    ...]}
    }

``tie_break`` is "none" when one player had the most VP, "fewer_turns" when
players tied on VP and the turn count decided, "shared" when the tied
players also took as many turns and share the win.
"""
from __future__ import annotations

import html
import json
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from . import cards as C
from .cards import Card
from .kernel import (
    ASIDE, DISC, EV_BUY, EV_COINS, EV_END, EV_MOAT, EV_MOVE, EV_PLUS_ACTIONS,
    EV_PLUS_BUYS, EV_PLUS_COINS, EV_RESOLVE, EV_SHUFFLE, EV_TURN, HAND, PLAY_ROW,
    Z_DECK, Z_REVEAL, Z_SUPPLY, Z_TRASH,
)

LANGS = ("en", "nl", "de", "ja")
FORMATS = ("text", "json", "html")

EVENT_NAMES = {EV_TURN: "turn", EV_MOVE: "move", EV_SHUFFLE: "shuffle",
               EV_RESOLVE: "resolve", EV_BUY: "buy", EV_COINS: "coins",
               EV_PLUS_ACTIONS: "plus_actions", EV_PLUS_BUYS: "plus_buys",
               EV_PLUS_COINS: "plus_coins", EV_MOAT: "moat", EV_END: "end"}
ZONE_NAMES = {HAND: "hand", PLAY_ROW: "play", DISC: "discard", ASIDE: "aside",
              Z_DECK: "deck", Z_SUPPLY: "supply", Z_TRASH: "trash",
              Z_REVEAL: "revealed"}
ENDED_NAMES = ("provinces", "piles", "turn_cap")
OUTCOME_NAMES = ("loss", "win", "shared_win")

# Every (from, to) a move may have (the kernel's emit sites).
MOVES = frozenset({
    (Z_DECK, HAND),                 # draw
    (HAND, PLAY_ROW),               # play an Action; Treasures in the buy phase
    (DISC, PLAY_ROW),               # Vassal plays the card it discarded
    (Z_SUPPLY, DISC), (Z_SUPPLY, HAND), (Z_SUPPLY, Z_DECK),   # gain (buy)
    (HAND, Z_TRASH), (DISC, Z_TRASH), (PLAY_ROW, Z_TRASH), (Z_REVEAL, Z_TRASH),
    (HAND, DISC),                   # discard (Cellar, Militia, Poacher; clean-up)
    (PLAY_ROW, DISC),               # clean-up
    (Z_DECK, Z_REVEAL), (Z_REVEAL, DISC), (Z_REVEAL, Z_DECK),  # Bandit, Sentry
    (Z_DECK, DISC),                 # Vassal
    (DISC, Z_DECK),                 # Harbinger
    (HAND, Z_DECK),                 # Artisan, Bureaucrat's victim
    (Z_DECK, ASIDE), (ASIDE, DISC),  # Library
})

# Okabe-Ito: distinguishable with every common colour-vision deficiency.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00")

_ATTACKS = frozenset(c for c in range(C.NCARDS) if C.TYPES[c] & C.ATTACK)
_HAND_SIZE = 5


class ReplayError(RuntimeError):
    """The event log contradicts the rules or itself; ``index`` is the event."""

    def __init__(self, index: int, message: str):
        super().__init__(f"event {index}: {message}")
        self.index = index


# ============================================================ state

@dataclass
class PlayerZones:
    """One player's cards.  ``deck`` holds the whole draw pile; ``deck_top``
    the cards known to be on top (put there by Harbinger, Sentry, Artisan,
    Bureaucrat), the last one on top; the rest of the pile has no order."""
    hand: Counter = field(default_factory=Counter)
    deck: Counter = field(default_factory=Counter)
    deck_top: list = field(default_factory=list)
    discard: Counter = field(default_factory=Counter)
    play: Counter = field(default_factory=Counter)
    aside: Counter = field(default_factory=Counter)
    revealed: Counter = field(default_factory=Counter)

    def owned(self) -> Counter:
        total = Counter()
        for z in (self.hand, self.deck, self.discard, self.play, self.aside,
                  self.revealed):
            total.update(z)
        return +total

    def count_zone(self, zone: int) -> Counter:
        return {HAND: self.hand, PLAY_ROW: self.play, DISC: self.discard,
                ASIDE: self.aside, Z_REVEAL: self.revealed}[zone]


@dataclass
class Fragment:
    """Consecutive events of one kind for one player inside a step of a turn."""
    player: int
    verb: str
    cards: list = field(default_factory=list)   # card ids, in event order
    number: int = 0                             # shuffles: cards; plus_*: N


@dataclass
class Resolution:
    """One execution of an Action's text (Throne Room makes two)."""
    card: int
    depth: int
    how: str                  # hand | throne | again | vassal
    target: int = -1          # Throne Room: the card it plays (-1: none)
    fragments: list = field(default_factory=list)
    victims: list = field(default_factory=list)  # seats, in the order hit
    quiet: dict = field(default_factory=dict)    # seat -> (why nothing happened, n)


@dataclass
class TurnLog:
    player: int
    number: int
    first_event: int
    hand: Counter
    deck_n: int
    discard_n: int
    items: list = field(default_factory=list)    # Resolution, and the tuples
    # ("treasures", Counter, coins, action coins, merchant bonus), ("buy", card)
    cleanup: list = field(default_factory=list)  # ("draw", k) | ("shuffle", n)


@dataclass
class ReplayState:
    """The game rebuilt from its events, and its result."""
    players: int
    names: list                       # strategy name per seat
    zones: list                       # PlayerZones per seat
    supply: Counter                   # card -> pile count (every supply pile)
    trash: Counter
    turns: list                       # turns taken per seat
    log: list                         # TurnLog per turn
    ended_by: int = -1
    last_player: int = -1
    vp: list = field(default_factory=list)
    breakdown: list = field(default_factory=list)   # per seat: [(card, count, vp)]
    outcome: list = field(default_factory=list)     # 0 loss, 1 win, 2 shared win
    winners: list = field(default_factory=list)
    tie_break: str = "none"           # none | fewer_turns | shared

    def owned(self, p: int) -> Counter:
        return self.zones[p].owned()

    @property
    def empty_piles(self) -> list:
        return [c for c in sorted(self.supply) if self.supply[c] == 0]


def seat_names(trace) -> list:
    return [trace.names[e] for e in trace.entry]


# ============================================================ replay

class _Replayer:
    def __init__(self, trace):
        self.trace = trace
        n = self.n = int(trace.players)
        if not C.MIN_PLAYERS <= n <= C.MAX_PLAYERS:
            raise ReplayError(0, f"{n} players")
        in_supply = sorted(set(C.BASE_CARDS) | {int(c) for c in trace.kingdom})
        self.in_supply = frozenset(in_supply)
        zones = [PlayerZones(deck=Counter({Card.COPPER: 7, Card.ESTATE: 3}))
                 for _ in range(n)]
        self.s = ReplayState(
            players=n, names=seat_names(trace), zones=zones,
            supply=Counter({c: C.pile_size(c, n) for c in in_supply}),
            trash=Counter(), turns=[0] * n, log=[])
        self.cur = -1                  # seat whose turn it is, -1 in the setup
        self.turn = None               # TurnLog of the current turn
        self.tstate = None             # phase, Actions, Buys, $ ... of that turn
        self.ended = False
        self.expect_take = -1          # seat that must take from its deck next
        self.expect_end = -2           # -2 during a turn; after it the ENDED_*
                                       # code due, or -1: the game goes on
        self.prev = None               # previous event row (tuple)

    # ---------------------------------------------------------- helpers
    def fail(self, msg: str):
        raise ReplayError(self.i, msg)

    def name(self, c: int) -> str:
        return C.NAMES[c] if 0 <= c < C.NCARDS else str(c)

    def take(self, p: int, zone: int, c: int, k: int):
        s, z = self.s, self.s.zones[p]
        if zone == Z_DECK:
            if k != 1:
                self.fail(f"moves {k} cards from a deck at once")
            if sum(z.deck.values()) == 0:
                self.fail(f"seat {p} takes {self.name(c)} from an empty deck "
                          "(no shuffle first)")
            if z.deck_top:
                if z.deck_top[-1] != c:
                    self.fail(f"seat {p} takes {self.name(c)} from the deck, but "
                              f"{self.name(z.deck_top[-1])} is on top")
                z.deck_top.pop()
            if z.deck[c] < 1:
                self.fail(f"seat {p}'s deck holds no {self.name(c)}")
            z.deck[c] -= 1
            return
        if zone == Z_SUPPLY:
            if c not in self.in_supply:
                self.fail(f"{self.name(c)} is not in the supply")
            if s.supply[c] < k:
                self.fail(f"the {self.name(c)} pile has {s.supply[c]}, not {k}")
            s.supply[c] -= k
            return
        if zone == Z_TRASH:
            self.fail("a card leaves the trash")
        src = z.count_zone(zone)
        if src[c] < k:
            self.fail(f"seat {p}'s {ZONE_NAMES[zone]} holds {src[c]} "
                      f"{self.name(c)}, not {k}")
        src[c] -= k

    def put(self, p: int, zone: int, c: int, k: int):
        s, z = self.s, self.s.zones[p]
        if zone == Z_DECK:
            for _ in range(k):
                z.deck[c] += 1
                z.deck_top.append(c)
        elif zone == Z_TRASH:
            s.trash[c] += k
        elif zone == Z_SUPPLY:
            self.fail("a card goes back to the supply")
        else:
            z.count_zone(zone)[c] += k

    # ---------------------------------------------------------- the loop
    def run(self) -> ReplayState:
        ev = np.asarray(self.trace.events)
        if ev.ndim != 2 or ev.shape[1] != 7:
            raise ReplayError(0, f"events must be [n, 7] rows, not {ev.shape}")
        for i, row in enumerate(ev.tolist()):
            self.i = i
            self.step(*row)
            self.prev = row
        self.i = len(ev)
        if not self.ended:
            self.fail("the log ends before the game does (no end event)")
        self.score()
        return self.s

    def step(self, turn, p, code, c, k, src, dst):
        n = self.n
        if self.ended:
            self.fail("event after the end of the game")
        if not 0 <= p < n:
            self.fail(f"seat {p} in a {n}-player game")
        if code not in EVENT_NAMES:
            self.fail(f"unknown event code {code}")
        if code in (EV_MOVE, EV_RESOLVE, EV_BUY, EV_PLUS_ACTIONS, EV_PLUS_BUYS,
                    EV_PLUS_COINS, EV_MOAT) and not 0 <= c < C.NCARDS:
            self.fail(f"unknown card {c}")
        if self.expect_take >= 0 and not (code == EV_MOVE and src == Z_DECK
                                          and p == self.expect_take):
            self.fail(f"seat {self.expect_take} shuffled but took no card")
        if code == EV_TURN:
            return self.on_turn(turn, p, k)
        if code == EV_END:
            return self.on_end(turn, p, k)
        if self.expect_end != -2:
            self.fail(f"{EVENT_NAMES[code]} event between turns")
        want = 0 if self.cur < 0 else self.s.turns[self.cur] + 1
        if turn != want:
            self.fail(f"turn field {turn}, expected {want}")
        if self.cur < 0:
            return self.on_setup(p, code, c, k, src, dst)
        t = self.tstate
        if code == EV_SHUFFLE:
            return self.on_shuffle(p, k, src, dst)
        if code == EV_MOVE:
            return self.on_move(p, c, k, src, dst)
        if p != self.cur and code != EV_MOAT:
            self.fail(f"{EVENT_NAMES[code]} of seat {p} in seat {self.cur}'s turn")
        if code == EV_RESOLVE:
            return self.on_resolve(c)
        if code in (EV_PLUS_ACTIONS, EV_PLUS_BUYS, EV_PLUS_COINS):
            return self.on_plus(code, c, k)
        if code == EV_MOAT:
            return self.on_moat(p, c)
        if code == EV_COINS:
            return self.on_coins(k)
        if code == EV_BUY:
            if t["phase"] != "buy":
                self.fail("a buy before the buy phase or after clean-up")
            if C.COST[c] != k:
                self.fail(f"buys {self.name(c)} for {k}, its cost is {C.COST[c]}")
            if t["buys"] < 1:
                self.fail("buys with no Buy left")
            if t["coins"] < k:
                self.fail(f"buys {self.name(c)} (${k}) with ${t['coins']}")
            t["buys"] -= 1
            t["coins"] -= k
            t["pending_buy"] = c
            self.turn.items.append(("buy", c))
            return
        self.fail(f"unexpected {EVENT_NAMES[code]} event")

    # ---------------------------------------------------------- setup
    def on_setup(self, p, code, c, k, src, dst):
        if code != EV_MOVE or (src, dst) != (Z_DECK, HAND):
            self.fail("the setup only draws")
        self.take(p, src, c, k)
        self.put(p, dst, c, k)
        if sum(self.s.zones[p].hand.values()) > _HAND_SIZE:
            self.fail(f"seat {p} draws more than {_HAND_SIZE} in the setup")

    # ---------------------------------------------------------- turns
    def on_turn(self, turn, p, k):
        s = self.s
        if self.cur < 0:
            for q, z in enumerate(s.zones):
                if sum(z.hand.values()) != _HAND_SIZE:
                    self.fail(f"seat {q} starts with {sum(z.hand.values())} cards")
            want = 0
        else:
            if self.expect_end == -2:
                self.close_turn()
            if self.expect_end >= 0:
                self.fail(f"the game goes on, but it ended "
                          f"({ENDED_NAMES[self.expect_end]}) after the last turn")
            want = (self.cur + 1) % self.n
        if p != want:
            self.fail(f"seat {p} takes a turn, it is seat {want}'s")
        if k != s.turns[p] + 1 or turn != k:
            self.fail(f"seat {p}'s turn {k} (turn field {turn}), expected "
                      f"{s.turns[p] + 1}")
        self.cur = p
        self.expect_end = -2
        z = s.zones[p]
        self.turn = TurnLog(player=p, number=k, first_event=self.i, hand=+z.hand,
                            deck_n=sum(z.deck.values()),
                            discard_n=sum(z.discard.values()))
        s.log.append(self.turn)
        self.tstate = dict(phase="action", actions=1, buys=1, coins=0,
                           action_coins=0, merchant=0, merchant_paid=0,
                           treasures=Counter(), stack=[], res=None,
                           awaiting_target=None, pending_buy=-1, drawn=0,
                           cleanup=self.turn.cleanup)

    def close_turn(self):
        """After the last event of a turn: clean-up done, decide the end."""
        s, t, p = self.s, self.tstate, self.cur
        if t["phase"] not in ("buy", "cleanup"):
            self.fail(f"seat {p}'s turn has no buy phase")
        if t["pending_buy"] >= 0:
            self.fail("a buy without its gain")
        z = s.zones[p]
        if +z.play or +z.aside:
            self.fail(f"seat {p} keeps cards in play or set aside after clean-up")
        for q, zq in enumerate(s.zones):
            if +zq.revealed:
                self.fail(f"seat {q}'s revealed cards were left lying")
        left = sum(z.deck.values()) + sum(z.discard.values())
        if t["drawn"] != _HAND_SIZE and left:
            self.fail(f"seat {p} draws {t['drawn']} at clean-up, not {_HAND_SIZE}")
        if sum(z.hand.values()) != t["drawn"]:
            self.fail(f"seat {p}'s hand after clean-up is not the {t['drawn']} drawn")
        s.turns[p] += 1
        if s.supply[Card.PROVINCE] == 0:
            self.expect_end = 0
        elif len(s.empty_piles) >= C.empty_piles_to_end(self.n):
            self.expect_end = 1
        elif p == self.n - 1 and s.turns[p] >= self.trace.turn_cap:
            self.expect_end = 2
        else:
            self.expect_end = -1

    def on_end(self, turn, p, k):
        if self.cur < 0:
            self.fail("the game ends in the setup")
        if self.expect_end == -2:
            self.close_turn()
        if p != self.cur:
            self.fail(f"end event of seat {p} after seat {self.cur}'s turn")
        if turn != self.s.turns[p]:
            self.fail(f"end event with turn field {turn}")
        if self.expect_end < 0:
            self.fail("the game ends, but no end condition holds")
        if k != self.expect_end:
            self.fail(f"the game ends by {ENDED_NAMES[k] if 0 <= k < 3 else k}, "
                      f"expected {ENDED_NAMES[self.expect_end]}")
        if k != self.trace.ended_by:
            self.fail(f"ended_by {k} in the log, {self.trace.ended_by} in the trace")
        self.s.ended_by = k
        self.s.last_player = p
        self.ended = True

    # ---------------------------------------------------------- actions
    def close_res(self):
        """The current resolution is finished: check what its attack did."""
        t, s = self.tstate, self.s
        r = t["res"]
        t["res"] = None
        t["awaiting_target"] = None
        if r is None:
            return
        self.check_text(r)
        if r.card not in _ATTACKS:
            return
        order = [(self.cur + j) % self.n for j in range(1, self.n)]
        hit = [q for q in order if q in r.victims]
        if hit != r.victims:
            self.fail(f"{self.name(r.card)} hits {r.victims}, not in turn order")
        for q in order:
            if q in r.victims:
                continue
            z = s.zones[q]
            hand = sum(z.hand.values())
            if r.card == Card.WITCH and s.supply[Card.CURSE] == 0:
                r.quiet[q] = ("no_curse", 0)
            elif r.card == Card.MILITIA and hand <= C.X[Card.MILITIA]:
                r.quiet[q] = ("small_hand", hand)
            elif r.card == Card.BUREAUCRAT and not any(
                    C.TYPES[c] & C.VICTORY for c in +z.hand):
                r.quiet[q] = ("no_victory", 0)
            elif r.card == Card.BANDIT and not +z.deck and not +z.discard:
                r.quiet[q] = ("no_cards", 0)
            else:
                self.fail(f"{self.name(r.card)} leaves seat {q} untouched")

    def check_text(self, r: Resolution):
        """What one resolution did, against its card's text (RULES.md)."""
        s, me, c = self.s, self.cur, r.card
        z = s.zones[me]

        def did(verb, p=me):
            return [x for f in r.fragments if f.player == p and f.verb == verb
                    for x in f.cards]

        def bad(why):
            self.fail(f"{self.name(c)} {why}")

        gains = did("gain") + did("gain_hand") + did("gain_deck")
        trashed = did("trash")
        cost = [int(C.COST[g]) for g in gains]
        if c == Card.CHAPEL and len(trashed) > C.X[c]:
            bad(f"trashes {len(trashed)} cards")
        elif c == Card.WORKSHOP and (len(gains) > 1 or any(k > C.X[c] for k in cost)):
            bad("gains more than one card up to $4")
        elif c == Card.REMODEL and (len(trashed) > 1 or len(gains) > len(trashed) or gains
                                    and cost[0] > C.COST[trashed[0]] + C.X[c]):
            bad("gains more than a card costing up to $2 more than the trashed one")
        elif c == Card.MINE and (len(trashed) > 1 or len(gains) > len(trashed) or gains and (
                did("gain_hand") != gains or not C.TYPES[gains[0]] & C.TREASURE
                or not C.TYPES[trashed[0]] & C.TREASURE
                or cost[0] > C.COST[trashed[0]] + C.X[c])):
            bad("does not turn a Treasure into one costing up to $3 more, in hand")
        elif c == Card.ARTISAN and (len(gains) > 1 or did("gain_hand") != gains
                                    or any(k > C.X[c] for k in cost)
                                    or len(did("topdeck")) != (1 if +z.hand or did("topdeck")
                                                               else 0)):
            bad("does not gain a card up to $5 to hand and put one card onto the deck")
        elif c == Card.MONEYLENDER and trashed not in ([], [Card.COPPER]):
            bad("trashes something other than one Copper")
        elif c == Card.BUREAUCRAT and did("gain_deck") not in ([], [Card.SILVER]):
            bad("gains something other than a Silver onto the deck")
        elif c == Card.BANDIT and did("gain") not in ([], [Card.GOLD]):
            bad("gains something other than a Gold")
        elif c == Card.POACHER:
            discarded = len(did("discard"))
            if discarded != min(len(s.empty_piles), sum(z.hand.values()) + discarded):
                bad(f"discards {discarded} with {len(s.empty_piles)} empty piles")
        elif c == Card.LIBRARY:
            # draws to 7 unless deck and discard run out (the set-aside
            # cards went to the discard pile afterwards)
            if sum(z.hand.values()) < C.X[c] and (
                    +z.deck or sum(z.discard.values()) > len(did("discard_aside"))):
                bad("stops drawing before 7 cards in hand")
        for q in r.victims:
            hand = sum(s.zones[q].hand.values())
            if c == Card.WITCH and did("gain", q) not in ([], [Card.CURSE]):
                bad(f"gives seat {q} something other than a Curse")
            if c == Card.MILITIA and did("discard", q) and hand != C.X[c]:
                bad(f"leaves seat {q} with {hand} cards")
            if c == Card.BUREAUCRAT and any(not C.TYPES[x] & C.VICTORY
                                            for x in did("topdeck", q)):
                bad(f"makes seat {q} put a non-Victory card onto the deck")
            if c == Card.BANDIT and any(x == Card.COPPER or not C.TYPES[x] & C.TREASURE
                                        for x in did("trash", q)):
                bad(f"trashes a card of seat {q} it may not")

    def frag(self, p, verb, card=None, number=0):
        r = self.tstate["res"]
        if r is None:
            self.fail(f"{verb} outside an Action's resolution")
        if p != self.cur:
            if r.card not in _ATTACKS and r.card != Card.COUNCIL_ROOM:
                self.fail(f"{self.name(r.card)} affects seat {p}")
            if p not in r.victims:
                r.victims.append(p)
            elif r.victims[-1] != p:
                self.fail(f"seat {p} is hit twice by one {self.name(r.card)}")
        last = r.fragments[-1] if r.fragments else None
        if card is not None and last is not None and last.player == p \
                and last.verb == verb:
            last.cards.append(card)
            return
        f = Fragment(p, verb, [] if card is None else [card], number)
        r.fragments.append(f)

    def on_resolve(self, c):
        t = self.tstate
        if t["phase"] != "action":
            self.fail("an Action resolves outside the action phase")
        if not C.TYPES[c] & C.ACTION:
            self.fail(f"{self.name(c)} is not an Action")
        if not t["stack"]:
            self.fail(f"{self.name(c)} resolves but nothing was played")
        want, depth, how = t["stack"].pop()
        if want != c:
            self.fail(f"{self.name(c)} resolves, {self.name(want)} was due")
        if self.s.zones[self.cur].play[c] < 1:
            self.fail(f"{self.name(c)} resolves but is not in play")
        self.close_res()
        r = Resolution(card=c, depth=depth, how=how)
        t["res"] = r
        self.turn.items.append(r)
        if c == Card.THRONE_ROOM:
            t["awaiting_target"] = r
        if c == Card.MERCHANT:
            t["merchant"] += int(C.X[Card.MERCHANT])

    def on_plus(self, code, c, k):
        t = self.tstate
        if code == EV_PLUS_COINS and c == Card.MERCHANT and t["phase"] == "buy_treasures":
            t["merchant_paid"] += k
            return
        r = t["res"]
        if t["phase"] != "action" or r is None or r.card != c:
            self.fail(f"+{k} from {self.name(c)}, which is not resolving")
        table = {EV_PLUS_ACTIONS: C.PLUS_ACTIONS, EV_PLUS_BUYS: C.PLUS_BUYS,
                 EV_PLUS_COINS: C.PLUS_COINS}[code]
        if k != table[c] and not (c == Card.MONEYLENDER and code == EV_PLUS_COINS
                                  and k == C.X[c]):
            self.fail(f"{self.name(c)} gives +{k}, its text says otherwise")
        if code == EV_PLUS_ACTIONS:
            t["actions"] += k
            self.frag(self.cur, "plus_actions", number=k)
        elif code == EV_PLUS_BUYS:
            t["buys"] += k
            self.frag(self.cur, "plus_buys", number=k)
        else:
            t["coins"] += k
            t["action_coins"] += k
            self.frag(self.cur, "plus_coins", number=k)

    def on_moat(self, p, c):
        r = self.tstate["res"]
        if c != Card.MOAT or r is None or r.card not in _ATTACKS:
            self.fail("a Moat reveal outside an attack")
        if p == self.cur or self.s.zones[p].hand[Card.MOAT] < 1:
            self.fail(f"seat {p} reveals a Moat it does not hold")
        self.frag(p, "moat")

    # ---------------------------------------------------------- moves
    def on_shuffle(self, p, k, src, dst):
        z = self.s.zones[p]
        if (src, dst) != (DISC, Z_DECK):
            self.fail("a shuffle is discard -> deck")
        if +z.deck:
            self.fail(f"seat {p} shuffles with {sum(z.deck.values())} cards still "
                      "in the deck")
        if k != sum(z.discard.values()) or k < 1:
            self.fail(f"seat {p} shuffles {k} cards, the discard pile has "
                      f"{sum(z.discard.values())}")
        z.deck, z.discard, z.deck_top = +z.discard, Counter(), []
        self.expect_take = p
        t = self.tstate
        if t["phase"] == "buy":              # nothing to discard: clean-up draws
            t["phase"] = "cleanup"
        if t["phase"] == "cleanup":
            if p != self.cur:
                self.fail(f"seat {p} shuffles in seat {self.cur}'s clean-up")
            t["cleanup"].append(("shuffle", k))
        else:
            self.frag(p, "shuffle", number=k)

    def on_move(self, p, c, k, src, dst):
        t = self.tstate
        if (src, dst) not in MOVES:
            self.fail(f"a move {src} -> {dst}")
        if k < 1:
            self.fail(f"a move of {k} cards")
        self.expect_take = -1
        pair = (src, dst)
        phase = t["phase"]

        if t["pending_buy"] >= 0:
            if (p, c, pair) != (self.cur, t["pending_buy"], (Z_SUPPLY, DISC)) or k != 1:
                self.fail(f"the bought {self.name(t['pending_buy'])} does not go to "
                          "the discard pile")
            t["pending_buy"] = -1
            return self.apply(p, c, k, src, dst)

        if phase == "buy":                   # the first event of clean-up
            t["phase"] = phase = "cleanup"
        if phase == "cleanup":
            # play area and hand to the discard pile, then draw 5
            z = self.s.zones[p]
            if p != self.cur:
                self.fail(f"seat {p} moves cards in seat {self.cur}'s clean-up")
            if pair in ((PLAY_ROW, DISC), (HAND, DISC)):
                if t["cleanup"]:
                    self.fail("clean-up discards after drawing")
                if pair == (HAND, DISC) and +z.play:
                    self.fail("clean-up discards the hand before the play area")
                if z.count_zone(src)[c] != k:
                    self.fail(f"clean-up leaves {self.name(c)} in {ZONE_NAMES[src]}")
                return self.apply(p, c, k, src, dst)
            if pair != (Z_DECK, HAND):
                self.fail(f"move {ZONE_NAMES[src]} -> {ZONE_NAMES[dst]} in clean-up")
            if +z.play or (not t["drawn"] and +z.hand):
                self.fail("clean-up draws before discarding hand and play")
            self.apply(p, c, k, src, dst)
            t["drawn"] += 1
            if t["drawn"] > _HAND_SIZE:
                self.fail(f"clean-up draws more than {_HAND_SIZE}")
            if t["cleanup"] and t["cleanup"][-1][0] == "draw":
                t["cleanup"][-1] = ("draw", t["cleanup"][-1][1] + 1)
            else:
                t["cleanup"].append(("draw", 1))
            return

        if pair == (HAND, PLAY_ROW) and p == self.cur and phase in ("action",
                                                                     "buy_treasures"):
            if C.TYPES[c] & C.TREASURE and not t["stack"]:
                self.close_res()
                t["phase"] = "buy_treasures"
                if t["treasures"][c]:
                    self.fail(f"{self.name(c)} played twice in the buy phase")
                if self.s.zones[p].hand[c] != k:
                    self.fail(f"plays {k} of {self.s.zones[p].hand[c]} {self.name(c)}")
                t["treasures"][c] += k
                return self.apply(p, c, k, src, dst)
            if phase != "action" or not C.TYPES[c] & C.ACTION or k != 1:
                self.fail(f"plays {self.name(c)} from hand here")
            tr = t["awaiting_target"]
            if tr is not None:               # Throne Room's card
                tr.target = c
                t["awaiting_target"] = None
                self.close_res()
                reps = int(C.X[Card.THRONE_ROOM])
                hows = ["throne"] + ["again"] * (reps - 1)
                for how in reversed(hows):
                    t["stack"].append((c, tr.depth + 1, how))
            else:
                if t["stack"]:
                    self.fail(f"plays {self.name(c)} before the last Action resolved")
                if t["actions"] < 1:
                    self.fail(f"plays {self.name(c)} with no Action left")
                t["actions"] -= 1
                self.close_res()
                t["stack"].append((c, 0, "hand"))
            return self.apply(p, c, k, src, dst)

        if phase != "action":
            self.fail(f"move {ZONE_NAMES[src]} -> {ZONE_NAMES[dst]} in the buy phase")
        t["awaiting_target"] = None
        r = t["res"]
        if pair == (DISC, PLAY_ROW):
            prev = self.prev
            if r is None or r.card != Card.VASSAL or p != self.cur \
                    or not C.TYPES[c] & C.ACTION or prev is None \
                    or (prev[2], prev[3], prev[5], prev[6]) != (EV_MOVE, c, Z_DECK, DISC):
                self.fail(f"{self.name(c)} played from the discard pile")
            t["stack"].append((c, r.depth + 1, "vassal"))
            self.frag(p, "vassal_play", c)
            return self.apply(p, c, k, src, dst)
        verb = {(Z_DECK, HAND): "draw", (HAND, Z_TRASH): "trash",
                (DISC, Z_TRASH): "trash", (PLAY_ROW, Z_TRASH): "trash",
                (Z_REVEAL, Z_TRASH): "trash",
                (Z_SUPPLY, DISC): "gain", (Z_SUPPLY, HAND): "gain_hand",
                (Z_SUPPLY, Z_DECK): "gain_deck", (HAND, DISC): "discard",
                (Z_DECK, Z_REVEAL): "reveal" if p != self.cur else "look",
                (Z_REVEAL, DISC): "discard", (Z_REVEAL, Z_DECK): "put_back",
                (Z_DECK, DISC): "discard_deck", (DISC, Z_DECK): "from_discard",
                (HAND, Z_DECK): "topdeck", (Z_DECK, ASIDE): "set_aside",
                (ASIDE, DISC): "discard_aside"}[pair]
        for _ in range(k):
            self.frag(p, verb, c)
        self.apply(p, c, k, src, dst)

    def apply(self, p, c, k, src, dst):
        self.take(p, src, c, k)
        self.put(p, dst, c, k)

    # ---------------------------------------------------------- buy phase
    def on_coins(self, k):
        t = self.tstate
        if t["phase"] not in ("action", "buy_treasures") or t["stack"]:
            self.fail("coins counted twice or mid-Action")
        self.close_res()
        z = self.s.zones[self.cur]
        left = [c for c in +z.hand if C.TYPES[c] & C.TREASURE]
        if left:
            self.fail(f"{self.name(left[0])} left in hand in the buy phase")
        money = sum(int(C.PLUS_COINS[c]) * n for c, n in t["treasures"].items())
        bonus = t["merchant"] if t["treasures"][Card.SILVER] else 0
        if t["merchant_paid"] != bonus:
            self.fail(f"Merchant bonus ${t['merchant_paid']}, expected ${bonus}")
        if k != t["coins"] + money + bonus:
            self.fail(f"${k} to spend, the cards give ${t['coins'] + money + bonus}")
        t["coins"] = k
        t["phase"] = "buy"
        self.turn.items.append(("treasures", +t["treasures"], k, t["action_coins"],
                                bonus))

    # ---------------------------------------------------------- score
    def score(self):
        s = self.s
        s.vp, s.breakdown = [], []
        for p in range(self.n):
            own = s.owned(p)
            size = sum(own.values())
            rows = []
            for c in sorted(own):
                if c == Card.GARDENS:
                    v = own[c] * (size // int(C.X[Card.GARDENS]))
                elif C.VP[c]:
                    v = own[c] * int(C.VP[c])
                else:
                    continue
                rows.append((c, own[c], v))
            s.breakdown.append(rows)
            s.vp.append(sum(v for _, _, v in rows))
        s.winners, s.outcome, s.tie_break = decide(s.vp, s.turns)


def decide(vp, turns) -> tuple[list, list, str]:
    """Winners, outcome per seat (0 loss, 1 win, 2 shared win) and the
    tie-break used: most VP; tied players with fewer turns win; still tied
    share the win."""
    n = len(vp)
    best = max(vp)
    tied = [p for p in range(n) if vp[p] == best]
    fewest = min(turns[p] for p in tied)
    winners = [p for p in tied if turns[p] == fewest]
    if len(winners) > 1:
        tie_break = "shared"
    elif len(tied) > 1:
        tie_break = "fewer_turns"
    else:
        tie_break = "none"
    won = 2 if len(winners) > 1 else 1
    return winners, [won if p in winners else 0 for p in range(n)], tie_break


def replay(trace) -> ReplayState:
    """Rebuild the game of ``trace`` from its events alone, checking each one."""
    return _Replayer(trace).run()


# ============================================================ text

def _check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; use one of {', '.join(LANGS)}")
    return lang


class _Words:
    """Names of seats and cards in the log's language."""

    def __init__(self, state: ReplayState, lang: str):
        self.lang = _check_lang(lang)
        names = state.names
        dup = len(set(names)) < len(names)
        # the short label names a seat inside a turn; the seat form is unique
        self.label = [f"{nm} #{p + 1}" if dup else nm for p, nm in enumerate(names)]
        self.seat = [f"{nm} (seat {p + 1})" for p, nm in enumerate(names)]

    def card(self, c: int) -> str:
        return C.localized(int(c), self.lang)

    def cards(self, cs) -> str:
        """'Copper x2, Silver': grouped, in order of first appearance."""
        counts = Counter(cs)
        return ", ".join(self.card(c) + (f" x{counts[c]}" if counts[c] > 1 else "")
                         for c in dict.fromkeys(cs))

    def counter(self, counter: Counter) -> str:
        cs = [c for c in sorted(counter) for _ in range(counter[c])]
        return self.cards(cs) if cs else "nothing"


_VERBS = {
    "draw": "draws {}", "trash": "trashes {}", "gain": "gains {}",
    "gain_hand": "gains {} to hand", "gain_deck": "gains {} onto deck",
    "discard": "discards {}", "reveal": "reveals {}", "look": "looks at {}",
    "put_back": "puts back {}", "discard_deck": "discards {} from deck",
    "from_discard": "puts {} from discard onto deck", "topdeck": "puts {} onto deck",
    "set_aside": "sets aside {}", "discard_aside": "discards set-aside {}",
}


def _fragment_text(f: Fragment, w: _Words) -> str:
    if f.verb == "shuffle":
        return f"reshuffles {f.number} cards"
    if f.verb == "plus_actions":
        return f"+{f.number} Action" + ("s" if f.number != 1 else "")
    if f.verb == "plus_buys":
        return f"+{f.number} Buy" + ("s" if f.number != 1 else "")
    if f.verb == "plus_coins":
        return f"+${f.number}"
    if f.verb == "moat":
        return f"reveals {w.card(Card.MOAT)}: unaffected"
    if f.verb == "vassal_play":
        return "plays it"
    return _VERBS[f.verb].format(w.cards(f.cards))


def _quiet_text(why: str, n: int, w: _Words) -> str:
    return {"no_curse": f"gains no {w.card(Card.CURSE)} (none left)",
            "small_hand": f"has {n} cards in hand, discards nothing",
            "no_victory": "reveals a hand with no Victory card",
            "no_cards": "has no cards to reveal"}[why]


def _resolution_lines(r: Resolution, me: int, w: _Words) -> list:
    pad = "  " * (r.depth + 1)
    name = w.card(r.card)
    head = {"hand": f"plays {name}", "throne": name, "again": f"{name} again",
            "vassal": name}[r.how]
    if r.card == Card.THRONE_ROOM:
        head += f" on {w.card(r.target)}" if r.target >= 0 else ", no Action to play"
    own = [_fragment_text(f, w) for f in r.fragments if f.player == me]
    lines = [pad + head + (": " + "; ".join(own) if own else "")]
    n = len(w.label)
    for q in ((me + j) % n for j in range(1, n)):          # turn order
        if q in r.quiet:
            lines.append(f"{pad}  {w.label[q]} {_quiet_text(*r.quiet[q], w)}")
            continue
        parts = [_fragment_text(f, w) for f in r.fragments if f.player == q]
        if parts:
            lines.append(f"{pad}  {w.label[q]} " + "; ".join(parts))
    return lines


def _turn_lines(t: TurnLog, w: _Words) -> list:
    lines = [f"  hand: {w.counter(t.hand)} (deck {t.deck_n}, discard {t.discard_n})"]
    bought = False
    for item in t.items:
        if isinstance(item, Resolution):
            lines += _resolution_lines(item, t.player, w)
        elif item[0] == "treasures":
            _, treasures, coins, from_actions, merchant = item
            played = w.counter(treasures) if treasures else "no Treasures"
            extra = []
            if from_actions:
                extra.append(f"${from_actions} from Actions")
            if merchant:
                extra.append(f"${merchant} from {w.card(Card.MERCHANT)}")
            lines.append(f"  plays {played}: ${coins}"
                         + (f" (incl. {', '.join(extra)})" if extra else ""))
        elif item[0] == "buy":
            bought = True
            lines.append(f"  buys {w.card(item[1])}")
    if not bought:
        lines.append("  buys nothing")
    steps = [f"draws {k}" if kind == "draw" else f"reshuffles {k} cards"
             for kind, k in t.cleanup]
    lines.append("  clean-up: " + ("; ".join(steps) if steps else "draws nothing"))
    return lines


def _turn_digest(t: TurnLog, w: _Words) -> str:
    """One line for a turn's summary in HTML: what was played and bought."""
    played = [w.card(i.card) for i in t.items
              if isinstance(i, Resolution) and i.how == "hand"]
    coins = next((i[2] for i in t.items if isinstance(i, tuple) and i[0] == "treasures"), 0)
    buys = [w.card(i[1]) for i in t.items if isinstance(i, tuple) and i[0] == "buy"]
    out = []
    if played:
        out.append("plays " + ", ".join(played))
    out.append(f"${coins}")
    out.append("buys " + (", ".join(buys) if buys else "nothing"))
    return " · ".join(out)


def _end_lines(trace, s: ReplayState, w: _Words) -> list:
    why = {0: f"the {w.card(Card.PROVINCE)} pile is empty",
           1: f"{C.empty_piles_to_end(s.players)} supply piles are empty",
           2: f"the turn cap of {trace.turn_cap} turns is reached"}[s.ended_by]
    lines = [f"Game over after turn {s.turns[s.last_player]} of "
             f"{w.seat[s.last_player]}: {why}",
             "Empty piles: " + (", ".join(w.card(c) for c in s.empty_piles) or "none")]
    for p in range(s.players):
        size = sum(s.owned(p).values())
        parts = []
        for c, n, v in s.breakdown[p]:
            part = w.card(c) + (f" x{n}" if n > 1 else "") + f" = {v}"
            if c == Card.GARDENS:
                part += f" ({size} cards)"
            parts.append(part)
        lines.append(f"{w.seat[p]}: {s.vp[p]} VP, {s.turns[p]} turns, {size} cards"
                     + (" (" + ", ".join(parts) + ")" if parts else ""))
    win = s.winners
    best = s.vp[win[0]]
    tied = [p for p in range(s.players) if s.vp[p] == best]
    more = [p for p in tied if p not in win]
    others = ", ".join(f"{w.seat[p]}: {s.turns[p]} turns" for p in more)
    if s.tie_break == "none":
        lines.append(f"Winner: {w.seat[win[0]]} with {best} VP")
        return lines
    if more:
        lines.append(f"Tie on {best} VP between {_join([w.seat[p] for p in tied])}; "
                     "the tie-break decides: fewer turns win")
    else:
        lines.append(f"Tie on {best} VP and {s.turns[win[0]]} turns each between "
                     f"{_join([w.seat[p] for p in tied])}: the tie-break does not decide")
    lead = "Winner" if len(win) == 1 else "Shared win"
    lines.append(f"{lead}: {_join([w.seat[p] for p in win])} with {best} VP in "
                 f"{s.turns[win[0]]} turns" + (f" ({others})" if more else ""))
    return lines


def _join(items) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


class _Doc:
    """The log as blocks (head, one per turn, end), shared by text and HTML."""

    def __init__(self, trace, lang: str):
        _check_lang(lang)
        self.state = s = replay(trace)
        self.w = w = _Words(s, lang)
        self.title = f"Game {trace.game} of seed {trace.seed}"
        self.head = [
            f"{self.title}: " + " vs ".join(w.seat[p] for p in range(s.players)),
            f"{s.players} players, turn cap {trace.turn_cap}",
            "Kingdom: " + ", ".join(w.card(c) for c in trace.kingdom),
            f"Setup: each player shuffles {w.card(Card.COPPER)} x7, "
            f"{w.card(Card.ESTATE)} x3 and draws {_HAND_SIZE}",
        ]
        self.turns = [(t, f"Turn {t.number}: {w.seat[t.player]}", _turn_lines(t, w))
                      for t in s.log]
        self.tail = _end_lines(trace, s, w)


def render_text(trace, lang: str = "en") -> str:
    """The game as a readable log, turn by turn (card names in ``lang``)."""
    doc = _Doc(trace, lang)
    out = list(doc.head)
    for _, head, lines in doc.turns:
        out += ["", head, *lines]
    out += ["", *doc.tail]
    return "\n".join(out) + "\n"


# ============================================================ json

def _card_or_none(c: int):
    return C.NAMES[c] if 0 <= c < C.NCARDS else None


def log_dict(trace) -> dict:
    """The JSON log (schema in the module docstring) as a Python dict."""
    s = replay(trace)
    names = s.names
    events = []
    for i, (turn, p, code, c, k, src, dst) in enumerate(np.asarray(trace.events).tolist()):
        zoned = code in (EV_MOVE, EV_SHUFFLE)
        events.append({
            "i": i, "turn": turn, "player": p, "seat_name": names[p],
            "event": EVENT_NAMES[code],
            "card": _card_or_none(c) if code not in (EV_TURN, EV_SHUFFLE, EV_COINS,
                                                    EV_END) else None,
            "count": k,
            "from": ZONE_NAMES[src] if zoned else None,
            "to": ZONE_NAMES[dst] if zoned else None,
        })
    players = []
    for p in range(s.players):
        players.append({
            "seat": p, "name": names[p], "vp": s.vp[p], "turns": s.turns[p],
            "cards": sum(s.owned(p).values()),
            "outcome": OUTCOME_NAMES[s.outcome[p]],
            "vp_breakdown": [{"card": C.NAMES[c], "count": n, "vp": v}
                             for c, n, v in s.breakdown[p]],
        })
    return {
        "format": "domsim-log", "version": 1,
        "game": {"seed": int(trace.seed), "game": int(trace.game),
                 "players": s.players, "turn_cap": int(trace.turn_cap),
                 "kingdom": [C.NAMES[c] for c in trace.kingdom],
                 "seats": [{"seat": p, "name": names[p], "entry": int(trace.entry[p])}
                           for p in range(s.players)]},
        "events": events,
        "summary": {"ended_by": ENDED_NAMES[s.ended_by],
                    "empty_piles": [C.NAMES[c] for c in s.empty_piles],
                    "turns": sum(s.turns), "winners": list(s.winners),
                    "tie_break": s.tie_break, "players": players},
    }


def render_json(trace) -> str:
    """The events and the result as one JSON object (see the module docstring),
    laid out one event per line."""
    d = log_dict(trace)
    dump = lambda x: json.dumps(x, ensure_ascii=False)   # noqa: E731
    events = ",\n".join(dump(e) for e in d["events"])
    head = ", ".join(f"{dump(k)}: {dump(d[k])}" for k in ("format", "version", "game"))
    return (f"{{{head},\n\"events\": [\n{events}\n],\n"
            f"\"summary\": {dump(d['summary'])}}}\n")


# ============================================================ html

_CSS = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 60em;
       padding: 0 1em; color: #222; background: #fff; }
h1 { font-size: 1.4em; margin-bottom: .2em; }
.meta p { margin: .2em 0; }
.seat { display: inline-block; margin-right: 1.2em; }
.swatch { display: inline-block; width: .9em; height: .9em; border-radius: 2px;
          vertical-align: -.1em; margin-right: .3em; }
details { border-left: 6px solid var(--c); margin: .35em 0; background: #fafafa; }
summary { cursor: pointer; padding: .25em .6em; background: var(--bg); }
summary .who { font-weight: 600; }
summary .digest { color: #444; }
pre { margin: .3em .6em .6em; font: 13px/1.4 ui-monospace, monospace;
      white-space: pre-wrap; }
.end { margin-top: 1.5em; border-top: 1px solid #ccc; padding-top: .5em; }
.end p { margin: .25em 0; }
.controls button { margin-right: .5em; }
"""

_JS = """
function setAll(open) {
  document.querySelectorAll('details').forEach(function (d) { d.open = open; });
}
"""


def render_html(trace, lang: str = "en") -> str:
    """A self-contained page: one colour per seat, one collapsible block per turn."""
    doc = _Doc(trace, lang)
    s, w = doc.state, doc.w
    e = html.escape
    colour = [PALETTE[p % len(PALETTE)] for p in range(s.players)]
    out = ["<!DOCTYPE html>", f'<html lang="{e(lang)}">', "<head>",
           '<meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>domsim log: {e(doc.title)}</title>",
           f"<style>{_CSS}</style>", f"<script>{_JS}</script>", "</head>", "<body>",
           f"<h1>{e(doc.title)}</h1>", '<section class="meta">']
    out += [f"<p>{e(line)}</p>" for line in doc.head[1:]]
    out.append("<p>" + "".join(
        f'<span class="seat"><span class="swatch" style="background:{colour[p]}">'
        f"</span>{e(w.seat[p])}</span>" for p in range(s.players)) + "</p>")
    out.append('<p class="controls"><button type="button" onclick="setAll(true)">'
               'open all turns</button><button type="button" onclick="setAll(false)">'
               "close all turns</button></p>")
    out.append("</section>")
    for t, head, lines in doc.turns:
        c = colour[t.player]
        out.append(f'<details class="turn seat{t.player + 1}" '
                   f'style="--c:{c};--bg:{c}22">')
        out.append(f'<summary><span class="who">{e(head)}</span> '
                   f'<span class="digest">{e(_turn_digest(t, w))}</span></summary>')
        out.append("<pre>" + e("\n".join(line[2:] for line in lines)) + "</pre>")
        out.append("</details>")
    out.append('<section class="end">')
    out += [f"<p>{e(line)}</p>" for line in doc.tail]
    out += ["</section>", "</body>", "</html>"]
    return "\n".join(out) + "\n"


def render(trace, fmt: str = "text", lang: str = "en") -> str:
    """The log in ``fmt`` (text, json or html)."""
    _check_lang(lang)
    if fmt == "text":
        return render_text(trace, lang)
    if fmt == "json":
        return render_json(trace)
    if fmt == "html":
        return render_html(trace, lang)
    raise ValueError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
