"""The card registry: every fact about a card in one place, and true.

- The registry says what the engine does: every fact the kernel reads from
  it (which cards have an effect, which may gain a card no list names)
  agrees with the effects as written.
- Every kingdom card is complete: an effect or a plain "+" text, scenario
  cases, a text check in the rules oracle (or a stated reason for none), a
  ``bm-`` bot and its rows in docs/strategies.md.
- The docs' tables (the measured bots, the "you may" choices, the lists per
  key) say what the registry says.
- Every card agrees with the ``dominion-setup`` package's card database
  (name, cost, types, editions, text), but for the exceptions listed with
  the official text in tests/registry_exceptions.toml.
- Nothing outside the registry names a kingdom card, but for the uses
  listed below, each with its reason.
"""
from __future__ import annotations

import ast
import importlib.resources
import importlib.util
import inspect
import json
import re
import tomllib
from pathlib import Path

import pytest

from simulator.engine import cards as C
from simulator.engine import effects  # noqa: F401  (registers every effect)
from simulator.engine import kernel as K
from simulator.engine.cards import Card
from simulator.engine.jit import EFFECTS

from rules_oracle import NO_TEXT_CHECK, TEXT_CHECKS
from source_trees import parse

ROOT = Path(__file__).resolve().parents[1]
DOCS = (ROOT / "docs" / "strategies.md").read_text(encoding="utf-8")
KINGDOM = [C.NAMES[c] for c in C.KINGDOM_CARDS]


def test_the_cards_with_an_effect_are_those_with_code():
    # Merchant's bonus is written in the turn itself (kernel.resolve)
    cards = {c for c in EFFECTS if c < C.NCARDS}      # the rest: mechanisms' slots
    assert set(map(int, C.EFFECT.nonzero()[0])) == cards | {Card.MERCHANT}
    assert "Card.MERCHANT" in inspect.getsource(K.resolve.py_func)


def test_plain_actions_are_the_actions_without_an_effect():
    plain = {C.NAMES[c] for c in range(C.NCARDS) if K.PLAIN[c]}
    assert plain == {"Moat", "Village", "Smithy", "Festival", "Laboratory", "Market",
                     "Woodcutter", "Great Hall", "Bazaar",
                     "Treasury"}   # its move from play is the end of the Buy phase's (FromPlay)


def test_cards_that_gain_by_fallback_are_marked():
    # an effect that asks gain_choice / gain_up_to / gain_exactly / remodel_choice may gain
    # any card of the game
    falls_back = {c for c, disp in EFFECTS.items()
                  if re.search(r"\b(gain_(choice|up_to|exactly)|remodel_choice)\(",
                               inspect.getsource(disp.py_func))}
    assert falls_back == set(C.GAINS_ANY)


def test_a_card_counts_as_each_of_its_types_however_many():
    from simulator.engine.codes import PS_TYPE0, type_columns
    n, cols = type_columns([C.ACTION, C.ACTION | C.ATTACK | C.REACTION, C.TREASURE | C.VICTORY])
    assert n.tolist() == [1, 3, 2]
    bit = {C.ACTION: 0, C.ATTACK: 4, C.REACTION: 5, C.TREASURE: 1, C.VICTORY: 2}
    assert cols[1].tolist() == [PS_TYPE0 + bit[C.ACTION], PS_TYPE0 + bit[C.ATTACK],
                                PS_TYPE0 + bit[C.REACTION]]
    assert cols[2].tolist() == [PS_TYPE0 + bit[C.TREASURE], PS_TYPE0 + bit[C.VICTORY], -1]


def test_owning_a_card_of_two_types_counts_it_in_both():
    from simulator.engine import codes as S
    from simulator.engine.zones import recount
    import numpy as np
    z = np.zeros((S.NROWS, S.NC), np.int32)
    z[S.OWN, Card.MOAT] = 2                   # Action - Reaction
    z[S.OWN, Card.MILITIA] = 1                # Action - Attack
    recount(z, 0)
    ps = z[S.PS]
    assert ps[S.PS_TYPE0 + 0] == 3            # Actions
    assert ps[S.PS_TYPE0 + 5] == 2            # Reactions
    assert ps[S.PS_TYPE0 + 4] == 1            # Attacks
    assert ps[S.PS_OWN_N] == 3


