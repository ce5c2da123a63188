"""The rules oracle: an independent audit of kernel traces against RULES.md.

``audit(trace)`` rebuilds a traced game from its events alone, in pure
Python, on a fresh table, and checks every step against the rules; it knows
nothing about how the kernel plays.  It is the second encoding of the rules
that the log renderer (``reports/gamelog.py``) must not carry: the tests
run it over random games of every card (``tests/test_oracle.py``).

- Zones: every player's hand, draw pile (with the known top cards), discard
  pile, play area, set-aside, revealed and looked-at cards as multisets, the
  supply, the trash and the Black Market deck.  A card moved from a zone that
  does not hold it, a draw from an empty deck without a shuffle, a shuffle
  while the deck still has cards, a buy beyond the coins or Buys, a Throne
  Room that does not resolve its card twice, a game that goes on after it
  should have ended ... raises ``RuleViolation`` naming the event.
- Card texts (``TEXT_CHECKS``): what one resolution of a card did against its
  text (Chapel trashes at most 4, the gains stay within their limits, Militia
  leaves 3 cards, Witch gives only Curses, Library draws to 7 ...).  A card
  without an entry is still held to every generic rule.
- Attacks hit the other players in turn order, and skip a player only with a
  reason the kernel states ("nothing" events) and that holds, or a Moat.
- Durations (the Duration type): a Duration played this turn stays in play
  at clean-up, with the Throne Room that played it; at the start of its
  owner's next turn it does its next-turn "+" numbers once per play, then
  leaves at that clean-up; a Throne Room stays only as long as a Duration it
  played.  "Choose" cards: the options are distinct, as many as the card
  says, in the card's order, and each does exactly its option; a card whose
  choice other players take (Torturer's ``who="others"``) has each player it
  hits choose (logged as that player), in turn order, and only them (a Moat
  revealed: no choice).
- Reactions to an Attack being played (Diplomat): revealed from a hand large
  enough, in turn order, before the Attack does anything; each reveal draws
  and discards exactly its numbers.
- Extra turns (Outpost): given only by the first such card of a turn that
  follows another player's turn; its clean-up draws the smaller hand; the
  player goes again, in a turn that has the last one's number and is not
  counted (the tie-break, the turn cap); the card stays in play until the
  extra turn's clean-up only when it gave the turn.
- Passing (Masquerade): every player with cards in hand at that moment
  passes one card of that hand, once, to the next such player to the left
  (itself when alone), in one batch; it is no gain and no trash, and the
  card is the receiver's from then on (conservation, the score).  The
  option "may trash" trashes at most its number from the player's hand.
- Swindler: each other player hit trashes its top card and gains a card of
  the same cost, or nothing only when no supply pile has one (or it had no
  cards at all).
- A hook on other players' Treasures (Corsair): it hits, as it is played,
  the other players not protected; until its owner's next turn such a
  player trashes the first Silver or Gold it plays each turn, one a turn
  (after its $ counted), while the card is in play; a hit player keeping a
  played Silver or Gold, or a player trashing one without being hit, fails.
- Gain hooks (Monkey, Blockade, Sailor): each gain is followed by the hooks
  it triggers, in card order, and by no other (``when_gain`` events): the
  draws of each Monkey whose owner sits to the gainer's left, once per play
  since its owner's last turn; a Curse per copy of the card set aside by
  another player's Blockade whose Attack hit the gainer, on the gainer's
  turn only; at most one play of a gained Duration per Sailor played this
  turn, into play and resolved next (in the Buy phase too); Pirates played
  from the hand of any player holding one when a Treasure is gained (on
  another's turn straight into its Durations).  Smugglers gains
  a card costing up to its limit that the player to its right gained on
  their own last turn, or says there is none; Blockade sets a card up to $4
  aside, and its next turn puts the whole mat into the hand.
- From play onto the deck (Treasury, Walled Village): only a card with such
  a hook, one copy a move, at its moment (the end of the Buy phase, after
  which nothing is bought; clean-up before anything is kept, discarded or
  drawn, the start of Clean-up's moves first) and only while its condition
  holds (no Victory card bought this turn; none gained in the Buy phase; at
  most N Action cards in play).
- Coppersmith: each Copper played after it this turn makes $1 more a
  play of it (a Copper played before it, by Black Market, does not).
- Mats: a card's mat options move only to and from its own mat (the top
  card of the deck, n times while there are cards; all of the mat into the
  hand; itself while still in play and n cards of the hand, as many as it
  has), nothing else moves a mat's cards, and they stay owned: counted for
  conservation and scored at the end.
- The deck's answers: a card named, then the top card revealed into the
  hand exactly when it is the named one, else left on top (Wishing Well); a
  hand card put into the deck at a place from the top to the bottom (Secret
  Passage), the cards above it in no known order; revealed cards' Victory
  cards and Curses (Patrol), or only the Victory cards (Scout), into the
  hand and the rest put back one under the other; one looked-at card
  trashed, then one discarded, then the rest put back (Lookout, doing what
  it can with fewer); a hand card onto the deck (Courtyard).
- The end: the end condition, the score (the VP rules: Gardens per 10 cards, Duke per Duchy), the winners
  with the tie-break; ``audit`` returns the rebuilt ``Table``.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from simulator.engine import cards as C
from simulator.engine import codes as S
from simulator.engine.cards import Card
from simulator.engine.codes import (
    ASIDE,
    DISC,
    DUR,
    EV_BUY,
    EV_BUY_PHASE,
    EV_CHOOSE,
    EV_CLEANUP,
    EV_COINS,
    EV_DECK_TO_DISCARD,
    EV_DURATION,
    EV_EMBARGO,
    EV_EXTRA_TURN,
    EV_END,
    EV_HOOK,
    EV_PASS,
    EV_MOAT,
    EV_MOVE,
    EV_NAME,
    EV_NOTHING,
    EV_PLACE,
    EV_PLAYS,
    EV_PLUS_ACTIONS,
    EV_PLUS_BUYS,
    EV_PLUS_COINS,
    EV_REACT,
    EV_WHEN_GAIN,
    EV_RESOLVE,
    EV_SHUFFLE,
    EV_START,
    EV_TOKEN,
    EV_TURN,
    EV_VP,
    HAND,
    OPT_ACTIONS,
    OPT_BUYS,
    OPT_CARDS,
    OPT_COINS,
    OPT_DECK_TO_MAT,
    OPT_DISCARD,
    OPT_GAIN,
    OPT_GAIN_HAND,
    OPT_GAIN_TO_MAT,
    OPT_SMUGGLE,
    OPT_MAT_TO_HAND,
    OPT_MAY_TRASH,
    OPT_PASS,
    OPT_RESET,
    OPT_SWINDLE,
    OPT_TO_MAT,
    OPT_HAND_TO_MAT,
    OPT_TRASH,
    PLAY_ROW,
    Z_BLACK_MARKET,
    Z_DECK,
    Z_LOOK,
    Z_REVEAL,
    Z_SUPPLY,
    Z_TRASH)

# the "+" events and the counters of the turn they add to
EVENT_KEYS = {EV_PLUS_ACTIONS: "actions", EV_PLUS_BUYS: "buys", EV_PLUS_COINS: "coins"}

HAND_SIZE = 5
ENDED = S.ENDED_NAMES
_ATTACKS = frozenset(c for c in range(C.NCARDS) if C.TYPES[c] & C.ATTACK)
# cards whose text affects other players without being an Attack (the
# registry's ``others``: Council Room)
_AFFECTS_OTHERS = _ATTACKS | {c for c in range(C.NCARDS) if C.TABLE[c].others}
_NAMES = S.EVENT_NAMES
OPT_BY_EFFECT = C.CHOICE_OPS["by its effect"][0]   # an option its card's effect does

# Every (from, to) a move may have in the Action phase, and what it is.
MOVES = {
    (Z_DECK, HAND): "draw", (HAND, PLAY_ROW): "play", (DISC, PLAY_ROW): "play",
    (Z_SUPPLY, DISC): "gain", (Z_SUPPLY, HAND): "gain_hand", (Z_SUPPLY, Z_DECK): "gain_deck",
    (Z_TRASH, DISC): "gain_trash",
    (HAND, Z_TRASH): "trash", (PLAY_ROW, Z_TRASH): "trash",
    (Z_REVEAL, Z_TRASH): "trash", (Z_LOOK, Z_TRASH): "trash",
    (HAND, DISC): "discard", (Z_REVEAL, DISC): "discard", (Z_LOOK, DISC): "discard",
    (Z_DECK, DISC): "discard_deck",
    (Z_DECK, Z_REVEAL): "reveal", (Z_DECK, Z_LOOK): "look",
    (Z_REVEAL, Z_DECK): "put_back", (Z_LOOK, Z_DECK): "put_back",
    (Z_REVEAL, HAND): "reveal_to_hand",
    (DISC, Z_DECK): "from_discard", (HAND, Z_DECK): "topdeck",
    (Z_DECK, ASIDE): "set_aside", (ASIDE, DISC): "discard_aside",
    (Z_BLACK_MARKET, Z_REVEAL): "market_reveal", (Z_REVEAL, Z_BLACK_MARKET): "market_bottom",
}
# a Supply card to the trash (Lurker: no one's gain); the cards that may gain
# any card of the trash, not only one they trashed (Lurker)
MOVES[(Z_SUPPLY, Z_TRASH)] = "trash_supply"
# a card returned from the hand to its Supply pile (Ambassador), when a card does it
RETURNS = {Card.AMBASSADOR}
MOVES[(HAND, Z_SUPPLY)] = "return"
FROM_TRASH = {Card.LURKER}
# a victim trashes its top card (Swindler), when some card's option does it
if any(o.op == "swindle" for spec in C.TABLE
       for o in (*spec.does, *(spec.choose.options if spec.choose else ()))):
    MOVES[(Z_DECK, Z_TRASH)] = "trash_deck"
# The mats some card uses (zone code MAT0 + m): what a card's mat options
# (and a next turn's "put it into your hand") move, named by the pair (a
# card's text check says which it may do); only the moves some card makes.
MAT_ZONES = sorted({S.MAT0 + int(m) for m in C.MAT_OF if m >= 0})
_MAT_MOVES = {"deck to mat": ((Z_DECK, None),), "mat to hand": ((None, HAND),),
              "this and hand to mat": ((HAND, None), (PLAY_ROW, None)),
              "hand to mat": ((HAND, None),), "gain to mat": ((Z_SUPPLY, None),)}
_MOVE_NAMES = {(Z_DECK, None): "deck>mat{}", (HAND, None): "hand>mat{}",
               (PLAY_ROW, None): "play>mat{}", (None, HAND): "mat{}>hand",
               (Z_SUPPLY, None): "gain_mat{}"}
for _c, _spec in enumerate(C.TABLE):
    if _spec.mat:
        _m = S.MAT0 + int(C.MAT_OF[_c])
        _ops = [o.op for o in (*_spec.does, *(_spec.choose.options if _spec.choose else ()))]
        _pairs = [p for op in _ops for p in _MAT_MOVES.get(op, ())]
        if _spec.next_turn is not None and _spec.next_turn.mat_to_hand:
            _pairs.append((None, HAND))
        for _a, _b in _pairs:
            MOVES[(_m if _a is None else _a, _m if _b is None else _b)] = \
                _MOVE_NAMES[(_a, _b)].format(_m)
# gain hooks (the registry's ``when_gain``): card -> (who, does, amount, types)
GAIN_HOOKS = {int(c): tuple(int(x) for x in C.GAIN_HOOK[c]) for c in C.GAIN_HOOK_CARDS}
# Attacks whose effect on the players they hit comes later (Blockade's Curses)
ACTS_LATER = {c for c, h in GAIN_HOOKS.items() if h[1] == S.HOOK_CURSE}
# a mat's set-aside cards curse once, by the last such card sharing that mat
# (Blockade's mat is Test Blockade's too when the tests' cards are loaded)
CURSES_FOR_MAT = {max(c for c in ACTS_LATER if C.MAT_OF[c] == m)
                  for m in {int(C.MAT_OF[c]) for c in ACTS_LATER}}


class RuleViolation(AssertionError):
    """The event log contradicts the rules or itself; ``index`` is the event."""

    def __init__(self, index: int, message: str):
        super().__init__(f"event {index}: {message}")
        self.index = index


def name(c: int) -> str:
    return C.NAMES[c] if 0 <= c < C.NCARDS else str(c)


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


# ============================================================ state

@dataclass
class Zones:
    """One player's cards.  ``deck`` holds the whole draw pile; ``deck_top``
    the cards known to be on top (the last one on top), where None is a
    card in no known order above a known one (a card put into the deck
    below its top: Secret Passage); the rest has no order.  ``revealed``/``looked`` hold cards taken from the own deck;
    ``market`` the Black Market cards this player revealed (not owned)."""
    hand: Counter = field(default_factory=Counter)
    deck: Counter = field(default_factory=Counter)
    deck_top: list = field(default_factory=list)
    discard: Counter = field(default_factory=Counter)
    play: Counter = field(default_factory=Counter)
    aside: Counter = field(default_factory=Counter)
    revealed: Counter = field(default_factory=Counter)
    looked: Counter = field(default_factory=Counter)
    market: Counter = field(default_factory=Counter)
    dur: Counter = field(default_factory=Counter)   # in play between turns
    next: Counter = field(default_factory=Counter)  # Duration -> plays due next turn
    # the player's mats by zone code: out of the deck, still owned
    mats: dict = field(default_factory=lambda: {m: Counter() for m in MAT_ZONES})

    def owned(self) -> Counter:
        total = Counter()
        for z in (self.hand, self.deck, self.discard, self.play, self.aside,
                  self.revealed, self.looked, self.dur, *self.mats.values()):
            total.update(z)
        return +total

    def zone(self, zone: int) -> Counter:
        if zone in self.mats:
            return self.mats[zone]
        return {HAND: self.hand, PLAY_ROW: self.play, DISC: self.discard,
                ASIDE: self.aside, Z_REVEAL: self.revealed, Z_LOOK: self.looked,
                DUR: self.dur}[zone]


@dataclass
class Resolution:
    """One execution of an Action's text, and what it did."""
    card: int
    did: list = field(default_factory=list)       # (player, kind, card)
    victims: list = field(default_factory=list)   # other seats, in the order hit
    nothing: dict = field(default_factory=dict)   # seat -> reason
    plays: int = -1                                # card it played (-1: none)
    plays_times: int = 0
    trashed: Counter = field(default_factory=Counter)   # by this resolution
    bought: list = field(default_factory=list)
    start_hand: int = 0                            # the player's hand size before
    start_cards: Counter = field(default_factory=Counter)   # and its cards
    duration: int = 0         # > 0: the next-turn effect of ``card``, this many plays
    by: dict | None = None    # the Throne Room play that played it: {"card", "stayed"}
    chosen: list = field(default_factory=list)     # (chooser, option, its hand size then)
    reactors: list = field(default_factory=list)   # seats that revealed a Reaction
    revealed: list = field(default_factory=list)   # (seat, Reaction) of each reveal
    mat_at: list = field(default_factory=list)     # per choice: (its mat's size, card in play)
    # Masquerade's passes: per round, (holders in turn order, their hands then, passed so far)
    pass_rounds: list = field(default_factory=list)
    dry: bool = False         # deck and discard pile were empty at its first choice

    def of(self, kind, p):
        return [c for q, k, c in self.did if q == p and k == kind]


@dataclass
class Table:
    """The game rebuilt from its events, and its result."""
    players: int
    zones: list
    supply: Counter
    trash: Counter
    market: list                      # the Black Market deck, top first
    turns: list
    ended_by: int = -1
    vp: list = field(default_factory=list)
    breakdown: list = field(default_factory=list)   # per seat: [(card, count, vp)]
    outcome: list = field(default_factory=list)
    winners: list = field(default_factory=list)
    tie_break: str = "none"

    def owned(self, p: int) -> Counter:
        return self.zones[p].owned()

    @property
    def empty_piles(self) -> list:
        return [c for c in sorted(self.supply) if self.supply[c] == 0]


# ============================================================ card texts

