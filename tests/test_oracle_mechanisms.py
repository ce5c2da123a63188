"""The rules oracle over the mechanisms of the test-only cards: Durations
(kept in play at clean-up, with the Throne Room that played one; their
next-turn effect), "choose" decisions (the player's and those each victim
of an Attack takes: Test Torturer), extra turns, reactions to an Attack
being played, mats (Native Village's and Island's moves, Island under a
Throne Room, the mats' cards scored), passing (Masquerade: to the next
player with cards on the left, a card of the hand held before), Swindler's
same-cost gain, Corsair's hook on other players' Treasures (only those it
hit, one a turn, never kept), Minion's new hands, the deck's answers:
a card named (Wishing Well), a place in the deck (Secret Passage), cards
put back in an order (Patrol, Lookout), a hand card onto the deck
(Courtyard), gain hooks (Monkey, Blockade, Sailor, Pirate, Smugglers) and
cards that may go from play onto the deck (Treasury at clean-up or at the
end of the Buy phase, Walled Village at the start of Clean-up).

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


OUTPOST = "Test Outpost"


def _outpost_game(pred):
    return _game([_bot(OUTPOST, "Throne Room", play=["Throne Room", OUTPOST]), "big-money"],
                 f"Throne Room,{OUTPOST}", pred)


def test_an_outpost_that_neither_gives_nor_refuses_a_turn_is_caught():
    t, rows, i = _outpost_game(lambda rows, i: _is(rows[i], S.EV_EXTRA_TURN, OUTPOST))
    del rows[i]
    close = next(j for j in range(i, len(rows)) if rows[j][2] in (S.EV_RESOLVE,
                                                                  S.EV_BUY_PHASE))
    _fails(t, rows, close, "Test Outpost neither gives an extra turn nor says why not")


def test_an_extra_turn_taken_by_the_next_player_is_caught():
    t, rows, i = _outpost_game(lambda rows, i: _is(rows[i], S.EV_EXTRA_TURN, OUTPOST))
    turn = next(j for j in range(i, len(rows)) if rows[j][2] == S.EV_TURN)
    rows[turn][1] = 1 - rows[turn][1]
    _fails(t, rows, turn, r"seat \d takes a turn, it is seat \d's")


def test_an_outpost_that_says_it_gives_no_turn_when_it_must_is_caught():
    t, rows, i = _outpost_game(lambda rows, i: _is(rows[i], S.EV_EXTRA_TURN, OUTPOST))
    rows[i] = [rows[i][0], rows[i][1], S.EV_NOTHING, rows[i][3], 0, S.NO_EXTRA, 0]
    _fails(t, rows, i, "gives no extra turn, but none was given this turn")


def test_a_second_extra_turn_in_a_row_is_caught():
    t, rows, i = _outpost_game(lambda rows, i: _is(rows[i], S.EV_NOTHING, OUTPOST)
                               and rows[i][5] == S.NO_EXTRA and rows[i][0] > 0)
    rows[i] = [rows[i][0], rows[i][1], S.EV_EXTRA_TURN, rows[i][3], 3, 0, 0]
    _fails(t, rows, i, r"Test Outpost gives an extra turn (in an extra turn|twice in a turn)")


def test_an_extra_turn_counted_as_a_turn_is_caught():
    t, rows, i = _outpost_game(lambda rows, i: rows[i][2] == S.EV_TURN and rows[i][5] == 1)
    rows[i][4] += 1                                    # numbered as a turn of its own
    _fails(t, rows, i, r"seat 0's turn \d+ \(turn field \d+\), expected")


def test_an_outpost_kept_out_after_giving_no_turn_is_caught():
    t, rows, i = _outpost_game(lambda rows, i: _is(rows[i], S.EV_NOTHING, OUTPOST)
                               and rows[i][5] == S.NO_EXTRA)
    out = next(j for j in range(i, len(rows)) if _is(rows[j], S.EV_MOVE, OUTPOST)
               and (rows[j][5], rows[j][6]) == (S.PLAY_ROW, S.DISC))
    cleanup = max(j for j in range(out) if rows[j][2] == S.EV_CLEANUP)
    kept = rows.pop(out)
    kept[6] = S.DUR                                    # kept in play, nothing left to do
    rows.insert(cleanup + 1, kept)
    _fails(t, rows, cleanup + 1, "clean-up keeps 1 Test Outpost in play; 0 stay")


DIPLOMAT = "Test Diplomat"


def _diplomat_game(pred):
    militia = Strategy.from_rules("Militias", ["Province if my.money > 15", "Gold",
                                                "Militia if my.Militia < 2", "Silver"])
    return _game([militia, _bot(DIPLOMAT)], f"Militia,{DIPLOMAT}", pred)


def _reacts(rows, i):
    return _is(rows[i], S.EV_REACT, DIPLOMAT)


def test_a_reaction_by_a_card_that_has_none_is_caught():
    t, rows, i = _diplomat_game(_reacts)
    rows[i][3] = C.Card.MOAT
    _fails(t, rows, i, "reveals Moat, which it does not hold or which does nothing")


def test_a_reaction_that_discards_too_few_is_caught():
    t, rows, i = _diplomat_game(_reacts)
    last = max(j for j in range(i, i + 8) if _is(rows[j], S.EV_MOVE)
               and (rows[j][5], rows[j][6]) == (S.HAND, S.DISC))
    del rows[last]                                     # two of the three discards
    # the victim's next discard, Militia's, is read as the reaction's third:
    # Militia then leaves it untouched
    _fails(t, rows, last, r"Test Diplomat discards 2, not 3|Militia leaves seat 1 untouched")


def test_a_reaction_after_the_attack_began_is_caught():
    t, rows, i = _diplomat_game(lambda rows, i: _reacts(rows, i)
                                and _is(rows[i - 1], S.EV_RESOLVE, "Militia"))
    plus = next(j for j in range(i, len(rows)) if rows[j][2] == S.EV_PLUS_COINS)
    rows.insert(plus, rows.pop(i))                     # revealed after Militia's +$2
    _fails(t, rows, plus, r"draws after|reveals Test Diplomat after Militia did")


def test_games_of_the_test_cards_cover_their_events():
    seen = set()
    for seed in range(4):
        t = trace_game([_bot(CARAVAN, "Throne Room", play=["Throne Room", CARAVAN]),
                        _bot(PAWN), _bot(STEWARD)], seed, 0,
                       kingdom=f"Throne Room,{CARAVAN},{PAWN},{STEWARD}")
        audit(t)
        seen |= {r[2] for r in t.events.tolist()}
    assert {S.EV_CHOOSE, S.EV_DURATION} <= seen


def test_diplomat_games_react_and_pass_the_audit():
    reacts = 0
    for seed in range(4):
        militia = Strategy.from_rules("Militias", ["Province if my.money > 15", "Gold",
                                                    "Militia if my.Militia < 2", "Silver"])
        t = trace_game([militia, _bot(DIPLOMAT)], seed, 0, kingdom=f"Militia,{DIPLOMAT}")
        audit(t)
        reacts += sum(r[2] == S.EV_REACT for r in t.events.tolist())
    assert reacts > 0


def test_outpost_games_give_extra_turns_that_are_not_counted():
    """In real games Outposts give extra turns and fail as the rules say, the
    audit passes, and a player's turn count (the tie-break's) is the number
    of its turns that were not extra."""
    seen, extra_turns = set(), 0
    for seed in range(6):
        t = trace_game([_bot(OUTPOST, "Throne Room", play=["Throne Room", OUTPOST]),
                        "big-money"], seed, 0, kingdom=f"Throne Room,{OUTPOST}")
        audit(t)
        rows = t.events.tolist()
        seen |= {(r[2], r[5]) for r in rows if r[2] in (S.EV_EXTRA_TURN, S.EV_NOTHING)}
        own = [sum(r[2] == S.EV_TURN and r[1] == p and r[5] == 0 for r in rows)
               for p in range(2)]
        extra_turns += sum(r[2] == S.EV_TURN and r[5] == 1 for r in rows)
        assert list(t.turns[:2]) == own
    assert (S.EV_EXTRA_TURN, 0) in seen and (S.EV_NOTHING, S.NO_EXTRA) in seen
    assert extra_turns > 0


TORTURER = "Test Torturer"


def _victim(choice):
    """Big Money whose choose table answers Test Torturer with ``choice``."""
    return Strategy.from_rules(f"{choice} victim", ["Province if my.money > 15", "Gold",
                                                    "Silver"], choose={TORTURER: [choice]})


def _victim_chooses(option):
    """Seat 1 (the victim: game 0 seats the bots in order) chooses ``option``."""
    return lambda rows, i: _is(rows[i], S.EV_CHOOSE, TORTURER) and rows[i][1] == 1 \
        and rows[i][4] == option


def _close(rows, i):
    """The event that closes the resolution running at event i."""
    return next(j for j in range(i + 1, len(rows)) if rows[j][2] in (S.EV_RESOLVE,
                                                                     S.EV_BUY_PHASE))


def test_a_victims_choice_logged_as_the_attackers_is_caught():
    t, rows, i = _game([_bot(TORTURER), _victim("curse")], TORTURER, _victim_chooses(1))
    rows[i][1] = 1 - rows[i][1]                        # the attacker "chooses" instead
    _fails(t, rows, i, "chooses for Test Torturer, whose choice is the other players'")


def test_a_victim_discarding_one_of_two_is_caught():
    t, rows, i = _game([_bot(TORTURER), _victim("discard")], TORTURER,
                       lambda rows, i: _victim_chooses(0)(rows, i)
                       and (rows[i + 2][5], rows[i + 2][6]) == (S.HAND, S.DISC)
                       and rows[i + 1][4] == rows[i + 2][4] == 1)
    rows[i + 2][6] = S.Z_TRASH                         # the second card trashed instead
    _fails(t, rows, _close(rows, i), "option 0 discards 1 of a hand of 5, not 2")


def test_a_victims_curse_to_the_discard_pile_is_caught():
    t, rows, i = _game([_bot(TORTURER), _victim("curse")], TORTURER,
                       lambda rows, i: _victim_chooses(1)(rows, i)
                       and (rows[i + 1][5], rows[i + 1][6]) == (S.Z_SUPPLY, S.HAND))
    rows[i + 1][6] = S.DISC                            # a gain, but not to the hand
    _fails(t, rows, _close(rows, i), r"option 1 \(gain a Curse to the hand\) did")


def test_a_victim_behind_a_moat_that_chooses_is_caught():
    moat = Strategy.from_rules("Moats", ["Province if my.money > 15", "Gold",
                                         "Moat if my.Moat < 3", "Silver"],
                               choose={TORTURER: ["curse"]})
    t, rows, i = _game([_bot(TORTURER), moat], f"{TORTURER},Moat",
                       lambda rows, i: _is(rows[i], S.EV_MOAT, "Moat")
                       and rows[i - 1][2] != S.EV_MOAT)
    r = rows[i]
    rows.insert(i + 1, [r[0], r[1], S.EV_CHOOSE, _id(TORTURER), 1, 0, 0])   # asked anyway
    _fails(t, rows, _close(rows, i + 1), r"is chosen by seats \[1\], not \[\]")


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


MASQUERADE, SWINDLER, CORSAIR, MINION = ("Test Masquerade", "Test Swindler", "Test Corsair",
                                         "Test Minion")


def test_a_pass_to_a_player_not_on_the_left_is_caught():
    t, rows, i = _game([_bot(MASQUERADE), "big-money", "big-money"], MASQUERADE,
                       lambda rows, i: _is(rows[i], S.EV_PASS) and rows[i][1] == 0)
    rows[i][4] = 2                                     # seat 0 passes to seat 2, not 1
    _fails(t, rows, i, "passes to seat 2, not seat 1, the next player to its left")


def test_a_passed_card_the_hand_did_not_hold_is_caught():
    t, rows, i = _game([_bot(MASQUERADE), "big-money"], MASQUERADE,
                       lambda rows, i: _is(rows[i], S.EV_PASS) and rows[i][1] == 1)
    rows[i][3] = C.Card.PROVINCE                       # a card seat 1 never held
    _fails(t, rows, i, "passes Province, which its hand did not hold")


def test_a_player_left_out_of_the_pass_is_caught():
    t, rows, i = _game([_bot(MASQUERADE, may={MASQUERADE: "false"}), "big-money"], MASQUERADE,
                       lambda rows, i: _is(rows[i], S.EV_PASS) and rows[i][1] == 1
                       and rows[i - 1][2] == S.EV_PASS and rows[i][3] == rows[i - 1][3])
    del rows[i]                                        # seat 1 keeps its card
    _fails(t, rows, _close(rows, i - 1), r"has seats \[0\] pass; the players with cards "
                                         r"in hand were \[0, 1\]")


def test_a_swindled_card_of_another_cost_is_caught():
    t, rows, i = _game([_bot(SWINDLER), "big-money"], SWINDLER,
                       lambda rows, i: _is(rows[i], S.EV_MOVE, "Copper") and rows[i][1] == 1
                       and (rows[i][5], rows[i][6]) == (S.Z_DECK, S.Z_TRASH)
                       and (rows[i + 1][5], rows[i + 1][6]) == (S.Z_SUPPLY, S.DISC))
    rows[i + 1][3] = C.Card.SILVER                     # a $3 card for a $0 one
    _fails(t, rows, _close(rows, i), "gives seat 1 Silver for Copper: not the same cost")


def test_a_victim_gaining_nothing_with_a_card_of_that_cost_left_is_caught():
    t, rows, i = _game([_bot(SWINDLER), "big-money"], SWINDLER,
                       lambda rows, i: _is(rows[i], S.EV_MOVE, "Copper") and rows[i][1] == 1
                       and (rows[i][5], rows[i][6]) == (S.Z_DECK, S.Z_TRASH)
                       and (rows[i + 1][5], rows[i + 1][6]) == (S.Z_SUPPLY, S.DISC))
    rows[i + 1] = [rows[i][0], 1, S.EV_NOTHING, -1, 0, S.NO_COST, 0]
    _fails(t, rows, i + 1, r"gains nothing, but a supply card costs \$0")


def _corsair_trash(rows, i):
    return _is(rows[i], S.EV_HOOK, CORSAIR) and rows[i][5] == 1


def test_a_victim_keeping_its_silver_under_a_corsair_is_caught():
    t, rows, i = _game([_bot(CORSAIR), "big-money"], CORSAIR, _corsair_trash)
    del rows[i:i + 2]                                  # no hook, no trash
    assert rows[i][2] == S.EV_COINS
    _fails(t, rows, i, "keeps its played Treasures though seat 0's Test Corsair in play hit it")


def test_a_corsair_trash_of_a_player_it_did_not_hit_is_caught():
    t, rows, i = _game([_bot(CORSAIR), "big-money", "big-money"], CORSAIR,
                       lambda rows, i: _corsair_trash(rows, i) and rows[i][1] == 1)
    rows[i][4] = 2                                     # seat 2 played no Corsair
    _fails(t, rows, i, "trashes a Treasure for seat 2's Test Corsair, which did not hit it")


def test_a_second_treasure_trashed_in_a_turn_is_caught():
    t, rows, i = _game([_bot(CORSAIR), "big-money"], CORSAIR, _corsair_trash)
    rows[i + 2:i + 2] = [list(rows[i]), list(rows[i + 1])]   # the same hook again
    _fails(t, rows, i + 2, "trashes a second Treasure this turn")


def test_a_minion_victim_with_four_cards_discarding_is_caught():
    t, rows, i = _game([_bot(MINION, choose={MINION: ["reset"]}), "big-money"], MINION,
                       lambda rows, i: _is(rows[i], S.EV_NOTHING) and rows[i][5] == S.HAND_SIZE
                       and rows[i][1] == 1 and rows[i][4] == 4)
    rows[i][4] = 5                                      # "5 cards: unaffected"
    _fails(t, rows, i, "has 4 cards in hand, not 5")


def test_games_of_passes_swindles_hooks_and_minions_pass_the_audit():
    """Real games of the four cards pass the audit and show each event: a
    pass, a swindle, a Corsair hitting as played and trashing a Treasure."""
    seen = set()
    for seed in range(3):
        for bots, kingdom, n in [([_bot(MASQUERADE), "big-money", _bot(MASQUERADE)],
                                  MASQUERADE, 3),
                                 ([_bot(SWINDLER), "big-money"], SWINDLER, 2),
                                 ([_bot(CORSAIR, "Black Market"), "big-money"],
                                  f"{CORSAIR},Black Market", 2),
                                 ([_bot(MINION), _bot(MINION), "big-money"], MINION, 3)]:
            t = trace_game(bots, seed, 0, kingdom=kingdom, players=n)
            audit(t)
            seen |= {(r[2], r[5] if r[2] in (S.EV_HOOK, S.EV_NOTHING) else 0)
                     for r in t.events.tolist()}
    assert {(S.EV_PASS, 0), (S.EV_HOOK, 0), (S.EV_HOOK, 1)} <= seen, seen
WISHING_WELL, PASSAGE, PATROL, LOOKOUT, COURTYARD = (
    "Test Wishing Well", "Test Secret Passage", "Test Patrol", "Test Lookout", "Test Courtyard")


def _move(r, src, dst):
    return r[2] == S.EV_MOVE and (r[5], r[6]) == (src, dst)


def test_a_card_not_named_that_goes_into_the_hand_is_caught():
    t, rows, i = _game([_bot(WISHING_WELL), "big-money"], WISHING_WELL,
                       lambda rows, i: _move(rows[i], S.Z_REVEAL, S.Z_DECK))
    rows[i][6] = S.HAND                                # a miss taken into the hand
    _fails(t, rows, _closed(rows, i + 1), r"reveals .* after naming")


def test_a_named_card_left_on_the_deck_is_caught():
    t, rows, i = _game([_bot(WISHING_WELL), "big-money"], WISHING_WELL,
                       lambda rows, i: _move(rows[i], S.Z_REVEAL, S.HAND))
    rows[i][6] = S.Z_DECK                              # a hit left on top
    _fails(t, rows, _closed(rows, i + 1), r"reveals .* after naming")


def test_a_place_below_the_bottom_of_the_deck_is_caught():
    t, rows, i = _game([_bot(PASSAGE), "big-money"], PASSAGE,
                       lambda rows, i: _is(rows[i], S.EV_PLACE, None))
    rows[i][4] = 99
    _fails(t, rows, i, r"99th from the top of a \d+-card deck")


def test_a_card_put_back_in_another_place_than_logged_is_caught():
    """Secret Passage's default puts an Estate at the bottom; logged on top,
    the next draw of the known top card contradicts the deck."""
    t, rows, i = _game([_bot(PASSAGE), "big-money"], PASSAGE,
                       lambda rows, i: _is(rows[i], S.EV_PLACE, "Estate") and rows[i][4] > 3)
    rows[i][4] = 1
    with pytest.raises(RuleViolation, match="but Estate is on top"):
        audit(dataclasses.replace(t, events=np.array(rows, dtype=np.int32).reshape(-1, 7)))


def test_a_green_card_patrol_puts_back_is_caught():
    t, rows, i = _game([_bot(PATROL), "big-money"], PATROL,
                       lambda rows, i: _move(rows[i], S.Z_REVEAL, S.HAND) and rows[i][4] == 1)
    rows[i] = [rows[i][0], rows[i][1], S.EV_PLACE, rows[i][3], 1, S.Z_REVEAL, S.Z_DECK]
    _fails(t, rows, _closed(rows, i + 1), "into the hand, not")


def test_cards_put_back_out_of_order_are_caught():
    t, rows, i = _game([_bot(PATROL), "big-money"], PATROL,
                       lambda rows, i: _is(rows[i], S.EV_PLACE) and rows[i][4] == 1
                       and _is(rows[i + 1], S.EV_PLACE) and rows[i + 1][4] == 2)
    rows[i][4], rows[i + 1][4] = 2, 1                  # the second card on top
    with pytest.raises(RuleViolation, match="one under the other|2th from the top of a 0-card"):
        audit(dataclasses.replace(t, events=np.array(rows, dtype=np.int32).reshape(-1, 7)))


def test_a_lookout_that_trashes_two_is_caught():
    t, rows, i = _game([_bot(LOOKOUT), "big-money"], LOOKOUT,
                       lambda rows, i: _move(rows[i], S.Z_LOOK, S.DISC))
    rows[i][6] = S.Z_TRASH
    _fails(t, rows, _closed(rows, i + 1), "trashes 2 and discards 0")


def test_a_courtyard_that_keeps_its_hand_is_caught():
    t, rows, i = _game([_bot(COURTYARD), "big-money"], COURTYARD,
                       lambda rows, i: _move(rows[i], S.HAND, S.Z_DECK))
    del rows[i]
    _fails(t, rows, _closed(rows, i), "puts 0 cards of a hand of")


def test_games_of_the_answer_cards_cover_their_decisions():
    """Games of the five cards (their defaults) pass the audit and show every
    kind of answer: a card named and hit or missed, a card placed at the top,
    inside and at the bottom of the deck, cards put back in an order."""
    seen = set()
    bots = [_bot(WISHING_WELL, PATROL, LOOKOUT), _bot(PASSAGE, COURTYARD, "Throne Room")]
    for seed in range(6):
        t = trace_game(bots, seed, 0, kingdom=f"Throne Room,{WISHING_WELL},{PASSAGE},{PATROL},"
                                              f"{LOOKOUT},{COURTYARD}")
        audit(t)
        rows = t.events.tolist()
        seen |= {(r[5], r[6]) for r in rows if r[2] == S.EV_MOVE}
        seen |= {("place", r[5], min(r[4], 3)) for r in rows if r[2] == S.EV_PLACE}
        seen |= {"name" for r in rows if r[2] == S.EV_NAME}
    assert {(S.Z_REVEAL, S.HAND), (S.Z_REVEAL, S.Z_DECK), (S.Z_LOOK, S.Z_TRASH),
            (S.Z_LOOK, S.DISC), (S.HAND, S.Z_DECK), "name", ("place", S.HAND, 3),
            ("place", S.Z_REVEAL, 1), ("place", S.Z_REVEAL, 2), ("place", S.Z_LOOK, 1)} <= seen
MONKEY, BLOCKADE, SAILOR, SMUGGLERS = ("Test Monkey", "Test Blockade", "Test Sailor",
                                       "Test Smugglers")
BLOCKADE_MAT = S.MAT0 + C.MAT_NAMES.index("blockade")


def _hook(card, count=None):
    """A when_gain event of ``card`` followed by its one move."""
    return lambda rows, i: _is(rows[i], S.EV_WHEN_GAIN, card) \
        and (count is None or rows[i][4] == count) and rows[i + 1][2] == S.EV_MOVE \
        and rows[i + 2][2] not in (S.EV_MOVE, S.EV_SHUFFLE, S.EV_NOTHING)


def _monkey_game(pred):
    return _game([_bot(MONKEY, "Witch"), _bot(SMUGGLERS)], f"{MONKEY},Witch,{SMUGGLERS}", pred)


def test_a_monkey_that_does_not_draw_for_a_gain_is_caught():
    t, rows, i = _monkey_game(_hook(MONKEY, 1))
    del rows[i:i + 2]                                  # the hook and its draw
    _fails(t, rows, i, r"gain of .* does not trigger seat \d's Test Monkey \(1 times\)")


def test_a_monkey_drawing_for_the_player_to_its_left_is_caught():
    t, rows, i = _monkey_game(_hook(MONKEY, 1))
    rows[i][1] = rows[i + 1][1] = rows[i][5]           # the gainer's own Monkey "draws"
    _fails(t, rows, i, "does its gain hook 1 times for seat .*: not due")


def test_a_missing_blockade_curse_is_caught():
    t, rows, i = _game([_bot(BLOCKADE), _bot(SMUGGLERS)], f"{BLOCKADE},{SMUGGLERS}",
                       lambda rows, i: _hook(BLOCKADE, 1)(rows, i)
                       and rows[i + 1][3] == C.Card.CURSE)
    del rows[i:i + 2]
    _fails(t, rows, i, r"does not trigger seat \d's Test Blockade")


def test_a_blockade_card_left_on_its_mat_is_caught():
    t, rows, i = _game([_bot(BLOCKADE), "big-money"], BLOCKADE,
                       lambda rows, i: _is(rows[i], S.EV_MOVE)
                       and (rows[i][5], rows[i][6]) == (BLOCKADE_MAT, S.HAND))
    del rows[i]
    with pytest.raises(RuleViolation, match="Test Blockade at the start of the turn leaves "
                                            "cards on its mat"):
        audit(dataclasses.replace(t, events=np.array(rows, dtype=np.int32).reshape(-1, 7)))


def _sailor_bot():
    return _bot(SAILOR, "Test Fishing Village", "Workshop", gain=["Test Caravan", "Silver"])


def test_a_sailor_playing_more_than_once_a_turn_is_caught():
    t, rows, i = _game([_sailor_bot(), "big-money"],
                       f"{SAILOR},Test Fishing Village,Test Caravan,Workshop", _hook(SAILOR))
    rows[i][4] = 2                                     # "two plays left"
    _fails(t, rows, i, "does its gain hook 2 times .*: not due")


def test_smugglers_gaining_what_the_right_player_did_not_gain_is_caught():
    t, rows, i = _game([_bot(SMUGGLERS), "big-money"], SMUGGLERS,
                       lambda rows, i: _is(rows[i], S.EV_CHOOSE, SMUGGLERS)
                       and _is(rows[i + 1], S.EV_MOVE, "Silver")
                       and (rows[i + 1][5], rows[i + 1][6]) == (S.Z_SUPPLY, S.DISC))
    rows[i + 1][3] = C.Card.ESTATE                     # an Estate the other player never gained
    _fails(t, rows, _closed(rows, i + 2), r"option 0 gains \['Estate'\]; the player to the "
                                          "right gained")


PIRATE = "Test Pirate"


def test_a_pirate_played_from_a_hand_without_one_is_caught():
    t, rows, i = _game([_bot(PIRATE), _bot(PIRATE)], PIRATE,
                       lambda rows, i: _hook(PIRATE)(rows, i) and rows[i][1] != rows[i][5])
    rows[i][1] = rows[i + 1][1] = rows[i][5]          # the gainer, holding none, "plays" it
    _fails(t, rows, i, "plays Test Pirate from a hand of 0|not due")


def test_a_pirate_played_on_another_players_turn_kept_only_for_that_turn_is_caught():
    t, rows, i = _game([_bot(PIRATE), _bot(PIRATE)], PIRATE,
                       lambda rows, i: _hook(PIRATE)(rows, i) and rows[i + 1][6] == S.DUR)
    rows[i + 1][6] = S.PLAY_ROW                        # into play as if it were its turn
    _fails(t, rows, i + 1, r"seat \d's Test Pirate does 0 of its 1")


def test_games_of_the_gain_hook_cards_fire_every_hook_and_pass_the_audit():
    seen = set()
    for seed in range(4):
        for bots, kingdom, n in (
                ([_bot(MONKEY, "Witch"), _bot(SMUGGLERS), _bot(BLOCKADE, "Moat")],
                 f"{MONKEY},Witch,{SMUGGLERS},{BLOCKADE},Moat", 3),
                ([_sailor_bot(), _bot(BLOCKADE, "Test Lighthouse"), _bot(PIRATE, MONKEY)],
                 f"{SAILOR},Test Fishing Village,Test Caravan,Workshop,{BLOCKADE},"
                 f"Test Lighthouse,{PIRATE},{MONKEY}", 3)):
            t = trace_game(bots, seed, 0, kingdom=kingdom, players=n)
            audit(t)
            rows = t.events.tolist()
            seen |= {C.NAMES[r[3]] for r in rows if r[2] == S.EV_WHEN_GAIN}
            seen |= {"smuggled" for j, r in enumerate(rows[:-1]) if _is(r, S.EV_CHOOSE, SMUGGLERS)
                     and rows[j + 1][2] == S.EV_MOVE}
    assert seen == {MONKEY, BLOCKADE, SAILOR, PIRATE, "smuggled"}, seen


# ---- cards that may go from play onto the deck (Treasury, Walled Village)
TREASURY, NEW_TREASURY, WALLED = "Test Treasury", "Test New Treasury", "Test Walled Village"


def _from_play_game(card, *more, dst=S.DISC):
    """A game of card's bot where one copy of card leaves play for dst (with
    the may's default yes, a discard means its condition failed)."""
    return _game([_bot(card, *more), "big-money"], ",".join((card, *more)),
                 lambda rows, i: _is(rows[i], S.EV_MOVE, card) and rows[i][4] == 1
                 and (rows[i][5], rows[i][6]) == (S.PLAY_ROW, dst))


