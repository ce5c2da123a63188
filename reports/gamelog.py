"""Game logs: render a kernel trace as text, JSON or HTML.

``runner.trace_game`` returns the kernel's event rows ``[turn, player, code,
card, count, from, to]`` (``kernel.EV_*``, zones ``kernel.Z_*`` and the
count-zone rows HAND, PLAY_ROW, DISC, ASIDE).  This module renders what the
kernel emitted and nothing else: it knows no card texts and checks no rules
(the kernel says when and why something did not happen, who plays what,
where each phase starts, and the score).  Its only state is bookkeeping of
what the events moved (hand contents, deck and discard sizes) to show each
turn's starting hand.  Whether the events obey the rules is the job of the
rules oracle in the tests (``tests/rules_oracle.py``), which audits random
games of every card.

- ``read_log(trace) -> GameLog``: the events grouped into turns, each Action's
  resolutions (nested under the card that played them: Throne Room, Vassal)
  with what every player did, the Treasures and buys, the clean-up, and the
  result as the kernel scored it.
- ``render_text(trace, lang)``: a readable log.  Per turn: "Turn N: name
  (seat k)", the hand at its start (with deck and discard sizes), one line
  per Action played with what it did (cards it plays are indented under it,
  other players' effects are indented under the card, in the order they
  happened), the Treasures played and the $ total, each buy, and the
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
      "format": "domsim-log", "version": 2,
      "game": {"seed": int, "game": int, "players": int, "turn_cap": int,
               "kingdom": [card name, ...],           # the 10 kingdom cards
               "seats": [{"seat": int, "name": str, "entry": int}, ...]},
      "events": [                                     # one per kernel event
        {"i": int,             # index of the event in trace.events (0-based)
         "turn": int,          # the turn number of the player whose turn it
                               # is (0 = setup); for "end" and "vp" the last turn
         "player": int,        # seat (0-based, turn order) the event is about:
                               # an attack's victim, a Council Room drawer ...
         "seat_name": str,     # strategy name at that seat
         "event": str,         # one of EVENT_NAMES, see below
         "card": str | null,   # English card name, null where none
         "count": int,         # see below
         "from": str | null,   # zone (ZONE_NAMES) for move, shuffle,
         "to": str | null,     #   deck_to_discard; start: "to" only
         "detail": str | int | dict | null},   # nothing: why (NOTHING_NAMES); vp: the
                               # VP; when_gain: {"gainer": seat, "gained": card};
                               # token: {"tokens": the mat's tokens after}
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

Events and their ``count``: ``start`` (setup: the player starts with count
copies of card in "deck"; the Black Market deck, top first, has "to":
"black_market"), ``turn`` (the player's turn number; detail "extra" for an
extra turn, which has the number of the turn before it: extra turns are not
counted), ``extra_turn`` (card gives the player an extra turn after this
one, which starts with a hand of count cards), ``react`` (the player reveals
card from the hand as the Attack resolving is played, and does its reaction:
Diplomat), ``name`` (1: the player names card: Wishing Well), ``place``
(the player puts card from "from" into its deck as the count-th card from
the top; the deck's size + 1: at the bottom), ``when_gain`` (the player's
card does its gain hook count times because the seat of "detail" gained a
card: Monkey draws, Blockade's Curses, Sailor or Pirate plays a card; its
moves follow), ``token`` (the player adds count Coin tokens to its mat of
card, Pirate Ship's: detail the tokens it then holds), ``move`` (copies moved),
``shuffle`` (cards shuffled), ``resolve`` (1: card's text is done once),
``plays`` (the resolving card plays card count times), ``buy`` (the cost;
"from": "black_market" for a Black Market buy, else null), ``buy_phase``
(coins carried from the Action phase), ``coins`` ($ to spend at the first
buy), ``plus_actions``/``plus_buys``/``plus_coins`` (the N of +N),
``moat`` (1; "from": "hand" for a card revealed, "duration" for a
Duration in play since the player's last turn), ``nothing`` (the player is
unaffected or does nothing; detail says why: no_cards, pile_empty (card:
the pile), hand_size (count: the hand size), no_type (count: the type
bit), no_play, no_buy, no_extra_turn (card gives no extra turn: one was
given this turn, or the previous turn was the player's), no_card_of_cost
(count: no supply card costs that, Swindler's gain), no_gain (card has
no card it may gain: Smugglers, Blockade, Pirate's next turn), not_in_supply
(card is not in the Supply: Ambassador's copy of a Black Market card)),
``pass`` (the player passes card from its hand to the hand of seat count:
Masquerade), ``hook`` (card, of seat count, hits the player: detail
"as_played" as it is played, the player subject to it until that seat's
next turn; "treasure_played" as the player plays a Treasure it names, which
the next event trashes: Corsair),
``deck_to_discard`` (cards moved), ``cleanup`` (0), ``end`` (the ended_by
code: 0 provinces, 1 piles, 2 turn cap), ``vp`` (copies owned of card;
detail: the VP they score).

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

from simulator.engine import cards as C
from simulator.engine.cards import Card
from simulator.engine.codes import (
    ASIDE,
    DISC,
    DUR,
    ENDED_NAMES,
    EV_BUY,
    EV_BUY_PHASE,
    EV_CHOOSE,
    EV_CLEANUP,
    EV_COINS,
    EV_DECK_TO_DISCARD,
    EV_DURATION,
    EV_EMBARGO,
    EV_END,
    EV_EXTRA_TURN,
    EV_HOOK,
    EV_PASS,
    EV_REACT,
    EV_WHEN_GAIN,
    EV_MOAT,
    EV_MOVE,
    EV_NAME,
    EV_NOTHING,
    EV_PLACE,
    EV_PLAYS,
    EV_PLUS_ACTIONS,
    EV_PLUS_BUYS,
    EV_PLUS_COINS,
    EV_RESOLVE,
    EV_SHUFFLE,
    EV_START,
    EV_TOKEN,
    EV_TURN,
    EV_VP,
    EVENT_NAMES,
    HAND,
    HAND_SIZE,
    HOOK_PLAY,
    MAT0,
    NO_BUY,
    NO_EXTRA,
    NO_GAIN,
    NO_CARDS,
    NO_COST,
    NO_PLAY,
    NO_SUPPLY,
    NO_TYPE,
    PILE_EMPTY,
    PLAY_ROW,
    Z_BLACK_MARKET,
    Z_DECK,
    Z_LOOK,
    Z_REVEAL,
    Z_SUPPLY,
    Z_TRASH,
)

LANGS = C.LANGUAGES
FORMATS = ("text", "json", "html")

ZONE_NAMES = {HAND: "hand", PLAY_ROW: "play", DISC: "discard", ASIDE: "aside", DUR: "duration",
              Z_DECK: "deck", Z_SUPPLY: "supply", Z_TRASH: "trash",
              Z_REVEAL: "revealed", Z_LOOK: "looked_at", Z_BLACK_MARKET: "black_market",
              # the mats (codes.MAT0 + m): "island_mat", "native_village_mat" ...
              **{MAT0 + m: mat.replace(" ", "_") + "_mat" for m, mat in enumerate(C.MAT_NAMES)}}
NOTHING_NAMES = {NO_CARDS: "no_cards", PILE_EMPTY: "pile_empty", HAND_SIZE: "hand_size",
                 NO_TYPE: "no_type", NO_PLAY: "no_play", NO_BUY: "no_buy",
                 NO_EXTRA: "no_extra_turn", NO_COST: "no_card_of_cost", NO_GAIN: "no_gain",
                 NO_SUPPLY: "not_in_supply"}
OUTCOME_NAMES = ("loss", "win", "shared_win")
_NO_CARD_EVENTS = (EV_TURN, EV_SHUFFLE, EV_COINS, EV_END, EV_BUY_PHASE, EV_CLEANUP,
                   EV_DECK_TO_DISCARD)
_ZONED_EVENTS = (EV_MOVE, EV_SHUFFLE, EV_DECK_TO_DISCARD, EV_PLACE)

# Okabe-Ito: distinguishable with every common colour-vision deficiency.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00")


class LogError(ValueError):
    """The events cannot be read as a game (not a kernel trace)."""

    def __init__(self, index: int, message: str):
        super().__init__(f"event {index}: {message}")
        self.index = index


# ============================================================ reading

@dataclass
class Fragment:
    """Consecutive events of one kind for one player inside a resolution."""
    player: int
    verb: str                 # a move's (from, to) name, or an event's name
    cards: list = field(default_factory=list)   # card ids, in event order
    number: int = 0           # shuffle: cards; plus_*: N; plays: times ...
    detail: int = -1          # nothing: the reason


@dataclass
class Resolution:
    """One execution of an Action's text (Throne Room makes two)."""
    card: int
    depth: int
    how: str                  # hand | played (by the card above) | again | duration
                              # | when_gain (a gain hook)
    fragments: list = field(default_factory=list)
    about: tuple = ()         # when_gain: (owner, gainer, card gained, times)


