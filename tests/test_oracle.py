"""The rules oracle (``rules_oracle.py``) over kernel traces.

Every traced game must replay under the oracle's independent encoding of the
rules and end where the kernel ended: the same cards owned per player,
supply, trash, VP, winners.  Random games of every kingdom card are audited
this way, and corrupted logs prove that the oracle catches broken rules.
"""
from __future__ import annotations

import dataclasses
from collections import Counter

import numpy as np
import pytest

from simulator.engine import cards as C
from simulator.engine import codes as S
from simulator.engine.cards import Card
from simulator.engine.kingdom import black_market_deck
from simulator.runs.runner import trace_game
from simulator.language.strategy import Strategy

from case_bots import CASES, case_id
from rules_oracle import MOVES, RuleViolation, audit, decide


def _dense(counter: Counter) -> np.ndarray:
    a = np.zeros(S.NC, dtype=np.int64)
    for c, n in counter.items():
        a[c] = n
    return a


def _agrees(t, where):
    """Audit trace t and compare the oracle's table with the kernel's result."""
    s = audit(t)
    assert s.vp == t.vp, where
    assert s.turns == t.turns, where
    assert s.outcome == t.outcome, where
    assert s.ended_by == t.ended_by, where
    assert s.winners == [p for p in range(t.players) if t.outcome[p]], where
    for p in range(t.players):
        assert (_dense(s.owned(p)) == t.owned[p]).all(), f"{where} seat {p}"
    assert (_dense(s.supply) == t.supply).all(), where
    assert (_dense(s.trash) == t.trash).all(), where
    return s


@pytest.fixture(scope="module")
def event_kinds():
    """Move kinds and event codes seen over every audited game."""
    return Counter()


def _count(t, kinds):
    for row in t.events.tolist():
        kinds[(row[5], row[6]) if row[2] == S.EV_MOVE else row[2]] += 1


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_oracle_agrees_with_the_kernel(case, event_kinds):
    strats, kingdom, players, seeds, games = case
    for seed in seeds:
        for game in games:
            t = trace_game(strats, seed, game, players=players, kingdom=kingdom)
            s = _agrees(t, f"seed {seed} game {game}")
            _count(t, event_kinds)
            if kingdom and "Gardens" in kingdom:
                assert any(c == Card.GARDENS for b in s.breakdown for c, _, _ in b)


def _random_bot(rng, card, kingdom, i):
    """Big Money that buys the card under test first, and now and then every
    other card of the kingdom (and some of the Black Market deck); random
    trash and discard lists.  Its rules: built only for a game played."""
    names = [C.NAMES[c] for c in rng.permutation([c for c in kingdom if c != card])]
    if Card.BLACK_MARKET in kingdom:
        names += [C.NAMES[c] for c in rng.permutation(black_market_deck(kingdom))[:5]]
    key = C.NAMES[card].replace(" ", "")
    buy = ["Province if my.money > 14", f"{C.NAMES[card]} if my.{key} < {rng.integers(2, 4)}",
           "Gold", "Duchy if supply.Province <= 4"]
    buy += [f"{n} if my.{n.replace(' ', '')} < {rng.integers(0, 3)}" for n in names]
    buy += ["Silver", "Estate if supply.Province <= 2", "Copper if my.turn > 25"]
    lists = {}
    if rng.random() < 0.5:
        lists["trash"] = ["Curse", "Estate", "Copper if my.money > 5"]
    if rng.random() < 0.5:
        lists["discard"] = ["Curse", "Estate", "Copper"]
    if rng.random() < 0.3:
        lists["gain"] = ["Gold", "Silver", "Duchy", *names[:2]]
    return f"random {i}", buy, lists


def _card_games(card):
    """The six random games of a card: 2, 3 and 4 players, two games each,
    as (players, game, kingdom names, edition, bot rules); every draw of the
    card's generator is made whichever of them is played."""
    rng = np.random.default_rng(1000 + card)
    # a first printing (Treasury's) is played by a game of the first edition
    edition = 1 if card in C.PRINTINGS else None
    games = []
    for players in (2, 3, 4):
        others = [c for c in C.card_pool(edition) if c != card]
        kingdom = [card, *rng.choice(others, 9, replace=False).tolist()]
        bots = [_random_bot(rng, card, kingdom, i) for i in range(players)]
        names = ",".join(C.NAMES[c] for c in kingdom)
        games += [(players, game, names, edition, bots) for game in range(2)]
    return games