def _onto_the_deck_first(rows, i):
    """The clean-up discard at i made the first move of its clean-up, onto
    the deck (where a hook's move would be); returns its new index."""
    j = max(k for k in range(i) if rows[k][2] == S.EV_CLEANUP) + 1
    row = rows.pop(i)
    row[6] = S.Z_DECK
    rows.insert(j, row)
    return j


def test_a_treasury_onto_the_deck_after_buying_a_victory_card_is_caught():
    t, rows, i = _from_play_game(TREASURY)
    j = _onto_the_deck_first(rows, i)
    _fails(t, rows, j, "Test Treasury goes onto the deck though a Victory card was bought")


def test_a_walled_village_onto_the_deck_with_three_actions_in_play_is_caught():
    t, rows, i = _from_play_game(WALLED, "Smithy", "Village")
    j = _onto_the_deck_first(rows, i)
    _fails(t, rows, j, "Test Walled Village goes onto the deck with [3-9] Action cards")


def test_another_card_leaving_play_at_the_end_of_the_buy_phase_is_caught():
    t, rows, i = _from_play_game(NEW_TREASURY, dst=S.Z_DECK)
    rows[i][3] = _id("Smithy")                        # a card with no such hook
    _fails(t, rows, i, "moves 1 Smithy from play onto the deck in the Buy phase")


def test_games_of_the_from_play_cards_move_them_and_pass_the_audit():
    """Each of the three cards goes onto the deck in some game the audit passes."""
    for card in (TREASURY, NEW_TREASURY, WALLED):
        _from_play_game(card, dst=S.Z_DECK)
