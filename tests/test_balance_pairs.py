"""report balance --optimized --pairs: every pair of the cards searched and
scored like a card, and the synergy matrix (pair minus the better single).

Budgets are tiny (a few candidates, tens of games per match), 3 cards = 3
pairs: what is checked is the machinery (restriction to the pair, the
matrix, the exact synergy, the files, resume, errors), not the strength.
"""
from __future__ import annotations

import math
import shutil
import tomllib

import pandas as pd
import pytest

pytest.importorskip("optuna")

from simulator.engine import cards as C
from simulator.language.strategy import Strategy
from simulator.search import cardbalance as CB
from cli_runner import cli_runner

TINY = dict(round_size=3, rung_games=16, final_games=40, field_games=20)
CARDS = "Village, Smithy, Witch"
NAMES = ["Village", "Smithy", "Witch"]          # in card order
PAIRS = [("Village", "Smithy"), ("Village", "Witch"), ("Smithy", "Witch")]


def _balance(**kw):
    from simulator.api import balance
    args = dict(optimized=True, cards=CARDS, evaluations_per_card=2, games=60,
                pairs=True, evaluations_per_pair=2, pair_games=40, threads=1, **TINY)
    if "resume" in kw:          # the folder has the options: give only what is asked
        args = dict(threads=1)
    args.update(kw)
    return balance(**args)


@pytest.fixture(scope="module")
def done(tmp_path_factory):
    run = tmp_path_factory.mktemp("bp") / "run"
    return _balance(run_dir=run), run


def test_pairs_are_every_pair_in_card_order():
    assert CB.pairs_of(NAMES) == PAIRS
    assert len(CB.pairs_of(range(26))) == 325
    opts = CB.check_options(cards=CARDS, pairs=True, pair_evaluations=5)
    o = CB.set_options(opts, ("Village", "Smithy"))
    assert o.use == ("Village", "Smithy") and o.evaluations == 5 and len(o.cards) == 10
    assert o.cards[:2] == ("Village", "Smithy")
    # a single card's search is what it was before --pairs (same seed and budget)
    assert CB.set_options(opts, ("Smithy",)) == CB.card_options(opts, "Smithy")
    assert CB.card_options(opts, "Smithy").evaluations == opts.evaluations
    assert CB.set_slug(("Throne Room", "Smithy")) == "throne-room+smithy"


def test_matrix_is_square_symmetric_with_an_empty_diagonal(done):
    result, _ = done
    m = result.synergy
    assert m.shape == (3, 3)
    assert list(m.index) == NAMES and list(m.columns) == NAMES
    for i in NAMES:
        assert math.isnan(m.loc[i, i])
        for j in NAMES:
            if i != j:
                assert m.loc[i, j] == m.loc[j, i] and not math.isnan(m.loc[i, j])
    assert list(zip(result.pair_table["card_a"], result.pair_table["card_b"])) == PAIRS


def test_synergy_is_pair_minus_the_better_single_on_the_same_deals(done):
    """The better card (by its own score) is played again beside the pair,
    on the pair's deals: the synergy is the difference, exactly 0 where the
    pair's best is that card's strategy (not two samples of one bot)."""
    result, _ = done
    single = result.ranking.set_index("card")["score"]
    chosen_single = result.ranking.set_index("card")["chosen"]    # a shipped bot's stem
    zero = 0
    for r in result.pair_table.to_dict("records"):
        a, b = r["card_a"], r["card_b"]
        assert r["single_a"] == single[a] and r["single_b"] == single[b]
        assert r["best_card"] == (a if single[a] >= single[b] else b)
        assert r["synergy"] == r["score"] - r["best_single"]
        assert result.synergy.loc[a, b] == r["synergy"]
        assert r["games"] == 40 and r["low"] <= r["score"] <= r["high"]
        own = chosen_single[r["best_card"]]
        if r["chosen"] == f"single {r['best_card']}" or (
                own != "search" and r["chosen"] == own):
            # the pair's choice is the better card's own strategy (or shipped bot)
            assert r["synergy"] == r["synergy_low"] == r["synergy_high"] == 0
            zero += 1
        else:
            assert r["synergy_low"] < r["synergy"] < r["synergy_high"]
    assert zero                                 # seed 0: Smithy + Witch is Witch's


def test_a_pairs_strategy_names_only_its_two_cards(done):
    result, _ = done
    assert sorted(result.pair_searches) == sorted(PAIRS)
    from simulator.runs.runner import resolve_strategies
    for pair, search in result.pair_searches.items():
        own = {C.card_id(c) for c in pair}
        assert tuple(search.options["use"]) == pair
        for keys in [search.strategy, *search.runners_up]:
            assert Strategy.from_rules(**{k: v for k, v in keys.items()
                                          if k != "kingdom"}).cards() <= own, keys
        data = tomllib.loads(result.pair_files[pair])
        named = Strategy.from_rules(**{k: v for k, v in data.items()
                                       if k != "kingdom"}).cards()
        assert named <= own
        for row in search.shipped:
            assert resolve_strategies([row["stem"]])[0].cards() <= own, row


