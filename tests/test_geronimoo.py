"""Bots of Geronimoo's DominionSim (XML) imported as strategies and exported
back (issue 34): every function, comparator and operator of its format, an
extra operation, type tags, a board, a start state, unknown cards and
functions, malformed files; the files the command writes.  Each XML file is
small and written here; what the words mean in a game is checked by
tests/scenarios/import_words.toml."""
from __future__ import annotations

import re
import tomllib

import pytest

from simulator.cli import app as cli
from simulator.engine import cards as C
from simulator.language import geronimoo as G
from simulator.language.strategy import Strategy
from cli_runner import cli_runner




def xml(*players: str) -> str:
    return '<?xml version="1.0" encoding="UTF-8"?>\n<playerCollection>\n' + \
        "\n".join(players) + "\n</playerCollection>\n"


def player(body: str, name: str = "Bot", extra: str = "") -> str:
    return f'<player name="{name}" author="me" description="a test{extra}">\n{body}\n</player>'


def cond(left: str, op: str, right: str, extra: str = "") -> str:
    return f"<condition>{left}<operator type=\"{op}\"/>{right}{extra}</condition>"


def side(tag: str, fn: str, attr: str | None = None) -> str:
    return f'<{tag} type="{fn}"' + (f' attribute="{attr}"' if attr is not None else "") + "/>"


def one(body: str, **kw) -> G.Converted:
    """The one bot of a file holding ``body``."""
    (bot,) = G.parse_bots(xml(player(body, **kw)), "t.xml")
    return G.convert(bot, "t.xml")


def rule(card: str, *conds: str) -> str:
    return f'<buy name="{card}">' + "".join(conds) + "</buy>"


def buy_list(c: G.Converted) -> list[str]:
    return tomllib.loads(c.toml)["buy"]


def condition_of(fn: str, attr: str | None) -> str:
    """The domsim text of ``fn(attr) > 1``, the safe rule left off."""
    c = one(rule("Gold", cond(side("left", fn, attr), "greaterThan",
                              side("right", "constant", "1.0"))) + '<buy name="Silver"/>')
    assert c.status == "full", c.problems
    text = buy_list(c)[0]
    assert text.startswith("Gold if ") and text.endswith(" > 1 and safe"), text
    return text[len("Gold if "):-len(" > 1 and safe")]


# ============================================================ functions, by what they compute

FUNCTIONS = [
    ("countCardsInDeck", "Throne_Room", "my.ThroneRoom"),
    ("countCardsInDeckNoMats", "Smithy", "my.Smithy"),          # domsim has no mats
    ("countCardTypeInDeck", "Treasure", "my.Treasure"),
    ("countCardTypeInDeck", "Terminal", "terminals"),
    ("countCardsInSupply", "Province", "supply.Province"),
    ("gainsNeededToEndGame", None, "gains_to_end"),
    ("countAllCardsInDeck", None, "my.cards"),
    ("countAvailableMoney", None, "coins"),
    ("countTurns", None, "my.turn"),
    ("countEmptyPiles", None, "empty_piles"),
    ("countBuysLeft", None, "buys"),
    ("getTotalMoney", None, "my.money"),                        # no Action with +$ to own
    ("getTotalMoneyExcludingMats", None, "my.money"),
    ("actionsLeft", None, "actions"),
    ("countCardsLeftInDrawDeck", None, "deck.size + discard.size"),
    ("countCardsLeftInSmallestPile", None, "min(smallest_pile, 10)"),
    ("countCardsInPlay", "Village", "play.Village"),
    ("countCardsInHand", "Copper", "hand.Copper"),
    ("countAllCardsInOpponentsDeck", None, "opp.cards"),
    ("countCardsInOpponentsDecks", "Witch", "opp.Witch"),
    ("countVP", None, "my.vp"),
    ("countMAXOpponentVP", None, "max(opp.vp, 0)"),             # it counts at least 0
    ("countGainedCards", None, "gained.cards"),                 # since its turn began
]


@pytest.mark.parametrize("fn, attr, words", FUNCTIONS)
def test_each_function_is_mapped_by_what_it_computes(fn, attr, words):
    assert condition_of(fn, attr) == words


def test_every_function_of_the_issue_is_covered():
    listed = ("constant countCardsInDeck countCardsInDeckNoMats countCardTypeInDeck "
              "countCardsInSupply gainsNeededToEndGame countAllCardsInDeck countAvailableMoney "
              "countTurns countEmptyPiles countBuysLeft getTotalMoney "
              "getTotalMoneyExcludingMats actionsLeft isActionPhase countCardsLeftInDrawDeck "
              "countCardsLeftInSmallestPile countCardsInPlay countCardsInHand "
              "countAllCardsInOpponentsDeck countCardsInOpponentsDecks countVP "
              "countMAXOpponentVP countGainedCards").split()
    assert set(listed) <= set(G.KNOWN_FUNCTIONS)
    assert set(listed) - {"constant", "isActionPhase"} <= {f for f, _, _ in FUNCTIONS}


