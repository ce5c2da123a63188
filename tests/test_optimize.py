"""domsim optimize: templates, racing, determinism, resume, CLI errors.

Budgets are tiny (tens of games per match) so the whole file runs in
seconds; what is checked is the machinery, not the strength of the winner.
"""
from __future__ import annotations

import json
import re
import shutil

import pytest

pytest.importorskip("optuna")

from simulator.engine import cards as C
from simulator.engine.kingdom import RECOMMENDED
from simulator.search import optimize as O
from simulator.search.optimize import (RUNG_GAMES, Arena, Candidate, FieldMember, Options, race,
                                       to_toml)
from simulator.search import optspace as O_space
from simulator.search.optspace import FixedTrial, Space
from simulator.runs.runner import prepare
from simulator.language.strategy import Strategy
from cli_runner import cli_runner

TINY = dict(round_size=3, rung_games=16, final_games=40, field_games=20)


def _random_candidates(cards, n, seed):
    import optuna
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(sampler=optuna.samplers.RandomSampler(seed=seed))
    space = Space(cards)
    for _ in range(n):
        trial = study.ask()
        yield space.suggest(trial, f"C{trial.number}")
        study.tell(trial, 0.0)


def _named_cards(keys):
    """Every card a candidate's rules and conditions name."""
    import re
    texts = [t for k in ("buy", "play", "gain", "trash", "remodel", "discard")
             for t in keys.get(k, [])] + list(keys.get("let", {}).values())
    out = set()
    for t in texts:
        rule, _, cond = t.partition(" if ")
        if not rule.startswith(("my.", "(")) and t not in keys.get("let", {}).values():
            out.add(C.card_id(rule.rstrip("?")))
        for w in re.findall(r"(?:my|supply|hand|opp)\.(\w+)", t if t in
                            keys.get("let", {}).values() else cond):
            if w not in ("money", "cards", "turn", "vp", "size", "Treasure", "Victory",
                         "Action"):
                out.add(C.card_id(w))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("kingdom", list(RECOMMENDED))
def test_candidates_compile_and_name_only_kingdom_cards(kingdom):
    cards = RECOMMENDED[kingdom]
    allowed = {C.card_id(c) for c in cards} | set(C.BASE_CARDS)
    templates = set()
    for keys in _random_candidates(cards, 120, seed=len(kingdom)):
        s = Strategy.from_rules(**keys)
        prepare([s, "big-money-ultimate"], 2, list(cards), 0)      # it plays here
        named = _named_cards(keys)
        assert named <= allowed, (keys, named - allowed)
        assert s.cards() <= allowed
        templates.add(keys["description"].split()[-1])
        # the TOML text is an ordinary strategy file with the same rules
        import tomllib
        again = Strategy.from_rules(**tomllib.loads(to_toml(keys)))
        assert again.data == s.data
    assert templates == set(Space(cards).templates)


def test_templates_offered_only_when_the_kingdom_has_their_cards():
    assert "gardens" not in Space(RECOMMENDED["First Game"]).templates
    assert "gardens" in Space(RECOMMENDED["Size Distortion"]).templates
    assert "engine" not in Space(RECOMMENDED["Improvements"]).templates   # no village
    with pytest.raises(ValueError, match="not one of"):
        Space(RECOMMENDED["First Game"]).suggest(FixedTrial({"template": "gardens"}))


def _opts(**kw):
    cards = tuple(RECOMMENDED["First Game"])
    return Options(kingdom="First Game", cards=cards, **{"evaluations": 1, **kw})


def _bot(name, buy):
    return {"name": name, "buy": buy}


def test_race_drops_a_weak_candidate_first_and_counts_games():
    arena = Arena(_opts(), _executor())
    bmu = Strategy.from_rules  # noqa: F841  (keys below are plain dicts)
    good = Candidate("g", _bot("Good", ["Province", "Gold", "Silver"]), "money", {}, 0, 1)
    weak = Candidate("w", _bot("Weak", ["Estate", "Copper"]), "money", {}, 1, 1)
    field = [FieldMember("BMU", _bot("BMU", ["Province if my.money > 18", "Gold", "Silver"]))]
    left = race(arena, [weak, good], field, 100, "t")
    assert [c.id for c in left] == ["g"]
    assert weak.rung == 0 and good.rung == 1
    assert weak.games() == 100 and good.games() == 100 + 200
    assert arena.games == 400 and arena.played == 400
    assert weak.score(["BMU"]) < 0.1 < 0.3 < good.score(["BMU"])


def test_first_rung_is_sized_from_the_budget(tmp_path):
    """A short --minutes search races from fewer games (more candidates in
    its time); 5 minutes or more, and --evaluations, from rung_games."""
    assert _opts().first_rung == RUNG_GAMES == 1000
    for minutes, games in [(30, 1000), (10, 1000), (5, 1000), (4.9, 250), (2, 250),
                           (0.1, 250)]:
        assert _opts(evaluations=None, minutes=minutes).first_rung == games, minutes
    assert _opts(evaluations=None, minutes=2, rung_games=16).first_rung == 4
    # the search plays it: round 1's first rung, each candidate against each member
    import json
    from simulator.api import optimize
    run = tmp_path / "run"
    optimize("First Game", minutes=0.01, seed=5, run_dir=run, **TINY)
    plan = json.loads((run / "steps" / "r00001-g0" / "plan.json").read_text())["plan"]
    assert {setup["batch_games"] for setup in plan["setups"]} == {4}
    plan = json.loads((run / "steps" / "r00001-g1" / "plan.json").read_text())["plan"]
    assert {setup["batch_games"] for setup in plan["setups"]} == {8}


