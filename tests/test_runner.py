"""The runner end to end: setup, determinism, seats, turn cap, statistics."""
import json
import subprocess
import sys

import numpy as np
import pytest
import typer.testing

from simulator.engine import cards as C
from simulator.cli import app as cli
from simulator.engine import effects as FX, kernel as K
from simulator.engine import codes as S, decide as D, jit as J, program as PG, zones as Z
from simulator.engine.kingdom import RECOMMENDED, supply_mask
from simulator.engine.program import BUY, NLISTS, PLAY
from simulator.language.strategy import Strategy
from simulator.runs.records import ENDED_TURN_CAP, WIN
from simulator.runs.runner import prepare, setup_mask, simulate

SETUP = {  # players: (Copper, Silver, Gold, Estate, Duchy, Province, Curse, Gardens, Smithy)
    2: (46, 40, 30, 8, 8, 8, 10, 8, 10),
    3: (39, 40, 30, 12, 12, 12, 20, 12, 10),
    4: (32, 40, 30, 12, 12, 12, 30, 12, 10),
    5: (85, 80, 60, 12, 12, 15, 40, 12, 10),
    6: (78, 80, 60, 12, 12, 18, 50, 12, 10),
}


@pytest.mark.parametrize("players", sorted(SETUP))
def test_setup_per_player_count(players):
    z = np.zeros((S.NROWS, S.NC), dtype=np.int32)
    deck = np.zeros((S.MAXP, S.DECK_CAP), dtype=S.DECK_DTYPE)
    rng = np.zeros(2, dtype=np.uint64)
    K.seed_game(rng, 1, 0)
    kingdom = [C.Card.GARDENS, C.Card.SMITHY]
    K.setup_game(z, deck, rng, supply_mask(kingdom), players, np.zeros(6, np.int32))
    piles = [C.Card.COPPER, C.Card.SILVER, C.Card.GOLD, C.Card.ESTATE, C.Card.DUCHY,
             C.Card.PROVINCE, C.Card.CURSE, C.Card.GARDENS, C.Card.SMITHY]
    assert tuple(z[S.SUPPLY, piles]) == SETUP[players]
    assert z[S.SUPPLY, C.Card.WITCH] == 0 and z[S.IN_GAME, C.Card.WITCH] == 0
    assert z[S.GS, S.GS_EMPTY_TO_END] == (4 if players >= 5 else 3)
    for p in range(players):
        ps = p * S.PR + S.PS
        assert z[ps, S.PS_HAND_N] == 5 and z[ps, S.PS_DECK_N] == 5
        assert z[p * S.PR + S.OWN, C.Card.COPPER] == 7
        assert z[p * S.PR + S.OWN, C.Card.ESTATE] == 3
    assert z[players * S.PR + S.PS, S.PS_HAND_N] == 0      # no extra player


@pytest.mark.parametrize("extra_z, extra_deck", [(1, 0), (0, -1)])
def test_a_position_of_another_width_is_refused(extra_z, extra_deck):
    # the kernel reads z and deck with their widths built in: a wider or
    # narrower array would be misread, so the entry points refuse it
    z = np.zeros((S.NROWS, S.NC + extra_z), dtype=np.int32)
    deck = np.zeros((S.MAXP, S.DECK_CAP + extra_deck), dtype=S.DECK_DTYPE)
    no_rules = np.zeros(PG.HEAD, dtype=np.int32)
    with pytest.raises(ValueError, match="NC columns"):
        K.run_step(z, deck, np.ones(2, np.uint64), np.zeros(64), no_rules, 2, 0, 10,
                   np.zeros(6, np.int32), np.zeros(6, np.int32))


FIXED_VIEW_LOOP = """
import numpy as np
from numba import njit
from simulator.engine import codes as S, jit as J

@njit
def views(z, times):
    s = 0
    for _ in range(times):
        v = J._z_fixed(z)
        s += v[S.SUPPLY, 1]
    return s

z = np.zeros((S.NROWS, S.NC), dtype=np.int32)
z[S.SUPPLY, 1] = 3
for _ in range(3):
    assert views(z, 100_000) == 300_000
    junk = [np.ones(i % 97 + 1) for i in range(2000)]
"""


