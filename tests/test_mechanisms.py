"""Engine mechanisms that no real card uses yet, on test-only cards.

The cards of ``tests/cards_for_tests.py`` are loaded with
``DOMSIM_EXTRA_SETS`` in a subprocess (the kernel freezes the card table when
it compiles, and the numba cache keys on the extra set): their rule cases in
``tests/mechanisms/``, the strategy language's errors about them, games
played with them and their game log.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = [pytest.mark.slow, pytest.mark.compile]


def _with_test_cards(code: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env.update(DOMSIM_EXTRA_SETS="tests.cards_for_tests", PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=900)


@pytest.fixture(scope="module")
def checks():
    """Everything the subprocess saw, as one JSON object."""
    done = _with_test_cards("""
        import json
        from simulator.engine.cards import NAMES
        from simulator.language.strategy import Strategy, StrategyError
        from simulator.runs.conformance import load_cases, run_case
        from simulator.runs.runner import simulate, trace_game
        from reports import gamelog

        from simulator.engine.cards import TABLE
        test = [i for i, c in enumerate(TABLE) if c.set == "test"]
        out = {"cards": [NAMES[i] for i in test],
               "test_cards_last": test == list(range(len(NAMES) - len(test), len(NAMES)))}
        out["cases"] = {c.id: run_case(c) for c in load_cases("tests/mechanisms")}
        errors = {}
        for name, choose in [("unknown-option", {"Test Steward": ["gold"]}),
                             ("no-choice", {"Smithy": ["cards"]}),
                             ("not-a-list", {"Test Pawn": "card"}),
                             ("bad-condition", {"Test Pawn": ["card if my.Nope > 1"]})]:
            try:
                Strategy.from_rules("x", ["Silver"], choose=choose)
                errors[name] = None
            except StrategyError as e:
                errors[name] = str(e)
        for name, keys in [
                ("answer-no-card", {"naming": {"Smithy": ["Gold"]}}),
                ("answer-not-a-table", {"order": ["Gold"]}),
                ("answer-unknown-card", {"naming": {"Test Wishing Well": ["Gould"]}}),
                ("position-no-place", {"position": {"Test Secret Passage": ["Estate"]}}),
                ("position-bad-place", {"position": {"Test Secret Passage": ["Estate to middle"]}}),
                ("position-bad-condition", {"position": {"Test Secret Passage":
                                                         ["Estate to bottom if my.Nope"]}})]:
            try:
                Strategy.from_rules("x", ["Silver"], **keys)
                errors[name] = None
            except StrategyError as e:
                errors[name] = str(e)
        out["errors"] = errors
        pawn = Strategy.from_rules("Pawns", ["Province if my.money > 15", "Gold",
                                             "Test Pawn if my.Test_Pawn < 2", "Silver"],
                                   choose={"Test Pawn": ["coin if coins >= 5", "card",
                                                         "action"]})
        steward = Strategy.from_rules("Stewards", ["Province if my.money > 15", "Gold",
                                                   "Test Steward if my.Test_Steward < 2",
                                                   "Silver"])
        kingdom = "Test Pawn,Test Steward"
        r = simulate([pawn, steward], 400, seed=3, kingdom=kingdom, threads=1)
        again = simulate([pawn, steward], 400, seed=3, kingdom=kingdom, threads=2)
        out["games"] = int(r.games)
        out["same"] = bool((r.records == again.records).all())
        stats = r.rule_stats()
        out["fires"] = {f"{s}: {t}": int(n) for s, t, n in
                        stats[stats["list"] == "choose"][["strategy", "text", "fires"]]
                        .itertuples(index=False)}
        text = "".join(gamelog.render_text(trace_game([pawn, steward], 3, g,
                                                      kingdom=kingdom))
                       for g in range(3))
        out["log_choose_lines"] = sorted({line.strip() for line in text.splitlines()
                                          if "chooses" in line})[:6]
        caravan = Strategy.from_rules("Caravans", ["Province if my.money > 15", "Gold",
                                                   "Test Caravan if my.Test_Caravan < 3",
                                                   "Silver"])
        r = simulate([caravan, "big-money"], 400, seed=4, kingdom="Test Caravan", threads=1)
        again = simulate([caravan, "big-money"], 400, seed=4, kingdom="Test Caravan",
                         threads=2)
        out["caravan_same"] = bool((r.records == again.records).all())
        out["caravan_wins"] = int(r.summary()["wins"].iloc[0])
        text = gamelog.render_text(trace_game([caravan, "big-money"], 4, 0,
                                              kingdom="Test Caravan"))
        out["log_duration_lines"] = [line.strip() for line in text.splitlines()
                                     if "since the last turn" in line][:3]
        militia = Strategy.from_rules("Militias", ["Province if my.money > 15", "Gold",
                                                    "Militia if my.Militia < 2", "Silver"])
        keeper = Strategy.from_rules("Lighthouses", ["Province if my.money > 15", "Gold",
                                                     "Test Lighthouse if my.Test_Lighthouse < 3",
                                                     "Silver"])
        text = "".join(gamelog.render_text(trace_game([militia, keeper], 5, g,
                                                      kingdom="Militia,Test Lighthouse"))
                       for g in range(4))
        out["log_protected_lines"] = sorted({line.strip() for line in text.splitlines()
                                             if "unaffected" in line})
        outpost = Strategy.from_rules("Outposts", ["Province if my.money > 15", "Gold",
                                                   "Test Outpost if my.Test_Outpost < 2",
                                                   "Silver"])
        r = simulate([outpost, "big-money"], 400, seed=6, kingdom="Test Outpost", threads=1)
        again = simulate([outpost, "big-money"], 400, seed=6, kingdom="Test Outpost",
                         threads=2)
        out["outpost_same"] = bool((r.records == again.records).all())
        text = gamelog.render_text(trace_game([outpost, "big-money"], 6, 0,
                                              kingdom="Test Outpost"))
        out["log_extra_turn_lines"] = sorted({line.split(":")[0] for line in text.splitlines()
                                              if "(extra turn)" in line})[:2]
        out["log_outpost_lines"] = sorted({line.strip() for line in text.splitlines()
                                           if "extra turn after this one" in line})[:2]
        torturer = Strategy.from_rules("Torturers", ["Province if my.money > 15", "Gold",
                                                     "Test Torturer if my.Test_Torturer < 2",
                                                     "Silver"])
        victim = Strategy.from_rules("Victims", ["Province if my.money > 15", "Gold", "Silver"],
                                     choose={"Test Torturer": ["curse if my.turn > 6",
                                                               "discard"]})
        r = simulate([torturer, victim], 400, seed=6, kingdom="Test Torturer", threads=1)
        again = simulate([torturer, victim], 400, seed=6, kingdom="Test Torturer", threads=2)
        out["torturer_same"] = bool((r.records == again.records).all())
        stats = r.rule_stats()
        # the file's own rules (the card's default rules follow them, one
        # of the same text: "Test Torturer: discard")
        out["victim_fires"] = {t: int(n) for s, t, n, d in
                               stats[stats["list"] == "choose"][["strategy", "text", "fires",
                                                                 "default"]]
                               .itertuples(index=False) if s == "Victims" and not d}
        text = "".join(gamelog.render_text(trace_game([torturer, victim], 6, g,
                                                      kingdom="Test Torturer"))
                       for g in range(3))
        out["log_victim_lines"] = sorted({line.strip() for line in text.splitlines()
                                          if "Victims chooses" in line})
        islands = Strategy.from_rules("Islands", ["Province if my.money > 15", "Gold",
                                                  "Test Island if my.Test_Island < 3",
                                                  "Test Native Village if my.Test_Native_Village < 2",
                                                  "Silver"])
        kingdom = "Test Island,Test Native Village"
        r = simulate([islands, "big-money"], 400, seed=6, kingdom=kingdom, threads=1)
        again = simulate([islands, "big-money"], 400, seed=6, kingdom=kingdom, threads=2)
        out["mats_same"] = bool((r.records == again.records).all())
        out["mats_wins"] = int(r.summary()["wins"].iloc[0])
        text = "".join(gamelog.render_text(trace_game([islands, "big-money"], 6, g,
                                                      kingdom=kingdom)) for g in range(3))
        out["log_mat_lines"] = sorted({line.strip() for line in text.splitlines()
                                       if " mat" in line})
        log = gamelog.render_json(trace_game([islands, "big-money"], 6, 0, kingdom=kingdom))
        out["json_mat_zones"] = sorted({z for e in json.loads(log)["events"]
                                        for z in (e["from"], e["to"]) if z and "mat" in z})
        # decisions other players take during my turn, a hook on Treasures
        for key, bots, kingdom, players in [
                ("masquerade", ["Test Masquerade", "big-money", "Test Masquerade"],
                 "Test Masquerade", 3),
                ("swindler", ["Test Swindler", "big-money"], "Test Swindler,Moat", 2),
                ("corsair", ["Test Corsair", "big-money"], "Test Corsair", 2),
                ("minion", ["Test Minion", "big-money", "big-money"], "Test Minion", 3)]:
            bots = [Strategy.from_rules(f"{b}s", ["Province if my.money > 15", "Gold",
                                                  f"{b} if my.{b.replace(' ', '_')} < 2",
                                                  "Silver"]) if b.startswith("Test") else b
                    for b in bots]
            r = simulate(bots, 300, seed=8, kingdom=kingdom, players=players, threads=1)
            again = simulate(bots, 300, seed=8, kingdom=kingdom, players=players, threads=2)
            out[key + "_same"] = bool((r.records == again.records).all())
            text = "".join(gamelog.render_text(trace_game(bots, 8, g, kingdom=kingdom,
                                                          players=players))
                           for g in range(4))
            out[key + "_lines"] = sorted({line.strip() for line in text.splitlines()
                                          if any(w in line for w in (
                                              " passes ", "from the deck", "in play: trashes",
                                              "is hit by", "chooses reset"))})
        answers = Strategy.from_rules(
            "Answers", ["Province if my.money > 15", "Gold",
                        "Test Patrol if my.Test_Patrol < 1", "Test Lookout if my.Test_Lookout < 1",
                        "Test Wishing Well if my.Test_Wishing_Well < 2", "Silver"],
            naming={"Test Wishing Well": ["Province if my.Province * 4 > my.cards", "Copper"]},
            order={"Test Patrol": ["Gold", "Silver"]})
        passages = Strategy.from_rules(
            "Passages", ["Province if my.money > 15", "Gold",
                         "Test Secret Passage if my.Test_Secret_Passage < 2",
                         "Test Courtyard if my.Test_Courtyard < 1", "Silver"],
            position={"Test Secret Passage": ["Estate to bottom", "Copper to 6 if my.turn > 4"]})
        kingdom = "Test Wishing Well,Test Secret Passage,Test Patrol,Test Lookout,Test Courtyard"
        r = simulate([answers, passages], 400, seed=7, kingdom=kingdom, threads=1)
        again = simulate([answers, passages], 400, seed=7, kingdom=kingdom, threads=2)
        out["answers_same"] = bool((r.records == again.records).all())
        stats = r.rule_stats()
        out["answer_fires"] = {f"{l}: {t}": int(n) for l, t, n in
                               stats[stats["list"].isin(["naming", "position", "order"])]
                               [["list", "text", "fires"]].itertuples(index=False)}
        text = "".join(gamelog.render_text(trace_game([answers, passages], 7, g,
                                                      kingdom=kingdom)) for g in range(3))
        out["log_answer_lines"] = sorted({line.strip().split(": ", 1)[-1] for line in
                                          text.splitlines()
                                          if " names " in line or "into the deck" in line})
        monkeys = Strategy.from_rules("Monkeys", ["Province if my.money > 15", "Gold",
                                                  "Test Monkey if my.Test_Monkey < 2",
                                                  "Test Pirate if my.Test_Pirate < 2",
                                                  "Test Blockade if my.Test_Blockade < 1",
                                                  "Silver"])
        sailors = Strategy.from_rules("Sailors", ["Province if my.money > 15", "Gold",
                                                  "Test Sailor if my.Test_Sailor < 2",
                                                  "Test Smugglers if my.Test_Smugglers < 1",
                                                  "Test Fishing Village", "Silver"])
        kingdom = ("Test Monkey,Test Blockade,Test Sailor,Test Smugglers,Test Fishing Village,"
                   "Test Pirate")
        r = simulate([monkeys, sailors], 400, seed=7, kingdom=kingdom, threads=1)
        again = simulate([monkeys, sailors], 400, seed=7, kingdom=kingdom, threads=2)
        out["hooks_same"] = bool((r.records == again.records).all())
        out["hooks_wins"] = [int(w) for w in r.summary()["wins"]]
        text = "".join(gamelog.render_text(trace_game([monkeys, sailors], 7, g, kingdom=kingdom))
                       for g in range(3))
        out["log_hook_lines"] = sorted({line.strip() for line in text.splitlines()
                                        if ", as " in line and " gains " in line})
        treasuries = Strategy.from_rules(
            "Treasuries", ["Province if my.money > 15", "Gold",
                           "Test Treasury if my.Test_Treasury < 2",
                           "Test New Treasury if my.Test_New_Treasury < 2",
                           "Test Walled Village if my.Test_Walled_Village < 2", "Silver"],
            may={"Test Walled Village": "my.turn > 3"})
        kingdom = "Test Treasury,Test New Treasury,Test Walled Village"
        r = simulate([treasuries, "big-money"], 400, seed=9, kingdom=kingdom, threads=1)
        again = simulate([treasuries, "big-money"], 400, seed=9, kingdom=kingdom, threads=2)
        out["from_play_same"] = bool((r.records == again.records).all())
        out["from_play_wins"] = int(r.summary()["wins"].iloc[0])
        stats = r.rule_stats()
        out["from_play_fires"] = {t: int(n) for l, t, n in
                                  stats[stats["list"] == "may"][["list", "text", "fires"]]
                                  .itertuples(index=False)}
        text = "".join(gamelog.render_text(trace_game([treasuries, "big-money"], 9, g,
                                                      kingdom=kingdom)) for g in range(3))
        out["log_from_play_lines"] = sorted({line.strip() for line in text.splitlines()
                                             if "from play onto the deck" in line})
        print("JSON" + json.dumps(out))
    """)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.split("JSON", 1)[1])


def test_the_log_says_a_lighthouse_in_play_protected_its_owner(checks):
    assert checks["log_protected_lines"] == ["Lighthouses has Test Lighthouse in play: "
                                             "unaffected"], checks["log_protected_lines"]


def test_the_test_cards_come_after_every_real_card(checks):
    assert checks["test_cards_last"]
    assert checks["cards"] == ["Test Steward", "Test Pawn", "Test Patron", "Test Caravan",
                               "Test Fishing Village", "Test Lighthouse", "Test Torturer",
                               "Test Outpost", "Test Diplomat",
                               "Test Native Village", "Test Island", "Test Masquerade",
                               "Test Swindler", "Test Corsair", "Test Minion",
                               "Test Wishing Well", "Test Secret Passage", "Test Patrol",
                               "Test Lookout", "Test Courtyard", "Test Monkey",
                               "Test Smugglers", "Test Blockade", "Test Sailor", "Test Pirate",
                               "Test Treasury", "Test New Treasury", "Test Walled Village"]


def test_rule_cases_of_the_mechanisms(checks):
    failed = {case: why for case, why in checks["cases"].items() if why}
    assert not failed, failed
    ids = set(checks["cases"])
    assert sum(i.startswith("mech-choose") for i in ids) == 9
    assert sum(i.startswith(("mech-duration", "mech-throne-room")) for i in ids) == 9
    assert sum(i.startswith("mech-extra-turn") for i in ids) == 6
    assert sum(i.startswith("mech-reaction") for i in ids) == 6
    assert sum(i.startswith("mech-victims") for i in ids) == 14
    assert sum(i.startswith("mech-mat") for i in ids) == 15
    assert sum(i.startswith("mech-passes") for i in ids) == 24
    assert sum(i.startswith("mech-lists") for i in ids) == 23
    assert sum(i.startswith("mech-gains") for i in ids) == 36
    assert sum(i.startswith("mech-from-play") for i in ids) == 14


@pytest.mark.parametrize("name, pattern", [
    ("unknown-option", r"Test Steward has no option 'gold'; its options: cards, coins, trash"),
    # the first ten of the cards with one, in registry order (the docs list all)
    ("no-choice", r"Smithy has no \"choose\" decision; cards with one: Steward(, [A-Z][A-Za-z ]+){9}"
                  r", and \d+ more;"),
    ("not-a-list", r"choose.Test Pawn must be a list of rules"),
    ("bad-condition", r"unknown card 'Nope'|unknown .*'my.Nope'"),
])
def test_choose_mistakes_are_one_clear_error(checks, name, pattern):
    import re
    message = checks["errors"][name]
    assert message is not None and "\n" not in message and re.search(pattern, message), message


@pytest.mark.parametrize("name, pattern", [
    ("answer-no-card", r"naming.Smithy: Smithy has no naming decision; cards with one: "
                       r"(Wishing Well, )?Test Wishing Well"),
    ("answer-not-a-table", r"order must be a table of card = list of rules, like order = "),
    ("answer-unknown-card", r"naming.Test Wishing Well\[1\] .*unknown card 'Gould' .*Gold"),
    ("position-no-place", r"a position rule is \"<Card> to <top \| bottom \| N> "),
    ("position-bad-place", r"place 'middle' is not top, bottom or a number from 1"),
    ("position-bad-condition", r"unknown .*Nope"),
])
def test_answer_table_mistakes_are_one_clear_error(checks, name, pattern):
    import re
    message = checks["errors"][name]
    assert message is not None and "\n" not in message and re.search(pattern, message), message


def test_answer_games_play_the_same_on_any_thread_count_and_their_rules_fire(checks):
    assert checks["answers_same"]
    fires = checks["answer_fires"]
    assert fires["naming: Test Wishing Well: Copper"] > 0, fires
    assert fires["position: Test Secret Passage: Estate to bottom"] > 0, fires
    assert fires["order: Test Patrol: Gold"] + fires["order: Test Patrol: Silver"] > 0, fires


def test_the_log_says_what_was_named_and_where_a_card_went(checks):
    lines = " | ".join(checks["log_answer_lines"])
    assert "names Copper" in lines, lines
    assert "into the deck, at the bottom" in lines, lines
    assert "into the deck, on top" in lines, lines


def test_cards_json_describes_the_answer_decisions():
    done = _with_test_cards("""
        import json
        from simulator.engine.cards import as_json
        print("JSON" + json.dumps({c["name"]: c for c in as_json() if c["answers"]}))
    """)
    assert done.returncode == 0, done.stderr[-2000:]
    cards = {name: c for name, c in json.loads(done.stdout.split("JSON", 1)[1]).items()
             if c["set"] == "test"}          # Intrigue's real cards too: their own tests
    assert sorted(cards) == ["Test Lookout", "Test Patrol", "Test Secret Passage",
                             "Test Wishing Well"]
    assert list(cards["Test Wishing Well"]["answers"]) == ["naming"]
    assert cards["Test Wishing Well"]["does"] == [{"name": "wish", "op": "name and reveal",
                                                   "amount": 1, "card": None}]
    assert list(cards["Test Secret Passage"]["answers"]) == ["position"]
    assert "bottom" in cards["Test Secret Passage"]["answers"]["position"]
    assert cards["Test Patrol"]["does"][0]["amount"] == 4
    assert cards["Test Lookout"]["lists"] == ["trash", "discard", "order"]


def test_games_with_choose_cards_play_the_same_on_any_thread_count(checks):
    assert checks["games"] == 400 and checks["same"]


def test_choose_rules_fire_and_defaults_are_counted(checks):
    fires = checks["fires"]
    # Pawn's own rules and Steward's default rules each decided some plays
    assert fires["Pawns: Test Pawn: card"] > 0 and fires["Pawns: Test Pawn: action"] > 0
    assert fires["Stewards: Test Steward: cards"] > 0


def test_the_log_says_what_was_chosen(checks):
    lines = checks["log_choose_lines"]
    assert any("chooses card" in line for line in lines), lines
    assert any("chooses action" in line for line in lines), lines


def test_extra_turn_games_play_the_same_on_any_thread_count_and_the_log_shows_them(checks):
    assert checks["outpost_same"]
    assert checks["log_extra_turn_lines"] and all(
        line.startswith("Turn ") and line.endswith("(extra turn)")
        for line in checks["log_extra_turn_lines"]), checks["log_extra_turn_lines"]
    assert checks["log_outpost_lines"] == [
        "plays Test Outpost: takes an extra turn after this one, with a 3-card hand"], \
        checks["log_outpost_lines"]


def test_cards_json_describes_a_choose_decision():
    done = _with_test_cards("""
        import json
        from simulator.engine.cards import as_json
        print("JSON" + json.dumps(next(c for c in as_json() if c["name"] == "Test Patron")))
    """)
    assert done.returncode == 0, done.stderr[-2000:]
    patron = json.loads(done.stdout.split("JSON", 1)[1])
    assert patron["name"] == "Test Patron" and patron["set"] == "test"
    assert patron["choose"] == {"pick": 1, "who": "player", "default": [], "options": [
        {"name": "gold", "op": "gain", "amount": 1, "card": "Gold"},
        {"name": "buy", "op": "+buys", "amount": 1, "card": None}]}


def test_cards_json_says_who_takes_a_victims_choice():
    done = _with_test_cards("""
        import json
        from simulator.engine.cards import as_json
        print("JSON" + json.dumps(next(c for c in as_json() if c["name"] == "Test Torturer")))
    """)
    assert done.returncode == 0, done.stderr[-2000:]
    choose = json.loads(done.stdout.split("JSON", 1)[1])["choose"]
    assert choose["who"] == "others" and choose["pick"] == 1
    assert choose["options"] == [
        {"name": "discard", "op": "discard", "amount": 2, "card": None},
        {"name": "curse", "op": "gain to hand", "amount": 1, "card": "Curse"}]
    assert choose["default"][0] == "curse if supply.Curse == 0"


def test_victims_choose_by_their_own_file_and_the_log_names_them(checks):
    """Each victim's choose rules fire in games (counted as the victim's), the
    games play the same on any thread count, and the log shows the victim
    choosing during the attacker's turn."""
    assert checks["torturer_same"]
    fires = checks["victim_fires"]
    assert fires["Test Torturer: discard"] > 0 and fires["Test Torturer: curse if my.turn > 6"] > 0
    assert checks["log_victim_lines"] and all(
        line.startswith("Victims chooses ") for line in checks["log_victim_lines"])
    assert any("chooses curse" in line for line in checks["log_victim_lines"])
    assert any("chooses discard; discards" in line for line in checks["log_victim_lines"])