def test_condition_words_address_a_thousand_card_columns():
    from simulator.engine import codes as S
    from simulator.engine import program as PG
    assert S.COL_BITS >= 10 and np_iinfo_max(S.DECK_DTYPE) >= (1 << S.COL_BITS) - 1
    op, arg = PG._cell_word(PG.OP_SUPPLY, 1000)
    assert op == PG.OP_GCELL and (arg >> S.COL_BITS, arg & S.COL_MASK) == (S.SUPPLY, 1000)
    # a ratio word keeps the whole cell word below its divisor
    node = PG._quotient_word(PG.OP_DIV, ("word", op, arg), ("word", PG.OP_CONST, 11))
    assert node[2] >> PG.Q_SHIFT == 11 and node[2] & PG.Q_CELL == arg


def np_iinfo_max(dtype) -> int:
    import numpy as np
    return int(np.iinfo(dtype).max)


# ============================================================ the rows

NOW_AND_NEXT = "Now and at the start of your next turn: "
_PLUS = {"Card": "cards", "Cards": "cards", "Action": "actions", "Actions": "actions",
         "Buy": "buys", "Buys": "buys"}


def _leading_plus(text: str) -> dict:
    """The "+" numbers a text starts with ("+1 Card, +2 Actions. ..."), and
    the rest of the text.  "Now and at the start of your next turn: +$2"
    (Merchant Ship, Wharf) gives its numbers now too."""
    found = {"cards": 0, "actions": 0, "buys": 0, "coins": 0}
    rest = text.removeprefix(NOW_AND_NEXT)
    while m := re.match(r"\s*\+(\$?)(\d+)(?: (\w+))?[,.]?(?= |$)(?: and\b)?", rest):
        if m.group(1):
            found["coins"] = int(m.group(2))
        elif m.group(3) in _PLUS:
            found[_PLUS[m.group(3)]] = int(m.group(2))
        else:
            break
        rest = rest[m.end():]
    return {**found, "rest": rest.strip()}


@pytest.mark.parametrize("card", C.KINGDOM_CARDS, ids=lambda c: C.NAMES[c])
def test_the_plus_numbers_are_the_text_s(card):
    """A text's leading "+" numbers are the row's (the ones the kernel adds);
    a Treasure's text starts with its $ (Harem: "$2. 2 VP")."""
    s = C.TABLE[card]
    text = s.text.removeprefix(NOW_AND_NEXT)        # Astrolabe: "...: $1, +1 Buy."
    m = re.match(r"\$(\d+)\b[,.]?", text)
    got = _leading_plus(text[m.end():] if m else text)
    if m:
        assert "Treasure" in s.types
        got["coins"] = int(m.group(1))
    assert {k: got[k] for k in ("cards", "actions", "buys", "coins")} == {
        "cards": s.cards, "actions": s.actions, "buys": s.buys, "coins": s.coins}


def _cases() -> list[dict]:
    out = []
    for path in sorted([*(ROOT / "tests" / "scenarios").glob("*.toml"),
                        *(ROOT / "tests" / "conformance").glob("*.toml")]):
        out += tomllib.loads(path.read_text(encoding="utf-8")).get("case", [])
    return out


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _named(case: dict, card: int) -> bool:
    """The case plays the card (its step), or for a card that is not an
    Action, holds it in a player's zones or expectations (names read in the
    case's edition: ``edition = 1``, a first printing)."""
    with C.edition_names(case.get("edition")):
        return _names(case, card)


def _names(case: dict, card: int) -> bool:
    step = case.get("step", {}).get("card")
    if step is not None and C.card_id(step) == card:
        return True
    if C.TYPES[card] & C.ACTION:
        return False
    held = [case.get(k) for k in case if re.fullmatch(r"p\d", k)] + [case.get("expect")]
    for text in _strings(held):
        try:
            if C.card_id(text.split("*")[0]) == card:
                return True
        except C.UnknownCardError:
            pass
    return False


CASES = _cases()
STEMS = {p.stem for p in (ROOT / "strategies").glob("*.toml")}


def _stem(card: int) -> str:
    return "bm-" + C.NAMES[card].lower().replace(" ", "-")