@pytest.mark.slow
def test_a_fixed_width_view_holds_a_reference_where_numba_counts_them():
    # in code that counts references (not the kernel's), the view is dropped
    # like any other: without a reference of its own, dropping it freed z's
    # bookkeeping and the process later aborted in malloc
    done = subprocess.run([sys.executable, "-c", FIXED_VIEW_LOOP], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]


def test_same_seed_same_records_on_any_thread_count():
    one = simulate(["big-money", "bm-witch", "smithy"], 3000, seed=11, threads=1).records
    two = simulate(["big-money", "bm-witch", "smithy"], 3000, seed=11, threads=2).records
    other = simulate(["big-money", "bm-witch", "smithy"], 3000, seed=12, threads=2).records
    assert one.tobytes() == two.tobytes()
    assert one.tobytes() != other.tobytes()


def test_same_results_for_any_chunking(monkeypatch):
    """Kernel calls are sized by time (simulator.runs.chunking); how many games a
    call plays must change nothing: records, per-turn sums, the tally."""
    import simulator.runs.runner as R
    from simulator.runs import chunking
    args = (["big-money", "bm-witch"], 1500)
    kw = dict(seed=4, players=3, threads=2)
    ref = simulate(*args, **kw)
    monkeypatch.setattr(R, "chunks", lambda games, least=1: chunking.chunks(
        games, least=1, most=7))                       # calls of 1 .. 7 games
    small = simulate(*args, **kw)
    flat = simulate(*args, **kw, keep_records=False)
    assert ref.records.tobytes() == small.records.tobytes()
    np.testing.assert_array_equal(ref.per_turn, small.per_turn)
    np.testing.assert_array_equal(ref.per_turn, flat.per_turn)
    assert flat.records is None
    assert flat.summary().equals(ref.summary())


def test_kernel_calls_are_sized_to_the_target_time(monkeypatch):
    """With games of 10 ms each, calls settle at about 25 games (0.25 s), so
    Ctrl-C is seen within a fraction of a second; with fast games they grow
    to the cap."""
    from simulator.runs import chunking
    clock = [0.0]
    monkeypatch.setattr(chunking.time, "perf_counter", lambda: clock[0])

    def sizes(per_game, games):
        out = []
        for first, count in chunking.chunks(games, least=2):
            out.append(count)
            clock[0] += count * per_game
        return out

    slow = sizes(0.01, 1000)
    assert slow[0] == 2 and sum(slow) == 1000
    assert all(c * 0.01 <= 0.26 for c in slow)
    assert all(c == 25 for c in slow[2:-1])
    fast = sizes(1e-7, 10**6)
    assert max(fast) == chunking.MAX_CHUNK and sum(fast) == 10**6


def test_an_interrupted_call_cancels_the_parts_not_yet_started():
    """Python's exit joins the pool's threads: parts still queued when Ctrl-C
    arrives must not run then (the CI once waited 30 s for an exit)."""
    import threading
    import time
    from simulator.runs import runner
    ran, gate = [], threading.Event()

    def part(i):
        if i == 0:
            raise KeyboardInterrupt          # what the main thread sees
        gate.wait(5)
        ran.append(i)

    with pytest.raises(KeyboardInterrupt):
        runner._run_parts(part, 40, 2)
    gate.set()
    time.sleep(0.5)
    assert len(ran) <= 2, f"{len(ran)} queued parts ran after the interruption"


def test_seats_rotate_and_fill_from_the_list():
    r = simulate(["big-money", "smithy"], 384, seed=2, players=4)   # two seating cycles
    entries = r.records["entry"]
    assert entries.shape == (384, 4)
    for seat in range(4):                      # each entry sits in each seat equally
        assert np.bincount(entries[:, seat], minlength=2).tolist() == [192, 192]
    s = r.summary()
    assert s["games"].tolist() == [384, 384]          # games played ...
    assert s["copies"].tolist() == [2, 2]             # ... two seats each ...
    assert s["seat_games"].tolist() == [768, 768]     # ... per game
    assert "win/game" in r.table() and "win/copy" in r.table()