def _drew(o, r, me, n: int, later: int = 0):
    """The player drew n cards, or fewer only because deck and discard ran
    out; ``later``: cards the card put onto the discard pile after its draw
    (not there when it drew)."""
    drawn = len(r.of("draw", me))
    z = o.zones[me]
    if drawn > n or drawn < n and (+z.deck or sum(z.discard.values()) > later):
        return f"draws {drawn} cards, not {n}"


def _only(r, me, kinds):
    """What the resolution did beyond ``kinds`` (its "+" numbers and
    shuffles always allowed), to the player or to another: None if nothing."""
    allowed = {"draw", "shuffle", "actions", "buys", "coins", *kinds}
    extra = sorted({k for q, k, _ in r.did if k not in allowed or q != me})
    if extra:
        return f"does more than its text: {', '.join(extra)}"


def _plus_only(o, r, me):
    """A card whose text is its "+" numbers (Village, Smithy ...; Moat's
    reaction is checked where it is revealed, Merchant's +$1 at the Silver)."""
    return _only(r, me, ()) or _drew(o, r, me, int(C.PLUS_CARDS[r.card]))


def _extra_turn(o, r, me):
    """Outpost: its "+" numbers, and it gives an extra turn or says why not."""
    outcome = r.of("extra_turn", me) + r.of("nothing", me)
    if len(outcome) != 1:
        return "neither gives an extra turn nor says why not, once"
    return (_only(r, me, ("extra_turn", "nothing"))
            or _drew(o, r, me, int(C.PLUS_CARDS[r.card])))


def _choose(o, r, me, counts=None):
    """A "choose" card: its own "+" numbers, then as many different options
    as it says (``counts``: the numbers its effect may take), in its order,
    each doing exactly what the option says; the player chooses, or
    (``who="others"``) each player it hits, for itself."""
    c = r.card
    counts = counts or {int(C.CHOOSE_PICK[c])}
    others = bool(C.CHOOSE_OTHERS[c])
    choosers = [q for q in r.victims if not r.of("moat", q)] if others else [me]
    if sorted({q for q, _, _ in r.chosen}) != sorted(choosers):
        return f"is chosen by seats {sorted({q for q, _, _ in r.chosen})}, not {choosers}"
    for q in choosers:
        picks = [opt for who, opt, _ in r.chosen if who == q]
        if len(picks) not in counts or picks != sorted(set(picks)):
            return (f"{'' if q == me else f'(seat {q}) '}chooses options {picks}, "
                    f"not {' or '.join(map(str, sorted(counts)))} different ones in card order")
    parts, part = [], []
    for q, kind, x in r.did:                   # what each option did, split at its choice
        if kind == "choose":
            parts.append(part)
            part = []
        elif kind != "moat":
            part.append((q, kind, x))
    parts.append(part)
    did = lambda part, q, kind: [x for w, k, x in part if w == q and k == kind]   # noqa: E731
    if len(did(parts[0], me, "draw")) > C.PLUS_CARDS[c] or any(q != me for q, _, _ in parts[0]) \
            or {k for _, k, _ in parts[0]} - {"draw", "shuffle", "actions", "buys", "coins"}:
        return f"does more than its text before choosing: {parts[0]}"
    rounds = list(r.pass_rounds)
    for (q, opt, hand), part in zip(r.chosen, parts[1:]):
        op, n = C.CHOICE_OP[c, opt], C.CHOICE_ARG[c, opt]
        kinds = {k for _, k, _ in part} - {"shuffle"}
        if op in (OPT_PASS, OPT_SWINDLE, OPT_RESET):      # other players act in these
            why = (_pass(part, rounds, n) if op == OPT_PASS else _swindle(o, part, me)
                   if op == OPT_SWINDLE else _reset(o, r, part, me, hand, n))
            if why:
                return f"option {opt} ({C.TABLE[c].does[opt].op if C.TABLE[c].does else op}) {why}"
            continue
        if any(w != q for w, _, _ in part):
            return f"option {opt} of seat {q} affects another seat: {part}"
        if op == OPT_CARDS:
            if kinds - {"draw"} or len(did(part, q, "draw")) > n:
                return f"option {opt} (+{n} Cards) did {part}"
        elif op in (OPT_TRASH, OPT_DISCARD):
            kind, verb = ("trash", "trashes") if op == OPT_TRASH else ("discard", "discards")
            if kinds - {kind} or len(did(part, q, kind)) != min(n, hand):
                return f"option {opt} {verb} {len(did(part, q, kind))} of a hand of {hand}, not {n}"
        elif op in (OPT_GAIN, OPT_GAIN_HAND):
            kind = "gain" if op == OPT_GAIN else "gain_hand"
            got = did(part, q, kind)
            if not (got == [n] and kinds == {kind}
                    or not got and kinds == {"nothing"} and o.table.supply[n] == 0):
                where = " to the hand" if op == OPT_GAIN_HAND else ""
                return f"option {opt} (gain a {name(n)}{where}) did {part}"
        elif op == OPT_MAY_TRASH:
            if kinds - {"trash"} or len(did(part, q, "trash")) > n:
                return f"option {opt} (may trash {n}) did {part}"
        elif op in DECK_OP_CODES:
            why = _deck_option(op, n, part, hand, q)
            if why:
                return f"option {opt} ({DECK_OP_CODES[op]}) {why}"
        elif op == OPT_GAIN_TO_MAT:   # Blockade: a card up to $n set aside on its mat
            m = S.MAT0 + int(C.MAT_OF[c])
            got = did(part, q, f"gain_mat{m}")
            if kinds - {f"gain_mat{m}", "nothing"} or len(got) + len(did(part, q, "nothing")) != 1 \
                    or any(_cost(o, x) > n for x in got):      # at this turn's costs (Bridge)
                return f"option {opt} (gain a card up to ${n}, set aside) did {part}"
        elif op == OPT_SMUGGLE:       # a card up to $n the player to the right gained
            got, record = did(part, q, "gain"), o.turn_gains[(q - 1) % o.n]
            legal = [x for x in +record if _cost(o, x) <= n]
            if kinds - {"gain", "nothing"} or len(got) > 1 \
                    or got and got[0] not in legal or not got and any(
                        o.table.supply[x] > 0 for x in legal):
                return (f"option {opt} gains {[name(x) for x in got]}; the player to the "
                        f"right gained {[name(x) for x in +record]}")
        elif op in (OPT_DECK_TO_MAT, OPT_MAT_TO_HAND, OPT_TO_MAT, OPT_HAND_TO_MAT):
            why = _mat_option(op, n, S.MAT0 + int(C.MAT_OF[c]), part, hand, r, opt, me)
            if why:
                return f"option {opt} ({C.TABLE[c].mat} mat) {why}"
        elif kinds:
            return f"option {opt} (a '+' number) also did {part}"
    draws = sum(int(C.CHOICE_ARG[c, opt]) for q, opt, _ in r.chosen
                if q == me and C.CHOICE_OP[c, opt] in (OPT_CARDS, OPT_RESET)) \
        + int(C.PLUS_CARDS[c])
    if any(int(C.CHOICE_OP[c, k]) in DECK_OP_CODES for k in range(int(C.CHOICE_N[c]))):
        # its options put cards back into the deck: its draws (all before its
        # first choice) fall short only if the deck and discard pile had run out then
        drawn = len(did(parts[0], me, "draw"))
        if drawn > draws or drawn < draws and not r.dry:
            return f"draws {drawn} cards, not {draws}"
        return None
    # an option's discard after the draw (Warehouse) was not there to draw
    return _drew(o, r, me, draws, sum(len(did(part, me, "discard")) for part in parts[1:]))


def _pass(part, rounds, n):
    """Masquerade's pass, n rounds: in each, every player that held cards
    passed (on_pass checked each card and its receiver), and nothing else."""
    if {k for _, k, _ in part} - {"pass"}:
        return f"does more than pass: {part}"
    passers = [q for q, _, _ in part]
    want = [q for _ in range(n) for q in (rounds.pop(0)[0] if rounds else [])]
    if sorted(passers) != sorted(want):
        return f"has seats {passers} pass; the players with cards in hand were {want}"


def _swindle(o, part, me):
    """Swindler: each other player hit trashed its top card and gained one
    of the same cost, or nothing (a reason the kernel states: no cards, no
    card of that cost)."""
    by: dict = {}
    for q, kind, x in part:
        if kind != "shuffle":
            by.setdefault(q, []).append((kind, x))
    for q, evs in by.items():
        kinds = [k for k, _ in evs]
        if q == me:
            return f"makes its own player act: {evs}"
        if kinds == ["nothing"]:
            continue
        if kinds not in (["trash_deck", "gain"], ["trash_deck", "nothing"]):
            return f"has seat {q} do {evs}, not trash its top card and gain one"
        if kinds[1] == "gain" and _cost(o, evs[1][1]) != _cost(o, evs[0][1]):   # Bridge too
            return (f"gives seat {q} {name(evs[1][1])} for {name(evs[0][1])}: not the "
                    "same cost")


def _reset(o, r, part, me, hand, n):
    """Minion's option: the player discards its whole hand (then draws n,
    counted with its other draws); each other player with 5 or more cards
    in hand discards them all and draws n, one with fewer is unaffected."""
    by: dict = {}
    for q, kind, _ in part:
        if kind != "shuffle":
            by.setdefault(q, Counter())[kind] += 1
    mine = by.pop(me, Counter())
    if set(mine) - {"discard", "draw"} or mine["discard"] != hand:
        return f"has its player discard {mine['discard']} of a hand of {hand}: {part}"
    for q, did in by.items():
        z = o.zones[q]
        if set(did) == {"nothing"}:
            why, k = r.nothing.get(q, (None, 0))
            if why != S.HAND_SIZE or k >= 5:
                return f"leaves seat {q} alone with {k} cards in hand"
        elif set(did) - {"discard", "draw"} or did["discard"] < 5 \
                or did["draw"] > n or did["draw"] < n and (+z.deck or +z.discard):
            return (f"has seat {q} discard {did['discard']} and draw {did['draw']}, "
                    f"not a new hand of {n}")


def _treasure_hook(o, r, me):
    """Corsair as it is played: its "+" numbers; the other players are hit
    (their Treasure hook is checked as they play Treasures) or protected."""
    if any(k not in ("hooked", "moat") for q, k, _ in r.did if q != me):
        return f"does more to the other players than hit them: {r.did}"
    mine = {k for q, k, _ in r.did if q == me} - {"draw", "shuffle", "actions", "buys", "coins"}
    if mine:
        return f"does more than its text: {', '.join(sorted(mine))}"
    return _drew(o, r, me, int(C.PLUS_CARDS[r.card]))


DECK_OP_CODES = {C.CHOICE_OPS[k][0]: k for k in C.DECK_OPS}


def _put_back(placed, src, cards):
    """The cards put back from src are ``cards`` (a multiset), each placed
    under the one before: 1st from the top, 2nd ... ("back in any order")."""
    if sorted(c for c, _, _ in placed) != sorted(cards) or any(s != src for _, s, _ in placed) \
            or [k for _, _, k in placed] != list(range(1, len(placed) + 1)):
        return (f"puts back {[(name(c), k) for c, _, k in placed]}, not "
                f"{sorted(map(name, cards))} one under the other")


def _deck_option(op, n, part, hand, q):
    """What one deck option (``spec.DECK_OPS``) did, against its text."""
    kinds = [k for w, k, _ in part if w == q and k != "shuffle"]
    did = lambda kind: [x for w, k, x in part if w == q and k == kind]   # noqa: E731
    what = DECK_OP_CODES[op]
    if what == "name and reveal":                 # Wishing Well
        named, shown = did("name"), did("reveal")
        if len(named) > 1 or len(shown) > min(n, 1):
            return f"names {len(named)} cards and reveals {len(shown)}"
        if not shown:
            if set(kinds) - {"name", "nothing"} or "nothing" not in kinds:
                return f"reveals nothing and does {kinds}"
            return None
        hit = bool(named) and named[0] == shown[0]
        want = "reveal_to_hand" if hit else "put_back"
        if did(want) != shown or set(kinds) - {"name", "reveal", want}:
            return (f"reveals {name(shown[0])} after naming "
                    f"{name(named[0]) if named else 'nothing'}, and does {kinds}")
        return None
    if what == "hand into deck":                  # Secret Passage
        placed = did("place")
        if set(kinds) - {"place"} or len(placed) != min(n, hand) \
                or any(s != HAND for _, s, _ in placed):
            return f"puts {len(placed)} cards of a hand of {hand} into the deck, not {n}: {kinds}"
        return None
    if what == "hand onto deck":                  # Courtyard
        if set(kinds) - {"topdeck"} or len(did("topdeck")) != min(n, hand):
            return f"puts {len(did('topdeck'))} cards of a hand of {hand} onto the deck, not {n}"
        return None
    if what in ("reveal, green to hand", "reveal, Victory to hand"):     # Patrol, Scout
        shown = did("reveal")
        kinds_in = C.VICTORY | (C.CURSE if what == "reveal, green to hand" else 0)
        green = [c for c in shown if C.TYPES[c] & kinds_in]
        if len(shown) > n or set(kinds) - {"reveal", "reveal_to_hand", "place", "nothing"} \
                or not shown and "nothing" not in kinds:
            return f"reveals {len(shown)} cards, not {n}: {kinds}"
        if sorted(did("reveal_to_hand")) != sorted(green):
            return (f"puts {sorted(map(name, did('reveal_to_hand')))} into the hand, not "
                    f"{sorted(map(name, green))}")
        return _put_back(did("place"), Z_REVEAL, [c for c in shown if c not in green])
    looked = did("look")                          # Lookout
    trashed, dropped = did("trash"), did("discard")
    if len(looked) > n or set(kinds) - {"look", "trash", "discard", "place", "nothing"} \
            or not looked and "nothing" not in kinds:
        return f"looks at {len(looked)} cards, not {n}: {kinds}"
    if len(trashed) != min(1, len(looked)) or len(dropped) != min(1, max(0, len(looked) - 1)):
        return f"trashes {len(trashed)} and discards {len(dropped)} of {len(looked)} cards"
    order = [k for k in kinds if k in ("trash", "discard", "place")]
    if order != sorted(order, key=("trash", "discard", "place").index):
        return f"does {order}: not trash, then discard, then put back"
    rest = list(looked)
    for c in trashed + dropped:
        if c in rest:
            rest.remove(c)
    return _put_back(did("place"), Z_LOOK, rest)


def _mat_option(op, n, m, part, hand, r, opt, me):
    """What one mat option of the resolving card did, against its text."""
    size, in_play = r.mat_at[[o_ for _, o_, _ in r.chosen].index(opt)]
    moved = Counter(k for q, k, _ in part if q == me)
    kinds = set(moved) - {"shuffle"}
    if op == OPT_DECK_TO_MAT:        # the top card, n times, while there are cards
        put = moved[f"deck>mat{m}"]
        if kinds - {f"deck>mat{m}", "nothing"} or put > n or put < n and not moved["nothing"]:
            return f"puts {put} cards from the deck on it, not {n}: {part}"
    elif op == OPT_MAT_TO_HAND:      # all of its cards
        if kinds - {f"mat{m}>hand"} or moved[f"mat{m}>hand"] != size:
            return f"puts {moved[f'mat{m}>hand']} of its {size} cards into the hand"
    elif kinds - {f"play>mat{m}", f"hand>mat{m}", "nothing"} \
            or moved[f"play>mat{m}"] != (1 if in_play and op == OPT_TO_MAT else 0) \
            or moved[f"hand>mat{m}"] != min(n, hand):
        # Island: itself while still in play (once under a Throne Room), and
        # n cards from the hand, as many as it has; Haven: the hand cards only
        return (f"puts {moved[f'play>mat{m}']} of itself and {moved[f'hand>mat{m}']} "
                f"cards of a hand of {hand} on it")


def _cellar(o, r, me):
    return (_only(r, me, ("discard",))
            or _drew(o, r, me, len(r.of("discard", me))))


def _secret_chamber(o, r, me):
    """Secret Chamber: discards cards from the hand, +$1 for each."""
    return (_only(r, me, ("discard",))
            or (sum(r.of("coins", me)) != len(r.of("discard", me))
                and f"gives {r.of('coins', me)} for {len(r.of('discard', me))} cards discarded"))