@dataclass
class TurnLog:
    player: int
    number: int
    first_event: int
    hand: Counter
    deck_n: int
    discard_n: int
    extra: bool = False                          # an extra turn (Outpost)
    items: list = field(default_factory=list)    # Resolution, and the tuples
    # ("treasures", Counter, coins, carried coins, [(card, +$)]), ("buy", card),
    # ("onto_deck", card): a card going from play onto the deck (Treasury)
    # ("draw", k) | ("shuffle", n) | ("onto_deck", card)
    cleanup: list = field(default_factory=list)


@dataclass
class GameLog:
    """A traced game as the log shows it."""
    players: int
    names: list                       # strategy name per seat
    start: list                       # Counter of starting cards per seat
    black_market: list                # the Black Market deck at setup, top first
    log: list                         # TurnLog per turn
    ended_by: int
    last_player: int
    turns: list                       # turns taken per seat
    vp: list
    breakdown: list                   # per seat: [(card, count, vp)]
    outcome: list                     # 0 loss, 1 win, 2 shared win
    cards: list                       # cards owned at the end, per seat
    empty_piles: list

    @property
    def winners(self) -> list:
        return [p for p in range(self.players) if self.outcome[p]]

    @property
    def tie_break(self) -> str:
        best = max(self.vp)
        tied = [p for p in range(self.players) if self.vp[p] == best]
        if len(self.winners) > 1:
            return "shared"
        return "fewer_turns" if len(tied) > 1 else "none"


