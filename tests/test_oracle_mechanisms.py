"""The rules oracle over the mechanisms of the test-only cards: Durations
(kept in play at clean-up, with the Throne Room that played one; their
next-turn effect), "choose" decisions and mats (Native Village's and
Island's moves, Island under a Throne Room, the mats' cards scored).

Runs only with ``DOMSIM_EXTRA_SETS=tests.cards_for_tests`` (tests/test_mechanisms.py
starts it in a subprocess, with the oracle's random games of every card): real
games of those cards must pass the audit, and each corrupted log must fail it
at the event that was changed.
"""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from simulator.engine import cards as C
from simulator.engine import codes as S
from simulator.language.strategy import Strategy
from simulator.runs.runner import trace_game

from rules_oracle import RuleViolation, audit

pytestmark = pytest.mark.skipif("Test Caravan" not in C.NAMES,
                                reason="needs DOMSIM_EXTRA_SETS=tests.cards_for_tests")


def _id(name):
    return C.NAMES.index(name)


def _game(bots, kingdom, pred, seeds=40):
    """The first traced game (seed 0..) with an event index i where pred(rows, i)."""
    for seed in range(seeds):
        t = trace_game(bots, seed, 0, kingdom=kingdom)
        rows = t.events.tolist()
        for i in range(len(rows)):
            if pred(rows, i):
                audit(t)                               # the real log passes
                return t, rows, i
    raise AssertionError("no game has the event")


def _fails(t, rows, index, message):
    with pytest.raises(RuleViolation, match=message) as err:
        audit(dataclasses.replace(t, events=np.array(rows, dtype=np.int32).reshape(-1, 7)))
    assert err.value.index == index, str(err.value)


def _bot(card, *more, **lists):
    """Big Money with up to 3 of card (and 2 of each of more)."""
    key = card.replace(" ", "_")
    extra = [f"{m} if my.{m.replace(' ', '_')} < 2" for m in more]
    return Strategy.from_rules(f"{card} bot", ["Province if my.money > 15", "Gold", *extra,
                                             f"{card} if my.{key} < 3", "Silver"], **lists)


CARAVAN, STEWARD, PAWN = "Test Caravan", "Test Steward", "Test Pawn"


def _is(r, code, card=None):
    return r[2] == code and (card is None or r[3] == _id(card))


def test_a_duration_discarded_at_clean_up_is_caught():
    t, rows, i = _game([_bot(CARAVAN), "big-money"], CARAVAN,
                       lambda rows, i: _is(rows[i], S.EV_MOVE, CARAVAN)
                       and (rows[i][5], rows[i][6]) == (S.PLAY_ROW, S.DUR))
    rows[i][6] = S.DISC                               # discarded instead of kept
    _fails(t, rows, i, "clean-up discards Test Caravan, which stays in play")


def test_a_missing_next_turn_effect_is_caught():
    t, rows, i = _game([_bot(CARAVAN), "big-money"], CARAVAN,
                       lambda rows, i: _is(rows[i], S.EV_DURATION, CARAVAN))
    rows[i][4] += 1                                   # one play more than was made
    _fails(t, rows, i, r"does its next-turn effect 2 times; 1 are due")


def test_a_next_turn_effect_that_draws_too_much_is_caught():
    t, rows, i = _game([_bot(CARAVAN), "big-money"], CARAVAN,
                       lambda rows, i: _is(rows[i], S.EV_DURATION, CARAVAN)
                       and rows[i + 1][2] == S.EV_MOVE
                       and (rows[i + 1][5], rows[i + 1][6]) == (S.Z_DECK, S.HAND)
                       and rows[i + 1][3] == C.Card.COPPER)
    rows.insert(i + 2, list(rows[i + 1]))              # its one draw, twice
    with pytest.raises(RuleViolation, match="at the start of the turn draws 2 cards, not 1"):
        audit(dataclasses.replace(t, events=np.array(rows, dtype=np.int32).reshape(-1, 7)))


def test_a_throne_room_leaving_its_duration_is_caught():
    t, rows, i = _game([_bot(CARAVAN, "Throne Room", play=["Throne Room", CARAVAN]),
                        "big-money"], f"Throne Room,{CARAVAN}",
                       lambda rows, i: _is(rows[i], S.EV_MOVE, "Throne Room")
                       and (rows[i][5], rows[i][6]) == (S.PLAY_ROW, S.DUR))
    rows[i][6] = S.DISC
    _fails(t, rows, i, "clean-up discards Throne Room, which stays in play")