def test_two_player_readings_are_said_in_the_header():
    c = one(rule("Moat", cond(side("left", "countCardsInOpponentsDecks", "Witch"),
                              "greaterThan", side("right", "constant", "0.0"))) +
            '<buy name="Silver"/>')
    assert c.status == "full"
    assert any("adds up the opponents' copies" in n for n in c.notes)
    assert "in games of 3 or more players" in c.toml


def test_get_total_money_adds_the_fixed_plus_coins_of_actions_it_can_own():
    c = one(rule("Province", cond(side("left", "getTotalMoney"), "greaterThan",
                                  side("right", "constant", "16.0")))
            + '<buy name="Festival"/><buy name="Moneylender"/><buy name="Smithy"/>')
    data = tomllib.loads(c.toml)
    assert data["buy"][0] == "Province if total_money > 16 and safe"
    # Festival +$2; Moneylender counts 1 there (its +$3 less the Copper); Smithy nothing
    assert data["let"]["total_money"] == "my.money + my.Moneylender + 2 * my.Festival"


def test_type_tags_are_the_registry_roles_with_its_exceptions():
    """Geronimoo's tags of the cards domsim has, as its DomCardName lists them."""
    theirs = {
        "Curse": "Curse Base Junk", "Copper": "Treasure Base Junk", "Silver": "Treasure Base",
        "Gold": "Treasure Base", "Estate": "Victory Base Junk", "Duchy": "Victory Base",
        "Province": "Victory Base", "Cellar": "Action Kingdom Cycler",
        "Chapel": "Action Kingdom Terminal Trasher",
        "Moat": "Action Reaction Kingdom Terminal Card_Advantage",
        "Harbinger": "Action Kingdom Cycler", "Merchant": "Action Kingdom Cycler",
        "Vassal": "Action Kingdom Terminal", "Village": "Action Kingdom Cycler Village",
        "Workshop": "Action Kingdom Terminal", "Bureaucrat": "Action Attack Kingdom Terminal",
        "Gardens": "Victory Kingdom", "Militia": "Action Attack Kingdom Terminal",
        "Moneylender": "Action Kingdom Terminal", "Poacher": "Action Kingdom Cycler",
        "Remodel": "Action Kingdom Terminal Trasher TrashForBenefit",
        "Smithy": "Action Kingdom Terminal Card_Advantage",
        "Throne Room": "Action Kingdom Multiplier",
        "Bandit": "Action Attack Kingdom Terminal",
        "Council Room": "Action Kingdom Terminal Card_Advantage",
        "Festival": "Action Kingdom Village", "Laboratory": "Action Kingdom Cycler Card_Advantage",
        "Library": "Action Kingdom Terminal Card_Advantage", "Market": "Action Kingdom Cycler",
        "Mine": "Action Kingdom Terminal", "Sentry": "Action Kingdom Cycler",
        "Witch": "Action Attack Kingdom Terminal Card_Advantage",
        "Artisan": "Action Kingdom Terminal", "Woodcutter": "Action Kingdom Terminal",
        "Chancellor": "Action Kingdom Terminal", "Feast": "Action Kingdom Terminal",
        "Adventurer": "Action Kingdom Terminal", "Spy": "Action Attack Kingdom Cycler",
        "Thief": "Action Attack Kingdom Terminal",
        "Envoy": "Action Kingdom Terminal Card_Advantage",
        "Black Market": "Action Kingdom Terminal",
        "Steward": "Action Kingdom Terminal Trasher Card_Advantage",
        "Shanty Town": "Action Kingdom Village Card_Advantage",
        "Conspirator": "Action Kingdom Terminal",
        "Mining Village": "Action Kingdom Village Cycler",
        "Mill": "Action Kingdom Victory Cycler", "Baron": "Action Kingdom Terminal",
        "Bridge": "Action Kingdom Terminal",
        "Diplomat": "Action Reaction Kingdom Card_Advantage",
        "Pawn": "Action Kingdom Cycler",
        "Torturer": "Action Attack Kingdom Terminal Card_Advantage",
        "Masquerade": "Action Kingdom Terminal Card_Advantage Trasher",
        "Swindler": "Action Attack Kingdom Terminal", "Minion": "Action Attack Kingdom",
        "Wishing Well": "Action Kingdom Cycler",
        "Courtyard": "Action Kingdom Terminal Card_Advantage",
        "Secret Passage": "Action Kingdom Cycler",
        "Patrol": "Action Kingdom Terminal Card_Advantage",
        "Nobles": "Action Kingdom Victory Village Card_Advantage",
        "Great Hall": "Action Kingdom Victory Cycler", "Harem": "Victory Kingdom Treasure",
        "Ironworks": "Action Kingdom", "Trading Post": "Action Kingdom Terminal Trasher",
        "Upgrade": "Action Kingdom Cycler Trasher TrashForBenefit",
        "Replace": "Action Attack Kingdom Terminal Trasher TrashForBenefit",
        "Duke": "Victory Kingdom", "Lurker": "Action Kingdom",
        "Scout": "Action Kingdom Cycler", "Coppersmith": "Action Kingdom Terminal",
        "Tribute": "Action Kingdom Terminal",
        "Saboteur": "Action Attack Kingdom Terminal",
        "Secret Chamber": "Action Kingdom Terminal Reaction", "Courtier": "Action Kingdom",
        "Bazaar": "Action Kingdom Cycler Village",
        "Caravan": "Action Kingdom Duration Cycler Card_Advantage",
        "Fishing Village": "Action Kingdom Duration Village",
        "Merchant Ship": "Action Kingdom Terminal Duration",
        "Wharf": "Action Kingdom Terminal Duration Card_Advantage",
        "Lighthouse": "Action Kingdom Duration",
        "Tide Pools": "Action Kingdom Duration Cycler Card_Advantage",
        "Sea Witch": "Action Attack Kingdom Terminal Duration Card_Advantage",
        "Native Village": "Action Kingdom Village", "Island": "Action Kingdom Victory Terminal",
        "Outpost": "Action Kingdom Duration Terminal",
        "Monkey": "Action Kingdom Duration Terminal",
        "Smugglers": "Action Kingdom Terminal",
        "Sailor": "Action Kingdom Trasher Duration",
        "Pirate": "Action Kingdom Terminal Reaction Duration",
        "Corsair": "Action Kingdom Terminal Duration Attack",
        "Cutpurse": "Action Kingdom Attack Terminal",
        # Seaside's decisions on the hand and the deck's top
        "Warehouse": "Action Kingdom Cycler",
        "Pearl Diver": "Action Kingdom Cycler",
        "Sea Hag": "Action Attack Kingdom Terminal", "Explorer": "Action Kingdom Terminal",
        "Salvager": "Action Kingdom Terminal Trasher TrashForBenefit",
        "Lookout": "Action Kingdom", "Sea Chart": "Action Kingdom Cycler",
        "Treasury": "Action Kingdom Cycler",
        "Blockade": "Action Attack Kingdom Terminal Duration",
        "Haven": "Action Kingdom Duration Cycler",
        "Navigator": "Action Kingdom Terminal", "Embargo": "Action Kingdom Terminal",
        "Astrolabe": "Treasure Kingdom Duration",
        "Tactician": "Action Kingdom Duration Terminal Card_Advantage",
        "Treasure Map": "Action Kingdom Terminal",
        "Ghost Ship": "Action Attack Kingdom Terminal Card_Advantage",
        "Ambassador": "Action Attack Kingdom Terminal Trasher",
        "Pirate Ship": "Action Attack Kingdom Terminal"}
    for c in range(C.NCARDS):
        assert G.geronimoo_tags(c) == set(theirs[C.NAMES[c]].split()), C.NAMES[c]