def seat_names(trace) -> list:
    return [trace.names[e] for e in trace.entry]


class _Reader:
    """One pass over the events: turns, resolutions, fragments, books."""

    def __init__(self, trace):
        self.trace = trace
        self.n = n = int(trace.players)
        self.hand = [Counter() for _ in range(n)]
        self.deck_n = [0] * n
        self.disc_n = [0] * n
        self.start = [Counter() for _ in range(n)]
        self.black_market: list = []
        self.log: list = []
        self.turn: TurnLog | None = None
        self.phase = "setup"
        self.res: Resolution | None = None
        self.pending: list = []       # [card, plays left, parent, started]
        self.absorb = None            # the gain of the card just bought
        self.buy_phase = None         # (carried coins, [(card, +$)], Counter)
        self.ended_by = self.last = -1
        self.breakdown = [[] for _ in range(n)]

    def fail(self, msg: str):
        raise LogError(self.i, msg)

    def run(self) -> GameLog:
        t = self.trace
        rows = np.asarray(t.events).tolist()
        self.rows = rows
        for i, row in enumerate(rows):
            self.i = i
            self.step(*row)
        if self.ended_by < 0:
            self.fail("the log ends before the game does (no end event)")
        kingdom = set(C.BASE_CARDS) | {int(c) for c in t.kingdom}
        supply = np.asarray(t.supply)
        return GameLog(
            players=self.n, names=seat_names(t), start=self.start,
            black_market=self.black_market, log=self.log, ended_by=self.ended_by,
            last_player=self.last, turns=list(t.turns), vp=list(t.vp),
            breakdown=self.breakdown, outcome=list(t.outcome),
            cards=[int(np.asarray(t.owned[p]).sum()) for p in range(self.n)],
            empty_piles=[c for c in sorted(kingdom) if supply[c] == 0])

    # ---------------------------------------------------------- books
    def book(self, p, c, k, src, dst):
        for zone, sign in ((src, -1), (dst, 1)):
            if zone == HAND:
                self.hand[p][c] += sign * k
            elif zone == Z_DECK:
                self.deck_n[p] += sign * k
            elif zone == DISC:
                self.disc_n[p] += sign * k

    def next_row(self):
        return self.rows[self.i + 1] if self.i + 1 < len(self.rows) else None

    # ---------------------------------------------------------- events
    def frag(self, p, verb, card=None, number=0, detail=-1):
        r = self.res
        if r is None:
            self.fail(f"{verb} outside an Action's resolution")
        last = r.fragments[-1] if r.fragments else None
        if card is not None and number == 0 and detail < 0 and last is not None \
                and last.player == p and last.verb == verb:
            last.cards.append(card)
            return
        r.fragments.append(Fragment(p, verb, [] if card is None else [card], number, detail))

    def step(self, turn, p, code, c, k, src, dst):
        if code not in EVENT_NAMES:
            self.fail(f"unknown event code {code}")
        if not 0 <= p < self.n:
            self.fail(f"seat {p} in a {self.n}-player game")
        if code == EV_START:
            if dst == Z_BLACK_MARKET:
                self.black_market += [c] * k
            else:
                self.start[p][c] += k
                self.deck_n[p] += k
        elif code == EV_TURN:
            self.turn = TurnLog(player=p, number=k, first_event=self.i,
                                hand=+self.hand[p], deck_n=self.deck_n[p],
                                discard_n=self.disc_n[p], extra=src == 1)
            self.log.append(self.turn)
            self.phase, self.res, self.pending = "action", None, []
        elif code == EV_MOVE:
            self.on_move(p, c, k, src, dst)
        elif code == EV_SHUFFLE:
            self.deck_n[p], self.disc_n[p] = k, 0
            if self.phase == "cleanup":
                self.turn.cleanup.append(("shuffle", k))
            elif self.phase == "action":
                self.frag(p, "shuffle", number=k)
        elif code == EV_DECK_TO_DISCARD:
            self.disc_n[p] += self.deck_n[p]
            self.deck_n[p] = 0
            self.frag(p, "deck_to_discard", number=k)
        elif code == EV_RESOLVE:
            self.on_resolve(c)
        elif code == EV_PLAYS:
            self.frag(p, "plays", c, number=k)
            self.pending.append([c, k, self.res, False])
        elif code in (EV_PLUS_ACTIONS, EV_PLUS_BUYS, EV_PLUS_COINS):
            if self.phase == "buy" and self.res is None:
                self.buy_phase[1].append((c, k))
            else:
                self.frag(p, EVENT_NAMES[code], c, number=k)
        elif code == EV_MOAT:                    # from the hand, or in play (src DUR)
            self.frag(p, "moat", c, detail=1 if src == DUR else -1)
        elif code == EV_CHOOSE:
            if C.TABLE[c].choose is not None:    # not a card that does all its options
                self.frag(p, "chooses", c, number=k)
        elif code == EV_EXTRA_TURN:
            self.frag(p, "extra_turn", c, number=k)
        elif code == EV_REACT:                   # before the Attack does anything
            self.frag(p, "react", c)
        elif code == EV_WHEN_GAIN:               # p's card c, for seat src's gain of dst
            self.res = Resolution(card=c, depth=0, how="when_gain", about=(p, src, dst, k))
            self.turn.items.append(self.res)
            if C.GAIN_HOOK[c, 1] == HOOK_PLAY:   # its resolution follows, later
                self.pending.append([dst, 1, self.res, False])
        elif code == EV_EMBARGO and src == 0:    # a token put on c's pile (k there)
            self.frag(p, "embargo", c, number=k)
        elif code == EV_EMBARGO:                 # p bought c: a Curse per token (k)
            self.res = Resolution(card=c, depth=0, how="embargo", about=(p, k))
            self.turn.items.append(self.res)
        elif code == EV_PASS:                    # from p's hand to player k's
            self.hand[p][c] -= 1
            self.hand[k][c] += 1
            self.frag(p, "pass", c, number=k)
        elif code == EV_HOOK and src == 1 and self.phase == "buy":   # the move follows
            nxt = self.next_row()
            self.turn.items.append(("hook", c, k, nxt[3] if nxt else -1))
        elif code == EV_HOOK:
            self.frag(p, "hook" if src == 0 else "hook_now", c, number=k)
        elif code == EV_TOKEN:                   # k Coin tokens onto c's mat, now src
            self.frag(p, "token", c, number=k, detail=src)
        elif code == EV_NAME:
            self.frag(p, "name", c)
        elif code == EV_PLACE:                   # into the deck, k-th from the top
            self.frag(p, "place", c, number=k, detail=int(k > self.deck_n[p]))
            self.book(p, c, 1, src, Z_DECK)
        elif code == EV_DURATION:                # a next-turn effect, before the Actions
            self.res = Resolution(card=c, depth=0, how="duration" if k == 1 else f"duration {k}")
            self.turn.items.append(self.res)
        elif code == EV_NOTHING:
            self.frag(p, "nothing", None if c < 0 else c, number=k, detail=src)
        elif code == EV_BUY:
            self.absorb = (p, c)
            if self.phase == "buy":
                self.res = None                  # after a card a gain hook played
                self.turn.items.append(("buy", c))
            else:
                self.frag(p, "buy", c)
        elif code == EV_BUY_PHASE:
            self.phase, self.res = "buy", None
            self.buy_phase = (k, [], Counter())
        elif code == EV_COINS:
            carried, bonus, treasures = self.buy_phase
            self.turn.items.append(("treasures", +treasures, k, carried, bonus))
        elif code == EV_CLEANUP:
            self.phase, self.res = "cleanup", None
        elif code == EV_END:
            self.ended_by, self.last, self.phase = k, p, "over"
        elif code == EV_VP:
            self.breakdown[p].append((c, k, src))

    def on_resolve(self, c):
        if self.pending and self.pending[-1][0] == c:
            entry = self.pending[-1]
            parent = entry[2]
            how = "again" if entry[3] else "played"
            entry[3] = True
            entry[1] -= 1
            if entry[1] == 0:
                self.pending.pop()
            depth = parent.depth + 1 if parent is not None else 0
        else:
            depth, how = 0, "hand"
        self.res = Resolution(card=c, depth=depth, how=how)
        self.turn.items.append(self.res)

    def on_move(self, p, c, k, src, dst):
        self.book(p, c, k, src, dst)
        if self.absorb == (p, c):             # the bought card arriving
            self.absorb = None
            return
        if (src, dst) == (PLAY_ROW, Z_DECK) and self.phase in ("buy", "cleanup"):
            # a card going from play onto the deck (Treasury, Walled Village)
            (self.turn.items if self.phase == "buy" else self.turn.cleanup).append(
                ("onto_deck", c))
            return
        if self.phase == "buy" and self.res is None:   # else a gain hook's doing
            if (src, dst) == (HAND, PLAY_ROW):
                self.buy_phase[2][c] += k
            return
        if self.phase == "cleanup":
            if (src, dst) == (Z_DECK, HAND):
                cl = self.turn.cleanup
                if cl and cl[-1][0] == "draw":
                    cl[-1] = ("draw", cl[-1][1] + k)
                else:
                    cl.append(("draw", k))
            return
        if self.phase not in ("action", "buy"):   # the setup draws
            return
        if dst == PLAY_ROW:
            nxt = self.next_row()
            # played as the turn's Action (its resolution follows) or by the
            # resolving card (its "plays" event follows): shown by those
            if nxt is not None and nxt[3] == c and nxt[2] in (EV_RESOLVE, EV_PLAYS):
                return
        for _ in range(k):
            self.frag(p, f"{ZONE_NAMES[src]}>{ZONE_NAMES[dst]}", c)