def _executor():
    from simulator.runs.executors import EmbeddedExecutor
    return EmbeddedExecutor(2)


def _search(tmp_path=None, **kw):
    from simulator.api import optimize
    options = dict(evaluations=6, seed=5, **TINY)
    options.update(kw)
    return optimize("First Game", **options)


@pytest.mark.slow
def test_same_seed_same_search():
    a, b = _search(), _search()
    assert a.strategy == b.strategy
    assert a.games == b.games and a.history == b.history
    assert a.evaluations == 6 and a.rounds == 2
    assert a.naive_games >= a.games - a.search_games
    c = _search(seed=6)
    assert c.history != a.history


@pytest.mark.slow
def test_resume_replays_finished_steps(tmp_path):
    run = tmp_path / "run"
    first = _search(run_dir=run)
    from simulator.api import optimize
    again = optimize(resume=run)
    assert again.strategy == first.strategy and again.played == 0
    # options given again: the folder's values are accepted, others refused by name
    same = optimize(resume=run, kingdom="first game", seed=5, players=2, sampler="tpe",
                    evaluations=6)
    assert same.strategy == first.strategy and same.played == 0
    for given, message in [
            (dict(seed=6), "started with --seed 5, not --seed 6"),
            (dict(players=3), "started with --players 2, not --players 3"),
            (dict(sampler="random"), "started with --sampler tpe, not --sampler random"),
            (dict(kingdom="Deck Top"), 'started with --kingdom "First Game", not '
                                       '--kingdom "Deck Top"'),
            (dict(minutes=2.0), "started without --minutes, not --minutes 2"),
            (dict(evaluations=7), "started with --evaluations 6, not --evaluations 7"),
            (dict(against="smithy"), "started without --against, not --against smithy")]:
        with pytest.raises(ValueError, match=re.escape(message)):
            optimize(resume=run, **given)
    res = _cli("--resume", str(run), "--seed", "6", "--players", "4")
    assert res.exit_code == 2 and res.stdout == ""
    assert res.stderr == (f"error: --resume {run}: the search was started with --seed 5, "
                          "not --seed 6; leave --seed out to continue it, or start a new "
                          "search with --run-dir\n")
    # lose the playoff and the last rung of round 2: only they are played again
    shutil.rmtree(run / "steps" / "final")
    last = sorted((run / "steps").glob("r00002-*"))[-1]
    shutil.rmtree(last)
    third = optimize(resume=run)
    assert third.strategy == first.strategy
    assert 0 < third.played < first.games
    with pytest.raises(ValueError, match="already holds a search"):
        _search(run_dir=run)


def test_api_errors():
    from simulator.api import optimize
    with pytest.raises(ValueError, match="unknown"):
        optimize("Nowhere Land", evaluations=1)
    with pytest.raises(ValueError, match="give a budget"):
        optimize("First Game")
    with pytest.raises(ValueError, match="either --minutes or --evaluations"):
        optimize("First Game", minutes=1, evaluations=3)
    with pytest.raises(ValueError, match="--minutes must be"):
        optimize("First Game", minutes=0)
    with pytest.raises(ValueError, match="--evaluations must be"):
        optimize("First Game", evaluations=0)
    with pytest.raises(ValueError, match="--sampler"):
        optimize("First Game", evaluations=1, sampler="genetic")


def _cli(*args):
    from simulator.cli.app import app
    runner = cli_runner()
    return runner.invoke(app, ["optimize", *args])


@pytest.mark.parametrize("args, message", [
    (["--kingdom", "Nowhere Land", "--evaluations", "2"], "unknown kingdom"),
    (["--kingdom", "First Game"], "give a budget"),
    (["--kingdom", "First Game", "--minutes", "-1"], "--minutes must be"),
    (["--kingdom", "First Game", "--evaluations", "0"], "--evaluations must be"),
    (["--kingdom", "First Game", "--minutes", "1", "--evaluations", "2"], "not both"),
    (["--evaluations", "2"], "give --kingdom"),
    (["--resume", "/nonexistent/run"], "not an optimize run folder"),
    (["--kingdom", "First Game", "--evaluations", "2", "--validate", "0"],
     "--validate takes the games per opponent"),
])
def test_cli_errors_are_one_line(args, message):
    res = _cli(*args)
    assert res.exit_code == 2
    err = res.stderr if hasattr(res, "stderr") else res.output
    assert err.startswith("error: ") and message in err
    assert err.count("\n") == 1