def test_turn_cap_games_are_counted_not_hidden():
    r = simulate(["big-money", "smithy"], 200, seed=3, turn_cap=4)
    assert (r.records["ended_by"] == ENDED_TURN_CAP).all()
    assert (r.records["turns"] == 4).all()
    assert r.ended_by["turn_cap"] == 200
    assert "200 games (100.00%) hit the turn cap of 4 turns" in r.table()


@pytest.mark.parametrize("kwargs, message", [
    (dict(players=7), "2 to 6 players"),
    (dict(players=1), "2 to 6 players"),
    (dict(games=0), "--games"),
    (dict(games=2**63), "--games must be between 1 and"),
    (dict(games=2**62), "keep_records=False"),         # records would not fit
    (dict(turn_cap=32768), "--turn-cap must be between 1 and 32767"),
    (dict(turn_cap=0), "--turn-cap"),
    (dict(kingdom="Smithy,Copper"), "base card"),
    (dict(kingdom="Smithee"), "did you mean 'Smithy'"),
])
def test_bad_input_is_named(kwargs, message):
    args = dict(games=10, seed=0) | kwargs
    with pytest.raises(ValueError, match=message):
        simulate(["big-money", "smithy"], **args)


def test_more_strategies_than_players_is_refused():
    with pytest.raises(ValueError, match="at least the number of strategies"):
        simulate(["big-money", "smithy", "bm-witch"], 10, players=2)


def _win_ci(summary, name):
    row = summary.set_index("strategy").loc[name]
    return row["win_rate_low"], row["win_rate_high"]


def test_smithy_beats_big_money():
    s = simulate(["big-money", "smithy"], 20000, seed=5).summary()
    smithy_low, _ = _win_ci(s, "Smithy")
    _, money_high = _win_ci(s, "Big Money")
    assert smithy_low > 0.5 > money_high


def test_first_seat_wins_more_in_a_mirror():
    r = simulate(["big-money-ultimate", "big-money-ultimate"], 40000, seed=6)
    first = r.records["outcome"][:, 0] == WIN
    second = r.records["outcome"][:, 1] == WIN
    n = len(first)
    # 95% Wilson bounds: first seat's lower bound above second seat's upper
    from simulator.runs.stats import wilson
    assert wilson(first.sum(), n)[0] > wilson(second.sum(), n)[1]


def test_compare_command_end_to_end():
    runner = typer.testing.CliRunner()
    res = runner.invoke(cli.app, ["compare", "big-money", "smithy", "--games", "2000",
                                  "--seed", "4", "--json"])
    assert res.exit_code == 0, res.output
    d = json.loads(res.stdout)
    assert d["games"] == 2000 and d["players"] == 2 and d["seed"] == 4
    assert len(d["kingdom"]) == 10 and "Smithy" in d["kingdom"]
    for s in d["strategies"]:
        assert s["wins"] + s["ties"] + s["losses"] == s["games"] == 2000
        assert s["win_rate_ci"][0] <= s["win_rate"] <= s["win_rate_ci"][1]
    assert sum(d["ended_by"].values()) == 2000


def test_bm_bot_in_a_kingdom_without_its_card_plays_its_money_core():
    """`domsim compare bm-witch bm-militia --kingdom "First Game"` just works:
    First Game has no Witch, so bm-witch's 'Witch?' rules are skipped, said."""
    r = simulate(["bm-witch", "bm-militia"], 2000, seed=1, kingdom="First Game")
    assert "Witch" not in r.kingdom and "Militia" in r.kingdom
    assert r.notes == ["BM Witch: Witch not in the kingdom; its rules for it are skipped"]
    assert "note: BM Witch: Witch not in the kingdom" in r.table()
    assert (r.records["curses"] == 0).all()          # nobody ever plays a Witch
    default = simulate(["bm-witch", "bm-militia"], 2000, seed=1)
    assert {"Witch", "Militia"} <= set(default.kingdom) and default.notes == []
    assert (default.records["curses"] > 0).any()


