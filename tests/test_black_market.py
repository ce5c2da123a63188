"""The Black Market deck: what it holds, its setup, and what strategies may name."""
import numpy as np
import pytest

from simulator.engine import cards as C
from simulator.engine import codes as S
from simulator.engine.cards import Card
from simulator.engine.kingdom import DRAWN_SETS, black_market_deck, resolve_kingdom
from simulator.runs.runner import prepare, simulate, trace_game
from simulator.language.strategy import Strategy, StrategyError

TEN = "Black Market,Cellar,Chapel,Moat,Harbinger,Merchant,Vassal,Village,Workshop,Smithy"


def _market_at_setup(t):
    return [r[3] for r in t.events.tolist()
            if r[2] == S.EV_START and r[6] == S.Z_BLACK_MARKET]


def test_the_deck_is_the_pool_minus_the_supply():
    kingdom = resolve_kingdom(TEN)
    deck = black_market_deck(kingdom)
    base_game = [c for c in C.KINGDOM_CARDS if C.TABLE[c].set in ("base", "promo")]
    assert len(deck) == len(base_game) - 10 == 24
    assert not set(deck) & set(kingdom) and Card.GARDENS in deck
    assert all(C.TABLE[c].set in DRAWN_SETS for c in deck)   # an expansion's: if named
    assert black_market_deck(resolve_kingdom("Smithy")) == []     # no Black Market


def test_setup_shuffles_it_from_the_game_seed():
    decks = [_market_at_setup(trace_game(["bm-black-market", "big-money"], seed, 0,
                                         kingdom=TEN)) for seed in (1, 1, 2)]
    assert decks[0] == decks[1] != decks[2]
    assert sorted(decks[0]) == black_market_deck(resolve_kingdom(TEN))
    # a game without Black Market has no Black Market deck
    t = trace_game(["bm-smithy", "big-money"], 1, 0)
    assert _market_at_setup(t) == []


def test_same_seed_same_results_with_any_thread_count():
    a = simulate(["bm-black-market", "bm-thief"], 3000, 5, threads=1)
    b = simulate(["bm-black-market", "bm-thief"], 3000, 5, threads=2)
    assert np.array_equal(a.records, b.records)


def test_strategies_may_name_any_card_of_the_pool():
    witch = Strategy.from_rules("Witch buyer", ["Province", "Witch", "Black Market", "Silver"])
    _, _, cards, _ = prepare([witch, "big-money"], None, TEN)    # Witch: Black Market deck
    assert Card.WITCH not in cards and Card.BLACK_MARKET in cards
    with pytest.raises(StrategyError, match="Witch is not in the kingdom"):
        prepare([witch, "big-money"], None, TEN.replace("Black Market", "Festival"))


def test_a_market_bot_s_cards_stay_in_its_deck():
    _, _, cards, _ = prepare(["bm-black-market", "big-money-ultimate"], None, None)
    assert Card.BLACK_MARKET in cards and Card.WITCH not in cards
    assert Card.WITCH in black_market_deck(cards)
    # another bot that wants Witch still gets it in the supply
    _, _, cards, _ = prepare(["bm-black-market", "bm-witch"], None, None)
    assert {Card.BLACK_MARKET, Card.WITCH} <= set(cards)


def test_optional_cards_outside_an_edition_are_left_out_with_a_note():
    r = simulate(["bm-black-market", "bm-thief"], 10, 0, edition=2)
    assert not {"Black Market", "Thief"} & set(r.kingdom)
    assert any("Black Market" in n for n in r.notes) and any("Thief" in n for n in r.notes)