def _play_random_games(card, games, event_kinds):
    """Trace and audit the given games of the card; how often it was played."""
    played = 0
    for players, game, names, edition, bots in games:
        bots = [Strategy.from_rules(name, buy, **lists) for name, buy, lists in bots]
        t = trace_game(bots, card, game, players=players, kingdom=names, edition=edition)
        _agrees(t, f"{C.NAMES[card]}: {players} players, game {game}, {names}")
        _count(t, event_kinds)
        played += sum(r[2] == S.EV_RESOLVE and r[3] == card for r in t.events.tolist())
    return played


def _quick_game(card):
    """The index of the card's game in the quick tier: 2, 3 or 4 players by
    the card's number, so every player count is met."""
    return 2 * (card % 3)


@pytest.mark.parametrize("card", C.KINGDOM_CARDS, ids=lambda c: C.NAMES[c])
def test_random_games_of_every_card_obey_the_rules(card, event_kinds):
    """The quick tier: one of the card's six games; the slow test below plays
    the other five and asserts the card was played in the six."""
    _play_random_games(card, [_card_games(card)[_quick_game(card)]], event_kinds)


@pytest.mark.slow
@pytest.mark.parametrize("card", [      # the test-only cards' (tests/test_mechanisms.py) marked
    pytest.param(c, id=C.NAMES[c], marks=[pytest.mark.test_card] if C.TABLE[c].set == "test"
                 else []) for c in C.KINGDOM_CARDS])
def test_the_other_random_games_of_every_card_obey_the_rules(card, event_kinds):
    games = _card_games(card)
    quick = games.pop(_quick_game(card))
    played = _play_random_games(card, games, event_kinds)
    if not played:                      # the quick tier's game: played again only if needed
        played = _play_random_games(card, [quick], Counter())
    assert played or not C.TYPES[card] & C.ACTION, f"{C.NAMES[card]} was never played"


# moves of cards not in the card table yet
PENDING: set = set()


def test_the_games_cover_every_kind_of_event(event_kinds):
    if not event_kinds:
        pytest.skip("run together with the audits above")
    missing = [pair for pair in MOVES if pair not in event_kinds and pair not in PENDING]
    assert not missing, missing
    for code in range(S.EV_VP + 1):
        assert event_kinds[code] or code == S.EV_MOVE, code


# ============================================================ the oracle catches

@pytest.fixture(scope="module")
def golden_trace():
    return trace_game(["bm-witch", "bm-moat"], 7, 0, kingdom="Witch,Moat")


def _rows(trace):
    return trace.events.tolist()


def _find(trace, pred, start=0):
    return next(i for i, r in enumerate(_rows(trace)) if i >= start and pred(r))


def _with(trace, rows):
    return dataclasses.replace(trace, events=np.array(rows, dtype=np.int32).reshape(-1, 7))


def _is_curse_gain(r):
    return r[2] == S.EV_MOVE and r[3] == Card.CURSE and r[5] == S.Z_SUPPLY


def _corrupt_draw(t):                 # setup draws a Province
    rows = _rows(t)
    i = _find(t, lambda r: r[2] == S.EV_MOVE)
    rows[i][3] = Card.PROVINCE
    return rows, i, "deck holds no Province"


def _corrupt_start(t):                # a player starts with a Silver
    rows = _rows(t)
    rows[0][3] = Card.SILVER
    i = _find(t, lambda r: r[2] == S.EV_MOVE)
    return rows, i, "not 7 Copper and 3 Estate"


def _corrupt_no_shuffle(t):           # the first reshuffle is left out
    rows = _rows(t)
    i = _find(t, lambda r: r[2] == S.EV_SHUFFLE)
    del rows[i]
    return rows, i, "empty deck"


def _corrupt_no_curse(t):             # a Witch victim does not gain its Curse
    rows = _rows(t)
    i = _find(t, _is_curse_gain)
    del rows[i]
    return rows, i, "Witch leaves seat 1 untouched"