def test_a_kernel_function_compiles_once_whatever_its_callers_pass():
    # Kernel functions compile on first use with their declared signature
    # (kernel._Declared); if numba stopped calling its hooks, a helper would
    # compile once per caller's argument types again: minutes of start-up
    # and no wrong result to show for it.
    from numba import njit

    @njit
    def with_int32(z, deck, rng):
        Z.draw(z, deck, rng, np.int32(0), np.int32(2))

    @njit
    def with_literals(z, deck, rng):
        Z.draw(z, deck, rng, 0, 2)

    z = np.zeros((S.NROWS, S.NC), np.int32)           # nothing to draw: a no-op
    deck = np.zeros((S.MAXP, S.DECK_CAP), S.DECK_DTYPE)
    rng = np.ones(2, np.uint64)
    with_int32(z, deck, rng)
    with_literals(z, deck, rng)
    assert Z.draw.signatures == [Z.draw.declared.args]
    assert not z.any()


def _child(code: str) -> str:
    """What a fresh Python process running ``code`` prints."""
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.mark.slow
def test_a_warm_process_plays_without_loading_numbas_compiler():
    # kernel._QuickLoad loads the cached kernel without numba's registry
    # refresh (0.3 s of a warm start); the loaded code must still run.  This
    # process has compiled or loaded the kernel, so the child's cache is warm.
    simulate(["big-money", "smithy"], 10, seed=3, threads=1)
    wins, refreshed = _child("import sys\n"
                             "from simulator.runs.runner import simulate\n"
                             "r = simulate(['big-money', 'smithy'], 200, seed=3, threads=1)\n"
                             "print(r.summary()['wins'].tolist())\n"
                             "print('numba.np.arraymath' in sys.modules)\n").split("\n")[:2]
    assert wins == str(simulate(["big-money", "smithy"], 200, seed=3,
                                threads=1).summary()["wins"].tolist())
    assert refreshed == "False"


def test_plain_actions_are_those_resolve_has_no_branch_for():
    # The Action phase plays these without calling resolve (kernel.PLAIN, read
    # off resolve's source); a card with a text of its own must never be here.
    plain = {C.NAMES[c] for c in range(S.NC) if K.PLAIN[c]}
    assert plain == {"Moat", "Village", "Bazaar", "Smithy", "Festival", "Laboratory", "Market",
                     "Woodcutter", "Great Hall", "Treasury"}


@pytest.mark.slow
def test_a_run_loads_only_the_effects_of_cards_its_players_can_own():
    # resolve calls a card's effect by its address (kernel.EFFECT_AT), so a
    # process compiles, or loads from the cache, only the effects of the
    # cards its players can come to own: all 25 compiled together made a
    # cold start 36 s longer.  Here the kingdom is Witch and the nine cards
    # that complete it, and nobody buys those.  The mechanisms only some
    # cards use (choose, reactions, the Duration steps, the hooks on gains,
    # Treasures and cards leaving play) are loaded the same way: none here.  The child's cache is warm
    # (this process has run the kernel).
    r = simulate(["big-money", "bm-witch"], 10, seed=3, threads=1)
    assert len(r.kingdom) == 10
    code = ("from simulator.runs.runner import simulate\n"
            "from simulator.engine import cards as C, jit as J\n"
            "simulate(['big-money', {bot!r}], 200, seed=3, threads=1)\n"
            "names = {{J.MECH_CHOOSE: 'choose', J.MECH_REACT: 'react', J.MECH_STAY: 'stay',\n"
            "         J.MECH_KEEP: 'keep', J.MECH_START: 'start', J.MECH_GAINED: 'gained',\n"
            "         J.MECH_TREASURE: 'treasure', J.MECH_FROM_PLAY: 'from play',\n"
            "         J.MECH_TREASURE_PLAY: 'treasure play',\n"
            "         **dict(enumerate(C.NAMES))}}\n"
            "print([names[c] for c, d in J.EFFECTS.items() if d.overloads])\n")
    assert _child(code.format(bot="bm-witch")).strip() == "['Witch']"
    # a "choose one" card's mechanism likewise: compiled only where one is played
    simulate(["big-money", "bm-steward"], 10, seed=3, threads=1)
    assert _child(code.format(bot="bm-steward")).strip() == "['choose']"


