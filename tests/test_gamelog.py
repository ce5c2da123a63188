"""Game logs: the pure-Python replay of kernel traces, the renderers, ``domsim log``.

The replay rebuilds each game from its events alone and must end where the
kernel ended: the same cards owned per player, supply, trash, VP, winners.
The golden text log was reviewed line by line against RULES.md; regenerate it
with ``DOMSIM_UPDATE_GOLDEN=1 pytest tests/test_gamelog.py`` only after
reviewing the new text the same way.
"""
from __future__ import annotations

import dataclasses
import json
import os
import re
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
import typer
import typer.testing

from simulator import cards as C
from simulator import gamelog
from simulator import kernel as K
from simulator import log_commands
from simulator.cards import Card
from simulator.gamelog import ReplayError, replay
from simulator.runner import simulate, trace_game
from simulator.strategy import Strategy

GOLDEN = Path(__file__).parent / "golden" / "log_seed7.txt"
GOLDEN_ARGS = dict(strategies=["bm-witch", "bm-moat"], seed=7, game=0,
                   kingdom="Witch,Moat")


def _bot(name, *extra):
    """Big Money Ultimate that also buys one or two of each card in extra."""
    return Strategy.from_rules(name, [
        "Province if my.money > 15", "Duchy if supply.Province <= 4",
        "Estate if supply.Province <= 2", "Gold", *extra, "Silver"])


ATTACKER = _bot("Attacker", "Militia if my.Militia < 1", "Bandit if my.Bandit < 1",
                "Bureaucrat if my.Bureaucrat < 1", "Throne Room if my.ThroneRoom < 1",
                "Vassal if my.Vassal < 1")
DRAWER = _bot("Drawer", "Library if my.Library < 1", "Sentry if my.Sentry < 2",
              "Harbinger if my.Harbinger < 1", "Moat if my.Moat < 1",
              "Artisan if my.Artisan < 1")
TRASHER = _bot("Trasher", "Mine if my.Mine < 1", "Chapel if my.Chapel < 1",
               "Cellar if my.Cellar < 1", "Council Room if my.CouncilRoom < 1",
               "Merchant if my.Merchant < 2")
TINKERER = _bot("Tinkerer", "Moneylender if my.Moneylender < 1",
                "Remodel if my.Remodel < 1", "Poacher if my.Poacher < 1",
                "Workshop if my.Workshop < 1", "Throne Room if my.ThroneRoom < 2")
ATTACK_SET = "Militia,Bandit,Bureaucrat,Throne Room,Vassal,Library,Sentry,Harbinger,Moat,Artisan"
TRASH_SET = ("Mine,Chapel,Cellar,Council Room,Merchant,Moneylender,Remodel,Poacher,"
             "Workshop,Throne Room")

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


def _case_id(case):
    strats, _, players, seeds, games = case
    names = "-".join(s if isinstance(s, str) else s.name.lower() for s in strats)
    return f"{players}p-{names}-seeds{'.'.join(map(str, seeds))}"


def _dense(counter: Counter) -> np.ndarray:
    a = np.zeros(K.NC, dtype=np.int64)
    for c, n in counter.items():
        a[c] = n
    return a


@pytest.fixture(scope="module")
def golden_trace():
    a = GOLDEN_ARGS
    return trace_game(a["strategies"], a["seed"], a["game"], kingdom=a["kingdom"])


@pytest.fixture(scope="module")
def event_kinds():
    """Move kinds and event names seen over every replayed case."""
    return Counter()


# ============================================================ (a) replay = kernel

@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_replay_ends_where_the_kernel_ends(case, event_kinds):
    strats, kingdom, players, seeds, games = case
    for seed in seeds:
        for game in games:
            t = trace_game(strats, seed, game, players=players, kingdom=kingdom)
            s = replay(t)
            where = f"seed {seed} game {game}"
            assert s.vp == t.vp, where
            assert s.turns == t.turns, where
            assert s.outcome == t.outcome, where
            assert s.ended_by == t.ended_by, where
            assert s.winners == [p for p in range(players) if t.outcome[p]], where
            for p in range(players):
                assert (_dense(s.owned(p)) == t.owned[p]).all(), f"{where} seat {p}"
            assert (_dense(s.supply) == t.supply).all(), where
            assert (_dense(s.trash) == t.trash).all(), where
            # the breakdown adds up, Gardens counted per 10 cards owned
            for p in range(players):
                size = sum(s.owned(p).values())
                for c, n, v in s.breakdown[p]:
                    per = size // 10 if c == Card.GARDENS else int(C.VP[c])
                    assert v == n * per
                assert sum(v for _, _, v in s.breakdown[p]) == s.vp[p]
            for row in t.events.tolist():
                if row[2] == K.EV_MOVE:
                    event_kinds[(row[5], row[6])] += 1
                else:
                    event_kinds[gamelog.EVENT_NAMES[row[2]]] += 1
            if kingdom and "Gardens" in kingdom:
                assert any(c == Card.GARDENS for b in s.breakdown for c, _, _ in b)