def test_duration_games_play_the_same_on_any_thread_count_and_the_log_shows_them(checks):
    assert checks["caravan_same"] and checks["caravan_wins"] > 0
    lines = checks["log_duration_lines"]
    assert lines and all(line.startswith("Test Caravan (") and ": draws " in line
                         for line in lines), lines


def test_mat_games_play_the_same_on_any_thread_count_and_the_log_names_the_mats(checks):
    assert checks["mats_same"] and checks["mats_wins"] > 0
    lines = checks["log_mat_lines"]
    assert any("on the Island mat" in line for line in lines), lines
    assert any("face down on the Native Village mat" in line for line in lines), lines
    assert any("from the Native Village mat into hand" in line for line in lines), lines
    assert not any("chooses mat" in line and "Test Island" in line for line in lines), lines
    assert set(checks["json_mat_zones"]) <= {"island_mat", "native_village_mat"}
    assert "island_mat" in checks["json_mat_zones"]


def test_cards_json_describes_a_mat_and_what_a_card_does():
    done = _with_test_cards("""
        import json
        from simulator.engine.cards import as_json
        print("JSON" + json.dumps({c["name"]: c for c in as_json()
                                  if c["mat"] and c["set"] == "test"}))
    """)
    assert done.returncode == 0, done.stderr[-2000:]
    cards = json.loads(done.stdout.split("JSON", 1)[1])
    assert sorted(cards) == ["Test Blockade", "Test Island", "Test Native Village"]
    island, village = cards["Test Island"], cards["Test Native Village"]
    assert island["mat"] == "island" and island["vp"] == 2 and island["choose"] is None
    assert island["does"] == [{"name": "mat", "op": "this and hand to mat", "amount": 1,
                               "card": None}]
    assert village["mat"] == "native village" and village["does"] == []
    assert [o["op"] for o in village["choose"]["options"]] == ["deck to mat", "mat to hand"]