@pytest.mark.parametrize("card", C.KINGDOM_CARDS, ids=lambda c: C.NAMES[c])
def test_every_kingdom_card_is_complete(card):
    """What adding a card takes, besides its row: an effect (or a text of
    "+" numbers only, or options the row gives as data), scenario cases, an
    oracle check, a bot, docs rows."""
    s, name = C.TABLE[card], C.NAMES[card]
    if s.effect:
        assert card in EFFECTS or card == Card.MERCHANT, f"{name}: effect=True, no @effect"
    elif s.choose or s.does or s.next_turn or s.extra_turn or s.on_attack or s.from_play:
        pass                           # its text is registry data the kernel interprets
    elif C.TYPES[card] & C.ACTION:
        rest = _leading_plus(s.text)["rest"]
        reaction = "Reaction" in s.types and rest.startswith("When another player plays "
                                                             "an Attack card")
        victory = "Victory" in s.types and rest == f"{s.vp} VP"     # Great Hall
        assert not rest or reaction or victory, \
            f"{name}: no effect, but its text says more: {rest!r}"
    else:
        assert s.vp or s.vp_rule, f"{name}: neither an Action nor VP"
    assert any(_named(case, card) for case in CASES), \
        f"{name}: no scenario case (tests/scenarios, tests/conformance) plays or holds it"
    assert card in TEXT_CHECKS or card in NO_TEXT_CHECK, \
        f"{name}: no text check in tests/rules_oracle.py (TEXT_CHECKS) nor a reason for none"
    assert _stem(card) in STEMS, f"{name}: no strategies/{_stem(card)}.toml"
    assert re.search(rf"^\| \d+ \| `{_stem(card)}`", DOCS, re.M), \
        f"{name}: no row for {_stem(card)} in docs/strategies.md's table of bots"
    assert re.search(rf"^\| {re.escape(name)} \| ", DOCS, re.M), \
        f"{name}: no row in docs/strategies.md, 'How each card uses the lists'"


def test_no_text_check_needs_a_reason_only_where_there_is_none():
    assert not set(NO_TEXT_CHECK) & set(TEXT_CHECKS)
    assert all(reason for reason in NO_TEXT_CHECK.values())


def test_roles_and_facts_are_consistent():
    for c in C.KINGDOM_CARDS:
        s = C.TABLE[c]
        if "attack" in s.roles:
            assert "Attack" in s.types, s.name
        if "cantrip" in s.roles:
            assert s.cards >= 1 and s.actions >= 1, s.name
        if "plus_buy" in s.roles:
            assert s.buys >= 1, s.name
        if s.actions >= 2:
            assert "village" in s.roles, s.name
        if s.curses or s.others:
            assert "Attack" in s.types or s.others, s.name
    assert C.with_role("village") == tuple(map(C.card_id, ("Village", "Throne Room",
                                                            "Festival", "Shanty Town",
                                                            "Mining Village", "Nobles",
                                                            "Bazaar", "Fishing Village",
                                                            "Native Village")))


# ============================================================ the docs say the same

def _bot_scores() -> dict:
    """Each bot's score in the table of shipped bots; a bot's row for
    ``--edition 1`` (a first printing's) as '<stem>@1'."""
    return {stem + "@1" * ("--edition 1" in rest): float(score)
            for stem, rest, score in re.findall(
                r"^\| \d+ \| `([\w-]+)`([^|]*)\| ([01]\.\d{4}) \|", DOCS, re.M)}


def test_measured_strength_is_the_docs_table():
    """``vs_bmu`` is the score of the card's single-card bot in the table of
    shipped bots (``bm-<card>-only`` where there are two): re-measuring the
    table means changing the row too (it orders the kernel's discards)."""
    score = _bot_scores()
    for c in C.KINGDOM_CARDS:
        stem = _stem(c) + "@1" * (c in C.PRINTINGS)
        assert C.TABLE[c].vs_bmu == score.get(stem + "-only", score[stem]), C.NAMES[c]


def test_discard_order_puts_the_weaker_than_silver_cards_before_silver():
    from simulator.engine import decide as D
    assert D.WEAKER_THAN_SILVER == {c for c in C.KINGDOM_CARDS
                                    if C.TABLE[c].vs_bmu < 0.5}
    assert len(D.WEAKER_THAN_SILVER) == 28             # Minion left it at 0.5279


def _docs_table(heading: str) -> list[list[str]]:
    """The rows (cells) of the first table after a heading of docs/strategies.md."""
    part = DOCS.split(heading, 1)[1]
    rows = []
    for line in part.splitlines():
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip("|").split("|")])
        elif rows:
            break
    return rows[2:]


def _doc_card(cell: str) -> int:
    """A card the docs name, '<name> (1st edition)' its first printing."""
    name = cell.removesuffix(" (1st edition)")
    with C.edition_names(1 if name != cell else None):
        return C.card_id(name)