def _corrupt_false_reason(t):         # "no Curse left" while Curses remain
    rows = _rows(t)
    i = _find(t, _is_curse_gain)
    rows[i] = [rows[i][0], rows[i][1], S.EV_NOTHING, Card.CURSE, 0, S.PILE_EMPTY, 0]
    return rows, i, "gains no Curse, but the pile has 10"


def _corrupt_witch_gold(t):           # a Witch victim gains a Gold instead
    rows = _rows(t)
    i = _find(t, _is_curse_gain)
    rows[i][3] = Card.GOLD
    return rows, i + 1, "Witch gives seat 1 something other than a Curse"


def _corrupt_coins(t):                # $1 more than the Treasures make
    rows = _rows(t)
    i = _find(t, lambda r: r[2] == S.EV_COINS)
    rows[i][4] += 1
    return rows, i, r"\$3 to spend, the cards give \$2"


def _corrupt_buy_to_hand(t):          # a bought card goes to the hand
    rows = _rows(t)
    i = _find(t, lambda r: r[2] == S.EV_BUY) + 1
    rows[i][6] = S.HAND
    return rows, i, "does not go to the discard pile"


def _corrupt_extra_draw(t):           # clean-up draws a sixth card
    rows = _rows(t)
    i = _find(t, lambda r: r[2] == S.EV_TURN and r[0] == 3)
    rows.insert(i, list(rows[i - 1]))
    return rows, i, "draws more than 5"


def _corrupt_early_end(t):            # the game ends after turn 2
    rows = _rows(t)
    i = _find(t, lambda r: r[2] == S.EV_TURN and r[0] == 3)
    rows = rows[:i] + [[2, 1, S.EV_END, -1, 0, 0, 0]]
    return rows, i, "no end condition holds"


def _corrupt_no_end(t):               # the log stops before the end
    rows = _rows(t)
    i = _find(t, lambda r: r[2] == S.EV_END)
    return rows[:i], i, "no end event"


def _corrupt_score(t):                # a Province scores 5
    rows = _rows(t)
    i = _find(t, lambda r: r[2] == S.EV_VP and r[3] == Card.PROVINCE)
    rows[i][5] -= rows[i][4]
    return rows, len(rows), "the rules give"


def _corrupt_turn_order(t):           # seat 0 plays twice in a row
    rows = _rows(t)
    i = _find(t, lambda r: r[2] == S.EV_TURN and r[1] == 1)
    rows[i][1] = 0
    return rows, i, "it is seat 1's"


def _corrupt_moat(t):                 # a Moat reveal by a player without Moat
    rows = _rows(t)
    i = _find(t, lambda r: r[2] == S.EV_MOAT)
    rows[i][1] = 0
    return rows, i, "seat 0 reveals Moat, which it does not hold"


@pytest.mark.parametrize("corrupt", [
    _corrupt_draw, _corrupt_start, _corrupt_no_shuffle, _corrupt_no_curse,
    _corrupt_false_reason, _corrupt_witch_gold, _corrupt_coins, _corrupt_buy_to_hand,
    _corrupt_extra_draw, _corrupt_early_end, _corrupt_no_end, _corrupt_score,
    _corrupt_turn_order, _corrupt_moat])
def test_oracle_rejects_a_corrupted_log(golden_trace, corrupt):
    audit(golden_trace)                          # the real log passes
    rows, index, message = corrupt(golden_trace)
    with pytest.raises(RuleViolation, match=message) as err:
        audit(_with(golden_trace, rows))
    assert err.value.index == index
    assert str(err.value).startswith(f"event {index}: ")


def test_oracle_catches_a_throne_room_that_plays_once():
    from case_bots import ATTACK_SET, ATTACKER, DRAWER
    for seed in range(6):
        t = trace_game([ATTACKER, DRAWER], seed, 0, kingdom=ATTACK_SET)
        rows = _rows(t)
        at = [i for i, r in enumerate(rows) if r[2] == S.EV_PLAYS and r[4] == 2]
        if at:
            break
    assert at, "no Throne Room played a card"
    i = at[0]
    rows[i][4] = 1
    with pytest.raises(RuleViolation, match="Throne Room plays .* 1 times"):
        audit(_with(t, rows))