def test_choices_out_of_card_order_or_doing_otherwise_are_caught():
    pawn = _bot(PAWN, choose={PAWN: ["coin", "buy"]})
    t, rows, i = _game([pawn, "big-money"], PAWN,
                       lambda rows, i: _is(rows[i], S.EV_CHOOSE, PAWN)
                       and _is(rows[i + 1], S.EV_CHOOSE, PAWN))
    assert (rows[i][4], rows[i + 1][4]) == (2, 3)      # buy, coin: in the card's order
    rows[i][4], rows[i + 1][4] = 3, 2
    close = next(j for j in range(i + 2, len(rows)) if rows[j][2] in (S.EV_RESOLVE,
                                                                      S.EV_BUY_PHASE))
    _fails(t, rows, close, r"chooses options \[3, 2\], not 2 different ones in card order")


def test_a_required_trash_short_of_its_number_is_caught():
    steward = _bot(STEWARD, choose={STEWARD: ["trash"]}, trash=["Estate", "Copper"])
    t, rows, i = _game([steward, "big-money"], STEWARD,
                       lambda rows, i: _is(rows[i], S.EV_CHOOSE, STEWARD)
                       and (rows[i + 1][5], rows[i + 1][6]) == (S.HAND, S.Z_TRASH)
                       and (rows[i + 2][5], rows[i + 2][6]) == (S.HAND, S.Z_TRASH)
                       and rows[i + 1][4] == rows[i + 2][4] == 1)
    rows[i + 2][6] = S.DISC                            # one of the two trashed is discarded
    close = next(j for j in range(i + 3, len(rows)) if rows[j][2] in (S.EV_RESOLVE,
                                                                      S.EV_BUY_PHASE))
    _fails(t, rows, close, "trashes 1 of a hand of")


LIGHTHOUSE = "Test Lighthouse"


def _protected_by_lighthouse(rows, i):
    return _is(rows[i], S.EV_MOAT, LIGHTHOUSE) and rows[i][5] == S.DUR


def test_a_lighthouse_protection_without_a_lighthouse_in_play_is_caught():
    militia = Strategy.from_rules("Militias", ["Province if my.money > 15", "Gold",
                                                "Militia if my.Militia < 2", "Silver"])
    t, rows, i = _game([militia, _bot(LIGHTHOUSE)], f"Militia,{LIGHTHOUSE}",
                       _protected_by_lighthouse)
    rows[i][3] = C.Card.MOAT                           # a Moat "in play" protects nothing
    _fails(t, rows, i, "is protected by Moat, which it has not in play")


def test_a_lighthouse_in_the_hand_protects_nothing():
    militia = Strategy.from_rules("Militias", ["Province if my.money > 15", "Gold",
                                                "Militia if my.Militia < 2", "Silver"])
    t, rows, i = _game([militia, _bot(LIGHTHOUSE)], f"Militia,{LIGHTHOUSE}",
                       _protected_by_lighthouse)
    rows[i][5] = rows[i][6] = S.HAND                  # revealed from the hand instead
    _fails(t, rows, i, "reveals Test Lighthouse, which it does not hold or which "
                       "does not protect")


def test_games_of_the_test_cards_cover_their_events():
    seen = set()
    for seed in range(4):
        t = trace_game([_bot(CARAVAN, "Throne Room", play=["Throne Room", CARAVAN]),
                        _bot(PAWN), _bot(STEWARD)], seed, 0,
                       kingdom=f"Throne Room,{CARAVAN},{PAWN},{STEWARD}")
        audit(t)
        seen |= {r[2] for r in t.events.tolist()}
    assert {S.EV_CHOOSE, S.EV_DURATION} <= seen


NATIVE_VILLAGE, ISLAND = "Test Native Village", "Test Island"
NV_MAT, ISLAND_MAT = (S.MAT0 + C.MAT_NAMES.index(m) for m in ("native village", "island"))


def _closed(rows, start):
    """Where the oracle closes the resolution going on at ``start``: the next
    resolution, Action played from the hand, or the Buy phase."""
    return next(j for j in range(start, len(rows)) if rows[j][2] in (S.EV_RESOLVE,
                                                                      S.EV_BUY_PHASE)
                or rows[j][2] == S.EV_MOVE and (rows[j][5], rows[j][6]) == (S.HAND, S.PLAY_ROW))