def read_log(trace) -> GameLog:
    """The events of ``trace`` grouped as the log shows them."""
    return _Reader(trace).run()


# ============================================================ text

def _check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; use one of {', '.join(LANGS)}")
    return lang


class _Words:
    """Names of seats and cards in the log's language."""

    def __init__(self, g: GameLog, lang: str):
        self.lang = _check_lang(lang)
        names = g.names
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


# What a move between two zones reads as; a pair not listed reads
# "moves X from <zone> to <zone>".
_MOVE_VERBS = {
    "deck>hand": "draws {}", "hand>trash": "trashes {}", "play>trash": "trashes {}",
    "deck>trash": "trashes {} from the deck",
    "discard>trash": "trashes {}", "revealed>trash": "trashes {}",
    "looked_at>trash": "trashes {}", "supply>discard": "gains {}",
    "supply>hand": "gains {} to hand", "supply>deck": "gains {} onto deck",
    "hand>supply": "returns {} to the Supply",
    "trash>discard": "gains {} from the trash", "hand>discard": "discards {}",
    "deck>revealed": "reveals {}", "deck>looked_at": "looks at {}",
    "revealed>discard": "discards {}", "looked_at>discard": "discards {}",
    "revealed>deck": "puts back {}", "looked_at>deck": "puts back {}",
    "revealed>hand": "puts {} into hand", "deck>discard": "discards {} from deck",
    "discard>deck": "puts {} from discard onto deck", "hand>deck": "puts {} onto deck",
    "deck>aside": "sets aside {}", "aside>discard": "discards set-aside {}",
    "hand>play": "plays {}", "discard>play": "plays {}",
    "hand>duration": "plays {} (in play until its next turn)",
    "black_market>revealed": "reveals {} from the Black Market deck",
    "revealed>black_market": "puts {} under the Black Market deck",
    **{f"{src}>{mat.replace(' ', '_')}_mat": f"puts {{}}{how} the {mat.title()} mat"
       for mat in C.MAT_NAMES for src, how in (("deck", " face down on"), ("hand", " on"),
                                                ("play", " on"))},
    **{f"{mat.replace(' ', '_')}_mat>hand": f"puts {{}} from the {mat.title()} mat into hand"
       for mat in C.MAT_NAMES},
    **{f"supply>{mat.replace(' ', '_')}_mat": f"gains {{}}, setting it aside on the "
       f"{mat.title()} mat" for mat in C.MAT_NAMES},
    **{f"{mat.replace(' ', '_')}_mat>play": "plays {}" for mat in C.MAT_NAMES},
}


