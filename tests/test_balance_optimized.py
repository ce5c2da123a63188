"""report balance --optimized: each card played well (a search restricted to
that card) beside its Big-Money-plus-one bot.

Budgets are tiny (a few candidates, tens of games per match): what is
checked is the machinery (restriction to the card, both columns with
intervals, the files, resume, errors), not the strength of the winners.
"""
from __future__ import annotations

import shutil
import tomllib

import pytest

pytest.importorskip("optuna")

from simulator.engine import cards as C
from simulator.language.strategy import Strategy
from simulator.search import cardbalance as CB
from simulator.search.optspace import Space
from cli_runner import cli_runner

TINY = dict(round_size=3, rung_games=16, final_games=40, field_games=20)
CARDS = "Smithy, Witch, Throne Room"


def _balance(**kw):
    from simulator.api import balance
    args = dict(optimized=True, cards=CARDS, evaluations_per_card=3, games=100,
                threads=1, **TINY)
    if "resume" in kw:          # the folder has the options: give only what is asked
        args = dict(threads=1)
    args.update(kw)
    return balance(**args)


@pytest.fixture(scope="module")
def done(tmp_path_factory):
    run = tmp_path_factory.mktemp("bo") / "run"
    return _balance(run_dir=run), run


def test_a_card_alone_offers_the_templates_that_need_only_it():
    assert Space(["Smithy"]).templates == ["money"]
    assert Space(["Witch"]).templates == ["money", "attack"]
    assert Space(["Gardens"]).templates == ["gardens"]
    assert "engine" not in Space(["Village"]).templates      # no draw card with it
    # a non-terminal alone may fill the deck; with another card, or a terminal, 4 at most
    from simulator.search.optspace import FixedTrial
    lab = dict(template="money", **{"money.card1": "Laboratory", "money.copies1": 10})
    assert "Laboratory if my.Laboratory < 10" in Space(["Laboratory"]).suggest(
        FixedTrial(lab))["buy"]
    with pytest.raises(ValueError, match=r"copies1=10 is not in 1\.\.4"):
        Space(["Laboratory", "Smithy"]).suggest(FixedTrial(lab))
    with pytest.raises(ValueError, match=r"copies1=10 is not in 1\.\.4"):
        Space(["Smithy"]).suggest(FixedTrial({**lab, "money.card1": "Smithy"}))
    opts = CB.card_options(CB.check_options(cards="Smithy"), "Smithy")
    assert opts.use == ("Smithy",) and len(opts.cards) == 10 and opts.cards[0] == "Smithy"


def test_found_strategies_name_only_their_card_and_the_basic_supply(done):
    result, _ = done
    assert sorted(result.searches) == sorted(c.strip() for c in CARDS.split(","))
    for card, search in result.searches.items():
        own = {C.card_id(card)}
        # the search's winner, its runners-up and the file written for the card
        for keys in [search.strategy, *search.runners_up]:
            assert Strategy.from_rules(**{k: v for k, v in keys.items()
                                          if k != "kingdom"}).cards() <= own, keys
        # the card's strategy; a shipped one buys the card (big-money is not one)
        data = tomllib.loads(result.files[card])
        named = Strategy.from_rules(**{k: v for k, v in data.items()
                                       if k != "kingdom"}).cards()
        row = result.ranking.set_index("card").loc[card]
        assert named <= own and row["buys"] == (named == own)
        assert row["chosen"] == "search" or named == own
        # the field: the baseline and shipped bots that need no other card
        assert search.field[0]["opponent"] == "Big Money Ultimate"
        from simulator.runs.runner import resolve_strategies
        for row in search.shipped:
            assert resolve_strategies([row["stem"]])[0].cards() <= own, row


def test_ranking_has_both_columns_with_intervals(done, tmp_path):
    result, _ = done
    df = result.ranking
    assert list(df["rank"]) == sorted(df["rank"])
    for prefix in ("", "bm_"):
        assert (df[f"{prefix}low"] <= df[f"{prefix}score"]).all()
        assert (df[f"{prefix}score"] <= df[f"{prefix}high"]).all()
        assert (df[f"{prefix}games"] == 100).all()
    # bm-throne-room takes a Smithy too: the plain bot is bm-throne-room-only
    assert set(df["bm_bot"]) == {"bm-smithy", "bm-witch", "bm-throne-room-only"}
    assert (df["rank_change"] == df["bm_rank"] - df["rank"]).all()
    assert ((df["gain"] - (df["score"] - df["bm_score"])).abs() < 1e-12).all()
    text = result.text(200)
    assert "played well [95% CI]" in text and "BM+1 [95% CI]" in text
    assert "BM+1 rank" in text and "gain [95% CI]" in text
    out = result.write(tmp_path / "report")
    md = (out / "report.md").read_text()
    assert "| played well [95% CI] |" in md and "| BM+1 [95% CI] |" in md
    assert (out / "cards-optimized.png").stat().st_size > 1000
    for card in ("Smithy", "Witch", "Throne Room"):
        text = (out / "strategies" / f"{CB.card_slug(card)}.toml").read_text()
        assert text == result.files[card]
    import pandas as pd
    csv = pd.read_csv(out / "cards-optimized.csv")
    assert list(csv["card"]) == list(df["card"])