def test_the_cases_cover_every_kind_of_event(event_kinds):
    if not event_kinds:
        pytest.skip("run together with test_replay_ends_where_the_kernel_ends")
    emitted = gamelog.MOVES - {(K.DISC, K.Z_TRASH), (K.PLAY_ROW, K.Z_TRASH)}
    missing = [pair for pair in emitted if pair not in event_kinds]
    assert not missing, [(gamelog.ZONE_NAMES[a], gamelog.ZONE_NAMES[b]) for a, b in missing]
    for name in gamelog.EVENT_NAMES.values():
        if name != "move":
            assert event_kinds[name], name


def _rows(trace):
    return trace.events.tolist()


def _find(trace, pred, start=0):
    return next(i for i, r in enumerate(_rows(trace)) if i >= start and pred(r))


def _with(trace, rows):
    return dataclasses.replace(trace, events=np.array(rows, dtype=np.int32).reshape(-1, 7))


def _corrupt_draw(t):                 # setup draws a Province
    rows = _rows(t)
    rows[0][3] = Card.PROVINCE
    return rows, 0, "deck holds no Province"


def _corrupt_no_shuffle(t):           # the first reshuffle is left out
    rows = _rows(t)
    i = _find(t, lambda r: r[2] == K.EV_SHUFFLE)
    del rows[i]
    return rows, i, "empty deck"


def _corrupt_no_curse(t):             # a Witch victim does not gain its Curse
    rows = _rows(t)
    i = _find(t, lambda r: r[2] == K.EV_MOVE and r[3] == Card.CURSE and r[5] == K.Z_SUPPLY)
    del rows[i]
    return rows, i, "Witch leaves seat 1 untouched"


def _corrupt_witch_gold(t):           # a Witch victim gains a Gold instead
    rows = _rows(t)
    i = _find(t, lambda r: r[2] == K.EV_MOVE and r[3] == Card.CURSE and r[5] == K.Z_SUPPLY)
    rows[i][3] = Card.GOLD
    return rows, i + 1, "Witch gives seat 1 something other than a Curse"


def _corrupt_coins(t):                # $1 more than the Treasures make
    rows = _rows(t)
    i = _find(t, lambda r: r[2] == K.EV_COINS)
    rows[i][4] += 1
    return rows, i, r"\$3 to spend, the cards give \$2"


def _corrupt_buy_to_hand(t):          # a bought card goes to the hand
    rows = _rows(t)
    i = _find(t, lambda r: r[2] == K.EV_BUY) + 1
    rows[i][6] = K.HAND
    return rows, i, "does not go to the discard pile"


def _corrupt_extra_draw(t):           # clean-up draws a sixth card
    rows = _rows(t)
    i = _find(t, lambda r: r[2] == K.EV_TURN and r[0] == 3)
    rows.insert(i, list(rows[i - 1]))
    return rows, i, "draws more than 5"


def _corrupt_early_end(t):            # the game ends after turn 2
    rows = _rows(t)
    i = _find(t, lambda r: r[2] == K.EV_TURN and r[0] == 3)
    rows = rows[:i] + [[2, 1, K.EV_END, -1, 0, 0, 0]]
    return rows, i, "no end condition holds"


def _corrupt_no_end(t):               # the log stops before the end
    rows = _rows(t)[:-1]
    return rows, len(rows), "no end event"


def _corrupt_turn_order(t):           # seat 0 plays twice in a row
    rows = _rows(t)
    i = _find(t, lambda r: r[2] == K.EV_TURN and r[1] == 1)
    rows[i][1] = 0
    return rows, i, "it is seat 1's"


def _corrupt_moat(t):                 # a Moat reveal by a player without Moat
    rows = _rows(t)
    i = _find(t, lambda r: r[2] == K.EV_MOAT)
    rows[i][1] = 0
    return rows, i, "seat 0 reveals a Moat it does not hold"


@pytest.mark.parametrize("corrupt", [
    _corrupt_draw, _corrupt_no_shuffle, _corrupt_no_curse, _corrupt_witch_gold,
    _corrupt_coins,
    _corrupt_buy_to_hand, _corrupt_extra_draw, _corrupt_early_end, _corrupt_no_end,
    _corrupt_turn_order, _corrupt_moat])