def test_a_tag_counts_only_the_cards_the_bot_can_own():
    c = one(rule("Smithy", cond(side("left", "countCardTypeInDeck", "Terminal"), "smallerThan",
                                side("right", "constant", "2.0")))
            + rule("Village", cond(side("left", "countCardsInDeck", "Village"), "smallerThan",
                                   side("right", "countCardTypeInDeck", "Card_Advantage")))
            + '<buy name="Silver"/>')
    data = tomllib.loads(c.toml)
    assert data["buy"][:2] == ["Smithy if terminals < 2 and safe",
                               "Village if my.Village < card_advantages and safe"]
    assert data["let"]["terminals"] == "my.Smithy"
    assert data["let"]["card_advantages"] == "my.Smithy"
    # a card that may gain any card (Workshop's fallback) can bring any of them
    w = one(rule("Smithy", cond(side("left", "countCardTypeInDeck", "Village"), "smallerThan",
                                side("right", "constant", "2.0"))) + '<buy name="Workshop"/>')
    assert tomllib.loads(w.toml)["let"]["villages"] == ("my.Village + my.Festival + "
                                                        "my.ShantyTown + my.MiningVillage + "
                                                        "my.Nobles + my.Bazaar + "
                                                        "my.FishingVillage + my.NativeVillage")


