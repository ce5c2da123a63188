"""The search space of ``domsim optimize``: strategy templates with parameters.

A candidate is an ordinary strategy, written as the keys of a strategy file
(``name``, ``buy``, ``play``, ``trash``, ``gain``, ``let``,
``penultimate_province``), so the winner is a file a player can read, edit
and reuse.  A template turns a handful of parameters into such keys:

- ``money``: Big Money with one or two kingdom cards (which, how many
  copies, how far apart, above or below Gold, which is played first);
- ``attack``: attack-led money (Witch, Militia, Bandit, Bureaucrat ...) with
  a support card or an opening trasher, and when to stop giving Curses;
- ``engine``: a village/draw engine with a trasher (Chapel, Sentry, Remodel,
  Moneylender), payload and how hard to trash;
- ``gardens``: a Gardens rush with a gainer (Workshop) and +Buy cards.

Every template shares the endgame parameters: the Province threshold (on
the deck's money, counting the +$ of the Actions it owns), when Duchies and
Estates start, and whether it ever ends the game behind.

The parameters are asked of an optuna trial (define-by-run: each template
asks only for its own, so the space is conditional); a template that the
kingdom cannot play (no Gardens, no village ...) is not offered, and only
the kingdom's cards are ever named, so no candidate needs a card the
kingdom lacks.  ``FixedTrial`` replays a parameter dict without optuna.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from simulator.engine import cards as C

NONE = "none"


# ---- card roles: the registry's (simulator/engine/cards), in card order
def _role(role: str) -> tuple[str, ...]:
    return tuple(C.NAMES[c] for c in C.with_role(role))


VILLAGES, DRAW, TRASHERS, ATTACKS, PAYLOAD, GAINERS, PLUS_BUY, SIFTERS = (
    _role(r) for r in ("village", "draw", "trasher", "attack", "payload", "gainer",
                       "plus_buy", "sifter"))
# cards that score per cards owned (Gardens): the gardens template's payoff
PER_CARD_VP = tuple(C.NAMES[c] for c in C.KINGDOM_CARDS
                    if C.TABLE[c].vp_rule is not None and C.TABLE[c].vp_rule.counts == "cards")

TEMPLATES = ("money", "attack", "engine", "gardens")
# the coins a turn must make before an engine buys its first Province (0: by
# the deck's wealth, as the other templates)
GREEN_COINS = (0, 8, 11, 13, 16, 18)
# a thinning trasher's (Chapel's) engine starts from a second point too: the
# hand-made chapel-engine's shape (docs/optimize.md, "An engine kingdom"):
# payload before the villages, greening from $13, Coppers kept to $6 with the
# +$ cards counted (its kingdom, 6,000 games against its best money bot,
# from the First Game numbers 0.29, with these 0.64)
THIN_SEED = {
    "engine.villages_early": False, "engine.gainer_late": True, "engine.green_at_coins": 13,
    "engine.money_kept": 6, "engine.attack_copies": 2, "engine.attack_after_draw": 2,
    "engine.payload_copies": 6, "engine.payload_after_draw": 0, "engine.draw_copies": 4,
    "engine.spare_villages": 6, "engine.sifter_copies": 1, "engine.estate_at": 1,
    "engine.draw2": NONE}
# the engine seed's numbers (Space.seeds): the First Game engine built by hand
ENGINE_SEED = {
    "engine.village_slack": 1, "engine.gainer_until_draw": 4, "engine.attack_copies": 1,
    "engine.attack_after_draw": 3, "engine.payload_copies": 5, "engine.payload_after_draw": 2,
    "engine.early_gold": 1, "engine.draw_copies": 6, "engine.payload_unlimited": True,
    "engine.gold_late": False, "engine.spare_villages": 9, "engine.sifter_copies": 2,
    "engine.sift_copper": True, "engine.sift_silver": True, "engine.silver_below_treasures": 7,
    "engine.green_at_coins": 16, "engine.duchy_at": 5, "engine.estate_at": 2,
    "engine.late_duchy_at": 0, "engine.never_end_behind": True,
    "engine.money_kept": 4, "engine.trash_estates_until_turn": 99,
    "engine.trasher_copies": 1, "engine.curses_left_stop": 0, "engine.draw2_copies": 4,
    "engine.attack_on_last_action": True, "engine.villages_early": True,
    "engine.open_with": "attack", "engine.gainer_late": False, "engine.draw2_early": False}


def word(card: str) -> str:
    """A card name as a condition word: ``Council Room`` -> ``CouncilRoom``."""
    return card.replace(" ", "")


def is_action(card: str) -> bool:
    return bool(C.TYPES[C.card_id(card)] & C.ACTION)


def spec(card: str):
    """The registry row of a card name."""
    return C.TABLE[C.card_id(card)]


def is_terminal(card: str) -> bool:
    return is_action(card) and C.TABLE[C.card_id(card)].actions == 0


def play_rule(card: str, kingdom=None) -> str:
    """A card's rule in a play list the templates write: its name with the
    registry's ``play_if`` (Treasure Map only with a second Map in hand; Cellar
    after the terminals that draw: ``cards.default_play_if``, those of
    ``kingdom`` when given), as in the default play list; a bare name would
    replace that condition."""
    among = None if kingdom is None else [C.card_id(c) for c in kingdom]
    cond = C.default_play_if(C.card_id(card), among)
    return f"{card} if {cond}" if cond else card


def min_copies(card: str) -> int:
    """The fewest copies worth buying: the count of its own copies in hand
    that its ``play_if`` asks for (Treasure Map: 2, a lone Map is never
    played), else 1."""
    cond = spec(card).play_if
    key = card.lower().replace(" ", "").replace("_", "")
    n = 1
    for w, k in re.findall(r"hand\.(\w+)\s*>=\s*(\d+)", cond):
        if w.lower().replace("_", "") == key:
            n = max(n, int(k))
    return n


class FixedTrial:
    """A stand-in for an optuna trial that answers from a dict (replaying a
    candidate's parameters), the first choice for any missing one."""

    def __init__(self, params: dict):
        self.params = dict(params)

    def suggest_categorical(self, name, choices):
        value = self.params.get(name, choices[0])
        if value not in choices:
            raise ValueError(f"parameter {name}={value!r} is not one of {list(choices)}")
        self.params[name] = value
        return value

    def suggest_int(self, name, low, high, step=1):
        value = int(self.params.get(name, low))
        if not low <= value <= high:
            raise ValueError(f"parameter {name}={value} is not in {low}..{high}")
        self.params[name] = value
        return value


class Space:
    """The templates a kingdom can play and their parameters."""

    def __init__(self, kingdom: Sequence[str]):
        self.kingdom = [C.NAMES[C.card_id(c)] for c in kingdom]
        have = set(self.kingdom)
        self.actions = sorted(c for c in self.kingdom if is_action(c))
        self.villages = [c for c in VILLAGES if c in have]
        self.draw = [c for c in DRAW if c in have]
        self.trashers = [c for c in TRASHERS if c in have]
        self.attacks = [c for c in ATTACKS if c in have]
        self.payload = [c for c in PAYLOAD if c in have]
        self.gainers = [c for c in GAINERS if c in have]
        self.plus_buy = [c for c in PLUS_BUY if c in have]
        self.sifters = [c for c in SIFTERS if c in have]
        self.nonterminal = sorted(c for c in self.actions if not is_terminal(c))
        # +$ per copy of each +$ Action in the kingdom (for the Province
        # threshold; Moneylender's +$3 less the Copper it trashes: 2)
        self.coin_cards = {c: spec(c).money_per_copy for c in self.actions
                           if spec(c).money_per_copy > 0}
        self.gardens = [c for c in PER_CARD_VP if c in have]
        self.templates = [t for t in TEMPLATES if self.playable(t)]

    def playable(self, template: str) -> bool:
        if template == "money":
            return bool(self.actions)
        if template == "attack":
            return bool(self.attacks)
        if template == "engine":
            return bool(self.villages) and bool(self.draw)
        if template == "gardens":
            return bool(self.gardens)
        raise ValueError(f"unknown template {template!r}; templates: {', '.join(TEMPLATES)}")

    # ------------------------------------------------------------ seeds
    def seeds(self) -> list[dict]:
        """Parameter points the search tries first: where a strong player
        starts. The engine's is the textbook build of its first village and
        its biggest draw, with the kingdom's trasher (Chapel first, then an
        improver like Remodel), gainer, attack, a +Buy payload and a sifter,
        greening from $16 (its numbers are the First Game engine's); with a
        trasher that thins (Chapel) also chapel-engine's shape (THIN_SEED)."""
        if "engine" not in self.templates:
            return []
        def first(cards, key=lambda c: 0):
            return sorted(cards, key=key)[0] if cards else NONE
        real = [c for c in self.villages if spec(c).actions >= 2] or self.villages
        trash = first(self.trashers, key=lambda c: (spec(c).x < 4, not spec(c).gains_any))
        points = [{
            "template": "engine", "engine.village": real[0],
            "engine.draw": first(self.draw, key=lambda c: (not is_terminal(c),
                                                            -spec(c).cards)),
            "engine.trasher": trash, "engine.gainer": first(self.gainers),
            "engine.attack": first(self.attacks, key=lambda c: not spec(c).curses),
            "engine.payload": first(self.payload, key=lambda c: (
                "plus_buy" not in spec(c).roles, is_terminal(c))),
            "engine.sifter": first(self.sifters),
            "engine.draw2": first([c for c in self.draw if not is_terminal(c)],
                                  key=lambda c: -spec(c).cards),
            **ENGINE_SEED}]
        if trash != NONE and not spec(trash).gains_any:     # a thinning trasher
            points.append({**points[0], **THIN_SEED})
        return points

    # ------------------------------------------------------------ candidates
    def suggest(self, trial, name: str = "Candidate") -> dict:
        """A candidate's strategy keys from the trial's parameters."""
        if not self.templates:
            raise ValueError("the kingdom has no Action card: nothing to optimise "
                             "beyond Big Money")
        template = trial.suggest_categorical("template", self.templates)
        build = getattr(self, f"_{template}")
        keys = build(trial)
        end = self._endgame(trial, template)
        keys["buy"] = end["head"] + keys["buy"]
        keys["buy"] = _place_late(keys["buy"], end["late"])
        lets = {"wealth": self._wealth(), **keys.pop("let", {})}
        keys = {"name": name, "description": f"domsim optimize, template {template}",
                **keys, "let": lets, "penultimate_province": end["safe"]}
        return keys

    def _wealth(self) -> str:
        parts = ["my.money"] + [f"{n} * my.{word(c)}" if n > 1 else f"my.{word(c)}"
                                for c, n in sorted(self.coin_cards.items())]
        return " + ".join(parts)

    def _endgame(self, trial, template: str) -> dict:
        p = f"{template}."
        green = (trial.suggest_categorical(p + "green_at_coins", list(GREEN_COINS))
                 if template == "engine" else 0)
        if green:
            # an engine greens once a turn makes `green` coins (two Provinces
            # at $16 with a +Buy), and from its first Province on at any $8:
            # built first, then greened fast (First Game, 20,000 games against
            # Big Money Ultimate: 0.938 [0.933, 0.943] from $16, 0.838
            # [0.831, 0.845] by the deck's money alone)
            province = ["Province if my.Province > 0", f"Province if coins >= {green}"]
        else:
            prov = trial.suggest_int(p + "province_money", 10, 20)
            province = [f"Province if wealth > {prov}" if prov > 10 else "Province"]
        duchy = trial.suggest_int(p + "duchy_at", 2, 6)
        estate = trial.suggest_int(p + "estate_at", 0, 3)
        late = trial.suggest_int(p + "late_duchy_at", 0, 7)
        safe = trial.suggest_categorical(p + "never_end_behind", [True, False])
        # an engine that greens late takes no Duchy before its first Province
        # (First Game, 10,000 games against Big Money Ultimate: 0.917 [0.911,
        # 0.922] with, 0.859 [0.852, 0.865] without)
        started = "my.Province > 0 and " if green else ""
        head = [*province, f"Duchy if {started}supply.Province <= {duchy}"]
        if estate > 0:
            head.append(f"Estate if supply.Province <= {estate}")
        rule = f"Duchy if supply.Province <= {late}" if late > duchy else None
        return dict(head=head, late=rule, safe=safe)

    # ---- money: Big Money with one or two kingdom cards
    def _money(self, trial) -> dict:
        card1 = trial.suggest_categorical("money.card1", self.actions)
        # a kingdom of one card (report balance --optimized) may fill the deck with
        # a non-terminal one (Laboratory, Market ...), as its shipped bm- bot does
        alone = len(self.kingdom) == 1 and not is_terminal(card1)
        n1 = max(trial.suggest_int("money.copies1", 1, 12 if alone else 4),
                 min_copies(card1))
        gap1 = trial.suggest_categorical("money.spacing1", [0, 3, 5, 7, 9])
        over1 = trial.suggest_categorical("money.card1_over_gold", [True, False])
        card2 = trial.suggest_categorical("money.card2", [NONE, *self.actions])
        buy_top, buy_low, play = [], [], []
        (buy_top if over1 else buy_low).append(_copies(card1, n1, gap1))
        if card2 != NONE and card2 != card1:
            n2 = max(trial.suggest_int("money.copies2", 1, 8), min_copies(card2))
            over2 = trial.suggest_categorical("money.card2_over_gold", [True, False])
            (buy_top if over2 else buy_low).append(_copies(card2, n2, 0))
            if is_terminal(card1) and is_terminal(card2):
                first = trial.suggest_categorical("money.play_first", [1, 2])
                play = [play_rule(c) for c in ((card1, card2) if first == 1
                                                else (card2, card1))]
        self._extra(trial, "money", {card1, card2}, buy_top, buy_low)
        keys = {"buy": [*buy_top, "Gold", *buy_low, "Silver"]}
        if play:
            keys["play"] = play
        return keys

    # ---- attack-led money
    def _attack(self, trial) -> dict:
        attack = trial.suggest_categorical("attack.card", self.attacks)
        n = trial.suggest_int("attack.copies", 1, 3)
        gap = trial.suggest_categorical("attack.spacing", [0, 4, 7])
        rule = _copies(attack, n, gap)
        if spec(attack).curses:
            stop = trial.suggest_int("attack.curses_left_stop", 0, 4)
            if stop > 0:
                rule += f" and supply.Curse > {stop}"
        support = trial.suggest_categorical("attack.support", [NONE, *self.actions])
        if support == attack:
            support = NONE
        buy_top, buy_low, keys = [rule], [], {}
        if support in self.trashers and not _cantrip(support):
            # an opening trasher: one copy in the first two turns
            buy_top.append(f"{support} if my.{word(support)} < 1 and my.turn <= 2")
            keys.update(self._trash_lists(trial, "attack", support))
        elif support != NONE:
            ns = max(trial.suggest_int("attack.support_copies", 1, 8), min_copies(support))
            over = trial.suggest_categorical("attack.support_over_gold", [True, False])
            (buy_top if over else buy_low).append(_copies(support, ns, 0))
            if support in self.trashers:        # a cantrip trasher (Sentry): copies
                keys.update(self._trash_lists(trial, "attack", support))
        self._extra(trial, "attack", {attack, support}, buy_top, buy_low)
        keys["buy"] = [*buy_top, "Gold", *buy_low, "Silver"]
        return keys

    def _extra(self, trial, template: str, taken: set, buy_top: list, buy_low: list) -> None:
        """A third card: a non-terminal taken over Silver (or over Gold)."""
        choices = [NONE, *self.nonterminal]
        if len(choices) == 1:
            return
        extra = trial.suggest_categorical(f"{template}.extra", choices)
        if extra == NONE or extra in taken:
            return
        n = max(trial.suggest_int(f"{template}.extra_copies", 1, 8), min_copies(extra))
        over = trial.suggest_categorical(f"{template}.extra_over_gold", [True, False])
        (buy_top if over else buy_low).append(_copies(extra, n, 0))

    # ---- village/draw engine: an opener, villages for its terminals, payload
    def _engine(self, trial) -> dict:
        """Built in the order a strong player builds (Geronimoo's "Building
        the First Game engine", dominionstrategy.com, 2012): the trasher (or
        improver) first, a village whenever the terminals outrun the villages,
        one gainer while the draw is few, the attack once the draw can play it,
        a first payload card and Gold, more payload, draw up to a count with a
        village for each terminal, spare villages, a sifter, and Silver only in
        a thin deck."""
        ask, num = trial.suggest_categorical, trial.suggest_int
        village = ask("engine.village", self.villages)
        draw = ask("engine.draw", self.draw)
        trasher = ask("engine.trasher", [NONE, *self.trashers])
        gainer = ask("engine.gainer", [NONE, *self.gainers])
        attack = ask("engine.attack", [NONE, *self.attacks])
        payload = ask("engine.payload", [NONE, *self.payload])
        sifter = ask("engine.sifter", [NONE, *self.sifters])
        # a second, non-terminal draw (Laboratory beside Smithy): no village needed
        draw2 = ask("engine.draw2", [NONE, *[c for c in self.draw if not is_terminal(c)]])
        v, d = word(village), word(draw)
        taken = {village, draw}
        buy, keys = [], {}
        if trasher != NONE and trasher not in taken:
            # what the other opening buy is beside the trasher: on 4/3 a
            # Militia and Chapel, not Chapel with the $4 (chapel-engine:
            # Chapel/Silver cost it 6.4 points against Militia money)
            opener = ask("engine.open_with", [NONE, "attack", "payload"])
            first_card = {"attack": attack, "payload": payload}.get(opener, NONE)
            if first_card != NONE:
                buy.append(f"{first_card} if my.turn <= 2 and my.{word(first_card)} < 1")
            taken.add(trasher)
            if _cantrip(trasher):           # a cantrip trasher (Sentry): copies
                nt = num("engine.trasher_copies", 1, 3)
                buy.append(f"{trasher} if my.{word(trasher)} < {nt}")
            else:
                buy.append(f"{trasher} if my.{word(trasher)} < 1 and my.turn <= 2")
            # a trasher that gains by what it trashes (Remodel) keeps its
            # default list: Estates into $4 cards, Gold into a Province late;
            # another's Coppers go while the deck's money with its +$ Actions
            # (wealth) stays above the target: Markets and Militias pay too
            if not spec(trasher).gains_any:
                keys.update(self._trash_lists(trial, "engine", trasher, "wealth"))
        if village != draw and ask("engine.villages_early", [True, False]):
            # a village as soon as the terminals outrun the villages, before
            # the payload (Remodel's slow First Game deck); else only after
            # it (a Chapel deck, thin early: chapel-engine)
            slack = num("engine.village_slack", 0, 2)
            buy.append(f"{village} if terminals > my.{v} + {slack}")
        later = []              # rules a parameter moves to just after the draw's
        if gainer != NONE and gainer not in taken:
            taken.add(gainer)
            until = num("engine.gainer_until_draw", 1, 6)
            # early, or once the draw is bought (chapel-engine: after it)
            (later if ask("engine.gainer_late", [False, True]) else buy).append(
                f"{gainer} if my.{word(gainer)} < 1 and my.{d} < {until}")
        if attack != NONE and attack not in taken:
            taken.add(attack)
            na = max(num("engine.attack_copies", 1, 2), min_copies(attack))
            after = num("engine.attack_after_draw", 0, 4)
            cond = f"my.{word(attack)} < {na}" + (f" and my.{d} >= {after}" if after else "")
            if spec(attack).curses:
                stop = num("engine.curses_left_stop", 0, 4)
                if stop > 0:
                    cond += f" and supply.Curse > {stop}"
            buy.append(f"{attack} if {cond}")
        p = word(payload)
        more_payload = None
        if payload != NONE and payload not in taken:
            taken.add(payload)
            buy.append(f"{payload} if my.{p} < 1")
            np_ = num("engine.payload_copies", 1, 8)
            after = num("engine.payload_after_draw", 0, 3)
            more_payload = f"{payload} if my.{p} < {np_}" + (f" and my.{d} >= {after}"
                                                              if after else "")
        ng = num("engine.early_gold", 0, 3)
        if ng:
            buy.append(f"Gold if my.Gold < {ng}")
        if draw2 != NONE and draw2 not in taken:
            taken.add(draw2)
            n2 = num("engine.draw2_copies", 1, 8)
            # before the payload (chapel-engine's two Laboratories), or after the draw
            (buy if ask("engine.draw2_early", [False, True]) else later).append(
                f"{draw2} if my.{word(draw2)} < {n2}")
        if more_payload:
            buy.append(more_payload)
        nd = num("engine.draw_copies", 1, 7)
        if village != draw:
            buy.append(f"{village} if my.{v} < terminals")
        buy.append(f"{draw} if my.{d} < {nd}")
        buy += later
        if payload != NONE and ask("engine.payload_unlimited", [True, False]):
            buy.append(payload)
        if ask("engine.gold_late", [True, False]):
            buy.append("Gold")
        if village != draw:
            nv = num("engine.spare_villages", 0, 10)
            if nv:
                buy.append(f"{village} if my.{v} < {nv}")
        keep = []
        if sifter != NONE and sifter not in taken:
            taken.add(sifter)
            ns = num("engine.sifter_copies", 0, 3)
            if ns:
                s_ = word(sifter)
                buy.append(f"{sifter} if my.{s_} < {ns}")
                buy.append(f"{sifter} if my.{s_} < {ns + 1} and my.Victory > 3")
                # what the sifter discards: green cards and Curses, Coppers
                # (First Game, 20,000 games against Big Money Ultimate: 0.938
                # [0.933, 0.943] with them, 0.769 [0.761, 0.778] without), its
                # own spare copies and an improver that gives the turn nothing
                # (Remodel: 10,000 games, 0.927 [0.922, 0.932] with these two,
                # 0.917 [0.911, 0.922] without), and maybe Silver
                keep = ["Province", "Duchy", "Estate", "Curse"]
                if ask("engine.sift_copper", [True, False]):
                    keep.append("Copper")
                keep.append(sifter)
                if trasher in taken and spec(trasher).nothing_now:
                    keep.append(trasher)
                if ask("engine.sift_silver", [True, False]):
                    keep.append("Silver")
        silver = ask("engine.silver_below_treasures", [7, 9, 12, 99])
        buy.append("Silver" if silver == 99 else f"Silver if my.Treasure < {silver}")
        keys["buy"] = buy
        if keep:
            keys["discard"] = keep
        # no play list: the default order plays the villages first, then the
        # non-terminals (Market, Cellar, Laboratory) and then the draw, as a
        # player does. Listed as "village, draw", the draw came before the
        # non-terminals (First Game, 10,000 games against Big Money Ultimate:
        # 0.917 [0.911, 0.922] without the list, 0.809 [0.801, 0.816] with
        # it); and a draw that discards the hand (Tactician) discarded them
        # unplayed (Buried Treasure's winner: 0.6109 (0.6079-0.6139) listed,
        # 0.6404 (0.6374-0.6434) left out, 100,000 games)
        if (attack in taken and attack != draw and is_terminal(draw) and is_terminal(attack)
                and ask("engine.attack_on_last_action", [True, False])):
            keys["play"] = self._attack_on_last_action(draw, attack)
        keys["let"] = {"terminals": self._terminals()}
        return keys

    def _attack_on_last_action(self, draw: str, attack: str) -> list[str]:
        """The default order up to the draw, then the draw only while an
        Action is left after it or no attack is in hand: the last Action
        plays the attack (chapel-engine's rule; First Game, 20,000 games:
        0.952 [0.949, 0.955] against Big Money Ultimate where the default
        order, draw first, scored 0.940 [0.937, 0.943]; against
        Smithy/Market 0.762 where it scored 0.740)."""
        from simulator.language.strategy import DEFAULT_LISTS
        have, out = set(self.kingdom), []
        for rule in DEFAULT_LISTS["play"]:
            card = rule.partition(" if ")[0]
            if card == draw:
                break
            if card in have:
                out.append(play_rule(card, self.kingdom))
        return [*out, f"{draw} if actions >= 2 or hand.{word(attack)} == 0"]

    def _terminals(self) -> str:
        """The kingdom's terminal Actions I own, one count (a let)."""
        terms = [f"my.{word(c)}" for c in self.actions if is_terminal(c)]
        return " + ".join(terms) if terms else "0"

    # ---- Gardens rush
    def _gardens(self, trial) -> dict:
        gainer = trial.suggest_categorical("gardens.gainer", [NONE, *self.gainers])
        extra = trial.suggest_categorical("gardens.plus_buy", [NONE, *self.plus_buy])
        start = trial.suggest_int("gardens.gardens_after_turn", 0, 12)
        copper = trial.suggest_categorical("gardens.copper", [True, False])
        silver = trial.suggest_categorical("gardens.silver", [True, False])
        # green cards once this few Gardens are left (8: from the start)
        duchy = trial.suggest_int("gardens.duchy_when_gardens_left", 0, 8)
        estate = trial.suggest_int("gardens.estate_when_gardens_left", 0, 8)
        # the card that scores per card owned (the registry's one: Gardens)
        payoff = (self.gardens[0] if len(self.gardens) == 1
                  else trial.suggest_categorical("gardens.card", self.gardens))
        g = f"{payoff} if my.turn > {start}" if start > 0 else payoff
        buy, gain = [], []
        if gainer != NONE:
            ng = trial.suggest_int("gardens.gainer_copies", 3, 10)
            rule = f"{gainer} if my.{word(gainer)} < {ng}"
            # which comes first, for a buy and for the gainer's gain
            buy_first = trial.suggest_categorical("gardens.buy_gardens_first", [True, False])
            gain_first = trial.suggest_categorical("gardens.gain_gardens_first", [True, False])
            buy += [g, rule] if buy_first else [rule, g]
            gain += [payoff, rule] if gain_first else [rule, payoff]
        else:
            buy.append(g)
            gain.append(payoff)
        gain += ["Duchy", "Estate", "Silver"]
        if extra != NONE:
            nb = trial.suggest_int("gardens.plus_buy_copies", 1, 6)
            buy.append(f"{extra} if my.{word(extra)} < {nb}")
        buy.append("Duchy" if duchy >= 8 else f"Duchy if supply.{word(payoff)} <= {duchy}")
        buy.append("Estate" if estate >= 8 else f"Estate if supply.{word(payoff)} <= {estate}")
        if silver:
            buy.append("Silver")
        if copper:
            buy.append("Copper")
        keys = {"buy": buy}
        if gainer != NONE:
            keys["gain"] = gain
        return keys

    # ---- what a trasher trashes
    def _trash_lists(self, trial, template: str, trasher: str, money: str = "my.money") -> dict:
        own = spec(trasher).own_list
        if "trash" not in spec(trasher).lists and own is None:
            return {}           # no list decides its trash (Moneylender: a Copper, may)
        keep = trial.suggest_int(f"{template}.money_kept", 3, 7)
        estates = trial.suggest_categorical(f"{template}.trash_estates_until_turn",
                                            [0, 8, 12, 99])
        rules = ["Curse"]
        if estates:
            rules.append(f"Estate if my.turn <= {estates}" if estates < 99 else "Estate")
        rules.append(f"Copper if {money} > {keep}")
        if own is not None and spec(trasher).gains_any:
            # its own trash list of a card that gains by what it trashes
            # (Remodel's remodel, Replace's replace): a Gold into a Province late
            return {own.key: ["Gold if supply.Province <= 4", *rules]}
        if "trash" in spec(trasher).lists:
            # the shared trash list (Masquerade's own list is what it passes,
            # not what it trashes)
            return {"trash": rules}
        # its own list names what leaves the deck, nothing gained for it
        # (Ambassador's ambassador: the card returned to the Supply)
        return {own.key: rules}


def _cantrip(card: str) -> bool:
    return "cantrip" in spec(card).roles


def _copies(card: str, n: int, gap: int) -> str:
    """Buy ``card`` up to ``n`` copies; with ``gap`` > 0 the k-th more copy
    waits for a deck of 10 + k * gap cards."""
    w = word(card)
    rule = f"{card} if my.{w} < {n}"
    m = min_copies(card)
    if gap > 0 and n > m:
        if m > 1:           # the copies one play needs (a pair of Maps) come unspaced
            rule += f" and (my.{w} < {m} or my.cards >= 10 + {gap} * my.{w})"
        else:
            rule += f" and my.cards >= 10 + {gap} * my.{w}"
    return rule


def _place_late(buy: list[str], late: str | None) -> list[str]:
    """The late-Duchy rule goes just after Gold (Duchy over Silver and
    cheaper cards once few Provinces are left)."""
    if late is None:
        return buy
    out = list(buy)
    i = out.index("Gold") + 1 if "Gold" in out else len(out)
    out.insert(i, late)
    return out