def test_replay_rejects_a_corrupted_log(golden_trace, corrupt):
    replay(golden_trace)                         # the real log replays
    rows, index, message = corrupt(golden_trace)
    with pytest.raises(ReplayError, match=message) as err:
        replay(_with(golden_trace, rows))
    assert err.value.index == index
    assert str(err.value).startswith(f"event {index}: ")


def test_tie_break_rules():
    assert gamelog.decide([30, 25], [18, 18]) == ([0], [1, 0], "none")
    assert gamelog.decide([30, 30], [18, 17]) == ([1], [0, 1], "fewer_turns")
    assert gamelog.decide([30, 30], [18, 18]) == ([0, 1], [2, 2], "shared")
    assert gamelog.decide([30, 30, 30], [18, 17, 17]) == ([1, 2], [0, 2, 2], "shared")
    assert gamelog.decide([-1, -3], [5, 5]) == ([0], [1, 0], "none")


@pytest.mark.parametrize("args, tie_break, lines", [
    ((["bm-witch", "bm-moat"], 11, 0, dict(kingdom="Witch,Moat")), "fewer_turns", [
        "Tie on 30 VP between BM Witch (seat 1) and BM Moat (seat 2); the tie-break "
        "decides: fewer turns win",
        "Winner: BM Moat (seat 2) with 30 VP in 16 turns (BM Witch (seat 1): 17 turns)"]),
    ((["bm-witch", "bm-moat"], 32, 0, dict(kingdom="Witch,Moat")), "shared", [
        "Tie on 38 VP and 26 turns each between BM Witch (seat 1) and BM Moat (seat 2): "
        "the tie-break does not decide",
        "Shared win: BM Witch (seat 1) and BM Moat (seat 2) with 38 VP in 26 turns"]),
    ((["bm-witch"] * 4, 0, 0, dict(kingdom="Witch")), "none", [
        "Game over after turn 24 of BM Witch (4) (seat 4): 3 supply piles are empty",
        "Empty piles: Estate, Duchy, Curse",
        "Winner: BM Witch (3) (seat 3) with 27 VP"]),
    ((["smithy", "big-money"], 1, 0, dict(turn_cap=5)), "shared", [
        "Game over after turn 5 of Big Money (seat 2): the turn cap of 5 turns is reached"]),
])
def test_how_the_game_ended_and_who_won(args, tie_break, lines):
    strats, seed, game, kw = args
    t = trace_game(strats, seed, game, **kw)
    s = replay(t)
    assert (s.outcome, s.tie_break) == (t.outcome, tie_break)
    tail = gamelog.render_text(t).split("\n\n")[-1].splitlines()
    for line in lines:
        assert line in tail


# ============================================================ (b) golden text log

def test_golden_text_log(golden_trace):
    text = gamelog.render_text(golden_trace)
    if os.environ.get("DOMSIM_UPDATE_GOLDEN"):
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8")
    if text != expected:
        import difflib
        diff = "\n".join(difflib.unified_diff(expected.splitlines(), text.splitlines(),
                                              "golden", "now", lineterm="", n=1))
        pytest.fail(f"the log of {GOLDEN_ARGS} changed:\n{diff}")


def test_golden_log_shows_what_it_was_chosen_for():
    text = GOLDEN.read_text(encoding="utf-8")
    for needle in ["plays Witch: draws", "    BM Moat gains Curse",
                   "    BM Moat reveals Moat: unaffected", "plays Moat: draws",
                   "buys Province", "reshuffles", "Game over", "Winner:",
                   "Curse x5 = -5"]:
        assert needle in text, needle
    # every clean-up draws 5 (replay checks that shuffles wait for an empty deck)
    blocks = text.split("\n\n")[1:-1]
    assert len(blocks) == 36
    for block in blocks:
        cleanup = block.splitlines()[-1]
        assert cleanup.startswith("  clean-up: ")
        assert sum(int(n) for n in re.findall(r"draws (\d+)", cleanup)) == 5, block


def test_card_names_in_other_languages(golden_trace):
    for lang in ("nl", "de", "ja"):
        text = gamelog.render_text(golden_trace, lang)
        witch, moat, curse = (C.localized(c, lang) for c in
                              (Card.WITCH, Card.MOAT, Card.CURSE))
        assert f"plays {witch}: draws" in text
        assert f"gains {curse}" in text and f"reveals {moat}: unaffected" in text
        assert "plays Witch" not in text
    with pytest.raises(ValueError, match="unknown language"):
        gamelog.render_text(golden_trace, "fr")