def test_a_shipped_bot_is_chosen_on_deals_of_its_own(done):
    """The search's winner and the best shipped bot that buys the card play
    the step 'choose' (not the search's own, selected, score): the file of a
    chosen shipped bot says both scores, its own the higher."""
    import re
    result, run = done
    for card in ("Smithy", "Witch", "Throne Room"):
        assert (run / "cards" / CB.card_slug(card) / "steps" / "choose").is_dir()
    rows = result.ranking.set_index("card")
    for card, text in result.files.items():
        if rows.loc[card, "chosen"] == "search":
            continue
        m = re.search(r"scored ([0-9.]+) against Big Money Ultimate in 40 games, "
                      r"the winner of the search of [A-Za-z ]+ ([0-9.]+)", text)
        assert m and float(m[1]) > float(m[2]), text


def test_resume_replays_the_run_folder(done):
    first, run = done
    again = _balance(resume=run)
    assert again.played == 0
    assert again.ranking[["card", "score", "bm_score", "chosen"]].equals(
        first.ranking[["card", "score", "bm_score", "chosen"]])
    # one card's final scores lost: only they are played again, to the same result
    shutil.rmtree(run / "cards" / "witch" / "steps" / "score")
    third = _balance(resume=run)
    assert third.played == 200
    assert third.ranking["score"].equals(first.ranking["score"])
    with pytest.raises(ValueError, match="started with --seed 0, not 4"):
        _balance(resume=run, seed=4)
    with pytest.raises(ValueError, match="already holds a balance --optimized run"):
        _balance(run_dir=run)


def test_same_seed_same_ranking(done):
    first, _ = done
    again = _balance(cards="Witch")
    row = first.ranking.set_index("card").loc["Witch"]
    assert again.ranking.iloc[0]["score"] == row["score"]
    assert again.files["Witch"] == first.files["Witch"]


@pytest.mark.parametrize("kw, message", [
    (dict(evaluations_per_card=0), "--evaluations-per-card must be between 1"),
    (dict(evaluations_per_card=2.5), "--evaluations-per-card must be between 1"),
    (dict(games=1), "--games must be between 2"),
    (dict(players="2,3"), "one player count"),
    (dict(players=7), "Dominion is played by 2 to 6"),
    (dict(cards="Nowhere"), "Nowhere"),
    (dict(cards="Smithy", sets="base"), "either --cards or --sets"),
    (dict(rung_games=1), "rung games must be at least 2"),
])
def test_bad_options_are_refused_before_playing(kw, message):
    with pytest.raises(ValueError, match=message):
        _balance(**kw)


def _cli(*args):
    from simulator.cli.app import app
    runner = cli_runner()
    return runner.invoke(app, ["report", "balance", *args])


@pytest.mark.parametrize("args, message", [
    (["--optimized", "--evaluations-per-card", "0"],
     "--evaluations-per-card must be between 1 and 100,000, not 0"),
    (["--optimized", "--evaluations-per-card", "-3"],
     "--evaluations-per-card must be between 1 and 100,000, not -3"),
    (["--optimized", "--evaluations-per-card", "abc"], "--evaluations-per-card"),
    (["--optimized", "--games", "5"], "--games"),
    (["--optimized", "--players", "2,3"], "--optimized plays one player count"),
    (["--optimized", "--cards", "Smithy", "--sets", "base"], "either --cards or --sets"),
    (["--evaluations-per-card", "8"], "--evaluations-per-card goes with --optimized"),
    (["--cards", "Smithy"], "--cards goes with --optimized"),
    (["--optimized", "--job-games", "100"], "--job-games does not go with --optimized"),
    (["--optimized", "--from", "x.npz"], "--from does not go with --optimized"),
    (["--optimized", "--resume", "/nonexistent/run"], "not a report balance --optimized"),
])
def test_cli_errors_are_one_line(args, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    res = _cli(*args)
    assert res.exit_code == 2, (res.stdout, res.stderr)
    assert res.stdout == ""
    assert res.stderr.startswith("error: ") and res.stderr.count("\n") == 1, res.stderr
    assert message in res.stderr