def test_the_may_table_is_the_registry_s():
    rows = _docs_table('## "You may" choices: `may`')
    assert [(_doc_card(card), choice, default) for card, choice, default in rows] == [
        (c, C.TABLE[c].may.choice, C.TABLE[c].may.default) for c in C.MAY_CARDS]


def test_lists_per_key_name_every_card_that_reads_them():
    rows = {key.strip("`"): text for key, text in _docs_table("Lists per key, the other "
                                                             "way round:")}
    for key in (*C.LIST_NAMES, "may"):
        readers = [C.NAMES[c] for c in range(C.NCARDS) if key in C.TABLE[c].lists]
        missing = [n for n in readers if n not in rows[key]]
        assert not missing, f"docs/strategies.md: the `{key}` row misses {missing}"


def test_cards_json_is_the_whole_registry():
    import typer.testing
    from simulator.cli import app as cli
    res = typer.testing.CliRunner().invoke(cli.app, ["cards", "--json"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.output)
    assert doc == C.as_json()
    assert [d["name"] for d in doc] == list(C.NAMES)
    witch = doc[Card.WITCH]
    assert witch["types"] == ["Action", "Attack"] and witch["cost"] == 5
    assert witch["set"] == "base" and witch["editions"] == [1, 2]
    assert witch["plus"]["cards"] == 2 and witch["roles"] == ["draw", "attack"]
    assert doc[Card.GARDENS]["vp_rule"] == {"per": 10, "counts": "cards", "vp": 1,
                                            "text": "1 VP per 10 cards"}
    assert doc[Card.BLACK_MARKET]["setup"] == ["black market deck"]
    assert doc[Card.BLACK_MARKET]["set"] == "promo" and doc[Card.BLACK_MARKET]["editions"] == []
    assert doc[Card.MONEYLENDER]["may"]["default"] == "yes"
    assert doc[Card.REMODEL]["own_list"]["key"] == "remodel"
    assert doc[Card.LIBRARY]["draws"] == 3


_TORTURE = C.Choose((C.Choice("discard", "discard", 2),
                     C.Choice("curse", "gain to hand", card="Curse")), who="others")


@pytest.mark.parametrize("types, choose, others, message", [
    (("Action", "Attack"), _TORTURE._replace(who="victims"), False, "choose who 'victims'"),
    (("Action", "Attack"), _TORTURE._replace(options=(C.Choice("coins", "+coins", 2),
                                                      C.Choice("curse", "discard"))),
     False, r"cannot be \+Actions, \+Buys or \+\$"),
    (("Action",), _TORTURE, False, "an Attack, or others=True"),
    (("Action", "Attack"), _TORTURE._replace(options=(C.Choice("curse", "gain to hand"),)),
     False, "name their card"),
])
def test_a_choice_other_players_take_is_checked_in_its_row(types, choose, others, message):
    with pytest.raises(ValueError, match=f"card registry: Rack: .*{message}"):
        C.CardSpec("Rack", 5, types, "text", "Rack", "Rack", "Rack", lists=("choose",),
                   choose=choose, others=others)
    C.CardSpec("Rack", 5, ("Action",), "text", "Rack", "Rack", "Rack", lists=("choose",),
               choose=_TORTURE, others=True)           # not an Attack, but others=True


def test_options_done_by_the_effect_are_the_effects_choice():
    # Pirate Ship's "by its effect" options: the effect takes the choice
    # (pick 0); with a pick the kernel's choose_and_do would do nothing
    opts = (C.Choice("coins", "by its effect"), C.Choice("attack", "by its effect"))
    with pytest.raises(ValueError, match="card registry: Ship: .*choose pick 0"):
        C.CardSpec("Ship", 4, ("Action",), "text", "Ship", "Ship", "Ship", effect=True,
                   lists=("choose",), choose=C.Choose(opts))
    C.CardSpec("Ship", 4, ("Action",), "text", "Ship", "Ship", "Ship", effect=True,
               lists=("choose",), choose=C.Choose(opts, pick=0))


# ============================================================ dominion-setup's database

EXCEPTIONS = tomllib.loads((ROOT / "tests" / "registry_exceptions.toml").read_text(
    encoding="utf-8"))


def _database() -> dict:
    """dominion-setup's cards of the sets we have, by name (its JSON data)."""
    if importlib.util.find_spec("dominion_setup") is None:
        pytest.skip("the dominion-setup package (a dev dependency: pip install -e "
                    "'.[dev]') is not installed: its card database cannot be compared")
    root = importlib.resources.files("dominion_setup") / "data" / "cards"
    out = {}
    for name in ("base", "promo", "intrigue", "seaside"):
        for card in json.loads((root / f"{name}.json").read_text(encoding="utf-8")):
            out[card["name"]] = card
    return out


def _normal_text(text: str) -> str:
    """A card text for comparison: one line, no punctuation or case, the
    separator line and the set-up note left out."""
    text = text.split("\nSetup:")[0].replace("-----", " ")
    return " ".join(re.sub(r"[^\w$ ]", " ", text.casefold()).split())


def _their_set(card: dict) -> str:
    return {"Base": "base", "Promo": "promo", "Intrigue": "intrigue",
            "Seaside": "seaside"}[card["set"]]


def test_every_card_agrees_with_dominion_setup():
    db = _database()
    for c, s in enumerate(C.TABLE):
        theirs = db.get(s.name)
        assert theirs is not None, f"{s.name} is not in dominion-setup's database"
        assert theirs["cost"] == {"coins": s.cost}, s.name
        assert theirs["types"] == list(s.types), s.name
        assert _their_set(theirs) == s.set, s.name
        # a promo has no base-game edition here; there it is the promo's one printing;
        # a card printed twice (Treasury) has its printings' editions there
        editions = sorted({e for t in C.TABLE if t.name == s.name for e in t.editions})
        assert theirs["editions"] == (editions if s.set != "promo" else [1]), s.name
        assert ("Setup:" in theirs["instructions"]) == bool(s.setup), s.name
        if c in C.KINGDOM_CARDS:
            assert theirs["purpose"] == "Kingdom Pile", s.name
            assert theirs["quantity"] == C.pile_size(c, 3), s.name
        if s.name in EXCEPTIONS:
            continue
        assert _normal_text(theirs["instructions"]) == _normal_text(s.text), (
            f"{s.name}: the registry's text differs from dominion-setup's; fix it or "
            f"add an exception citing the official text to tests/registry_exceptions.toml:"
            f"\n  ours:   {s.text}\n  theirs: {theirs['instructions']!r}")


@pytest.mark.parametrize("name", sorted(EXCEPTIONS))
def test_each_text_exception_holds_and_cites_the_official_text(name):
    """An exception is kept only while both texts still are what it says:
    the registry's is the official one it cites, the database's the other."""
    db = _database()
    e = EXCEPTIONS[name]
    assert e["official"] and e["source"] and e["why"]
    assert C.TABLE[C.card_id(name)].text == e["official"]
    assert _normal_text(db[name]["instructions"]) == _normal_text(e["theirs"])
    assert _normal_text(e["theirs"]) != _normal_text(e["official"])
    # a first printing's text (CardSpec.first_edition) is cited too
    first = C.FIRST_PRINTING.get(C.card_id(name))
    assert (first is not None) == ("first_edition" in e)
    if first is not None:
        assert e["first_edition_source"]
        assert C.TABLE[first].text == e["first_edition"] != e["official"]
        with C.edition_names(1):
            assert C.card_id(name) == first


# ============================================================ nobody else names cards

# Uses of a kingdom card by name outside the registry (simulator/engine/cards/)
# and the card effects, each with why it stays (file -> {card: reason}).
BY_NAME = {
    "simulator/engine/kernel.py": {
        "Merchant": "its +$1 is written in the turn (too short for a call)",
        "Black Market": "the set-up deals its deck",
    },
    "simulator/engine/decide.py": {
        "Throne Room": "Throne Room's own choice of the Action to play twice",
    },
    "simulator/language/geronimoo.py": {
        # that simulator's discard ranking (DomCardName), which its Sentry, Cellar
        # and forced discards follow: the importer writes it as discard lists
        **dict.fromkeys((
            "Adventurer", "Artisan", "Bandit", "Black Market", "Bureaucrat",
            "Council Room", "Feast", "Festival", "Gardens", "Laboratory", "Library",
            "Market", "Merchant", "Militia", "Moat", "Poacher", "Smithy", "Throne Room",
            "Vassal", "Witch", "Woodcutter"), "that simulator's discard ranking"),
        # card classes whose play the importer writes or lists in the header
        **dict.fromkeys(("Chancellor", "Chapel", "Envoy", "Harbinger", "Mine", "Spy",
                         "Thief", "Workshop", "Bridge"),
                        "that simulator's card class plays it "
                        "differently: the setting written, or the header says so"),
        "Cellar": "Geronimoo's simulator tags it Cycler, which its roles do not say",
        "Harem": "that simulator names it Farm",
        "Moneylender": "that simulator counts it as $1 of money and not as a Trasher",
        "Sentry": "that simulator does not tag it Trasher",
        "Remodel": "that simulator tags it TrashForBenefit",
        "Ironworks": "that simulator does not tag it Terminal, and its card class gains "
                     "differently: the header says so",
        "Upgrade": "that simulator tags it TrashForBenefit",
        "Replace": "that simulator tags it TrashForBenefit",
        "Village": "the name of that simulator's tag for villages, not the card",
        "Shanty Town": "that simulator tags it Card_Advantage (+2 Cards with no Action in "
                       "hand)",
        "Diplomat": "that simulator does not tag it Terminal (+2 Actions with 5 cards or "
                    "fewer)",
        "Pawn": "that simulator tags it Cycler, not Terminal (its +1 Action is a choice)",
        "Nobles": "that simulator does not tag it Terminal (its +2 Actions is a choice)",
        "Scout": "that simulator tags it Cycler (+1 Action, and its reveal may add cards)",
        "Courtier": "that simulator tags it not Terminal (its +1 Action is a choice)",
        "Caravan": "that simulator tags it Card_Advantage (its second card comes next turn)",
        "Salvager": "that simulator tags it TrashForBenefit",
        "Lookout": "that simulator does not tag it Trasher",
    },
    "simulator/language/strategy.py": {
        "Remodel": "Remodel's default play rule: only when its list names a hand card "
                   "it can improve on",
    },
}


def _kingdom_names_used(path: Path) -> set[str]:
    """Kingdom cards a module names: a string constant that is a card name,
    or ``Card.<NAME>`` (docstrings and comments do not count)."""
    names = {C.NAMES[c] for c in C.KINGDOM_CARDS}
    idents = {C.Card(c).name: C.NAMES[c] for c in C.KINGDOM_CARDS}
    tree = parse(path)
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef,
                                    ast.AsyncFunctionDef))
                  and n.body and isinstance(n.body[0], ast.Expr)
                  and isinstance(n.body[0].value, ast.Constant)}
    used = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and node.value in names and id(node) not in docstrings:
            used.add(node.value)
        elif isinstance(node, ast.Attribute) and node.attr in idents \
                and isinstance(node.value, (ast.Name, ast.Attribute)) \
                and (getattr(node.value, "id", None) or node.value.attr) == "Card":
            used.add(idents[node.attr])
    return used