def test_throne_room_vassal_and_library_lines():
    text = "".join(gamelog.render_text(trace_game([ATTACKER, DRAWER], seed, 0,
                                                  kingdom=ATTACK_SET))
                   for seed in range(3))
    assert re.search(r"\n  plays Throne Room on (\w+)\n    \1: .*\n(      .*\n)*"
                     r"    \1 again", text)
    assert re.search(r"plays Vassal: \+\$2; discards \w+ from deck; plays it\n    \w+", text)
    assert re.search(r"plays Library: .*draws", text)
    assert re.search(r"plays Sentry: draws \w+; \+1 Action; looks at", text)


# ============================================================ (c) trace = simulate

@pytest.mark.parametrize("strats, kingdom, players, seed, game", [
    (["bm-witch", "bm-moat"], "Witch,Moat", 2, 7, 0),
    (["bm-witch", "bm-moat"], "Witch,Moat", 2, 7, 3),
    ([ATTACKER, DRAWER, "bm-moat"], ATTACK_SET, 3, 11, 4),
    ([TRASHER, TINKERER], TRASH_SET, 4, 5, 2),
])
def test_trace_is_game_k_of_simulate(strats, kingdom, players, seed, game):
    t = trace_game(strats, seed, game, players=players, kingdom=kingdom)
    rec = simulate(strats, game + 1, seed, players=players, kingdom=kingdom).records[game]
    assert rec["vp"].tolist() == t.vp
    assert rec["turns"].tolist() == t.turns
    assert rec["outcome"].tolist() == t.outcome
    assert int(rec["ended_by"]) == t.ended_by
    assert rec["entry"].tolist() == t.entry
    s = replay(t)
    assert rec["cards"].tolist() == [sum(s.owned(p).values()) for p in range(players)]
    assert rec["curses"].tolist() == [s.owned(p)[Card.CURSE] for p in range(players)]


# ============================================================ (d) json and html

EVENT_FIELDS = {"i", "turn", "player", "seat_name", "event", "card", "count", "from", "to"}


def test_json_log(golden_trace):
    d = json.loads(gamelog.render_json(golden_trace))
    assert d == gamelog.log_dict(golden_trace)
    assert d["format"] == "domsim-log" and d["version"] == 1
    g = d["game"]
    assert (g["seed"], g["game"], g["players"], g["turn_cap"]) == (7, 0, 2, 100)
    assert g["kingdom"][:2] == ["Witch", "Moat"] and len(g["kingdom"]) == 10
    assert [s["name"] for s in g["seats"]] == ["BM Witch", "BM Moat"]
    events = d["events"]
    assert len(events) == len(golden_trace.events)
    zones = set(gamelog.ZONE_NAMES.values())
    for i, e in enumerate(events):
        assert set(e) == EVENT_FIELDS
        assert e["i"] == i and e["event"] in gamelog.EVENT_NAMES.values()
        assert e["seat_name"] == g["seats"][e["player"]]["name"]
        if e["event"] in ("move", "shuffle"):
            assert e["from"] in zones and e["to"] in zones
        else:
            assert e["from"] is None and e["to"] is None
        if e["card"] is not None:
            C.card_id(e["card"])
    assert events[0] == {"i": 0, "turn": 0, "player": 0, "seat_name": "BM Witch",
                         "event": "move", "card": "Copper", "count": 1,
                         "from": "deck", "to": "hand"}
    buy = next(e for e in events if e["event"] == "buy")
    assert buy["count"] == C.COST[C.card_id(buy["card"])]
    end = events[-1]
    assert end["event"] == "end" and end["count"] == golden_trace.ended_by
    assert end["turn"] == golden_trace.turns[end["player"]]
    summ = d["summary"]
    assert summ["ended_by"] == "provinces" and summ["empty_piles"] == ["Province"]
    assert summ["winners"] == [p for p in range(2) if golden_trace.outcome[p]]
    assert summ["tie_break"] in ("none", "fewer_turns", "shared")
    assert summ["turns"] == sum(golden_trace.turns)
    for p, pl in enumerate(summ["players"]):
        assert pl["seat"] == p and pl["vp"] == golden_trace.vp[p]
        assert pl["turns"] == golden_trace.turns[p]
        assert pl["outcome"] == gamelog.OUTCOME_NAMES[golden_trace.outcome[p]]
        assert sum(b["vp"] for b in pl["vp_breakdown"]) == pl["vp"]
        assert set(pl) == {"seat", "name", "vp", "turns", "cards", "outcome",
                           "vp_breakdown"}