def _type_name(bit: int) -> str:
    return C.TYPE_NAMES.get(bit, "such")


def _nothing_text(f: Fragment, w: _Words) -> str:
    card = w.card(f.cards[0]) if f.cards else ""
    return {NO_CARDS: "has no cards to reveal",
            PILE_EMPTY: f"gains no {card} (none left)",
            HAND_SIZE: f"has {_count(f.number, 'card')} in hand: unaffected",
            NO_TYPE: f"reveals a hand with no {card or _type_name(f.number) + ' card'}",
            NO_PLAY: "plays no Action card",
            NO_BUY: "buys nothing",
            NO_EXTRA: "gives no extra turn (one a turn, never a third turn in a row)",
            NO_COST: f"gains nothing (no card in the supply costs ${f.number})",
            NO_GAIN: "has no card to gain",
            NO_SUPPLY: f"gains no {card} (not in the Supply)",
            }.get(f.detail, "nothing happens")


def _ordinal(n: int) -> str:
    """'2nd', '3rd', '11th'."""
    tail = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{tail}"


def _count(n: int, noun: str) -> str:
    """'1 card', '2 cards'."""
    return f"{n} {noun}" + ("" if n == 1 else "s")


def _fragment_text(f: Fragment, w: _Words) -> str:
    if f.verb == "shuffle":
        return f"reshuffles {_count(f.number, 'card')}"
    if f.verb == "deck_to_discard":
        return f"puts the deck ({_count(f.number, 'card')}) into the discard pile"
    if f.verb in ("plus_actions", "plus_buys"):
        unit = "Action" if f.verb == "plus_actions" else "Buy"
        return f"+{f.number} {unit}" + ("s" if f.number != 1 else "")
    if f.verb == "plus_coins":
        return f"+${f.number}"
    if f.verb == "moat":
        if f.detail == 1:
            return f"has {w.cards(f.cards)} in play: unaffected"
        return f"reveals {w.cards(f.cards)}: unaffected"
    if f.verb == "plays":
        times = {1: "", 2: " twice"}.get(f.number, f" {f.number} times")
        return f"plays {w.cards(f.cards)}{times}"
    if f.verb == "buy":
        return f"buys {w.cards(f.cards)}"
    if f.verb == "chooses":
        return f"chooses {C.TABLE[f.cards[0]].choose.options[f.number].name}"
    if f.verb == "nothing":
        return _nothing_text(f, w)
    if f.verb == "react":
        return f"reveals {w.cards(f.cards)} against the Attack"
    if f.verb == "pass":
        return f"passes {w.cards(f.cards)} to {w.label[f.number]}"
    if f.verb == "hook":
        return f"is hit by {w.cards(f.cards)} until {w.label[f.number]}'s next turn"
    if f.verb == "hook_now":
        return f"{w.label[f.number]}'s {w.cards(f.cards)} in play"
    if f.verb == "embargo":
        return (f"puts an Embargo token on the {w.cards(f.cards)} pile "
                f"({_count(f.number, 'token')} there)")
    if f.verb == "token":
        return (f"adds {_count(f.number, 'Coin token')} to its {w.cards(f.cards)} mat "
                f"(now {f.detail})")
    if f.verb == "name":
        return f"names {w.cards(f.cards)}"
    if f.verb == "place":
        where = ("on top" if f.number == 1 else "at the bottom" if f.detail == 1
                 else f"{_ordinal(f.number)} from the top")
        return f"puts {w.cards(f.cards)} into the deck, {where}"
    if f.verb == "extra_turn":
        return f"takes an extra turn after this one, with a {f.number}-card hand"
    if f.verb in _MOVE_VERBS:
        return _MOVE_VERBS[f.verb].format(w.cards(f.cards))
    src, dst = f.verb.split(">")
    return f"moves {w.cards(f.cards)} from {src} to {dst}"


