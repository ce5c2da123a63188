"""Bots and kingdoms that make traced games show every kind of event (shared
by the log and oracle tests)."""
from simulator.language.strategy import Strategy


def bot(name, *extra):
    """Big Money Ultimate that also buys one or two of each card in extra."""
    return Strategy.from_rules(name, [
        "Province if my.money > 15", "Duchy if supply.Province <= 4",
        "Estate if supply.Province <= 2", "Gold", *extra, "Silver"])


ATTACKER = bot("Attacker", "Militia if my.Militia < 1", "Bandit if my.Bandit < 1",
               "Bureaucrat if my.Bureaucrat < 1", "Throne Room if my.ThroneRoom < 1",
               "Vassal if my.Vassal < 1")
DRAWER = bot("Drawer", "Library if my.Library < 1", "Sentry if my.Sentry < 2",
             "Harbinger if my.Harbinger < 1", "Moat if my.Moat < 1",
             "Artisan if my.Artisan < 1")
TRASHER = bot("Trasher", "Mine if my.Mine < 1", "Chapel if my.Chapel < 1",
              "Cellar if my.Cellar < 1", "Council Room if my.CouncilRoom < 1",
              "Merchant if my.Merchant < 2")
TINKERER = bot("Tinkerer", "Moneylender if my.Moneylender < 1",
               "Remodel if my.Remodel < 1", "Poacher if my.Poacher < 1",
               "Workshop if my.Workshop < 1", "Throne Room if my.ThroneRoom < 2")
ATTACK_SET = "Militia,Bandit,Bureaucrat,Throne Room,Vassal,Library,Sentry,Harbinger,Moat,Artisan"
TRASH_SET = ("Mine,Chapel,Cellar,Council Room,Merchant,Moneylender,Remodel,Poacher,"
             "Workshop,Throne Room")
# first-edition and promo cards: Black Market buys, Thief steals, Spy looks
MARKETEER = bot("Marketeer", "Black Market if my.BlackMarket < 2", "Witch if my.Witch < 1",
                "Laboratory", "Moat if my.Moat < 1")
SNOOP = bot("Snoop", "Thief if my.Thief < 2", "Spy if my.Spy < 2")
MARKET_SET = "Black Market,Thief,Spy,Moat"

# (strategies, kingdom, players, seeds, games): every kind of event between them
CASES = [
    (["bm-witch", "bm-moat"], "Witch,Moat", 2, (1, 7), (0, 1)),
    (["bm-witch", "bm-moat", "bm-witch"], "Witch,Moat", 3, (2,), (0, 2)),
    ([ATTACKER, DRAWER], ATTACK_SET, 2, (0, 1, 2), (0, 1)),
    ([DRAWER, ATTACKER, ATTACKER], ATTACK_SET, 3, (3,), (0, 1)),
    ([TRASHER, TINKERER, TRASHER, TINKERER], TRASH_SET, 4, (0, 5), (0,)),
    ([ATTACKER, DRAWER, "bm-moat"], ATTACK_SET, 5, (4,), (0,)),
    ([TRASHER, TINKERER], TRASH_SET, 6, (2,), (1,)),
    (["bm-gardens", "bm-council-room", "bm-merchant"], "Gardens,Council Room,Merchant",
     3, (21,), (0,)),
    (["big-money", "smithy"], None, 2, (3,), (0,)),
]


def case_id(case):
    strats, _, players, seeds, games = case
    names = "-".join(s if isinstance(s, str) else s.name.lower() for s in strats)
    return f"{players}p-{names}-seeds{'.'.join(map(str, seeds))}"
