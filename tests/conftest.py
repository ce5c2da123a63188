"""Shared fixtures: hand-made result records with answers known by hand."""
from __future__ import annotations

import numpy as np
import pytest

from simulator.runs.records import (ENDED_PILES, ENDED_PROVINCES,
                               ENDED_TURN_CAP, LOSS, TIE, WIN, record_dtype)


def _build_records(players: int, games: list[dict]) -> np.ndarray:
    """One record per dict: entry/vp/turns/outcome lists per seat, ended_by scalar.

    Fields left out (cards, curses, provinces) are zero unless given.
    """
    rec = np.zeros(len(games), dtype=record_dtype(players))
    for i, g in enumerate(games):
        for field, value in g.items():
            rec[field][i] = value
    return rec


@pytest.fixture
def build_records():
    """The record builder, for tests that make their own games."""
    return _build_records


W, T, L = WIN, TIE, LOSS
P, X, C = ENDED_PROVINCES, ENDED_PILES, ENDED_TURN_CAP

# Two entries swapping seats.  By hand:
#   entry 0: 5 games, wins 3 (g0 g3 g4), ties 1 (g2), losses 1 (g1)
#   entry 1: 5 games, wins 1 (g1),       ties 1 (g2), losses 3
#   ended: provinces g0 g1 g4, piles g2, turn cap g3
TWO_PLAYER_GAMES = [
    dict(entry=[0, 1], outcome=[W, L], vp=[30, 20], turns=[15, 15], ended_by=P,
         cards=[25, 24], provinces=[4, 3]),
    dict(entry=[1, 0], outcome=[W, L], vp=[33, 12], turns=[17, 16], ended_by=P,
         cards=[26, 22], provinces=[5, 2]),
    dict(entry=[0, 1], outcome=[T, T], vp=[25, 25], turns=[20, 20], ended_by=X,
         cards=[30, 31], curses=[1, 0]),
    dict(entry=[1, 0], outcome=[L, W], vp=[8, 10], turns=[100, 100], ended_by=C),
    dict(entry=[0, 1], outcome=[W, L], vp=[36, 18], turns=[14, 13], ended_by=P,
         provinces=[6, 2]),
]


@pytest.fixture
def two_player_results():
    from simulator.runs.results import Results
    return Results(_build_records(2, TWO_PLAYER_GAMES), ["Big Money", "Smithy"],
                   seed=7, players=2, kingdom=["Smithy"], turn_cap=100, seconds=0.5)