def test_a_type_domsim_has_no_card_of_is_not_converted():
    c = one(rule("Gold", cond(side("left", "countCardTypeInDeck", "Ruins"), "equalTo",
                              side("right", "constant", "0.0"))) + '<buy name="Silver"/>')
    assert c.status == "partial"
    assert "domsim has no card of type Ruins" in c.problems[0]


# ============================================================ comparators, operators

@pytest.mark.parametrize("comparator, symbol", list(G.COMPARATORS.items()))
def test_every_comparator(comparator, symbol):
    c = one(rule("Gold", cond(side("left", "countCardsInDeck", "Gold"), comparator,
                              side("right", "constant", "3.0"))) + '<buy name="Silver"/>')
    assert buy_list(c)[0] == f"Gold if my.Gold {symbol} 3 and safe"


@pytest.mark.parametrize("op, attr, right", [
    ("plus", "2.0", "my.Silver + 2"), ("minus", "2.0", "my.Silver - 2"),
    ("plus", "-1.5", "my.Silver - 1.5"),
    ("multiplyWith", "2.0", "my.Silver * 2"), ("divideBy", "4.0", "my.Silver / 4"),
])
def test_every_operator_as_the_extra_operation_on_the_right(op, attr, right):
    c = one(rule("Gold", cond(side("left", "countCardsInDeck", "Gold"), "smallerThan",
                              side("right", "countCardsInDeck", "Silver"),
                              f'<extra_operation type="{op}" attribute="{attr}"/>'))
            + '<buy name="Silver"/>')
    assert buy_list(c)[0] == f"Gold if my.Gold < {right} and safe"


def test_the_extra_operation_binds_to_the_whole_right_side():
    c = one(rule("Gold", cond(side("left", "countAllCardsInDeck"), "greaterThan",
                              side("right", "countCardsLeftInDrawDeck"),
                              '<extra_operation type="multiplyWith" attribute="2.0"/>'))
            + '<buy name="Silver"/>')
    assert buy_list(c)[0] == "Gold if my.cards > (deck.size + discard.size) * 2 and safe"


def test_division_gives_fractions_and_the_rule_plays_as_written():
    """The shipped Smithy bot's rule, as that simulator's Smithy bot writes it."""
    c = one(rule("Smithy", cond(side("left", "countCardsInDeck", "Smithy"), "smallerThan",
                                side("right", "countCardTypeInDeck", "Treasure"),
                                '<extra_operation type="divideBy" attribute="11.0"/>'))
            + '<buy name="Silver"/>')
    assert buy_list(c)[0] == "Smithy if my.Smithy < my.Treasure / 11 and safe"


def test_constant_conditions_fold_and_a_division_by_zero_is_refused():
    c = one(rule("Gold", cond(side("left", "constant", "1.0"), "greaterThan",
                              side("right", "constant", "2.0")))
            + rule("Silver", cond(side("left", "constant", "3"), "equalTo",
                                  side("right", "constant", "1.5"),
                                  '<extra_operation type="multiplyWith" attribute="2"/>'))
            + rule("Copper", cond(side("left", "countCardsInDeck", "Gold"), "greaterThan",
                                  side("right", "countCardsInDeck", "Silver"),
                                  '<extra_operation type="divideBy" attribute="0"/>')))
    assert buy_list(c) == ["Silver if safe"]
    assert "# never: \"Gold if 1.0 > 2.0\"" in c.toml
    assert "divides by 0" in c.problems[0]


def test_is_action_phase_splits_the_buy_and_the_gain_list():
    c = one(rule("Estate", cond(side("left", "isActionPhase"), "equalTo",
                                side("right", "constant", "1.0")))
            + rule("Smithy", cond(side("left", "isActionPhase"), "equalTo",
                                  side("right", "constant", "0.0")))
            + '<buy name="Workshop"/><buy name="Silver"/>')
    data = tomllib.loads(c.toml)
    assert data["buy"] == ["Smithy if safe", "Workshop if safe", "Silver if safe"]
    assert data["gain"] == ["Estate if safe", "Workshop if safe", "Silver if safe"]
    assert c.status == "full"


# ============================================================ the simulator's own rules