@pytest.mark.parametrize("players", [2, 4])
def test_cards_are_conserved_in_random_games_with_the_test_cards(players):
    """The random-game invariants (tests/test_invariants.py: every card in one
    zone, Durations in play between turns, counts true) with every test card
    in every kingdom."""
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env.update(DOMSIM_EXTRA_SETS="tests.cards_for_tests", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           f"tests/test_invariants.py::test_cards_conserved_in_random_games"
                           f"[{players}]"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:]



def test_the_rules_oracle_audits_games_of_the_test_cards():
    """The rules oracle (tests/rules_oracle.py) over random games of every card
    with the test cards in the kingdoms (a test card's six games, a real
    card's quick one: its six run without them in tests/test_oracle.py), and
    its corrupted-log tests of Durations and choices
    (tests/test_oracle_mechanisms.py)."""
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env.update(DOMSIM_EXTRA_SETS="tests.cards_for_tests", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "-m", "not slow or test_card", "tests/test_oracle_mechanisms.py",
                           "tests/test_oracle.py::test_random_games_of_every_card_obey_the_rules",
                           "tests/test_oracle.py::"
                           "test_the_other_random_games_of_every_card_obey_the_rules"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:]
    assert " passed" in done.stdout and "skipped" not in done.stdout, done.stdout[-500:]


