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


VILLAGES, DRAW, TRASHERS, ATTACKS, PAYLOAD, GAINERS, PLUS_BUY = (
    _role(r) for r in ("village", "draw", "trasher", "attack", "payload", "gainer",
                       "plus_buy"))
# cards that score per cards owned (Gardens): the gardens template's payoff
PER_CARD_VP = tuple(C.NAMES[c] for c in C.KINGDOM_CARDS
                    if C.TABLE[c].vp_rule is not None and C.TABLE[c].vp_rule.counts == "cards")

TEMPLATES = ("money", "attack", "engine", "gardens")


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


def play_rule(card: str) -> str:
    """A card's rule in a play list the templates write: its name with the
    registry's ``play_if`` (Treasure Map only with a second Map in hand), as
    in the default play list; a bare name would replace that condition."""
    cond = spec(card).play_if
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
        lets = {"wealth": self._wealth()}
        keys = {"name": name, "description": f"domsim optimize, template {template}",
                **keys, "let": lets, "penultimate_province": end["safe"]}
        return keys

    def _wealth(self) -> str:
        parts = ["my.money"] + [f"{n} * my.{word(c)}" if n > 1 else f"my.{word(c)}"
                                for c, n in sorted(self.coin_cards.items())]
        return " + ".join(parts)

    def _endgame(self, trial, template: str) -> dict:
        p = f"{template}."
        prov = trial.suggest_int(p + "province_money", 10, 20)
        duchy = trial.suggest_int(p + "duchy_at", 2, 6)
        estate = trial.suggest_int(p + "estate_at", 0, 3)
        late = trial.suggest_int(p + "late_duchy_at", 0, 7)
        safe = trial.suggest_categorical(p + "never_end_behind", [True, False])
        head = [f"Province if wealth > {prov}" if prov > 10 else "Province",
                f"Duchy if supply.Province <= {duchy}"]
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

    # ---- village/draw engine with trashing and payload
    def _engine(self, trial) -> dict:
        village = trial.suggest_categorical("engine.village", self.villages)
        draw = trial.suggest_categorical("engine.draw", self.draw)
        trasher = trial.suggest_categorical("engine.trasher", [NONE, *self.trashers])
        payload = trial.suggest_categorical("engine.payload", [NONE, *self.payload])
        nd = trial.suggest_int("engine.draw_copies", 1, 5)
        nv = trial.suggest_int("engine.village_copies", 1, 6)
        slack = trial.suggest_int("engine.draw_ahead", 0, 2)
        gold_first = trial.suggest_categorical("engine.gold_first", [True, False])
        v, d = word(village), word(draw)
        buy = []
        keys: dict = {}
        if trasher != NONE:
            buy.append(f"{trasher} if my.{word(trasher)} < 1 and my.turn <= 2")
            keys.update(self._trash_lists(trial, "engine", trasher))
        if gold_first:
            buy.append("Gold")
        if draw != village:
            buy.append(f"{draw} if my.{d} < {nd} and my.{d} <= my.{v} + {slack}")
            buy.append(f"{village} if my.{v} < {nv}")
        else:
            buy.append(f"{draw} if my.{d} < {max(nd, nv)}")
        if payload != NONE and payload not in (draw, village):
            np_ = max(trial.suggest_int("engine.payload_copies", 1, 8), min_copies(payload))
            buy.append(_copies(payload, np_, 0))
        if not gold_first:
            buy.append("Gold")
        buy.append("Silver")
        keys["buy"] = buy
        # a draw that discards the hand (Tactician, the registry's
        # discards_hand) is left to the default order, after the
        # non-terminals: listed here it came before them and discarded them
        # unplayed (Buried Treasure's winner with Fishing Village, Tactician
        # and Lighthouses against Big Money Ultimate, 100,000 games: 0.6109
        # (0.6079-0.6139) listed, 0.6404 (0.6374-0.6434) left out)
        later = draw == village or spec(draw).discards_hand
        keys["play"] = [play_rule(village)] + ([] if later else [play_rule(draw)])
        return keys

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
    def _trash_lists(self, trial, template: str, trasher: str) -> dict:
        own = spec(trasher).own_list
        if "trash" not in spec(trasher).lists and own is None:
            return {}           # no list decides its trash (Moneylender: a Copper, may)
        keep = trial.suggest_int(f"{template}.money_kept", 3, 7)
        estates = trial.suggest_categorical(f"{template}.trash_estates_until_turn",
                                            [0, 8, 12, 99])
        rules = ["Curse"]
        if estates:
            rules.append(f"Estate if my.turn <= {estates}" if estates < 99 else "Estate")
        rules.append(f"Copper if my.money > {keep}")
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