def test_html_log(golden_trace):
    page = gamelog.render_html(golden_trace, "de")
    assert page.startswith("<!DOCTYPE html>\n<html lang=\"de\">")
    assert page.rstrip().endswith("</html>")
    assert "<style>" in page and "<link" not in page and "src=" not in page
    turns = int((golden_trace.events[:, K.TR_CODE] == K.EV_TURN).sum())
    assert page.count("<details") == turns == sum(golden_trace.turns)
    assert page.count("<summary>") == turns and page.count("</details>") == turns
    for colour in gamelog.PALETTE[:2]:
        assert colour in page
    assert "Hexe" in page and "Burggraben" in page      # Witch, Moat in German
    assert "BM Moat (seat 2)" in page


# ============================================================ (e) the command

def _app() -> typer.Typer:
    from simulator import cli
    log_commands.register(cli.app)       # no-op once cli.py registers it itself
    log_commands.register(cli.app)
    assert sum(1 for c in cli.app.registered_commands if c.name == "log") == 1
    return cli.app


def _invoke(args):
    return typer.testing.CliRunner().invoke(_app(), args)


def test_cli_prints_a_whole_game():
    res = _invoke(["log", "smithy", "big-money", "--seed", "7"])
    assert res.exit_code == 0, res.output
    out = res.stdout
    assert out.startswith("Game 0 of seed 7: Smithy (seat 1) vs Big Money (seat 2)")
    assert "\nTurn 1: Smithy (seat 1)\n  hand: " in out
    assert "plays Smithy: draws" in out and "Game over after turn" in out
    t = trace_game(["smithy", "big-money"], 7)
    assert out == gamelog.render_text(t)
    assert out.count("\nTurn ") == sum(t.turns)


def test_cli_json_and_html(tmp_path):
    res = _invoke(["log", "bm-witch", "bm-moat", "--seed", "7", "--kingdom", "Witch,Moat",
                   "--format", "json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["summary"]["players"][0]["name"] == "BM Witch"
    out = tmp_path / "game.html"
    res = _invoke(["log", "bm-witch", "bm-moat", "--seed", "7", "--kingdom", "Witch,Moat",
                   "--format", "html", "--lang", "ja", "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert res.stdout == ""
    assert out.read_text(encoding="utf-8").count("<details") == 36
    assert "魔女" in out.read_text(encoding="utf-8")
    assert not list(tmp_path.glob(".*.tmp"))


def test_cli_html_defaults_its_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    res = _invoke(["log", "smithy", "big-money", "--seed", "3", "--game", "1",
                   "--format", "html"])
    assert res.exit_code == 0, res.output
    assert (tmp_path / "domsim-log-seed3-game1.html").read_text().startswith("<!DOCTYPE")


def test_cli_game_k_rotates_seats():
    res = _invoke(["log", "smithy", "big-money", "--seed", "7", "--game", "1"])
    assert res.exit_code == 0, res.output
    assert res.stdout.startswith("Game 1 of seed 7: Big Money (seat 1) vs Smithy (seat 2)")


@pytest.mark.parametrize("args, message", [
    (["--lang", "fr"], "unknown language 'fr'"),
    (["--format", "pdf"], "unknown format 'pdf'"),
    (["--players", "7"], "2 to 6 players"),
    (["--game", "-1"], "--game must be between 0 and 2**63 - 2, not -1"),
    (["--game", str(2**63)], "--game must be between 0 and 2**63 - 2"),
    (["--turn-cap", "0"], "--turn-cap must be between 1 and 32767"),
    (["--kingdom", "Smithee"], "did you mean 'Smithy'"),
    (["--out", "/nonexistent-dir/x.txt"], "does not exist"),
])
def test_cli_bad_input(args, message):
    res = _invoke(["log", "smithy", "big-money", "--seed", "7", *args])
    assert res.exit_code == 2, res.output
    assert res.stderr.startswith("error: ") and message in res.stderr, res.stderr
    assert "Traceback" not in res.output


def test_cli_needs_a_seed_and_known_strategies():
    res = _invoke(["log", "smithy", "big-money"])
    assert res.exit_code == 2 and res.stderr.startswith("error: give --seed")
    res = _invoke(["log", "smithy", "nosuch-bot", "--seed", "1"])
    assert res.exit_code == 2 and "unknown strategy 'nosuch-bot'" in res.stderr


def test_register_on_a_fresh_app():
    app = typer.Typer()
    log_commands.register(app)
    log_commands.register(app)
    assert [c.name for c in app.registered_commands] == ["log"]
    res = typer.testing.CliRunner().invoke(app, ["smithy", "big-money", "--seed", "2"])
    assert res.exit_code == 0 and "Game over" in res.stdout