def test_passes_swindles_hooks_and_new_hands_play_the_same_on_any_thread_count(checks):
    """Games of the cards whose decisions other players' files take (and of
    the Treasure hook) are the same on 1 and 2 threads, and their log says
    who passed what to whom, what a victim trashed and gained, who a
    Corsair hit and what it trashed, and Minion's new hands."""
    for key in ("masquerade", "swindler", "corsair", "minion"):
        assert checks[key + "_same"], key
    assert any(" passes " in line and " to " in line for line in checks["masquerade_lines"])
    assert any("trashes" in line and "from the deck; gains" in line
               for line in checks["swindler_lines"]), checks["swindler_lines"]
    corsair = checks["corsair_lines"]
    assert any("is hit by Test Corsair until Test Corsairs's next turn" in line
               for line in corsair), corsair
    assert any(line.startswith("Test Corsairs's Test Corsair in play: trashes ")
               for line in corsair), corsair
    assert any("chooses reset; discards" in line for line in checks["minion_lines"])


def test_cards_json_describes_passes_swindles_and_the_treasure_hook():
    done = _with_test_cards("""
        import json
        from simulator.engine.cards import as_json
        names = ("Test Masquerade", "Test Swindler", "Test Corsair", "Test Minion")
        print("JSON" + json.dumps({c["name"]: c for c in as_json() if c["name"] in names}))
    """)
    assert done.returncode == 0, done.stderr[-2000:]
    cards = json.loads(done.stdout.split("JSON", 1)[1])
    masquerade, swindler = cards["Test Masquerade"], cards["Test Swindler"]
    assert [o["op"] for o in masquerade["does"]] == ["pass", "may trash"]
    assert masquerade["own_list"]["key"] == "test_pass" and masquerade["others"]
    assert masquerade["may"]["default"] == "yes"
    assert swindler["does"] == [{"name": "swindle", "op": "swindle", "amount": 1,
                                 "card": None}]
    assert swindler["own_list"]["default"] == ["Duchy if supply.Province >= 6"]
    assert cards["Test Corsair"]["on_treasure"] == {"cards": ["Silver", "Gold"]}
    assert cards["Test Corsair"]["next_turn"]["cards"] == 1
    assert masquerade["on_treasure"] is None and swindler["on_treasure"] is None
    assert [o["op"] for o in cards["Test Minion"]["choose"]["options"]] == ["+coins", "reset"]