def test_every_rule_carries_the_never_end_the_game_losing_rule():
    c = one('<buy name="Province"/><buy name="Gold"/>')
    data = tomllib.loads(c.toml)
    assert data["buy"] == ["Province if safe", "Gold if safe"]
    assert data["let"]["safe"] == G.SAFE_TEXT and data["let"]["tie_loses"] == G.TIE_TEXT
    assert "never buys or gains the last card of a pile" in c.toml.split("name =")[0]


def test_applies_ppr_guards_the_province_rules():
    c = one('<type name="AppliesPPR"/><type name="BigMoney"/><buy name="Province"/>'
            '<buy name="Duchy"/><buy name="Estate"/><buy name="Gardens"/>')
    data = tomllib.loads(c.toml)
    assert data["buy"][:2] == ["Province if safe and not ppr", "Duchy if safe"]
    # an Estate (1 VP) never takes a player who is behind ahead: no term for it
    assert data["let"]["ppr"] == ("supply.Province == 2 and lead < 0 and ((supply.Duchy > 0 "
                                  "and lead + 3 > 0) or (supply.Gardens > 0 and lead + "
                                  "my.cards // 10 > 0))")
    assert "categories (<type>): AppliesPPR, BigMoney" in c.toml


def test_play_settings_are_not_converted_and_the_last_one_holds():
    c = one('<buy name="Chapel" strategy="aggressiveTrashing"/>'
            '<buy name="Chapel" strategy="standard"/><buy name="Mine" strategy="standard"/>'
            '<buy name="Mine" strategy="mineCopperFirst"/><buy name="Silver"/>')
    assert c.status == "partial"
    assert len(c.problems) == 1 and "strategy='mineCopperFirst' of Mine" in c.problems[0]


# ============================================================ board, start state, cards

# ============================================================ how its cards play

def _said(c: G.Converted) -> str:
    """The header's comments as one line of text."""
    return " ".join(line.lstrip("#").strip() for line in c.toml.split("\nname = ")[0]
                    .splitlines())


def _province_rule(op: str, n: str) -> str:
    return cond(side("left", "countCardsInSupply", "Province"), op,
                side("right", "constant", n))


def test_chancellor_always_discards_its_deck_as_chancellor_card_does():
    c = one(rule("Province") + rule("Chancellor") + rule("Silver"))
    assert "may = { Chancellor = true }" in c.toml
    assert "ChancellorCard" in c.toml.split("may = {")[0].splitlines()[-1]
    assert [r.card for r in c.strategy.may] == [C.Card.CHANCELLOR]
    assert "may" not in tomllib.loads(one(rule("Province") + rule("Silver")).toml)


def test_sentry_trashes_and_discards_as_sentry_card_does():
    c = one(rule("Province") + rule("Duchy", _province_rule("smallerOrEqualThan", "4.0"))
            + rule("Estate", _province_rule("smallerOrEqualThan", "2.0"))
            + rule("Sentry") + rule("Moneylender") + rule("Silver"))
    data = tomllib.loads(c.toml)
    # Curse and Copper always; Estate and Duchy while no buy rule of theirs holds
    # (conditions only, not "safe"); Moneylender once no Copper is owned
    assert data["trash"] == ["Curse", "Copper", "Estate if not (supply.Province <= 2)",
                             "Duchy if not (supply.Province <= 4)",
                             "Moneylender if my.Copper == 0"]
    # every card it ranks at or below Silver, lowest first
    assert data["discard"] == ["Moneylender if hand.Copper == 0", "Province", "Duchy",
                               "Estate", "Curse", "Copper", "Silver"]
    assert "SentryCard trashes" in c.toml and "SentryCard discards" in c.toml
    assert {"trash", "discard"} <= c.strategy.explicit
    assert "plays differently in domsim: Sentry (SentryCard): it also discards" in _said(c)


def test_sentry_never_trashes_a_card_a_rule_always_wants():
    never = cond(side("left", "constant", "1.0"), "greaterThan",
                 side("right", "constant", "2.0"))
    c = one(rule("Province") + rule("Estate") + rule("Duchy", never) + rule("Sentry"))
    # Estate always wanted: kept; the Duchy rule never holds: always trashed
    assert tomllib.loads(c.toml)["trash"] == ["Curse", "Copper", "Duchy"]


def test_sentry_trash_list_is_not_written_when_another_card_reads_it():
    for other in ("Chapel", "Remodel", "Mine"):
        c = one(rule("Province") + rule("Sentry") + rule(other) + rule("Silver"))
        assert "trash" not in tomllib.loads(c.toml)
        assert (f"plays differently in domsim: Sentry (SentryCard): it trashes Curses"
                in _said(c) and f"because {other} reads it too" in _said(c))