def test_no_module_outside_the_registry_names_a_kingdom_card():
    found = {}
    for top in ("simulator", "reports"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel.startswith(("simulator/engine/cards/", "simulator/engine/effects/")):
                continue
            used = _kingdom_names_used(path)
            if used:
                found[rel] = used
    assert found == {f: set(cards) for f, cards in BY_NAME.items()}


def test_the_name_scan_sees_a_card_named_by_hand(tmp_path):
    path = tmp_path / "m.py"
    path.write_text('"""Smithy in a docstring is fine."""\nX = ("Witch", Card.MOAT, "Gold")\n')
    assert _kingdom_names_used(path) == {"Witch", "Moat"}


def test_domsim_never_imports_dominion_setup():
    """dominion-setup is GPL-3.0: a test dependency only, never domsim's."""
    for top in ("simulator", "reports", "benchmarks"):
        for path in (ROOT / top).rglob("*.py"):
            for node in ast.walk(parse(path)):
                names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                         else [node.module or ""] if isinstance(node, ast.ImportFrom)
                         else [])
                assert not any(n.split(".")[0] == "dominion_setup" for n in names), path


def test_durations_idle_with_an_empty_hand_are_derived_from_their_rows():
    # Tactician ("if you have at least one card in hand") and Haven (a next
    # turn that only returns the hand card it set aside): an empty hand
    # leaves them nothing to do, so they leave play at this clean-up
    # (kernel.resolve); no other Seaside Duration, nor Blockade's mat
    real = {c for c in range(len(C.TABLE)) if C.TABLE[c].set != "test"}
    assert {c for c in real if C.IDLE_NO_HAND[c]} == {Card.TACTICIAN, Card.HAVEN}