def _game_with(strats, kingdom, pred):
    """The first traced game (seeds 0..) with an event index i where pred(rows, i)."""
    for seed in range(40):
        t = trace_game(strats, seed, 0, kingdom=kingdom)
        rows = _rows(t)
        for i in range(len(rows)):
            if pred(rows, i):
                return t, rows, i
    raise AssertionError("no such game")


def _resolving(rows, i, card):
    """Whether event i happens while ``card`` resolves (no other resolve since)."""
    j = max((k for k in range(i + 1) if rows[k][2] in (S.EV_RESOLVE, S.EV_BUY_PHASE)),
            default=0)
    return rows[j][2] == S.EV_RESOLVE and rows[j][3] == card


def test_oracle_catches_a_spy_keeping_their_gold_on_top():
    spy = Strategy.from_rules("Spies", ["Province", "Gold", "Spy if my.Spy < 3", "Silver"])

    def pred(rows, i):                  # a victim's Silver or Gold discarded by Spy
        r = rows[i]
        return r[2] == S.EV_MOVE and (r[5], r[6]) == (S.Z_REVEAL, S.DISC) \
            and r[3] in (Card.SILVER, Card.GOLD) and _resolving(rows, i, Card.SPY) \
            and r[1] != next(x for x in rows[i::-1] if x[2] == S.EV_TURN)[1]
    t, rows, i = _game_with([spy, "big-money-ultimate"], "Spy", pred)
    rows[i][6] = S.Z_DECK
    with pytest.raises(RuleViolation, match=r"Spy puts back seat \d's (Silver|Gold)"):
        audit(_with(t, rows))


def test_oracle_catches_thief_gaining_after_the_discard():
    # the first-edition text: reveal, trash, you gain the trashed card, the
    # victim discards the rest; the gain after the discard is out of order
    def pred(rows, i):
        return rows[i][2] == S.EV_MOVE and (rows[i][5], rows[i][6]) == (S.Z_TRASH, S.DISC) \
            and rows[i + 1][2] == S.EV_MOVE and rows[i + 1][5] == S.Z_REVEAL \
            and rows[i + 1][6] == S.DISC
    t, rows, i = _game_with(["bm-thief", "big-money-ultimate"], "Thief", pred)
    audit(t)
    rows[i], rows[i + 1] = rows[i + 1], rows[i]
    with pytest.raises(RuleViolation, match="from the trash other than right after"):
        audit(_with(t, rows))


def test_oracle_catches_black_market_reordering_its_deck():
    def pred(rows, i):
        return rows[i][2] == S.EV_MOVE and rows[i][6] == S.Z_BLACK_MARKET \
            and rows[i + 1][2] == S.EV_MOVE and rows[i + 1][6] == S.Z_BLACK_MARKET
    t, rows, i = _game_with(["bm-black-market", "big-money-ultimate"], "Black Market", pred)
    rows[i], rows[i + 1] = rows[i + 1], rows[i]
    with pytest.raises(RuleViolation, match="in the order revealed"):
        audit(_with(t, rows))


def test_oracle_catches_envoy_discarding_the_wrong_card():
    def pred(rows, i):                  # Envoy's discard, with a cheaper card to hand
        r = rows[i]
        return r[2] == S.EV_MOVE and (r[5], r[6]) == (S.Z_REVEAL, S.DISC) \
            and _resolving(rows, i, Card.ENVOY) and any(
                x[2] == S.EV_MOVE and (x[5], x[6]) == (S.Z_REVEAL, S.HAND)
                and C.COST[x[3]] < C.COST[r[3]] for x in rows[i + 1:i + 5])
    t, rows, i = _game_with(["bm-envoy", "big-money-ultimate"], "Envoy", pred)
    j = next(k for k in range(i + 1, i + 5) if rows[k][6] == S.HAND
             and C.COST[rows[k][3]] < C.COST[rows[i][3]])
    rows[i][3], rows[j][3] = rows[j][3], rows[i][3]
    rows[j][4] = 1
    with pytest.raises(RuleViolation, match="not the dearest Action or Treasure"):
        audit(_with(t, rows))