def _island_bot():
    return _bot(ISLAND, "Throne Room", play=["Throne Room", ISLAND])


def test_a_native_village_card_discarded_instead_of_put_on_its_mat_is_caught():
    t, rows, i = _game([_bot(NATIVE_VILLAGE), "big-money"], NATIVE_VILLAGE,
                       lambda rows, i: _is(rows[i], S.EV_MOVE)
                       and (rows[i][5], rows[i][6]) == (S.Z_DECK, NV_MAT))
    rows[i][6] = S.DISC
    close = _closed(rows, i + 1)
    _fails(t, rows, close, r"option 0 \(native village mat\) puts 0 cards from the deck")


def test_a_native_village_leaving_cards_on_its_mat_is_caught():
    t, rows, i = _game([_bot(NATIVE_VILLAGE), "big-money"], NATIVE_VILLAGE,
                       lambda rows, i: _is(rows[i], S.EV_MOVE)
                       and (rows[i][5], rows[i][6]) == (NV_MAT, S.HAND) and rows[i][4] == 1)
    del rows[i]                                        # one kind of its cards stays there
    close = _closed(rows, i)
    _fails(t, rows, close, r"puts \d+ of its \d+ cards into the hand")


def test_an_island_moved_again_by_the_second_play_of_a_throne_room_is_caught():
    def second_play(rows, i):
        return (_is(rows[i], S.EV_CHOOSE, ISLAND) and _is(rows[i - 1], S.EV_RESOLVE, ISLAND)
                and _is(rows[i - 2], S.EV_MOVE) and rows[i - 2][6] == ISLAND_MAT
                and rows[i - 2][5] == S.HAND)
    t, rows, i = _game([_island_bot(), "big-money"], f"Throne Room,{ISLAND}", second_play,
                       seeds=80)
    rows.insert(i + 1, [rows[i][0], rows[i][1], S.EV_MOVE, _id(ISLAND), 1, S.PLAY_ROW,
                        ISLAND_MAT])
    _fails(t, rows, i + 1, "holds 0 Test Island, not 1")


def test_an_island_keeping_its_hand_card_is_caught():
    t, rows, i = _game([_bot(ISLAND), "big-money"], ISLAND,
                       lambda rows, i: _is(rows[i], S.EV_MOVE)
                       and (rows[i][5], rows[i][6]) == (S.HAND, ISLAND_MAT))
    del rows[i]
    close = _closed(rows, i)
    _fails(t, rows, close, r"puts 1 of itself and 0 cards of a hand of")


def test_an_island_trashing_the_card_it_should_keep_on_its_mat_is_caught():
    t, rows, i = _game([_bot(ISLAND), "big-money"], ISLAND,
                       lambda rows, i: _is(rows[i], S.EV_MOVE)
                       and (rows[i][5], rows[i][6]) == (S.HAND, ISLAND_MAT)
                       and rows[i][3] == C.Card.ESTATE)
    rows[i][6] = S.Z_TRASH                             # "trashed" by Island: not its text
    close = _closed(rows, i)
    _fails(t, rows, close, "does more|puts 1 of itself and 0 cards")


def test_games_of_the_mat_cards_cover_their_moves_and_score_the_mats():
    seen = set()
    scored = False
    for seed in range(6):
        t = trace_game([_island_bot(), _bot(NATIVE_VILLAGE)], seed, 0,
                       kingdom=f"Throne Room,{ISLAND},{NATIVE_VILLAGE}")
        table = audit(t)                               # VP events agree with the mats
        rows = t.events.tolist()
        seen |= {(r[5], r[6]) for r in rows if r[2] == S.EV_MOVE}
        mats = table.zones[0].mats[ISLAND_MAT]
        scored |= any(r[2] == S.EV_VP and r[3] == _id(ISLAND) and r[4] == mats[_id(ISLAND)]
                      for r in rows) and mats[_id(ISLAND)] > 0
    assert {(S.Z_DECK, NV_MAT), (NV_MAT, S.HAND), (S.PLAY_ROW, ISLAND_MAT),
            (S.HAND, ISLAND_MAT)} <= seen
    assert scored