def test_cellar_discards_as_cellar_card_does_terminals_beyond_its_actions_first():
    c = one(rule("Province") + rule("Militia") + rule("Cellar") + rule("Smithy")
            + rule("Silver"))
    terms = "play.Cellar > 0 and hand.Smithy + hand.Militia > actions"
    assert tomllib.loads(c.toml)["discard"] == [
        "Province", "Duchy", "Estate", "Curse", "Copper", "Cellar", "Silver",
        f"Smithy if {terms}", f"Militia if {terms}"]
    assert "CellarCard discards" in c.toml and "discard" in c.strategy.explicit
    assert "plays differently in domsim: Cellar (CellarCard)" in _said(c)


def test_spy_sharing_the_discard_list_is_said():
    c = one(rule("Province") + rule("Cellar") + rule("Spy"))
    assert "Spy reads it too" in " ".join(line.lstrip("#").strip()
                                         for line in c.toml.splitlines())


@pytest.mark.parametrize("cards, said", [
    (("Spy", "Thief"), "Spy (SpyCard): holding a Thief"),
    (("Envoy",), "Envoy (EnvoyCard)"),
    (("Harbinger",), "Harbinger (HarbingerCard)"),
    (("Mine",), "Mine (MineCard)"),
    (("Remodel",), "Remodel (RemodelCard"),
    (("Workshop",), "Workshop (WorkshopCard)"),
    (("Bridge",), "Bridge (BridgeCard"),
])
def test_what_a_file_cannot_say_is_in_the_header(cards, said):
    c = one(rule("Province") + "".join(rule(k) for k in cards) + rule("Silver"))
    assert "plays differently in domsim: " + said in _said(c)
    assert c.strategy is not None
    plain = one(rule("Province") + rule("Silver"))
    assert "plays differently" not in plain.toml
    if cards == ("Spy", "Thief"):
        assert "holding a Thief" not in one(rule("Province") + rule("Spy")).toml


def test_ironworks_is_not_said():
    """domsim's Ironworks gains an Action for an Action left in hand with no
    Action to play it, as IronworksCard does: nothing to say."""
    assert "IronworksCard" not in one(rule("Province") + rule("Ironworks") + rule("Silver")).toml


def test_minion_is_not_said():
    """domsim's Minion default follows MinionCard (want.cost: +$2 when it
    reaches the first card the buy rules want ...): nothing to say."""
    assert "MinionCard" not in one(rule("Province") + rule("Minion") + rule("Silver")).toml


def test_the_board_becomes_the_kingdom():
    c = one('<board contents="Smithy, 2 Throne Room, King\'s Court, Village" bane="" '
            'Mountain_Pass_Bid="0" Obelisk_Choice="" Shelters="true"/>'
            '<buy name="Smithy"/><buy name="Silver"/>')
    data = tomllib.loads(c.toml)
    assert data["kingdom"] == ["Smithy", "Throne Room", "Village"]
    assert any("domsim has no King's Court" in p for p in c.problems)
    assert any("Shelters" in p for p in c.problems)
    assert c.strategy.kingdom == "Smithy,Throne Room,Village"


def test_a_start_state_is_noted_unless_it_is_the_usual_deal():
    usual = one('<start_state><hand contents=""/><discard contents=""/>'
                '<drawdeck contents="7 Copper, 3 Estate" shuffle="true"/></start_state>'
                '<buy name="Silver"/>')
    assert usual.status == "full"
    fixed = one('<start_state><hand contents="Silver, 4 Copper"/><discard contents=""/>'
                '<drawdeck contents="3 Copper, 3 Estate" shuffle="false"/></start_state>'
                '<buy name="Silver"/>')
    assert fixed.status == "partial"
    assert "a fixed start" in fixed.problems[0] and "Silver, 4 Copper" in fixed.problems[0]


def test_unknown_cards_and_functions_are_commented_out_never_changed():
    c = one('<buy name="Young_Witch" bane="Moat"/>'
            + rule("Gold", cond(side("left", "countVillagers"), "greaterThan",
                                side("right", "constant", "0.0")))
            + rule("Gold", cond(side("left", "countCardsInDeck", "Fool$s_Gold"), "equalTo",
                                side("right", "constant", "0.0")))
            + rule("Gold", cond(side("left", "countFrobs"), "equalTo",
                                side("right", "constant", "0.0")))
            + '<buy name="Silver"/>')
    assert buy_list(c) == ["Silver if safe"]
    assert c.status == "partial" and len(c.problems) == 4
    for where, why in (("Young_Witch", "domsim has no card Young_Witch"),
                       ("countVillagers", "countVillagers is about Villagers"),
                       ("Fool$s_Gold", "domsim has no card Fool$s_Gold"),
                       ("countFrobs", "unknown function 'countFrobs'")):
        assert re.search(rf"# not converted: .*{re.escape(where)}.*{re.escape(why)}", c.toml)