def _harbinger(o, r, me):
    if len(r.of("from_discard", me)) > 1:
        return "puts more than one card from the discard pile onto the deck"
    return _only(r, me, ("from_discard",)) or _drew(o, r, me, int(C.PLUS_CARDS[r.card]))


def _sentry(o, r, me):
    looked = r.of("look", me)
    out = r.of("trash", me) + r.of("discard", me) + r.of("put_back", me)
    if len(looked) > C.X[Card.SENTRY] or sorted(out) != sorted(looked):
        return "does not trash, discard or put back each of the top 2 cards it looked at"
    return (_only(r, me, ("look", "trash", "discard", "put_back"))
            or _drew(o, r, me, int(C.PLUS_CARDS[r.card])))


def _council_room(o, r, me):
    for q in range(o.n):
        if q != me and (why := _drew(o, r, q, int(C.X[Card.COUNCIL_ROOM]))):
            return f"makes seat {q} do otherwise than draw a card: {why}"
    extra = sorted({k for q, k, _ in r.did if k not in ("draw", "shuffle", "buys")})
    if extra:
        return f"does more than its text: {', '.join(extra)}"
    return _drew(o, r, me, int(C.PLUS_CARDS[r.card]))


def _tribute(o, r, me):
    """Tribute: the player to the left reveals its top 2 (fewer only when its
    deck and discard pile ran out) and discards them; for each differently
    named card, +2 Actions if an Action, +$2 if a Treasure, +2 Cards if a
    Victory card (a card of two types both, a Curse nothing)."""
    q = (me + 1) % o.n
    shown, z = r.of("reveal", q), o.zones[q]
    if len(shown) > C.X[r.card] or len(shown) < C.X[r.card] and (
            +z.deck or sum(z.discard.values()) > len(shown)):
        return f"has seat {q} reveal {len(shown)} cards, not {C.X[r.card]}"
    if sorted(r.of("discard", q)) != sorted(shown):
        return f"has seat {q} discard {r.of('discard', q)}, not the revealed {shown}"
    if any(k not in ("reveal", "discard", "shuffle", "nothing") for w, k, _ in r.did if w == q):
        return f"does more to seat {q} than reveal and discard"
    want = Counter()
    for c in set(shown):
        for kind, bit in (("actions", C.ACTION), ("coins", C.TREASURE), ("draw", C.VICTORY)):
            want[kind] += 2 if C.TYPES[c] & bit else 0
    for kind in ("actions", "coins"):
        if sum(r.of(kind, me)) != want[kind]:
            return f"gives {kind} {r.of(kind, me)} for {sorted(map(name, shown))}"
    mine = {k for w, k, _ in r.did if w == me} - {"draw", "shuffle", "actions", "coins"}
    if mine:
        return f"does more than its text: {', '.join(sorted(mine))}"
    return _drew(o, r, me, want["draw"])


def _cost(o, c):
    """A card's cost now: printed, less this turn's reductions (Bridge), never below 0."""
    return max(int(C.COST[c]) - o.t.get("cost_down", 0), 0)


def _shanty_town(o, r, me):
    drawn = r.of("draw", me)
    before = o.zones[me].hand - Counter(drawn)
    want = 0 if any(C.TYPES[c] & C.ACTION for c in +before) else int(C.X[r.card])
    return _only(r, me, ()) or _drew(o, r, me, want)


def _actions(r, me):
    return sum(k for q, kind, k in r.did if q == me and kind == "actions")


def _conspirator(o, r, me):
    want = 1 if o.t["played"] >= C.X[r.card] else 0
    if _actions(r, me) != want:
        return f"gives +{_actions(r, me)} Actions as play {o.t['played']} of the turn"
    return _only(r, me, ()) or _drew(o, r, me, want)


def _mining_village(o, r, me):
    if r.of("trash", me) not in ([], [r.card]):
        return "trashes something other than itself"
    return _only(r, me, ("trash",)) or _drew(o, r, me, int(C.PLUS_CARDS[r.card]))


def _embargo(o, r, me):
    # "+$2. Trash this card. Put an Embargo token on top of a Supply pile":
    # the trash is required (none of it left in play), of itself only (a
    # Throne Room's second play finds it gone), and one token a play; the
    # Curses of a buy are checked as the bought card arrives (``gained``).
    if r.of("trash", me) not in ([], [Card.EMBARGO]):
        return "trashes something other than itself"
    if o.zones[me].play[Card.EMBARGO]:
        return "leaves itself in play"
    if len(r.of("embargo", me)) != 1:
        return f"puts {len(r.of('embargo', me))} Embargo tokens, not 1"
    return _only(r, me, ("trash", "embargo"))


def _mill(o, r, me):
    if len(r.of("discard", me)) > C.X[r.card]:
        return "discards more than 2 cards"
    # its discard comes after its draw
    return _only(r, me, ("discard",)) or _drew(o, r, me, int(C.PLUS_CARDS[r.card]),
                                                len(r.of("discard", me)))


def _baron(o, r, me):
    out, got = r.of("discard", me), _gains(r, me)
    if out not in ([], [Card.ESTATE]) or got not in ([], [Card.ESTATE]) or out and got:
        return "does other than discard an Estate or gain one"
    return _only(r, me, ("discard", "gain", "nothing"))


def _bridge(o, r, me):
    o.t["cost_down"] = o.t.get("cost_down", 0) + int(C.X[r.card])   # for this turn's costs
    return _only(r, me, ())


def _diplomat(o, r, me):
    hand = sum(o.zones[me].hand.values())
    if _actions(r, me) != (2 if hand <= C.X[r.card] else 0):
        return f"gives +{_actions(r, me)} Actions with {hand} cards in hand"
    return _only(r, me, ()) or _drew(o, r, me, int(C.PLUS_CARDS[r.card]))


def _chapel(o, r, me):
    if len(r.of("trash", me)) > C.X[Card.CHAPEL]:
        return f"trashes {len(r.of('trash', me))} cards"


def _gains(r, me):
    return r.of("gain", me) + r.of("gain_hand", me) + r.of("gain_deck", me)


def _workshop(o, r, me):
    g = _gains(r, me)
    if len(g) > 1 or any(_cost(o, c) > C.X[Card.WORKSHOP] for c in g):
        return "gains more than one card up to $4"


def _remodel(o, r, me):
    t, g = r.of("trash", me), _gains(r, me)
    if len(t) > 1 or len(g) > len(t) or g and _cost(o, g[0]) > _cost(o, t[0]) + C.X[Card.REMODEL]:
        return "gains more than a card costing up to $2 more than the trashed one"


def _mine(o, r, me):
    t, g = r.of("trash", me), _gains(r, me)
    if len(t) > 1 or len(g) > len(t) or g and (
            r.of("gain_hand", me) != g or not C.TYPES[g[0]] & C.TREASURE
            or not C.TYPES[t[0]] & C.TREASURE or _cost(o, g[0]) > _cost(o, t[0]) + C.X[Card.MINE]):
        return "does not turn a Treasure into one costing up to $3 more, in hand"


def _artisan(o, r, me):
    g, top = _gains(r, me), r.of("topdeck", me)
    if len(g) > 1 or r.of("gain_hand", me) != g or any(_cost(o, c) > C.X[Card.ARTISAN] for c in g) \
            or len(top) != (1 if +o.zones[me].hand or top else 0):
        return "does not gain a card up to $5 to hand and put one card onto the deck"


def _moneylender(o, r, me):
    if r.of("trash", me) not in ([], [Card.COPPER]):
        return "trashes something other than one Copper"


def _bureaucrat(o, r, me):
    if r.of("gain_deck", me) not in ([], [Card.SILVER]):
        return "gains something other than a Silver onto the deck"
    for q in r.victims:
        if any(not C.TYPES[x] & C.VICTORY for x in r.of("topdeck", q)):
            return f"makes seat {q} put a non-Victory card onto the deck"


def _bandit(o, r, me):
    if r.of("gain", me) not in ([], [Card.GOLD]):
        return "gains something other than a Gold"
    for q in r.victims:
        if any(x == Card.COPPER or not C.TYPES[x] & C.TREASURE for x in r.of("trash", q)):
            return f"trashes a card of seat {q} it may not"


def _poacher(o, r, me):
    z = o.zones[me]
    discarded = len(r.of("discard", me))
    empty = len(o.table.empty_piles)
    if discarded != min(empty, sum(z.hand.values()) + discarded):
        return f"discards {discarded} with {empty} empty piles"


def _library(o, r, me):
    # draws to 7 unless deck and discard run out (the set-aside cards went
    # to the discard pile afterwards)
    z = o.zones[me]
    if sum(z.hand.values()) < C.X[Card.LIBRARY] and (
            +z.deck or sum(z.discard.values()) > len(r.of("discard_aside", me))):
        return "stops drawing before 7 cards in hand"


def _witch(o, r, me):
    for q in r.victims:
        if r.of("gain", q) not in ([], [Card.CURSE]):
            return f"gives seat {q} something other than a Curse"


def _tactician(o, r, me):
    """Tactician: with cards in hand it discards them all (and is due next
    turn); with none it does nothing (and leaves play at clean-up)."""
    if not r.start_hand:
        return _only(r, me, ("nothing",))
    n = len(r.of("discard", me))
    return _only(r, me, ("discard",)) or (
        f"discards {n} of {r.start_hand} cards" if n != r.start_hand else None)


def _militia(o, r, me):
    for q in r.victims:
        hand = sum(o.zones[q].hand.values())
        if r.of("discard", q) and hand != C.X[Card.MILITIA]:
            return f"leaves seat {q} with {hand} cards"
    for q, (why, n) in r.nothing.items():
        if why == S.HAND_SIZE and n > C.X[Card.MILITIA]:
            return f"leaves seat {q} with {n} cards"


def _throne_room(o, r, me):
    if r.plays >= 0 and r.plays_times != C.X[Card.THRONE_ROOM]:
        return f"plays {name(r.plays)} {r.plays_times} times"


def _vassal(o, r, me):
    if r.plays >= 0 and (r.plays_times != 1 or r.of("discard_deck", me) != [r.plays]):
        return "plays a card it did not discard from the deck"


def _treasure(c):
    return bool(C.TYPES[c] & C.TREASURE)


def _adventurer(o, r, me):
    shown, to_hand, out = r.of("reveal", me), r.of("reveal_to_hand", me), r.of("discard", me)
    found = [c for c in shown if _treasure(c)]
    if sorted(to_hand) != sorted(found) or sorted(out) != sorted(c for c in shown
                                                              if not _treasure(c)):
        return "does not put the revealed Treasures into the hand and discard the rest"
    if len(found) > C.X[Card.ADVENTURER] or found and len(found) == C.X[Card.ADVENTURER] \
            and not _treasure(shown[-1]):
        return "reveals past its second Treasure"
    z = o.zones[me]
    if len(found) < C.X[Card.ADVENTURER] and (+z.deck or sum(z.discard.values()) > len(out)):
        return "stops revealing before 2 Treasures with cards left"


def _chancellor(o, r, me):
    kinds = {k for q, k, _ in r.did if k not in ("coins", "nothing")}
    if not kinds <= {"deck_to_discard"} or r.of("deck_to_discard", me).count(-1) > 1:
        return "does more than put the deck into the discard pile"


def _feast(o, r, me):
    g = _gains(r, me)
    if r.of("trash", me) not in ([], [Card.FEAST]) or len(g) > 1 \
            or any(_cost(o, c) > C.X[Card.FEAST] for c in g):
        return "does more than trash itself and gain a card up to $5"


def _spy(o, r, me):
    for q in [me, *r.victims]:
        shown = r.of("reveal", q)
        if q in r.nothing or r.of("moat", q):
            continue
        if len(shown) != 1:
            return f"makes seat {q} reveal {len(shown)} cards"
        c, gone = shown[0], r.of("discard", q)
        if gone + r.of("put_back", q) != [c]:
            return f"neither discards nor puts back seat {q}'s {name(c)}"
        if q != me:
            helps = C.TYPES[c] & C.ACTION or (_treasure(c) and c != Card.COPPER)
            if bool(gone) != bool(helps):
                return f"{'discards' if gone else 'puts back'} seat {q}'s {name(c)}"


def _thief(o, r, me):
    for q in r.victims:
        shown, trashed = r.of("reveal", q), r.of("trash", q)
        if q in r.nothing or r.of("moat", q):
            continue
        if len(shown) > C.X[Card.THIEF]:
            return f"makes seat {q} reveal {len(shown)} cards"
        found = [c for c in shown if _treasure(c)]
        want = [max(found, key=lambda c: _cost(o, c))] if found else []
        if trashed != want:
            return f"trashes {[name(c) for c in trashed]} of seat {q}, not its dearest Treasure"
        if sorted(r.of("discard", q) + trashed) != sorted(shown):
            return f"does not discard seat {q}'s other revealed cards"
    # the text's order for each victim: reveal, trash, (you gain it), discard
    for i, (q, kind, c) in enumerate(r.did):
        if kind == "gain_trash" and (q != me or i == 0 or r.did[i - 1][1:] != ("trash", c)
                                     or r.did[i - 1][0] == me):
            return f"gains {name(c)} from the trash other than right after a victim trashed it"
        if kind == "discard" and q != me and (q, "trash") not in {
                (x, k) for x, k, _ in r.did[:i]} and r.of("trash", q):
            return f"makes seat {q} discard before it trashes"


def _saboteur(o, r, me):
    """Saboteur: each victim hit reveals until a card costing $3 or more
    (this turn's costs), trashes it and may gain a card costing at most $2
    less; it discards the other revealed cards (all of them, trashing
    nothing, when its deck and discard pile ran out first)."""
    for q in r.victims:
        if r.of("moat", q):
            continue
        shown, trashed, got = r.of("reveal", q), r.of("trash", q), r.of("gain", q)
        dear = [c for c in shown if _cost(o, c) >= C.X[r.card]]
        if dear != shown[-1:] and dear:
            return f"makes seat {q} reveal on past {name(dear[0])}"
        if trashed != dear:
            return (f"trashes {[name(c) for c in trashed]} of seat {q}, not "
                    f"{[name(c) for c in dear]}")
        if not dear and (+o.zones[q].deck or sum(o.zones[q].discard.values()) > len(shown)):
            return f"stops seat {q}'s reveal before a card costing ${C.X[r.card]} or more"
        if len(got) > len(trashed) or got and _cost(o, got[0]) > _cost(o, trashed[0]) - 2:
            return f"gives seat {q} {[name(c) for c in got]} for {[name(c) for c in trashed]}"
        if sorted(r.of("discard", q)) != sorted(shown[:len(shown) - len(trashed)]):
            return f"does not discard seat {q}'s other revealed cards"
    if any(q == me and k not in ("draw", "shuffle", "actions", "coins") for q, k, _ in r.did):
        return "makes its own player act"


def _envoy(o, r, me):
    shown, out, to_hand = r.of("reveal", me), r.of("discard", me), r.of("reveal_to_hand", me)
    if len(shown) > C.X[Card.ENVOY] or len(out) != (1 if shown else 0) \
            or sorted(out + to_hand) != sorted(shown):
        return "does not discard one revealed card and put the rest into the hand"
    useful = [c for c in shown if C.TYPES[c] & (C.ACTION | C.TREASURE)] or shown
    if out and _cost(o, out[0]) != max(_cost(o, c) for c in useful):
        return f"discards {name(out[0])}, not the dearest Action or Treasure"


def _black_market(o, r, me):
    shown, back = r.of("market_reveal", me), r.of("market_bottom", me)
    if len(shown) > C.X[Card.BLACK_MARKET] or back != [c for c in shown if c not in r.bought]:
        return "does not put the unbought cards under in the order revealed"
    if r.of("treasure", me) and not r.bought:
        return "plays Treasures and buys nothing"


def _ironworks(o, r, me):
    g = _gains(r, me)
    if len(g) > 1 or any(_cost(o, c) > C.X[Card.IRONWORKS] for c in g):
        return "gains more than one card up to $4"
    types = int(C.TYPES[g[0]]) if g else 0
    for kind, bit in (("actions", C.ACTION), ("coins", C.TREASURE)):
        if sum(r.of(kind, me)) != (1 if types & bit else 0):
            return f"gives {kind} {r.of(kind, me)} for a gained {name(g[0]) if g else 'nothing'}"
    return _only(r, me, ("gain",)) or _drew(o, r, me, 1 if types & C.VICTORY else 0)