def _resolution_lines(r: Resolution, me: int, w: _Words) -> list:
    """The card's line, then one indented line per run of another player's
    fragments, in the order they happened; the player's own fragments after
    another's (Thief gains what a victim trashed, before the victim
    discards) get a line of their own there too."""
    pad = "  " * (r.depth + 1)
    name = w.card(r.card)
    if r.how.startswith("duration"):
        times = r.how.split()[1] + " times, " if " " in r.how else ""
        head = f"{name} ({times}in play since the last turn)"
    elif r.how == "when_gain":
        owner, gainer, gained, times = r.about
        whose = "" if owner == me else f"{w.label[owner]}'s "
        times = f" ({times} times)" if times > 1 else ""
        head = (f"{whose}{name}{times}, as {'it' if gainer == owner else w.label[gainer]} "
                f"gains {w.card(gained)}")
    elif r.how == "embargo":
        buyer, tokens = r.about
        whose = "" if buyer == me else f"{w.label[buyer]}: "
        head = (f"{whose}{_count(tokens, 'Embargo token')} on the {name} pile, "
                f"a Curse each for the buy")
    else:
        head = {"hand": f"plays {name}", "played": name, "again": f"{name} again"}[r.how]
    runs: list = []                                    # [player, [text, ...]]
    for f in r.fragments:
        if runs and runs[-1][0] == f.player:
            runs[-1][1].append(_fragment_text(f, w))
        else:
            runs.append([f.player, [_fragment_text(f, w)]])
    own = runs.pop(0)[1] if runs and runs[0][0] == me else []
    lines = [pad + head + (": " + "; ".join(own) if own else "")]
    lines += [f"{pad}  {w.label[q]} " + "; ".join(parts) for q, parts in runs]
    return lines