def test_a_bot_whose_rules_all_fail_is_none():
    c = one('<buy name="Young_Witch"/>')
    assert c.status == "none" and c.strategy is None


def test_enum_and_display_names():
    assert G.enum_name(C.card_id("Throne Room")) == "Throne_Room"
    assert G.enum_name(C.card_id("Harem")) == "Farm"      # its name for Harem
    assert G.display_name("King$s_Court") == "King's Court"
    assert G._display_key(" King's Court ") == "King$s_Court"


# ============================================================ the file

def test_malformed_xml_is_one_line_naming_the_file_and_line(tmp_path):
    bad = tmp_path / "bad.xml"
    bad.write_text('<playerCollection>\n<player name="x">\n<buy name="Gold">\n</player>\n')
    with pytest.raises(G.GeronimooError) as e:
        G.read_bots(bad)
    assert str(e.value) == f"{bad}:4: not well-formed XML: mismatched tag (column 3)"


@pytest.mark.parametrize("text, line, why", [
    ('<!DOCTYPE x [<!ENTITY a "b">]>\n<player name="x"/>', 1, "a DOCTYPE is not allowed"),
    ('<playerCollection>\n<condition/>\n</playerCollection>', 2, "<condition> outside a <buy>"),
    ('<player name="x">\n<player name="y"/></player>', 2, "a <player> inside a <player>"),
    ('<soap>\n<body/>\n</soap>', 0, "no <player> in this file"),
])
def test_what_the_reader_refuses(text, line, why):
    with pytest.raises(G.GeronimooError) as e:
        G.parse_bots(text, "f.xml")
    assert str(e.value).startswith(f"f.xml:{line}: " if line else "f.xml: ")
    assert why in str(e.value)


def test_one_player_copied_from_its_editor_is_a_file():
    (bot,) = G.parse_bots('<player name="Mine" author="a" description="b">'
                          '<buy name="Gold"/></player>')
    assert bot.name == "Mine" and bot.rules[0].card == "Gold"


