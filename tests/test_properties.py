"""Property-based tests (hypothesis): whatever a user types, domsim either
does it or answers with one clear error, never another exception.

- the condition compiler: random expressions, valid and not, deeply nested
  or not, either compile into a strategy that plays (its rule fires no more
  often than it is asked) or raise ``StrategyError`` with one line that
  names the rule;
- the option parser: random option values for ``compare`` and ``log``
  either run (exit 0) or give exactly one ``error:`` line with exit 2.
"""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from simulator.cli import app as cli
from simulator.language.strategy import Strategy, StrategyError
from simulator.runs.runner import simulate
from cli_runner import cli_runner

# ============================================================ condition compiler

ATOMS = ["my.money", "my.vp", "my.turn", "my.cards", "opp.vp", "supply.Province",
         "my.Gold", "hand.Smithy", "hand.size", "coins", "buys", "actions", "players",
         "empty_piles", "true", "false", "my.Action", "my.Victory", "my.Smithee",
         "supply", "my", "x", "None", "'text'", "1.5", "2147483647", "2147483648",
         "-2147483648", "99999999999999999999", "[1]", "f(1)", "a[0]", "lambda: 1",
         "(1, 2)", "1 if true else 0", "...", "my.money.x", "Gold", "€", ""]
BINARY = ["and", "or", "+", "-", "*", "/", "//", "%", "<", "<=", ">", ">=", "==", "!=",
          "**", "&", "|", "^", "<<", ">>", "@", "in", "not in", "is", "is not", "&&",
          "||", "=", ":=", ",", "if"]
UNARY = ["not ", "-", "+", "~", "!"]

atoms = st.one_of(st.sampled_from(ATOMS), st.integers().map(str),
                  st.text(max_size=6))


def _extend(child):
    return st.one_of(
        st.tuples(child, st.sampled_from(BINARY), child).map(" ".join),
        st.tuples(st.sampled_from(UNARY), child).map("".join),
        child.map(lambda s: f"({s})"),
    )


expressions = st.one_of(
    st.recursive(atoms, _extend, max_leaves=12),
    # long chains, the kind that used to overflow Python's recursion limit
    st.tuples(st.sampled_from(["not ", "-", "+", "(", "my.money + 0"]),
              st.integers(1, 600)).map(
        lambda t: (t[0] * t[1] + "true" + ")" * t[1]) if t[0] == "(" else
        (" + 0" * t[1]).join(["my.money", " > 1"]) if t[0].startswith("my") else
        t[0] * t[1] + "my.money"),
)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(expressions)
def test_condition_compiles_or_raises_strategy_error(expr):
    try:
        s = Strategy.from_rules("prop", [f"Gold if {expr}", "Silver"])
    except StrategyError as e:
        message = str(e)
        assert "\n" not in message and len(message) < 1000, message
        assert message.startswith("<python>: buy[1]") or "nested" in message, message
        return
    r = simulate([s, "big-money"], 2, seed=1, threads=1)
    # it plays, and each of its buy rules' fires is a card it bought: with
    # nothing else to gain and nothing to trash, the fires of its two buy
    # rules are exactly the cards it owns beyond its starting ten
    fires = r.rule_stats().query("strategy == 'prop' and list == 'buy'")["fires"]
    mine = r.records["entry"] == 0
    assert int(fires.sum()) == int((r.records["cards"][mine] - 10).sum())


@pytest.mark.parametrize("expr", ["not " * 500 + "true", "-" * 500 + "my.money > 1",
                                  "my.money" + " + 0" * 500 + " > 1",
                                  "(" * 500 + "true" + ")" * 500])
def test_deep_conditions_are_refused_cleanly(expr):
    with pytest.raises(StrategyError, match="nested|too many nested"):
        Strategy.from_rules("deep", [f"Gold if {expr}"])


# ============================================================ option parser



junk = st.text(max_size=8)
huge = st.one_of(st.integers(2**63 - 2, 2**80), st.integers(-2**80, -2**63))
any_int = st.integers(-2**70, 2**70)
# Beyond int64 only: 2**63 - 2 games is valid and would run for millennia.
too_many = st.one_of(st.integers(2**63, 2**80), st.integers(-2**80, -2**63))
KINGDOMS = ["First Game", "random", "Smithy,Witch", ",", "Smithy,,Witch", "", " ",
            "Nope", "Smithy,Smithy", "Copper", ",".join(["Smithy"] * 11)]

COMPARE = {                 # valid values stay small: a run must end quickly
    "--games": st.one_of(st.integers(-3, 30), too_many, junk),
    "--seed": st.one_of(any_int, huge, junk),
    "--players": st.one_of(st.integers(-3, 8), huge, junk),
    "--turn-cap": st.one_of(st.integers(-3, 40_000), huge, junk),
    "--threads": st.one_of(st.integers(-3, 4), huge, junk),
    "--kingdom": st.one_of(st.sampled_from(KINGDOMS), junk),
}
LOG = {
    "--seed": st.one_of(any_int, huge, junk),
    "--game": st.one_of(st.integers(-3, 2**63 + 3), huge, junk),
    "--players": st.one_of(st.integers(-3, 8), huge, junk),
    "--turn-cap": st.one_of(st.integers(-3, 40_000), huge, junk),
    "--lang": st.one_of(st.sampled_from(["en", "nl", "de", "ja", "fr", ""]), junk),
    "--format": st.one_of(st.sampled_from(["text", "json", "html", "pdf"]), junk),
    "--kingdom": st.one_of(st.sampled_from(KINGDOMS), junk),
}


def _check(args):
    res = cli_runner().invoke(cli.app, [str(a) for a in args])
    if res.exit_code == 0:
        assert res.stdout
        return
    lines = res.stderr.splitlines()
    assert res.exit_code == 2, (args, res.exit_code, res.stderr[-800:])
    assert len(lines) == 1 and lines[0].startswith("error: "), (args, res.stderr)
    assert res.stdout == ""


def _options(table):
    return st.lists(st.sampled_from(sorted(table)), unique=True, max_size=4).flatmap(
        lambda names: st.tuples(*(table[n] for n in names)).map(
            lambda values: [x for pair in zip(names, values) for x in pair]))


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_options(COMPARE))
def test_compare_options_run_or_give_one_error_line(options):
    _check(["compare", "big-money", "smithy", "--games", "4", *options])


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_options(LOG))
def test_log_options_run_or_give_one_error_line(options):
    if "--seed" not in options:
        options = ["--seed", "1", *options]
    _check(["log", "big-money", "smithy", "--out", "-", *options])