def test_oracle_catches_feast_gaining_too_much():
    def pred(rows, i):
        r = rows[i]
        return r[2] == S.EV_MOVE and (r[5], r[6]) == (S.Z_SUPPLY, S.DISC) \
            and _resolving(rows, i, Card.FEAST)
    t, rows, i = _game_with(["bm-feast", "big-money-ultimate"], "Feast", pred)
    rows[i][3] = Card.GOLD
    with pytest.raises(RuleViolation, match="gain a card up to \\$5"):
        audit(_with(t, rows))


def _last_draw_of(card):
    """pred: event i is the last draw of a resolution of ``card`` that drew."""
    def pred(rows, i):
        r = rows[i]
        return r[2] == S.EV_MOVE and (r[5], r[6]) == (S.Z_DECK, S.HAND) \
            and _resolving(rows, i, card) and not (
                rows[i + 1][2] == S.EV_MOVE and (rows[i + 1][5], rows[i + 1][6])
                == (S.Z_DECK, S.HAND)) and r[1] == next(
                    x for x in rows[i::-1] if x[2] == S.EV_TURN)[1]
    return pred


@pytest.mark.parametrize("stem, card, message", [
    ("bm-smithy", "Smithy", "Smithy draws 2 cards, not 3"),
    ("bm-laboratory", "Laboratory", "Laboratory draws 1 cards, not 2"),
    ("bm-cellar", "Cellar", r"Cellar draws \d+ cards, not \d+"),
    ("bm-council-room", "Council Room", "Council Room draws 3 cards, not 4"),
    ("bm-sentry", "Sentry", "Sentry draws 0 cards, not 1"),
])
def test_oracle_catches_a_card_drawing_one_card_short(stem, card, message):
    """A draw of the card's own taken out of the log: the text check of a
    card whose draw is its +Cards (or, Cellar, what it discarded) sees it
    before anything else goes wrong."""
    t, rows, i = _game_with([stem, "big-money-ultimate"], card,
                            _last_draw_of(C.card_id(card)))
    audit(t)
    with pytest.raises(RuleViolation, match=message):
        audit(_with(t, rows[:i] + rows[i + 1:]))


def test_oracle_catches_a_plain_card_doing_more_than_its_text():
    def pred(rows, i):                  # a Smithy's draw becomes a discard from the deck
        return _last_draw_of(Card.SMITHY)(rows, i)
    t, rows, i = _game_with(["bm-smithy", "big-money-ultimate"], "Smithy", pred)
    rows[i][6] = S.DISC
    with pytest.raises(RuleViolation, match="Smithy does more than its text: discard_deck"):
        audit(_with(t, rows))


def test_tie_break_rules():
    assert decide([30, 25], [18, 18]) == ([0], [1, 0], "none")
    assert decide([30, 30], [18, 17]) == ([1], [0, 1], "fewer_turns")
    assert decide([30, 30], [18, 18]) == ([0, 1], [2, 2], "shared")
    assert decide([30, 30, 30], [18, 17, 17]) == ([1, 2], [0, 2, 2], "shared")
    assert decide([-1, -3], [5, 5]) == ([0], [1, 0], "none")


def _embargo_curse(rows, i):            # a Curse gained for the Embargo tokens of a buy
    return rows[i][2] == S.EV_MOVE and rows[i][3] == Card.CURSE \
        and rows[i - 1][2] == S.EV_EMBARGO and rows[i - 1][5] == 1


def test_oracle_catches_an_embargo_curse_left_out():
    bot = Strategy.from_rules("Embargoer", ["Province", "Gold", "Embargo if my.Embargo < 2",
                                            "Silver"], embargo=["Silver"])
    t, rows, i = _game_with([bot, "big-money-ultimate"], "Embargo", _embargo_curse)
    audit(t)
    with pytest.raises(RuleViolation, match="Embargo does 0 of its"):
        audit(_with(t, rows[:i] + rows[i + 1:]))


def test_oracle_catches_a_token_not_placed():
    bot = Strategy.from_rules("Embargoer", ["Province", "Gold", "Embargo if my.Embargo < 2",
                                            "Silver"], embargo=["Silver"])
    t, rows, i = _game_with([bot, "big-money-ultimate"], "Embargo",
                            lambda rows, i: rows[i][2] == S.EV_EMBARGO and rows[i][5] == 0)
    with pytest.raises(RuleViolation, match="puts 0 Embargo tokens"):
        audit(_with(t, rows[:i] + rows[i + 1:]))