def _trading_post(o, r, me):
    t, g = r.of("trash", me), _gains(r, me)
    if len(t) != min(C.X[Card.TRADING_POST], r.start_hand):
        return f"trashes {len(t)} cards of a hand of {r.start_hand}"
    if r.of("gain_hand", me) != g or g not in ([], [Card.SILVER]):
        return "gains something other than a Silver to the hand"
    if bool(g) != (len(t) == C.X[Card.TRADING_POST] and o.table.supply[Card.SILVER] + len(g) > 0):
        return f"gains {len(g)} Silvers after trashing {len(t)} cards"
    return _only(r, me, ("trash", "gain_hand", "nothing"))


def _upgrade(o, r, me):
    t, g = r.of("trash", me), _gains(r, me)
    if len(t) != min(1, r.start_hand + len(r.of("draw", me))):
        return f"trashes {len(t)} cards, not the one it must"
    if len(g) > len(t) or g and (r.of("gain", me) != g or _cost(o, g[0]) != _cost(o, t[0]) + 1):
        return "gains other than one card costing exactly $1 more than the trashed one"
    # its gain comes after its draw
    return _drew(o, r, me, 1, len(g)) or _only(r, me, ("trash", "gain", "nothing"))


def _salvager(o, r, me):
    """Salvager: one hand card trashed (none from an empty hand), +$ its cost
    now (at this turn's costs: Bridge)."""
    t = r.of("trash", me)
    if len(t) != min(1, r.start_hand):
        return f"trashes {len(t)} cards of a hand of {r.start_hand}, not one"
    if sum(r.of("coins", me)) != (_cost(o, t[0]) if t else 0):
        return f"gives {r.of('coins', me)} for trashing {[name(x) for x in t]}"
    return _only(r, me, ("trash",))


def _sea_chart(o, r, me):
    """Sea Chart: after its +1 Card, the top card revealed (none with deck
    and discard pile empty): into the hand if a copy is in play, else back."""
    shown, kinds = r.of("reveal", me), {k for q, k, _ in r.did if q == me} - {"shuffle"}
    if not shown:
        return _only(r, me, ("nothing",)) or _drew(o, r, me, 1)
    want = "reveal_to_hand" if o.zones[me].play[shown[0]] else "put_back"
    if len(shown) > 1 or r.of(want, me) != shown or kinds - {"draw", "actions", "reveal", want}:
        return f"reveals {[name(x) for x in shown]} and does {sorted(kinds)}"
    return _drew(o, r, me, 1)


def _treasure_map(o, r, me):
    """Treasure Map: only Treasure Maps trashed, itself (its first play) and
    one from the hand (required: one if the hand held one); 4 Golds onto
    the deck (as many as were left) exactly when it trashed two."""
    t, g = r.of("trash", me), _gains(r, me)
    if any(x != Card.TREASURE_MAP for x in t) or len(t) > 2 \
            or r.start_cards[Card.TREASURE_MAP] and not t:
        return f"trashes {[name(x) for x in t]}"
    want = min(int(C.X[r.card]), len(g) + o.table.supply[Card.GOLD]) if len(t) == 2 else 0
    if g != [Card.GOLD] * want or r.of("gain_deck", me) != g:
        return f"gains {[name(x) for x in g]} having trashed {len(t)} Treasure Maps"
    return _only(r, me, ("trash", "gain_deck", "nothing"))

def _replace(o, r, me):
    t, g = r.of("trash", me), _gains(r, me)
    if len(t) > 1 or len(g) > len(t) or g and _cost(o, g[0]) > _cost(o, t[0]) + C.X[Card.REPLACE]:
        return "gains more than a card costing up to $2 more than the trashed one"
    types = int(C.TYPES[g[0]]) if g else 0
    if g and bool(r.of("gain_deck", me)) != bool(types & (C.ACTION | C.TREASURE)):
        where = "onto" if r.of("gain_deck", me) else "not onto"
        return f"puts a gained {name(g[0])} {where} the deck"
    for q in r.victims:
        want = [Card.CURSE] if types & C.VICTORY and not r.of("moat", q) \
            and o.table.supply[Card.CURSE] + len(r.of("gain", q)) > 0 else []
        if r.of("gain", q) != want:
            return f"gives seat {q} {[name(x) for x in r.of('gain', q)]}, not {want}"


def _lurker(o, r, me):
    """+1 Action, then one of: an Action of the Supply to the trash, an
    Action of the trash gained (to the discard pile), or nothing when the
    mode it chose has no Action card to take."""
    out, got = r.of("trash_supply", me), r.of("gain_trash", me)
    if len(out) + len(got) + (me in r.nothing) != 1:
        return f"trashes {len(out)} Supply cards and gains {len(got)} from the trash"
    if any(not C.TYPES[c] & C.ACTION for c in out + got):
        return f"moves {name((out + got)[0])}, not an Action card"
    if me in r.nothing and any(C.TYPES[c] & C.ACTION and n > 0 for c, n in
                               o.table.supply.items() if c in o.in_supply) \
            and any(C.TYPES[c] & C.ACTION and n > 0 for c, n in o.table.trash.items()):
        return "does nothing, though both the Supply and the trash hold an Action card"
    return _only(r, me, ("trash_supply", "gain_trash", "nothing"))


def _courtier(o, r, me):
    """Courtier: as many different options as the types of a card revealed
    from the hand (the hand before it: the revealed card may leave it, a
    Pirate the gained Gold plays); with no card in hand, nothing."""
    hand = r.start_cards
    if not hand:
        return "chooses with no card in hand" if r.chosen else \
            _only(r, me, ("nothing",))
    return _choose(o, r, me, {bin(int(C.TYPES[x])).count("1") for x in hand})


def _cutpurse(o, r, me):
    """Cutpurse: its "+" numbers; each other player it hits discards exactly
    one Copper, or reveals a hand with none (the reason, checked as it is
    stated), or is kept out by a Moat or a Lighthouse; nothing else."""
    if any(q == me and k not in ("draw", "shuffle", "actions", "buys", "coins")
           for q, k, _ in r.did):
        return "does more than its text to its player"
    for q in r.victims:
        did = [(k, c) for p, k, c in r.did if p == q]
        kind = did[0][0] if len(did) == 1 else None
        if kind == "moat" or kind == "discard" and did[0][1] == Card.COPPER \
                or kind == "nothing" and r.nothing[q] == (S.NO_TYPE, 0):
            continue
        return f"makes seat {q} do {did}, not discard one Copper"


def _pearl_diver(o, r, me):
    # "+1 Card, +1 Action. Look at the bottom card of your deck. You may put
    # it on top."  The draw first (the FAQ), then the bottom card put back
    # on top or at the bottom (a place from the deck: ``take_bottom``).
    placed = r.of("place", me)
    if len(placed) > 1 or any(src != Z_DECK for _, src, _ in placed):
        return f"puts back {len(placed)} cards, not the bottom one"
    kinds = [k for q, k, _ in r.did if q == me and k in ("draw", "place")]
    if placed and kinds.index("place") < len(kinds) - 1:
        return "looks at the bottom card before it draws"
    return _only(r, me, ("place",)) or _drew(o, r, me, 1)


def _sea_hag(o, r, me):
    # "Each other player discards the top card of their deck, then gains a
    # Curse onto their deck": in that order, and the Curses in turn order
    # while they last (the victims' order is checked for every Attack).
    if any(q == me and k != "shuffle" for q, k, _ in r.did):
        return "does something to its player"
    hit = [q for q in r.victims if not r.of("moat", q)]   # Moat, Lighthouse: not hit
    given = sum(len(r.of("gain_deck", q)) for q in hit)
    left = o.table.supply[Card.CURSE] + given             # the Curses before it
    if any(k != "moat" for q in r.victims if q not in hit for w, k, _ in r.did if w == q):
        return "does something to a player who is not hit"
    for i, q in enumerate(hit):
        kinds = [k for w, k, _ in r.did if w == q and k not in ("shuffle", "nothing")]
        want = ["gain_deck"] if i < left else []
        if kinds not in (["discard_deck", *want], want) \
                or r.of("gain_deck", q) not in ([], [Card.CURSE]):
            return f"does {kinds} to seat {q}, not a discard from the deck, then {want}"


def _explorer(o, r, me):
    # "You may reveal a Province from your hand. If you do, gain a Gold to
    # your hand. If you don't, gain a Silver to your hand": a Gold only with
    # a Province in hand; nothing only when the pile it takes is empty.
    got = r.of("gain_hand", me)
    if got not in ([Card.GOLD], [Card.SILVER], []):
        return f"gains {[name(c) for c in got]} to the hand, not a Gold or a Silver"
    if got == [Card.GOLD] and not o.zones[me].hand[Card.PROVINCE]:
        return "gains a Gold with no Province in hand"
    if not got and o.table.supply[Card.GOLD] and o.table.supply[Card.SILVER]:
        return "gains nothing with a Gold and a Silver left"
    return _only(r, me, ("gain_hand", "nothing"))


def _navigator(o, r, me):
    # "+$2. Look at the top 5 cards of your deck. Either discard them all, or
    # put them back in any order": up to 5 looked at (fewer only when the
    # cards run out), then all discarded or all put back.
    looked, dropped = r.of("look", me), r.of("discard", me)
    back = [c for c, _, _ in r.of("place", me)]
    z = o.zones[me]
    if len(looked) > C.X[Card.NAVIGATOR] or len(looked) < C.X[Card.NAVIGATOR] and (
            sum(z.deck.values()) > len(back) or sum(z.discard.values()) > len(dropped)):
        return f"looks at {len(looked)} cards, not {C.X[Card.NAVIGATOR]}"
    if sorted(looked) not in (sorted(dropped), sorted(back)) or dropped and back:
        return "neither discards them all nor puts them all back"
    return _only(r, me, ("look", "discard", "place", "nothing"))


def _ghost_ship(o, r, me):
    # "+2 Cards. Each other player with 4 or more cards in hand puts cards
    # from their hand onto their deck until they have 3 cards in hand": only
    # topdecks, down to exactly 3 (the FAQ: with 3 or fewer, none).
    if any(q == me and k not in ("draw", "shuffle") for q, k, _ in r.did):
        return "does more than its text to its player"
    keep = C.X[Card.GHOST_SHIP]
    for q in r.victims:
        kinds = {k for w, k, _ in r.did if w == q} - {"nothing"}
        hand = sum(o.zones[q].hand.values())
        if kinds not in (set(), {"moat"}, {"topdeck"}) or "topdeck" in kinds and hand != keep:
            return f"makes seat {q} do {sorted(kinds)}, leaving {hand} cards in hand"
    for q, (why, n) in r.nothing.items():
        if why == S.HAND_SIZE and n > keep:
            return f"leaves seat {q} with {n} cards"
    return _drew(o, r, me, int(C.PLUS_CARDS[Card.GHOST_SHIP]))


def _ambassador(o, r, me):
    # "Reveal a card from your hand. Return up to 2 copies of it from your
    # hand to the Supply. Then each other player gains a copy of it": one
    # card, up to 2 of its copies returned (none of a card not in the
    # Supply), then a copy of it to each player it hits, in turn order
    # while the pile lasts (the victims' order is checked for every Attack).
    back = r.of("return", me)
    if any(q == me and k not in ("return", "nothing") for q, k, _ in r.did):
        return "does more than its text to its player"
    gained = [(q, c) for q, k, c in r.did if q != me and k == "gain"]
    cards = set(back) | {c for _, c in gained}
    if len(cards) > 1 or len(back) > C.X[Card.AMBASSADOR]:
        return f"returns {back} and gives {gained}: not up to 2 copies of one card"
    if cards and r.start_cards[next(iter(cards))] < max(len(back), 1):
        return "reveals a card it does not hold"
    for q in r.victims:
        kinds = {k for w, k, _ in r.did if w == q}
        if kinds not in ({"gain"}, {"moat"}, {"nothing"}):
            return f"makes seat {q} do {sorted(kinds)}, not gain a copy"
        if kinds == {"nothing"} and cards and o.table.supply[next(iter(cards))] > 0:
            return f"seat {q} gains nothing while the pile has a copy"


def _pirate_ship(o, r, me):
    # "Choose one: +$1 per Coin token on your Pirate Ship mat; or each other
    # player reveals the top 2 cards of their deck, trashes one of those
    # Treasures that you choose, and discards the rest, and then if anyone
    # trashed a Treasure, you add a Coin token to your Pirate Ship mat."
    # One choice; the +$ is the mat's tokens (none: no +$) and touches no
    # one; the attack: each player hit reveals up to 2 (fewer only when its
    # cards run out), trashes one revealed Treasure if it revealed any,
    # discards the rest; one token, after them all, if anyone trashed.
    if [(q, opt) for q, opt, _ in r.chosen] not in ([(me, 0)], [(me, 1)]):
        return f"chooses {r.chosen}, not one option"
    mine = [(k, x) for q, k, x in r.did if q == me and k != "choose"]
    if r.chosen[0][1] == 0:
        want = [("coins", o.coin_tokens[me])] if o.coin_tokens[me] else []
        if mine != want or r.victims:
            return f"gives {mine} and touches seats {r.victims}, not +${o.coin_tokens[me]}"
        return None
    anyone = False
    for q in r.victims:
        shown, trashed, dropped = r.of("reveal", q), r.of("trash", q), r.of("discard", q)
        if q in r.nothing or r.of("moat", q):
            continue
        z = o.zones[q]
        if len(shown) > 2 or len(shown) < 2 and (+z.deck or sum(z.discard.values()) > len(
                dropped)):
            return f"makes seat {q} reveal {len(shown)} cards"
        if len(trashed) != any(_treasure(c) for c in shown) or any(
                not _treasure(c) for c in trashed):
            return f"makes seat {q} trash {[name(c) for c in trashed]} of {shown}"
        if sorted(dropped + trashed) != sorted(shown):
            return f"does not discard seat {q}'s other revealed cards"
        anyone |= bool(trashed)
    if mine != ([("token", 1)] if anyone else []) or anyone and r.did[-1][1] != "token":
        return f"gives its player {mine} (a Treasure trashed: {anyone}), not one Coin token last"