def _turn_lines(t: TurnLog, w: _Words) -> list:
    lines = [f"  hand: {w.counter(t.hand)} (deck {t.deck_n}, discard {t.discard_n})"]
    bought = False
    for item in t.items:
        if isinstance(item, Resolution):
            lines += _resolution_lines(item, t.player, w)
        elif item[0] == "treasures":
            _, treasures, coins, carried, bonus = item
            played = w.counter(treasures) if treasures else "no Treasures"
            extra = []
            if carried:
                extra.append(f"${carried} from the Action phase")
            extra += [f"${k} from {w.card(c)}" for c, k in bonus]
            lines.append(f"  plays {played}: ${coins}"
                         + (f" (incl. {', '.join(extra)})" if extra else ""))
        elif item[0] == "buy":
            bought = True
            lines.append(f"  buys {w.card(item[1])}")
        elif item[0] == "onto_deck":
            lines.append(f"  puts {w.card(item[1])} from play onto the deck")
        elif item[0] == "hook":
            _, hook, owner, lost = item
            lines.append(f"  {w.label[owner]}'s {w.card(hook)} in play: trashes "
                         f"{w.card(lost)}")
    if not bought:
        lines.append("  buys nothing")
    steps = [f"draws {k}" if kind == "draw" else f"puts {w.card(k)} from play onto the deck"
             if kind == "onto_deck" else f"reshuffles {_count(k, 'card')}"
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


def _end_lines(trace, g: GameLog, w: _Words) -> list:
    why = {0: f"the {w.card(Card.PROVINCE)} pile is empty",
           1: f"{C.empty_piles_to_end(g.players)} supply piles are empty",
           2: f"the turn cap of {_count(trace.turn_cap, 'turn')} is reached"}[g.ended_by]
    lines = [f"Game over after turn {g.turns[g.last_player]} of "
             f"{w.seat[g.last_player]}: {why}",
             "Empty piles: " + (", ".join(w.card(c) for c in g.empty_piles) or "none")]
    for p in range(g.players):
        parts = []
        for c, n, v in g.breakdown[p]:
            part = w.card(c) + (f" x{n}" if n > 1 else "") + f" = {v}"
            rule = C.TABLE[c].vp_rule
            if rule is not None and rule.counts == "cards":      # Gardens: per card
                part += f" ({_count(g.cards[p], 'card')})"
            parts.append(part)
        extra = sum(t.extra for t in g.log if t.player == p)    # not counted in turns
        lines.append(f"{w.seat[p]}: {g.vp[p]} VP, {_count(g.turns[p], 'turn')}"
                     + (f" (and {extra} extra)" if extra else "") + ", "
                     f"{_count(g.cards[p], 'card')}"
                     + (" (" + ", ".join(parts) + ")" if parts else ""))
    win = g.winners
    best = g.vp[win[0]]
    tied = [p for p in range(g.players) if g.vp[p] == best]
    more = [p for p in tied if p not in win]
    others = ", ".join(f"{w.seat[p]}: {_count(g.turns[p], 'turn')}" for p in more)
    if g.tie_break == "none":
        lines.append(f"Winner: {w.seat[win[0]]} with {best} VP")
        return lines
    if more:
        lines.append(f"Tie on {best} VP between {_join([w.seat[p] for p in tied])}; "
                     "the tie-break decides: fewer turns win")
    else:
        lines.append(f"Tie on {best} VP and {_count(g.turns[win[0]], 'turn')} each between "
                     f"{_join([w.seat[p] for p in tied])}: the tie-break does not decide")
    lead = "Winner" if len(win) == 1 else "Shared win"
    lines.append(f"{lead}: {_join([w.seat[p] for p in win])} with {best} VP in "
                 f"{_count(g.turns[win[0]], 'turn')}" + (f" ({others})" if more else ""))
    return lines


def _join(items) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _setup_lines(g: GameLog, w: _Words) -> list:
    starts = {tuple(sorted(s.items())) for s in g.start}
    if len(starts) == 1:
        lines = [f"Setup: each player shuffles {w.counter(g.start[0])} and draws 5"]
    else:
        lines = [f"Setup: {w.seat[p]} shuffles {w.counter(g.start[p])} and draws 5"
                 for p in range(g.players)]
    if g.black_market:
        lines.append(f"Black Market deck ({_count(len(g.black_market), 'card')}, top first): "
                     + ", ".join(w.card(c) for c in g.black_market))
    return lines


class _Doc:
    """The log as blocks (head, one per turn, end), shared by text and HTML."""

    def __init__(self, trace, lang: str):
        _check_lang(lang)
        self.state = g = read_log(trace)
        self.w = w = _Words(g, lang)
        self.title = f"Game {trace.game} of seed {trace.seed}"
        self.head = [
            f"{self.title}: " + " vs ".join(w.seat[p] for p in range(g.players)),
            f"{g.players} players, turn cap {trace.turn_cap}",
            "Kingdom: " + ", ".join(w.card(c) for c in trace.kingdom),
            *_setup_lines(g, w),
        ]
        self.turns = [(t, f"Turn {t.number}{' (extra turn)' if t.extra else ''}: "
                          f"{w.seat[t.player]}", _turn_lines(t, w))
                      for t in g.log]
        self.tail = _end_lines(trace, g, w)


def render_text(trace, lang: str = "en") -> str:
    """The game as a readable log, turn by turn (card names in ``lang``)."""
    doc = _Doc(trace, lang)
    out = list(doc.head)
    for _, head, lines in doc.turns:
        out += ["", head, *lines]
    out += ["", *doc.tail]
    return "\n".join(out) + "\n"


def fit(text: str, width: int | None) -> str:
    """The text log with each line wider than ``width`` terminal cells
    wrapped at spaces, its continuation lines indented two more than it
    (None: unchanged).  Widths are terminal cells, as a terminal shows
    them: a Japanese card name takes two per character.  A word wider than
    a whole line is cut."""
    if width is None:
        return text
    from rich.cells import cell_len
    out = []
    for line in text.split("\n"):
        if cell_len(line) <= width:
            out.append(line)
            continue
        rest = " " * (len(line) - len(line.lstrip()) + 2)
        cur, empty = line[:len(line) - len(line.lstrip())], True
        for word in line.split():
            wide = cell_len(cur + ("" if empty else " ") + word) > width
            if wide and not empty:
                out.append(cur)
                cur, empty = rest, True
            if cell_len(cur + ("" if empty else " ") + word) <= width:
                cur += ("" if empty else " ") + word
                empty = False
                continue
            for ch in word:                       # wider than a line: cut it
                if cell_len(cur + ch) > width and not empty:
                    out.append(cur)
                    cur = rest
                cur += ch
                empty = False
        out.append(cur)
    return "\n".join(out)


# ============================================================ json

def _card_or_none(c: int):
    return C.NAMES[c] if 0 <= c < C.NCARDS else None


def _event_dict(i, row, names) -> dict:
    turn, p, code, c, k, src, dst = row
    zoned = code in _ZONED_EVENTS
    detail = (NOTHING_NAMES.get(src) if code == EV_NOTHING
              else src if code == EV_VP
              else ("as_played", "treasure_played")[src] if code == EV_HOOK
              else {"gainer": src, "gained": _card_or_none(dst)} if code == EV_WHEN_GAIN
              else {"tokens": src} if code == EV_TOKEN
              else "extra" if code == EV_TURN and src == 1 else None)
    return {
        "i": i, "turn": turn, "player": p, "seat_name": names[p],
        "event": EVENT_NAMES[code],
        "card": _card_or_none(c) if code not in _NO_CARD_EVENTS else None,
        "count": k,
        "from": (ZONE_NAMES[src] if zoned else
                 ZONE_NAMES[src] if code == EV_BUY and src == Z_BLACK_MARKET else None),
        "to": ZONE_NAMES[dst] if zoned or code == EV_START else None,
        "detail": detail,
    }


def log_dict(trace) -> dict:
    """The JSON log (schema in the module docstring) as a Python dict."""
    g = read_log(trace)
    names = g.names
    events = [_event_dict(i, row, names)
              for i, row in enumerate(np.asarray(trace.events).tolist())]
    players = []
    for p in range(g.players):
        players.append({
            "seat": p, "name": names[p], "vp": g.vp[p], "turns": g.turns[p],
            "cards": g.cards[p],
            "outcome": OUTCOME_NAMES[g.outcome[p]],
            "vp_breakdown": [{"card": C.NAMES[c], "count": n, "vp": v}
                             for c, n, v in g.breakdown[p]],
        })
    return {
        "format": "domsim-log", "version": 2,
        "game": {"seed": int(trace.seed), "game": int(trace.game),
                 "players": g.players, "turn_cap": int(trace.turn_cap),
                 "kingdom": [C.NAMES[c] for c in trace.kingdom],
                 "seats": [{"seat": p, "name": names[p], "entry": int(trace.entry[p])}
                           for p in range(g.players)]},
        "events": events,
        "summary": {"ended_by": ENDED_NAMES[g.ended_by],
                    "empty_piles": [C.NAMES[c] for c in g.empty_piles],
                    "turns": sum(g.turns), "winners": g.winners,
                    "tie_break": g.tie_break, "players": players},
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