def test_a_pair_is_chosen_beside_its_two_cards_strategies(done):
    """The pair's choice and the two cards' own strategies play the step
    'choose'; where a card's strategy wins, it is the pair's strategy."""
    result, run = done
    for pair in PAIRS:
        assert (run / "pairs" / CB.set_slug(pair) / "steps" / "choose").is_dir()
    singles = {c.card: c for c in result.cards}
    chosen = result.pair_table.set_index(["card_a", "card_b"])["chosen"]
    for pair in PAIRS:
        if chosen[pair].startswith("single "):
            card = chosen[pair][len("single "):]
            data = tomllib.loads(result.pair_files[pair])
            assert card in pair
            assert {k: v for k, v in data.items() if k in singles[card].keys} == {
                k: v for k, v in singles[card].keys.items()}
    assert any(c.startswith("single ") for c in chosen)     # seed 0: Smithy + Witch


def test_report_files(done, tmp_path):
    result, _ = done
    out = result.write(tmp_path / "report")
    m = pd.read_csv(out / "synergy.csv", index_col="card")
    assert list(m.index) == NAMES and list(m.columns) == NAMES
    assert ((m - result.synergy).abs().fillna(0) < 1e-12).all().all()
    assert (out / "synergy.png").stat().st_size > 1000
    assert len(pd.read_csv(out / "pairs.csv")) == 3
    for pair in PAIRS:
        text = (out / "pairs" / f"{CB.set_slug(pair)}.toml").read_text()
        assert text == result.pair_files[pair]
    md = (out / "report.md").read_text()
    assert "## Pairs: synergy" in md and "synergy [95% CI]" in md
    assert "--pairs --evaluations-per-pair 2 --pair-games 40" in md
    text = result.text(200)
    assert "Village + Smithy" in text and "3 pairs, 2 candidates" in text
    assert set(result.tables) == {"cards-optimized", "pairs", "synergy"}


def test_resume_replays_the_pairs(done):
    first, run = done
    again = _balance(resume=run)
    assert again.played == 0
    cols = ["card_a", "card_b", "score", "synergy", "chosen"]
    assert again.pair_table[cols].equals(first.pair_table[cols])
    # one pair's final score lost: only it is played again, to the same result
    shutil.rmtree(run / "pairs" / "village+witch" / "steps" / "score")
    third = _balance(resume=run)
    assert third.played == 40
    assert third.pair_table["synergy"].equals(first.pair_table["synergy"])
    with pytest.raises(ValueError, match="started with --evaluations-per-pair 2, not 3"):
        _balance(resume=run, evaluations_per_pair=3)


def test_pairs_cannot_be_added_to_a_run_without_them(tmp_path):
    run = tmp_path / "run"
    _balance(cards="Smithy", pairs=False, evaluations_per_pair=None, pair_games=None,
             evaluations_per_card=1, games=20, run_dir=run)
    with pytest.raises(ValueError, match="started without --pairs"):
        _balance(resume=run, pairs=True)


@pytest.mark.parametrize("kw, message", [
    (dict(evaluations_per_pair=0), "--evaluations-per-pair must be between 1"),
    (dict(evaluations_per_pair=1.5), "--evaluations-per-pair must be between 1"),
    (dict(pair_games=1), "--pair-games must be between 2"),
    (dict(cards="Smithy"), "--pairs needs two or more cards"),
    (dict(pairs=False), "--evaluations-per-pair and --pair-games go with --pairs"),
    (dict(optimized=False), "only with optimized=True"),
])
def test_bad_options_are_refused_before_playing(kw, message):
    with pytest.raises(ValueError, match=message):
        _balance(**kw)


def _cli(*args):
    from simulator.cli.app import app
    runner = cli_runner()
    return runner.invoke(app, ["report", "balance", *args])


@pytest.mark.parametrize("args, message", [
    (["--pairs"], "--pairs goes with --optimized"),
    (["--evaluations-per-pair", "4"], "--evaluations-per-pair goes with --optimized"),
    (["--optimized", "--evaluations-per-pair", "4"],
     "--evaluations-per-pair and --pair-games go with --pairs"),
    (["--optimized", "--pairs", "--evaluations-per-pair", "0"],
     "--evaluations-per-pair must be between 1 and 100,000, not 0"),
    (["--optimized", "--pairs", "--pair-games", "1"], "--pair-games must be between 2"),
    (["--optimized", "--pairs", "--cards", "Witch"], "--pairs needs two or more cards"),
])
def test_cli_errors_are_one_line(args, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    res = _cli(*args)
    assert res.exit_code == 2, (res.stdout, res.stderr)
    assert res.stdout == ""
    assert res.stderr.startswith("error: ") and res.stderr.count("\n") == 1, res.stderr
    assert message in res.stderr