# card -> check(oracle, resolution, player) -> None or what is wrong
TEXT_CHECKS = {
    **{c: _plus_only for c in range(C.NCARDS)
       if C.TYPES[c] & C.ACTION and not C.EFFECT[c]},          # Village, Smithy ...
    **{c: _choose for c in range(C.NCARDS) if C.CHOOSE_PICK[c]},
    **{c: _extra_turn for c in range(C.NCARDS) if C.EXTRA_TURN[c]},
    **{int(c): _treasure_hook for c in C.ON_TREASURE},
    Card.MERCHANT: _plus_only,      # its +$1 is checked when the Silver is played
    Card.COPPERSMITH: _plus_only,   # its +$1 a Copper is checked as the Coppers are played
    Card.CELLAR: _cellar, Card.HARBINGER: _harbinger, Card.SENTRY: _sentry,
    Card.COUNCIL_ROOM: _council_room,
    Card.ADVENTURER: _adventurer, Card.CHANCELLOR: _chancellor, Card.FEAST: _feast,
    Card.SPY: _spy, Card.THIEF: _thief, Card.ENVOY: _envoy,
    Card.BLACK_MARKET: _black_market,
    Card.CHAPEL: _chapel, Card.WORKSHOP: _workshop, Card.REMODEL: _remodel,
    Card.MINE: _mine, Card.ARTISAN: _artisan, Card.MONEYLENDER: _moneylender,
    Card.BUREAUCRAT: _bureaucrat, Card.BANDIT: _bandit, Card.POACHER: _poacher,
    Card.LIBRARY: _library, Card.WITCH: _witch, Card.MILITIA: _militia,
    Card.SEA_WITCH: _witch,     # its next turn: the Duration check (close_res)
    Card.TACTICIAN: _tactician,
    Card.THRONE_ROOM: _throne_room, Card.VASSAL: _vassal,
    Card.SHANTY_TOWN: _shanty_town, Card.CONSPIRATOR: _conspirator,
    Card.MINING_VILLAGE: _mining_village, Card.MILL: _mill, Card.BARON: _baron,
    Card.BRIDGE: _bridge, Card.DIPLOMAT: _diplomat,
    Card.IRONWORKS: _ironworks, Card.TRADING_POST: _trading_post, Card.UPGRADE: _upgrade,
    Card.REPLACE: _replace, Card.LURKER: _lurker, Card.TRIBUTE: _tribute,
    Card.SABOTEUR: _saboteur, Card.SECRET_CHAMBER: _secret_chamber, Card.COURTIER: _courtier,
    Card.CUTPURSE: _cutpurse,
    Card.PEARL_DIVER: _pearl_diver, Card.SEA_HAG: _sea_hag, Card.EXPLORER: _explorer,
    Card.SALVAGER: _salvager, Card.SEA_CHART: _sea_chart,
    Card.NAVIGATOR: _navigator, Card.TREASURE_MAP: _treasure_map, Card.EMBARGO: _embargo,
    Card.GHOST_SHIP: _ghost_ship, Card.AMBASSADOR: _ambassador,
    Card.PIRATE_SHIP: _pirate_ship,
}
# Kingdom cards no text check needs, and why.
NO_TEXT_CHECK = {
    Card.GARDENS: "not an Action: the end of the audit scores it (1 VP per 10 cards)",
    Card.HAREM: "not an Action: the Buy phase's audit counts its $2 and the end its 2 VP",
    Card.ASTROLABE: "not an Action: the Buy phase's audit counts its $1 and +1 Buy, and "
                    "its stay; the next turn's audit its $1 and +1 Buy again",
    Card.DUKE: "not an Action: the end of the audit scores it (1 VP per Duchy owned)",
}
# Facts from the card registry:
# cards that may play another card (an EV_PLAYS event: ``plays``)
PLAYS_CARDS = {c for c in range(C.NCARDS) if C.TABLE[c].plays}
# cards that may buy during the Action phase from the Black Market deck (they
# need one at set-up), and play Treasures then
ACTION_BUYS = {c: Z_BLACK_MARKET for c in C.MARKET_CARDS}
ACTION_TREASURES = set(C.MARKET_CARDS)
# cards that may trash themselves and still resolve again (Throne Room)
SELF_TRASHING = {c for c in range(C.NCARDS) if C.TABLE[c].trashes_self}
# ... or move themselves onto their mat (Island: once under a Throne Room)
SELF_TRASHING |= {c for c in range(C.NCARDS)
                  if any(o.op == "this and hand to mat" for o in C.TABLE[c].does)}
# Attacks that hit the other players only when the text says (Replace: a
# gained Victory card), as a check of the resolution
ATTACK_ONLY_IF = {Card.REPLACE: lambda r, me: any(C.TYPES[g] & C.VICTORY for g in _gains(r, me)),
                  # Ambassador with no card in hand does nothing (its FAQ)
                  Card.AMBASSADOR: lambda r, me: r.start_hand > 0}
# cards whose "+$" events may differ from the table (the amount, or None: any)
PLUS_COINS_EXTRA = {c: int(C.X[c]) for c in (Card.MONEYLENDER, Card.MINING_VILLAGE, Card.MILL,
                                               Card.BARON)}
PLUS_COINS_EXTRA[Card.IRONWORKS] = 1           # +$1 for a gained Treasure
# ... and "+ Actions" events of a text's condition (Conspirator, Diplomat;
# Ironworks: +1 Action for a gained Action)
PLUS_ACTIONS_EXTRA = {Card.CONSPIRATOR: 1, Card.DIPLOMAT: 2, Card.IRONWORKS: 1, Card.TRIBUTE: 2}
PLUS_COINS_EXTRA[Card.TRIBUTE] = 2             # +$2 for a revealed Treasure
# cards whose "+$" is any amount (its text check counts it): Secret Chamber's $1 a discard,
# Salvager's the trashed card's cost
PLUS_COINS_ANY = {Card.SECRET_CHAMBER, Card.SALVAGER, Card.PIRATE_SHIP}   # and its tokens


# ============================================================ the audit