def _ownable(strategies, kingdom):
    _, _, cards, prog = prepare(strategies, None, kingdom, 1)
    return {C.NAMES[c] for c in PG.ownable_cards(prog, setup_mask(cards))}


def test_ownable_cards_are_those_bought_or_gained_by_name_or_any_after_a_fallback_gain():
    base = {C.NAMES[c] for c in C.BASE_CARDS}
    kingdom = "Smithy,Witch,Cellar,Chapel,Moat,Village,Library,Market,Mine,Workshop"
    assert _ownable(["big-money", "smithy"], kingdom) == base | {"Smithy"}
    assert _ownable(["bm-witch", "smithy"], kingdom) == base | {"Smithy", "Witch"}
    # a required gain with nothing on the gain list takes the dearest card
    assert {C.NAMES[c] for c in C.GAINS_ANY} == {"Workshop", "Feast", "Remodel", "Mine",
                                                      "Artisan", "Ironworks", "Upgrade",
                                                      "Replace"}
    assert _ownable(["bm-workshop-only", "big-money"], kingdom) == \
        base | set(kingdom.split(","))


def test_play_lists_keep_only_ownable_cards_and_count_fires_on_their_own_rules():
    kingdom = "Smithy,Witch,Cellar,Chapel,Moat,Village,Library,Market,Mine,Workshop"
    _, _, cards, prog = prepare(["big-money", "smithy"], None, kingdom, 1)
    rules = prog[prog[1]:prog[2]].reshape(-1, 3)
    for s in range(2):
        first, end, _ = prog[PG.HEAD + (s * NLISTS + PLAY) * 3:][:3]
        assert [C.NAMES[c] for c in rules[first:end, 0]] == ["Smithy"]  # not all ten
        counter = rules[first, 2]
        assert counter < PG.n_rules(prog) <= first                     # a copy's counter
        assert rules[counter, 0] == C.Card.SMITHY
    res = simulate(["big-money", "smithy"], 200, seed=1, kingdom=kingdom, threads=1)
    sources, hits, _ = res.rule_hits
    assert len(hits) == PG.n_rules(prog)
    smithy_plays = [hits[r] for r, src in enumerate(sources)
                    if src.strategy == 1 and src.list == "play" and src.text == "Smithy"]
    assert smithy_plays and smithy_plays[0] > 0          # Smithy-BM plays its Smithies


def test_a_supply_pick_takes_the_first_listed_card_in_supply_affordable_and_of_the_type():
    # the kernel's pick against a plain walk of the list, for every limit,
    # type mask and set of empty piles
    rules = ["Province", "Gold", "Duchy", "Mine?", "Smithy", "Silver", "Cellar",
             "Estate", "Copper"]
    _, _, cards, prog = prepare([Strategy.from_rules("t", rules), "big-money"], None,
                                "Mine,Smithy,Cellar,Witch,Moat,Village,Library,Market,"
                                "Chapel,Workshop", 1)
    named = [getattr(C.Card, r.rstrip("?").upper()) for r in rules]
    rng = np.random.default_rng(5)
    z = np.zeros((S.NROWS, S.NC), dtype=np.int32)
    fst = np.zeros(64, dtype=np.float64)
    for _ in range(60):
        supply = rng.integers(0, 2, S.NC) * 5
        z[S.SUPPLY] = supply
        for limit in range(-2, int(C.COST.max()) + 3):
            for typemask in (0, C.TREASURE, C.ACTION, C.VICTORY):
                plain = next((c for c in named if supply[c] > 0 and C.COST[c] <= limit
                              and (typemask == 0 or C.TYPES[c] & typemask)), -1)
                assert D.would_pick(z, fst, prog, 0, BUY, -1, limit, typemask) == plain


