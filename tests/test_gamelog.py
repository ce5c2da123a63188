"""Game logs: the renderers of kernel traces and ``domsim log``.

The renderer shows what the kernel emitted; whether the events obey the
rules is audited by the oracle (``test_oracle.py``).  The golden text logs
were reviewed line by line against RULES.md; a test only compares them.
``python tests/update_golden.py`` rewrites them and prints what changed,
to be reviewed the same way before committing.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import typer
import typer.testing

from simulator.engine import cards as C
from reports import gamelog
from simulator.engine import codes as S
from simulator.cli import log_commands
from simulator.engine.cards import Card
from simulator.runs.runner import simulate, trace_game
from simulator.language.strategy import Strategy, load_strategy

from case_bots import (ATTACK_SET, ATTACKER, DRAWER, MARKET_SET, MARKETEER, SNOOP,
                       TINKERER, TRASH_SET, TRASHER)

GOLDEN = Path(__file__).parent / "golden" / "log_seed7.txt"


def _plain(stem: str) -> Strategy:
    """A shipped bot as it was when these games were chosen: without the
    penultimate_province option it has since (the games would differ)."""
    return Strategy.from_rules(load_strategy(stem).name, extends=stem,
                               penultimate_province=False)


WITCH, MOAT = _plain("bm-witch"), _plain("bm-moat")
GOLDEN_ARGS = dict(strategies=[WITCH, MOAT], seed=7, game=0, kingdom="Witch,Moat")
# a game with Black Market, Thief and Spy (and Moat, Witch from the market)
GOLDEN_MARKET = Path(__file__).parent / "golden" / "log_black_market_seed32.txt"
GOLDEN_MARKET_ARGS = dict(strategies=[MARKETEER, SNOOP], seed=32, game=0,
                          kingdom=MARKET_SET)


@pytest.fixture(scope="module")
def golden_trace():
    a = GOLDEN_ARGS
    return trace_game(a["strategies"], a["seed"], a["game"], kingdom=a["kingdom"])


@pytest.mark.parametrize("args, tie_break, lines", [
    (([WITCH, MOAT], 11, 0, dict(kingdom="Witch,Moat")), "fewer_turns", [
        "Tie on 30 VP between BM Witch (seat 1) and BM Moat (seat 2); the tie-break "
        "decides: fewer turns win",
        "Winner: BM Moat (seat 2) with 30 VP in 16 turns (BM Witch (seat 1): 17 turns)"]),
    (([WITCH, MOAT], 32, 0, dict(kingdom="Witch,Moat")), "shared", [
        "Tie on 38 VP and 26 turns each between BM Witch (seat 1) and BM Moat (seat 2): "
        "the tie-break does not decide",
        "Shared win: BM Witch (seat 1) and BM Moat (seat 2) with 38 VP in 26 turns"]),
    # four entries: game 0 seats them 1 2 4 3 (every seating is played; the
    # plain rotation, seating="rotate", played the same game as 1 2 3 4)
    (([WITCH] * 4, 0, 0, dict(kingdom="Witch")), "none", [
        "Game over after turn 24 of BM Witch (3) (seat 4): 3 supply piles are empty",
        "Empty piles: Estate, Duchy, Curse",
        "Winner: BM Witch (4) (seat 3) with 27 VP"]),
    ((["smithy", "big-money"], 1, 0, dict(turn_cap=5)), "shared", [
        "Game over after turn 5 of Big Money (seat 2): the turn cap of 5 turns is reached"]),
])
def test_how_the_game_ended_and_who_won(args, tie_break, lines):
    strats, seed, game, kw = args
    t = trace_game(strats, seed, game, **kw)
    g = gamelog.read_log(t)
    assert (g.outcome, g.tie_break) == (t.outcome, tie_break)
    tail = gamelog.render_text(t).split("\n\n")[-1].splitlines()
    for line in lines:
        assert line in tail


# ============================================================ (b) golden text log

def golden_texts() -> dict:
    """Each golden file and the log it holds now (tests/update_golden.py
    writes these; the tests compare them)."""
    out = {}
    for path, a in ((GOLDEN, GOLDEN_ARGS), (GOLDEN_MARKET, GOLDEN_MARKET_ARGS)):
        t = trace_game(a["strategies"], a["seed"], a["game"], kingdom=a["kingdom"])
        out[path] = gamelog.render_text(t)
    return out


def _check_golden(path, text, args):
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        import difflib
        diff = "\n".join(difflib.unified_diff(expected.splitlines(), text.splitlines(),
                                              "golden", "now", lineterm="", n=1))
        pytest.fail(f"the log of {args} changed:\n{diff}")


def test_golden_text_log(golden_trace):
    _check_golden(GOLDEN, gamelog.render_text(golden_trace), GOLDEN_ARGS)


def test_golden_black_market_thief_spy_log():
    a = GOLDEN_MARKET_ARGS
    t = trace_game(a["strategies"], a["seed"], a["game"], kingdom=a["kingdom"])
    text = gamelog.render_text(t)
    _check_golden(GOLDEN_MARKET, text, a)
    for needle in [
            "Black Market deck (24 cards, top first): Bandit, Smithy, Feast,",
            "plays Black Market: +$2; reveals Bandit, Smithy, Feast from the Black Market "
            "deck; buys nothing; puts Bandit, Smithy, Feast under the Black Market deck",
            "reveals Witch, Woodcutter, Workshop from the Black Market deck; plays Copper, "
            "Silver; buys Witch; puts Woodcutter, Workshop under the Black Market deck",
            "  plays no Treasures: $0",
            # the buy list takes a Gold before Laboratory: nothing from the
            # Black Market deck with $6
            "reveals Council Room, Laboratory, Militia from the Black Market deck; buys "
            "nothing; puts Council Room, Laboratory, Militia under the Black Market deck\n"
            "  plays Copper, Gold: $6 (incl. $2 from the Action phase)\n  buys Gold",
            "    Marketeer reveals Copper x2; trashes Copper; discards Copper",
            # Thief in the card's order: reveal, trash, gain, discard
            "  plays Thief\n    Marketeer reveals Copper, Gold; trashes Gold\n"
            "    Snoop gains Gold from the trash\n    Marketeer discards Copper",
            # Spy: its own Copper discarded, the victim's Estate put back
            "  plays Spy: reshuffles 12 cards; draws Copper; +1 Action; reveals Copper; "
            "discards Copper\n    Marketeer reveals Estate; puts back Estate",
            "    Marketeer reveals Witch; discards Witch",
            "  plays Thief\n    Marketeer reveals Moat: unaffected"]:
        assert needle in text, needle


def test_golden_log_shows_what_it_was_chosen_for():
    text = GOLDEN.read_text(encoding="utf-8")
    for needle in ["plays Witch: draws", "    BM Moat gains Curse",
                   "    BM Moat reveals Moat: unaffected", "plays Moat: draws",
                   "buys Province", "reshuffles", "Game over", "Winner:",
                   "Curse x5 = -5"]:
        assert needle in text, needle
    # every clean-up draws 5 (the oracle checks that shuffles wait for an empty deck)
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
    assert re.search(r"\n  plays Throne Room: plays (\w+) twice\n    \1: .*\n(      .*\n)*"
                     r"    \1 again", text)
    assert re.search(r"plays Vassal: \+\$2; discards (\w+) from deck; plays \1\n    \1", text)
    assert re.search(r"plays Library: .*draws", text)
    assert re.search(r"plays Sentry: draws \w+; \+1 Action; looks at", text)


# ============================================================ (c) trace = simulate

@pytest.mark.parametrize("strats, kingdom, players, seed, game", [
    (["bm-witch", "bm-moat"], "Witch,Moat", 2, 7, 0),
    (["bm-witch", "bm-moat"], "Witch,Moat", 2, 7, 3),
    ([ATTACKER, DRAWER, "bm-moat"], ATTACK_SET, 3, 11, 4),
    ([TRASHER, TINKERER], TRASH_SET, 4, 5, 2),
    # plain Actions (only "+" numbers): untraced games play them without resolve
    (["bm-village", "bm-laboratory", "bm-market"], "Village,Laboratory,Market", 3, 3, 1),
    (["bm-festival", "bm-woodcutter", "smithy"], "Festival,Woodcutter,Smithy", 3, 9, 2),
])
def test_trace_is_game_k_of_simulate(strats, kingdom, players, seed, game):
    t = trace_game(strats, seed, game, players=players, kingdom=kingdom)
    rec = simulate(strats, game + 1, seed, players=players, kingdom=kingdom).records[game]
    assert rec["vp"].tolist() == t.vp
    assert rec["turns"].tolist() == t.turns
    assert rec["outcome"].tolist() == t.outcome
    assert int(rec["ended_by"]) == t.ended_by
    assert rec["entry"].tolist() == t.entry
    assert rec["cards"].tolist() == t.owned.sum(axis=1).tolist()
    assert rec["curses"].tolist() == t.owned[:, Card.CURSE].tolist()


# ============================================================ (d) json and html

EVENT_FIELDS = {"i", "turn", "player", "seat_name", "event", "card", "count", "from", "to",
                "detail"}


def test_json_log(golden_trace):
    d = json.loads(gamelog.render_json(golden_trace))
    assert d == gamelog.log_dict(golden_trace)
    assert d["format"] == "domsim-log" and d["version"] == 2
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
        elif e["event"] == "start":
            assert e["from"] is None and e["to"] == "deck"
        else:
            assert e["from"] is None and e["to"] is None
        if e["card"] is not None:
            C.card_id(e["card"])
        assert (e["detail"] is None) == (e["event"] not in ("nothing", "vp"))
    assert events[:3] == [
        {"i": 0, "turn": 0, "player": 0, "seat_name": "BM Witch", "event": "start",
         "card": "Copper", "count": 7, "from": None, "to": "deck", "detail": None},
        {"i": 1, "turn": 0, "player": 0, "seat_name": "BM Witch", "event": "start",
         "card": "Estate", "count": 3, "from": None, "to": "deck", "detail": None},
        {"i": 2, "turn": 0, "player": 0, "seat_name": "BM Witch", "event": "move",
         "card": "Copper", "count": 1, "from": "deck", "to": "hand", "detail": None}]
    buy = next(e for e in events if e["event"] == "buy")
    assert buy["count"] == C.COST[C.card_id(buy["card"])]
    end = next(e for e in events if e["event"] == "end")
    assert end["count"] == golden_trace.ended_by
    assert {e["event"] for e in events[end["i"] + 1:]} == {"vp"}
    assert sum(e["detail"] for e in events if e["event"] == "vp") == sum(golden_trace.vp)
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
    turns = int((golden_trace.events[:, S.TR_CODE] == S.EV_TURN).sum())
    assert page.count("<details") == turns == sum(golden_trace.turns)
    assert page.count("<summary>") == turns and page.count("</details>") == turns
    for colour in gamelog.PALETTE[:2]:
        assert colour in page
    assert "Hexe" in page and "Burggraben" in page      # Witch, Moat in German
    assert "BM Moat (seat 2)" in page


# ============================================================ (e) the command

def _app() -> typer.Typer:
    from simulator.cli import app as cli
    log_commands.register(cli.app)       # no-op once cli.py registers it itself
    log_commands.register(cli.app)
    assert sum(1 for c in cli.app.registered_commands if c.name == "log") == 1
    return cli.app


def _invoke(args):
    return typer.testing.CliRunner().invoke(_app(), args)


def test_cli_prints_a_whole_game():
    res = _invoke(["log", "smithy", "big-money", "--seed", "7", "--wide"])
    assert res.exit_code == 0, res.output
    out = res.stdout
    assert out.startswith("Game 0 of seed 7: Smithy (seat 1) vs Big Money (seat 2)")
    assert "\nTurn 1: Smithy (seat 1)\n  hand: " in out
    assert "plays Smithy: draws" in out and "Game over after turn" in out
    t = trace_game(["smithy", "big-money"], 7)
    assert out == gamelog.render_text(t)
    assert out.count("\nTurn ") == sum(t.turns)


def test_cli_json_and_html(tmp_path):
    bots = []
    for stem, name in (("bm-witch", "BM Witch"), ("bm-moat", "BM Moat")):
        bots.append(tmp_path / f"{stem}.toml")            # as in GOLDEN_ARGS
        bots[-1].write_text(f'name = "{name}"\nextends = "{stem}"\n'
                            'penultimate_province = false\n')
    res = _invoke(["log", *map(str, bots), "--seed", "7", "--kingdom", "Witch,Moat",
                   "--format", "json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["summary"]["players"][0]["name"] == "BM Witch"
    out = tmp_path / "game.html"
    res = _invoke(["log", *map(str, bots), "--seed", "7", "--kingdom", "Witch,Moat",
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


def test_cli_seed_defaults_to_0_and_needs_known_strategies():
    res = _invoke(["log", "smithy", "big-money"])          # --seed 0, like compare
    assert res.exit_code == 0 and res.stdout == _invoke(
        ["log", "smithy", "big-money", "--seed", "0"]).stdout
    res = _invoke(["log", "smithy", "nosuch-bot", "--seed", "1"])
    assert res.exit_code == 2 and "unknown strategy 'nosuch-bot'" in res.stderr


def test_register_on_a_fresh_app():
    app = typer.Typer()
    log_commands.register(app)
    log_commands.register(app)
    assert [c.name for c in app.registered_commands] == ["log"]
    res = typer.testing.CliRunner().invoke(app, ["smithy", "big-money", "--seed", "2"])
    assert res.exit_code == 0 and "Game over" in res.stdout


@pytest.mark.parametrize("bot, pattern", [
    ("bm-woodcutter", r"\n  plays Woodcutter: \+1 Buy; \+\$2\n"),
    ("bm-chancellor", r"\n  plays Chancellor: \+\$2; puts the deck \((\d+) cards\) into the "
                      r"discard pile\n"),
    (Strategy.from_rules("Feaster", ["Province", "Gold", "Feast if my.Feast < 2", "Silver"],
                         gain=["Duchy"]), r"\n  plays Feast: trashes Feast; gains Duchy\n"),
    ("bm-adventurer", r"\n  plays Adventurer: reveals [^;]+; puts (Copper|Silver|Gold)"
                      r"( x2)?(, (Silver|Gold))? into hand(; discards [^;]+)?\n"),
    ("bm-envoy", r"\n  plays Envoy: (reshuffles \d+ cards; )?reveals [^;]+; "
                 r"(reshuffles \d+ cards; reveals [^;]+; )?discards \w+; puts [^;]+ into hand\n"),
])
def test_the_log_shows_each_new_card(bot, pattern):
    text = "".join(gamelog.render_text(trace_game([bot, "big-money-ultimate"], seed, 0))
                   for seed in range(4))
    assert re.search(pattern, text), pattern


def test_a_kernel_without_its_log_refuses_to_trace(monkeypatch):
    # DOMSIM_TRACE=0 (benchmarks/trace.py) compiles the log out: a trace
    # would come back empty, so it is refused instead.
    monkeypatch.setattr(S, "TRACE", False)
    with pytest.raises(ValueError, match="DOMSIM_TRACE=0"):
        trace_game(["smithy", "big-money"], 7)


def test_one_card_reads_singular():
    F = gamelog.Fragment
    assert gamelog._fragment_text(F(0, "deck_to_discard", number=1), None) == \
        "puts the deck (1 card) into the discard pile"
    assert gamelog._fragment_text(F(0, "deck_to_discard", number=2), None) == \
        "puts the deck (2 cards) into the discard pile"
    assert gamelog._fragment_text(F(0, "shuffle", number=1), None) == "reshuffles 1 card"


def test_japanese_log_fits_80_cells():
    # a Japanese card name takes two terminal cells per character: wrapping
    # by characters left lines of 98-104 cells at 80
    from rich.cells import cell_len
    t = trace_game([ATTACKER, DRAWER], 0, 0, kingdom=ATTACK_SET)
    text = gamelog.render_text(t, "ja")
    assert max(map(cell_len, text.splitlines())) > 100
    fitted = gamelog.fit(text, 80)
    assert max(map(cell_len, fitted.splitlines())) <= 80
    assert fitted.split() == text.split()                 # only the breaks differ
    long = "  " + "魔" * 50                               # a word wider than a line
    assert [cell_len(x) for x in gamelog.fit(long, 20).splitlines()] == [20] * 6 + [6]


def test_cli_japanese_log_fits_the_terminal(monkeypatch):
    from rich.cells import cell_len
    monkeypatch.setenv("COLUMNS", "80")
    res = _invoke(["log", "bm-witch", "bm-militia", "--lang", "ja"])
    assert res.exit_code == 0, res.output
    assert max(map(cell_len, res.stdout.splitlines())) <= 80


def test_the_log_shows_embargo_tokens_and_their_curses():
    # the token as Embargo puts it (with the pile's count), and the Curses of
    # a later buy from that pile as their own line
    bot = Strategy.from_rules("Embargoer", ["Province", "Gold", "Embargo if my.Embargo < 2",
                                            "Silver"], embargo=["Silver"])
    text = "".join(gamelog.render_text(trace_game([bot, "big-money-ultimate"], seed, 0))
                   for seed in range(2))
    assert re.search(r"\n  plays Embargo: \+\$2; trashes Embargo; puts an Embargo token on the "
                     r"Silver pile \(1 token there\)\n", text)
    assert re.search(r"\n  \d Embargo tokens? on the Silver pile, a Curse each for the buy: "
                     r"gains Curse", text)


def test_the_log_says_ambassador_returns_cards_to_the_supply():
    # Ambassador's copies go back to their pile: "returns", not a generic
    # "moves X from hand to supply"
    text = "".join(gamelog.render_text(trace_game(["bm-ambassador", "big-money-ultimate"],
                                                  seed, 0)) for seed in range(3))
    assert re.search(r"\n  plays Ambassador: returns (Estate|Curse)( x2)? to the Supply\n"
                     r"    Big Money Ultimate gains (Estate|Curse)\n", text)
    assert "from hand to supply" not in text


def test_a_card_not_in_the_supply_reads_as_such():
    # Ambassador revealing a Black Market card: no pile to gain from, which
    # the log says (not "none left", the words of an empty pile)
    from types import SimpleNamespace
    w = SimpleNamespace(card=lambda c: C.NAMES[c])
    F = gamelog.Fragment
    assert gamelog._fragment_text(F(1, "nothing", [Card.SMITHY], detail=S.NO_SUPPLY), w) == \
        "gains no Smithy (not in the Supply)"
    assert gamelog._fragment_text(F(1, "nothing", [Card.ESTATE], detail=S.PILE_EMPTY), w) == \
        "gains no Estate (none left)"
    assert gamelog.NOTHING_NAMES[S.NO_SUPPLY] == "not_in_supply"