def test_gain_hook_games_play_the_same_on_any_thread_count_and_the_log_shows_them(checks):
    """Monkey, Blockade, Sailor, Smugglers and Pirate in one kingdom: the same games
    on 1 or 2 threads, both bots win some, and the log has a line per hook
    (whose card, who gains what)."""
    assert checks["hooks_same"] and min(checks["hooks_wins"]) > 0, checks["hooks_wins"]
    lines = checks["log_hook_lines"]
    for card in ("Test Monkey", "Test Blockade", "Test Sailor", "Test Pirate"):
        assert any(card in line for line in lines), (card, lines)


def test_cards_json_describes_gain_hooks_and_next_turns():
    done = _with_test_cards("""
        import json
        from simulator.engine.cards import as_json
        print("JSON" + json.dumps({c["name"]: c for c in as_json()
                                   if c["name"] in ("Test Monkey", "Test Blockade",
                                                    "Test Sailor", "Test Smugglers",
                                                    "Test Pirate")}))
    """)
    assert done.returncode == 0, done.stderr[-2000:]
    cards = json.loads(done.stdout.split("JSON", 1)[1])
    assert cards["Test Monkey"]["when_gain"] == {"who": "right", "does": "+cards", "amount": 1,
                                                 "types": []}
    assert cards["Test Sailor"]["when_gain"] == {"who": "self on own turn", "does": "play",
                                                 "amount": 1, "types": ["Duration"]}
    assert cards["Test Sailor"]["next_turn"]["trash"] == 1
    assert cards["Test Blockade"]["when_gain"]["does"] == "curse"
    assert cards["Test Blockade"]["mat"] == "blockade"
    assert cards["Test Blockade"]["next_turn"]["mat_to_hand"] is True
    assert cards["Test Blockade"]["does"] == [{"name": "gain", "op": "gain to mat", "amount": 4,
                                               "card": None}]
    assert cards["Test Smugglers"]["does"][0]["op"] == "smuggle"
    assert cards["Test Smugglers"]["when_gain"] is None
    assert cards["Test Pirate"]["when_gain"] == {"who": "any", "does": "play this",
                                                 "amount": 1, "types": ["Treasure"]}
    assert cards["Test Pirate"]["next_turn"]["gain_treasure"] == 6