@pytest.mark.slow
def test_cli_writes_strategy_and_report(tmp_path, monkeypatch):
    from simulator.search import optimize as O
    for name, value in dict(ROUND_SIZE=2, RUNG_GAMES=16, FINAL_GAMES=40,
                            FIELD_GAMES=20).items():
        monkeypatch.setattr(O, name, value)
    out, report = tmp_path / "opt.toml", tmp_path / "rep"
    res = _cli("--kingdom", "First Game", "--evaluations", "2", "--seed", "1", "--quiet",
               "--out", str(out), "--report", str(report), "--validate", "30")
    assert res.exit_code == 0, res.output
    from simulator.language.strategy import load_strategy
    s = load_strategy(out)
    assert s.name.startswith("Optimised for First Game: ")
    assert out.read_text().startswith("# Found by: domsim optimize --kingdom \"First Game\"")
    for f in ("README.md", "index.html", "history.png", "field.svg", "final.csv",
              "rules.csv", "winner.toml"):
        assert (report / f).is_file(), f
    readme = (report / "README.md").read_text()
    assert "Best fitness per round" in readme
    # the strategy files in the report are TOML blocks, not shell
    assert "```toml\n# Found by: domsim optimize" in readme and "```sh" not in readme
    assert "0.500 is an even match" in readme
    # --validate: the winner against BMU, every shipped bot that can play here
    # and the kingdom's shipped opt- file, 30 games each (rounded to even)
    from simulator.search.optimize import playable_shipped
    stems = sorted(({s.stem for s in playable_shipped(RECOMMENDED["First Game"])}
                    | {"opt-first-game"}) - {"big-money-ultimate"})
    head = [line for line in out.read_text().splitlines() if line.startswith("#")]
    at = head.index("# Validation: 30 games each, seeds of their own (not the search's), "
                    "seats rotating game by game (score with 95% Wilson CI; 0.500 is even):")
    rows = head[at + 1:at + 2 + len(stems)]
    assert [re.match(r"#   vs .+ \(([a-z0-9-]+)[,)]", r).group(1) for r in rows] == \
        ["big-money-ultimate", *stems]
    for r in rows:
        score, low, high, verdict = re.search(
            r": ([.0-9]+) \(([.0-9]+)-([.0-9]+)\), (weaker|stronger|not told apart)$",
            r).groups()
        score, low, high = float(score), float(low), float(high)
        assert 0 <= low <= score <= high <= 1
        assert verdict == ("weaker" if high < 0.5 else "stronger" if low > 0.5
                           else "not told apart")
    assert (report / "validation.csv").is_file() and "## Validation" in readme



def test_cli_json_prints_only_the_json_object(tmp_path, monkeypatch):
    from simulator.search import optimize as O
    for name, value in dict(ROUND_SIZE=2, RUNG_GAMES=16, FINAL_GAMES=40,
                            FIELD_GAMES=20).items():
        monkeypatch.setattr(O, name, value)
    out = tmp_path / "opt.toml"
    res = _cli("--kingdom", "First Game", "--evaluations", "2", "--seed", "1", "--quiet",
               "--json", "--out", str(out))
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)          # nothing but the object on stdout
    assert out.is_file() and str(out) in (res.stderr if hasattr(res, "stderr") else "")
    assert doc and isinstance(doc, dict)

HEADER = """# Found by: domsim optimize --kingdom "First Game" --players 2 --seed 2026 --minutes 10 --sampler tpe
# Kingdom: Cellar, Market, Merchant, Militia, Mine, Moat, Remodel, Smithy, Village, Workshop
# Search: 1,024 candidates in 64 rounds, 30,000,000 games, 9.8 min wall, 8.1 min CPU on 2 cores
# Template: attack; final score 0.565 (0.562-0.568, 95% CI) against the field:
# Validation: 100,000 games each, seed 20261201, seats alternating game by game (score with 95% Wilson CI):
#   vs Big Money Ultimate (big-money-ultimate): 0.812 (0.810-0.815)
#   vs Smithy/Market (smithy-market, the best shipped bot here): 0.521 (0.518-0.524)
name = "X"
buy = ["Province"]
"""


def test_header_of_a_shipped_winner_is_read_back(tmp_path):
    from reports.optimize import read_header
    path = tmp_path / "opt-first-game.toml"
    path.write_text(HEADER)
    h = read_header(path)
    assert h["games"] == 30_000_000 and h["minutes"] == 9.8 and h["template"] == "attack"
    best = [v for v in h["validation"] if v["best"]]
    assert best == [dict(opponent="Smithy/Market", stem="smithy-market", best=True,
                         score=0.521, low=0.518, high=0.524)]
    assert h["validation"][0]["stem"] == "big-money-ultimate"


def test_shipped_winners_are_valid_and_in_the_balance_table():
    from reports.optimize import shipped_table
    from simulator.search.optimize import kingdom_slug, shipped_optimized
    df = shipped_table()
    for kingdom, cards in RECOMMENDED.items():
        s = shipped_optimized(kingdom)
        if s is None:
            continue
        assert s.stem == f"opt-{kingdom_slug(kingdom)}"
        prepare([s, "big-money-ultimate"], 2, list(cards), 0)
        row = df[df["kingdom"] == kingdom].iloc[0]
        assert row["vs_bmu_low"] > 0.5                    # validated against BMU
        assert row["best_shipped"]