def test_playing_a_card_whose_effect_is_not_loaded_stops_the_run(monkeypatch):
    # The runner loads the effects of every card a player can own; were one
    # missed, resolve must raise, not play the card as if it had no text.
    FX.load_effects([C.Card.WITCH, C.Card.SMITHY, C.Card.MERCHANT, C.Card.COPPER])
    assert J.EFFECT_AT[C.Card.WITCH] != 0
    assert J.EFFECT_AT[C.Card.SMITHY] == J.EFFECT_AT[C.Card.MERCHANT] == 0   # no effect
    monkeypatch.setattr(FX, "load_effects", lambda cards: None)
    witch, J.EFFECT_AT[C.Card.WITCH] = J.EFFECT_AT[C.Card.WITCH], 0
    try:
        with pytest.raises(RuntimeError, match="load_effects"):
            simulate(["bm-witch", "big-money"], 20, seed=1, threads=1)
    finally:
        J.EFFECT_AT[C.Card.WITCH] = witch


# ============================================================ the kingdom a file names

def _kingdom_bot(tmp_path, name, kingdom):
    path = tmp_path / f"{name}.toml"
    path.write_text(f'name = "{name}"\nkingdom = {kingdom}\n'
                    'buy = ["Province if my.money > 15", "Gold", "Silver"]\n')
    return str(path)


def test_a_strategy_file_names_the_kingdom_played_without_kingdom(tmp_path):
    bot = _kingdom_bot(tmp_path, "Made", '"Improvements"')
    r = simulate([bot, "big-money"], 10, seed=1, threads=1)
    assert sorted(r.kingdom) == sorted(RECOMMENDED["Improvements"])
    assert "kingdom Improvements: the one Made names" in r.notes
    listed = _kingdom_bot(tmp_path, "Listed", '["Witch", "Chapel"]')
    r = simulate([listed, "big-money"], 10, seed=1, threads=1)
    assert {"Witch", "Chapel"} <= set(r.kingdom)


def test_a_given_kingdom_wins_and_says_so(tmp_path):
    bot = _kingdom_bot(tmp_path, "Made", '"Improvements"')
    r = simulate([bot, "big-money"], 10, seed=1, threads=1, kingdom="First Game")
    assert sorted(r.kingdom) == sorted(RECOMMENDED["First Game"])
    assert ("Made was made for kingdom Improvements; --kingdom First Game is played "
            "instead") in r.notes


def test_two_files_naming_different_kingdoms_need_kingdom(tmp_path):
    a = _kingdom_bot(tmp_path, "A", '"Improvements"')
    b = _kingdom_bot(tmp_path, "B", '"First Game"')
    with pytest.raises(ValueError, match=r"name different kingdoms .*give --kingdom"):
        simulate([a, b], 10, seed=1, threads=1)
    simulate([a, b], 10, seed=1, threads=1, kingdom="Deck Top")      # given: fine


@pytest.mark.parametrize("value, message", [
    ('"Frist Game"', r"unknown kingdom 'Frist Game'.*did you mean 'First Game'"),
    ('"random"', r"names the kingdom it was made for, not 'random'"),
    ('3', r"kingdom must be a recommended set's name or a list of card names, got 3"),
    ('[]', r"kingdom must be a recommended set's name"),
])
def test_a_bad_kingdom_key_is_a_strategy_error(tmp_path, value, message):
    from simulator.language.strategy import StrategyError, load_strategy
    with pytest.raises(StrategyError, match=message):
        load_strategy(_kingdom_bot(tmp_path, "Bad", value))


def test_the_kingdom_key_is_inherited_and_kept_in_the_definition(tmp_path):
    from simulator.language.strategy import load_strategy
    parent = _kingdom_bot(tmp_path, "Parent", '"Deck Top"')
    child = tmp_path / "child.toml"
    child.write_text(f'name = "Child"\nextends = "{parent}"\n')
    s = load_strategy(str(child))
    assert s.kingdom == "Deck Top" and s.data["kingdom"] == "Deck Top"
