"""Seat assignment (simulator.runs.seating): every seating equally often at 3+
players, and two-player runs exactly as the kernel's plain rotation."""
from __future__ import annotations

from collections import Counter
from itertools import permutations

import numpy as np
import pytest

from simulator.engine import kernel as K
from simulator.runs import runner as R
from simulator.runs.records import record_dtype
from simulator.runs.runner import simulate
from simulator.runs.seating import plan_seating


@pytest.mark.parametrize("players, n", [(3, 3), (4, 2), (4, 3), (5, 2), (6, 3), (6, 6)])
def test_every_distinct_order_equally_often_over_a_cycle(players, n):
    plan = plan_seating(players, n, seed=11)
    orders = Counter(map(tuple, plan.entries_of(np.arange(plan.cycle))))
    base = tuple(np.arange(players) % n)
    assert set(orders) == set(permutations(base))         # every distinct order ...
    assert len(set(orders.values())) == 1                 # ... equally often
    assert plan.cycle % players == 0


def test_segments_match_entries_and_cut_anywhere():
    plan = plan_seating(4, 2, seed=5)
    games = np.arange(1000, 1000 + 3 * plan.cycle + 7)
    want = plan.entries_of(games)
    got = []
    for entries, g, n in plan.segments(int(games[0]), games.size):
        for k in range(g, g + n):        # what the kernel seats in game k
            got.append([entries[(s + k % 4) % 4] for s in range(4)])
    assert np.array_equal(np.array(got), want)


def test_the_seed_orders_the_blocks_and_two_players_only_rotate():
    a, b = plan_seating(3, 3, seed=1), plan_seating(3, 3, seed=2)
    assert sorted(a.blocks) == sorted(b.blocks)
    assert plan_seating(2, 2, seed=1).blocks == (((0, 1), 2),)
    assert plan_seating(3, 2, seed=1).blocks == (((0, 1, 0), 3),)   # one class: A A B
    assert len(plan_seating(3, 3, seed=1, mode="rotate").blocks) == 1
    with pytest.raises(ValueError, match="unknown seating"):
        plan_seating(3, 3, seed=1, mode="shuffle")


def _kernel_rotation(strategies, games, seed):
    """Games 0..games-1 as the kernel plays them with the seat list [0, 1]:
    what every two-player run was before seatings were planned."""
    strats, players, cards, prog = R.prepare(strategies, None, None, seed)
    mask = R.setup_mask(cards)
    dt = record_dtype(players)
    out = [np.zeros((games, players), dt[f].base) for f in R.OUT_FIELDS]
    ended = np.zeros(games, dt["ended_by"])
    per_turn = np.zeros((len(strats), R.STATS_TURNS, 3), np.int64)
    hits = np.zeros(K.n_rules(prog), np.int64)
    K.load_effects(K.ownable_cards(prog, mask))
    K.run_games(prog, mask, np.arange(players, dtype=np.int32), players, seed, 0, games,
                100, per_turn, hits, *out, ended)
    return out, ended


@pytest.mark.parametrize("strategies", [["big-money", "smithy"], ["bm-witch", "bm-militia"]])
def test_two_player_runs_are_bit_identical_to_the_plain_rotation(strategies):
    """The optimiser and every two-player table rely on these numbers."""
    r = simulate(strategies, 3000, seed=4, threads=2)
    out, ended = _kernel_rotation(strategies, 3000, 4)
    for field, arr in zip(R.OUT_FIELDS, out):
        assert np.array_equal(r.records[field], arr), field
    assert np.array_equal(r.records["ended_by"], ended)
    assert np.array_equal(r.records["entry"], np.array([[0, 1], [1, 0]] * 1500))


def test_three_players_play_both_cyclic_orders():
    r = simulate(["big-money", "smithy", "bm-witch"], 2 * 144, seed=3)
    orders = Counter(map(tuple, r.records["entry"]))
    assert len(orders) == 6 and set(orders.values()) == {48}
    rot = simulate(["big-money", "smithy", "bm-witch"], 288, seed=3, seating="rotate")
    assert len(Counter(map(tuple, rot.records["entry"]))) == 3      # A B C rotated only


def test_jobs_add_up_to_the_whole_run():
    whole = simulate(["big-money", "smithy"], 500, seed=9, players=4)
    parts = [simulate(["big-money", "smithy"], n, seed=9, players=4, first=f)
             for f, n in ((0, 77), (77, 300), (377, 123))]
    joined = np.concatenate([p.records for p in parts])
    assert np.array_equal(whole.records, joined)


def test_the_log_seats_game_k_as_the_run_does():
    r = simulate(["big-money", "smithy", "bm-witch"], 200, seed=6)
    for k in (0, 71, 150):
        t = R.trace_game(["big-money", "smithy", "bm-witch"], 6, k)
        assert t.entry == r.records["entry"][k].tolist()
        assert t.vp == r.records["vp"][k].tolist()