def test_sweep_optimize_plans_each_shipped_winner_against_the_field():
    from simulator.api import sweep
    from simulator.search.optimize import plan_sweep_optimize, shipped_optimized
    have = [k for k in RECOMMENDED if shipped_optimized(k) is not None]
    if not have:
        pytest.skip("no opt-*.toml shipped")
    plan = plan_sweep_optimize("recommended", games=10, seed=1)
    kingdoms = {s.info["kingdom"] for s in plan.setups}
    assert kingdoms == set(have)
    assert all(s.stems[0].startswith("opt-") for s in plan.setups)
    assert all(any(s.stems[1] == "big-money-ultimate" for s in plan.setups
                   if s.info["kingdom"] == k) for k in have)
    with pytest.raises(ValueError, match="not both"):
        sweep("recommended", optimize=True, best_card=True)
    with pytest.raises(ValueError, match="no kingdom given has a shipped"):
        plan_sweep_optimize({"Mine": ["Smithy"]})


@pytest.mark.slow
def test_tpe_history_is_bounded_and_keeps_the_best():
    import optuna
    from simulator.search import optimize as O
    study = optuna.create_study(direction="maximize", sampler=O._sampler("tpe", 1))
    for i in range(O.HISTORY + 10):
        t = study.ask()
        t.suggest_int("x", 0, 1000)
        study.tell(t, float((i * 37) % 1000))
    best = max(t.value for t in study.trials)
    small = O._window(study, _opts(sampler="tpe"))
    assert len(small.trials) <= O.HISTORY
    assert max(t.value for t in small.trials) == best
    assert O._window(small, _opts()) is small          # short enough: unchanged


def test_prune_removes_rules_that_can_never_fire():
    from simulator.search.optimize import prune
    keys = {"name": "x", "buy": ["Province", "Gold", "Artisan if my.Artisan < 2", "Silver"],
            "play": ["Artisan"]}
    pruned, removed = prune(keys, RECOMMENDED["Deck Top"])
    assert pruned["buy"] == ["Province", "Gold", "Silver"] and "play" not in pruned
    assert len(removed) == 2 and "Artisan" in removed[0]
    assert keys["buy"][2].startswith("Artisan")               # the input is left alone


# ============================================================ issue 28