class Oracle:
    def __init__(self, trace):
        self.trace = trace
        n = self.n = int(trace.players)
        if not C.MIN_PLAYERS <= n <= C.MAX_PLAYERS:
            raise RuleViolation(0, f"{n} players")
        in_supply = sorted(set(C.BASE_CARDS) | {int(c) for c in trace.kingdom})
        self.in_supply = frozenset(in_supply)
        self.zones = [Zones() for _ in range(n)]
        self.table = Table(players=n, zones=self.zones,
                           supply=Counter({c: C.pile_size(c, n) for c in in_supply}),
                           trash=Counter(), market=[], turns=[0] * n)
        self.cur = -1                  # seat whose turn it is, -1 in the setup
        self.t = None                  # phase, Actions, Buys, $ ... of that turn
        self.ended = False
        self.expect_take = -1          # seat that must take from its deck next
        self.expect_end = -2           # -2 during a turn; after it the ENDED_*
                                       # code due, or -1: the game goes on
        self.vp_events = [[] for _ in range(n)]
        self.rows = []
        self.hooked = [set() for _ in range(n)]   # seat -> seats its Corsairs hit
        self.turn_gains = [Counter() for _ in range(n)]   # gained on its own last turn
        self.hits = [set() for _ in range(n)]     # seats its Blockade hit since its turn
        self.gq = []                   # gains whose hooks are due: {p, c, due}
        self.coin_tokens = [0] * n     # Coin tokens on each seat's Pirate Ship mat
        self.hook = None               # the gain hook whose moves are being done
        self.embargo_tokens = Counter()  # Embargo tokens per Supply pile
        self.buying = False            # the bought card is arriving from its pile

    # ---------------------------------------------------------- helpers
    def fail(self, msg: str):
        raise RuleViolation(self.i, msg)

    def take(self, p: int, zone: int, c: int, k: int):
        s, z = self.table, self.zones[p]
        if zone == Z_DECK:
            if k != 1:
                self.fail(f"moves {k} cards from a deck at once")
            if sum(z.deck.values()) == 0:
                self.fail(f"seat {p} takes {name(c)} from an empty deck (no shuffle first)")
            if z.deck_top:                # a known card, or a place above one (None)
                top = z.deck_top.pop()
                if top is not None and top != c:
                    self.fail(f"seat {p} takes {name(c)} from the deck, but "
                              f"{name(top)} is on top")
                if top is None and z.deck[c] <= z.deck_top.count(c):
                    self.fail(f"seat {p} takes {name(c)} from an unknown place of the "
                              "deck, but every one there has a known place further down")
            if z.deck[c] < 1:
                self.fail(f"seat {p}'s deck holds no {name(c)}")
            z.deck[c] -= 1
            return
        if zone == Z_SUPPLY:
            if c not in self.in_supply:
                self.fail(f"{name(c)} is not in the supply")
            if s.supply[c] < k:
                self.fail(f"the {name(c)} pile has {s.supply[c]}, not {k}")
            s.supply[c] -= k
            if self.move_dst != Z_TRASH:      # a Supply card trashed is no one's gain
                self.gained(p, c, self.move_dst)
            return
        if zone == Z_TRASH:
            r = self.t and self.t["res"]
            anything = r is not None and r.card in FROM_TRASH and s.trash[c] >= k
            if r is None or r.trashed[c] < k and not anything:
                self.fail(f"{name(c)} leaves the trash, not trashed by this card")
            if r.trashed[c] >= k:
                r.trashed[c] -= k
            s.trash[c] -= k
            self.gained(p, c, self.move_dst)
            return
        if zone == Z_BLACK_MARKET:
            if s.market[:1] != [c]:
                self.fail(f"takes {name(c)} from the Black Market deck, the top is "
                          f"{name(s.market[0]) if s.market else 'nothing'}")
            s.market.pop(0)
            return
        src = z.zone(zone)
        if zone == Z_REVEAL and self.from_market(p, c):
            src = z.market
        if src[c] < k:
            self.fail(f"seat {p}'s {zone} holds {src[c]} {name(c)}, not {k}")
        src[c] -= k

    def from_market(self, p, c) -> bool:
        """Whether a card p moves out of "revealed" is a Black Market card."""
        return self.zones[p].market[c] > 0 and (self.t["pending_buy"] == c
                                                or self.move_dst == Z_BLACK_MARKET)

    def put(self, p: int, zone: int, c: int, k: int, market=False):
        s, z = self.table, self.zones[p]
        if zone == Z_DECK:
            for _ in range(k):
                z.deck[c] += 1
                z.deck_top.append(c)
        elif zone == Z_TRASH:
            s.trash[c] += k
        elif zone == Z_BLACK_MARKET:
            s.market += [c] * k
        elif zone == Z_SUPPLY:
            r = self.t and self.t["res"]
            if r is None or r.card not in RETURNS or c not in self.in_supply:
                self.fail("a card goes back to the supply")
            s.supply[c] += k
        elif market:
            z.market[c] += k
        else:
            z.zone(zone)[c] += k

    # ---------------------------------------------------------- the loop
    def run(self) -> Table:
        ev = np.asarray(self.trace.events)
        if ev.ndim != 2 or ev.shape[1] != 7:
            raise RuleViolation(0, f"events must be [n, 7] rows, not {ev.shape}")
        self.rows = ev.tolist()
        for i, row in enumerate(self.rows):
            self.i = i
            self.move_dst = row[6] if row[2] == EV_MOVE else None
            self.step(*row)
        self.i = len(self.rows)
        if not self.ended:
            self.fail("the log ends before the game does (no end event)")
        self.score()
        return self.table

    def next_row(self):
        return self.rows[self.i + 1] if self.i + 1 < len(self.rows) else None

    def step(self, turn, p, code, c, k, src, dst):
        n = self.n
        if code == EV_VP:
            return self.on_vp(p, c, k, src)
        if self.ended:
            self.fail("event after the end of the game")
        if not 0 <= p < n:
            self.fail(f"seat {p} in a {n}-player game")
        if code not in _NAMES:
            self.fail(f"unknown event code {code}")
        if code in (EV_MOVE, EV_RESOLVE, EV_BUY, EV_PLUS_ACTIONS, EV_PLUS_BUYS,
                    EV_PLUS_COINS, EV_MOAT, EV_PLAYS, EV_START, EV_PASS, EV_HOOK) \
                and not 0 <= c < C.NCARDS:
            self.fail(f"unknown card {c}")
        if self.expect_take >= 0 and not (code in (EV_MOVE, EV_PLACE) and src == Z_DECK
                                          and p == self.expect_take):
            self.fail(f"seat {self.expect_take} shuffled but took no card")
        # a reaction goes on with its player's moves, and a shuffle before its
        # discards (its draw's); a shuffle after them is the Attack's
        if self.t is not None and self.t["react"] and not (
                p == self.t["react"]["seat"] and (code == EV_MOVE or code == EV_SHUFFLE
                                                  and not self.t["react"]["discarded"])):
            self.close_react()
        if code == EV_TURN:
            return self.on_turn(turn, p, k, src)
        if code == EV_END:
            return self.on_end(turn, p, k)
        if self.expect_end != -2:
            self.fail(f"{_NAMES[code]} event between turns")
        want = 0 if self.cur < 0 else self.table.turns[self.cur] + 1 - self.t["extra"]
        if turn != want:
            self.fail(f"turn field {turn}, expected {want}")
        if self.cur < 0:
            return self.on_setup(p, code, c, k, src, dst)
        if (self.gq or self.hook) and self.on_hook_event(p, code, c, k, src, dst):
            return
        t = self.t
        if code == EV_SHUFFLE:
            return self.on_shuffle(p, k, src, dst)
        if code == EV_MOVE:
            return self.on_move(p, c, k, src, dst)
        if code == EV_NOTHING:
            return self.on_nothing(p, c, k, src)
        if code == EV_REACT:
            return self.on_react(p, c)
        if code == EV_PASS:
            return self.on_pass(p, c, k)
        if code == EV_HOOK:
            return self.on_hook(p, c, k, src)
        if code == EV_WHEN_GAIN:
            self.fail(f"{name(c)} of seat {p} does its gain hook for no gain")
        if p != self.cur and code not in (EV_MOAT, EV_CHOOSE):
            self.fail(f"{_NAMES[code]} of seat {p} in seat {self.cur}'s turn")
        if code == EV_RESOLVE:
            return self.on_resolve(c)
        if code == EV_CHOOSE:
            return self.on_choose(p, c, k)
        if code == EV_NAME:
            return self.affect(p, "name", c)
        if code == EV_EMBARGO and src == 0:     # a token put on c's pile: k there now
            if c not in self.in_supply or k != self.embargo_tokens[c] + 1:
                self.fail(f"an Embargo token on {name(c)} makes {k}: the pile is not in the "
                          f"Supply, or had {self.embargo_tokens[c]}")
            self.embargo_tokens[c] += 1
            return self.affect(p, "embargo", c)
        if code == EV_TOKEN:
            return self.on_token(p, c, k, src)
        if code == EV_PLACE:
            return self.on_place(p, c, k, src, dst)
        if code == EV_EXTRA_TURN:
            return self.on_extra_turn(c, k)
        if code == EV_DURATION:
            return self.on_duration(c, k)
        if code == EV_PLAYS:
            return self.on_plays(c, k)
        if code in (EV_PLUS_ACTIONS, EV_PLUS_BUYS, EV_PLUS_COINS):
            return self.on_plus(code, c, k)
        if code == EV_MOAT:
            return self.on_moat(p, c, src)
        if code == EV_DECK_TO_DISCARD:
            return self.on_deck_to_discard(p, k)
        if code == EV_BUY_PHASE:
            return self.on_buy_phase(k)
        if code == EV_COINS:
            return self.on_coins(k)
        if code == EV_BUY:
            return self.on_buy(c, k, src)
        if code == EV_CLEANUP:
            self.close_res()              # a card a gain hook played in the Buy phase
            if t["phase"] != "buy" or t["pending_buy"] >= 0:
                self.fail("clean-up before the buy phase is over")
            t["phase"] = "cleanup"
            return
        self.fail(f"unexpected {_NAMES[code]} event")

    # ---------------------------------------------------------- setup
    def on_setup(self, p, code, c, k, src, dst):
        z = self.zones[p]
        if code == EV_START:
            if dst == Z_BLACK_MARKET:
                if c in self.in_supply or c not in C.KINGDOM_CARDS or c in self.table.market:
                    self.fail(f"{name(c)} in the Black Market deck")
                self.table.market.append(c)
                return
            if dst != Z_DECK or +z.hand:
                self.fail("starting cards go to the deck before the first draw")
            z.deck[c] += k
            return
        if code != EV_MOVE or (src, dst) != (Z_DECK, HAND):
            self.fail("the setup only draws")
        if z.deck != Counter({Card.COPPER: 7, Card.ESTATE: 3}) and not +z.hand:
            self.fail(f"seat {p} starts with {dict(z.deck)}, not 7 Copper and 3 Estate")
        self.take(p, src, c, k)
        self.put(p, dst, c, k)
        if sum(z.hand.values()) > HAND_SIZE:
            self.fail(f"seat {p} draws more than {HAND_SIZE} in the setup")

    # ---------------------------------------------------------- turns
    def on_turn(self, turn, p, k, extra):
        s = self.table
        again = self.t is not None and self.t["extra_hand"] > 0
        if self.cur < 0:
            for q, z in enumerate(self.zones):
                if sum(z.hand.values()) != HAND_SIZE:
                    self.fail(f"seat {q} starts with {sum(z.hand.values())} cards")
            if self.table.market:
                self.check_market_setup()
            want = 0
        else:
            if self.expect_end == -2:
                self.close_turn()
            if self.expect_end >= 0:
                self.fail(f"the game goes on, but it ended ({ENDED[self.expect_end]}) "
                          "after the last turn")
            want = self.cur if again else (self.cur + 1) % self.n
        if p != want:
            self.fail(f"seat {p} takes a turn, it is seat {want}'s")
        if extra != again:
            self.fail(f"seat {p}'s turn is {'' if extra else 'not '}an extra turn; "
                      f"{'one' if again else 'none'} was given")
        number = s.turns[p] + 1 - again    # an extra turn has the last one's number
        if k != number or turn != k:
            self.fail(f"seat {p}'s turn {k} (turn field {turn}), expected {number}")
        self.cur = p
        self.expect_end = -2
        self.t = dict(phase="action", actions=1, buys=1, coins=0, merchant=0, copper_up=0,
                      merchant_due=None, silver_played=False, treasures=Counter(),
                      stack=[], res=None, pending_buy=-1, pending_market=False,
                      bought=False, drawn=0, resolved=False, stays=Counter(),
                      next=Counter(), kept=Counter(), discarded=False,
                      extra=again, extra_hand=0, by=[], react=None,
                      hook_done=False, hook_due=None, hook_plays=0,
                      victory_bought=0, victory_gained_buy=0, buy_over=False,
                      from_play_stage=0)
        self.hooked[p] = set()            # its Corsairs' "until then" is over
        self.turn_gains[p] = Counter()    # its record starts again
        self.hits[p] = set()              # its Blockades' Curses end
        z = self.zones[p]                 # Durations from earlier turns: in play again
        z.play.update(z.dur)
        z.dur = Counter()

    def check_market_setup(self):
        """One copy of each card of the pool that is not in the supply."""
        market = self.table.market
        pool = set(C.KINGDOM_CARDS) - self.in_supply
        if len(set(market)) != len(market) or not set(market) <= pool:
            self.fail("the Black Market deck is not one copy of cards outside the supply")

    def close_turn(self):
        """After the last event of a turn: clean-up done, decide the end."""
        s, t, p = self.table, self.t, self.cur
        self.close_res()
        if t["phase"] != "cleanup":
            self.fail(f"seat {p}'s turn has no buy phase and clean-up")
        z = self.zones[p]
        if +z.play or +z.aside:
            self.fail(f"seat {p} keeps cards in play or set aside after clean-up")
        if +z.next:
            self.fail(f"seat {p}'s next-turn effects {dict(z.next)} were not done")
        z.next = +t["next"]
        for q, zq in enumerate(self.zones):
            if +zq.revealed or +zq.looked or +zq.market:
                self.fail(f"seat {q}'s revealed cards were left lying")
        left = sum(z.deck.values()) + sum(z.discard.values())
        size = t["extra_hand"] or HAND_SIZE
        if t["drawn"] != size and left:
            self.fail(f"seat {p} draws {t['drawn']} at clean-up, not {size}")
        if sum(z.hand.values()) != t["drawn"]:
            self.fail(f"seat {p}'s hand after clean-up is not the {t['drawn']} drawn")
        if not t["extra"]:                # extra turns are not counted
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
        if turn != self.table.turns[p]:
            self.fail(f"end event with turn field {turn}")
        if self.expect_end < 0:
            self.fail("the game ends, but no end condition holds")
        if k != self.expect_end:
            self.fail(f"the game ends by {ENDED[k] if 0 <= k < 3 else k}, "
                      f"expected {ENDED[self.expect_end]}")
        if k != self.trace.ended_by:
            self.fail(f"ended_by {k} in the log, {self.trace.ended_by} in the trace")
        self.table.ended_by = k
        self.ended = True

    # ---------------------------------------------------------- actions
    def close_res(self):
        """The current resolution is finished: check its text and its attack."""
        t = self.t
        r = t["res"]
        t["res"] = None
        if r is None:
            return
        if r.duration:                    # a next-turn effect: "+Cards", may trash, its mat
            c, me = r.card, self.cur
            allowed = {"draw", "shuffle"} | ({"trash"} if C.NEXT_TURN[c, 4] else set()) \
                | ({"gain_hand", "nothing"} if C.NEXT_TURN[c, 6] else set()) \
                | ({"discard"} if C.NEXT_TURN[c, 7] else set())
            dropped, due = len(r.of("discard", me)), int(C.NEXT_TURN[c, 7]) * r.duration
            got = r.of("gain_hand", me)
            mat = S.MAT0 + int(C.MAT_OF[c])
            if C.NEXT_TURN[c, 5]:
                allowed.add(f"mat{mat}>hand")
            plus = [key for j, key in enumerate(EVENT_KEYS.values(), 1) if C.NEXT_TURN[c, j]]
            allowed.update(plus)
            extra = sorted({k for q, k, _ in r.did if k not in allowed or q != me})
            short = [key for key in plus if len(r.of(key, me)) != r.duration]
            why = (f"does more than its next-turn text: {', '.join(extra)}" if extra
                   else f"gives its +{short[0]} other than once per play" if short
                   else f"trashes {len(r.of('trash', me))} cards" if len(r.of("trash", me))
                   > C.NEXT_TURN[c, 4] * r.duration
                   else f"gains {[name(x) for x in got]} to the hand" if len(got) + len(
                       r.of("nothing", me)) != (r.duration if C.NEXT_TURN[c, 6] else 0)
                   or any(not C.TYPES[x] & C.TREASURE or C.COST[x] > C.NEXT_TURN[c, 6]
                          for x in got)
                   else f"discards {dropped} cards, not {due}" if dropped > due
                   or dropped < due and +self.zones[me].hand
                   else "leaves cards on its mat" if C.NEXT_TURN[c, 5]
                   and +self.zones[me].mats[mat]
                   else _drew(self, r, me, int(C.NEXT_TURN[c, 0]) * r.duration,
                               later=dropped))   # its discards come after the draw
            if why:
                self.fail(f"{name(r.card)} at the start of the turn {why}")
            return
        check = TEXT_CHECKS.get(r.card)
        why = check(self, r, self.cur) if check else None
        if why:
            self.fail(f"{name(r.card)} {why}")
        if C.IDLE_NO_HAND[r.card] and not C.DISCARDS_HAND[r.card] \
                and r.of(f"hand>mat{S.MAT0 + int(C.MAT_OF[r.card])}", self.cur):
            self.stays(r)                 # Haven: it set a card aside, due next turn (its
            # FAQ: with nothing to set aside it "does not stay out")
        if r.card not in _ATTACKS:
            return
        order = [(self.cur + j) % self.n for j in range(1, self.n)]
        if r.card in ACTS_LATER:          # Blockade: hits now who has no Moat, acts later
            if [q for q in order if q in r.victims] != r.victims:
                self.fail(f"{name(r.card)} hits {r.victims}, not in turn order")
            self.hits[self.cur] |= {q for q in order if not r.of("moat", q)}
            return
        if r.chosen and not C.CHOOSE_OTHERS[r.card] and not any(
                C.CHOICE_OP[r.card, o] in (OPT_PASS, OPT_SWINDLE, OPT_RESET)
                or C.CHOICE_OP[r.card, o] == OPT_BY_EFFECT and r.victims   # Pirate Ship's
                for _, o, _ in r.chosen):
            return                        # its chosen option touches no one (Minion's +$2)
        if r.card in ATTACK_ONLY_IF and not ATTACK_ONLY_IF[r.card](r, self.cur):
            return                        # its attack did not happen (Replace gained no Victory)
        order = [(self.cur + j) % self.n for j in range(1, self.n)]
        hit = [q for q in order if q in r.victims]
        if hit != r.victims:
            self.fail(f"{name(r.card)} hits {r.victims}, not in turn order")
        for q in order:
            if q not in r.victims:
                self.fail(f"{name(r.card)} leaves seat {q} untouched")

    def affect(self, p, kind, c=-1):
        """Record that the current resolution did ``kind`` to/for seat p."""
        r = self.t["res"]
        if r is None:
            self.fail(f"{kind} outside an Action's resolution")
        if p != self.cur:
            if r.card not in _AFFECTS_OTHERS:
                self.fail(f"{name(r.card)} affects seat {p}")
            if p not in r.victims:
                r.victims.append(p)
            elif r.victims[-1] != p:
                self.fail(f"seat {p} is hit twice by one {name(r.card)}")
        r.did.append((p, kind, c))

    def on_resolve(self, c):
        t = self.t
        if t["phase"] != "action" and not (t["phase"] == "buy" and t["stack"]):
            self.fail("an Action resolves outside the action phase")
        if not C.TYPES[c] & (C.ACTION | C.DURATION):   # Sailor may play an Astrolabe
            self.fail(f"{name(c)} is not an Action")
        if not t["stack"]:
            self.fail(f"{name(c)} resolves but nothing was played")
        want, by = t["stack"].pop(), t["by"].pop()
        if want != c:
            self.fail(f"{name(c)} resolves, {name(want)} was due")
        if self.zones[self.cur].play[c] < 1 and c not in SELF_TRASHING:
            self.fail(f"{name(c)} resolves but is not in play")
        self.close_res()
        t["played"] = t.get("played", 0) + 1          # Actions played this turn (Conspirator)
        t["res"] = Resolution(card=c, start_hand=sum(self.zones[self.cur].hand.values()),
                              start_cards=+self.zones[self.cur].hand,
                              by=by)
        t["resolved"] = True
        if C.TYPES[c] & C.DURATION and not C.EXTRA_TURN[c] \
                and not (C.DISCARDS_HAND[c] and not t["res"].start_hand) \
                and not (C.IDLE_NO_HAND[c] and not C.DISCARDS_HAND[c]):
            self.stays(t["res"])          # its next turn is due (Tactician: with a hand;
            # Haven: decided when it has resolved, close_res)
        if c == Card.MERCHANT and not t["silver_played"]:
            t["merchant"] += int(C.X[Card.MERCHANT])
        if C.TABLE[c].raises_copper:       # Coppersmith: each Copper played from now on
            t["copper_up"] += int(C.X[c])

    def on_plays(self, c, k):
        t, r = self.t, self.t["res"]
        if r is None or r.card not in PLAYS_CARDS or r.plays >= 0:
            self.fail(f"{name(c)} played by a card that does not play cards")
        if not C.TYPES[c] & C.ACTION or k < 1:
            self.fail(f"plays {name(c)} {k} times")
        prev = self.rows[self.i - 1]
        if (prev[2], prev[3], prev[6]) != (EV_MOVE, c, PLAY_ROW):
            self.fail(f"plays {name(c)} without putting it into play")
        r.plays, r.plays_times = c, k
        t["stack"] += [c] * k
        # a Throne Room stays out as long as a Duration it played
        by = ({"card": r.card, "stayed": False}
              if r.card == Card.THRONE_ROOM and C.TYPES[c] & C.DURATION else None)
        t["by"] += [by] * k

    def stays(self, r):
        """Resolution r's Duration stays in play until the next turn's
        clean-up (and so does the Throne Room that played it)."""
        t = self.t
        t["next"][r.card] += 1
        t["stays"][r.card] += 1
        if r.by is not None and not r.by["stayed"]:
            r.by["stayed"] = True
            t["stays"][r.by["card"]] += 1

    def on_extra_turn(self, c, k):
        t, r = self.t, self.t["res"]
        if r is None or r.card != c or not C.EXTRA_TURN[c] or r.duration:
            self.fail(f"{name(c)} gives an extra turn, but it is not resolving")
        if k != C.EXTRA_TURN[c]:
            self.fail(f"{name(c)}'s extra turn starts with {k} cards, not {C.EXTRA_TURN[c]}")
        if t["extra"] or t["extra_hand"]:
            self.fail(f"{name(c)} gives an extra turn "
                      + ("in an extra turn" if t["extra"] else "twice in a turn"))
        t["extra_hand"] = k
        r.did.append((self.cur, "extra_turn", c))
        self.stays(r)

    def on_choose(self, p, c, o):
        t, r = self.t, self.t["res"]
        if r is None or r.card != c or not C.CHOICE_N[c] or r.duration:
            self.fail(f"a choice of {name(c)}, which is not resolving")
        if not 0 <= o < C.CHOICE_N[c]:
            self.fail(f"{name(c)} has no option {o}")
        if (p != self.cur) != bool(C.CHOOSE_OTHERS[c]):
            self.fail(f"seat {p} chooses for {name(c)}, whose choice is "
                      f"{'the other players' if C.CHOOSE_OTHERS[c] else 'its player'}'s")
        if not r.chosen:
            r.dry = not (+self.zones[p].deck or +self.zones[p].discard)
        r.chosen.append((p, o, sum(self.zones[p].hand.values())))
        self.affect(p, "choose", o)
        if C.MAT_OF[c] >= 0:
            z = self.zones[p]
            r.mat_at.append((sum(z.mats[S.MAT0 + int(C.MAT_OF[c])].values()), z.play[c] > 0))
        op, n = C.CHOICE_OP[c, o], int(C.CHOICE_ARG[c, o])
        for code, key in ((OPT_ACTIONS, "actions"), (OPT_BUYS, "buys"), (OPT_COINS, "coins")):
            if op == code:
                t[key] += n

    def on_token(self, p, c, k, src):
        """p adds k Coin tokens to its Pirate Ship mat, which then holds src:
        only the resolving Pirate Ship (its text check counts them)."""
        r = self.t["res"]
        if r is None or r.card != c or c != Card.PIRATE_SHIP or r.duration:
            self.fail(f"a Coin token from {name(c)}, which is not a resolving Pirate Ship")
        self.coin_tokens[p] += k
        if src != self.coin_tokens[p]:
            self.fail(f"the Pirate Ship mat holds {src} Coin tokens, not {self.coin_tokens[p]}")
        r.did.append((p, "token", k))

    def on_place(self, p, c, k, src, dst):
        """p puts c from src into its deck as the k-th card from the top: a
        place from the top (1) to the bottom (its size + 1); the cards above
        it that had no known order get places too, still unknown."""
        z, r = self.zones[p], self.t["res"]
        if self.t["phase"] != "action" or r is None or dst != Z_DECK \
                or src not in (HAND, Z_REVEAL, Z_LOOK, Z_DECK):
            self.fail(f"puts {name(c)} from {src} into the deck outside a card's text")
        if src == Z_DECK:           # the deck's bottom card, put back (Pearl Diver)
            self.take_bottom(p, c)
        size = sum(z.deck.values())
        if not 1 <= k <= size + 1:
            self.fail(f"puts {name(c)} {k}th from the top of a {size}-card deck")
        self.expect_take = -1
        if src != Z_DECK:
            self.take(p, src, c, 1)
        if len(z.deck_top) < k - 1:
            z.deck_top[:0] = [None] * (k - 1 - len(z.deck_top))
        z.deck_top.insert(len(z.deck_top) - (k - 1), c)
        z.deck[c] += 1
        self.affect(p, "place", (c, src, k))

    def take_bottom(self, p, c):
        """p takes c from the bottom of its deck: the lowest known place when
        every place is known, else a card with no known place."""
        z = self.zones[p]
        if z.deck[c] < 1:
            self.fail(f"seat {p}'s deck holds no {name(c)}")
        if len(z.deck_top) >= sum(z.deck.values()):
            if z.deck_top[0] not in (None, c):
                self.fail(f"seat {p} takes {name(c)} from the bottom of its deck, but "
                          f"{name(z.deck_top[0])} is there")
            z.deck_top.pop(0)
        elif z.deck[c] <= z.deck_top.count(c):
            self.fail(f"seat {p} takes {name(c)} from the bottom of its deck, but every "
                      "one has a known place above it")
        z.deck[c] -= 1

    def on_duration(self, c, k):
        t, z = self.t, self.zones[self.cur]
        if t["resolved"] or t["phase"] != "action" or t["stack"]:
            self.fail(f"{name(c)}'s next-turn effect after the turn began")
        if z.next[c] != k or z.play[c] < 1:
            self.fail(f"{name(c)} does its next-turn effect {k} times; "
                      f"{z.next[c]} are due, {z.play[c]} in play")
        del z.next[c]
        self.close_res()
        t["res"] = Resolution(card=c, duration=k)       # its "+" numbers: on_plus

    def on_plus(self, code, c, k):
        """A "+" number: the card resolving's, its text's (or a next turn's,
        once per play of the Duration)."""
        t = self.t
        r = t["res"]
        if code == EV_PLUS_COINS and c == Card.MERCHANT and t["merchant_due"] is not None:
            if k != t["merchant_due"]:
                self.fail(f"Merchant bonus ${k}, expected ${t['merchant_due']}")
            t["merchant_due"] = None
            t["coins"] += k
            return
        if t["phase"] not in ("action", "buy") or r is None or r.card != c:
            self.fail(f"+{k} from {name(c)}, which is not resolving")
        j = {EV_PLUS_ACTIONS: 1, EV_PLUS_BUYS: 2, EV_PLUS_COINS: 3}[code]
        table = {EV_PLUS_ACTIONS: C.PLUS_ACTIONS, EV_PLUS_BUYS: C.PLUS_BUYS,
                 EV_PLUS_COINS: C.PLUS_COINS}[code]
        if r.duration:                   # a next turn's (counted at close_res)
            if k != C.NEXT_TURN[c, j]:
                self.fail(f"{name(c)}'s next turn gives +{k}, its text says otherwise")
        elif k != table[c] and not (code == EV_PLUS_COINS and (k == PLUS_COINS_EXTRA.get(c)
                                                              or c in PLUS_COINS_ANY)) \
                and not (code == EV_PLUS_ACTIONS and k == PLUS_ACTIONS_EXTRA.get(c)):
            self.fail(f"{name(c)} gives +{k}, its text says otherwise")
        key = EVENT_KEYS[code]
        t[key] += k
        r.did.append((self.cur, key, k))

    def on_moat(self, p, c, src):
        """A player unaffected by an Attack: a Reaction revealed from the hand
        (Moat's text), or a Duration in play since its owner's last turn whose
        text protects until then (Lighthouse's)."""
        r = self.t["res"]
        if r is None or r.card not in _ATTACKS:
            self.fail(f"{name(c)} protects outside an attack")
        z = self.zones[p]
        if src == DUR:
            if C.TABLE[c].blocks != "in play" or z.dur[c] < 1 or p == self.cur:
                self.fail(f"seat {p} is protected by {name(c)}, which it has not in play "
                          "since its last turn, or which does not protect")
        elif C.TABLE[c].blocks != "hand" or p == self.cur or z.hand[c] < 1:
            self.fail(f"seat {p} reveals {name(c)}, which it does not hold or which "
                      "does not protect")
        self.affect(p, "moat", c)

    def on_nothing(self, p, c, k, why):
        """A stated reason why p is unaffected or does nothing: it must hold."""
        z, s = self.zones[p], self.table
        if why == S.NO_CARDS and (+z.deck or +z.discard):
            self.fail(f"seat {p} has cards to reveal")
        elif why == S.PILE_EMPTY and s.supply[c] != 0:
            self.fail(f"seat {p} gains no {name(c)}, but the pile has {s.supply[c]}")
        elif why == S.HAND_SIZE and sum(z.hand.values()) != k:
            self.fail(f"seat {p} has {sum(z.hand.values())} cards in hand, not {k}")
        elif why == S.NO_TYPE and (z.hand[c] > 0 if c >= 0
                                   else any(C.TYPES[x] & k for x in +z.hand)):
            self.fail(f"seat {p} has {name(c) if c >= 0 else f'a card of type {k}'} in hand")
        elif why == S.NO_EXTRA and not (C.EXTRA_TURN[c] and p == self.cur
                                        and (self.t["extra"] or self.t["extra_hand"])):
            self.fail(f"{name(c)} gives no extra turn, but none was given this turn and "
                      "the last turn was another player's")
        elif why == S.NO_COST and any(s.supply[x] > 0 and _cost(self, x) == k for x in s.supply):
            self.fail(f"seat {p} gains nothing, but a supply card costs ${k}")
        elif why == S.NO_SUPPLY and c in self.in_supply:
            self.fail(f"seat {p} gains no {name(c)} 'not in the Supply', but its pile is")
        elif why not in (S.NO_CARDS, S.PILE_EMPTY, S.HAND_SIZE, S.NO_TYPE, S.NO_PLAY,
                         S.NO_BUY, S.NO_EXTRA, S.NO_COST, S.NO_GAIN, S.NO_SUPPLY):
            self.fail(f"unknown reason {why}")
        r = self.t["res"]
        self.affect(p, "nothing")
        r.nothing[p] = (why, k)

    def on_pass(self, p, c, k):
        """p passes c from its hand to seat k's (Masquerade): every player
        with cards in hand when the passing starts passes one card of that
        hand, once, to the next such player to its left (itself if alone)."""
        t, r = self.t, self.t["res"]
        if r is None or not r.chosen or C.CHOICE_OP[r.card, r.chosen[-1][1]] != OPT_PASS:
            self.fail(f"seat {p} passes {name(c)}, but no card's pass is resolving")
        rd = r.pass_rounds[-1] if r.pass_rounds else None
        if rd is None or len(rd[2]) == len(rd[0]):      # a new round: who holds what now
            holders = [q for q in ((self.cur + j) % self.n for j in range(self.n))
                       if +self.zones[q].hand]
            rd = (holders, {q: Counter(self.zones[q].hand) for q in holders}, [])
            r.pass_rounds.append(rd)
        holders, hands, done = rd
        if p not in holders or p in done:
            self.fail(f"seat {p} passes {'twice' if p in done else 'with no cards in hand'}")
        if hands[p][c] < 1:
            self.fail(f"seat {p} passes {name(c)}, which its hand did not hold before the pass")
        hands[p][c] -= 1
        want = next(q for q in ((p + j) % self.n for j in range(1, self.n + 1)) if q in holders)
        if k != want:
            self.fail(f"seat {p} passes to seat {k}, not seat {want}, the next player to "
                      "its left with cards in hand")
        done.append(p)
        self.take(p, HAND, c, 1)
        self.put(k, HAND, c, 1)
        self.affect(p, "pass", c)

    def on_hook(self, p, c, k, when):
        """Corsair of seat k hits p: as it is played (when 0: p is then
        subject to it until k's next turn), or as p plays a Treasure it
        names (when 1: the next event trashes it; once a turn)."""
        t, r = self.t, self.t["res"]
        if c not in C.ON_TREASURE:
            self.fail(f"{name(c)} has no hook on other players' Treasures")
        if when == 0:
            if r is None or r.card != c or r.duration or p == self.cur or k != self.cur:
                self.fail(f"{name(c)} hits seat {p}, but seat {k} is not playing it")
            self.hooked[k].add(p)
            return self.affect(p, "hooked", c)
        z = self.zones[k]
        if when != 1 or p != self.cur or k == p:
            self.fail(f"seat {p} is hit by seat {k}'s {name(c)} outside its own turn")
        if p not in self.hooked[k] or z.dur[c] + z.play[c] < 1:
            self.fail(f"seat {p} trashes a Treasure for seat {k}'s {name(c)}, which "
                      + ("is not in play" if p in self.hooked[k] else "did not hit it"))
        if t["hook_done"]:
            self.fail(f"seat {p} trashes a second Treasure this turn for {name(c)}")
        t["hook_done"] = True
        t["hook_due"] = c

    def hook_pending(self, p):
        """(seat, card) of a Corsair in play that hit p while p has one of
        its Treasures in play and trashed none this turn, else None."""
        if self.t["hook_done"]:
            return None
        for q in range(self.n):
            for h in C.ON_TREASURE:
                if q != p and p in self.hooked[q] and \
                        self.zones[q].dur[h] + self.zones[q].play[h] > 0 and any(
                        self.zones[p].play[x] for x in C.ON_TREASURE_HITS[h] if x >= 0):
                    return q, int(h)
        return None

    def on_deck_to_discard(self, p, k):
        z = self.zones[p]
        if p != self.cur or k != sum(z.deck.values()) or k < 1:
            self.fail(f"seat {p} puts {k} cards of a {sum(z.deck.values())}-card deck "
                      "into the discard pile")
        z.discard.update(z.deck)
        z.deck, z.deck_top = Counter(), []
        self.affect(p, "deck_to_discard")

    # ---------------------------------------------------------- moves
    def on_shuffle(self, p, k, src, dst):
        z = self.zones[p]
        t = self.t
        if (src, dst) != (DISC, Z_DECK):
            self.fail("a shuffle is discard -> deck")
        if +z.deck:
            self.fail(f"seat {p} shuffles with {sum(z.deck.values())} cards still in the deck")
        if k != sum(z.discard.values()) or k < 1:
            self.fail(f"seat {p} shuffles {k} cards, the discard pile has "
                      f"{sum(z.discard.values())}")
        z.deck, z.discard, z.deck_top = +z.discard, Counter(), []
        self.expect_take = p
        if t["react"] or self.hook:       # to draw for a reaction or a hook: not the card's
            return
        if t["phase"] == "cleanup":
            if p != self.cur:
                self.fail(f"seat {p} shuffles in seat {self.cur}'s clean-up")
        elif t["phase"] != "action" and t["res"] is None:
            self.fail("a shuffle in the buy phase")
        else:
            self.affect(p, "shuffle")

    def on_react(self, p, c):
        """p reveals Reaction c as the resolving Attack is played."""
        t, r, z = self.t, self.t["res"], self.zones[p]
        if r is None or not C.TYPES[r.card] & C.ATTACK or p == self.cur:
            self.fail(f"seat {p} reveals {name(c)}, but no other player's Attack is played")
        if c not in C.ON_ATTACK or z.hand[c] < 1:
            self.fail(f"seat {p} reveals {name(c)}, which it does not hold or which "
                      "does nothing against an Attack")
        if r.did:
            self.fail(f"seat {p} reveals {name(c)} after {name(r.card)} did something")
        order = [(self.cur + j) % self.n for j in range(1, self.n)]
        if r.reactors and order.index(p) < order.index(r.reactors[-1]):
            self.fail(f"seat {p} reacts after seat {r.reactors[-1]}: not in turn order")
        hand = sum(z.hand.values())
        if hand < C.ON_ATTACK_DO[c, 0]:
            self.fail(f"seat {p} reveals {name(c)} from a hand of {hand}")
        if not C.ON_ATTACK_DO[c, 4] and (p, c) in r.revealed:
            self.fail(f"seat {p} reveals {name(c)} twice against one Attack")
        r.reactors.append(p)
        r.revealed.append((p, c))
        t["react"] = dict(seat=p, card=c, drawn=0, discarded=0, topdecked=0)

    def close_react(self):
        """A reveal is done: it drew, discarded and put onto the deck exactly
        its numbers (Secret Chamber: as many as the hand held, up to 2)."""
        t = self.t
        g, z = t["react"], self.zones[t["react"]["seat"]]
        t["react"] = None
        _, cards, discard, topdeck, _ = (int(x) for x in C.ON_ATTACK_DO[g["card"]])
        # short only when deck and discard pile ran out: they now hold no
        # more than the reveal's own discards and topdecks, made after its draws
        if g["drawn"] > cards or g["drawn"] < cards and (
                sum(z.deck.values()) > g["topdecked"]
                or sum(z.discard.values()) > g["discarded"]):
            self.fail(f"seat {g['seat']}'s {name(g['card'])} draws {g['drawn']}, not {cards}")
        if g["discarded"] != min(discard, sum(z.hand.values()) + g["discarded"]):
            self.fail(f"seat {g['seat']}'s {name(g['card'])} discards {g['discarded']}, "
                      f"not {discard}")
        if g["topdecked"] != min(topdeck, sum(z.hand.values()) + g["topdecked"]):
            self.fail(f"seat {g['seat']}'s {name(g['card'])} puts {g['topdecked']} cards "
                      f"onto its deck, not {topdeck}")

    # ---------------------------------------------------------- gain hooks
    def gained(self, p, c, dst):
        """p gained c (to zone dst): recorded on p's own turn (Smugglers), and
        the hooks it triggers are due next, in card order ("play" ones may
        be declined)."""
        t = self.t
        own = t is not None and p == self.cur
        if own:
            self.turn_gains[p][c] += 1
            if t["phase"] == "buy" and C.TYPES[c] & C.VICTORY:
                t["victory_gained_buy"] += 1      # Treasury 2E: "gain a Victory card in it"
        due = []
        if self.buying and self.embargo_tokens[c]:    # Embargo: a Curse per token, on a buy only
            k = self.embargo_tokens[c]
            due.append(dict(q=p, w=Card.EMBARGO, k=k, does="embargo", need=k, optional=False))
        for w, (who, does, amount, types) in GAIN_HOOKS.items():
            if types and not C.TYPES[c] & types:
                continue
            if who == S.HOOK_RIGHT:       # the player whose right p is
                q = (p + 1) % self.n
                k = self.zones[q].next[w] + (t["next"][w] if q == self.cur else 0)
                if k:
                    due.append(dict(q=q, w=w, k=k, does=does, need=k * amount, optional=False))
            elif who == S.HOOK_OTHERS and own and (does != S.HOOK_CURSE or w in CURSES_FOR_MAT):
                mat = S.MAT0 + int(C.MAT_OF[w])
                for j in range(1, self.n):
                    q = (p + j) % self.n
                    k = self.zones[q].mats[mat][c]
                    if k and p in self.hits[q]:
                        due.append(dict(q=q, w=w, k=k, does=does, need=k * amount,
                                        optional=False))
            elif who == S.HOOK_SELF and own and dst is not None and dst >= 0:
                due.append(dict(q=p, w=w, k=1, does=does, need=1, optional=True, dst=dst))
        if due or any(h[1] == S.HOOK_PLAY_THIS and C.TYPES[c] & h[3]
                      for h in GAIN_HOOKS.values()):
            self.gq.append(dict(p=p, c=c, due=due))

    def on_hook_event(self, p, code, c, k, src, dst) -> bool:
        """An event while gain hooks are due or doing their moves; True when
        it is theirs."""
        h = self.hook
        if h is not None:
            if self.hook_move(h, p, code, c, k, src, dst):
                return True
            self.close_hook()
        match = lambda e: (e["q"], e["w"], e["k"], self.gq[0]["p"], self.gq[0]["c"]) == \
            (p, c, k, src, dst)                                     # noqa: E731
        # Pirate: played from the hand of whoever holds one, for the gain being
        # handled (a Pirate a hook just drew counts: checked as it comes)
        pirate = code == EV_WHEN_GAIN and GAIN_HOOKS.get(c, (0, 0))[1] == S.HOOK_PLAY_THIS
        while self.gq:                    # declined plays are skipped
            due = self.gq[0]["due"]
            while due and due[0]["optional"] and not (code == EV_WHEN_GAIN and match(due[0])):
                due.pop(0)
            if due or pirate and (self.gq[0]["p"], self.gq[0]["c"]) == (src, dst):
                break
            self.gq.pop(0)
        if pirate and self.gq and (self.gq[0]["p"], self.gq[0]["c"]) == (src, dst):
            if k != 1 or self.zones[p].hand[c] < 1 or not C.TYPES[dst] & GAIN_HOOKS[c][3]:
                self.fail(f"seat {p} plays {name(c)} from a hand of {self.zones[p].hand[c]} "
                          f"for seat {src}'s {name(dst)}")
            self.hook = dict(q=p, w=c, k=1, does=S.HOOK_PLAY_THIS, need=1, optional=True,
                             done=0, gainer=src, card=dst, empty=False)
            return True
        if code == EV_EMBARGO and src == 1:     # the bought card's pile has tokens
            e = self.gq[0]["due"][0] if self.gq else None
            if e is None or e["does"] != "embargo" or (p, c, k) != (self.gq[0]["p"],
                                                                   self.gq[0]["c"], e["k"]):
                self.fail(f"seat {p} gains {k} Curses for Embargo tokens on {name(c)}: "
                          f"the pile has {self.embargo_tokens[c]}, or it was not bought")
            self.gq[0]["due"].pop(0)
            self.hook = dict(e, does=S.HOOK_CURSE, done=0, gainer=p, card=c, empty=False)
            return True
        if code != EV_WHEN_GAIN:
            if self.gq:
                g, e = self.gq[0], self.gq[0]["due"][0]
                self.fail(f"seat {g['p']}'s gain of {name(g['c'])} does not trigger seat "
                          f"{e['q']}'s {name(e['w'])} ({e['k']} times)")
            return False
        if not self.gq or not match(self.gq[0]["due"][0]):
            self.fail(f"seat {p}'s {name(c)} does its gain hook {k} times for seat {src}'s "
                      f"{name(dst)}: not due")
        e = self.gq[0]["due"].pop(0)
        t = self.t
        if e["does"] == S.HOOK_PLAY:      # once per play of it this turn, a card still there
            if t["next"][c] <= t["hook_plays"] or self.zones[p].zone(e["dst"])[dst] < 1:
                self.fail(f"{name(c)} plays {name(dst)}: no play of it left this turn, or "
                          "the card is gone")
            t["hook_plays"] += 1
        self.hook = dict(e, done=0, gainer=src, card=dst, empty=False)
        return True

    def hook_move(self, h, p, code, c, k, src, dst) -> bool:
        """One of the moves the open hook does, done; False if not its."""
        if h["done"] >= h["need"] or h["empty"]:
            return False
        if h["does"] == S.HOOK_DRAW:
            if code == EV_SHUFFLE and p == h["q"]:
                self.on_shuffle(p, k, src, dst)
                return True
            if code != EV_MOVE or p != h["q"] or (src, dst) != (Z_DECK, HAND):
                return False
            self.expect_take = -1
        elif h["does"] == S.HOOK_CURSE:
            if code == EV_NOTHING and (p, c, src) == (h["gainer"], Card.CURSE, S.PILE_EMPTY):
                if self.table.supply[Card.CURSE]:
                    self.fail("no Curse for a Blockade, but the pile has some")
                h["empty"] = True
                return True
            if code != EV_MOVE or (p, c, src, dst) != (h["gainer"], Card.CURSE, Z_SUPPLY, DISC):
                return False
        elif h["does"] == S.HOOK_PLAY_THIS:
            to = PLAY_ROW if p == self.cur else DUR
            if code != EV_MOVE or (p, c, src, dst) != (h["q"], h["w"], HAND, to):
                return False
            z, t = self.zones[p], self.t      # a Duration played now: due next turn
            if p == self.cur:
                t["next"][c] += 1
                t["stays"][c] += 1
            else:
                z.next[c] += 1
        elif code != EV_MOVE or (p, c, src, dst) != (h["q"], h["card"], h["dst"], PLAY_ROW):
            return False
        else:                             # Sailor: into play, resolved next
            self.t["stack"].append(c)
            self.t["by"].append(None)
        self.apply(p, c, k, src, dst)
        h["done"] += k
        return True

    def close_hook(self):
        h, self.hook = self.hook, None
        z = self.zones[h["q"]]
        if h["done"] < h["need"] and not h["empty"] and (
                h["does"] != S.HOOK_DRAW or +z.deck or +z.discard):
            self.fail(f"seat {h['q']}'s {name(h['w'])} does {h['done']} of its "
                      f"{h['need']} for seat {h['gainer']}'s {name(h['card'])}")

    def on_move(self, p, c, k, src, dst):
        t = self.t
        if k < 1:
            self.fail(f"a move of {k} cards")
        self.expect_take = -1
        pair = (src, dst)
        if t["hook_due"] is not None:     # the Treasure another player's Corsair trashes
            h, t["hook_due"] = t["hook_due"], None
            hits = [x for x in C.ON_TREASURE_HITS[h] if x >= 0]
            played = [x for x in hits if self.zones[p].play[x]]
            if (p, pair, k) != (self.cur, (PLAY_ROW, Z_TRASH), 1) or c not in played:
                self.fail(f"{name(h)} makes seat {p} move {name(c)} {src} -> {dst}, not "
                          "trash a played " + " or ".join(name(x) for x in hits))
            if C.COST[c] > min(C.COST[x] for x in played):
                self.fail(f"{name(h)} trashes {name(c)}, not the first (cheapest) played")
            return self.apply(p, c, k, src, dst)
        g = t["react"]                    # the reacting player's draws, then discards
        if g and pair == (Z_DECK, HAND) and not g["discarded"] and not g["topdecked"]:
            g["drawn"] += k
            return self.apply(p, c, k, src, dst)
        if g and pair == (HAND, DISC) and g["discarded"] < C.ON_ATTACK_DO[g["card"], 2]:
            g["discarded"] += k
            return self.apply(p, c, k, src, dst)
        if g and pair == (HAND, Z_DECK) and g["topdecked"] < C.ON_ATTACK_DO[g["card"], 3]:
            g["topdecked"] += k
            return self.apply(p, c, k, src, dst)
        if g:                             # the reaction is done; the Attack goes on
            self.close_react()
        phase = t["phase"]

        if t["pending_buy"] >= 0:
            want = (Z_REVEAL if t["pending_market"] else Z_SUPPLY, DISC)
            if (p, c, pair) != (self.cur, t["pending_buy"], want) or k != 1:
                self.fail(f"the bought {name(t['pending_buy'])} does not go to "
                          "the discard pile")
            self.buying = src == Z_SUPPLY     # Embargo's tokens act on a pile's buys
            self.apply(p, c, k, src, dst)
            self.buying = False
            t["pending_buy"] = -1
            if src == Z_REVEAL:           # bought from the Black Market deck
                self.gained(p, c, dst)
            return
        if phase == "buy" and pair == (PLAY_ROW, Z_DECK):
            return self.from_play_move(p, c, k, "end of buy phase")
        if phase == "buy" and t["res"] is None:   # else a card a gain hook played
            if pair != (HAND, PLAY_ROW) or p != self.cur or not C.TYPES[c] & C.TREASURE:
                self.fail(f"move {src} -> {dst} in the buy phase")
            if t["bought"]:
                self.fail(f"plays {name(c)} after buying")
            if t["treasures"][c]:
                self.fail(f"{name(c)} played twice in the buy phase")
            self.play_treasure(p, c, k)
            t["treasures"][c] += k
            return
        if phase == "cleanup":
            return self.cleanup_move(p, c, k, src, dst)
        if phase not in ("action", "buy"):
            self.fail(f"a move in the {phase} phase")
        if pair not in MOVES:
            self.fail(f"a move {src} -> {dst}")
        kind = MOVES[pair]
        if pair == (HAND, PLAY_ROW) and p == self.cur and C.TYPES[c] & C.TREASURE \
                and not C.TYPES[c] & C.ACTION:
            r = t["res"]
            if r is None or r.card not in ACTION_TREASURES:
                self.fail(f"plays {name(c)} in the Action phase")
            self.play_treasure(p, c, k)
            self.affect(p, "treasure", c)
            return
        if kind == "play":
            return self.play_move(p, c, k, src, dst)
        if pair == (Z_REVEAL, DISC) and self.from_market(p, c):
            self.fail(f"{name(c)} from the Black Market deck goes to a discard pile unbought")
        if kind in ("market_reveal", "market_bottom"):
            r = t["res"]
            if r is None or r.card not in ACTION_BUYS or p != self.cur:
                self.fail(f"{name(c)} moves with the Black Market deck outside Black Market")
            self.take(p, src, c, k)
            self.put(p, dst, c, k, market=kind == "market_reveal")
            r.did.append((p, kind, c))
            return
        if kind == "trash":
            r = t["res"]
            if r is not None:
                r.trashed[c] += k
        for _ in range(k):
            self.affect(p, kind, c)
        self.apply(p, c, k, src, dst)

    def play_treasure(self, p, c, k):
        t = self.t
        if self.zones[p].hand[c] < k:
            self.fail(f"plays {k} {name(c)} from a hand of {self.zones[p].hand[c]}")
        t["coins"] += (int(C.PLUS_COINS[c]) + (t["copper_up"] if c == Card.COPPER else 0)) * k
        t["buys"] += int(C.PLUS_BUYS[c]) * k       # Astrolabe's +1 Buy
        if C.TYPES[c] & C.DURATION:               # ... and its stay until its next turn
            t["next"][c] += k
            t["stays"][c] += k
        if c == Card.SILVER and not t["silver_played"]:
            t["silver_played"] = True
            if t["merchant"]:
                t["merchant_due"] = t["merchant"]
                t["merchant"] = 0
        self.apply(p, c, k, HAND, PLAY_ROW)

    def play_move(self, p, c, k, src, dst):
        """An Action put into play: the turn's play, or by the resolving card."""
        t = self.t
        nxt = self.next_row()
        if p != self.cur or not C.TYPES[c] & C.ACTION or k != 1:
            self.fail(f"plays {name(c)} from {src} here")
        if nxt is not None and nxt[2] == EV_PLAYS:        # the resolving card plays it
            if t["res"] is None:
                self.fail(f"{name(c)} played by no card")
            t["res"].did.append((p, "play", c))
        else:
            if src != HAND or t["stack"]:
                self.fail(f"plays {name(c)} before the last Action resolved")
            if t["actions"] < 1:
                self.fail(f"plays {name(c)} with no Action left")
            t["actions"] -= 1
            self.close_res()
            t["stack"].append(c)
            t["by"].append(None)
        self.apply(p, c, k, src, dst)

    def cleanup_move(self, p, c, k, src, dst):
        """Play area and hand to the discard pile, then draw 5."""
        t, z = self.t, self.zones[p]
        pair = (src, dst)
        if p != self.cur:
            self.fail(f"seat {p} moves cards in seat {self.cur}'s clean-up")
        if pair == (PLAY_ROW, Z_DECK):
            if t["drawn"] or t["discarded"] or +t["kept"]:
                self.fail(f"{name(c)} goes from play onto the deck after clean-up "
                          "kept, discarded or drew")
            when = C.TABLE[c].from_play.when if C.TABLE[c].from_play else ""
            return self.from_play_move(p, c, k, when if when != "end of buy phase" else "")
        if pair == (PLAY_ROW, DUR):
            if t["drawn"] or t["discarded"]:
                self.fail("clean-up keeps a Duration after discarding")
            if k != min(t["stays"][c], z.play[c]) or k < 1:
                self.fail(f"clean-up keeps {k} {name(c)} in play; "
                          f"{min(t['stays'][c], z.play[c])} stay")
            t["kept"][c] += k
            return self.apply(p, c, k, src, dst)
        if pair in ((PLAY_ROW, DISC), (HAND, DISC)):
            if pair == (PLAY_ROW, DISC) and min(t["stays"][c], z.play[c]) and not t["kept"][c]:
                self.fail(f"clean-up discards {name(c)}, which stays in play (a Duration)")
            t["discarded"] = True
            if t["drawn"]:
                self.fail("clean-up discards after drawing")
            if pair == (HAND, DISC) and +z.play:
                self.fail("clean-up discards the hand before the play area")
            if z.zone(src)[c] != k:
                self.fail(f"clean-up leaves {name(c)} in zone {src}")
            return self.apply(p, c, k, src, dst)
        if pair != (Z_DECK, HAND):
            self.fail(f"move {src} -> {dst} in clean-up")
        if +z.play or (not t["drawn"] and +z.hand):
            self.fail("clean-up draws before discarding hand and play")
        self.apply(p, c, k, src, dst)
        t["drawn"] += 1
        if t["drawn"] > HAND_SIZE:
            self.fail(f"clean-up draws more than {HAND_SIZE}")

    def from_play_move(self, p, c, k, when):
        """A card that may leave play for the deck (``FromPlay``) does, at its
        moment (``when``: the end of the Buy phase; clean-up, the start of
        Clean-up's before those as they are discarded), one copy at a time,
        only if its condition holds: Treasury 1E "if you didn't buy a Victory
        card this turn", 2E "if you didn't gain a Victory card in it [the Buy
        phase]", Walled Village "if you have this and no more than one other
        Action card in play"."""
        t, z = self.t, self.zones[p]
        f = C.TABLE[c].from_play
        if p != self.cur or k != 1 or f is None or f.when != when:
            self.fail(f"seat {p} moves {k} {name(c)} from play onto the deck "
                      f"{'in the Buy phase' if t['phase'] == 'buy' else 'in clean-up'}")
        if when == "end of buy phase":
            self.close_res()
            if t["pending_buy"] >= 0:
                self.fail(f"{name(c)} leaves play before the bought card arrived")
            t["buy_over"] = True
        else:
            stage = 1 if when == "start of clean-up" else 2
            if stage < t["from_play_stage"]:
                self.fail(f"{name(c)} goes onto the deck at the start of Clean-up after a "
                          "card was discarded from play")
            t["from_play_stage"] = stage
        if f.cond == "no victory bought" and t["victory_bought"]:
            self.fail(f"{name(c)} goes onto the deck though a Victory card was bought")
        if f.cond == "no victory gained in buy phase" and t["victory_gained_buy"]:
            self.fail(f"{name(c)} goes onto the deck though a Victory card was gained in "
                      "the Buy phase")
        if f.cond == "actions in play at most":
            n = sum(k for x, k in z.play.items() if C.TYPES[x] & C.ACTION)
            if n > f.amount:
                self.fail(f"{name(c)} goes onto the deck with {n} Action cards in play")
        self.apply(p, c, k, PLAY_ROW, Z_DECK)

    def apply(self, p, c, k, src, dst):
        market = src == Z_BLACK_MARKET
        self.take(p, src, c, k)
        self.put(p, dst, c, k, market=market)

    # ---------------------------------------------------------- buying
    def on_buy_phase(self, k):
        t = self.t
        if t["phase"] != "action" or t["stack"]:
            self.fail("the buy phase starts twice or mid-Action")
        self.close_res()
        if k != t["coins"]:
            self.fail(f"the buy phase starts with ${k}, the Actions gave ${t['coins']}")
        t["phase"] = "buy"
        t["bought"] = False
        t["merchant_due"] = None

    def on_coins(self, k):
        t = self.t
        if t["phase"] != "buy" or t["bought"]:
            self.fail("coins counted outside the buy phase")
        left = [c for c in +self.zones[self.cur].hand if C.TYPES[c] & C.TREASURE]
        if left:
            self.fail(f"{name(left[0])} left in hand in the buy phase")
        hit = self.hook_pending(self.cur)
        if hit:
            self.fail(f"seat {self.cur} keeps its played Treasures though seat {hit[0]}'s "
                      f"{name(hit[1])} in play hit it")
        if t["merchant_due"]:
            self.fail(f"Merchant bonus ${t['merchant_due']} not paid")
        if k != t["coins"]:
            self.fail(f"${k} to spend, the cards give ${t['coins']}")

    def on_buy(self, c, k, src):
        t = self.t
        if _cost(self, c) != k:
            self.fail(f"buys {name(c)} for {k}, its cost is {_cost(self, c)}")
        if t["coins"] < k:
            self.fail(f"buys {name(c)} (${k}) with ${t['coins']}")
        if t["phase"] == "action":
            r = t["res"]
            if r is None or ACTION_BUYS.get(r.card) != src or r.bought:
                self.fail(f"buys {name(c)} in the Action phase")
            if self.zones[self.cur].market[c] < 1:
                self.fail(f"buys {name(c)}, which it did not reveal")
            r.bought.append(c)
            t["pending_market"] = True
        else:
            if t["phase"] != "buy":
                self.fail("a buy before the buy phase or after clean-up")
            self.close_res()              # a card a gain hook played
            if t["buys"] < 1:
                self.fail("buys with no Buy left")
            t["buys"] -= 1
            t["bought"] = True
            t["pending_market"] = False
        t["coins"] -= k
        t["pending_buy"] = c
        if C.TYPES[c] & C.VICTORY:
            t["victory_bought"] += 1          # Treasury 1E: "buy a Victory card this turn"
        if t["buy_over"]:
            self.fail(f"buys {name(c)} after the Buy phase's end")

    # ---------------------------------------------------------- score
    def on_vp(self, p, c, k, v):
        if not self.ended:
            self.fail("a score before the end")
        self.vp_events[p].append((c, k, v))

    def score(self):
        s = self.table
        s.vp, s.breakdown = [], []
        for p in range(self.n):
            own = s.owned(p)
            size = sum(own.values())
            rows = []
            # the VP rules (Gardens, Duke) last, read from the rows' text
            # (VPRule): per ``per`` cards owned, or of the card it names
            for c in sorted(own, key=lambda c: (C.TABLE[c].vp_rule is not None, c)):
                rule = C.TABLE[c].vp_rule
                if rule is not None:
                    n = size if rule.counts == "cards" else own.get(C.card_id(rule.counts), 0)
                    v = own[c] * (n // rule.per) * rule.vp
                elif C.VP[c]:
                    v = own[c] * int(C.VP[c])
                else:
                    continue
                rows.append((c, own[c], v))
            s.breakdown.append(rows)
            s.vp.append(sum(v for _, _, v in rows))
            if rows != self.vp_events[p]:
                raise RuleViolation(self.i, f"seat {p} scores {self.vp_events[p]}, "
                                            f"the rules give {rows}")
        s.winners, s.outcome, s.tie_break = decide(s.vp, s.turns)


def audit(trace) -> Table:
    """Rebuild the game of ``trace`` from its events, checking each one."""
    return Oracle(trace).run()