def test_import_command_writes_one_file_per_bot_and_replaces_only_its_own(tmp_path):
    src = tmp_path / "bots.xml"
    src.write_text(xml(player('<buy name="Province"/><buy name="Gold"/>', name="Big Money"),
                       player('<buy name="Witch"/><buy name="Young_Witch"/>', name="Witches"),
                       player('<buy name="Young_Witch"/>', name="Nothing")))
    out = tmp_path / "out"
    res = cli_runner().invoke(cli.app, ["import", "geronimoo", str(src), "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert sorted(p.name for p in out.iterdir()) == ["big-money.toml", "witches.toml"]
    assert "3 bots: 1 converted fully, 1 partly, 1 not at all" in res.stdout
    assert "skipped 'Nothing'" in res.stderr
    loaded = Strategy.from_toml(out / "witches.toml")
    assert [r.text for r in loaded.lists["buy"]] == ["Witch if safe"]
    again = cli_runner().invoke(cli.app, ["import", "geronimoo", str(src), "--out", str(out)])
    assert again.exit_code == 0                          # its own files are replaced
    (out / "big-money.toml").write_text('name = "mine"\nbuy = ["Gold"]\n')
    before = (out / "witches.toml").read_text()
    (out / "witches.toml").write_text(before.replace("Witch if safe", "Witch"))
    refused = cli_runner().invoke(cli.app, ["import", "geronimoo", str(src), "--out", str(out)])
    assert refused.exit_code == 2
    assert refused.stderr.strip() == (f"error: {out / 'big-money.toml'} exists and was not "
                                      "written by domsim import geronimoo: choose another "
                                      "--out (nothing was written)")
    assert (out / "witches.toml").read_text() == before.replace("Witch if safe", "Witch")


def test_import_list_only_and_strict(tmp_path):
    src = tmp_path / "bots.xml"
    src.write_text(xml(player('<buy name="Gold"/>', name="A"),
                       player('<buy name="Young_Witch"/><buy name="Gold"/>', name="B")))
    res = cli_runner().invoke(cli.app, ["import", "geronimoo", str(src), "--list", "--wide"])
    assert res.exit_code == 0
    assert re.search(r"^A +\d+ +fully +0 +Gold$", res.stdout, re.M)
    assert re.search(r"^B +\d+ +partly +1 +Young Witch, Gold$", res.stdout, re.M)
    assert list(tmp_path.iterdir()) == [src]
    strict = cli_runner().invoke(cli.app, ["import", "geronimoo", str(src), "--strict",
                                        "--out", str(tmp_path / "o")])
    assert strict.exit_code == 2 and "bot 'B' (line" in strict.stderr
    assert not (tmp_path / "o").exists()
    ok = cli_runner().invoke(cli.app, ["import", "geronimoo", str(src), "--strict", "--only", "A",
                                    "--out", str(tmp_path / "o")])
    assert ok.exit_code == 0 and [p.name for p in (tmp_path / "o").iterdir()] == ["a.toml"]


# ============================================================ export, and back

def test_export_of_a_shipped_bot():
    from simulator.api import export_geronimoo
    text, notes = export_geronimoo(["smithy"])
    assert '<buy name="Smithy">' in text
    assert ('<left type="countCardsInDeck" attribute="Smithy"/>\n'
            '         <operator type="smallerThan" />\n'
            '         <right type="countCardTypeInDeck" attribute="Treasure"/>\n'
            '         <extra_operation type="divideBy" attribute="11.0" />') in text
    assert '<left type="getTotalMoney"/>' in text
    assert any("has no such rule in domsim" in n for n in notes["Smithy"])
    (back,) = G.parse_bots(text)
    assert [r.card for r in back.rules] == ["Province", "Duchy", "Estate", "Gold", "Duchy",
                                            "Smithy", "Silver"]


def test_export_splits_or_and_refuses_what_has_no_form():
    s = Strategy.from_rules("T", ["Gold if coins >= 6 or my.Gold != 2",
                                 "Smithy if hand.size > 4", "Silver if not my.Silver > 3",
                                 "Market if my.money + my.Market > 16", "Copper"],
                            play=["Smithy"])
    text, notes = G.export_bot(s)
    (bot,) = G.parse_bots(text)
    shown = [r.shown() for r in bot.rules]
    assert shown == ["Gold if countAvailableMoney >= 6.0",
                     "Gold if countCardsInDeck(Gold) < 2.0",
                     "Gold if countCardsInDeck(Gold) > 2.0",
                     "Silver if countCardsInDeck(Silver) <= 3.0",
                     "Market if getTotalMoney > 16.0", "Copper"]
    assert any("Smithy if hand.size > 4" in n for n in notes)
    assert any("not exported: play" in n for n in notes)
    assert "<!-- not exported: Smithy if hand.size > 4:" in text


def test_import_export_import_is_the_same_bot():
    body = ('<type name="AppliesPPR"/><board contents="Smithy, Village"/>'
            + rule("Province", cond(side("left", "getTotalMoney"), "greaterThan",
                                    side("right", "constant", "15.0")))
            + rule("Duchy", cond(side("left", "countVP"), "smallerOrEqualThan",
                                 side("right", "countMAXOpponentVP"),
                                 '<extra_operation type="minus" attribute="3.0"/>'))
            + rule("Village", cond(side("left", "countCardsInDeck", "Village"), "smallerThan",
                                   side("right", "countCardTypeInDeck", "Terminal"),
                                   '<extra_operation type="minus" attribute="1.0"/>'),
                   cond(side("left", "isActionPhase"), "equalTo",
                        side("right", "constant", "0.0")))
            + rule("Smithy", cond(side("left", "countCardsLeftInDrawDeck"), "greaterThan",
                                  side("right", "constant", "5.0")))
            + '<buy name="Workshop"/><buy name="Silver"/>')
    first = one(body)
    text, notes = G.export_bot(first.strategy)
    (bot,) = G.parse_bots(text)
    second = G.convert(bot, "t.xml")
    a, b = tomllib.loads(first.toml), tomllib.loads(second.toml)
    for key in ("buy", "gain", "let", "kingdom"):
        assert a.get(key) == b.get(key), key
    assert "AppliesPPR" in bot.types and notes == []


# ============================================================ it plays

@pytest.mark.slow
def test_an_imported_bot_plays(tmp_path):
    from simulator.api import import_geronimoo
    from simulator.runs.runner import simulate
    src = tmp_path / "b.xml"
    src.write_text(xml(player(rule("Smithy", cond(
        side("left", "countCardsInDeck", "Smithy"), "smallerThan",
        side("right", "countCardTypeInDeck", "Treasure"),
        '<extra_operation type="divideBy" attribute="11.0"/>'))
        + '<buy name="Province"/><buy name="Gold"/><buy name="Silver"/>', name="S")))
    (bot,) = import_geronimoo(src)
    r = simulate([bot.strategy, "big-money"], 200, seed=1, keep_records=False)
    assert r.summary().set_index("strategy").loc["S", "games"] == 200