@pytest.mark.parametrize("players", [3, 4])
def test_candidate_holds_one_seat_each_seat_equally_often(players):
    arena = Arena(_opts(players=players), _executor())
    a = _bot("A", ["Province", "Gold", "Silver"])
    b = _bot("B", ["Province if my.money > 18", "Gold", "Silver"])
    plan = arena._plan("t", [(a, b, 100, "k")])
    (setup,) = plan.setups
    assert len(setup.strategies) == players and len(set(setup.strategies)) == 2
    assert setup.strategies.count(setup.strategies[0]) == 1        # A: one seat
    assert setup.labels == ["A", "B", *[f"B ({k})" for k in range(2, players)]]
    games = plan.games
    assert games % players == 0 and games >= 100
    results = arena._execute("t", plan)
    outcome = sum(results[j.key].tally.outcome for j in plan.jobs())   # [entry, seat, 3]
    assert outcome[0].sum(axis=1).tolist() == [games // players] * players
    (score,) = arena.play("t", [(a, b, 100, "k")])
    assert score.games == games


@pytest.mark.slow
def test_three_players_search_says_what_its_scores_mean(tmp_path):
    from reports import optimize as R
    from simulator.search import optimize as O
    r = _search(players=3, evaluations=3)
    assert O.even_score(3) == pytest.approx(1 / 3)
    meaning = "an even match scores about 1/3 = 0.333"
    assert meaning in R.text(r) and meaning in r.toml
    assert meaning in R.json_document(r)["meta"]["score_meaning"]
    R.write(tmp_path / "rep", r)
    assert meaning in (tmp_path / "rep" / "README.md").read_text()
    # the round robin of shipped bots plays each pair both ways at 3 players
    arena = O.Arena(_opts(players=3, field_games=6), _executor())
    members, shipped = O.choose_field(arena)
    assert len([s for s in shipped["shipped"] if s["round_robin"] == s["round_robin"]]) >= 2


@pytest.mark.slow
def test_random_kingdom_is_drawn_from_the_seed_and_resumed(tmp_path):
    from simulator.engine import cards as C
    from simulator.api import optimize
    from simulator.engine.kingdom import resolve_kingdom
    run = tmp_path / "run"
    r = _search_in("random", seed=3, evaluations=2, run_dir=run)
    drawn = [C.NAMES[c] for c in resolve_kingdom("random", (), 3)]
    assert r.cards == drawn
    assert r.toml.startswith("# Found by: domsim optimize --kingdom random --players 2 "
                             "--seed 3 ")
    assert f"# Kingdom: {', '.join(drawn)} (drawn from seed 3)\n" in r.toml
    assert r.strategy["name"].startswith("Optimised for a random kingdom")
    assert r.strategy["kingdom"] == drawn            # the file names the cards it was for
    from reports.optimize import kingdom_title
    assert kingdom_title(r) == "random kingdom of seed 3"
    again = optimize(resume=run, kingdom="random")
    assert again.cards == drawn and again.strategy == r.strategy and again.played == 0
    other = _search_in("random", seed=4, evaluations=1)
    assert other.cards != drawn


def _search_in(kingdom, **kw):
    from simulator.api import optimize
    return optimize(kingdom, **{**dict(evaluations=2, seed=5, **TINY), **kw})


def test_cli_accepts_kingdom_random(monkeypatch):
    from simulator.search import optimize as O
    for name, value in dict(ROUND_SIZE=2, RUNG_GAMES=16, FINAL_GAMES=40,
                            FIELD_GAMES=20).items():
        monkeypatch.setattr(O, name, value)
    res = _cli("--kingdom", "random", "--evaluations", "1", "--seed", "9", "--quiet")
    assert res.exit_code == 0, res.stderr
    assert "drawn from seed 9" in res.stdout


@pytest.mark.parametrize("args, message", [
    (["--out", "/proc/version"], "cannot write /proc/version: /proc takes no new file"),
    (["--out", "/dev/full"], "cannot write /dev/full: the device is always full"),
    (["--json-out", "/dev/full"], "cannot write /dev/full: the device is always full"),
    (["--report", "/proc/rep"], "cannot write --report /proc/rep: /proc takes no new folder"),
    (["--out", "-"], "--out needs a file name"),
])
def test_outputs_are_checked_before_a_game_is_played(monkeypatch, args, message):
    from simulator.search import optimize as O
    monkeypatch.setattr(O, "run_search", lambda *a, **k: pytest.fail("played"))
    res = _cli("--kingdom", "First Game", "--evaluations", "1", *args)
    assert res.exit_code == 2 and res.stdout == ""
    assert res.stderr.startswith(f"error: {message}") and res.stderr.count("\n") == 1


def test_a_folder_that_refuses_files_is_found_before_playing(tmp_path, monkeypatch):
    """As root, permission bits say every folder is writable; a read-only
    mount still refuses the file: only trying shows it."""
    import errno
    import tempfile
    from simulator.search import optimize as O

    def refuse(*a, **k):
        raise OSError(errno.EROFS, "Read-only file system")
    monkeypatch.setattr(O, "run_search", lambda *a, **k: pytest.fail("played"))
    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    monkeypatch.setattr(tempfile, "mkdtemp", refuse)
    for flag, path in (("--out", tmp_path / "x.toml"), ("--report", tmp_path / "rep")):
        res = _cli("--kingdom", "First Game", "--evaluations", "1", flag, str(path))
        assert res.exit_code == 2, res.stderr
        assert "(Read-only file system)" in res.stderr and res.stderr.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def _result(field, *, players=2, against=(), kingdom="First Game"):
    """An OptimizeResult as run_search leaves it, with a made-up final field."""
    from simulator.search.optimize import OptimizeResult
    cards = list(RECOMMENDED["First Game"])
    raw = {"name": "Candidate 7", "description": "x",
           "buy": ["Province", "Militia if my.Militia < 1 and my.Militia < 3", "Gold",
                   "Market if my.Market < 2", "Silver"]}
    options = {**_opts(players=players, against=tuple(against)).to_dict(),
               "kingdom": kingdom}
    return OptimizeResult(
        kingdom=kingdom, cards=cards, options=options, candidate=None, params={},
        template="money", score=0.45, low=0.43, high=0.47, field=field, final=[],
        history=[], shipped=[], best_shipped="smithy", runners_up=[], runner_up_params=[],
        games=1000, search_games=800, played=1000, naive_games=2000, evaluations=3,
        rounds=1, seconds=6.0, cpu_seconds=6.0, cores=2, rules=[], raw_strategy=raw)


def _row(opponent, kind, score, games=2000):
    from simulator.runs.stats import wilson
    low, high = wilson(score * games, games)
    return dict(opponent=opponent, kind=kind, games=games, score=score, low=low, high=high)


def test_a_winner_weaker_than_its_field_is_said_to_be():
    from reports import optimize as R
    from simulator.search.optimize import finish
    r = _result([_row("Big Money Ultimate", "base", 0.41), _row("Smithy", "shipped", 0.55),
                 _row("BM Witch", "shipped", 0.48), _row("Candidate 3", "champion", 0.30)])
    finish(r, rule_games=20)
    assert [w["opponent"] for w in r.weaker] == ["Big Money Ultimate", "BM Witch"]
    header = [line for line in r.toml.splitlines() if line.startswith("# Warning: ")]
    assert header == [
        "# Warning: the winner is weaker than Big Money Ultimate (the baseline): it scores "
        "0.410 (0.389-0.432, 95% Wilson, 2,000 games) where 0.500 is even",
        "# Warning: the winner is weaker than BM Witch (a shipped bot): it scores 0.480 "
        "(0.458-0.502, 95% Wilson, 2,000 games) where 0.500 is even",
        "# Warning: search longer (--minutes, --evaluations), or play Big Money Ultimate "
        "instead"]
    text = R.text(r)
    assert "\nwarning: the winner is weaker than Big Money Ultimate (the baseline): it " \
           "scores 0.410 (0.389-0.432" in text
    assert R.json_document(r)["meta"]["warnings"] == r.warnings
    strong = _result([_row("Big Money Ultimate", "base", 0.8), _row("Smithy", "shipped", 0.5)])
    finish(strong, rule_games=20)
    assert strong.warnings == [] and "Warning" not in strong.toml
    assert "warning" not in R.text(strong)


def test_header_names_against_and_the_name_reads_well():
    from simulator.search.optimize import finish, winner_name
    r = _result([_row("Big Money Ultimate", "base", 0.8)], against=("smithy", "bm-witch.toml"))
    finish(r, rule_games=20)
    assert r.toml.startswith('# Found by: domsim optimize --kingdom "First Game" --players 2 '
                             '--seed 0 --evaluations 1 --sampler tpe --against '
                             '"smithy,bm-witch.toml"')
    assert r.strategy["name"] == "Optimised for First Game: Militia, Market"
    assert '\nkingdom = "First Game"\n' in r.toml  # compare plays it without --kingdom
    # the redundant conjunct is gone from the file, and the header says so
    assert "Militia if my.Militia < 1\"," in r.toml
    assert '# Simplified (the same games): buy: "Militia if my.Militia < 1 and my.Militia ' \
           '< 3" -> "Militia if my.Militia < 1"' in r.toml
    keys = {"buy": ["Province", "Witch if my.Witch < 2", "Gold", "Chapel if my.turn < 3",
                    "Market", "Village", "Silver"]}
    cards = ["Witch", "Chapel", "Market", "Village", "Smithy", "Cellar", "Moat", "Mine",
             "Remodel", "Workshop"]
    assert winner_name("Witch,Chapel,Market", keys, cards) == \
        "Optimised for a given kingdom: Witch, Chapel, Market …"
    assert winner_name("random", {"buy": ["Gold", "Smithy"]}, cards) == \
        "Optimised for a random kingdom: Smithy"
    assert winner_name("sleight of hand", {"buy": ["Gold"]}, cards) == \
        "Optimised for Sleight of Hand"


SIMPLER = [
    (["Gold if my.money > 5 and my.money > 5"], ["Gold if my.money > 5"]),
    (["Smithy if my.Smithy < 1 and my.Smithy <= my.Village + 0"], ["Smithy if my.Smithy < 1"]),
    (["Smithy if my.Smithy < 3 and my.Smithy <= my.Village + 2"], ["Smithy if my.Smithy < 3"]),
    (["Smithy if my.Smithy < 4 and my.Smithy <= my.Village + 2"],
     ["Smithy if my.Smithy < 4 and my.Smithy <= my.Village + 2"]),
    (["Duchy if supply.Province <= 4", "Gold", "Duchy if supply.Province <= 6 and "
      "supply.Province > 4"], ["Duchy if supply.Province <= 4", "Gold",
                               "Duchy if supply.Province <= 6"]),
    (["Duchy if supply.Province <= 4", "Duchy if supply.Province <= 4 and my.money > 3"],
     ["Duchy if supply.Province <= 4"]),
    (["Silver", "Gold if my.turn >= 1 and (my.money > 3 or my.turn > 2) and my.money > 3",
      "Gold if my.money > 3"], ["Silver", "Gold if my.money > 3"]),
    (["Gold if my.vp > -3 and wealth > 5 and wealth > 4"], ["Gold if my.vp > -3 and wealth > 5"]),
    (["Gold if my.money == 2 and my.money != 3"], ["Gold if my.money == 2"]),
]


@pytest.mark.parametrize("rules, simpler", SIMPLER)
def test_simplify_drops_what_cannot_matter(rules, simpler):
    from simulator.search.optsimplify import simplify_list
    assert simplify_list(rules)[0] == simpler


def test_simplify_drops_the_lets_no_rule_reads():
    from simulator.search.optsimplify import simplify
    keys = {"name": "wealth in a name", "buy": ["Province if Big_Money > 15", "Gold"],
            "trash": ["Copper if my.wealth > 1"],            # a count, not the let
            "may": {"moat": "reach > 2"},
            "let": {"wealth": "my.money", "bigmoney": "coins_of + 1",
                    "coins_of": "my.money + my.Market", "reach": "my.Smithy",
                    "unused_too": "wealth + 1"}}
    out, notes = simplify(keys)
    assert out["let"] == {"bigmoney": "coins_of + 1", "coins_of": "my.money + my.Market",
                          "reach": "my.Smithy"}
    assert "let: wealth (never read)" in notes and "let: unused_too (never read)" in notes
    assert keys["let"]["wealth"] == "my.money"             # the input is left alone
    out, _ = simplify({"buy": ["Gold"], "let": {"wealth": "my.money"}})
    assert "let" not in out


@pytest.mark.slow
def test_simplified_files_play_the_same_games():
    """Candidates of every recommended kingdom, written simplified, play
    bit-identical games to their raw rules."""
    import tomllib
    import numpy as np
    from simulator.search.optsimplify import simplify
    from simulator.runs.runner import simulate
    cases = [(cards, keys) for n, (kingdom, cards) in enumerate(RECOMMENDED.items())
             for keys in _random_candidates(cards, 48, seed=100 + n)]
    cases += [(RECOMMENDED["First Game"], {"name": "x", "let": {"wealth": "my.money"},
                                           "buy": [*rules, "Smithy", "Silver"]})
              for rules, _ in SIMPLER]
    changed = 0
    for cards, keys in cases:
        simple, notes = simplify(keys)
        if not notes:
            continue
        changed += 1
        written = Strategy.from_rules(**tomllib.loads(to_toml(simple)))
        games = [simulate([s, "big-money-ultimate"], 200, 11, kingdom=list(cards)).records
                 for s in (Strategy.from_rules(**keys), written)]
        assert np.array_equal(games[0], games[1]), (keys, notes)
    assert changed >= 30


def test_treasure_map_is_bought_and_played_in_pairs():
    """A template never buys one Treasure Map (a lone Map is never played)
    and a play list it writes keeps the registry's play_if (a bare
    "Treasure Map" would play a lone Map); its spacing starts after the pair."""
    from simulator.search.optspace import min_copies, play_rule
    assert min_copies("Treasure Map") == 2 and min_copies("Smithy") == 1
    assert play_rule("Treasure Map") == "Treasure Map if hand.Treasure_Map >= 2"
    assert play_rule("Monkey") == "Monkey"
    cards = RECOMMENDED["Buried Treasure"]
    space = Space(cards)
    keys = space.suggest(FixedTrial({
        "template": "money", "money.card1": "Treasure Map", "money.copies1": 1,
        "money.spacing1": 5, "money.card1_over_gold": True, "money.card2": "Monkey",
        "money.play_first": 1}))
    assert "Treasure Map if my.TreasureMap < 2" in keys["buy"]
    assert keys["play"] == ["Treasure Map if hand.Treasure_Map >= 2", "Monkey"]
    keys = space.suggest(FixedTrial({
        "template": "money", "money.card1": "Monkey", "money.card2": "Treasure Map",
        "money.copies2": 1, "money.play_first": 2}))
    assert "Treasure Map if my.TreasureMap < 2" in keys["buy"]
    assert keys["play"][0] == "Treasure Map if hand.Treasure_Map >= 2"
    keys = space.suggest(FixedTrial({
        "template": "money", "money.card1": "Treasure Map", "money.copies1": 4,
        "money.spacing1": 5}))
    assert ("Treasure Map if my.TreasureMap < 4 and (my.TreasureMap < 2 or "
            "my.cards >= 10 + 5 * my.TreasureMap)") in keys["buy"]
    s = Strategy.from_rules(**keys)
    prepare([s, "big-money-ultimate"], 2, list(cards), 0)


def test_trash_lists_name_what_each_trasher_decides():
    """Gold into a Province only for a trasher that gains by what it trashes
    (Remodel's own list); Masquerade's own list is what it passes, so its
    trash rules go in `trash`; Ambassador's own list is what it returns."""
    space = Space(["Remodel", "Masquerade", "Ambassador", "Chapel"])
    t = FixedTrial({"engine.money_kept": 5, "engine.trash_estates_until_turn": 0})
    rules = ["Curse", "Copper if my.money > 5"]
    assert space._trash_lists(t, "engine", "Remodel") == {
        "remodel": ["Gold if supply.Province <= 4", *rules]}
    assert space._trash_lists(t, "engine", "Masquerade") == {"trash": rules}
    assert space._trash_lists(t, "engine", "Ambassador") == {"ambassador": rules}
    assert space._trash_lists(t, "engine", "Chapel") == {"trash": rules}


def test_engine_plays_in_the_default_order():
    """The engine writes no play list: the default order plays the village,
    then the non-terminals (Market, Cellar), then the draw. Listed as
    "village, draw" the draw came before Market and Cellar, and Tactician
    (which discards the hand) before the Lighthouses."""
    from simulator.language.strategy import Strategy
    space = Space(RECOMMENDED["First Game"])
    keys = space.suggest(FixedTrial({**space.seeds()[0],
                                     "engine.attack_on_last_action": False}))
    assert "play" not in keys
    order = [C.NAMES[r.card] for r in Strategy.from_rules(**keys).lists["play"]]
    assert order.index("Village") < order.index("Market") < order.index("Cellar") \
        < order.index("Smithy") < order.index("Militia")
    # or the default order up to the draw, whose last Action plays the attack
    keys = space.suggest(FixedTrial(space.seeds()[0]))
    assert keys["play"] == ["Village", "Market", "Merchant",
                            "Cellar if actions < 2 or hand.Moat + hand.Smithy == 0",
                            "Smithy if actions >= 2 or hand.Militia == 0"]
    keys = Space(RECOMMENDED["Buried Treasure"]).suggest(FixedTrial(
        {"template": "engine", "engine.village": "Fishing Village", "engine.draw": "Tactician"}))
    order = [C.NAMES[r.card] for r in Strategy.from_rules(**keys).lists["play"]]
    assert "play" not in keys and order.index("Lighthouse") < order.index("Tactician")


def test_engine_seed_is_the_textbook_build():
    """The search starts from the engine a strong player builds: in First
    Game Village/Smithy with Remodel, Workshop, Militia, Market and Cellar,
    greening from $16, Cellar discarding Coppers, its spares and Remodel."""
    space = Space(RECOMMENDED["First Game"])
    (seed,) = space.seeds()
    keys = space.suggest(FixedTrial(seed))
    assert keys["buy"][:3] == ["Province if my.Province > 0", "Province if coins >= 16",
                               "Duchy if my.Province > 0 and supply.Province <= 5"]
    assert "Village if terminals > my.Village + 1" in keys["buy"]
    assert "Militia if my.Militia < 1 and my.Smithy >= 3" in keys["buy"]
    assert keys["discard"] == ["Province", "Duchy", "Estate", "Curse", "Copper", "Cellar",
                               "Remodel", "Silver"]
    assert keys["let"]["terminals"] == ("my.Militia + my.Mine + my.Moat + my.Remodel + "
                                        "my.Smithy + my.Workshop")
    space = Space(["Chapel", "Village", "Smithy", "Market", "Laboratory"])
    chapel, thin = space.seeds()              # the textbook point and chapel-engine's shape
    assert thin == {**chapel, **O_space.THIN_SEED}
    assert chapel["engine.trasher"] == "Chapel" and chapel["engine.payload"] == "Market"
    keys = space.suggest(FixedTrial(chapel))
    assert keys["trash"] == ["Curse", "Estate", "Copper if wealth > 4"]
    # Laboratory is the second draw, non-terminal: no village counted for it
    assert "Laboratory if my.Laboratory < 4" in keys["buy"]
    assert keys["let"]["terminals"] == "my.Chapel + my.Smithy"
    assert Space(RECOMMENDED["Improvements"]).seeds() == []          # no village
    assert len(Space(RECOMMENDED["First Game"]).seeds()) == 1          # Remodel does not thin


def test_an_interrupted_search_names_its_run_folder(tmp_path):
    """Ctrl-C during a search with --run-dir says where to resume from (and
    leaves an executor it was given open); without a run folder it is a
    plain KeyboardInterrupt."""
    from simulator import api
    from simulator.runs.executors import EmbeddedExecutor

    class Interrupting(EmbeddedExecutor):
        closed = False

        def submit(self, jobs):
            raise KeyboardInterrupt

        def close(self):
            self.closed = True

    ex = Interrupting(1)
    with pytest.raises(api.Interrupted) as e:
        api.optimize("First Game", evaluations=2, seed=5, run_dir=tmp_path / "run",
                     executor=ex, **TINY)
    assert e.value.path == tmp_path / "run" and not ex.closed
    with pytest.raises(KeyboardInterrupt) as e:
        api.optimize("First Game", evaluations=2, seed=5, executor=ex, **TINY)
    assert not isinstance(e.value, api.Interrupted)


def test_mutants_move_one_parameter_within_its_range():
    """Each round tries neighbours of the best so far: one parameter moved
    (a whole number by 1 or 2 inside its range, a choice to another one),
    never the template; the same seed gives the same neighbours."""
    import random
    from optuna.distributions import CategoricalDistribution, IntDistribution
    params = {"template": "engine", "engine.draw_copies": 7, "engine.payload": "Market"}
    dists = {"template": CategoricalDistribution(["money", "engine"]),
             "engine.draw_copies": IntDistribution(1, 7),
             "engine.payload": CategoricalDistribution(["none", "Market", "Festival"])}
    out = O.mutants(params, dists, 40, random.Random("2026/3"))
    assert len(out) == 40 and out == O.mutants(params, dists, 40, random.Random("2026/3"))
    for m in out:
        moved = [k for k in params if m[k] != params[k]]
        assert len(moved) == 1 and moved[0] != "template"
        assert m["engine.draw_copies"] in (5, 6, 7)
    assert {m["engine.payload"] for m in out} == {"none", "Market", "Festival"}


def test_a_new_search_must_beat_the_shipped_winner_and_starts_from_it(tmp_path):
    """The kingdom's shipped opt- file joins the field (a whole recommended
    kingdom only), and the parameters its header records are the search's
    first candidate; the winner's header writes them."""
    from types import SimpleNamespace
    opts = _opts()
    prev = O._previous_winner(opts)
    assert prev is not None and prev.stem == "opt-first-game"
    assert O._previous_winner(_opts(use=("Smithy",))) is None
    point = {"template": "money", "money.card1": "Smithy", "money.copies1": 2}
    f = tmp_path / "opt.toml"
    f.write_text(f"# Found by: ...\n# {O.PARAMS}{json.dumps(point)}\nname = 'x'\n")
    assert O._previous_params(SimpleNamespace(source=str(f))) == [point]
    f.write_text("# Found by: ...\nname = 'x'\n# Parameters: {}\n")    # not in the header
    assert O._previous_params(SimpleNamespace(source=str(f))) == []
    assert O._previous_params(None) == []
    r = _search(evaluations=2)
    assert any(row["kind"] == "previous" and row["opponent"] == prev.name for row in r.field)
    assert f"# {O.PARAMS}{json.dumps(r.params, sort_keys=True)}" in r.toml


def test_candidates_rank_by_their_worst_score_then_the_mean():
    """A bot that crushes the weak members but loses to the strongest ranks
    below one that beats every member by a little."""
    def cand(rates):
        c = Candidate("x", {}, "money", {}, 0, 0)
        for label, rate in rates.items():
            c.scores[label] = O.Score()
            c.scores[label].add(int(round(rate * 2000)), 1000)
        return c
    crusher = cand({"BMU": 0.95, "Market": 0.94, "opt": 0.45})
    steady = cand({"BMU": 0.80, "Market": 0.70, "opt": 0.52})
    labels = ["BMU", "Market", "opt"]
    assert crusher.score(labels) > steady.score(labels)
    assert sorted([crusher, steady], key=lambda c: c.rank(labels)) == [steady, crusher]