def test_from_play_games_play_the_same_on_any_thread_count_and_the_may_decides(checks):
    """Treasury, its 2E text and Walled Village in one kingdom: the same games on 1 or 2 threads,
    the bot wins some, Walled Village's may rule fired, and the log says which
    card went from play onto the deck (in the Buy phase, in clean-up)."""
    assert checks["from_play_same"] and checks["from_play_wins"] > 0
    assert sum(checks["from_play_fires"].values()) > 0, checks["from_play_fires"]
    lines = " | ".join(checks["log_from_play_lines"])
    assert "puts Test New Treasury from play onto the deck" in lines, lines
    assert "puts Test Treasury from play onto the deck" in lines, lines
    assert any(line.startswith("clean-up: puts ") for line in checks["log_from_play_lines"])


def test_cards_json_describes_from_play():
    done = _with_test_cards("""
        import json
        from simulator.engine.cards import as_json
        print("JSON" + json.dumps({c["name"]: c["from_play"] for c in as_json()}))
    """)
    assert done.returncode == 0, done.stderr[-2000:]
    cards = json.loads(done.stdout.split("JSON", 1)[1])
    assert cards["Test Treasury"] == {"when": "discard from play", "cond": "no victory bought",
                                      "amount": 0}
    assert cards["Test New Treasury"]["when"] == "end of buy phase"
    assert cards["Test Walled Village"] == {"when": "start of clean-up",
                                            "cond": "actions in play at most", "amount": 2}
    assert cards["Smithy"] is None
